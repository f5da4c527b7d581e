import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster
import CARenderModel

extension FrameDrawing {
    /// The shadow, drawn beneath the layer: the Gaussian of sigma `shadowRadius` (layer units) of
    /// the layer's alpha or of `shadowPath`, offset by `shadowOffset` and tinted with
    /// `shadowColor × shadowOpacity`, all in the layer's own space (so it turns with the layer).
    func drawShadow(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        guard list.items[i].hasShadow else { return }
        let s = list.items[i].statePointer
        guard let shadowColor = s.pointee.shadowColor else { return }
        let color = shadowColor.premultiplied(opacity: Double(min(max(s.pointee.shadowOpacity, 0), 1)) * alpha)
        guard color.w > 0 else { return }
        let extent = list.shadowExtent(i, map: map).intersection(target.rect)
        guard !extent.isEmpty else { return }
        if s.pointee.shadowPath == nil, let uniformAlpha = list.items[i].uniformShapeAlpha {
            drawRoundedRectShadow(s, map: map, color: color * Float(uniformAlpha), hidesCenter: uniformAlpha * alpha >= 1,
                                  into: target, group: nil)
        } else {
            drawAlphaShadow(i, map: map, color: color, into: target)
        }
    }

    /// Whether the layer's shadow can be drawn under its group by `drawShadow(_:map:beneath:onto:opacity:)`
    /// (a shadow in closed form), so the group's offscreen need not cover it. Not for a masked
    /// layer: its mask multiplies the shadow too, so the shadow goes into the masked offscreen.
    func shadowGoesUnderGroup(_ i: Int) -> Bool {
        list.items[i].hasShadow && list.items[i].state.shadowPath == nil && !hasVisibleMask(i) && list.items[i].uniformShapeAlpha != nil
    }

    /// Whether the layer has a mask that is not hidden (a hidden mask masks nothing here).
    func hasVisibleMask(_ i: Int) -> Bool {
        let mask = list.items[i].mask
        return mask >= 0 && !list.items[mask].state.isHidden
    }

    /// The shadow of a layer composited as a group whose offscreen `group` already holds the
    /// rest of the layer (nil when the rest lies off the target), drawn with the group's
    /// `opacity`: beneath the rest, partly into the offscreen and partly straight onto `target`
    /// (see `ShadowTarget`).
    func drawShadow(_ i: Int, map: ProjectiveMap, beneath group: Canvas?, onto target: Canvas, opacity: Double) {
        let s = list.items[i].statePointer
        guard let shadowColor = s.pointee.shadowColor, let uniformAlpha = list.items[i].uniformShapeAlpha else { return }
        let color = shadowColor.premultiplied(opacity: Double(min(max(s.pointee.shadowOpacity, 0), 1))) * Float(uniformAlpha)
        guard color.w > 0 else { return }
        let extent = list.shadowExtent(i, map: map).intersection(target.rect)
        guard !extent.isEmpty else { return }
        drawRoundedRectShadow(s, map: map, color: color, hidesCenter: uniformAlpha >= 1, into: target,
                              group: (group, Float(opacity)))
    }

    /// Sigma in layer units, widened by a pixel's own spread (see `ClosedFormShadowReach`).
    private func effectiveSigma(_ s: UnsafePointer<LayerState>, pixelsPerUnit k: Double) -> Double {
        ClosedFormShadowReach.effectiveSigma(shadowRadius: Double(s.pointee.shadowRadius), pixelsPerUnit: k)
    }

