import Foundation

/// A colour in the sRGB or grey colour space, with straight (unpremultiplied) components.
///
/// Like Apple's `CGColor` this is an immutable reference type; two colours with equal colour space
/// and components compare equal.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour model of a `CGColor`.
    public enum Model: Sendable, Equatable {
        /// Red, green and blue components (sRGB), and alpha.
        case rgb
        /// A grey level, and alpha.
        case monochrome
    }

    /// Whether the colour is RGB or grey (Apple asks its colour space: `colorSpace?.model`).
    public let model: Model
    /// The colour components followed by alpha: `[r, g, b, a]` or `[white, a]`.
    public let components: [CGFloat]?
    /// `rgbaComponents` each clamped to 0…1, as drawing reads them (`premultiplied(opacity:)`):
    /// kept with the colour so that filling with it reads four numbers, not the array (whose
    /// retain and release were a visible part of drawing a plain layer's background).
    @usableFromInline package let clampedRGBA: SIMD4<Double>

    /// An sRGB colour. Components are stored as given (renderers clamp them to [0, 1]), except
    /// that a NaN component, which has no colour, is stored as 0 with a warning naming it.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        model = .rgb
        let components = CGColor.definedComponents([red, green, blue, alpha], "CGColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))")
        self.components = components
        clampedRGBA = CGColor.clamped(CGColor.rgba(components))
    }

    /// A grey colour (`gray` 0 is black, 1 white). A NaN component is stored as 0 with a
    /// warning.
    public init(gray: CGFloat, alpha: CGFloat) {
        model = .monochrome
        let components = CGColor.definedComponents([gray, alpha], "CGColor(gray: \(gray), alpha: \(alpha))")
        self.components = components
        clampedRGBA = CGColor.clamped(CGColor.rgba(components))
    }

    /// `components` with NaN replaced by 0, warning once per colour so written (`call` is built
    /// only then).
    private static func definedComponents(_ components: [CGFloat], _ call: @autoclosure () -> String) -> [CGFloat] {
        guard components.contains(where: \.isNaN) else { return components }
        Diagnostics.warnOnce("\(call()) has a NaN component; it is taken as 0")
        return components.map { $0.isNaN ? 0 : $0 }
    }

    /// Same as `init(red:green:blue:alpha:)`: carender's RGB space is sRGB.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The number of components, alpha included (2 for grey, 4 for RGB).
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat {
        guard let c = components, !c.isEmpty else { return 1 }
        return c[c.count - 1]
    }

    /// This colour with its alpha replaced.
    public func copy(alpha: CGFloat) -> CGColor? {
        let c = rgbaComponents
        switch model {
        case .rgb: return CGColor(red: c.r, green: c.g, blue: c.b, alpha: alpha)
        case .monochrome: return CGColor(gray: c.r, alpha: alpha)
        }
    }

    /// The colour as straight sRGB components, grey expanded to r = g = b.
    public var rgbaComponents: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        CGColor.rgba(components)
    }

    /// `components` as sRGB red, green, blue and alpha, grey expanded to r = g = b.
    private static func rgba(_ components: [CGFloat]?) -> (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        let c = components ?? [0, 0, 0, 1]
        if c.count >= 4 { return (c[0], c[1], c[2], c[3]) }
        if c.count == 2 { return (c[0], c[0], c[0], c[1]) }
        return (0, 0, 0, 1)
    }

    /// Each component clamped to 0…1.
    private static func clamped(_ c: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)) -> SIMD4<Double> {
        func clamp(_ v: CGFloat) -> Double { min(max(Double(v), 0), 1) }
        return SIMD4(clamp(c.r), clamp(c.g), clamp(c.b), clamp(c.a))
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Whether two colours have the same model and components.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.model == rhs.model && lhs.components == rhs.components
    }

    /// Hashes the components, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }

    /// The colour's model and components, as "CGColor(rgb: r, g, b, a)".
    public var description: String {
        let c = (components ?? []).map { String(format: "%.4g", Double($0)) }.joined(separator: ", ")
        return "CGColor(\(model == .rgb ? "rgb" : "gray"): \(c))"
    }
}
