import Foundation

/// Messages for the script's author, in the command line's format (`carender: warning: …`).
/// Each stage's context keeps its own log (see `StageContext`).
final class DiagnosticLog {
    /// Messages `warnOnce` has already reported.
    private var reported: Set<String> = []
    /// Where messages go: standard error, or a test's collector.
    var sink: (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    func warning(_ message: String) {
        sink("carender: warning: \(message)")
    }

    func error(_ message: String) {
        sink("carender: error: \(message)")
    }

    /// A warning reported only the first time this exact message comes up.
    func warnOnce(_ message: String) {
        guard reported.insert(message).inserted else { return }
        warning(message)
    }
}

/// Reports to the current stage's diagnostic log: the entry point for library code that
/// notices ignored or invalid input (a wrong-typed value set through key-value coding, a
/// non-finite colour, a refused layer cycle).
enum Diagnostics {
    static func warning(_ message: String) {
        StageContext.current.diagnostics.warning(message)
    }

    static func error(_ message: String) {
        StageContext.current.diagnostics.error(message)
    }

    /// A warning reported only the first time this exact message comes up on this stage.
    static func warnOnce(_ message: String) {
        StageContext.current.diagnostics.warnOnce(message)
    }
}
