import Foundation
import CARenderGeometry
import CARenderGraphics

/// A cell's numeric values: what the particle simulation reads at each step. The initial values
/// are Apple's defaults (CAEmitterCell.h: every number 0 except `scale` 1, `contentsScale` 1 and a
/// `contentsRect` of the unit square; `color` opaque white). Numbers are held as `Double`
/// whatever type the public property has.
package struct EmitterCellValues: Sendable {
    package var isEnabled = true
    package var birthRate = 0.0
    package var lifetime = 0.0
    package var lifetimeRange = 0.0
    package var emissionLatitude = 0.0
    package var emissionLongitude = 0.0
    package var emissionRange = 0.0
    package var velocity = 0.0
    package var velocityRange = 0.0
    package var xAcceleration = 0.0
    package var yAcceleration = 0.0
    package var zAcceleration = 0.0
    package var scale = 1.0
    package var scaleRange = 0.0
    package var scaleSpeed = 0.0
    package var spin = 0.0
    package var spinRange = 0.0
    /// Straight RGBA, each 0…1.
    package var color = SIMD4<Double>(1, 1, 1, 1)
    package var colorRange = SIMD4<Double>.zero
    package var colorSpeed = SIMD4<Double>.zero
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale = 1.0
    package var minificationFilterBias = 0.0
    // CAMediaTiming: the cell's active window (on the emitter's time for a top-level cell, on the
    // emitting particle's age for a sub-cell).
    package var beginTime = 0.0
    package var duration = 0.0
    package var speed = 1.0
    package var timeOffset = 0.0
    package var repeatCount = 0.0
    package var repeatDuration = 0.0
    package var autoreverses = false

    package init() {}
}

/// The definition of one kind of particle a `CAEmitterLayer` emits: how often, how long it lives,
/// how it moves, spins, scales and changes colour, and the image it shows. A cell's own
/// `emitterCells` make each of its particles an emitter in turn (a firework's rocket bursting
/// into sparks).
///
/// Change a cell already given to a layer through the layer's key paths
/// (`emitterLayer.setValue(0, forKeyPath: "emitterCells.spark.birthRate")`, or an animation of
/// that key path); the cells are read when the layer is drawn, so changing the object works too.
// @unchecked Sendable: a model object, changed and read on the script's thread only (frames are
// drawn while that thread waits); an open class, so the compiler cannot check it.
open class CAEmitterCell: NSObject, CAMediaTiming, @unchecked Sendable {
    /// The values the simulation reads.
    package var values = EmitterCellValues()

    /// Creates a cell with Apple's defaults: it emits nothing until given a birth rate and lifetime.
    public override init() { super.init() }

    /// A new cell.
    public static func emitterCell() -> CAEmitterCell { CAEmitterCell() }

