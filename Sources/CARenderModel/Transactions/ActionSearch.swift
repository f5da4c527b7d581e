import Foundation

/// Core Animation's search for the action of a layer event, in the order `action(forKey:)`
/// documents: the delegate, `actions`, `style`'s `actions` (and nested styles), the class's
/// `defaultAction(forKey:)`, then the implicit animation of an animatable property.
package enum ActionSearch {
    /// CALayer's properties whose change Core Animation animates implicitly with a basic
    /// animation, as declared in its property table (`frame` is derived and not among them).
    package static var implicitlyAnimatedKeys: Set<String> { CALayer.baseProperties.implicitlyAnimatedKeys }

    static func action(for layer: CALayer, event: String) -> (any CAAction)? {
        if let delegate = layer.delegate, let found = delegate.action(for: layer, forKey: event) {
            return found is NSNull ? nil : found
        }
        if let found = layer.actions?[event] {
            return found is NSNull ? nil : found
        }
        var style = layer.style
        while let dictionary = style {
            if let actions = dictionary["actions"] as? [String: Any], let found = actions[event] {
                if found is NSNull { return nil }
                if let action = found as? any CAAction { return action }
            }
            style = dictionary["style"] as? [AnyHashable: Any]
        }
        if let found = type(of: layer).defaultAction(forKey: event) {
            return found is NSNull ? nil : found
        }
        return implicitAction(for: layer, key: event)
    }

    /// Core Animation's implicit animation: a basic animation of `key` from the value now on
    /// screen to the new model value, with the transaction's duration and timing function
    /// (the `default` curve when the transaction sets none).
    static func implicitAction(for layer: CALayer, key: String) -> (any CAAction)? {
        guard type(of: layer).propertyTable.implicitlyAnimatedKeys.contains(key) else { return nil }
        let animation = ImplicitAnimation(keyPath: key)
        // A fade-in from no image still needs a from value: NSNull stands for "no contents".
        animation.fromValue = layer.onScreenValue(forKeyPath: key, at: layer.stageContext.time) ?? (key == "contents" ? NSNull() : nil)
        animation.timingFunction = layer.stageContext.transactions.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
            ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}

/// Core Animation's implicit animation: a basic animation like any other, marked so that the
/// property-change path can tell it from one the program supplied.
final class ImplicitAnimation: CABasicAnimation {}

extension CALayer {
    /// The action a change of `key` triggers now, or nil when changes do not animate: actions
    /// disabled, or the layer not (yet) part of a committed stage tree.
    func actionForPropertyChange(_ key: String) -> (any CAAction)? {
        guard !stageContext.transactions.disableActions else { return nil }
        return Self.withoutImplicitUnlessCommitted(action(forKey: key), layer: self)
    }

    /// The whole search runs for every layer (a view's layer answers from its delegate even
    /// before its first commit, which is how a view added and animated in one turn animates),
    /// but Core Animation's own implicit animation needs a layer that is already on screen.
    static func withoutImplicitUnlessCommitted(_ action: (any CAAction)?, layer: CALayer) -> (any CAAction)? {
        if action is ImplicitAnimation && !layer.isInCommittedStageTree { return nil }
        return action
    }

    /// The action for an ordering event of `layer` (`kCAOnOrderIn`/`kCAOnOrderOut`), which
    /// fires only when `parent` is part of the committed stage tree.
    func actionForPropertyChange(on layer: CALayer, event: String, whenVisibleIn parent: CALayer) -> (any CAAction)? {
        guard !parent.stageContext.transactions.disableActions, parent.isInCommittedStageTree else { return nil }
        return layer.action(forKey: event)
    }

    /// Whether the layer was committed as part of its stage's tree and still belongs to it.
    var isInCommittedStageTree: Bool {
        guard hasBeenCommitted, let root = owningStageContext?.rootLayer else { return false }
        var layer: CALayer? = self
        while let current = layer {
            if current === root { return true }
            layer = current.superlayer
        }
        return false
    }

    /// Makes the model values the committed (rendered) ones.
    func commitModelState() {
        committedState = modelState
    }

    /// Marks this subtree (masks included) as committed, giving never-committed layers their
    /// first committed state; a layer with a history (`SteppedLayer`) starts being stepped.
    func markCommittedSubtree(in context: StageContext) {
        forEachInSubtree { layer in
            if !layer.hasBeenCommitted {
                layer.hasBeenCommitted = true
                layer.committedState = layer.modelState
                if let stepped = layer as? any SteppedLayer { context.steppedLayers.add(stepped, now: context.time) }
            }
        }
    }
}
