import Foundation
import XCTest
import CARender
@testable import CARenderModel
import CARenderTestSupport

/// CAEmitterLayer and CAEmitterCell as apps use them: Apple's defaults, key-value coding of the
/// layer's properties and of its cells through `emitterCells.NAME.KEY`, animations of those key
/// paths reaching the particles, and the drawing (render modes, clipping, a stage render).
final class EmitterLayerTests: XCTestCase {
    func testDefaultsAreApples() {
        let layer = CAEmitterLayer()
        XCTAssertNil(layer.emitterCells)
        XCTAssertEqual(layer.birthRate, 1)
        XCTAssertEqual(layer.lifetime, 1)
        XCTAssertEqual(layer.emitterPosition, .zero)
        XCTAssertEqual(layer.emitterSize, .zero)
        XCTAssertEqual(layer.emitterShape, .point)
        XCTAssertEqual(layer.emitterMode, .volume)
        XCTAssertEqual(layer.renderMode, .unordered)
        XCTAssertEqual(layer.velocity, 1)
        XCTAssertEqual(layer.scale, 1)
        XCTAssertEqual(layer.spin, 1)
        XCTAssertEqual(layer.seed, 0)
        XCTAssertFalse(layer.preservesDepth)
        let cell = CAEmitterCell()
        XCTAssertTrue(cell.isEnabled)
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertEqual(cell.lifetime, 0)
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.contentsScale, 1)
        XCTAssertEqual(cell.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(cell.color?.rgbaComponents.a, 1)
        XCTAssertEqual(cell.color?.rgbaComponents.r, 1)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat, 1)
        XCTAssertEqual(kCAEmitterLayerLine, "line")
        XCTAssertEqual(kCAEmitterLayerAdditive, "additive")
    }

    func testCellKeyPathsReadAndWriteTheNamedCells() {
        let layer = CAEmitterLayer()
        let rocket = CAEmitterCell()
        rocket.name = "rocket"
        rocket.birthRate = 2
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.velocity = 40
        rocket.emitterCells = [spark]
        layer.emitterCells = [rocket]
        XCTAssertEqual(layer.value(forKeyPath: "emitterCells.rocket.birthRate") as? CGFloat, 2)
        XCTAssertEqual(layer.value(forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity") as? CGFloat, 40)
        layer.setValue(0, forKeyPath: "emitterCells.rocket.birthRate")
        XCTAssertEqual(rocket.birthRate, 0)
        layer.setValue(NSNumber(value: 12.5), forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity")
        XCTAssertEqual(spark.velocity, 12.5)
        XCTAssertNil(layer.value(forKeyPath: "emitterCells.nobody.birthRate"))
        // Layer properties through KVC, as Apple's key names.
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "emitterPosition")
        XCTAssertEqual(layer.emitterPosition, CGPoint(x: 3, y: 4))
        layer.setValue("line", forKey: "emitterShape")
        XCTAssertEqual(layer.emitterShape, .line)
        layer.setValue(7, forKey: "seed")
        XCTAssertEqual(layer.seed, 7)
        // Cells' own KVC.
        spark.setValue(0.5, forKey: "alphaSpeed")
        XCTAssertEqual(spark.alphaSpeed, 0.5)
        XCTAssertEqual(spark.value(forKey: "alphaSpeed") as? CGFloat, 0.5)
    }

    /// A stage with a point emitter in the middle of a 100 × 100 black stage emitting 4 × 4 white
    /// squares straight right at 100 pt/s, `birthRate` a second.
    private func stage(birthRate: Float = 10, configure: (CAEmitterLayer) -> Void = { _ in }) -> (Stage, CAEmitterLayer) {
        let stage = Stage(width: 100, height: 100)
        stage.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        let emitter = CAEmitterLayer()
        emitter.frame = stage.rootLayer.bounds
        emitter.emitterPosition = CGPoint(x: 10, y: 50)
        let cell = CAEmitterCell()
        cell.name = "dot"
        cell.birthRate = birthRate
        cell.lifetime = 10
        cell.velocity = 100
        cell.contents = CGImage(image: RGBAImage(width: 4, height: 4, bytes: [UInt8](repeating: 255, count: 64)))
        emitter.emitterCells = [cell]
        configure(emitter)
        stage.rootLayer.addSublayer(emitter)
        return (stage, emitter)
    }

    private func whitePixels(_ image: RGBAImage) -> Int {
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].r > 128 { count += 1 } }
        return count
    }

    func testParticlesAreDrawnWhereTheyHaveFlown() {
        let (stage, _) = stage()
        stage.advance(to: 0.55)
        let image = stage.render()
        // Born at 0.1, 0.2, …, 0.5 s: at 0.55 s they are 0.45 … 0.05 s old, 45 … 5 pt right of
        // the emitter, 4 pt squares centred on y = 50.
        for age in [0.45, 0.35, 0.25, 0.15, 0.05] {
            let x = Int(10 + 100 * age)
            XCTAssertGreaterThan(image[x, 50].r, 200, "particle of age \(age) at x = \(x)")
        }
        XCTAssertEqual(image[30, 50].r, 0)
        XCTAssertEqual(image[40, 44].r, 0)
    }

    private func particleCount(_ emitter: CAEmitterLayer, at t: Double) -> Int {
        emitter.renderNode(at: t).emitter?.sprites.count ?? 0
    }

    func testAnimatingACellKeyPathChangesItsBirthRate() {
        // The cell's rate animated to 40 a second for the first half second, then back to its
        // own 10: 20 particles, then 5 more by 1 s.
        let (animated, emitter) = stage(birthRate: 10)
        let ramp = CABasicAnimation(keyPath: "emitterCells.dot.birthRate")
        ramp.fromValue = 40
        ramp.toValue = 40
        ramp.duration = 0.5
        emitter.add(ramp, forKey: "ramp")
        animated.advance(to: 1)
        XCTAssertEqual(particleCount(emitter, at: 1), 25, accuracy: 1)
        let (plain, still) = stage(birthRate: 10)
        plain.advance(to: 1)
        XCTAssertEqual(particleCount(still, at: 1), 10)
    }

    func testTheLayerBirthRateStopsNewParticles() {
        let (stage, emitter) = stage()
        stage.at(0.5) {
            CATransaction.setDisableActions(true)
            emitter.birthRate = 0
        }
        stage.advance(to: 0.5)
        let before = whitePixels(stage.render())
        stage.advance(to: 0.9)
        // The same five particles, moved on: none born since.
        XCTAssertEqual(whitePixels(stage.render()), before)
        XCTAssertGreaterThan(before, 0)
    }

    func testMasksToBoundsClipsTheParticles() {
        let (stage, _) = stage { emitter in
            emitter.frame = CGRect(x: 0, y: 0, width: 40, height: 100)
            emitter.masksToBounds = true
        }
        stage.advance(to: 0.55)
        let image = stage.render()
        XCTAssertGreaterThan(image[25, 50].r, 200)
        XCTAssertEqual(image[45, 50].r, 0)
        XCTAssertEqual(image[55, 50].r, 0)
    }

    func testAdditiveRenderModeAddsOverlappingParticles() {
        // Two cells emitting half-bright grey at the same instants and places: drawn over each
        // other they stay half-bright, added they are bright.
        func brightness(_ mode: CAEmitterLayerRenderMode) -> UInt8 {
            let (stage, _) = stage { emitter in
                emitter.renderMode = mode
                let cell = emitter.emitterCells![0]
                cell.color = CGColor(gray: 0.5, alpha: 1)
                let twin = CAEmitterCell()
                twin.birthRate = cell.birthRate
                twin.lifetime = cell.lifetime
                twin.velocity = cell.velocity
                twin.color = cell.color
                twin.contents = cell.contents
                emitter.emitterCells = [cell, twin]
            }
            stage.advance(to: 0.55)
            return stage.render()[55, 50].r
        }
        XCTAssertEqual(Int(brightness(.unordered)), 128, accuracy: 2)
        XCTAssertEqual(Int(brightness(.additive)), 255, accuracy: 2)
    }
}
