import CARender
import Foundation

/// Draws timing curves and springs as a chart with carender's own compositor: title, axes with
/// ticks and units, a legend, Bézier control-point handles, dots where frames land, and for
/// springs the overshoot, the tolerance band and the settling time.
///
/// Everything is built from layers: lines are thin rotated layers with round ends, dots are
/// round layers, and labels are text layers placed by ``PlotLabels``.
enum EasePlot {
    /// The chart's size in points; it renders at 2 pixels per point.
    static let size = CGSize(width: 560, height: 400)
    static let scale: CGFloat = 2
    /// The plot area inside the chart: room on the left for tick labels and the axis title, at
    /// the top for the chart title, at the bottom for the time axis.
    static let area = CGRect(x: 64, y: 44, width: 470, height: 300)
    /// The band around the target within which a spring counts as settled in the chart (the
    /// usual 2% settling criterion; Core Animation's `settlingDuration` is marked separately).
    static let settleBand = 0.02

    static let palette: [CGColor] = [
        CGColor(red: 0.13, green: 0.39, blue: 0.86, alpha: 1), CGColor(red: 0.90, green: 0.38, blue: 0.10, alpha: 1),
        CGColor(red: 0.16, green: 0.63, blue: 0.30, alpha: 1), CGColor(red: 0.62, green: 0.25, blue: 0.75, alpha: 1),
    ]
    static let ink = CGColor(gray: 0.15, alpha: 1)
    static let grid = CGColor(gray: 0.88, alpha: 1)

    /// What to plot: the curves, the time span (seconds, or 1 for normalised input), and the
    /// frame rate whose frames are marked.
    struct Request {
        var curves: [EasingCurve]
        var span: Double
        var timeInSeconds: Bool
        var fps: Double?
        /// Add a panel of the velocity (the slope of each curve).
        var velocity = false
        /// Add a filmstrip of a layer moving by each curve.
        var filmstrip = false
        /// Mark this time: a line across the chart and a dot on each curve (a video frame).
        var marker: Double?
    }

    /// Heights of the optional panels below the chart.
    static let velocityHeight: CGFloat = 200, filmstripRowHeight: CGFloat = 34

    static func extraHeight(_ request: Request) -> CGFloat {
        (request.velocity ? velocityHeight : 0) + (request.filmstrip ? CGFloat(request.curves.count) * filmstripRowHeight + 30 : 0)
    }

    static func render(_ request: Request) -> RGBAImage {
        let stage = Stage(width: size.width, height: size.height + extraHeight(request))
        stage.scale = scale
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        draw(request, on: PlotCanvas(root: stage.rootLayer))
        stage.advance(to: 0)
        return stage.render()
    }

    /// The chart as an SVG document: the same drawing as vector shapes (Bézier timing functions as
    /// the cubic curves they are, other curves as paths through their samples) and text as text.
    static func svg(_ request: Request) -> String {
        let document = SVGDocument(width: size.width, height: size.height + extraHeight(request))
        draw(request, on: PlotCanvas(root: CALayer(), svg: document))
        return document.text
    }

