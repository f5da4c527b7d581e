import Foundation
import CARenderModel

// UIKit's keyframe animations: `animateKeyframes` opens a block in which `addKeyframe` blocks each
// change view properties over their share of the total duration. As UIKit does, each property
// changed gets one `CAKeyframeAnimation` over the whole duration: it holds the value on screen
// until the first keyframe that changes it starts, moves to each keyframe's value over that
// keyframe's span, and holds between them. The options' calculation mode interpolates between
// the values; the whole animation follows the options' curve, ease-in-ease-out unless one is
// given (UIKit's default: code wanting even pacing passes `.curveLinear`'s bits, as
// `KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)`).

extension UIView {
    /// Options of `animateKeyframes(withDuration:delay:options:animations:completion:)`.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        /// The options' bits, with UIKit's values (the curve bits are `AnimationOptions`' ones).
        public let rawValue: UInt
        /// Creates options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lays out subviews at commit time so they animate with their parent. Ignored.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Lets the user interact with views while they animate. Ignored: there is no input.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Starts from the value on screen. Ignored: each property starts from its model value, or from
        /// the value on screen while an animation of it is in flight.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeats the keyframe animations for ever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Runs the keyframe animations backwards after forwards.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// Uses this block's duration rather than an enclosing block's. Ignored: each block uses its own.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// Does not inherit an enclosing block's options. Ignored: blocks never inherit options.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Interpolates linearly between keyframe values (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// Jumps from one keyframe value to the next without interpolating.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Moves at an even pace across all the values, ignoring the keyframes' times.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Interpolates between keyframe values along a smooth (Catmull-Rom) curve.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// Moves at an even pace along a smooth curve through the values, ignoring the keyframes' times.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch rawValue & (7 << 10) {
            case 1 << 10: return .discrete
            case 2 << 10: return .paced
            case 3 << 10: return .cubic
            case 4 << 10: return .cubicPaced
            default: return .linear
            }
        }

        /// The curve bits UIKit shares with `AnimationOptions`.
        var timingFunctionName: CAMediaTimingFunctionName {
            AnimationOptions(rawValue: rawValue & (3 << 16)).timingFunctionName
        }
    }

    /// Animates the keyframes `animations` adds with `addKeyframe(withRelativeStartTime:
    /// relativeDuration:animations:)` over `duration` seconds after `delay`, then calls
    /// `completion` with true. Changes made in `animations` outside any keyframe span the whole
    /// duration.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        let state = ViewAnimationState.current
        guard state.animationsEnabled else {
            performWithoutAnimation(animations)
            completion?(false)
            return
        }
        let recorder = KeyframeRecorder()
        CATransaction.begin()
        if let completion { CATransaction.setCompletionBlock { completion(true) } }
        recorder.recording {
            recorder.beginStep()
            animations()
            recorder.endStep(start: 0, duration: 1)
        }
        recorder.addAnimations(duration: duration, delay: delay, options: options)
        CATransaction.commit()
    }

    /// Inside an `animateKeyframes` block: the changes `animations` makes happen from
    /// `frameStartTime` to `frameStartTime + frameDuration`, both fractions of the block's
    /// duration. Outside one the changes simply apply.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let recorder = ViewAnimationState.current.recorder as? KeyframeRecorder else {
            animations()
            return
        }
        // Changes made in the enclosing block so far span the whole duration.
        recorder.endStep(start: 0, duration: 1)
        recorder.beginStep()
        animations()
        recorder.endStep(start: frameStartTime, duration: frameDuration)
        recorder.beginStep()
    }
}

/// The keyframes of one `animateKeyframes` block, per changed property.
final class KeyframeRecorder: ViewAnimationRecorder {
    /// Per change (index into `changes`): its keyframes, (start, end, value) in fractions of the
    /// duration, in the order added.
    private var stops: [Int: [(start: Double, end: Double, value: Any?)]] = [:]

    /// Ends the current step: the properties it changed reach their present model values over
    /// `start … start + duration`.
    func endStep(start: Double, duration: Double) {
        let s = min(max(start, 0), 1), e = min(max(start + max(duration, 0), s), 1)
        for index in step {
            let change = changes[index]
            stops[index, default: []].append((s, e, change.layer.value(forKeyPath: change.key)))
        }
        beginStep()
    }

    /// Adds one keyframe animation per changed property to its layer.
    func addAnimations(duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions) {
        for (index, change) in changes.enumerated() {
            guard let frames = stops[index], !frames.isEmpty, let from = change.from else { continue }
            var times: [Double] = [0], values: [Any] = [from]
            var current: Any = from
            for frame in frames {
                guard let value = frame.value else { continue }
                if frame.start > times[times.count - 1] {
                    times.append(frame.start)
                    values.append(current)
                }
                times.append(max(frame.end, times[times.count - 1]))
                values.append(value)
                current = value
            }
            if times[times.count - 1] < 1 {
                times.append(1)
                values.append(current)
            }
            let animation = CAKeyframeAnimation(keyPath: change.key)
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = options.calculationMode
            animation.timingFunction = CAMediaTimingFunction(name: options.timingFunctionName)
            animation.duration = duration
            if options.contains(.repeat) { animation.repeatCount = .infinity }
            if options.contains(.autoreverse) { animation.autoreverses = true }
            if delay > 0 {
                animation.beginTime = change.layer.convertTime(CACurrentMediaTime() + delay, from: nil)
                animation.fillMode = .backwards
            }
            change.layer.add(animation, forKey: change.key)
        }
    }
}
