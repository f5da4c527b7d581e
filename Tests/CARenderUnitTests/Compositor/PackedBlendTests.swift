import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderRaster
@testable import CARenderCompositor
import CARenderTestSupport

/// The four-pixel packed blends and the solid painter's four-pixel loops give the scalar loops'
/// bytes, and a frame whose opaque root background covers the canvas needs no clearing.
final class PackedBlendTests: XCTestCase {
    /// A random premultiplied pixel: colour channels never above alpha.
    private func premultipliedPixel(_ g: inout SplitMix64) -> UInt32 {
        let a = UInt32.random(in: 0...255, using: &g)
        let kind = Int.random(in: 0..<4, using: &g)
        let alpha: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : a
        var p = alpha << 24
        for shift in [0, 8, 16] as [UInt32] { p |= UInt32.random(in: 0...alpha, using: &g) << shift }
        return p
    }

    func testFourPixelBlendsMatchTheScalarOnes() {
        var g = SplitMix64(seed: 0xB1E4D)  // the same samples on every run
        for _ in 0..<20000 {
            let dst = SIMD4<UInt32>((0..<4).map { _ in premultipliedPixel(&g) })
            let src = SIMD4<UInt32>((0..<4).map { _ in premultipliedPixel(&g) })
            let scales = SIMD4<UInt32>((0..<4).map { _ in UInt32.random(in: 0...256, using: &g) })
            let over = sourceOverPacked(dst, src)
            let scaled = scalePacked(src, scales)
            let uniform = scalePacked(src, scales[0])
            for k in 0..<4 {
                XCTAssertEqual(over[k], sourceOverPacked(dst[k], src[k]))
                XCTAssertEqual(scaled[k], scalePacked(src[k], scales[k]))
                XCTAssertEqual(uniform[k], scalePacked(src[k], scales[0]))
            }
        }
        // The extremes: transparent over anything, opaque white over anything, full and no scale.
        let white: UInt32 = 0xFFFF_FFFF
        XCTAssertEqual(sourceOverPacked(SIMD4(repeating: 0x8040_2010), .zero), SIMD4(repeating: 0x8040_2010))
        XCTAssertEqual(sourceOverPacked(SIMD4(repeating: 0x8040_2010), SIMD4(repeating: white)), SIMD4(repeating: white))
        XCTAssertEqual(scalePacked(SIMD4(repeating: white), 256), SIMD4(repeating: white))
        XCTAssertEqual(scalePacked(SIMD4(repeating: white), 0), .zero)
    }

    /// The four-pixel source-over (16-bit lanes) gives the scalar bytes at every alpha of a
    /// premultiplied source, over destinations from dark to light, including the extremes.
    func testFourPixelSourceOverAtEveryAlpha() {
        var random = SplitMix64(seed: 0x5AD0)  // the same samples on every run
        for alpha in UInt32(0)...255 {
            for _ in 0..<64 {
                func channel() -> UInt32 { UInt32.random(in: 0...alpha, using: &random) }
                let src = SIMD4<UInt32>((0..<4).map { _ in channel() | channel() << 8 | channel() << 16 | alpha << 24 })
                let dst = SIMD4<UInt32>((0..<4).map { k in k == 0 ? 0xFFFF_FFFF : k == 1 ? 0 : UInt32.random(in: 0...UInt32.max, using: &random) })
                let four = sourceOverPacked(dst, src)
                for k in 0..<4 { XCTAssertEqual(four[k], sourceOverPacked(dst[k], src[k]), "alpha \(alpha)") }
            }
        }
    }

