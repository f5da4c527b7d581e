import Foundation

/// The parameters of the `UIView.animate` block being run, which views turn into animations for
/// their layers' property changes.
struct ViewAnimationContext {
    var duration: CFTimeInterval
    var delay: CFTimeInterval
    var timingFunction: CAMediaTimingFunction

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
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = (layer.presentation() ?? layer).value(forKeyPath: key)
        animation.duration = context.duration
        animation.timingFunction = context.timingFunction
        if context.delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime() + context.delay, from: nil)
            animation.fillMode = .backwards
        }
        return animation
    }
}

/// The delegate of the stage's root layer: it behaves like a view's layer, so changes animate
/// only inside `UIView.animate` blocks.
final class RootLayerDelegate: CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        ViewAnimationContext.action(for: layer, key: event)
    }
}
