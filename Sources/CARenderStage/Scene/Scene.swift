import Foundation
import CARenderModel

/// A layer tree described as data: the scene-JSON format of `shared/bench/scene.py`, used for
/// benchmarks and for comparisons with reference renderers.
package struct Scene {
    /// Size in points.
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// A root layer covering the scene, filled with the scene's background, holding its layers.
    public var root: RenderNode

    /// Output size in pixels.
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }

    public init(width: Double, height: Double, scale: Double, root: RenderNode) {
        self.width = width
        self.height = height
        self.scale = scale
        self.root = root
    }
}

/// Why a scene could not be read.
package struct SceneError: Error, CustomStringConvertible {
    public var description: String
}
