/// A running cross-dissolve between two `contents` images: Core Animation animates `contents`
/// (implicitly on a change, or with a basic animation) by dissolving from the old image to the
/// new one rather than switching.
package struct ContentsCrossfade {
    /// The image dissolving away (nil when fading in from no contents).
    package var from: Any? {
        get { heldFrom?.value }
        set { heldFrom = .init(holding: newValue) }
    }
    /// `from`, held as one reference (see `HeldValue`).
    private var heldFrom: HeldValue?
    /// 0 shows only `from`, 1 only the layer's `contents`.
    package var fraction: Double

    package init(from: Any?, fraction: Double) {
        heldFrom = .init(holding: from)
        self.fraction = fraction
    }
}
