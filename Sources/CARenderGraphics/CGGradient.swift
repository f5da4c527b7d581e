import Foundation
import CARenderPixels
import CARenderGeometry

/// A smooth transition between colours at locations 0…1, for `CGContext`'s linear and radial
/// gradient fills (and the ramp a `CAGradientLayer` draws).
///
/// Colours are interpolated component by component, straight (not premultiplied), in sRGB — as
/// Core Graphics documents for a gradient in an RGB colour space ("CGGradient": the colour at a
/// location between two stops is the linear interpolation of their components). Locations
/// outside 0…1 are clamped; when 0 or 1 is missing the nearest colour extends to it; without
/// locations the colours are spaced evenly.
public final class CGGradient: Sendable {
    /// Stops sorted by location: location, then straight r, g, b, a (0…1).
    package let stops: [(location: Double, color: SIMD4<Double>)]

    /// A gradient of `colors` at `locations` (evenly spaced when nil). Nil when there are no
    /// colours, or when the location count does not match.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        var stops: [(location: Double, color: SIMD4<Double>)] = []
        for (i, color) in colors.enumerated() {
            let location = locations.map { Double($0[i]) }
                ?? (colors.count == 1 ? 0 : Double(i) / Double(colors.count - 1))
            stops.append((min(max(location.isFinite ? location : 0, 0), 1), Self.straight(color)))
        }
        self.stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map { $0.element }
    }

    /// A gradient of the `CGColor`s in `colors` — Apple code passes `cgColors as CFArray`, which
    /// is an `NSArray` on Linux — at `locations`. Nil when an element is not a `CGColor`.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let converted = colors.compactMap { $0 as? CGColor }
        guard converted.count == colors.count else { return nil }
        self.init(colorsSpace: space, colors: converted, locations: locations)
    }

    /// A gradient of `colors` at `locations` given as an array.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        if let locations {
            guard locations.count == colors.count else { return nil }
            self.init(colorsSpace: space, colors: colors, locations: locations.withUnsafeBufferPointer { $0.baseAddress })
        } else {
            self.init(colorsSpace: space, colors: colors, locations: nil as UnsafePointer<CGFloat>?)
        }
    }

    /// From packed components (`count` colours of 4 RGBA or 2 grey-alpha components each).
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let perColor = space.model == .rgb ? 4 : 2
        let colors = (0..<count).map { i -> CGColor in
            let c = components + i * perColor
            return perColor == 4 ? CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]) : CGColor(gray: c[0], alpha: c[1])
        }
        self.init(colorsSpace: space, colors: colors, locations: locations)
    }

    /// The straight colour at `t` (clamped to 0…1).
    func color(at t: Double) -> SIMD4<Double> {
        Self.color(at: t, stops: stops)
    }

    static func color(at t: Double, stops: [(location: Double, color: SIMD4<Double>)]) -> SIMD4<Double> {
        guard let first = stops.first, let last = stops.last else { return .zero }
        let t = t.isFinite ? min(max(t, 0), 1) : 0
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        var i = 1
        while i < stops.count - 1 && stops[i].location < t { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let span = b.location - a.location
        guard span > 0 else { return b.color }
        let f = (t - a.location) / span
        return a.color + (b.color - a.color) * f
    }

    package static func straight(_ color: CGColor) -> SIMD4<Double> {
        let c = color.rgbaComponents
        func clamp(_ v: CGFloat) -> Double { min(max(Double(v), 0), 1) }
        return SIMD4(clamp(c.r), clamp(c.g), clamp(c.b), clamp(c.a))
    }

    /// Entries in a painting ramp: more than 8-bit output can tell apart along any gradient.
    static let rampSize = 1024

    /// The gradient sampled at `rampSize` evenly spaced locations, premultiplied and packed RGBA8
    /// with `opacity` applied, for painters to index.
    package func ramp(opacity: Double) -> [UInt32] {
        Self.ramp(stops: stops, opacity: opacity)
    }

    static func ramp(stops: [(location: Double, color: SIMD4<Double>)], opacity: Double) -> [UInt32] {
        var ramp = [UInt32](repeating: 0, count: rampSize)
        fillRamp(&ramp, stops: stops, opacity: opacity)
        return ramp
    }

    /// Rewrites `ramp` (of `rampSize` entries) in place for `opacity`: a layer that fades
    /// refills its ramp every frame without allocating one.
    package static func fillRamp(_ ramp: inout [UInt32], stops: [(location: Double, color: SIMD4<Double>)], opacity: Double) {
        let opacity = min(max(opacity, 0), 1)
        let count = stops.count
        guard count > 0 else { return }
        // `color(at:stops:)` walked with the ramp: locations only grow, so the segment does too
        // (and no stop tuple is copied out of the array, which allocates in unoptimised builds).
        var k = 1
        var i = 0
        while i < ramp.count {
            let t = Double(i) / Double(rampSize - 1)
            var c: SIMD4<Double>
            if t <= stops[0].location {
                c = stops[0].color
            } else if t >= stops[count - 1].location {
                c = stops[count - 1].color
            } else {
                while k < count - 1 && stops[k].location < t { k += 1 }
                let a = stops[k - 1].location, b = stops[k].location
                c = stops[k].color
                if b - a > 0 {
                    let from = stops[k - 1].color
                    c = from + (c - from) * ((t - a) / (b - a))
                }
            }
            let a = c.w * opacity
            ramp[i] = packed(SIMD4<Float>(Float(c.x * a * 255), Float(c.y * a * 255), Float(c.z * a * 255), Float(a * 255)))
            i += 1
        }
    }
}

/// Whether a gradient fill extends its end colours beyond its start and end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    /// The options' bits, with Core Graphics' values.
    public let rawValue: UInt32
    /// Creates options from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Fill before the start with the first colour.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Fill after the end with the last colour.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
