import Foundation
import CARenderGeometry

extension CALayer {
    /// The layer's transform as an affine transform when it is exactly one
    /// (`CATransform3DIsAffine`); the identity otherwise — for a z scale, a rotation about x or y,
    /// a z translation or perspective.
    func affineTransformValue() -> CGAffineTransform {
        let t = transform
        return CATransform3DIsAffine(t) ? CATransform3DGetAffineTransform(t) : .identity
    }

    /// Replaces the layer's transform with the 3D form of `m`.
    func replaceTransform(withAffine m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }
}
