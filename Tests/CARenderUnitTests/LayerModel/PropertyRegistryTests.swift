import Foundation
import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage

/// What the property registry derives from each declaration.
final class PropertyRegistryTests: XCTestCase {
    /// The implicitly animated keys are Apple's "Animatable" CALayer properties; `frame` is
    /// derived, and `doubleSided`, the Booleans that only switch and the enumerations are not.
    func testImplicitlyAnimatedKeysComeFromTheDeclarations() {
        XCTAssertEqual(ActionSearch.implicitlyAnimatedKeys, [
            "anchorPoint", "anchorPointZ", "backgroundColor", "borderColor", "borderWidth", "bounds",
            "contents", "contentsRect", "contentsCenter", "contentsScale", "cornerRadius", "hidden",
            "masksToBounds", "opacity", "position", "shadowColor", "shadowOffset", "shadowOpacity",
            "shadowPath", "shadowRadius", "sublayerTransform", "transform", "zPosition",
        ])
    }

    func testEveryDeclaredPropertyReportsItsOwnNameToTheActionSearch() {
        final class Recorder: NSObject, CALayerDelegate {
            var events: [String] = []
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                events.append(event)
                return NSNull()
            }
        }
        let layer = CALayer()
        let recorder = Recorder()
        layer.delegate = recorder
        // A setter changes the model through the hook, which names the property by its KVC name.
        layer.isHidden = true
        layer.isGeometryFlipped = true
        layer.isDoubleSided = false
        layer.shadowOffset = CGSize(width: 2, height: 2)
        XCTAssertEqual(recorder.events, ["hidden", "geometryFlipped", "doubleSided", "shadowOffset"])
    }

    func testKeyPathsResolveOnceIntoPropertyAndSubPath() {
        let table = CALayer.propertyTable
        XCTAssertEqual(table.resolve("position.x")?.subPath, .pointField(0))
        XCTAssertEqual(table.resolve("bounds.size")?.subPath, .rectSize(nil))
        XCTAssertEqual(table.resolve("contentsRect.origin.y")?.subPath, .rectOrigin(1))
        XCTAssertEqual(table.resolve("transform.rotation")?.subPath, .rotation(2))
        XCTAssertEqual(table.resolve("sublayerTransform.scale")?.subPath, .scale(nil))
        XCTAssertEqual(table.resolve("shadowOffset.height")?.subPath, .sizeField(1))
        XCTAssertNil(table.resolve("backgroundColor.red"))
        XCTAssertNil(table.resolve("transform.skew"))
        XCTAssertNil(table.resolve("frame"), "frame is derived, not a declared property")
    }

    func testSceneLoaderReadsAnyPropertyByItsName() throws {
        let json = """
        {"width": 100, "height": 50, "layers": [
          {"bounds": [20, 10], "position": [50, 25], "anchor": [0, 1], "contentsScale": 2,
           "borderColor": [1, 0, 0, 1], "geometryFlipped": true, "cornerCurve": "continuous",
           "contentsRect": [0, 0, 0.5, 0.5], "name": "card"}
        ]}
        """
        let scene = try Scene(json: Data(json.utf8))
        let state = scene.root.sublayers[0].state
        XCTAssertEqual(state.bounds, CGRect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertEqual(state.anchorPoint, CGPoint(x: 0, y: 1))
        XCTAssertEqual(state.contentsScale, 2)
        XCTAssertEqual(state.borderColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertTrue(state.isGeometryFlipped)
        XCTAssertEqual(state.cornerCurve, .continuous)
        XCTAssertEqual(state.contentsRect, CGRect(x: 0, y: 0, width: 0.5, height: 0.5))
        XCTAssertThrowsError(try Scene(json: Data(#"{"width": 1, "height": 1, "layers": [{"opacity": "high"}]}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("opacity"), "\($0)")
        }
    }

    func testAnimationKeyPathIsResolvedWhenAdded() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let move = CABasicAnimation(keyPath: "bounds.size.width")
        move.toValue = 40
        layer.add(move, forKey: "move")
        let attached = layer.animation(forKey: "move") as? CABasicAnimation
        XCTAssertEqual(attached?.track?.path.property.name, "bounds")
        XCTAssertEqual(attached?.track?.path.subPath, .rectSize(0))
        XCTAssertNil(move.track, "the program's own object is not compiled, only the attached copy")
    }
}
