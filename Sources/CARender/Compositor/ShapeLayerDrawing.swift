import Foundation

extension Compositor {
    /// A shape layer's own drawing (its content step, over the background and under the
    /// sublayers): the path filled with `fillColor` under `fillRule`, then its stroke — centred on
    /// the path, dashed and trimmed to `strokeStart…strokeEnd` — with `strokeColor` over the fill.
    /// Each is blended on its own, as Core Animation does.
    func drawShapeLayer(_ s: LayerState, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let shape = s.shape
        guard let path = shape.path, !path.isEmpty, let box = shapeBox(s) else { return }
        let tol = tolerance(map, box)
        if let fill = shape.fillColor {
            let color = fill.premultiplied(opacity: alpha)
            if color.w > 0 {
                layerShape.removeAll()
                layerShape.addPath(path, tolerance: tol)
                var painter = SolidPainter(canvas: target, color: color)
                fillLayerShape(map: map, rule: shape.fillRule == .evenOdd ? .evenOdd : .nonZero, into: target, painter: &painter)
            }
        }
        if let stroke = shape.strokeColor, shape.lineWidth > 0 {
            let color = stroke.premultiplied(opacity: alpha)
            if color.w > 0 {
                layerShape.removeAll()
                contentGeometry.appendStroke(of: path, style: shape.strokeStyle, tolerance: tol, to: &layerShape)
                var painter = SolidPainter(canvas: target, color: color)
                fillLayerShape(map: map, rule: .nonZero, into: target, painter: &painter)
            }
        }
    }

    /// Whether a shape layer paints anything, and how many things (fill, stroke).
    func shapeLayerDrawingCount(_ s: LayerState) -> Int {
        guard let path = s.shape.path, !path.isEmpty else { return 0 }
        var count = 0
        if (s.shape.fillColor?.alpha ?? 0) > 0 { count += 1 }
        if (s.shape.strokeColor?.alpha ?? 0) > 0 && s.shape.lineWidth > 0 { count += 1 }
        return count
    }

    /// The layer-space box a shape layer's fill and stroke can touch: the path's control-point
    /// box grown by the farthest a stroke reaches from the path (half the width, times the miter
    /// limit for miter joins, times √2 for square caps).
    func shapeBox(_ s: LayerState) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard let path = s.shape.path, !path.isEmpty else { return nil }
        let b = path.boundingBox
        guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
        var reach = 0.0
        if s.shape.strokeColor != nil && s.shape.lineWidth > 0 {
            reach = Double(s.shape.lineWidth) / 2
            if s.shape.lineJoin == .miter { reach *= max(Double(s.shape.miterLimit), 1) }
            if s.shape.lineCap == .square { reach = max(reach, Double(s.shape.lineWidth) / 2 * 2.0.squareRoot()) }
            reach += 1
        }
        return (Double(b.minX) - reach, Double(b.minY) - reach, Double(b.maxX) + reach, Double(b.maxY) + reach)
    }
}