    private static func draw(_ request: Request, on canvas: PlotCanvas) {

        // Sample first, so the vertical range covers overshoot and undershoot.
        let count = 600
        let series = request.curves.map { curve in
            (0...count).map { i -> (Double, Double) in
                let t = request.span * Double(i) / Double(count)
                return (t, curve.value(at: request.timeInSeconds && !curve.isSpring ? t / request.span : t))
            }
        }
        var low = min(0, series.flatMap { $0.map(\.1) }.min() ?? 0)
        var high = max(1, series.flatMap { $0.map(\.1) }.max() ?? 1)
        for curve in request.curves {
            if let points = curve.controlPoints { low = min(low, Double(points.1), Double(points.3)); high = max(high, Double(points.1), Double(points.3)) }
        }
        // Springs' labels (two lines each) sit above the curves: leave them room.
        let springCount = request.curves.filter(\.isSpring).count
        high += (high - low) * 0.09 * Double(2 * springCount)
        let yTicks = PlotAxis.ticks(from: low, to: high)
        low = min(low, yTicks.first ?? low); high = max(high, yTicks.last ?? high)
        // The time axis ends at the span, on a tick or not.
        let xTicks = PlotAxis.ticks(from: 0, to: request.span).filter { $0 <= request.span * (1 + 1e-9) }
        func point(_ t: Double, _ v: Double) -> CGPoint {
            CGPoint(x: area.minX + area.width * CGFloat(t / request.span),
                    y: area.maxY - area.height * CGFloat((v - low) / (high - low)))
        }

        let xTitle = request.timeInSeconds ? "time (s)" : "input (fraction of the duration)"
        axes(in: area, xTicks: xTicks, yTicks: yTicks, point: point, xTitle: xTitle, yTitle: "progress", canvas: canvas)
        let title = request.curves.count == 1 ? request.curves[0].title : request.curves.map(\.name).joined(separator: " vs ")
        // The title shrinks to fit the chart's width.
        let titleSize = min(11, (size.width - 24) / max(1, PlotLabels.width(title, size: 1, emphasized: true)))
        PlotLabels.draw(title, at: CGPoint(x: size.width / 2, y: 14), size: titleSize, anchor: .top, color: ink, on: canvas,
                        emphasized: true)

        // Spring markings under the curves.
        let springs = request.curves.indices.filter { request.curves[$0].isSpring }
        for (row, index) in springs.enumerated() {
            springMarks(request.curves[index], series[index], color: palette[index % palette.count], row: row, rows: springs.count,
                        point: point, request: request, canvas: canvas)
        }
        // Handles, curves, frame dots.
        for (index, curve) in request.curves.enumerated() {
            let color = palette[index % palette.count]
            if let p = curve.controlPoints {
                let faded = color.copy(alpha: 0.55)!
                let ends = [(point(0, 0), point(Double(p.0) * request.span, Double(p.1))),
                            (point(request.span, 1), point(Double(p.2) * request.span, Double(p.3)))]
                for (end, handle) in ends {
                    canvas.line(end, handle, width: 1, color: faded)
                    canvas.dot(handle, radius: 3.5, color: faded)
                    canvas.dot(handle, radius: 2, color: CGColor(gray: 1, alpha: 1))
                }
            }
            if let p = curve.controlPoints, canvas.svg != nil {
                // The timing function is this cubic Bézier from (0, 0) to (1, 1).
                canvas.cubic(from: point(0, 0), point(Double(p.0) * request.span, Double(p.1)),
                             point(Double(p.2) * request.span, Double(p.3)), to: point(request.span, 1), width: 2, color: color)
            } else {
                canvas.polyline(series[index].map { point($0.0, $0.1) }, width: 2, color: color)
            }
            if let fps = request.fps {
                let frames = Int((request.span * fps + 1e-9).rounded(.down))
                for n in 0...frames {
                    let t = Double(n) / fps
                    let v = curve.value(at: request.timeInSeconds && !curve.isSpring ? t / request.span : t)
                    canvas.dot(point(t, v), radius: 2.5, color: color)
                }
            }
        }
        if let now = request.marker {
            canvas.line(point(now, low), point(now, high), width: 1, color: ink.copy(alpha: 0.5)!)
            for (index, curve) in request.curves.enumerated() {
                let at = point(now, curve.value(at: request.timeInSeconds && !curve.isSpring ? now / request.span : now))
                canvas.dot(at, radius: 6, color: ink)
                canvas.dot(at, radius: 4.5, color: palette[index % palette.count])
            }
        }
        // The legend, bottom right, where ease curves leave room.
        var legend: [(String, CGColor)] = request.curves.enumerated().map { ($1.legend, palette[$0 % palette.count]) }
        if let fps = request.fps { legend.append(("dots: frames at \(PlotAxis.format(fps)) fps", ink)) }
        let legendWidth = (legend.map { PlotLabels.width($0.0, size: 8) }.max() ?? 0) + 34
        let box = CGRect(x: area.maxX - legendWidth - 8, y: area.maxY - CGFloat(legend.count) * 14 - 14,
                         width: legendWidth, height: CGFloat(legend.count) * 14 + 6)
        canvas.rect(box, color: CGColor(gray: 1, alpha: 0.92), border: CGColor(gray: 0.75, alpha: 1))
        for (i, entry) in legend.enumerated() {
            let y = box.minY + 10 + CGFloat(i) * 14
            if request.fps != nil && i == legend.count - 1 {
                canvas.dot(CGPoint(x: box.minX + 14, y: y), radius: 2.5, color: entry.1)
            } else {
                canvas.line(CGPoint(x: box.minX + 6, y: y), CGPoint(x: box.minX + 22, y: y), width: 2, color: entry.1)
            }
            PlotLabels.draw(entry.0, at: CGPoint(x: box.minX + 28, y: y), size: 8, anchor: .left, color: ink, on: canvas)
        }
        var top = size.height
        if request.velocity {
            velocityPanel(request, series, top: top, canvas: canvas)
            top += velocityHeight
        }
        if request.filmstrip { filmstripPanel(request, top: top, canvas: canvas) }
    }

