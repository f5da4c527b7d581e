import Foundation

/// Presentation timelines as golden text: CSV with the columns `time,keyPath,value`, one row per
/// sample, values formatted as ``TimelineSample/formattedValue`` does (quoted when they hold a
/// comma).
///
/// Two timelines match when they have the same rows, times and key paths, and their values read
/// the same apart from numbers, which may differ by a tolerance: a reference recorded on one
/// machine still matches on another whose last printed digit rounds differently.
public enum GoldenTimeline {
    /// Numbers in values may differ by this much: two units in the fourth decimal, far below
    /// anything visible in points, degrees or colour components.
    public static let defaultTolerance = 2e-4

    /// The samples as CSV text, a header line then one line per sample.
    public static func csv(_ samples: [TimelineSample]) -> String {
        var text = "time,keyPath,value\n"
        for sample in samples {
            text += [TimelineFormat.number(sample.time, decimals: 4), sample.keyPath, sample.formattedValue]
                .map(quoted).joined(separator: ",") + "\n"
        }
        return text
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// What differs between two timeline texts, in one line, or nil when they match.
    public static func difference(actual: String, expected: String, tolerance: Double = defaultTolerance) -> String? {
        let a = rows(actual), e = rows(expected)
        var differing: [Int] = []
        var largest = 0.0
        for index in 0..<min(a.count, e.count) {
            if let delta = distance(a[index], e[index], tolerance: tolerance) {
                differing.append(index)
                largest = max(largest, delta)
            }
        }
        guard !differing.isEmpty || a.count != e.count else { return nil }
        var parts: [String] = []
        if a.count != e.count {
            parts.append("\(a.count) rows, the reference has \(e.count)")
        }
        if let first = differing.first {
            let size = largest.isFinite ? String(format: "by up to %.6g", largest) : "in their text"
            parts.append("\(differing.count) of \(min(a.count, e.count)) rows differ \(size) (tolerance \(tolerance)); "
                         + "first at row \(first + 1): \(a[first].joined(separator: ",")) where the reference has \(e[first].joined(separator: ","))")
        }
        return parts.joined(separator: "; ")
    }

    /// The CSV rows of `text`, header included, as fields.
    package static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var field = "", row: [String] = []
        var inQuotes = false
        var iterator = Array(text).makeIterator()
        var pending: Character?
        while let c = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { inQuotes = false; pending = next }
                    } else { inQuotes = false }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                inQuotes = true
            } else if c == "," {
                row.append(field); field = ""
            } else if c == "\n" {
                row.append(field); field = ""
                rows.append(row); row = []
            } else if c != "\r" {
                field.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    /// nil when two rows match; else how far apart their numbers are (infinity when their text
    /// differs apart from numbers).
    private static func distance(_ a: [String], _ e: [String], tolerance: Double) -> Double? {
        if a == e { return nil }
        guard a.count == e.count else { return .infinity }
        var largest = 0.0
        for (x, y) in zip(a, e) where x != y {
            let (xText, xNumbers) = split(x), (yText, yNumbers) = split(y)
            guard xText == yText, xNumbers.count == yNumbers.count else { return .infinity }
            for (p, q) in zip(xNumbers, yNumbers) {
                let delta = p == q ? 0 : abs(p - q)
                largest = max(largest, delta.isNaN ? .infinity : delta)
            }
        }
        return largest > tolerance ? largest : nil
    }

    /// The text of `field` with each number replaced by `#`, and the numbers.
    private static func split(_ field: String) -> (String, [Double]) {
        var text = "", numbers: [Double] = [], current = ""
        func flush() {
            if let value = Double(current) { numbers.append(value); text.append("#") } else { text += current }
            current = ""
        }
        for c in field {
            if c.isNumber || c == "." || (c == "-" && current.isEmpty) || ((c == "e" || c == "E") && !current.isEmpty && current.last!.isNumber) {
                current.append(c)
            } else {
                flush()
                text.append(c)
            }
        }
        flush()
        return (text, numbers)
    }
}
