import Foundation
import CARenderText

/// UIKit's font: the same object as Core Text's `CTFont` (toll-free bridged on Apple platforms).
/// The system face is Inter, an open face with San Francisco's proportions; see `CTFont`.
public typealias UIFont = CTFont

extension CTFont {
    /// Font weights on UIKit's scale (−1…1).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    /// The font named `fontName` (PostScript, full or family name), or nil when there is none, as
    /// on a device: an installed face, or one of iOS's own fonts ("HelveticaNeue-Bold", "Avenir
    /// Next", "Menlo-Regular"…) drawn with its closest installed substitute (with a warning
    /// naming it). Any other name gives nil, so `UIFont(name:size:) ?? .systemFont(ofSize:)`
    /// takes the same path as on an iPhone.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard FontCatalog.shared.hasInstalledFace(named: fontName) || AppleFontName(fontName).isShippedWithIOS else {
            return nil
        }
        let font = CTFont.resolve(.named(fontName), size: fontSize)
        self.init(request: font.request, face: font.face, size: fontSize)
    }

    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> UIFont {
        resolve(.system(weight: Double(weight.rawValue), italic: false), size: fontSize)
    }

    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        resolve(.system(weight: 0, italic: true), size: fontSize)
    }

    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        resolve(.monospaced(weight: Double(weight.rawValue)), size: fontSize)
    }

    /// The system font with tabular figures: every digit as wide (Inter's "tnum" feature, as San
    /// Francisco's monospaced digits).
    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        let font = systemFont(ofSize: fontSize, weight: weight)
        return UIFont(request: font.request, face: font.face, size: fontSize, features: .tabularFigures)
    }

    /// The font for a text style at the default content size (Large), with Apple's sizes and
    /// weights for each style (Human Interface Guidelines, "Typography": Dynamic Type sizes).
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (size, weight) = style.defaultSizeAndWeight
        return systemFont(ofSize: size, weight: weight)
    }

    /// Dynamic Type's text styles.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Points and weight at the Large content size category (iOS's default).
        var defaultSizeAndWeight: (CGFloat, Weight) {
            switch self {
            case .largeTitle: return (34, .regular)
            case .title1: return (28, .regular)
            case .title2: return (22, .regular)
            case .title3: return (20, .regular)
            case .headline: return (17, .semibold)
            case .subheadline: return (15, .regular)
            case .callout: return (16, .regular)
            case .footnote: return (13, .regular)
            case .caption1: return (12, .regular)
            case .caption2: return (11, .regular)
            default: return (17, .regular)
            }
        }
    }

    /// UIKit's standard sizes.
    public class var systemFontSize: CGFloat { 14 }
    public class var smallSystemFontSize: CGFloat { 12 }
    public class var labelFontSize: CGFloat { 17 }
    public class var buttonFontSize: CGFloat { 18 }
}

extension UIColor: TextColorConvertible {}
