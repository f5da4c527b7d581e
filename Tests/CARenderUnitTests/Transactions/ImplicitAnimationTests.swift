import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
import CARenderTestSupport

/// Implicit animations, the seeds' transaction scenarios and completion blocks
/// (Core Animation Programming Guide: Changing a Layer's Default Behavior; CATransaction;
/// seeds 000 and 001).
final class ImplicitAnimationTests: XCTestCase {
    let blue: [Double] = [0, 0, 1, 1], yellow: [Double] = [1, 1, 0, 1], cyan: [Double] = [0, 1, 1, 1]

    /// Seed 000: a button tap sets the colour; it fades over 0.25 s on the `default` curve.
    func testButtonTapFadesTheColourIn025Seconds() {
        let s = TransactionStage()
        s.stage.at(1) { s.layer.backgroundColor = TransactionStage.yellow }
        s.stage.advance(to: 1)
        XCTAssertEqual(s.layer.animationKeys(), ["backgroundColor"])
        XCTAssertEqual(s.layer.backgroundColor, TransactionStage.yellow, "the model changes at once")
        let animation = s.layer.animation(forKey: "backgroundColor") as? CABasicAnimation
        XCTAssertEqual(animation?.duration, 0.25)
        XCTAssertEqual(animation?.beginTime, 1, "beginTime 0 became the commit time")
        XCTAssertEqual(animation?.timingFunction, CAMediaTimingFunction(name: .default))
        assertColor(s.color(at: 1), blue, accuracy: 1e-9)
        assertColor(s.color(at: 1.125), mix(blue, yellow, defaultCurveAtHalf))
        assertColor(s.color(at: 1.25), yellow, accuracy: 1e-9)
        XCTAssertNil(s.layer.animationKeys(), "the finished implicit animation is removed")
    }

