import CARender
import XCTest
// Glibc 2.36 declares the same names; scripts get these scoped imports from the script compiler.
import func CARenderModel.arc4random
import func CARenderModel.arc4random_uniform
import func CARenderModel.arc4random_buf

/// Darwin's and UIKit's small helpers that Core Animation code from the wild leans on, against
/// their documented (or, where Apple documents no format, observed) behaviour.
final class DarwinAndUIKitGeometryTests: XCTestCase {
    // MARK: - Darwin

    /// `HUGE` is `MAXFLOAT`, the largest finite float (Darwin's math.h), not infinity: an
    /// animation repeated `HUGE` times still repeats for ever in practice.
    func testHugeIsTheLargestFiniteFloat() {
        XCTAssertEqual(HUGE, 3.4028235e38)
        XCTAssertTrue(HUGE.isFinite)
        XCTAssertEqual(MAXFLOAT, HUGE)
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.repeatCount = HUGE
        XCTAssertEqual(animation.repeatCount, .greatestFiniteMagnitude)
    }

    /// The `arc4random` family draws the same numbers for every new stage (renders are
    /// deterministic), stays in range, and `arc4random_uniform(0)` is 0 as Darwin documents.
    func testArc4RandomIsSeededPerStage() {
        func draws() -> [UInt32] {
            let stage = Stage(width: 10, height: 10)
            defer { withExtendedLifetime(stage) {} }
            return (0..<8).map { _ in arc4random() } + (0..<200).map { _ in arc4random_uniform(6) }
        }
        let first = draws(), second = draws()
        XCTAssertEqual(first, second, "each stage starts from the same seed")
        XCTAssertEqual(Set(first.prefix(8)).count, 8, "not a constant")
        XCTAssertTrue(first.dropFirst(8).allSatisfy { $0 < 6 })
        XCTAssertEqual(Set(first.dropFirst(8)).count, 6, "every face of the die comes up in 200 throws")
        XCTAssertEqual(arc4random_uniform(0), 0)
        XCTAssertEqual(arc4random_uniform(1), 0)
        var bytes = [UInt8](repeating: 0, count: 13)
        arc4random_buf(&bytes, bytes.count)
        XCTAssertNotEqual(bytes, [UInt8](repeating: 0, count: 13))
    }

    // MARK: - Core Graphics dictionaries

    /// Core Graphics' dictionary representations use the keys X, Y, Width and Height and read
    /// back the same value; a dictionary missing a key gives nil.
    func testDictionaryRepresentationsRoundTrip() throws {
        let rect = CGRect(x: 1.5, y: -2, width: 30, height: 40.25)
        let dictionary = rect.dictionaryRepresentation
        XCTAssertEqual((dictionary["Width"] as? NSNumber)?.doubleValue, 30)
        XCTAssertEqual(CGRect(dictionaryRepresentation: dictionary), rect)
        XCTAssertEqual(CGPoint(dictionaryRepresentation: CGPoint(x: 3, y: 4).dictionaryRepresentation), CGPoint(x: 3, y: 4))
        XCTAssertEqual(CGSize(dictionaryRepresentation: CGSize(width: 5, height: 6).dictionaryRepresentation),
                       CGSize(width: 5, height: 6))
        XCTAssertNil(CGRect(dictionaryRepresentation: ["X": 1, "Y": 2] as CFDictionary))
    }

    // MARK: - UIKit strings

