import CARender
import Foundation

/// `carender bench --animated`: what animation evaluation costs per frame. Two stages of
/// 320×200 points hold the same 1000 small layers; on one, every layer runs a basic animation
/// (opacity) and a keyframe animation (position along a circle, paced); the other is static.
/// Each frame advances the clock by 1/60 s and renders (presentation, compositing and the
/// unpremultiplied copy); the difference of the medians is the animations' cost.
struct AnimatedLayersBench {
    /// Frames timed per stage.
    var frames: Int
    /// Layers on each stage.
    var layerCount = 1000
    /// Frames rendered before timing, so caches and buffers are warm.
    static let warmUpFrames = 10
    static let frameInterval = 1.0 / 60

    func run() throws {
        let still = makeStage(animated: false)
        let moving = makeStage(animated: true)
        var stillTimes: [Double] = [], movingTimes: [Double] = []
        // Alternate the two stages frame by frame so both see the same machine load.
        for frame in 0..<(Self.warmUpFrames + frames) {
            let t = Double(frame + 1) * Self.frameInterval
            let a = time { still.advance(to: t); _ = still.render() }
            let b = time { moving.advance(to: t); _ = moving.render() }
            if frame >= Self.warmUpFrames {
                stillTimes.append(a)
                movingTimes.append(b)
            }
        }
        let still50 = median(stillTimes), moving50 = median(movingTimes)
        print("animated layers 320x200, \(layerCount) layers x 2 animations (basic + keyframe), \(frames) frames, 1 thread:")
        print(String(format: "  static tree   %8.3f ms/frame (median)", still50))
        print(String(format: "  animated tree %8.3f ms/frame (median)", moving50))
        print(String(format: "  animations    %8.3f ms/frame (difference of the medians)", moving50 - still50))
    }

    private func makeStage(animated: Bool) -> Stage {
        let stage = Stage(width: 320, height: 200)
        stage.duration = 1000
        let columns = 40
        for i in 0..<layerCount {
            let layer = CALayer()
            let x = CGFloat(i % columns) * 8 + 4, y = CGFloat(i / columns) * 8 + 4
            layer.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
            layer.position = CGPoint(x: x, y: y)
            layer.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            stage.rootLayer.addSublayer(layer)
            guard animated else { continue }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.3
            fade.duration = 1.5
            fade.autoreverses = true
            fade.repeatCount = .infinity
            layer.add(fade, forKey: "fade")
            let orbit = CAKeyframeAnimation(keyPath: "position")
            let circle = CGMutablePath()
            circle.addEllipse(in: CGRect(x: x - 2, y: y - 2, width: 4, height: 4))
            orbit.path = circle
            orbit.calculationMode = .paced
            orbit.duration = 2
            orbit.repeatCount = .infinity
            layer.add(orbit, forKey: "orbit")
        }
        stage.advance(to: 0)
        return stage
    }

    private func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}
