import ArgumentParser
import Foundation

/// Runs a compiled script as `count` worker processes, each rendering a contiguous part of the
/// selected frames (`CARENDER_WORKER=k/n`), and gathers their progress.
///
/// Every frame is a pure function of the script and its time, so the parts together are
/// byte-identical to a serial render. The first worker starts alone: once it has reached
/// `stage.run()` and planned (so the script and the options are known to be good, and its
/// messages are shown once), the others start, with the script's standard output silenced so
/// its prints appear once.
final class RenderWorkers: @unchecked Sendable {
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
    }

    let scriptRun: ScriptRun
    let environment: [String: String]
    let count: Int
    let display: ProgressDisplay

    private let lock = NSLock()
    private var outcome = Outcome()
    private var done = 0
    private var results: [Result<Int32, Error>?] = []
    private var linePrinters: [String: Int] = [:]

    init(run: ScriptRun, environment: [String: String], count: Int, display: ProgressDisplay) {
        self.scriptRun = run
        self.environment = environment
        self.count = count
        self.display = display
    }

    func run() throws -> Outcome {
        let firstPlanned = DispatchSemaphore(value: 0)
        let pipe = try ProgressPipe { [self] event in handle(event, firstPlanned: firstPlanned) }
        results = [Result<Int32, Error>?](repeating: nil, count: count)
        let group = DispatchGroup()
        // Each worker's standard error comes through carender, so a message every worker prints
        // is shown once and the progress line stays whole. The pipes are made (close-on-exec)
        // before any worker starts, so no worker inherits another's.
        let errorPipes = (0..<count).map { _ in Pipe() }
        for pipe in errorPipes {
            _ = fcntl(pipe.fileHandleForReading.fileDescriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        let readers = DispatchGroup()
        for (worker, pipe) in errorPipes.enumerated() {
            readers.enter()
            let reading = pipe.fileHandleForReading
            Thread { [self] in
                var pending = Data()
                while true {
                    let data = reading.availableData
                    if data.isEmpty { break }
                    pending.append(data)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        show(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self), worker: worker)
                        pending.removeSubrange(pending.startIndex...newline)
                    }
                }
                if !pending.isEmpty { show(String(decoding: pending, as: UTF8.self), worker: worker) }
                readers.leave()
            }.start()
        }
        func start(_ index: Int) {
            var environment = self.environment
            environment["CARENDER_PROGRESS"] = pipe.path
            if count > 1 { environment["CARENDER_WORKER"] = "\(index + 1)/\(count)" }
            let workerEnvironment = environment
            group.enter()
            Thread { [self] in
                let result = Result<Int32, Error> {
                    do {
                        // carender's copy of the write end stays open across a rebuild-and-retry of
                        // the script, and is closed once the worker is done, ending the reader.
                        defer { try? errorPipes[index].fileHandleForWriting.close() }
                        _ = try scriptRun.run(environment: workerEnvironment, worker: count > 1 ? index + 1 : nil,
                                              standardOutput: index == 0 ? nil : FileHandle.nullDevice,
                                              standardError: errorPipes[index].fileHandleForWriting)
                        return 0
                    } catch let code as ExitCode {
                        return code.rawValue
                    }
                }
                lock.lock()
                results[index] = result
                lock.unlock()
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
        lock.lock()
        let firstFailed = results[0].map { (try? $0.get()) != 0 } ?? false
        let go = outcome.planned && !firstFailed
        lock.unlock()
        if go {
            for index in 1..<count { start(index) }
        }
        group.wait()
        // Workers that never started leave their pipe's write end open here: close it.
        lock.lock()
        for (index, errorPipe) in errorPipes.enumerated() where results[index] == nil {
            try? errorPipe.fileHandleForWriting.close()
        }
        lock.unlock()
        readers.wait()
        pipe.finish()
        for result in results.compactMap({ $0 }) {
            switch result {
            case .failure(let error): throw error
            case .success(let status) where status != 0:
                if outcome.status == 0 { outcome.status = status }
            case .success: break
            }
        }
        return outcome
    }

    /// A line of a worker's standard error, unless another worker already printed it (a worker's
    /// own repeated lines all show).
    private func show(_ line: String, worker: Int) {
        lock.lock()
        defer { lock.unlock() }
        if let first = linePrinters[line], first != worker { return }
        linePrinters[line] = worker
        display.message(line)
    }

    private func handle(_ event: ProgressPipe.Event, firstPlanned: DispatchSemaphore) {
        lock.lock()
        defer { lock.unlock() }
        switch event.name {
        case "plan":
            let first = !outcome.planned
            outcome.planned = true
            outcome.frames += event.int("frames") ?? 0
            outcome.hasAlpha = event.bool("alpha") ?? false
            if first {
                if let runs = event.fields["selection"] as? [[NSNumber]] {
                    outcome.selection = runs.compactMap { $0.count == 2 ? $0[0].intValue...$0[1].intValue : nil }
                }
                // The whole share of this run (all workers), known from the first plan.
                display.setTotal(event.int("shareFrames") ?? outcome.frames)
                firstPlanned.signal()
            }
        case "frame":
            done += 1
            if event.bool("skipped") == true { outcome.skipped += 1 }
            display.update(done: done)
        case "done":
            outcome.written += event.int("written") ?? 0
        case "message":
            // Reported by any worker through the channel: shown once, whoever else printed it.
            if let text = event.fields["text"] as? String, linePrinters[text] == nil {
                linePrinters[text] = -1
                display.message(text)
            }
        default:
            break
        }
    }
}
