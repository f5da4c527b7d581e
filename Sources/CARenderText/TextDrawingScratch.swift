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
