import CARender
import Foundation

/// `carender bench --particles`: what an emitter's particles cost. A 1280×720 stage holds one
/// `CAEmitterLayer` (a rectangle over the frame emitting 2000 particles a second that live 5 s:
/// 10,000 alive, turning, scaled 0.2–1 of a 32×32 soft disc, each its own colour). After 6 s of
/// emitting, the same frame is composited again and again (the compositor's drawing of the
/// 10,000 sprites over a transparent frame); then the stage steps on frame by frame (the
/// simulation's moving, emitting and retiring). The medians are printed. With `--output` the
/// frame's sprites and their image are written as the scene `Tools/skia_sprites.py` draws with
/// Skia's `drawAtlas`, for the side-by-side figure (`Tools/bench_particles.sh`), and carender's
/// frame as `carender.png`.
struct ParticlesBench {
    var frames: Int
    var output: String?
    static let width: CGFloat = 1280, height: CGFloat = 720
    static let warmUpFrames = 5

    func run() throws {
        let (stage, emitter) = Self.makeStage()
        stage.advance(to: 6)
        let tree = stage.rootLayer.renderNode(at: 6)
        let sprites = tree.sublayers.first?.emitter?.sprites ?? []
        let compositor = Compositor()
        var pixmap = Pixmap(width: Int(Self.width), height: Int(Self.height))
        var composite: [Double] = []
        for frame in 0..<(Self.warmUpFrames + frames) {
            let ms = BenchTiming.milliseconds { compositor.render(tree, into: &pixmap, scale: 1) }
            if frame >= Self.warmUpFrames { composite.append(ms) }
        }
        if let output { try write(sprites, image: Self.softDisc, frame: pixmap, to: URL(fileURLWithPath: output)) }
        var step: [Double] = []
        for frame in 0..<(Self.warmUpFrames + frames) {
            let t = 6 + Double(frame + 1) / 60
            let ms = BenchTiming.milliseconds { stage.advance(to: t) }
            if frame >= Self.warmUpFrames { step.append(ms) }
        }
        print("particles \(Int(Self.width))x\(Int(Self.height)), \(sprites.count) live, \(frames) frames, 1 thread:")
        print(String(format: "  composite  %8.3f ms/frame (median)", BenchTiming.median(composite)))
        print(String(format: "  simulate   %8.3f ms/frame (median; stepping 1/60 s)", BenchTiming.median(step)))
        _ = emitter
    }

    static func makeStage() -> (Stage, CAEmitterLayer) {
        let stage = Stage(width: width, height: height)
        stage.duration = 1000
        let emitter = CAEmitterLayer()
        emitter.frame = stage.rootLayer.bounds
        emitter.emitterShape = .rectangle
        emitter.emitterPosition = CGPoint(x: width / 2, y: height / 2)
        emitter.emitterSize = CGSize(width: width, height: height)
        let cell = CAEmitterCell()
        cell.contents = softDisc
        cell.birthRate = 2000
        cell.lifetime = 5
        cell.velocity = 30
        cell.velocityRange = 20
        cell.emissionRange = 2 * .pi
        cell.spin = 1
        cell.spinRange = 4
        cell.scale = 0.6
        cell.scaleRange = 0.8
        cell.color = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.9)
        cell.redRange = 1
        cell.greenRange = 1
        cell.blueRange = 1
        cell.alphaRange = 0.2
        emitter.emitterCells = [cell]
        stage.rootLayer.addSublayer(emitter)
        return (stage, emitter)
    }

    /// A 32×32 white disc fading out toward its rim.
    static let softDisc: CGImage = {
        let size = 32
        var bytes = [UInt8](repeating: 0, count: size * size * 4)
        let c = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let r = hypot(Double(x) + 0.5 - c, Double(y) + 0.5 - c) / c
                let a = r >= 1 ? 0 : r <= 0.6 ? 1 : (1 - r) / 0.4
                let i = (y * size + x) * 4
                bytes[i] = 255; bytes[i + 1] = 255; bytes[i + 2] = 255
                bytes[i + 3] = UInt8((a * 255).rounded())
            }
        }
        return CGImage(image: RGBAImage(width: size, height: size, bytes: bytes))
    }()

    /// The scene as JSON (`sprites`: centre x, y, angle, scale, straight r, g, b, a) beside the
    /// image's PNG, and carender's frame.
    private func write(_ sprites: [ParticleSprite], image: CGImage, frame: Pixmap, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try image.image.writePNG(to: folder.appendingPathComponent("sprite.png"))
        try frame.unpremultiplied().writePNG(to: folder.appendingPathComponent("carender.png"))
        var json = "{\"width\": \(Int(Self.width)), \"height\": \(Int(Self.height)), \"image\": \"sprite.png\", \"sprites\": [\n"
        for (i, s) in sprites.enumerated() {
            json += "[\(s.x), \(s.y), \(s.angle), \(s.scale), \(s.color.x), \(s.color.y), \(s.color.z), \(s.color.w)]"
            json += i + 1 < sprites.count ? ",\n" : "\n"
        }
        json += "]}\n"
        try json.write(to: folder.appendingPathComponent("particles.json"), atomically: true, encoding: .utf8)
    }
}
