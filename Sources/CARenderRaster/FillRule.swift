/// How the winding numbers of overlapping contours turn into coverage.
@usableFromInline package enum FillRule: Sendable, Equatable {
    /// Inside where the winding number is not zero (Core Graphics' default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
