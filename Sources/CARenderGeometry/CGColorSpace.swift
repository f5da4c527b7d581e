import Foundation

/// A colour space. carender renders in sRGB: every RGB space is treated as sRGB, every grey space
/// as sRGB grey.
public final class CGColorSpace: Hashable, Sendable {
    /// What kind of components colours in this space have.
    public let model: CGColor.Model
    /// The space's name (`kCGColorSpaceSRGB`-style), when it has one.
    public let name: String?

    init(model: CGColor.Model, name: String?) {
        self.model = model
        self.name = name
    }

    /// A named space; nil for a name carender does not know.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.displayP3, CGColorSpace.genericRGBLinear:
            self.init(model: .rgb, name: name)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray, CGColorSpace.extendedGray:
            self.init(model: .monochrome, name: name)
        default:
            return nil
        }
    }

    /// The number of colour components, alpha excluded (3 for RGB, 1 for grey).
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

    /// The name of the sRGB colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of the extended sRGB colour space. carender treats its colours as sRGB.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// The name of the Display P3 colour space. carender treats its colours as sRGB (no colour
    /// management).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// The name of the linear RGB colour space. carender treats its colours as sRGB (no colour
    /// management).
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// The name of the grey colour space with a gamma of 2.2.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// The name of the linear grey colour space. carender treats its colours as gamma-encoded grey.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// The name of the extended grey colour space.
    public static let extendedGray = "kCGColorSpaceExtendedGray"

    /// Whether two spaces have the same model (RGB or grey): carender draws every space of a model
    /// alike.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.model == rhs.model }
    /// Hashes the model, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(model == .rgb) }
}

/// The device RGB space (sRGB here).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(model: .rgb, name: CGColorSpace.sRGB) }

/// The device grey space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace(model: .monochrome, name: CGColorSpace.genericGrayGamma2_2)
}

extension CGColor {
    /// A colour from components in `space` (colour components then alpha); nil when the count
    /// does not match the space.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let c = UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1)
        switch space.model {
        case .rgb: self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        case .monochrome: self.init(gray: c[0], alpha: c[1])
        }
    }

    /// The colour's space.
    public var colorSpace: CGColorSpace? {
        model == .rgb ? CGColorSpaceCreateDeviceRGB() : CGColorSpaceCreateDeviceGray()
    }

    /// The same colour (colours are immutable).
    public func copy() -> CGColor? { self }
}
