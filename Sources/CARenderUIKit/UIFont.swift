import Foundation
import CARenderText

/// UIKit's font: the same object as Core Text's `CTFont` (toll-free bridged on Apple platforms).
/// The system face is Inter, an open face with San Francisco's proportions; see `CTFont`.
public typealias UIFont = CTFont

extension CTFont {
    /// Font weights on UIKit's scale (−1…1).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The weight on UIKit's scale, from −1 (lightest) through 0 (regular) to 1 (heaviest).
        public var rawValue: CGFloat
        /// Creates a weight from a value on UIKit's scale.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Creates a weight from a value on UIKit's scale.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The ultra-light weight (−0.8).
        public static let ultraLight = Weight(-0.8)
        /// The thin weight (−0.6).
        public static let thin = Weight(-0.6)
        /// The light weight (−0.4).
        public static let light = Weight(-0.4)
        /// The regular weight (0).
        public static let regular = Weight(0)
        /// The medium weight (0.23).
        public static let medium = Weight(0.23)
        /// The semibold weight (0.3).
        public static let semibold = Weight(0.3)
        /// The bold weight (0.4).
        public static let bold = Weight(0.4)
        /// The heavy weight (0.56).
        public static let heavy = Weight(0.56)
        /// The black weight (0.62), the heaviest.
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

    /// The system font (Inter) at a size in points and a weight.
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> UIFont {
        resolve(.system(weight: Double(weight.rawValue), italic: false), size: fontSize)
    }

    /// The system font at a size in points in its bold weight.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// The system font at a size in points in its italic style.
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        resolve(.system(weight: 0, italic: true), size: fontSize)
    }

    /// A monospaced system font at a size in points and a weight: DejaVu Sans Mono, in its bold
    /// face from semibold up.
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
        /// The style's name, as UIKit spells it.
        public var rawValue: String
        /// Creates a text style from its name; an unknown name gets the body style's size and weight.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The style for large titles (34 points).
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// The style for first-level headings (28 points).
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// The style for second-level headings (22 points).
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// The style for third-level headings (20 points).
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// The style for headings (17 points, semibold).
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// The style for subheadings (15 points).
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// The style for body text (17 points).
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// The style for callouts (16 points).
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// The style for footnotes (13 points).
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// The style for standard captions (12 points).
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// The style for alternate captions (11 points).
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

    /// The standard size of system fonts, 14 points.
    public class var systemFontSize: CGFloat { 14 }
    /// The standard size of small system fonts, 12 points.
    public class var smallSystemFontSize: CGFloat { 12 }
    /// The standard size of labels, 17 points.
    public class var labelFontSize: CGFloat { 17 }
    /// The standard size of buttons, 18 points.
    public class var buttonFontSize: CGFloat { 18 }
}

extension UIColor: TextColorConvertible {}
