import CARenderStage
import Foundation

/// One running copy of the compiled script, serving preview requests over a Unix socket in the
/// preview's private folder (see `PreviewRequest`).
///
/// Requests to one worker run one at a time, on its own queue (the socket calls block). The
/// worker's clock only moves forwards; `time` is where the last answer left it.
final class WorkerProcess: @unchecked Sendable {
    let id: Int
    /// The build (`PreviewSession`'s version) the worker runs.
    let version: Int
    private let process: Process
    private let descriptor: Int32
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var _time: Double = 0
    private var closed = false

    /// The worker's clock after its last answer.
    var time: Double {
        lock.lock(); defer { lock.unlock() }
        return _time
    }

    var isRunning: Bool { process.isRunning }

    private init(id: Int, version: Int, process: Process, descriptor: Int32) {
        self.id = id
        self.version = version
        self.process = process
        self.descriptor = descriptor
        queue = DispatchQueue(label: "carender.preview.worker.\(id)")
    }

    deinit {
        close(descriptor)
    }

    /// How long a script may take to reach `stage.run()` before the preview gives up on it.
    static let startTimeout: TimeInterval = 120

    /// Starts `executable` with `environment` plus the preview socket, and waits until its
    /// `stage.run()` connects. `output` receives each line the script prints (standard output and
    /// standard error).
    static func start(id: Int, version: Int, executable: URL, arguments: [String], environment: [String: String], job: RenderJob, folder: URL,
                      output: @escaping @Sendable (String) -> Void) async throws -> WorkerProcess {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try startBlocking(id: id, version: version, executable: executable, arguments: arguments, environment: environment, job: job,
                                      folder: folder, output: output)
                })
            }
        }
    }

    private static func startBlocking(id: Int, version: Int, executable: URL, arguments: [String], environment: [String: String], job: RenderJob, folder: URL,
                                      output: @escaping @Sendable (String) -> Void) throws -> WorkerProcess {
        let socketPath = folder.appendingPathComponent("worker-\(id).sock").path
        let listener = try UnixSocket.listen(at: socketPath)
        defer {
            close(listener)
            unlink(socketPath)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // The worker's job names its socket; the file goes into the preview's private folder.
        var job = job
        job.mode = .preview(socket: socketPath)
        let jobFile = folder.appendingPathComponent("worker-\(id).json")
        guard FileManager.default.createFile(atPath: jobFile.path, contents: try job.encoded(), attributes: [.posixPermissions: 0o600]) else {
            throw PreviewError("cannot write the worker's job to \(jobFile.path)")
        }
        var environment = environment
        environment[RenderJob.environmentVariable] = jobFile.path
        process.environment = environment
        let lines = LineSplitter(output)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        for pipe in [out, err] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                if data.isEmpty {
                    handle.readabilityHandler = nil
                    lines.finish()
                } else {
                    lines.append(data)
                }
            }
        }
        do {
            try process.run()
        } catch {
            throw PreviewError("cannot start the script's worker: \(error.localizedDescription)")
        }
        let deadline = Date().addingTimeInterval(startTimeout)
        while true {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready > 0 {
                let connection = accept(listener, nil, nil)
                if connection >= 0 {
                    _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                    return WorkerProcess(id: id, version: version, process: process, descriptor: connection)
                }
            }
            if !process.isRunning {
                process.waitUntilExit()
                // Let the last lines of its output arrive before reporting.
                Thread.sleep(forTimeInterval: 0.05)
                let how = process.terminationReason == .uncaughtSignal
                    ? "crashed (signal \(process.terminationStatus))" : "exited with status \(process.terminationStatus)"
                throw PreviewError("the script \(how) before calling stage.run()", lastLines: lines.recent)
            }
            if Date() > deadline {
                process.terminate()
                throw PreviewError("the script did not reach stage.run() within \(Int(startTimeout)) s")
            }
        }
    }

    /// Sends `request` and waits for the answer and its payload.
    func send(_ request: PreviewRequest) async throws -> (PreviewResponse, Data) {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.sendBlocking(request) })
            }
        }
    }

    private func sendBlocking(_ request: PreviewRequest) throws -> (PreviewResponse, Data) {
        do {
            try PreviewWire.write(JSONEncoder().encode(request), to: descriptor)
            guard let header = try PreviewWire.read(from: descriptor),
                  let payload = try PreviewWire.read(from: descriptor) else {
                throw PreviewWireError.closed
            }
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
            let response = try decoder.decode(PreviewResponse.self, from: header)
            lock.lock()
            _time = response.time
            lock.unlock()
            return (response, payload)
        } catch let error as PreviewWireError {
            process.waitUntilExitWithin(seconds: 1)
            if process.isRunning { throw PreviewError("the script's worker stopped answering (\(error))") }
            let how = process.terminationReason == .uncaughtSignal
                ? "crashed (signal \(process.terminationStatus))" : "exited (status \(process.terminationStatus))"
            throw PreviewError("the script's worker \(how); its last lines are in the console")
        }
    }

    /// Ends the worker: closing its connection ends `stage.run()`, so the script finishes as it
    /// would after a render; one that does not is terminated.
    func stop() {
        lock.lock()
        let wasClosed = closed
        closed = true
        lock.unlock()
        guard !wasClosed else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        let process = self.process
        DispatchQueue.global().async {
            process.waitUntilExitWithin(seconds: 2)
            if process.isRunning { process.terminate() }
            process.waitUntilExitWithin(seconds: 2)
            if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Ends the worker at once (the preview is shutting down).
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }
}

extension Process {
    /// Waits up to `seconds` for the process to exit.
    func waitUntilExitWithin(seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }
}

/// Splits a worker's output into lines and hands each to the sink; keeps the last few.
final class LineSplitter: @unchecked Sendable {
    private let sink: @Sendable (String) -> Void
    private let lock = NSLock()
    private var pending = Data()
    private var kept: [String] = []
    private static let keptLines = 20

    init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }

    func append(_ data: Data) {
        lock.lock()
        pending.append(data)
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...newline)
        }
        kept.append(contentsOf: lines)
        if kept.count > Self.keptLines { kept.removeFirst(kept.count - Self.keptLines) }
        lock.unlock()
        for line in lines { sink(line) }
    }

    func finish() {
        lock.lock()
        let rest = pending.isEmpty ? nil : String(decoding: pending, as: UTF8.self)
        pending = Data()
        if let rest { kept.append(rest) }
        lock.unlock()
        if let rest { sink(rest) }
    }

    var recent: [String] {
        lock.lock(); defer { lock.unlock() }
        return kept
    }
}

/// A Unix socket listening at a path (in the preview's private folder).
enum UnixSocket {
    static func listen(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PreviewError("cannot create a socket: \(String(cString: strerror(errno)))") }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw PreviewError("the socket path \(path) is too long; set TMPDIR to a shorter folder")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Foundation.listen(descriptor, 1) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw PreviewError("cannot listen at \(path): \(reason)")
        }
        return descriptor
    }
}

/// A preview failure with a sentence for the user, and the script's last lines when it died.
struct PreviewError: Error, CustomStringConvertible {
    let description: String
    var lastLines: [String] = []

    init(_ description: String, lastLines: [String] = []) {
        self.description = description
        self.lastLines = lastLines
    }
}
