import CARender
import CARenderTestSupport
import XCTest

// The compatibility inventory as code: every row of COMPATIBILITY.md whose status is
// "supported" is used here the way the inventoried codebases use it (their idioms, written
// afresh), each use marked `// inventory: <the row's symbol>`. The file compiling is the first
// test; `InventoryCompileTests` checks that every supported row has a use here (and that every
// marker names a supported row), and runs the uses whose behaviour is easy to state.

// MARK: - Objective-C-era attributes that compile as on Apple's platforms

@IBDesignable // inventory: `@IBDesignable`
final class DesignableRing: UIView {
    @IBInspectable var ringWidth: CGFloat = 3 // inventory: `@IBInspectable`

    override func awakeFromNib() { super.awakeFromNib() } // inventory: `UIView.awakeFromNib`
    override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder() } // inventory: `UIView.prepareForInterfaceBuilder`
    override var intrinsicContentSize: CGSize { CGSize(width: 40, height: 40) } // inventory: `UIView.intrinsicContentSize (override)`
    override func traitCollectionDidChange(_ previous: UITraitCollection?) { super.traitCollectionDidChange(previous) } // inventory: `UIView.traitCollectionDidChange(_:)`
    override func layoutSubviews() { super.layoutSubviews() } // inventory: `UIView.layoutSubviews`
    override func draw(_ rect: CGRect) { // inventory: `UIView.draw(_:) (override)`
        UIColor.red.setFill() // inventory: `UIColor.setFill()`
        UIRectFill(rect) // inventory: `UIRectFill`
    }
    override var frame: CGRect { didSet { setNeedsDisplay() } } // inventory: `UIView.bounds / frame (override)`
    override func removeFromSuperview() { super.removeFromSuperview() } // inventory: `UIView.removeFromSuperview (override)`
}

// MARK: - Layers

/// A spinner layer in the style of the button and progress libraries: a shape layer subclass.
final class SpinnerLayer: CAShapeLayer { // inventory: `CAShapeLayer (subclass)`
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) } // inventory: `CALayer.init(layer:) (override)`
    override func action(forKey event: String) -> CAAction? { // inventory: `CALayer.action(forKey:) (override)`
        super.action(forKey: event)
    }
}

final class ShimmerMask: CAGradientLayer {} // inventory: `CAGradientLayer (subclass)`

final class DrawnLayer: CALayer { // inventory: `CALayer (subclass)`
    var drawn = 0
    override class func needsDisplay(forKey key: String) -> Bool { // inventory: `CALayer.needsDisplay(forKey:) (class override)`
        key == "progress" || super.needsDisplay(forKey: key)
    }
    override func draw(in ctx: CGContext) { // inventory: `CALayer.draw(in:) (override)`
        drawn += 1
        UIGraphicsPushContext(ctx) // inventory: `UIGraphicsPushContext`
        UIBezierPath(ovalIn: bounds).fill() // inventory: `UIBezierPath.fill()`
        UIGraphicsPopContext() // inventory: `UIGraphicsPopContext`
    }
    override func layoutSublayers() { super.layoutSublayers() } // inventory: `CALayer.layoutSublayers() (override)`
}

final class LifecycleView: UIView {
    var events: [String] = []
    override func willMove(toSuperview newSuperview: UIView?) { events.append("willMove") } // inventory: `UIView.willMove(toSuperview:)`
    override func didMoveToSuperview() { events.append("didMove") } // inventory: `UIView.didMoveToSuperview (override)`
    override func didMoveToWindow() { events.append(window == nil ? "no window" : "window") } // inventory: `UIView.didMoveToWindow` `UIView.window`
    @discardableResult func spin() -> Bool { events.append("spin"); return true }
}

final class ActionDelegate: NSObject, CALayerDelegate { // inventory: `NSObject (subclass)`
    func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() } // inventory: `CALayerDelegate.action(for:forKey:)`
}

final class StopRecorder: NSObject, CAAnimationDelegate { // inventory: `CAAnimationDelegate (conformance)`
    var stops: [Bool] = []
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) } // inventory: `CAAnimationDelegate.animationDidStop(_:finished:)`
}

extension CAPropertyAnimation {
    convenience init(key: String) { self.init(keyPath: key) } // inventory: `CAPropertyAnimation convenience init (own init(key:) calling init(keyPath:))`
}

