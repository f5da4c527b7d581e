import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster

/// A Core Graphics bitmap drawing context: paths filled and stroked with colours, gradients and
/// images, clipped, under a current transformation matrix, into premultiplied 8-bit sRGB pixels.
///
/// It draws with the same exact-area rasterizer and stroker as the compositor. Curves are
/// flattened within 1/8 device pixel. Like Core Graphics, points added to the current path are
/// mapped by the CTM when they are added, while a stroke's width, dashes and caps are measured in
/// user space at the time of the stroke.
///
/// A context made with `init(data:width:height:...)` has Core Graphics' y-up user space (origin at
/// the bottom left); the contexts UIKit and `CALayer.display()` hand out are flipped to UIKit's
/// y-down points and scaled by the contents scale.
public final class CGContext {
    /// The width and height in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Premultiplied RGBA8, rows top to bottom.
    var pixels: [UInt32]

    struct GraphicsState {
        var ctm: CGAffineTransform
        var fill = packed(SIMD4<Float>(0, 0, 0, 255))
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var style = StrokeStyle()
        var alpha: Double = 1
        /// Per-pixel clip coverage; nil when nothing is clipped.
        var clip: [Float]?
        /// The shadow later drawing casts; nil when off.
        var shadow: ContextShadow?
    }

    /// Whether anything has been painted (or cleared) since the context was made.
    package private(set) var hasDrawn = false

    private var state: GraphicsState
    /// User space to device pixels as the context was made: Core Graphics' base space, in which
    /// shadows are given.
    private let baseTransform: CGAffineTransform
    private var saved: [GraphicsState] = []
    /// The current path, in device pixels.
    private var path = CGMutablePath()
    private let rasterizer = CoverageRasterizer()
    private let stroker = Stroker()
    private var outline = Outline()

    /// Flattening tolerance in device pixels.
    private static let tolerance = 0.125
    /// The largest context side accepted (larger requests fail like an allocation would).
    static let maxSide = 16_384

