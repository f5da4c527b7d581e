import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage
@testable import CARenderUIKit

/// Each stage owns its context: transactions, clock, diagnostics and view-animation state start
/// clean with every new stage, and static Core Animation calls act on the stage last created,
/// advanced or rendered.
final class StageContextTests: XCTestCase {
    func testANewStageStartsWithNoOpenTransaction() {
        _ = Stage(width: 10, height: 10)
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        let second = Stage(width: 10, height: 10)
        XCTAssertEqual(CATransaction.animationDuration(), 0.25, "the new stage's transactions start clean")
        let lines = capturingDiagnostics { CATransaction.commit() }
        XCTAssertTrue(lines.contains { $0.contains("without a matching CATransaction.begin()") }, "\(lines)")
        XCTAssertTrue(StageContext.current === second.context)
    }

    func testTheClockIsTheCurrentStages() {
        let first = Stage(width: 10, height: 10)
        first.advance(to: 2)
        XCTAssertEqual(CACurrentMediaTime(), 2)
        let second = Stage(width: 10, height: 10)
        XCTAssertEqual(CACurrentMediaTime(), 0, "created last, so current")
        first.advance(to: 3)
        XCTAssertEqual(CACurrentMediaTime(), 3, "advanced last, so current")
        _ = second.render()
        XCTAssertEqual(CACurrentMediaTime(), 0, "rendered last, so current")
    }

    func testWithoutALiveStageTheClockReadsZeroAndCompletionBlocksRunAtOnce() {
        do {
            let stage = Stage(width: 10, height: 10)
            stage.advance(to: 5)
            XCTAssertEqual(CACurrentMediaTime(), 5)
        }
        XCTAssertEqual(CACurrentMediaTime(), 0, "the stage is gone")
        XCTAssertFalse(StageContext.current.hasStage)
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        CATransaction.commit()
        XCTAssertTrue(ran, "no run loop to wait for")
    }

    func testEachStageReportsARepeatedWarningOnceItself() {
        let message = "a message of this test"
        _ = Stage(width: 10, height: 10)
        var lines = capturingDiagnostics {
            Diagnostics.warnOnce(message)
            Diagnostics.warnOnce(message)
        }
        XCTAssertEqual(lines, ["carender: warning: \(message)"])
        _ = Stage(width: 10, height: 10)
        lines = capturingDiagnostics { Diagnostics.warnOnce(message) }
        XCTAssertEqual(lines, ["carender: warning: \(message)"], "a new stage has not reported it yet")
    }

    func testViewAnimationSettingsBelongToTheStage() {
        _ = Stage(width: 10, height: 10)
        UIView.setAnimationsEnabled(false)
        XCTAssertFalse(UIView.areAnimationsEnabled)
        _ = Stage(width: 10, height: 10)
        XCTAssertTrue(UIView.areAnimationsEnabled)
    }

    // MARK: - Each layer belongs to its own stage

