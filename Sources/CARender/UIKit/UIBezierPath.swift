import Foundation

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
