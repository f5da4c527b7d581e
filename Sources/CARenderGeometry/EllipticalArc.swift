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

    /// The arc split into pieces of at most a quarter turn, each with its cubic Bézier
    /// (control 1, control 2, end), the standard `4/3·tan(θ/4)` approximation.
    func cubicPieces() -> [(arc: EllipticalArc, control1: CGPoint, control2: CGPoint, end: CGPoint)] {
        guard sweep != 0 else { return [] }
        let count = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4 / 3 * tan(step / 4)
        var pieces: [(arc: EllipticalArc, control1: CGPoint, control2: CGPoint, end: CGPoint)] = []
        for i in 0..<count {
            let a = startAngle + CGFloat(i) * step
            let b = i == count - 1 ? startAngle + sweep : a + step
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
}
