import Foundation
import XCTest
import CARender
@testable import CARenderModel
@testable import CARenderCompositor
import CARenderTestSupport

/// The undocumented warped transitions (`pageCurl`, `pageUnCurl`, `suckEffect`, `rippleEffect`,
/// the camera iris), checked against what the public evidence cited in the compositor's
/// `TransitionWarps` says they show: which picture shows where, which corner of a curling page
/// lifts first, where the suck ends, which way the ripple runs, and that the transition's
/// progress range and timing function move each warp exactly as they move a fade.
final class WarpedTransitionTests: XCTestCase {
    private static let background = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    private static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    private let grey = (127.5, 127.5, 127.5, 255.0)
    static let warpedTypes = ["pageCurl", "pageUnCurl", "suckEffect", "rippleEffect", "cameraIris",
                              "cameraIrisHollowOpen", "cameraIrisHollowClose"]

    private struct Setup {
        var type = "pageCurl"
        var subtype: CATransitionSubtype?
        /// The transition's progress range and timing (linear by default).
        var start: Float = 0
        var end: Float = 1
        var timing: CAMediaTimingFunctionName = .linear
        var masksToBounds = false
        var cornerRadius: CGFloat = 0
        /// Swaps the pictures: blue with a yellow stripe turning red with a white one.
        var swapped = false
        /// No transition: the layer as it is before (false) or after (true) the change.
        var plain: Bool?
    }

    /// The layer: 160 × 100 at (40, 30) on a 240 × 160 grey stage, centre (120, 80); red with a
    /// white stripe at (10, 10, 30, 50) in its bounds, turning blue with a yellow bar at
    /// (100, 10, 50, 20) under a one-second transition added at t = 0.
    private func frame(_ setup: Setup, at t: Double = 0.5) -> RGBAImage {
        let stage = stage(setup)
        stage.advance(to: t)
        return stage.render()
    }

