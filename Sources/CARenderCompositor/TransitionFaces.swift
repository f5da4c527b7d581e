import Foundation
import CARenderGeometry
import CARenderModel

// # The 3D transitions: a turning cube and a flipping card
//
// `cube` and `oglFlip` are `CATransition` types Apple does not document but its render server
// draws; apps have used them since iPhone OS 2. What they look like, from public evidence:
//
// - `oglFlip` is UIKit's flip: `UIViewAnimationTransitionFlipFromLeft` and `…FromRight` are
//   carried out as a `CATransition` of type `oglFlip` with subtype `fromLeft` / `fromRight`
//   (the table of animation transitions on "Dev:UIViewAnimationState",
//   https://theapplewiki.com/wiki/Dev:UIViewAnimationState). So the flip's sense is the one
//   Apple documents for `UIView.AnimationOptions.transitionFlipFromLeft`: "flips a view around
//   its vertical axis from left to right (the left side of the view moves toward the front and
//   right side toward the back)", and `transitionFlipFromTop` likewise about the horizontal
//   axis, the top side moving toward the front.
// - How that flip looks was taken apart in the blog posts "Flipping with proper perspective
//   distortion in Core Animation" and "Interactive Card Flip Animation Techniques"
//   (https://davidcoufal.com/CardFlipAnimBlog.html): the front turns 180° while the back turns
//   in behind it, with perspective; the cards "move into shadow as they rotate out of view";
//   the camera "should pull back slightly from the card midway" so the corners stay visible.
//   The Stack Overflow question "Set layer.transform with CATransform3DRotate like
//   UIViewAnimationOptionTransitionFlipFromRight" states the pull-back exactly: "the view is
//   scaled during the flipping animation such that the tallest edge of the flipped view stays
//   the height of the container view", with "the slight dimming effect". Microsoft's iOS
//   bridge (https://github.com/microsoft/WinObjC, `StoryboardManager::_CreateFlip`) rebuilt
//   the same flip as a 180° turn about the centre with a push back in depth peaking half-way
//   and the picture's opacity down to 0.5 at the half-way point.
// - `cube` shows the old and the new content on two adjacent faces of a cube that turns a
//   quarter turn, about the vertical axis for fromLeft/fromRight and the horizontal one for
//   fromTop/fromBottom, the new face coming from the side the subtype names (as `push` does).
//
// What carender draws, and where the evidence is thin the choice made:
// - The eye sits `eyeDistancePerExtent` × the turning extent (the width for a turn about the
//   vertical axis, the height for the horizontal one) in front of the layer: m34 = −1 / that
//   distance. The Stack Overflow question above found m34 = −1/800 "subtly different" from
//   Apple's flip of an iPhone screen (320 pt wide) only in the pull-back: 2.5 widths. The
//   render server turns the layer's rendered picture, so the perspective is taken to scale
//   with the picture rather than to be a fixed number of points.
// - The pull-back is the one the question describes, for both types: at every moment the
//   nearest edge is moved back to the layer's plane, so it keeps the layer's size and
//   everything else is smaller (nothing grows past the layer).
// - The flip's faces darken by `flipShade` × |sin θ| at turn θ: the "shadow" and "dimming"
//   the write-ups describe, to 0.5 at the edge-on half-way point as in WinObjC's rebuild, but
//   as darkening (colour scaled, alpha kept: the card does not turn see-through). The cube is
//   not shaded: nothing public describes shading on it.

/// One picture of a 3D transition: where its layer's bounds space lands (a plane turned in 3D and
/// seen in perspective, as a map of the layer's bounds space onto itself) and how bright it is.
struct TransitionFace {
    /// Layer bounds space → layer bounds space, to be followed by the layer's own map.
    var map: ProjectiveMap
    /// 1 is the picture as it is; 0.5 halves its colour (not its alpha).
    var brightness: Double
}

/// The two faces of a `cube` or `oglFlip` transition at one progress; a face turned away from
/// the eye is nil.
struct TransitionFaces {
    var old: TransitionFace?
    var new: TransitionFace?

    /// The eye's distance in front of the layer, in multiples of the extent that turns.
    static let eyeDistancePerExtent = 2.5
    /// How much the flipping card darkens when edge-on (brightness 1 − flipShade × |sin θ|).
    static let flipShade = 0.5

