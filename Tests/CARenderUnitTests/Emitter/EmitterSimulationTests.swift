import Foundation
import XCTest
@testable import CARenderModel

/// The particle simulation against Apple's documented behaviour of CAEmitterLayer and
/// CAEmitterCell (see `EmitterSimulation`): birth timing, lifetimes, ranges, directions, shapes,
/// acceleration, sub-cells, pre-warming, and that particles depend on the emitter's history and
/// seed only, not on how the stage stepped there.
final class EmitterSimulationTests: XCTestCase {
    /// An emitter whose layer and cells stay as given, its local time the stage's (less
    /// `start`), on the stage from time 0 (when the stage first steps it), then advanced to
    /// each of `times`.
    private func run(_ cells: [EmitterCellNode], layer: EmitterLayerValues = EmitterLayerValues(),
                     times: [Double], start: Double = 0, from first: Double = 0) -> EmitterSimulation {
        let simulation = EmitterSimulation()
        for t in [first] + times {
            simulation.advance(to: t) { time, sample in
                sample.layer = layer
                sample.localTime = time - start
                sample.cells.removeAll(keepingCapacity: true)
                sample.cells.append(contentsOf: cells)
            }
        }
        return simulation
    }

    private func cell(_ configure: (inout EmitterCellValues) -> Void) -> EmitterCellNode {
        var values = EmitterCellValues()
        configure(&values)
        return EmitterCellNode(parent: -1, values: values)
    }

    private func sprites(_ simulation: EmitterSimulation, at t: Double) -> [ParticleSprite] {
        var sprites: [ParticleSprite] = []
        simulation.sprites(at: t, into: &sprites)
        return sprites
    }

    func testParticlesAreBornEvenlyFromOneIntervalAfterTheStart() {
        let emitter = cell { $0.birthRate = 10; $0.lifetime = 100 }
        // Births at 0.1, 0.2, …: none before the first interval has passed.
        XCTAssertEqual(run([emitter], times: [0.09]).particles.count, 0)
        XCTAssertEqual(run([emitter], times: [0.1]).particles.count, 1)
        XCTAssertEqual(run([emitter], times: [1.0]).particles.count, 10)
        // Each is as old as the time since its birth.
        let ages = run([emitter], times: [1.0]).particles.map(\.age)
        for (k, age) in ages.enumerated() { XCTAssertEqual(age, 1.0 - 0.1 * Double(k + 1), accuracy: 1e-9) }
        // The layer's birth rate multiplies the cell's.
        var layer = EmitterLayerValues()
        layer.birthRate = 2
        XCTAssertEqual(run([emitter], layer: layer, times: [1.0]).particles.count, 20)
    }

    func testParticlesDieAtTheEndOfTheirLifetime() {
        let emitter = cell { $0.birthRate = 10; $0.lifetime = 0.5 }
        // In steady state five are alive (born in the last half second).
        let simulation = run([emitter], times: [3.0])
        XCTAssertEqual(simulation.particles.count, 5)
        XCTAssertTrue(simulation.particles.allSatisfy { $0.age < 0.5 })
        // The layer's lifetime multiplies the cell's at birth.
        var layer = EmitterLayerValues()
        layer.lifetime = 2
        XCTAssertEqual(run([emitter], layer: layer, times: [3.0]).particles.count, 10)
    }

    func testRangesSpreadHalfTheRangeEachSideOfTheMean() {
        // CAEmitterLayer.h: a value with mean M and range R is uniform in M ± R/2.
        let emitter = cell {
            $0.birthRate = 400; $0.lifetime = 10; $0.lifetimeRange = 4
            $0.velocity = 100; $0.velocityRange = 40; $0.scale = 1; $0.scaleRange = 0.5
        }
        let particles = run([emitter], times: [2.0]).particles
        XCTAssertEqual(particles.count, 800)
        let lifetimes = particles.map(\.lifetime)
        XCTAssertGreaterThanOrEqual(lifetimes.min()!, 8)
        XCTAssertLessThanOrEqual(lifetimes.max()!, 12)
        // The extremes are reached (not ± R/4), and the mean is M.
        XCTAssertLessThan(lifetimes.min()!, 8.2)
        XCTAssertGreaterThan(lifetimes.max()!, 11.8)
        XCTAssertEqual(lifetimes.reduce(0, +) / Double(lifetimes.count), 10, accuracy: 0.15)
        let speeds = particles.map { ($0.velocity * $0.velocity).sum().squareRoot() }
        XCTAssertGreaterThanOrEqual(speeds.min()!, 80 - 1e-9)
        XCTAssertLessThanOrEqual(speeds.max()!, 120 + 1e-9)
        XCTAssertGreaterThanOrEqual(particles.map(\.scale).min()!, 0.75)
        XCTAssertLessThanOrEqual(particles.map(\.scale).max()!, 1.25)
    }

