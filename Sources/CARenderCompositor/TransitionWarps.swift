import Foundation
import CARenderRaster
import CARenderModel

// # The warped transitions: page curl, suck, ripple and camera iris
//
// Core Animation's render server draws `CATransition` types Apple never documented; apps set
// them by raw value (`CATransitionType(rawValue: "pageCurl")`) and UIKit uses two of them for its
// documented curls. What they look like, from public evidence:
//
// - The names and the UIKit mapping: the table of animation transitions on
//   "Dev:UIViewAnimationState" (https://theapplewiki.com/wiki/Dev:UIViewAnimationState) lists
//   `UIViewAnimationTransitionCurlUp` as `pageCurl` and `CurlDown` as `pageUnCurl`, `suckEffect`
//   "sucked to around (160, 360) on the screen" (of a 320 × 480 iPhone), `cameraIris` ("assume
//   the view … has a black background"), `cameraIrisHollowClose` as its first half and
//   `cameraIrisHollowOpen` as its second, and `rippleEffect`. Apple documents the curls in
//   `UIView.AnimationOptions`: `transitionCurlUp` "curls up from the bottom", `transitionCurlDown`
//   "curls down from the top". Tables of the private types (the ones apps copy) say `pageCurl`
//   and `pageUnCurl` take a left or right subtype only, the others none.
// - The curl is Apple's page-curl filter (the private `kCAFilterPageCurl`, with a time and an
//   angle; Ole Begemann, "App Store-safe page curl animations",
//   https://oleb.net/blog/2010/06/app-store-safe-page-curl-animations/), the cousin of Core
//   Image's documented `CIPageCurlWithShadowTransition`: the page rolls over a cylinder, its back
//   shows, and a shadow falls on what lies beneath. Core Image's transition filters produce
//   their output within the input's extent: the curl here stays within the layer's bounds.
// - `rippleEffect` is "water ripple" in the tables, and stopped being drawn in iOS 13 (issue
//   threads of the transition libraries that offered it, e.g. HHTransition #17); Core Image's
//   `CIRippleTransition` describes the same look: "a circular wave that expands from the centre
//   point, revealing the new image in the wake of the wave".
//
// What carender draws, and where the evidence gives no number the choice made (named
// constants below):
// - `pageCurl`: the layer's picture is a page lying on the new picture. A cylinder of radius
//   `radiusPerLength` × the page's length along the travel rolls across it from the edge the
//   subtype names (nil and the top and bottom subtypes: from the bottom, as UIKit's curl up;
//   `fromLeft`/`fromRight`: from that side), tilted by `leadAngle` so the corner on the right of
//   the travel (the bottom-right for the default) lifts first. Page points behind the cylinder's
//   contact line wrap it and, past half a turn, lie flat on top at twice the radius, showing the
//   page's back: the picture mirrored, `backWhitening` of the way to white (paper seen from behind)
//   and lit by the cylinder's slope. The page beneath is shaded within `shadowWidthPerRadius`
//   radii of the roll, `shadowOpacity` at the roll. At progress 1 the contact line has passed
//   the far edge by a radius: nothing of the page is left in the bounds. The view is from
//   straight above (no perspective).
// - `pageUnCurl` is the curl run backwards with the pictures swapped: at progress p the new page
//   lies as the curl's page at 1 − p over the old one (so the default comes down from the top,
//   UIKit's curl down, and `startProgress` 0.75 undoes a curl stopped at `endProgress` 0.25, as
//   apps do).
// - `suckEffect`: a genie toward the point (`suckTarget`) at half the width, three quarters of
//   the height of the bounds (the wiki's (160, 360) of 320 × 480): first (to
//   `suckBendEnd` of the progress) the sides bend in so the rows at the point narrow to nothing and
//   the rows below it are drawn up into it; then (from `suckSlideStart`) the picture slides down
//   through the point and is gone. The new picture lies beneath throughout.
// - `rippleEffect`: rings travel out from the centre, a few wavelengths (`rippleWavelength` ×
//   the smaller side) in a packet, refracting both pictures (each pixel samples its picture
//   displaced along the radius by the wave's height, lit by its slope, never from outside the
//   bounds); the new picture shows behind the wave front.
// - The camera iris: a `irisBlades`-sided aperture, centred, opening to the corners of the
//   bounds and turning a little as it closes. `cameraIrisHollowClose` shows the old picture
//   through an aperture closing on it, `cameraIrisHollowOpen` the new one through an aperture
//   opening; "hollow": nothing is drawn outside the aperture (what lies beneath shows, black
//   with the black background the wiki assumes). `cameraIris` closes then opens.

