import Foundation

/// Where a layer's contents image lands in its bounds space (SPEC-semantics §12.7), and which
/// part of the image (`contentsRect`) is shown there.
struct ContentsPlacement {
    /// Layer-space rectangle the shown part of the image fills.
    var rect: (x0: Double, y0: Double, x1: Double, y1: Double)
    /// The shown part of the image in unit image coordinates.
    var source: (x: Double, y: Double, width: Double, height: Double)
}

extension Compositor {
    func contentsPlacement(_ image: CGImage, state s: LayerState) -> ContentsPlacement {
        let cr = s.contentsRect
        let source = (x: Double(cr.minX), y: Double(cr.minY), width: Double(cr.width), height: Double(cr.height))
        let contentsScale = s.contentsScale > 0 ? Double(s.contentsScale) : 1
        let w = Double(image.width) * abs(source.width) / contentsScale
        let h = Double(image.height) * abs(source.height) / contentsScale
        let b = s.boundsBox
        let bw = b.x1 - b.x0, bh = b.y1 - b.y0
        var size = (w, h)
        switch s.contentsGravity {
        case .resize:
            return ContentsPlacement(rect: b, source: source)
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return ContentsPlacement(rect: b, source: source) }
            let k = s.contentsGravity == .resizeAspect ? min(bw / w, bh / h) : max(bw / w, bh / h)
            size = (w * k, h * k)
        default:
            break
        }
        // Positional gravities use Core Animation's names: "top" is max Y, "bottom" min Y.
        let g = s.contentsGravity.rawValue.lowercased()
        let x0: Double = g.hasSuffix("left") ? b.x0 : g.hasSuffix("right") ? b.x1 - size.0 : b.x0 + (bw - size.0) / 2
        let y0: Double = g.hasPrefix("top") ? b.y1 - size.1 : g.hasPrefix("bottom") ? b.y0 : b.y0 + (bh - size.1) / 2
        return ContentsPlacement(rect: (x0, y0, x0 + size.0, y0 + size.1), source: source)
    }

    /// Step 3: the contents image, placed by gravity, nine-sliced by `contentsCenter`, filtered
    /// bilinearly (or by nearest neighbour when the applicable filter asks), anti-aliased at its
    /// edges, perspective-correct under any map.
    func drawContents(_ image: CGImage, state s: LayerState, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        guard image.width > 0, image.height > 0, alpha > 0 else { return }
        let placed = contentsPlacement(image, state: s)
        let r = placed.rect
        guard r.x1 > r.x0, r.y1 > r.y0, let deviceToLayer = map.inverted() else { return }
        let scale = s.contentsScale > 0 ? Double(s.contentsScale) : 1
        let c = s.contentsCenter
        let iw = Double(image.width), ih = Double(image.height)
        let xAxis = SliceAxis(from: r.x0, to: r.x1, source: placed.source.x * iw, placed.source.width * iw,
                              center: Double(c.minX) * iw, Double(c.width) * iw, contentsScale: scale)
        let yAxis = SliceAxis(from: r.y0, to: r.y1, source: placed.source.y * ih, placed.source.height * ih,
                              center: Double(c.minY) * ih, Double(c.height) * ih, contentsScale: scale)
        layerShape.removeAll()
        layerShape.addRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1)
        // Magnified (more device pixels than image pixels across) or minified, at the centre.
        let midY = (r.y0 + r.y1) / 2
        let left = map.apply(r.x0, midY), right = map.apply(r.x1, midY)
        var deviceWidth = 0.0
        if left.w > 0, right.w > 0 {
            deviceWidth = hypot(right.x / right.w - left.x / left.w, right.y / right.w - left.y / left.w)
        }
        let filter = deviceWidth >= placed.source.width * iw ? s.magnificationFilter : s.minificationFilter
        image.image.bytes.withUnsafeBufferPointer { pixels in
            var painter = ImagePainter(canvas: target, pixels: pixels.baseAddress!, width: image.width,
                                       height: image.height, deviceToLayer: deviceToLayer, xAxis: xAxis, yAxis: yAxis,
                                       alpha: Float(alpha), nearest: filter == .nearest,
                                       flipSum: s.contentsAreFlipped ? r.y0 + r.y1 : nil)
            fillLayerShape(map: map, into: target, painter: &painter)
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
