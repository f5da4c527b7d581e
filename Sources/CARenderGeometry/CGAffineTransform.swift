import Foundation

/// A 2D affine transform with Core Graphics' layout: a point `(x, y)` maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`, i.e. the row vector `(x, y, 1)` times
/// `[a b 0; c d 0; tx ty 1]`.
///
/// Linux Foundation has no `CGAffineTransform`, so carender provides Apple's Swift API.
public struct CGAffineTransform: Hashable, Sendable {
    /// The matrix entries `[a b 0; c d 0; tx ty 1]`: a point (x, y) maps to
    /// (a x + c y + tx, b x + d y + ty).
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// The zero transform (all fields 0), as Apple's zero-argument initialiser returns.
    public init() {
        (a, b, c, d, tx, ty) = (0, 0, 0, 0, 0, 0)
    }

    /// Creates a transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A transform that translates by `(tx, ty)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A transform that scales by `(sx, sy)`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A transform that rotates by `angle` radians: positive angles turn +x towards +y, which on
    /// iOS's y-down screen is clockwise.
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2` (the matrix product self·t2).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        let t1 = self
        return CGAffineTransform(
            a: t1.a * t2.a + t1.b * t2.c,
            b: t1.a * t2.b + t1.b * t2.d,
            c: t1.c * t2.a + t1.d * t2.c,
            d: t1.c * t2.b + t1.d * t2.d,
            tx: t1.tx * t2.a + t1.ty * t2.c + t2.tx,
            ty: t1.tx * t2.b + t1.ty * t2.d + t2.ty)
    }

    /// The inverse; `self` unchanged when the transform is singular, as Core Graphics does.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let ia = d / determinant, ib = -b / determinant
        let ic = -c / determinant, id = a / determinant
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id,
                                 tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Translates first, then applies `self`: `translation · self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Scales first, then applies `self`: `scale · self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Rotates first, then applies `self`: `rotation · self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
}

extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by `t`'s linear part (translation ignored); components may be negative.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four corners of `self` mapped by `t`. The null
    /// rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let r = standardized
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map { $0.applying(t) }
        return CGRect.boundingBox(of: corners)
    }

    /// The smallest rectangle containing `points` (null when there are none).
    package static func boundingBox(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points.dropFirst() {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
