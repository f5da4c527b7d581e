import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderCompositor
@testable import CARenderStage
import CARenderTestSupport

/// The compositor's hot-path contract: once warmed up, a frame allocates nothing on the heap.
final class CompositorAllocationTests: XCTestCase {
    /// Renders `frames` trees after `warmUp` of them and returns the allocations of each measured
    /// frame's composite.
    private func allocationsPerFrame(_ compositor: Compositor, into pixmap: inout Pixmap, scale: CGFloat,
                                     warmUp: Int, frames: Int, tree: (Int) -> RenderNode) -> [Int] {
        for f in 0..<warmUp { compositor.render(tree(f), into: &pixmap, scale: scale) }
        var counts: [Int] = []
        counts.reserveCapacity(frames)
        for f in warmUp..<(warmUp + frames) {
            let root = tree(f)
            counts.append(countingAllocations { compositor.render(root, into: &pixmap, scale: scale) })
        }
        return counts
    }

    func testAllocationCounterSeesAllocations() {
        // The counter itself must be able to fail: an array and a class instance are two or more.
        final class Box { var value = 0 }
        var sink: [Int] = []
        let n = countingAllocations {
            sink = Array(repeating: 1, count: 100)
            _ = Box()
        }
        XCTAssertGreaterThanOrEqual(n, 2)
        XCTAssertEqual(sink.count, 100)
    }

    func testDashboardCompositesWithoutAllocating() throws {
        let url = Fixtures.folder.appendingPathComponent("scenes/dashboard-1280x720.json")
        let scene = try Scene(contentsOf: url)
        let compositor = Compositor()
        var pixmap = Pixmap(width: scene.pixelWidth, height: scene.pixelHeight)
        let counts = allocationsPerFrame(compositor, into: &pixmap, scale: CGFloat(scene.scale), warmUp: 2, frames: 5) { _ in
            scene.root
        }
        XCTAssertEqual(counts, [0, 0, 0, 0, 0], "heap allocations per dashboard frame")
    }

    func testAnimatedStageCompositesWithoutAllocating() {
        // Cards spinning in the plane and in depth, fading, with shadows, borders, sublayers and
        // contents: every frame has new device maps.
        let stage = Stage(width: 320, height: 200)
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        var pixels = RGBAImage(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { pixels[x, y] = RGBA8(r: UInt8(x * 32), g: UInt8(y * 32), b: 200, a: 255) } }
        let picture = CGImage(image: pixels)
        for i in 0..<8 {
            let card = CALayer()
            card.frame = CGRect(x: 20 + Double(i % 4) * 75, y: 30 + Double(i / 4) * 90, width: 60, height: 50)
            card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
            card.cornerRadius = 8
            card.borderWidth = 1
            card.borderColor = CGColor(gray: 0.1, alpha: 1)
            card.shadowOpacity = 0.5
            card.shadowRadius = 4
            card.shadowOffset = CGSize(width: 0, height: 3)
            let content = CALayer()
            content.frame = CGRect(x: 8, y: 8, width: 30, height: 20)
            content.contents = picture
            card.addSublayer(content)
            stage.rootLayer.addSublayer(card)
            let spin = CABasicAnimation(keyPath: i % 2 == 0 ? "transform.rotation.z" : "transform.rotation.y")
            spin.fromValue = 0
            spin.toValue = 2 * Double.pi
            spin.duration = 2
            spin.repeatCount = .infinity
            card.add(spin, forKey: "spin")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.6
            fade.duration = 1
            fade.autoreverses = true
            fade.repeatCount = .infinity
            card.add(fade, forKey: "fade")
        }
        let compositor = Compositor()
        var pixmap = Pixmap(width: 320, height: 200)
        // Warm up over one whole turn (2 s at 15 frames per second), so every size of buffer a
        // frame needs exists; then measure the start of the second turn.
        let counts = allocationsPerFrame(compositor, into: &pixmap, scale: 1, warmUp: 30, frames: 10) { f in
            stage.advance(to: Double(f) / 15)
            return stage.rootLayer.renderNode(at: stage.time)
        }
        XCTAssertEqual(counts, [Int](repeating: 0, count: 10), "heap allocations per animated frame")
    }