    /// Seed 000: a 2-second transaction whose completion block starts a 1-second change.
    func testTwoSecondTransactionWithACompletionBlockThatAnimatesAgain() {
        let s = TransactionStage()
        var completedAt: Double?
        s.stage.at(1) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setCompletionBlock {
                completedAt = CACurrentMediaTime()
                CATransaction.setAnimationDuration(1)
                s.layer.backgroundColor = TransactionStage.cyan
            }
            s.layer.backgroundColor = TransactionStage.yellow
            CATransaction.commit()
        }
        assertColor(s.color(at: 2), mix(blue, yellow, defaultCurveAtHalf))
        XCTAssertNil(completedAt)
        assertColor(s.color(at: 2.999), mix(blue, yellow, 1), accuracy: 1e-3)
        s.stage.advance(to: 3)
        XCTAssertEqual(completedAt, 3, "the block runs when the 2 s animation ends")
        assertColor(s.color(at: 3.5), mix(yellow, cyan, defaultCurveAtHalf))
        assertColor(s.color(at: 4), cyan, accuracy: 1e-9)
    }

    /// Seed 000, nested transactions: the corner radius changes in a nested transaction inside a
    /// 2 s colour change. Apple's documented scoping ("reading a key searches for the innermost
    /// scope that has set it") gives the inner change the outer 2 s; the completion
    /// block waits for both and then moves the layer in 1 s.
    func testNestedTransactionInheritsTheDurationAndTheBlockWaitsForBoth() {
        let s = TransactionStage()
        var completedAt: Double?
        s.stage.at(1) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setCompletionBlock {
                completedAt = CACurrentMediaTime()
                CATransaction.setAnimationDuration(1)
                s.layer.frame = CGRect(x: 50, y: 100, width: 100, height: 100)
            }
            s.layer.backgroundColor = TransactionStage.yellow
            CATransaction.begin()
            s.layer.cornerRadius = 20
            CATransaction.commit()
            CATransaction.commit()
        }
        let mid = s.presentation(at: 2)
        XCTAssertEqual(Double(mid.cornerRadius), 20 * defaultCurveAtHalf, accuracy: 1e-3)
        assertColor(s.color(at: 2), mix(blue, yellow, defaultCurveAtHalf))
        s.stage.advance(to: 3)
        XCTAssertEqual(completedAt, 3)
        XCTAssertEqual(Double(s.presentation(at: 3.5).position.y), 100 + 50 * defaultCurveAtHalf, accuracy: 1e-3)
        XCTAssertEqual(s.presentation(at: 4).position.y, 150)
    }

    /// Seed 001, listing 7.2: a transaction of its own sets a 1 s duration for the colour.
    func testExplicitTransactionSetsTheDuration() {
        let s = TransactionStage()
        s.stage.at(0.5) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            s.layer.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.4, alpha: 1)
            CATransaction.commit()
        }
        assertColor(s.color(at: 1), mix(blue, [0.2, 0.6, 0.4, 1], defaultCurveAtHalf))
        assertColor(s.color(at: 1.5), [0.2, 0.6, 0.4, 1], accuracy: 1e-9)
    }

    /// Seed 001, listing 7.1: several changes in one run-loop turn are one 0.25 s transaction.
    func testChangesInOneTurnShareTheImplicitTransaction() {
        let s = TransactionStage()
        s.stage.at(0.5) {
            s.layer.backgroundColor = TransactionStage.yellow
            s.layer.opacity = 0
        }
        s.stage.advance(to: 0.5)
        XCTAssertEqual(Set(s.layer.animationKeys() ?? []), ["backgroundColor", "opacity"])
        XCTAssertEqual(Double(s.presentation(at: 0.625).opacity), 1 - defaultCurveAtHalf, accuracy: 1e-4)
        s.stage.advance(to: 0.75)
        XCTAssertNil(s.layer.animationKeys())
    }

    func testTransactionTimingFunctionShapesImplicitAnimations() {
        let s = TransactionStage()
        s.stage.at(1) {
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
            s.layer.opacity = 0
        }
        XCTAssertEqual(Double(s.presentation(at: 1.125).opacity), 1 - easeInAtHalf, accuracy: 1e-4)
    }

    /// A never-committed layer does not animate implicitly and has no presentation.
    func testStandaloneLayerNeverAnimatesImplicitly() {
        let s = TransactionStage()
        let standalone = CALayer()
        s.stage.at(1) {
            CATransaction.begin()
            standalone.position = CGPoint(x: 20, y: 20)
            CATransaction.commit()
        }
        s.stage.advance(to: 1.1)
        XCTAssertNil(standalone.animationKeys())
        XCTAssertNil(standalone.presentation())
    }

    /// A layer configured and added in one turn appears without animating; a change in a later
    /// turn animates.
    func testLayerAddedInATurnAnimatesOnlyFromTheNextTurn() {
        let s = TransactionStage()
        let late = CALayer()
        s.stage.at(1) {
            late.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            s.stage.rootLayer.addSublayer(late)
            late.opacity = 0.5
        }
        s.stage.at(2) { late.opacity = 0 }
        s.stage.advance(to: 1.1)
        XCTAssertNil(late.animationKeys())
        XCTAssertEqual(late.presentation()?.opacity, 0.5)
        s.stage.advance(to: 2)
        XCTAssertEqual(late.animationKeys(), ["opacity"])
    }

    func testSettingTheCurrentValueDoesNotAnimate() {
        let s = TransactionStage()
        s.stage.at(1) { s.layer.backgroundColor = TransactionStage.blue }
        s.stage.advance(to: 1)
        XCTAssertNil(s.layer.animationKeys())
    }

    /// A second change mid-flight replaces the first animation and starts from the value
    /// on screen, with no jump.
    func testReplacingMidFlightContinuesFromThePresentationValue() {
        let s = TransactionStage()
        s.stage.at(1) { s.layer.opacity = 0 }
        let before = Double(s.presentation(at: 1.1).opacity)
        XCTAssertGreaterThan(before, 0.05)
        XCTAssertLessThan(before, 0.95)
        s.layer.opacity = 1                      // a turn of its own, at t = 1.1
        let after = Double(s.presentation(at: 1.1).opacity)
        XCTAssertEqual(after, before, accuracy: 1e-9, "no jump when the animation is replaced")
        XCTAssertEqual(s.layer.animationKeys(), ["opacity"])
        let later = Double(s.presentation(at: 1.225).opacity)
        XCTAssertEqual(later, before + (1 - before) * defaultCurveAtHalf, accuracy: 1e-4)
    }

    /// `disableActions` stops implicit animations but not explicit ones.
    func testDisableActionsLeavesExplicitAnimationsRunning() {
        let s = TransactionStage()
        s.stage.at(1) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 200
            move.duration = 1
            s.layer.add(move, forKey: "move")
            s.layer.opacity = 0.25
            CATransaction.commit()
        }
        let p = s.presentation(at: 1.5)
        XCTAssertEqual(s.layer.animationKeys(), ["move"])
        XCTAssertEqual(p.opacity, 0.25, "the opacity change applied at once")
        XCTAssertEqual(Double(p.position.x), 100, accuracy: 1e-9)
    }
}

/// A `contents` change cross-dissolves (Core Animation Programming Guide, Animatable Properties:
/// `contents` gets the default implied basic animation, whose
/// interpolation of two images is a dissolve).
final class ContentsFadeTests: XCTestCase {
    func testContentsChangeCrossDissolvesOnTheDefaultCurve() {
        let s = TransactionStage()
        let first = CGImage(image: RGBAImage(width: 1, height: 1))
        let second = CGImage(image: RGBAImage(width: 2, height: 2))
        s.stage.at(1) { s.layer.contents = first }
        s.stage.at(2) { s.layer.contents = second }
        let fadingIn = s.presentation(at: 1.125).modelState
        XCTAssertTrue(fadingIn.contents as AnyObject === first)
        XCTAssertTrue(fadingIn.contentsCrossfade?.from is NSNull, "fading in from no image")
        XCTAssertEqual(fadingIn.contentsCrossfade?.fraction ?? -1, defaultCurveAtHalf, accuracy: 1e-4)
        let crossing = s.presentation(at: 2.125).modelState
        XCTAssertTrue(crossing.contents as AnyObject === second)
        XCTAssertTrue(crossing.contentsCrossfade?.from as AnyObject === first)
        XCTAssertEqual(crossing.contentsCrossfade?.fraction ?? -1, defaultCurveAtHalf, accuracy: 1e-4)
        let settled = s.presentation(at: 2.5).modelState
        XCTAssertNil(settled.contentsCrossfade)
        XCTAssertTrue(settled.contents as AnyObject === second)
    }
}
