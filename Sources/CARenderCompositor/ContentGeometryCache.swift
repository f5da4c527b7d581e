import Foundation
import CARenderGeometry
import CARenderRaster
import CARenderGraphics
import CARenderModel

/// Geometry of shape and gradient layers kept between frames, so a layer that does not change
/// costs no path measuring, stroking or ramp building per frame: stroke outlines (layer space)
/// by path, style and tolerance, and gradient ramps by colours and locations (refilled in place
/// when the opacity they are drawn with changes).
///
/// Entries hold their path, so an identity match cannot be a recycled object. The cache is
/// cleared when it grows past `capacity` entries (an animated path or style makes a new entry
/// every frame).
final class ContentGeometryCache {
    /// A stroke as the shape layer states it (building the stroker's `StrokeStyle` converts the
    /// dash pattern into a new array, so that is done only when the outline is not cached): the
    /// path, every field of the layer's `ShapeStroke`, and the quantised tolerance.
    private struct StrokeKey: Hashable {
        var path: ObjectIdentifier
        var stroke: ShapeStroke
        var tolerance: Double
    }

    private struct StrokeEntry {
        var path: CGPath
        var outline: Outline
    }

    /// A ramp and what it was made from. Ramps are found by comparing (hashing colours would
    /// allocate), among at most `rampCapacity` entries.
    private struct RampEntry {
        var colors: [CGColor]
        var locations: [CGFloat]?
        var gradient: CGGradient
        /// The opacity `ramp` holds.
        var opacity: Double
        var ramp: [UInt32]
    }

    /// Stroke entries, found by key through `strokeIndex` (a dictionary of small values: looking
    /// up large values copies them through the heap in unoptimised builds).
    private var strokes: [StrokeEntry] = []
    private var strokeIndex: [StrokeKey: Int] = [:]
    private var ramps: [RampEntry] = []
    private let stroker = Stroker()
    /// Stroke outlines kept before the cache starts afresh.
    static let capacity = 256
    /// Gradient ramps kept (a frame rarely shows more distinct gradients).
    static let rampCapacity = 32

    /// Appends the outline of `path` stroked as `stroke` states (its width, caps, joins, dashes
    /// and stroked range) within `tolerance` to `outline`.
    func appendStroke(of path: CGPath, stroke: ShapeStroke, tolerance: Double, to outline: inout Outline) {
        let tolerance = Self.strokeTolerance(tolerance)
        let key = StrokeKey(path: ObjectIdentifier(path), stroke: stroke, tolerance: tolerance)
        if let index = strokeIndex[key], strokes[index].path === path {
            outline.append(strokes[index].outline)
            return
        }
        var stroked = Outline()
        stroker.stroke(PathMeasure(path: path), style: stroke.strokeStyle, tolerance: tolerance, into: &stroked)
        if strokes.count >= Self.capacity {
            strokes.removeAll(keepingCapacity: true)
            strokeIndex.removeAll(keepingCapacity: true)
        }
        strokeIndex[key] = strokes.count
        strokes.append(StrokeEntry(path: path, outline: stroked))
        outline.append(stroked)
    }

    /// Steps of the stroke tolerance per halving.
    static let toleranceStepsPerOctave = 8.0

    /// `tolerance` rounded down to one of a few fixed values (eight per halving, so at most 9 %
    /// finer): the tolerance a map asks for wobbles in its last bits as the layer moves, and
    /// would otherwise make a new cache entry every frame.
    static func strokeTolerance(_ tolerance: Double) -> Double {
        guard tolerance.isFinite, tolerance > 0 else { return tolerance }
        let steps = toleranceStepsPerOctave
        return exp2((log2(tolerance) * steps).rounded(.down) / steps)
    }

    /// The painting ramp of a gradient (see `CGGradient.ramp(opacity:)`), or nil when the colours
    /// and locations do not make one.
    func ramp(colors: [CGColor], locations: [CGFloat]?, opacity: Double) -> [UInt32]? {
        var i = 0
        while i < ramps.count {
            if ramps[i].colors == colors && sameLocations(ramps[i].locations, locations) {
                if ramps[i].opacity != opacity {
                    CGGradient.fillRamp(&ramps[i].ramp, stops: ramps[i].gradient.stops, opacity: opacity)
                    ramps[i].opacity = opacity
                }
                return ramps[i].ramp
            }
            i += 1
        }
        guard let gradient = CGGradient(colorsSpace: nil, colors: colors, locations: locations) else { return nil }
        let ramp = gradient.ramp(opacity: opacity)
        if ramps.count >= Self.rampCapacity { ramps.removeFirst() }
        ramps.append(RampEntry(colors: colors, locations: locations, gradient: gradient, opacity: opacity, ramp: ramp))
        return ramp
    }
}

private func sameLocations(_ a: [CGFloat]?, _ b: [CGFloat]?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return x == y
    default: return false
    }
}

extension Outline {
    /// Appends every contour of `other` (index loops: no iterator or sequence machinery).
    mutating func append(_ other: Outline) {
        let base = xs.count
        for i in 0..<other.xs.count {
            xs.append(other.xs[i])
            ys.append(other.ys[i])
        }
        for i in 0..<other.contourEnds.count { contourEnds.append(base + other.contourEnds[i]) }
    }
}

