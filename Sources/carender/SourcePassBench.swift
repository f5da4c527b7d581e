import CARenderSourceCompatibility
import Foundation

/// `carender bench --source-pass FILE…`: times the script compiler's source-compatibility pass
/// (rewriting and mapping back, as every cache-missing compile runs it) over the files' text,
/// its lines cycled to `minimumLines` when it is shorter, and prints the median milliseconds.
struct SourcePassBench {
    let files: [String]
    let iterations: Int
    /// The size the budget is stated for: the pass adds at most 100 ms to compiling a 500-line
    /// script.
    static let minimumLines = 500

    func run() throws {
        var pieces: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw CLIError("cannot read the script \(file) as UTF-8 text")
            }
            pieces.append(text)
        }
        // The files' lines, cycled to exactly `minimumLines` (the last copy cut where it ends).
        let unit = pieces.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        guard !unit.isEmpty else { throw CLIError("the scripts given to --source-pass are empty") }
        let lines = max(unit.count, Self.minimumLines)
        let script = (0..<lines).map { unit[$0 % unit.count] }.joined(separator: "\n")
        _ = CompatibilityPass.rewrite(script)   // warm up
        var times: [Double] = []
        var rewrites = 0
        for _ in 0..<iterations {
            var output: CompatibilityPass.Output?
            times.append(BenchTiming.milliseconds { output = CompatibilityPass.rewrite(script) })
            let text = output?.text ?? script
            rewrites = text == script ? 0 : text.utf8.count - script.utf8.count
        }
        times.sort()
        let median = BenchTiming.median(times)
        print("source-compatibility pass, \(lines) lines (\(script.utf8.count) bytes, \(rewrites) bytes added by rewrites), \(iterations) runs:")
        print(String(format: "  rewrite  %8.3f ms/script (median), %.3f min, %.3f max", median, times.first ?? 0, times.last ?? 0))
    }
}
