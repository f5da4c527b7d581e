import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderCompositor
@testable import CARenderStage
import CARenderTestSupport

/// The undocumented 3D transitions `cube` and `oglFlip`, checked against a 3D model built here:
/// the layer's picture(s) as planes turned about an axis through the layer, the nearest point
/// pulled back to the layer's plane, seen from an eye 2.5 turning extents in front (m34 = −1/e).
///
/// Evidence (cited in full in the compositor's `TransitionFaces`): `oglFlip` is UIKit's flip
/// ("Dev:UIViewAnimationState", theapplewiki.com), whose sense Apple documents for
/// `transitionFlipFromLeft` ("the left side of the view moves toward the front and right side
/// toward the back"); its tallest edge "stays the height of the container view" (the Stack
/// Overflow question "Set layer.transform with CATransform3DRotate like
/// UIViewAnimationOptionTransitionFlipFromRight") and it dims, to 0.5 at half-way in WinObjC's
/// rebuild. `cube` turns a quarter turn, the new face coming from the named side.
final class CubeAndFlipTransitionTests: XCTestCase {
    private static let background = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    private static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    private let grey = (127.5, 127.5, 127.5, 255.0)

    /// The layer: 160 × 100 at (40, 30) on a 240 × 160 grey stage, centre (120, 80); red with a
    /// white stripe at (10, 10, 30, 50) in its bounds, turning blue with a yellow stripe under a
    /// one-second linear transition added at t = 0.
    private func stage(_ type: String, _ subtype: CATransitionSubtype?, masksToBounds: Bool = false,
                       groupOpacity: Float = 1) -> Stage {
        let stage = Stage(width: 240, height: 160)
        stage.rootLayer.backgroundColor = Self.background
        let group = CALayer()
        group.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        group.opacity = groupOpacity
        stage.rootLayer.addSublayer(group)
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 30, width: 160, height: 100)
        layer.backgroundColor = Self.red
        layer.masksToBounds = masksToBounds
        let stripe = CALayer()
        stripe.frame = CGRect(x: 10, y: 10, width: 30, height: 50)
        stripe.backgroundColor = Self.white
        layer.addSublayer(stripe)
        group.addSublayer(layer)
        stage.at(0) {
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: type)
            transition.subtype = subtype
            transition.duration = 1
            transition.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(transition, forKey: nil)
            layer.backgroundColor = Self.blue
            stripe.backgroundColor = Self.yellow
        }
        return stage
    }

    private func frame(_ type: String, _ subtype: CATransitionSubtype?, at t: Double, masksToBounds: Bool = false,
                       groupOpacity: Float = 1) -> RGBAImage {
        let stage = stage(type, subtype, masksToBounds: masksToBounds, groupOpacity: groupOpacity)
        stage.advance(to: t)
        return stage.render()
    }

    // MARK: - The 3D model

    /// A point of the scene in the layer's centred 3D space (x right, y down, z toward the eye).
    private struct Point3 { var x, y, z: Double }

    /// Turns `p` by `angle` about the axis parallel to y (or to x when `aboutX`) through depth
    /// `axisDepth`; a positive angle moves the side at positive x (y) away from the eye and the
    /// side at negative x (y) toward it.
    private static func turn(_ p: Point3, _ angle: Double, axisDepth: Double, aboutX: Bool = false) -> Point3 {
        let (c, s) = (cos(angle), sin(angle))
        let across = aboutX ? p.y : p.x, dz = p.z - axisDepth
        let a = across * c + dz * s, z = -across * s + dz * c + axisDepth
        return aboutX ? Point3(x: p.x, y: a, z: z) : Point3(x: a, y: p.y, z: z)
    }

    /// Screen position of a scene point (after the pull-back `near`), seen from `eye`, the layer's
    /// centre at (120, 80).
    private static func screen(_ p: Point3, near: Double, eye: Double) -> (x: Double, y: Double) {
        let k = eye / (eye - (p.z - near))
        return (120 + p.x * k, 80 + p.y * k)
    }

    /// The row of pixels at `y` split into runs of old (red-dominant) and new (blue-dominant)
    /// colour: how many of each.
    private func counts(_ image: RGBAImage, row y: Int) -> (old: Int, new: Int) {
        var (old, new) = (0, 0)
        for x in 0..<image.width {
            let p = image[x, y]
            if p.r > 200 && p.b < 60 { old += 1 }
            if p.b > 200 && p.r < 60 { new += 1 }
        }
        return (old, new)
    }

    // MARK: - Cube

    func testCubeHalfWayFromLeftShowsBothFacesHalfAndHalf() {
        // A cube of side 160 (the width) behind the layer, axis at depth −80, turned 45° at
        // 50 %: the old face has turned right, the new (left) face has come round from the left.
        let a = 80.0, eye = 2.5 * 160, angle = Double.pi / 4
        let seam = Self.turn(Point3(x: -a, y: 0, z: 0), angle, axisDepth: -a)
        let oldFar = Self.turn(Point3(x: a, y: -50, z: 0), angle, axisDepth: -a)
        let newFar = Self.turn(Point3(x: -a, y: -50, z: -2 * a), angle, axisDepth: -a)
        let near = seam.z   // the shared edge is the nearest point
        XCTAssertEqual(near, a * (2.squareRoot() - 1), accuracy: 1e-9)
        let seamX = Self.screen(seam, near: near, eye: eye).x
        let oldFarTop = Self.screen(oldFar, near: near, eye: eye), newFarTop = Self.screen(newFar, near: near, eye: eye)
        XCTAssertEqual(seamX, 120, accuracy: 1e-9)
        XCTAssertEqual(oldFarTop.x - 120, 120 - newFarTop.x, accuracy: 1e-9)   // symmetric

        let image = frame("cube", .fromLeft, at: 0.5)
        // Along a row below the stripes each face takes its projected width: half of the cube each.
        let (old, new) = counts(image, row: 110)
        XCTAssertEqual(Double(old), oldFarTop.x - seamX, accuracy: 1.5)
        XCTAssertEqual(Double(new), seamX - newFarTop.x, accuracy: 1.5)
        XCTAssertEqual(old, new)
        XCTAssertPixel(image, Int(seamX) - 3, 80, (0, 0, 255, 255), "new face left of the seam")
        XCTAssertPixel(image, Int(seamX) + 3, 80, (255, 0, 0, 255), "old face right of the seam")
        // The shared edge is pulled back to the layer's plane: it keeps the layer's full height.
        XCTAssertPixel(image, Int(seamX) + 3, 31, (255, 0, 0, 255))
        XCTAssertPixel(image, Int(seamX) + 3, 28, grey)
        // The far edges are smaller (perspective) and lie out past the layer's frame, 40 … 200.
        XCTAssertGreaterThan(oldFarTop.x, 200)
        XCTAssertPixel(image, Int(oldFarTop.x) - 3, 110, (255, 0, 0, 255))
        XCTAssertPixel(image, Int(oldFarTop.x) + 3, 110, grey)
        XCTAssertPixel(image, Int(newFarTop.x.rounded(.up)) + 3, 110, (0, 0, 255, 255))
        XCTAssertPixel(image, Int(newFarTop.x) - 3, 110, grey)
        XCTAssertPixel(image, Int(oldFarTop.x) - 3, Int(oldFarTop.y) - 3, grey, "above the far edge's top")
        XCTAssertPixel(image, Int(oldFarTop.x) - 3, Int(oldFarTop.y) + 4, (255, 0, 0, 255))
    }

    func testCubeQuarterWayFromRightAndFromBottom() {
        // fromRight at 25 %: turned 22.5° the other way; the seam is the old face's right edge.
        let a = 80.0, eye = 2.5 * 160, angle = -Double.pi / 8
        let seam = Self.turn(Point3(x: a, y: 0, z: 0), angle, axisDepth: -a)
        let seamX = Self.screen(seam, near: seam.z, eye: eye).x
        let image = frame("cube", .fromRight, at: 0.25)
        XCTAssertPixel(image, Int(seamX) - 3, 110, (255, 0, 0, 255), "old on the left of the seam")
        XCTAssertPixel(image, Int(seamX) + 3, 110, (0, 0, 255, 255), "new coming in from the right")
        let (old, new) = counts(image, row: 110)
        XCTAssertGreaterThan(old, 2 * new, "a quarter of the way the old face still dominates")

        // fromBottom at 50 %: the turn is about the horizontal axis; the cube's side is the height.
        let b = 50.0, eyeV = 2.5 * 100
        let seamV = Self.turn(Point3(x: 0, y: b, z: 0), -Double.pi / 4, axisDepth: -b, aboutX: true)
        let oldFar = Self.turn(Point3(x: -80, y: -b, z: 0), -Double.pi / 4, axisDepth: -b, aboutX: true)
        let seamY = Self.screen(seamV, near: seamV.z, eye: eyeV).y
        let farY = Self.screen(oldFar, near: seamV.z, eye: eyeV).y
        XCTAssertEqual(seamY, 80, accuracy: 1e-9)
        let vertical = frame("cube", .fromBottom, at: 0.5)
        XCTAssertPixel(vertical, 120, Int(seamY) - 3, (255, 0, 0, 255), "the old face leaves upwards")
        XCTAssertPixel(vertical, 120, Int(seamY) + 3, (0, 0, 255, 255), "the new face comes up from below")
        XCTAssertLessThan(farY, 30, "the far edge lies above the layer's frame")
        XCTAssertPixel(vertical, 120, Int(farY.rounded(.up)) + 3, (255, 0, 0, 255))
        XCTAssertPixel(vertical, 120, Int(farY) - 3, grey)
    }

    func testCubeIsClippedByMasksToBoundsAndKeptWhole() {
        // The far edges at 50 % reach past the frame (40 … 200): masksToBounds cuts them, a
        // group with opacity (drawn through an offscreen as large as its content) does not.
        XCTAssertPixel(frame("cube", .fromLeft, at: 0.5, masksToBounds: true), 37, 110, grey)
        XCTAssertPixel(frame("cube", .fromLeft, at: 0.5), 37, 110, (0, 0, 255, 255))
        XCTAssertPixel(frame("cube", .fromLeft, at: 0.5, groupOpacity: 0.5), 37, 110, (63.75, 63.75, 191.25, 255),
                       tolerance: 1.5)
        XCTAssertPixel(frame("cube", .fromLeft, at: 0.5, groupOpacity: 0.5), 203, 110, (191.25, 63.75, 63.75, 255),
                       tolerance: 1.5)
    }

    // MARK: - Flip

    func testFlipFromLeftTurnsTheLeftSideTowardTheEye() {
        // 25 %: the card has turned 45°, its left side toward the eye. That side, the nearest
        // point, is pulled back to the layer's plane: it keeps the full height.
        let a = 80.0, eye = 2.5 * 160, angle = Double.pi / 4   // left side (x < 0) forward
        let left = Self.turn(Point3(x: -a, y: -50, z: 0), angle, axisDepth: 0)
        let right = Self.turn(Point3(x: a, y: -50, z: 0), angle, axisDepth: 0)
        XCTAssertGreaterThan(left.z, 0)
        let near = left.z
        let l = Self.screen(left, near: near, eye: eye), r = Self.screen(right, near: near, eye: eye)
        XCTAssertEqual(l.y, 30, accuracy: 1e-9)
        XCTAssertGreaterThan(r.y, 30)

        let image = frame("oglFlip", .fromLeft, at: 0.25)
        // Dimmed by 1 − 0.5 sin 45°.
        let k = 1 - 0.5 * sin(Double.pi / 4)
        let dimRed = (255 * k, 0.0, 0.0, 255.0)
        XCTAssertPixel(image, 120, 80, dimRed, tolerance: 1.5)
        XCTAssertPixel(image, Int(l.x.rounded(.up)) + 2, 80, dimRed, tolerance: 1.5)
        XCTAssertPixel(image, Int(l.x) - 2, 80, grey)
        XCTAssertPixel(image, Int(l.x.rounded(.up)) + 2, 31, dimRed, tolerance: 1.5, "the near side, full height")
        XCTAssertPixel(image, Int(r.x) - 2, 80, dimRed, tolerance: 1.5)
        XCTAssertPixel(image, Int(r.x) + 2, 80, grey)
        XCTAssertPixel(image, Int(r.x) - 2, Int(r.y) - 3, grey, "the far side is shorter")
        // The old picture's stripe (left in its bounds) is on the near, left side.
        let stripe = Self.screen(Self.turn(Point3(x: -55, y: -15, z: 0), angle, axisDepth: 0), near: near, eye: eye)
        XCTAssertPixel(image, Int(stripe.x), Int(stripe.y), (255 * k, 255 * k, 255 * k, 255), tolerance: 1.5)
    }

    func testFlipShowsTheNewSideReadingForwardAfterHalfWay() {
        // Half-way the card is edge-on: nothing of it shows.
        XCTAssertPixel(frame("oglFlip", .fromLeft, at: 0.5), 120, 80, grey)
        // 75 %: 135° turned; the back (the new picture) faces the eye, turned −45° from rest,
        // its right side now the near one, its stripe reading forward on the left.
        let a = 80.0, eye = 2.5 * 160, angle = -Double.pi / 4
        let right = Self.turn(Point3(x: a, y: 0, z: 0), angle, axisDepth: 0)
        let left = Self.turn(Point3(x: -a, y: 0, z: 0), angle, axisDepth: 0)
        let near = right.z
        let image = frame("oglFlip", .fromLeft, at: 0.75)
        let k = 1 - 0.5 * sin(Double.pi / 4)
        let dimBlue = (0.0, 0.0, 255 * k, 255.0)
        let r = Self.screen(right, near: near, eye: eye), l = Self.screen(left, near: near, eye: eye)
        XCTAssertPixel(image, Int(r.x) - 2, 31, dimBlue, tolerance: 1.5)
        XCTAssertPixel(image, Int(r.x) + 2, 80, grey)
        XCTAssertPixel(image, Int(l.x.rounded(.up)) + 2, 80, dimBlue, tolerance: 1.5)
        XCTAssertPixel(image, Int(l.x) - 2, 80, grey)
        let stripe = Self.screen(Self.turn(Point3(x: -55, y: -15, z: 0), angle, axisDepth: 0), near: near, eye: eye)
        XCTAssertLessThan(stripe.x, 120)
        XCTAssertPixel(image, Int(stripe.x), Int(stripe.y), (255 * k, 255 * k, 0, 255), tolerance: 1.5)
    }

    func testFlipFromTopTurnsTheTopTowardTheEyeAndEndsExactly() {
        // fromTop at 25 %: the top side comes forward, keeping the layer's full width.
        let image = frame("oglFlip", .fromTop, at: 0.25)
        let b = 50.0, eye = 2.5 * 100
        let top = Self.turn(Point3(x: -80, y: -b, z: 0), Double.pi / 4, axisDepth: 0, aboutX: true)
        let bottom = Self.turn(Point3(x: -80, y: b, z: 0), Double.pi / 4, axisDepth: 0, aboutX: true)
        XCTAssertGreaterThan(top.z, 0)
        let t = Self.screen(top, near: top.z, eye: eye), u = Self.screen(bottom, near: top.z, eye: eye)
        XCTAssertEqual(t.x, 40, accuracy: 1e-9)
        let k = 1 - 0.5 * sin(Double.pi / 4)
        XCTAssertPixel(image, 41, Int(t.y.rounded(.up)) + 2, (255 * k, 0, 0, 255), tolerance: 1.5)
        XCTAssertPixel(image, 120, Int(t.y) - 2, grey)
        XCTAssertPixel(image, 41, Int(u.y) - 2, grey, "the bottom side is narrower")
        XCTAssertPixel(image, 120, Int(u.y) + 2, grey)

        // The ends show the pictures exactly, undimmed and in place.
        for (t, color) in [(0.0, (255.0, 0.0, 0.0, 255.0)), (1.0, (0.0, 0.0, 255.0, 255.0))] {
            for type in ["cube", "oglFlip"] {
                let image = frame(type, .fromLeft, at: t)
                XCTAssertPixel(image, 41, 31, color, tolerance: 0, "\(type) at \(t)")
                XCTAssertPixel(image, 198, 128, color, tolerance: 0, "\(type) at \(t)")
                XCTAssertPixel(image, 38, 80, (128, 128, 128, 255), tolerance: 0, "\(type) at \(t)")
            }
        }
    }

    func testFlipDimsColourNotAlpha() {
        // A half-transparent picture turned 45° keeps its alpha; only its colour darkens (the
        // card is in shadow, not see-through): straight colour 255 × (1 − 0.5 sin 45°).
        let old = Draw.layer(0, 0, 100, 40, CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        let new = Draw.layer(0, 0, 100, 40, Draw.blue)
        let image = Compositor().renderTransition(from: old, to: new, type: "oglFlip", subtype: "fromLeft",
                                                  progress: 0.25, width: 100, height: 40, scale: 1).unpremultiplied()
        XCTAssertPixel(image, 50, 20, (255 * (1 - 0.5 * sin(Double.pi / 4)), 0, 0, 127.5), tolerance: 2)
    }

    func testCubeAndFlipAreDrawnWithoutWarning() {
        for type in ["cube", "oglFlip"] {
            let stage = stage(type, .fromLeft)
            let lines = capturingDiagnostics { stage.advance(to: 0.3); _ = stage.render() }
            XCTAssertFalse(lines.contains { $0.contains("cross-fades") }, "\(type): \(lines)")
        }
    }
}
