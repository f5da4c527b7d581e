import Foundation
import CARenderGeometry
import CARenderModel

// Foundation's target–action entry points, which Swift on Linux lacks (they take a `Selector`),
// driven by the stage: delayed performs and timers are run-loop turns of the stage's virtual
// clock, so they fire at the same stage time in every render, whatever the rendering speed.

extension NSObject {
    /// Calls `selector`'s method on the receiver now and returns its result (an object result
    /// unretained, as Foundation returns it).
    @discardableResult
    public func perform(_ selector: Selector) -> Unmanaged<AnyObject>? {
        Self.unmanaged(selector.send(to: self))
    }

    /// Calls `selector`'s method on the receiver now with `object` as its argument.
    @discardableResult
    public func perform(_ selector: Selector, with object: Any?) -> Unmanaged<AnyObject>? {
        Self.unmanaged(selector.send(to: self, arguments: [object]))
    }

    /// Calls `selector`'s method on the receiver now with two arguments.
    @discardableResult
    public func perform(_ selector: Selector, with object1: Any?, with object2: Any?) -> Unmanaged<AnyObject>? {
        Self.unmanaged(selector.send(to: self, arguments: [object1, object2]))
    }

    /// Calls `selector`'s method on the receiver with `object` in a run-loop turn `delay` seconds
    /// of stage time from now (a delay of 0 or less: the next turn at the current time). The
    /// receiver and the argument are kept until then, as Foundation keeps them.
    public func perform(_ selector: Selector, with object: Any?, afterDelay delay: TimeInterval) {
        let context = StageContext.current
        let requests = context.attachment { PerformRequests() }
        let request = PerformRequests.Request(target: self, selector: selector, argument: object)
        requests.pending.append(request)
        context.runLoop.schedule(at: context.time + max(delay, 0)) { [weak requests] in
            guard let requests, let index = requests.pending.firstIndex(where: { $0 === request }) else { return }
            requests.pending.remove(at: index)
            selector.send(to: request.target, arguments: [request.argument])
        }
    }

    /// Cancels the receiver's pending `perform(_:with:afterDelay:)` requests made with `target`.
    public class func cancelPreviousPerformRequests(withTarget target: Any) {
        let requests = StageContext.current.attachment { PerformRequests() }
        requests.pending.removeAll { $0.target === target as AnyObject }
    }

    /// Cancels the pending `perform(_:with:afterDelay:)` requests of `target` for `selector` whose
    /// argument equals `argument` (by `isEqual`, as Foundation compares them).
    public class func cancelPreviousPerformRequests(withTarget target: Any, selector: Selector, object argument: Any?) {
        let requests = StageContext.current.attachment { PerformRequests() }
        requests.pending.removeAll {
            $0.target === target as AnyObject && $0.selector == selector && PerformRequests.equal($0.argument, argument)
        }
    }

    /// Whether the receiver implements `selector`'s method (a selector made from a string never
    /// says yes: only `#selector` carries the method here).
    public func responds(to selector: Selector?) -> Bool {
        selector.map { $0.isImplemented(by: self) } ?? false
    }

    private static func unmanaged(_ result: Any?) -> Unmanaged<AnyObject>? {
        guard let result, !(result is Void) else { return nil }
        return Unmanaged.passUnretained(result as AnyObject)
    }
}

/// The stage's pending delayed performs (kept per stage, so cancelling finds them).
final class PerformRequests {
    final class Request {
        let target: AnyObject
        let selector: Selector
        let argument: Any?

        init(target: AnyObject, selector: Selector, argument: Any?) {
            self.target = target
            self.selector = selector
            self.argument = argument
        }
    }

    var pending: [Request] = []

    static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a as NSObject, b as NSObject): return a.isEqual(b)
        case let (a as AnyHashable, b as AnyHashable): return a == b
        case let (a?, b?): return (a as AnyObject) === (b as AnyObject)
        default: return false
        }
    }
}

extension Timer {
    /// A timer that calls `selector`'s method on `target` (with the timer as its argument) every
    /// `interval` seconds of stage time from now, or once unless `repeats`: run-loop turns of the
    /// current stage, at `now + interval`, `now + 2 × interval`, …, until `invalidate()`. The
    /// target is kept until the timer is invalidated, as Foundation keeps it. An interval of 0
    /// or less counts as 0.1 ms, as Foundation's does.
    @discardableResult
    public class func scheduledTimer(timeInterval interval: TimeInterval, target: Any, selector: Selector,
                                     userInfo: Any?, repeats: Bool) -> Timer {
        let target = ScriptThreadOnly(target as AnyObject)
        let timer = StageTimer(timeInterval: interval, repeats: repeats) { timer in
            selector.send(to: target.value, arguments: [timer])
        }
        timer.storedUserInfo = userInfo
        timer.schedule(on: StageContext.current, interval: interval > 0 ? interval : StageTimer.minimumInterval, repeats: repeats)
        return timer
    }
}