    /// UIKit's string forms: "{x, y}", "{{x, y}, {w, h}}", "[a, b, c, d, tx, ty]" and
    /// "{top, left, bottom, right}", integers without a decimal point; the readers accept
    /// spacing variations and give zero for garbage.
    func testGeometryStringsReadAndWrite() {
        XCTAssertEqual(NSStringFromCGPoint(CGPoint(x: 1, y: 2.5)), "{1, 2.5}")
        XCTAssertEqual(NSStringFromCGRect(CGRect(x: 0, y: 20, width: 320, height: 548)), "{{0, 20}, {320, 548}}")
        XCTAssertEqual(NSStringFromCGSize(CGSize(width: 375, height: 667)), "{375, 667}")
        XCTAssertEqual(NSStringFromCGAffineTransform(.identity), "[1, 0, 0, 1, 0, 0]")
        XCTAssertEqual(NSStringFromUIEdgeInsets(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)), "{1, 2, 3, 4}")
        XCTAssertEqual(NSCoder.cgPoint(for: "{0.5,1}"), CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(NSCoder.cgPoint(for: "{ -3 , 4e1 }"), CGPoint(x: -3, y: 40))
        XCTAssertEqual(NSCoder.cgPoint(for: "nonsense"), .zero)
        XCTAssertEqual(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}"), CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(NSCoder.string(for: CGPoint(x: 7, y: 8)), "{7, 8}")
        let third = CGPoint(x: 1.0 / 3, y: 0.1)
        XCTAssertEqual(CGPointFromString(NSStringFromCGPoint(third)), third, "17 digits read back exactly")
        XCTAssertEqual(CGAffineTransformFromString("[2, 0, 0, 2, 5, 6]"), CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6))
    }

    /// `CGRect.inset(by:)` moves the origin by (left, top) and shrinks the size by both insets of
    /// each axis (UIEdgeInsetsInsetRect).
    func testInsetByEdgeInsets() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
                       CGRect(x: 12, y: 21, width: 94, height: 46))
        XCTAssertEqual(rect.inset(by: .zero), rect)
        XCTAssertEqual(UIEdgeInsets(), .zero)
    }

    // MARK: - Screen, colours, views

    /// `UIScreen.main` is the current stage: its size in points and its scale.
    func testMainScreenIsTheStage() {
        let stage = Stage(width: 320, height: 240)
        stage.scale = 2
        XCTAssertEqual(UIScreen.main.bounds, CGRect(x: 0, y: 0, width: 320, height: 240))
        XCTAssertEqual(UIScreen.main.scale, 2)
        XCTAssertEqual(UIScreen.main.nativeBounds.size, CGSize(width: 640, height: 480))
        XCTAssertEqual(UIScreen.main.maximumFramesPerSecond, 60)
        // A scale of 0 is the main screen's ("UIGraphicsBeginImageContextWithOptions"), and so is
        // an image renderer's default format's.
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 30, height: 20), false, 0)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        XCTAssertEqual(image?.scale, 2)
        XCTAssertEqual(image?.cgImage?.width, 60)
        let rendered = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20)).image { _ in }
        XCTAssertEqual(rendered.cgImage?.height, 40)
        withExtendedLifetime(stage) {}
    }

    /// The semantic and system colours in their light-mode sRGB values (Apple's Human Interface
    /// Guidelines), and component read-back.
    func testSemanticColoursAndComponents() {
        func rgba(_ color: UIColor) -> [CGFloat] {
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            XCTAssertTrue(color.getRed(&r, green: &g, blue: &b, alpha: &a))
            return [r * 255, g * 255, b * 255, a].map { ($0 * 1000).rounded() / 1000 }
        }
        XCTAssertEqual(rgba(.secondaryLabel), [60, 60, 67, 0.6])
        XCTAssertEqual(rgba(.systemGray3), [199, 199, 204, 1])
        XCTAssertEqual(rgba(.secondarySystemBackground), [242, 242, 247, 1])
        XCTAssertEqual(rgba(.systemBlue), [0, 122, 255, 1])
        XCTAssertEqual(rgba(.white), [255, 255, 255, 1], "a grey's white is each of red, green and blue")
        var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0, alpha: CGFloat = 0
        UIColor(hue: 0.6, saturation: 0.5, brightness: 0.8, alpha: 1).getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        XCTAssertEqual(hue, 0.6, accuracy: 1e-9)
        XCTAssertEqual(saturation, 0.5, accuracy: 1e-9)
        XCTAssertEqual(brightness, 0.8, accuracy: 1e-9)
        let dynamic = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
        XCTAssertEqual(dynamic, .white, "carender renders light mode")
    }

    /// A plain view has no intrinsic size and fits its current size; tint colours inherit.
    func testViewSizingAndTint() {
        let view = UIView(frame: CGRect(x: 5, y: 6, width: 70, height: 80))
        XCTAssertEqual(view.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        XCTAssertEqual(UIView.noIntrinsicMetric, -1)
        view.sizeToFit()
        XCTAssertEqual(view.frame, CGRect(x: 5, y: 6, width: 70, height: 80))
        let child = UIView()
        view.addSubview(child)
        XCTAssertEqual(child.tintColor, .systemBlue)
        view.tintColor = .systemRed
        XCTAssertEqual(child.tintColor, .systemRed, "a view without its own tint takes its superview's")
        XCTAssertTrue(view.isUserInteractionEnabled)
        XCTAssertEqual(UIApplication.shared.applicationState, .active)
    }
}
