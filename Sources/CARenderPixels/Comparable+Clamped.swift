extension Comparable {
    /// The value, or the nearest bound of `range` when it lies outside.
    @inlinable
    package func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
