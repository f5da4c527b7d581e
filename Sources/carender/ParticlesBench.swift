import CARender
import Foundation

/// `carender bench --particles`: what drawing an emitter's particles costs. 10,000 live particles
/// (a rectangle emitter over a 1280×720 frame: 2000 a second living 5 s, turning, scaled 0.2–1 of
/// a 32×32 soft disc, each its own colour) are simulated to their steady state, then drawn over a
/// cleared frame, frame after frame; the median of the drawing is printed. With `--output` the
/// sprites and their image are written as the scene `Tools/skia_sprites.py` draws with Skia's
/// `drawAtlas`, for a side-by-side figure (`Tools/bench_particles.sh`), and carender's last frame
/// as `carender.png`.
struct ParticlesBench {
    var frames: Int
    var output: String?
    static let width = 1280, height = 720
    static let warmUpFrames = 5

    func run() throws {
        let (sprites, image) = Self.steadyState()
        if let output { try write(sprites, image: image, to: URL(fileURLWithPath: output)) }
        let compositor = Compositor()
        var pixmap = Pixmap(width: Self.width, height: Self.height)
        let images = [(image: image, contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1), contentsScale: 1.0)]
        var times: [Double] = []
        times.reserveCapacity(frames)
        for frame in 0..<(Self.warmUpFrames + frames) {
            let start = DispatchTime.now().uptimeNanoseconds
            pixmap.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            compositor.drawSprites(sprites, images: images, into: &pixmap, scale: 1)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if frame >= Self.warmUpFrames { times.append(ms) }
        }
        if let output {
            try pixmap.unpremultiplied().writePNG(to: URL(fileURLWithPath: output).appendingPathComponent("carender.png"))
        }
        let sorted = times.sorted()
        print("particles \(Self.width)x\(Self.height), \(sprites.count) sprites, \(frames) frames, 1 thread:")
        print(String(format: "  sprites    %8.3f ms/frame (median)", sorted[sorted.count / 2]))
    }

    /// The particles of the benchmark emitter after 6 s (all born in the last 5 s alive).
    static func steadyState() -> (sprites: [ParticleSprite], image: CGImage) {
        let simulation = EmitterSimulation()
        var cell = EmitterCellValues()
        cell.birthRate = 2000
        cell.lifetime = 5
        cell.velocity = 30
        cell.velocityRange = 20
        cell.emissionRange = 2 * .pi
        cell.spin = 1
        cell.spinRange = 4
        cell.scale = 0.6
        cell.scaleRange = 0.8
        cell.color = SIMD4(0.5, 0.5, 0.5, 0.9)
        cell.colorRange = SIMD4(1, 1, 1, 0.2)
        simulation.advance(to: 6) { time, sample in
            sample.localTime = time
            sample.layer.shape = .rectangle
            sample.layer.position = SIMD3(Double(width) / 2, Double(height) / 2, 0)
            sample.layer.size = SIMD3(Double(width), Double(height), 0)
            sample.cells.removeAll(keepingCapacity: true)
            sample.cells.append(EmitterCellNode(parent: -1, values: cell))
        }
        var sprites: [ParticleSprite] = []
        simulation.sprites(at: 6, into: &sprites)
        return (sprites, softDisc(size: 32))
    }

    /// A white disc fading out toward its rim.
    static func softDisc(size: Int) -> CGImage {
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
    }

    /// The scene as JSON (`sprites`: centre x, y, angle, scale, straight r, g, b, a) beside the
    /// image's PNG.
    private func write(_ sprites: [ParticleSprite], image: CGImage, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try image.image.writePNG(to: folder.appendingPathComponent("sprite.png"))
        var json = "{\"width\": \(Self.width), \"height\": \(Self.height), \"image\": \"sprite.png\", \"sprites\": [\n"
        for (i, s) in sprites.enumerated() {
            json += "[\(s.x), \(s.y), \(s.angle), \(s.scale), \(s.color.x), \(s.color.y), \(s.color.z), \(s.color.w)]"
            json += i + 1 < sprites.count ? ",\n" : "\n"
        }
        json += "]}\n"
        try json.write(to: folder.appendingPathComponent("particles.json"), atomically: true, encoding: .utf8)
    }
}