    func testDirectionsFollowApplesConventions() {
        // A point emitter's longitude turns from +x toward +y: −π/2 is up on iOS (Apple's
        // emitterCells example). A line's is turned a quarter: π emits down (confetti along the top).
        let up = cell { $0.birthRate = 10; $0.lifetime = 10; $0.velocity = 100; $0.emissionLongitude = -.pi / 2 }
        for p in run([up], times: [1]).particles {
            XCTAssertEqual(p.velocity.x, 0, accuracy: 1e-9)
            XCTAssertEqual(p.velocity.y, -100, accuracy: 1e-9)
        }
        var line = EmitterLayerValues()
        line.shape = .line
        line.position = SIMD3(100, 20, 0)
        line.size = SIMD3(200, 0, 0)
        let down = cell { $0.birthRate = 50; $0.lifetime = 10; $0.velocity = 100; $0.emissionLongitude = .pi }
        for p in run([down], layer: line, times: [1]).particles {
            XCTAssertEqual(p.velocity.y, 100, accuracy: 1e-9)
            XCTAssertEqual(p.velocity.x, 0, accuracy: 1e-9)
        }
        // Within the emission range's cone: at most half the range off the direction.
        let cone = cell { $0.birthRate = 300; $0.lifetime = 10; $0.velocity = 100; $0.emissionRange = .pi / 2 }
        let angles = run([cone], times: [1]).particles.map { acos(max(-1, min(1, $0.velocity.x / 100))) }
        XCTAssertLessThanOrEqual(angles.max()!, .pi / 4 + 1e-9)
        XCTAssertGreaterThan(angles.max()!, .pi / 4 * 0.9)
    }

    func testShapesPlaceBirthsWhereApplesConstantsSay() {
        let still = cell { $0.birthRate = 200; $0.lifetime = 10 }
        var layer = EmitterLayerValues()
        layer.position = SIMD3(100, 50, 0)
        layer.size = SIMD3(60, 20, 0)
        layer.shape = .line
        for p in run([still], layer: layer, times: [1]).particles {
            XCTAssertEqual(p.position.y, 50)
            XCTAssertTrue((70...130).contains(p.position.x))
        }
        layer.shape = .rectangle
        let inRectangle = run([still], layer: layer, times: [1]).particles
        XCTAssertTrue(inRectangle.allSatisfy { (70...130).contains($0.position.x) && (40...60).contains($0.position.y) })
        layer.mode = .outline
        for p in run([still], layer: layer, times: [1]).particles {
            let onEdge = abs(p.position.x - 70) < 1e-9 || abs(p.position.x - 130) < 1e-9
                || abs(p.position.y - 40) < 1e-9 || abs(p.position.y - 60) < 1e-9
            XCTAssertTrue(onEdge, "\(p.position)")
        }
        // A circle's radius is the width.
        layer.shape = .circle
        for p in run([still], layer: layer, times: [1]).particles {
            XCTAssertEqual(hypot(p.position.x - 100, p.position.y - 50), 60, accuracy: 1e-9)
        }
        layer.mode = .volume
        XCTAssertTrue(run([still], layer: layer, times: [1]).particles.allSatisfy { hypot($0.position.x - 100, $0.position.y - 50) <= 60 })
    }

    func testAccelerationMovesParticlesExactly() {
        // At rest with 100 pt/s² down: after t seconds a particle has fallen 50 t².
        let falling = cell { $0.birthRate = 1; $0.lifetime = 10; $0.yAcceleration = 100 }
        let simulation = run([falling], times: [2.0])
        // Born at 1 s and 2 s; drawn at 2.5 s they are 1.5 s and 0.5 s old.
        let drawn = sprites(simulation, at: 2.5)
        XCTAssertEqual(drawn.count, 2)
        XCTAssertEqual(Double(drawn[0].y), 50 * 1.5 * 1.5, accuracy: 1e-3)
        XCTAssertEqual(Double(drawn[1].y), 50 * 0.5 * 0.5, accuracy: 1e-3)
    }

    func testColourScaleAndSpinChangeAtTheirSpeeds() {
        let fading = cell {
            $0.birthRate = 1; $0.lifetime = 10; $0.colorSpeed = SIMD4(-0.5, 0, 0, -0.25); $0.scaleSpeed = 0.5
            $0.spin = 2
        }
        let simulation = run([fading], times: [1.0])
        let drawn = sprites(simulation, at: 2.0)
        XCTAssertEqual(drawn.count, 1)
        XCTAssertEqual(drawn[0].color.w, 0.75, accuracy: 1e-6)
        XCTAssertEqual(drawn[0].color.x, 0.5, accuracy: 1e-6)
        XCTAssertEqual(drawn[0].scale, 1.5, accuracy: 1e-6)
        XCTAssertEqual(drawn[0].angle, 2, accuracy: 1e-6)
        // Faded out: not drawn, though alive (the one born at 1 s, alpha 1 − 0.25 × 4.2).
        let late = run([fading], times: [5.2])
        XCTAssertEqual(late.particles.count, 5)
        XCTAssertEqual(sprites(late, at: 5.2).count, 4)
    }

