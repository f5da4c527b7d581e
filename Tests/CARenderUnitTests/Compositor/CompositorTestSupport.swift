import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderCompositor

/// Small builders for render trees and pixel checks used by the compositor tests.
enum Draw {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A plain layer occupying `frame` in its superlayer (identity transform, centred anchor).
    static func layer(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: CGColor? = nil,
                      sublayers: [RenderNode] = [], configure: (inout LayerState) -> Void = { _ in }) -> RenderNode {
        var s = LayerState()
        s.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        s.position = CGPoint(x: x + w / 2, y: y + h / 2)
        s.backgroundColor = color
        configure(&s)
        return RenderNode(state: s, sublayers: sublayers)
    }

    /// A stage-like root of `w × h` points with a background.
    static func root(_ w: Double, _ h: Double, _ color: CGColor? = white, _ sublayers: [RenderNode]) -> RenderNode {
        layer(0, 0, w, h, color, sublayers: sublayers)
    }

    /// Renders and converts to straight alpha.
    static func render(_ root: RenderNode, _ w: Int, _ h: Int, scale: Double = 1) -> RGBAImage {
        Compositor().render(root, width: w, height: h, scale: CGFloat(scale)).unpremultiplied()
    }

    static func rotation(_ degrees: Double, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        CATransform3DMakeRotation(degrees * .pi / 180, x, y, z)
    }

    static func perspective(_ d: Double) -> CATransform3D {
        var m = CATransform3DIdentity
        m.m34 = -1 / d
        return m
    }
}
