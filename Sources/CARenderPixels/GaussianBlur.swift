/// Where carender's Gaussian blurs (layer shadows, a context's shadow) stop.
@usableFromInline package enum GaussianBlur {
    /// How far, in standard deviations, a blur's kernel and the area it may draw reach: 3.5σ.
    /// The Gaussian's mass beyond it on one side is Φ(−3.5) ≈ 0.00023, 0.06 of an 8-bit level of
    /// an opaque colour: a pixel outside the area would get less than that, and a kernel cut
    /// there leaves out less than an eighth of a level (both tails).
    @inlinable package static var reachInSigmas: Double { 3.5 }
}
