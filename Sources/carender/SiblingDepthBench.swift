import CARender
import Foundation

/// `carender bench --sibling-depth`: what depth-correct siblings cost. Two 1280×720 stages in
/// perspective hold the same 50 flat cards (a 10 × 5 grid) and one 360 × 240 view among them;
/// on one the view turns about y (a plane crossing its flat siblings, composited per pixel by
/// depth), on the other about z (flat: painter's order). Every frame advances the clock by 1/60 s
/// and renders; the frames alternate between the stages so both see the same machine load. The
/// ratio of the medians is the depth pass's cost.
struct SiblingDepthBench {
    var frames: Int
    static let warmUpFrames = 10
    static let frameInterval = 1.0 / 60

    func run() throws {
        let flat = makeStage(turnsInDepth: false)
        let turned = makeStage(turnsInDepth: true)
        let (flat50, turned50) = BenchTiming.alternatingMedians(flat, turned, frames: frames, warmUpFrames: Self.warmUpFrames,
                                                         frameInterval: Self.frameInterval)
        print("sibling depth 1280x720, 1 turning view among 50 flat siblings, \(frames) frames, 1 thread:")
        print(String(format: "  turning about z (painter's order) %8.3f ms/frame (median)", flat50))
        print(String(format: "  turning about y (by depth)        %8.3f ms/frame (median)", turned50))
        print(String(format: "  ratio                             %8.3f", turned50 / flat50))
    }

    private func makeStage(turnsInDepth: Bool) -> Stage {
        let stage = Stage(width: 1280, height: 720)
        stage.duration = 1000
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 1000
        stage.rootLayer.sublayerTransform = perspective
        let view = CALayer()
        view.frame = CGRect(x: 460, y: 240, width: 360, height: 240)
        view.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
        view.cornerRadius = 16
        stage.rootLayer.addSublayer(view)
        for i in 0..<50 {
            let card = CALayer()
            card.frame = CGRect(x: 20 + CGFloat(i % 10) * 125, y: 40 + CGFloat(i / 10) * 130, width: 110, height: 110)
            card.backgroundColor = CGColor(red: 0.9, green: 0.5 + CGFloat(i % 5) / 10, blue: 0.3, alpha: 1)
            card.cornerRadius = 10
            stage.rootLayer.addSublayer(card)
        }
        let spin = CABasicAnimation(keyPath: turnsInDepth ? "transform.rotation.y" : "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 4
        spin.repeatCount = .infinity
        view.add(spin, forKey: "spin")
        stage.advance(to: 0)
        return stage
    }
}
