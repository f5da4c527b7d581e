import CARenderSupervisor
import Foundation
import Synchronization

/// A pipe whose ends are close-on-exec (a child gets one end as a standard stream only).
func makePipe() throws -> (read: Int32, write: Int32) {
    do {
        return try Supervisor.pipe()
    } catch {
        throw CLIError("\(error)")
    }
}

/// A value read and written under a lock, from any thread.
final class Locked<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>

    init(_ value: Value) { stored = Mutex(value) }

    var value: Value {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