    func testSolidPainterRunsMatchThePerPixelBlend() {
        var g = SplitMix64(seed: 0xB1E4D)  // the same samples on every run
        let width = 37
        var below = [UInt32](repeating: 0, count: width)
        var pixels = [UInt32](repeating: 0, count: width)
        var coverage = [Float](repeating: 0, count: width)
        for trial in 0..<400 {
            for i in 0..<width {
                below[i] = premultipliedPixel(&g)
                // Zero, full, a hair above full (rounding), and partial coverage.
                switch Int.random(in: 0..<5, using: &g) {
                case 0: coverage[i] = 0
                case 1: coverage[i] = 1
                case 2: coverage[i] = 1 + Float.random(in: 0..<0.003, using: &g)
                default: coverage[i] = Float.random(in: 0.002..<0.998, using: &g)
                }
            }
            let opaque = trial % 2 == 0
            let color = SIMD4<Float>(Float.random(in: 0...1, using: &g), Float.random(in: 0...1, using: &g),
                                     Float.random(in: 0...1, using: &g), 1) * (opaque ? 255 : Float.random(in: 0...250, using: &g))  // a translucent alpha never rounds to 255
            pixels = below
            pixels.withUnsafeMutableBytes { raw in
                let canvas = Canvas(base: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                    rect: IntRect(x0: 0, y0: 0, x1: width, y1: 1))
                var painter = SolidPainter(canvas: canvas, color: color)
                XCTAssertEqual(painter.opaque, opaque)
                coverage.withUnsafeBufferPointer { painter.paint(row: 0, x0: 0, count: width, coverage: $0.baseAddress!) }
            }
            let packedColor = packed(color)
            for i in 0..<width {
                let c = coverage[i]
                let expected = opaque && c >= 1 ? packedColor
                    : c > 0 ? sourceOverPacked(below[i], scalePacked(packedColor, UInt32(c * 256))) : below[i]
                XCTAssertEqual(pixels[i], expected, "trial \(trial), pixel \(i), coverage \(c)")
            }
            // A translucent colour's full runs blend four pixels at a time too.
            pixels = below
            pixels.withUnsafeMutableBytes { raw in
                let canvas = Canvas(base: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                    rect: IntRect(x0: 0, y0: 0, x1: width, y1: 1))
                var painter = SolidPainter(canvas: canvas, color: color)
                painter.paintFull(row: 0, x0: 1, count: width - 1)
            }
            XCTAssertEqual(pixels[0], below[0])
            for i in 1..<width {
                XCTAssertEqual(pixels[i], opaque ? packedColor : sourceOverPacked(below[i], packedColor))
            }
        }
    }

    func testFramesNeedNoClearingOnlyUnderAnOpaqueCoveringRoot() {
        // Rendering into a pixmap full of leftovers gives the frame rendered into a cleared one,
        // whether the root covers the canvas with an opaque colour (not cleared) or not.
        let card = Draw.layer(10.5, 8.25, 30, 20, Draw.blue) { s in
            s.cornerRadius = 6
            s.opacity = 0.6
            s.borderWidth = 2
            s.borderColor = Draw.red
        }
        let roots = [
            Draw.root(64, 48, Draw.white, [card]),
            Draw.root(64, 48, CGColor(red: 1, green: 1, blue: 1, alpha: 0.5), [card]),
            Draw.root(64, 48, nil, [card]),
            Draw.layer(0.5, 0, 64, 48, Draw.white, sublayers: [card]),
            Draw.layer(0, 0, 64, 48, Draw.white, sublayers: [card]) { $0.cornerRadius = 4 },
        ]
        let compositor = Compositor()
        for (k, root) in roots.enumerated() {
            let clean = compositor.render(root, width: 64, height: 48, scale: 1)
            var dirty = Pixmap(width: 64, height: 48)
            for i in 0..<dirty.bytes.count { dirty.bytes[i] = UInt8(truncatingIfNeeded: i &* 37 &+ 11) }
            compositor.render(root, into: &dirty, scale: 1)
            XCTAssertEqual(dirty.bytes, clean.bytes, "root \(k)")
        }
        let drawing = FrameDrawing(list: compositor.displayList, scratch: compositor.scratch, shadows: compositor.shadowCache,
                                   content: compositor.contentGeometry, glyphs: compositor.glyphs, scale: 1)
        var pixels = [UInt8](repeating: 0, count: 64 * 48 * 4)
        let frame = RenderFrame()
        for (k, expected) in [true, false, false, false, false].enumerated() {
            let record = frame.appendTree(keeping: roots[k])
            let item = compositor.displayList.build(frame, root: record, map: Compositor.rootMap(frame.record(record), scale: 1), scale: 1)
            pixels.withUnsafeMutableBufferPointer { buffer in
                let canvas = Canvas(base: buffer.baseAddress!, rect: IntRect(x0: 0, y0: 0, x1: 64, y1: 48))
                XCTAssertEqual(drawing.storesOpaqueBackground(item, map: compositor.displayList.items[item].deviceMap, over: canvas),
                               expected, "root \(k)")
            }
            compositor.displayList.finishFrame()
            frame.removeAll()
        }
    }
}
