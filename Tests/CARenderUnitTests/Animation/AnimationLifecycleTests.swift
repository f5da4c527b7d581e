import XCTest
import CARender
@testable import CARenderModel

/// Adding, replacing and removing animations, and delegate callbacks on the virtual clock
/// (CALayer — add(_:forKey:), removeAnimation(forKey:); CAAnimationDelegate).
final class AnimationLifecycleTests: XCTestCase {
    /// The layer keeps a copy.
    func testAddCopies() {
        let layer = CALayer()
        let a = basic("opacity", from: 0, to: 1, duration: 2)
        layer.add(a, forKey: "k")
        a.duration = 7
        XCTAssertEqual(layer.animation(forKey: "k")?.duration, 2)
        XCTAssertFalse(layer.animation(forKey: "k") === a)
        let copy = a.copy() as! CABasicAnimation
        XCTAssertEqual(copy.fromValue as? Int, 0)
        XCTAssertEqual(copy.keyPath, "opacity")
        XCTAssertEqual(copy.duration, 7)
    }

    /// The same key replaces, and the old one stops unfinished (delivered by the clock,
    /// not from inside `add`).
    func testReplacingStopsTheOldAnimation() {
        let clock = AnimationClock()
        let a1 = basic("opacity", from: 0, to: 1)
        a1.delegate = RecordingDelegate("a1", clock)
        let a2 = basic("opacity", from: 1, to: 0)
        a2.delegate = RecordingDelegate("a2", clock)
        clock.layer.add(a1, forKey: "k")
        clock.advance(to: 0.25)
        clock.layer.add(a2, forKey: "k")
        XCTAssertEqual(clock.log, ["start a1@0.0"])
        XCTAssertEqual(clock.layer.animationKeys(), ["k"])
        clock.advance(to: 0.5)
        XCTAssertEqual(clock.log, ["start a1@0.0", "stop a1 false@0.25", "start a2@0.25"])
        clock.advance(to: 2)
        XCTAssertEqual(clock.log.last, "stop a2 true@1.25")
    }

    /// Removing everything stops each unfinished animation once.
    func testRemoveAll() {
        let clock = AnimationClock()
        for name in ["x", "y"] {
            let a = basic("opacity", to: 0)
            a.delegate = RecordingDelegate(name, clock)
            clock.layer.add(a, forKey: name)
        }
        clock.advance(to: 0.5)
        clock.layer.removeAllAnimations()
        XCTAssertNil(clock.layer.animationKeys())
        clock.advance(to: 3)
        XCTAssertEqual(clock.log, ["start x@0.0", "start y@0.0", "stop x false@0.5", "stop y false@0.5"])
    }

    /// animationDidStart waits for the active period; start/stop order across animations.
    func testCallbackOrderAndTimes() {
        let clock = AnimationClock()
        let a = basic("opacity", to: 0)
        a.delegate = RecordingDelegate("a", clock)
        let b = basic("cornerRadius", to: 9)
        b.beginTime = 0.5
        b.delegate = RecordingDelegate("b", clock)
        let late = basic("borderWidth", to: 3)
        late.beginTime = 10
        late.delegate = RecordingDelegate("late", clock)
        clock.layer.add(a, forKey: "a")
        clock.layer.add(b, forKey: "b")
        clock.layer.add(late, forKey: "late")
        clock.advance(to: 9.9)
        XCTAssertEqual(clock.log, ["start a@0.0", "start b@0.5", "stop a true@1.0", "stop b true@1.5"])
        clock.advance(to: 12)
        XCTAssertEqual(clock.log.suffix(2), ["start late@10.0", "stop late true@11.0"])
    }

