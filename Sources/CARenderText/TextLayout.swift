import Foundation

/// Where truncation puts the ellipsis (Core Animation's `CATextLayerTruncationMode`, UIKit's
/// truncating line-break modes).
package enum TextTruncation: Sendable, Equatable {
    case none, start, middle, end
}

/// How text is fitted into a box: what `TextLayout` needs besides the shaped text.
package struct TextLayoutParameters: Equatable {
    /// The point size of styles that take the layer's (`fontSize`).
    package var fontSize: Double
    /// The width lines wrap, truncate and align in; `.infinity` for unbounded.
    package var width: Double
    /// The height lines must fit in (lines below are dropped, the last kept one truncated);
    /// `.infinity` for unbounded.
    package var height: Double = .infinity
    /// Whether long lines wrap (word by word, a too-long word by character).
    package var wraps: Bool
    /// Wrap at any character instead of between words.
    package var wrapsByCharacter: Bool = false
    /// The most lines shown; 0 for no limit.
    package var maximumLines: Int = 0
    package var truncation: TextTruncation
    package var alignment: NSTextAlignment

    package init(fontSize: Double, width: Double, height: Double = .infinity, wraps: Bool,
                 wrapsByCharacter: Bool = false, maximumLines: Int = 0, truncation: TextTruncation,
                 alignment: NSTextAlignment) {
        self.fontSize = fontSize
        self.width = width
        self.height = height
        self.wraps = wraps
        self.wrapsByCharacter = wrapsByCharacter
        self.maximumLines = maximumLines
        self.truncation = truncation
        self.alignment = alignment
    }
}

/// One laid-out line: in logical order, clusters `head`, then an ellipsis when truncated, then
/// clusters `tail` (non-empty only for start and middle truncation); drawn in visual order
/// (`TextLayout.visualItems[visual]`) from `x` on `baseline`.
package struct TextLine: Equatable {
    package var head: Range<Int>
    package var tail: Range<Int>
    /// The style of the ellipsis, or −1 when the line is not truncated.
    package var ellipsisStyle: Int
    /// The line's items left to right: indices into `TextLayout.visualItems`.
    package var visual: Range<Int> = 0..<0
    /// The pen's start, after alignment (points from the box's left): the left edge of the first
    /// item drawn, which in a right-to-left paragraph is the trailing whitespace that hangs past
    /// the line's left edge.
    package var x: Double
    /// The baseline, in points from the box's top.
    package var baseline: Double
    /// The drawn width, trailing spaces excluded.
    package var width: Double
    package var ascent: Double
    package var descent: Double
    /// Extra points after each space (justified lines).
    package var spaceExtra: Double
}

