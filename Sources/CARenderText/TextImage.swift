import Foundation
import CARenderPixels
import CARenderGeometry
/// Text drawn straight into an image, for the tool's own pictures (contact-sheet captions): one
/// line in the system face, centred in a transparent image.
package enum TextImage {
    /// `string` at `size` pixels per em in `color`, centred in a `width × height` image with
    /// transparent surroundings; a line too long for the width is truncated in the middle.
    package static func line(_ string: String, size: Double, color: CGColor, width: Int, height: Int) -> RGBAImage {
        var pixmap = Pixmap(width: width, height: height)
        guard width > 0, height > 0 else { return pixmap.unpremultiplied() }
        let font = CTFont.resolve(.system(weight: 0.23, italic: false), size: CGFloat(size))
        let text = ShapedText([(string, TextStyle(font: font, usesLayerSize: true))], defaultFont: font)
        var layout = TextLayout()
        layout.layout(text, TextLayoutParameters(fontSize: size, width: Double(width), wraps: false,
                                                 truncation: .middle, alignment: .center))
        let lineHeight = Double(font.ascender - font.descender)
        let top = ((Double(height) - lineHeight) / 2).rounded()
        let rect = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
            TextDrawing.draw(text, layout: layout, fontSize: size, color: color, alpha: 1, origin: SIMD2(0, top),
                             clip: (0, 0, Double(width), Double(height)), map: .identity,
                             into: Canvas(base: buffer.baseAddress!, rect: rect), glyphs: GlyphCache(),
                             scratch: TextDrawingScratch())
        }
        return pixmap.unpremultiplied()
    }
}