    func testSubCellsEmitFromTheirParticleOverTheirWindowOfItsAge() {
        // A rocket rising at 100 pt/s, living 1 s; its burst cell emits at 10 a second from
        // age 0.5 for 0.2 s: two sparks per rocket, at its ages 0.6 and 0.7, where it is then,
        // with its scale and colour.
        var rocket = EmitterCellValues()
        rocket.birthRate = 1; rocket.lifetime = 1; rocket.velocity = 100; rocket.emissionLongitude = -.pi / 2
        rocket.scale = 2; rocket.color = SIMD4(1, 0.5, 1, 1)
        var spark = EmitterCellValues()
        spark.birthRate = 10; spark.lifetime = 5; spark.beginTime = 0.5; spark.duration = 0.2; spark.scale = 0.5
        spark.color = SIMD4(0.5, 1, 1, 1)
        let cells = [EmitterCellNode(parent: -1, values: rocket), EmitterCellNode(parent: 0, values: spark)]
        let simulation = run(cells, times: [1.8])
        // The first rocket (born at 1 s) is 0.8 s old: both its sparks are out.
        let sparks = simulation.particles.filter { $0.cell == 1 }
        XCTAssertEqual(sparks.count, 2)
        XCTAssertEqual(sparks[0].position.y, -60, accuracy: 1e-6)
        XCTAssertEqual(sparks[1].position.y, -70, accuracy: 1e-6)
        for s in sparks {
            XCTAssertEqual(s.scale, 1, accuracy: 1e-9)
            XCTAssertEqual(s.color, SIMD4(0.5, 0.5, 1, 1))
            // No velocity of the rocket's.
            XCTAssertEqual((s.velocity * s.velocity).sum(), 0)
        }
    }

    func testParticlesDependOnTheHistoryNotOnHowItWasStepped() {
        let emitter = cell {
            $0.birthRate = 37; $0.lifetime = 2; $0.lifetimeRange = 1; $0.velocity = 80; $0.velocityRange = 30
            $0.emissionRange = 2 * .pi; $0.yAcceleration = 40; $0.spinRange = 3; $0.colorSpeed.w = -0.3
        }
        let frames = run([emitter], times: stride(from: 0, through: 3.3, by: 1.0 / 60).map { $0 } + [3.3])
        let jump = run([emitter], times: [3.3])
        let odd = run([emitter], times: [0.7, 1.234, 2.9999, 3.3])
        let a = sprites(frames, at: 3.3), b = sprites(jump, at: 3.3), c = sprites(odd, at: 3.3)
        XCTAssertEqual(a.count, b.count)
        XCTAssertTrue(zip(a, b).allSatisfy(Self.same))
        XCTAssertTrue(zip(a, c).allSatisfy(Self.same))
        // Another seed, other particles.
        var layer = EmitterLayerValues()
        layer.seed = 7
        let reseeded = sprites(run([emitter], layer: layer, times: [3.3]), at: 3.3)
        XCTAssertFalse(zip(a, reseeded).allSatisfy { $0.x == $1.x && $0.y == $1.y })
    }

    private static func same(_ p: ParticleSprite, _ q: ParticleSprite) -> Bool {
        p.x == q.x && p.y == q.y && p.angle == q.angle && p.scale == q.scale && p.color == q.color && p.cell == q.cell
    }

    func testAnEmitterStartedInThePastIsPreWarmed() {
        // First seen 3 s into its own time (a beginTime 3 s ago), it shows what 3 s of
        // emitting leave alive: births over the last lifetime.
        let emitter = cell { $0.birthRate = 10; $0.lifetime = 1 }
        let late = run([emitter], times: [], start: -3.0)
        XCTAssertEqual(late.particles.count, 10)
        XCTAssertEqual(late.particles.map(\.age).max()!, 1, accuracy: 0.11)
        // Before its start it emits nothing.
        XCTAssertEqual(run([emitter], times: [1.0], start: 2.0).particles.count, 0)
        XCTAssertEqual(run([emitter], times: [3.0], start: 2.0).particles.count, 10)
    }

    func testAnAbsurdBirthRateIsBoundedInParticlesAndTime() {
        // A billion a second: the simulation stops at its bound, says so once, and a step does
        // not count through the births it will not make.
        var warnings: [String] = []
        let simulation = EmitterSimulation(warn: { warnings.append($0) })
        let flood = cell { $0.birthRate = 1e9; $0.lifetime = 10 }
        let start = Date()
        for t in [0, 0.05, 0.1] {
            simulation.advance(to: t) { time, sample in
                sample.localTime = time
                sample.cells.removeAll(keepingCapacity: true)
                sample.cells.append(flood)
            }
        }
        XCTAssertEqual(simulation.particles.count, EmitterSimulation.maximumParticles)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        // Nonsense values give no particles rather than a crash.
        let nonsense = cell { $0.birthRate = .nan; $0.lifetime = .infinity }
        XCTAssertEqual(run([nonsense], times: [1]).particles.count, 0)
    }
}