/// A layer-space box.
typealias LayerBox = (x0: Double, y0: Double, x1: Double, y1: Double)

/// What a warp draws at one point of the layer's plane: colours of the old and new pictures at
/// source points, composited. Implementations are structs so the painter specialises on them.
protocol TransitionWarp {
    /// The premultiplied colour (0…255) at layer point `q`.
    func color(at q: SIMD2<Double>, old: PictureSampler, new: PictureSampler) -> SIMD4<Float>
}

extension TransitionWarp {
    /// `top` over `bottom` (premultiplied).
    @inline(__always)
    static func over(_ top: SIMD4<Float>, _ bottom: SIMD4<Float>) -> SIMD4<Float> {
        top + bottom * (1 - top.w * (1 / 255))
    }

    /// Colour scaled by `k`, alpha kept.
    @inline(__always)
    static func lit(_ c: SIMD4<Float>, _ k: Float) -> SIMD4<Float> {
        SIMD4(c.x * k, c.y * k, c.z * k, c.w)
    }
}

/// Coverage of a pixel by the half-plane where a coordinate is at least `edge`, for a pixel
/// spanning `width` in that coordinate.
@inline(__always)
func edgeCoverage(_ value: Double, atLeast edge: Double, width: Double) -> Double {
    min(max((value - edge) / width + 0.5, 0), 1)
}

/// How far `p` lies outside `box` (0 inside).
@inline(__always)
func distanceOutside(_ p: SIMD2<Double>, _ box: LayerBox) -> Double {
    let dx = max(box.x0 - p.x, 0, p.x - box.x1), dy = max(box.y0 - p.y, 0, p.y - box.y1)
    return (dx * dx + dy * dy).squareRoot()
}

/// Coverage of a pixel (`width` layer units across) centred on `p` by `box`.
@inline(__always)
func boxCoverage(_ p: SIMD2<Double>, _ box: LayerBox, width: Double) -> Float {
    let inside = min(p.x - box.x0, box.x1 - p.x, p.y - box.y0, box.y1 - p.y)
    return Float(min(max(inside / width + 0.5, 0), 1))
}

@inline(__always)
func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
    let t = min(max((x - e0) / (e1 - e0), 0), 1)
    return t * t * (3 - 2 * t)
}

// MARK: - Page curl

/// `pageCurl` (and `pageUnCurl`, run backwards) at one moment: a page the size of the layer's
/// bounds rolled over a cylinder.
///
/// Coordinates along the page: `x` from the leading corner in the travel direction `n`, `y` along
/// the cylinder's axis. The contact line is at `x = axis`; the page points before it (`x <
/// axis`) have been lifted: a point `t = axis − x` behind the line lies on the cylinder at angle
/// `t / r` (seen from above at `axis − r sin(t/r)`), or, past half a turn, flat on top at
/// `axis + t − πr`.
struct PageCurl: TransitionWarp {
    /// How far the travel turns from square to the edge, so the leading corner lifts first.
    static let leadAngle = Double.pi / 12
    /// The cylinder's radius per length of the page along the travel.
    static let radiusPerLength = 0.1
    /// How far the back of the page is mixed toward white.
    static let backWhitening: Float = 0.7
    /// The shadow's opacity on the page beneath, at the roll.
    static let shadowOpacity = 0.5
    /// How far the shadow reaches from the roll, in radii.
    static let shadowWidthPerRadius = 1.5
    /// The shadow the flat-lying back casts on the page just past its edge: opacity and reach in
    /// radii.
    static let sheetShadowOpacity = 0.25
    static let sheetShadowWidthPerRadius = 0.5

    let box: LayerBox
    let origin: SIMD2<Double>
    let n: SIMD2<Double>
    let m: SIMD2<Double>
    let length: Double
    let radius: Double
    let axis: Double
    /// Layer units across one device pixel.
    let pixel: Double
    /// The page is the new picture (`pageUnCurl`), lying over the old.
    let pageIsNew: Bool