/// Lines of shaped text fitted into a box at a size: wrapping (by word, then by character for a
/// word that does not fit and always between ideographs), truncation with "…" at the start, middle
/// or end, and alignment. Lines run from the top of the box, as in a `CATextLayer`.
///
/// The storage is kept between layouts (`layout` replaces it), so laying out every frame does not
/// allocate once warm.
package struct TextLayout {
    package private(set) var lines: [TextLine] = []
    /// The size the lines take: the widest line, and from the top to the last line's descent.
    package private(set) var size = CGSize.zero
    /// Every line's items in visual order: a cluster index, or `ellipsisItem`.
    package private(set) var visualItems: [Int32] = []
    /// What stands for a line's ellipsis among `visualItems`.
    package static let ellipsisItem: Int32 = -1
    /// One line's items in logical order, their levels and L1 classes, and the visual order of
    /// their indices: reordering's working storage, kept between layouts.
    private var logicalItems: [Int32] = []
    private var itemLevels: [UInt8] = []
    private var itemClasses: [UInt8] = []
    private var itemOrder: [Int32] = []

    package init() {}

    /// Lays `text` out under `p`, replacing the lines.
    package mutating func layout(_ text: ShapedText, _ p: TextLayoutParameters) {
        lines.removeAll(keepingCapacity: true)
        visualItems.removeAll(keepingCapacity: true)
        var top = 0.0
        var widest = 0.0
        let limit = p.maximumLines > 0 ? p.maximumLines : Int.max
        let width = p.width.isNaN ? .infinity : max(0, p.width)
        // Index loops throughout: this runs every frame, and iterators allocate in unoptimised builds.
        var n = 0
        paragraphs: while n < text.paragraphs.count {
            let paragraph = text.paragraphs[n]
            defer { n += 1 }
            var start = paragraph.lowerBound
            let baseLevel = text.paragraphLevels[n]
            let rightToLeft = baseLevel & 1 == 1
            let alignment = resolvedAlignment(text, paragraph, p.alignment, baseLevel: baseLevel)
            let values = paragraphValues(text, paragraph)
            if !lines.isEmpty { top += values.paragraphSpacingBefore }
            repeat {
                // The line's box: indented from the leading edge (the right in a right-to-left
                // paragraph), its length cut by the tail indent.
                let indent = max(0, start == paragraph.lowerBound ? values.firstLineHeadIndent : values.headIndent)
                var boxWidth = values.tailIndent > 0 ? min(width, values.tailIndent) - indent
                    : width + values.tailIndent - indent
                boxWidth = max(0, boxWidth)
                let boxLeft = rightToLeft ? (width.isFinite ? width - indent - boxWidth : 0) : indent
                var end = p.wraps ? lineEnd(text, from: start, in: paragraph, width: boxWidth, p) : paragraph.upperBound
                let isLastAllowed = lines.count + 1 >= limit
                let (ascent, descent, leading) = metrics(text, start..<max(end, start + 1), paragraph: paragraph, p)
                // Line height: the font's, times lineHeightMultiple, within the minimum and
                // maximum; the difference goes above the text (the baseline moves).
                let natural = ascent + descent + leading
                var height = natural
                if values.lineHeightMultiple > 0 { height *= values.lineHeightMultiple }
                if values.minimumLineHeight > 0 { height = max(height, values.minimumLineHeight) }
                if values.maximumLineHeight > 0 { height = min(height, values.maximumLineHeight) }
                let fitsBelow = top + height + nextLineHeight(text, paragraph, end, n, p) <= p.height + 1e-9
                let moreText = end < paragraph.upperBound || n + 1 < text.paragraphs.count
                var line = TextLine(head: start..<end, tail: end..<end, ellipsisStyle: -1, x: 0,
                                    baseline: top + ascent + (height - natural), width: 0, ascent: ascent,
                                    descent: descent, spaceExtra: 0)
                let lastShown = moreText && (isLastAllowed || !fitsBelow)
                if lastShown && p.wraps && p.truncation != .none { end = paragraph.upperBound }
                let overflows = contentWidth(text, start..<end, p) > boxWidth + 1e-9
                let cutShort = lastShown && p.wraps && line.head.upperBound < paragraph.upperBound
                if p.truncation != .none && (overflows || cutShort) {
                    truncate(&line, text, start..<end, width: boxWidth, p)
                } else {
                    line.head = start..<end
                }
                line.width = drawnWidth(text, line, p)
                let lastOfParagraph = end >= paragraph.upperBound
                switch alignment {
                case .center: line.x = boxWidth.isFinite ? (boxWidth - line.width) / 2 : 0
                case .right: line.x = boxWidth.isFinite ? boxWidth - line.width : 0
                case .justified:
                    if !lastOfParagraph && boxWidth.isFinite && line.ellipsisStyle < 0 {
                        line.spaceExtra = justification(text, line, width: boxWidth, p)
                        if line.spaceExtra > 0 { line.width = boxWidth }
                    }
                    // The last line of a justified paragraph takes its natural alignment.
                    if rightToLeft && line.spaceExtra == 0 && boxWidth.isFinite { line.x = boxWidth - line.width }
                default: break
                }
                line.x += boxLeft
                order(&line, text, baseLevel: baseLevel, p)
                // Trailing whitespace takes the paragraph's level (L1): in a right-to-left
                // paragraph it is drawn first, hanging left of the aligned text.
                if rightToLeft && line.ellipsisStyle < 0 { line.x -= trailingWhitespaceWidth(text, line.head, p) }
                lines.append(line)
                widest = max(widest, line.width + indent)
                top += height + values.lineSpacing
                if lastOfParagraph { top += values.paragraphSpacing }
                if lastShown { break paragraphs }
                start = end
            } while start < paragraph.upperBound
        }
        var last = 0.0
        if !lines.isEmpty { last = lines[lines.count - 1].baseline + lines[lines.count - 1].descent }
        size = CGSize(width: widest, height: last)
    }

    /// The alignment of a paragraph: its attributed style's, else the layout's; natural is left
    /// in a left-to-right paragraph and right in a right-to-left one.
    private func resolvedAlignment(_ text: ShapedText, _ paragraph: Range<Int>, _ fallback: NSTextAlignment,
                                   baseLevel: UInt8) -> NSTextAlignment {
        var a = fallback
        if !paragraph.isEmpty, let own = text.styles[text.clusters[paragraph.lowerBound].style].alignment { a = own }
        guard a == .natural else { return a }
        return baseLevel & 1 == 1 ? .right : .left
    }

    /// The paragraph style of a paragraph: its first character's.
    private func paragraphValues(_ text: ShapedText, _ paragraph: Range<Int>) -> ParagraphValues {
        guard paragraph.lowerBound < text.clusters.count else { return ParagraphValues() }
        return text.styles[text.clusters[paragraph.lowerBound].style].paragraph
    }

    /// Puts the line's items in visual order (rules L1–L2 of the bidi algorithm over the levels
    /// resolved for its paragraph) at the end of `visualItems`. The ellipsis sits at its logical
    /// place with the level a neutral there resolves to (rules N1–N2): its neighbours' direction
    /// when they share one, else the paragraph's.
    private mutating func order(_ line: inout TextLine, _ text: ShapedText, baseLevel: UInt8, _ p: TextLayoutParameters) {
        logicalItems.removeAll(keepingCapacity: true)
        itemLevels.removeAll(keepingCapacity: true)
        itemClasses.removeAll(keepingCapacity: true)
        var i = line.head.lowerBound
        while i < line.head.upperBound { appendItem(Int32(i), text); i += 1 }
        if line.ellipsisStyle >= 0 {
            var level = baseLevel
            if !line.head.isEmpty && !line.tail.isEmpty {
                let before = text.clusters[line.head.upperBound - 1].level, after = text.clusters[line.tail.lowerBound].level
                if before & 1 == after & 1 { level = before & 1 == 1 ? max(baseLevel, 1) | 1 : (baseLevel == 0 ? 0 : 2) }
            }
            logicalItems.append(Self.ellipsisItem)
            itemLevels.append(level)
            itemClasses.append(BidiClass.other.rawValue)
        }
        i = line.tail.lowerBound
        while i < line.tail.upperBound { appendItem(Int32(i), text); i += 1 }
        let count = logicalItems.count
        while itemOrder.count < count { itemOrder.append(0) }
        let start = visualItems.count
        itemLevels.withUnsafeMutableBufferPointer { levels in
            itemClasses.withUnsafeBufferPointer { classes in
                itemOrder.withUnsafeMutableBufferPointer { order in
                    guard let l = levels.baseAddress, let c = classes.baseAddress, let o = order.baseAddress else { return }
                    BidiReordering.reorder(levels: l, classes: c, count: count, baseLevel: baseLevel, order: o)
                }
            }
        }
        var k = 0
        while k < count { visualItems.append(logicalItems[Int(itemOrder[k])]); k += 1 }
        line.visual = start..<visualItems.count
    }

    @inline(__always)
    private mutating func appendItem(_ cluster: Int32, _ text: ShapedText) {
        let c = text.clusters[Int(cluster)]
        logicalItems.append(cluster)
        itemLevels.append(c.level)
        itemClasses.append(c.bidiClass)
    }

    /// The width of the whitespace that ends clusters `range`.
    private func trailingWhitespaceWidth(_ text: ShapedText, _ range: Range<Int>, _ p: TextLayoutParameters) -> Double {
        var w = 0.0
        var i = range.upperBound
        while i > range.lowerBound && text.clusters[i - 1].isWhitespace {
            w += text.width(of: i - 1, layerSize: p.fontSize)
            i -= 1
        }
        return w
    }

    /// Ascent, descent and leading of the styles on a line (the paragraph's first style for an
    /// empty one), in points.
    private func metrics(_ text: ShapedText, _ range: Range<Int>, paragraph: Range<Int>,
                         _ p: TextLayoutParameters) -> (Double, Double, Double) {
        var ascent = 0.0, descent = 0.0, leading = 0.0
        var any = false
        var i = range.lowerBound
        while i < min(range.upperBound, text.clusters.count) {
            defer { i += 1 }
            let c = text.clusters[i]
            let size = text.size(ofStyle: c.style, layerSize: p.fontSize)
            guard c.glyphEnd > c.glyphStart || !any else { continue }
            let m: FontFace.Metrics
            if let face = metricsFace(text, i) { m = face.metrics } else { m = styleMetrics(text, c.style) }
            let raised = text.styles[c.style].baselineOffset
            ascent = max(ascent, m.ascender / m.unitsPerEm * size + raised)
            descent = max(descent, -m.descender / m.unitsPerEm * size - raised)
            leading = max(leading, m.lineGap / m.unitsPerEm * size)
            any = true
        }
        if !any {
            let style = text.clusters.indices.contains(range.lowerBound) ? text.clusters[range.lowerBound].style : 0
            let m = styleMetrics(text, style)
            let size = text.size(ofStyle: style, layerSize: p.fontSize)
            ascent = m.ascender / m.unitsPerEm * size
            descent = -m.descender / m.unitsPerEm * size
            leading = m.lineGap / m.unitsPerEm * size
        }
        return (ascent, descent, leading)
    }

    private func metricsFace(_ text: ShapedText, _ i: Int) -> FontFace? {
        let c = text.clusters[i]
        guard c.glyphEnd > c.glyphStart else { return nil }
        return text.faces[Int(text.glyphs[Int(c.glyphStart)].face)]
    }

    private func styleMetrics(_ text: ShapedText, _ style: Int) -> FontFace.Metrics {
        if let font = text.styles[style].font { return font.metrics }
        return CTFont.resolve(.system(weight: 0, italic: false), size: 12).metrics
    }

    /// The height of the line after `end` (0 when the text ends there), so a line is known to be
    /// the last that fits before it is laid out.
    private func nextLineHeight(_ text: ShapedText, _ paragraph: Range<Int>, _ end: Int, _ n: Int,
                                _ p: TextLayoutParameters) -> Double {
        guard p.height.isFinite else { return 0 }
        let next: Range<Int>
        if end < paragraph.upperBound {
            next = end..<min(end + 1, paragraph.upperBound)
        } else if n + 1 < text.paragraphs.count {
            let following = text.paragraphs[n + 1]
            next = following.lowerBound..<min(following.lowerBound + 1, following.upperBound)
        } else {
            return 0
        }
        let (a, d, l) = metrics(text, next, paragraph: paragraph, p)
        _ = l
        return a + d
    }

    /// The end of the line starting at `start`: the last break opportunity that fits, else (a
    /// word longer than the line) as many characters as fit, at least one.
    private func lineEnd(_ text: ShapedText, from start: Int, in paragraph: Range<Int>, width: Double,
                         _ p: TextLayoutParameters) -> Int {
        var x = 0.0
        var lastBreak = -1
        var i = start
        while i < paragraph.upperBound {
            let c = text.clusters[i]
            let w = text.width(of: i, layerSize: p.fontSize)
            // Spaces hang past the edge; anything else that overflows ends the line.
            if !c.isWhitespace && x + w > width + 1e-9 && i > start {
                if !p.wrapsByCharacter && lastBreak > start { return lastBreak }
                return i
            }
            x += w
            if c.breakAfter { lastBreak = i + 1 }
            i += 1
        }
        return paragraph.upperBound
    }

    /// The width of clusters `range`, trailing spaces excluded.
    private func contentWidth(_ text: ShapedText, _ range: Range<Int>, _ p: TextLayoutParameters) -> Double {
        var end = range.upperBound
        while end > range.lowerBound && text.clusters[end - 1].isWhitespace { end -= 1 }
        var w = 0.0
        var i = range.lowerBound
        while i < end { w += text.width(of: i, layerSize: p.fontSize); i += 1 }
        return w
    }

    private func ellipsisWidth(_ text: ShapedText, style: Int, _ p: TextLayoutParameters) -> Double {
        text.ellipses[style].advance * text.size(ofStyle: style, layerSize: p.fontSize)
    }

    /// Fits `range` into `width` with an ellipsis where `p.truncation` says, keeping whole clusters.
    private func truncate(_ line: inout TextLine, _ text: ShapedText, _ range: Range<Int>, width: Double,
                          _ p: TextLayoutParameters) {
        var lo = range.lowerBound, hi = range.upperBound
        while hi > lo && text.clusters[hi - 1].isWhitespace { hi -= 1 }
        guard hi > lo else { line.head = lo..<lo; return }
        let styleAt: Int
        switch p.truncation {
        case .start: styleAt = text.clusters[lo].style
        case .middle: styleAt = text.clusters[(lo + hi) / 2].style
        default: styleAt = text.clusters[hi - 1].style
        }
        line.ellipsisStyle = styleAt
        let available = width - ellipsisWidth(text, style: styleAt, p)
        switch p.truncation {
        case .start:
            var x = 0.0
            var s = hi
            while s > lo && x + text.width(of: s - 1, layerSize: p.fontSize) <= available + 1e-9 {
                x += text.width(of: s - 1, layerSize: p.fontSize); s -= 1
            }
            while s < hi && text.clusters[s].isWhitespace { s += 1 }
            line.head = lo..<lo
            line.tail = s..<hi
        case .middle:
            var x = 0.0
            var e = lo
            while e < hi && x + text.width(of: e, layerSize: p.fontSize) <= available / 2 + 1e-9 {
                x += text.width(of: e, layerSize: p.fontSize); e += 1
            }
            var s = hi
            while s > e && x + text.width(of: s - 1, layerSize: p.fontSize) <= available + 1e-9 {
                x += text.width(of: s - 1, layerSize: p.fontSize); s -= 1
            }
            var headEnd = e
            while headEnd > lo && text.clusters[headEnd - 1].isWhitespace { headEnd -= 1 }
            while s < hi && text.clusters[s].isWhitespace { s += 1 }
            line.head = lo..<headEnd
            line.tail = s..<hi
        default:
            var x = 0.0
            var e = lo
            while e < hi && x + text.width(of: e, layerSize: p.fontSize) <= available + 1e-9 {
                x += text.width(of: e, layerSize: p.fontSize); e += 1
            }
            while e > lo && text.clusters[e - 1].isWhitespace { e -= 1 }
            line.head = lo..<e
            line.tail = hi..<hi
        }
    }

    private func drawnWidth(_ text: ShapedText, _ line: TextLine, _ p: TextLayoutParameters) -> Double {
        if line.ellipsisStyle < 0 { return contentWidth(text, line.head, p) }
        var w = ellipsisWidth(text, style: line.ellipsisStyle, p)
        var i = line.head.lowerBound
        while i < line.head.upperBound { w += text.width(of: i, layerSize: p.fontSize); i += 1 }
        return w + contentWidth(text, line.tail, p)
    }

    /// Extra width per inner space that stretches a line to `width`.
    private func justification(_ text: ShapedText, _ line: TextLine, width: Double, _ p: TextLayoutParameters) -> Double {
        var end = line.head.upperBound
        while end > line.head.lowerBound && text.clusters[end - 1].isWhitespace { end -= 1 }
        var spaces = 0
        var i = line.head.lowerBound
        while i < end {
            if text.clusters[i].isWhitespace { spaces += 1 }
            i += 1
        }
        guard spaces > 0 else { return 0 }
        return max(0, (width - line.width) / Double(spaces))
    }

    /// Hands `visitor` each glyph, its size and origin (points, y down from the box's top) and the
    /// style it is drawn in, line by line. A visitor struct rather than a closure: drawing keeps its
    /// state in the visitor, with no captured variables to box.
    @inline(__always)
    package func forEachGlyph<V: GlyphVisitor>(_ text: ShapedText, fontSize: Double, _ visitor: inout V) {
        var n = 0
        while n < lines.count {
            let line = lines[n]
            var pen = line.x
            var v = line.visual.lowerBound
            while v < line.visual.upperBound {
                let item = visualItems[v]
                if item == Self.ellipsisItem {
                    let e = text.ellipses[line.ellipsisStyle]
                    let size = text.size(ofStyle: line.ellipsisStyle, layerSize: fontSize)
                    visitGlyphs(Int(e.glyphStart)..<Int(e.glyphEnd), line, text, size, pen, line.ellipsisStyle, &visitor)
                    visitor.span(style: line.ellipsisStyle, x0: pen, x1: pen + e.advance * size, baseline: line.baseline,
                                 isWhitespace: false, trailing: v == line.visual.upperBound - 1)
                    pen += e.advance * size
                } else {
                    let c = text.clusters[Int(item)]
                    let size = text.size(ofStyle: c.style, layerSize: fontSize)
                    visitGlyphs(Int(c.glyphStart)..<Int(c.glyphEnd), line, text, size, pen, c.style, &visitor)
                    var next = pen + c.advance * size + text.styles[c.style].kern
                    if c.isWhitespace { next += line.spaceExtra }
                    visitor.span(style: c.style, x0: pen, x1: next, baseline: line.baseline, isWhitespace: c.isWhitespace,
                                 trailing: v == line.visual.upperBound - 1)
                    pen = next
                }
                v += 1
            }
            n += 1
        }
    }

    @inline(__always)
    private func visitGlyphs<V: GlyphVisitor>(_ range: Range<Int>, _ line: TextLine, _ text: ShapedText, _ size: Double,
                                              _ pen: Double, _ style: Int, _ visitor: inout V) {
        var g = range.lowerBound
        while g < range.upperBound {
            let glyph = text.glyphs[g]
            visitor.visit(face: text.faces[Int(glyph.face)], glyph: glyph, size: size, x: pen + glyph.x * size,
                          y: line.baseline - glyph.y * size - text.styles[style].baselineOffset, style: style)
            g += 1
        }
    }
}

/// What `TextLayout.forEachGlyph` hands each glyph to.
package protocol GlyphVisitor {
    /// One glyph of `face` at `size` points with its origin at `(x, y)`, drawn in `style`.
    mutating func visit(face: FontFace, glyph: ShapedText.Glyph, size: Double, x: Double, y: Double, style: Int)
    /// After a cluster's (or the ellipsis') glyphs: the stretch of the line it advanced the pen
    /// over, left to right, for underlines and strikethroughs; `trailing` for a line's last item.
    mutating func span(style: Int, x0: Double, x1: Double, baseline: Double, isWhitespace: Bool, trailing: Bool)
}

extension GlyphVisitor {
    package mutating func span(style: Int, x0: Double, x1: Double, baseline: Double, isWhitespace: Bool, trailing: Bool) {}
}
