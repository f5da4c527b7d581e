import Foundation
import CARenderGeometry

// Key-value coding on layers. Layer properties are read and written through the class's property
// table (LayerProperty.swift); a few properties that live on the layer object itself (`name`, `frame`, `sublayers`,
// `mask`, ...) are handled here; every other key is stored as an arbitrary value, since a
// Core Animation layer is a key-value container.
//
// Values come out the way Apple's KVC boxes them: numbers as `NSNumber` (castable to `CGFloat`,
// `Double`, `Float`), geometry as the plain struct (castable to and from `NSValue`).

extension CALayer {
    /// `keyPath` resolved against the class's property table (for a presentation copy, the model
    /// layer's class), nil when it is not a property path.
    func resolvedProperty(_ keyPath: String) -> ResolvedPropertyPath? {
        type(of: modelLayerReference ?? self).propertyTable.resolve(keyPath)
    }

    /// `value(forKey:)` as CALayer implements it.
    func layerValue(forKey key: String) -> Any? {
        if !key.contains(".") || resolvedProperty(key) != nil { return value(forKeyPath: key) }
        return presentationDrawingValues?[key] ?? customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// `setValue(_:forKey:)` as CALayer implements it.
    func setLayerValue(_ value: Any?, forKey key: String) {
        if !key.contains(".") || resolvedProperty(key) != nil {
            setValue(value, forKeyPath: key)
        } else {
            setCustomModelValue(value, forKey: key)
        }
    }

    /// `value(forKeyPath:)` as CALayer implements it.
    func layerValue(forKeyPath keyPath: String) -> Any? {
        if let path = resolvedProperty(keyPath) {
            return kvcBoxed(path.value(in: modelState))
        }
        if let value = objectPropertyValue(forKeyPath: keyPath) { return kvcBoxed(value) }
        return presentationDrawingValues?[keyPath] ?? customValues[keyPath] ?? type(of: self).defaultValue(forKey: keyPath)
    }

    /// `setValue(_:forKeyPath:)` as CALayer implements it.
    func setLayerValue(_ value: Any?, forKeyPath keyPath: String) {
        if let path = resolvedProperty(keyPath) {
            if !setModelValue(value, at: path) {
                // Apple raises here; a warning keeps the render going and still says what is wrong.
                let shown = value.map { "\($0) (\(type(of: $0)))" } ?? "nil"
                stageContext.diagnostics.warnOnce("setValue(\(shown), forKeyPath: \"\(keyPath)\"): that is not a value for this property; ignored")
            }
            return
        }
        if setObjectPropertyValue(value, forKeyPath: keyPath) { return }
        setCustomModelValue(value, forKey: keyPath)
    }

    /// The key-value-coding write hook: computes the new model state for `path` and commits the
    /// changed property through the setter hook under the property's name. Returns false when
    /// `value` has the wrong type.
    @discardableResult
    func setModelValue(_ value: Any?, at path: ResolvedPropertyPath) -> Bool {
        var state = modelState
        guard path.setValue(value, in: &state) else { return false }
        path.property.commit(state, to: self)
        return true
    }

    /// The one place a key that is not a layer property changes (nil or NSNull removes it). As
    /// for properties, a change joins the transaction and runs the action `action(forKey:)`
    /// finds (a subclass's own animatable key, see CustomPropertyKey.swift), and marks the layer
    /// for display when the class's `needsDisplay(forKey:)` names the key.
    func setCustomModelValue(_ value: Any?, forKey key: String) {
        let newValue = value is NSNull ? nil : value
        if isPresentationCopy {
            customValues[key] = newValue
            return
        }
        let changes = !ValueEquality.equal(customValues[key], newValue)
        var action = changes ? actionForPropertyChange(key) : nil
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
           let copy = basic.copy() as? CABasicAnimation {
            // The animation runs from the value on screen, which the store below would hide; a
            // key never set starts from the class's default, else from zero, as an `@NSManaged`
            // number does.
            copy.fromValue = makePresentation()?.customValues[key] ?? customValues[key]
                ?? type(of: self).defaultValue(forKey: key)
                ?? AnimatableValue(newValue).flatMap { AnimatableValue.neutral(like: $0)?.anyValue }
            action = copy
        }
        stageContext.transactions.layerWillChange(self)
        customValues[key] = newValue
        if changes, type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        action?.run(forKey: key, object: self, arguments: nil)
    }

    // MARK: - Properties held by the layer object

    private func objectPropertyValue(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        switch parts[0] {
        case "frame":
            guard let sub = PropertySubPath(parts.dropFirst(), of: .rect) else { return nil }
            return sub.value(in: .rect(frame))?.anyValue
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
            var newFrame: CGRect?
            if parts.count == 1 {
                newFrame = coerceToCGRect(value)
            } else if let sub = PropertySubPath(parts.dropFirst(), of: .rect), let leaf = sub.leaf(coercing: value),
                      case .rect(let r)? = sub.replacing(in: .rect(frame), with: leaf) {
                newFrame = r
            }
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
