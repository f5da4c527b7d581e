import Foundation

extension UIView {
    /// Inserts `view` at `index` of `subviews` (clamped); its layer goes just below the layer of
    /// the subview it now precedes, or on top.
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just below `sibling` (a subview), or on top when `sibling` is not one.
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard sibling !== view, let i = subviews.filter({ $0 !== view }).firstIndex(where: { $0 === sibling }) else {
            return addSubview(view)
        }
        insert(view, at: i)
    }

    /// Inserts `view` just above `sibling` (a subview), or on top when `sibling` is not one.
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard sibling !== view, let i = subviews.filter({ $0 !== view }).firstIndex(where: { $0 === sibling }) else {
            return addSubview(view)
        }
        insert(view, at: i + 1) { [layer] moving in layer.insertSublayer(moving, above: sibling.layer) }
    }

    /// Moves a subview to the front (drawn last).
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    /// Moves a subview to the back (drawn first).
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps two subviews' places (and their layers').
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let (lo, hi) = (min(index1, index2), max(index1, index2))
        let a = subviews[lo], b = subviews[hi]
        insertSubview(a, aboveSubview: b)
        insertSubview(b, at: lo)
    }
}
