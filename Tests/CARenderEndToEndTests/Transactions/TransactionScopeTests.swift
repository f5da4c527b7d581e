import CARender
import XCTest

/// CATransaction's values and nesting (CATransaction: animationDuration defaults to 0.25 s,
/// disableActions to false; a nested transaction reads what its innermost enclosing scope set).
final class TransactionScopeTests: XCTestCase {
    override func setUp() {
        _ = Stage(width: 10, height: 10)   // a fresh stage resets the transaction state
    }

    func testDefaultsWithoutATransaction() {
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(CATransaction.animationTimingFunction())
        XCTAssertNil(CATransaction.completionBlock())
    }

    func testNestedScopesInheritAndRestore() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 1, "an inner transaction reads the outer value")
        CATransaction.setAnimationDuration(2)
        XCTAssertEqual(CATransaction.animationDuration(), 2)
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 1, "committing the inner scope restores the outer value")
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }

    func testKeyedValuesInteroperateWithTheTypedAccessors() {
        XCTAssertEqual(kCATransactionAnimationDuration, "animationDuration")
        XCTAssertEqual(kCATransactionDisableActions, "disableActions")
        XCTAssertEqual(kCATransactionAnimationTimingFunction, "animationTimingFunction")
        XCTAssertEqual(kCATransactionCompletionBlock, "completionBlock")
        CATransaction.begin()
        CATransaction.setValue(1.25, forKey: kCATransactionAnimationDuration)
        XCTAssertEqual(CATransaction.animationDuration(), 1.25)
        CATransaction.setValue(NSNumber(value: true), forKey: kCATransactionDisableActions)
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.setDisableActions(false)
        XCTAssertEqual(CATransaction.value(forKey: kCATransactionDisableActions) as? Bool, false)
        CATransaction.setValue("mine", forKey: "customKey")
        XCTAssertEqual(CATransaction.value(forKey: "customKey") as? String, "mine")
        XCTAssertNil(CATransaction.value(forKey: "neverSet"))
        let function = CAMediaTimingFunction(name: .easeIn)
        CATransaction.setAnimationTimingFunction(function)
        XCTAssertTrue(CATransaction.animationTimingFunction() === function)
        CATransaction.commit()
        XCTAssertNil(CATransaction.value(forKey: "customKey"))
    }

    func testCommitWithoutBeginChangesNothing() {
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.commit()
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }

    /// `CATransaction.lock()` is recursive (Apple's `lock()`: "Attempts to acquire a recursive
    /// spin-lock lock…"): a thread holding it takes it again. A lock that is not would block for
    /// ever, so the nested acquisition runs on a thread of its own and the test fails when it has
    /// not returned within `recursionLimit` seconds (that thread is then left blocked, on the lock
    /// of this test's stage only).
    func testLockIsRecursive() {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            CATransaction.lock()
            CATransaction.lock()
            CATransaction.unlock()
            CATransaction.unlock()
            finished.signal()
        }.start()
        XCTAssertEqual(finished.wait(timeout: .now() + Self.recursionLimit), .success,
                       "CATransaction.lock() taken twice by one thread did not return within \(Self.recursionLimit) s: the lock is not recursive")
    }

    /// Far longer than two uncontended lock calls take, however loaded the machine.
    static let recursionLimit: TimeInterval = 10
}
