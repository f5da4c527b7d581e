import ArgumentParser
import Foundation
import CARender

/// Progress on standard error: on a terminal one line redrawn in place (``ProgressLine``: a bar,
/// frames n/N, percent, fps and ETA, fitted to the terminal's width, read at every redraw so a
/// resized window is followed); elsewhere a plain line every few seconds; or JSON lines for CI and
/// other tools. Safe to call from the thread reading the workers' progress.
final class ProgressDisplay: @unchecked Sendable {
    enum Style: String, CaseIterable, ExpressibleByArgument {
        case auto, plain, json, none
    }

    /// How often a plain (non-terminal) progress line is printed.
    static let plainInterval = 5.0
    /// How often the terminal line is redrawn: often enough to look live, rarely enough to cost nothing.
    static let terminalInterval = 0.1
    static let jsonInterval = 0.5

    private enum Output { case terminal, plain, json, none }
    private let output: Output
    private let quiet: Bool
    private let verbose: Bool
    private let lock = NSLock()
    private let start = Date()
    private var phase = ""
    private var phaseStart = Date()
    private var done = 0
    private var total = 0
    private var lastDraw = Date.distantPast
    private var lineShown = false
    /// When the first frame-counting phase began: the summary's time and rate are the render's,
    /// not the compiler's.
    private var renderStart: Date?
    /// Whether the terminal takes block characters.
    private let unicode = ProgressLine.localeIsUTF8()

    init(style: Style, quiet: Bool, verbose: Bool) {
        self.quiet = quiet
        self.verbose = verbose
        switch quiet ? .none : style {
        case .auto: output = isatty(STDERR_FILENO) == 1 ? .terminal : .plain
        case .plain: output = .plain
        case .json: output = .json
        case .none: output = .none
        }
    }

    /// Starts a phase (compiling, rendering, encoding video); `total` frames when it counts them.
    func begin(_ name: String, total: Int = 0) {
        lock.lock()
        defer { lock.unlock() }
        phase = name
        phaseStart = Date()
        if renderStart == nil && name.hasPrefix("rendering") { renderStart = phaseStart }
        done = 0
        self.total = total
        draw(force: true)
    }

    /// Sets the phase's total (known once the workers have planned).
    func setTotal(_ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        self.total = total
        draw(force: false)
    }

    /// Sets how many frames of the phase are done.
    func update(done: Int) {
        lock.lock()
        defer { lock.unlock() }
        self.done = done
        draw(force: done == total)
    }

    /// Ends the phase; `--verbose` prints how long it took.
    func end() {
        lock.lock()
        defer { lock.unlock() }
        let seconds = Date().timeIntervalSince(phaseStart)
        if verbose && output != .json {
            clearLine()
            let count = total > 0 ? " (\(done) frames, \(Self.rate(done, seconds)))" : ""
            write("carender: \(phase) took \(Self.duration(seconds))\(count)\n")
        }
    }

    /// A `--verbose` detail.
    func detail(_ message: String) {
        guard verbose else { return }
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        write("carender: \(message)\n")
    }

    /// A warning: always shown, on a line of its own.
    func warning(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        write("carender: warning: \(message)\n")
    }

    /// A note: something the user asked for is done another way (not with `--quiet`).
    func note(_ message: String) {
        guard !quiet else { return }
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        write("carender: note: \(message)\n")
    }

    /// A line a worker reported (already prefixed `carender: warning:` or `carender: error:`).
    func message(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        if output == .json {
            write("{\"event\":\"message\",\"text\":\(Self.quoted(line))}\n")
        } else {
            write(line + "\n")
        }
        if output == .terminal && total > 0 { draw(force: true) }
    }

    /// Removes the terminal line (before an error is printed, or another process writes).
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
    }

    /// The closing line: frames, time and frames per second (not with `--quiet`).
    func summary(frames: Int, written: Int, skipped: Int, destination: String, verb: String = "rendered") {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        let seconds = Date().timeIntervalSince(renderStart ?? start)
        switch output {
        case .json:
            write("{\"event\":\"summary\",\"frames\":\(frames),\"written\":\(written),\"skipped\":\(skipped),\"seconds\":\(Self.number(seconds)),\"fps\":\(Self.number(Double(frames) / max(seconds, 1e-9))),\"output\":\(Self.quoted(destination))}\n")
        case .none:
            break
        case .terminal, .plain:
            let skippedNote = skipped > 0 ? " (\(skipped) already there, skipped)" : ""
            write("carender: \(verb) \(frames) frame\(frames == 1 ? "" : "s") in \(Self.duration(seconds)) (\(Self.rate(frames, seconds)))\(skippedNote) to \(destination)\n")
        }
    }

    // MARK: - Drawing (called with the lock held)

    private func draw(force: Bool) {
        let now = Date()
        switch output {
        case .none:
            return
        case .terminal:
            guard force || now.timeIntervalSince(lastDraw) >= Self.terminalInterval else { return }
            let progress = ProgressLine(phase: phase, done: done, total: total, elapsed: now.timeIntervalSince(phaseStart), unicode: unicode)
            write("\r" + progress.text(columns: ProgressLine.terminalColumns()) + "\u{1B}[K")
            lineShown = true
        case .plain:
            // A phase without frames (compiling) is worth a line only when --verbose times it.
            guard total > 0 else { return }
            guard force || now.timeIntervalSince(lastDraw) >= Self.plainInterval else { return }
            write(line(now) + "\n")
        case .json:
            guard force || now.timeIntervalSince(lastDraw) >= Self.jsonInterval else { return }
            let elapsed = now.timeIntervalSince(phaseStart)
            var fields = "\"event\":\"progress\",\"phase\":\(Self.quoted(phase)),\"elapsed\":\(Self.number(elapsed))"
            if total > 0 {
                let fps = Double(done) / max(elapsed, 1e-9)
                fields += ",\"frame\":\(done),\"frames\":\(total),\"percent\":\(Self.number(100 * Double(done) / Double(total))),\"fps\":\(Self.number(fps))"
                if done > 0 { fields += ",\"eta\":\(Self.number(Double(total - done) / fps))" }
            }
            write("{\(fields)}\n")
        }
        lastDraw = now
    }

    private func line(_ now: Date) -> String {
        let elapsed = now.timeIntervalSince(phaseStart)
        guard total > 0 else { return "carender: \(phase)… \(Self.duration(elapsed))" }
        let percent = Int(100 * Double(done) / Double(total))
        var text = "carender: \(phase) frame \(done)/\(total) \(percent)%"
        if done > 0 {
            let fps = Double(done) / max(elapsed, 1e-9)
            text += ", \(Self.rate(done, elapsed)), elapsed \(Self.duration(elapsed)), ETA \(Self.duration(Double(total - done) / fps))"
        } else {
            text += ", elapsed \(Self.duration(elapsed))"
        }
        return text
    }

    private func clearLine() {
        if lineShown {
            write("\r\u{1B}[K")
            lineShown = false
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    // MARK: - Formatting

    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        return whole >= 3600 ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
                             : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    static func rate(_ frames: Int, _ seconds: Double) -> String {
        String(format: "%.1f fps", Double(frames) / max(seconds, 1e-9))
    }

    static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.3f", value) : "null"
    }

    static func quoted(_ text: String) -> String { jsonQuoted(text) }
}
