import Foundation
import CARenderRaster
import CARenderModel

// Read through a pointer to the state, as the compositor holds each layer's (calling a member on
// `pointer.pointee` copies the whole state first, retaining every reference it holds).
extension UnsafePointer where Pointee == LayerState {
    /// The bounds rectangle of a layer as doubles.
    var boundsBox: (x0: Double, y0: Double, x1: Double, y1: Double) {
        let b = pointee.bounds
        return (Double(b.minX), Double(b.minY), Double(b.maxX), Double(b.maxY))
    }

    /// The rounded-corner geometry of the layer's bounds.
    var cornerShape: CornerShape {
        CornerShape(width: Double(pointee.bounds.width), height: Double(pointee.bounds.height),
                    radius: Double(pointee.cornerRadius), mask: pointee.maskedCorners.rawValue,
                    continuous: pointee.cornerCurve == .continuous)
    }

    /// Opacity clamped to 0…1.
    var clampedOpacity: Double {
        let opacity = pointee.opacity
        return Double(min(max(opacity.isNaN ? 1 : opacity, 0), 1))
    }
}
