import CARender
import Foundation

/// Draws an easing curve with carender's own compositor: grid lines and the curve as a dense
/// run of small round dots.
enum EasePlot {
    static func render(_ curve: EasingCurve, span: Double) -> RGBAImage {
        let size: CGFloat = 320, margin: CGFloat = 40
        let plot = size - 2 * margin
        let stage = Stage(width: size, height: size)
        stage.scale = 2
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)

        // Sample first, so the vertical range covers overshoot.
        let count = 4000
        let values = (0...count).map { curve.value(at: span * Double($0) / Double(count)) }
        let low = min(0, values.min() ?? 0), high = max(1, values.max() ?? 1)
        func y(_ v: Double) -> CGFloat { margin + plot * CGFloat((high - v) / (high - low)) }

        func line(_ frame: CGRect, _ gray: CGFloat) {
            let layer = CALayer()
            layer.frame = frame
            layer.backgroundColor = CGColor(gray: gray, alpha: 1)
            stage.rootLayer.addSublayer(layer)
        }
        for i in 0...4 {
            let x = margin + plot * CGFloat(i) / 4
            line(CGRect(x: x - 0.25, y: margin, width: 0.5, height: plot), 0.85)
        }
        for level in [0.0, 0.5, 1.0] {
            line(CGRect(x: margin, y: y(level) - 0.25, width: plot, height: 0.5), level == 0.5 ? 0.85 : 0.6)
        }
        // Dots a point apart along the curve, so steep stretches stay continuous.
        var last: CGPoint?
        for (i, v) in values.enumerated() {
            let point = CGPoint(x: margin + plot * CGFloat(i) / CGFloat(count), y: y(v))
            if let last, hypot(point.x - last.x, point.y - last.y) < 1, i != count { continue }
            last = point
            let dot = CALayer()
            dot.frame = CGRect(x: point.x - 1.5, y: point.y - 1.5, width: 3, height: 3)
            dot.cornerRadius = 1.5
            dot.backgroundColor = CGColor(red: 0.15, green: 0.35, blue: 0.95, alpha: 1)
            stage.rootLayer.addSublayer(dot)
        }
        return stage.render()
    }
}
