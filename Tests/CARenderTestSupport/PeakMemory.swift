import Foundation

/// The peak resident memory of this process while `body` runs, measured by the kernel: the
/// high-water mark (`VmHWM`) is reset first (writing 5 to `/proc/self/clear_refs`), so the figure
/// is what `body` brought the process to, whatever ran before. Nil where the kernel does not
/// offer it.
package enum PeakMemory {
    package static func during(_ body: () throws -> Void) rethrows -> Int? {
        guard reset() else { try body(); return nil }
        let before = current()
        try body()
        guard let peak = highWaterMark(), let before else { return nil }
        return max(0, peak - before)
    }

    private static func reset() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// VmRSS and VmHWM, in bytes.
    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
    }

    private static func current() -> Int? { field("VmRSS") }
    private static func highWaterMark() -> Int? { field("VmHWM") }
}
