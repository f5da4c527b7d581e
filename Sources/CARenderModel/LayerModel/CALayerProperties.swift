import Foundation

extension CALayer {
    /// The properties CALayer declares, each once (see LayerProperty.swift). Storage and defaults
    /// are the fields of `LayerState`; `frame` is derived from bounds, position and transform and
    /// is not a stored property. Implicit animations follow Apple's "Animatable" marks and the
    /// Core Animation Programming Guide's table of animatable properties (`doubleSided` has none).
    /// Members are named by their KVC names.
    package struct Keys: Sendable {
        // Geometry
        package let bounds = LayerPropertyKey("bounds", \.bounds, .rect, animatesImplicitly: true)
        package let position = LayerPropertyKey("position", \.position, .point, animatesImplicitly: true)
        package let zPosition = LayerPropertyKey("zPosition", \.zPosition, .number, animatesImplicitly: true)
        package let anchorPoint = LayerPropertyKey("anchorPoint", \.anchorPoint, .point, animatesImplicitly: true)
        package let anchorPointZ = LayerPropertyKey("anchorPointZ", \.anchorPointZ, .number, animatesImplicitly: true)
        package let transform = LayerPropertyKey("transform", \.transform, .transform, animatesImplicitly: true)
        package let sublayerTransform = LayerPropertyKey("sublayerTransform", \.sublayerTransform, .transform, animatesImplicitly: true)
        package let geometryFlipped = LayerPropertyKey("geometryFlipped", \.isGeometryFlipped, .bool)
        // Visibility and compositing
        package let hidden = LayerPropertyKey("hidden", \.isHidden, .bool, animatesImplicitly: true)
        package let opacity = LayerPropertyKey("opacity", \.opacity, .float, animatesImplicitly: true)
        package let allowsGroupOpacity = LayerPropertyKey("allowsGroupOpacity", \.allowsGroupOpacity, .bool)
        package let allowsEdgeAntialiasing = LayerPropertyKey("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, .bool)
        package let doubleSided = LayerPropertyKey("doubleSided", \.isDoubleSided, .bool)
        package let masksToBounds = LayerPropertyKey("masksToBounds", \.masksToBounds, .bool, animatesImplicitly: true)
        // Background, corners and border
        package let backgroundColor = LayerPropertyKey("backgroundColor", \.backgroundColor, .color, animatesImplicitly: true)
        package let cornerRadius = LayerPropertyKey("cornerRadius", \.cornerRadius, .number, animatesImplicitly: true)
        package let maskedCorners = LayerPropertyKey("maskedCorners", \.maskedCorners, .mask)
        package let cornerCurve = LayerPropertyKey("cornerCurve", \.cornerCurve, .string)
        package let borderWidth = LayerPropertyKey("borderWidth", \.borderWidth, .number, animatesImplicitly: true)
        package let borderColor = LayerPropertyKey("borderColor", \.borderColor, .color, animatesImplicitly: true)
        // Shadow
        package let shadowColor = LayerPropertyKey("shadowColor", \.shadowColor, .color, animatesImplicitly: true)
        package let shadowOpacity = LayerPropertyKey("shadowOpacity", \.shadowOpacity, .float, animatesImplicitly: true)
        package let shadowOffset = LayerPropertyKey("shadowOffset", \.shadowOffset, .size, animatesImplicitly: true)
        package let shadowRadius = LayerPropertyKey("shadowRadius", \.shadowRadius, .number, animatesImplicitly: true)
        package let shadowPath = LayerPropertyKey("shadowPath", \.shadowPath, .path, animatesImplicitly: true)
        // Contents
        package let contents = LayerPropertyKey("contents", \.contents, .object, animatesImplicitly: true)
        package let contentsGravity = LayerPropertyKey("contentsGravity", \.contentsGravity, .string)
        package let contentsRect = LayerPropertyKey("contentsRect", \.contentsRect, .rect, animatesImplicitly: true)
        package let contentsCenter = LayerPropertyKey("contentsCenter", \.contentsCenter, .rect, animatesImplicitly: true)
        package let contentsScale = LayerPropertyKey("contentsScale", \.contentsScale, .number, animatesImplicitly: true)
        package let contentsFormat = LayerPropertyKey("contentsFormat", \.contentsFormat, .string)
        package let minificationFilter = LayerPropertyKey("minificationFilter", \.minificationFilter, .string)
        package let magnificationFilter = LayerPropertyKey("magnificationFilter", \.magnificationFilter, .string)
        package let minificationFilterBias = LayerPropertyKey("minificationFilterBias", \.minificationFilterBias, .float)
        // Rendering hints
        package let opaque = LayerPropertyKey("opaque", \.isOpaque, .bool)
        package let shouldRasterize = LayerPropertyKey("shouldRasterize", \.shouldRasterize, .bool)
        package let rasterizationScale = LayerPropertyKey("rasterizationScale", \.rasterizationScale, .number)
        package let edgeAntialiasingMask = LayerPropertyKey("edgeAntialiasingMask", \.edgeAntialiasingMask, .mask)
        package let needsDisplayOnBoundsChange = LayerPropertyKey("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, .bool)
        package let drawsAsynchronously = LayerPropertyKey("drawsAsynchronously", \.drawsAsynchronously, .bool)
        // The layer's own timing (CAMediaTiming): key-value coded, not animatable
        package let beginTime = LayerPropertyKey("beginTime", \.beginTime, .time, isAnimatable: false)
        package let duration = LayerPropertyKey("duration", \.duration, .time, isAnimatable: false)
        package let speed = LayerPropertyKey("speed", \.speed, .float, isAnimatable: false)
        package let timeOffset = LayerPropertyKey("timeOffset", \.timeOffset, .time, isAnimatable: false)
        package let repeatCount = LayerPropertyKey("repeatCount", \.repeatCount, .float, isAnimatable: false)
        package let repeatDuration = LayerPropertyKey("repeatDuration", \.repeatDuration, .time, isAnimatable: false)
        package let autoreverses = LayerPropertyKey("autoreverses", \.autoreverses, .bool, isAnimatable: false)
        package let fillMode = LayerPropertyKey("fillMode", \.fillMode, .string, isAnimatable: false)
    }

    /// CALayer's property keys, which its accessors use.
    package static let layerKeys = Keys()

    /// CALayer's property table.
    static let baseProperties = LayerPropertyTable(declaring: layerKeys)
}

extension LayerState {
    /// The value at a KVC key path of a CALayer property ("opacity", "position.x",
    /// "transform.rotation.z", ...) as a plain Swift value (CGFloat for numbers), or nil when
    /// the key path is not a CALayer property (or the property holds nil).
    package func value(forKeyPath keyPath: String) -> Any? {
        CALayer.baseProperties.resolve(keyPath)?.value(in: self)
    }

    /// Sets the value at a CALayer key path; accepts plain Swift values and NSNumber/NSValue.
    /// Returns false (and changes nothing) when the key path is not a CALayer property or the
    /// value has the wrong type.
    @discardableResult
    package mutating func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        guard let path = CALayer.baseProperties.resolve(keyPath) else { return false }
        return path.setValue(value, in: &self)
    }

    /// Whether `keyPath` names a (possibly nested) CALayer property.
    package static func isProperty(keyPath: String) -> Bool {
        CALayer.baseProperties.resolve(keyPath) != nil
    }

    /// The KVC names of CALayer's properties.
    package static var propertyKeys: [String] { CALayer.baseProperties.properties.map(\.name).sorted() }
}
