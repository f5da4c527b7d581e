/// Kochanek–Bartels (TCB) spline through keyframe vectors (Kochanek and Bartels, "Interpolating Splines with Local Tension, Continuity, and Bias Control", SIGGRAPH 1984): Hermite
/// segments whose tangents come from each keyframe's tension, continuity and bias. All zero
/// gives Catmull–Rom. The end keyframes use reflected phantom neighbours (`P₋₁ = 2P₀ − P₁`),
/// and tangents are scaled for uneven key times so velocity is continuous in time.
struct KochanekBartels {
    private let points: [[Double]]
    private let outgoing: [[Double]]
    private let incoming: [[Double]]

    /// - Parameters: `times` has one entry per point; `tension`, `continuity`, `bias` give
    ///   per-keyframe parameters, missing entries 0.
    init(points: [[Double]], times: [Double], tension: [Double], continuity: [Double], bias: [Double]) {
        self.points = points
        let n = points.count
        var outgoing: [[Double]] = []
        var incoming: [[Double]] = []
        for i in 0..<n {
            let p = points[i]
            let previous = i > 0 ? points[i - 1] : (n > 1 ? zip(p, points[1]).map { 2 * $0 - $1 } : p)
            let next = i < n - 1 ? points[i + 1] : (n > 1 ? zip(p, points[n - 2]).map { 2 * $0 - $1 } : p)
            let t = i < tension.count ? tension[i] : 0
            let c = i < continuity.count ? continuity[i] : 0
            let b = i < bias.count ? bias[i] : 0
            let back = zip(p, previous).map { $0 - $1 }
            let ahead = zip(next, p).map { $0 - $1 }
            let (a1, a2) = (0.5 * (1 - t) * (1 + c) * (1 + b), 0.5 * (1 - t) * (1 - c) * (1 - b))
            let (d1, d2) = (0.5 * (1 - t) * (1 - c) * (1 + b), 0.5 * (1 - t) * (1 + c) * (1 - b))
            var out = zip(back, ahead).map { a1 * $0 + a2 * $1 }
            var inc = zip(back, ahead).map { d1 * $0 + d2 * $1 }
            if i > 0 && i < n - 1 {
                let before = times[i] - times[i - 1], after = times[i + 1] - times[i]
                if before + after > 0 {
                    let so = 2 * after / (before + after), si = 2 * before / (before + after)
                    out = out.map { $0 * so }
                    inc = inc.map { $0 * si }
                }
            }
            outgoing.append(out)
            incoming.append(inc)
        }
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// The Hermite basis weights at fraction `u` of a segment, computed once per evaluation
    /// and shared by every component.
    struct Weights {
        let h00, h10, h01, h11: Double

        init(_ u: Double) {
            let u2 = u * u, u3 = u2 * u
            (h00, h10) = (2 * u3 - 3 * u2 + 1, u3 - 2 * u2 + u)
            (h01, h11) = (-2 * u3 + 3 * u2, u3 - u2)
        }
    }

    /// Component `k` of the point at the weights' fraction of the segment from keyframe `i` to
    /// `i + 1`. Builds no array: keyframe evaluation calls this per frame.
    func component(_ k: Int, segment i: Int, weights w: Weights) -> Double {
        w.h00 * points[i][k] + w.h10 * outgoing[i][k] + w.h01 * points[i + 1][k] + w.h11 * incoming[i + 1][k]
    }
}
