import CPNG
import Foundation

/// The files a render has started but not finished, and what is done about them when the render
/// stops early.
///
/// A frame is written to a temporary sibling, `frame_00007.png.tmp-<pid>@<host>-XXXXXX`, and
/// renamed into place. The libpng shim registers each temporary file while it is open; when the
/// process is stopped (SIGINT, SIGTERM, SIGHUP — also sent when `carender` itself dies) a signal
/// handler unlinks them. When the script crashes, the crashing thread first waits (at most a few
/// seconds) for the frames already rendered and queued for encoding, so they are written, then
/// hands the crash on to the Swift runtime. What a `kill -9` leaves behind is swept the next time
/// the folder is prepared.
enum InFlightFiles {
    /// Counts a frame queued for encoding, so a crash waits for it.
    static func frameQueued() {
        cpng_frames_pending_add(1)
    }

    /// Counts a queued frame as written (or abandoned after an earlier error).
    static func frameFinished() {
        cpng_frames_pending_add(-1)
    }

    /// Removes the temporary files that renders which are no longer running left in `directory`:
    /// this machine's whose process is gone, another machine's (a folder shared by a split
    /// render) once they are an hour old. A live render's files stay. Returns the names removed.
    @discardableResult
    static func sweep(_ directory: URL, now: Date = Date()) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names {
            let url = directory.appendingPathComponent(name)
            let abandoned: Bool
            switch writer(ofTemporary: name) {
            case nil:
                continue
            case .unnamed:
                abandoned = true
            case let .process(pid, host):
                if host == localHost {
                    abandoned = !isRunning(pid)
                } else {
                    let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
                    abandoned = modified.map { now.timeIntervalSince($0) > otherHostGrace } ?? false
                }
            }
            if abandoned, unlink(url.path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Who wrote a frame's temporary sibling, from its name.
    enum Writer: Equatable {
        /// `<x>.png.tmp-<pid>@<host>-XXXXXX`.
        case process(pid_t, host: String)
        /// `<x>.png.tmp-XXXXXX`, the older form that named no process.
        case unnamed
    }

    /// The writer of `name` if it is a frame's temporary sibling, else nil.
    static func writer(ofTemporary name: String) -> Writer? {
        guard let marker = name.range(of: ".png" + CPNG_TEMPORARY_SUFFIX, options: .backwards) else { return nil }
        let tail = name[marker.upperBound...]
        guard let dash = tail.lastIndex(of: "-") else {
            return tail.count == randomCharacterCount ? .unnamed : nil
        }
        let writer = tail[..<dash]
        guard tail[tail.index(after: dash)...].count == randomCharacterCount,
              let at = writer.firstIndex(of: "@"), let pid = pid_t(writer[..<at]), pid > 0 else { return nil }
        return .process(pid, host: String(writer[writer.index(after: at)...]))
    }

    /// How old another machine's temporary file must be to count as abandoned: no frame takes
    /// anywhere near this long to write.
    static let otherHostGrace: TimeInterval = 3600

    /// This machine's name as the libpng shim writes it into temporary names.
    static let localHost: String = {
        var buffer = [CChar](repeating: 0, count: 65)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "/", with: "_")
        return name.isEmpty ? "localhost" : name
    }()

    /// mkstemp's random part.
    private static let randomCharacterCount = 6

    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
