import Foundation
import CARenderSourceCompatibility

/// Passes the Swift compiler's standard error on to carender's, through a `DiagnosticRemapper`:
/// diagnostics about a script the source-compatibility pass changed show the user's columns and
/// lines. The compiler writes into `input`; a thread reads it line by line as it comes.
final class CompilerOutputFilter: @unchecked Sendable {
    // @unchecked Sendable: the remapper is used only by the reading thread; `finish()` waits for
    // that thread to end before the filter is dropped.

    /// Where the compiler writes (its standard error).
    let input: FileHandle
    /// Whether carender's standard error is a terminal, so the compiler is asked for colours.
    let colored: Bool
    private let output: FileHandle
    private let done = DispatchSemaphore(value: 0)
    private var remapper: DiagnosticRemapper
    private var finished = false

    init(path: String, map: SourceMap) {
        let pipe = Pipe()
        input = pipe.fileHandleForWriting
        output = pipe.fileHandleForReading
        colored = isatty(STDERR_FILENO) != 0
        remapper = DiagnosticRemapper(path: path, map: map, colored: colored)
        let thread = Thread { [self] in run() }
        thread.start()
    }

    private func run() {
        var pending = Data()
        while true {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            var lines = Data()
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex ..< newline], as: UTF8.self)
                lines.append(Data((remapper.process(line) + "\n").utf8))
                pending.removeSubrange(pending.startIndex ... newline)
            }
            if !lines.isEmpty { FileHandle.standardError.write(lines) }
        }
        if !pending.isEmpty {
            FileHandle.standardError.write(Data(remapper.process(String(decoding: pending, as: UTF8.self)).utf8))
        }
        done.signal()
    }

    /// After the compiler ended: closes carender's copy of the write end, so the reader sees the
    /// end of the output, and waits until everything read has been written.
    func finish() {
        guard !finished else { return }
        finished = true
        try? input.close()
        done.wait()
    }
}
