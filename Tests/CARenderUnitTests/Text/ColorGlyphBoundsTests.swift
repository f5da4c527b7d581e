import Foundation
import XCTest
import CARender
import CARenderTestSupport
@testable import CARenderPixels
@testable import CARenderRaster
@testable import CARenderText

/// Memory for colour glyphs and text backing stores is bounded by what the frame can show:
/// colour glyphs too large to cache are resampled straight into the frame,
/// and a text layer drawn through its backing store rasterizes only its visible part — with the
/// same pixels as the cached and whole-store paths.
final class ColorGlyphBoundsTests: XCTestCase {
    /// A stage (300 × 200 unless given) showing a text layer whose first glyph, an emoji, is
    /// centred on `centre`, inside a container moved by `shift`.
    private func render(_ string: String, size: CGFloat, centre: CGPoint = CGPoint(x: 150, y: 100),
                        stageWidth: CGFloat = 300, stageHeight: CGFloat = 200, shift: CGFloat = 0,
                        contentsScale: CGFloat = 1, angle: CGFloat = 0) throws -> RGBAImage {
        let stage = Stage(width: stageWidth, height: stageHeight)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let container = CALayer()
        container.frame = CGRect(x: shift, y: shift, width: stageWidth, height: stageHeight)
        stage.rootLayer.addSublayer(container)
        let text = CATextLayer()
        // Noto's emoji is 1.245 em wide; its face's centre is about 0.55 em below the top.
        text.frame = CGRect(x: centre.x - size * 0.62, y: centre.y - size * 0.55, width: size * 2, height: size * 2)
        text.string = string
        text.fontSize = size
        text.contentsScale = contentsScale
        text.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        text.foregroundColor = CGColor(gray: 0, alpha: 1)
        container.addSublayer(text)
        return try stage.renderFrame()
    }

