import CARenderPixels
import CARenderRaster
/// The buffers text drawing reuses from glyph run to glyph run and frame to frame: the
/// rasterizer's accumulation rows, outlines and text layouts.
///
/// Outlines and layouts are lent out (`borrowOutline`, `borrowTextLayout`) and given back
/// (`giveBack`), so a step fills the shape it was handed and never one another step left behind;
/// their storage keeps its capacity. The compositor's scratch holds one and lends it to text.
package final class TextDrawingScratch {
    package let rasterizer = CoverageRasterizer()
    /// Outlines not lent out at the moment.
    private var spareOutlines: [Outline] = []
    /// Text layouts not lent out at the moment.
    private var spareLayouts: [TextLayout] = []

    /// Text rasterized at a layer's `contentsScale` before it is drawn through the layer's map
    /// (its backing store): premultiplied RGBA8 pixels, and the same pixels as floats (0…255) for
    /// the image painter. Grown as needed, never shrunk.
    package private(set) var bitmap = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)
    package private(set) var texels = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 1)
    private var bitmapCapacity = 1

    package init() {}

    deinit {
        bitmap.deallocate()
        texels.deallocate()
        plane.deallocate()
        blurRow.deallocate()
    }

    /// A plane of RGBA8 pixels for text shadows, and a row for blurring it.
    private var plane = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)
    private var planeCapacity = 4
    private var blurRow = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var blurRowCapacity = 1

    /// The shadow plane, at least `bytes` long (its contents undefined).
    package func borrowPlane(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
        if bytes > planeCapacity {
            plane.deallocate()
            planeCapacity = bytes
            plane = .allocate(capacity: bytes)
        }
        return plane
    }

    /// Blurs the alpha of `canvas` (the shadow plane) with a Gaussian of standard deviation
    /// `sigma` pixels, approximated by three box blurs of the widths that match its variance.
    package func blurAlpha(of canvas: Canvas, sigma: Double) {
        let w = canvas.rect.width, h = canvas.rect.height
        let count = max(w, h)
        if count > blurRowCapacity {
            blurRow.deallocate()
            blurRowCapacity = count
            blurRow = .allocate(capacity: count)
        }
        // Three boxes of width b have variance 3(b² − 1)/12: b = √(4σ² + 1), rounded to odd.
        var box = Int((4 * sigma * sigma + 1).squareRoot().rounded())
        if box % 2 == 0 { box += 1 }
        let radius = box / 2
        guard radius > 0 else { return }
        for _ in 0..<3 {
            for y in 0..<h { boxBlur(canvas.base + y * w * 4 + 3, stride: 4, count: w, radius: radius) }
            for x in 0..<w { boxBlur(canvas.base + x * 4 + 3, stride: w * 4, count: h, radius: radius) }
        }
    }

    /// One box blur (width 2·radius + 1, zeros outside) along `count` values `stride` bytes apart.
    private func boxBlur(_ values: UnsafeMutablePointer<UInt8>, stride: Int, count: Int, radius: Int) {
        for i in 0..<count { blurRow[i] = Float(values[i * stride]) }
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += blurRow[i] }
        for i in 0..<count {
            if i + radius < count { sum += blurRow[i + radius] }
            if i - radius - 1 >= 0 { sum -= blurRow[i - radius - 1] }
            values[i * stride] = UInt8(min(255, max(0, sum * scale + 0.5)))
        }
    }

    /// Room for `pixels` pixels in `bitmap` and `texels`.
    package func reserveBitmap(_ pixels: Int) {
        guard pixels > bitmapCapacity else { return }
        bitmap.deallocate()
        texels.deallocate()
        bitmapCapacity = pixels
        bitmap = .allocate(capacity: pixels * 4)
        texels = .allocate(capacity: pixels)
    }

    /// An empty outline whose storage is reused; hand it back with `giveBack`.
    package func borrowOutline() -> Outline {
        guard !spareOutlines.isEmpty else { return Outline() }
        var outline = spareOutlines.removeLast()
        outline.removeAll()
        return outline
    }

    package func giveBack(_ outline: Outline) {
        spareOutlines.append(outline)
    }

    /// A text layout whose line storage is reused (it is laid out afresh before use); hand it
    /// back with `giveBack`.
    package func borrowTextLayout() -> TextLayout {
        spareLayouts.popLast() ?? TextLayout()
    }

    package func giveBack(_ layout: TextLayout) {
        spareLayouts.append(layout)
    }
}
