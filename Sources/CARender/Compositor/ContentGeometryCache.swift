import Foundation

/// Geometry of shape and gradient layers kept between frames, so a layer that does not change
/// costs no path measuring, stroking or ramp building per frame: stroke outlines (layer space)
/// by path, style and tolerance, and gradient ramps by colours, locations and opacity.
///
/// Entries hold their path, so an identity match cannot be a recycled object. The cache is
/// cleared when it grows past `capacity` entries (an animated path or style makes a new entry
/// every frame).
final class ContentGeometryCache {
    private struct StrokeKey: Hashable {
        var path: ObjectIdentifier
        var style: StrokeStyle
        var tolerance: Double

        /// Hashes the scalars only: hashing the dash array would allocate; equality still
        /// compares everything.
        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(style.lineWidth)
            hasher.combine(style.start)
            hasher.combine(style.end)
            hasher.combine(style.dashPhase)
            hasher.combine(tolerance)
        }
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

    /// Appends the outline of `path` stroked with `style` within `tolerance` to `outline`.
    func appendStroke(of path: CGPath, style: StrokeStyle, tolerance: Double, to outline: inout Outline) {
        let key = StrokeKey(path: ObjectIdentifier(path), style: style, tolerance: tolerance)
        if let index = strokeIndex[key], strokes[index].path === path {
            outline.append(strokes[index].outline)
            return
        }
        var stroked = Outline()
        stroker.stroke(PathMeasure(path: path), style: style, tolerance: tolerance, into: &stroked)
        if strokes.count >= Self.capacity {
            strokes.removeAll(keepingCapacity: true)
            strokeIndex.removeAll(keepingCapacity: true)
        }
        strokeIndex[key] = strokes.count
        strokes.append(StrokeEntry(path: path, outline: stroked))
        outline.append(stroked)
    }

    /// The painting ramp of a gradient (see `CGGradient.ramp(opacity:)`), or nil when the colours
    /// and locations do not make one.
    func ramp(colors: [CGColor], locations: [CGFloat]?, opacity: Double) -> [UInt32]? {
        for i in ramps.indices where ramps[i].opacity == opacity && ramps[i].colors == colors
            && sameLocations(ramps[i].locations, locations) {
            return ramps[i].ramp
        }
        guard let gradient = CGGradient(colorsSpace: nil, colors: colors, locations: locations) else { return nil }
        let ramp = gradient.ramp(opacity: opacity)
        if ramps.count >= Self.rampCapacity { ramps.removeFirst() }
        ramps.append(RampEntry(colors: colors, locations: locations, opacity: opacity, ramp: ramp))
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

