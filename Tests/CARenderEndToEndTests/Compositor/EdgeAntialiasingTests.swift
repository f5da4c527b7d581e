import Foundation
import XCTest
import CARender
import CARenderTestSupport

/// Outer edges of layers transformed off the pixel grid, as the device draws them.
///
/// Apple, `CALayer.allowsEdgeAntialiasing`: "When the value is true, the layer is allowed to
/// antialias its edges, as requested by the value in the layer's edgeAntialiasingMask property.
/// … If no value is found, the default value is false." Apple, `UIViewEdgeAntialiasing`: whether
/// "Core Animation layers use antialiasing when drawing a layer that isn't aligned to pixel
/// boundaries." Stack Overflow, "iPhone - Jagged Edges when applying perspective to CALayer": the
/// quad's outer edge is jagged while what lies inside it (contents, a transparent one-pixel
/// border in the image) is smooth.
final class EdgeAntialiasingTests: XCTestCase {
    private static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let angle = 30.0 * .pi / 180

    /// A 160 × 160 stage, white, with a container turned by 30° about its centre (80, 80) holding
    /// `sublayers` in a 80 × 80 box centred on it.
    private func turnedStage(_ sublayers: [CALayer]) -> Stage {
        let stage = Stage(width: 160, height: 160)
        stage.rootLayer.backgroundColor = Self.white
        let container = CALayer()
        container.frame = CGRect(x: 40, y: 40, width: 80, height: 80)
        container.transform = CATransform3DMakeRotation(Self.angle, 0, 0, 1)
        for layer in sublayers { container.addSublayer(layer) }
        stage.rootLayer.addSublayer(container)
        return stage
    }

    private func redLayer(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = Self.red
        return layer
    }

    /// Pixels that are neither pure white nor pure red.
    private func mixedPixels(_ image: RGBAImage) -> [(Int, Int)] {
        var mixed: [(Int, Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                let pureWhite = p.r == 255 && p.g == 255 && p.b == 255
                let pureRed = p.r == 255 && p.g == 0 && p.b == 0
                if !pureWhite && !pureRed { mixed.append((x, y)) }
            }
        }
        return mixed
    }

    /// The device position of container point (x, y): turned by 30° about the stage's centre.
    private func device(_ x: Double, _ y: Double) -> (Double, Double) {
        let dx = x - 40, dy = y - 40
        return (80 + dx * cos(Self.angle) - dy * sin(Self.angle), 80 + dx * sin(Self.angle) + dy * cos(Self.angle))
    }

    func testAdjacentTurnedLayersShowPureColoursByDefault() {
        let stage = turnedStage([redLayer(CGRect(x: 0, y: 0, width: 40, height: 80)),
                                 redLayer(CGRect(x: 40, y: 0, width: 40, height: 80))])
        let image = stage.render()
        XCTAssertEqual(mixedPixels(image).count, 0, "aliased outer edges: every pixel pure white or pure red")
        // The shared edge is invisible: pixels along it are pure red.
        for t in stride(from: 10.0, through: 70.0, by: 5) {
            let (x, y) = device(40, t)
            XCTAssertPixel(image, Int(x), Int(y), (255, 0, 0, 255), tolerance: 0)
        }
        // Pixel centres decide: a pixel whose centre lies inside the turned square is red.
        var wrong = 0
        for y in 0..<160 {
            for x in 0..<160 {
                let px = Double(x) + 0.5 - 80, py = Double(y) + 0.5 - 80
                // Back into the container's frame.
                let u = px * cos(Self.angle) + py * sin(Self.angle), v = -px * sin(Self.angle) + py * cos(Self.angle)
                let inside = abs(u) < 39.999 && abs(v) < 39.999
                let outside = abs(u) > 40.001 || abs(v) > 40.001
                let p = image[x, y]
                if (inside && p.g != 0) || (outside && p.g != 255) { wrong += 1 }
            }
        }
        XCTAssertEqual(wrong, 0, "pixels whose centre is inside are red, outside white")
    }

    func testLayersThatAllowEdgeAntialiasingAreSmooth() {
        let left = redLayer(CGRect(x: 0, y: 0, width: 40, height: 80))
        let right = redLayer(CGRect(x: 40, y: 0, width: 40, height: 80))
        left.allowsEdgeAntialiasing = true
        right.allowsEdgeAntialiasing = true
        let image = turnedStage([left, right]).render()
        // Anti-aliased outer edges: the square's perimeter (320 pt) crosses hundreds of pixels.
        XCTAssertGreaterThan(mixedPixels(image).count, 200)
    }

    func testStageCanAntialiasAllEdges() {
        let stage = turnedStage([redLayer(CGRect(x: 0, y: 0, width: 80, height: 80))])
        stage.antialiasesAllEdges = true
        XCTAssertGreaterThan(mixedPixels(stage.render()).count, 200)
    }

    func testEdgeAntialiasingMaskSelectsEdges() {
        // Only the left (min-x) edge anti-aliased: mixed pixels lie along it and nowhere else.
        let layer = redLayer(CGRect(x: 0, y: 0, width: 80, height: 80))
        layer.allowsEdgeAntialiasing = true
        layer.edgeAntialiasingMask = .layerLeftEdge
        let mixed = mixedPixels(turnedStage([layer]).render())
        XCTAssertGreaterThan(mixed.count, 40)
        let (ax, ay) = device(0, 0), (bx, by) = device(0, 80)
        for (x, y) in mixed {
            // Distance of the pixel's centre from the min-x edge's line.
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let d = abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / hypot(bx - ax, by - ay)
            XCTAssertLessThan(d, 1, "mixed pixel (\(x), \(y)) away from the left edge")
        }
    }

