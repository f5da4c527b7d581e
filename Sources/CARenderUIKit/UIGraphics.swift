import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderGraphics

// UIKit's image contexts: a stack of bitmap contexts per thread (as UIKit keeps it), the top one
// being the "current" context that UIKit drawing (`UIImage.draw(in:)`, `UIColor.setFill()`,
// `UIBezierPath.fill()`) and `UIGraphicsGetCurrentContext()` use. Contexts are flipped to
// UIKit's y-down points and scaled by the requested scale; a scale of 0 means the main screen's,
// which in carender is the stage's `scale` (1 before any stage exists).

private let contextStackKey = "carender.UIGraphics.contextStack"

/// The image contexts of this thread, innermost last.
private final class ContextStack {
    var contexts: [(context: CGContext, scale: CGFloat)] = []

    static var current: ContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[contextStackKey] as? ContextStack { return stack }
        let stack = ContextStack()
        dictionary[contextStackKey] = stack
        return stack
    }
}

/// Pixels per point for a requested image-context scale: 0 (or less) means the main screen's
/// ("If you specify a value of 0.0, the scale factor is set to the scale factor of the device's
/// main screen", `UIGraphicsBeginImageContextWithOptions`).
func imageContextScale(_ requested: CGFloat) -> CGFloat {
    requested > 0 ? requested : UIScreen.main.scale
}

/// A bitmap context for `size` points at `scale` (0: the screen's), flipped to y-down points.
func makeImageContext(size: CGSize, scale: CGFloat) -> CGContext? {
    let s = imageContextScale(scale)
    let width = Int((size.width * s).rounded(.up)), height = Int((size.height * s).rounded(.up))
    return CGContext(pixelWidth: width, height: height, baseTransform: CGAffineTransform(scaleX: s, y: s))
}

/// Starts an image context of `size` points at scale 1 and makes it current.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Starts an image context of `size` points at `scale` pixels per point (0: the screen's, which
/// is the stage's scale) and makes it current. `opaque` is accepted and ignored.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    guard let context = makeImageContext(size: size, scale: scale) else {
        Diagnostics.warning("UIGraphicsBeginImageContext: cannot make a context of \(size.width)×\(size.height) points")
        return
    }
    ContextStack.current.contexts.append((context, imageContextScale(scale)))
}

/// The current context, or nil outside any.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    ContextStack.current.contexts.last?.context
}

/// An image of the current image context's pixels so far.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let (context, scale) = ContextStack.current.contexts.last, let image = context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: scale)
}

/// Ends the current image context.
public func UIGraphicsEndImageContext() {
    _ = ContextStack.current.contexts.popLast()
}

/// Makes `context` the current context (UIKit drawing and `UIGraphicsGetCurrentContext()` use it)
/// until the matching `UIGraphicsPopContext()`; a layer's `draw(in:)` pushes the context it is
/// handed so that UIKit drawing goes there.
public func UIGraphicsPushContext(_ context: CGContext) {
    ContextStack.current.contexts.append((context, 1))
}

/// Makes the context below the one `UIGraphicsPushContext(_:)` pushed current again.
public func UIGraphicsPopContext() {
    _ = ContextStack.current.contexts.popLast()
}

/// Fills `rect` in the current context with its fill colour.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Strokes a one-point frame just inside `rect` in the current context.
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setLineWidth(1)
    context.stroke(rect.insetBy(dx: 0.5, dy: 0.5))
    context.restoreGState()
}

/// Makes the context current while `body` draws into it.
func withCurrentContext<T>(_ context: CGContext, scale: CGFloat, _ body: () throws -> T) rethrows -> T {
    ContextStack.current.contexts.append((context, scale))
    defer { _ = ContextStack.current.contexts.popLast() }
    return try body()
}

/// The options of a `UIGraphicsImageRenderer`.
open class UIGraphicsImageRendererFormat: NSObject {
    /// Pixels per point; the main screen's (the stage's scale) by default, as UIKit's.
    open var scale: CGFloat = UIScreen.main.scale
    /// Accepted and ignored.
    open var opaque = false
    /// The area drawn into, in points: (0, 0) and the renderer's size.
    open internal(set) var bounds: CGRect = .zero

    /// Creates a format with the main screen's scale.
    public override init() { super.init() }
    /// A format with the main screen's scale.
    public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What a `UIGraphicsImageRenderer` hands its drawing block.
open class UIGraphicsImageRendererContext: NSObject {
    /// The Core Graphics context (y-down points).
    public let cgContext: CGContext
    let scale: CGFloat
    /// The renderer's format; its `bounds` is the area drawn into.
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, scale: CGFloat, size: CGSize = .zero) {
        self.cgContext = cgContext
        self.scale = scale
        format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.bounds = CGRect(origin: .zero, size: size)
    }

    /// The image drawn so far.
    open var currentImage: UIImage {
        UIImage(cgImage: cgContext.makeImage() ?? CGImage(image: RGBAImage(width: 0, height: 0)), scale: scale)
    }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes `rect` with the current stroke colour.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
}

/// Draws images with a block: `renderer.image { context in ... }`.
open class UIGraphicsImageRenderer: NSObject {
    /// The size of the images the renderer makes, in points.
    public let size: CGSize
    /// The renderer's scale and options.
    public let format: UIGraphicsImageRendererFormat

    /// Creates a renderer for images of a size in points, with a format.
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.size = size
        self.format = format
    }

    /// Creates a renderer for images of a size in points, at the main screen's scale.
    public convenience init(size: CGSize) {
        self.init(size: size, format: UIGraphicsImageRendererFormat())
    }

    /// Creates a renderer for images the size of a rectangle, at the main screen's scale.
    public convenience init(bounds: CGRect) {
        self.init(size: bounds.size)
    }

    /// The image `actions` draw into a fresh context of the renderer's size (current during the
    /// block, so UIKit drawing goes there too).
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let scale = imageContextScale(format.scale)
        guard let context = makeImageContext(size: size, scale: scale) else {
            Diagnostics.warning("UIGraphicsImageRenderer: cannot make a context of \(size.width)×\(size.height) points")
            return UIImage(cgImage: CGImage(image: RGBAImage(width: 0, height: 0)))
        }
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, scale: scale, size: size)
        withCurrentContext(context, scale: scale) { actions(rendererContext) }
        return rendererContext.currentImage
    }
}

extension UIImage {
    /// Draws the image into the current context, scaled into `rect` (upright, as UIKit draws).
    public func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        // Core Graphics draws images y-up; flip about the rectangle so the image stays upright.
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: rect)
        context.restoreGState()
    }

    /// Draws the image at its size with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}

extension UIColor {
    /// Makes this the current context's fill colour.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the current context's stroke colour.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Makes this both the fill and the stroke colour.
    public func set() { setFill(); setStroke() }
}

extension UIBezierPath {
    /// Fills the path in the current context with its fill colour, by `usesEvenOddFillRule`.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Strokes the path in the current context with its stroke colour and the path's own line
    /// width, cap, join, miter limit and dash (as UIKit does, whatever the context's settings).
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        let dash = lineDash
        if !dash.lengths.isEmpty { context.setLineDash(phase: dash.phase, lengths: dash.lengths) }
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path's inside.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
