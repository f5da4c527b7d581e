import ArgumentParser
import Foundation
import CARender
import Synchronization

/// Progress on standard error: on a terminal one line redrawn in place (``ProgressLine``: a bar,
/// frames n/N, percent, fps and ETA, fitted to the terminal's width, read at every redraw so a
/// resized window is followed); elsewhere a plain line every few seconds; or JSON lines for CI and
/// other tools. Safe to call from the thread reading the workers' progress.
final class ProgressDisplay: Sendable {
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
    private let start = Date()
    /// The phase and what is on the screen, changed by whichever thread reports.
    private let state: Mutex<State>

    init(style: Style, quiet: Bool, verbose: Bool) {
        self.quiet = quiet
        self.verbose = verbose
        let output: Output
        switch quiet ? .none : style {
        case .auto: output = isatty(STDERR_FILENO) == 1 ? .terminal : .plain
        case .plain: output = .plain
        case .json: output = .json
        case .none: output = .none
        }
        self.output = output
        state = Mutex(State(output: output))
    }

    /// Starts a phase (compiling, rendering, encoding video); `total` frames when it counts them.
    func begin(_ name: String, total: Int = 0) {
        state.withLock { state in
            state.phase = name
            state.phaseStart = Date()
            if state.renderStart == nil && name.hasPrefix("rendering") { state.renderStart = state.phaseStart }
            state.done = 0
            state.total = total
            state.draw(force: true)
        }
    }

    /// Sets the phase's total (known once the workers have planned).
    func setTotal(_ total: Int) {
        state.withLock { state in
            state.total = total
            state.draw(force: false)
        }
    }

    /// Sets how many frames of the phase are done.
    func update(done: Int) {
        state.withLock { state in
            state.done = done
            state.draw(force: done == state.total)
        }
    }

    /// Ends the phase; `--verbose` prints how long it took.
    func end() {
        state.withLock { state in
            let seconds = Date().timeIntervalSince(state.phaseStart)
            if verbose && output != .json {
                state.clearLine()
                let count = state.total > 0 ? " (\(state.done) frames, \(Self.rate(state.done, seconds)))" : ""
                State.write("carender: \(state.phase) took \(Self.duration(seconds))\(count)\n")
            }
        }
    }

    /// A `--verbose` detail.
    func detail(_ message: String) {
        guard verbose else { return }
        showLine("carender: \(message)")
    }

    /// A warning: always shown, on a line of its own.
    func warning(_ message: String) {
        showLine("carender: warning: \(message)")
    }

    /// A note: something the user asked for is done another way (not with `--quiet`).
    func note(_ message: String) {
        guard !quiet else { return }
        showLine("carender: note: \(message)")
    }

    /// `text` on a line of its own, below the progress line.
    private func showLine(_ text: String) {
        state.withLock { state in
            state.clearLine()
            State.write(text + "\n")
        }
    }

    /// A line a worker reported (already prefixed `carender: warning:` or `carender: error:`).
    func message(_ line: String) {
        state.withLock { state in
            state.clearLine()
            if output == .json {
                State.write("{\"event\":\"message\",\"text\":\(Self.quoted(line))}\n")
            } else {
                State.write(line + "\n")
            }
            if output == .terminal && state.total > 0 { state.draw(force: true) }
        }
    }

    /// Removes the terminal line (before an error is printed, or another process writes).
    func clear() {
        state.withLock { $0.clearLine() }
    }

    /// The closing line: frames, time and frames per second (not with `--quiet`).
    func summary(frames: Int, written: Int, skipped: Int, destination: String, verb: String = "rendered") {
        state.withLock { state in
            state.clearLine()
            let seconds = Date().timeIntervalSince(state.renderStart ?? start)
            switch output {
            case .json:
                State.write("{\"event\":\"summary\",\"frames\":\(frames),\"written\":\(written),\"skipped\":\(skipped),\"seconds\":\(Self.number(seconds)),\"fps\":\(Self.number(Double(frames) / max(seconds, 1e-9))),\"output\":\(Self.quoted(destination))}\n")
            case .none:
                break
            case .terminal, .plain:
                let skippedNote = skipped > 0 ? " (\(skipped) already there, skipped)" : ""
                State.write("carender: \(verb) \(frames) frame\(frames == 1 ? "" : "s") in \(Self.duration(seconds)) (\(Self.rate(frames, seconds)))\(skippedNote) to \(destination)\n")
            }
        }
    }

    // MARK: - Drawing

    /// The phase being shown and the state of the screen.
    private struct State {
        let output: Output
        var phase = ""
        var phaseStart = Date()
        var done = 0
        var total = 0
        var lastDraw = Date.distantPast
        var lineShown = false
        /// When the first frame-counting phase began: the summary's time and rate are the
        /// render's, not the compiler's.
        var renderStart: Date?
        /// Whether the terminal takes block characters.
        let unicode = ProgressLine.localeIsUTF8()

        init(output: Output) { self.output = output }

        mutating func draw(force: Bool) {
            let now = Date()
            switch output {
            case .none:
                return
            case .terminal:
                guard force || now.timeIntervalSince(lastDraw) >= ProgressDisplay.terminalInterval else { return }
                let progress = ProgressLine(phase: phase, done: done, total: total, elapsed: now.timeIntervalSince(phaseStart), unicode: unicode)
                Self.write("\r" + progress.text(columns: ProgressLine.terminalColumns()) + "\u{1B}[K")
                lineShown = true
            case .plain:
                // A phase without frames (compiling) is worth a line only when --verbose times it.
                guard total > 0 else { return }
                guard force || now.timeIntervalSince(lastDraw) >= ProgressDisplay.plainInterval else { return }
                Self.write(line(now) + "\n")
            case .json:
                guard force || now.timeIntervalSince(lastDraw) >= ProgressDisplay.jsonInterval else { return }
                let elapsed = now.timeIntervalSince(phaseStart)
                var fields = "\"event\":\"progress\",\"phase\":\(ProgressDisplay.quoted(phase)),\"elapsed\":\(ProgressDisplay.number(elapsed))"
                if total > 0 {
                    let fps = Double(done) / max(elapsed, 1e-9)
                    fields += ",\"frame\":\(done),\"frames\":\(total),\"percent\":\(ProgressDisplay.number(100 * Double(done) / Double(total))),\"fps\":\(ProgressDisplay.number(fps))"
                    if done > 0 { fields += ",\"eta\":\(ProgressDisplay.number(Double(total - done) / fps))" }
                }
                Self.write("{\(fields)}\n")
            }
            lastDraw = now
        }

        private func line(_ now: Date) -> String {
            let elapsed = now.timeIntervalSince(phaseStart)
            guard total > 0 else { return "carender: \(phase)… \(ProgressDisplay.duration(elapsed))" }
            let percent = Int(100 * Double(done) / Double(total))
            var text = "carender: \(phase) frame \(done)/\(total) \(percent)%"
            if done > 0 {
                let fps = Double(done) / max(elapsed, 1e-9)
                text += ", \(ProgressDisplay.rate(done, elapsed)), elapsed \(ProgressDisplay.duration(elapsed)), ETA \(ProgressDisplay.duration(Double(total - done) / fps))"
            } else {
                text += ", elapsed \(ProgressDisplay.duration(elapsed))"
            }
            return text
        }

        mutating func clearLine() {
            if lineShown {
                Self.write("\r\u{1B}[K")
                lineShown = false
            }
        }

        static func write(_ text: String) {
            FileHandle.standardError.write(Data(text.utf8))
        }
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
