import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderModel
import CARenderCompositor

extension Scene {
    /// Reads a scene-JSON file (see `init(json:)`).
    package init(contentsOf url: URL) throws {
        try self.init(json: try Data(contentsOf: url))
    }

    /// Parses scene JSON: an object with `width` and `height` (points), optional `scale` (pixels
    /// per point, 1 if absent), `background` and `layers`. A colour is `[r, g, b, a]` in 0…1, a
    /// transform 16 numbers row by row as `CATransform3D` stores them. A layer object may set any
    /// property of its class by its key-value-coding name (`anchor` is accepted for
    /// `anchorPoint`), plus `sublayers`, `mask` (a layer), `kind` (`"transformLayer"`,
    /// `"shapeLayer"`, `"gradientLayer"`) and `name`. Paths are lists of elements
    /// (`["move", x, y]`, `["line", x, y]`, `["quad", cx, cy, x, y]`,
    /// `["curve", c1x, c1y, c2x, c2y, x, y]`, `["close"]`); colour arrays are lists of colours.
    package init(json: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw SceneError(description: "scene JSON must be an object")
        }
        guard let width = object["width"] as? Double, let height = object["height"] as? Double else {
            throw SceneError(description: "scene needs numeric width and height")
        }
        let scale = object["scale"] as? Double ?? 1
        // Checked before any buffer is sized from them (a negative width used to trap).
        for (name, value) in [("width", width), ("height", height), ("scale", scale)] where !(value.isFinite && value > 0) {
            throw SceneError(description: "scene \(name) must be a positive number, got \(value)")
        }
        let pixels = (width * scale).rounded() * (height * scale).rounded()
        let side = Double(Stage.maximumPixelSide)
        guard (width * scale).rounded() <= side, (height * scale).rounded() <= side, pixels <= Double(Stage.maximumPixelCount) else {
            throw SceneError(description: "scene is \(width * scale)×\(height * scale) pixels; carender renders at most \(Stage.maximumPixelSide) pixels per side and \(Stage.maximumPixelCount) pixels in all")
        }
        var root = LayerState()
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        root.position = CGPoint(x: width / 2, y: height / 2)
        if let background = object["background"] { root.backgroundColor = try Self.color(background) }
        let layers = try (object["layers"] as? [Any] ?? []).map { try Self.node($0) }
        self.init(width: width, height: height, scale: scale, root: RenderNode(state: root, sublayers: layers))
    }

    /// Scene-JSON names that differ from the KVC names of the properties they set.
    private static let propertyAliases = ["anchor": "anchorPoint"]

    private static func node(_ value: Any) throws -> RenderNode {
        guard let d = value as? [String: Any] else { throw SceneError(description: "a layer must be an object") }
        var s = LayerState()
        let kind: RenderNode.Kind
        let table: LayerPropertyTable
        switch d["kind"] as? String {
        case "transformLayer": (kind, table) = (.transformLayer, CATransformLayer.propertyTable)
        case "shapeLayer": (kind, table) = (.shapeLayer, CAShapeLayer.propertyTable)
        case "gradientLayer": (kind, table) = (.gradientLayer, CAGradientLayer.propertyTable)
        default: (kind, table) = (.layer, CALayer.propertyTable)
        }
        // Every layer property is read by its KVC name, its JSON value decoded by the shape of
        // the property's value (numbers and Booleans as they are, names as strings).
        for (key, json) in d where !structuralKeys.contains(key) {
            guard let property = table.property(named: propertyAliases[key] ?? key) else { continue }
            let value = try decode(json, for: property)
            guard property.assign(&s, value) else {
                throw SceneError(description: "layer property '\(key)' cannot be \(json)")
            }
        }
        let sublayers = try (d["sublayers"] as? [Any] ?? []).map { try node($0) }
        let mask = try d["mask"].map { [try node($0)] } ?? []
        return RenderNode(kind: kind, state: s, sublayers: sublayers, mask: mask)
    }

    /// Keys that describe the tree rather than a property.
    private static let structuralKeys: Set<String> = ["sublayers", "mask", "kind", "name"]

    /// A property's value from its JSON form: `[x, y]` for points, `[w, h]` for sizes and for
    /// rectangles at the origin (scene.py's `bounds`), `[r, g, b, a]` for colours, 16 numbers for
    /// transforms; anything else as JSON gives it (the property's coercion checks it).
    private static func decode(_ json: Any, for property: LayerProperty) throws -> Any? {
        switch property.shape {
        case .point:
            guard let p = try pair(json) else { return nil }
            return CGPoint(x: p.0, y: p.1)
        case .size:
            guard let p = try pair(json) else { return nil }
            return CGSize(width: p.0, height: p.1)
        case .rect:
            if let r = json as? [Double], r.count == 4 { return CGRect(x: r[0], y: r[1], width: r[2], height: r[3]) }
            guard let p = try pair(json) else { return nil }
            return CGRect(x: 0, y: 0, width: p.0, height: p.1)
        case .transform:
            return try transform(json)
        case .color:
            return try color(json)
        case .opaque:
            if let elements = json as? [[Any]], elements.first?.first is String { return try path(elements) }
            if let colors = json as? [[Double]], colors.allSatisfy({ $0.count == 4 }), property.name == "colors" {
                return try colors.map { try color($0) }
            }
            return json
        }
    }

    /// A path from its list of elements.
    private static func path(_ elements: [[Any]]) throws -> CGPath {
        let path = CGMutablePath()
        for element in elements {
            guard let name = element.first as? String else { throw SceneError(description: "a path element starts with its name") }
            let v = element.dropFirst().compactMap { $0 as? Double }.map { CGFloat($0) }
            func point(_ i: Int) -> CGPoint { CGPoint(x: v[i], y: v[i + 1]) }
            switch (name, v.count) {
            case ("move", 2): path.move(to: point(0))
            case ("line", 2): path.addLine(to: point(0))
            case ("quad", 4): path.addQuadCurve(to: point(2), control: point(0))
            case ("curve", 6): path.addCurve(to: point(4), control1: point(0), control2: point(2))
            case ("close", 0): path.closeSubpath()
            default: throw SceneError(description: "bad path element \(element)")
            }
        }
        return path
    }

    private static func pair(_ value: Any?) throws -> (Double, Double)? {
        guard let value else { return nil }
        guard let a = value as? [Double], a.count == 2 else { throw SceneError(description: "expected [x, y], got \(value)") }
        return (a[0], a[1])
    }

    private static func color(_ value: Any) throws -> CGColor {
        guard let c = value as? [Double], c.count == 4 else { throw SceneError(description: "expected [r, g, b, a], got \(value)") }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// A 4×4 in row-major order, Core Animation's row-vector convention (m41…m43 translate).
    private static func transform(_ value: Any) throws -> CATransform3D {
        guard let m = value as? [Double], m.count == 16 else { throw SceneError(description: "a transform needs 16 numbers") }
        return CATransform3D(m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                             m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }
}

extension Compositor {
    /// Renders a scene at its own size and scale, every edge anti-aliased: scenes are drawn
    /// side by side with Skia, which anti-aliases every edge it draws.
    package func render(_ scene: Scene) -> Pixmap {
        var pixmap = Pixmap(width: scene.pixelWidth, height: scene.pixelHeight)
        render(scene, into: &pixmap)
        return pixmap
    }

    /// Renders a scene into `pixmap` (which must be the scene's pixel size), reusing its storage.
    package func render(_ scene: Scene, into pixmap: inout Pixmap) {
        render(scene.root, into: &pixmap, scale: CGFloat(scene.scale), antialiasesAllEdges: true)
    }
}
