import XCTest
@testable import CARender

/// Walks of the layer tree keep their own stacks, so a tree's depth is limited by memory, not
/// by the thread's stack: 10,000 nested layers commit, lay out, deliver animation events,
/// hit-test, convert coordinates and are freed.
final class DeepTreeTests: XCTestCase {
    static let depth = 10_000

    /// A chain of `depth` layers under the stage's root, each 1 point inside its superlayer, with
    /// opacity, masksToBounds and a shadow on every level; returns the innermost.
    private func buildChain(on stage: Stage) -> CALayer {
        var parent = stage.rootLayer
        for level in 0..<Self.depth {
            let layer = CALayer()
            layer.name = "level \(level)"
            layer.frame = CGRect(x: 0.001, y: 0, width: 100, height: 100)
            layer.opacity = 0.999
            layer.masksToBounds = true
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 2
            parent.addSublayer(layer)
            parent = layer
        }
        return parent
    }

    func testTenThousandNestedLayersCommitLayOutAndDeliverAnimationEvents() {
        let stage = Stage(width: 200, height: 200)
        let innermost = buildChain(on: stage)
        innermost.setNeedsLayout()
        stage.advance(to: 0)
        XCTAssertEqual(innermost.depth, Self.depth)
        XCTAssertTrue(innermost.isInCommittedStageTree, "the commit marked the whole chain")
        XCTAssertFalse(innermost.needsLayout(), "the layout pass reached the innermost layer")

        final class Recorder: NSObject, CAAnimationDelegate {
            var events: [String] = []
            func animationDidStart(_ anim: CAAnimation) { events.append("start") }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
        }
        let recorder = Recorder()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.5
        fade.delegate = recorder
        stage.at(0.25) { innermost.add(fade, forKey: "fade") }
        stage.advance(to: 1)
        XCTAssertEqual(recorder.events, ["start", "stop true"])
    }

    func testTenThousandNestedLayersHitTestAndConvert() {
        let stage = Stage(width: 200, height: 200)
        let innermost = buildChain(on: stage)
        XCTAssertTrue(stage.rootLayer.hitTest(CGPoint(x: 50, y: 50)) === innermost)
        // Each level sits 0.001 points to the right of its superlayer.
        let p = innermost.convert(CGPoint(x: 0, y: 0), to: stage.rootLayer)
        XCTAssertEqual(p.x, 0.001 * CGFloat(Self.depth), accuracy: 1e-6)
        XCTAssertEqual(p.y, 0, accuracy: 1e-9)
        XCTAssertFalse(innermost.contentsAreFlipped())
    }

    func testTenThousandNestedLayersAndMasksAreFreed() {
        let stage = Stage(width: 10, height: 10)
        weak var innermost: CALayer?
        do {
            var root: CALayer? = CALayer()
            var parent = root!
            for _ in 0..<Self.depth {
                let layer = CALayer()
                let mask = CALayer()
                layer.mask = mask
                parent.addSublayer(layer)
                parent = mask
            }
            innermost = parent
            XCTAssertNotNil(innermost)
            stage.advance(to: 0)       // the commit lets go of the changed layers
            root = nil
        }
        XCTAssertNil(innermost, "the whole chain was released")
    }
}
