import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderCompositor
@testable import CARenderStage
import CARenderTestSupport

/// The frame loop's hot-path contract, over the whole frame: advancing the clock, building the
/// render tree (every animation evaluated, ten kinds) and compositing. Once warm, a frame
/// allocates nothing, whatever mix of animations runs — the tree is built into the stage's
/// `RenderFrame`, cleared and not freed — and a turn of the clock allocates only in
/// Foundation's run loop, draining the main queue.
final class FrameAllocationTests: XCTestCase {
    /// The benchmark's ten kinds of animation (`AnimationMix`) on a tree of groups of small layers,
    /// with a mask.
    private func mixedStage() -> Stage {
        let stage = Stage(width: 320, height: 200)
        stage.duration = 100
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        for g in 0..<4 {
            let group = CALayer()
            group.frame = CGRect(x: 10 + Double(g) * 76, y: 20, width: 70, height: 150)
            group.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.3)
            group.cornerRadius = 6
            stage.rootLayer.addSublayer(group)
            if g == 1 {
                let mask = CALayer()
                mask.frame = CGRect(x: 5, y: 5, width: 60, height: 140)
                mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                mask.cornerRadius = 20
                group.mask = mask
            }
            for i in 0..<10 {
                let layer = CALayer()
                let x = CGFloat(10 + (i % 2) * 30), y = CGFloat(10 + (i / 2) * 28)
                layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                layer.position = CGPoint(x: x, y: y)
                layer.backgroundColor = CGColor(red: CGFloat(i) / 10, green: 0.5, blue: 0.2, alpha: 1)
                // Shadows on layers whose corner radius holds still: the compositor keeps a
                // shadow's corner table per radius, so an animated radius under a shadow makes one
                // per frame.
                layer.shadowOpacity = i % 3 == 0 && i != 9 ? 0.4 : 0
                group.addSublayer(layer)
                let kind = (g * 10 + i) % AnimationMix.kinds
                let animation = AnimationMix.animation(kind: kind, x: x, y: y)
                animation.duration = 1 + Double(i % 3) / 2
                animation.repeatCount = .infinity
                animation.autoreverses = i % 2 == 1
                layer.add(animation, forKey: "kind\(kind)")
            }
        }
        return stage
    }

    func testAWholeFrameAllocatesNothingOnceWarm() throws {
        let stage = mixedStage()
        var checksum = 0
        func render() {
            guard let pixmap = try? stage.renderPremultipliedFrame() else { return }
            checksum &+= Int(pixmap.bytes[(100 * pixmap.width + 40) * 4])
        }
        // Warm up over more than the longest cycle (2 s), so every buffer a frame needs exists.
        for k in 0..<75 {
            stage.advance(to: Double(k) / 30)
            render()
        }
        var turns: [Int] = [], frames: [Int] = []
        for k in 75..<85 {
            turns.append(countingAllocations { stage.advance(to: Double(k) / 30) })
            frames.append(countingAllocations { render() })
        }
        // A frame allocates nothing: not its tree (records in the stage's storage), nor
        // evaluation, nor compositing...
        XCTAssertEqual(frames.min(), 0, "heap allocations per frame (tree build, evaluation, compositing): \(frames)")
        // ...besides, when an animation event or a scheduled turn is due at the frame's time,
        // the turn it runs first. A turn drains the main dispatch queue through Foundation's run
        // loop, one pass allocating once (iOS's main run loop does the same on its turns).
        let turnBound = Stage.mainQueuePasses
        XCTAssertLessThanOrEqual(turns.max() ?? .max, turnBound, "heap allocations per turn: \(turns)")
        XCTAssertLessThanOrEqual(frames.max() ?? .max, turnBound, "heap allocations per frame: \(frames)")
        XCTAssertNotEqual(checksum, 0)
    }

    func testAnAnimatedFrameBorrowsItsLayersBoxesWithoutReferenceCounting() throws {
        let stage = mixedStage()
        // Warm: every animated layer has its box.
        for k in 0..<5 {
            stage.advance(to: Double(k) / 30)
            _ = try stage.renderPremultipliedFrame()
        }
        let frame = RenderFrame()
        func checksum() -> Double {
            var sum = 0.0
            for index in 0..<Int32(frame.count) {
                let values = frame.record(index).pointee.statePointer.pointee
                sum += Double(values.position.x + values.position.y) + Double(values.opacity)
                    + Double(values.transform.m11 + values.transform.m12) + Double(values.bounds.width + values.cornerRadius)
            }
            return sum
        }
        // An animated layer's record reads the box the layer evaluated into, which the layer
        // owns and reuses, and the frame keeps no reference to it: while the frame is alive, the
        // layer finds its box free and evaluates into it again (which is why the frame must be
        // read only until then). A frame that retained the boxes would leave every layer to
        // take its other box.
        var sums: [Double] = []
        for k in 5..<8 {
            stage.advance(to: Double(k) / 30)
            _ = stage.rootLayer.buildFrame(into: frame, at: stage.time)
            // The root, 4 groups, a mask and 40 animated layers.
            XCTAssertEqual(frame.count, 46)
            sums.append(checksum())
            let framePointers = Set((0..<Int32(frame.count)).map { frame.record($0).pointee.statePointer })
            let tree = stage.rootLayer.renderNode(at: stage.time, borrowingCommittedValues: true)
            let animated = tree.sublayers.flatMap { $0.sublayers }
            XCTAssertEqual(animated.count, 40)
            XCTAssertEqual(animated.filter { framePointers.contains($0.statePointer) }.count, 40,
                           "animated layers evaluating into the box the stage's frame reads")
            frame.removeAll()
        }
        // The records read each frame's values: they move from frame to frame.
        XCTAssertEqual(Set(sums).count, sums.count, "the animated values of three frames: \(sums)")
        // A value tree, by contrast, keeps the box its node reads (it may outlive the layer's
        // next evaluation): dropping it releases the 40 animated layers' boxes.
        var tree: RenderNode? = stage.rootLayer.renderNode(at: stage.time, borrowingCommittedValues: true)
        XCTAssertEqual(tree?.sublayers.count, 4)
        XCTAssertEqual(countingReferenceCounting(of: LayerStateBox.self) { tree = nil }.releases, 40)
    }

    /// A still tree like the benchmark's static one: groups of small layers with colours, rounded
    /// corners, borders, shadows and contents, one group masked; nothing animates.
    private func staticStage() -> (stage: Stage, layers: Int) {
        let stage = Stage(width: 320, height: 200)
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        var pixels = RGBAImage(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { pixels[x, y] = RGBA8(r: UInt8(x * 60), g: UInt8(y * 60), b: 200, a: 255) } }
        let picture = CGImage(image: pixels)
        var layers = 1
        for g in 0..<4 {
            let group = CALayer()
            group.frame = CGRect(x: 10 + Double(g) * 76, y: 20, width: 70, height: 150)
            group.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.3)
            stage.rootLayer.addSublayer(group)
            layers += 1
            if g == 2 {
                let mask = CALayer()
                mask.frame = CGRect(x: 5, y: 5, width: 60, height: 140)
                mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                group.mask = mask
                layers += 1
            }
            for i in 0..<25 {
                let layer = CALayer()
                layer.frame = CGRect(x: 4 + Double(i % 5) * 13, y: 4 + Double(i / 5) * 28, width: 10, height: 20)
                layer.backgroundColor = CGColor(red: CGFloat(i) / 25, green: 0.5, blue: 0.2, alpha: 1)
                layer.cornerRadius = i % 2 == 0 ? 3 : 0
                layer.borderWidth = i % 4 == 1 ? 1 : 0
                layer.borderColor = CGColor(gray: 0.1, alpha: 1)
                layer.shadowOpacity = i % 5 == 0 ? 0.4 : 0
                if i % 6 == 3 { layer.contents = picture }
                group.addSublayer(layer)
                layers += 1
            }
        }
        return (stage, layers)
    }

    func testAStillFramesTreeHoldsNoLayerValuesAndItsDisplayListIsPlainData() throws {
        let (stage, layers) = staticStage()
        for k in 0..<5 {
            stage.advance(to: Double(k) / 30)
            _ = try stage.renderPremultipliedFrame()
        }
        // A value tree built as the stage's frame is (borrowing) holds no still layer's committed
        // values: dropping it releases no layer's values (their box, nor the colours and images
        // in them)...
        func releasesDropping(borrowing: Bool, _ kind: AnyClass) -> Int {
            var tree: RenderNode? = stage.rootLayer.renderNode(at: stage.time, borrowingCommittedValues: borrowing)
            XCTAssertEqual(tree?.sublayers.count, 4)
            return countingReferenceCounting(of: kind) { tree = nil }.releases
        }
        for kind: AnyClass in [LayerStateBox.self, CGColor.self, CGImage.self] {
            XCTAssertEqual(releasesDropping(borrowing: true, kind), 0,
                           "releases of \(kind) dropping a still frame's tree of \(layers) layers")
        }
        // ...where a tree that keeps its values releases every box it held (so the count can fail).
        XCTAssertEqual(releasesDropping(borrowing: false, LayerStateBox.self), layers)
        // The display list's items are plain data: finishing a frame destroys nothing item by item.
        XCTAssertTrue(_isPOD(DisplayItem.self))
        // The stage's frame records still layers' values without holding them: clearing it
        // releases nothing...
        let frame = RenderFrame()
        _ = stage.rootLayer.buildFrame(into: frame, at: stage.time)
        XCTAssertEqual(frame.count, layers)
        for kind: AnyClass in [LayerStateBox.self, CGColor.self, CGImage.self, CALayer.self] {
            XCTAssertEqual(countingReferenceCounting(of: kind) { frame.removeAll() }.releases, 0,
                           "releases of \(kind) clearing a still frame of \(layers) layers")
        }
        // ...and the whole frame, tree included, allocates nothing.
        let allocations = countingAllocations { _ = try? stage.renderPremultipliedFrame() }
        XCTAssertEqual(allocations, 0, "heap allocations per still frame")
    }
}