    /// Grid lines, axes, ticks with labels, and axis titles for a plot area.
    private static func axes(in area: CGRect, xTicks: [Double], yTicks: [Double], point: (Double, Double) -> CGPoint,
                             xTitle: String, yTitle: String, canvas: PlotCanvas) {
        for tick in xTicks {
            let x = point(tick, 0).x
            canvas.line(CGPoint(x: x, y: area.minY), CGPoint(x: x, y: area.maxY), width: 0.75, color: grid)
            canvas.line(CGPoint(x: x, y: area.maxY), CGPoint(x: x, y: area.maxY + 4), width: 1, color: ink)
            PlotLabels.draw(PlotAxis.format(tick), at: CGPoint(x: x, y: area.maxY + 8), size: 8, anchor: .top, color: ink, on: canvas)
        }
        for tick in yTicks {
            let y = point(0, tick).y
            let strong = tick == 0 || (tick == 1 && yTitle == "progress")
            canvas.line(CGPoint(x: area.minX, y: y), CGPoint(x: area.maxX, y: y), width: strong ? 1 : 0.75,
                        color: strong ? CGColor(gray: 0.7, alpha: 1) : grid)
            canvas.line(CGPoint(x: area.minX - 4, y: y), CGPoint(x: area.minX, y: y), width: 1, color: ink)
            PlotLabels.draw(PlotAxis.format(tick), at: CGPoint(x: area.minX - 7, y: y), size: 8, anchor: .right, color: ink, on: canvas)
        }
        canvas.line(CGPoint(x: area.minX, y: area.minY), CGPoint(x: area.minX, y: area.maxY), width: 1.25, color: ink)
        canvas.line(CGPoint(x: area.minX, y: area.maxY), CGPoint(x: area.maxX, y: area.maxY), width: 1.25, color: ink)
        PlotLabels.draw(xTitle, at: CGPoint(x: area.midX, y: area.maxY + 26), size: 9, anchor: .top, color: ink, on: canvas)
        PlotLabels.draw(yTitle, at: CGPoint(x: 14, y: area.midY), size: 9, anchor: .center, color: ink, on: canvas, vertical: true)
    }

    /// The slope of each curve: progress per second (or per unit of input), by central
    /// differences of the samples.
    private static func velocityPanel(_ request: Request, _ series: [[(Double, Double)]], top: CGFloat, canvas: PlotCanvas) {
        let panel = CGRect(x: area.minX, y: top + 12, width: area.width, height: velocityHeight - 70)
        let slopes = series.map { samples -> [(Double, Double)] in
            samples.indices.map { i in
                let a = samples[max(0, i - 1)], b = samples[min(samples.count - 1, i + 1)]
                return (samples[i].0, (b.1 - a.1) / (b.0 - a.0))
            }
        }
        var low = min(0, slopes.flatMap { $0.map(\.1) }.min() ?? 0)
        var high = max(0.1, slopes.flatMap { $0.map(\.1) }.max() ?? 1)
        let yTicks = PlotAxis.ticks(from: low, to: high, aiming: 4)
        low = min(low, yTicks.first ?? low); high = max(high, yTicks.last ?? high)
        let xTicks = PlotAxis.ticks(from: 0, to: request.span).filter { $0 <= request.span * (1 + 1e-9) }
        func point(_ t: Double, _ v: Double) -> CGPoint {
            CGPoint(x: panel.minX + panel.width * CGFloat(t / request.span),
                    y: panel.maxY - panel.height * CGFloat((v - low) / (high - low)))
        }
        let unit = request.timeInSeconds ? "velocity (1/s)" : "slope"
        axes(in: panel, xTicks: xTicks, yTicks: yTicks, point: point,
             xTitle: request.timeInSeconds ? "time (s)" : "input (fraction of the duration)", yTitle: unit, canvas: canvas)
        for (index, samples) in slopes.enumerated() {
            canvas.polyline(samples.map { point($0.0, $0.1) }, width: 1.75, color: palette[index % palette.count])
        }
    }

