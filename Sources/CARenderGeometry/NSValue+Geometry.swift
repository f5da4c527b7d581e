import Foundation

// Apple's NSValue geometry API. Linux Foundation stores points, sizes and rects natively
// (`NSValue(point:)` …); the two transforms are stored as plain arrays of doubles ("[16d]",
// "[6d]"), an encoding corelibs Foundation can box (it cannot box struct encodings).

extension NSValue {
    static let caTransform3DObjCType = "[16d]"
    static let cgAffineTransformObjCType = "[6d]"
    static let cgVectorObjCType = "[2d]"
    static let cgPointObjCType = String(cString: NSValue(point: .zero).objCType)
    static let cgSizeObjCType = String(cString: NSValue(size: .zero).objCType)
    static let cgRectObjCType = String(cString: NSValue(rect: .zero).objCType)

    /// The value's type encoding as a Swift string.
    var objCTypeString: String { String(cString: objCType) }

    /// Creates a value that holds a point.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// Creates a value that holds a size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// Creates a value that holds a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// Boxes a 3D transform.
    public convenience init(caTransform3D t: CATransform3D) {
        var elements = t.rowMajorElements.map(Double.init)
        self.init(bytes: &elements, objCType: NSValue.caTransform3DObjCType)
    }

    /// Boxes an affine transform.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var elements = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        self.init(bytes: &elements, objCType: NSValue.cgAffineTransformObjCType)
    }

    /// Boxes a vector.
    public convenience init(cgVector v: CGVector) {
        var elements = [Double(v.dx), Double(v.dy)]
        self.init(bytes: &elements, objCType: NSValue.cgVectorObjCType)
    }

    /// The boxed vector; zero when the value holds something else.
    public var cgVectorValue: CGVector {
        guard objCTypeString == NSValue.cgVectorObjCType else { return .zero }
        var e = [Double](repeating: 0, count: 2)
        e.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CGVector(dx: e[0], dy: e[1])
    }

    /// The point the value holds.
    public var cgPointValue: CGPoint { pointValue }
    /// The size the value holds.
    public var cgSizeValue: CGSize { sizeValue }
    /// The rectangle the value holds.
    public var cgRectValue: CGRect { rectValue }

    /// The boxed 3D transform; all zeros when the value holds something else.
    public var caTransform3DValue: CATransform3D {
        storedTransform3D ?? CATransform3D()
    }

    /// The boxed affine transform; all zeros when the value holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        storedAffineTransform ?? CGAffineTransform()
    }

    package var storedPoint: CGPoint? { objCTypeString == NSValue.cgPointObjCType ? pointValue : nil }
    package var storedSize: CGSize? { objCTypeString == NSValue.cgSizeObjCType ? sizeValue : nil }
    package var storedRect: CGRect? { objCTypeString == NSValue.cgRectObjCType ? rectValue : nil }

    package var storedTransform3D: CATransform3D? {
        guard objCTypeString == NSValue.caTransform3DObjCType else { return nil }
        var elements = [Double](repeating: 0, count: 16)
        elements.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(rowMajorElements: elements.map { CGFloat($0) })
    }

    package var storedAffineTransform: CGAffineTransform? {
        guard objCTypeString == NSValue.cgAffineTransformObjCType else { return nil }
        var e = [Double](repeating: 0, count: 6)
        e.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CGAffineTransform(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }
}