    /// A delegate may chain: an animation added from animationDidStop begins at that moment.
    func testChainingFromDidStop() {
        final class Chainer: CAAnimationDelegate {
            let layer: CALayer
            var times: [Double] = []
            init(_ layer: CALayer) { self.layer = layer }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                times.append(CACurrentMediaTime())
                if times.count < 3 {
                    let next = basic("position.x", from: 0, to: 10)
                    next.delegate = self
                    layer.add(next, forKey: "step")
                }
            }
        }
        let clock = AnimationClock()
        let chainer = Chainer(clock.layer)
        let first = basic("position.x", from: 0, to: 10)
        first.delegate = chainer
        clock.layer.add(first, forKey: "step")
        XCTAssertEqual(clock.number("position.x", at: 1.5), 5, accuracy: exact)
        clock.advance(to: 5)
        XCTAssertEqual(chainer.times, [1, 2, 3])
    }

    /// Nil keys get unique generated keys; `animationKeys()` is in application order.
    func testNilKeysAndOrder() {
        let layer = CALayer()
        XCTAssertNil(layer.animationKeys())
        layer.add(basic("opacity", to: 0), forKey: "first")
        layer.add(basic("opacity", to: 0), forKey: nil)
        layer.add(basic("opacity", to: 0), forKey: nil)
        layer.add(basic("opacity", to: 0), forKey: "last")
        let keys = layer.animationKeys() ?? []
        XCTAssertEqual(keys.count, 4)
        XCTAssertEqual(keys.first, "first")
        XCTAssertEqual(keys.last, "last")
        XCTAssertNotEqual(keys[1], keys[2])
        // Re-adding under an existing key moves it to the end.
        layer.add(basic("opacity", to: 1), forKey: "first")
        XCTAssertEqual(layer.animationKeys()?.last, "first")
        layer.removeAnimation(forKey: "first")
        layer.removeAnimation(forKey: "missing")
        XCTAssertEqual(layer.animationKeys()?.count, 3)
    }

    /// Transitions always live under "transition".
    func testTransitionKey() {
        let layer = CALayer()
        layer.add(CATransition(), forKey: "foo")
        XCTAssertNotNil(layer.animation(forKey: "transition"))
        XCTAssertNil(layer.animation(forKey: "foo"))
    }

    /// The animation holds its delegate strongly.
    func testDelegateIsStrong() {
        final class Delegate: CAAnimationDelegate {}
        weak var weakDelegate: Delegate?
        var anim: CABasicAnimation? = basic("opacity", to: 0)
        do {
            let delegate = Delegate()
            weakDelegate = delegate
            anim?.delegate = delegate
        }
        XCTAssertNotNil(weakDelegate)
        anim = nil
        XCTAssertNil(weakDelegate)
    }

    /// Animations that animate nothing warn once on standard error, naming the key path, and
    /// are otherwise harmless.
    func testUnknownKeyPathWarnsOnce() throws {
        let clock = AnimationClock()
        let output = try captureStandardError {
            let bogus = basic("wibble.wobble", from: 0, to: 1)
            clock.layer.add(bogus, forKey: "bogus")
            clock.layer.add(basic("position.x", from: 0, to: 10), forKey: "real")
            _ = clock.state(at: 0.25)
            _ = clock.state(at: 0.5)
        }
        XCTAssertEqual(output.components(separatedBy: "wibble.wobble").count - 1, 1, output)
        XCTAssertTrue(output.contains("warning"))
        XCTAssertEqual(clock.number("position.x", at: 0.6), 6, accuracy: exact)
    }

    private func captureStandardError(_ body: () -> Void) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carender-stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        let saved = dup(2)
        dup2(handle.fileDescriptor, 2)
        body()
        dup2(saved, 2)
        close(saved)
        try handle.close()
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// User values on animations.
    func testUserValues() {
        let a = basic("opacity", to: 0)
        a.setValue("tag", forKey: "name")
        a.setValue(2.5, forKey: "duration")
        XCTAssertEqual(a.value(forKey: "name") as? String, "tag")
        XCTAssertEqual(a.duration, 2.5)
        let layer = CALayer()
        layer.add(a, forKey: "k")
        XCTAssertEqual(layer.animation(forKey: "k")?.value(forKey: "name") as? String, "tag")
    }
}
