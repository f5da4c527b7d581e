import Foundation

/// A layer's `CAMediaTiming` (the properties are in CALayer.swift): it maps its superlayer's time
/// (absolute time for a root) to the local time its animations and sublayers run in. Values live
/// in `LayerState` so presentation copies and commits carry them like any other property.
extension CALayer: CAMediaTiming {
    // MARK: - Time conversion

    /// Converts `t` from `layer`'s local time (absolute time when nil) to the receiver's.
    ///
    /// The time is lifted to absolute time through `layer`'s ancestors by inverting
    /// `(tp − beginTime) × speed + timeOffset`, then brought down the receiver's chain. A layer
    /// with speed 0 maps every parent time to one local time, so lifting through it yields its
    /// `beginTime` (the earliest parent time with that local time).
    func convertLocalTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let absolute = layer.map { $0.absoluteTime(fromLocal: t) } ?? t
        return localTime(fromAbsolute: absolute)
    }

    /// Converts `t` from the receiver's local time to `layer`'s (absolute time when nil).
    func convertLocalTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let absolute = absoluteTime(fromLocal: t)
        return layer.map { $0.localTime(fromAbsolute: absolute) } ?? absolute
    }

    /// The layer's own timing as parameters (its duration is ∞ unless set).
    var layerTiming: MediaTimingParameters {
        MediaTimingParameters(beginTime: modelState.beginTime, duration: modelState.duration,
                              speed: Double(modelState.speed), timeOffset: modelState.timeOffset,
                              repeatCount: Double(modelState.repeatCount),
                              repeatDuration: modelState.repeatDuration,
                              autoreverses: modelState.autoreverses, fillMode: modelState.fillMode)
    }

    /// The local time at absolute time `t`, through every ancestor from the root down.
    func localTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        let parentTime = superlayer.map { $0.localTime(fromAbsolute: t) } ?? t
        return layerTiming.layerLocalTime(parentTime: parentTime)
    }

    /// The absolute time at which the layer's local time is `t` (the inverse of
    /// `localTime(fromAbsolute:)` for the usual infinite layer duration).
    func absoluteTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        let speed = Double(modelState.speed)
        let parentTime = speed == 0 ? modelState.beginTime : (t - modelState.timeOffset) / speed + modelState.beginTime
        return superlayer.map { $0.absoluteTime(fromLocal: parentTime) } ?? parentTime
    }

    /// How fast the layer's local time runs against absolute time: the product of the speeds
    /// down the chain (0 when any ancestor, or the layer, is paused).
    var absoluteRate: Double {
        Double(modelState.speed) * (superlayer?.absoluteRate ?? 1)
    }
}
