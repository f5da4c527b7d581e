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

    /// The layer's local time when its superlayer's is `parentTime` (see
    /// `MediaTimingParameters.layerLocalTime(parentTime:)`). The usual layer's plain answer is
    /// read from its fields in place: making the parameters converts the fill mode (a string),
    /// which the usual layer's local time does not use, and this runs for every layer every frame.
    func layerLocalTime(parentTime: Double) -> Double {
        let speed = Double(modelState.speed)
        if MediaTimingParameters.mapsTimePlainly(duration: modelState.duration, repeatCount: Double(modelState.repeatCount),
                                                 repeatDuration: modelState.repeatDuration, autoreverses: modelState.autoreverses) {
            return (parentTime - modelState.beginTime) * speed + modelState.timeOffset
        }
        return MediaTimingParameters(beginTime: modelState.beginTime, duration: modelState.duration,
                                     speed: speed, timeOffset: modelState.timeOffset,
                                     repeatCount: Double(modelState.repeatCount),
                                     repeatDuration: modelState.repeatDuration,
                                     autoreverses: modelState.autoreverses, fillMode: modelState.fillMode)
            .layerLocalTime(parentTime: parentTime)
    }

    /// The local time at absolute time `t`, through every ancestor from the root down.
    func localTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        forEachAncestorFromRoot { layer in time = layer.layerLocalTime(parentTime: time) }
        return time
    }

    /// The absolute time at which the layer's local time is `t` (the inverse of
    /// `localTime(fromAbsolute:)` for the usual infinite layer duration).
    func absoluteTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var layer: CALayer? = self
        while let current = layer {
            let state = current.modelState
            let speed = Double(state.speed)
            time = speed == 0 ? state.beginTime : (time - state.timeOffset) / speed + state.beginTime
            layer = current.superlayer
        }
        return time
    }

    /// How fast the layer's local time runs against absolute time: the product of the speeds
    /// down the chain (0 when any ancestor, or the layer, is paused).
    var absoluteRate: Double {
        // Multiplied from the root down, the order in which the speeds compose.
        var rate = 1.0
        forEachAncestorFromRoot { layer in rate = Double(layer.modelState.speed) * rate }
        return rate
    }

    /// Chains up to this many superlayers are walked again for each step instead of stored.
    private static let storedChainDepth = 32

    /// Calls `body` with the root, then each layer down to this one, without recursion (so
    /// depth is limited only by memory). A usual, shallow chain is walked again from this layer
    /// for each step, which allocates nothing (time conversion runs per frame); a deeper one is
    /// collected into an array first.
    private func forEachAncestorFromRoot(_ body: (CALayer) -> Void) {
        var depth = 0
        var above = superlayer
        while let current = above {
            depth += 1
            above = current.superlayer
        }
        if depth <= CALayer.storedChainDepth {
            var distance = depth
            while distance >= 0 {
                var layer = self
                var step = 0
                while step < distance, let parent = layer.superlayer {
                    layer = parent
                    step += 1
                }
                body(layer)
                distance -= 1
            }
            return
        }
        var chain: [CALayer] = []
        chain.reserveCapacity(depth + 1)
        var next: CALayer? = self
        while let current = next {
            chain.append(current)
            next = current.superlayer
        }
        var index = chain.count - 1
        while index >= 0 {
            body(chain[index])
            index -= 1
        }
    }
}
