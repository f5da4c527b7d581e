import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderText
@testable import CARenderModel
@testable import CARenderCompositor
@testable import CARenderStage
@testable import CARenderUIKit

/// CATextLayer's API as Apple documents it, its animation, and how its text lands in pixels.
final class CATextLayerTests: XCTestCase {
    func testDefaultsAreApples() {
        let layer = CATextLayer()
        XCTAssertNil(layer.string)
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.foregroundColor, CGColor(gray: 1, alpha: 1))
        XCTAssertFalse(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, .none)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertEqual(layer.value(forKey: "fontSize") as? CGFloat, 36)
        XCTAssertEqual(layer.value(forKey: "wrapped") as? Bool, false)
    }

    func testPropertiesThroughKeyValueCoding() {
        let layer = CATextLayer()
        layer.setValue("Hello", forKey: "string")
        XCTAssertEqual(layer.string as? String, "Hello")
        layer.setValue(NSNumber(value: 20), forKey: "fontSize")
        XCTAssertEqual(layer.fontSize, 20)
        layer.setValue("center", forKey: "alignmentMode")
        XCTAssertEqual(layer.alignmentMode, .center)
        layer.setValue(true, forKey: "wrapped")
        XCTAssertTrue(layer.isWrapped)
        let font = UIFont.boldSystemFont(ofSize: 10)
        layer.font = font
        XCTAssertTrue(layer.font === font)
        layer.string = nil
        XCTAssertNil(layer.value(forKey: "string"))
    }

    /// `fontSize` and `foregroundColor` animate implicitly (Apple marks both "Animatable").
    func testFontSizeAndColourAnimateImplicitly() {
        let stage = Stage(width: 100, height: 100)
        let layer = CATextLayer()
        layer.string = "A"
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        stage.rootLayer.addSublayer(layer)
        stage.at(1) {
            layer.fontSize = 16
            layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let sizes = stage.sample("fontSize", of: layer, at: [1, 1.125, 1.25]).map { $0.value as! CGFloat }
        XCTAssertEqual(sizes[0], 36)
        XCTAssertEqual(sizes[1], 36 + (16 - 36) * 0.8024, accuracy: 0.01)   // the default curve at 0.5
        XCTAssertEqual(sizes[2], 16)
    }

    private func render(_ configure: (CATextLayer) -> Void, width: CGFloat = 200, height: CGFloat = 60) -> RGBAImage {
        let stage = Stage(width: width, height: height)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: width, height: height)
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        layer.fontSize = 20
        configure(layer)
        stage.rootLayer.addSublayer(layer)
        return stage.render()
    }

    /// The columns and rows holding ink (any pixel darker than the white background).
    private func inkBox(_ image: RGBAImage) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].r < 250 {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
            }
        }
        return box.map { (x0: $0.0, y0: $0.1, x1: $0.2, y1: $0.3) }
    }

    /// Text sits at the top of the bounds: the cap height of "H" starts at ascender − capHeight.
    func testTextIsLaidOutFromTheTop() throws {
        let image = render { $0.string = "H" }
        let box = try XCTUnwrap(inkBox(image))
        let font = UIFont.systemFont(ofSize: 20)
        XCTAssertEqual(Double(box.y0), Double(font.ascender - font.capHeight), accuracy: 1)
        XCTAssertEqual(Double(box.y1), Double(font.ascender), accuracy: 1)
    }

    func testAlignmentMovesTheInk() throws {
        let left = try XCTUnwrap(inkBox(render { $0.string = "Mid" }))
        let centre = try XCTUnwrap(inkBox(render { $0.string = "Mid"; $0.alignmentMode = .center }))
        let right = try XCTUnwrap(inkBox(render { $0.string = "Mid"; $0.alignmentMode = .right }))
        let width = Double(CGFloat(("Mid" as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 20)]).width))
        // Same ink, shifted by (200 − w) / 2 and 200 − w (within the pixel the ink edge rounds to).
        XCTAssertEqual(Double(centre.x0 - left.x0), (200 - width) / 2, accuracy: 1)
        XCTAssertEqual(Double(right.x0 - left.x0), 200 - width, accuracy: 1)
    }

    func testRendersByteIdenticallyAcrossRuns() {
        let configure: (CATextLayer) -> Void = { layer in
            layer.string = "Same pixels 每次相同"
            layer.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
        }
        XCTAssertEqual(render(configure).bytes, render(configure).bytes)
    }

    /// The text of a layer turned half-way round reads upside down: its ink is the first
    /// rendering's rotated by 180° about the layer's centre.
    func testHalfTurnRotatesTheText() throws {
        let upright = render({ $0.string = "Turn"; $0.alignmentMode = .center }, height: 40)
        let turned = render({ layer in
            layer.string = "Turn"
            layer.alignmentMode = .center
            layer.transform = CATransform3DMakeRotation(.pi, 0, 0, 1)
        }, height: 40)
        var total = 0.0
        for y in 0..<40 {
            for x in 0..<200 {
                total += abs(Double(upright[x, y].r) - Double(turned[199 - x, 39 - y].r))
            }
        }
        // Quarter-pixel glyph positioning leaves at most faint differences along edges.
        XCTAssertLessThan(total / (200 * 40), 2)
        XCTAssertNotEqual(upright.bytes, turned.bytes)
    }
}

