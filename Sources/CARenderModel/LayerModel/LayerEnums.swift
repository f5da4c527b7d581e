import Foundation

/// Which corners `cornerRadius` rounds. On iOS `layerMinXMinYCorner` is the visual top-left.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The corners' bits, with Core Animation's values.
    public let rawValue: UInt
    /// Creates a set of corners from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at the minimum x and y of the bounds (the visual top left on iOS).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The corner at the maximum x and minimum y of the bounds (the visual top right on iOS).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The corner at the minimum x and maximum y of the bounds (the visual bottom left on iOS).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The corner at the maximum x and y of the bounds (the visual bottom right on iOS).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The shape of rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a corner curve from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's curvature-continuous corner, which blends into the edges about 1.53 × radius away.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How `contents` is placed in the bounds. Names follow Core Animation's macOS sense: `top` is
/// max Y, which on iOS's y-down screen is the visual bottom.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a gravity from its name; an unknown name is matched by its ends ("…top…", "…left").
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The contents are centred in the bounds, at their own size.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// The contents are centred along the max-Y edge (the visual bottom on iOS).
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// The contents are centred along the min-Y edge (the visual top on iOS).
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// The contents are centred along the left edge.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// The contents are centred along the right edge.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// The contents are in the min-X, max-Y corner (the visual bottom left on iOS).
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// The contents are in the max-X, max-Y corner (the visual bottom right on iOS).
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// The contents are in the min-X, min-Y corner (the visual top left on iOS).
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// The contents are in the max-X, min-Y corner (the visual top right on iOS).
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// The contents are stretched to fill the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// The contents are scaled to fit within the bounds, keeping their aspect ratio.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// The contents are scaled to fill the bounds, keeping their aspect ratio (the excess is drawn
    /// unless the layer masks to its bounds).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// How contents are sampled when scaled.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The filter's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a filter from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear sampling (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest-neighbour sampling.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear sampling between mipmap levels.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The pixel format a layer's backing store would use.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    /// The format's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a format from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Eight bits per component, RGBA (the default, and what carender always renders).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Sixteen-bit floating-point components. Accepted; carender renders RGBA8.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// Eight-bit greyscale. Accepted; carender renders RGBA8.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// Which edges of a layer are anti-aliased.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The edges' bits, with Core Animation's values.
    public let rawValue: UInt32
    /// Creates a set of edges from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left (min-X) edge.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1)
    /// The right (max-X) edge.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 2)
    /// The bottom (min-Y) edge.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 4)
    /// The top (max-Y) edge.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 8)
    static let all: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
}
