import CARenderStage
import Foundation

/// A stage host for tests: hands `Stage.run()` a job and records the events it sends, as the
/// command line's progress pipe would receive them.
package final class RecordingStageHost: StageHost, @unchecked Sendable {
    package let job: RenderJob
    private let lock = NSLock()
    private var recorded: [ProgressEvent] = []
    private var failures = 0

    package init(job: RenderJob) { self.job = job }

    package func send(_ event: ProgressEvent) {
        lock.lock()
        recorded.append(event)
        lock.unlock()
    }

    package func runFailed(usage: Bool) {
        lock.lock()
        failures += 1
        lock.unlock()
    }

    package var events: [ProgressEvent] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    package var failedRuns: Int {
        lock.lock()
        defer { lock.unlock() }
        return failures
    }

    /// Runs `body` with this host installed as the process's, then removes it.
    package func installed<T>(_ body: () throws -> T) rethrows -> T {
        StageHosting.install(self)
        defer { StageHosting.install(nil) }
        return try body()
    }
}