    private func stage(_ setup: Setup) -> Stage {
        let stage = Stage(width: 240, height: 160)
        stage.rootLayer.backgroundColor = Self.background
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 30, width: 160, height: 100)
        layer.backgroundColor = setup.swapped ? Self.blue : Self.red
        layer.masksToBounds = setup.masksToBounds
        layer.cornerRadius = setup.cornerRadius
        let stripe = CALayer()
        stripe.frame = setup.swapped ? CGRect(x: 100, y: 10, width: 50, height: 20) : CGRect(x: 10, y: 10, width: 30, height: 50)
        stripe.backgroundColor = setup.swapped ? Self.yellow : Self.white
        layer.addSublayer(stripe)
        stage.rootLayer.addSublayer(layer)
        func change() {
            layer.backgroundColor = setup.swapped ? Self.red : Self.blue
            stripe.backgroundColor = setup.swapped ? Self.white : Self.yellow
            stripe.frame = setup.swapped ? CGRect(x: 10, y: 10, width: 30, height: 50) : CGRect(x: 100, y: 10, width: 50, height: 20)
        }
        switch setup.plain {
        case true?: stage.at(0) { CATransaction.setDisableActions(true); change() }
        case false?: break
        case nil:
            stage.at(0) {
                let transition = CATransition()
                transition.type = CATransitionType(rawValue: setup.type)
                transition.subtype = setup.subtype
                transition.duration = 1
                transition.startProgress = setup.start
                transition.endProgress = setup.end
                transition.timingFunction = CAMediaTimingFunction(name: setup.timing)
                layer.add(transition, forKey: nil)
                CATransaction.setDisableActions(true)
                change()
            }
        }
        return stage
    }

    /// The frame at exactly `progress` (the range pinned to it).
    private func frame(_ type: String, _ subtype: CATransitionSubtype? = nil, progress: Float,
                       swapped: Bool = false, masksToBounds: Bool = false, cornerRadius: CGFloat = 0) -> RGBAImage {
        frame(Setup(type: type, subtype: subtype, start: progress, end: progress, masksToBounds: masksToBounds,
                    cornerRadius: cornerRadius, swapped: swapped))
    }

    private func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                            abs(Int(p.a) - Int(q.a)))
            }
        }
        return worst
    }

    private func isBlue(_ p: RGBA8, shaded: Bool = false) -> Bool { p.r < 10 && p.g < 10 && p.b > (shaded ? 100 : 200) }
    /// A colour of the old picture (red, white, or a blend of them with blue at an edge), not
    /// of the new one (blue, yellow).
    private func isOld(_ p: RGBA8) -> Bool { p.r > 20 && !(p.g > 20 && p.b < 20) }
    private func isRed(_ p: RGBA8) -> Bool { p.r > 200 && p.g < 10 && p.b < 10 }

    // MARK: - Recognised, drawn, ends meet

    func testEveryPrivateTypeIsDrawnAndUnknownOnesStillWarn() {
        // The stage's own context reports warnings, so capture after creating it.
        for type in Self.warpedTypes {
            let stage = stage(Setup(type: type))
            let lines = capturingDiagnostics { stage.advance(to: 0.5); _ = stage.render() }
            XCTAssertFalse(lines.contains { $0.contains("cross-fades") }, "\(type): \(lines)")
        }
        let stage = stage(Setup(type: "spewEffect"))
        let lines = capturingDiagnostics { stage.advance(to: 0.5); _ = stage.render() }
        XCTAssertTrue(lines.contains { $0.contains("\"spewEffect\"") && $0.contains("cross-fades") }, "\(lines)")
    }

    func testEachWarpStartsOnTheOldPictureAndEndsOnTheNewOne() {
        let before = frame(Setup(plain: false)), after = frame(Setup(plain: true))
        let background = frame(Setup(type: "cameraIrisHollowOpen", start: 0, end: 0))
        for type in Self.warpedTypes {
            // Each iris half shows one picture only: the opening one starts on nothing, the
            // closing one ends on nothing.
            let first = type == "cameraIrisHollowOpen" ? nil : before
            let last = type == "cameraIrisHollowClose" ? nil : after
            if let first { XCTAssertLessThanOrEqual(maxDifference(frame(type, progress: 0), first), 1, "\(type) at 0") }
            if let last { XCTAssertLessThanOrEqual(maxDifference(frame(type, progress: 1), last), 1, "\(type) at 1") }
        }
        // Nothing of the layer shows through a shut iris.
        XCTAssertPixel(background, 120, 80, grey, tolerance: 0.5)
        XCTAssertPixel(frame("cameraIrisHollowClose", progress: 1), 120, 80, grey, tolerance: 0.5)
    }

    // MARK: - Page curl

    func testPageCurlRollsUpFromTheBottomRightCornerByDefault() {
        // A third of the way: the bottom-right corner has lifted off the new picture; the top is
        // still the old page, the top-left corner untouched.
        let image = frame("pageCurl", progress: 0.3)
        XCTAssertTrue(isBlue(image[190, 125]), "\(image[190, 125])")
        XCTAssertTrue(isRed(image[190, 40]), "\(image[190, 40])")
        XCTAssertTrue(isRed(image[120, 40]), "\(image[120, 40])")
        // Near the bottom-left corner the page is rising into the roll: the old page, darker
        // where it turns from the light.
        let rising = image[60, 128]
        XCTAssertTrue(rising.r > 150 && rising.r < 250 && rising.g < 10 && rising.b < 10, "\(rising)")
        // The top and bottom subtypes are not the curl's (only left and right are): they draw
        // the default.
        for subtype in [CATransitionSubtype.fromTop, .fromBottom] {
            XCTAssertEqual(maxDifference(frame("pageCurl", subtype, progress: 0.3), image), 0, subtype.rawValue)
        }
    }

    func testPageCurlFromTheSidesLiftsTheNamedSideFirst() {
        // (The new picture may lie in the roll's shadow: blue, perhaps darker.)
        let right = frame("pageCurl", .fromRight, progress: 0.3)
        XCTAssertTrue(isBlue(right[190, 125], shaded: true), "\(right[190, 125])")
        XCTAssertTrue(isBlue(right[190, 40], shaded: true), "\(right[190, 40])")
        XCTAssertTrue(isRed(right[45, 125]), "\(right[45, 125])")
        XCTAssertTrue(isRed(right[120, 40]), "\(right[120, 40])")
        let left = frame("pageCurl", .fromLeft, progress: 0.3)
        XCTAssertTrue(isBlue(left[50, 125], shaded: true), "\(left[50, 125])")
        XCTAssertTrue(isBlue(left[50, 40], shaded: true), "\(left[50, 40])")
        XCTAssertTrue(isRed(left[190, 125]), "\(left[190, 125])")
        XCTAssertTrue(isRed(left[190, 40]), "\(left[190, 40])")
    }

    func testTheCurlShowsThePageBackWhitenedAndShadesThePageBeneath() {
        // Half-way the roll lies across the middle; a column through it, from the lifted
        // corner's side to the old page: blue beneath, shaded darker toward the roll, then the
        // page's back (red mixed toward white: pink), then the old page.
        let curl = PageCurl(box: (0, 0, 160, 100), side: nil, progress: 0.5, pixel: 1)!
        let image = frame("pageCurl", progress: 0.5)
        var sawShadow = false, sawBack = false
        for y in stride(from: 129, through: 31, by: -1) {
            let p = image[120, y]
            if p.b > 10 && p.b < 200 && p.r < 10 { sawShadow = true }
            if p.r > 200 && p.g > 120 && p.g < 250 && abs(Int(p.g) - Int(p.b)) < 20 { sawBack = true }
        }
        XCTAssertTrue(sawShadow, "no shaded blue on the column")
        XCTAssertTrue(sawBack, "no page back on the column")
        XCTAssertGreaterThan(curl.radius, 0)
        // Nothing of the page is left at progress 1, shadow included (the bounds show the new
        // picture exactly, tested above); at 0 nothing has lifted.
        XCTAssertEqual(PageCurl(box: (0, 0, 160, 100), side: nil, progress: 0, pixel: 1)!.axis, 0)
    }

    func testPageUnCurlIsTheCurlRunBackwardsWithThePicturesSwapped() {
        for subtype in [nil, CATransitionSubtype.fromLeft, .fromRight] {
            for p: Float in [0.2, 0.65] {
                let uncurl = frame("pageUnCurl", subtype, progress: p)
                let curl = frame("pageCurl", subtype, progress: 1 - p, swapped: true)
                XCTAssertLessThanOrEqual(maxDifference(uncurl, curl), 1, "\(subtype?.rawValue ?? "nil") at \(p)")
            }
        }
        // So by default the new page comes down from the top (UIKit's curl down): early on only
        // the top of the layer has changed.
        let early = frame("pageUnCurl", progress: 0.3)
        XCTAssertTrue(isRed(early[120, 125]), "\(early[120, 125])")
        XCTAssertFalse(isRed(early[60, 33]), "\(early[60, 33])")
    }

    // MARK: - Suck

    func testSuckBendsTheSidesThenDrawsThePictureIntoAPointNearTheBottom() {
        // Early: the bottom corners have been drawn in (the new picture shows there), the top
        // edge's middle has not moved.
        let early = frame("suckEffect", progress: 0.2)
        XCTAssertTrue(isBlue(early[42, 128]), "\(early[42, 128])")
        XCTAssertTrue(isBlue(early[198, 128]), "\(early[198, 128])")
        XCTAssertTrue(isRed(early[120, 32]), "\(early[120, 32])")
        // Near the end every pixel of the old picture is close to the point at half the width,
        // three quarters of the height: (80, 75) in the bounds, (120, 105) on the stage.
        let late = frame("suckEffect", progress: 0.95)
        var farthest = 0.0
        for y in 30..<130 {
            for x in 40..<200 where isOld(late[x, y]) {
                farthest = max(farthest, hypot(Double(x) + 0.5 - 120, Double(y) + 0.5 - 105))
            }
        }
        XCTAssertLessThan(farthest, 5)
        // The subtype does not steer it.
        XCTAssertEqual(maxDifference(frame("suckEffect", .fromLeft, progress: 0.5), frame("suckEffect", progress: 0.5)), 0)
    }

    func testSuckAntialiasesTheFunnelsSides() {
        // Along a row through the funnel the red picture meets the blue one through blends.
        let image = frame("suckEffect", progress: 0.3)
        var blends = 0
        for x in 40..<200 {
            let p = image[x, 90]
            if p.r > 20 && p.r < 235 && p.b > 20 && p.b < 235 && p.g < 10 { blends += 1 }
        }
        XCTAssertGreaterThanOrEqual(blends, 2)
    }

    // MARK: - Ripple

    func testRippleRunsOutFromTheCentreRefractingThePictures() {
        let ripple = RippleWarp(box: (0, 0, 160, 100), progress: 0.4, pixel: 1)!
        // Behind the front the new picture shows, ahead of it the old; the water moves only
        // near the front.
        XCTAssertEqual(ripple.newWeight(0), 1)
        XCTAssertEqual(ripple.newWeight(ripple.front + 1), 0)
        XCTAssertEqual(ripple.wave(ripple.front + 3 * ripple.wavelength).height, 0, accuracy: 1e-6)
        var largest = 0.0
        for k in 0..<200 { largest = max(largest, abs(ripple.wave(ripple.front - Double(k) * ripple.wavelength / 50).height)) }
        XCTAssertGreaterThan(largest, 1)
        // On the stage: the centre shows the new picture, the corners the old.
        let image = frame("rippleEffect", progress: 0.4)
        XCTAssertTrue(isBlue(image[120, 80]), "\(image[120, 80])")
        XCTAssertTrue(isRed(image[198, 128]), "\(image[198, 128])")
        // The white stripe's straight right edge (x = 80 on the stage) is bent where the rings
        // cross it: along it, some rows show white past the edge or red before it.
        let old = frame(Setup(plain: false))
        var moved = 0
        for y in 40..<90 where image[80, y] != old[80, y] || image[79, y] != old[79, y] { moved += 1 }
        XCTAssertGreaterThan(moved, 5)
    }

    // MARK: - Camera iris

    func testIrisClosesOnTheOldPictureAndOpensOnTheNewOne() {
        let closing = frame("cameraIrisHollowClose", progress: 0.5)
        XCTAssertTrue(isRed(closing[120, 80]))
        XCTAssertPixel(closing, 41, 31, grey, tolerance: 0.5)
        let opening = frame("cameraIrisHollowOpen", progress: 0.5)
        XCTAssertTrue(isBlue(opening[120, 80]))
        XCTAssertPixel(opening, 41, 31, grey, tolerance: 0.5)
        // The aperture's edges are anti-aliased: blends of red and grey along a row.
        var blends = 0
        for y in 60..<100 {
            for x in 40..<200 {
                let p = closing[x, y]
                if p.r > 140 && p.r < 250 && p.g > 5 && p.g < 120 { blends += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(blends, 40)
        // cameraIris is the closing half, then the opening half.
        XCTAssertEqual(maxDifference(frame("cameraIris", progress: 0.2), frame("cameraIrisHollowClose", progress: 0.4)), 0)
        XCTAssertEqual(maxDifference(frame("cameraIris", progress: 0.8), frame("cameraIrisHollowOpen", progress: 0.6)), 0)
    }

    // MARK: - Progress, timing, clipping

    func testProgressRangeAndTimingMoveEveryWarpAsTheyMoveAFade() {
        // At t = 0.5 of an ease-in transition from 0.2 to 0.9 the progress is
        // 0.2 + 0.7 × easeIn(0.5); pinned to that value the frame is the same, and it is not the
        // frame of a linear 0 … 1 transition at the same time.
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let progress = 0.2 + 0.7 * easeIn.evaluate(0.5)
        for type in ["fade"] + Self.warpedTypes {
            let timed = frame(Setup(type: type, start: 0.2, end: 0.9, timing: .easeIn))
            let pinned = frame(Setup(type: type, start: Float(progress), end: Float(progress)))
            let linear = frame(Setup(type: type))
            XCTAssertLessThanOrEqual(maxDifference(timed, pinned), 1, type)
            XCTAssertGreaterThan(maxDifference(timed, linear), 10, type)
        }
    }

    func testWarpsStayInTheBoundsAndMasksToBoundsRoundsThem() {
        for type in Self.warpedTypes {
            do {
                let p: Float = 0.4
                let image = frame(type, progress: p)
                // Nothing outside the layer's frame changes.
                for (x, y) in [(39, 80), (200, 80), (120, 29), (120, 130), (20, 20), (220, 140)] {
                    XCTAssertPixel(image, x, y, grey, tolerance: 0.5, "\(type) at \(p)")
                }
                // Rounded and masked: the very corners show the background.
                let rounded = frame(type, progress: p, masksToBounds: true, cornerRadius: 20)
                for (x, y) in [(40, 30), (199, 30), (40, 129), (199, 129)] {
                    XCTAssertPixel(rounded, x, y, grey, tolerance: 0.5, "\(type) at \(p), masked")
                }
            }
        }
    }
}
