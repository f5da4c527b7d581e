import XCTest
@testable import CARender

/// Drawing text is a per-frame hot path: once its glyphs are shaped and their coverage cached,
/// laying out and drawing a text layer allocates nothing.
final class TextAllocationTests: XCTestCase {
    func testDrawingCachedTextDoesNotAllocate() {
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: 200, height: 60)
        state.text.content = TextLayerContent("Label 1234 文字, wrapped onto a second line")
        state.text.fontSize = 15
        state.text.isWrapped = true
        state.text.truncationMode = .end
        state.text.foregroundColor = CGColor(gray: 0, alpha: 1)
        let node = RenderNode(kind: .textLayer, state: state)
        let compositor = Compositor()
        var pixmap = Pixmap(width: 220, height: 80)
        // Origins a quarter pixel apart: every subpixel position the frames below use.
        func draw(_ frame: Int) {
            let offset = Double(frame % 16) * 0.25
            pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
                let canvas = Canvas(base: buffer.baseAddress!, rect: IntRect(x0: 0, y0: 0, x1: 220, y1: 80))
                compositor.drawLayerText(node, map: .translation(offset, offset / 4), into: canvas, alpha: 1)
            }
        }
        for frame in 0..<64 { draw(frame) }   // warm-up: shaping, masks, layout storage
        let glyphsCached = compositor.text.glyphs.count
        let allocations = countingAllocations {
            var frame = 0
            while frame < 32 {
                draw(frame)
                frame += 1
            }
        }
        XCTAssertEqual(compositor.text.glyphs.count, glyphsCached, "no new masks after warm-up")
        XCTAssertEqual(allocations, 0, "\(allocations) heap allocations in 32 frames of text drawing")
        XCTAssertTrue(pixmap.bytes.contains { $0 != 0 }, "text was drawn")
    }
}
