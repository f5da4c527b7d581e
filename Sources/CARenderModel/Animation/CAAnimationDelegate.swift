/// Methods an animation's delegate may implement. Both have empty default implementations.
///
/// Callbacks are delivered by the stage as its clock passes the moments they describe, never
/// from inside `add(_:forKey:)`; the animation passed is the copy attached to the layer.
public protocol CAAnimationDelegate: AnyObject {
    /// Called when the animation's active period begins (after any delay from `beginTime`).
    func animationDidStart(_ anim: CAAnimation)
    /// Called once when the animation ends: `flag` is true when it reached the end of its active
    /// duration, false when it was removed (or replaced) first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing by default.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing by default.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
