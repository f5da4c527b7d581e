import Foundation
import CARenderSourceCompatibility

/// Passes the Swift compiler's standard error on (to carender's, or to the file given), through a
/// `DiagnosticRemapper`:
/// diagnostics about a script the source-compatibility pass changed show the user's columns and
/// lines. The compiler writes into `input`; a thread reads it line by line as it comes.
final class CompilerOutputFilter: @unchecked Sendable {
    // @unchecked Sendable: the remapper is used only by the reading thread; `finish()` waits for
    // that thread to end before the filter is dropped.

    /// Where the compiler writes (its standard error).
    let input: FileHandle
    /// Whether the messages go to a terminal, so the compiler is asked for colours.
    let colored: Bool
    private let source: FileHandle
    private let destination: FileHandle
    private let done = DispatchSemaphore(value: 0)
    private var remapper: DiagnosticRemapper
    private var finished = false

    /// A filter for the diagnostics of the script at `path`, writing to `output` (carender's
    /// standard error when nil).
    init(path: String, map: SourceMap, output: FileHandle?) {
        let pipe = Pipe()
        input = pipe.fileHandleForWriting
        source = pipe.fileHandleForReading
        destination = output ?? FileHandle.standardError
        colored = output == nil && isatty(STDERR_FILENO) != 0
        remapper = DiagnosticRemapper(path: path, map: map, colored: colored)
        let thread = Thread { [self] in run() }
        thread.start()
    }

    private func run() {
        var pending = Data()
        while true {
            let chunk = source.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            var lines = Data()
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex ..< newline], as: UTF8.self)
                lines.append(Data((remapper.process(line) + "\n").utf8))
                pending.removeSubrange(pending.startIndex ... newline)
            }
            if !lines.isEmpty { destination.write(lines) }
        }
        if !pending.isEmpty {
            destination.write(Data(remapper.process(String(decoding: pending, as: UTF8.self)).utf8))
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
