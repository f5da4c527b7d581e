import Foundation

/// Where a crashed script stopped, read from the Swift runtime's crash report.
///
/// The Swift runtime on Linux catches a crashing program's signal and writes a backtrace; asked
/// through `SWIFT_BACKTRACE` for `format=json` and `output-to=FILE`, it writes a JSON document
/// whose crashed thread lists frames, each with a `sourceLocation` when the program has line
/// tables (scripts are compiled with `-gline-tables-only`, and their `#sourceLocation` line makes
/// those name the user's file). carender turns it into one sentence for its error message.
struct CrashReport {
    /// What the runtime called the crash, e.g. "Illegal instruction".
    var description: String
    /// The script frames of the crashed thread, innermost first: "path:line:column in symbol".
    var scriptFrames: [String]
    /// Whether the crash happened in the CARender library (called from the script), rather than
    /// in the script's own code or the Swift runtime checks it called.
    var insideLibrary: Bool

    /// The `SWIFT_BACKTRACE` setting that writes the report to `file`, or nil when the user set
    /// their own (then their settings win and carender reports no location).
    static func backtraceSetting(writingTo file: URL, environment: [String: String]) -> String? {
        if let own = environment["SWIFT_BACKTRACE"], !own.isEmpty { return nil }
        return "enable=yes,interactive=no,color=no,format=json,output-to=\(file.path)"
    }

    /// Reads the report at `url`; nil when there is none or it is not the runtime's format.
    init?(contentsOf url: URL, script: URL) {
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let threads = root["threads"] as? [[String: Any]] else { return nil }
        description = root["description"] as? String ?? "crash"
        let crashed = threads.first { $0["crashed"] as? Bool == true } ?? threads.first
        let frames = crashed?["frames"] as? [[String: Any]] ?? []
        let firstScriptFrame = frames.firstIndex { Self.scriptLocation(of: $0, script: script) != nil } ?? frames.endIndex
        insideLibrary = frames[..<firstScriptFrame].contains { ($0["image"] as? String)?.hasPrefix("libCARender") == true }
        scriptFrames = frames.compactMap { Self.scriptLocation(of: $0, script: script) }
    }

    /// "path:line:column in symbol" for a frame in the script, else nil.
    private static func scriptLocation(of frame: [String: Any], script: URL) -> String? {
        guard let location = frame["sourceLocation"] as? [String: Any],
              let file = location["file"] as? String, file == script.path,
              let line = location["line"] as? Int else { return nil }
        let column = (location["column"] as? Int).map { ":\($0)" } ?? ""
        var symbol = frame["description"] as? String ?? ""
        if let offset = symbol.range(of: " + ", options: .backwards) { symbol = String(symbol[..<offset.lowerBound]) }
        // A closure at top level is "closure #1 in " (no enclosing function); top level is "main".
        if symbol.hasSuffix(" in ") { symbol.removeLast(" in ".count) }
        if symbol == "main" { symbol = "top-level code" }
        return "\(file):\(line)\(column)" + (symbol.isEmpty ? "" : " in \(symbol)")
    }

    /// "crashed (Illegal instruction) at /s.swift:3:9 in f(_:), called from /s.swift:7:1 in
    /// top-level code", or "crashed (…) inside the CARender library, called from /s.swift:9:7 …".
    var sentence: String {
        guard let first = scriptFrames.first else {
            return "crashed (\(description)) outside the script's own code; the backtrace is above"
        }
        if insideLibrary {
            return "crashed (\(description)) inside the CARender library, called from \(first)"
        }
        let callers = scriptFrames.dropFirst().prefix(Self.callersShown)
        return "crashed (\(description)) at \(first)" + callers.map { ", called from \($0)" }.joined()
    }

    /// How many of the script's calling frames the message names.
    private static let callersShown = 3
}
