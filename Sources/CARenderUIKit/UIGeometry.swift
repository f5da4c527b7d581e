import Foundation
import CARenderGeometry

// UIKit's geometry additions (UIGeometry.h): edge insets and offsets, and the string forms of
// geometry values that `NSStringFromCGRect`, `CGRectFromString` and the `NSCoder` class methods
// read and write — "{x, y}", "{{x, y}, {w, h}}", "[a, b, c, d, tx, ty]".

/// Insets from each edge of a rectangle, in points (positive values shrink the rectangle).
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset from the top edge, in points.
    public var top: CGFloat
    /// The inset from the left edge, in points.
    public var left: CGFloat
    /// The inset from the bottom edge, in points.
    public var bottom: CGFloat
    /// The inset from the right edge, in points.
    public var right: CGFloat

    /// Creates insets of zero on every edge.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// Creates insets from the given top, left, bottom and right values, in points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = UIEdgeInsets()

    /// The insets written as "{top, left, bottom, right}", as `NSStringFromUIEdgeInsets(_:)` writes them.
    public var description: String { NSStringFromUIEdgeInsets(self) }
}

/// Insets from the leading and trailing edges (leading is left in carender's left-to-right
/// layout).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// The inset from the top edge, in points.
    public var top: CGFloat
    /// The inset from the leading edge, in points.
    public var leading: CGFloat
    /// The inset from the bottom edge, in points.
    public var bottom: CGFloat
    /// The inset from the trailing edge, in points.
    public var trailing: CGFloat

    /// Creates insets of zero on every edge.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    /// Creates insets from the given top, leading, bottom and trailing values, in points.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset on any edge.
    public static let zero = NSDirectionalEdgeInsets()
}

/// A horizontal and vertical offset, in points.
public struct UIOffset: Hashable, Sendable {
    /// The horizontal offset, in points.
    public var horizontal: CGFloat
    /// The vertical offset, in points.
    public var vertical: CGFloat

    /// Creates an offset of zero in both directions.
    public init() { self.init(horizontal: 0, vertical: 0) }

    /// Creates an offset from horizontal and vertical values, in points.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// An offset of zero in both directions.
    public static let zero = UIOffset()
}

extension CGRect {
    /// The rectangle moved in from each edge by `insets` (UIKit's `UIEdgeInsetsInsetRect`): the
    /// origin moves by (left, top) and the size shrinks by (left + right, top + bottom).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - (insets.left + insets.right),
               height: size.height - (insets.top + insets.bottom))
    }
}

// MARK: - String forms

/// A coordinate as UIKit writes it: `%.17g`, so 375 prints as "375", 0.5 as "0.5" and every
/// value reads back exactly (17 significant digits identify any double).
private func format(_ value: CGFloat) -> String {
    String(format: "%.17g", Double(value))
}

/// The numbers of a geometry string in order, ignoring braces, brackets, commas and spaces
/// (UIKit's readers are as lenient); nil unless there are exactly `count`.
private func numbers(in string: String, count: Int) -> [CGFloat]? {
    var values: [CGFloat] = []
    var token = ""
    func flush() {
        if !token.isEmpty, let value = Double(token) { values.append(CGFloat(value)) }
        token = ""
    }
    for character in string {
        if character.isNumber || "+-.eE".contains(character) {
            token.append(character)
        } else {
            flush()
        }
    }
    flush()
    return values.count == count ? values : nil
}

/// The string form of a point, "{x, y}".
public func NSStringFromCGPoint(_ point: CGPoint) -> String { "{\(format(point.x)), \(format(point.y))}" }
/// The string form of a size, "{width, height}".
public func NSStringFromCGSize(_ size: CGSize) -> String { "{\(format(size.width)), \(format(size.height))}" }
/// The string form of a vector, "{dx, dy}".
public func NSStringFromCGVector(_ vector: CGVector) -> String { "{\(format(vector.dx)), \(format(vector.dy))}" }
/// The string form of a rectangle, "{{x, y}, {width, height}}".
public func NSStringFromCGRect(_ rect: CGRect) -> String {
    "{\(NSStringFromCGPoint(rect.origin)), \(NSStringFromCGSize(rect.size))}"
}
/// The string form of an affine transform, "[a, b, c, d, tx, ty]".
public func NSStringFromCGAffineTransform(_ t: CGAffineTransform) -> String {
    "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(format).joined(separator: ", ") + "]"
}
/// The string form of edge insets, "{top, left, bottom, right}".
public func NSStringFromUIEdgeInsets(_ insets: UIEdgeInsets) -> String {
    "{" + [insets.top, insets.left, insets.bottom, insets.right].map(format).joined(separator: ", ") + "}"
}
/// The string form of an offset, "{horizontal, vertical}".
public func NSStringFromUIOffset(_ offset: UIOffset) -> String { "{\(format(offset.horizontal)), \(format(offset.vertical))}" }

