import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster
import CARenderModel

extension FrameDrawing {
    /// A shape layer's own drawing (its content step, over the contents and under the
    /// sublayers): the path filled with `fillColor` under `fillRule`, then its stroke — centred on
    /// the path, dashed and trimmed to `strokeStart…strokeEnd` — with `strokeColor` over the fill.
    /// Each is blended on its own, as Core Animation does.
    func drawShape(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let shape = list.items[i].statePointer.pointee.shape
        guard let path = shape.path, let box = list.items[i].shapeBox else { return }
        let tol = tolerance(map, box)
        if let fill = shape.fillColor {
            let color = fill.premultiplied(opacity: alpha)
            if color.w > 0 {
                var outline = scratch.borrowOutline()
                outline.addPath(path, tolerance: tol)
                var painter = SolidPainter(canvas: target, color: color)
                self.fill(outline, map: map, rule: shape.fillRule == .evenOdd ? .evenOdd : .nonZero, into: target,
                          painter: &painter)
                scratch.giveBack(outline)
            }
        }
        if let stroke = shape.strokeColor, shape.stroke.lineWidth > 0 {
            let color = stroke.premultiplied(opacity: alpha)
            if color.w > 0 {
                var outline = scratch.borrowOutline()
                content.appendStroke(of: path, stroke: shape.stroke, tolerance: tol, to: &outline)
                var painter = SolidPainter(canvas: target, color: color)
                self.fill(outline, map: map, rule: .nonZero, into: target, painter: &painter)
                scratch.giveBack(outline)
            }
        }
    }
}

extension ShapeLayerState {
    /// How many things the layer paints: its fill, its stroke, both or neither.
    var drawingCount: Int {
        guard let path, !path.isEmpty else { return 0 }
        var count = 0
        if (fillColor?.alpha ?? 0) > 0 { count += 1 }
        if (strokeColor?.alpha ?? 0) > 0 && stroke.lineWidth > 0 { count += 1 }
        return count
    }

    /// The layer-space box the fill and stroke can touch: the path's control-point box grown by
    /// the farthest a stroke reaches from the path (half the width, times the miter limit for
    /// miter joins, times √2 for square caps, plus a unit of anti-aliasing); nil for an empty
    /// path or one with non-finite points.
    var reachBox: (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard let path, let b = Self.controlPointBox(path) else { return nil }
        var reach = 0.0
        if strokeColor != nil && stroke.lineWidth > 0 {
            reach = Double(stroke.lineWidth) / 2
            if stroke.lineJoin == .miter { reach *= max(Double(stroke.miterLimit), 1) }
            if stroke.lineCap == .square { reach = max(reach, Double(stroke.lineWidth) / 2 * 2.0.squareRoot()) }
            reach += 1
        }
        return (b.x0 - reach, b.y0 - reach, b.x1 + reach, b.y1 + reach)
    }

    /// The box of every point of `path`, control points included (`CGPath.boundingBox`, without
    /// gathering the points into an array: this runs every frame); nil when it has none or any
    /// is not finite.
    private static func controlPointBox(_ path: CGPath) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        var box = PointBounds()
        var finite = true
        let elements = path.elements
        var k = 0
        while k < elements.count {
            switch elements[k] {
            case .move(let p), .line(let p):
                Self.include(p, in: &box, finite: &finite)
            case .quadCurve(let p, let c):
                Self.include(c, in: &box, finite: &finite)
                Self.include(p, in: &box, finite: &finite)
            case .curve(let p, let c1, let c2):
                Self.include(c1, in: &box, finite: &finite)
                Self.include(c2, in: &box, finite: &finite)
                Self.include(p, in: &box, finite: &finite)
            case .closeSubpath:
                break
            }
            k += 1
        }
        guard finite, box.points > 0 else { return nil }
        return (box.minX, box.minY, box.maxX, box.maxY)
    }

    @inline(__always)
    private static func include(_ p: CGPoint, in box: inout PointBounds, finite: inout Bool) {
        // Checked point by point: min and max would pass over a NaN.
        if !p.x.isFinite || !p.y.isFinite { finite = false }
        box.include(Double(p.x), Double(p.y))
    }
}
