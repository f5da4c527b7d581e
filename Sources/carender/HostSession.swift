@_spi(Script) import CARenderScriptHost
import CARenderStage
import Foundation
import Synchronization

/// The private folder one carender run keeps its working files in: the render jobs it hands its
/// workers, the Swift runtime's crash reports, the compiler's temporary files.
///
/// It is made with mkdtemp (mode 0700, a fresh random name) in the temporary folder, so no other
/// user can read it, plant a file or a symbolic link in it, or predict its name; every file in it
/// is created with O_EXCL | O_NOFOLLOW all the same. It is removed when the command ends (success,
/// failure or a stop request); one that a killed carender left is removed by the next run, which
/// removes only folders of this program (`carender-<pid>-XXXXXX`) owned by this user whose
/// process is gone.
final class HostSession: Sendable {
    let folder: URL
    /// Whether the folder was removed, and the last number ``uniqueName(_:suffix:)`` gave.
    private let state = Mutex<(removed: Bool, serial: Int)>((false, 0))

    /// The prefix of the folders' names.
    static let prefix = "carender-"

    /// A new private folder in the temporary folder (`TMPDIR`); an unwritable one is one error
    /// line before anything runs.
    init() throws {
        let temporary = FileManager.default.temporaryDirectory
        Self.sweep(temporary)
        var template = Array(temporary.appendingPathComponent("\(Self.prefix)\(getpid())-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            let origin = ProcessInfo.processInfo.environment["TMPDIR"].map { _ in " (TMPDIR)" } ?? ""
            throw CLIError("cannot write to the temporary folder \(temporary.path)\(origin): \(String(cString: strerror(errno))); set TMPDIR to a writable folder")
        }
        folder = URL(fileURLWithPath: String(cString: made))
    }

    deinit { remove() }

    /// Removes the folder and everything in it.
    func remove() {
        let first = state.withLock { state in
            defer { state.removed = true }
            return !state.removed
        }
        guard first else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `data` to a new file `name` in the folder.
    func write(_ data: Data, named name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CLIError("cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let ok = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        guard ok else { throw CLIError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        return url
    }

    /// A name no other file of this session has: `<stem>-<n><suffix>`.
    func uniqueName(_ stem: String, suffix: String = "") -> String {
        let serial = state.withLock { state in
            state.serial += 1
            return state.serial
        }
        return "\(stem)-\(serial)\(suffix)"
    }

    /// A path in the folder for a file a child creates (a crash report).
    func path(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Removes what killed carender runs of this user left in `temporary`: their private folders,
    /// and the report and crash files of versions before them. Nothing of another user, nothing
    /// reached through a symbolic link, nothing of a live process.
    static func sweep(_ temporary: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let expectsFolder: Bool
            let pidText: Substring
            if rest.hasPrefix("report-") || rest.hasPrefix("crash-") {
                // carender-report-<pid>[-wN], carender-crash-<pid>[-wN].json
                expectsFolder = false
                pidText = rest.drop { $0 != "-" }.dropFirst().prefix { $0.isNumber }
            } else {
                // carender-<pid>-XXXXXX
                let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
                guard parts.count == 2, parts[1].count == 6 else { continue }
                expectsFolder = true
                pidText = parts[0]
            }
            guard let pid = pid_t(pidText), pid > 0, pid != getpid() else { continue }
            let path = temporary.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_uid == getuid() else { continue }
            let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
            let isFile = (status.st_mode & S_IFMT) == S_IFREG
            guard expectsFolder ? isFolder : isFile else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