    /// The cell's name, used in key paths such as `emitterCells.NAME.birthRate`.
    open var name: String?
    /// Whether the cell emits.
    open var isEnabled: Bool { get { values.isEnabled } set { values.isEnabled = newValue } }
    /// Particles created per second (multiplied by the layer's `birthRate`).
    open var birthRate: Float { get { Float(values.birthRate) } set { values.birthRate = Double(newValue) } }
    /// Seconds a particle lives (multiplied by the layer's `lifetime`), and the range it varies by.
    open var lifetime: Float { get { Float(values.lifetime) } set { values.lifetime = Double(newValue) } }
    /// How far a particle's lifetime varies, in seconds: uniformly within `lifetime` ± half this range.
    open var lifetimeRange: Float { get { Float(values.lifetimeRange) } set { values.lifetimeRange = Double(newValue) } }
    /// The emission direction: longitude in the x-y plane, latitude out of it, radians.
    open var emissionLatitude: CGFloat { get { CGFloat(values.emissionLatitude) } set { values.emissionLatitude = Double(newValue) } }
    /// The emission direction in the layer's plane, in radians.
    open var emissionLongitude: CGFloat { get { CGFloat(values.emissionLongitude) } set { values.emissionLongitude = Double(newValue) } }
    /// The angle of the cone particles are emitted in around the direction, radians.
    open var emissionRange: CGFloat { get { CGFloat(values.emissionRange) } set { values.emissionRange = Double(newValue) } }
    /// Initial speed in points per second, and the range it varies by.
    open var velocity: CGFloat { get { CGFloat(values.velocity) } set { values.velocity = Double(newValue) } }
    /// How far a particle's initial speed varies: uniformly within `velocity` ± half this range.
    open var velocityRange: CGFloat { get { CGFloat(values.velocityRange) } set { values.velocityRange = Double(newValue) } }
    /// Acceleration in points per second squared, in the layer's coordinates.
    open var xAcceleration: CGFloat { get { CGFloat(values.xAcceleration) } set { values.xAcceleration = Double(newValue) } }
    /// Acceleration along y, in points per second squared (positive is down on iOS).
    open var yAcceleration: CGFloat { get { CGFloat(values.yAcceleration) } set { values.yAcceleration = Double(newValue) } }
    /// Acceleration along z, in points per second squared.
    open var zAcceleration: CGFloat { get { CGFloat(values.zAcceleration) } set { values.zAcceleration = Double(newValue) } }
    /// The particle's scale, the range it varies by, and its change per second.
    open var scale: CGFloat { get { CGFloat(values.scale) } set { values.scale = Double(newValue) } }
    /// How far a particle's initial scale varies: uniformly within `scale` ± half this range.
    open var scaleRange: CGFloat { get { CGFloat(values.scaleRange) } set { values.scaleRange = Double(newValue) } }
    /// How fast a particle's scale changes, per second.
    open var scaleSpeed: CGFloat { get { CGFloat(values.scaleSpeed) } set { values.scaleSpeed = Double(newValue) } }
    /// Rotation in radians per second, and the range it varies by.
    open var spin: CGFloat { get { CGFloat(values.spin) } set { values.spin = Double(newValue) } }
    /// How far a particle's spin varies, in radians per second: uniformly within `spin` ± half
    /// this range.
    open var spinRange: CGFloat { get { CGFloat(values.spinRange) } set { values.spinRange = Double(newValue) } }
    /// The colour the particle's image is multiplied by (opaque white by default).
    open var color: CGColor? {
        get { CGColor(red: values.color.x, green: values.color.y, blue: values.color.z, alpha: values.color.w) }
        set { values.color = newValue.map(CGGradient.straight) ?? SIMD4(1, 1, 1, 1) }
    }
    /// How far each colour component varies between particles.
    open var redRange: Float { get { Float(values.colorRange.x) } set { values.colorRange.x = Double(newValue) } }
    /// How far the green component varies between particles.
    open var greenRange: Float { get { Float(values.colorRange.y) } set { values.colorRange.y = Double(newValue) } }
    /// How far the blue component varies between particles.
    open var blueRange: Float { get { Float(values.colorRange.z) } set { values.colorRange.z = Double(newValue) } }
    /// How far the alpha component varies between particles.
    open var alphaRange: Float { get { Float(values.colorRange.w) } set { values.colorRange.w = Double(newValue) } }
    /// How fast each colour component changes over a particle's life, per second.
    open var redSpeed: Float { get { Float(values.colorSpeed.x) } set { values.colorSpeed.x = Double(newValue) } }
    /// How fast the green component changes over a particle's life, per second.
    open var greenSpeed: Float { get { Float(values.colorSpeed.y) } set { values.colorSpeed.y = Double(newValue) } }
    /// How fast the blue component changes over a particle's life, per second.
    open var blueSpeed: Float { get { Float(values.colorSpeed.z) } set { values.colorSpeed.z = Double(newValue) } }
    /// How fast the alpha component changes over a particle's life, per second.
    open var alphaSpeed: Float { get { Float(values.colorSpeed.w) } set { values.colorSpeed.w = Double(newValue) } }
    /// The particle's image (a `CGImage`); a cell without one emits invisible particles (which
    /// can still emit sub-cells).
    open var contents: Any?
    /// The part of the image to show, in unit coordinates.
    open var contentsRect: CGRect { get { values.contentsRect } set { values.contentsRect = newValue } }
    /// Image pixels per point.
    open var contentsScale: CGFloat { get { CGFloat(values.contentsScale) } set { values.contentsScale = Double(newValue) } }
    /// The filters used when the image is drawn smaller or larger than its size.
    open var minificationFilter: CALayerContentsFilter = .linear
    /// The filter used when the image is drawn larger than its size; `.linear` by default.
    open var magnificationFilter: CALayerContentsFilter = .linear
    /// The bias of the minification filter's level of detail. Ignored: sprites are not mipmapped.
    open var minificationFilterBias: Float {
        get { Float(values.minificationFilterBias) }
        set { values.minificationFilterBias = Double(newValue) }
    }
    /// Cells each particle of this cell emits.
    open var emitterCells: [CAEmitterCell]?
    /// Extra values (kept, not drawn).
    open var style: [AnyHashable: Any]?