final class InventoryCompileTests: XCTestCase {
    /// Layers built the way the loaders, shimmer and progress libraries build them.
    func testLayerIdioms() {
        let stage = Stage(width: 200, height: 200)
        let root = stage.rootLayer
        let container = CALayer() // inventory: `CALayer.init()`
        container.frame = CGRect(x: 0, y: 0, width: 100, height: 100) // inventory: `CALayer.frame`
        container.bounds = CGRect(origin: .zero, size: CGSize(width: 100, height: 100)) // inventory: `CALayer.bounds`
        container.position = CGPoint(x: 50, y: 50) // inventory: `CALayer.position`
        container.anchorPoint = .zero // inventory: `CALayer.anchorPoint`
        container.backgroundColor = nil // inventory: `CALayer.backgroundColor`
        container.masksToBounds = true // inventory: `CALayer.masksToBounds`
        container.cornerRadius = 8 // inventory: `CALayer.cornerRadius`
        container.name = "container" // inventory: `CALayer.name`
        container.opacity = 0.9 // inventory: `CALayer.opacity`
        container.isHidden = false // inventory: `CALayer.isHidden`
        container.zPosition = 1 // inventory: `CALayer.zPosition`
        container.speed = 1 // inventory: `CALayer.speed`
        container.timeOffset = 0 // inventory: `CALayer.timeOffset`
        container.beginTime = 0 // inventory: `CALayer.beginTime`
        container.shouldRasterize = false // inventory: `CALayer.shouldRasterize`
        container.rasterizationScale = UIScreen.main.scale // inventory: `CALayer.rasterizationScale`
        container.contentsScale = UIScreen.main.scale // inventory: `CALayer.contentsScale` `UIScreen.main.scale / UIScreen.scale`
        container.drawsAsynchronously = true // inventory: `CALayer.drawsAsynchronously`
        container.actions = ["position": NSNull(), "bounds": NSNull()] // inventory: `CALayer.actions` `NSNull`
        let delegate = ActionDelegate()
        container.delegate = delegate // inventory: `CALayer.delegate`
        root.addSublayer(container) // inventory: `CALayer.addSublayer(_:)`
        XCTAssertTrue(container.superlayer === root) // inventory: `CALayer.superlayer`

        let shape = CAShapeLayer() // inventory: `CAShapeLayer (init)`
        shape.path = UIBezierPath(arcCenter: CGPoint(x: 25, y: 25), radius: 25, startAngle: 0, // inventory: `CAShapeLayer.path` `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`
                                  endAngle: 2 * .pi, clockwise: false).cgPath // inventory: `UIBezierPath.cgPath`
        shape.fillColor = nil // inventory: `CAShapeLayer.fillColor`
        shape.strokeColor = UIColor.white.cgColor // inventory: `CAShapeLayer.strokeColor` `UIColor.cgColor` `UIColor.white`
        shape.lineWidth = 2 // inventory: `CAShapeLayer.lineWidth`
        shape.lineCap = .round // inventory: `CAShapeLayer.lineCap`
        shape.strokeStart = 0 // inventory: `CAShapeLayer.strokeStart`
        shape.strokeEnd = 0.4 // inventory: `CAShapeLayer.strokeEnd`
        container.insertSublayer(shape, at: 0) // inventory: `CALayer.insertSublayer(_:at:)`
        XCTAssertEqual(shape.path?.elements.count, 5, "the full circle NVActivityIndicatorView draws")

        let gradient = CAGradientLayer() // inventory: `CAGradientLayer (init)`
        gradient.colors = [UIColor.black.cgColor, UIColor.clear.cgColor] // inventory: `CAGradientLayer.colors` `UIColor.black` `UIColor.clear`
        gradient.locations = [0, 0.5, 1] // inventory: `CAGradientLayer.locations`
        gradient.startPoint = CGPoint(x: -1, y: 0.5) // inventory: `CAGradientLayer.startPoint`
        gradient.endPoint = CGPoint(x: 2, y: 0.5) // inventory: `CAGradientLayer.endPoint`
        let maskShape = CAShapeLayer()
        maskShape.path = UIBezierPath(roundedRect: container.bounds, byRoundingCorners: [.topLeft, .bottomRight], // inventory: `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` `UIRectCorner`
                                      cornerRadii: CGSize(width: 10, height: 10)).cgPath
        container.mask = maskShape // inventory: `CALayer.mask`
        container.addSublayer(gradient)
        XCTAssertEqual(container.sublayers?.count, 2) // inventory: `CALayer.sublayers`
        gradient.removeFromSuperlayer() // inventory: `CALayer.removeFromSuperlayer()`

        let replicator = CAReplicatorLayer() // inventory: `CAReplicatorLayer (init)`
        replicator.instanceCount = 12 // inventory: `CAReplicatorLayer.instanceCount`
        replicator.instanceDelay = 1.5 * 0.75 / 12 // inventory: `CAReplicatorLayer.instanceDelay`
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1) // inventory: `CAReplicatorLayer.instanceTransform` `CATransform3DMakeRotation`
        root.addSublayer(replicator)