    /// The share of the frame painted in the emoji face's yellow.
    private func yellowShare(_ frame: RGBAImage) -> Double {
        var yellow = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = frame[x, y]
                if p.r > 200 && p.g > 150 && p.b < 110 { yellow += 1 }
            }
        }
        return Double(yellow) / Double(frame.width * frame.height)
    }

    /// A colour glyph past the cache's size limit is drawn with the cached mask's resampling: at
    /// 200 pixels per em (cacheable) the straight path gives the cached mask's pixels, and drawn
    /// clipped it gives the same pixels inside the clip and none outside.
    func testColorGlyphsDrawnStraightMatchTheCachedMask() throws {
        let face = try TextOracles.face(FontCatalog.emojiFile)
        let glyph = face.glyph(for: "😀")
        let cache = GlyphCache()
        let size = 200.0
        XCTAssertLessThan(size, GlyphCache.largestCachedColorPixelsPerEm)
        let mask = cache.mask(face: face, glyph: glyph, pixelsPerEmX: size, pixelsPerEmY: size, subX: 1, subY: 3,
                              rasterizer: CoverageRasterizer())
        XCTAssertTrue(mask.isColor)
        XCTAssertGreaterThan(mask.width, 200)
        // The origin at (40.25, 300.75): the mask's pixel (c, r) lands on (40 + left + c, 300 + top + r).
        let rect = IntRect(x0: 0, y0: 0, x1: 400, y1: 400)
        func draw(clip: IntRect) -> [UInt8] {
            var pixels = [UInt8](repeating: 0, count: rect.area * 4)
            pixels.withUnsafeMutableBufferPointer { buffer in
                cache.drawColorGlyph(face: face, glyph: glyph, pixelsPerEmX: size, pixelsPerEmY: size, x: 40.25, y: 300.75,
                                     clip: clip, into: Canvas(base: buffer.baseAddress!, rect: rect), alpha: 1)
            }
            return pixels
        }
        let whole = draw(clip: rect)
        var worst = 0, inked = 0
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let c = x - 40 - Int(mask.left), r = y - 300 - Int(mask.top)
                for k in 0..<4 {
                    var expected = 0
                    if c >= 0, r >= 0, c < mask.width, r < mask.height {
                        let v = cache.arena[mask.offset + (r * Int(mask.width) + c) * 4 + k]
                        expected = Int((v * 255).rounded())
                    }
                    worst = max(worst, abs(Int(whole[(y * rect.width + x) * 4 + k]) - expected))
                    if k == 3 && expected > 0 { inked += 1 }
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "largest difference from the cached mask")
        XCTAssertGreaterThan(inked, 30_000)
        let clip = IntRect(x0: 90, y0: 130, x1: 170, y1: 210)
        let clipped = draw(clip: clip)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let i = (y * rect.width + x) * 4
                let inside = x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1
                XCTAssertEqual(clipped[i..<i + 4], inside ? whole[i..<i + 4] : [0, 0, 0, 0], "(\(x), \(y))")
                if clipped[i..<i + 4] != (inside ? whole[i..<i + 4] : [0, 0, 0, 0]) { return }
            }
        }
    }

    /// Emoji at 500 to 10^8 points in a 300 × 200 frame are drawn (the emoji face's yellow fills
    /// the frame) with a peak of well under a megabyte; a mask of the whole glyph took 6.2 MB at
    /// 500 points and would take 90 MB at 2,000.
    func testHugeEmojiAreDrawnWithMemoryBoundedByTheFrame() throws {
        _ = try render("😀", size: 20)
        for size in [CGFloat(500), 2000, 1e6, 1e8] {
            var frame: RGBAImage?
            let peak = try PeakMemory.during { frame = try render("😀", size: size) }
            let drawn = try XCTUnwrap(frame)
            XCTAssertGreaterThan(yellowShare(drawn), size == 500 ? 0.4 : 0.95, "\(size) points")
            if let peak { XCTAssertLessThan(peak, 1 << 20, "peak \(peak >> 10) KB at \(size) points") }
        }
    }

    /// A rotated text layer 4,000 points square at contentsScale 2 on a 300 × 200 stage (drawn
    /// through its backing store) rasterizes only what the frame shows: its peak stays under
    /// 16 MB (the whole store took 320 MB).
    func testATextLayerBackingStoreCoversOnlyWhatTheFrameShows() throws {
        _ = try render("😀Hg", size: 20, contentsScale: 2, angle: 0.1)
        var frame: RGBAImage?
        let peak = try PeakMemory.during { frame = try render("😀Hg", size: 2000, contentsScale: 2, angle: 0.1) }
        XCTAssertGreaterThan(yellowShare(try XCTUnwrap(frame)), 0.9)
        if let peak { XCTAssertLessThan(peak, 16 << 20, "peak \(peak >> 20) MB") }
    }

    /// A text layer partly outside the frame (on every side) draws the pixels it draws where a
    /// larger stage shows all of it: the visible part of the store is on the whole store's grid.
    func testAPartlyVisibleBackingStoreDrawsTheWholeStoresPixels() throws {
        for (centre, angle) in [(CGPoint(x: 40, y: 30), CGFloat(0.1)), (CGPoint(x: 260, y: 170), 0.7)] {
            let part = try render("😀Hg", size: 100, centre: centre, contentsScale: 2, angle: angle)
            let whole = try render("😀Hg", size: 100, centre: centre, stageWidth: 700, stageHeight: 600, shift: 200,
                                   contentsScale: 2, angle: angle)
            var worst = 0
            for y in 0..<part.height {
                for x in 0..<part.width {
                    let a = part[x, y], b = whole[x + 200, y + 200]
                    worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                }
            }
            // Within rounding (the same store sampled at device positions 200 pixels apart).
            XCTAssertLessThanOrEqual(worst, 1, "largest difference at angle \(angle)")
            XCTAssertGreaterThan(yellowShare(part), 0.05)
        }
    }
}
