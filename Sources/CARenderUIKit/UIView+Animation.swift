import Foundation
import CARenderModel

extension UIView {
    /// Options of `UIView.animate(withDuration:delay:options:animations:completion:)`; the curve
    /// options choose the timing function.
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options' bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// An ease-in ease-out curve (the default).
        public static let curveEaseInOut = AnimationOptions([])
        /// An ease-in curve: the animation starts slowly.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// An ease-out curve: the animation ends slowly.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// A linear curve: the animation runs evenly.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// Lays out subviews at commit time so they animate with their parent. Ignored.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Lets the user interact with views while they animate. Ignored: there is no input.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts each animation from the value on screen rather than the model value.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats the animations for ever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs the animations backwards after forwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Uses this block's duration rather than an enclosing block's. Ignored: each block uses its own.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Uses this block's curve rather than an enclosing block's. Ignored: each block uses its own.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// In a transition, the changes animate as they would in `animate(withDuration:…)`
        /// instead of being captured by the transition's pictures.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// In `transition(from:to:…)`, hides the old view and shows the new one instead of
        /// removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Does not inherit an enclosing block's options. Ignored: blocks never inherit options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        /// A transition that flips the view around its vertical axis from left to right.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// A transition that flips the view around its vertical axis from right to left.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// A transition that curls the view up from the bottom.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// A transition that curls the view down from the top.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// A transition that dissolves from one picture of the view to the other.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// A transition that flips the view around its horizontal axis from top to bottom.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// A transition that flips the view around its horizontal axis from bottom to top.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        /// The default frame rate. carender renders at the rate the command line asks for.
        public static let preferredFramesPerSecondDefault = AnimationOptions([])
        /// A preferred frame rate of 60 frames per second. Ignored: the command line sets the rate.
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// A preferred frame rate of 30 frames per second. Ignored: the command line sets the rate.
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

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
        var block = ViewAnimationBlock(
            duration: duration, delay: delay,
            timingFunction: CAMediaTimingFunction(name: options.timingFunctionName))
        block.repeats = options.contains(.repeat)
        block.autoreverses = options.contains(.autoreverse)
        block.beginsFromCurrentState = options.contains(.beginFromCurrentState)
        run(block, animations: animations, completion: completion)
    }

    /// Runs an animation block: one transaction whose completion block reports to `completion`,
    /// with `block` answering the views' action look-ups.
    class func run(_ block: ViewAnimationBlock, animations: () -> Void, completion: ((Bool) -> Void)?) {
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
        block.repeats = options.contains(.repeat)
        block.autoreverses = options.contains(.autoreverse)
        block.beginsFromCurrentState = options.contains(.beginFromCurrentState)
        run(block, animations: animations, completion: completion)
    }

    /// Animates the view property changes made in `animations` over `duration` seconds, with no
    /// delay and the default options, then calls `completion`.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the view property changes made in `animations` over `duration` seconds, with no
    /// delay and the default options.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Turns view animations off (property changes in animation blocks then apply at once).
    public class func setAnimationsEnabled(_ enabled: Bool) {
        ViewAnimationState.current.animationsEnabled = enabled
    }

    /// Whether view animations are enabled (true unless `setAnimationsEnabled(_:)` turned them off).
    public class var areAnimationsEnabled: Bool { ViewAnimationState.current.animationsEnabled }

    /// Runs `actionsWithoutAnimation` with view animations off.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let previous = ViewAnimationState.current.animationsEnabled
        ViewAnimationState.current.animationsEnabled = false
        actionsWithoutAnimation()
        ViewAnimationState.current.animationsEnabled = previous
    }
}
