import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel

/// Tracks read and write whole numeric properties in place through the property's `StateSlot`;
/// that must be indistinguishable from going through the property's coding, for every property
/// of every layer class that has a slot.
final class StateSlotTests: XCTestCase {
    private let tables: [(String, LayerPropertyTable)] = [
        ("CALayer", CALayer.propertyTable), ("CAShapeLayer", CAShapeLayer.propertyTable),
        ("CAGradientLayer", CAGradientLayer.propertyTable), ("CAReplicatorLayer", CAReplicatorLayer.propertyTable),
        ("CATextLayer", CATextLayer.propertyTable),
    ]

    /// A value of the slot's kind unlike any default (a skewed, translated transform included).
    private func sample(_ kind: StateSlot.Kind) -> AnimatableValue {
        switch kind {
        case .cgFloat, .float, .transformField: return .number(0.375, .double)
        case .point: return .point(CGPoint(x: 3.5, y: -7.25))
        case .size: return .size(CGSize(width: 11.5, height: 0.75))
        case .rect: return .rect(CGRect(x: -1.5, y: 2.25, width: 30, height: 40.5))
        case .transform:
            var t = CATransform3DMakeRotation(0.3, 0.2, 0.5, 1)
            t.m41 = 12
            t.m34 = -1 / 500
            return .transform(t)
        }
    }

    /// The numbers of a value, to compare kinds and payloads exactly.
    private func numbers(_ value: AnimatableValue?) -> [Double]? {
        switch value {
        case .number(let v, let kind)?: return [v, kind == .cgFloat ? 1 : 0]
        case .point(let p)?: return [p.x, p.y].map(Double.init)
        case .size(let s)?: return [s.width, s.height].map(Double.init)
        case .rect(let r)?: return [r.origin.x, r.origin.y, r.size.width, r.size.height].map(Double.init)
        case .transform(let t)?:
            return [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                    t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        default: return nil
        }
    }

    func testTheCommonAnimatedPropertiesHaveSlots() {
        let table = CALayer.propertyTable
        for name in ["opacity", "position", "bounds", "transform", "zPosition", "cornerRadius", "shadowOffset"] {
            XCTAssertNotNil(table.property(named: name)?.slot, name)
        }
        XCTAssertNil(table.property(named: "backgroundColor")?.slot, "colours are objects, not stored numbers")
    }

    func testSlotsReadAndWriteExactlyAsTheCodingDoes() {
        var checked = 0
        for (className, table) in tables {
            for property in table.properties {
                guard let slot = property.slot else { continue }
                checked += 1
                let name = "\(className).\(property.name)"
                var state = LayerState()
                // Defaults read the same way.
                XCTAssertEqual(numbers(slot.value(in: state)), numbers(property.readAnimatable(state)), name)
                // Stores agree, and what is stored reads back the same way.
                let value = sample(slot.kind)
                var viaCoding = state
                XCTAssertTrue(property.assignAnimatable(&viaCoding, value), name)
                XCTAssertTrue(slot.store(value, in: &state), name)
                XCTAssertEqual(numbers(property.readAnimatable(state)), numbers(property.readAnimatable(viaCoding)), name)
                XCTAssertEqual(numbers(slot.value(in: state)), numbers(property.readAnimatable(viaCoding)), name)
                // A value of another kind is declined, leaving the state alone.
                let before = numbers(slot.value(in: state))
                XCTAssertFalse(slot.store(.discrete("text"), in: &state), name)
                XCTAssertEqual(numbers(slot.value(in: state)), before, name)
            }
        }
        XCTAssertGreaterThan(checked, 15)
    }

    /// Numbers inside transforms (`transform.rotation.z`) have slots of their own that read and
    /// write exactly as the key path's coding does: decomposing, replacing, recomposing.
    func testTransformFieldSlotsReadAndWriteAsTheKeyPathDoes() throws {
        var model = LayerState()
        model.transform = CATransform3DRotate(CATransform3DMakeScale(1.5, 0.5, 2), 0.7, 0.3, 0.2, 1)
        model.transform.m41 = 5
        model.sublayerTransform = CATransform3DMakeRotation(-0.4, 1, 0, 0)
        var fields = 0
        for property in ["transform", "sublayerTransform"] {
            for field in ["rotation", "rotation.x", "rotation.y", "rotation.z", "scale", "scale.x", "scale.y", "scale.z",
                          "translation.x", "translation.y", "translation.z"] {
                let name = property + "." + field
                let path = try XCTUnwrap(CALayer.propertyTable.resolve(name), name)
                let slot = try XCTUnwrap(PropertyTrack(path).fieldSlot, name)
                fields += 1
                XCTAssertEqual(numbers(slot.value(in: model)), numbers(path.animatableValue(in: model)), name)
                var viaPath = model, viaSlot = model
                XCTAssertTrue(path.setAnimatableValue(.number(0.8125, .cgFloat), in: &viaPath), name)
                XCTAssertTrue(slot.store(.number(0.8125, .cgFloat), in: &viaSlot), name)
                XCTAssertEqual(numbers(.transform(viaSlot.transform)), numbers(.transform(viaPath.transform)), name)
                XCTAssertEqual(numbers(.transform(viaSlot.sublayerTransform)), numbers(.transform(viaPath.sublayerTransform)), name)
            }
        }
        XCTAssertEqual(fields, 22)
        // Bare `translation` is a size, not a number: it has no field slot.
        XCTAssertNil(PropertyTrack(try XCTUnwrap(CALayer.propertyTable.resolve("transform.translation"))).fieldSlot)
    }

    func testATrackFallsBackToTheCodingForValuesOfAnotherKind() throws {
        let path = try XCTUnwrap(CALayer.propertyTable.resolve("opacity"))
        let track = PropertyTrack(path)
        var state = LayerState()
        // A number that arrives as a switch-only value is still coerced by the property's coding.
        XCTAssertTrue(track.write(.discrete(NSNumber(value: 0.5)), into: &state))
        XCTAssertEqual(state.opacity, 0.5)
        XCTAssertFalse(track.write(.discrete("text"), into: &state))
        XCTAssertEqual(state.opacity, 0.5)
    }
}
