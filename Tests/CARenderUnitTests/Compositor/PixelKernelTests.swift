import Foundation
import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderText
@testable import CARenderModel
@testable import CARenderCompositor

/// The AVX2 kernels (`CPixelKernels`: turned shadows, offscreen blends) write exactly the bytes
/// of the portable Swift loops they mirror: the same frames rendered both ways, and rows blended
/// both ways, compared byte for byte.
final class PixelKernelTests: XCTestCase {
    /// Cards turned in the plane (affine) and about an axis in perspective (projective, some
    /// nearly edge-on), small and wide blurs, opaque and translucent shadows, alone and composited
    /// as groups (whose offscreen the kernels leave to the Swift loop), over a canvas that is not
    /// flat (so every blend reads a different destination).
    func testKernelsWriteTheSwiftLoopsBytes() throws {
        try XCTSkipUnless(Compositor().scratch.usesAVX2Kernels, "this processor has no AVX2")
        var shadowedPixels = 0
        for scene in 0..<24 {
            let root = Self.scene(scene)
            let portable = Compositor()
            portable.scratch.usesAVX2Kernels = false
            let expected = portable.render(root, width: 240, height: 180, scale: 1)
            let actual = Compositor().render(root, width: 240, height: 180, scale: 1)
            XCTAssertEqual(actual.bytes.count, expected.bytes.count)
            let differing = zip(actual.bytes, expected.bytes).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "bytes differing in scene \(scene)")
            // The shadows did land: pixels differ from the same scene without shadows.
            let plain = portable.render(Self.scene(scene, shadows: false), width: 240, height: 180, scale: 1)
            shadowedPixels += stride(from: 0, to: plain.bytes.count, by: 4).filter { plain.bytes[$0] != expected.bytes[$0] }.count
        }
        XCTAssertGreaterThan(shadowedPixels, 24 * 3000, "the scenes draw turned shadows")
    }

    /// `blendRow` (group offscreens, the depth pass's spans) on random rows of every length up to
    /// 40, at full and reduced scale: transparent, opaque and partly transparent sources over
    /// random targets, past the last full block of eight too.
    func testRowBlendKernelWritesTheSwiftLoopsBytes() throws {
        let scratch = DrawingScratch()
        try XCTSkipUnless(scratch.usesAVX2Kernels, "this processor has no AVX2")
        let drawing = FrameDrawing(list: DisplayList(), scratch: scratch, shadows: ShadowCache(),
                                   content: ContentGeometryCache(), glyphs: GlyphCache(), scale: 1)
        var picks = SplitMix(seed: 5)
        // One pixel more than the longest row on each side: a kernel writing past its row shows.
        let capacity = 42
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        let expected = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        let actual = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        defer { source.deallocate(); expected.deallocate(); actual.deallocate() }
        var blended = 0
        for count in 0...40 {
            for scale: UInt32 in [256, 255, 200, 128, 1, 0] {
                for k in 0..<capacity {
                    let alpha = UInt32(picks.next(3)) == 0 ? 0 : UInt32(picks.next(2)) == 0 ? 255 : UInt32(picks.next(256))
                    // Premultiplied: no channel above alpha.
                    let r = UInt32(picks.next(Double(alpha) + 1)), g = UInt32(picks.next(Double(alpha) + 1))
                    let b = UInt32(picks.next(Double(alpha) + 1))
                    source[k] = r | g << 8 | b << 16 | alpha << 24
                    expected[k] = UInt32(truncatingIfNeeded: Int(picks.next(4_294_967_296)))
                    actual[k] = expected[k]
                }
                scratch.usesAVX2Kernels = false
                drawing.blendRow(Self.bytes(source + 1), onto: Self.bytes(expected + 1), count: count, scale: scale)
                scratch.usesAVX2Kernels = true
                drawing.blendRow(Self.bytes(source + 1), onto: Self.bytes(actual + 1), count: count, scale: scale)
                for k in 0..<capacity where actual[k] != expected[k] {
                    XCTFail("pixel \(k - 1) of \(count) at scale \(scale): \(actual[k]) instead of \(expected[k])")
                }
                blended += count
            }
        }
        XCTAssertGreaterThan(blended, 4000)
    }

    private static func bytes(_ p: UnsafeMutablePointer<UInt32>) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: UInt8.self)
    }

    /// Four cards over a striped background, their sizes, transforms and shadows picked from
    /// `index` (the same picks with `shadows: false`, which leaves the shadows out).
    private static func scene(_ index: Int, shadows: Bool = true) -> RenderNode {
        var picks = SplitMix(seed: UInt64(index) &* 7919 &+ 1)
        var cards: [RenderNode] = []
        for k in 0..<4 {
            let w = 40 + picks.next(60), h = 30 + picks.next(40)
            let x = Double(k % 2) * 120 + 20 + picks.next(20), y = Double(k / 2) * 90 + 10 + picks.next(20)
            let angle = picks.next(360)
            let transform: CATransform3D
            switch (index + k) % 3 {
            case 0: transform = Draw.rotation(angle, 0, 0, 1)
            case 1: transform = CATransform3DConcat(Draw.rotation(angle, 0, 1, 0), Draw.perspective(120 + picks.next(400)))
            default: transform = CATransform3DConcat(Draw.rotation(angle, 1, 0.3, 0.2), Draw.perspective(80 + picks.next(300)))
            }
            let grouped = k % 2 == 0
            let sigma = 0.5 + picks.next(12), opacity = Float(0.2 + picks.next(0.8))
            let cardOpacity = Float(grouped ? 0.5 + picks.next(0.45) : 1)
            let corner = picks.next(16)
            cards.append(Draw.layer(x, y, w, h, CGColor(red: picks.next(1), green: 0.4, blue: 0.9, alpha: 1),
                                    sublayers: grouped ? [Draw.layer(6, 5, w - 12, h / 2, Draw.red)] : []) { s in
                s.cornerRadius = corner
                s.borderWidth = 1
                s.borderColor = Draw.green
                s.shadowOpacity = shadows ? opacity : 0
                s.shadowRadius = sigma
                s.shadowOffset = CGSize(width: 0, height: 4)
                s.shadowColor = CGColor(red: 0.1, green: 0, blue: 0.3, alpha: 1)
                s.opacity = cardOpacity
                s.transform = transform
            })
        }
        // Stripes under the cards, so destinations differ from pixel to pixel.
        let stripes = (0..<24).map { k in
            Draw.layer(Double(k) * 10, 0, 5, 180, CGColor(red: Double(k) / 24, green: 0.8, blue: 0.2, alpha: 0.5))
        }
        return Draw.root(240, 180, CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1), stripes + cards)
    }
}

/// A small deterministic generator (SplitMix64), so the scenes are the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A value in `0 ..< limit`.
    mutating func next(_ limit: Double) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53) * limit
    }
}
