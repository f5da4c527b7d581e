import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage

/// Changes that would make the layer tree (or an animation group) contain itself are refused:
/// the tree is left as it was and an error names the layers. Apple's frameworks raise an
/// exception; carender must neither crash nor hang.
final class LayerCycleTests: XCTestCase {
    private func named(_ name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        return layer
    }

    /// Runs `change` on a fresh stage and returns the errors it reported.
    private func errors(_ change: () -> Void) -> [String] {
        capturingDiagnostics(change).filter { $0.hasPrefix("carender: error:") }
    }

    func testAddingALayerToItselfIsRefused() {
        _ = Stage(width: 10, height: 10)
        let a = named("a")
        let reported = errors { a.addSublayer(a) }
        XCTAssertNil(a.sublayers)
        XCTAssertNil(a.superlayer)
        XCTAssertEqual(reported.count, 1, "\(reported)")
        XCTAssertTrue(reported[0].contains("layer 'a' cannot be a sublayer of itself"), "\(reported)")
    }

    func testSublayerCyclesAreRefusedByEveryInsertion() {
        _ = Stage(width: 10, height: 10)
        let a = named("a"), b = named("b"), c = named("c"), other = named("other")
        a.addSublayer(b)
        b.addSublayer(c)
        c.addSublayer(other)
        let attempts: [(String, () -> Void)] = [
            ("addSublayer", { c.addSublayer(a) }),
            ("insertSublayer", { c.insertSublayer(a, at: 0) }),
            ("insertSublayer(_:below:)", { c.insertSublayer(a, below: other) }),
            ("insertSublayer(_:above:)", { c.insertSublayer(a, above: other) }),
            ("replaceSublayer", { c.replaceSublayer(other, with: a) }),
            ("sublayers = [...]", { c.sublayers = [other, a] }),
        ]
        for (change, attempt) in attempts {
            let reported = errors(attempt)
            XCTAssertEqual(reported.count, 1, "\(change): \(reported)")
            XCTAssertTrue(reported.first?.contains("layer 'a' cannot be a sublayer of layer 'c', which lies inside it") == true,
                          "\(change): \(reported)")
            XCTAssertNil(a.superlayer, change)
            XCTAssertEqual(c.sublayers, [other], change)
            XCTAssertEqual(a.sublayers, [b], change)
        }
    }

    func testMaskCyclesAreRefused() {
        let stage = Stage(width: 10, height: 10)
        let a = named("a"), b = named("b")
        a.mask = b

        var reported = errors { b.mask = a }
        XCTAssertNil(b.mask, "a.mask = b; b.mask = a")
        XCTAssertTrue(a.mask === b && b.superlayer === a)
        XCTAssertTrue(reported.first?.contains("layer 'a' cannot be the mask of layer 'b', which lies inside it") == true, "\(reported)")

        reported = errors { a.mask = a }
        XCTAssertTrue(a.mask === b, "mask = self leaves the old mask")
        XCTAssertTrue(reported.first?.contains("layer 'a' cannot be the mask of itself") == true, "\(reported)")

        let parent = named("parent"), child = named("child")
        parent.addSublayer(child)
        reported = errors { child.mask = parent }
        XCTAssertNil(child.mask, "a child's mask set to its parent")
        XCTAssertEqual(parent.sublayers, [child])
        XCTAssertEqual(reported.count, 1, "\(reported)")

        let owner = named("owner"), holder = named("holder")
        holder.addSublayer(owner)
        reported = errors { owner.mask = holder }
        XCTAssertNil(owner.mask, "a mask containing its owner")
        XCTAssertTrue(owner.superlayer === holder)
        XCTAssertEqual(reported.count, 1, "\(reported)")

        let card = named("card")
        stage.rootLayer.addSublayer(card)
        reported = errors { card.mask = stage.rootLayer }
        XCTAssertNil(card.mask, "mask = rootLayer")
        XCTAssertNil(stage.rootLayer.superlayer)
        XCTAssertEqual(reported.count, 1, "\(reported)")

        let loose = named("loose")
        reported = errors { loose.mask = stage.rootLayer }
        XCTAssertNil(loose.mask, "the root layer is never a mask")
        XCTAssertTrue(reported.first?.contains("the stage's root layer cannot be the mask of layer 'loose'") == true, "\(reported)")
        reported = errors { loose.addSublayer(stage.rootLayer) }
        XCTAssertNil(loose.sublayers, "nor a sublayer")
        XCTAssertEqual(reported.count, 1, "\(reported)")
    }

    func testARefusedCycleLeavesAStageThatRenders() {
        let stage = Stage(width: 4, height: 4)
        let a = named("a"), b = named("b")
        a.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.frame = a.frame
        stage.rootLayer.addSublayer(a)
        a.mask = b
        b.backgroundColor = CGColor(gray: 0, alpha: 1)
        _ = errors { b.mask = a }
        let frame = stage.render()
        XCTAssertEqual(frame.width, 4)
        XCTAssertEqual(frame[2, 2], RGBA8(r: 255, g: 0, b: 0, a: 255), "masked by the opaque b, so drawn")
    }

    func testAnimationGroupsThatContainThemselvesAreRefused() {
        _ = Stage(width: 10, height: 10)
        let fade = CABasicAnimation(keyPath: "opacity")
        let group = CAAnimationGroup()
        group.animations = [fade]
        var reported = errors { group.animations = [fade, group] }
        XCTAssertEqual(group.animations?.count, 1, "directly")
        XCTAssertTrue(group.animations?.first === fade)
        XCTAssertEqual(reported.count, 1, "\(reported)")

        let outer = CAAnimationGroup(), middle = CAAnimationGroup()
        outer.animations = [middle]
        middle.animations = [group]
        reported = errors { group.animations = [fade, outer] }
        XCTAssertTrue(group.animations?.first === fade && group.animations?.count == 1, "deeply")
        XCTAssertTrue(reported.first?.contains("would contain itself") == true, "\(reported)")

        // Sharing one group in two places is no cycle.
        let shared = CAAnimationGroup()
        shared.animations = [fade]
        reported = errors { group.animations = [shared, shared] }
        XCTAssertEqual(group.animations?.count, 2)
        XCTAssertEqual(reported, [])
    }
}
