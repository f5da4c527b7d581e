import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster

extension FrameDrawing {
    /// The general case: render the shadow's source alpha into a plane aligned with the layer's
    /// bounds, blur it there with a true Gaussian, and map it to the device like the layer.
    func drawAlphaShadow(_ i: Int, map: ProjectiveMap, color: SIMD4<Float>, into target: Canvas) {
        let s = list.items[i].statePointer
        let source = list.items[i].shadowSource
        guard source.x1 > source.x0, source.y1 > source.y0 else { return }
        let sigma = max(Double(s.pointee.shadowRadius), 0)
        // Plane pixels per layer unit: the device resolution, but coarser for wide blurs (a blur
        // of 6 plane pixels is already smooth enough to upsample bilinearly, and keeps the
        // separable kernel short).
        var k = min(max(map.maxScale(x0: source.x0, y0: source.y0, x1: source.x1, y1: source.y1), 0.25), 8 * scale)
        if sigma > 0 { k = min(k, max(6 / sigma, 0.05)) }
        let margin = Int((GaussianBlur.reachInSigmas * sigma * k).rounded(.up)) + 2
        let width = Int(((source.x1 - source.x0) * k).rounded(.up)) + 2 * margin
        let height = Int(((source.y1 - source.y0) * k).rounded(.up)) + 2 * margin
        guard width > 0, height > 0, width * height < 16_000_000 else { return }
        // Layer space → plane pixels.
        let toPlane = ProjectiveMap.translation(-source.x0, -source.y0).then(.scale(k))
            .then(.translation(Double(margin), Double(margin)))
        let planeRect = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        let pixels = scratch.pool.acquire(planeRect)
        defer { scratch.pool.release(pixels) }
        if let path = s.pointee.shadowPath {
            var shape = scratch.borrowOutline()
            shape.addPath(path, tolerance: 0.125 / k)
            var painter = SolidPainter(canvas: pixels, color: SIMD4(255, 255, 255, 255))
            fill(shape, map: toPlane, rule: .nonZero, into: pixels, painter: &painter)
            scratch.giveBack(shape)
        } else {
            drawLayerContent(i, map: toPlane, into: pixels, alpha: 1)
        }
        let count = width * height
        scratch.reserveBlurPlanes(count)
        let plane = scratch.blurPlane
        for p in 0..<count { plane[p] = Float(pixels.base[p * 4 + 3]) * (1 / 255) }
        let planeSigma = sigma * k
        if planeSigma > 0.05 {
            let kernel = shadows.kernel(sigma: ShadowCache.quantized(planeSigma))
            kernel.apply(plane, scratch: scratch.blurScratch, width: width, height: height)
        }
        let dx = Double(s.pointee.shadowOffset.width), dy = Double(s.pointee.shadowOffset.height)
        let shapeToDevice = ProjectiveMap.translation(dx, dy).then(map)
        guard let deviceToShape = shapeToDevice.inverted() else { return }
        var painter = AlphaShadowPainter(canvas: target, color: color, deviceToPlane: deviceToShape.then(toPlane),
                                         plane: plane, width: width, height: height)
        let m = Double(margin) / k
        var area = scratch.borrowOutline()
        area.addRect(x0: source.x0 - m, y0: source.y0 - m, x1: source.x1 + m, y1: source.y1 + m)
        fill(area, map: shapeToDevice, into: target, painter: &painter)
        scratch.giveBack(area)
    }
}
