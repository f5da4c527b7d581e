import Foundation
import CARenderRaster
import CARenderModel

/// The bounds rectangle of a layer as doubles.
extension LayerState {
    var boundsBox: (x0: Double, y0: Double, x1: Double, y1: Double) {
        (Double(bounds.minX), Double(bounds.minY), Double(bounds.maxX), Double(bounds.maxY))
    }

    /// The rounded-corner geometry of the layer's bounds.
    var cornerShape: CornerShape {
        CornerShape(width: Double(bounds.width), height: Double(bounds.height), radius: Double(cornerRadius),
                    mask: maskedCorners.rawValue, continuous: cornerCurve == .continuous)
    }

    /// Opacity clamped to 0…1.
    var clampedOpacity: Double { Double(min(max(opacity.isNaN ? 1 : opacity, 0), 1)) }
}
