import Foundation

/// How key-value coding reads and writes one layer property in a `LayerState`.
struct LayerPropertyAccessor {
    /// The value as a plain Swift value (`Float` properties read as `CGFloat`).
    let get: (LayerState) -> Any?
    /// Stores a value given as a plain Swift value, `NSNumber` or `NSValue`; false for a wrong type.
    let set: (inout LayerState, Any?) -> Bool
}

extension LayerState {
    /// The value at a KVC key path ("opacity", "position.x", "transform.rotation.z", ...), as a
    /// plain Swift value (CGFloat for numbers, CGPoint, CGSize, CGRect, CATransform3D, CGColor,
    /// CGPath, Bool, CACornerMask, CALayerCornerCurve, CALayerContentsGravity, Any for contents),
    /// or nil when the key path is not a layer property (or the property holds nil).
    public func value(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard let root = parts.first, let accessor = Self.accessors[String(root)] else { return nil }
        let value = accessor.get(self)
        if parts.count == 1 { return value }
        guard let value else { return nil }
        return StructKeyPaths.value(in: value, at: parts.dropFirst())
    }

    /// Sets the value at a key path; accepts plain Swift values and NSNumber/NSValue. Returns false
    /// (and changes nothing) when the key path is not a layer property or the value has the
    /// wrong type.
    @discardableResult
    public mutating func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard let root = parts.first, let accessor = Self.accessors[String(root)] else { return false }
        if parts.count == 1 { return accessor.set(&self, value) }
        guard let current = accessor.get(self),
              let updated = StructKeyPaths.replacing(in: current, at: parts.dropFirst(), with: value)
        else { return false }
        return accessor.set(&self, updated)
    }

    /// Whether `keyPath` names a (possibly nested) layer property.
    public static func isProperty(keyPath: String) -> Bool {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard let root = parts.first, let accessor = accessors[String(root)] else { return false }
        if parts.count == 1 { return true }
        guard let sample = accessor.get(defaults) else { return false }
        return StructKeyPaths.value(in: sample, at: parts.dropFirst()) != nil
    }

    /// A state holding every default, to check sub-paths against the property's type.
    private static let defaults = LayerState()

    /// The KVC names of every property a `LayerState` holds.
    public static var propertyKeys: [String] { accessors.keys.sorted() }

    /// The property key a key path changes: "position" for "position.x".
    static func rootKey(ofKeyPath keyPath: String) -> String {
        String(keyPath.prefix { $0 != "." })
    }

    /// Accessors by Apple's KVC names (`hidden`, not `isHidden`).
    static let accessors: [String: LayerPropertyAccessor] = {
        typealias A = LayerPropertyAccessor
        return [
            "bounds": .rect(\.bounds),
            "position": .point(\.position),
            "zPosition": .number(\.zPosition),
            "anchorPoint": .point(\.anchorPoint),
            "anchorPointZ": .number(\.anchorPointZ),
            "transform": .transform(\.transform),
            "sublayerTransform": .transform(\.sublayerTransform),
            "geometryFlipped": .bool(\.isGeometryFlipped),
            "hidden": .bool(\.isHidden),
            "opacity": .float(\.opacity),
            "allowsGroupOpacity": .bool(\.allowsGroupOpacity),
            "allowsEdgeAntialiasing": .bool(\.allowsEdgeAntialiasing),
            "doubleSided": .bool(\.isDoubleSided),
            "masksToBounds": .bool(\.masksToBounds),
            "backgroundColor": .color(\.backgroundColor),
            "cornerRadius": .number(\.cornerRadius),
            "maskedCorners": A(get: { $0.maskedCorners }, set: { state, value in
                if let mask = value as? CACornerMask {
                    state.maskedCorners = mask
                } else if let raw = coerceToCGFloat(value), raw >= 0, raw == raw.rounded() {
                    state.maskedCorners = CACornerMask(rawValue: UInt(raw))
                } else {
                    return false
                }
                return true
            }),
            "cornerCurve": .string(\.cornerCurve),
            "borderWidth": .number(\.borderWidth),
            "borderColor": .color(\.borderColor),
            "shadowColor": .color(\.shadowColor),
            "shadowOpacity": .float(\.shadowOpacity),
            "shadowOffset": .size(\.shadowOffset),
            "shadowRadius": .number(\.shadowRadius),
            "shadowPath": A(get: { $0.shadowPath }, set: { state, value in
                guard let path = coerceToOptionalCGPath(value) else { return false }
                state.shadowPath = path
                return true
            }),
            "contents": A(get: { $0.contents }, set: { state, value in
                state.contents = value is NSNull ? nil : value
                return true
            }),
            "contentsGravity": .string(\.contentsGravity),
            "contentsRect": .rect(\.contentsRect),
            "contentsCenter": .rect(\.contentsCenter),
            "contentsScale": .number(\.contentsScale),
            "contentsFormat": .string(\.contentsFormat),
            "minificationFilter": .string(\.minificationFilter),
            "magnificationFilter": .string(\.magnificationFilter),
            "minificationFilterBias": .float(\.minificationFilterBias),
            "opaque": .bool(\.isOpaque),
            "shouldRasterize": .bool(\.shouldRasterize),
            "rasterizationScale": .number(\.rasterizationScale),
            "edgeAntialiasingMask": A(get: { $0.edgeAntialiasingMask }, set: { state, value in
                if let mask = value as? CAEdgeAntialiasingMask {
                    state.edgeAntialiasingMask = mask
                } else if let raw = coerceToCGFloat(value), raw >= 0, raw == raw.rounded() {
                    state.edgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: UInt32(raw))
                } else {
                    return false
                }
                return true
            }),
            "needsDisplayOnBoundsChange": .bool(\.needsDisplayOnBoundsChange),
            "drawsAsynchronously": .bool(\.drawsAsynchronously),
        ]
    }()
}

