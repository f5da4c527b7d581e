import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderGraphics
@testable import CARenderModel
@testable import CARenderStage

/// A layer subclass's own animatable property (Apple's `@NSManaged var progress`; in carender a
/// property over `value(forKey:)`/`setValue(_:forKey:)`): animations of it reach the presentation
/// layer, and because `needsDisplay(forKey:)` names it the layer is redrawn through `draw(in:)`
/// at every frame. The pixels are checked against the sector's analytic area.
final class CustomAnimatablePropertyTests: XCTestCase {
    /// A pie that fills `progress` of a full turn, clockwise from 12 o'clock. (Instantiable, so
    /// `presentation()` can return one: a script's compiler says that of its layer classes.)
    final class PieLayer: CALayer, InstantiableLayer {
        static let radius: CGFloat = 40
        /// How an action animates `progress` (nil: no action).
        var progressAction: CABasicAnimation?
        /// The progress each `draw(in:)` saw. Core Animation draws the presentation copy, which
        /// `init(layer:)` makes: the copy shares the model's log, as a subclass copies its
        /// stored properties there.
        final class DrawLog { var progress: [CGFloat] = [] }
        var drawLog = DrawLog()
        var drawnProgress: [CGFloat] { drawLog.progress }

        override init() { super.init() }

        override init(layer: Any) {
            super.init(layer: layer)
            if let model = layer as? PieLayer {
                drawLog = model.drawLog
                progressAction = model.progressAction
            }
        }

        var progress: CGFloat {
            get { value(forKey: "progress") as? CGFloat ?? 0 }
            set { setValue(newValue, forKey: "progress") }
        }

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }

        override func action(forKey event: String) -> (any CAAction)? {
            if event == "progress", let progressAction { return progressAction }
            return super.action(forKey: event)
        }

        override func draw(in ctx: CGContext) {
            drawLog.progress.append(progress)
            guard progress > 0 else { return }
            let center = CGPoint(x: bounds.midX, y: bounds.midY)
            let start = -CGFloat.pi / 2
            ctx.move(to: center)
            ctx.addArc(center: center, radius: Self.radius, startAngle: start,
                       endAngle: start + 2 * .pi * min(progress, 1), clockwise: false)
            ctx.closePath()
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fillPath()
        }
    }

    private func makeStage() -> (Stage, PieLayer) {
        let stage = Stage(width: 100, height: 100)
        let pie = PieLayer()
        pie.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        stage.rootLayer.addSublayer(pie)
        stage.advance(to: 0)
        return (stage, pie)
    }

    /// Pixels at least half covered: for a sector of area A they number A within about the
    /// sector's perimeter's worth of half-covered edge pixels.
    private func filledPixels(_ image: RGBAImage) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].a >= 128 { count += 1 }
        }
        return count
    }

    private func sectorArea(_ fraction: Double) -> Double {
        Double.pi * Double(PieLayer.radius * PieLayer.radius) * fraction
    }

    /// Tolerance: the sector's perimeter (two radii and the arc), as a count of edge pixels.
    private func edgeTolerance(_ fraction: Double) -> Double {
        (2 * Double(PieLayer.radius) + 2 * Double.pi * Double(PieLayer.radius) * fraction) / 2
    }

    /// `CABasicAnimation(keyPath: "progress")` from 0 to 1 over 2 s, linear, added at 0.5 s: at
    /// 1 s and 1.5 s the presentation reports 0.25 and 0.5, and the frame shows a quarter and a half disc.
    func testExplicitAnimationRedrawsThePresentationEachFrame() {
        let (stage, pie) = makeStage()
        let warnings = capturingDiagnostics {
            stage.at(0.5) {
                let animation = CABasicAnimation(keyPath: "progress")
                animation.fromValue = 0
                animation.toValue = 1
                animation.duration = 2
                animation.timingFunction = CAMediaTimingFunction(name: .linear)
                pie.add(animation, forKey: "fill")
            }
            stage.advance(to: 1)
        }
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")
        XCTAssertEqual(pie.presentation()?.value(forKey: "progress") as? CGFloat ?? -1, 0.25, accuracy: 1e-9)
        XCTAssertEqual(pie.progress, 0, "the model value is untouched")
        let quarter = filledPixels(stage.render())
        XCTAssertEqual(Double(quarter), sectorArea(0.25), accuracy: edgeTolerance(0.25))
        XCTAssertEqual(pie.drawnProgress.last ?? -1, 0.25, accuracy: 1e-9)

        stage.advance(to: 1.5)
        let half = stage.render()
        XCTAssertEqual(Double(filledPixels(half)), sectorArea(0.5), accuracy: edgeTolerance(0.5))
        // The right half (clockwise from 12 o'clock on y-down layers) is filled, the left is not.
        XCTAssertEqual(half[70, 50].a, 255)
        XCTAssertEqual(half[30, 50].a, 0)

        // Removed on completion: the model (never drawn, progress 0) shows again.
        stage.advance(to: 3)
        XCTAssertEqual(filledPixels(stage.render()), 0)
    }

    /// Setting the property looks up `action(forKey:)`, as a property change does: the
    /// animation without values runs from the value on screen to the new one, and once it ends the
    /// model, redrawn because `needsDisplay(forKey:)` names the key, shows the whole disc.
    func testSettingThePropertyRunsItsActionFromTheValueOnScreen() {
        let (stage, pie) = makeStage()
        let action = CABasicAnimation()
        action.duration = 1
        action.timingFunction = CAMediaTimingFunction(name: .linear)
        pie.progressAction = action
        stage.at(0.5) { pie.progress = 1 }
        stage.advance(to: 1)
        XCTAssertEqual(pie.progress, 1)
        XCTAssertEqual(pie.presentation()?.value(forKey: "progress") as? CGFloat ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(Double(filledPixels(stage.render())), sectorArea(0.5), accuracy: edgeTolerance(0.5))
        stage.advance(to: 2)
        XCTAssertEqual(Double(filledPixels(stage.render())), sectorArea(1), accuracy: edgeTolerance(1))
    }

    /// A keyframe animation of the key reaches the presentation too: values 0, 1, 0.5 at
    /// key times 0, 0.5, 1 over 2 s, linear, give 0.5 at a quarter and 0.75 at three quarters.
    func testKeyframeAnimationOfTheKey() {
        let (stage, pie) = makeStage()
        stage.at(0.5) {
            let animation = CAKeyframeAnimation(keyPath: "progress")
            animation.values = [0, 1, 0.5]
            animation.keyTimes = [0, 0.5, 1]
            animation.duration = 2
            pie.add(animation, forKey: nil)
        }
        stage.advance(to: 1)
        XCTAssertEqual(pie.presentation()?.value(forKey: "progress") as? CGFloat ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(Double(filledPixels(stage.render())), sectorArea(0.5), accuracy: edgeTolerance(0.5))
        stage.advance(to: 2)
        XCTAssertEqual(pie.presentation()?.value(forKey: "progress") as? CGFloat ?? -1, 0.75, accuracy: 1e-9)
    }

    /// A key the layer knows nothing of still animates nothing, with a warning naming it.
    func testUnknownKeyStillWarns() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let warnings = capturingDiagnostics {
            layer.add(CABasicAnimation(keyPath: "nothingHere"), forKey: nil)
        }
        XCTAssertTrue(warnings.contains { $0.contains("nothingHere") }, "\(warnings)")
    }
}
