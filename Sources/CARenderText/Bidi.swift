internal import CText

/// Rule L1's classes of the Unicode Bidirectional Algorithm (UAX #9): which characters take the
/// paragraph's level again at the end of a line.
package enum BidiClass: UInt8, Sendable {
    case other = 0
    /// Whitespace, isolate and embedding controls, boundary neutrals: reset when they end a line
    /// or precede a separator.
    case whitespace = 1
    /// Segment separators (tab) and paragraph separators: always reset.
    case separator = 2
}

/// The direction a paragraph is laid out in (`NSWritingDirection`).
package enum BidiDirection: Sendable, Equatable {
    case leftToRight, rightToLeft
    /// From the paragraph's first strong character, left to right when it has none (rules P2–P3):
    /// Core Text's default, which `NSTextAlignment.natural` follows.
    case natural
}

/// One paragraph's resolved embedding levels (rules P2–I2 of UAX #9, with paired brackets), from
/// FriBidi: each code point's level (odd: right to left) and L1 class, and the paragraph's level.
package struct BidiParagraph: Sendable {
    /// 0 for a left-to-right paragraph, 1 for right to left.
    package let baseLevel: UInt8
    package let levels: [UInt8]
    package let classes: [BidiClass]

    package init(_ scalars: [UInt32], direction: BidiDirection = .natural) {
        let count = scalars.count
        var levels = [UInt8](repeating: 0, count: count)
        var classes = [UInt8](repeating: 0, count: count)
        let code: Int32 = direction == .leftToRight ? 0 : direction == .rightToLeft ? 1 : -1
        let base = ctext_bidi_levels(scalars, Int32(count), code, &levels, &classes)
        if base < 0 {
            // Out of memory in FriBidi: lay the paragraph out left to right rather than fail.
            baseLevel = direction == .rightToLeft ? 1 : 0
            self.levels = [UInt8](repeating: baseLevel, count: count)
        } else {
            baseLevel = UInt8(base)
            self.levels = levels
        }
        self.classes = classes.map { BidiClass(rawValue: $0) ?? .other }
    }

    /// Whether the paragraph runs right to left.
    package var isRightToLeft: Bool { baseLevel & 1 == 1 }
}

/// Reorders one line from logical to visual order: rules L1 and L2 of UAX #9, over whole items
/// (grapheme clusters and a truncation ellipsis) so a cluster's glyphs stay together (rule L3's
/// intent). Mirroring (L4) happens in shaping: HarfBuzz mirrors brackets in right-to-left runs.
///
/// Works in caller-owned storage, so laying text out every frame does not allocate.
package enum BidiReordering {
    /// Writes into `order` the indices `0..<count` of the line's items in visual order (left to
    /// right). `levels` are the items' resolved levels and are changed by L1 (trailing whitespace,
    /// and whitespace before a separator, takes `baseLevel`); `classes` are their L1 classes.
    package static func reorder(levels: UnsafeMutablePointer<UInt8>, classes: UnsafePointer<UInt8>, count: Int,
                                baseLevel: UInt8, order: UnsafeMutablePointer<Int32>) {
        guard count > 0 else { return }
        // L1: separators, and whitespace before a separator or the end of the line.
        var trailing = true
        var i = count - 1
        while i >= 0 {
            let c = classes[i]
            if c == BidiClass.separator.rawValue {
                levels[i] = baseLevel
                trailing = true
            } else if c == BidiClass.whitespace.rawValue {
                if trailing { levels[i] = baseLevel }
            } else {
                trailing = false
            }
            i -= 1
        }
        var highest: UInt8 = 0
        var lowestOdd: UInt8 = .max
        i = 0
        while i < count {
            let l = levels[i]
            order[i] = Int32(i)
            if l > highest { highest = l }
            if l & 1 == 1 && l < lowestOdd { lowestOdd = l }
            i += 1
        }
        guard lowestOdd != .max else { return }
        // L2: from the highest level down to the lowest odd one, reverse every run at or above it.
        var level = highest
        while level >= lowestOdd {
            var run = 0
            while run < count {
                if levelAt(run, levels, order) >= level {
                    var end = run + 1
                    while end < count && levelAt(end, levels, order) >= level { end += 1 }
                    reverse(order, run, end)
                    run = end
                } else {
                    run += 1
                }
            }
            if level == 0 { break }
            level -= 1
        }
    }

    /// The level of the item now at visual position `p` (levels travel with their items).
    @inline(__always)
    private static func levelAt(_ p: Int, _ levels: UnsafeMutablePointer<UInt8>, _ order: UnsafeMutablePointer<Int32>) -> UInt8 {
        levels[Int(order[p])]
    }

    @inline(__always)
    private static func reverse(_ order: UnsafeMutablePointer<Int32>, _ start: Int, _ end: Int) {
        var a = start, b = end - 1
        while a < b {
            let t = order[a]
            order[a] = order[b]
            order[b] = t
            a += 1
            b -= 1
        }
    }
}
