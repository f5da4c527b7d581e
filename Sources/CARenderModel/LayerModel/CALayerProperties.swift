import Foundation

extension CALayer {
    /// The properties CALayer declares, each once (see LayerProperty.swift). Storage and defaults
    /// are the fields of `LayerState`; `frame` is derived from bounds, position and transform and
    /// is not a stored property. Implicit animations follow Apple's "Animatable" marks and the
    /// Core Animation Programming Guide's table of animatable properties (`doubleSided` has none).
    static let baseProperties = LayerPropertyTable([
        // Geometry
        LayerProperty("bounds", \.bounds, .rect, animatesImplicitly: true),
        LayerProperty("position", \.position, .point, animatesImplicitly: true),
        LayerProperty("zPosition", \.zPosition, .number, animatesImplicitly: true),
        LayerProperty("anchorPoint", \.anchorPoint, .point, animatesImplicitly: true),
        LayerProperty("anchorPointZ", \.anchorPointZ, .number, animatesImplicitly: true),
        LayerProperty("transform", \.transform, .transform, animatesImplicitly: true),
        LayerProperty("sublayerTransform", \.sublayerTransform, .transform, animatesImplicitly: true),
        LayerProperty("geometryFlipped", \.isGeometryFlipped, .bool),
        // Visibility and compositing
        LayerProperty("hidden", \.isHidden, .bool, animatesImplicitly: true),
        LayerProperty("opacity", \.opacity, .float, animatesImplicitly: true),
        LayerProperty("allowsGroupOpacity", \.allowsGroupOpacity, .bool),
        LayerProperty("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, .bool),
        LayerProperty("doubleSided", \.isDoubleSided, .bool),
        LayerProperty("masksToBounds", \.masksToBounds, .bool, animatesImplicitly: true),
        // Background, corners and border
        LayerProperty("backgroundColor", \.backgroundColor, .color, animatesImplicitly: true),
        LayerProperty("cornerRadius", \.cornerRadius, .number, animatesImplicitly: true),
        LayerProperty("maskedCorners", \.maskedCorners, .mask),
        LayerProperty("cornerCurve", \.cornerCurve, .string),
        LayerProperty("borderWidth", \.borderWidth, .number, animatesImplicitly: true),
        LayerProperty("borderColor", \.borderColor, .color, animatesImplicitly: true),
        // Shadow
        LayerProperty("shadowColor", \.shadowColor, .color, animatesImplicitly: true),
        LayerProperty("shadowOpacity", \.shadowOpacity, .float, animatesImplicitly: true),
        LayerProperty("shadowOffset", \.shadowOffset, .size, animatesImplicitly: true),
        LayerProperty("shadowRadius", \.shadowRadius, .number, animatesImplicitly: true),
        LayerProperty("shadowPath", \.shadowPath, .path, animatesImplicitly: true),
        // Contents
        LayerProperty("contents", \.contents, .object, animatesImplicitly: true),
        LayerProperty("contentsGravity", \.contentsGravity, .string),
        LayerProperty("contentsRect", \.contentsRect, .rect, animatesImplicitly: true),
        LayerProperty("contentsCenter", \.contentsCenter, .rect, animatesImplicitly: true),
        LayerProperty("contentsScale", \.contentsScale, .number, animatesImplicitly: true),
        LayerProperty("contentsFormat", \.contentsFormat, .string),
        LayerProperty("minificationFilter", \.minificationFilter, .string),
        LayerProperty("magnificationFilter", \.magnificationFilter, .string),
        LayerProperty("minificationFilterBias", \.minificationFilterBias, .float),
        // Rendering hints
        LayerProperty("opaque", \.isOpaque, .bool),
        LayerProperty("shouldRasterize", \.shouldRasterize, .bool),
        LayerProperty("rasterizationScale", \.rasterizationScale, .number),
        LayerProperty("edgeAntialiasingMask", \.edgeAntialiasingMask, .mask),
        LayerProperty("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, .bool),
        LayerProperty("drawsAsynchronously", \.drawsAsynchronously, .bool),
        // The layer's own timing (CAMediaTiming): key-value coded, not animatable
        LayerProperty("beginTime", \.beginTime, .time, isAnimatable: false),
        LayerProperty("duration", \.duration, .time, isAnimatable: false),
        LayerProperty("speed", \.speed, .float, isAnimatable: false),
        LayerProperty("timeOffset", \.timeOffset, .time, isAnimatable: false),
        LayerProperty("repeatCount", \.repeatCount, .float, isAnimatable: false),
        LayerProperty("repeatDuration", \.repeatDuration, .time, isAnimatable: false),
        LayerProperty("autoreverses", \.autoreverses, .bool, isAnimatable: false),
        LayerProperty("fillMode", \.fillMode, .string, isAnimatable: false),
    ])
}

extension LayerState {
    /// The value at a KVC key path of a CALayer property ("opacity", "position.x",
    /// "transform.rotation.z", ...) as a plain Swift value (CGFloat for numbers), or nil when
    /// the key path is not a CALayer property (or the property holds nil).
    public func value(forKeyPath keyPath: String) -> Any? {
        CALayer.baseProperties.resolve(keyPath)?.value(in: self)
    }

    /// Sets the value at a CALayer key path; accepts plain Swift values and NSNumber/NSValue.
    /// Returns false (and changes nothing) when the key path is not a CALayer property or the
    /// value has the wrong type.
    @discardableResult
    public mutating func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        guard let path = CALayer.baseProperties.resolve(keyPath) else { return false }
        return path.setValue(value, in: &self)
    }

    /// Whether `keyPath` names a (possibly nested) CALayer property.
    public static func isProperty(keyPath: String) -> Bool {
        CALayer.baseProperties.resolve(keyPath) != nil
    }

    /// The KVC names of CALayer's properties.
    public static var propertyKeys: [String] { CALayer.baseProperties.properties.map(\.name).sorted() }
}
