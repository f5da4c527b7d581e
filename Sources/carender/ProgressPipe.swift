import CARenderStage
import Foundation
import Synchronization

/// The pipe the script's workers report through: one ``ProgressEvent`` per JSON line.
///
/// A worker opens it by path, `/proc/<carender's pid>/fd/<write end>` (in its ``RenderJob``), so
/// no descriptor has to survive the spawn; both ends are close-on-exec, so ffmpeg and the workers
/// hold no stray copy and the reader sees end-of-file once every worker has exited and `finish()`
/// closed carender's own write end.
final class ProgressPipe: Sendable {
    private let readEnd: Int32
    /// carender's write end (-1 once `finish()` closed it).
    private let writeEnd: Mutex<Int32>
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled when the reader reaches a marker `drain()` wrote.
    private let drained = DispatchSemaphore(value: 0)
    /// The workers that said they started.
    private let startedProcesses = Mutex<Set<Int32>>([])

    /// The marker `drain()` writes (no worker sends it: it is not an event).
    private static let drainMarker = Data("carender-drain\n".utf8)

    /// The path a child opens to write events.
    let path: String

    init(onEvent: @escaping @Sendable (ProgressEvent) -> Void) throws {
        let (read, write) = try makePipe()
        readEnd = read
        writeEnd = Mutex(write)
        path = "/proc/\(getpid())/fd/\(write)"
        let done = finished, drained = drained
        Thread { [self] in
            var lines = LineSplitter(limit: ProgressEvent.lineLimit)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { Foundation.read(read, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                lines.feed(buffer[0..<n]) { line in
                    if line.elementsEqual(Self.drainMarker.dropLast()) {
                        drained.signal()
                    } else if let event = ProgressEvent(line: line) {
                        if case .started(let pid) = event {
                            _ = startedProcesses.withLock { $0.insert(pid) }
                        }
                        onEvent(event)
                    }
                }
            }
            done.signal()
        }.start()
    }

    /// Whether the worker with process id `pid` said it started (call after `drain()`).
    func started(_ pid: Int32) -> Bool {
        startedProcesses.withLock { $0.contains(pid) }
    }

    /// Waits until every event already written (by workers that have exited) has been handled:
    /// a marker written now is read after them, a pipe being first in, first out, and a line this
    /// short is written in one piece.
    func drain() {
        // Written with the lock held, so `finish()` cannot close the descriptor meanwhile (the
        // reader takes no lock to empty the pipe, so the write cannot wait on it).
        let written = writeEnd.withLock { end in
            end < 0 ? -1 : Self.drainMarker.withUnsafeBytes { write(end, $0.baseAddress, $0.count) }
        }
        if written == Self.drainMarker.count { drained.wait() }
    }

    /// Closes carender's write end and waits until every event written has been handled.
    func finish() {
        let end = writeEnd.withLock { end in
            defer { end = -1 }
            return end
        }
        if end >= 0 {
            close(end)
            finished.wait()
            close(readEnd)
        }
    }

    deinit { finish() }
}

/// Splits a byte stream into lines in time linear in its length, whatever its shape: each byte is
/// looked at once, and a line longer than `limit` keeps its first `limit` bytes (the rest is
/// dropped, so one endless line cannot exhaust memory).
struct LineSplitter {
    let limit: Int
    private var current: [UInt8] = []
    private var overflowed = false

    init(limit: Int) { self.limit = limit }

    mutating func feed(_ bytes: some Collection<UInt8>, line: ([UInt8]) -> Void) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line(current)
                current.removeAll(keepingCapacity: true)
                overflowed = false
            } else if current.count < limit {
                current.append(byte)
            } else {
                overflowed = true
            }
        }
    }

    /// The last line, when the stream did not end with a newline.
    mutating func end(line: ([UInt8]) -> Void) {
        if !current.isEmpty { line(current) }
        current.removeAll()
    }
}
