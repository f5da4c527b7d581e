import Foundation
import CARenderGeometry
import CARenderStage

/// The screen a script's views appear on: the stage. `bounds` is the stage's size in points and
/// `scale` its pixels per point, read when asked, so a script that sets `stage.scale` before
/// reading `UIScreen.main.scale` (to set a layer's `contentsScale`, say) sees the stage's value.
/// Before any stage exists the screen is empty, at scale 1.
open class UIScreen: NSObject {
    /// The screen of the current stage.
    open class var main: UIScreen { UIScreen() }

    /// Every screen: the current stage's.
    open class var screens: [UIScreen] { [main] }

    private let stage = StageLink.currentStage

    override init() { super.init() }

    /// The stage's bounds in points: (0, 0, width, height).
    open var bounds: CGRect {
        guard let stage else { return .zero }
        return CGRect(x: 0, y: 0, width: stage.width, height: stage.height)
    }

    /// Pixels per point: the stage's `scale`.
    open var scale: CGFloat { stage?.scale ?? 1 }

    /// The same as `scale`: the stage has no display zoom.
    open var nativeScale: CGFloat { scale }

    /// The bounds in pixels.
    open var nativeBounds: CGRect {
        let b = bounds
        return CGRect(x: 0, y: 0, width: b.width * scale, height: b.height * scale)
    }

    /// The most frames per second the screen shows: 60, the rate `CADisplayLink` uses by
    /// default (UIKit's value on all but ProMotion screens).
    open var maximumFramesPerSecond: Int { 60 }

    /// Full brightness; accepted and ignored when set.
    open var brightness: CGFloat = 1
}
