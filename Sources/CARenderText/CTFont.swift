import Foundation
import CARenderGeometry

/// A font at a size: Core Text's `CTFont` (UIKit's `UIFont` is the same object here, as the two
/// are toll-free bridged on Apple platforms).
///
/// Apple's faces map to installed open substitutes (see `FontCatalog`): the system face is Inter,
/// the monospaced face DejaVu Sans Mono, Chinese falls back to WenQuanYi Micro Hei. Metrics come
/// from the substitute's own tables, scaled to `pointSize`, unhinted.
public final class CTFont: CustomStringConvertible, Sendable {
    /// What was asked for, so `withSize(_:)` asks again at another size.
    package enum Request: Hashable, Sendable {
        case system(weight: Double, italic: Bool)
        case monospaced(weight: Double)
        case named(String)
    }

    package let request: Request
    /// The face drawn with; nil only when no font is installed at all (text then draws nothing,
    /// and metrics are Inter's proportions).
    package let face: FontFace?
    /// Points per em.
    public let pointSize: CGFloat
    /// OpenType features shaping turns on (tabular figures for `monospacedDigitSystemFont`).
    package let features: FontFeatures

    package init(request: Request, face: FontFace?, size: CGFloat, features: FontFeatures = []) {
        self.request = request
        self.face = face
        pointSize = size.isFinite && size > 0 ? size : 0
        self.features = features
    }

    /// The font for `request` at `size`: the face asked for, else its substitute (with a warning
    /// naming it), else any installed face.
    package static func resolve(_ request: Request, size: CGFloat) -> CTFont {
        CTFont(request: request, face: face(for: request), size: size)
    }

    private static func face(for request: Request) -> FontFace? {
        let catalog = FontCatalog.shared
        let found: FontFace?
        switch request {
        case .system(let weight, let italic):
            found = catalog.systemFace(weight: weight, italic: italic)
        case .monospaced(let weight):
            found = catalog.monospacedFace(weight: weight)
        case .named(let name):
            if let face = catalog.installedFace(named: name) { return face }
            guard AppleFontName(name).isShippedWithIOS else {
                // Core Text answers a name it does not know with Helvetica: the system face here.
                let face = catalog.systemFace(weight: 0, italic: false)
                if let face {
                    Diagnostics.warnOnce("font '\(name)' is not installed; drawing it with \(face.familyName) "
                                         + "\(face.styleName) (\(face.path)), as Core Text draws an unknown name in Helvetica")
                }
                return face ?? catalog.anyFace
            }
            let substitute = AppleFontName(name).substitute
            if case .named = substitute, let face = catalog.installedFace(named: "WenQuanYi Micro Hei") {
                Diagnostics.warnOnce("font '\(name)' is not installed; drawing it with \(face.familyName) (\(face.path))")
                return face
            }
            found = Self.face(for: substitute == request ? .system(weight: 0, italic: false) : substitute)
            if let face = found {
                Diagnostics.warnOnce("font '\(name)' is not installed; drawing it with \(face.familyName) "
                                     + "\(face.styleName) (\(face.path))")
            }
        }
        if let face = found ?? catalog.anyFace { return face }
        Diagnostics.warnOnce("no fonts are installed, so text is not drawn (Tools/install-system-packages installs them)")
        return nil
    }

    /// The font's PostScript name: the installed face's, the name asked for when it is one of
    /// iOS's own fonts drawn with a substitute (as on a device), "Helvetica" for a name Core Text
    /// does not know.
    public var fontName: String {
        if case .named(let name) = request, !FontCatalog.shared.hasInstalledFace(named: name) {
            return AppleFontName(name).isShippedWithIOS ? name : "Helvetica"
        }
        return face?.postScriptName ?? ""
    }
    /// The family name of the face drawn (empty when no font is installed).
    public var familyName: String { face?.familyName ?? "" }

