import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage
@testable import CARenderUIKit
import CARenderTestSupport

/// UIKit's `beginAnimations(_:context:)`/`commitAnimations()` blocks, `layerClass` overrides and
/// `draw(_:)` overrides, against UIKit's documented behaviour.
final class UIViewLegacyAnimationAndDrawingTests: XCTestCase {
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    // MARK: - beginAnimations / commitAnimations

    /// Changes between `beginAnimations` and `commitAnimations` animate with the block's
    /// duration and curve: linear over 1 s, half-way at 0.5 s, done at 1 s.
    func testBeginCommitBlockAnimatesWithItsDurationAndCurve() {
        let s = TransactionStage()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        s.stage.rootLayer.addSublayer(view.layer)
        s.stage.at(0.5) {
            UIView.beginAnimations("fade", context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationCurve(.linear)
            view.alpha = 0
            UIView.commitAnimations()
        }
        s.stage.advance(to: 1)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-6)
        let animation = view.layer.animation(forKey: "opacity") as? CABasicAnimation
        XCTAssertEqual(animation?.duration, 1)
        XCTAssertEqual(animation?.timingFunction, CAMediaTimingFunction(name: .linear))
        s.stage.advance(to: 1.6)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 0, accuracy: 1e-9)
    }

    /// Without `setAnimationDuration` a block lasts 0.2 s (UIKit's documented default) on the
    /// ease-in-ease-out curve.
    func testBeginCommitBlockDefaultsToAFifthOfASecondEaseInEaseOut() {
        let s = TransactionStage()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        s.stage.rootLayer.addSublayer(view.layer)
        s.stage.at(0.5) {
            UIView.beginAnimations(nil, context: nil)
            view.center = CGPoint(x: 200, y: 25)
            UIView.commitAnimations()
        }
        s.stage.advance(to: 0.5)
        let animation = view.layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertEqual(animation?.duration ?? 0, 0.2, accuracy: 1e-12)
        XCTAssertEqual(animation?.timingFunction, CAMediaTimingFunction(name: .easeInEaseOut))
        s.stage.advance(to: 0.6)
        // Ease-in-ease-out is symmetric about its midpoint: half-way in time is half-way in value.
        XCTAssertEqual(Double(view.layer.presentation()?.position.x ?? -1), (25 + 200) / 2, accuracy: 1e-4)
    }

    /// `setAnimationDelay` postpones the start; the view keeps its old value until then.
    func testSetAnimationDelayPostponesTheStart() {
        let s = TransactionStage()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        s.stage.rootLayer.addSublayer(view.layer)
        s.stage.at(0.5) {
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationDelay(0.5)
            UIView.setAnimationCurve(.linear)
            view.alpha = 0
            UIView.commitAnimations()
        }
        s.stage.advance(to: 0.9)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 1, accuracy: 1e-9)
        s.stage.advance(to: 1.5)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-6)
    }

    /// Outside a block the `setAnimation…` methods do nothing and changes do not animate;
    /// a stray `commitAnimations()` only warns.
    func testOutsideABlockNothingAnimates() {
        let s = TransactionStage()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        s.stage.rootLayer.addSublayer(view.layer)
        s.stage.at(0.5) {
            UIView.setAnimationDuration(1)
            view.alpha = 0
        }
        s.stage.advance(to: 0.5)
        XCTAssertNil(view.layer.animationKeys())
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 0)
        let warnings = capturingDiagnostics { UIView.commitAnimations() }
        XCTAssertTrue(warnings.contains { $0.contains("commitAnimations") }, "\(warnings)")
    }

    // MARK: - layerClass

    private final class ShapeView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }
    }

    private final class GradientView: UIView {
        override class var layerClass: AnyClass { CAGradientLayer.self }
    }

    private final class CustomLayer: CAShapeLayer {}

    private final class CustomLayerView: UIView {
        override class var layerClass: AnyClass { CustomLayer.self }
    }

    /// A view whose `layerClass` names a layer class is backed by a layer of that class, with
    /// the view as its delegate.
    func testLayerClassOverrideChoosesTheBackingLayer() {
        let shape = ShapeView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertTrue(type(of: shape.layer) == CAShapeLayer.self)
        XCTAssertTrue(shape.layer.delegate === shape)
        XCTAssertEqual(shape.layer.frame, CGRect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertTrue(type(of: GradientView().layer) == CAGradientLayer.self)
        XCTAssertTrue(type(of: UIView().layer) == CALayer.self)
    }

    /// A shape-layer view draws its path: inside the triangle the fill, outside the background.
    func testShapeLayerBackedViewDrawsItsPath() {
        let stage = Stage(width: 40, height: 40)
        let view = ShapeView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let shape = view.layer as! CAShapeLayer
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        shape.fillColor = blue
        stage.rootLayer.addSublayer(view.layer)
        let image = stage.render()
        XCTAssertEqual(image[20, 20], RGBA8(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(image[5, 5].a, 0)
    }

    /// A class carender cannot create from its class value falls back to its nearest carender
    /// superclass, with a warning naming it.
    func testOwnLayerClassFallsBackWithAWarning() {
        _ = Stage(width: 10, height: 10)
        var view: UIView?
        let warnings = capturingDiagnostics { view = CustomLayerView() }
        XCTAssertTrue(type(of: view!.layer) == CAShapeLayer.self)
        XCTAssertTrue(warnings.contains { $0.contains("CustomLayer") && $0.contains("layerClass") }, "\(warnings)")
    }

    // MARK: - draw(_:)

    private final class DiscView: UIView {
        var color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var drawCount = 0
        var rects: [CGRect] = []
        override func draw(_ rect: CGRect) {
            drawCount += 1
            rects.append(rect)
            guard let ctx = UIGraphicsGetCurrentContext() else { return }
            ctx.setFillColor(color)
            // The left half only: y down, origin top left, as UIKit's drawing coordinates.
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 4))
        }
    }

    /// `draw(_:)` is called with the bounds when the view is first shown, in UIKit's y-down
    /// coordinates, and its drawing is the view's content.
    func testDrawOverrideBecomesTheViewsContent() {
        let stage = Stage(width: 40, height: 40)
        let view = DiscView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        stage.rootLayer.addSublayer(view.layer)
        let image = stage.render()
        XCTAssertEqual(view.drawCount, 1)
        XCTAssertEqual(view.rects, [CGRect(x: 0, y: 0, width: 40, height: 40)])
        XCTAssertEqual(image[5, 5], RGBA8(r: 255, g: 0, b: 0, a: 255), "top left quarter-strip is drawn")
        XCTAssertEqual(image[30, 5].a, 0, "right half untouched")
        XCTAssertEqual(image[5, 30].a, 0, "below the strip untouched")
    }

    /// `contentMode = .redraw` redraws the view when its bounds change (UIKit sets the layer's
    /// `needsDisplayOnBoundsChange`); any other mode keeps the old drawing, stretched.
    func testRedrawContentModeRedrawsOnBoundsChange() {
        let stage = Stage(width: 40, height: 40)
        let view = DiscView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        stage.rootLayer.addSublayer(view.layer)
        view.contentMode = .redraw
        XCTAssertEqual(view.contentMode, .redraw)
        XCTAssertTrue(view.layer.needsDisplayOnBoundsChange)
        _ = stage.render()
        XCTAssertEqual(view.drawCount, 1)
        view.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        _ = stage.render()
        XCTAssertEqual(view.drawCount, 2, "a bounds change redraws a .redraw view")
        XCTAssertEqual(view.rects.last, CGRect(x: 0, y: 0, width: 40, height: 40))

        view.contentMode = .scaleToFill
        XCTAssertEqual(view.contentMode, .scaleToFill)
        XCTAssertFalse(view.layer.needsDisplayOnBoundsChange)
        view.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        _ = stage.render()
        XCTAssertEqual(view.drawCount, 2, "other modes stretch the old drawing")
    }

    /// `setNeedsDisplay()` on the view redraws it once before the next frame.
    func testSetNeedsDisplayRedraws() {
        let stage = Stage(width: 40, height: 40)
        let view = DiscView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        stage.rootLayer.addSublayer(view.layer)
        _ = stage.render()
        stage.at(0.5) {
            view.color = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            view.setNeedsDisplay()
        }
        stage.advance(to: 0.5)
        let image = stage.render()
        XCTAssertEqual(view.drawCount, 2)
        XCTAssertEqual(image[5, 5], RGBA8(r: 0, g: 255, b: 0, a: 255))
        _ = stage.render()
        XCTAssertEqual(view.drawCount, 2, "no redraw without setNeedsDisplay")
    }

    /// A view that does not override `draw(_:)` gets no contents.
    func testPlainViewHasNoContents() {
        let stage = Stage(width: 20, height: 20)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        stage.rootLayer.addSublayer(view.layer)
        _ = stage.render()
        XCTAssertNil(view.layer.contents)
    }
}