    /// One row per curve: a square layer at each frame time (at `fps`, else ten steps), placed
    /// along a track by the curve's progress, later frames darker.
    private static func filmstripPanel(_ request: Request, top: CGFloat, canvas: PlotCanvas) {
        let steps = request.fps.map { Int((request.span * $0 + 1e-9).rounded(.down)) } ?? 10
        let side: CGFloat = 20
        let note = request.fps.map { "filmstrip: the layer at each frame, \(PlotAxis.format($0)) fps" } ?? "filmstrip: the layer at 10 even steps"
        PlotLabels.draw(note, at: CGPoint(x: area.minX, y: top + 8), size: 8, anchor: .topLeft, color: ink, on: canvas)
        for (index, curve) in request.curves.enumerated() {
            let y = top + 26 + CGFloat(index) * filmstripRowHeight
            let track = CGRect(x: area.minX, y: y + side / 2 - 0.5, width: area.width, height: 1)
            canvas.rect(track, color: grid, border: nil)
            let color = palette[index % palette.count]
            let progresses = (0...max(1, steps)).map { n -> Double in
                let t = request.span * Double(n) / Double(max(1, steps))
                return curve.value(at: request.timeInSeconds && !curve.isSpring ? t / request.span : t)
            }
            // The track from start (0) to end (1) shrinks so that overshoot stays on the chart;
            // thin marks show the start and end positions.
            let low = min(0, progresses.min() ?? 0), high = max(1, progresses.max() ?? 1)
            let length = (area.width - side) / CGFloat(high - low)
            func x(_ progress: Double) -> CGFloat { area.minX + length * CGFloat(progress - low) }
            for mark in [0.0, 1.0] {
                canvas.rect(CGRect(x: x(mark) + side / 2 - 0.5, y: y - 3, width: 1, height: side + 6), color: CGColor(gray: 0.6, alpha: 1), border: nil)
            }
            for (n, progress) in progresses.enumerated() {
                let x = x(progress)
                let alpha = 0.15 + 0.85 * CGFloat(n) / CGFloat(max(1, steps))
                canvas.rect(CGRect(x: x, y: y, width: side, height: side), color: color.copy(alpha: alpha)!, border: nil)
            }
        }
    }

    /// The tolerance band, Core Animation's settling duration, and the overshoot of a spring.
    /// Labels of the `row`th of `rows` springs sit on their own lines, so overlaid springs'
    /// labels do not collide.
    private static func springMarks(_ curve: EasingCurve, _ samples: [(Double, Double)], color: CGColor, row: Int, rows: Int,
                                    point: (Double, Double) -> CGPoint, request: Request, canvas: PlotCanvas) {
        let lineHeight: CGFloat = 11
        let band = CGRect(x: area.minX, y: point(0, 1 + settleBand).y, width: area.width,
                          height: point(0, 1 - settleBand).y - point(0, 1 + settleBand).y)
        canvas.rect(band, color: color.copy(alpha: 0.12)!, border: nil)
        if row == 0 {
            PlotLabels.draw("±2%", at: CGPoint(x: area.minX + 4, y: band.minY - 3), size: 7, anchor: .bottomLeft, color: ink, on: canvas)
        }
        if let settle = curve.settleTime(within: settleBand, samples: samples) {
            let x = point(settle, 0).x, y = area.minY + 4 + CGFloat(row) * lineHeight
            canvas.dashedLine(CGPoint(x: x, y: y), CGPoint(x: x, y: area.maxY), color: color)
            PlotLabels.draw("within 2% from \(PlotAxis.format(settle, decimals: 2)) s", at: CGPoint(x: x + 4, y: y),
                            size: 7, anchor: .topLeft, color: color, on: canvas)
        }
        let settling = curve.settlingDuration
        if settling <= request.span {
            let x = point(settling, 0).x, y = area.minY + 8 + CGFloat(rows + row) * lineHeight
            canvas.dashedLine(CGPoint(x: x, y: y), CGPoint(x: x, y: area.maxY), color: ink)
            PlotLabels.draw("settlingDuration \(PlotAxis.format(settling, decimals: 2)) s", at: CGPoint(x: x - 4, y: y),
                            size: 7, anchor: .topRight, color: color, on: canvas)
        }
        if let peak = samples.max(by: { $0.1 < $1.1 }), peak.1 > 1 + 1e-4 {
            let at = point(peak.0, peak.1)
            canvas.dot(at, radius: 3.5, color: color)
            let label = "overshoot \(PlotAxis.format((peak.1 - 1) * 100, decimals: 1))% at \(PlotAxis.format(peak.0, decimals: 2)) s"
            // Right of the peak, or left of it when the peak is near the chart's right edge.
            let fitsRight = at.x + 6 + PlotLabels.width(label, size: 7) <= area.maxX
            PlotLabels.draw(label, at: CGPoint(x: fitsRight ? at.x + 6 : at.x - 6, y: at.y - 6), size: 7,
                            anchor: fitsRight ? .bottomLeft : .bottomRight, color: color, on: canvas)
        }
    }
}

