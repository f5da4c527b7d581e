import Foundation

/// Messages for the script's author on standard error, in the command line's format.
enum Diagnostics {
    nonisolated(unsafe) private static var reported: Set<String> = []
    /// Where messages go: standard error, or a test's collector.
    nonisolated(unsafe) static var sink: (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func warning(_ message: String) {
        sink("carender: warning: \(message)")
    }

    static func error(_ message: String) {
        sink("carender: error: \(message)")
    }

    /// A warning printed only the first time this exact message comes up.
    static func warnOnce(_ message: String) {
        guard reported.insert(message).inserted else { return }
        warning(message)
    }
}
