import Foundation

/// Messages for the script's author on standard error, in the command line's format.
enum Diagnostics {
    nonisolated(unsafe) private static var reported: Set<String> = []

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("carender: warning: \(message)\n".utf8))
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("carender: error: \(message)\n".utf8))
    }

    /// A warning printed only the first time this exact message comes up.
    static func warnOnce(_ message: String) {
        guard reported.insert(message).inserted else { return }
        warning(message)
    }
}
