import Foundation

/// The pipe a script's `stage.run()` reports its progress through (JSON lines, one per event).
///
/// The script opens it by path, `/proc/<carender's pid>/fd/<write end>` (passed in
/// `CARENDER_PROGRESS`), so no descriptor has to survive the spawn; both ends are close-on-exec,
/// so ffmpeg and the workers hold no stray copy and the reader sees end-of-file once every
/// worker has exited and `finish()` closed carender's own write end.
final class ProgressPipe: @unchecked Sendable {
    /// One event of a worker, decoded.
    struct Event {
        let fields: [String: Any]
        var name: String { fields["event"] as? String ?? "" }
        func int(_ key: String) -> Int? { (fields[key] as? NSNumber)?.intValue }
        func double(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
        func bool(_ key: String) -> Bool? { (fields[key] as? NSNumber)?.boolValue }
    }

    private let readEnd: Int32
    private var writeEnd: Int32
    private let reader: Thread
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled when the reader reaches a marker `drain()` wrote.
    private let drained = DispatchSemaphore(value: 0)
    /// The event name of `drain()`'s marker (no worker sends it).
    private static let drainMarker = "carender-drain"

    /// The path a child opens to write events.
    let path: String

    init(onEvent: @escaping @Sendable (Event) -> Void) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw CLIError("cannot create the progress pipe: \(String(cString: strerror(errno)))")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = fds[0]
        writeEnd = fds[1]
        path = "/proc/\(getpid())/fd/\(fds[1])"
        let readFD = fds[0]
        let done = finished, drained = drained
        reader = Thread {
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                pending.append(contentsOf: buffer[0..<n])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex..<newline]
                    pending.removeSubrange(pending.startIndex...newline)
                    if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
                        if object["event"] as? String == ProgressPipe.drainMarker {
                            drained.signal()
                        } else {
                            onEvent(Event(fields: object))
                        }
                    }
                }
            }
            done.signal()
        }
        reader.start()
    }

    /// Waits until every event already written (by workers that have exited) has been handled:
    /// a marker written now is read after them, a pipe being first in, first out, and a line this
    /// short is written in one piece.
    func drain() {
        guard writeEnd >= 0 else { return }
        let marker = Array("{\"event\":\"\(Self.drainMarker)\"}\n".utf8)
        let written = marker.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        if written == marker.count { drained.wait() }
    }

    /// Closes carender's write end and waits until every event written has been handled.
    func finish() {
        if writeEnd >= 0 {
            close(writeEnd)
            writeEnd = -1
            finished.wait()
            close(readEnd)
        }
    }

    deinit { finish() }
}
