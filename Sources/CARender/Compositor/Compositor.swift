import Foundation

/// Turns a render tree into pixels (SPEC-rendering): shadows, rounded backgrounds, contents,
/// sublayers in 3D, borders, masks and group opacity, anti-aliased by exact area coverage.
///
/// The pipeline, tiny-skia style, one concept per file: a layer's shapes are built in its bounds
/// space (`Outline`, rounded rects and paths flattened within 1/8 pixel), mapped to the device by
/// the layer's 3×3 projective map with near-plane clipping (`OutlineProjection`), turned into
/// exact-area coverage (`CoverageRasterizer`, or `fillRectangle` for axis-aligned rectangles), and
/// painted by a `CoveragePainter`: a solid colour, an image, an offscreen, or an analytic shadow.
/// Group opacity, masks and `masksToBounds` composite through offscreens in device space, as small
/// as the content, so 3D-turned subtrees are never resampled.
///
/// An instance keeps its scratch buffers (coverage accumulation, offscreens, outlines, shadow
/// profiles) between frames; reuse one instance to render many frames without allocating. Not
/// thread-safe: use one instance per thread.
package final class Compositor {
    let rasterizer = CoverageRasterizer()
    let contentGeometry = ContentGeometryCache()
    let pool = OffscreenPool()
    /// Glyph masks and text layout scratch.
    let text = TextRenderer()
    /// Scratch geometry: a shape in layer space, and the same shape in device pixels.
    var layerShape = Outline()
    var deviceShape = Outline()
    /// Stage pixels per point for the frame being drawn.
    var scale: Double = 1
    /// Scratch planes for blurring shadow alpha.
    var blurPlane = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    var blurScratch = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    var blurCapacity = 1
    /// A shadow colour at 257 alpha levels, and per-column shadow values.
    let shadowPalette = UnsafeMutablePointer<UInt32>.allocate(capacity: 257)
    var columnScratch = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    var columnCapacity = 1
    /// Blurred interval profiles by (length, sigma), reused across frames.
    var profiles: [SIMD2<Double>: BlurredIntervalProfile] = [:]

    public init() {}

    deinit {
        blurPlane.deallocate()
        blurScratch.deallocate()
        shadowPalette.deallocate()
        columnScratch.deallocate()
    }

    /// Room for `count` columns of values and `count` of coordinates in `columnScratch`.
    func reserveColumns(_ count: Int) {
        guard 2 * count > columnCapacity else { return }
        columnScratch.deallocate()
        columnCapacity = 2 * count
        columnScratch = .allocate(capacity: columnCapacity)
    }

    func reserveBlurPlanes(_ count: Int) {
        guard count > blurCapacity else { return }
        blurPlane.deallocate()
        blurScratch.deallocate()
        blurCapacity = count
        blurPlane = .allocate(capacity: count)
        blurScratch = .allocate(capacity: count)
    }

    /// Draws `root` (the stage's root layer) into a new pixmap of `width × height` pixels, with
    /// `scale` pixels per point.
    public func render(_ root: RenderNode, width: Int, height: Int, scale: CGFloat) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        render(root, into: &pixmap, scale: scale)
        return pixmap
    }

    /// Draws `root` into `pixmap`, replacing its contents (reusing its storage).
    public func render(_ root: RenderNode, into pixmap: inout Pixmap, scale: CGFloat) {
        self.scale = Double(scale)
        let rect = IntRect(x0: 0, y0: 0, x1: pixmap.width, y1: pixmap.height)
        guard !rect.isEmpty else { return }
        pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(base: buffer.baseAddress!, rect: rect)
            canvas.clear()
            drawPlaced(root, map: rootMap(root), superlayer: nil, superlayerMap: .scale(scale), into: canvas, alpha: 1)
        }
    }

    /// The root's bounds space to device pixels: the root is positioned like any layer, in the
    /// stage's point space, which the scale turns into pixels.
    func rootMap(_ root: RenderNode) -> ProjectiveMap {
        ProjectiveMap(flattening: root.state.mappingToSuperlayer(nil)).then(.scale(scale))
    }
}
