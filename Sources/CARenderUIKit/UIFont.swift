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

    /// The installed font named `fontName` (PostScript, full or family name). A font that is not
    /// installed gives its closest substitute with a warning naming it (UIKit returns nil; carender
    /// draws rather than fail a script written for Apple's fonts).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
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

    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// UIKit's standard sizes.
    public class var systemFontSize: CGFloat { 14 }
    public class var smallSystemFontSize: CGFloat { 12 }
    public class var labelFontSize: CGFloat { 17 }
    public class var buttonFontSize: CGFloat { 18 }
}

extension UIColor: TextColorConvertible {}
