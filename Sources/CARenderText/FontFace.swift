// Implementation-only: scripts compile against CARender without the shim's module map. Safe without
// library evolution because no CText type appears in any stored property or signature (the face
// handle is an OpaquePointer).
internal import CText
import Foundation
import CARenderGeometry

/// One face of an installed font file, opened through the text shim: its names, vertical metrics,
/// character map, shaping and unhinted glyph outlines, all in font units (y up).
///
/// Faces are immutable once open and shared by every font of that file at any size; outlines are
/// decoded once per glyph and kept (guarded by a lock, so compositors on several threads may ask).
// @unchecked Sendable: the C face handle (not Sendable) is read-only once open for names, metrics,
// character map and advances (HarfBuzz's OpenType functions); shaping and glyph decoding take
// ctext's locks, and the caches here `lock`.
package final class FontFace: @unchecked Sendable {
    /// Vertical metrics in font units (ascender up, descender negative).
    package struct Metrics: Sendable, Equatable {
        package var unitsPerEm: Double
        package var ascender: Double
        package var descender: Double
        package var lineGap: Double
        package var capHeight: Double
        package var xHeight: Double
        package var italicAngle: Double
        package var isFixedPitch: Bool
        /// The OS/2 weight class: 400 regular, 700 bold.
        package var weightClass: Int = 400
        /// Where underlines go (negative: below the baseline) and how thick, from `post`.
        package var underlinePosition = 0.0
        package var underlineThickness = 0.0
        /// Where strikethroughs go (above the baseline) and how thick, from `OS/2`.
        package var strikeoutPosition = 0.0
        package var strikeoutSize = 0.0
    }

    /// How much synthetic bold thickens strokes, per unit of em: FreeType's own choice for
    /// `FT_GlyphSlot_Embolden` (1/24 em).
    static let syntheticBoldStrength = 1.0 / 24

    package let path: String
    package let index: Int
    package let familyName: String
    package let styleName: String
    package let postScriptName: String
    package let metrics: Metrics
    /// A colour bitmap face (Noto Color Emoji's CBDT): glyphs are images, not outlines.
    package let isColor: Bool

    private let handle: OpaquePointer
    private let lock = NSLock()
    /// Decoded outlines by glyph, synthetic-bold ones with bit 32 set.
    private var outlines: [UInt64: GlyphOutline] = [:]
    /// Decoded colour bitmaps by glyph.
    private var bitmaps: [UInt32: ColorBitmap] = [:]

    /// Opens face `index` of the font file at `path`.
    package init(path: String, index: Int = 0) throws {
        var message = [CChar](repeating: 0, count: 512)
        guard let handle = ctext_face_open(path, Int32(index), &message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FontError.unreadable(path: path, reason: reason)
        }
        self.handle = handle
        self.path = path
        self.index = index
        familyName = String(cString: ctext_face_family_name(handle))
        styleName = String(cString: ctext_face_style_name(handle))
        postScriptName = String(cString: ctext_face_postscript_name(handle))
        isColor = ctext_face_is_color(handle) != 0
        var m = ctext_metrics()
        ctext_face_metrics(handle, &m)
        metrics = Metrics(unitsPerEm: Double(m.units_per_em), ascender: Double(m.ascender),
                          descender: Double(m.descender), lineGap: Double(max(0, m.line_gap)),
                          capHeight: Double(m.cap_height), xHeight: Double(m.x_height),
                          italicAngle: Double(m.italic_angle_tenths) / 10, isFixedPitch: m.is_fixed_pitch != 0,
                          weightClass: Int(m.weight_class),
                          underlinePosition: Double(m.underline_position),
                          underlineThickness: Double(m.underline_thickness),
                          strikeoutPosition: Double(m.strikeout_position), strikeoutSize: Double(m.strikeout_size))
    }

    deinit { ctext_face_close(handle) }

    /// The number of faces in a font file (collections hold several), 0 when it is not a font.
    package static func faceCount(path: String) -> Int { Int(ctext_face_count(path)) }

    /// The glyph the face maps `scalar` to, or 0 (`.notdef`) when it has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32 { ctext_face_glyph(handle, scalar.value) }

    /// Whether the face has a glyph for every scalar of `character`.
    package func covers(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { isIgnorable($0) || glyph(for: $0) != 0 }
    }

    /// The advance of a glyph in font units.
    package func advance(of glyph: UInt32) -> Double { Double(ctext_face_advance(handle, glyph)) }

    /// Shapes `scalars[range]` with the rest of `scalars` as context, left to right or right to
    /// left (glyphs then in visual order, brackets mirrored). Clusters index `scalars`.
    package func shape(_ scalars: [UInt32], range: Range<Int>, rightToLeft: Bool = false,
                       features: FontFeatures = []) -> [ShapedGlyph] {
        guard !range.isEmpty else { return [] }
        var buffer = [ctext_glyph](repeating: ctext_glyph(), count: range.count + 8)
        var count = Int(ctext_shape(handle, scalars, Int32(scalars.count), Int32(range.lowerBound),
                                    Int32(range.count), rightToLeft ? 1 : 0, features.rawValue, &buffer, Int32(buffer.count)))
        if count > buffer.count {
            buffer = [ctext_glyph](repeating: ctext_glyph(), count: count)
            count = Int(ctext_shape(handle, scalars, Int32(scalars.count), Int32(range.lowerBound),
                                    Int32(range.count), rightToLeft ? 1 : 0, features.rawValue, &buffer, Int32(buffer.count)))
        }
        return buffer.prefix(count).map {
            ShapedGlyph(glyph: $0.glyph, cluster: Int($0.cluster), advance: Double($0.x_advance),
                        offsetX: Double($0.x_offset), offsetY: Double($0.y_offset))
        }
    }

    /// The glyph's colour image at the face's strike, decoded once (an empty one when the glyph has
    /// none).
    package func colorBitmap(of glyph: UInt32) -> ColorBitmap {
        lock.lock()
        defer { lock.unlock() }
        if let cached = bitmaps[glyph] { return cached }
        var width: Int32 = 0, height: Int32 = 0, left: Int32 = 0, top: Int32 = 0, ppem: Int32 = 0
        var pixels = [UInt8](repeating: 0, count: 160 * 160 * 4)
        var found = ctext_glyph_color_bitmap(handle, glyph, &pixels, Int32(pixels.count), &width, &height, &left, &top, &ppem)
        if found < 0 {
            pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
            found = ctext_glyph_color_bitmap(handle, glyph, &pixels, Int32(pixels.count), &width, &height, &left, &top,
                                             &ppem)
        }
        let bitmap = found == 1 && width > 0 && height > 0
            ? ColorBitmap(width: Int(width), height: Int(height), left: Int(left), top: Int(top),
                          pixelsPerEm: Double(max(ppem, 1)), pixels: Array(pixels.prefix(Int(width) * Int(height) * 4)))
            : ColorBitmap(width: 0, height: 0, left: 0, top: 0, pixelsPerEm: 1, pixels: [])
        bitmaps[glyph] = bitmap
        return bitmap
    }

    /// The glyph's unhinted outline in font units, decoded once; `emboldened` thickens it
    /// (synthetic bold).
    package func outline(of glyph: UInt32, emboldened: Bool = false) -> GlyphOutline {
        let key = UInt64(glyph) | (emboldened ? 1 << 32 : 0)
        let strength = emboldened ? Int32((metrics.unitsPerEm * Self.syntheticBoldStrength).rounded()) : 0
        lock.lock()
        defer { lock.unlock() }
        if let cached = outlines[key] { return cached }
        var verbs = [UInt8](repeating: 0, count: 64)
        var points = [Float](repeating: 0, count: 256)
        var verbsNeeded: Int32 = 0, pointsNeeded: Int32 = 0
        var count = ctext_glyph_outline(handle, glyph, strength, &verbs, Int32(verbs.count), &points, Int32(points.count),
                                        &verbsNeeded, &pointsNeeded)
        if count < 0 && verbsNeeded > 0 {
            verbs = [UInt8](repeating: 0, count: Int(verbsNeeded))
            points = [Float](repeating: 0, count: Int(pointsNeeded))
            count = ctext_glyph_outline(handle, glyph, strength, &verbs, Int32(verbs.count), &points, Int32(points.count),
                                        &verbsNeeded, &pointsNeeded)
        }
        let outline = count > 0
            ? GlyphOutline(verbs: Array(verbs.prefix(Int(count))), points: Array(points.prefix(Int(pointsNeeded))))
            : GlyphOutline(verbs: [], points: [])
        outlines[key] = outline
        return outline
    }
}