    /// Inter's proportions, for metrics when nothing is installed.
    private static let placeholderMetrics = FontFace.Metrics(
        unitsPerEm: 2816, ascender: 2728, descender: -680, lineGap: 0, capHeight: 2048, xHeight: 1536,
        italicAngle: 0, isFixedPitch: false)
    package var metrics: FontFace.Metrics { face?.metrics ?? Self.placeholderMetrics }
    private var unit: Double { Double(pointSize) / metrics.unitsPerEm }
    /// The distance from the baseline to the top of the tallest glyphs (positive).
    public var ascender: CGFloat { CGFloat(metrics.ascender * unit) }
    /// The distance from the baseline to the bottom of the lowest glyphs (negative, as UIKit's).
    public var descender: CGFloat { CGFloat(metrics.descender * unit) }
    /// The extra space between lines the font asks for.
    public var leading: CGFloat { CGFloat(metrics.lineGap * unit) }
    /// Baseline to baseline: ascender − descender + leading.
    public var lineHeight: CGFloat { ascender - descender + leading }
    /// The height of capital letters above the baseline, in points.
    public var capHeight: CGFloat { CGFloat(metrics.capHeight * unit) }
    /// The height of lowercase letters such as "x" above the baseline, in points.
    public var xHeight: CGFloat { CGFloat(metrics.xHeight * unit) }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> CTFont {
        CTFont(request: request, face: face, size: fontSize, features: features)
    }

    /// The font's PostScript name and size, as "<CTFont name sizept>".
    public var description: String {
        "<CTFont \(fontName) \(pointSize)pt>"
    }
}

/// Fonts asked for the same way at the same size are equal, as `UIFont`s are: Foundation compares
/// attribute values when it merges an attributed string's runs (two `systemFont(ofSize: 18)`
/// calls give equal fonts).
extension CTFont: Hashable {
    /// Whether two fonts were asked for the same way, at the same size, with the same features.
    public static func == (a: CTFont, b: CTFont) -> Bool {
        a === b || (a.request == b.request && a.face === b.face && a.pointSize == b.pointSize && a.features == b.features)
    }

    /// Hashes how the font was asked for and its size, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(request)
        hasher.combine(pointSize)
    }
}

/// A face without a size: Core Graphics' `CGFont`.
public final class CGFont: Sendable {
    package let face: FontFace
    package let name: String

    /// The installed face named `name`, or its substitute (with a warning); nil when no font is
    /// installed at all.
    public init?(_ name: String) {
        guard let face = CTFont.resolve(.named(name), size: 12).face else { return nil }
        self.face = face
        self.name = name
    }

    /// The PostScript name of the face.
    public var postScriptName: String? { face.postScriptName }
    /// The face's full name: its family and style.
    public var fullName: String? { face.familyName + " " + face.styleName }
    /// The design units in the face's em square.
    public var unitsPerEm: Int32 { Int32(face.metrics.unitsPerEm) }
}

