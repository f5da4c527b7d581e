import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderText
@testable import CARenderModel
@testable import CARenderCompositor
import CARenderTestSupport

/// Drawing text is a per-frame hot path: once its glyphs are shaped and their coverage cached,
/// laying out and drawing a text layer allocates nothing.
final class TextAllocationTests: XCTestCase {
    func testDrawingCachedTextDoesNotAllocate() {
        assertDrawingDoesNotAllocate(transform: CATransform3DIdentity, contentsScale: 1)
    }

    /// Text that goes through its backing store (rotated, at a contentsScale other than the
    /// device's) reuses the store and its texels frame after frame.
    func testDrawingTextThroughItsBackingStoreDoesNotAllocate() {
        assertDrawingDoesNotAllocate(transform: CATransform3DMakeRotation(0.3, 0, 0, 1), contentsScale: 2)
    }

    /// Emoji too large to cache are resampled straight into the frame with reused weights, and
    /// a store larger than the frame is rasterized only where the frame shows it, every frame.
    func testDrawingHugeEmojiDoesNotAllocate() {
        assertDrawingDoesNotAllocate(transform: CATransform3DIdentity, contentsScale: 1, string: "😀👍🏽", fontSize: 400,
                                     size: CGSize(width: 1200, height: 600), frames: 16)
        assertDrawingDoesNotAllocate(transform: CATransform3DMakeRotation(0.3, 0, 0, 1), contentsScale: 2, string: "😀👍🏽",
                                     fontSize: 400, size: CGSize(width: 1200, height: 600), frames: 16)
    }

    private func assertDrawingDoesNotAllocate(transform: CATransform3D, contentsScale: CGFloat,
                                              string: String = "Label 1234 文字 😀👍🏽 שלום (עולם) 12, wrapped onto a second line",
                                              fontSize: CGFloat = 15, size: CGSize = CGSize(width: 200, height: 80),
                                              frames: Int = 32,
                                              file: StaticString = #filePath, line: UInt = #line) {
        var state = LayerState()
        state.bounds = CGRect(origin: .zero, size: size)
        state.text.content = TextLayerContent(string)
        state.text.fontSize = fontSize
        state.text.isWrapped = true
        state.text.truncationMode = .end
        state.text.foregroundColor = CGColor(gray: 0, alpha: 1)
        state.transform = transform
        state.contentsScale = contentsScale
        let compositor = Compositor()
        var pixmap = Pixmap(width: 220, height: 80)
        // The layer's top-left corner at origins a quarter pixel apart: every subpixel position
        // the frames below use. The nodes are built beforehand: only compositing is measured.
        let nodes = (0..<16).map { k -> RenderNode in
            let offset = Double(k) * 0.25
            state.position = CGPoint(x: 100 + offset, y: 30 + offset / 4)
            return RenderNode(kind: .textLayer, state: state)
        }
        func draw(_ frame: Int) {
            compositor.render(nodes[frame % 16], into: &pixmap, scale: 1)
        }
        for frame in 0..<2 * frames { draw(frame) }   // warm-up: shaping, masks, layout storage
        let glyphsCached = compositor.glyphs.count
        let allocations = countingAllocations {
            var frame = 0
            while frame < frames {
                draw(frame)
                frame += 1
            }
        }
        XCTAssertEqual(compositor.glyphs.count, glyphsCached, "no new masks after warm-up", file: file, line: line)
        XCTAssertEqual(allocations, 0, "\(allocations) heap allocations in \(frames) frames of text drawing", file: file, line: line)
        XCTAssertTrue(pixmap.bytes.contains { $0 != 0 }, "text was drawn", file: file, line: line)
    }
}
