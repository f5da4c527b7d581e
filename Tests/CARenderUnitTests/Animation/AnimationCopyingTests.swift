import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

/// Copying an animation (which `add(_:forKey:)` does) copies every property it has: each class's
/// properties live in `AnimationSettings`, taken whole by the copy.
final class AnimationCopyingTests: XCTestCase {
    /// The stored properties each built-in animation class declares besides `settings`: state
    /// derived when the copy is added to a layer (compiled tracks and values) or bookkeeping,
    /// never a property a copy must carry. A new stored property fails this test: put it in the
    /// class's part of `AnimationSettings` (so copies carry it), or list it here as derived.
    private static let derivedState: [String: Set<String>] = [
        "CAAnimation": ["settings", "hasWarned", "diagnostics", "compiledEvaluation", "compiledObjects"],
        "CAPropertyAnimation": ["track", "isCompiled", "customKey"],
        "CABasicAnimation": ["compiledValues"],
        "CASpringAnimation": [],
        "CAKeyframeAnimation": ["mode", "compiledValues", "compiledPath"],
        "CATransition": [],
        "CAAnimationGroup": ["listingGroups"],
    ]

    func testEveryStoredPropertyIsInTheSettingsOrDerived() {
        let animations: [CAAnimation] = [CAAnimation(), CAPropertyAnimation(), CABasicAnimation(), CASpringAnimation(),
                                         CAKeyframeAnimation(), CATransition(), CAAnimationGroup()]
        for animation in animations {
            var mirror: Mirror? = Mirror(reflecting: animation)
            while let level = mirror, let type = level.subjectType as? AnyClass, type != NSObject.self {
                let name = String(describing: type)
                let stored = Set(level.children.compactMap(\.label))
                XCTAssertEqual(stored, Self.derivedState[name], "\(name)'s stored properties")
                mirror = level.superclassMirror
            }
        }
    }

    func testACopyCarriesEveryPropertyOfItsClass() {
        let function = CAMediaTimingFunction(name: .easeIn)
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.beginTime = 1
        spring.duration = 2
        spring.speed = 3
        spring.timeOffset = 4
        spring.repeatCount = 5
        spring.autoreverses = true
        spring.fillMode = .both
        spring.timingFunction = function
        spring.isRemovedOnCompletion = false
        spring.setValue("tag", forKey: "userKey")
        spring.isAdditive = true
        spring.isCumulative = true
        spring.fromValue = 10
        spring.toValue = 20
        spring.byValue = 5
        spring.mass = 2
        spring.stiffness = 300
        spring.damping = 12
        spring.initialVelocity = 1.5
        spring.allowsOverdamping = true
        let springCopy = try! XCTUnwrap(spring.copy() as? CASpringAnimation)
        XCTAssertEqual(springCopy.beginTime, 1)
        XCTAssertEqual(springCopy.duration, 2)
        XCTAssertEqual(springCopy.speed, 3)
        XCTAssertEqual(springCopy.timeOffset, 4)
        XCTAssertEqual(springCopy.repeatCount, 5)
        XCTAssertTrue(springCopy.autoreverses)
        XCTAssertEqual(springCopy.fillMode, .both)
        XCTAssertTrue(springCopy.timingFunction === function)
        XCTAssertFalse(springCopy.isRemovedOnCompletion)
        XCTAssertEqual(springCopy.value(forKey: "userKey") as? String, "tag")
        XCTAssertEqual(springCopy.keyPath, "position.x")
        XCTAssertTrue(springCopy.isAdditive)
        XCTAssertTrue(springCopy.isCumulative)
        XCTAssertEqual(springCopy.fromValue as? Int, 10)
        XCTAssertEqual(springCopy.toValue as? Int, 20)
        XCTAssertEqual(springCopy.byValue as? Int, 5)
        XCTAssertEqual(springCopy.mass, 2)
        XCTAssertEqual(springCopy.stiffness, 300)
        XCTAssertEqual(springCopy.damping, 12)
        XCTAssertEqual(springCopy.initialVelocity, 1.5)
        XCTAssertTrue(springCopy.allowsOverdamping)

        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let keyframe = CAKeyframeAnimation(keyPath: "position")
        keyframe.values = [CGPoint.zero, CGPoint(x: 1, y: 1)]
        keyframe.path = path
        keyframe.keyTimes = [0, 1]
        keyframe.timingFunctions = [function]
        keyframe.calculationMode = .cubic
        keyframe.rotationMode = .rotateAuto
        keyframe.tensionValues = [1]
        keyframe.continuityValues = [0.5]
        keyframe.biasValues = [-1]
        keyframe.valueFunction = CAValueFunction(name: .rotateZ)
        let keyframeCopy = try! XCTUnwrap(keyframe.copy() as? CAKeyframeAnimation)
        XCTAssertEqual(keyframeCopy.values?.count, 2)
        XCTAssertTrue(keyframeCopy.path === path)
        XCTAssertEqual(keyframeCopy.keyTimes, [0, 1])
        XCTAssertEqual(keyframeCopy.timingFunctions?.count, 1)
        XCTAssertEqual(keyframeCopy.calculationMode, .cubic)
        XCTAssertEqual(keyframeCopy.rotationMode, .rotateAuto)
        XCTAssertEqual(keyframeCopy.tensionValues, [1])
        XCTAssertEqual(keyframeCopy.continuityValues, [0.5])
        XCTAssertEqual(keyframeCopy.biasValues, [-1])
        XCTAssertEqual(keyframeCopy.valueFunction?.name, .rotateZ)

        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromTop
        transition.startProgress = 0.2
        transition.endProgress = 0.8
        let transitionCopy = try! XCTUnwrap(transition.copy() as? CATransition)
        XCTAssertEqual(transitionCopy.type, .push)
        XCTAssertEqual(transitionCopy.subtype, .fromTop)
        XCTAssertEqual(transitionCopy.startProgress, 0.2)
        XCTAssertEqual(transitionCopy.endProgress, 0.8)
    }

    /// A copied group runs copies of its children, nested groups included, each with its own
    /// settings; the originals are untouched and still refuse a cycle.
    func testACopiedGroupCopiesItsChildren() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        let inner = CAAnimationGroup()
        inner.duration = 3
        inner.animations = [fade]
        let outer = CAAnimationGroup()
        outer.duration = 4
        outer.animations = [inner]
        let copy = try! XCTUnwrap(outer.copy() as? CAAnimationGroup)
        XCTAssertEqual(copy.duration, 4)
        let innerCopy = try! XCTUnwrap(copy.animations?.first as? CAAnimationGroup)
        XCTAssertFalse(innerCopy === inner)
        XCTAssertEqual(innerCopy.duration, 3)
        let fadeCopy = try! XCTUnwrap(innerCopy.animations?.first as? CABasicAnimation)
        XCTAssertFalse(fadeCopy === fade)
        XCTAssertEqual(fadeCopy.toValue as? Int, 0)
        XCTAssertTrue(outer.animations?.first === inner)
        // The copy's children count it as their lister: making the copy a child of its own child
        // is a cycle, and refused.
        let lines = capturingDiagnostics { innerCopy.animations = [copy] }
        XCTAssertTrue(lines.contains { $0.contains("would contain itself") }, "\(lines)")
        XCTAssertTrue(innerCopy.animations?.first === fadeCopy, "the cycle is refused")
    }
}
