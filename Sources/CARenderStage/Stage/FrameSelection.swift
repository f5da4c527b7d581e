/// Which frames of a sequence to render, in the forms people type on a command line:
/// `0-9` (inclusive), `100-` (to the end), `7` (one frame), `-1` (the last frame; `-N` counts from
/// the end), `A:B` (half-open, frames A ..< B; either end may be left out) and comma lists of these.
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

    /// Frames `lower ... upper` (inclusive); a nil upper runs to the last frame.
    struct Piece: Equatable, Sendable {
        var lower: Bound
        var upper: Bound?
        var text: String
    }

    let pieces: [Piece]
    /// The selection as typed.
    public let description: String

    /// Whether the selection is one range (or one frame), as a video needs.
    public var isSingleRange: Bool { pieces.count <= 1 }

    /// Parses a selection; the error names the part that is not a frame, range or list.
    public init(parsing text: String) throws {
        description = text
        var pieces: [Piece] = []
        for rawPart in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = rawPart.trimmingCharacters(in: .whitespaces)
            guard let piece = Self.piece(part) else {
                throw StageError.invalidOption(
                    "'\(part)' in the frame selection '\(text)' is not a frame (7, or -1 for the last), an inclusive range (0-9, 100-) or a half-open range (0:10)")
            }
            pieces.append(piece)
        }
        self.pieces = pieces
    }

    /// Frames `range` (the `A:B` form).
    public init(_ range: Range<Int>) {
        description = "\(range.lowerBound):\(range.upperBound)"
        pieces = range.isEmpty ? [] : [Piece(lower: .fromStart(range.lowerBound), upper: .fromStart(range.upperBound - 1), text: description)]
    }

    private static func piece(_ part: String) -> Piece? {
        func number(_ s: Substring) -> Int? {
            guard !s.isEmpty, s.allSatisfy(\.isASCIIDigit), s.count <= 10 else { return nil }
            return Int(s)
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

    /// The selected frames of a `count`-frame sequence, sorted and without repeats. Pieces that lie
    /// wholly past the end are an error; pieces that reach past it are clipped and named in
    /// `warnings`.
    public func resolve(count: Int) throws -> (frames: [Int], warnings: [String]) {
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
                for frame in lower...min(upper, last) { selected.insert(frame) }
            }
        }
        return (selected.sorted(), warnings)
    }
}

/// Part `index` of `count` (1-based, as `--shard 2/4` is typed): a contiguous share of a list.
package struct Split: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw StageError.invalidOption("a split K/N needs 1 ≤ K ≤ N, got \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let n = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw StageError.invalidOption("'\(text)' is not a split K/N (part K of N, counting from 1, e.g. 2/4)")
        }
        try self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// This part's contiguous slice of `items`: the parts together hold each item once, in order,
    /// and differ in length by at most one.
    public func slice<T>(_ items: [T]) -> ArraySlice<T> {
        let start = items.count * (index - 1) / count
        let end = items.count * index / count
        return items[start..<end]
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
