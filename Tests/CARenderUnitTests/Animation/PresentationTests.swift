import XCTest
import CARender
@testable import CARenderModel

/// Presentation layers and render nodes reflect animations at the stage's time
/// (CALayer — presentation(); CATransition startProgress / endProgress).
final class PresentationTests: XCTestCase {
    func testPresentationMirrorsTheTree() throws {
        let clock = AnimationClock()
        let child = CALayer()
        child.name = "child"
        clock.layer.addSublayer(child)
        let mask = CALayer()
        clock.layer.mask = mask
        child.add(basic("position.x", from: 0, to: 10), forKey: "a")
        mask.add(basic("opacity", from: 0, to: 1), forKey: "m")
        clock.advance(to: 0.5)
        let presentation = try XCTUnwrap(clock.layer.presentation())
        XCTAssertTrue(presentation.model() === clock.layer)
        XCTAssertTrue(presentation.presentation() === presentation)
        XCTAssertTrue(clock.layer.model() === clock.layer)
        let presentedChild = try XCTUnwrap(presentation.sublayers?.first)
        XCTAssertEqual(presentedChild.name, "child")
        XCTAssertEqual(presentedChild.position.x, 5, accuracy: exact)
        XCTAssertTrue(presentedChild.model() === child)
        XCTAssertEqual(Double(try XCTUnwrap(presentation.mask).opacity), 0.5, accuracy: exact)
        XCTAssertEqual(child.position.x, 0, "the model is unchanged")
        // Each call is a fresh snapshot.
        clock.advance(to: 0.75)
        XCTAssertEqual(clock.layer.presentation()?.sublayers?.first?.position.x ?? 0, 7.5, accuracy: exact)
        XCTAssertEqual(presentedChild.position.x, 5, accuracy: exact)
    }

    /// A replicator's instances in a render node (CAReplicatorLayer): instance i holds the
    /// sublayers as they are i × instanceDelay earlier, under the instance transform applied i
    /// times, with their colours multiplied by the instance colour; a tree kept while later
    /// frames are built keeps its values.
    func testARenderNodeHoldsEachReplicatorInstanceAsOfItsDelay() {
        let clock = AnimationClock()
        let replicator = CAReplicatorLayer()
        replicator.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.1
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.instanceColor = CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)
        let dot = CALayer()
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.addSublayer(dot)
        clock.layer.addSublayer(replicator)
        dot.add(basic("position.x", from: 0, to: 10), forKey: "x")
        clock.advance(to: 0.5)
        let early = clock.layer.renderNode(at: clock.time).sublayers[0]
        clock.advance(to: 0.75)
        let late = clock.layer.renderNode(at: clock.time).sublayers[0]
        XCTAssertEqual(early.sublayers.count, 3)
        XCTAssertEqual(late.sublayers.count, 3)
        for i in 0..<3 {
            let instance = early.sublayers[i]
            XCTAssertEqual(instance.state.transform.m41, 10 * CGFloat(i), accuracy: exact, "instance \(i)")
            XCTAssertEqual(instance.sublayers[0].state.position.x, 5 - CGFloat(i), accuracy: exact, "instance \(i) at 0.5 s")
            XCTAssertEqual(late.sublayers[i].sublayers[0].state.position.x, 7.5 - CGFloat(i), accuracy: exact, "instance \(i) at 0.75 s")
            let color = instance.sublayers[0].state.backgroundColor?.rgbaComponents
            XCTAssertEqual(color?.g ?? 0, 0.5, accuracy: exact, "instance \(i)")
            XCTAssertEqual(color?.b ?? 0, 1, accuracy: exact, "instance \(i)")
        }
        XCTAssertEqual(dot.backgroundColor?.rgbaComponents.g ?? 0, 1, accuracy: exact, "the model is unchanged")
    }

    func testRenderNodeUsesPresentationValues() {
        let clock = AnimationClock()
        clock.layer.add(basic("cornerRadius", from: 0, to: 8), forKey: "r")
        clock.advance(to: 0.25)
        let node = clock.root.renderNode(at: clock.time)
        XCTAssertEqual(node.sublayers[0].state.cornerRadius, 2, accuracy: exact)
        XCTAssertNil(node.sublayers[0].transition)
    }

    /// The transition's progress is `start + (end − start) × f(s)` in the render tree.
    func testTransitionProgress() {
        let clock = AnimationClock()
        let t = CATransition()
        t.type = .push
        t.subtype = .fromLeft
        t.startProgress = 0.2
        t.endProgress = 0.8
        t.duration = 1
        clock.layer.add(t, forKey: nil)
        // startProgress and endProgress are Floats, as on Apple's platforms.
        let (start, end) = (Double(Float(0.2)), Double(Float(0.8)))
        clock.advance(to: 0.25)
        XCTAssertEqual(clock.root.renderNode(at: clock.time).sublayers[0].transition,
                       TransitionState(type: .push, subtype: .fromLeft, progress: start + (end - start) * 0.25))
        clock.advance(to: 0.5)
        XCTAssertEqual(clock.root.renderNode(at: clock.time).sublayers[0].transition?.progress ?? 0, 0.5, accuracy: 1e-7)
        clock.advance(to: 1.5)
        XCTAssertNil(clock.root.renderNode(at: clock.time).sublayers[0].transition)
        XCTAssertEqual(CATransition().type, .fade)
        XCTAssertEqual(kCATransitionPush, "push")
    }
}