    /// A change to a layer of one stage joins that stage's transaction, even while another stage
    /// is the current one: driving the other stage does not commit it, and its implicit
    /// animation begins at its own stage's time when its own stage commits.
    func testTwoStagesDrivenInTurnKeepTheirOwnTransactions() throws {
        let first = Stage(width: 10, height: 10), second = Stage(width: 10, height: 10)
        let a = CALayer(), b = CALayer()
        first.rootLayer.addSublayer(a)
        second.rootLayer.addSublayer(b)
        first.advance(to: 1)
        second.advance(to: 5)
        XCTAssertTrue(StageContext.current === second.context)
        XCTAssertTrue(a.stageContext === first.context)
        XCTAssertTrue(b.stageContext === second.context)

        a.opacity = 0.5
        b.opacity = 0.25
        second.advance(to: 6)
        XCTAssertEqual(b.committedState?.opacity, 0.25, "the second stage commits its own layer")
        XCTAssertEqual(a.committedState?.opacity, 1, "but not the first stage's")
        XCTAssertEqual(a.animation(forKey: "opacity")?.beginTime, 0, "its implicit animation waits for its stage's commit")

        first.advance(to: 1.1)
        XCTAssertEqual(a.committedState?.opacity, 0.5)
        let fade = try XCTUnwrap(a.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(fade.beginTime, 1, "begun at the first stage's time, not the second's")
        XCTAssertEqual(fade.fromValue as? Float, 1)
        XCTAssertEqual(Double(a.presentationState(at: 1.1).opacity), 1 - 0.5 * CAMediaTimingFunction(name: .default).evaluate(0.4),
                       accuracy: 1e-6)
    }

    /// What a layer reports goes to its own stage's diagnostics, and each stage reports a
    /// repeated warning once itself.
    func testTwoStagesDrivenInTurnKeepTheirOwnDiagnostics() {
        let first = Stage(width: 10, height: 10), second = Stage(width: 10, height: 10)
        let a = CALayer(), b = CALayer()
        first.rootLayer.addSublayer(a)
        second.rootLayer.addSublayer(b)
        var firstLines: [String] = [], secondLines: [String] = []
        first.context.diagnostics.sink = { firstLines.append($0) }
        second.context.diagnostics.sink = { secondLines.append($0) }
        second.advance(to: 1)
        a.setValue("high", forKey: "opacity")
        a.setValue("high", forKey: "opacity")
        XCTAssertEqual(firstLines.count, 1, "\(firstLines)")
        XCTAssertTrue(firstLines.first?.contains("forKeyPath: \"opacity\"") == true, "\(firstLines)")
        XCTAssertEqual(secondLines, [], "the current stage hears nothing of the other stage's layer")
        b.setValue("high", forKey: "opacity")
        XCTAssertEqual(secondLines.count, 1, "the second stage reports the same warning once itself")
        XCTAssertEqual(firstLines.count, 1)
    }

    /// A layer that has never been in a stage's tree uses the current stage, as a change on
    /// Apple's platforms joins the current thread's transaction; it takes its stage's context
    /// when it is added to that stage's tree, with its subtree and mask.
    func testALayerTakesTheStageOfTheTreeItJoins() {
        let first = Stage(width: 10, height: 10), second = Stage(width: 10, height: 10)
        let parent = CALayer(), child = CALayer(), mask = CALayer()
        parent.addSublayer(child)
        parent.mask = mask
        XCTAssertTrue(child.stageContext === second.context, "no stage yet: the current one")
        first.rootLayer.addSublayer(parent)
        for layer in [parent, child, mask] { XCTAssertTrue(layer.stageContext === first.context) }
        parent.removeFromSuperlayer()
        XCTAssertTrue(child.stageContext === first.context, "a layer that leaves keeps its stage")
        second.rootLayer.addSublayer(parent)
        for layer in [parent, child, mask] { XCTAssertTrue(layer.stageContext === second.context) }
    }

    // MARK: - Errors reach the caller

    func testRenderingAtAnImpossibleScaleIsAnErrorNamingIt() {
        for scale in [CGFloat.nan, .infinity, 0, -1] {
            let stage = Stage(width: 10, height: 10)
            stage.scale = scale
            XCTAssertThrowsError(try stage.renderFrame(), "scale \(scale)") { error in
                XCTAssertTrue("\(error)".contains("scale \(scale)"), "\(error)")
            }
            var image = RGBAImage(width: 1, height: 1)
            let lines = capturingDiagnostics { image = stage.render() }
            XCTAssertEqual(image.width * image.height, 0, "an empty image, not a crash or an exit")
            XCTAssertTrue(lines.contains { $0.hasPrefix("carender: error:") && $0.contains("scale \(scale)") }, "\(lines)")
        }
    }

    func testADurationThatIsNotFiniteIsAnErrorNamingIt() throws {
        let stage = Stage(width: 10, height: 10)
        XCTAssertEqual(try stage.checkedDuration(), 1)
        for duration in [Double.nan, .infinity, -1] {
            stage.duration = duration
            XCTAssertThrowsError(try stage.checkedDuration()) { error in
                XCTAssertTrue("\(error)".contains("stage.duration is \(duration)"), "\(error)")
            }
        }
    }

    func testAdvancingToATimeThatIsNotFiniteIsReportedAndIgnored() {
        let stage = Stage(width: 10, height: 10)
        stage.advance(to: 1)
        let lines = capturingDiagnostics { stage.advance(to: .nan) }
        XCTAssertEqual(stage.time, 1)
        XCTAssertTrue(lines.contains { $0.contains("Stage.advance(to: nan)") }, "\(lines)")
    }

    // MARK: - Ignored input is named

    func testAStringAssignedToOpacityThroughKeyValueCodingIsReported() {
        _ = Stage(width: 10, height: 10)
        let layer = CALayer()
        let lines = capturingDiagnostics { layer.setValue("0.5", forKey: "opacity") }
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertTrue(lines.contains { $0.hasPrefix("carender: warning:") && $0.contains("opacity") }, "\(lines)")
    }

    func testANaNColourComponentIsReportedAndTakenAsZero() {
        _ = Stage(width: 10, height: 10)
        var color: CGColor?
        let lines = capturingDiagnostics { color = CGColor(red: .nan, green: 1, blue: 0, alpha: 1) }
        XCTAssertEqual(color?.components, [0, 1, 0, 1])
        XCTAssertTrue(lines.contains { $0.contains("CGColor(red: nan, green: 1.0, blue: 0.0, alpha: 1.0) has a NaN component") }, "\(lines)")
        let grey = capturingDiagnostics { color = CGColor(gray: 0.5, alpha: .nan) }
        XCTAssertEqual(color?.components, [0.5, 0])
        XCTAssertEqual(grey.count, 1, "\(grey)")
        XCTAssertEqual(capturingDiagnostics { _ = CGColor(red: 2, green: -1, blue: 0, alpha: 1) }, [],
                       "out-of-range components are kept as given, as Apple keeps them")
    }
}
