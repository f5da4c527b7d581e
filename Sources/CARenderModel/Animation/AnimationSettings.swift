import Foundation
import CARenderGeometry

/// Every property an animation holds, of every animation class, as one value: the animation
/// classes' properties are accessors into it, and copying an animation (which `add(_:forKey:)`
/// does) copies it whole. A property added to an animation class is a field of that class's part
/// here, so it is copied with nothing more to write — a copy cannot silently drop it.
///
/// What an animation derives when it is added to a layer (its compiled track and values) is not
/// here: a copy compiles again for its own layer. `AnimationCopyingTests` fails when an
/// animation class stores a property outside this value without saying it is derived.
///
/// Initial values are Apple's defaults.
struct AnimationSettings {
    // CAMediaTiming
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed

    // CAAnimation
    var timingFunction: CAMediaTimingFunction?
    var delegate: (any CAAnimationDelegate)?
    var isRemovedOnCompletion = true
    /// Values stored with `setValue(_:forKey:)` for keys that are not animation properties.
    var userValues: [String: Any] = [:]

    /// CAPropertyAnimation's.
    var property = PropertyAnimationSettings()
    /// CABasicAnimation's.
    var basic = BasicAnimationSettings()
    /// CASpringAnimation's.
    var spring = SpringAnimationSettings()
    /// CAKeyframeAnimation's.
    var keyframe = KeyframeAnimationSettings()
    /// CATransition's.
    var transition = TransitionSettings()
    /// CAAnimationGroup's. Its children are copied one by one (a copied group runs copies of
    /// them), so the group completes this part of copying itself.
    var group = AnimationGroupSettings()
}

struct PropertyAnimationSettings {
    var keyPath: String?
    var isAdditive = false
    var isCumulative = false
    var valueFunction: CAValueFunction?
}

struct BasicAnimationSettings {
    var fromValue: Any?
    var toValue: Any?
    var byValue: Any?
}

struct SpringAnimationSettings {
    var mass: CGFloat = 1
    var stiffness: CGFloat = 100
    var damping: CGFloat = 10
    var initialVelocity: CGFloat = 0
    var allowsOverdamping = false
}

struct KeyframeAnimationSettings {
    var values: [Any]?
    var path: CGPath?
    var keyTimes: [NSNumber]?
    var timingFunctions: [CAMediaTimingFunction]?
    var calculationMode: CAAnimationCalculationMode = .linear
    var rotationMode: CAAnimationRotationMode?
    var tensionValues: [NSNumber]?
    var continuityValues: [NSNumber]?
    var biasValues: [NSNumber]?
}

struct TransitionSettings {
    var type: CATransitionType = .fade
    var subtype: CATransitionSubtype?
    var startProgress: Float = 0
    var endProgress: Float = 1
}

struct AnimationGroupSettings {
    var animations: [CAAnimation]?
}
