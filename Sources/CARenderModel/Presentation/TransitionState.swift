/// A transition running on a layer at one moment: what the compositor needs to blend the
/// layer's previous rendering with its current one.
package struct TransitionState: Equatable, Sendable {
    /// The kind of transition (`fade`, `moveIn`, `push`, `reveal`, and the private types).
    package var type: CATransitionType
    /// The direction for directional types; nil behaves like `fromLeft`.
    package var subtype: CATransitionSubtype?
    /// How far the transition has gone, `startProgress + (endProgress − startProgress) × f(s)`:
    /// 0 shows only the old rendering, 1 only the new.
    package var progress: Double

    package init(type: CATransitionType, subtype: CATransitionSubtype?, progress: Double) {
        self.type = type
        self.subtype = subtype
        self.progress = progress
    }
}

/// The `CATransition` types carender draws, by raw value: the four Apple documents, the two
/// undocumented 3D ones (the compositor's `TransitionFaces`) and the undocumented warps iOS's
/// render server draws (`TransitionWarps`). Any other type cross-fades, with a warning.
package enum TransitionKind: String {
    case fade, moveIn, push, reveal, cube, oglFlip
    case pageCurl, pageUnCurl, suckEffect, rippleEffect
    case cameraIris, cameraIrisHollowOpen, cameraIrisHollowClose
}
