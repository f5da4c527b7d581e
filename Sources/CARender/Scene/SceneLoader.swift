import Foundation

extension Scene {
    /// Reads a scene-JSON file (see `shared/bench/scene.py`).
    public init(contentsOf url: URL) throws {
        try self.init(json: try Data(contentsOf: url))
    }

    /// Parses scene JSON. Besides scene.py's fields, layers may carry `zPosition`,
    /// `anchorPointZ`, `doubleSided`, `hidden`, `kind` (`"transformLayer"`), `maskedCorners`,
    /// `cornerCurve`, `allowsGroupOpacity`, `mask` (a layer) and `name`.
    public init(json: Data) throws {
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

    private static func node(_ value: Any) throws -> RenderNode {
        guard let d = value as? [String: Any] else { throw SceneError(description: "a layer must be an object") }
        var s = LayerState()
        if let b = try pair(d["bounds"]) { s.bounds = CGRect(x: 0, y: 0, width: b.0, height: b.1) }
        if let p = try pair(d["position"]) { s.position = CGPoint(x: p.0, y: p.1) }
        if let a = try pair(d["anchor"]) { s.anchorPoint = CGPoint(x: a.0, y: a.1) }
        if let t = d["transform"] { s.transform = try transform(t) }
        if let t = d["sublayerTransform"] { s.sublayerTransform = try transform(t) }
        if let c = d["backgroundColor"] { s.backgroundColor = try color(c) }
        if let c = d["borderColor"] { s.borderColor = try color(c) }
        if let c = d["shadowColor"] { s.shadowColor = try color(c) }
        if let v = d["cornerRadius"] as? Double { s.cornerRadius = v }
        if let v = d["borderWidth"] as? Double { s.borderWidth = v }
        if let v = d["opacity"] as? Double { s.opacity = Float(v) }
        if let v = d["shadowOpacity"] as? Double { s.shadowOpacity = Float(v) }
        if let v = d["shadowRadius"] as? Double { s.shadowRadius = v }
        if let o = try pair(d["shadowOffset"]) { s.shadowOffset = CGSize(width: o.0, height: o.1) }
        if let v = d["masksToBounds"] as? Bool { s.masksToBounds = v }
        if let v = d["zPosition"] as? Double { s.zPosition = v }
        if let v = d["anchorPointZ"] as? Double { s.anchorPointZ = v }
        if let v = d["doubleSided"] as? Bool { s.isDoubleSided = v }
        if let v = d["hidden"] as? Bool { s.isHidden = v }
        if let v = d["allowsGroupOpacity"] as? Bool { s.allowsGroupOpacity = v }
        if let v = d["maskedCorners"] as? Int { s.maskedCorners = CACornerMask(rawValue: UInt(v)) }
        if let v = d["cornerCurve"] as? String { s.cornerCurve = CALayerCornerCurve(rawValue: v) }
        let sublayers = try (d["sublayers"] as? [Any] ?? []).map { try node($0) }
        let mask = try d["mask"].map { [try node($0)] } ?? []
        let kind: RenderNode.Kind = (d["kind"] as? String) == "transformLayer" ? .transformLayer : .layer
        return RenderNode(kind: kind, state: s, sublayers: sublayers, mask: mask)
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
    /// Renders a scene at its own size and scale.
    public func render(_ scene: Scene) -> Pixmap {
        render(scene.root, width: scene.pixelWidth, height: scene.pixelHeight, scale: CGFloat(scene.scale))
    }

    /// Renders a scene into `pixmap` (which must be the scene's pixel size), reusing its storage.
    public func render(_ scene: Scene, into pixmap: inout Pixmap) {
        render(scene.root, into: &pixmap, scale: CGFloat(scene.scale))
    }
}
