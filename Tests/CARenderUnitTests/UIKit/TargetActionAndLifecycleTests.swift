import XCTest
import CARender
@testable import CARenderStage
@testable import CARenderUIKit

/// Target–action with selectors bound to methods (what the script compiler makes of
/// `#selector`), on the stage clock, and the view lifecycle and autoresizing UIKit code relies on.
final class TargetActionAndLifecycleTests: XCTestCase {
    final class Receiver: NSObject {
        var calls: [String] = []
        func tapped(_ sender: UIButton) { calls.append("tapped \(sender.tag) at \(CACurrentMediaTime())") }
        func plain() { calls.append("plain at \(CACurrentMediaTime())") }
        func withEvent(_ sender: Any, event: UIEvent?) { calls.append("event \(event != nil)") }
        func tick(_ timer: Timer) { calls.append("tick \(timer.userInfo as? Int ?? -1) at \(CACurrentMediaTime())") }
        func noted(_ notification: Notification) { calls.append("noted \(notification.name.rawValue)") }
        func echo(_ value: Any?) { calls.append("echo \(value as? String ?? "nil") at \(CACurrentMediaTime())") }
    }

    static let tapped = Selector("tapped:", method: Receiver.tapped(_:))
    static let plain = Selector("plain", method: Receiver.plain)
    static let withEvent = Selector("withEvent:event:", method: Receiver.withEvent)

    // MARK: - Controls

    func testControlsSendTheirActionsInOrderForTheirEvents() {
        let button = UIButton(type: .custom)
        button.tag = 3
        let first = Receiver(), second = Receiver()
        button.addTarget(first, action: Self.tapped, for: .touchUpInside)
        button.addTarget(second, action: Self.plain, for: [.touchUpInside, .touchDown])
        button.addTarget(first, action: Self.withEvent, for: .valueChanged)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .touchDown)
        button.sendActions(for: .valueChanged)
        XCTAssertEqual(first.calls, ["tapped 3 at 0.0", "event true"])
        XCTAssertEqual(second.calls, ["plain at 0.0", "plain at 0.0"])
        XCTAssertEqual(button.actions(forTarget: first, forControlEvent: .touchUpInside), ["tapped:"])
        XCTAssertEqual(button.allControlEvents, [.touchUpInside, .touchDown, .valueChanged])

