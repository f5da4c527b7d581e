/// How the ends of a stroked open subpath (and of each dash) are drawn.
public enum CGLineCap: Int32, Sendable, Equatable {
    /// The stroke ends exactly at the end point.
    case butt
    /// A half disc of the line width's diameter centred on the end point.
    case round
    /// A half square: the stroke continues half the line width past the end point.
    case square
}

/// How the corners between stroked segments are drawn.
public enum CGLineJoin: Int32, Sendable, Equatable {
    /// The outer edges extended until they meet, unless the miter (the distance from the inner to
    /// the outer corner) is longer than `miterLimit` line widths; then bevelled.
    case miter
    /// A circular arc of half the line width around the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}