extension LayerPropertyAccessor {
    static func number(_ kp: WritableKeyPath<LayerState, CGFloat>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { state, value in
            guard let v = coerceToCGFloat(value) else { return false }
            state[keyPath: kp] = v
            return true
        })
    }

    static func float(_ kp: WritableKeyPath<LayerState, Float>) -> Self {
        Self(get: { CGFloat($0[keyPath: kp]) }, set: { state, value in
            guard let v = coerceToCGFloat(value) else { return false }
            state[keyPath: kp] = Float(v)
            return true
        })
    }

    static func bool(_ kp: WritableKeyPath<LayerState, Bool>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { state, value in
            guard let v = coerceToBool(value) else { return false }
            state[keyPath: kp] = v
            return true
        })
    }

    static func point(_ kp: WritableKeyPath<LayerState, CGPoint>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { state, value in
            guard let v = coerceToCGPoint(value) else { return false }
            state[keyPath: kp] = v
            return true
        })
    }

    static func size(_ kp: WritableKeyPath<LayerState, CGSize>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { state, value in
            guard let v = coerceToCGSize(value) else { return false }
            state[keyPath: kp] = v
            return true
        })
    }

    static func rect(_ kp: WritableKeyPath<LayerState, CGRect>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { state, value in
            guard let v = coerceToCGRect(value) else { return false }
            state[keyPath: kp] = v
            return true
        })
    }

    static func transform(_ kp: WritableKeyPath<LayerState, CATransform3D>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { state, value in
            guard let v = coerceToCATransform3D(value) else { return false }
            state[keyPath: kp] = v
            return true
        })
    }

    static func color(_ kp: WritableKeyPath<LayerState, CGColor?>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { state, value in
            guard let v = coerceToOptionalCGColor(value) else { return false }
            state[keyPath: kp] = v
            return true
        })
    }

    static func string<T: RawRepresentable>(_ kp: WritableKeyPath<LayerState, T>) -> Self where T.RawValue == String {
        Self(get: { $0[keyPath: kp] }, set: { state, value in
            guard let v = coerceToRawRepresentable(value, as: T.self) else { return false }
            state[keyPath: kp] = v
            return true
        })
    }
}
