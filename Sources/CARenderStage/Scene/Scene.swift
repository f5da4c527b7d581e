import Foundation
import CARenderModel

/// A layer tree described as data (scene JSON, described at `init(json:)`), used for benchmarks
/// and for comparisons with reference renderers; `Tests/Fixtures/scenes/` holds examples.
package struct Scene {
    /// Size in points.
    package var width: Double
    package var height: Double
    /// Pixels per point.
    package var scale: Double
    /// A root layer covering the scene, filled with the scene's background, holding its layers.
    package var root: RenderNode

    /// Output size in pixels.
    package var pixelWidth: Int { Int((width * scale).rounded()) }
    package var pixelHeight: Int { Int((height * scale).rounded()) }

    package init(width: Double, height: Double, scale: Double, root: RenderNode) {
        self.width = width
        self.height = height
        self.scale = scale
        self.root = root
    }
}

/// Why a scene could not be read.
package struct SceneError: Error, CustomStringConvertible {
    package var description: String
}
