import Foundation
import CARenderGeometry

/// Every value a `CALayer` holds that can differ between the model, the committed render state and
/// the presentation: a plain value, so snapshots are copies and the compositor never sees a
/// reference into the model.
///
/// Initial values are Apple's documented defaults (each property's "Discussion" in the CALayer
/// reference); they are also the properties' defaults in key-value coding.
package struct LayerState {
    // Geometry
    public var bounds: CGRect = .zero
    public var position: CGPoint = .zero
    public var zPosition: CGFloat = 0
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var anchorPointZ: CGFloat = 0
    public var transform: CATransform3D = .identity
    public var sublayerTransform: CATransform3D = .identity
    public var isGeometryFlipped = false

    // Visibility and compositing
    public var isHidden = false
    public var opacity: Float = 1
    public var allowsGroupOpacity = true
    public var allowsEdgeAntialiasing = false
    public var isDoubleSided = true
    public var masksToBounds = false

    // Background, corners and border
    public var backgroundColor: CGColor?
    public var cornerRadius: CGFloat = 0
    public var maskedCorners: CACornerMask = .all
    public var cornerCurve: CALayerCornerCurve = .circular
    public var borderWidth: CGFloat = 0
    public var borderColor: CGColor? = .black

    // Shadow
    public var shadowColor: CGColor? = .black
    public var shadowOpacity: Float = 0
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: CGFloat = 3
    public var shadowPath: CGPath?

    // Contents
    public var contents: Any?
    public var contentsGravity: CALayerContentsGravity = .resize
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: CGFloat = 1
    /// Set in presentation values while an animation of `contents` runs: the image being
    /// cross-dissolved away from, and how far the dissolve has come.
    public var contentsCrossfade: ContentsCrossfade?
    /// Set in presentation values: an odd number of geometry-flipped superlayers turn this
    /// layer upside down, so its image is drawn flipped back (images keep their orientation).
    public var contentsAreFlipped = false
    public var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    public var minificationFilter: CALayerContentsFilter = .linear
    public var magnificationFilter: CALayerContentsFilter = .linear
    public var minificationFilterBias: Float = 0

    // Rendering hints
    public var isOpaque = false
    public var shouldRasterize = false
    public var rasterizationScale: CGFloat = 1
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask = .all
    public var needsDisplayOnBoundsChange = false
    public var drawsAsynchronously = false

    /// CATextLayer's values.
    package var text = TextLayerState()

    // Timing (CAMediaTiming; a layer's duration is infinite, so its local time never wraps)
    public var beginTime: CFTimeInterval = 0
    public var duration: CFTimeInterval = .infinity
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    public var repeatCount: Float = 0
    public var repeatDuration: CFTimeInterval = 0
    public var autoreverses = false
    public var fillMode: CAMediaTimingFillMode = .removed

    // Subclass values (each class's own state; see LayerProperty.swift)
    public var shape = ShapeLayerState()
    public var gradient = GradientLayerState()
    public var replicator = ReplicatorLayerState()
    public var emitter = EmitterLayerState()

    public init() {}
}
