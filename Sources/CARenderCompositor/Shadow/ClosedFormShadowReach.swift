import Foundation
import CARenderGeometry
import CARenderRaster

/// How far a closed-form (rounded-rectangle) shadow is drawn beyond its shape. The painter grows
/// its area by it; the display list bounds the shadow's extent by it, so the two agree on every
/// pixel the shadow can change.
enum ClosedFormShadowReach {
    /// The farthest, in sigmas: there the Gaussian leaves less than 0.35/255 of the shadow colour.
    static var maximumSigmas: Double { 3.0 }

    /// The distance, in sigmas, beyond which the blur of a convex shape changes no pixel of a
    /// shadow whose premultiplied colour has `alpha` (0…255, its largest channel). At distance D
    /// from the shape the blur is below that of a straight edge, Φ(−D/σ); a pixel changes only
    /// where the blur reaches the first palette level whose alpha rounds to 1 or more. Never
    /// more than `maximumSigmas`, and larger for a larger `alpha`.
    static func sigmas(alpha: Float) -> Double {
        let firstLevel = (128 / Double(max(alpha, 0.5))).rounded(.up)
        // The levels a colour can have (alpha up to 255 gives level 1 at least).
        if firstLevel >= 1 && firstLevel <= 256 { return byLevel[Int(firstLevel)] }
        return sigmas(firstLevel: firstLevel)
    }

    /// The distance for each first level 0…256, computed once (an immutable table, read by any
    /// thread).
    private static let byLevel: [Double] = (0...256).map { sigmas(firstLevel: Double($0)) }

    private static func sigmas(firstLevel: Double) -> Double {
        // The tables and texture may read up to 1/1000 above the Gaussian.
        let cutoff = (firstLevel - 0.5) / 256 - 0.001
        var t = maximumSigmas
        if cutoff > normalCDF(-t) {
            // Φ(−t) = cutoff, by bisection (Φ is increasing).
            var lo = 0.0, hi = t
            for _ in 0..<24 {
                let mid = (lo + hi) / 2
                if normalCDF(-mid) > cutoff { lo = mid } else { hi = mid }
            }
            t = hi
        }
        return t
    }

    /// The chords' tolerance for an area reaching `reach` layer units beyond the shape: a quarter
    /// pixel, but never finer than 1/256 of the corner (a layer scaled up enormously would
    /// otherwise flatten its corners into billions of chords).
    static func tolerance(reach: Double, pixelsPerUnit k: Double) -> Double {
        max(0.25 / k, reach / 256)
    }

    /// Sigma in layer units, widened by a pixel's own spread (variance 1/12 px²) so that
    /// evaluating at pixel centres matches area sampling even for tiny blurs.
    static func effectiveSigma(shadowRadius: Double, pixelsPerUnit k: Double) -> Double {
        let sigma = max(shadowRadius, 0)
        return (sigma * sigma + 1.0 / (12 * k * k)).squareRoot()
    }
}

extension DisplayList {
    /// How far beyond its bounds item `i`'s shadow can change a pixel under `map`, in layer
    /// units, when the shadow has a closed form (a rounded-rectangle shadow, see
    /// `uniformShapeAlpha`); nil when it is blurred from the layer's alpha instead.
    ///
    /// An upper bound of the painter's area (`FrameDrawing.addShadowArea`) for any opacity the
    /// layer is drawn with: the inherited opacity and the shape's alpha only lower the colour's
    /// alpha, and with it the reach; either quantisation of sigma moves it by at most 1/256 of
    /// itself; the area's chords lie within their tolerance outside the grown rectangle. Half a
    /// pixel more covers the rounding of maps that differ by a translation (an offscreen's).
    func closedFormShadowMargin(_ i: Int, map: ProjectiveMap) -> Double? {
        let s = items[i].statePointer
        guard s.pointee.shadowPath == nil, let shadowColor = s.pointee.shadowColor, items[i].uniformShapeAlpha != nil else {
            return nil
        }
        let b = s.boundsBox
        let alpha = shadowColor.premultiplied(opacity: Double(min(max(s.pointee.shadowOpacity, 0), 1))).w
        let k = map.maxScale(x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1)
        let sigma = ClosedFormShadowReach.effectiveSigma(shadowRadius: Double(s.pointee.shadowRadius), pixelsPerUnit: k)
        let reach = ClosedFormShadowReach.sigmas(alpha: alpha) * sigma * (1 + 1.0 / 128)
        let margin = reach + 2 * ClosedFormShadowReach.tolerance(reach: reach, pixelsPerUnit: k) + 0.5 / k
        return margin.isFinite ? margin : nil
    }
}
