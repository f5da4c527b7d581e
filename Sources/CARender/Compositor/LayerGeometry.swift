import Foundation

/// SPEC-rendering §1: the 4×4 that takes a point of a layer's bounds space to its superlayer's
/// bounds space — minus the anchor, the layer's transform, plus position and zPosition, then the
/// superlayer's sublayerTransform applied about the superlayer's anchor point.
func transformToSuperlayer(_ s: LayerState, superlayer p: LayerState?) -> CATransform3D {
    let ax = Double(s.bounds.minX) + Double(s.anchorPoint.x) * Double(s.bounds.width)
    let ay = Double(s.bounds.minY) + Double(s.anchorPoint.y) * Double(s.bounds.height)
    var m = CATransform3DMakeTranslation(CGFloat(-ax), CGFloat(-ay), -s.anchorPointZ)
    m = CATransform3DConcat(m, s.transform)
    m = CATransform3DConcat(m, CATransform3DMakeTranslation(s.position.x, s.position.y, s.zPosition))
    if let p, !CATransform3DIsIdentity(p.sublayerTransform) {
        let px = p.bounds.minX + p.anchorPoint.x * p.bounds.width
        let py = p.bounds.minY + p.anchorPoint.y * p.bounds.height
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(-px, -py, -p.anchorPointZ))
        m = CATransform3DConcat(m, p.sublayerTransform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(px, py, p.anchorPointZ))
    }
    return m
}

/// The bounds rectangle of a layer as doubles.
extension LayerState {
    var boundsBox: (x0: Double, y0: Double, x1: Double, y1: Double) {
        (Double(bounds.minX), Double(bounds.minY), Double(bounds.maxX), Double(bounds.maxY))
    }

    /// The rounded-corner geometry of the layer's bounds (SPEC-rendering §2.2).
    var cornerShape: CornerShape {
        CornerShape(width: Double(bounds.width), height: Double(bounds.height), radius: Double(cornerRadius),
                    mask: maskedCorners.rawValue, continuous: cornerCurve == .continuous)
    }

    /// Opacity clamped to 0…1.
    var clampedOpacity: Double { Double(min(max(opacity.isNaN ? 1 : opacity, 0), 1)) }
}
