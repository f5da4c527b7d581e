import Foundation
import CARenderGeometry
import CARenderText

/// CATextLayer's own values (one field of `LayerState`, so committed, presentation and render
/// copies carry them to the compositor). The initial values are Apple's defaults.
package struct TextLayerState {
    /// The text; nil draws nothing.
    package var content: TextLayerContent?
    /// The font as set; nil is the default (Helvetica, drawn with the system face).
    package var font: TextLayerFont?
    package var fontSize: CGFloat = 36
    /// Opaque white.
    package var foregroundColor: CGColor? = TextLayerState.white
    package var isWrapped = false
    package var truncationMode: CATextLayerTruncationMode = .none
    package var alignmentMode: CATextLayerAlignmentMode = .natural
    package var allowsFontSubpixelQuantization = false
    /// Rasterized at the scale of the screen (the stage) rather than `contentsScale`: a label's
    /// text, whose view UIKit gives the screen's scale.
    package var drawsAtScreenScale = false

    /// The font plain text is drawn in.
    package var resolvedFont: CTFont { font?.resolved ?? TextLayerFont.defaultFont }

    package init() {}

    /// One shared default colour, so making a state allocates nothing.
    private static let white = CGColor(gray: 1, alpha: 1)
}
