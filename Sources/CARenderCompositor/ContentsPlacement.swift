import Foundation
import CARenderGeometry
import CARenderModel

/// Where a layer's contents image lands in its bounds space — placed by `contentsGravity` (with
/// Core Animation's names: "top" is max Y, "bottom" min Y) at the image's size in points, or
/// resized — and which part of the image (`contentsRect`) is shown there.
struct ContentsPlacement {
    /// Layer-space rectangle the shown part of the image fills.
    var rect: (x0: Double, y0: Double, x1: Double, y1: Double)
    /// The shown part of the image in unit image coordinates.
    var source: (x: Double, y: Double, width: Double, height: Double)

    init(_ image: CGImage, state s: UnsafePointer<LayerState>) {
        let cr = s.pointee.contentsRect
        source = (x: Double(cr.minX), y: Double(cr.minY), width: Double(cr.width), height: Double(cr.height))
        let contentsScale = s.pointee.contentsScale > 0 ? Double(s.pointee.contentsScale) : 1
        let w = Double(image.width) * abs(source.width) / contentsScale
        let h = Double(image.height) * abs(source.height) / contentsScale
        let b = s.boundsBox
        let bw = b.x1 - b.x0, bh = b.y1 - b.y0
        var size = (w, h)
        let gravity = s.pointee.contentsGravity
        if gravity == .resize {
            rect = b
            return
        }
        if gravity == .resizeAspect || gravity == .resizeAspectFill {
            guard w > 0, h > 0 else {
                rect = b
                return
            }
            let k = gravity == .resizeAspect ? min(bw / w, bh / h) : max(bw / w, bh / h)
            size = (w * k, h * k)
        }
        let side = GravitySide(gravity)
        let x0: Double = side.left ? b.x0 : side.right ? b.x1 - size.0 : b.x0 + (bw - size.0) / 2
        let y0: Double = side.top ? b.y1 - size.1 : side.bottom ? b.y0 : b.y0 + (bh - size.1) / 2
        rect = (x0, y0, x0 + size.0, y0 + size.1)
    }
}

/// The edges a positional gravity pins the image to (none: centred on that axis).
private struct GravitySide {
    var left = false, right = false, top = false, bottom = false

    init(_ gravity: CALayerContentsGravity) {
        switch gravity {
        case .left: left = true
        case .right: right = true
        case .top: top = true
        case .bottom: bottom = true
        case .topLeft: top = true; left = true
        case .topRight: top = true; right = true
        case .bottomLeft: bottom = true; left = true
        case .bottomRight: bottom = true; right = true
        case .center, .resize, .resizeAspect, .resizeAspectFill: break
        default:
            // A gravity spelt differently from Core Animation's constants (letter case): match
            // its name's ends as Core Animation's do.
            let name = gravity.rawValue.lowercased()
            left = name.hasSuffix("left"); right = name.hasSuffix("right")
            top = name.hasPrefix("top"); bottom = name.hasPrefix("bottom")
        }
    }
}

/// How one axis of the placed contents maps to image pixels: three linear pieces, the two end
/// caps of `contentsCenter` unscaled (in points, shrunk together if the layer is too small for
/// them) and the centre stretched. With the default unit `contentsCenter` there are no caps and
/// the map is a plain scale.
struct SliceAxis {
    /// Layer coordinates of the piece boundaries and the image coordinates they map to.
    var layer: SIMD4<Double>
    var image: SIMD4<Double>

    init(from l0: Double, to l3: Double, source s0: Double, _ sourceLength: Double,
         center c0: Double, _ centerLength: Double, contentsScale: Double) {
        let s3 = s0 + sourceLength
        var a = min(max(c0, s0), s3), b = min(max(c0 + centerLength, a), s3)
        // A zero-width centre stands for one source pixel centred there.
        if b - a == 0 && sourceLength > 1 { a = max(s0, a - 0.5); b = min(s3, a + 1) }
        var left = (a - s0) / contentsScale, right = (s3 - b) / contentsScale
        let room = l3 - l0
        if left + right > room, left + right > 0 {
            let k = room / (left + right)
            left *= k; right *= k
        }
        layer = SIMD4(l0, l0 + left, l3 - right, l3)
        image = SIMD4(s0, a, b, s3)
    }

    @inline(__always)
    func map(_ u: Double) -> Double {
        if u < layer.y && layer.y > layer.x {
            return image.x + (u - layer.x) * (image.y - image.x) / (layer.y - layer.x)
        }
        if u > layer.z && layer.w > layer.z {
            return image.z + (u - layer.z) * (image.w - image.z) / (layer.w - layer.z)
        }
        guard layer.z > layer.y else { return image.y }
        return image.y + (u - layer.y) * (image.z - image.y) / (layer.z - layer.y)
    }
}
