import Foundation
import CARenderGeometry

/// How one stretch of text looks: its font (nil: the drawing layer's font at its `fontSize`), colour
/// (nil: the layer's foreground colour), extra spacing and paragraph alignment.
package struct TextStyle: Equatable, Sendable {
    /// The font; its `pointSize` is used unless `usesLayerSize`.
    package var font: CTFont?
    /// True when the size comes from the layer (a plain string in a `CATextLayer`, whose `fontSize`
    /// animates) rather than from `font`.
    package var usesLayerSize: Bool
    package var color: CGColor?
    /// Points added after each character.
    package var kern: Double
    /// The paragraph's alignment, when an attributed string sets one.
    package var alignment: NSTextAlignment?
    /// The paragraph's spacing, indents and direction (a paragraph takes its first character's).
    package var paragraph = ParagraphValues()
    package var underline: TextDecoration?
    package var strikethrough: TextDecoration?
    package var shadow: TextShadow?
    /// Points the glyphs are raised above the baseline.
    package var baselineOffset = 0.0

    package init(font: CTFont?, usesLayerSize: Bool = false, color: CGColor? = nil, kern: Double = 0,
                 alignment: NSTextAlignment? = nil) {
        self.font = font
        self.usesLayerSize = usesLayerSize
        self.color = color
        self.kern = kern
        self.alignment = alignment
    }

    package static func == (a: TextStyle, b: TextStyle) -> Bool {
        a.font === b.font && a.usesLayerSize == b.usesLayerSize && a.color == b.color && a.kern == b.kern
            && a.alignment == b.alignment && a.paragraph == b.paragraph && a.underline == b.underline
            && a.strikethrough == b.strikethrough && a.shadow == b.shadow && a.baselineOffset == b.baselineOffset
    }
}

/// A paragraph style's values, in points (`NSParagraphStyle`).
package struct ParagraphValues: Equatable, Sendable {
    package var lineSpacing = 0.0
    package var lineHeightMultiple = 0.0
    package var minimumLineHeight = 0.0
    package var maximumLineHeight = 0.0
    package var paragraphSpacing = 0.0
    package var paragraphSpacingBefore = 0.0
    package var firstLineHeadIndent = 0.0
    package var headIndent = 0.0
    package var tailIndent = 0.0
    package var direction = BidiDirection.natural
    package init() {}
}

/// An underline or strikethrough: an `NSUnderlineStyle` raw value and its colour (nil: the text's).
package struct TextDecoration: Equatable, Sendable {
    package var style: Int
    package var color: CGColor?
    package init(style: Int, color: CGColor?) {
        self.style = style
        self.color = color
    }

    /// A line under (or through) words only.
    package var byWord: Bool { style & 0x8000 != 0 }
    /// How many strokes and how thick each is, in the font's line thickness.
    package var strokes: (count: Int, weight: Double) {
        switch style & 0xFF {
        case 0x02: return (1, 2)
        case 0x09: return (2, 1)
        default: return (1, 1)
        }
    }
}

/// A shadow under text, in points (y down).
package struct TextShadow: Equatable, Sendable {
    package var dx: Double
    package var dy: Double
    package var blurRadius: Double
    package var color: CGColor
    package init(dx: Double, dy: Double, blurRadius: Double, color: CGColor) {
        self.dx = dx
        self.dy = dy
        self.blurRadius = blurRadius
        self.color = color
    }
}

