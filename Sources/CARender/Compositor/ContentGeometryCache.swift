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
    }

    private struct StrokeEntry {
        var path: CGPath
        var outline: Outline
    }

    private struct RampKey: Hashable {
        var colors: [CGColor]
        var locations: [CGFloat]?
        var opacity: Double
    }

    private var strokes: [StrokeKey: StrokeEntry] = [:]
    private var ramps: [RampKey: [UInt32]] = [:]
    private let stroker = Stroker()
    /// Entries kept of each kind before the cache starts afresh.
    static let capacity = 256

    /// Appends the outline of `path` stroked with `style` within `tolerance` to `outline`.
    func appendStroke(of path: CGPath, style: StrokeStyle, tolerance: Double, to outline: inout Outline) {
        let key = StrokeKey(path: ObjectIdentifier(path), style: style, tolerance: tolerance)
        if let entry = strokes[key], entry.path === path {
            outline.append(entry.outline)
            return
        }
        var stroked = Outline()
        stroker.stroke(PathMeasure(path: path), style: style, tolerance: tolerance, into: &stroked)
        if strokes.count >= Self.capacity { strokes.removeAll(keepingCapacity: true) }
        strokes[key] = StrokeEntry(path: path, outline: stroked)
        outline.append(stroked)
    }

    /// The painting ramp of a gradient (see `CGGradient.ramp(opacity:)`), or nil when the colours
    /// and locations do not make one.
    func ramp(colors: [CGColor], locations: [CGFloat]?, opacity: Double) -> [UInt32]? {
        let key = RampKey(colors: colors, locations: locations, opacity: opacity)
        if let ramp = ramps[key] { return ramp }
        guard let gradient = CGGradient(colorsSpace: nil, colors: colors, locations: locations) else { return nil }
        let ramp = gradient.ramp(opacity: opacity)
        if ramps.count >= Self.capacity { ramps.removeAll(keepingCapacity: true) }
        ramps[key] = ramp
        return ramp
    }
}

extension Outline {
    /// Appends every contour of `other`.
    mutating func append(_ other: Outline) {
        let base = xs.count
        xs.append(contentsOf: other.xs)
        ys.append(contentsOf: other.ys)
        for end in other.contourEnds { contourEnds.append(base + end) }
    }
}