/// The point written as "{x, y}"; `.zero` when the string does not hold two numbers.
public func CGPointFromString(_ string: String) -> CGPoint {
    numbers(in: string, count: 2).map { CGPoint(x: $0[0], y: $0[1]) } ?? .zero
}
/// The size written as "{width, height}"; `.zero` when the string does not hold two numbers.
public func CGSizeFromString(_ string: String) -> CGSize {
    numbers(in: string, count: 2).map { CGSize(width: $0[0], height: $0[1]) } ?? .zero
}
/// The vector written as "{dx, dy}"; zero when the string does not hold two numbers.
public func CGVectorFromString(_ string: String) -> CGVector {
    numbers(in: string, count: 2).map { CGVector(dx: $0[0], dy: $0[1]) } ?? CGVector(dx: 0, dy: 0)
}
/// The rectangle written as "{{x, y}, {width, height}}"; `.zero` when the string does not hold
/// four numbers.
public func CGRectFromString(_ string: String) -> CGRect {
    numbers(in: string, count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) } ?? .zero
}
/// The transform written as "[a, b, c, d, tx, ty]"; identity when the string does not hold six
/// numbers.
public func CGAffineTransformFromString(_ string: String) -> CGAffineTransform {
    numbers(in: string, count: 6).map { CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]) }
        ?? .identity
}
/// The insets written as "{top, left, bottom, right}"; `.zero` when the string does not hold
/// four numbers.
public func UIEdgeInsetsFromString(_ string: String) -> UIEdgeInsets {
    numbers(in: string, count: 4).map { UIEdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]) } ?? .zero
}
/// The offset written as "{horizontal, vertical}"; `.zero` when the string does not hold two
/// numbers.
public func UIOffsetFromString(_ string: String) -> UIOffset {
    numbers(in: string, count: 2).map { UIOffset(horizontal: $0[0], vertical: $0[1]) } ?? .zero
}

/// UIKit's `NSCoder` geometry helpers, which Swift code also calls to turn strings such as
/// "{0.5, 1}" into values (NVActivityIndicatorView writes its triangle's corners so).
extension NSCoder {
    /// The string form of a point, "{x, y}".
    public class func string(for point: CGPoint) -> String { NSStringFromCGPoint(point) }
    /// The string form of a size, "{width, height}".
    public class func string(for size: CGSize) -> String { NSStringFromCGSize(size) }
    /// The string form of a vector, "{dx, dy}".
    public class func string(for vector: CGVector) -> String { NSStringFromCGVector(vector) }
    /// The string form of a rectangle, "{{x, y}, {width, height}}".
    public class func string(for rect: CGRect) -> String { NSStringFromCGRect(rect) }
    /// The string form of an affine transform, "[a, b, c, d, tx, ty]".
    public class func string(for transform: CGAffineTransform) -> String { NSStringFromCGAffineTransform(transform) }
    /// The string form of edge insets, "{top, left, bottom, right}".
    public class func string(for insets: UIEdgeInsets) -> String { NSStringFromUIEdgeInsets(insets) }
    /// The string form of an offset, "{horizontal, vertical}".
    public class func string(for offset: UIOffset) -> String { NSStringFromUIOffset(offset) }

    /// The point a string of the form "{x, y}" describes, or `.zero`.
    public class func cgPoint(for string: String) -> CGPoint { CGPointFromString(string) }
    /// The size a string of the form "{width, height}" describes, or `.zero`.
    public class func cgSize(for string: String) -> CGSize { CGSizeFromString(string) }
    /// The vector a string of the form "{dx, dy}" describes, or a zero vector.
    public class func cgVector(for string: String) -> CGVector { CGVectorFromString(string) }
    /// The rectangle a string of the form "{{x, y}, {width, height}}" describes, or `.zero`.
    public class func cgRect(for string: String) -> CGRect { CGRectFromString(string) }
    /// The transform a string of the form "[a, b, c, d, tx, ty]" describes, or the identity.
    public class func cgAffineTransform(for string: String) -> CGAffineTransform { CGAffineTransformFromString(string) }
    /// The insets a string of the form "{top, left, bottom, right}" describes, or `.zero`.
    public class func uiEdgeInsets(for string: String) -> UIEdgeInsets { UIEdgeInsetsFromString(string) }
    /// The offset a string of the form "{horizontal, vertical}" describes, or `.zero`.
    public class func uiOffset(for string: String) -> UIOffset { UIOffsetFromString(string) }
}
