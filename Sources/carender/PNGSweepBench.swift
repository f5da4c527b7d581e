import CARender
import Foundation

/// `carender bench --png-sweep`: encodes one frame of each scene with the shim's two deflaters
/// (runs only, matches), every libdeflate level and the main filter choices, and prints the median
/// milliseconds and the bytes of each, so the `--png-compression` settings can be chosen from
/// figures measured on the same frame.
struct PNGSweepBench {
    var iterations: Int

    static let filterChoices: [(name: String, filters: PNGWriteOptions.Filters)] = [
        ("per frame (default)", [.all, .perFrameChoice]), ("all (per-row heuristic)", .all), ("paeth", .paeth), ("up", .up), ("sub", .sub), ("up+sub", [.up, .sub]),
    ]

    func run(_ image: RGBAImage, name: String) throws {
        print("\(name): PNG encoding sweep (\(image.isOpaque ? "opaque, written as RGB" : "with alpha"), median of \(iterations), thread CPU time):")
        print("  level  filters                      ms      bytes")
        for (label, filters) in Self.filterChoices {
            try time(PNGWriteOptions(filters: filters, deflater: .runs), image, level: "runs", label: label)
        }
        for (label, filters) in Self.filterChoices {
            try time(PNGWriteOptions(filters: filters, deflater: .matches), image, level: "match", label: label)
        }
        for level in [1, 2, 3, 4, 5, 6, 7, 9, 12] {
            for (label, filters) in Self.filterChoices {
                try time(PNGWriteOptions(compressionLevel: level, filters: filters), image, level: String(level), label: label,
                         iterations: level >= 9 ? max(1, iterations / 5) : iterations)
            }
        }
    }

    private func time(_ options: PNGWriteOptions, _ image: RGBAImage, level: String, label: String, iterations: Int? = nil) throws {
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<(iterations ?? self.iterations) {
            times.append(try BenchTiming.threadCPUMilliseconds { bytes = try image.pngData(options: options).count })
        }
        print(String(format: "  %5@  %-24@ %8.3f %10d", level as NSString, label as NSString, BenchTiming.median(times), bytes))
    }
}