    /// A context of `width × height` pixels, transparent, with `baseTransform` from user space to
    /// device pixels (y down).
    package init?(pixelWidth width: Int, height: Int, baseTransform: CGAffineTransform) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else { return nil }
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
        state = GraphicsState(ctm: baseTransform)
        self.baseTransform = baseTransform
    }

    /// Core Graphics' bitmap context: 8 bits per component RGBA in memory carender owns (`data`
    /// must be nil; carender keeps its own pixels and hands them out with `makeImage()`).
    /// User space is y-up with the origin at the bottom left, one unit per pixel.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        guard data == nil, bitsPerComponent == 8 else { return nil }
        self.init(pixelWidth: width, height: height,
                  baseTransform: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))
    }

    /// The pixels as an image (straight alpha).
    public func makeImage() -> CGImage? {
        var pixmap = Pixmap(width: width, height: height)
        pixmap.bytes.withUnsafeMutableBytes { raw in
            pixels.withUnsafeBytes { raw.copyMemory(from: $0) }
        }
        return CGImage(image: pixmap.unpremultiplied())
    }

    // MARK: - Graphics state

    /// Pushes a copy of the graphics state (CTM, colours, line style, alpha, clip, shadow).
    public func saveGState() { saved.append(state) }

    /// Pops the graphics state saved last; without one, does nothing.
    public func restoreGState() {
        if let last = saved.popLast() { state = last }
    }

    /// The current transformation matrix: user space to device pixels.
    public var ctm: CGAffineTransform { state.ctm }
    /// The CTM.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves the origin of user space by (x, y).
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    /// Scales user space by x and y.
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    /// Rotates user space by an angle in radians.
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }
    /// Prepends `transform` to the CTM (it acts on user space first).
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    /// Sets the colour used to fill.
    public func setFillColor(_ color: CGColor) {
        state.fillColor = color
        state.fill = packed(color.premultiplied())
    }
    /// Sets the colour used to stroke.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    /// Sets the fill colour from RGB components and an alpha, each 0…1.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the stroke colour from RGB components and an alpha, each 0…1.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the fill colour from a grey level and an alpha, each 0…1.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }
    /// Sets the stroke colour from a grey level and an alpha, each 0…1.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }
    /// Sets the stroke width, in user-space units.
    public func setLineWidth(_ width: CGFloat) { state.style.lineWidth = Double(width) }
    /// Sets how the ends of stroked lines are drawn.
    public func setLineCap(_ cap: CGLineCap) { state.style.lineCap = cap }
    /// Sets how the corners of stroked paths are drawn.
    public func setLineJoin(_ join: CGLineJoin) { state.style.lineJoin = join }
    /// Sets the longest a mitred join may be, as a multiple of the line width.
    public func setMiterLimit(_ limit: CGFloat) { state.style.miterLimit = Double(limit) }
    /// Dashes for later strokes: `lengths` alternate painted and unpainted, starting `phase`
    /// into the pattern; an empty array strokes solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.style.dashPhase = Double(phase)
        state.style.dashPattern = lengths.map(Double.init)
    }
    /// A constant alpha every later drawing is multiplied by.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(Double(alpha), 0), 1) }
    /// Casts a shadow under everything drawn later, in black with 1/3 alpha (Quartz 2D
    /// Programming Guide, "Shadows"): `offset` and `blur` are in the context's base space — its
    /// user space as it was made, unaffected by later changes to the CTM — so in a UIKit context
    /// a positive height casts the shadow down; the blur is twice the Gaussian's standard
    /// deviation. Each drawing casts its own shadow, beneath it, clipped with it.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// Casts a shadow of `color` under everything drawn later (see `setShadow(offset:blur:)`);
    /// a nil colour turns shadows off, as does restoring a graphics state saved before.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        state.shadow = ContextShadow(offset: offset, blur: blur, color: color, base: baseTransform)
    }

    /// Accepted for compatibility: carender always anti-aliases and interpolates images bilinearly.
    public func setShouldAntialias(_ shouldAntialias: Bool) {}
    /// How images are resampled. Ignored: images are interpolated bilinearly.
    public var interpolationQuality: CGInterpolationQuality = .default

    // MARK: - The current path

    /// Discards the current path and starts an empty one.
    public func beginPath() { path = CGMutablePath() }
    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { path.isEmpty }
    /// The current point in user space.
    public var currentPointOfPath: CGPoint { path.currentPoint.applying(state.ctm.inverted()) }
    /// The current path's bounding box in user space.
    public var boundingBoxOfPath: CGRect {
        path.isEmpty ? .null : path.boundingBoxOfPath.applying(state.ctm.inverted())
    }

    /// Starts a new subpath of the current path at a point.
    public func move(to point: CGPoint) { path.move(to: point, transform: state.ctm) }
    /// Adds a line from the current point to a point.
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.ctm) }
    /// Adds a subpath of lines through the points.
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: state.ctm) }
    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        path.addQuadCurve(to: end, control: control, transform: state.ctm)
    }
    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }
    /// Adds a rectangle as a closed subpath.
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.ctm) }
    /// Adds each rectangle as a closed subpath.
    public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: state.ctm) }
    /// Adds the ellipse inscribed in a rectangle as a closed subpath.
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.ctm) }
    /// Adds an arc of a circle. `clockwise` is Core Graphics' y-up sense: true sweeps towards
    /// decreasing angles, which looks counter-clockwise in UIKit's flipped contexts.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                    transform: state.ctm)
    }
    /// Adds an arc of a given radius tangent to the lines from the current point to `tangent1End`
    /// and from there to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }
    /// Adds the elements of a path, transformed by the current transformation matrix.
    public func addPath(_ other: CGPath) { path.addPath(other, transform: state.ctm) }
    /// Closes the current subpath with a line back to its start.
    public func closePath() { path.closeSubpath() }

    /// Replaces the current path with the outline of its stroke under the current line width,
    /// joins, caps, miter limit and dashes: "filling it draws the same pixels as stroking the
    /// original path" (`CGContextReplacePathWithStrokedPath`). The outline is made of straight
    /// segments within 1/8 device pixel of the curves Core Graphics would return.
    public func replacePathWithStrokedPath() {
        let stroked = CGMutablePath()
        if strokeOutline(of: path) {
            var start = 0
            for end in outline.contourEnds {
                guard end > start else { continue }
                stroked.move(to: CGPoint(x: outline.xs[start], y: outline.ys[start]))
                for i in (start + 1)..<end { stroked.addLine(to: CGPoint(x: outline.xs[i], y: outline.ys[i])) }
                stroked.closeSubpath()
                start = end
            }
        }
        path = stroked
    }

    // MARK: - Painting

    /// Fills the current path with the fill colour and clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fillDevicePath(path, rule: rule, source: .solid(state.fill))
        beginPath()
    }

    /// Strokes the current path with the stroke colour and line style and clears the path.
    public func strokePath() {
        strokeDevicePath(path)
        beginPath()
    }

    /// Fills, strokes or both, then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillDevicePath(path, rule: .winding, source: .solid(state.fill))
        case .eoFill: fillDevicePath(path, rule: .evenOdd, source: .solid(state.fill))
        case .stroke: strokeDevicePath(path)
        case .fillStroke:
            fillDevicePath(path, rule: .winding, source: .solid(state.fill))
            strokeDevicePath(path)
        case .eoFillStroke:
            fillDevicePath(path, rule: .evenOdd, source: .solid(state.fill))
            strokeDevicePath(path)
        }
        beginPath()
    }

    /// Fills a rectangle with the fill colour.
    public func fill(_ rect: CGRect) { fill([rect]) }
    /// Fills rectangles with the fill colour.
    public func fill(_ rects: [CGRect]) {
        let p = CGMutablePath()
        p.addRects(rects, transform: state.ctm)
        fillDevicePath(p, rule: .winding, source: .solid(state.fill))
    }
    /// Fills the ellipse inscribed in a rectangle with the fill colour.
    public func fillEllipse(in rect: CGRect) {
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: state.ctm)
        fillDevicePath(p, rule: .winding, source: .solid(state.fill))
    }
    /// Strokes a rectangle with the stroke colour and line settings.
    public func stroke(_ rect: CGRect) {
        let p = CGMutablePath()
        p.addRect(rect, transform: state.ctm)
        strokeDevicePath(p)
    }
    /// Strokes a rectangle with the stroke colour at a line width.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }
    /// Strokes the ellipse inscribed in a rectangle.
    public func strokeEllipse(in rect: CGRect) {
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: state.ctm)
        strokeDevicePath(p)
    }
    /// Strokes each pair of points as its own line segment.
    public func strokeLineSegments(between points: [CGPoint]) {
        let p = CGMutablePath()
        var i = 0
        while i + 1 < points.count {
            p.move(to: points[i], transform: state.ctm)
            p.addLine(to: points[i + 1], transform: state.ctm)
            i += 2
        }
        strokeDevicePath(p)
    }

    /// Sets the pixels inside `rect` to transparent (clip respected).
    public func clear(_ rect: CGRect) {
        hasDrawn = true
        let p = CGMutablePath()
        p.addRect(rect, transform: state.ctm)
        outline.removeAll()
        outline.addPath(p, tolerance: Self.tolerance)
        let clip = state.clip
        pixels.withUnsafeMutableBufferPointer { buffer in
            var painter = ClearPainter(pixels: buffer.baseAddress!, width: width, clip: clip)
            rasterizer.fill(outline, rule: .nonZero, clip: bounds, painter: &painter)
        }
    }

    // MARK: - Clipping

    /// Intersects the clip with the current path, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        intersectClip(with: path, rule: rule)
        beginPath()
    }

    /// Intersects the clip with a rectangle.
    public func clip(to rect: CGRect) { clip(to: [rect]) }
    /// Intersects the clip with the union of rectangles.
    public func clip(to rects: [CGRect]) {
        let p = CGMutablePath()
        p.addRects(rects, transform: state.ctm)
        intersectClip(with: p, rule: .winding)
    }

    /// Intersects the clip with `mask` drawn into `rect` (user space) the way `draw(_:in:)`
    /// draws an image: nothing outside the rectangle is drawn, and inside it each pixel is
    /// drawn in proportion to the mask there. An image with transparency masks by its alpha; an
    /// opaque one (Core Graphics asks for a grey image without alpha) by its grey level, white
    /// drawing fully — an RGB image by its luma (Rec. 709 weights).
    public func clip(to rect: CGRect, mask: CGImage) {
        let p = CGMutablePath()
        p.addRect(rect, transform: state.ctm)
        var coverage = [Float](repeating: 0, count: width * height)
        let imageToUser = CGAffineTransform(a: rect.width / CGFloat(max(mask.width, 1)), b: 0, c: 0,
                                            d: -rect.height / CGFloat(max(mask.height, 1)), tx: rect.minX, ty: rect.maxY)
        let imageToDevice = imageToUser.concatenating(state.ctm)
        let det = Double(imageToDevice.a * imageToDevice.d - imageToDevice.b * imageToDevice.c)
        if mask.width > 0, mask.height > 0, det != 0, det.isFinite {
            outline.removeAll()
            outline.addPath(p, tolerance: Self.tolerance)
            coverage.withUnsafeMutableBufferPointer { buffer in
                var recorder = MaskRecorder(mask: buffer.baseAddress!, width: width)
                rasterizer.fill(outline, rule: .nonZero, clip: bounds, painter: &recorder)
            }
            let values = Self.maskValues(mask)
            let deviceToImage = imageToDevice.inverted()
            let w = mask.width, h = mask.height
            for y in 0..<height {
                for x in 0..<width where coverage[y * width + x] > 0 {
                    let q = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(deviceToImage)
                    // Bilinear between the nearest texel centres, edges clamped.
                    let fx = Double(q.x) - 0.5, fy = Double(q.y) - 0.5
                    let ix = Int(fx.rounded(.down)), iy = Int(fy.rounded(.down))
                    let ax = Float(fx - Double(ix)), ay = Float(fy - Double(iy))
                    func texel(_ u: Int, _ v: Int) -> Float { values[min(max(v, 0), h - 1) * w + min(max(u, 0), w - 1)] }
                    let top = texel(ix, iy) * (1 - ax) + texel(ix + 1, iy) * ax
                    let bottom = texel(ix, iy + 1) * (1 - ax) + texel(ix + 1, iy + 1) * ax
                    coverage[y * width + x] *= top * (1 - ay) + bottom * ay
                }
            }
        }
        if let old = state.clip {
            for i in 0..<coverage.count { coverage[i] *= old[i] }
        }
        state.clip = coverage
    }

    /// What each pixel of a mask image lets through, 0…1.
    private static func maskValues(_ image: CGImage) -> [Float] {
        let bytes = image.image.bytes
        let count = image.width * image.height
        if !image.isOpaque {
            return (0..<count).map { Float(bytes[4 * $0 + 3]) / 255 }
        }
        return (0..<count).map { i in
            (0.2126 * Float(bytes[4 * i]) + 0.7152 * Float(bytes[4 * i + 1]) + 0.0722 * Float(bytes[4 * i + 2])) / 255
        }
    }

    /// The clip's bounding box in user space.
    public var boundingBoxOfClipPath: CGRect {
        CGRect(x: 0, y: 0, width: width, height: height).applying(state.ctm.inverted())
    }

    // MARK: - Images and gradients

    /// Draws `image` scaled into `rect`. As in Core Graphics, the image's top row goes to the
    /// rectangle's max-y side in user space (so in a flipped, y-down context it appears upside
    /// down; `UIImage.draw(in:)` flips for you).
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard image.width > 0, image.height > 0, rect.width != 0, rect.height != 0 else { return }
        // Image pixel (u, v) → user point: x = minX + u·w/iw, y = maxY − v·h/ih.
        let imageToUser = CGAffineTransform(a: rect.width / CGFloat(image.width), b: 0, c: 0,
                                            d: -rect.height / CGFloat(image.height), tx: rect.minX, ty: rect.maxY)
        let imageToDevice = imageToUser.concatenating(state.ctm)
        let p = CGMutablePath()
        p.addRect(rect, transform: state.ctm)
        let premultiplied = Self.premultiplied(image.image)
        fillDevicePath(p, rule: .winding, source: .image(pixels: premultiplied, width: image.width, height: image.height,
                                                         deviceToImage: imageToDevice.inverted(), opacity: 1))
    }

    /// Fills the clip with a linear gradient from `start` to `end` (user space).
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        let s = start.applying(state.ctm), e = end.applying(state.ctm)
        fillClip(.gradient(ramp: gradient.ramp(opacity: 1),
                           shading: .axial(start: SIMD2(Double(s.x), Double(s.y)), end: SIMD2(Double(e.x), Double(e.y))),
                           extendStart: options.contains(.drawsBeforeStartLocation),
                           extendEnd: options.contains(.drawsAfterEndLocation)))
    }

    /// Fills the clip with a radial gradient between two circles (user space). Radii are
    /// scaled by the CTM's mean scale (exact for uniform scales and rotations).
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let m = state.ctm
        let scale = (abs(Double(m.a * m.d - m.b * m.c))).squareRoot()
        let c0 = startCenter.applying(m), c1 = endCenter.applying(m)
        fillClip(.gradient(ramp: gradient.ramp(opacity: 1),
                           shading: .radial(c0: SIMD2(Double(c0.x), Double(c0.y)), r0: Double(startRadius) * scale,
                                            c1: SIMD2(Double(c1.x), Double(c1.y)), r1: Double(endRadius) * scale),
                           extendStart: options.contains(.drawsBeforeStartLocation),
                           extendEnd: options.contains(.drawsAfterEndLocation)))
    }

    // MARK: - Internals

    private var bounds: IntRect { IntRect(x0: 0, y0: 0, x1: width, y1: height) }

    private func fillClip(_ source: ContextSource) {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: width, height: height))
        fillDevicePath(p, rule: .winding, source: source)
    }

    private func fillDevicePath(_ devicePath: CGPath, rule: CGPathFillRule, source: ContextSource) {
        outline.removeAll()
        outline.addPath(devicePath, tolerance: Self.tolerance)
        paint(outline, rule: rule == .evenOdd ? .evenOdd : .nonZero, source: source)
    }

    private func strokeDevicePath(_ devicePath: CGPath) {
        guard strokeOutline(of: devicePath) else { return }
        paint(outline, rule: .nonZero, source: .solid(packed(state.strokeColor.premultiplied())))
    }

    /// Leaves in `outline` the device-pixel outline of the stroke of `devicePath` (contours all
    /// wound alike, for a non-zero fill); false when nothing is stroked.
    private func strokeOutline(of devicePath: CGPath) -> Bool {
        // Stroke in user space, where the width, dashes and caps are measured, then map the
        // outline to device pixels.
        outline.removeAll()
        let m = state.ctm
        let det = Double(m.a * m.d - m.b * m.c)
        guard det != 0, det.isFinite else { return false }
        var inverse = m.inverted()
        guard let userPath = devicePath.copy(using: &inverse) else { return false }
        let scale = max(hypot(Double(m.a), Double(m.b)), hypot(Double(m.c), Double(m.d)))
        var userOutline = Outline()
        stroker.stroke(PathMeasure(path: userPath), style: state.style, tolerance: Self.tolerance / scale,
                       into: &userOutline)
        outline.removeAll()
        var start = 0
        for end in userOutline.contourEnds {
            for i in start..<end {
                let p = CGPoint(x: userOutline.xs[i], y: userOutline.ys[i]).applying(m)
                outline.add(Double(p.x), Double(p.y))
            }
            outline.closeContour()
            start = end
        }
        return !outline.isEmpty
    }

    /// Composites a rendering made into a pixmap of the context's size over the pixels.
    package func drawRendering(_ render: (inout Pixmap) -> Void) {
        var pixmap = Pixmap(width: width, height: height)
        render(&pixmap)
        hasDrawn = true
        let clip = state.clip, alpha = Float(state.alpha)
        if let shadow = state.shadow {
            pixmap.bytes.withUnsafeBytes { raw in
                composite(raw.bindMemory(to: UInt32.self), rect: bounds, alpha: alpha, shadow: shadow)
            }
            return
        }
        pixmap.bytes.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            for i in 0..<pixels.count where source[i] != 0 {
                var c = alpha
                if let clip { c *= clip[i] }
                guard c > 0 else { continue }
                pixels[i] = sourceOverPacked(pixels[i], c >= 1 ? source[i] : scalePacked(source[i], UInt32(c * 256)))
            }
        }
    }

    private func paint(_ shape: Outline, rule: FillRule, source: ContextSource) {
        hasDrawn = true
        guard !shape.isEmpty else { return }
        let clip = state.clip
        let alpha = Float(state.alpha)
        if let shadow = state.shadow {
            // Drawn by itself first, unclipped, so its shadow comes from the whole shape (an
            // "inner shadow" clips to a shape and fills around it); then shadow and drawing go
            // on through the clip.
            guard let box = shape.bounds else { return }
            let rect = shadow.sourceRect(of: IntRect(covering: box.minX, box.minY, box.maxX, box.maxY), within: bounds)
            guard !rect.isEmpty else { return }
            var layer = [UInt32](repeating: 0, count: rect.area)
            layer.withUnsafeMutableBufferPointer { buffer in
                var painter = ContextPainter(pixels: buffer.baseAddress!, width: rect.width, originX: rect.x0,
                                             originY: rect.y0, clip: nil, alpha: alpha, source: source)
                rasterizer.fill(shape, rule: rule, clip: rect, painter: &painter)
            }
            layer.withUnsafeBufferPointer { composite($0, rect: rect, alpha: 1, shadow: shadow) }
            return
        }
        pixels.withUnsafeMutableBufferPointer { buffer in
            if let clip {
                clip.withUnsafeBufferPointer { clipBuffer in
                    var painter = ContextPainter(pixels: buffer.baseAddress!, width: width, clip: clipBuffer.baseAddress,
                                                 alpha: alpha, source: source)
                    rasterizer.fill(shape, rule: rule, clip: bounds, painter: &painter)
                }
            } else {
                var painter = ContextPainter(pixels: buffer.baseAddress!, width: width, clip: nil, alpha: alpha, source: source)
                rasterizer.fill(shape, rule: rule, clip: bounds, painter: &painter)
            }
        }
    }

    /// Puts a drawing made offscreen — premultiplied pixels covering device `rect` — and its
    /// shadow beneath it onto the pixels, times `alpha` and the clip.
    private func composite(_ layer: UnsafeBufferPointer<UInt32>, rect: IntRect, alpha: Float, shadow: ContextShadow) {
        let clip = state.clip
        pixels.withUnsafeMutableBufferPointer { buffer in
            let target = buffer.baseAddress!
            func put(_ clip: UnsafePointer<Float>?) {
                shadow.draw(layer: layer, rect: rect, alpha: alpha, into: target, bounds: bounds, clip: clip)
                let visible = rect.intersection(bounds)
                guard !visible.isEmpty else { return }
                for y in visible.y0..<visible.y1 {
                    for x in visible.x0..<visible.x1 {
                        let source = layer[(y - rect.y0) * rect.width + (x - rect.x0)]
                        guard source != 0 else { continue }
                        let index = y * width + x
                        var c = alpha
                        if let clip { c *= clip[index] }
                        guard c > 0 else { continue }
                        target[index] = sourceOverPacked(target[index], c >= 1 ? source : scalePacked(source, UInt32(c * 256)))
                    }
                }
            }
            if let clip {
                clip.withUnsafeBufferPointer { put($0.baseAddress) }
            } else {
                put(nil)
            }
        }
    }

    private func intersectClip(with devicePath: CGPath, rule: CGPathFillRule) {
        var mask = [Float](repeating: 0, count: width * height)
        outline.removeAll()
        outline.addPath(devicePath, tolerance: Self.tolerance)
        mask.withUnsafeMutableBufferPointer { buffer in
            var recorder = MaskRecorder(mask: buffer.baseAddress!, width: width)
            rasterizer.fill(outline, rule: rule == .evenOdd ? .evenOdd : .nonZero, clip: bounds, painter: &recorder)
        }
        if let old = state.clip {
            for i in 0..<mask.count { mask[i] *= old[i] }
        }
        state.clip = mask
    }

    static func premultiplied(_ image: RGBAImage) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: image.width * image.height)
        image.bytes.withUnsafeBufferPointer { b in
            for i in 0..<out.count {
                let a = UInt32(b[4 * i + 3])
                func m(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                out[i] = m(b[4 * i]) | m(b[4 * i + 1]) << 8 | m(b[4 * i + 2]) << 16 | a << 24
            }
        }
        return out
    }
}

/// Which parts of the current path `drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill (non-zero or even-odd), stroke, or fill then stroke.
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// Accepted for compatibility (carender always interpolates bilinearly).
public enum CGInterpolationQuality: Int32, Sendable {
    /// The quality levels Core Graphics offers; all draw the same here.
    case `default`, none, low, medium, high
}

/// Bits describing a bitmap's pixel format, accepted by `CGContext(data:...)`: carender always
/// uses premultiplied RGBA8.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// Core Graphics' alpha layouts; carender always uses premultiplied RGBA8.
    case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// Sets covered pixels to transparent, in proportion to coverage.
private struct ClearPainter: CoveragePainter {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let clip: [Float]?

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        for i in 0..<count {
            var c = coverage[i]
            if let clip { c *= clip[y * width + x0 + i] }
            guard c > 0 else { continue }
            let index = y * width + x0 + i
            pixels[index] = c >= 1 ? 0 : scalePacked(pixels[index], UInt32((1 - c) * 256))
        }
    }
}