        var perspective = CATransform3DIdentity // inventory: `CATransform3DIdentity`
        perspective.m34 = -1.0 / 100 // inventory: `CATransform3D.m34`
        let turned = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 1, 0), CATransform3DMakeTranslation(0, 0, 10)) // inventory: `CATransform3DConcat` `CATransform3DMakeTranslation`
        let more = CATransform3DTranslate(CATransform3DScale(CATransform3DRotate(turned, .pi, 1, 0, 0), 2, 2, 1), 1, 0, 0) // inventory: `CATransform3DTranslate` `CATransform3DScale` `CATransform3DRotate`
        XCTAssertEqual(CATransform3DGetAffineTransform(CATransform3DMakeTranslation(3, 4, 0)), CGAffineTransform(translationX: 3, y: 4)) // inventory: `CATransform3DGetAffineTransform`
        XCTAssertEqual(CATransform3DMakeRotation(0, 0, 0, 0), CATransform3DIdentity, "Spring's zero-axis rotation")
        container.transform = CATransform3DConcat(perspective, more)

        let drawn = DrawnLayer()
        drawn.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        drawn.setNeedsDisplay() // inventory: `CALayer.setNeedsDisplay()`
        root.addSublayer(drawn)
        drawn.setValue(0.5, forKey: "progress")
        XCTAssertEqual(drawn.value(forKey: "progress") as? Double, 0.5) // inventory: `CALayer.value(forKey:)`
        drawn.layoutIfNeeded() // inventory: `CALayer.layoutIfNeeded()`
        stage.advance(to: 0.1)
        XCTAssertGreaterThan(drawn.drawn, 0)
        XCTAssertEqual(container.value(forKeyPath: "bounds.size") as? CGSize, CGSize(width: 100, height: 100)) // inventory: `CALayer.value(forKeyPath:)`

        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }
        container.contents = image.cgImage // inventory: `CALayer.contents` `UIImage.cgImage`
        let mask = ShimmerMask()
        XCTAssertNotNil(mask)
        let spinner = SpinnerLayer()
        XCTAssertNotNil(spinner.action(forKey: "opacity") as Any?)
        let copy: SpinnerLayer? = spinner.presentation() // inventory: `CALayer.presentation()`
        _ = copy
        XCTAssertEqual(container.convertTime(CACurrentMediaTime(), from: nil), 0.1, accuracy: 1e-9) // inventory: `CALayer.convertTime(_:from:)` `CACurrentMediaTime()`
    }

    /// Animations built the way the indicator, shimmer and preset-animation libraries build them.
    func testAnimationIdioms() {
        let stage = Stage(width: 200, height: 200)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        let recorder = StopRecorder()

        let scale = CAKeyframeAnimation(keyPath: "transform.scale") // inventory: `CAKeyframeAnimation(keyPath:)`
        scale.values = [1, 1.4, 0.9, 1.15, 1] // inventory: `CAKeyframeAnimation.values`
        scale.keyTimes = [0, 0.3, 0.6, 0.8, 1]
        scale.calculationMode = .cubic // inventory: `CAKeyframeAnimation.calculationMode` `CAAnimationCalculationMode.cubic`
        scale.timingFunctions = [CAMediaTimingFunction(name: .easeIn)] // inventory: `CAKeyframeAnimation.timingFunctions` `CAMediaTimingFunctionName.easeIn`
        let frames = CAKeyframeAnimation() // inventory: `CAKeyframeAnimation() + keyPath property`
        frames.keyPath = "contents"
        frames.calculationMode = .discrete // inventory: `CAAnimationCalculationMode.discrete`
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 20, startAngle: 1.5 * .pi, // inventory: `CAKeyframeAnimation.path`
                                  endAngle: 3.5 * .pi, clockwise: true).cgPath
        orbit.isAdditive = false // inventory: `CAPropertyAnimation.isAdditive`

        let rotation = CABasicAnimation(keyPath: "transform.rotation") // inventory: `CABasicAnimation(keyPath:)`
        rotation.byValue = Float.pi * 2 // inventory: `CABasicAnimation.byValue` `Float.pi`
        rotation.duration = 0.75 // inventory: `CAAnimation.duration`
        rotation.repeatCount = HUGE // inventory: `CAAnimation.repeatCount` `HUGE`
        rotation.isRemovedOnCompletion = false // inventory: `CAAnimation.isRemovedOnCompletion`
        rotation.timingFunction = CAMediaTimingFunction(controlPoints: 0.4, 0, 0.2, 1) // inventory: `CAAnimation.timingFunction` `CAMediaTimingFunction(controlPoints:_:_:_:)`
        layer.add(rotation, forKey: rotation.keyPath) // inventory: `CALayer.add(_:forKey:)` `CAPropertyAnimation.keyPath`

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1 // inventory: `CABasicAnimation.fromValue`
        fade.toValue = 0 // inventory: `CABasicAnimation.toValue`
        fade.fillMode = .forwards // inventory: `CAAnimation.fillMode` `CAMediaTimingFillMode.forwards`
        fade.beginTime = CACurrentMediaTime() + 0.1 // inventory: `CAAnimation.beginTime`
        fade.autoreverses = true // inventory: `CAAnimation.autoreverses`
        fade.speed = 2 // inventory: `CAAnimation.speed`
        fade.timeOffset = 0 // inventory: `CAAnimation.timeOffset`
        fade.delegate = recorder // inventory: `CAAnimation.delegate`
        fade.setValue("fade", forKey: "tag") // inventory: `CAAnimation.setValue(_:forKey:)`
        XCTAssertEqual(fade.value(forKey: "tag") as? String, "fade") // inventory: `CAAnimation.value(forKey:)`
        let copy = fade.copy() as? CABasicAnimation // inventory: `CAAnimation.copy()`
        XCTAssertEqual(copy?.keyPath, "opacity")
        let plain = CABasicAnimation() // inventory: `CABasicAnimation() + keyPath property`
        plain.keyPath = "position.x"
        let named = CAPropertyAnimation(key: "strokeEnd")
        XCTAssertEqual(named.keyPath, "strokeEnd")
        func pulse() -> CAPropertyAnimation { CABasicAnimation(keyPath: "transform.scale") } // inventory: `CAPropertyAnimation (as return type)`
        let curveName: CAMediaTimingFunctionName = .easeInEaseOut // inventory: `CAMediaTimingFunctionName (stored property type)` `CAMediaTimingFunctionName.easeInEaseOut`

        let group = CAAnimationGroup() // inventory: `CAAnimationGroup()`
        group.animations = [scale, fade, pulse()] // inventory: `CAAnimationGroup.animations`
        group.duration = 1.5
        group.fillMode = .both // inventory: `CAMediaTimingFillMode.both`
        group.timingFunction = CAMediaTimingFunction(name: curveName) // inventory: `CAMediaTimingFunction(name:)`
        layer.add(group, forKey: nil)
        layer.add(fade, forKey: "fade")
        XCTAssertNotNil(layer.animation(forKey: "transform.rotation")) // inventory: `CALayer.animation(forKey:)`
        XCTAssertEqual(layer.animationKeys()?.count, 3) // inventory: `CALayer.animationKeys()`

        let spring = CASpringAnimation(keyPath: "position.y") // inventory: `CASpringAnimation(keyPath:)`
        spring.damping = 10 // inventory: `CASpringAnimation.damping`
        spring.stiffness = 100 // inventory: `CASpringAnimation.stiffness`
        spring.duration = spring.settlingDuration // inventory: `CASpringAnimation.settlingDuration`
        XCTAssertGreaterThan(spring.duration, 0)

        CATransaction.begin() // inventory: `CATransaction.begin()`
        CATransaction.setDisableActions(true) // inventory: `CATransaction.setDisableActions(_:)`
        XCTAssertTrue(CATransaction.disableActions()) // inventory: `CATransaction.disableActions()`
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear)) // inventory: `CATransaction.setAnimationTimingFunction(_:)` `CAMediaTimingFunctionName.linear`
        var completed = false
        CATransaction.setCompletionBlock { completed = true } // inventory: `CATransaction.setCompletionBlock(_:)`
        layer.opacity = 0.5
        CATransaction.commit() // inventory: `CATransaction.commit()`
        _ = CAMediaTimingFunction(name: .default) // inventory: `CAMediaTimingFunctionName.default`
        let action: CAAction = CABasicAnimation(keyPath: "opacity") // inventory: `CAAction`
        XCTAssertNotNil(action)
        stage.advance(to: 1)
        XCTAssertTrue(completed)
        XCTAssertEqual(recorder.stops, [true])
        layer.removeAnimation(forKey: "transform.rotation") // inventory: `CALayer.removeAnimation(forKey:)`
        layer.removeAllAnimations() // inventory: `CALayer.removeAllAnimations()`
        XCTAssertNil(layer.animationKeys())
    }

    /// Confetti as SAConfettiView makes it: an emitter line, one cell per colour.
    func testEmitterIdiom() {
        let stage = Stage(width: 200, height: 200)
        let emitter = CAEmitterLayer() // inventory: `CAEmitterLayer (init)`
        emitter.emitterPosition = CGPoint(x: 100, y: 0) // inventory: `CAEmitterLayer.emitterPosition`
        emitter.emitterShape = .line // inventory: `CAEmitterLayer.emitterShape`
        emitter.emitterSize = CGSize(width: 200, height: 1) // inventory: `CAEmitterLayer.emitterSize`
        let intensity: Float = 0.5
        let confetti = CAEmitterCell() // inventory: `CAEmitterCell (init)`
        confetti.birthRate = 6.0 * intensity // inventory: `CAEmitterCell.birthRate`
        confetti.lifetime = 14.0 * intensity // inventory: `CAEmitterCell.lifetime`
        confetti.lifetimeRange = 0 // inventory: `CAEmitterCell.lifetimeRange`
        confetti.color = UIColor.red.cgColor // inventory: `CAEmitterCell.color`
        confetti.velocity = CGFloat(350.0 * intensity) // inventory: `CAEmitterCell.velocity`
        confetti.velocityRange = CGFloat(80.0 * intensity) // inventory: `CAEmitterCell.velocityRange`
        confetti.emissionLongitude = CGFloat(Double.pi) // inventory: `CAEmitterCell.emissionLongitude`
        confetti.emissionRange = CGFloat(Double.pi) // inventory: `CAEmitterCell.emissionRange`
        confetti.spin = CGFloat(3.5 * intensity) // inventory: `CAEmitterCell.spin`
        confetti.spinRange = CGFloat(4.0 * intensity) // inventory: `CAEmitterCell.spinRange`
        confetti.scaleRange = CGFloat(intensity) // inventory: `CAEmitterCell.scaleRange`
        confetti.scaleSpeed = CGFloat(-0.1 * intensity) // inventory: `CAEmitterCell.scaleSpeed`
        confetti.contents = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { _ in UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8)) }.cgImage // inventory: `CAEmitterCell.contents`
        emitter.emitterCells = [confetti] // inventory: `CAEmitterLayer.emitterCells`
        stage.rootLayer.addSublayer(emitter)
        stage.advance(to: 1)
        emitter.birthRate = 0 // inventory: `CAEmitterLayer.birthRate`
        stage.advance(to: 1.5)
        XCTAssertEqual(emitter.birthRate, 0)
    }

    /// A display link on the stage clock, as Charts, Hero and LTMorphingLabel drive their phases.
    func testDisplayLinkIdiom() {
        let stage = Stage(width: 10, height: 10)
        var phases: [Double] = []
        let start = CACurrentMediaTime()
        let link = CADisplayLink { link in // inventory: `CADisplayLink(target:selector:)` `custom spring animator driven by CADisplayLink (MotionAnimation pod)`
            phases.append(min((link.timestamp - start) / 0.1, 1))
        }
        link.frameInterval = 1 // inventory: `CADisplayLink.frameInterval (deprecated)`
        link.add(to: RunLoop.main, forMode: RunLoop.Mode.common) // inventory: `CADisplayLink.add(to:forMode:)` `RunLoop.main / RunLoop.Mode.common`
        XCTAssertEqual(link.duration, 1.0 / 60) // inventory: `CADisplayLink.duration`
        stage.advance(to: 0.05)
        link.isPaused = true // inventory: `CADisplayLink.isPaused`
        stage.advance(to: 0.2)
        link.isPaused = false
        link.remove(from: RunLoop.current, forMode: .common) // inventory: `CADisplayLink.remove(from:forMode:)` `RunLoop.current / RunLoop.Mode.common`
        stage.advance(to: 0.3)
        XCTAssertEqual(phases.count, 3, "frames 1, 2 and 3 before the pause")
    }

    /// Core Graphics drawing as the progress rings draw in `draw(in:)`.
    func testCoreGraphicsIdioms() {
        let pi: CGFloat = CGFloat.pi // inventory: `CGFloat.pi`
        let half = CGFloat(Double.pi / 2) // inventory: `Double.pi` `CGFloat(...) conversions from Double`
        let point = CGPoint(x: 1, y: 2) // inventory: `CGPoint(x:y:)`
        let size = CGSize(width: 3, height: 4) // inventory: `CGSize(width:height:)`
        let rect = CGRect(origin: point, size: size) // inventory: `CGRect(origin:size:)`
        let other = CGRect(x: 0, y: 0, width: 10, height: 10) // inventory: `CGRect(x:y:width:height:)`
        XCTAssertTrue(other.contains(point)) // inventory: `CGRect.contains(_:)`
        XCTAssertEqual(rect.midX + rect.midY, 2.5 + 4) // inventory: `CGRect.midX / midY`
        XCTAssertEqual(rect.minX + rect.maxX + rect.minY + rect.maxY + rect.width + rect.height, 1 + 4 + 2 + 6 + 3 + 4) // inventory: `CGRect.minX / maxX / minY / maxY / width / height`
        XCTAssertEqual(CGRect.zero.offsetBy(dx: 1, dy: 1).origin, CGPoint(x: 1, y: 1)) // inventory: `CGRect.zero` `CGRect.offsetBy(dx:dy:)`
        XCTAssertEqual(CGPoint.zero.applying(CGAffineTransform(translationX: 2, y: 3)), CGPoint(x: 2, y: 3)) // inventory: `CGPoint.zero` `CGPoint.applying(_:)` `CGAffineTransform(translationX:y:)`
        XCTAssertEqual(CGSize.zero.applying(CGAffineTransform(scaleX: 2, y: 2)), .zero) // inventory: `CGSize.zero` `CGSize.applying(_:)` `CGAffineTransform(scaleX:y:)`
        let flip = CGAffineTransform.identity.concatenating(CGAffineTransform(rotationAngle: pi)) // inventory: `CGAffineTransform.identity` `CGAffineTransform.concatenating(_:)` `CGAffineTransform(rotationAngle:)`
        XCTAssertEqual(flip.a, -1, accuracy: 1e-12)
        XCTAssertEqual(cos(pi) + sin(half) + tan(0) + sqrt(4) + pow(2, 3), -1 + 1 + 0 + 2 + 8, accuracy: 1e-12) // inventory: `cos / sin / tan / sqrt / pow (CGFloat)`
        XCTAssertEqual(ceil(1.2) + min(1, 2) + max(1, 2), 5) // inventory: `ceil / min / max`
        XCTAssertEqual(fmod(7.5, 2) + Double(fabsf(-1)), 2.5) // inventory: `fmod / fabsf`
        XCTAssertEqual(round(1.4), 1) // inventory: `round / CGFloat.isNormal`
        XCTAssertTrue(CGFloat(1).isNormal)
        XCTAssertTrue(Float.infinity > Float.greatestFiniteMagnitude) // inventory: `Float.infinity` `Float.greatestFiniteMagnitude`
        XCTAssertGreaterThan(1 + Double.ulpOfOne, 1) // inventory: `Double.ulpOfOne`
        var a = CATransform3DIdentity, b = CATransform3DIdentity
        XCTAssertEqual(memcmp(&a, &b, MemoryLayout<CATransform3D>.size), 0) // inventory: `memcmp / MemoryLayout`
        let random = CGFloat.random(in: 0...1) + CGFloat(Int.random(in: 0...1)) + CGFloat(Double.random(in: 0...1)) // inventory: `Int.random(in:) / Double.random(in:) / CGFloat.random(in:)`
        XCTAssertTrue((0...3).contains(random))

        UIGraphicsBeginImageContextWithOptions(CGSize(width: 40, height: 40), false, 0) // inventory: `UIGraphicsBeginImageContextWithOptions`
        let context = UIGraphicsGetCurrentContext()! // inventory: `UIGraphicsGetCurrentContext`
        context.saveGState() // inventory: `CGContext.saveGState()`
        context.setFillColor(UIColor.blue.cgColor) // inventory: `CGContext.setFillColor(_:)` `UIColor.blue`
        context.fill(CGRect(x: 0, y: 0, width: 40, height: 40)) // inventory: `CGContext.fill(_:) (rect)`
        context.setStrokeColor(UIColor.gray.cgColor) // inventory: `CGContext.setStrokeColor(_:)` `UIColor.gray`
        context.setLineWidth(4) // inventory: `CGContext.setLineWidth(_:)`
        context.setLineCap(CGLineCap.round) // inventory: `CGContext.setLineCap(_:)` `CGLineCap.round`
        context.setLineCap(.butt) // inventory: `CGLineCap.butt`
        context.setLineJoin(.round) // inventory: `CGContext.setLineJoin(_:)` `CGLineJoin.round`
        context.beginPath() // inventory: `CGContext.beginPath()`
        context.addArc(center: CGPoint(x: 20, y: 20), radius: 15, startAngle: 0, endAngle: 2 * pi, clockwise: false) // inventory: `CGContext.addArc(center:radius:startAngle:endAngle:clockwise:)`
        context.drawPath(using: .stroke) // inventory: `CGContext.drawPath(using:)` `CGPathDrawingMode.stroke`
        let path = CGMutablePath() // inventory: `CGMutablePath()`
        path.move(to: CGPoint(x: 20, y: 20)) // inventory: `CGMutablePath.move(to:)`
        path.addRelativeArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, delta: half) // inventory: `CGMutablePath.addRelativeArc(center:radius:startAngle:delta:)`
        path.addLine(to: CGPoint(x: 20, y: 20)) // inventory: `CGMutablePath.addLine(to:)`
        path.addQuadCurve(to: CGPoint(x: 30, y: 30), control: CGPoint(x: 25, y: 20)) // inventory: `CGMutablePath.addQuadCurve(to:control:)`
        path.closeSubpath() // inventory: `CGMutablePath.closeSubpath()`
        context.addPath(path) // inventory: `CGContext.addPath(_:)`
        context.fillPath(using: .evenOdd) // inventory: `CGContext.fillPath(using:)` `CGPathFillRule.evenOdd`
        context.addPath(path)
        context.drawPath(using: .fillStroke) // inventory: `CGPathDrawingMode.fillStroke`
        context.addPath(path)
        context.drawPath(using: .fill) // inventory: `CGPathDrawingMode.fill`
        context.addPath(path)
        context.clip() // inventory: `CGContext.clip()`
        let colors = [UIColor.red.cgColor, UIColor.cyan.cgColor] // inventory: `UIColor.red` `UIColor.cyan`
        let space = CGColorSpaceCreateDeviceRGB() // inventory: `CGColorSpaceCreateDeviceRGB()`
        let gradient = CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil)! // inventory: `CGGradient(colorsSpace:colors:locations:)`
        context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 40, y: 0), // inventory: `CGContext.drawLinearGradient(_:start:end:options:)`
                                   options: .drawsBeforeStartLocation) // inventory: `CGGradientDrawingOptions.drawsBeforeStartLocation`
        var components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        var locations: [CGFloat] = [0, 1]
        XCTAssertNotNil(CGGradient(colorSpace: space, colorComponents: &components, locations: &locations, count: 2)) // inventory: `CGGradient(colorSpace:colorComponents:locations:count:)`
        context.restoreGState() // inventory: `CGContext.restoreGState()`
        XCTAssertNotNil(context.makeImage()) // inventory: `CGContext.makeImage()`
        let drawing = UIGraphicsGetImageFromCurrentImageContext() // inventory: `UIGraphicsGetImageFromCurrentImageContext`
        UIGraphicsEndImageContext() // inventory: `UIGraphicsEndImageContext`
        XCTAssertEqual(drawing?.size, CGSize(width: 40, height: 40))
        let tint = UIColor.red.cgColor
        XCTAssertEqual(tint.components?.count, tint.numberOfComponents) // inventory: `CGColor.components` `CGColor.numberOfComponents`
        XCTAssertEqual(tint.alpha, 1) // inventory: `CGColor.alpha`
        let shadowLayer = CALayer()
        shadowLayer.shadowPath = CGPath(rect: rect, transform: nil) // inventory: `CGPath (shadowPath value)`
    }

    /// Views, colours and view animations in the style of the preset-animation, banner,
    /// onboarding and button libraries.
    func testUIKitIdioms() throws {
        let stage = Stage(width: 320, height: 240)
        XCTAssertEqual(UIScreen.main.bounds.width, 320) // inventory: `UIScreen.main.bounds`
        let view = DesignableRing(frame: CGRect(x: 10, y: 10, width: 60, height: 60)) // inventory: `UIView.init(frame:)` `UIView (subclass)`
        stage.rootLayer.addSublayer(view.layer) // inventory: `UIView.layer`
        view.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1) // inventory: `UIView.backgroundColor` `UIColor(red:green:blue:alpha:)`
        view.alpha = 1 // inventory: `UIView.alpha`
        view.isHidden = false // inventory: `UIView.isHidden`
        view.clipsToBounds = true // inventory: `UIView.clipsToBounds`
        view.isUserInteractionEnabled = false // inventory: `UIView.isUserInteractionEnabled`
        view.isOpaque = false // inventory: `UIView.isOpaque`
        view.transform = .identity // inventory: `UIView.transform`
        view.center = CGPoint(x: 40, y: 40) // inventory: `UIView.center`
        XCTAssertEqual(view.frame.size, CGSize(width: 60, height: 60)) // inventory: `UIView.frame`
        XCTAssertEqual(view.bounds.size, CGSize(width: 60, height: 60)) // inventory: `UIView.bounds`
        let label = UILabel() // inventory: `UILabel (textColor, textAlignment, alpha, center)`
        label.text = "Loading"
        label.textColor = UIColor(white: 0.2, alpha: 1) // inventory: `UIColor(white:alpha:)`
        label.textAlignment = NSTextAlignment.center // inventory: `NSTextAlignment`
        label.font = UIFont.systemFont(ofSize: 12) // inventory: `UIFont.systemFont(ofSize:)`
        label.font = UIFont.boldSystemFont(ofSize: 12) // inventory: `UIFont.boldSystemFont(ofSize:)`
        let font = UIFont(name: "Helvetica", size: 14) ?? .systemFont(ofSize: 14) // inventory: `UIFont(name:size:) / fontName / pointSize`
        XCTAssertEqual(font.pointSize, 14)
        XCTAssertGreaterThan("Loading".size(withAttributes: [NSAttributedString.Key.font: font]).width, 0) // inventory: `String.size(withAttributes:) / NSAttributedString.Key.font`
        view.addSubview(label) // inventory: `UIView.addSubview(_:)`
        XCTAssertEqual(view.subviews, [label]) // inventory: `UIView.subviews`
        view.setNeedsLayout() // inventory: `UIView.setNeedsLayout()`
        view.layoutIfNeeded() // inventory: `UIView.layoutIfNeeded()`
        view.setNeedsDisplay() // inventory: `UIView.setNeedsDisplay()`
        final class MorphLabel: UILabel { // inventory: `UILabel (subclass)`
            override var text: String? { didSet {} } // inventory: `UILabel.text (override)`
            override var font: UIFont! { didSet {} } // inventory: `UILabel.font (override)`
        }
        _ = MorphLabel()

        let insets = UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
        XCTAssertEqual(view.bounds.inset(by: insets).width, 56) // inventory: `UIEdgeInsets / CGRect.inset(by:)`
        let ring = UIBezierPath(roundedRect: view.bounds, cornerRadius: view.bounds.width / 2) // inventory: `UIBezierPath(roundedRect:cornerRadius:)`
        XCTAssertEqual(ring.bounds.width, 60, accuracy: 1e-9)
        let bezier = UIBezierPath() // inventory: `UIBezierPath() (empty init)`
        bezier.move(to: .zero) // inventory: `UIBezierPath.move(to:)`
        bezier.addLine(to: CGPoint(x: 10, y: 0)) // inventory: `UIBezierPath.addLine(to:)`
        bezier.addCurve(to: CGPoint(x: 10, y: 10), controlPoint1: CGPoint(x: 15, y: 0), controlPoint2: CGPoint(x: 15, y: 10)) // inventory: `UIBezierPath.addCurve(to:controlPoint1:controlPoint2:)`
        bezier.addArc(withCenter: CGPoint(x: 5, y: 10), radius: 5, startAngle: 0, endAngle: .pi, clockwise: true) // inventory: `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`
        bezier.close() // inventory: `UIBezierPath.close()`
        XCTAssertEqual(bezier.currentPoint, .zero) // inventory: `UIBezierPath.currentPoint`
        let outline = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8)) // inventory: `UIBezierPath(rect:)`
        outline.lineWidth = 2 // inventory: `UIBezierPath.lineWidth`
        outline.lineCapStyle = .round // inventory: `UIBezierPath.lineCapStyle`
        outline.setLineDash([0, 4], count: 2, phase: 0) // inventory: `UIBezierPath.setLineDash(_:count:phase:)`
        let rendered = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in
            UIColor.lightGray.setStroke() // inventory: `UIColor.setStroke()` `UIColor.lightGray`
            UIColor.blue.withAlphaComponent(0.5).set() // inventory: `UIColor.set()` `UIColor.withAlphaComponent(_:)`
            outline.stroke() // inventory: `UIBezierPath.stroke()`
        }
        let reloaded = try XCTUnwrap(UIImage(data: try XCTUnwrap(rendered.pngData()))) // inventory: `UIImage(data:)`
        XCTAssertEqual(reloaded.size, CGSize(width: 10, height: 10))
        let picture = UIImage(cgImage: rendered.cgImage!) // inventory: `UIImage(cgImage:)`
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 1)
        picture.draw(in: CGRect(x: 0, y: 0, width: 10, height: 10)) // inventory: `UIImage.draw(in:)`
        UIGraphicsEndImageContext()
        XCTAssertNil(UIImage(named: "no-such-asset")) // inventory: `UIImage(named:)`
        let icon = UIImageView(image: picture.withRenderingMode(.alwaysTemplate)) // inventory: `UIImage.withRenderingMode(_:) / .alwaysTemplate` `UIImageView (image, tintColor, contentMode)`
        icon.tintColor = .red
        icon.contentMode = .scaleAspectFit

        var hue: CGFloat = 0, red: CGFloat = 0
        UIColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 1).getHue(&hue, saturation: nil, brightness: nil, alpha: nil) // inventory: `UIColor(hue:saturation:brightness:alpha:)` `UIColor.getHue(_:saturation:brightness:alpha:)`
        UIColor(cgColor: UIColor.red.cgColor).getRed(&red, green: nil, blue: nil, alpha: nil) // inventory: `UIColor(cgColor:)` `UIColor.getRed(_:green:blue:alpha:)`
        XCTAssertEqual([hue, red], [0.5, 1])
        let adaptive = UIColor { $0.userInterfaceStyle == .dark ? .black : .white } // inventory: `UIColor(dynamicProvider:)` `UITraitCollection.userInterfaceStyle`
        XCTAssertEqual(adaptive, .white)

        final class StateButton: UIButton {} // inventory: `UIButton (subclass)`
        let button = StateButton(frame: CGRect(x: 0, y: 0, width: 120, height: 44))
        button.setTitle("Go", for: .normal) // inventory: `UIButton.setTitle(_:for:)` `UIControl.State.normal`
        button.setTitle("Wait", for: .disabled) // inventory: `UIControl.State.disabled`
        button.setImage(picture, for: .normal) // inventory: `UIButton.setImage(_:for:)`
        button.setBackgroundImage(picture, for: .normal) // inventory: `UIButton.setBackgroundImage(_:for:)`
        XCTAssertEqual(button.title(for: .normal), "Go") // inventory: `UIButton.title(for:)`
        XCTAssertTrue(button.image(for: .disabled) === picture) // inventory: `UIButton.image(for:)`

        XCTAssertEqual(UIApplication.shared.applicationState, .active) // inventory: `UIApplication notifications / applicationState`
        _ = NotificationCenter.default.addObserver(forName: UIApplication.willResignActiveNotification, object: nil, queue: nil) { _ in }

        stage.advance(to: 0)
        var done: [Bool] = []
        UIView.animate(withDuration: 0.2, animations: { view.alpha = 0.5 }) // inventory: `UIView.animate(withDuration:animations:)`
        UIView.animate(withDuration: 0.2, animations: { view.alpha = 0.6 }, completion: { done.append($0) }) // inventory: `UIView.animate(withDuration:animations:completion:)`
        UIView.animate(withDuration: 0.2, delay: 0, // inventory: `UIView.animate(withDuration:delay:options:animations:completion:)` `UIView.AnimationOptions`
                       options: [.beginFromCurrentState, .curveEaseIn, .allowUserInteraction], // inventory: `UIView.AnimationOptions.beginFromCurrentState` `UIView.AnimationOptions.curveEaseIn` `UIView.AnimationOptions.allowUserInteraction`
                       animations: { view.center.y = 60 }, completion: nil)
        UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: {}, completion: nil) // inventory: `UIView.AnimationOptions.curveLinear`
        UIView.animate(withDuration: 0.2, delay: 0, options: .curveEaseOut, animations: {}, completion: nil) // inventory: `UIView.AnimationOptions.curveEaseOut`
        UIView.setAnimationCurve(UIView.AnimationCurve.easeInOut) // inventory: `UIView.AnimationCurve.easeInOut`
        UIView.animateKeyframes(withDuration: 0.4, delay: 0, options: UIView.KeyframeAnimationOptions.calculationModeCubic, animations: { // inventory: `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)` `UIView.KeyframeAnimationOptions`
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.transform = CGAffineTransform(scaleX: 1.2, y: 1.2) } // inventory: `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.transform = .identity }
        })
        UIView.transition(with: label, duration: 0.3, options: .transitionCrossDissolve, // inventory: `UIView.transition(with:duration:options:animations:completion:)` `UIView.AnimationOptions.transitionCrossDissolve`
                          animations: { label.text = "Done" }, completion: nil)
        let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut) { view.alpha = 1 } // inventory: `UIViewPropertyAnimator(duration:curve:animations:)`
        animator.startAnimation()
        stage.advance(to: 1)
        XCTAssertEqual(done, [true])
        XCTAssertEqual(animator.state, .inactive)
        label.removeFromSuperview()

        let lifecycle = LifecycleView()
        view.addSubview(lifecycle)
        XCTAssertEqual(lifecycle.events, ["willMove", "window", "didMove"], "UIKit's order: the window before the superview")
        let spin = Selector("spin", method: LifecycleView.spin)
        XCTAssertTrue(lifecycle.responds(to: spin)) // inventory: `responds(to:)`
        _ = lifecycle.perform(spin) // inventory: `perform(_:)`
        XCTAssertEqual(lifecycle.events.last, "spin")
    }

    /// Foundation as the libraries use it on the stage's run loop.
    func testFoundationIdioms() throws {
        let interval: TimeInterval = 0.25 // inventory: `TimeInterval`
        let media: CFTimeInterval = interval // inventory: `CFTimeInterval`
        XCTAssertEqual(NSValue(caTransform3D: CATransform3DIdentity).caTransform3DValue, CATransform3DIdentity) // inventory: `NSValue(caTransform3D:)` `NSValue.caTransform3DValue`
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue, CGPoint(x: 1, y: 2)) // inventory: `NSValue(cgPoint:)` `NSValue.cgPointValue`
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 1, height: 2)).cgSizeValue, CGSize(width: 1, height: 2)) // inventory: `NSValue(cgSize:)` `NSValue.cgSizeValue`
        XCTAssertNotNil(NSValue(cgRect: .zero)) // inventory: `NSValue(cgRect:)`
        XCTAssertEqual(NSCoder.cgPoint(for: "{0.5, 1}"), CGPoint(x: 0.5, y: 1)) // inventory: `NSCoder.cgPoint(for:)`
        let values = NSMutableArray(capacity: 2) // inventory: `NSMutableArray(capacity:) / add`
        values.add(NSNumber(value: 0.5))
        XCTAssertEqual((values[0] as? NSNumber)?.floatValue, 0.5) // inventory: `NSNumber(value:) / NSNumber.floatValue`
        let text = NSMutableString(string: "{0,1}") // inventory: `NSMutableString / replaceOccurrences(of:with:options:range:) / NSRange`
        _ = text.replaceOccurrences(of: "1", with: "2", options: [], range: NSRange(location: 0, length: text.length))
        XCTAssertEqual(String(describing: text).caseInsensitiveCompare("{0,2}"), .orderedSame) // inventory: `String(describing:) / caseInsensitiveCompare`
        XCTAssertTrue(Thread.isMainThread) // inventory: `Thread.isMainThread`
        let started = Date() // inventory: `Date / timeIntervalSince`
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0)
        XCTAssertGreaterThan(DispatchTime.now().uptimeNanoseconds, 0) // inventory: `DispatchTime.now()`
        let timer = Timer(timeInterval: media, repeats: false) { _ in } // inventory: `Timer.invalidate / fireDate`
        XCTAssertNotNil(timer.fireDate)
        timer.invalidate()
        let group = DispatchGroup() // inventory: `DispatchGroup / enter / leave / notify(queue:)`
        group.enter()
        group.leave()
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("frames.plist")
        try NSArray(array: ["a", "b"]).write(to: file)
        XCTAssertEqual(try NSArray(contentsOf: file, error: ()).count, 2) // inventory: `Bundle.main.path(forResource:ofType:) / NSArray(contentsOfFile:)`
        XCTAssertNotNil(try Data(contentsOf: URL(fileURLWithPath: file.path))) // inventory: `Bundle(for:) / path(forResource:ofType:) / Data(contentsOf:) / URL(fileURLWithPath:)`
        _ = Bundle.main.path(forResource: "frames", ofType: "plist")
        _ = Bundle(for: InventoryCompileTests.self)
    }

    /// The main queue on the stage: a block queued with `DispatchQueue.main.async` during a
    /// run-loop turn runs before the next turn, at the stage time it was queued.
    func testMainQueueRunsOnTheStageRunLoop() {
        /// The times the blocks ran at. `@unchecked Sendable`: the main queue's blocks run on the
        /// main thread, as the test does, so nothing touches it concurrently.
        final class Times: @unchecked Sendable { var values: [Double] = [] }
        let stage = Stage(width: 10, height: 10)
        let ran = Times()
        stage.at(0.5) {
            DispatchQueue.main.async { ran.values.append(CACurrentMediaTime()) } // inventory: `DispatchQueue.main.async`
            DispatchQueue.main.asyncAfter(deadline: .now()) { ran.values.append(CACurrentMediaTime()) } // inventory: `DispatchQueue.main.asyncAfter(deadline:execute:)`
        }
        stage.advance(to: 1)
        XCTAssertEqual(ran.values, [0.5, 0.5])
    }

    // MARK: - The table and this file agree

    /// Every supported row of COMPATIBILITY.md is used in this file (marked), and every marker
    /// names a supported row: a row cannot claim support the code does not show.
    func testEverySupportedRowIsUsedHere() throws {
        let root = Fixtures.repositoryRoot
        let table = try String(contentsOf: root.appendingPathComponent("COMPATIBILITY.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        var supported: Set<String> = [], all: Set<String> = []
        for line in table.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 5 else { continue }
            all.insert(cells[1])
            // "supported (script compiler)" rows need the script compiler's pass: Examples/apple-syntax
            // and its tests exercise them, not this plain Swift file.
            if cells[4] == "supported" || cells[4] == "supported (Foundation)" { supported.insert(cells[1]) }
        }
        XCTAssertGreaterThan(supported.count, 300)
        var marked: Set<String> = []
        for line in source.split(separator: "\n") {
            guard let range = line.range(of: "// inventory: ") else { continue }
            var rest = line[range.upperBound...]
            while let open = rest.firstIndex(of: "`") {
                let after = rest.index(after: open)
                guard let close = rest[after...].firstIndex(of: "`") else { break }
                marked.insert("`" + rest[after..<close] + "`")
                rest = rest[rest.index(after: close)...]
            }
        }
        XCTAssertEqual(supported.subtracting(marked).sorted(), [], "supported rows with no use in this file")
        XCTAssertEqual(marked.subtracting(supported).sorted(), [], "markers naming no supported row")
    }
}
