import Foundation
import CARenderGeometry

/// Corners of a rectangle, in UIKit's (y-down) naming.
public struct UIRectCorner: OptionSet, Sendable {
    /// The corners' bits, with UIKit's values.
    public let rawValue: UInt
    /// Creates a set of corners from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = UIRectCorner(rawValue: 1)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 2)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 8)
    /// All four corners.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// UIKit's path builder, over a `CGMutablePath`, for scripts ported from iOS (keyframe paths,
/// shadow paths).
open class UIBezierPath: NSObject {
    /// The path built so far.
    public private(set) var cgPath: CGPath
    private var path: CGMutablePath

    /// Creates an empty path.
    public override init() {
        path = CGMutablePath()
        cgPath = path
        super.init()
    }

    /// Creates a closed path that traces a rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// Creates a closed path that traces the oval inscribed in a rectangle.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rounded rectangle with Apple's continuous corners, element for element as UIKit builds
    /// it (see `UIBezierPath+RoundedRect.swift`): from (minX + 1.528665 r, minY) clockwise, ending
    /// with a line back to the start.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        UIBezierPath.appendContinuousRoundedRect(rect, cornerRadius: cornerRadius, to: path)
    }

    /// A rectangle whose `corners` are rounded with circular quarter arcs of radius
    /// `cornerRadii.width` (UIKit ignores the height), clamped as UIKit clamps it.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        UIBezierPath.appendCircularRoundedRect(rect, corners: corners, radius: cornerRadii.width, to: path)
    }

    /// An arc in UIKit's sense: `clockwise` as seen on the y-down screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                            endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Creates a path with the elements of a Core Graphics path.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    // MARK: - Drawing attributes (used by `fill()` and `stroke()`)

    /// The stroke width, in points (1 by default).
    open var lineWidth: CGFloat = 1
    /// The stroke's ends (butt by default).
    open var lineCapStyle: CGLineCap = .butt
    /// The stroke's corners (miter by default).
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit (10 by default).
    open var miterLimit: CGFloat = 10
    /// Accepted: carender flattens curves to its own tolerance.
    open var flatness: CGFloat = 0.6
    /// Whether `fill()` and `addClip()` use the even-odd rule instead of non-zero winding.
    open var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// The stroke's dash pattern: `count` lengths from `pattern`, starting `phase` points in; a
    /// nil pattern or a count of 0 makes the stroke solid (and the phase 0), as in UIKit.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        if let pattern, count > 0 {
            dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
            dashPhase = phase
        } else {
            dashPattern = []
            dashPhase = 0
        }
    }

    /// Copies the dash pattern's lengths to `pattern` (when given, room for `count`), and its
    /// count and phase.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
        if let pattern { for (i, length) in dashPattern.enumerated() { pattern[i] = length } }
    }

    /// The dash lengths and phase, for drawing.
    var lineDash: (lengths: [CGFloat], phase: CGFloat) { (dashPattern, dashPhase) }

    /// The current point: the end of the last element.
    public var currentPoint: CGPoint { path.currentPoint }

    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// The path's bounding box (control points excluded).
    public var bounds: CGRect { path.boundingBoxOfPath }

    /// Transforms every point of the path.
    open func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(path, transform: transform)
        path = moved
        cgPath = moved
    }

    /// Starts a new subpath at a point.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// Adds a straight line from the current point to a point.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// Adds a quadratic Bézier curve from the current point to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds a cubic Bézier curve from the current point to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// UIKit's `clockwise` is visual on iOS's y-down screen: true sweeps towards increasing
    /// angles, which is Core Graphics' counter-clockwise (CG's sense is that of a y-up space).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                     endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line back to its start.
    open func close() { path.closeSubpath() }

    /// Appends the elements of another path.
    open func append(_ other: UIBezierPath) { path.addPath(other.cgPath) }

    /// Removes every element, leaving an empty path.
    open func removeAllPoints() {
        path = CGMutablePath()
        cgPath = path
    }
}
