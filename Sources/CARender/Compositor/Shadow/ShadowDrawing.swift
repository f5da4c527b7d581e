import Foundation

extension FrameDrawing {
    /// The shadow, drawn beneath the layer: the Gaussian of sigma `shadowRadius` (layer units) of
    /// the layer's alpha or of `shadowPath`, offset by `shadowOffset` and tinted with
    /// `shadowColor × shadowOpacity`, all in the layer's own space (so it turns with the layer).
    func drawShadow(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        guard list.items[i].hasShadow else { return }
        let s = list.items[i].state
        guard let shadowColor = s.shadowColor else { return }
        let color = shadowColor.premultiplied(opacity: Double(min(max(s.shadowOpacity, 0), 1)) * alpha)
        guard color.w > 0 else { return }
        let extent = list.shadowExtent(i, map: map).intersection(target.rect)
        guard !extent.isEmpty else { return }
        if s.shadowPath == nil, let uniformAlpha = uniformShapeAlpha(i) {
            drawRoundedRectShadow(s, map: map, color: color * Float(uniformAlpha), hidesCenter: uniformAlpha * alpha >= 1,
                                  into: target)
        } else {
            drawAlphaShadow(i, map: map, color: color, into: target)
        }
    }

    /// Sigma in layer units, widened by a pixel's own spread (variance 1/12 px²) so that
    /// evaluating at pixel centres matches area sampling even for tiny blurs; quantised as the
    /// shadow cache keys it.
    private func effectiveSigma(_ s: LayerState, pixelsPerUnit k: Double) -> Double {
        let sigma = max(Double(s.shadowRadius), 0)
        return ShadowCache.quantized((sigma * sigma + 1.0 / (12 * k * k)).squareRoot())
    }

    private func drawRoundedRectShadow(_ s: LayerState, map: ProjectiveMap, color: SIMD4<Float>, hidesCenter: Bool,
                                       into target: Canvas) {
        let b = s.boundsBox
        guard b.x1 > b.x0, b.y1 > b.y0 else { return }
        let dx = Double(s.shadowOffset.width), dy = Double(s.shadowOffset.height)
        let k = map.maxScale(x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1)
        let sigma = effectiveSigma(s, pixelsPerUnit: k)
        let w = b.x1 - b.x0, h = b.y1 - b.y0
        // Shape coordinates: layer space relative to the shadow rectangle's top-left corner.
        let shapeToDevice = ProjectiveMap.translation(b.x0 + dx, b.y0 + dy).then(map)
        guard let deviceToShape = shapeToDevice.inverted() else { return }
        let horizontal = shadows.profile(length: w, sigma: sigma), vertical = shadows.profile(length: h, sigma: sigma)
        let shape = s.cornerShape
        let radius = shape.radii.max()
        let table = radius > 0 ? shadows.corner(continuous: shape.continuous, radius: radius, sigma: sigma) : nil
        // Beyond 3σ the Gaussian leaves less than 0.35/255 of the shadow colour.
        let margin = 3 * sigma
        let rounded = SIMD4<Float>(shape.radii.x > 0 ? 1 : 0, shape.radii.y > 0 ? 1 : 0,
                                   shape.radii.z > 0 ? 1 : 0, shape.radii.w > 0 ? 1 : 0)
        let palette = scratch.shadowPalette
        for level in 0...256 { palette[level] = packed(color * (Float(level) / 256)) }
        // Under the layer's own opaque background the shadow never shows: skip it, as a cross of
        // two boxes (the rectangle minus its corner squares) inset by an anti-aliasing margin —
        // two pixels at the largest scale, so still over 0.7 px where perspective shrinks the
        // layer to a third.
        let e = shape.extents.max(), aa = 2 / k
        var wide: (u0: Float, v0: Float, u1: Float, v1: Float) = (0, 0, 0, 0)
        var tall = wide
        if hidesCenter {
            wide = (Float(aa - dx), Float(e + aa - dy), Float(w - aa - dx), Float(h - e - aa - dy))
            tall = (Float(e + aa - dx), Float(aa - dy), Float(w - e - aa - dx), Float(h - aa - dy))
        }
        let m = deviceToShape
        let axisAligned = m.isAffine && m.m12 == 0 && m.m21 == 0 && m.m11 > 0 && m.m22 > 0
        let hLookup = horizontal.lookup, vLookup = vertical.lookup
        let corner = table?.lookup
        var area = scratch.borrowOutline()
        area.addRect(x0: -margin, y0: -margin, x1: w + margin, y1: h + margin)
        if axisAligned {
            let extent = shapeToDevice.deviceBounds(x0: -margin, y0: -margin, x1: w + margin, y1: h + margin)
                .intersection(target.rect)
            if !extent.isEmpty {
                scratch.reserveColumns(extent.width)
                let values = scratch.columns, us = scratch.columns + extent.width
                for x in extent.x0..<extent.x1 {
                    let u = Float((Double(x) + 0.5) * m.m11 + m.m31)
                    us[x - extent.x0] = u
                    values[x - extent.x0] = hLookup.value(u)
                }
                var painter = AxisAlignedShadowPainter(
                    canvas: target, palette: palette, columns: values, columnU: us, firstColumn: extent.x0,
                    vertical: vLookup, scaleY: m.m22, offsetY: m.m32, scaleX: m.m11, offsetX: m.m31,
                    width: Float(w), height: Float(h), corner: corner, rounded: rounded, wide: wide, tall: tall)
                fill(area, map: shapeToDevice, into: target, painter: &painter)
            }
        } else {
            var painter = RoundedRectShadowPainter(
                canvas: target, palette: palette, deviceToShape: deviceToShape, width: Float(w),
                height: Float(h), horizontal: hLookup, vertical: vLookup, corner: corner, rounded: rounded,
                wide: wide, tall: tall)
            fill(area, map: shapeToDevice, into: target, painter: &painter)
        }
        scratch.giveBack(area)
        // The tables must outlive the painters that read them through pointers.
        withExtendedLifetime((horizontal, vertical, table)) {}
    }
}
