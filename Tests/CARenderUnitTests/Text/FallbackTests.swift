import Foundation
import XCTest
import CARender
@testable import CARenderText

/// The per-character fallback cascade and colour emoji: every script of a ten-script corpus finds
/// a face with real glyphs, and emoji sequences shape into the single glyphs HarfBuzz's own
/// `hb-shape` makes from the emoji face.
final class FallbackTests: XCTestCase {
    static let corpus: [(script: String, text: String)] = [
        ("Latin", "Crème brûlée, naïve façade — “quoted” Ärger ß"),
        ("Greek", "Η γρήγορη καφέ αλεπού πηδά"),
        ("Cyrillic", "Съешь же ещё этих мягких булок"),
        ("Arabic", "نص حكيم له سر قاطع وذو شأن عظيم"),
        ("Hebrew", "דג סקרן שט בים מאוכזב ולפתע מצא חברה"),
        ("Devanagari", "ऋषियों को सताने वाले दुष्ट राक्षसों"),
        ("Thai", "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า"),
        ("CJK", "天地玄黄宇宙洪荒 いろはにほへと カタカナ"),
        ("Hangul", "다람쥐 헌 쳇바퀴에 타고파"),
        ("Emoji", "😀👍🏽👨‍👩‍👧🇫🇷1️⃣❤️🦊"),
    ]

    /// No glyph of the corpus is .notdef (glyph 0), in the regular and the bold system font.
    func testNoScriptDrawsNotdef() throws {
        for weight in [0.0, 0.4] {
            let font = CTFont.resolve(.system(weight: weight, italic: false), size: 17)
            for (script, text) in Self.corpus {
                let shaped = ShapedText([(text, TextStyle(font: font))], defaultFont: font)
                XCTAssertFalse(shaped.glyphs.isEmpty)
                for (i, cluster) in shaped.clusters.enumerated() where !shaped.characters[i].isWhitespace {
                    XCTAssertLessThan(cluster.glyphStart, cluster.glyphEnd,
                                      "\(script): '\(shaped.characters[i])' has no glyph")
                    for g in Int(cluster.glyphStart)..<Int(cluster.glyphEnd) where shaped.glyphs[g].id == 0 {
                        XCTFail("\(script) (weight \(weight)): '\(shaped.characters[i])' draws .notdef with "
                                + "\(shaped.faces[Int(shaped.glyphs[g].face)].postScriptName)")
                    }
                }
            }
        }
    }

    /// Each script goes to the face the cascade names for it.
    func testCascadePicksTheScriptsFace() throws {
        let font = CTFont.resolve(.system(weight: 0, italic: false), size: 17)
        let expected = ["Latin": "Inter", "Greek": "Inter", "Cyrillic": "Inter", "Arabic": "NotoSansArabicUI",
                        "Hebrew": "DejaVuSans", "Devanagari": "NotoSansDevanagariUI", "Thai": "NotoSansThaiUI",
                        "CJK": "WenQuanYiMicroHei", "Hangul": "WenQuanYiMicroHei", "Emoji": "NotoColorEmoji"]
        for (script, text) in Self.corpus {
            let shaped = ShapedText([(text, TextStyle(font: font))], defaultFont: font)
            let first = shaped.clusters.firstIndex { !$0.isWhitespace && $0.glyphEnd > $0.glyphStart }!
            let face = shaped.faces[Int(shaped.glyphs[Int(shaped.clusters[first].glyphStart)].face)]
            XCTAssertTrue(face.postScriptName.hasPrefix(expected[script]!), "\(script): \(face.postScriptName)")
        }
    }

    /// Flags, keycaps, skin tones and zero-width-joiner sequences are one cluster and one colour
    /// glyph each: the glyph hb-shape gives for the sequence in Noto Color Emoji.
    func testEmojiSequencesShapeToOneGlyph() throws {
        let emojiFace = try TextOracles.face(FontCatalog.emojiFile)
        XCTAssertTrue(emojiFace.isColor)
        let font = CTFont.resolve(.system(weight: 0, italic: false), size: 17)
        for sequence in ["😀", "👍🏽", "👨‍👩‍👧", "👩🏽‍💻", "🇫🇷", "🇯🇵", "1️⃣", "#️⃣", "❤️", "🏳️‍🌈"] {
            let shaped = ShapedText([("a" + sequence + "b", TextStyle(font: font))], defaultFont: font)
            XCTAssertEqual(shaped.clusters.count, 3, sequence)
            let cluster = shaped.clusters[1]
            XCTAssertEqual(cluster.glyphEnd - cluster.glyphStart, 1, "\(sequence) is one glyph")
            let glyph = shaped.glyphs[Int(cluster.glyphStart)]
            XCTAssertTrue(shaped.faces[Int(glyph.face)] === emojiFace, sequence)
            let oracle = try TextOracles.hbShape(sequence, font: FontCatalog.emojiFile)
            XCTAssertEqual(oracle.count, 1, sequence)
            XCTAssertEqual(glyph.id, oracle.first?.g, sequence)
            XCTAssertFalse(emojiFace.colorBitmap(of: glyph.id).isEmpty, "\(sequence) has a colour image")
        }
        // Text presentation asked for (U+FE0E) keeps a text face.
        let text = ShapedText([("\u{2764}\u{FE0E}", TextStyle(font: font))], defaultFont: font)
        XCTAssertFalse(text.faces[Int(text.glyphs[0].face)].isColor)
    }

    /// A colour glyph scaled down is an area average of its bitmap: the mask's total of each
    /// component equals the bitmap's total times the area scale, so no detail is lost or gained.
    func testColorGlyphDownscalingConservesColour() throws {
        let face = try TextOracles.face(FontCatalog.emojiFile)
        let glyph = face.glyph(for: "😀")
        let bitmap = face.colorBitmap(of: glyph)
        XCTAssertFalse(bitmap.isEmpty)
        var total = SIMD4<Double>.zero
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            total += SIMD4(Double(bitmap.pixels[i]), Double(bitmap.pixels[i + 1]), Double(bitmap.pixels[i + 2]),
                           Double(bitmap.pixels[i + 3])) / 255
        }
        let cache = GlyphCache()
        for pixelsPerEm in [10.0, 23.5, 54] {
            let mask = cache.mask(face: face, glyph: glyph, pixelsPerEmX: pixelsPerEm, pixelsPerEmY: pixelsPerEm,
                                  subX: 1, subY: 3, rasterizer: CoverageRasterizer())
            XCTAssertTrue(mask.isColor)
            var sum = SIMD4<Double>.zero
            for p in 0..<Int(mask.width * mask.height) {
                let q = cache.arena + mask.offset + p * 4
                sum += SIMD4(Double(q[0]), Double(q[1]), Double(q[2]), Double(q[3]))
            }
            let scale = pixelsPerEm / bitmap.pixelsPerEm
            let expected = total * scale * scale
            for k in 0..<4 { XCTAssertEqual(sum[k], expected[k], accuracy: expected[k] * 1e-3, "\(pixelsPerEm) px") }
            // The image spans the bitmap's extent at that scale.
            XCTAssertEqual(Double(mask.width), Double(bitmap.width) * scale, accuracy: 2)
        }
    }
}
