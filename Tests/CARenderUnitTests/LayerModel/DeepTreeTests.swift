import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage

/// Walks of the layer tree keep their own stacks, so a tree's depth is limited by memory, not
/// by the thread's stack: 10,000 nested layers commit, lay out, deliver animation events,
/// hit-test, convert coordinates, become render nodes, presentation copies and transition
/// snapshots, render a frame and are freed.
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

    /// The nodes along the chain from `root` through each node's only sublayer.
    private func chain(from root: RenderNode) -> [RenderNode] {
        var nodes: [RenderNode] = []
        var node: RenderNode? = root
        while let current = node {
            nodes.append(current)
            XCTAssertLessThanOrEqual(current.sublayers.count, 1)
            node = current.sublayers.first
        }
        return nodes
    }

    func testTenThousandNestedLayersBecomeRenderNodesWithTheirPresentationValues() {
        let stage = Stage(width: 200, height: 200)
        let innermost = buildChain(on: stage)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 100
        slide.duration = 1
        stage.at(0) { innermost.add(slide, forKey: "slide") }
        stage.advance(to: 0.25)
        let nodes = chain(from: stage.rootLayer.renderNode(at: 0.25))
        XCTAssertEqual(nodes.count, Self.depth + 1, "the root and every level")
        let levels = nodes.dropFirst()
        XCTAssertTrue(levels.allSatisfy { $0.state.opacity == 0.999 && $0.state.masksToBounds && $0.state.shadowOpacity == 0.5 })
        XCTAssertTrue(levels.allSatisfy { !$0.state.isHidden })
        // The innermost level shows its animation a quarter of the way through.
        XCTAssertEqual(nodes.last!.state.position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(nodes[nodes.count - 2].state.position.x, 50.001, accuracy: 1e-9)
    }

    func testTenThousandNestedLayersHavePresentationCopies() throws {
        let stage = Stage(width: 200, height: 200)
        let innermost = buildChain(on: stage)
        stage.advance(to: 0)
        var copy: CALayer? = try XCTUnwrap(stage.rootLayer.presentation())
        var levels = 0
        var deepest: CALayer?
        while let layer = copy?.sublayers?.first {
            levels += 1
            deepest = layer
            copy = layer
        }
        XCTAssertEqual(levels, Self.depth)
        XCTAssertTrue(deepest?.model() === innermost)
        XCTAssertEqual(deepest?.name, "level \(Self.depth - 1)")
    }

    func testATransitionOverTenThousandNestedLayersSnapshotsAndRendersTheOldSide() {
        let stage = Stage(width: 200, height: 200)
        let outermost = CALayer()
        stage.rootLayer.addSublayer(outermost)
        var parent = outermost
        for _ in 0..<Self.depth {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            parent.addSublayer(layer)
            parent = layer
        }
        stage.advance(to: 0)
        let fade = CATransition()
        fade.duration = 1
        stage.at(0.1) { outermost.add(fade, forKey: nil) }
        stage.advance(to: 0.5)
        let node = stage.rootLayer.renderNode(at: 0.5).sublayers[0]
        XCTAssertNotNil(node.transition)
        XCTAssertEqual(node.transitionSnapshot.count, 1)
        XCTAssertEqual(chain(from: node.transitionSnapshot[0]).count, Self.depth + 1, "the old side holds the whole chain")
    }

    func testTenThousandDecoratedNestedLayersRenderAFrame() throws {
        // The render node tree is built without recursion; the compositor, whose drawing nests
        // once per level, runs on a thread with a stack sized for the tree.
        let stage = Stage(width: 120, height: 120)
        _ = buildChain(on: stage)
        stage.rootLayer.sublayers?.first?.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.advance(to: 0)
        let frame = try stage.renderFrame()
        XCTAssertEqual(frame.width, 120)
        XCTAssertEqual(frame.height, 120)
        let inside = frame[50, 50]
        XCTAssertGreaterThan(inside.r, 240, "the outermost level's red background, \(inside)")
        XCTAssertLessThan(inside.g, 16, "\(inside)")
    }
}