/// Scalars that draw nothing and need no glyph (joiners, variation selectors): a face lacking them
/// still covers the character they belong to.
@inline(__always)
func isIgnorable(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x200B...0x200F, 0xFE00...0xFE0F, 0x2060...0x2064, 0xE0100...0xE01EF: return true
    default: return false
    }
}

/// One glyph of a shaped run, in font units: `cluster` is the index of its first scalar.
package struct ShapedGlyph: Equatable, Sendable {
    package var glyph: UInt32
    package var cluster: Int
    package var advance: Double
    package var offsetX: Double
    package var offsetY: Double
}

/// A colour glyph's image at its face's strike: premultiplied RGBA8 rows, its top-left corner
/// `left` pixels right of and `top` pixels above the glyph origin, `pixelsPerEm` at that strike.
package struct ColorBitmap: Sendable {
    package var width: Int
    package var height: Int
    package var left: Int
    package var top: Int
    package var pixelsPerEm: Double
    package var pixels: [UInt8]

    package var isEmpty: Bool { width == 0 }
}

/// A glyph outline in font units, y up: verbs (move, line, quad, cubic) and their points.
package struct GlyphOutline: Sendable {
    package var verbs: [UInt8]
    package var points: [Float]

    package var isEmpty: Bool { verbs.isEmpty }

    /// Verb codes (the shim's).
    static let move = UInt8(CTEXT_MOVE), line = UInt8(CTEXT_LINE), quad = UInt8(CTEXT_QUAD)

    /// The outline as a `CGPath` at `size` points per em (y down, origin on the baseline).
    package func path(unitsPerEm: Double, size: Double) -> CGPath {
        let k = size / unitsPerEm
        let path = CGMutablePath()
        var p = 0
        func next() -> CGPoint {
            defer { p += 2 }
            return CGPoint(x: Double(points[p]) * k, y: -Double(points[p + 1]) * k)
        }
        for verb in verbs {
            switch verb {
            case Self.move:
                if !path.isEmpty { path.closeSubpath() }
                path.move(to: next())
            case Self.line: path.addLine(to: next())
            case Self.quad:
                let c = next(); path.addQuadCurve(to: next(), control: c)
            default:
                let c1 = next(), c2 = next(); path.addCurve(to: next(), control1: c1, control2: c2)
            }
        }
        if !path.isEmpty { path.closeSubpath() }
        return path
    }
}

/// Why a font could not be used.
package enum FontError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)

    package var description: String {
        switch self {
        case .unreadable(_, let reason): return reason
        }
    }
}
