import Foundation

/// The parameters of the `UIView.animate` block being run, which views turn into animations for
/// their layers' property changes.
struct ViewAnimationContext {
    var duration: CFTimeInterval
    var delay: CFTimeInterval
    var timingFunction: CAMediaTimingFunction
    /// For `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`.
    var spring: (dampingRatio: CGFloat, velocity: CGFloat)?

    /// The innermost open animation block, if any.
    nonisolated(unsafe) static var stack: [ViewAnimationContext] = []
    /// `UIView.setAnimationsEnabled(_:)`.
    nonisolated(unsafe) static var animationsEnabled = true

    static var current: ViewAnimationContext? {
        animationsEnabled ? stack.last : nil
    }

    /// What a view answers its layer for a property change: outside an animation block `NSNull`
    /// (no animation), inside one a basic animation from the value on screen.
    static func action(for layer: CALayer, key: String) -> (any CAAction)? {
        guard let context = current, ActionSearch.implicitlyAnimatedKeys.contains(key) else {
            return NSNull()
        }
        let animation: CABasicAnimation
        if let spring = context.spring {
            animation = springAnimation(keyPath: key, duration: context.duration, dampingRatio: spring.dampingRatio,
                                        velocity: spring.velocity)
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = context.timingFunction
        }
        animation.fromValue = (layer.presentation() ?? layer).value(forKeyPath: key)
        animation.duration = context.duration
        if context.delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime() + context.delay, from: nil)
            animation.fillMode = .backwards
        }
        return animation
    }
}

/// UIKit's spring animation as a CASpringAnimation that comes to rest at `duration`: the
/// spring's natural frequency is scaled so that its settling duration (CASpringAnimation's own
/// definition) equals the animation's duration; mass 1. UIKit's mapping from (duration, damping
/// ratio) to spring constants is private; this one keeps its two promises: the damping ratio as
/// given, and motion finished when the duration ends.
func springAnimation(keyPath: String, duration: CFTimeInterval, dampingRatio: CGFloat, velocity: CGFloat) -> CASpringAnimation {
    let zeta = Double(min(max(dampingRatio, 0.01), 1))
    // Settling time scales as 1/ω0 for a fixed damping ratio: measure it at ω0 = 1.
    let unit = CASpringAnimation()
    unit.mass = 1
    unit.stiffness = 1
    unit.damping = CGFloat(2 * zeta)
    let omega = unit.settlingDuration / max(duration, 1e-3)
    let spring = CASpringAnimation(keyPath: keyPath)
    spring.mass = 1
    spring.stiffness = CGFloat(omega * omega)
    spring.damping = CGFloat(2 * zeta * omega)
    spring.initialVelocity = velocity
    return spring
}

/// The delegate of the stage's root layer: it behaves like a view's layer, so changes animate
/// only inside `UIView.animate` blocks.
final class RootLayerDelegate: CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        ViewAnimationContext.action(for: layer, key: event)
    }
}