    // MARK: CAMediaTiming

    /// When the cell starts emitting, in seconds: on the emitter's local time for a top-level cell,
    /// on the emitting particle's age for a sub-cell.
    open var beginTime: CFTimeInterval { get { values.beginTime } set { values.beginTime = newValue } }
    /// How long the cell emits, in seconds; 0 (the default) for ever.
    open var duration: CFTimeInterval { get { values.duration } set { values.duration = newValue } }
    /// The cell's time rate. Ignored: a cell's timing uses only `beginTime` and `duration`.
    open var speed: Float { get { Float(values.speed) } set { values.speed = Double(newValue) } }
    /// An offset of the cell's time. Ignored: a cell's timing uses only `beginTime` and `duration`.
    open var timeOffset: CFTimeInterval { get { values.timeOffset } set { values.timeOffset = newValue } }
    /// How many times the cell's timing repeats. Ignored: a cell's timing uses only `beginTime` and
    /// `duration`.
    open var repeatCount: Float { get { Float(values.repeatCount) } set { values.repeatCount = Double(newValue) } }
    /// How long the cell's timing repeats. Ignored: a cell's timing uses only `beginTime` and
    /// `duration`.
    open var repeatDuration: CFTimeInterval { get { values.repeatDuration } set { values.repeatDuration = newValue } }
    /// Whether the cell's timing runs backwards after forwards. Ignored: a cell's timing uses only
    /// `beginTime` and `duration`.
    open var autoreverses: Bool { get { values.autoreverses } set { values.autoreverses = newValue } }
    /// What the cell does outside its active time. Ignored: a cell emits only while active.
    open var fillMode: CAMediaTimingFillMode = .removed

    // MARK: Key-value coding

    /// Values set for keys that are not properties.
    private var customValues: [String: Any] = [:]

    /// The default of a key, as `CAEmitterCell.defaultValue(forKey:)` gives it.
    open class func defaultValue(forKey key: String) -> Any? {
        EmitterCellKey(rawValue: key).flatMap { $0.value(in: EmitterCellValues()) }
    }

