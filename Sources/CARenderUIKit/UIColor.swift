import Foundation
import CARenderGeometry

/// A colour for the layer-backed views of UIKit-style scripts; `cgColor` is what layers take.
open class UIColor: NSObject {
    /// The Core Graphics colour that corresponds to this colour; layers take this value.
    public let cgColor: CGColor

    /// Creates a colour from a Core Graphics colour.
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    /// Creates a colour from red, green, blue and alpha components, each 0…1, in sRGB.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Creates a grey colour from a white level and an alpha, each 0…1.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// A colour from hue, saturation and brightness (HSB), each 0…1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// This colour with its alpha replaced.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// Whether `object` is a colour with the same Core Graphics colour.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIColor)?.cgColor == cgColor
    }

    /// A hash of the colour's Core Graphics colour, consistent with `isEqual(_:)`.
    open override var hash: Int { cgColor.hashValue }

    // UIKit's named colours, with UIKit's component values.
    /// A colour whose greyscale value is 0 and alpha is 1.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// A colour whose greyscale value is 1/3 and alpha is 1.
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    /// A colour whose greyscale value is 2/3 and alpha is 1.
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    /// A colour whose greyscale value is 1 and alpha is 1.
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// A colour whose greyscale value is 0.5 and alpha is 1.
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// A colour whose RGB values are 1, 0, 0 and alpha is 1.
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// A colour whose RGB values are 0, 1, 0 and alpha is 1.
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// A colour whose RGB values are 0, 0, 1 and alpha is 1.
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// A colour whose RGB values are 0, 1, 1 and alpha is 1.
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// A colour whose RGB values are 1, 1, 0 and alpha is 1.
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// A colour whose RGB values are 1, 0, 1 and alpha is 1.
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// A colour whose RGB values are 1, 0.5, 0 and alpha is 1.
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// A colour whose RGB values are 0.5, 0, 0.5 and alpha is 1.
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// A colour whose RGB values are 0.6, 0.4, 0.2 and alpha is 1.
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// A colour whose greyscale and alpha values are both 0.
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // iOS's system colours in their light-mode values (Apple's Human Interface Guidelines,
    // "Color": the iOS 15 and later values, in sRGB). carender renders light mode.
    /// The system red, in its light-mode value.
    open class var systemRed: UIColor { rgb(255, 59, 48) }
    /// The system orange, in its light-mode value.
    open class var systemOrange: UIColor { rgb(255, 149, 0) }
    /// The system yellow, in its light-mode value.
    open class var systemYellow: UIColor { rgb(255, 204, 0) }
    /// The system green, in its light-mode value.
    open class var systemGreen: UIColor { rgb(52, 199, 89) }
    /// The system mint, in its light-mode value.
    open class var systemMint: UIColor { rgb(0, 199, 190) }
    /// The system teal, in its light-mode value.
    open class var systemTeal: UIColor { rgb(48, 176, 199) }
    /// The system cyan, in its light-mode value.
    open class var systemCyan: UIColor { rgb(50, 173, 230) }
    /// The system blue, in its light-mode value.
    open class var systemBlue: UIColor { rgb(0, 122, 255) }
    /// The system indigo, in its light-mode value.
    open class var systemIndigo: UIColor { rgb(88, 86, 214) }
    /// The system purple, in its light-mode value.
    open class var systemPurple: UIColor { rgb(175, 82, 222) }
    /// The system pink, in its light-mode value.
    open class var systemPink: UIColor { rgb(255, 45, 85) }
    /// The system brown, in its light-mode value.
    open class var systemBrown: UIColor { rgb(162, 132, 94) }
    /// The base system grey, in its light-mode value.
    open class var systemGray: UIColor { rgb(142, 142, 147) }
    /// A second-level shade of grey, in its light-mode value.
    open class var systemGray2: UIColor { rgb(174, 174, 178) }
    /// A third-level shade of grey, in its light-mode value.
    open class var systemGray3: UIColor { rgb(199, 199, 204) }
    /// A fourth-level shade of grey, in its light-mode value.
    open class var systemGray4: UIColor { rgb(209, 209, 214) }
    /// A fifth-level shade of grey, in its light-mode value.
    open class var systemGray5: UIColor { rgb(229, 229, 234) }
    /// A sixth-level shade of grey, in its light-mode value.
    open class var systemGray6: UIColor { rgb(242, 242, 247) }
    /// The app's tint: the system blue.
    open class var tintColor: UIColor { systemBlue }

    // Semantic (UI element) colours, light mode.
    /// The colour for text labels that contain primary content (black in light mode).
    open class var label: UIColor { .black }
    /// The colour for text labels that contain secondary content.
    open class var secondaryLabel: UIColor { rgb(60, 60, 67, alpha: 0.6) }
    /// The colour for text labels that contain tertiary content.
    open class var tertiaryLabel: UIColor { rgb(60, 60, 67, alpha: 0.3) }
    /// The colour for text labels that contain quaternary content.
    open class var quaternaryLabel: UIColor { rgb(60, 60, 67, alpha: 0.18) }
    /// The colour for placeholder text in controls or text views.
    open class var placeholderText: UIColor { rgb(60, 60, 67, alpha: 0.3) }
    /// The colour for links (the system blue).
    open class var link: UIColor { systemBlue }
    /// The colour for thin borders or divider lines that let underlying content show through.
    open class var separator: UIColor { rgb(60, 60, 67, alpha: 0.29) }
    /// The colour for borders or divider lines that hide underlying content.
    open class var opaqueSeparator: UIColor { rgb(198, 198, 200) }
    /// An overlay fill colour for thin and small shapes.
    open class var systemFill: UIColor { rgb(120, 120, 128, alpha: 0.2) }
    /// An overlay fill colour for medium-size shapes.
    open class var secondarySystemFill: UIColor { rgb(120, 120, 128, alpha: 0.16) }
    /// An overlay fill colour for large shapes.
    open class var tertiarySystemFill: UIColor { rgb(118, 118, 128, alpha: 0.12) }
    /// An overlay fill colour for large areas that contain complex content.
    open class var quaternarySystemFill: UIColor { rgb(116, 116, 128, alpha: 0.08) }
    /// The colour for the main background of an interface (white in light mode).
    open class var systemBackground: UIColor { .white }
    /// The colour for content layered on top of the main background.
    open class var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    /// The colour for content layered on top of secondary backgrounds.
    open class var tertiarySystemBackground: UIColor { .white }
    /// The colour for the main background of a grouped interface.
    open class var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    /// The colour for content layered on top of the main background of a grouped interface.
    open class var secondarySystemGroupedBackground: UIColor { .white }
    /// The colour for content layered on top of secondary backgrounds of a grouped interface.
    open class var tertiarySystemGroupedBackground: UIColor { rgb(242, 242, 247) }
    /// The colour for text on light backgrounds (black).
    open class var darkText: UIColor { .black }
    /// The colour for text on dark backgrounds (white at 60% alpha).
    open class var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }

    /// A colour from 8-bit sRGB components.
    private static func rgb(_ red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }

    // MARK: - Components

    /// The colour's red, green, blue and alpha (a grey's white level is each of red, green and
    /// blue); each pointer may be nil. Always true: every carender colour converts to RGB.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.rgbaComponents
        red?.pointee = c.r
        green?.pointee = c.g
        blue?.pointee = c.b
        alpha?.pointee = c.a
        return true
    }

    /// The colour's hue, saturation and brightness (HSB, each 0…1) and alpha.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.rgbaComponents
        let maximum = max(c.r, c.g, c.b), minimum = min(c.r, c.g, c.b), range = maximum - minimum
        var h: CGFloat = 0
        if range > 0 {
            if maximum == c.r { h = (c.g - c.b) / range }
            else if maximum == c.g { h = 2 + (c.b - c.r) / range }
            else { h = 4 + (c.r - c.g) / range }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? range / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = c.a
        return true
    }

    /// The colour's white level (the mean of red, green and blue for a colour) and alpha.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.rgbaComponents
        white?.pointee = cgColor.model == .monochrome ? c.r : (c.r + c.g + c.b) / 3
        alpha?.pointee = c.a
        return true
    }

    // MARK: - Dynamic colours

    /// A colour that depends on the trait collection; carender renders light mode, so it is the
    /// colour `dynamicProvider` gives for the light-mode traits.
    public convenience init(dynamicProvider: (UITraitCollection) -> UIColor) {
        self.init(cgColor: dynamicProvider(UITraitCollection.current).cgColor)
    }

    /// The colour for `traitCollection`: the same colour (carender's colours are resolved).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { self }
}

/// The environment a view draws in; carender's is always light mode at the stage's scale.
open class UITraitCollection: NSObject {
    /// Light, dark, or not yet known.
    public enum UserInterfaceStyle: Int, Sendable {
        /// No style yet, light mode, or dark mode.
        case unspecified, light, dark
    }

    /// Always `.light`: carender renders light mode.
    open var userInterfaceStyle: UserInterfaceStyle { .light }
    /// The screen's scale.
    open var displayScale: CGFloat { UIScreen.main.scale }

    /// Creates a trait collection with carender's traits: light mode at the main screen's scale.
    public override init() { super.init() }

    /// The traits views draw with.
    open class var current: UITraitCollection { UITraitCollection() }
}
