import CARenderStage
import CARenderSupervisor
import Foundation
import Synchronization

/// One running copy of the compiled script, serving preview requests over a Unix socket in the
/// preview's private folder (see `PreviewRequest`).
///
/// The worker is started as the command line starts every child (``Supervisor``): in a process
/// group of its own with a guard process, so it ends with carender however carender ends (a
/// `kill -9` included, and a script that ignores SIGTERM is killed after the grace period), and a
/// Ctrl-C reaches it. Requests to one worker run one at a time, on its own queue (the socket calls
/// block). The worker's clock only moves forwards; `time` is where the last answer left it.
final class WorkerProcess: Sendable {
    let id: Int
    /// The build (`PreviewSession`'s version) the worker runs.
    let version: Int
    private let child: Supervisor.Child
    private let descriptor: Int32
    private let queue: DispatchQueue
    /// The worker's clock after its last answer, and whether `stop()` closed its connection.
    private let state = Mutex<(time: Double, closed: Bool)>((0, false))

    /// The worker's clock after its last answer.
    var time: Double {
        state.withLock { $0.time }
    }

    var isRunning: Bool { child.isRunning }

    /// The worker's process id.
    var pid: pid_t { child.pid }

    private init(id: Int, version: Int, child: Supervisor.Child, descriptor: Int32) {
        self.id = id
        self.version = version
        self.child = child
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

    /// Lines of the script's output kept to explain a worker that ends before `stage.run()`.
    private static let keptLines = 20

    private static func startBlocking(id: Int, version: Int, executable: URL, arguments: [String], environment: [String: String], job: RenderJob, folder: URL,
                                      output: @escaping @Sendable (String) -> Void) throws -> WorkerProcess {
        let socketPath = folder.appendingPathComponent("worker-\(id).sock").path
        let listener = try UnixSocket.listen(at: socketPath)
        defer {
            close(listener)
            unlink(socketPath)
        }
        // The worker's job names its socket; the file goes into the preview's private folder.
        var job = job
        job.mode = .preview(socket: socketPath)
        let jobFile = folder.appendingPathComponent("worker-\(id).json")
        guard FileManager.default.createFile(atPath: jobFile.path, contents: try job.encoded(), attributes: [.posixPermissions: 0o600]) else {
            throw PreviewError("cannot write the worker's job to \(jobFile.path)")
        }
        var environment = environment
        environment[RenderJob.environmentVariable] = jobFile.path
        // Standard output and standard error share one pipe, so the console keeps their order.
        let pipe: (read: Int32, write: Int32)
        do { pipe = try Supervisor.pipe() } catch { throw PreviewError("cannot start the script's worker: \(error)") }
        let lines = OutputTail(reading: pipe.read, keep: keptLines, relay: output)
        let child: Supervisor.Child
        do {
            defer { close(pipe.write) }
            child = try Supervisor.start(executable, arguments: arguments, environment: environment,
                                         input: Supervisor.nullInput, output: pipe.write, error: pipe.write)
        } catch {
            _ = lines.finish()
            throw PreviewError("cannot start the script's worker: \(error)")
        }
        let deadline = Date().addingTimeInterval(startTimeout)
        while true {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready > 0 {
                let connection = accept(listener, nil, nil)
                if connection >= 0 {
                    _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                    return WorkerProcess(id: id, version: version, child: child, descriptor: connection)
                }
            }
            if let ended = child.poll() {
                // Its group is gone, so the pipe's last writer is: the last lines are all there.
                throw PreviewError("the script \(describe(ended)) before calling stage.run()", lastLines: lines.finish())
            }
            if Date() > deadline {
                child.end()
                throw PreviewError("the script did not reach stage.run() within \(Int(startTimeout)) s")
            }
        }
    }

    /// "crashed (signal 11)" or "exited with status 1".
    private static func describe(_ ended: Supervisor.Termination) -> String {
        ended.signal ? "crashed (signal \(ended.status))" : "exited with status \(ended.status)"
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
            state.withLock { $0.time = response.time }
            return (response, payload)
        } catch let error as PreviewWireError {
            guard let ended = child.wait(seconds: 1) else {
                throw PreviewError("the script's worker stopped answering (\(error))")
            }
            let how = ended.signal ? "crashed (signal \(ended.status))" : "exited (status \(ended.status))"
            throw PreviewError("the script's worker \(how); its last lines are in the console")
        }
    }

    /// Ends the worker: closing its connection ends `stage.run()`, so the script finishes as it
    /// would after a render; one that does not is sent SIGTERM, then SIGKILL.
    func stop() {
        let wasClosed = state.withLock { state in
            defer { state.closed = true }
            return state.closed
        }
        guard !wasClosed else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        let child = self.child
        DispatchQueue.global().async {
            if child.wait(seconds: Supervisor.gracePeriod) == nil { child.end() }
        }
    }

    /// Ends the worker at once (the preview is shutting down) and waits for it.
    func kill() {
        child.signal(SIGKILL)
        _ = child.wait(seconds: 1)
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
