import Foundation

/// Messages for the script's author, in the command line's format (`carender: warning: …`).
/// Each stage's context keeps its own log (see `StageContext`).
package final class DiagnosticLog {
    /// Messages `warnOnce` has already reported.
    private var reported: Set<String> = []
    /// Where messages go: standard error, or a test's collector.
    package var sink: (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    package init() {}

    package func warning(_ message: String) {
        sink("carender: warning: \(message)")
    }

    /// How many errors were reported: a run that printed an `error:` line fails (its frames are
    /// still written), so the exit status never says success under an error.
    package private(set) var errorCount = 0

    package func error(_ message: String) {
        errorCount += 1
        sink("carender: error: \(message)")
    }

    /// A warning reported only the first time this exact message comes up.
    package func warnOnce(_ message: String) {
        guard reported.insert(message).inserted else { return }
        warning(message)
    }
}

/// Reports to the current stage's diagnostic log: the entry point for code that has no layer,
/// and so no stage, to report to — value constructors given bad input (a non-finite colour
/// component, an unreadable image, a missing font). Code that works on a layer reports to the
/// log of that layer's stage instead (`CALayer.stageContext.diagnostics` in the model).
///
/// The model layer points `currentLog` at the log of the stage it makes current (layers below it
/// know no stage).
package enum Diagnostics {
    /// The log of the current stage (see `StageContext.makeCurrent()`). Unsynchronised: scripts
    /// and stages run on one thread, and only `makeCurrent()` writes it.
    nonisolated(unsafe) package static var currentLog = DiagnosticLog()

    package static func warning(_ message: String) {
        currentLog.warning(message)
    }

    package static func error(_ message: String) {
        currentLog.error(message)
    }

    /// A warning reported only the first time this exact message comes up on this stage.
    package static func warnOnce(_ message: String) {
        currentLog.warnOnce(message)
    }
}
