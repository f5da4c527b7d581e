import CARenderStage
import CARenderPixels
import CHost
import Foundation
import Synchronization

/// The worker side of the `carender` command line, linked into scripts only (and the command
/// line, which shares its protocol): what turns a compiled script into one of carender's worker
/// processes.
///
/// The main that `carender` compiles around a script calls ``begin()`` before the script's first
/// line and ends with `exit(ScriptHost.exitStatus)`. `begin()` reads the ``RenderJob`` the command
/// line wrote (its path is the one environment variable, `CARENDER_JOB`), ties the process to the
/// command line's life, installs the handlers that remove the frames' temporary files on a stop
/// request or crash, opens the progress pipe and says the script started. `Stage.run()` then does
/// what the job asks. The library's own layers never read the environment for this, never install
/// a signal handler and never end the process: only this host does, because a host asked.
@_spi(Script)
public enum ScriptHost {
    /// The variable naming the job file.
    package static let jobVariable = RenderJob.environmentVariable

    /// Sets the process up as the command line's worker; without a job (the script run on its
    /// own), does nothing and `Stage.run()` renders 60 fps into `frames/`.
    public static func begin() {
        guard let path = getenv(jobVariable).map({ String(cString: $0) }), !path.isEmpty else {
            // Run on its own: the default job, and the exit status still tells a failed run.
            StageHosting.install(try? WorkerChannel(job: RenderJob()))
            return
        }
        // Not passed on: a program the script starts is not carender's worker.
        unsetenv(jobVariable)
        if chost_watch_parent(getppid()) != 0 { exit(143) }
        let job: RenderJob
        do {
            job = try RenderJob(decoding: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as StageError {
            fail("\(error)")
        } catch {
            fail("cannot read the render job \(path): \(plainReason(error))")
        }
        chost_install_cleanup_handlers()
        let channel: WorkerChannel
        do {
            channel = try WorkerChannel(job: job)
        } catch {
            fail("\(error)")
        }
        StageHosting.install(channel)
        channel.send(.started(processID: getpid()))
    }

    /// The status the script's process exits with: 64 (`EX_USAGE` of sysexits(3), as the command
    /// line exits for a usage error) after runs that refused how they were asked to render (a
    /// frame past the end, say), 1 after another failed `Stage.run()`, else 0.
    public static var exitStatus: Int32 {
        guard let channel = StageHosting.current as? WorkerChannel else { return 0 }
        return channel.exitStatus
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("carender: error: \(message)\n".utf8))
        exit(1)
    }
}

/// The job and the progress pipe of a worker: events go out as JSON lines, each in one `write(2)`
/// of less than `PIPE_BUF` bytes, so the lines of several workers sharing the pipe never
/// interleave.
final class WorkerChannel: StageHost, Sendable {
    let job: RenderJob
    private let descriptor: Int32
    /// How many runs failed, and whether every failure was a usage error.
    private let failures = Mutex<(count: Int, onlyUsage: Bool)>((0, true))

    init(job: RenderJob) throws {
        self.job = job
        if let path = job.progressPath {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw StageError.output("cannot open the progress pipe \(path): \(String(cString: strerror(errno)))")
            }
        } else {
            descriptor = -1
        }
    }

    var exitStatus: Int32 {
        failures.withLock { $0.count == 0 ? 0 : $0.onlyUsage ? 64 : 1 }
    }

    func send(_ event: ProgressEvent) {
        guard descriptor >= 0 else { return }
        let line = event.line()
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    func runFailed(usage: Bool) {
        failures.withLock { failures in
            failures.count += 1
            if !usage { failures.onlyUsage = false }
        }
    }
}
