import Foundation

/// The exact curve behind a cubic Bézier that approximates part of a circle or ellipse: the arc
/// of the unit circle from `startAngle` turning by `sweep` radians, mapped by `transform`.
///
/// Core Graphics stores arcs as cubics; carender keeps this description next to each such cubic so
/// that measuring and flattening follow the true curve (a quarter-circle cubic is 1.4e-4 longer
/// than the arc it stands for).
package struct EllipticalArc: Equatable, Sendable {
    /// Maps the unit circle to path coordinates.
    var transform: CGAffineTransform
    var startAngle: CGFloat
    var sweep: CGFloat

    /// The point at parameter `u` in [0, 1] (angle `startAngle + u·sweep`).
    func point(at u: CGFloat) -> CGPoint {
        let angle = startAngle + u * sweep
        return CGPoint(x: cos(angle), y: sin(angle)).applying(transform)
    }

    /// The derivative with respect to `u`.
    func derivative(at u: CGFloat) -> CGPoint {
        let angle = startAngle + u * sweep
        return CGPoint(x: -sin(angle) * sweep, y: cos(angle) * sweep).applying(linearPart)
    }

    /// This arc mapped by `t`.
    func applying(_ t: CGAffineTransform) -> EllipticalArc {
        EllipticalArc(transform: transform.concatenating(t), startAngle: startAngle, sweep: sweep)
    }

    private var linearPart: CGAffineTransform {
        CGAffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
    }

    /// The arc split as Core Graphics splits it: quarter turns measured from the start angle, the
    /// last piece taking what remains (a 225° arc is 90°, 90°, 45°), each with its cubic Bézier
    /// (control 1, control 2, end) by the standard `4/3·tan(θ/4)` rule. Evidence: the element
    /// dumps in microsoft/WinObjC's `CGPathTests.mm` (`CGPathApplyAddArc`, written against the
    /// reference platform), where an arc from 225° clockwise to 0° ends its pieces at 135°, 45°
    /// and 0°. The split decides how `strokeStart`/`strokeEnd`, dash phases and keyframe
    /// animations along the path (which spend equal time per element) meet the arc.
    func cubicPieces() -> [(arc: EllipticalArc, control1: CGPoint, control2: CGPoint, end: CGPoint)] {
        guard sweep != 0 else { return [] }
        let quarter = CGFloat.pi / 2
        // A remainder within rounding of zero is no piece of its own.
        let count = max(1, Int((abs(sweep) / quarter - Self.remainderTolerance).rounded(.up)))
        let step = sweep < 0 ? -quarter : quarter
        var pieces: [(arc: EllipticalArc, control1: CGPoint, control2: CGPoint, end: CGPoint)] = []
        for i in 0..<count {
            let a = startAngle + CGFloat(i) * step
            let b = i == count - 1 ? startAngle + sweep : a + step
            let k = 4 / 3 * tan((b - a) / 4)
            let c1 = CGPoint(x: cos(a) - k * sin(a), y: sin(a) + k * cos(a))
            let c2 = CGPoint(x: cos(b) + k * sin(b), y: sin(b) - k * cos(b))
            // A full turn ends exactly where it started, not a rounding error away.
            let end = i == count - 1 && abs(sweep) == 2 * .pi
                ? CGPoint(x: cos(startAngle), y: sin(startAngle)) : CGPoint(x: cos(b), y: sin(b))
            pieces.append((EllipticalArc(transform: transform, startAngle: a, sweep: b - a),
                           c1.applying(transform), c2.applying(transform), end.applying(transform)))
        }
        return pieces
    }

    /// Quarter turns by which a sweep may exceed a whole number of them and still count as that
    /// number (so 2π computed with rounding stays four pieces).
    static let remainderTolerance: CGFloat = 1e-9
}
