import Foundation
import CARenderGeometry

/// Corners of a rectangle, in UIKit's (y-down) naming.
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1)
    public static let topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    public static let bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// UIKit's path builder, over a `CGMutablePath`, for scripts ported from iOS (keyframe paths,
/// shadow paths).
open class UIBezierPath: NSObject {
    /// The path built so far.
    public private(set) var cgPath: CGPath
    private var path: CGMutablePath

    public override init() {
        path = CGMutablePath()
        cgPath = path
        super.init()
    }

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
        path.addRoundedRect(in: rect, cornerWidth: r, cornerHeight: r)
    }

    /// A rectangle whose selected corners are rounded with elliptical radii (clamped to half the
    /// sides), as UIKit builds them for shadow paths and masks.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let rx = max(0, min(cornerRadii.width, rect.width / 2))
        let ry = max(0, min(cornerRadii.height, rect.height / 2))
        func radii(_ corner: UIRectCorner) -> (CGFloat, CGFloat) { corners.contains(corner) ? (rx, ry) : (0, 0) }
        let (tl, tr, br, bl) = (radii(.topLeft), radii(.topRight), radii(.bottomRight), radii(.bottomLeft))
        // Clockwise on the y-down screen, from the top edge; each corner a quarter ellipse.
        path.move(to: CGPoint(x: rect.minX + tl.0, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr.0, y: rect.minY))
        corner(center: CGPoint(x: rect.maxX - tr.0, y: rect.minY + tr.1), radii: tr, from: -.pi / 2)
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br.1))
        corner(center: CGPoint(x: rect.maxX - br.0, y: rect.maxY - br.1), radii: br, from: 0)
        path.addLine(to: CGPoint(x: rect.minX + bl.0, y: rect.maxY))
        corner(center: CGPoint(x: rect.minX + bl.0, y: rect.maxY - bl.1), radii: bl, from: .pi / 2)
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl.1))
        corner(center: CGPoint(x: rect.minX + tl.0, y: rect.minY + tl.1), radii: tl, from: .pi)
        path.closeSubpath()
    }

    /// A quarter of an ellipse turning towards increasing angles (clockwise on screen).
    private func corner(center: CGPoint, radii: (CGFloat, CGFloat), from start: CGFloat) {
        guard radii.0 > 0, radii.1 > 0 else { return }
        let transform = CGAffineTransform(a: radii.0, b: 0, c: 0, d: radii.1, tx: center.x, ty: center.y)
        path.addRelativeArc(center: .zero, radius: 1, startAngle: start, delta: .pi / 2, transform: transform)
    }

    /// An arc in UIKit's sense: `clockwise` as seen on the y-down screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                            endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The current point: the end of the last element.
    public var currentPoint: CGPoint { path.currentPoint }

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

    open func move(to point: CGPoint) { path.move(to: point) }

    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// UIKit's `clockwise` is visual on iOS's y-down screen: true sweeps towards increasing
    /// angles, which is Core Graphics' counter-clockwise (CG's sense is that of a y-up space).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                     endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    open func close() { path.closeSubpath() }

    open func append(_ other: UIBezierPath) { path.addPath(other.cgPath) }

    open func removeAllPoints() {
        path = CGMutablePath()
        cgPath = path
    }
}
