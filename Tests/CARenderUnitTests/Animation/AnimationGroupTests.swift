import XCTest
import CARender
@testable import CARenderModel

/// CAAnimationGroup (its children run in the group's time space).
final class AnimationGroupTests: XCTestCase {
    private func group(_ children: [CAAnimation], duration: Double) -> CAAnimationGroup {
        let g = CAAnimationGroup()
        g.animations = children
        g.duration = duration
        return g
    }

    /// Children are clipped, not scaled, to the group's duration.
    func testChildrenAreClipped() {
        let clock = AnimationClock()
        let g = group([basic("position.x", from: 0, to: 1, duration: 10)], duration: 5)
        clock.layer.add(g, forKey: "g")
        XCTAssertEqual(clock.number("position.x", at: 2.5), 0.25, accuracy: exact)
        XCTAssertEqual(clock.number("position.x", at: 4.999), 0.4999, accuracy: 1e-9)
        XCTAssertEqual(clock.number("position.x", at: 5), 100, accuracy: exact)      // removed with the group
        XCTAssertNil(clock.layer.animationKeys())
        // Held at the group's end with fill forwards.
        let held = AnimationClock()
        let g2 = group([basic("position.x", from: 0, to: 1, duration: 10)], duration: 5)
        g2.fillMode = .forwards
        g2.isRemovedOnCompletion = false
        held.layer.add(g2, forKey: "g")
        XCTAssertEqual(held.number("position.x", at: 7), 0.5, accuracy: exact)
    }

    /// Group speed 2 runs its children twice as fast.
    func testGroupSpeed() {
        let clock = AnimationClock()
        let child = basic("position.x", from: 0, to: 1, duration: 2)
        child.fillMode = .both
        let g = group([child], duration: 2)
        g.speed = 2
        g.fillMode = .both
        clock.layer.add(g, forKey: "g")
        XCTAssertEqual(clock.number("position.x", at: 0.25), 0.25, accuracy: exact)
    }

    /// A child's beginTime is an offset into the group; it applies its own fill mode.
    func testChildBeginTime() {
        func run(fill: CAMediaTimingFillMode, at times: [Double]) -> [Double] {
            let clock = AnimationClock()
            let child = basic("position.x", from: 0, to: 1, duration: 1)
            child.beginTime = 1
            child.fillMode = fill
            clock.layer.add(group([child], duration: 3), forKey: "g")
            return times.map { clock.number("position.x", at: $0) }
        }
        XCTAssertEqual(run(fill: .removed, at: [0.5, 1.5, 2.5]), [100, 0.5, 100])
        XCTAssertEqual(run(fill: .both, at: [0.5, 1.5, 2.5]), [0, 0.5, 1])
    }

    /// Only the group's delegate hears callbacks; children's are ignored.
    func testOnlyTheGroupReports() {
        let clock = AnimationClock()
        let child = basic("position.x", from: 0, to: 1, duration: 0.5)
        child.delegate = RecordingDelegate("child", clock)
        let g = group([child], duration: 1)
        g.delegate = RecordingDelegate("group", clock)
        clock.layer.add(g, forKey: "g")
        clock.advance(to: 2)
        XCTAssertEqual(clock.log, ["start group@0.0", "stop group true@1.0"])
    }

    /// The group's timing function warps the time its children see.
    func testGroupTimingFunction() {
        let clock = AnimationClock()
        let g = group([basic("position.x", from: 0, to: 100, duration: 1)], duration: 1)
        g.timingFunction = CAMediaTimingFunction(name: .easeIn)
        clock.layer.add(g, forKey: "g")
        XCTAssertEqual(clock.number("position.x", at: 0.5), 100 * CAMediaTimingFunction(name: .easeIn).evaluate(0.5), accuracy: exact)
    }

    /// Children with no duration take the group's (carender's choice: CAAnimationGroup's documentation
    /// does not say what such a child gets);
    /// several children animate different properties at once; repeats repeat the whole group.
    func testChildDefaultsAndRepeats() {
        let clock = AnimationClock()
        let x = basic("position.x", from: 0, to: 10, duration: 0)
        let y = basic("position.y", from: 0, to: 20, duration: 1)
        let g = group([x, y], duration: 2)
        g.repeatCount = 2
        clock.layer.add(g, forKey: "g")
        XCTAssertEqual(clock.number("position.x", at: 0.5), 2.5, accuracy: exact)
        XCTAssertEqual(clock.number("position.y", at: 0.5), 10, accuracy: exact)
        XCTAssertEqual(clock.number("position.x", at: 2.5), 2.5, accuracy: exact)   // second cycle
        XCTAssertEqual(clock.number("position.y", at: 3.5), 100, accuracy: exact)   // child y over in cycle 2
    }

    /// Copying a group copies its children, so later changes to them do not leak in.
    func testGroupCopiesChildren() {
        let layer = CALayer()
        let child = basic("position.x", from: 0, to: 1)
        layer.add(group([child], duration: 1), forKey: "g")
        child.duration = 99
        let stored = layer.animation(forKey: "g") as! CAAnimationGroup
        XCTAssertEqual(stored.animations?.first?.duration, 1)
        XCTAssertFalse(stored.animations?.first === child)
    }

    /// Groups nested as deep as memory allows are copied when added, compiled and evaluated
    /// (each level a group of 1 s around the next; the innermost fades opacity over 1 s).
    func testTenThousandNestedGroupsAreCopiedCompiledAndEvaluated() throws {
        let clock = AnimationClock()
        var animation: CAAnimation = basic("opacity", from: 0, to: 1, duration: 1)
        for _ in 0..<10_000 { animation = group([animation], duration: 1) }
        let outermost = try XCTUnwrap(animation as? CAAnimationGroup)
        clock.layer.add(outermost, forKey: "nested")
        XCTAssertEqual(clock.number("opacity", at: 0.25), 0.25, accuracy: 1e-9)
        XCTAssertEqual(clock.number("opacity", at: 0.75), 0.75, accuracy: 1e-9)

        // The attached animation is a copy all the way down.
        var original: CAAnimation? = outermost
        var copy: CAAnimation? = clock.layer.animation(forKey: "nested")
        var levels = 0
        while let group = copy as? CAAnimationGroup {
            XCTAssertFalse(group === original)
            levels += 1
            original = (original as? CAAnimationGroup)?.animations?.first
            copy = group.animations?.first
        }
        XCTAssertEqual(levels, 10_000)
        XCTAssertTrue(copy is CABasicAnimation && copy !== original)
    }
}