    /// The curl of a page filling `box` from the side the subtype names (`side`) at `progress` (0 flat … 1
    /// gone), or nil for an empty box. `pixel` is the size of a device pixel in layer units.
    init?(box: LayerBox, side: TransitionDirection.Side?, progress: Double, pixel: Double, pageIsNew: Bool = false) {
        guard box.x1 > box.x0, box.y1 > box.y0 else { return nil }
        let (c, s) = (cos(Self.leadAngle), sin(Self.leadAngle))
        // The leading corner is on the right of the travel: bottom-right rolling up or left,
        // bottom-left rolling right.
        switch side {
        case .left: n = SIMD2(c, -s)
        case .right: n = SIMD2(-c, -s)
        case .top, .bottom, nil: n = SIMD2(-s, -c)
        }
        m = SIMD2(-n.y, n.x)
        var lo = Double.infinity, hi = -Double.infinity
        var lead = SIMD2<Double>(box.x0, box.y0)
        for k in 0..<4 {
            let corner = SIMD2(k & 1 == 0 ? box.x0 : box.x1, k < 2 ? box.y0 : box.y1)
            let d = (corner * n).sum()
            if d < lo { lo = d; lead = corner }
            hi = max(hi, d)
        }
        self.box = box
        origin = lead
        length = hi - lo
        radius = max(Self.radiusPerLength * length, 1e-6)
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        axis = p * (length + radius)
        self.pixel = max(pixel, 1e-9)
        self.pageIsNew = pageIsNew
    }

    /// The page point `x` along the travel on the line through the pixel.
    @inline(__always)
    private func pagePoint(_ x: Double, _ y: Double) -> SIMD2<Double> { origin + x * n + y * m }

    func color(at q: SIMD2<Double>, old: PictureSampler, new: PictureSampler) -> SIMD4<Float> {
        let page = pageIsNew ? new : old, beneath = pageIsNew ? old : new
        let rel = q - origin
        let x = (rel * n).sum(), y = (rel * m).sum()
        let a = axis, r = radius
        let pi = Double.pi
        // The page beneath, in the roll's shadow.
        var result = beneath.sample(q)
        if result.w > 0 && a > 0 {
            // Stronger as the page lifts, gone as the roll leaves the far edge, only where the
            // roll holds paper.
            let lift = min(1, a / (pi * r / 2), (length + r - a) / r)
            let reach = Self.shadowWidthPerRadius * r
            let roll = pagePoint(a - pi * r / 2, y)
            let shade = Self.shadowOpacity * lift * (1 - smoothstep(0, reach, (a - r) - x))
                * (1 - smoothstep(0, reach, distanceOutside(roll, box)))
            result = Self.lit(result, Float(1 - shade))
        }
        guard x >= a - r - pixel else { return result }
        // The page's own visible side: flat where it has not lifted, else the inside of the
        // roll's lower quarter (seen when the roll is still low).
        let silhouette = Float(edgeCoverage(x, atLeast: a - r, width: pixel))
        if x >= a {
            var front = page.sample(q)
            if front.w > 0 && a > pi * r {
                // Just past the edge of the back lying on top: its shadow.
                let mirrored = pagePoint(2 * a - pi * r - x, y)
                let d = distanceOutside(mirrored, box)
                let reach = Self.sheetShadowWidthPerRadius * r
                if d > 0 && d < reach { front = Self.lit(front, Float(1 - Self.sheetShadowOpacity * (1 - d / reach))) }
            }
            result = Self.over(front, result)
        } else {
            let theta = asin(min((a - x) / r, 1))
            let t = r * theta
            if t <= a {
                let p = pagePoint(a - t, y)
                let inside = Self.lit(page.sample(p), Float(0.55 + 0.45 * cos(theta)))
                result = Self.over(inside * (silhouette * boxCoverage(p, box, width: pixel)), result)
            }
        }
        // The back: on the roll's upper quarter, or lying flat on top.
        let t = x >= a ? pi * r + (x - a) : r * (pi - asin(min((a - x) / r, 1)))
        guard t <= a else { return result }
        let p = pagePoint(a - t, y)
        var back = page.sample(p)
        guard back.w > 0 else { return result }
        let w = Self.backWhitening
        back = SIMD4(back.x * (1 - w) + back.w * w, back.y * (1 - w) + back.w * w, back.z * (1 - w) + back.w * w, back.w)
        // Lit from above: the top of the roll and the flat back fully, the roll's far side less.
        let light = x >= a ? 1 : Float(0.75 + 0.25 * sin(t / r - pi / 2))
        let cover = (x >= a ? 1 : silhouette) * boxCoverage(p, box, width: pixel)
        return Self.over(Self.lit(back, light) * cover, result)
    }
}

