import Foundation
import CARenderModel

extension UIView {
    /// Options of `UIView.animate(withDuration:delay:options:animations:completion:)`; the curve
    /// options choose the timing function.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)

        var timingFunctionName: CAMediaTimingFunctionName {
            switch rawValue & (3 << 16) {
            case 1 << 16: return .easeIn
            case 2 << 16: return .easeOut
            case 3 << 16: return .linear
            default: return .easeInEaseOut
            }
        }
    }

    /// Animates the view property changes made in `animations` over `duration` seconds after
    /// `delay`, then calls `completion` (with true) once they have all finished.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                            options: AnimationOptions = [], animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        let block = ViewAnimationBlock(
            duration: duration, delay: delay,
            timingFunction: CAMediaTimingFunction(name: options.timingFunctionName))
        run(block, animations: animations, completion: completion)
    }

    /// Runs an animation block: one transaction whose completion block reports to `completion`,
    /// with `block` answering the views' action look-ups.
    private class func run(_ block: ViewAnimationBlock, animations: () -> Void, completion: ((Bool) -> Void)?) {
        CATransaction.begin()
        if let completion {
            CATransaction.setCompletionBlock { completion(ViewAnimationState.current.animationsEnabled) }
        }
        ViewAnimationState.current.blocks.append(block)
        animations()
        ViewAnimationState.current.blocks.removeLast()
        CATransaction.commit()
    }

    /// Animates with a spring: `dampingRatio` 1 comes to rest without overshoot, smaller values
    /// oscillate; `velocity` is the initial speed in distances per second. The motion settles
    /// as the duration ends.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        var block = ViewAnimationBlock(duration: duration, delay: delay,
                                       timingFunction: CAMediaTimingFunction(name: options.timingFunctionName))
        block.spring = (dampingRatio, velocity)
        run(block, animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Turns view animations off (property changes in animation blocks then apply at once).
    public class func setAnimationsEnabled(_ enabled: Bool) {
        ViewAnimationState.current.animationsEnabled = enabled
    }

    public class var areAnimationsEnabled: Bool { ViewAnimationState.current.animationsEnabled }

    /// Runs `actionsWithoutAnimation` with view animations off.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let previous = ViewAnimationState.current.animationsEnabled
        ViewAnimationState.current.animationsEnabled = false
        actionsWithoutAnimation()
        ViewAnimationState.current.animationsEnabled = previous
    }
}
