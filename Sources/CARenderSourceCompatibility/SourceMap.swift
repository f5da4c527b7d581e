/// Where each byte of the rewritten script came from in the user's file, so a diagnostic the
/// Swift compiler reports at a line and column of the rewritten text can be reported at the
/// user's. The pass keeps every line break where it was, so lines correspond one to one (the
/// `#sourceLocation` directive before the script makes the compiler count them from the user's
/// line 1); within a line, a rewritten construct may be longer or shorter than what it replaced.
package struct SourceMap: Sendable {
    /// The rewritten text's line starts (byte offsets).
    let generatedLineStarts: [Int]
    /// For each byte of the rewritten text, the offset of the user's byte it was copied from, or
    /// of the construct it was generated for.
    let origin: [Int32]
    /// The user's line starts (byte offsets).
    let originalLineStarts: [Int]
    /// The user's text, by line, for showing their line under a diagnostic.
    package let originalLines: [Substring]

    /// The user's line and column (1-based, in bytes) for a line and column of the rewritten text,
    /// or nil when the line is not part of the script.
    package func originalLocation(line: Int, column: Int) -> (line: Int, column: Int)? {
        guard line >= 1, line <= generatedLineStarts.count else { return nil }
        let lineStart = generatedLineStarts[line - 1]
        let lineEnd = line < generatedLineStarts.count ? generatedLineStarts[line] - 1 : origin.count
        guard lineEnd > lineStart else { return (line, 1) }
        // A column past the end of the line (the compiler points after the last token) maps past
        // the end of the user's line.
        let offset = lineStart + max(column - 1, 0)
        if offset >= lineEnd {
            let last = Int(origin[lineEnd - 1])
            let (userLine, userColumn) = location(of: last)
            return (userLine, userColumn + 1 + (offset - lineEnd))
        }
        return location(of: Int(origin[offset]))
    }

    /// The user's line and column of a byte offset of their file.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = originalLineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if originalLineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - originalLineStarts[low] + 1)
    }
}

/// A change to the user's text: the bytes of `range` replaced by `pieces`.
struct Edit {
    enum Piece {
        /// Generated text, attributed to the edit's start in the user's file.
        case text(String)
        /// The user's bytes, copied (so they keep their own locations).
        case original(Range<Int>)
        /// The user's bytes with everything but line breaks turned into spaces.
        case blank(Range<Int>)
    }

    var range: Range<Int>
    var pieces: [Piece]
}

extension Edit {
    /// Applies `edits` (which must not overlap; insertions at one offset keep their order) to
    /// `bytes`, returning the new text and its map back to `bytes`.
    static func apply(_ edits: [Edit], to bytes: [UInt8], lineStarts: [Int]) -> (text: String, map: SourceMap) {
        let sorted = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
        var output: [UInt8] = []
        var origin: [Int32] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        origin.reserveCapacity(bytes.count + bytes.count / 8)
        func copy(_ range: Range<Int>) {
            output.append(contentsOf: bytes[range])
            origin.append(contentsOf: range.lazy.map { Int32($0) })
        }
        var position = 0
        for (_, edit) in sorted {
            guard edit.range.lowerBound >= position else { continue }
            copy(position ..< edit.range.lowerBound)
            let anchor = Int32(edit.range.lowerBound)
            for piece in edit.pieces {
                switch piece {
                case .text(let text):
                    output.append(contentsOf: text.utf8)
                    origin.append(contentsOf: repeatElement(anchor, count: text.utf8.count))
                case .original(let range):
                    copy(range)
                case .blank(let range):
                    for offset in range {
                        output.append(bytes[offset] == UInt8(ascii: "\n") ? UInt8(ascii: "\n") : UInt8(ascii: " "))
                        origin.append(Int32(offset))
                    }
                }
            }
            position = edit.range.upperBound
        }
        copy(position ..< bytes.count)
        var generatedLineStarts = [0]
        for (offset, byte) in output.enumerated() where byte == UInt8(ascii: "\n") { generatedLineStarts.append(offset + 1) }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let map = SourceMap(generatedLineStarts: generatedLineStarts, origin: origin, originalLineStarts: lineStarts,
                            originalLines: lines)
        return (String(decoding: output, as: UTF8.self), map)
    }
}
