import CARenderStage
import Foundation
import Synchronization

/// A stage host for tests: hands `Stage.run()` a job and records the events it sends, as the
/// command line's progress pipe would receive them.
package final class RecordingStageHost: StageHost, Sendable {
    package let job: RenderJob
    /// The events sent and the failed runs counted so far.
    private let recorded = Mutex<(events: [ProgressEvent], failures: Int)>(([], 0))

    package init(job: RenderJob) { self.job = job }

    package func send(_ event: ProgressEvent) {
        recorded.withLock { $0.events.append(event) }
    }

    package func runFailed(usage: Bool) {
        recorded.withLock { $0.failures += 1 }
    }

    package var events: [ProgressEvent] {
        recorded.withLock { $0.events }
    }

    package var failedRuns: Int {
        recorded.withLock { $0.failures }
    }

    /// Runs `body` with this host installed as the process's, then removes it.
    package func installed<T>(_ body: () throws -> T) rethrows -> T {
        StageHosting.install(self)
        defer { StageHosting.install(nil) }
        return try body()
    }
}
