import Foundation
import XCTest
import CARender
@testable import CARenderText

/// Independent answers for the text tests: HarfBuzz's own command-line shaper (`hb-shape`, from
/// libharfbuzz-bin, installed by Tools/install-system-packages) run on the same font files.
enum TextOracles {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let interBold = "/usr/share/fonts/opentype/inter/Inter-Bold.otf"
    static let chinese = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

    struct Glyph: Decodable, Equatable {
        var g: UInt32
        var cl: Int
        var ax: Int
        var dx: Int
        var dy: Int
    }

    /// `hb-shape`'s glyphs for `text` in face `index` of `font`, clusters as code point indices.
    static func hbShape(_ text: String, font: String, index: Int = 0) throws -> [Glyph] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = ["--font-funcs=ot", "--cluster-level=1", "--no-glyph-names", "--output-format=json",
                             "--face-index=\(index)", font, text]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            throw XCTSkip("hb-shape is missing (Tools/install-system-packages installs libharfbuzz-bin)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([Glyph].self, from: data)
    }

    static func face(_ path: String, index: Int = 0) throws -> FontFace {
        guard let face = FontCatalog.shared.face(path: path, index: index) else {
            throw XCTSkip("\(path) is not installed (Tools/install-system-packages installs it)")
        }
        return face
    }

    /// Every glyph a layout draws: face path, glyph, size and origin.
    static func placed(_ layout: TextLayout, _ text: ShapedText, fontSize: Double)
        -> [(path: String, glyph: UInt32, x: Double, y: Double)] {
        struct Collector: GlyphVisitor {
            var glyphs: [(path: String, glyph: UInt32, x: Double, y: Double)] = []
            mutating func visit(face: FontFace, glyph: ShapedText.Glyph, size: Double, x: Double, y: Double, style: Int) {
                glyphs.append((face.path, glyph.id, x, y))
            }
        }
        var collector = Collector()
        layout.forEachGlyph(text, fontSize: fontSize, &collector)
        return collector.glyphs
    }
}
