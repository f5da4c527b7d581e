import Foundation
import XCTest
import CARender
@testable import CARenderModel
import CARenderTestSupport

/// CAScrollLayer, CATiledLayer and AVPlayerLayer against Apple's documentation of them (see
/// each class), and the player layer's frame at a time against the video file's frame then.
final class ScrollTiledPlayerLayerTests: XCTestCase {
    // MARK: - CAScrollLayer

    func testScrollingMovesTheBoundsOriginInTheAllowedDirections() {
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        XCTAssertEqual(scroll.scrollMode, .both)
        scroll.scroll(to: CGPoint(x: 30, y: 40))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 30, y: 40))
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 5, y: 6))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 5, y: 40))
        scroll.setValue("vertically", forKey: "scrollMode")
        XCTAssertEqual(scroll.value(forKey: "scrollMode") as? String, kCAScrollVertically)
        scroll.scroll(to: CGPoint(x: 50, y: 0))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 5, y: 0))
        scroll.scrollMode = .none
        scroll.scroll(to: CGPoint(x: 70, y: 70))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 5, y: 0))
        XCTAssertEqual(scroll.bounds.size, CGSize(width: 100, height: 80))
    }

    func testScrollingToARectangleMovesAsLittleAsShowsIt() {
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        // Already visible: nothing moves.
        scroll.scroll(to: CGRect(x: 10, y: 10, width: 20, height: 20))
        XCTAssertEqual(scroll.bounds.origin, .zero)
        // Past the right and bottom edges: the far edges come to the bounds' edges.
        scroll.scroll(to: CGRect(x: 150, y: 90, width: 30, height: 20))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 80, y: 30))
        // Before the left edge: the near edge comes to it.
        scroll.scroll(to: CGRect(x: 20, y: 40, width: 10, height: 10))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 20, y: 30))
        // Larger than the bounds: its start shows.
        scroll.scroll(to: CGRect(x: 200, y: 0, width: 300, height: 10))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 200, y: 0))
    }

    func testSublayersScrollTheNearestScrollLayer() {
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 1000, height: 800)
        let item = CALayer()
        item.frame = CGRect(x: 400, y: 300, width: 50, height: 50)
        content.addSublayer(item)
        scroll.addSublayer(content)
        item.scrollRectToVisible(item.bounds)
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 350, y: 270))
        // What the scroll layer shows of the item: all of it now; of the content, a window.
        XCTAssertEqual(item.visibleRect, item.bounds)
        XCTAssertEqual(content.visibleRect, CGRect(x: 350, y: 270, width: 100, height: 80))
        item.scroll(CGPoint(x: 10, y: 10))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 410, y: 310))
        // A layer in no scroll layer sees its whole bounds.
        XCTAssertEqual(CALayer().visibleRect, .zero)
    }

    func testAScrolledStageDrawsTheSublayersMoved() {
        let stage = Stage(width: 40, height: 40)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        scroll.masksToBounds = true
        let square = CALayer()
        square.frame = CGRect(x: 50, y: 50, width: 10, height: 10)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        scroll.addSublayer(square)
        stage.rootLayer.addSublayer(scroll)
        stage.at(0) {
            CATransaction.setDisableActions(true)
            scroll.scroll(to: CGPoint(x: 40, y: 40))
        }
        stage.advance(to: 0.1)
        let image = stage.render()
        XCTAssertPixel(image, 15, 15, (255, 0, 0, 255), tolerance: 0)
        XCTAssertPixel(image, 5, 5, (255, 255, 255, 255), tolerance: 0)
    }

    // MARK: - CATiledLayer

    /// A tiled layer that records the tiles it is asked for and fills each with a colour from
    /// its position.
    private final class RecordingTiles: CATiledLayer {
        var drawn: [CGRect] = []
        override func draw(in ctx: CGContext) {
            let r = ctx.boundingBoxOfClipPath
            drawn.append(r)
            ctx.setFillColor(CGColor(red: r.minX / 256, green: r.minY / 256, blue: 1, alpha: 1))
            ctx.fill(r)
        }
    }

    func testTilesAreDrawnOncePerTileInViewAndFadeIn() {
        XCTAssertEqual(CATiledLayer.fadeDuration, 0.25)
        let stage = Stage(width: 100, height: 60)
        stage.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        let tiled = RecordingTiles()
        XCTAssertEqual(tiled.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(tiled.levelsOfDetail, 1)
        tiled.tileSize = CGSize(width: 32, height: 32)
        tiled.frame = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        stage.rootLayer.addSublayer(tiled)
        stage.advance(to: 0.125)
        var image = stage.render()
        // The tiles in view, each once: 4 columns × 2 rows of 32 pt cover 100 × 60.
        XCTAssertEqual(Set(tiled.drawn.map(\.origin)).count, 8)
        XCTAssertEqual(tiled.drawn.count, 8)
        XCTAssertTrue(tiled.drawn.allSatisfy { $0.size == CGSize(width: 32, height: 32) })
        // Half-way through the fade (needed from t = 0): half of the tile over black.
        XCTAssertEqual(Int(image[40, 40].b), 128, accuracy: 2)
        stage.advance(to: 1)
        image = stage.render()
        XCTAssertEqual(image[40, 40].b, 255)
        XCTAssertEqual(Int(image[40, 40].r), 32, accuracy: 1)
        XCTAssertEqual(Int(image[40, 40].g), 32, accuracy: 1)
        XCTAssertEqual(tiled.drawn.count, 8)
        // Invalidated, they are drawn again.
        stage.at(1) { tiled.setNeedsDisplay() }
        stage.advance(to: 1.5)
        _ = stage.render()
        XCTAssertEqual(tiled.drawn.count, 16)
    }

    func testTheLevelOfDetailFollowsTheScaleOnScreen() {
        let stage = Stage(width: 64, height: 64)
        let tiled = RecordingTiles()
        tiled.tileSize = CGSize(width: 64, height: 64)
        tiled.levelsOfDetail = 4
        tiled.levelsOfDetailBias = 2
        tiled.anchorPoint = .zero
        tiled.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
        stage.rootLayer.addSublayer(tiled)
        // At 1:1 a tile of 64 pixels covers 64 points.
        stage.advance(to: 0)
        _ = stage.render()
        XCTAssertEqual(tiled.drawn.first?.size, CGSize(width: 64, height: 64))
        // Magnified 3×: the 4× level (bias 2), each tile 16 points.
        tiled.drawn = []
        stage.at(0.1) {
            CATransaction.setDisableActions(true)
            tiled.transform = CATransform3DMakeScale(3, 3, 1)
        }
        stage.advance(to: 0.2)
        _ = stage.render()
        XCTAssertEqual(tiled.drawn.first?.size, CGSize(width: 16, height: 16))
        // Shrunk to a fifth: the coarsest level (half resolution: of 4 levels, 2 are magnified),
        // each tile 128 points.
        tiled.drawn = []
        stage.at(0.3) {
            CATransaction.setDisableActions(true)
            tiled.transform = CATransform3DMakeScale(0.2, 0.2, 1)
        }
        stage.advance(to: 0.4)
        _ = stage.render()
        XCTAssertEqual(tiled.drawn.first?.size, CGSize(width: 128, height: 128))
    }

    // MARK: - AVPlayerLayer

    func testThePlayerLayerShowsTheVideosFrameAtThePlayersTime() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("pattern.mp4")
        try VideoFramesTests.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-frames:v", "15",
                                     "-c:v", "libx264", "-pix_fmt", "yuv420p", video.path])
        let raw = folder.appendingPathComponent("frames.rgba")
        try VideoFramesTests.ffmpeg(["-i", video.path, "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
        let reference = [UInt8](try Data(contentsOf: raw))
        // The layer is the video's size, so each pixel is the video's pixel.
        let stage = Stage(width: 64, height: 48)
        let player = AVPlayer(url: video)
        let layer = AVPlayerLayer(player: player)
        layer.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        XCTAssertEqual(layer.videoGravity, .resizeAspect)
        XCTAssertTrue(layer.isReadyForDisplay)
        XCTAssertEqual(layer.videoRect, CGRect(x: 0, y: 0, width: 64, height: 48))
        stage.rootLayer.addSublayer(layer)
        stage.at(0.5) { player.play() }
        stage.at(1.2) { player.seek(to: CMTime(value: 2, timescale: 10)) }
        // (stage time, item time): before play the first frame; then the item's time.
        for (t, itemTime) in [(0.3, 0.0), (0.75, 0.25), (1.0, 0.5), (1.25, 0.25), (1.9, 0.9), (5, 1.5)] {
            stage.advance(to: t)
            let frame = min(Int((itemTime * 10 + 1e-9).rounded(.down)), 14)
            let expected = Array(reference[(frame * 64 * 48 * 4)..<((frame + 1) * 64 * 48 * 4)])
            XCTAssertEqual(stage.render().bytes, expected, "stage time \(t): frame \(frame)")
        }
    }

    func testVideoGravityFitsTheVideo() {
        let layer = AVPlayerLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        XCTAssertEqual(layer.videoRect, .zero)
        XCTAssertEqual(AVLayerVideoGravity.resizeAspectFill.rawValue, "AVLayerVideoGravityResizeAspectFill")
        XCTAssertEqual(AVLayerVideoGravity.resizeAspect.contentsGravity, .resizeAspect)
        XCTAssertEqual(AVLayerVideoGravity.resize.contentsGravity, .resize)
    }
}