    func testRoundedCornersAndBorderInnerEdgesStaySmooth() {
        let layer = redLayer(CGRect(x: 0, y: 0, width: 80, height: 80))
        layer.cornerRadius = 16
        let image = turnedStage([layer]).render()
        let mixed = mixedPixels(image)
        // Mixed pixels exist only where the corner arcs run, within the radius of a corner.
        XCTAssertGreaterThan(mixed.count, 40, "the four arcs are anti-aliased")
        let corners = [device(0, 0), device(80, 0), device(80, 80), device(0, 80)]
        for (x, y) in mixed {
            let near = corners.contains { hypot(Double(x) + 0.5 - $0.0, Double(y) + 0.5 - $0.1) < 16 * 1.42 }
            XCTAssertTrue(near, "mixed pixel (\(x), \(y)) on a straight outer edge")
        }

        // A border: its inner edge lies inside the quad and stays smooth (red on white inside).
        let framed = CALayer()
        framed.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        framed.borderWidth = 6
        framed.borderColor = Self.red
        XCTAssertGreaterThan(mixedPixels(turnedStage([framed]).render()).count, 150)
    }

    /// A circle (corner radius half its side) turned about its centre is the same disc: where a
    /// pixel's centre is inside the turned square it keeps the disc's anti-aliased coverage, as
    /// the unturned circle has it; only pixels whose centre is outside the square's lines (where
    /// the arcs touch them) are left out. The arcs' coverage is never swollen towards the square's
    /// lines (that flattened a turned circle where it touches its bounds, 12 rows long at 3×).
    func testATurnedCircleIsTheSameDiscNotFlattenedWhereItTouchesItsBounds() {
        func circle(turned: Bool) -> RGBAImage {
            let layer = redLayer(CGRect(x: 0, y: 0, width: 80, height: 80))
            layer.cornerRadius = 40
            if turned { return turnedStage([layer]).render() }
            let stage = Stage(width: 160, height: 160)
            stage.rootLayer.backgroundColor = Self.white
            layer.frame = CGRect(x: 40, y: 40, width: 80, height: 80)
            stage.rootLayer.addSublayer(layer)
            return stage.render()
        }
        let turned = circle(turned: true), flat = circle(turned: false)
        var swollen: [(Int, Int)] = [], kept = 0, edge = 0
        for y in 0..<160 {
            for x in 0..<160 {
                // Red coverage, 0…255, read from the green channel over white.
                let t = 255 - Int(turned[x, y].g), f = 255 - Int(flat[x, y].g)
                if t > f + 2 { swollen.append((x, y)) }
                if f > 0 && f < 255 {
                    edge += 1
                    if abs(t - f) <= 2 { kept += 1 }
                }
            }
        }
        XCTAssertEqual(swollen.count, 0, "pixels more covered than the disc itself: \(swollen.prefix(8))")
        // Left out are only the few pixels at the four places where the disc touches the square.
        XCTAssertGreaterThan(Double(kept) / Double(edge), 0.9, "\(kept) of \(edge) edge pixels keep the disc's coverage")
    }

    func testContentsWithATransparentBorderAreSmoothTheQuadEdgeIsNot() {
        // The Stack Overflow workaround: an image whose outermost pixels are transparent shows a
        // smooth edge on a turned layer, because the edge is then drawn by filtering inside the
        // quad; an opaque image shows the quad's aliased edge.
        func image(transparentBorder: Bool) -> CGImage {
            var pixels = RGBAImage(width: 40, height: 40)
            for y in 0..<40 {
                for x in 0..<40 {
                    let edge = x == 0 || y == 0 || x == 39 || y == 39
                    pixels[x, y] = edge && transparentBorder ? RGBA8(r: 0, g: 0, b: 0, a: 0) : RGBA8(r: 255, g: 0, b: 0, a: 255)
                }
            }
            return CGImage(image: pixels)
        }
        for transparentBorder in [false, true] {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
            layer.contents = image(transparentBorder: transparentBorder)
            let mixed = mixedPixels(turnedStage([layer]).render())
            if transparentBorder {
                XCTAssertGreaterThan(mixed.count, 200, "the filtered image edge is smooth")
            } else {
                XCTAssertEqual(mixed.count, 0, "the quad's own edge is aliased")
            }
        }
    }

    func testAxisAlignedLayersAtFractionalPositionsKeepExactCoverage() {
        let stage = Stage(width: 40, height: 40)
        stage.rootLayer.backgroundColor = Self.white
        let layer = redLayer(CGRect(x: 10.5, y: 10, width: 20, height: 20))
        stage.rootLayer.addSublayer(layer)
        let image = stage.render()
        XCTAssertPixel(image, 10, 15, (255, 128, 128, 255), tolerance: 1)
        XCTAssertPixel(image, 30, 15, (255, 128, 128, 255), tolerance: 1)
    }
}