/// Text shaped once, independent of size: every grapheme cluster with its glyphs and advance in
/// ems of its face, its style and where lines may break. Laying it out at a size (`TextLayout`) is
/// then arithmetic, so an animated `fontSize` reshapes nothing.
///
/// Unhinted advances scale linearly with size, which is what makes shaping once valid: HarfBuzz
/// shapes at the face's units per em and Core Text, too, positions unhinted outlines.
package final class ShapedText: Sendable {
    /// One grapheme cluster (a user-perceived character).
    package struct Cluster: Sendable {
        /// Advance in ems of the style's size (kerning excluded).
        package var advance: Double
        package var style: Int
        /// Glyphs `glyphStart ..< glyphEnd` of `glyphs`.
        package var glyphStart: Int32
        package var glyphEnd: Int32
        package var isWhitespace: Bool
        /// A line may break after this cluster (between words, or between ideographs).
        package var breakAfter: Bool
        /// The bidi embedding level (odd: right to left) of the cluster's first code point.
        package var level: UInt8 = 0
        /// Its class for rule L1 of the bidi algorithm (a `BidiClass` raw value).
        package var bidiClass: UInt8 = 0
    }

    /// A glyph placed relative to its cluster's pen position, in ems.
    package struct Glyph: Sendable {
        package var face: Int32
        package var id: UInt32
        /// Drawn with synthetic bold: a fallback face without a bold standing in for a bold font.
        package var emboldened: Bool
        package var x: Double
        package var y: Double
    }

    /// The glyphs that draw "…" in one style.
    package struct Ellipsis: Sendable {
        package var glyphStart: Int32
        package var glyphEnd: Int32
        package var advance: Double
    }

    package let styles: [TextStyle]
    /// Every face glyphs refer to.
    package let faces: [FontFace]
    package let clusters: [Cluster]
    package let glyphs: [Glyph]
    /// Cluster ranges of paragraphs (the separators themselves excluded).
    package let paragraphs: [Range<Int>]
    /// Each paragraph's bidi level: 0 left to right, 1 right to left (from its first strong
    /// character).
    package let paragraphLevels: [UInt8]
    /// The ellipsis of each style.
    package let ellipses: [Ellipsis]
    /// The text, one String per cluster (for tests and diagnostics).
    package let characters: [Character]
    /// Whether any style casts a shadow.
    package let hasShadows: Bool

    /// Shapes `runs` of styled text. Styles with no font use `defaultFont`'s face.
    package init(_ runs: [(text: String, style: TextStyle)], defaultFont: CTFont) {
        var styles: [TextStyle] = []
        var builder = Builder(fallbacks: FontCatalog.shared.fallbackFaces(),
                              boldFallbacks: FontCatalog.shared.fallbackFaces(bold: true),
                              emoji: FontCatalog.shared.emojiFace)
        var characters: [Character] = []
        var characterStyles: [Int] = []
        for run in runs {
            let index: Int
            if let i = styles.firstIndex(of: run.style) { index = i } else { styles.append(run.style); index = styles.count - 1 }
            for character in run.text {
                characters.append(character)
                characterStyles.append(index)
            }
        }
        if styles.isEmpty { styles = [TextStyle(font: defaultFont, usesLayerSize: true)] }
        let primaries = styles.map { ($0.font ?? defaultFont).face }
        builder.features = styles.map { ($0.font ?? defaultFont).features }
        builder.directions = styles.map { $0.paragraph.direction }
        builder.shape(characters, styles: characterStyles, primaries: primaries)
        var ellipses: [Ellipsis] = []
        for primary in primaries { ellipses.append(builder.shapeEllipsis(primary: primary)) }
        self.styles = styles
        faces = builder.faces
        clusters = builder.clusters
        glyphs = builder.glyphs
        paragraphs = builder.paragraphs
        paragraphLevels = builder.paragraphLevels
        self.ellipses = ellipses
        self.characters = characters
        hasShadows = styles.contains { $0.shadow != nil }
    }

    /// The point size of a style, given the layer's.
    @inline(__always)
    package func size(ofStyle style: Int, layerSize: Double) -> Double {
        let s = styles[style]
        if s.usesLayerSize { return layerSize }
        return s.font.map { Double($0.pointSize) } ?? layerSize
    }

    /// The advance of cluster `i` in points, kerning included.
    @inline(__always)
    package func width(of i: Int, layerSize: Double) -> Double {
        let c = clusters[i]
        return c.advance * size(ofStyle: c.style, layerSize: layerSize) + styles[c.style].kern
    }
}

/// Itemizes characters into runs of one face and style, shapes each run, and collects clusters.
private struct Builder {
    let fallbacks: [FontFace]
    let boldFallbacks: [FontFace]
    let emoji: FontFace?
    var faces: [FontFace] = []
    var clusters: [ShapedText.Cluster] = []
    var glyphs: [ShapedText.Glyph] = []
    var paragraphs: [Range<Int>] = []
    var paragraphLevels: [UInt8] = []
    /// Each style's font features and paragraph direction.
    var features: [FontFeatures] = []
    var directions: [BidiDirection] = []

    /// The OS/2 weight from which a face counts as bold (semibold, 600): a fallback face lighter
    /// than that standing in for it is emboldened.
    static let boldWeight = 600

    init(fallbacks: [FontFace], boldFallbacks: [FontFace], emoji: FontFace?) {
        self.fallbacks = fallbacks
        self.boldFallbacks = boldFallbacks
        self.emoji = emoji
    }