/// A font name as Apple spells it ("HelveticaNeue-Bold", ".SFUI-Semibold", "PingFangSC-Regular",
/// "Menlo"), read as the family it stands for and the weight and slant in its style suffix.
package struct AppleFontName {
    let name: String

    package init(_ name: String) { self.name = name }

    /// Families of the fonts that ship with iOS (Apple's "Fonts included with iOS"), their names
    /// lowercased without spaces or hyphens: `UIFont(name:size:)` finds these on a device, and
    /// nil for any other name that is not installed here.
    static let iOSFamilies: [String] = [
        "academyengravedlet", "alnile", "americantypewriter", "applecoloremoji", "applesdgothicneo", "applesymbols",
        "arial", "arialhebrew", "arialroundedmt", "avenir", "avenirnext", "avenirnextcondensed", "banglasangammn",
        "baskerville", "bodoni72", "bodoni72oldstyle", "bodoni72smallcaps", "bodoniornaments", "bodonisvtytwoitc",
        "bodonisvtytwooldstyleitc", "bodonisvtytwoscitc", "bodoniornamentsitc", "bradleyhand", "bradleyhanditc",
        "chalkboardse", "chalkduster", "charter", "cochin", "copperplate", "courier", "couriernew", "damascus",
        "devanagarisangammn", "didot", "dinalternate", "dincondensed", "euphemiaucas", "farah", "futura", "galvji",
        "geezapro", "georgia", "gillsans", "granthasangamtn", "gujaratisangammn", "gurmukhimn", "heitisc", "heititc",
        "helvetica", "helveticaneue", "hiraginomaruchipron", "hiraginominchopron", "hiraginosans", "hoeflertext",
        "kailasa", "kefa", "khmersangammn", "kohinoorbangla", "kohinoordevanagari", "kohinoorgujarati",
        "kohinoortelugu", "laosangammn", "malayalamsangammn", "markerfelt", "menlo", "mishafi", "muktamahee",
        "myanmarsangammn", "noteworthy", "notonastaliqurdu", "notosanskannada", "notosansmyanmar", "notosansoriya",
        "optima", "palatino", "papyrus", "partylet", "pingfanghk", "pingfangsc", "pingfangtc", "rockwell",
        "savoyelet", "sinhalasangammn", "snellroundhand", "stixtwomath", "stixtwotext", "symbol", "tamilsangammn",
        "telugusangammn", "thonburi", "timesnewroman", "trebuchetms", "trebuchet", "verdana", "zapfdingbats",
        "zapfdingbatsitc", "zapfino", "sfui", "sfuitext", "sfuidisplay", "sfpro", "sfprotext", "sfprodisplay",
        "sfprorounded", "sfmono", "sfcompact", "newyork", ".sfui",
    ]

    /// Words a style part of a font name is made of ("Bold", "DemiBoldItalic", "W3", "MT").
    static let styleWords: [String] = [
        "ultralight", "extralight", "semibold", "demibold", "extrabold", "ultrabold", "condensed", "regular", "italic",
        "oblique", "medium", "roman", "light", "heavy", "black", "bold", "book", "thin", "ultra", "extra", "demi",
        "semi", "plain", "normal", "dot", "psmt", "mt", "ps", "std", "it", "tt",
    ] + (0...9).map { "w\($0)" }

    /// Whether a font by this name ships with iOS: a family above, alone or followed by style words
    /// (PostScript "HelveticaNeue-Bold", full "Helvetica Neue Bold", "ArialMT", "HiraginoSans-W6").
    package var isShippedWithIOS: Bool {
        let key = name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        for family in Self.iOSFamilies where key.hasPrefix(family) {
            if Self.isStyle(key.dropFirst(family.count)) { return true }
        }
        return false
    }

    /// Whether `rest` is a run of style words (or nothing).
    private static func isStyle(_ rest: Substring) -> Bool {
        if rest.isEmpty { return true }
        for word in styleWords where rest.hasPrefix(word) {
            if isStyle(rest.dropFirst(word.count)) { return true }
        }
        return false
    }

    private static let weightWords: [(word: String, weight: Double)] = [
        ("ultralight", -0.8), ("extralight", -0.8), ("thin", -0.6), ("light", -0.4), ("regular", 0),
        ("medium", 0.23), ("semibold", 0.3), ("demibold", 0.3), ("extrabold", 0.56), ("heavy", 0.56),
        ("black", 0.62), ("bold", 0.4),
    ]

    /// The installed face that stands in for it.
    var substitute: CTFont.Request {
        let lower = name.lowercased()
        let style = lower.split(separator: "-").dropFirst().joined()
        var weight = 0.0
        for (word, w) in Self.weightWords where style.contains(word) {
            weight = w
            break
        }
        let italic = style.contains("italic") || style.contains("oblique")
        if ["menlo", "courier", "monaco", "sfmono", "sf mono", ".sfmono"].contains(where: lower.hasPrefix) {
            return .monospaced(weight: weight)
        }
        if ["pingfang", "stheiti", "hiragino", "heiti", "songti", "kaiti"].contains(where: lower.hasPrefix) {
            return .named("WenQuanYi Micro Hei")
        }
        return .system(weight: weight, italic: italic)
    }
}

// MARK: - Core Text functions

/// A font by name at `size` (Core Text's `CTFontCreateWithName`); the matrix is ignored.
public func CTFontCreateWithName(_ name: String, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont.resolve(.named(name), size: size)
}

/// A font from a graphics font at `size`; the matrix and attributes are ignored.
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat,
                                         _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: Any?) -> CTFont {
    CTFont(request: .named(graphicsFont.name), face: graphicsFont.face, size: size)
}

/// The font's size, in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.pointSize }
/// The ascent, positive above the baseline.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.ascender }
/// The descent, positive below the baseline (Core Text's sign, unlike UIFont's `descender`).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { -font.descender }
/// The font's leading (the extra space between lines), in points.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.leading }
/// The height of capital letters above the baseline, in points.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.capHeight }
/// The height of lowercase letters such as "x" above the baseline, in points.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.xHeight }
/// The font's PostScript name (see `fontName`).
public func CTFontCopyPostScriptName(_ font: CTFont) -> String { font.fontName }
/// The family name of the face drawn.
public func CTFontCopyFamilyName(_ font: CTFont) -> String { font.familyName }

/// OpenType features a font turns on when shaping.
package struct FontFeatures: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Tabular figures ("tnum"): every digit as wide, so counting numbers do not jitter.
    package static let tabularFigures = FontFeatures(rawValue: 1 << 0)
}
