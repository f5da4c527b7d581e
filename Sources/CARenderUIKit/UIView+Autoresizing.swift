import Foundation
import CARenderGeometry

// Autoresizing ("springs and struts"): when a view's size changes and `autoresizesSubviews` is
// true, each subview's frame follows its `autoresizingMask`. UIKit's documentation of the mask:
// "When more than one option along the same axis is set, the default behavior is to distribute
// the size difference proportionally among the flexible portions." A subview with no flexible
// portion along an axis keeps its frame along it (anchored to the top left).

extension UIView {
    /// How a view resizes when its superview's size changes (UIKit's raw values).
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        /// The mask's bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates a mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The left margin grows or shrinks with the superview.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width grows or shrinks with the superview.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin grows or shrinks with the superview.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin grows or shrinks with the superview.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height grows or shrinks with the superview.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin grows or shrinks with the superview.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Resizes the subviews after the view's size changed from `oldSize`.
    func resizeSubviews(from oldSize: CGSize) {
        let newSize = bounds.size
        guard autoresizesSubviews, oldSize != newSize, !subviews.isEmpty else { return }
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask
            var frame = subview.frame
            (frame.origin.x, frame.size.width) = Self.distribute(
                delta: newSize.width - oldSize.width, start: frame.minX, length: frame.width, end: oldSize.width - frame.maxX,
                flexibleStart: mask.contains(.flexibleLeftMargin), flexibleLength: mask.contains(.flexibleWidth),
                flexibleEnd: mask.contains(.flexibleRightMargin))
            (frame.origin.y, frame.size.height) = Self.distribute(
                delta: newSize.height - oldSize.height, start: frame.minY, length: frame.height, end: oldSize.height - frame.maxY,
                flexibleStart: mask.contains(.flexibleTopMargin), flexibleLength: mask.contains(.flexibleHeight),
                flexibleEnd: mask.contains(.flexibleBottomMargin))
            if frame != subview.frame { subview.frame = frame }
        }
    }

    /// Along one axis: the new start and length after the superview grew by `delta`, shared
    /// among the flexible portions in proportion to their sizes (equally when they are all 0).
    static func distribute(delta: CGFloat, start: CGFloat, length: CGFloat, end: CGFloat,
                           flexibleStart: Bool, flexibleLength: Bool, flexibleEnd: Bool) -> (CGFloat, CGFloat) {
        let portions = [(flexibleStart, max(start, 0)), (flexibleLength, max(length, 0)), (flexibleEnd, max(end, 0))]
        let flexible = portions.filter(\.0)
        guard !flexible.isEmpty else { return (start, length) }
        let total = flexible.reduce(0) { $0 + $1.1 }
        func share(_ portion: (Bool, CGFloat)) -> CGFloat {
            guard portion.0 else { return 0 }
            return total > 0 ? delta * portion.1 / total : delta / CGFloat(flexible.count)
        }
        return (start + share(portions[0]), length + share(portions[1]))
    }
}