/// Text is rasterized at the layer's `contentsScale` and that image drawn to the device like any
/// contents, as Core Animation does: a 1× layer on a 2× stage is the 1× rendering magnified.
final class TextContentsScaleTests: XCTestCase {
    private func render(scale: CGFloat, contentsScale: CGFloat) -> RGBAImage {
        let stage = Stage(width: 120, height: 30)
        stage.scale = scale
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 120, height: 30)
        layer.string = "Soft 😀 שלום"
        layer.fontSize = 18
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        layer.contentsScale = contentsScale
        stage.rootLayer.addSublayer(layer)
        return stage.render()
    }

    /// `image` enlarged twice by bilinear interpolation between pixel centres, edges repeated.
    private func magnified(_ image: RGBAImage) -> RGBAImage {
        var out = RGBAImage(width: image.width * 2, height: image.height * 2)
        for y in 0..<out.height {
            for x in 0..<out.width {
                let u = (Double(x) + 0.5) / 2 - 0.5, v = (Double(y) + 0.5) / 2 - 0.5
                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                let tx = u - Double(x0), ty = v - Double(y0)
                for c in 0..<4 {
                    func at(_ px: Int, _ py: Int) -> Double {
                        let cx = min(max(px, 0), image.width - 1), cy = min(max(py, 0), image.height - 1)
                        return Double(image.bytes[(cy * image.width + cx) * 4 + c])
                    }
                    let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
                    let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
                    out.bytes[(y * out.width + x) * 4 + c] = UInt8((top * (1 - ty) + bottom * ty).rounded())
                }
            }
        }
        return out
    }

    private func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> (mean: Double, max: Int) {
        var total = 0, worst = 0
        for i in a.bytes.indices {
            let d = abs(Int(a.bytes[i]) - Int(b.bytes[i]))
            total += d
            worst = max(worst, d)
        }
        return (Double(total) / Double(a.bytes.count), worst)
    }

    func testOneTimesLayerOnTwoTimesStageIsTheOneTimesImageMagnified() {
        let oneTimes = render(scale: 1, contentsScale: 1)
        let soft = render(scale: 2, contentsScale: 1)
        let sharp = render(scale: 2, contentsScale: 2)
        let expected = magnified(oneTimes)
        let (mean, worst) = meanDifference(soft, expected)
        XCTAssertLessThanOrEqual(worst, 2, "only rounding separates the 1× layer on a 2× stage from the 1× image magnified")
        XCTAssertLessThan(mean, 0.1)
        // At contentsScale 2 the text is drawn from 2× outlines: far from the magnified 1× image.
        XCTAssertGreaterThan(meanDifference(sharp, expected).mean, 2)
        XCTAssertTrue(oneTimes.bytes.contains { $0 < 100 }, "text was drawn")
    }

    /// A label's text takes the screen's (the stage's) scale, as UIKit's views do.
    func testLabelTextTakesTheScreensScale() {
        func label(scale: CGFloat) -> RGBAImage {
            let stage = Stage(width: 120, height: 30)
            stage.scale = scale
            stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
            label.text = "Sharp label"
            stage.rootLayer.addSublayer(label.layer)
            return stage.render()
        }
        let magnifiedOneTimes = magnified(label(scale: 1))
        XCTAssertGreaterThan(meanDifference(label(scale: 2), magnifiedOneTimes).mean, 2)
    }

    /// A rotated text layer is its backing store resampled: turned a quarter, its ink is the
    /// upright rendering's turned (within the bilinear resampling of edge pixels).
    func testRotatedTextIsItsBackingStoreResampled() {
        func render(_ angle: CGFloat) -> RGBAImage {
            let stage = Stage(width: 40, height: 40)
            stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
            let layer = CATextLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.string = "Ab"
            layer.fontSize = 24
            layer.foregroundColor = CGColor(gray: 0, alpha: 1)
            layer.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            stage.rootLayer.addSublayer(layer)
            return stage.render()
        }
        let upright = render(0), turned = render(.pi / 2)
        var worst = 0
        for y in 0..<40 {
            for x in 0..<40 {
                // A quarter turn clockwise (y down) takes (x, y) to (39 − y, x).
                worst = max(worst, abs(Int(upright[x, y].r) - Int(turned[39 - y, x].r)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "a quarter turn resamples pixel centres onto pixel centres")
    }
}

/// Text drawn by compositors on several threads at once (as concurrent frame rendering does) is
/// byte-identical to text drawn by one: faces, shaping and outlines are shared under locks, glyph
/// masks are each compositor's own.
final class ConcurrentTextTests: XCTestCase {
    func testCompositorsOnSeveralThreadsDrawIdenticalText() {
        @Sendable func tree() -> RenderNode {
            var root = LayerState()
            root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
            root.position = CGPoint(x: 80, y: 60)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            var children: [RenderNode] = []
            for i in 0..<6 {
                var s = LayerState()
                s.bounds = CGRect(x: 0, y: 0, width: 150, height: 20)
                s.position = CGPoint(x: 80, y: 10 + Double(i) * 19.3)
                s.transform = CATransform3DMakeRotation(CGFloat(i) * 0.05, 0, 0, 1)
                s.text.content = TextLayerContent("Line \(i): 文字 text \(i * 17)")
                s.text.fontSize = 13 + CGFloat(i)
                s.text.foregroundColor = CGColor(gray: 0, alpha: 1)
                children.append(RenderNode(kind: .textLayer, state: s))
            }
            return RenderNode(state: root, sublayers: children)
        }
        let reference = Compositor().render(tree(), width: 320, height: 240, scale: 2).bytes
        /// Each thread writes its own slot under the lock; read after every thread is done.
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var frames = [[UInt8]](repeating: [], count: 4)
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            let bytes = Compositor().render(tree(), width: 320, height: 240, scale: 2).bytes
            results.lock.lock()
            results.frames[i] = bytes
            results.lock.unlock()
        }
        for bytes in results.frames { XCTAssertEqual(bytes, reference) }
        XCTAssertTrue(reference.contains { $0 != 255 && $0 != 0 }, "text was drawn")
    }
}
