import Foundation
import CARenderGeometry
import CARenderModel

/// Ten kinds of animation, one each: from/to and by values with easing, keyframes with key times
/// and per-segment timing functions, sub-key paths (`position.x`, `shadowOffset.height`,
/// `transform.scale`, `transform.rotation.z`, `bounds.size.width`), a whole transform, a group and a
/// spring — on properties that draw nothing for a layer without a background. The mix
/// `carender bench --animated` times and the whole-frame allocation test runs, so the test covers
/// what the benchmark measures.
package enum AnimationMix {
    /// How many kinds there are.
    package static let kinds = 10

    /// The kind `kind` (0 ..< `kinds`) for a layer at (x, y).
    package static func animation(kind: Int, x: CGFloat, y: CGFloat) -> CAAnimation {
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        switch kind {
        case 0:
            let a = CABasicAnimation(keyPath: "opacity")
            (a.fromValue, a.toValue, a.timingFunction) = (1, 0.2, ease)
            return a
        case 1:
            let a = CABasicAnimation(keyPath: "position.x")
            (a.byValue, a.timingFunction) = (3, CAMediaTimingFunction(name: .easeOut))
            return a
        case 2:
            let a = CAKeyframeAnimation(keyPath: "position")
            a.values = [CGPoint(x: x, y: y), CGPoint(x: x + 2, y: y), CGPoint(x: x + 2, y: y + 2), CGPoint(x: x, y: y)]
            a.keyTimes = [0, 0.2, 0.7, 1]
            return a
        case 3:
            let a = CABasicAnimation(keyPath: "shadowOffset.height")
            (a.fromValue, a.toValue, a.timingFunction) = (-3, 4, ease)
            return a
        case 4:
            let a = CABasicAnimation(keyPath: "transform.scale")
            (a.fromValue, a.toValue, a.timingFunction) = (1, 1.5, ease)
            return a
        case 5:
            let a = CABasicAnimation(keyPath: "transform")
            a.toValue = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
            return a
        case 6:
            let fade = CABasicAnimation(keyPath: "opacity")
            (fade.fromValue, fade.toValue) = (0.5, 1)
            let grow = CABasicAnimation(keyPath: "bounds.size.width")
            (grow.fromValue, grow.toValue) = (6, 7)
            let group = CAAnimationGroup()
            group.animations = [fade, grow]
            return group
        case 7:
            let a = CASpringAnimation(keyPath: "position.y")
            (a.fromValue, a.toValue, a.damping) = (y - 2, y, 8)
            return a
        case 8:
            let a = CAKeyframeAnimation(keyPath: "transform.rotation.z")
            a.values = [0, 1, -1, 0]
            a.keyTimes = [0, 0.3, 0.6, 1]
            a.timingFunctions = [ease, CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
            return a
        default:
            let a = CABasicAnimation(keyPath: "cornerRadius")
            (a.byValue, a.timingFunction) = (2, ease)
            return a
        }
    }
}
