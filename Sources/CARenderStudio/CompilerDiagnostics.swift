import Foundation

/// One problem to show in the page: a compile error, a runtime warning or a crash, with the
/// script's file and line when known.
package struct PreviewDiagnostic: Codable, Equatable, Sendable {
    package enum Severity: String, Codable, Sendable { case error, warning, note }

    package var severity: Severity
    package var message: String
    package var file: String?
    package var line: Int?
    package var column: Int?

    package init(severity: Severity, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// The compiler's diagnostics in `output` (swiftc's `-diagnostic-style llvm` lines,
    /// `file:line:column: error: message`), errors and warnings only; lines that are not
    /// diagnostics (source excerpts, carets) are skipped.
    package static func parseCompilerOutput(_ output: String) -> [PreviewDiagnostic] {
        output.split(separator: "\n").compactMap { parseLocated(String($0)) }.filter { $0.severity != .note }
    }

    /// `file:line[:column]: error|warning|note: message`, or nil.
    package static func parseLocated(_ line: String) -> PreviewDiagnostic? {
        for severity in [Severity.error, .warning, .note] {
            guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 2 else { continue }
            // The file may itself hold colons: the line (and column) are the last numeric fields.
            var numbers: [Int] = []
            var fileFields = location[...]
            while let last = fileFields.last, let number = Int(last), numbers.count < 2 {
                numbers.insert(number, at: 0)
                fileFields = fileFields.dropLast()
            }
            guard !numbers.isEmpty, !fileFields.isEmpty else { continue }
            return PreviewDiagnostic(severity: severity, message: String(line[marker.upperBound...]),
                                     file: fileFields.joined(separator: ":"), line: numbers[0],
                                     column: numbers.count > 1 ? numbers[1] : nil)
        }
        return nil
    }

    /// A line the library or the script printed (`carender: warning: …`), with the location a
    /// crash report or a located message carries.
    package static func parseRuntimeLine(_ line: String) -> PreviewDiagnostic? {
        if let located = parseLocated(line) { return located }
        // The Swift runtime's trap message: `/path/script.swift:12: Fatal error: Index out of range`.
        if let marker = line.range(of: ": Fatal error: ") {
            let location = line[..<marker.lowerBound]
            if let colon = location.lastIndex(of: ":"), let number = Int(location[location.index(after: colon)...]) {
                return PreviewDiagnostic(severity: .error, message: "Fatal error: " + line[marker.upperBound...],
                                         file: String(location[..<colon]), line: number)
            }
        }
        for severity in [Severity.error, .warning] {
            let prefix = "carender: \(severity.rawValue): "
            guard line.hasPrefix(prefix) else { continue }
            let message = String(line.dropFirst(prefix.count))
            // Crash reports end "… at /path/script.swift:12" (see CrashReport).
            var diagnostic = PreviewDiagnostic(severity: severity, message: message)
            if let match = message.range(of: #"(/[^\s:]+):(\d+)"#, options: .regularExpression) {
                let parts = message[match].split(separator: ":")
                diagnostic.file = String(parts[0])
                diagnostic.line = Int(parts[1])
            }
            return diagnostic
        }
        return nil
    }
}
