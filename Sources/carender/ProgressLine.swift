import Foundation

/// The progress line drawn on a terminal: a bar with the frames done, the rate and the time left,
/// fitted to the terminal's width so that a redraw never wraps (a wrapped line cannot be redrawn
/// in place and leaves a line behind at every update).
///
/// What does not fit is left out, least useful first: the `carender:` prefix, the phase, the
/// percentage (the bar shows it), then the bar, the rate and the ETA; the frame count stays.
struct ProgressLine {
    var phase: String
    var done: Int
    var total: Int
    /// Seconds since the phase began.
    var elapsed: Double
    /// Whether the bar may use block characters (the terminal's encoding is UTF-8).
    var unicode: Bool

    /// The narrowest bar worth drawing, and the widest (wider says nothing more).
    static let minimumBar = 10
    static let maximumBar = 40

    /// The line, at most `columns - 1` characters: the last column is left free, as a terminal
    /// that writes into it may wrap before the next redraw.
    func text(columns: Int) -> String {
        let room = max(1, columns - 1)
        guard total > 0 else { return clip("carender: \(phase)… \(ProgressDisplay.duration(elapsed))", room) }
        let count = "\(done)/\(total)"
        let percent = "\(Int(100 * Double(min(done, total)) / Double(total)))%"
        let rate = done > 0 ? ProgressDisplay.rate(done, elapsed) : nil
        let eta = done > 0 ? "ETA \(ProgressDisplay.duration(Double(total - done) / (Double(done) / max(elapsed, 1e-9))))" : nil
        // From the richest line to the barest; the first that fits is drawn.
        let layouts: [(prefix: Bool, phase: Bool, bar: Bool, percent: Bool, rate: Bool, eta: Bool)] = [
            (true, true, true, true, true, true),
            (false, true, true, true, true, true),
            (false, false, true, true, true, true),
            (false, false, true, false, true, true),
            (false, false, false, false, true, true),
            (false, false, false, false, false, true),
        ]
        for layout in layouts {
            let head = [layout.prefix ? "carender:" : nil, layout.phase ? phase : nil].compactMap { $0 }
            let tail = [count, layout.percent ? percent : nil, layout.rate ? rate : nil, layout.eta ? eta : nil].compactMap { $0 }
            let words = (head + tail).joined(separator: " ")
            if layout.bar {
                let width = min(Self.maximumBar, room - words.count - 1)
                guard width >= Self.minimumBar else { continue }
                let left = head.joined(separator: " ")
                return (left.isEmpty ? "" : left + " ") + bar(width: width) + " " + tail.joined(separator: " ")
            }
            if words.count <= room { return words }
        }
        return clip(count, room)
    }

    /// `width` cells: full blocks for the frames done, eighths for the part of a cell, light
    /// shade for the rest (or `#`, `>` and `-` without UTF-8).
    func bar(width: Int) -> String {
        let fraction = total > 0 ? min(1, max(0, Double(done) / Double(total))) : 0
        let eighths = Int((fraction * Double(width * 8)).rounded(.down))
        let full = eighths / 8, part = eighths % 8
        if unicode {
            let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][part]
            let rest = width - full - (partial.isEmpty ? 0 : 1)
            return String(repeating: "█", count: full) + partial + String(repeating: "░", count: rest)
        }
        let tip = full < width && part > 0 ? ">" : ""
        return String(repeating: "#", count: full) + tip + String(repeating: "-", count: width - full - tip.count)
    }

    private func clip(_ text: String, _ room: Int) -> String {
        text.count <= room ? text : String(text.prefix(room))
    }

    /// Whether the locale's character encoding is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`).
    static func localeIsUTF8(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lowered = value.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// The width of the terminal on `descriptor`: the kernel's window size, else `COLUMNS`, else 80.
    static func terminalColumns(_ descriptor: Int32 = STDERR_FILENO) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }
}
