import Foundation

extension UIView {
    /// Inserts `view` at `index` of `subviews` (clamped); its layer goes just below the layer of
    /// the subview it now precedes, or on top.
    public func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        let i = min(max(index, 0), subviews.count)
        let next = i < subviews.count ? subviews[i] : nil
        subviews.insert(view, at: i)
        view.superview = self
        if let next { layer.insertSublayer(view.layer, below: next.layer) } else { layer.addSublayer(view.layer) }
    }

    /// Inserts `view` just below `sibling` (a subview), or on top when `sibling` is not one.
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        view.removeFromSuperview()
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: i)
    }

    /// Inserts `view` just above `sibling` (a subview), or on top when `sibling` is not one.
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        view.removeFromSuperview()
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        subviews.insert(view, at: i + 1)
        view.superview = self
        layer.insertSublayer(view.layer, above: sibling.layer)
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
