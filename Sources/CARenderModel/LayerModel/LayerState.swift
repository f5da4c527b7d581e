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
    package var bounds: CGRect = .zero
    package var position: CGPoint = .zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform: CATransform3D = .identity
    package var sublayerTransform: CATransform3D = .identity
    package var isGeometryFlipped = false

    // Visibility and compositing
    package var isHidden = false
    package var opacity: Float = 1
    package var allowsGroupOpacity = true
    package var allowsEdgeAntialiasing = false
    package var isDoubleSided = true
    package var masksToBounds = false

    // Background, corners and border
    package var backgroundColor: CGColor?
    package var cornerRadius: CGFloat = 0
    package var maskedCorners: CACornerMask = .all
    package var cornerCurve: CALayerCornerCurve = .circular
    package var borderWidth: CGFloat = 0
    package var borderColor: CGColor? = .black

    // Shadow
    package var shadowColor: CGColor? = .black
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPath?

    // Contents
    /// The contents as set (usually a `CGImage`); held as `heldContents`, one reference.
    package var contents: Any? {
        get { heldContents?.value }
        set { heldContents = .init(holding: newValue) }
    }
    package private(set) var heldContents: HeldValue?
    package var contentsGravity: CALayerContentsGravity = .resize
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    /// Set in presentation values while an animation of `contents` runs: the image being
    /// cross-dissolved away from, and how far the dissolve has come.
    package var contentsCrossfade: ContentsCrossfade?
    /// Set in presentation values: an odd number of geometry-flipped superlayers turn this
    /// layer upside down, so its image is drawn flipped back (images keep their orientation).
    package var contentsAreFlipped = false
    package var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    package var minificationFilter: CALayerContentsFilter = .linear
    package var magnificationFilter: CALayerContentsFilter = .linear
    package var minificationFilterBias: Float = 0

    // Rendering hints
    package var isOpaque = false
    package var shouldRasterize = false
    package var rasterizationScale: CGFloat = 1
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = .all
    package var needsDisplayOnBoundsChange = false
    package var drawsAsynchronously = false

    /// CATextLayer's values.
    package var text = TextLayerState()

    // Timing (CAMediaTiming; a layer's duration is infinite, so its local time never wraps)
    package var beginTime: CFTimeInterval = 0
    package var duration: CFTimeInterval = .infinity
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode: CAMediaTimingFillMode = .removed

    // Subclass values (each class's own state; see LayerProperty.swift)
    package var shape = ShapeLayerState()
    package var gradient = GradientLayerState()
    package var replicator = ReplicatorLayerState()
    package var emitter = EmitterLayerState()

    package init() {}
}
