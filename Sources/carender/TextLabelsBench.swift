import CARender
import Foundation

/// `carender bench --text`: what text costs per frame. Two 1280×720 stages hold the same 200 cards
/// (rounded, coloured backgrounds); on one each card carries a `CATextLayer` label (14 pt, a word and
/// a number), on the other the labels have no string. Every frame advances the clock by 1/60 s and
/// renders (presentation, compositing and the unpremultiplied copy); with `drifting`, the cards move
/// slowly so glyphs land on changing subpixel positions. The ratio of the medians is text's cost.
struct TextLabelsBench {
    var frames: Int
    var labelCount = 200
    var drifting = true
    static let warmUpFrames = 10
    static let frameInterval = 1.0 / 60

    func run() throws {
        let plain = makeStage(withText: false)
        let labelled = makeStage(withText: true)
        let (plain50, text50) = BenchTiming.alternatingMedians(plain, labelled, frames: frames, warmUpFrames: Self.warmUpFrames,
                                                         frameInterval: Self.frameInterval)
        print("text labels 1280x720, \(labelCount) cards\(drifting ? " drifting" : ""), \(frames) frames, 1 thread:")
        print(String(format: "  without text %8.3f ms/frame (median)", plain50))
        print(String(format: "  with labels  %8.3f ms/frame (median)", text50))
        print(String(format: "  ratio        %8.3f", text50 / plain50))
    }

    private func makeStage(withText: Bool) -> Stage {
        let stage = Stage(width: 1280, height: 720)
        stage.duration = 1000
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        let columns = 10
        let words = ["Revenue", "Users", "Sessions", "Latency", "Errors", "Uptime", "Orders", "Refunds"]
        for i in 0..<labelCount {
            let card = CALayer()
            card.frame = CGRect(x: CGFloat(i % columns) * 127 + 6, y: CGFloat(i / columns) * 35.5 + 4, width: 118, height: 30)
            card.backgroundColor = CGColor(red: 0.85, green: 0.9, blue: CGFloat(i % 5) / 10 + 0.5, alpha: 1)
            card.cornerRadius = 6
            let label = CATextLayer()
            label.frame = CGRect(x: 6, y: 6, width: 106, height: 20)
            label.fontSize = 14
            label.foregroundColor = CGColor(gray: 0.1, alpha: 1)
            if withText { label.string = "\(words[i % words.count]) \(1000 + i * 37)" }
            card.addSublayer(label)
            stage.rootLayer.addSublayer(card)
            guard drifting else { continue }
            let drift = CABasicAnimation(keyPath: "position.x")
            drift.byValue = 3
            drift.duration = 2
            drift.autoreverses = true
            drift.repeatCount = .infinity
            card.add(drift, forKey: "drift")
        }
        stage.advance(to: 0)
        return stage
    }
}
