import Foundation
import CARenderModel

/// The parameters of one `UIView.animate` block, which views turn into animations for their
/// layers' property changes.
struct ViewAnimationBlock {
    var duration: CFTimeInterval
    var delay: CFTimeInterval
    var timingFunction: CAMediaTimingFunction
    /// For `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`.
    var spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    /// Whether `beginAnimations(_:context:)` opened the block, so the `setAnimation…` class
    /// methods may change it.
    var isBeginCommitBlock = false
    /// For a `beginAnimations(_:context:)` block: its identifier, context and delegate callbacks.
    var beginCommitCallbacks: BeginCommitCallbacks?
    /// `.repeat`: the animations repeat for ever.
    var repeats = false
    /// `.autoreverse`: each animation runs backwards after forwards.
    var autoreverses = false
    /// `.beginFromCurrentState`: start from the value on screen.
    var beginsFromCurrentState = false
}

/// The view-animation state of a stage: the animation blocks being run, innermost last, and
/// `UIView.setAnimationsEnabled(_:)`. Attached to the stage's context, which stores it without
/// knowing UIKit, so each stage starts with no open block and animations enabled.
final class ViewAnimationState: RootLayerActions {
    var blocks: [ViewAnimationBlock] = []
    var animationsEnabled = true
    /// When set (keyframe blocks, property animators), property changes of views are handed to it
    /// and not animated on their own: it builds their animations itself.
    var recorder: ViewAnimationRecorder?

    /// The innermost open animation block, when animations are enabled.
    var currentBlock: ViewAnimationBlock? {
        animationsEnabled ? blocks.last : nil
    }

    /// The current stage's view-animation state.
    static var current: ViewAnimationState {
        let context = StageContext.current
        return context.attachment {
            // The stage's root layer is a window's layer: it asks this state, as views do.
            let state = ViewAnimationState()
            context.rootLayerActions = state
            return state
        }
    }

    /// What a view answers its layer for a property change: outside an animation block `NSNull`
    /// (no animation), inside one a basic animation from the value on screen.
    static func action(for layer: CALayer, key: String) -> (any CAAction)? {
        current.action(for: layer, forKey: key)
    }

    func action(for layer: CALayer, forKey key: String) -> (any CAAction)? {
        if let recorder, animationsEnabled, ActionSearch.implicitlyAnimatedKeys.contains(key) {
            recorder.record(layer: layer, key: key, from: Self.startValue(of: layer, key: key, fromCurrentState: false))
            return NSNull()
        }
        guard let block = currentBlock, ActionSearch.implicitlyAnimatedKeys.contains(key) else {
            return NSNull()
        }
        let animation: CABasicAnimation
        if let spring = block.spring {
            animation = springAnimation(keyPath: key, duration: block.duration, dampingRatio: spring.dampingRatio,
                                        velocity: spring.velocity)
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = block.timingFunction
        }
        animation.fromValue = Self.startValue(of: layer, key: key, fromCurrentState: block.beginsFromCurrentState)
        animation.duration = block.duration
        if block.repeats { animation.repeatCount = .infinity }
        if block.autoreverses { animation.autoreverses = true }
        if block.delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime() + block.delay, from: nil)
            animation.fillMode = .backwards
        }
        return animation
    }
}

extension ViewAnimationState {
    /// Where a view animation of `key` starts: the value the view had before the change (its
    /// model value — the action is asked before the new value is stored), as UIKit starts it, so
    /// `view.transform = offset` followed by an animation back to `.identity` slides in from the
    /// offset (ViewAnimator's entrance idiom). While an animation of the key is in flight, or with
    /// `.beginFromCurrentState`, from the value on screen instead: UIKit's animations of a
    /// property in motion add up (since iOS 8), so the view continues from where it is.
    static func startValue(of layer: CALayer, key: String, fromCurrentState: Bool) -> Any? {
        if fromCurrentState || isAnimating(layer, key: key) {
            return layer.onScreenValue(forKeyPath: key, at: CACurrentMediaTime())
        }
        return layer.value(forKeyPath: key)
    }

    /// Whether an animation on `layer` animates `key` or a key path it is part of or contains.
    private static func isAnimating(_ layer: CALayer, key: String) -> Bool {
        guard let keys = layer.animationKeys() else { return false }
        let root = key.split(separator: ".").first.map(String.init) ?? key
        for animationKey in keys {
            guard let animation = layer.animation(forKey: animationKey) else { continue }
            if let property = animation as? CAPropertyAnimation, let path = property.keyPath {
                let otherRoot = path.split(separator: ".").first.map(String.init) ?? path
                if otherRoot == root { return true }
            } else {
                return true  // a group or transition: assume it may move the property
            }
        }
        return false
    }
}

/// UIKit's spring animation as a CASpringAnimation that comes to rest at `duration`: the
/// spring's natural frequency is scaled so that its settling duration (CASpringAnimation's own
/// definition) equals the animation's duration; mass 1. UIKit's mapping from (duration, damping
/// ratio) to spring constants is private; this one keeps its two promises: the damping ratio as
/// given, and motion finished when the duration ends.
func springAnimation(keyPath: String, duration: CFTimeInterval, dampingRatio: CGFloat, velocity: CGFloat) -> CASpringAnimation {
    let zeta = Double(min(max(dampingRatio, 0.01), 1))
    // Settling time scales as 1/ω0 for a fixed damping ratio: measure it at ω0 = 1.
    let unit = CASpringAnimation()
    unit.mass = 1
    unit.stiffness = 1
    unit.damping = CGFloat(2 * zeta)
    let omega = unit.settlingDuration / max(duration, 1e-3)
    let spring = CASpringAnimation(keyPath: keyPath)
    spring.mass = 1
    spring.stiffness = CGFloat(omega * omega)
    spring.damping = CGFloat(2 * zeta * omega)
    spring.initialVelocity = velocity
    return spring
}

/// Collects the view property changes made while it is `ViewAnimationState.recorder`: each
/// layer and key path changed, with the value on screen just before the first change.
class ViewAnimationRecorder {
    struct Change {
        let layer: CALayer
        let key: String
        let from: Any?
    }

    /// Changes in the order first made, one per layer and key.
    private(set) var changes: [Change] = []
    private var seen: Set<Key> = []
    /// The changes made since `beginStep()`, as indices into `changes`.
    private(set) var step: [Int] = []

    private struct Key: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    func record(layer: CALayer, key: String, from: Any?) {
        let id = Key(layer: ObjectIdentifier(layer), key: key)
        if seen.insert(id).inserted {
            changes.append(Change(layer: layer, key: key, from: from))
            step.append(changes.count - 1)
        } else if let index = changes.firstIndex(where: { $0.layer === layer && $0.key == key }), !step.contains(index) {
            step.append(index)
        }
    }

    /// Starts a new step: `step` lists only the changes made from now on.
    func beginStep() { step.removeAll() }

    /// Runs `body` with this recorder collecting the changes of the current stage's views.
    func recording(_ body: () -> Void) {
        let state = ViewAnimationState.current
        let previous = state.recorder
        state.recorder = self
        body()
        state.recorder = previous
    }
}
