import XCTest
import CARender
import CARenderTestSupport

/// `CATransaction`'s completion block (CATransaction — setCompletionBlock(_:): the block runs
/// once all animations added after it was set have completed or been removed).
final class CompletionBlockTests: XCTestCase {
    /// With no animation added the block runs right after the commit, at the same
    /// instant but not inside the transaction.
    func testBlockWithoutAnimationsRunsAfterCommit() {
        let s = TransactionStage()
        var log: [String] = []
        s.stage.at(1) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("block@\(CACurrentMediaTime())") }
            log.append("before commit")
            CATransaction.commit()
            log.append("after commit")
        }
        s.stage.advance(to: 1)
        XCTAssertEqual(log, ["before commit", "after commit", "block@1.0"])
    }

    /// Only animations added after the block was set are waited for.
    func testOnlyAnimationsAddedAfterTheBlockAreWaitedFor() {
        let s = TransactionStage()
        var firedAt: Double?
        s.stage.at(1) {
            CATransaction.begin()
            let long = CABasicAnimation(keyPath: "opacity")
            long.toValue = 0
            long.duration = 5
            s.layer.add(long, forKey: "long")
            CATransaction.setCompletionBlock { firedAt = CACurrentMediaTime() }
            let short = CABasicAnimation(keyPath: "zPosition")
            short.toValue = 10
            short.duration = 1
            s.layer.add(short, forKey: "short")
            CATransaction.commit()
        }
        s.stage.advance(to: 10)
        XCTAssertEqual(firedAt, 2)
    }

    /// A removed animation counts as completed.
    func testRemovalCompletesTheWait() {
        let s = TransactionStage()
        var firedAt: Double?
        s.stage.at(1) {
            CATransaction.setCompletionBlock { firedAt = CACurrentMediaTime() }
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.byValue = Double.pi
            spin.duration = 10
            s.layer.add(spin, forKey: "spin")
        }
        s.stage.at(3) { s.layer.removeAnimation(forKey: "spin") }
        s.stage.advance(to: 20)
        XCTAssertEqual(firedAt, 3)
    }

    /// The completion log of an outer transaction (animating opacity for `outer` seconds) with an
    /// inner one (animating the corner radius for `inner` seconds), both committed at 1 s.
    private func nestedBlocksLog(outer: CFTimeInterval, inner: CFTimeInterval) -> [String] {
        let s = TransactionStage()
        var log: [String] = []
        s.stage.at(1) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(outer)
            CATransaction.setCompletionBlock { log.append("outer@\(CACurrentMediaTime())") }
            s.layer.opacity = 0.5
            CATransaction.begin()
            CATransaction.setAnimationDuration(inner)
            CATransaction.setCompletionBlock { log.append("inner@\(CACurrentMediaTime())") }
            s.layer.cornerRadius = 8
            CATransaction.commit()
            CATransaction.commit()
        }
        s.stage.advance(to: 5)
        return log
    }

    /// Nested transactions: the inner block waits for the inner animations, the outer block for
    /// everything added after it was set, inner ones included.
    func testNestedBlocksCompleteInOrder() {
        XCTAssertEqual(nestedBlocksLog(outer: 1, inner: 2), ["inner@3.0", "outer@3.0"])
    }

    func testInnerBlockFiresBeforeTheOuterWhenItsAnimationsEndFirst() {
        XCTAssertEqual(nestedBlocksLog(outer: 2, inner: 0.5), ["inner@1.5", "outer@3.0"])
    }

    /// Replacing the block ends tracking for the old one, which fires once what it tracked is
    /// done.
    func testReplacingTheBlockSealsTheOldOne() {
        let s = TransactionStage()
        var log: [String] = []
        s.stage.at(1) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("first@\(CACurrentMediaTime())") }
            s.layer.opacity = 0.5                       // 0.25 s
            CATransaction.setCompletionBlock { log.append("second@\(CACurrentMediaTime())") }
            CATransaction.setAnimationDuration(1)
            s.layer.cornerRadius = 4                    // 1 s
            CATransaction.commit()
        }
        s.stage.advance(to: 3)
        XCTAssertEqual(log, ["first@1.25", "second@2.0"])
    }
}
