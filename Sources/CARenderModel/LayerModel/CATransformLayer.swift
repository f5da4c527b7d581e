/// A layer that does not flatten: its sublayers share its parent's 3D space and are depth-sorted.
/// Only its sublayers render; background, contents, border, shadow, mask and masksToBounds are
/// ignored, and opacity applies to each sublayer separately.
open class CATransformLayer: CALayer {
    override class var renderKind: RenderNode.Kind { .transformLayer }
}
