import Foundation

/// The kinds of layer transition.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The type's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a transition type from its name; a type carender does not know cross-fades.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a transition type from its name; a type carender does not know cross-fades.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The new content fades in over the old.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a directional transition.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The subtype's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a transition subtype from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a transition subtype from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The new content comes from the right.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The new content comes from the left (what a transition without a subtype does).
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The new content comes from the top of the screen (iOS's visual top).
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The new content comes from the bottom of the screen (iOS's visual bottom).
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The name of `CATransitionType.fade`.
public let kCATransitionFade = CATransitionType.fade.rawValue
/// The name of `CATransitionType.moveIn`.
public let kCATransitionMoveIn = CATransitionType.moveIn.rawValue
/// The name of `CATransitionType.push`.
public let kCATransitionPush = CATransitionType.push.rawValue
/// The name of `CATransitionType.reveal`.
public let kCATransitionReveal = CATransitionType.reveal.rawValue
/// The name of `CATransitionSubtype.fromRight`.
public let kCATransitionFromRight = CATransitionSubtype.fromRight.rawValue
/// The name of `CATransitionSubtype.fromLeft`.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft.rawValue
/// The name of `CATransitionSubtype.fromTop`.
public let kCATransitionFromTop = CATransitionSubtype.fromTop.rawValue
/// The name of `CATransitionSubtype.fromBottom`.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom.rawValue

/// An animation of a layer's whole rendering from its previous state to its current one. Added
/// to a layer it is always stored under the key "transition".
open class CATransition: CAAnimation {
    /// The kind of transition; `fade` by default.
    open var type: CATransitionType {
        get { settings.transition.type }
        set { settings.transition.type = newValue }
    }
    /// The direction of `moveIn`, `push`, `reveal` (and the undocumented `cube`, `oglFlip`, and
    /// `pageCurl`/`pageUnCurl`, which take `fromLeft` and `fromRight` only); nil by default.
    open var subtype: CATransitionSubtype? {
        get { settings.transition.subtype }
        set { settings.transition.subtype = newValue }
    }
    /// Where in the transition to start, 0 … 1.
    open var startProgress: Float {
        get { settings.transition.startProgress }
        set { settings.transition.startProgress = newValue }
    }
    /// Where in the transition to end, `startProgress` … 1.
    open var endProgress: Float {
        get { settings.transition.endProgress }
        set { settings.transition.endProgress = newValue }
    }

    /// The key every transition is stored under on a layer (`kCATransition`'s value).
    static let layerKey = "transition"

    /// The transition's progress for a sample: `start + (end − start) × f(s)` (`startProgress`/`endProgress`).
    func progress(at sample: TimingSample) -> Double {
        let start = Double(min(max(startProgress, 0), 1))
        let end = Double(min(max(endProgress, startProgress), 1))
        return start + (end - start) * curvedProgress(sample)
    }

    /// The types drawn as Apple draws them are `TransitionKind`'s: the four `CATransitionType`
    /// documents, and the undocumented ones Apple code sets by raw value
    /// (`CATransitionType(rawValue: "pageCurl")`): `cube`, `oglFlip` (UIKit's flip), `pageCurl`
    /// and `pageUnCurl` (UIKit's curls), `suckEffect`, `rippleEffect`, `cameraIris`,
    /// `cameraIrisHollowOpen` and `cameraIrisHollowClose`. Any other type cross-fades, and says
    /// so once.
    override func compile(for layer: CALayer) {
        super.compile(for: layer)
        diagnostics = layer.stageContext.diagnostics
        guard TransitionKind(rawValue: type.rawValue) == nil else { return }
        warnOnce("""
            CATransition type "\(type.rawValue)" is not drawn by carender (it draws fade, moveIn, push, reveal, \
            cube, oglFlip, pageCurl, pageUnCurl, suckEffect, rippleEffect and the cameraIris types); it \
            cross-fades instead
            """)
    }

    override func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        accumulator.transition = TransitionState(type: type, subtype: subtype, progress: progress(at: sample))
    }
}