    mutating func faceIndex(_ face: FontFace) -> Int32 {
        if let i = faces.firstIndex(where: { $0 === face }) { return Int32(i) }
        faces.append(face)
        return Int32(faces.count - 1)
    }

    /// The face that draws `character`: the emoji face for a character with emoji presentation,
    /// else the first of the style's face and the fallbacks (bold ones for a bold style) that has
    /// every scalar of it, as Core Text's cascade picks per character.
    func face(for character: Character, primary: FontFace?) -> FontFace? {
        if let emoji, Emoji.presents(character), emoji.covers(character) { return emoji }
        if let primary, primary.covers(character) { return primary }
        let bold = (primary?.metrics.weightClass ?? 400) >= Self.boldWeight
        for face in bold ? boldFallbacks : fallbacks where face.covers(character) { return face }
        return primary ?? fallbacks.first
    }

    mutating func shape(_ characters: [Character], styles: [Int], primaries: [FontFace?]) {
        // Paragraphs end at line separators; separators are not clusters.
        var paragraphStart = 0
        var current: [Character] = []
        var currentStyles: [Int] = []
        for (character, style) in zip(characters, styles) {
            if character.isNewline {
                paragraphLevels.append(shapeParagraph(current, styles: currentStyles, primaries: primaries))
                paragraphs.append(paragraphStart..<clusters.count)
                // Keep cluster indices aligned with characters: the separator is a zero-width,
                // invisible cluster outside every paragraph.
                clusters.append(ShapedText.Cluster(advance: 0, style: style, glyphStart: Int32(glyphs.count),
                                                   glyphEnd: Int32(glyphs.count), isWhitespace: true, breakAfter: true))
                paragraphStart = clusters.count
                current.removeAll()
                currentStyles.removeAll()
            } else {
                current.append(character)
                currentStyles.append(style)
            }
        }
        paragraphLevels.append(shapeParagraph(current, styles: currentStyles, primaries: primaries))
        paragraphs.append(paragraphStart..<clusters.count)
    }

    /// Shapes one paragraph into clusters and returns its bidi level.
    private mutating func shapeParagraph(_ characters: [Character], styles: [Int], primaries: [FontFace?]) -> UInt8 {
        guard !characters.isEmpty else { return 0 }
        // Scalars of the whole paragraph (context for shaping) and each scalar's character.
        var scalars: [UInt32] = []
        var characterOfScalar: [Int] = []
        var firstScalar: [Int] = []
        for (i, character) in characters.enumerated() {
            firstScalar.append(scalars.count)
            for s in character.unicodeScalars {
                scalars.append(s.value)
                characterOfScalar.append(i)
            }
        }
        firstScalar.append(scalars.count)
        // Levels resolved over the whole paragraph; each run of one level is shaped in its direction.
        let bidi = BidiParagraph(scalars, direction: directions[styles[0]])
        let levels = characters.indices.map { bidi.levels[firstScalar[$0]] }
        let chosen = characters.indices.map { face(for: characters[$0], primary: primaries[styles[$0]]) }
        let base = clusters.count
        for (i, character) in characters.enumerated() {
            var bidiClass = BidiClass.whitespace
            for s in firstScalar[i]..<firstScalar[i + 1] where bidi.classes[s] != .whitespace {
                bidiClass = bidi.classes[s] == .separator && s == firstScalar[i] ? .separator : .other
                break
            }
            clusters.append(ShapedText.Cluster(advance: 0, style: styles[i], glyphStart: 0, glyphEnd: 0,
                                               isWhitespace: character.isWhitespace,
                                               breakAfter: false, level: levels[i], bidiClass: bidiClass.rawValue))
        }
        // Runs of one face and style.
        var glyphsOfCharacter = [[ShapedText.Glyph]](repeating: [], count: characters.count)
        var advanceOfCharacter = [Double](repeating: 0, count: characters.count)
        var runStart = 0
        while runStart < characters.count {
            var runEnd = runStart + 1
            while runEnd < characters.count && chosen[runEnd] === chosen[runStart] && styles[runEnd] == styles[runStart]
                    && levels[runEnd] == levels[runStart] {
                runEnd += 1
            }
            if let face = chosen[runStart] {
                let index = faceIndex(face)
                let primary = primaries[styles[runStart]]
                let embolden = primary.map { $0 !== face && !face.isColor && $0.metrics.weightClass >= Self.boldWeight
                    && face.metrics.weightClass < Self.boldWeight } ?? false
                let em = face.metrics.unitsPerEm
                let shaped = face.shape(scalars, range: firstScalar[runStart]..<firstScalar[runEnd],
                                        rightToLeft: levels[runStart] & 1 == 1, features: features[styles[runStart]])
                for g in shaped {
                    let c = characterOfScalar[g.cluster]
                    glyphsOfCharacter[c].append(ShapedText.Glyph(face: index, id: g.glyph, emboldened: embolden,
                                                                 x: (advanceOfCharacter[c] + g.offsetX) / em,
                                                                 y: g.offsetY / em))
                    advanceOfCharacter[c] += g.advance
                }
                for c in runStart..<runEnd { advanceOfCharacter[c] /= em }
            }
            runStart = runEnd
        }
        for i in characters.indices {
            clusters[base + i].glyphStart = Int32(glyphs.count)
            glyphs.append(contentsOf: glyphsOfCharacter[i])
            clusters[base + i].glyphEnd = Int32(glyphs.count)
            clusters[base + i].advance = advanceOfCharacter[i]
            if i + 1 < characters.count {
                clusters[base + i].breakAfter = LineBreakRules.mayBreak(between: characters[i], and: characters[i + 1])
            } else {
                clusters[base + i].breakAfter = true
            }
        }
        return bidi.baseLevel
    }