/// Evenly spaced "nice" tick values (steps of 1, 2, 2.5 or 5 times a power of ten) and their
/// labels.
enum PlotAxis {
    static func ticks(from low: Double, to high: Double, aiming count: Int = 5) -> [Double] {
        let range = max(high - low, 1e-9)
        let rough = range / Double(count)
        let power = pow(10, (log10(rough)).rounded(.down))
        let step = [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let first = (low / step).rounded(.down) * step
        var ticks: [Double] = []
        var v = first
        while v <= high + step * 0.999 {
            ticks.append(abs(v) < step * 1e-9 ? 0 : v)
            if v >= high - step * 1e-9 { break }
            v += step
        }
        return ticks
    }

    /// Without trailing zeros: 0, 0.25, 1.5, 10.
    static func format(_ value: Double, decimals: Int = 3) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

/// What a chart is drawn with: layers under `root` (rendered to PNG), or, when `svg` is set, SVG
/// elements: lines, dots, rectangles, curves and labels.
struct PlotCanvas {
    let root: CALayer
    var svg: SVGDocument?

    func line(_ a: CGPoint, _ b: CGPoint, width: CGFloat, color: CGColor) {
        if let svg {
            svg.add("<line x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\" stroke-width=\"\(n(width))\" stroke-linecap=\"round\"\(SVGDocument.paint("stroke", color))/>")
            return
        }
        let length = hypot(b.x - a.x, b.y - a.y)
        guard length > 0.01 else { return dot(a, radius: width / 2, color: color) }
        let layer = CALayer()
        // Round ends: the segment grows by the width and its corners are half the width.
        layer.bounds = CGRect(x: 0, y: 0, width: length + width, height: width)
        layer.position = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        layer.cornerRadius = width / 2
        layer.backgroundColor = color
        layer.setAffineTransform(CGAffineTransform(rotationAngle: atan2(b.y - a.y, b.x - a.x)))
        root.addSublayer(layer)
    }

    /// A cubic Bézier curve (SVG only; layers draw the curve's samples with `polyline`).
    func cubic(from start: CGPoint, _ c1: CGPoint, _ c2: CGPoint, to end: CGPoint, width: CGFloat, color: CGColor) {
        svg?.add("<path d=\"M\(n(start.x)) \(n(start.y)) C\(n(c1.x)) \(n(c1.y)) \(n(c2.x)) \(n(c2.y)) \(n(end.x)) \(n(end.y))\" fill=\"none\" stroke-width=\"\(n(width))\" stroke-linecap=\"round\"\(SVGDocument.paint("stroke", color))/>")
    }

    func polyline(_ points: [CGPoint], width: CGFloat, color: CGColor) {
        if let svg, let first = points.first {
            let d = "M\(n(first.x)) \(n(first.y))" + points.dropFirst().map { " L\(n($0.x)) \(n($0.y))" }.joined()
            svg.add("<path d=\"\(d)\" fill=\"none\" stroke-width=\"\(n(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"\(SVGDocument.paint("stroke", color))/>")
            return
        }
        // Points at least a point apart, so steep stretches stay smooth and flat ones light.
        var last = points.first
        for p in points.dropFirst() {
            guard let from = last else { break }
            if hypot(p.x - from.x, p.y - from.y) < 1.5 && p != points.last { continue }
            line(from, p, width: width, color: color)
            last = p
        }
    }

    func dashedLine(_ a: CGPoint, _ b: CGPoint, color: CGColor) {
        let length = hypot(b.x - a.x, b.y - a.y)
        let dashes = Int(length / 6)
        for i in stride(from: 0, to: dashes, by: 1) {
            let s = CGFloat(i) * 6 / length, e = min(1, (CGFloat(i) * 6 + 3) / length)
            line(CGPoint(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s),
                 CGPoint(x: a.x + (b.x - a.x) * e, y: a.y + (b.y - a.y) * e), width: 1, color: color)
        }
    }

    func dot(_ center: CGPoint, radius: CGFloat, color: CGColor) {
        if let svg {
            svg.add("<circle cx=\"\(n(center.x))\" cy=\"\(n(center.y))\" r=\"\(n(radius))\"\(SVGDocument.paint("fill", color))/>")
            return
        }
        let layer = CALayer()
        layer.frame = CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        layer.cornerRadius = radius
        layer.backgroundColor = color
        root.addSublayer(layer)
    }

    func rect(_ frame: CGRect, color: CGColor, border: CGColor?) {
        if let svg {
            let stroke = border.map { SVGDocument.paint("stroke", $0) + " stroke-width=\"0.75\"" } ?? ""
            svg.add("<rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"\(SVGDocument.paint("fill", color))\(stroke)/>")
            return
        }
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        if let border { layer.borderColor = border; layer.borderWidth = 0.75 }
        root.addSublayer(layer)
    }
}

/// Where a label sits relative to the point it is drawn at.
enum LabelAnchor {
    case top, center, left, right, topLeft, topRight, bottomLeft, bottomRight
}

/// Chart labels: text layers in the system face. A label's `size` is the height of its capitals,
/// and its anchor places the box from the top of the capitals to the baseline, as wide as the
/// text: labels line up with the ticks and lines they name whatever their size.
enum PlotLabels {
    /// The face of the chart's title, and of everything else.
    static func font(emphasized: Bool) -> UIFont {
        UIFont.systemFont(ofSize: 12, weight: emphasized ? .semibold : .regular)
    }

    /// The font size whose capitals are `capHeight` points tall.
    static func fontSize(capHeight: CGFloat, emphasized: Bool) -> CGFloat {
        let font = font(emphasized: emphasized)
        return capHeight * font.pointSize / max(font.capHeight, 1e-6)
    }

    /// The advance width of `text` with capitals `size` points tall.
    static func width(_ text: String, size: CGFloat, emphasized: Bool = false) -> CGFloat {
        width(text, font: font(emphasized: emphasized).withSize(fontSize(capHeight: size, emphasized: emphasized)))
    }

    /// The advance width of `text` on one line in `font`, shaped as a text layer shapes it.
    private static func width(_ text: String, font: UIFont) -> CGFloat {
        let shaped = ShapedText([(text, TextStyle(font: font))], defaultFont: font)
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(fontSize: Double(font.pointSize), width: .infinity, wraps: false,
                                                   truncation: .none, alignment: .left))
        return layout.size.width
    }

    static func draw(_ text: String, at point: CGPoint, size: CGFloat, anchor: LabelAnchor, color: CGColor,
                     on canvas: PlotCanvas, vertical: Bool = false, emphasized: Bool = false) {
        let font = font(emphasized: emphasized).withSize(fontSize(capHeight: size, emphasized: emphasized))
        if let svg = canvas.svg {
            svg.text(text, at: point, capHeight: size, fontSize: font.pointSize, anchor: anchor, color: color,
                     vertical: vertical, emphasized: emphasized)
            return
        }
        let width = width(text, font: font)
        // The capitals' box relative to `point`.
        var origin: CGPoint
        switch anchor {
        case .top: origin = CGPoint(x: -width / 2, y: 0)
        case .center: origin = CGPoint(x: -width / 2, y: -size / 2)
        case .left: origin = CGPoint(x: 0, y: -size / 2)
        case .right: origin = CGPoint(x: -width, y: -size / 2)
        case .topLeft: origin = CGPoint(x: 0, y: 0)
        case .topRight: origin = CGPoint(x: -width, y: 0)
        case .bottomLeft: origin = CGPoint(x: 0, y: -size)
        case .bottomRight: origin = CGPoint(x: -width, y: -size)
        }
        // The layer's line runs from the ascender to the descender, the baseline `ascender`
        // below its top; a little slack on each side keeps rounding from clipping the last glyph.
        let slack: CGFloat = 2
        let layer = CATextLayer()
        layer.string = text
        layer.font = font
        layer.fontSize = font.pointSize
        layer.foregroundColor = color
        // Text is rasterized at contentsScale, as on iOS: the chart's own scale keeps it sharp.
        layer.contentsScale = EasePlot.scale
        layer.alignmentMode = .center
        layer.bounds = CGRect(x: 0, y: 0, width: width + 2 * slack, height: font.ascender - font.descender)
        // `point` in the layer's bounds, as its anchor: the layer turns about it when vertical.
        let x = slack - origin.x, y = font.ascender - font.capHeight - origin.y
        layer.anchorPoint = CGPoint(x: x / layer.bounds.width, y: y / layer.bounds.height)
        layer.position = point
        // Vertical labels read bottom to top: a quarter turn anticlockwise.
        if vertical { layer.setAffineTransform(CGAffineTransform(rotationAngle: -.pi / 2)) }
        canvas.root.addSublayer(layer)
    }
}

/// Coordinates in SVG: at most two decimals, no trailing zeros.
private func n(_ value: CGFloat) -> String { PlotAxis.format(Double(value), decimals: 2) }

/// An SVG document being drawn: elements in drawing order (later ones on top, as sublayers).
final class SVGDocument {
    let width: CGFloat
    let height: CGFloat
    private var elements: [String] = []

    init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }

    func add(_ element: String) { elements.append(element) }

    /// A label placed as ``PlotLabels`` places text layers: `capHeight` tall capitals whose box
    /// sits at `point` by `anchor`; the text stays text (selectable, searchable).
    func text(_ string: String, at point: CGPoint, capHeight: CGFloat, fontSize: CGFloat, anchor: LabelAnchor,
              color: CGColor, vertical: Bool, emphasized: Bool) {
        let alignment: String
        switch anchor {
        case .top, .center: alignment = "middle"
        case .right, .topRight, .bottomRight: alignment = "end"
        case .left, .topLeft, .bottomLeft: alignment = "start"
        }
        // The baseline: below the capitals' box top by the cap height.
        let baseline: CGFloat
        switch anchor {
        case .top, .topLeft, .topRight: baseline = point.y + capHeight
        case .center, .left, .right: baseline = point.y + capHeight / 2
        case .bottomLeft, .bottomRight: baseline = point.y
        }
        let turn = vertical ? " transform=\"rotate(-90 \(n(point.x)) \(n(point.y)))\"" : ""
        let weight = emphasized ? " font-weight=\"600\"" : ""
        add("<text x=\"\(n(point.x))\" y=\"\(n(baseline))\" font-size=\"\(n(fontSize))\"\(weight) text-anchor=\"\(alignment)\"\(turn)\(Self.paint("fill", color))>\(Self.escaped(string))</text>")
    }

    var text: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="Inter, -apple-system, 'Helvetica Neue', Helvetica, Arial, sans-serif">
        <rect width="100%" height="100%" fill="#ffffff"/>
        \(elements.joined(separator: "\n"))
        </svg>

        """
    }

    /// ` fill="#rrggbb"` (or stroke), with its opacity when not opaque.
    static func paint(_ attribute: String, _ color: CGColor) -> String {
        let c = color.components ?? [0, 0, 0, 1]
        let rgb = c.count >= 3 ? Array(c[0..<3]) : [c[0], c[0], c[0]]
        let alpha = color.alpha
        let hex = rgb.map { String(format: "%02x", Int((min(1, max(0, $0)) * 255).rounded())) }.joined()
        return " \(attribute)=\"#\(hex)\"" + (alpha < 1 ? " \(attribute)-opacity=\"\(n(alpha))\"" : "")
    }

    /// Text with XML's special characters escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
