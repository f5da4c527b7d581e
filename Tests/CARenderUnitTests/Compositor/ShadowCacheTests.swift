import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderCompositor

/// Shadow tables are computed once and then found again, frame after frame, however the layers
/// casting them turn.
final class ShadowCacheTests: XCTestCase {
    /// 48 shadowed cards with a border and a content sublayer, spinning (half of them about z,
    /// half about y in perspective) and fading, at time `t` of a `period`-second turn.
    static func spinningCards(at t: Double, period: Double, width: Double = 480, height: Double = 270) -> RenderNode {
        var cards: [RenderNode] = []
        let columns = 8, rows = 6
        let w = width / Double(columns), h = height / Double(rows)
        // As Core Animation samples a repeating animation: the time within the current turn.
        let phase = t.truncatingRemainder(dividingBy: period) / period
        for index in 0..<(columns * rows) {
            let x = Double(index % columns) * w + w * 0.2, y = Double(index / columns) * h + h * 0.2
            let content = Draw.layer(4, 4, w * 0.6 - 8, h * 0.3, CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1))
            let card = Draw.layer(x, y, w * 0.6, h * 0.6, CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1),
                                  sublayers: [content]) { s in
                s.cornerRadius = 6
                s.borderWidth = 1
                s.borderColor = CGColor(gray: 0.1, alpha: 1)
                s.shadowOpacity = 0.5
                s.shadowRadius = 3 + Double(index % 3)
                s.shadowOffset = CGSize(width: 0, height: 2)
                s.shadowColor = CGColor(gray: 0, alpha: 1)
                s.opacity = Float(0.75 + 0.25 * cos(2 * .pi * phase))
                var spin = CATransform3DMakeRotation(2 * .pi * phase, 0, 0, 1)
                if index % 2 == 1 {
                    spin = CATransform3DMakeRotation(2 * .pi * phase, 0, 1, 0)
                    spin.m34 = -1 / 400
                }
                s.transform = spin
            }
            cards.append(card)
        }
        return Draw.root(width, height, Draw.white, cards)
    }

    func testSpinningShadowedCardsKeepTheCacheWarm() {
        let compositor = Compositor()
        var pixmap = Pixmap(width: 480, height: 270)
        // 12 frames a turn; the second turn samples the same phases (up to the rounding of
        // t mod period), so it must find every table the first one built.
        let fps = 12.0, period = 1.0
        for frame in 0..<12 {
            compositor.render(Self.spinningCards(at: Double(frame) / fps, period: period), into: &pixmap, scale: 1)
        }
        let afterFirstTurn = compositor.shadowCache.builds
        XCTAssertGreaterThan(afterFirstTurn, 0, "the first turn builds the shadow tables")
        for frame in 12..<36 {
            compositor.render(Self.spinningCards(at: Double(frame) / fps, period: period), into: &pixmap, scale: 1)
        }
        XCTAssertEqual(compositor.shadowCache.builds, afterFirstTurn, "tables built after the first turn")
    }

    func testQuantisedSigmaKeepsTwelveBits() {
        // Values that differ only in their last bits share a key; values 1/1000 apart do not.
        let sigma = 3.000_000_000_1
        XCTAssertEqual(ShadowCache.quantized(sigma), ShadowCache.quantized(3))
        XCTAssertEqual(ShadowCache.quantized(3), 3)
        XCTAssertNotEqual(ShadowCache.quantized(3.003), ShadowCache.quantized(3))
        XCTAssertEqual(ShadowCache.quantized(3.0004), 3, accuracy: 3.0 / 4096)
    }
}
