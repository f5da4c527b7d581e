import CPNG
import Foundation

/// The files a render has started but not finished, and what is done about them when the render
/// stops early.
///
/// A frame is written to a temporary sibling, `frame_00007.png.tmp-<process id>-XXXXXX`, and
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

    /// Removes the temporary files that renders which are no longer running left in `directory`
    /// (a live render's files, in the same folder at the same time, stay). Returns the names
    /// removed.
    @discardableResult
    static func sweep(_ directory: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names where isAbandonedTemporary(name) {
            if unlink(directory.appendingPathComponent(name).path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Whether `name` is a frame's temporary sibling whose writer is gone: `<x>.png.tmp-<pid>-<6>`
    /// with no process `pid`, or the older `<x>.png.tmp-<6>` that named no process.
    static func isAbandonedTemporary(_ name: String) -> Bool {
        guard let marker = name.range(of: ".png" + CPNG_TEMPORARY_SUFFIX, options: .backwards) else { return false }
        let tail = name[marker.upperBound...]
        let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return parts[0].count == randomCharacterCount
        case 2:
            guard let pid = pid_t(parts[0]), pid > 0, parts[1].count == randomCharacterCount else { return false }
            return !isRunning(pid)
        default:
            return false
        }
    }

    /// mkstemp's random part.
    private static let randomCharacterCount = 6

    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
