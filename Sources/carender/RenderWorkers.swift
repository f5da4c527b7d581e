import ArgumentParser
import CARenderStage
import CARenderSupervisor
import Foundation
import Synchronization

/// Runs a compiled script as `count` worker processes, each rendering a contiguous part of the
/// selected frames (the job's `worker` split), and gathers their progress.
///
/// Every frame is a pure function of the script and its time, so the parts together are
/// byte-identical to a serial render. The first worker starts alone: once it has reached
/// `stage.run()` and planned (so the script and the options are known to be good, and its
/// messages are shown once), the others start, with the script's standard output silenced so
/// its prints appear once.
final class RenderWorkers: Sendable {
    struct Outcome {
        /// The first failing worker's exit status, or 0.
        var status: Int32 = 0
        /// Whether the script called `stage.run()`.
        var planned = false
        var frames = 0
        var written = 0
        var skipped = 0
        var hasAlpha = false
        /// The selected frames (of the whole selection, before the split), as inclusive runs.
        var selection: [ClosedRange<Int>]?
        /// The frames finished (written or skipped), in the order reported.
        var finishedFrames: [Int] = []
    }

    let scriptRun: ScriptRun
    let job: RenderJob
    let count: Int
    let display: ProgressDisplay

    /// What the workers reported so far, shared by the threads waiting for them and the one
    /// reading their progress.
    private struct State {
        var outcome = Outcome()
        var done = 0
        /// Each worker's result, once it has ended.
        var results: [Result<Int32, Error>?] = []
        /// The worker that first printed each line (-1: reported through the progress channel).
        var linePrinters: [String: Int] = [:]
    }
    private let state = Mutex(State())

    init(run: ScriptRun, job: RenderJob, count: Int, display: ProgressDisplay) {
        self.scriptRun = run
        self.job = job
        self.count = count
        self.display = display
    }

    /// The outcome so far (after a stop request, what was finished).
    var partialOutcome: Outcome {
        state.withLock { $0.outcome }
    }

    func run() throws -> Outcome {
        let firstPlanned = DispatchSemaphore(value: 0)
        let pipe = try ProgressPipe { [self] event in handle(event, firstPlanned: firstPlanned) }
        defer { pipe.finish() }
        state.withLock { $0.results = [Result<Int32, Error>?](repeating: nil, count: count) }
        let group = DispatchGroup()
        // Each worker's standard error comes through carender, so a message every worker prints
        // is shown once and the progress line stays whole. The pipes are made (close-on-exec)
        // before any worker starts, so no worker inherits another's.
        let errorPipes = try (0..<count).map { _ in try makePipe() }
        let tails = errorPipes.enumerated().map { worker, pipe in
            OutputTail(reading: pipe.read, keep: 1) { [self] line in show(line, worker: worker) }
        }
        let writeEnds = ClosedOnce(errorPipes.map(\.write))
        func start(_ index: Int) {
            var job = self.job
            if count > 1 { job.options.worker = try? Split(index: index + 1, count: count) }
            let workerJob = job
            group.enter()
            Thread { [self] in
                let result = Result<Int32, Error> {
                    do {
                        // carender's copy of the write end stays open across a rebuild-and-retry of
                        // the script, and is closed once the worker is done, ending the reader.
                        defer { writeEnds.close(index) }
                        try scriptRun.run(job: workerJob, events: pipe, worker: index + 1,
                                          standardOutput: index == 0 ? nil : Self.nullDevice,
                                          standardError: errorPipes[index].write)
                        return 0
                    } catch let code as ExitCode {
                        return code.rawValue
                    }
                }
                state.withLock { $0.results[index] = result }
                if index == 0 {
                    // The first worker may exit before its plan is read (with nothing to render
                    // itself when there are fewer frames than workers): read it first, or the
                    // others would never start.
                    pipe.drain()
                    firstPlanned.signal()
                }
                group.leave()
            }.start()
        }
        start(0)
        firstPlanned.wait()
        let go = state.withLock { state in
            let firstFailed = state.results[0].map { (try? $0.get()) != 0 } ?? false
            return state.outcome.planned && !firstFailed && Supervisor.stopRequest == nil
        }
        if go {
            for index in 1..<count { start(index) }
        }
        group.wait()
        // Workers that never started leave their pipe's write end open here: close it.
        for index in 0..<count { writeEnds.close(index) }
        for tail in tails { _ = tail.finish() }
        pipe.finish()
        // Every worker has ended and the progress reader with them: what is left is read once.
        let results = state.withLock { $0.results }
        var outcome = partialOutcome
        var stop: StopRequest?
        for result in results.compactMap({ $0 }) {
            switch result {
            case .failure(let error as StopRequest): stop = stop ?? error
            case .failure(let error): throw error
            case .success(let status) where status != 0:
                if outcome.status == 0 { outcome.status = status }
            case .success: break
            }
        }
        if let stop { throw stop }
        return outcome
    }

    /// `/dev/null` for writing, opened once.
    private static let nullDevice: Int32 = open("/dev/null", O_WRONLY | O_CLOEXEC)

    /// A line of a worker's standard error, unless another worker already printed it (a worker's
    /// own repeated lines all show).
    private func show(_ line: String, worker: Int) {
        state.withLock { state in
            if let first = state.linePrinters[line], first != worker { return }
            state.linePrinters[line] = worker
            display.message(line)
        }
    }

    private func handle(_ event: ProgressEvent, firstPlanned: DispatchSemaphore) {
        state.withLock { state in
            switch event {
            case .plan(let plan):
                let first = !state.outcome.planned
                state.outcome.planned = true
                state.outcome.frames += plan.frames
                state.outcome.hasAlpha = plan.hasAlpha
                if first {
                    state.outcome.selection = plan.selection
                    // The whole share of this run (all workers), known from the first plan.
                    display.setTotal(plan.shareFrames)
                    firstPlanned.signal()
                }
            case let .frame(number, skipped):
                state.done += 1
                if skipped { state.outcome.skipped += 1 }
                if let number { state.outcome.finishedFrames.append(number) }
                display.update(done: state.done)
            case let .done(_, written):
                state.outcome.written += written
            case .message(let text):
                // Reported by any worker through the channel: shown once, whoever else printed it.
                if state.linePrinters[text] == nil {
                    state.linePrinters[text] = -1
                    display.message(text)
                }
            case .started, .info:
                break
            }
        }
    }
}

/// Descriptors closed at most once each, from any thread.
final class ClosedOnce: Sendable {
    private let descriptors: Mutex<[Int32]>

    init(_ descriptors: [Int32]) { self.descriptors = Mutex(descriptors) }

    func close(_ index: Int) {
        let descriptor = descriptors.withLock { open in
            defer { open[index] = -1 }
            return open[index]
        }
        if descriptor >= 0 { Foundation.close(descriptor) }
    }
}