    /// The faces of `kind` (`.cube` or `.oglFlip`; other kinds give none) for a layer whose
    /// bounds are `box`, coming from `direction`, at `progress` (0 old … 1 new).
    init(kind: TransitionKind, direction: TransitionDirection,
         box: (x0: Double, y0: Double, x1: Double, y1: Double), progress: Double) {
        guard kind == .cube || kind == .oglFlip else { return }
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        // The turn is about the axis across the direction of travel, through the centre; `s` is
        // the side the old picture leaves towards (+1: right or down on the y-down screen).
        let horizontal = direction.n.x != 0
        let s = horizontal ? direction.n.x : direction.n.y
        let a = horizontal ? (box.x1 - box.x0) / 2 : (box.y1 - box.y0) / 2
        guard a > 0, a.isFinite else { return }
        let eye = Self.eyeDistancePerExtent * 2 * a
        // Turn of each face: 0 faces the eye. A positive turn moves the face's leading
        // (negative-coordinate) side toward the eye and the face itself toward +s.
        let turn = kind == .cube ? Double.pi / 2 : Double.pi
        let oldAngle = s * turn * p
        let newAngle = oldAngle - s * turn
        // The nearest point of either face, pulled back to the layer's plane.
        let near = max(0, Self.nearestDepth(kind, oldAngle, a), Self.nearestDepth(kind, newAngle, a))
        let shade = kind == .oglFlip ? 1 - Self.flipShade * abs(sin(oldAngle)) : 1
        let centre = (x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2)
        old = Self.face(kind, angle: oldAngle, halfExtent: a, pullBack: near, eye: eye, horizontal: horizontal,
                        centre: centre, brightness: shade)
        new = Self.face(kind, angle: newAngle, halfExtent: a, pullBack: near, eye: eye, horizontal: horizontal,
                        centre: centre, brightness: shade)
    }

    /// Where a face at `angle` puts its centre line, across and in depth (z toward the eye), before
    /// the pull-back. A card turns about its own centre line; a cube's face turns about the cube's
    /// centre, `a` behind the layer, so at 90° it stands on the side of the cube.
    private static func centreLine(_ kind: TransitionKind, _ angle: Double,
                                   _ a: Double) -> (across: Double, depth: Double) {
        kind == .cube ? (a * sin(angle), a * (cos(angle) - 1)) : (0, 0)
    }

    /// The depth of the face's nearer edge: a point `r` from the centre line across the face
    /// lies at depth `centre − r sin(angle)`.
    private static func nearestDepth(_ kind: TransitionKind, _ angle: Double, _ a: Double) -> Double {
        centreLine(kind, angle, a).depth + a * abs(sin(angle))
    }

    /// The face's map, or nil when it shows its back to the eye.
    ///
    /// A layer point at `r` from the centre across the axis and `q` along it goes to
    /// `across = c + r cos θ`, `depth = z_c − near − r sin θ`, `q`; seen from the eye at distance
    /// `e` it lands at `(across, q) / w` with `w = 1 − depth / e` (the perspective m34 = −1/e).
    /// In homogeneous form `(across, q, w)` is linear in `(r, q, 1)`: the projective map below.
    private static func face(_ kind: TransitionKind, angle: Double, halfExtent a: Double, pullBack near: Double,
                             eye e: Double, horizontal: Bool, centre: (x: Double, y: Double),
                             brightness: Double) -> TransitionFace? {
        let line = centreLine(kind, angle, a)
        let (c, sn) = (cos(angle), sin(angle))
        let w0 = 1 - (line.depth - near) / e   // w at r = 0
        let wr = sn / e                          // dw/dr
        let local = horizontal
            ? ProjectiveMap(m11: c, m12: 0, m13: wr, m21: 0, m22: 1, m23: 0, m31: line.across, m32: 0, m33: w0)
            : ProjectiveMap(m11: 1, m12: 0, m13: 0, m21: 0, m22: c, m23: wr, m31: 0, m32: line.across, m33: w0)
        // Facing the eye ⇔ the map keeps the winding (w stays positive over the face: the
        // pulled-back face lies behind the layer's plane, well short of the eye).
        guard local.determinant > 1e-9 else { return nil }
        let map = ProjectiveMap.translation(-centre.x, -centre.y).then(local).then(.translation(centre.x, centre.y))
        return TransitionFace(map: map, brightness: brightness)
    }
}
