/// Rewrites the Swift compiler's diagnostics (`-diagnostic-style llvm`) about a script the pass
/// changed so they read as if the compiler had seen the user's text: the column in each
/// `file:line:column:` header is the user's, the source line shown under it is the user's line,
/// and the caret and range markers (and a fix-it line under them) move with the column.
/// Diagnostics about other files pass through unchanged. Works a line at a time, so the
/// compiler's output can stream through it.
package struct DiagnosticRemapper {
    private let path: String
    private let map: SourceMap
    private let colored: Bool
    private enum State {
        case scanning
        /// After a header of the script: the next line is the source line shown.
        case snippet(generatedLine: Int)
        /// After that: the caret line, then possibly a fix-it line.
        case caret(generatedLine: Int)
        case fixIt(shift: Int)
    }
    private var state = State.scanning

    /// A remapper for diagnostics that name `path` (as the script's `#sourceLocation` does).
    /// With `colored`, the compiler was asked for colours (`-color-diagnostics`), and lines
    /// rewritten here are coloured the same way.
    package init(path: String, map: SourceMap, colored: Bool) {
        self.path = path
        self.map = map
        self.colored = colored
    }

    /// The line to show for one line (without its line break) of the compiler's output.
    package mutating func process(_ line: String) -> String {
        let plain = colored ? Self.strippingEscapes(line) : line
        if let header = parseHeader(plain) {
            guard let mapped = map.originalLocation(line: header.line, column: header.column) else {
                state = .scanning
                return line
            }
            state = .snippet(generatedLine: header.line)
            let location = "\(path):\(mapped.line):\(mapped.column): "
            guard colored else { return location + header.kind + ": " + header.message }
            return "\u{1B}[1m" + location + "\u{1B}[0m" + Self.kindColor(header.kind) + header.kind + ": \u{1B}[0m\u{1B}[1m"
                + header.message + "\u{1B}[0m"
        }
        switch state {
        case .scanning:
            return line
        case .snippet(let generatedLine):
            state = .caret(generatedLine: generatedLine)
            let userLine = map.originalLocation(line: generatedLine, column: 1)?.line ?? generatedLine
            guard userLine >= 1, userLine <= map.originalLines.count else { return line }
            return String(map.originalLines[userLine - 1])
        case .caret(let generatedLine):
            guard plain.allSatisfy({ $0 == " " || $0 == "^" || $0 == "~" }), plain.contains("^") || plain.contains("~") else {
                state = .scanning
                return line
            }
            // Each marker moves to the user's column of the byte it marks.
            var markers: [Int: Character] = [:]
            var firstShift: Int?
            for (offset, character) in plain.utf8.enumerated() where character != UInt8(ascii: " ") {
                let column = offset + 1
                guard let mapped = map.originalLocation(line: generatedLine, column: column) else { continue }
                if firstShift == nil { firstShift = mapped.column - column }
                let marker: Character = character == UInt8(ascii: "^") ? "^" : "~"
                if markers[mapped.column] != "^" { markers[mapped.column] = marker }
            }
            state = .fixIt(shift: firstShift ?? 0)
            guard let last = markers.keys.max() else { return line }
            var text = ""
            for column in 1 ... last { text.append(markers[column] ?? " ") }
            return colored ? "\u{1B}[0;1;32m" + text + "\u{1B}[0m" : text
        case .fixIt(let shift):
            state = .scanning
            guard plain.first == " ", shift != 0 else { return line }
            if shift > 0 { return String(repeating: " ", count: shift) + plain }
            let spaces = plain.prefix { $0 == " " }.count
            return String(plain.dropFirst(min(-shift, max(spaces - 1, 0))))
        }
    }

    private struct Header {
        var line: Int
        var column: Int
        var kind: String
        var message: String
    }

    /// `path:line:column: kind: message` for the script's path, else nil.
    private func parseHeader(_ line: String) -> Header? {
        guard line.hasPrefix(path + ":") else { return nil }
        let rest = line.dropFirst(path.count + 1)
        let parts = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let number = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        let kind = parts[2].trimmingCharacters(in: " ")
        guard ["error", "warning", "note", "remark"].contains(kind) else { return nil }
        return Header(line: number, column: column, kind: kind, message: String(parts[3].dropFirst(parts[3].first == " " ? 1 : 0)))
    }

    private static func kindColor(_ kind: String) -> String {
        switch kind {
        case "error": "\u{1B}[0;1;31m"
        case "warning": "\u{1B}[0;1;35m"
        default: "\u{1B}[0;1;30m"
        }
    }

    /// `line` without ANSI colour sequences (`ESC [ … m`).
    static func strippingEscapes(_ line: String) -> String {
        guard line.contains("\u{1B}") else { return line }
        var result = ""
        var inEscape = false
        for character in line {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