    /// The closed-form shadow of the layer's rounded bounds in `color` (the shadow's colour within
    /// the group when `group` gives the offscreen and opacity of one).
    private func drawRoundedRectShadow(_ s: UnsafePointer<LayerState>, map: ProjectiveMap, color: SIMD4<Float>, hidesCenter: Bool,
                                       into canvas: Canvas, group: (canvas: Canvas?, opacity: Float)?) {
        let b = s.boundsBox
        guard b.x1 > b.x0, b.y1 > b.y0 else { return }
        let dx = Double(s.pointee.shadowOffset.width), dy = Double(s.pointee.shadowOffset.height)
        let k = map.maxScale(x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1)
        let exactSigma = effectiveSigma(s, pixelsPerUnit: k)
        let w = b.x1 - b.x0, h = b.y1 - b.y0
        // Shape coordinates: layer space relative to the shadow rectangle's top-left corner.
        let shapeToDevice = ProjectiveMap.translation(b.x0 + dx, b.y0 + dy).then(map)
        guard let deviceToShape = shapeToDevice.inverted() else { return }
        let shape = s.cornerShape
        let palette = scratch.shadowPalette, groupPalette = scratch.groupShadowPalette
        if let opacity = group?.opacity {
            for level in 0...256 {
                let shade = color * (Float(level) / 256)
                palette[level] = packed(shade * opacity)
                groupPalette[level] = packed(shade)
            }
        } else {
            // No group: only the canvas palette is read.
            for level in 0...256 { palette[level] = packed(color * (Float(level) / 256)) }
        }
        let target = ShadowTarget(canvas: canvas, palette: palette, group: group?.canvas ?? nil, groupPalette: groupPalette)
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
        var area = scratch.borrowOutline()
        defer { scratch.giveBack(area) }
        if !axisAligned {
            // Turned or tilted: the shape's shadow texture, sampled through the inverse map.
            let sigma = ShadowCache.coarselyQuantized(exactSigma), margin = ClosedFormShadowReach.maximumSigmas * sigma
            if let texture = shadows.texture(width: w, height: h, corners: shape, sigma: sigma, margin: margin) {
                addShadowArea(to: &area, width: w, height: h, corners: shape, sigma: sigma, alpha: color.w, pixelsPerUnit: k)
                var painter = RoundedRectShadowPainter(target: target, deviceToShape: deviceToShape,
                                                       blur: texture.lookup, wide: wide, tall: tall)
                if scratch.usesAVX2Kernels { painter.kernelTexture = texture.lookup.kernelTexture }
                fill(area, map: shapeToDevice, into: canvas, painter: &painter)
                withExtendedLifetime(texture) {}
                return
            }
        }
        // The closed form, from tables keyed by the finely quantised sigma.
        let sigma = ShadowCache.quantized(exactSigma)
        let margin = addShadowArea(to: &area, width: w, height: h, corners: shape, sigma: sigma, alpha: color.w, pixelsPerUnit: k)
        let horizontal = shadows.profile(length: w, sigma: sigma), vertical = shadows.profile(length: h, sigma: sigma)
        let radius = shape.radii.max()
        let table = radius > 0 ? shadows.corner(continuous: shape.continuous, radius: radius, sigma: sigma) : nil
        let rounded = SIMD4<Float>(shape.radii.x > 0 ? 1 : 0, shape.radii.y > 0 ? 1 : 0,
                                   shape.radii.z > 0 ? 1 : 0, shape.radii.w > 0 ? 1 : 0)
        let hLookup = horizontal.lookup, vLookup = vertical.lookup
        let corner = table?.lookup
        if axisAligned {
            let extent = shapeToDevice.deviceBounds(x0: -margin, y0: -margin, x1: w + margin, y1: h + margin)
                .intersection(canvas.rect)
            if !extent.isEmpty {
                // Per column: the blurred interval, the positions in the left and right corners'
                // rows of deficits; then room for those two rows.
                let n = extent.width, rowLength = (corner?.count ?? 0) + 2
                scratch.reserveColumns(3 * n + 2 * rowLength)
                let values = scratch.columns, lefts = values + n, rights = lefts + n, rows = rights + n
                let fw = Float(w)
                for x in extent.x0..<extent.x1 {
                    let u = Float((Double(x) + 0.5) * m.m11 + m.m31)
                    values[x - extent.x0] = hLookup.value(u)
                    if let corner {
                        lefts[x - extent.x0] = corner.rowPosition(u)
                        rights[x - extent.x0] = corner.rowPosition(fw - u)
                    }
                }
                var painter = AxisAlignedShadowPainter(
                    target: target, columns: values, leftPositions: lefts, rightPositions: rights, firstColumn: extent.x0,
                    vertical: vLookup, scaleY: m.m22, offsetY: m.m32, scaleX: m.m11, offsetX: m.m31,
                    width: fw, height: Float(h), corner: corner, rounded: rounded, cornerRows: rows,
                    wide: wide, tall: tall)
                fill(area, map: shapeToDevice, into: canvas, painter: &painter)
            }
        } else {
            let blur = BlurredRoundedRect(width: Float(w), height: Float(h), horizontal: hLookup, vertical: vLookup,
                                          corner: corner, rounded: rounded)
            var painter = RoundedRectShadowPainter(target: target, deviceToShape: deviceToShape,
                                                   blur: blur, wide: wide, tall: tall)
            fill(area, map: shapeToDevice, into: canvas, painter: &painter)
        }
        // The tables must outlive the painters that read them through pointers.
        withExtendedLifetime((horizontal, vertical, table)) {}
    }

    /// Adds the region a rounded-rectangle shadow is drawn over (shape coordinates): the shape
    /// grown by the distance beyond which the blur changes no pixel. The shape is convex, so at
    /// distance D from it the blur is below that of a straight edge, Φ(−D/σ); a pixel changes
    /// only where the blur reaches the first palette level whose alpha (`alpha`, 0…255, the
    /// largest channel of a premultiplied colour) rounds to 1 or more. The region is the
    /// rectangle grown by that distance with corners of the same radius (the grown sharp
    /// rectangle, which holds the grown rounded one), its chords pushed out by their tolerance.
    /// Returns how far the region reaches beyond the shape. `DisplayList.closedFormShadowMargin`
    /// bounds it: change the two together.
    @discardableResult
    private func addShadowArea(to area: inout Outline, width w: Double, height h: Double, corners: CornerShape,
                               sigma: Double, alpha: Float, pixelsPerUnit k: Double) -> Double {
        let reach = ClosedFormShadowReach.sigmas(alpha: alpha) * sigma
        let tolerance = ClosedFormShadowReach.tolerance(reach: reach, pixelsPerUnit: k)
        let m = reach + tolerance
        let rounding = CornerShape(radii: SIMD4(repeating: m), continuous: false)
        area.addRoundedRect(x0: -m, y0: -m, x1: w + m, y1: h + m, corners: rounding, tolerance: tolerance,
                            areaExact: false)
        return m
    }
}