        button.removeTarget(second, action: nil, for: .touchUpInside)
        button.sendActions(for: [.touchUpInside, .touchDown])
        XCTAssertEqual(second.calls.count, 3, "still registered for touchDown only")
        XCTAssertEqual(first.calls.last, "tapped 3 at 0.0")
    }

    func testControlsDoNotKeepTheirTargets() {
        let button = UIButton(type: .custom)
        weak var gone: Receiver?
        do {
            let receiver = Receiver()
            gone = receiver
            button.addTarget(receiver, action: Self.plain, for: .touchUpInside)
        }
        XCTAssertNil(gone)
        button.sendActions(for: .touchUpInside)   // nothing to call, nothing reported
    }

    func testANilTargetIsTheFirstResponderThatImplementsTheAction() {
        final class Controller: UIViewController {
            var heard = 0
            func save(_ sender: UIControl) { heard += 1 }
        }
        let controller = Controller()
        let button = UIButton(type: .custom)
        let container = UIView(frame: .zero)
        controller.view.addSubview(container)
        container.addSubview(button)
        button.addTarget(nil, action: Selector("save:", method: Controller.save), for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        XCTAssertEqual(controller.heard, 1)
    }

    func testClosureActions() {
        let button = UIButton(type: .custom)
        var senders: [UIControl?] = []
        let action = UIAction(title: "Go") { senders.append($0.sender as? UIControl) }
        button.addAction(action, for: .primaryActionTriggered)
        button.sendActions(for: .primaryActionTriggered)
        button.removeAction(action, for: .primaryActionTriggered)
        button.sendActions(for: .primaryActionTriggered)
        XCTAssertEqual(senders.count, 1)
        XCTAssertTrue(senders.first! === button)
    }

    func testASelectorMadeFromAStringSaysWhatToWrite() {
        let log = capturingDiagnostics { _ = Selector("plain").send(to: Receiver()) }
        XCTAssertEqual(log.count, 1)
        XCTAssertTrue(log.first?.contains("write #selector(TypeName.method)") == true, "\(log)")
        XCTAssertFalse(Receiver().responds(to: Selector("plain")))
        XCTAssertTrue(Receiver().responds(to: Self.plain))
    }

    // MARK: - The stage clock

    func testTimersFireOnTheStageClockUntilInvalidated() {
        let stage = Stage(width: 10, height: 10)
        let receiver = Receiver()
        var timer: Timer?
        stage.at(0.1) {
            timer = Timer.scheduledTimer(timeInterval: 0.25, target: receiver,
                                         selector: Selector("tick:", method: Receiver.tick), userInfo: 7, repeats: true)
        }
        stage.at(0.9) { timer?.invalidate() }
        stage.advance(to: 2)
        XCTAssertEqual(receiver.calls, ["tick 7 at 0.35", "tick 7 at 0.6", "tick 7 at 0.85"])

        let once = Receiver()
        stage.at(2.5) {
            Timer.scheduledTimer(timeInterval: 0.5, target: once, selector: Selector("tick:", method: Receiver.tick),
                                 userInfo: nil, repeats: false)
        }
        stage.advance(to: 5)
        XCTAssertEqual(once.calls, ["tick -1 at 3.0"])
    }

    func testDelayedPerformsRunAtTheirStageTimeUnlessCancelled() {
        let stage = Stage(width: 10, height: 10)
        let receiver = Receiver()
        let echo = Selector("echo:", method: Receiver.echo)
        stage.at(0.2) {
            receiver.perform(echo, with: "kept", afterDelay: 0.5)
            receiver.perform(echo, with: "cancelled", afterDelay: 0.5)
            receiver.perform(echo, with: "soon", afterDelay: 0)
            NSObject.cancelPreviousPerformRequests(withTarget: receiver, selector: echo, object: "cancelled")
        }
        stage.advance(to: 1)
        XCTAssertEqual(receiver.calls, ["echo soon at 0.2", "echo kept at 0.7"])
    }

    func testNotificationObserversWithSelectorsAreCalledUntilRemoved() {
        let stage = Stage(width: 10, height: 10)
        _ = stage
        let receiver = Receiver()
        let name = Notification.Name("CarenderTestNotification")
        NotificationCenter.default.addObserver(receiver, selector: Selector("noted:", method: Receiver.noted), name: name, object: nil)
        NotificationCenter.default.post(name: name, object: nil)
        NotificationCenter.default.removeObserver(receiver)
        NotificationCenter.default.post(name: name, object: nil)
        XCTAssertEqual(receiver.calls, ["noted CarenderTestNotification"])
    }

    // MARK: - Lifecycle

    final class LoggingView: UIView {
        var log: [String] = []
        override func willMove(toSuperview newSuperview: UIView?) { log.append("willMoveToSuperview \(newSuperview != nil)") }
        override func didMoveToSuperview() { log.append("didMoveToSuperview") }
        override func willMove(toWindow newWindow: UIWindow?) { log.append("willMoveToWindow \(newWindow != nil)") }
        override func didMoveToWindow() { log.append("didMoveToWindow \(window != nil)") }
        override func didAddSubview(_ subview: UIView) { log.append("didAddSubview") }
        override func willRemoveSubview(_ subview: UIView) { log.append("willRemoveSubview") }
    }

    func testViewsHearTheirMovesInUIKitsOrder() {
        let stage = Stage(width: 10, height: 10)
        let root = LoggingView(frame: .zero)
        let child = LoggingView(frame: .zero)
        let grandchild = LoggingView(frame: .zero)
        child.addSubview(grandchild)
        XCTAssertEqual(child.log, ["didAddSubview"])
        XCTAssertEqual(grandchild.log, ["willMoveToSuperview true", "didMoveToSuperview"], "no window yet")

        // Shown on the stage by its layer: the window callbacks, after the move.
        stage.rootLayer.addSublayer(root.layer)
        XCTAssertEqual(root.log, ["willMoveToWindow true", "didMoveToWindow true"])
        XCTAssertTrue(root.window?.layer === stage.rootLayer, "the stage's window is over its root layer")

        child.log.removeAll(); grandchild.log.removeAll()
        root.addSubview(child)
        XCTAssertEqual(child.log, ["willMoveToSuperview true", "willMoveToWindow true", "didMoveToWindow true", "didMoveToSuperview"])
        XCTAssertEqual(grandchild.log, ["willMoveToWindow true", "didMoveToWindow true"], "the whole subtree enters the window")
        XCTAssertEqual(root.log.last, "didAddSubview")

        child.log.removeAll()
        root.bringSubviewToFront(child)
        XCTAssertEqual(child.log, [], "moving within the superview makes no callbacks")

        child.removeFromSuperview()
        XCTAssertEqual(child.log, ["willMoveToSuperview false", "willMoveToWindow false", "didMoveToWindow false", "didMoveToSuperview"])
        XCTAssertEqual(root.log.last, "willRemoveSubview")
        XCTAssertNil(grandchild.window)
    }

    // MARK: - Autoresizing

    /// UIKit's documentation: with more than one flexible portion along an axis, "distribute the
    /// size difference proportionally among the flexible portions" — margins of 20 and 30 in a
    /// superview that grows by 120 become 68 and 102.
    func testAutoresizingSharesTheChangeInProportionToTheFlexiblePortions() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let margins = UIView(frame: CGRect(x: 20, y: 10, width: 50, height: 80))
        margins.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let stretch = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 20))
        stretch.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        let fixed = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        for view in [margins, stretch, fixed] { superview.addSubview(view) }

        superview.frame = CGRect(x: 0, y: 0, width: 220, height: 150)
        XCTAssertEqual(margins.frame, CGRect(x: 68, y: 10, width: 50, height: 80))
        XCTAssertEqual(stretch.frame, CGRect(x: 10, y: 60, width: 200, height: 20))
        XCTAssertEqual(fixed.frame, CGRect(x: 5, y: 5, width: 10, height: 10))

        superview.autoresizesSubviews = false
        superview.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(stretch.frame.width, 200)
    }
}
