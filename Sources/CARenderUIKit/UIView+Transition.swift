import Foundation
import CARenderGeometry
import CARenderModel

// UIKit's view transitions, built as UIKit builds them: a `CATransition` on a layer, so the
// layer's picture before the change turns into its picture after it. `transition(with:…)` puts
// it on the view itself, `transition(from:to:…)` on the views' common superview. The changes
// inside the block take effect at once — the transition animates between the two pictures —
// unless `.allowAnimatedContent` asks for them to animate as in `animate(withDuration:…)`.
//
// The options map to transition types as UIKit maps them ("Dev:UIViewAnimationState" on The
// Apple Wiki lists the private types behind UIViewAnimationTransition): cross-dissolve is `fade`,
// the flips are `oglFlip` with the matching subtype, curl up is `pageCurl` and curl down
// `pageUnCurl` (curling up from the bottom and down from the top, as UIKit documents them).

extension UIView.AnimationOptions {
    /// The transition type and subtype the options ask for; nil when they name none.
    var transition: (type: CATransitionType, subtype: CATransitionSubtype?)? {
        switch rawValue & (7 << 20) {
        case 1 << 20: return (CATransitionType(rawValue: "oglFlip"), .fromLeft)
        case 2 << 20: return (CATransitionType(rawValue: "oglFlip"), .fromRight)
        case 3 << 20: return (CATransitionType(rawValue: "pageCurl"), nil)
        case 4 << 20: return (CATransitionType(rawValue: "pageUnCurl"), nil)
        case 5 << 20: return (.fade, nil)
        case 6 << 20: return (CATransitionType(rawValue: "oglFlip"), .fromTop)
        case 7 << 20: return (CATransitionType(rawValue: "oglFlip"), .fromBottom)
        default: return nil
        }
    }
}

extension UIView {
    /// Animates the changes `animations` makes to `view` as a transition of the whole view — a
    /// cross-dissolve, flip or page curl chosen by the `.transition…` option — over `duration`
    /// seconds, then calls `completion` with true. Without a transition option the changes
    /// simply apply (UIKit's `transitionNone`).
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        runTransition(on: view.layer, duration: duration, options: options, changes: { animations?() },
                      completion: completion)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview (at the same place among its
    /// siblings) as a transition of the superview, chosen by the `.transition…` option, over
    /// `duration` seconds; with `.showHideTransitionViews` it hides `fromView` and shows `toView`
    /// instead. Without a superview the swap happens at once.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let swap = {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let container = fromView.superview {
                let index = container.subviews.firstIndex(of: fromView) ?? container.subviews.count
                fromView.removeFromSuperview()
                container.insertSubview(toView, at: index)
            }
        }
        guard let container = fromView.superview else {
            swap()
            completion?(true)
            return
        }
        runTransition(on: container.layer, duration: duration, options: options, changes: swap, completion: completion)
    }

    /// One transaction: the transition added to `layer` (its picture now is the old one), then the
    /// changes, unanimated unless `.allowAnimatedContent`; `completion` runs when it ends.
    private class func runTransition(on layer: CALayer, duration: TimeInterval, options: AnimationOptions,
                                     changes: () -> Void, completion: ((Bool) -> Void)?) {
        guard ViewAnimationState.current.animationsEnabled, let kind = options.transition else {
            performWithoutAnimation(changes)
            completion?(ViewAnimationState.current.animationsEnabled && options.transition == nil)
            return
        }
        CATransaction.begin()
        if let completion { CATransaction.setCompletionBlock { completion(true) } }
        let transition = CATransition()
        transition.type = kind.type
        transition.subtype = kind.subtype
        transition.duration = duration
        transition.timingFunction = CAMediaTimingFunction(name: options.timingFunctionName)
        layer.add(transition, forKey: kCATransition)
        if options.contains(.allowAnimatedContent) {
            let block = ViewAnimationBlock(duration: duration, delay: 0,
                                           timingFunction: CAMediaTimingFunction(name: options.timingFunctionName))
            ViewAnimationState.current.blocks.append(block)
            changes()
            ViewAnimationState.current.blocks.removeLast()
        } else {
            CATransaction.setDisableActions(true)
            performWithoutAnimation(changes)
        }
        CATransaction.commit()
    }
}
