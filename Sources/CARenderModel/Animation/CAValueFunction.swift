import Foundation
import CARenderGeometry

/// The names of the functions that turn animated numbers into transforms.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The function's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a function name from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a function name from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// One angle in radians → rotation about x.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// One angle in radians → rotation about y.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// One angle in radians → rotation about z.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Three factors `[x, y, z]` → scale.
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// One factor → scale along x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// One factor → scale along y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// One factor → scale along z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Three offsets `[x, y, z]` → translation.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// One offset in points → translation along x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// One offset in points → translation along y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// One offset in points → translation along z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// The name of `CAValueFunctionName.rotateX`.
public let kCAValueFunctionRotateX = CAValueFunctionName.rotateX.rawValue
/// The name of `CAValueFunctionName.rotateY`.
public let kCAValueFunctionRotateY = CAValueFunctionName.rotateY.rawValue
/// The name of `CAValueFunctionName.rotateZ`.
public let kCAValueFunctionRotateZ = CAValueFunctionName.rotateZ.rawValue
/// The name of `CAValueFunctionName.scale`.
public let kCAValueFunctionScale = CAValueFunctionName.scale.rawValue
/// The name of `CAValueFunctionName.scaleX`.
public let kCAValueFunctionScaleX = CAValueFunctionName.scaleX.rawValue
/// The name of `CAValueFunctionName.scaleY`.
public let kCAValueFunctionScaleY = CAValueFunctionName.scaleY.rawValue
/// The name of `CAValueFunctionName.scaleZ`.
public let kCAValueFunctionScaleZ = CAValueFunctionName.scaleZ.rawValue
/// The name of `CAValueFunctionName.translate`.
public let kCAValueFunctionTranslate = CAValueFunctionName.translate.rawValue
/// The name of `CAValueFunctionName.translateX`.
public let kCAValueFunctionTranslateX = CAValueFunctionName.translateX.rawValue
/// The name of `CAValueFunctionName.translateY`.
public let kCAValueFunctionTranslateY = CAValueFunctionName.translateY.rawValue
/// The name of `CAValueFunctionName.translateZ`.
public let kCAValueFunctionTranslateZ = CAValueFunctionName.translateZ.rawValue

/// A function applied to a property animation's interpolated value before it is set: the
/// animation interpolates plain numbers (so a rotation can turn more than half a circle) and
/// the function builds the transform (`CAValueFunction`'s documentation).
open class CAValueFunction: NSObject {
    /// Which function this is.
    public let name: CAValueFunctionName

    /// Creates the value function with a name; nil for a name Core Animation does not define.
    public init?(name: CAValueFunctionName) {
        let known: [CAValueFunctionName] = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                            .translate, .translateX, .translateY, .translateZ]
        guard known.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    /// Whether the function takes three numbers rather than one.
    var takesThreeInputs: Bool { name == .scale || name == .translate }

    /// The input used for a missing endpoint: no rotation, unit scale, no translation.
    var neutralInput: AnimatableValue {
        let unit = name.rawValue.hasPrefix("scale") ? 1.0 : 0.0
        if takesThreeInputs { return .array([.number(unit, .double), .number(unit, .double), .number(unit, .double)]) }
        return .number(unit, .double)
    }

    /// The transform for an interpolated input (a number, or an array of three numbers; a single
    /// number given to a three-input function is used for every axis).
    func transform(for input: AnimatableValue) -> CATransform3D {
        let values = input.vector ?? []
        func at(_ i: Int, _ fallback: Double) -> CGFloat {
            if values.count == 1 { return CGFloat(values[0]) }
            return CGFloat(i < values.count ? values[i] : fallback)
        }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(at(0, 0), 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(at(0, 0), 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(at(0, 0), 0, 0, 1)
        case .scale: return CATransform3DMakeScale(at(0, 1), at(1, 1), at(2, 1))
        case .scaleX: return CATransform3DMakeScale(at(0, 1), 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, at(0, 1), 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, at(0, 1))
        case .translate: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        case .translateX: return CATransform3DMakeTranslation(at(0, 0), 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, at(0, 0), 0)
        default: return CATransform3DMakeTranslation(0, 0, at(0, 0))
        }
    }
}
