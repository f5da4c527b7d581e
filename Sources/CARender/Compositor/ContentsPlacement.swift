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

    /// Step 3: the contents image, placed by gravity, filtered bilinearly, anti-aliased at its
    /// edges, perspective-correct under any map.
    func drawContents(_ image: CGImage, state s: LayerState, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        guard image.width > 0, image.height > 0, alpha > 0 else { return }
        let placed = contentsPlacement(image, state: s)
        let r = placed.rect
        guard r.x1 > r.x0, r.y1 > r.y0 else { return }
        // Image pixel coordinates as a map of layer space, then of device space.
        let iw = Double(image.width), ih = Double(image.height)
        let sx = placed.source.width * iw / (r.x1 - r.x0), sy = placed.source.height * ih / (r.y1 - r.y0)
        let layerToImage = ProjectiveMap(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0,
                                         m31: placed.source.x * iw - r.x0 * sx, m32: placed.source.y * ih - r.y0 * sy, m33: 1)
        guard let deviceToLayer = map.inverted() else { return }
        layerShape.removeAll()
        layerShape.addRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1)
        image.image.bytes.withUnsafeBufferPointer { pixels in
            var painter = ImagePainter(canvas: target, pixels: pixels.baseAddress!, width: image.width,
                                       height: image.height, deviceToImage: deviceToLayer.then(layerToImage),
                                       alpha: Float(alpha))
            fillLayerShape(map: map, into: target, painter: &painter)
        }
    }
}
