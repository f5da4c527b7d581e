import CARender
import Foundation

/// `carender bench --spinning-cards`: the most common shadowed thing in an interface, at 720p.
/// 48 cards, each a rounded background with a border, a content sublayer and a shadow, spin (half
/// in the screen's plane, half about y in perspective) and fade; each frame at t = n/60 s. The
/// render tree of each frame is built directly (as presentation would hand it over), so the
/// figure is the compositor's alone; PNG encoding is timed as for the dashboard.
struct SpinningCardsBench {
    /// Frames timed.
    var frames: Int
    /// A folder to write the last frame into, as `spinning-cards.png`.
    var output: String?
    static let width = 1280.0, height = 720.0
    static let columns = 8, rows = 6
    /// Seconds per turn.
    static let period = 2.0
    static let frameInterval = 1.0 / 60
    /// Frames rendered before timing: one whole turn, so every cache and buffer is warm.
    static var warmUpFrames: Int { Int((period / frameInterval).rounded()) }

    func run() throws {
        let compositor = Compositor()
        var pixmap = Pixmap(width: Int(Self.width), height: Int(Self.height))
        for frame in 0..<Self.warmUpFrames {
            compositor.render(Self.cards(at: Double(frame) * Self.frameInterval), into: &pixmap, scale: 1)
        }
        var composite: [Double] = [], encode: [Double] = []
        var bytes = 0
        for frame in Self.warmUpFrames..<(Self.warmUpFrames + frames) {
            let tree = Self.cards(at: Double(frame) * Self.frameInterval)
            let t0 = DispatchTime.now().uptimeNanoseconds
            compositor.render(tree, into: &pixmap, scale: 1)
            let t1 = DispatchTime.now().uptimeNanoseconds
            let png = try pixmap.pngData(options: .default)
            let t2 = DispatchTime.now().uptimeNanoseconds
            composite.append(Double(t1 - t0) / 1e6)
            encode.append(Double(t2 - t1) / 1e6)
            bytes = png.count
        }
        if let output {
            let folder = URL(fileURLWithPath: output)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try pixmap.unpremultiplied().writePNG(to: folder.appendingPathComponent("spinning-cards.png"))
        }
        print("spinning cards \(Int(Self.width))x\(Int(Self.height)), \(Self.columns * Self.rows) shadowed cards with content, \(frames) frames, 1 thread:")
        print(String(format: "  composite  %8.3f ms/frame (median)", BenchTiming.median(composite)))
        print(String(format: "  png encode %8.3f ms/frame (median, from the premultiplied frame), %d bytes", BenchTiming.median(encode), bytes))
    }

    /// The scene at time `t`.
    static func cards(at t: Double) -> RenderNode {
        let phase = t.truncatingRemainder(dividingBy: period) / period
        let cellW = width / Double(columns), cellH = height / Double(rows)
        let cardW = cellW * 0.62, cardH = cellH * 0.62
        var cards: [RenderNode] = []
        for index in 0..<(columns * rows) {
            var content = LayerState()
            content.bounds = CGRect(x: 0, y: 0, width: cardW - 24, height: cardH * 0.45)
            content.position = CGPoint(x: cardW / 2, y: 12 + cardH * 0.225)
            content.backgroundColor = CGColor(red: 1, green: 0.78, blue: 0.25, alpha: 1)
            content.cornerRadius = 4
            var card = LayerState()
            card.bounds = CGRect(x: 0, y: 0, width: cardW, height: cardH)
            card.position = CGPoint(x: (Double(index % columns) + 0.5) * cellW, y: (Double(index / columns) + 0.5) * cellH)
            card.backgroundColor = CGColor(red: 0.2 + 0.6 * Double(index % 5) / 5, green: 0.4, blue: 0.9, alpha: 1)
            card.cornerRadius = 12
            card.borderWidth = 1.5
            card.borderColor = CGColor(gray: 0.1, alpha: 1)
            card.shadowOpacity = 0.45
            card.shadowRadius = 6 + Double(index % 4) * 2
            card.shadowOffset = CGSize(width: 0, height: 4)
            card.opacity = Float(0.8 + 0.2 * cos(2 * .pi * (phase + Double(index) / 48)))
            let angle = 2 * .pi * phase
            if index % 2 == 0 {
                card.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            } else {
                var perspective = CATransform3DIdentity
                perspective.m34 = -1 / 800
                card.transform = CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 1, 0), perspective)
            }
            cards.append(RenderNode(state: card, sublayers: [RenderNode(state: content)]))
        }
        var root = LayerState()
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        root.position = CGPoint(x: width / 2, y: height / 2)
        root.backgroundColor = CGColor(red: 0.96, green: 0.96, blue: 0.97, alpha: 1)
        return RenderNode(state: root, sublayers: cards)
    }
}