    func testShapeGradientAndTextLayersCompositeWithoutAllocating() {
        // Each kind moving, turning or fading, so its maps and alpha change every frame: a
        // dashed, trimmed stroke over a fill with a shadow (cast from the drawing, blurred), a
        // gradient with a rounded clip, text upright at new subpixel positions and text turning.
        for kind in ContentKind.allCases {
            let stage = contentStage(kind)
            let compositor = Compositor()
            var pixmap = Pixmap(width: 320, height: 200)
            let counts = allocationsPerFrame(compositor, into: &pixmap, scale: 1, warmUp: 30, frames: 10) { f in
                stage.advance(to: Double(f) / 15)
                return stage.rootLayer.renderNode(at: stage.time)
            }
            XCTAssertEqual(counts, [Int](repeating: 0, count: 10), "heap allocations per frame of \(kind)")
        }
    }

    private enum ContentKind: CaseIterable {
        case shapeLayer, gradientLayer, uprightText, turningText
    }

    private func repeating(_ keyPath: String, from: Double, to: Double, duration: Double,
                           autoreverses: Bool = false) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.autoreverses = autoreverses
        animation.repeatCount = .infinity
        return animation
    }

    private func contentStage(_ kind: ContentKind) -> Stage {
        let stage = Stage(width: 320, height: 200)
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        switch kind {
        case .shapeLayer:
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: 5, y: 5, width: 70, height: 60))
            path.move(to: CGPoint(x: 10, y: 75))
            path.addLine(to: CGPoint(x: 70, y: 40))
            shape.path = path
            shape.fillColor = CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
            shape.strokeColor = CGColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
            shape.lineWidth = 4
            shape.lineDashPattern = [6, 3]
            shape.lineJoin = .round
            shape.strokeEnd = 0.8
            shape.shadowOpacity = 0.4
            shape.shadowRadius = 3
            stage.rootLayer.addSublayer(shape)
            shape.add(repeating("transform.rotation.z", from: 0, to: 2 * Double.pi, duration: 2), forKey: "spin")
            shape.add(repeating("opacity", from: 1, to: 0.5, duration: 1, autoreverses: true), forKey: "fade")
        case .gradientLayer:
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 130, y: 20, width: 100, height: 70)
            gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.6),
                               CGColor(red: 0, green: 0.8, blue: 0.2, alpha: 1)]
            gradient.locations = [0, 0.3, 1]
            gradient.startPoint = CGPoint(x: 0, y: 0)
            gradient.endPoint = CGPoint(x: 1, y: 1)
            gradient.cornerRadius = 12
            gradient.masksToBounds = true
            stage.rootLayer.addSublayer(gradient)
            gradient.add(repeating("opacity", from: 1, to: 0.4, duration: 1, autoreverses: true), forKey: "fade")
            gradient.add(repeating("position.y", from: 55, to: 75, duration: 1, autoreverses: true), forKey: "bob")
        case .uprightText:
            let label = CATextLayer()
            label.frame = CGRect(x: 20, y: 130, width: 140, height: 24)
            label.string = "Label 1234 文字"
            label.fontSize = 15
            label.foregroundColor = CGColor(gray: 0.1, alpha: 1)
            stage.rootLayer.addSublayer(label)
            // Sliding 0.27 px a frame: the warm-up meets every quarter-pixel origin the measured
            // frames use (the glyph masks' subpixel positions), at positions never repeated.
            label.add(repeating("position.x", from: 90, to: 110.25, duration: 5), forKey: "slide")
        case .turningText:
            let turning = CATextLayer()
            turning.frame = CGRect(x: 190, y: 130, width: 110, height: 40)
            turning.string = "Turning"
            turning.fontSize = 20
            turning.foregroundColor = CGColor(red: 0.6, green: 0.1, blue: 0.3, alpha: 1)
            turning.backgroundColor = CGColor(gray: 1, alpha: 1)
            stage.rootLayer.addSublayer(turning)
            turning.add(repeating("transform.rotation.z", from: 0, to: 2 * Double.pi, duration: 2), forKey: "spin")
            turning.add(repeating("transform.rotation.y", from: 0, to: 0.8, duration: 1, autoreverses: true), forKey: "tilt")
        }
        return stage
    }
}