// MARK: - Suck

/// `suckEffect` at one moment: the old picture drawn into a point near the bottom of the bounds
/// like a genie, over the new one.
struct SuckWarp: TransitionWarp {
    /// The point everything is drawn into, as fractions of the bounds' width and height.
    static let suckTarget = SIMD2<Double>(0.5, 0.75)
    /// The sides bend in over the progress 0 … `suckBendEnd`; the picture slides into the point over
    /// `suckSlideStart` … 1.
    static let suckBendEnd = 0.4
    static let suckSlideStart = 0.3

    let box: LayerBox
    let bend: Double
    let slide: Double
    let pixel: Double

    init?(box: LayerBox, progress: Double, pixel: Double) {
        guard box.x1 > box.x0, box.y1 > box.y0 else { return nil }
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        self.box = box
        bend = smoothstep(0, Self.suckBendEnd, p)
        slide = smoothstep(Self.suckSlideStart, 1, p)
        self.pixel = max(pixel, 1e-9)
    }

    /// The funnel's half-width factor at height fraction `u` above the point (0 at the point, 1
    /// at the top): an S-curve, narrowing slowly at first and closing smoothly.
    @inline(__always)
    private static func funnel(_ u: Double) -> Double { 0.5 - 0.5 * cos(Double.pi * min(max(u, 0), 1)) }

    func color(at q: SIMD2<Double>, old: PictureSampler, new: PictureSampler) -> SIMD4<Float> {
        let result = new.sample(q)
        let w = box.x1 - box.x0, h = box.y1 - box.y0
        let target = SIMD2(w, h) * Self.suckTarget
        let x = q.x - box.x0, y = q.y - box.y0
        // Rows: squeezed into the height above the point as the sides bend, then slid down into it.
        let scale = 1 + (target.y / h - 1) * bend
        let offset = slide * target.y
        let v = (y - offset) / scale
        guard v > -pixel, v < h + pixel else { return result }
        let u = (target.y - y) / target.y
        let narrowing = bend * (1 - Self.funnel(u))
        let half = w / 2 * (1 - narrowing)
        let centre = w / 2 + (target.x - w / 2) * narrowing
        let across = abs(x - centre)
        guard half > 0, across < half + pixel else { return result }
        let coverage = edgeCoverage(half, atLeast: across, width: pixel)
            * edgeCoverage(v * scale, atLeast: 0, width: pixel) * edgeCoverage(h * scale, atLeast: v * scale, width: pixel)
        let source = SIMD2(box.x0 + w / 2 + (x - centre) * (w / 2) / half, box.y0 + min(max(v, 0), h))
        return Self.over(old.sample(source) * Float(coverage), result)
    }
}

// MARK: - Ripple

/// `rippleEffect` at one moment: a packet of rings travelling out from the centre, refracting both
/// pictures, the new one showing behind the wave front.
struct RippleWarp: TransitionWarp {
    /// The rings' wavelength per smaller side of the bounds.
    static let rippleWavelength = 0.12
    /// The largest displacement, per wavelength, reached half-way.
    static let rippleAmplitude = 0.18
    /// How many wavelengths behind the front the rings reach (a Gaussian's width).
    static let ripplePacket = 1.6
    /// How much the slope of the water lightens or darkens it.
    static let rippleShading = 0.25

    let centre: SIMD2<Double>
    let wavelength: Double
    let amplitude: Double
    let front: Double
    /// Where sources are kept: within the bounds by half a device pixel (the water refracts the
    /// picture's edge inward, it does not pull in what lies outside).
    let lower: SIMD2<Double>
    let upper: SIMD2<Double>