/// A timer fired by the stage's run loop.
final class StageTimer: Timer {
    /// Foundation's floor for a timer's interval: 0.1 ms.
    static let minimumInterval: TimeInterval = 0.0001

    var storedUserInfo: Any?
    override var userInfo: Any? { storedUserInfo }

    /// Schedules the firings as run-loop turns, each scheduling the next, so a repeating timer
    /// keeps no turns beyond the next one and stops when invalidated. The pending turn holds the
    /// timer (and so its target), as a run loop holds a scheduled timer.
    func schedule(on context: StageContext, interval: TimeInterval, repeats: Bool) {
        Self.scheduleFiring(self, count: 1, start: context.time, interval: interval, repeats: repeats, on: context.runLoop)
    }

    /// Firing number `count` comes at `start + count × interval`, so firings do not drift.
    private static func scheduleFiring(_ timer: StageTimer, count: Int, start: TimeInterval, interval: TimeInterval,
                                       repeats: Bool, on runLoop: StageRunLoop) {
        runLoop.schedule(at: start + Double(count) * interval) { [weak runLoop] in
            guard timer.isValid else { return }
            timer.fire()
            if repeats, let runLoop {
                scheduleFiring(timer, count: count + 1, start: start, interval: interval, repeats: repeats, on: runLoop)
            } else {
                timer.invalidate()
            }
        }
    }
}

extension NotificationCenter {
    /// Calls `selector`'s method on `observer` with each notification named `name` (any name
    /// when nil) posted by `object` (any sender when nil). The observer is not kept: once it is
    /// gone, nothing is called, as Foundation behaves since 2015.
    public func addObserver(_ observer: Any, selector: Selector, name: NSNotification.Name?, object: Any?) {
        let target = observer as AnyObject
        let weakTarget = ScriptThreadOnly(WeakReference(target))
        let token = addObserver(forName: name, object: object, queue: nil) { notification in
            guard let target = weakTarget.value.object else { return }
            selector.send(to: target, arguments: [notification])
        }
        let registrations = StageContext.current.attachment { ObserverRegistrations() }
        registrations.tokens.append((observer: ObjectIdentifier(target), selector: selector, name: name, token: token))
    }

    /// Removes every registration of `observer`: those `addObserver(_:selector:name:object:)`
    /// made as well as block observers (`observer` is then the token `addObserver(forName:…)`
    /// returned).
    public func removeObserver(_ observer: AnyObject) {
        let registrations = StageContext.current.attachment { ObserverRegistrations() }
        for entry in registrations.tokens where entry.observer == ObjectIdentifier(observer) {
            removeObserver(entry.token as Any)
        }
        registrations.tokens.removeAll { $0.observer == ObjectIdentifier(observer) }
        removeObserver(observer as Any)
    }

    /// Removes `observer`'s registrations for notifications named `name` (all when nil).
    public func removeObserver(_ observer: AnyObject, name: NSNotification.Name?, object: Any?) {
        let registrations = StageContext.current.attachment { ObserverRegistrations() }
        let matches = { (entry: ObserverRegistrations.Entry) in
            entry.observer == ObjectIdentifier(observer) && (name == nil || entry.name == name)
        }
        for entry in registrations.tokens where matches(entry) { removeObserver(entry.token as Any) }
        registrations.tokens.removeAll(where: matches)
        removeObserver(observer as Any, name: name, object: object)
    }
}

/// The selector observers registered while the stage ran, so `removeObserver` finds them.
final class ObserverRegistrations {
    typealias Entry = (observer: ObjectIdentifier, selector: Selector, name: NSNotification.Name?, token: any NSObjectProtocol)
    var tokens: [Entry] = []
}

/// A value handed to a `@Sendable` closure of Foundation's (a timer's or an observer's block)
/// that carender calls on the script's thread only: the stage's run loop fires its timers there,
/// and observers are registered with no queue, so `post` calls them on the posting thread.
// @unchecked Sendable: the value is only used on the script's thread (see above).
struct ScriptThreadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A reference that does not keep its object.
final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