    /// Whether the key's value is archived (every value is, in carender).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The value of a property (or a key set earlier), boxed as key-value coding gives it.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "color": return color
        case "contents": return contents
        case "emitterCells": return emitterCells
        case "minificationFilter": return minificationFilter.rawValue
        case "magnificationFilter": return magnificationFilter.rawValue
        case "style": return style
        case "enabled", "isEnabled": return isEnabled
        default: break
        }
        if let property = EmitterCellKey(rawValue: key) { return property.value(in: values) }
        return customValues[key]
    }

    /// Sets a property (or stores the value under the key).
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "name": name = value as? String
        case "color": if let color = coerceToOptionalCGColor(value) { self.color = color }
        case "contents": contents = value is NSNull ? nil : value
        case "emitterCells": emitterCells = value as? [CAEmitterCell]
        case "minificationFilter": minificationFilter = coerceToRawRepresentable(value, as: CALayerContentsFilter.self) ?? .linear
        case "magnificationFilter": magnificationFilter = coerceToRawRepresentable(value, as: CALayerContentsFilter.self) ?? .linear
        case "style": style = value as? [AnyHashable: Any]
        case "enabled", "isEnabled": isEnabled = coerceToBool(value) ?? isEnabled
        default:
            if let property = EmitterCellKey(rawValue: key) {
                if !property.setValue(value, in: &values) {
                    Diagnostics.warnOnce("CAEmitterCell.setValue(_:forKey: \"\(key)\"): that is not a value for this property; ignored")
                }
            } else {
                customValues[key] = value
            }
        }
    }

    /// The cell named `name` among `cells`.
    static func named(_ name: Substring, in cells: [CAEmitterCell]?) -> CAEmitterCell? {
        cells?.first { $0.name.map { $0[...] == name } ?? false }
    }
}

/// The numeric (and boolean) properties of a cell by their key-value-coding names: where each
/// lives in `EmitterCellValues`. Key paths on an emitter layer (`emitterCells.spark.birthRate`)
/// end in one of these; they are what an animation of such a path interpolates.
package enum EmitterCellKey: String, CaseIterable, Sendable {
    case birthRate, lifetime, lifetimeRange, emissionLatitude, emissionLongitude, emissionRange
    case velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration
    case scale, scaleRange, scaleSpeed, spin, spinRange
    case redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed, alphaSpeed
    case contentsScale, minificationFilterBias
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration

    /// Where the number lives.
    var keyPath: WritableKeyPath<EmitterCellValues, Double> {
        switch self {
        case .birthRate: \.birthRate
        case .lifetime: \.lifetime
        case .lifetimeRange: \.lifetimeRange
        case .emissionLatitude: \.emissionLatitude
        case .emissionLongitude: \.emissionLongitude
        case .emissionRange: \.emissionRange
        case .velocity: \.velocity
        case .velocityRange: \.velocityRange
        case .xAcceleration: \.xAcceleration
        case .yAcceleration: \.yAcceleration
        case .zAcceleration: \.zAcceleration
        case .scale: \.scale
        case .scaleRange: \.scaleRange
        case .scaleSpeed: \.scaleSpeed
        case .spin: \.spin
        case .spinRange: \.spinRange
        case .redRange: \.colorRange.x
        case .greenRange: \.colorRange.y
        case .blueRange: \.colorRange.z
        case .alphaRange: \.colorRange.w
        case .redSpeed: \.colorSpeed.x
        case .greenSpeed: \.colorSpeed.y
        case .blueSpeed: \.colorSpeed.z
        case .alphaSpeed: \.colorSpeed.w
        case .contentsScale: \.contentsScale
        case .minificationFilterBias: \.minificationFilterBias
        case .beginTime: \.beginTime
        case .duration: \.duration
        case .speed: \.speed
        case .timeOffset: \.timeOffset
        case .repeatCount: \.repeatCount
        case .repeatDuration: \.repeatDuration
        }
    }

    /// The value as key-value coding hands it out (a `CGFloat`, as Apple's KVC reports numbers).
    func value(in values: EmitterCellValues) -> Any? { CGFloat(values[keyPath: keyPath]) }

    /// Stores `value`; false when it is not a number.
    func setValue(_ value: Any?, in values: inout EmitterCellValues) -> Bool {
        guard let number = coerceToCGFloat(value) else { return false }
        values[keyPath: keyPath] = Double(number)
        return true
    }
}