    init?(box: LayerBox, progress: Double, pixel: Double) {
        guard box.x1 > box.x0, box.y1 > box.y0 else { return nil }
        let inset = min(pixel / 2, (box.x1 - box.x0) / 2, (box.y1 - box.y0) / 2)
        lower = SIMD2(box.x0 + inset, box.y0 + inset)
        upper = SIMD2(box.x1 - inset, box.y1 - inset)
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        let w = box.x1 - box.x0, h = box.y1 - box.y0
        centre = SIMD2((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
        wavelength = Self.rippleWavelength * min(w, h)
        amplitude = Self.rippleAmplitude * wavelength * sin(Double.pi * p)
        // The front runs from the centre to past the corners, the packet behind it too.
        let reach = (w * w + h * h).squareRoot() / 2
        front = p * (reach + 2 * Self.ripplePacket * wavelength)
    }

    /// The water's height (as a displacement along the radius) and its slope at distance `r`.
    @inline(__always)
    func wave(_ r: Double) -> (height: Double, slope: Double) {
        let behind = front - r
        let width = Self.ripplePacket * wavelength
        // Rings behind the front within the packet; a short rise ahead of it.
        let envelope = behind >= 0 ? exp(-(behind / width) * (behind / width))
                                   : exp(-(behind / (0.25 * wavelength)) * (behind / (0.25 * wavelength)))
        let k = 2 * Double.pi / wavelength
        let phase = k * behind
        return (amplitude * envelope * sin(phase), amplitude * envelope * k * cos(phase))
    }

    /// How much of the new picture shows at distance `r`: all of it a wavelength behind the front.
    @inline(__always)
    func newWeight(_ r: Double) -> Double { smoothstep(0, wavelength, front - r) }

    func color(at q: SIMD2<Double>, old: PictureSampler, new: PictureSampler) -> SIMD4<Float> {
        let d = q - centre
        let r = (d * d).sum().squareRoot()
        let (height, slope) = wave(r)
        let source = (r > 1e-9 ? q + d * (height / r) : q).clamped(lowerBound: lower, upperBound: upper)
        let f = Float(newWeight(r))
        var c = SIMD4<Float>.zero
        if f < 1 { c += old.sample(source) * (1 - f) }
        if f > 0 { c += new.sample(source) * f }
        let light = Float(1 + min(max(Self.rippleShading * slope, -0.15), 0.15))
        return SIMD4(min(c.x * light, c.w), min(c.y * light, c.w), min(c.z * light, c.w), c.w)
    }
}

// MARK: - Camera iris

/// The camera iris at one moment: which picture shows, through an aperture of what size.
struct IrisAperture {
    /// The aperture's sides (one per blade).
    static let irisBlades = 6
    /// How far the aperture turns as it closes, in radians.
    static let irisTurn = Double.pi / 6

    /// Whether the new picture shows (else the old).
    let showsNew: Bool
    /// The distance from the centre to the aperture's sides, and its turn.
    let inradius: Double
    let rotation: Double
    let centre: SIMD2<Double>

    init?(kind: TransitionKind, box: LayerBox, progress: Double) {
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        // How open the aperture is.
        let open: Double
        switch kind {
        case .cameraIrisHollowClose: (showsNew, open) = (false, 1 - p)
        case .cameraIrisHollowOpen: (showsNew, open) = (true, p)
        case .cameraIris: (showsNew, open) = p < 0.5 ? (false, 1 - 2 * p) : (true, 2 * p - 1)
        default: return nil
        }
        let w = box.x1 - box.x0, h = box.y1 - box.y0
        centre = SIMD2((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
        // Fully open, the sides clear the corners.
        inradius = open * (w * w + h * h).squareRoot() / 2
        rotation = (1 - open) * Self.irisTurn
    }

    /// Adds the aperture (a regular polygon about the centre) to `shape`, in layer space.
    func addAperture(to shape: inout Outline) {
        guard inradius > 0 else { return }
        let k = Self.irisBlades
        let circumradius = inradius / cos(Double.pi / Double(k))
        for i in 0..<k {
            let angle = rotation + 2 * Double.pi * Double(i) / Double(k) - Double.pi / 2
            shape.add(centre.x + circumradius * cos(angle), centre.y + circumradius * sin(angle))
        }
        shape.closeContour()
    }
}
