import Foundation

// Key-value coding on layers. Layer properties are read and written through `LayerState`'s key
// paths; a few properties that live on the layer object itself (`name`, `frame`, `sublayers`,
// `mask`, ...) are handled here; every other key is stored as an arbitrary value, since a
// Core Animation layer is a key-value container.
//
// Values come out the way Apple's KVC boxes them: numbers as `NSNumber` (castable to `CGFloat`,
// `Double`, `Float`), geometry as the plain struct (castable to and from `NSValue`).

extension CALayer {
    /// `value(forKey:)` as CALayer implements it.
    func layerValue(forKey key: String) -> Any? {
        if !key.contains(".") || LayerState.isProperty(keyPath: key) { return value(forKeyPath: key) }
        return customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// `setValue(_:forKey:)` as CALayer implements it.
    func setLayerValue(_ value: Any?, forKey key: String) {
        if !key.contains(".") || LayerState.isProperty(keyPath: key) {
            setValue(value, forKeyPath: key)
        } else {
            setCustomModelValue(value, forKey: key)
        }
    }

    /// `value(forKeyPath:)` as CALayer implements it.
    func layerValue(forKeyPath keyPath: String) -> Any? {
        if LayerState.isProperty(keyPath: keyPath) {
            return kvcBoxed(modelState.value(forKeyPath: keyPath))
        }
        if let value = objectPropertyValue(forKeyPath: keyPath) { return kvcBoxed(value) }
        return customValues[keyPath] ?? type(of: self).defaultValue(forKey: keyPath)
    }

    /// `setValue(_:forKeyPath:)` as CALayer implements it.
    func setLayerValue(_ value: Any?, forKeyPath keyPath: String) {
        if LayerState.isProperty(keyPath: keyPath) {
            if !setModelValue(value, forKeyPath: keyPath) {
                // Apple raises here; a warning keeps the render going and still says what is wrong.
                let shown = value.map { "\($0) (\(type(of: $0)))" } ?? "nil"
                Diagnostics.warnOnce("setValue(\(shown), forKeyPath: \"\(keyPath)\"): that is not a value for this property; ignored")
            }
            return
        }
        if setObjectPropertyValue(value, forKeyPath: keyPath) { return }
        setCustomModelValue(value, forKey: keyPath)
    }

    /// The key-value-coding write hook: computes the new model state for `keyPath` and commits the
    /// changed property through `setModelValue(_:_:forKey:)` under its root key. Returns false when
    /// the key path is not a layer property or `value` has the wrong type.
    @discardableResult
    func setModelValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        var state = modelState
        guard state.setValue(value, forKeyPath: keyPath) else { return false }
        let key = LayerState.rootKey(ofKeyPath: keyPath)
        guard let commit = Self.modelCommits[key] else { return false }
        commit(self, state)
        return true
    }

    /// The one place a key that is not a layer property changes (nil or NSNull removes it).
    func setCustomModelValue(_ value: Any?, forKey key: String) {
        if let value, !(value is NSNull) {
            customValues[key] = value
        } else {
            customValues[key] = nil
        }
    }

    /// Copies one property from a computed state into the model through the setter hook.
    static let modelCommits: [String: (CALayer, LayerState) -> Void] = {
        func commit<V>(_ kp: WritableKeyPath<LayerState, V>, _ key: String) -> (String, (CALayer, LayerState) -> Void) {
            (key, { layer, state in layer.setModelValue(kp, state[keyPath: kp], forKey: key) })
        }
        let entries: [(String, (CALayer, LayerState) -> Void)] = [
            commit(\.bounds, "bounds"), commit(\.position, "position"), commit(\.zPosition, "zPosition"),
            commit(\.anchorPoint, "anchorPoint"), commit(\.anchorPointZ, "anchorPointZ"),
            commit(\.transform, "transform"), commit(\.sublayerTransform, "sublayerTransform"),
            commit(\.isGeometryFlipped, "geometryFlipped"), commit(\.isHidden, "hidden"),
            commit(\.opacity, "opacity"), commit(\.allowsGroupOpacity, "allowsGroupOpacity"),
            commit(\.allowsEdgeAntialiasing, "allowsEdgeAntialiasing"), commit(\.isDoubleSided, "doubleSided"),
            commit(\.masksToBounds, "masksToBounds"), commit(\.backgroundColor, "backgroundColor"),
            commit(\.cornerRadius, "cornerRadius"), commit(\.maskedCorners, "maskedCorners"),
            commit(\.cornerCurve, "cornerCurve"), commit(\.borderWidth, "borderWidth"),
            commit(\.borderColor, "borderColor"), commit(\.shadowColor, "shadowColor"),
            commit(\.shadowOpacity, "shadowOpacity"), commit(\.shadowOffset, "shadowOffset"),
            commit(\.shadowRadius, "shadowRadius"), commit(\.shadowPath, "shadowPath"),
            commit(\.contents, "contents"), commit(\.contentsGravity, "contentsGravity"),
            commit(\.contentsRect, "contentsRect"), commit(\.contentsCenter, "contentsCenter"),
            commit(\.contentsScale, "contentsScale"), commit(\.contentsFormat, "contentsFormat"),
            commit(\.minificationFilter, "minificationFilter"), commit(\.magnificationFilter, "magnificationFilter"),
            commit(\.minificationFilterBias, "minificationFilterBias"), commit(\.isOpaque, "opaque"),
            commit(\.shouldRasterize, "shouldRasterize"), commit(\.rasterizationScale, "rasterizationScale"),
            commit(\.edgeAntialiasingMask, "edgeAntialiasingMask"),
            commit(\.needsDisplayOnBoundsChange, "needsDisplayOnBoundsChange"),
            commit(\.drawsAsynchronously, "drawsAsynchronously"),
        ]
        return Dictionary(uniqueKeysWithValues: entries)
    }()

    // MARK: - Properties held by the layer object

    private func objectPropertyValue(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        switch parts[0] {
        case "frame": return StructKeyPaths.value(in: frame, at: parts.dropFirst())
        case _ where parts.count > 1: return nil
        case "name": return name
        case "sublayers": return sublayers
        case "mask": return mask
        case "superlayer": return superlayer
        case "actions": return actions
        case "style": return style
        case "delegate": return delegate
        default: return nil
        }
    }

    private func setObjectPropertyValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        let value = value is NSNull ? nil : value
        switch parts[0] {
        case "frame":
            let newFrame = parts.count == 1 ? coerceToCGRect(value)
                : StructKeyPaths.replacing(in: frame, at: parts.dropFirst(), with: value) as? CGRect
            if let newFrame { frame = newFrame }
            return true
        case _ where parts.count > 1: return false
        case "name":
            if value == nil || value is String { name = value as? String }
            return true
        case "sublayers":
            if value == nil || value is [CALayer] { sublayers = value as? [CALayer] }
            return true
        case "mask":
            if value == nil || value is CALayer { mask = value as? CALayer }
            return true
        case "actions":
            if value == nil || value is [String: any CAAction] { actions = value as? [String: any CAAction] }
            return true
        case "style":
            if value == nil || value is [AnyHashable: Any] { style = value as? [AnyHashable: Any] }
            return true
        default:
            return false
        }
    }
}
