import Foundation
import XCTest
import CARender
import CARenderTestSupport

/// A layer's mask multiplies everything the layer draws, its shadow included, as `masksToBounds`
/// clips it — the rule Material Components' shadow layers rely on (an even-odd mask with a hole
/// over the card: on iOS the shadow shows only around the card; real Apple renders of those
/// layers). Checked against a per-pixel reference computed here: the card's Gaussian shadow in
/// closed form (a rectangle's blur is separable), the card over it, times the mask, over white.
final class MaskClipsShadowTests: XCTestCase {
    private static let card = CGRect(x: 60, y: 50, width: 100, height: 70)
    private static let offset = CGSize(width: 8, height: 12)
    private static let sigma = 6.0
    private static let shadowOpacity = 0.8
    /// The mask in the card's bounds space: an outer rectangle with a hole (even-odd).
    private static let outer = CGRect(x: -30, y: -30, width: 140, height: 108)
    private static let hole = CGRect(x: 25, y: 20, width: 50, height: 30)

    private func stage(cardOpacity: Float) -> Stage {
        let stage = Stage(width: 240, height: 200)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let card = CALayer()
        card.frame = Self.card
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
        card.shadowColor = CGColor(gray: 0, alpha: 1)
        card.shadowOpacity = Float(Self.shadowOpacity)
        card.shadowRadius = CGFloat(Self.sigma)
        card.shadowOffset = Self.offset
        card.opacity = cardOpacity
        let path = CGMutablePath()
        path.addRect(Self.outer)
        path.addRect(Self.hole)
        let mask = CAShapeLayer()
        mask.path = path
        mask.fillRule = .evenOdd
        card.mask = mask
        stage.rootLayer.addSublayer(card)
        return stage
    }

    /// The expected straight RGBA at a pixel centre, or nil within 1.5 px of an edge of the mask
    /// or of the card (where coverage is fractional).
    private func reference(x: Int, y: Int, cardOpacity: Double) -> (Double, Double, Double, Double)? {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let c = Self.card
        let lx = px - Double(c.minX), ly = py - Double(c.minY)
        func near(_ r: CGRect) -> Bool {
            let dx = min(abs(lx - Double(r.minX)), abs(lx - Double(r.maxX)))
            let dy = min(abs(ly - Double(r.minY)), abs(ly - Double(r.maxY)))
            let insideX = lx > Double(r.minX) - 1.5 && lx < Double(r.maxX) + 1.5
            let insideY = ly > Double(r.minY) - 1.5 && ly < Double(r.maxY) + 1.5
            return (dx < 1.5 && insideY) || (dy < 1.5 && insideX)
        }
        let bounds = CGRect(origin: .zero, size: c.size)
        if near(Self.outer) || near(Self.hole) || near(bounds) { return nil }
        func inside(_ r: CGRect) -> Bool { r.contains(CGPoint(x: lx, y: ly)) }
        let masked = inside(Self.outer) && !inside(Self.hole)
        // The shadow: a rectangle blurred by a Gaussian, ¼·(erf…)(erf…).
        let s = Self.sigma * 2.0.squareRoot()
        let sx0 = Double(Self.offset.width), sy0 = Double(Self.offset.height)
        let ax = 0.5 * (erf((lx - sx0) / s) - erf((lx - sx0 - Double(c.width)) / s))
        let ay = 0.5 * (erf((ly - sy0) / s) - erf((ly - sy0 - Double(c.height)) / s))
        let shadowAlpha = Self.shadowOpacity * ax * ay
        // Premultiplied composite of the layer: the card over its shadow (black).
        var layer: (r: Double, g: Double, b: Double, a: Double) = (0, 0, 0, shadowAlpha)
        if inside(bounds) { layer = (0.2, 0.4, 1, 1) }
        let m = (masked ? 1.0 : 0.0) * cardOpacity
        let a = layer.a * m
        let r = 1 - a + layer.r * m, g = 1 - a + layer.g * m, b = 1 - a + layer.b * m
        return (r * 255, g * 255, b * 255, 255)
    }

    private func check(cardOpacity: Float) {
        let image = stage(cardOpacity: cardOpacity).render()
        var checked = 0, shadowed = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                guard let expected = reference(x: x, y: y, cardOpacity: Double(cardOpacity)) else { continue }
                XCTAssertPixel(image, x, y, expected, tolerance: 3, "opacity \(cardOpacity)")
                checked += 1
                if expected.0 < 250 && expected.0 > 20 && expected.2 < 250 { shadowed += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 8000)
        XCTAssertGreaterThan(shadowed, 200, "the reference has visible shadow to compare")
    }

    func testEvenOddMaskCutsTheShadowOfAShadowedCard() {
        check(cardOpacity: 1)
    }

    /// The same with group opacity: the masked shadow stays inside the group.
    func testEvenOddMaskCutsTheShadowUnderGroupOpacity() {
        check(cardOpacity: 0.6)
    }
}
