import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderModel
@testable import CARenderCompositor
@testable import CARenderStage
import CARenderTestSupport

/// The particle hot path allocates nothing once warmed up: stepping an emitter (moving,
/// emitting and retiring thousands of particles, with sub-cells), refilling its frame, and
/// compositing its sprites in every render mode.
final class EmitterAllocationTests: XCTestCase {
    func testSteppingAndDrawingParticlesDoesNotAllocate() {
        // Small (unoptimised test builds draw slowly), but with every kind of change each frame.
        let stage = Stage(width: 64, height: 48)
        stage.rootLayer.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        let emitter = CAEmitterLayer()
        emitter.frame = stage.rootLayer.bounds
        emitter.emitterPosition = CGPoint(x: 32, y: 24)
        emitter.emitterShape = .circle
        emitter.emitterSize = CGSize(width: 10, height: 0)
        let image = CGImage(image: RGBAImage(width: 2, height: 2, bytes: [UInt8](repeating: 200, count: 16)))
        let cell = CAEmitterCell()
        cell.birthRate = 300
        cell.lifetime = 1
        cell.velocity = 20
        cell.emissionRange = 2 * .pi
        cell.spin = 2
        cell.alphaSpeed = -0.5
        cell.contents = image
        let child = CAEmitterCell()
        child.birthRate = 2
        child.lifetime = 0.3
        child.contents = image
        cell.emitterCells = [child]
        emitter.emitterCells = [cell]
        stage.rootLayer.addSublayer(emitter)
        let compositor = Compositor()
        var pixmap = Pixmap(width: 64, height: 48)
        for mode in [CAEmitterLayerRenderMode.unordered, .oldestLast, .backToFront, .additive] {
            emitter.renderMode = mode
            var t = stage.time
            // Warm up: buffers reach the steady state's particle count.
            for _ in 0..<25 {
                t += 0.05
                stage.advance(to: t)
                compositor.render(emitter.renderNode(at: t), into: &pixmap, scale: 1)
            }
            var steps: [Int] = [], frames: [Int] = [], composites: [Int] = []
            for _ in 0..<5 {
                t += 1.0 / 60
                steps.append(countingAllocations { emitter.step(to: t) })
                var node = RenderNode(kind: .emitterLayer, state: emitter.presentationState(at: t))
                frames.append(countingAllocations { node.emitter = emitter.particles(localTime: t) })
                composites.append(countingAllocations { compositor.render(node, into: &pixmap, scale: 1) })
            }
            XCTAssertGreaterThan(emitter.renderNode(at: t).emitter?.sprites.count ?? 0, 250, "\(mode.rawValue)")
            XCTAssertEqual(steps, [0, 0, 0, 0, 0], "stepping, \(mode.rawValue)")
            XCTAssertEqual(frames, [0, 0, 0, 0, 0], "the frame's sprites, \(mode.rawValue)")
            XCTAssertEqual(composites, [0, 0, 0, 0, 0], "compositing, \(mode.rawValue)")
        }
    }
}
