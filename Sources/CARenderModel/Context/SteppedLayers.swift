import Foundation

/// A layer whose look depends on its history, not only on the present: an emitter's particles
/// (born, moved and aged since it started) and a tiled layer's tiles (faded in since each was
/// first needed). The stage steps each such layer through a fixed grid of its own time before
/// every run-loop turn and frame, so its history is the same however the frames are rendered
/// (every frame, one alone, a shard of them).
package protocol SteppedLayer: CALayer {
    /// Brings the layer's history up to stage time `t`, sampling its presentation at the grid
    /// points up to `t` (the values it has now hold since its last step).
    func step(to t: Double)
}

/// The stepped layers of a stage, weakly held, in the order they joined it.
package final class SteppedLayers {
    private struct Entry {
        weak var layer: (any SteppedLayer)?
    }
    private var entries: [Entry] = []

    package init() {}

    /// Starts stepping `layer`, at the stage's current time (so its history starts when it
    /// joins the stage, whichever frame is rendered next).
    package func add(_ layer: any SteppedLayer, now: Double) {
        guard !entries.contains(where: { $0.layer === layer }) else { return }
        entries.append(Entry(layer: layer))
        layer.step(to: now)
    }

    /// Steps every live layer to `t`; forgets the ones that are gone.
    package func step(to t: Double) {
        guard !entries.isEmpty else { return }
        var i = 0
        while i < entries.count {
            if let layer = entries[i].layer {
                layer.step(to: t)
                i += 1
            } else {
                entries.remove(at: i)
            }
        }
    }
}

extension StageContext {
    /// The stage's stepped layers.
    package var steppedLayers: SteppedLayers { attachment(default: SteppedLayers.init) }
}
