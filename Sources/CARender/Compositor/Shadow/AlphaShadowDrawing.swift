import Foundation

extension Compositor {
    /// The general case: render the shadow's source alpha into a plane aligned with the layer's
    /// bounds, blur it there with a true Gaussian, and map it to the device like the layer.
    func drawAlphaShadow(_ node: RenderNode, map: ProjectiveMap, color: SIMD4<Float>, into target: Canvas) {
        let s = node.state
        let source = shadowSourceBox(s)
        guard source.x1 > source.x0, source.y1 > source.y0 else { return }
        let sigma = max(Double(s.shadowRadius), 0)
        // Plane pixels per layer unit: the device resolution, but coarser for wide blurs (a blur
        // of 6 plane pixels is already smooth enough to upsample bilinearly, and keeps the
        // separable kernel short).
        var k = min(max(map.maxScale(x0: source.x0, y0: source.y0, x1: source.x1, y1: source.y1), 0.25), 8 * scale)
        if sigma > 0 { k = min(k, max(6 / sigma, 0.05)) }
        let margin = Int((3.5 * sigma * k).rounded(.up)) + 2
        let width = Int(((source.x1 - source.x0) * k).rounded(.up)) + 2 * margin
        let height = Int(((source.y1 - source.y0) * k).rounded(.up)) + 2 * margin
        guard width > 0, height > 0, width * height < 16_000_000 else { return }
        // Layer space → plane pixels.
        let toPlane = ProjectiveMap.translation(-source.x0, -source.y0).then(.scale(k))
            .then(.translation(Double(margin), Double(margin)))
        let planeRect = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        let pixels = pool.acquire(planeRect)
        defer { pool.release(pixels) }
        if let path = s.shadowPath {
            layerShape.removeAll()
            layerShape.addPath(path, tolerance: 0.125 / k)
            var painter = SolidPainter(canvas: pixels, color: SIMD4(255, 255, 255, 255))
            fillLayerShape(map: toPlane, rule: .nonZero, into: pixels, painter: &painter)
        } else {
            drawLayerContent(node, map: toPlane, into: pixels, alpha: 1)
        }
        let count = width * height
        reserveBlurPlanes(count)
        for i in 0..<count { blurPlane[i] = Float(pixels.base[i * 4 + 3]) * (1 / 255) }
        if sigma * k > 0.05 {
            var blur = GaussianBlur()
            blur.prepare(sigma: sigma * k)
            blur.apply(blurPlane, scratch: blurScratch, width: width, height: height)
        }
        let dx = Double(s.shadowOffset.width), dy = Double(s.shadowOffset.height)
        let shapeToDevice = ProjectiveMap.translation(dx, dy).then(map)
        guard let deviceToShape = shapeToDevice.inverted() else { return }
        var painter = AlphaShadowPainter(canvas: target, color: color, deviceToPlane: deviceToShape.then(toPlane),
                                         plane: blurPlane, width: width, height: height)
        let m = Double(margin) / k
        layerShape.removeAll()
        layerShape.addRect(x0: source.x0 - m, y0: source.y0 - m, x1: source.x1 + m, y1: source.y1 + m)
        fillLayerShape(map: shapeToDevice, into: target, painter: &painter)
    }
}
