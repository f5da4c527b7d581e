/// Which frames of a sequence to render, in the forms people type on a command line:
/// `0-9` (inclusive), `100-` (to the end), `7` (one frame), `-1` (the last frame; `-N` counts from
/// the end), `A:B` (half-open, frames A ..< B; either end may be left out) and comma lists of these.
/// A range may take a step: `0-119/2` (Blender's and ffmpeg's "every Nth frame") or `0:120:2`
/// (Python's slice), both frames 0, 2, … 118.
///
/// A selection is resolved against the sequence's frame count, which only the script knows: the
/// frames come out sorted and without repeats (the clock only runs forwards), and frames past the
/// end are reported, never silently dropped.
package struct FrameSelection: Equatable, Sendable, CustomStringConvertible {
    /// One end of a piece: a frame number from the start, or counted back from the end (`1` is
    /// the last frame).
    enum Bound: Equatable, Sendable {
        case fromStart(Int)
        case fromEnd(Int)

        func resolved(count: Int) -> Int {
            switch self {
            case .fromStart(let n): return n
            case .fromEnd(let n): return count - n
            }
        }
    }

    /// Frames `lower ... upper` (inclusive) every `step`; a nil upper runs to the last frame.
    struct Piece: Equatable, Sendable {
        var lower: Bound
        var upper: Bound?
        var text: String
        var step = 1
    }

    let pieces: [Piece]
    /// The selection as typed.
    package let description: String

    /// Whether the selection is one range (or one frame), as a video needs.
    package var isSingleRange: Bool { pieces.count <= 1 }

    /// Parses a selection; the error names the part that is not a frame, range or list.
    package init(parsing text: String) throws {
        description = text
        var pieces: [Piece] = []
        for rawPart in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = rawPart.trimmingCharacters(in: .whitespaces)
            if let problem = Self.backwards(part) {
                throw StageError.invalidOption("the range \(part) in the frame selection '\(text)' \(problem)")
            }
            guard let piece = Self.piece(part) else {
                throw StageError.invalidOption(
                    "'\(part)' in the frame selection '\(text)' is not a frame (7, or -1 for the last), an inclusive range (0-9, 100-), a half-open range (0:10) or a range with a step (0-119/2, 0:120:2)")
            }
            pieces.append(piece)
        }
        self.pieces = pieces
    }

    /// Frames `range` (the `A:B` form).
    package init(_ range: Range<Int>) {
        description = "\(range.lowerBound):\(range.upperBound)"
        pieces = range.isEmpty ? [] : [Piece(lower: .fromStart(range.lowerBound), upper: .fromStart(range.upperBound - 1), text: description)]
    }

    private static func number(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.allSatisfy(\.isASCIIDigit), s.count <= 10 else { return nil }
        return Int(s)
    }

    /// Why `part` is a range whose end comes before its start (`5-2`, `5:2`), or nil.
    private static func backwards(_ part: String) -> String? {
        let range = part.split(separator: "/", maxSplits: 1).first.map(String.init) ?? part
        for separator in ["-", ":"] as [Character] {
            let ends = range.split(separator: separator, omittingEmptySubsequences: false)
            guard ends.count >= 2, let lower = number(ends[0]), let upper = number(ends[1]) else { continue }
            if separator == "-" && upper < lower {
                return "runs backwards: frames are rendered in order, so write \(upper)-\(lower)"
            }
            if separator == ":" && upper < lower {
                return "runs backwards: A:B is frames A up to (not including) B, so write \(upper):\(lower)"
            }
        }
        return nil
    }

    private static func piece(_ part: String) -> Piece? {
        // A step: `A-B/N` (or `A-/N`) and `A:B:N`.
        if let slash = part.firstIndex(of: "/") {
            let range = String(part[..<slash])
            guard let step = number(part[part.index(after: slash)...]), step >= 1,
                  !range.hasPrefix("-"), range.contains("-") || range.contains(":"),
                  var piece = piece(range), piece.step == 1 else { return nil }
            piece.step = step
            piece.text = part
            return piece
        }
        let colons = part.filter { $0 == ":" }.count
        if colons == 2 {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            guard let step = number(fields[2]), step >= 1, var piece = piece("\(fields[0]):\(fields[1])") else { return nil }
            piece.step = step
            piece.text = part
            return piece
        }
        if part.hasPrefix("-"), let n = number(part.dropFirst()), n >= 1 {
            return Piece(lower: .fromEnd(n), upper: .fromEnd(n), text: part)
        }
        if let colon = part.firstIndex(of: ":") {
            let head = part[..<colon], tail = part[part.index(after: colon)...]
            let lower = head.isEmpty ? 0 : number(head)
            guard let lower else { return nil }
            if tail.isEmpty { return Piece(lower: .fromStart(lower), upper: nil, text: part) }
            guard let end = number(tail), end >= lower else { return nil }
            // An empty half-open range selects nothing: kept as a piece that resolves to no frames.
            return Piece(lower: .fromStart(lower), upper: .fromStart(end - 1), text: part)
        }
        if let dash = part.firstIndex(of: "-") {
            guard let lower = number(part[..<dash]) else { return nil }
            let tail = part[part.index(after: dash)...]
            if tail.isEmpty { return Piece(lower: .fromStart(lower), upper: nil, text: part) }
            guard let upper = number(tail), upper >= lower else { return nil }
            return Piece(lower: .fromStart(lower), upper: .fromStart(upper), text: part)
        }
        guard let n = number(Substring(part)) else { return nil }
        return Piece(lower: .fromStart(n), upper: .fromStart(n), text: part)
    }

    /// Whether some range takes a step (so the frames have gaps).
    package var hasStep: Bool { pieces.contains { $0.step > 1 } }

    /// Whether the selection names exactly one frame (`7`, `-1`): a still.
    package var isSingleFrame: Bool { pieces.count == 1 && pieces[0].upper == pieces[0].lower }

    /// The selected frames of a `count`-frame sequence, sorted and without repeats. Pieces that lie
    /// wholly past the end are an error; pieces that reach past it are clipped and named in
    /// `warnings`.
    package func resolve(count: Int) throws -> (frames: [Int], warnings: [String]) {
        var selected = Set<Int>()
        var warnings: [String] = []
        let last = count - 1
        let sequence = count == 0 ? "the sequence has no frames" : "the sequence has \(count) frame\(count == 1 ? "" : "s"), 0-\(last)"
        for piece in pieces {
            let lower = piece.lower.resolved(count: count)
            let upper = piece.upper?.resolved(count: count) ?? last
            // An empty half-open range (`5:5`) selects nothing.
            if piece.upper != nil && upper < lower { continue }
            guard lower >= 0, lower <= last else {
                throw StageError.invalidOption("frame \(piece.text) lies outside the sequence: \(sequence)")
            }
            if upper > last {
                warnings.append("frames \(piece.text) reach past the end (\(sequence)); rendering \(lower)-\(last)")
            }
            if lower <= min(upper, last) {
                for frame in stride(from: lower, through: min(upper, last), by: piece.step) { selected.insert(frame) }
            }
        }
        return (selected.sorted(), warnings)
    }
}

/// Part `index` of `count` (1-based, as `--shard 2/4` is typed): a contiguous share of a list.
package struct Split: Equatable, Sendable, CustomStringConvertible {
    package let index: Int
    package let count: Int

    package init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw StageError.invalidOption("a split K/N needs 1 ≤ K ≤ N, got \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    package init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let n = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw StageError.invalidOption("'\(text)' is not a split K/N (part K of N, counting from 1, e.g. 2/4)")
        }
        try self.init(index: k, count: n)
    }

    package var description: String { "\(index)/\(count)" }

    /// This part's contiguous slice of `items`: the parts together hold each item once, in order,
    /// and differ in length by at most one.
    package func slice<T>(_ items: [T]) -> ArraySlice<T> {
        let start = items.count * (index - 1) / count
        let end = items.count * index / count
        return items[start..<end]
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