    mutating func shapeEllipsis(primary: FontFace?) -> ShapedText.Ellipsis {
        let start = Int32(glyphs.count)
        guard let face = face(for: "\u{2026}", primary: primary) else {
            return ShapedText.Ellipsis(glyphStart: start, glyphEnd: start, advance: 0)
        }
        let index = faceIndex(face)
        let em = face.metrics.unitsPerEm
        var x = 0.0
        for g in face.shape([0x2026], range: 0..<1) {
            glyphs.append(ShapedText.Glyph(face: index, id: g.glyph, emboldened: false, x: (x + g.offsetX) / em,
                                           y: g.offsetY / em))
            x += g.advance
        }
        return ShapedText.Ellipsis(glyphStart: start, glyphEnd: Int32(glyphs.count), advance: x / em)
    }
}

/// Where a line may break: after a space before a word, after a hyphen, and on either side of
/// an ideograph or kana (Chinese and Japanese wrap by character), except before closing
/// punctuation or after opening punctuation (the basic line-start and line-end prohibitions).
enum LineBreakRules {
    static let noBreakBefore: Set<Character> = ["，", "。", "、", "！", "？", "：", "；", "）", "」", "』", "》", "】",
                                                ",", ".", "!", "?", ":", ";", ")", "]", "}", "…", "ー", "”", "’"]
    static let noBreakAfter: Set<Character> = ["（", "「", "『", "《", "【", "(", "[", "{", "“", "‘"]

    static func mayBreak(between a: Character, and b: Character) -> Bool {
        if noBreakBefore.contains(b) || noBreakAfter.contains(a) { return false }
        if b.isWhitespace { return false }
        if a.isWhitespace { return true }
        if a == "-" || a == "\u{2013}" || a == "\u{2014}" { return true }
        return isIdeographic(a) || isIdeographic(b)
    }

    static func isIdeographic(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        switch v {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }
}

/// Which characters are drawn as colour emoji (Unicode's emoji presentation, UTS #51): a
/// character whose first scalar defaults to emoji presentation, or that asks for it (variation
/// selector 16), a keycap, a flag, a skin-tone modifier or a zero-width-joiner sequence of emoji.
/// Text presentation (variation selector 15) keeps the text face.
enum Emoji {
    static let textSelector: UInt32 = 0xFE0E, emojiSelector: UInt32 = 0xFE0F
    static let keycap: UInt32 = 0x20E3, joiner: UInt32 = 0x200D
    static let modifiers: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF
    static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    /// Tag characters (subdivision flags such as England's).
    static let tags: ClosedRange<UInt32> = 0xE0020...0xE007F

    static func presents(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        var joined = false
        for s in scalars {
            switch s.value {
            case textSelector: return false
            case emojiSelector, keycap: return true
            case modifiers, regionalIndicators, tags: return true
            case joiner: joined = true
            default: break
            }
        }
        if first.properties.isEmojiPresentation { return true }
        return joined && first.properties.isEmoji && first.value > 0x7F
    }
}
