import CARender
import CARenderTestSupport
import XCTest

/// Particles are a pure function of the emitter's history and seed: rendering one frame alone,
/// the frames in two shards, or with two worker processes writes the bytes of a serial render.
/// The script exercises what makes a history: a rocket cell bursting into sparks (sub-cells on
/// a window of the rocket's age), an animated emitter position, a cell key path animated
/// (`emitterCells.rocket.birthRate`), a change of the layer's birth rate in a run-loop turn, and
/// gravity; and a tiled layer sliding under it, whose tiles fade in from when each is first needed.
final class EmitterDeterminismTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private static let script = """
        import CARender
        let stage = Stage(width: 80, height: 60)
        stage.duration = 1.5
        stage.rootLayer.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        final class Stripes: CATiledLayer {
            override func draw(in ctx: CGContext) {
                let r = ctx.boundingBoxOfClipPath
                ctx.setFillColor(CGColor(red: r.minX / 300, green: 0.3, blue: 0.5, alpha: 1))
                ctx.fill(r.insetBy(dx: 1, dy: 1))
            }
        }
        let tiles = Stripes()
        tiles.tileSize = CGSize(width: 16, height: 16)
        tiles.anchorPoint = .zero
        tiles.frame = CGRect(x: 0, y: 0, width: 300, height: 60)
        stage.rootLayer.addSublayer(tiles)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.toValue = -220
        slide.duration = 1.5
        tiles.add(slide, forKey: "slide")
        let dot = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        dot.setFillColor(CGColor(gray: 1, alpha: 1))
        dot.fillEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let emitter = CAEmitterLayer()
        emitter.frame = stage.rootLayer.bounds
        emitter.emitterPosition = CGPoint(x: 20, y: 58)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 20, height: 0)
        emitter.seed = 42
        let rocket = CAEmitterCell()
        rocket.name = "rocket"
        rocket.birthRate = 6
        rocket.lifetime = 0.6
        rocket.velocity = 70
        rocket.velocityRange = 20
        rocket.emissionRange = .pi / 6
        rocket.yAcceleration = 40
        rocket.contents = dot.makeImage()
        rocket.color = CGColor(red: 1, green: 0.8, blue: 0.3, alpha: 1)
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 300
        spark.beginTime = 0.45
        spark.duration = 0.1
        spark.lifetime = 0.5
        spark.velocity = 30
        spark.emissionRange = 2 * .pi
        spark.alphaSpeed = -1.5
        spark.spin = 2
        spark.scale = 0.6
        spark.contents = dot.makeImage()
        rocket.emitterCells = [spark]
        emitter.emitterCells = [rocket]
        stage.rootLayer.addSublayer(emitter)
        let move = CABasicAnimation(keyPath: "emitterPosition.x")
        move.toValue = 60
        move.duration = 1
        emitter.add(move, forKey: "move")
        let ramp = CABasicAnimation(keyPath: "emitterCells.rocket.birthRate")
        ramp.fromValue = 6
        ramp.toValue = 12
        ramp.duration = 0.6
        emitter.add(ramp, forKey: "ramp")
        stage.at(0.9) { emitter.birthRate = 0 }
        stage.run()
        """

    private func render(_ extra: [String], into name: String) throws -> URL {
        let script = folder.appendingPathComponent("emitter.swift-script")
        if !FileManager.default.fileExists(atPath: script.path) { try Self.script.write(to: script, atomically: true, encoding: .utf8) }
        let out = folder.appendingPathComponent(name)
        let result = try CLIScripts.run([script.path, "--fps", "20", "-o", out.path, "--quiet"] + extra)
        XCTAssertEqual(result.status, 0, "\(extra): \(result.standardError)")
        XCTAssertEqual(result.standardError, "", "\(extra)")
        return out
    }

    func testOneFrameShardsAndWorkersWriteTheBytesOfASerialRender() throws {
        let serial = try CLIScripts.contents(try render(["--concurrency", "1"], into: "serial"))
        XCTAssertEqual(serial.count, 30)
        // Particles are on screen: the frames differ from one another.
        XCTAssertGreaterThan(Set(serial.values).count, 25)
        // One frame alone, late in the run (after the bursts and the stop).
        let alone = try CLIScripts.contents(try render(["--frames", "23"], into: "alone"))
        XCTAssertEqual(alone.count, 1)
        for (name, data) in alone { XCTAssertEqual(data, serial[name], "\(name) rendered alone") }
        // Two shards into one folder.
        for k in 1...2 { _ = try render(["--shard", "\(k)/2"], into: "sharded") }
        XCTAssertEqual(try CLIScripts.contents(folder.appendingPathComponent("sharded")), serial)
        // Two worker processes.
        XCTAssertEqual(try CLIScripts.contents(try render(["--concurrency", "2"], into: "workers")), serial)
    }
}
