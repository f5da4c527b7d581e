import CARenderSupervisor
import Foundation

/// A pipe whose ends are close-on-exec (a child gets one end as a standard stream only).
func makePipe() throws -> (read: Int32, write: Int32) {
    do {
        return try Supervisor.pipe()
    } catch {
        throw CLIError("\(error)")
    }
}

/// A value read and written under a lock, from any thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
