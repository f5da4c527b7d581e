import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderCompositor
@testable import CARenderStage
import CARenderTestSupport

/// carender against Skia, a high-quality analytic rasterizer: each scene of Fixtures/scenes isolates one feature;
/// its PNG next to it is Skia's rendering (Tools/skia_reference.py). The bar: PSNR ≥ 40 dB over
/// RGBA, and no pixel off by more than 8/255 away from edges.
final class ReferenceSceneTests: XCTestCase {
    private func compare(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = Fixtures.folder.appendingPathComponent("scenes")
        let scene = try Scene(contentsOf: folder.appendingPathComponent(name + ".json"))
        let reference = try RGBAImage(contentsOfPNG: folder.appendingPathComponent(name + ".png"))
        let image = Compositor().render(scene).unpremultiplied()
        XCTAssertEqual(image.width, reference.width, file: file, line: line)
        XCTAssertEqual(image.height, reference.height, file: file, line: line)
        guard image.width == reference.width, image.height == reference.height else { return }
        let result = ImageComparison(image, reference)
        if ProcessInfo.processInfo.environment["CARENDER_SAVE_SCENES"] != nil {
            try image.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(name + ".carender.png"))
            print("\(name): PSNR \(result.psnr), worst away from edges \(result.maxAwayFromEdges)")
        }
        XCTAssertGreaterThanOrEqual(result.psnr, 40, "\(name): PSNR", file: file, line: line)
        XCTAssertLessThanOrEqual(result.maxAwayFromEdges, 8, "\(name): worst pixel away from edges", file: file, line: line)
    }

    func testRotationAboutAnchor() throws { try compare("rotation_anchor") }
    func testNestedTransforms() throws { try compare("nested_transforms") }
    func testPerspectiveCards() throws { try compare("perspective_cards") }
    func testRoundedBorders() throws { try compare("rounded_borders") }
    func testContinuousCorners() throws { try compare("continuous_corners") }
    func testMasksToBounds() throws { try compare("masks_to_bounds") }
    func testGroupOpacity() throws { try compare("group_opacity") }
    func testZPosition() throws { try compare("zposition") }
    func testBackFaces() throws { try compare("back_faces") }
    func testSubpixelEdges() throws { try compare("subpixel_edges") }
    func testFlattening() throws { try compare("flattening") }
    func testTransformLayerDepthSort() throws { try compare("transform_layer") }
    func testScaleTwo() throws { try compare("scale2") }
    func testShapeStrokes() throws { try compare("shape_strokes") }
    func testShapeDashesAndTrims() throws { try compare("shape_dashes") }
    func testShapeFills() throws { try compare("shape_fills") }
    func testGradients() throws { try compare("gradients") }
}

/// PSNR over all RGBA samples, and the largest channel difference at pixels away from edges
/// (edges: where the reference changes by more than 16/255 within a pixel's 3×3 neighbourhood,
/// grown by one pixel).
struct ImageComparison {
    var psnr: Double
    var maxAwayFromEdges: Int

    init(_ a: RGBAImage, _ b: RGBAImage) {
        let w = a.width, h = a.height
        var squared = 0.0
        for i in 0..<a.bytes.count {
            let d = Double(a.bytes[i]) - Double(b.bytes[i])
            squared += d * d
        }
        let mse = squared / Double(a.bytes.count)
        psnr = mse == 0 ? 200 : 10 * log10(255 * 255 / mse)
        var busy = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var lo = [Int](repeating: 255, count: 4), hi = [Int](repeating: 0, count: 4)
                for dy in -1...1 {
                    for dx in -1...1 {
                        let xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1)
                        for c in 0..<4 {
                            let v = Int(b.bytes[(yy * w + xx) * 4 + c])
                            lo[c] = min(lo[c], v); hi[c] = max(hi[c], v)
                        }
                    }
                }
                busy[y * w + x] = (0..<4).contains { hi[$0] - lo[$0] > 16 }
            }
        }
        var worst = 0
        for y in 0..<h {
            for x in 0..<w {
                var nearEdge = false
                for dy in -1...1 where !nearEdge {
                    for dx in -1...1 {
                        let xx = x + dx, yy = y + dy
                        if xx >= 0, yy >= 0, xx < w, yy < h, busy[yy * w + xx] { nearEdge = true; break }
                    }
                }
                if nearEdge { continue }
                for c in 0..<4 {
                    let i = (y * w + x) * 4 + c
                    worst = max(worst, abs(Int(a.bytes[i]) - Int(b.bytes[i])))
                }
            }
        }
        maxAwayFromEdges = worst
    }
}
