import CARender
import CARenderTestSupport
import XCTest

/// UIKit's animation surface beyond `UIView.animate`: transitions, keyframes, property
/// animators, layout inside animation blocks and display links, on the stage clock, against
/// UIKit's documented behaviour.
final class UIKitAnimationSurfaceTests: XCTestCase {
    private let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 200 × 200 white stage with a 100 × 100 red view at (50, 50), committed at t = 0.
    private func stageWithView() -> (Stage, UIView) {
        let stage = Stage(width: 200, height: 200)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        view.backgroundColor = red
        stage.rootLayer.addSublayer(view.layer)
        stage.advance(to: 0)
        return (stage, view)
    }

    private func pixel(_ stage: Stage, at t: Double, x: Int = 100, y: Int = 100) -> RGBA8 {
        stage.advance(to: t)
        return stage.render()[x, y]
    }

    // MARK: - Transitions

    /// `.transitionCrossDissolve`: the change in the block applies at once (the model is blue
    /// straight away) while the picture cross-fades from red to blue over the duration, and the
    /// completion runs at its end.
    func testCrossDissolveTransition() {
        let (stage, view) = stageWithView()
        var finished: [Bool] = []
        stage.at(0.5) {
            UIView.transition(with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                              animations: { view.backgroundColor = self.blue }, completion: { finished.append($0) })
        }
        stage.advance(to: 0.5)
        XCTAssertEqual(view.backgroundColor, blue, "the change is not animated itself")
        XCTAssertEqual((view.layer.animation(forKey: kCATransition) as? CATransition)?.type, .fade)
        XCTAssertNil(view.layer.animation(forKey: "backgroundColor"))
        let middle = pixel(stage, at: 1.0)
        XCTAssertEqual(Double(middle.r), 127.5, accuracy: 2)
        XCTAssertEqual(Double(middle.b), 127.5, accuracy: 2)
        XCTAssertEqual(finished, [])
        XCTAssertEqual(pixel(stage, at: 1.6), RGBA8(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(finished, [true])
    }

    /// The flip and curl options become Core Animation's `oglFlip` (with the side as subtype),
    /// `pageCurl` and `pageUnCurl` transitions, as UIKit maps them.
    func testFlipAndCurlOptionsMapToTransitionTypes() {
        let (stage, view) = stageWithView()
        let cases: [(UIView.AnimationOptions, String, CATransitionSubtype?)] = [
            (.transitionFlipFromLeft, "oglFlip", .fromLeft), (.transitionFlipFromRight, "oglFlip", .fromRight),
            (.transitionFlipFromTop, "oglFlip", .fromTop), (.transitionFlipFromBottom, "oglFlip", .fromBottom),
            (.transitionCurlUp, "pageCurl", nil), (.transitionCurlDown, "pageUnCurl", nil),
        ]
        for (index, (option, type, subtype)) in cases.enumerated() {
            let t = 0.5 + Double(index)
            stage.at(t) { UIView.transition(with: view, duration: 0.5, options: option, animations: {}) }
            stage.advance(to: t)
            let transition = view.layer.animation(forKey: kCATransition) as? CATransition
            XCTAssertEqual(transition?.type.rawValue, type)
            XCTAssertEqual(transition?.subtype, subtype)
        }
    }

    /// `transition(from:to:…)` puts `toView` where `fromView` was among its siblings and the
    /// transition on their superview; `.showHideTransitionViews` hides and shows instead.
    func testTransitionFromViewToView() {
        let (stage, container) = stageWithView()
        let first = UIView(), second = UIView(), replacement = UIView(), third = UIView()
        container.addSubview(first)
        container.addSubview(second)
        container.addSubview(third)
        stage.at(0.5) {
            UIView.transition(from: second, to: replacement, duration: 0.3, options: .transitionFlipFromRight)
        }
        stage.advance(to: 0.5)
        XCTAssertEqual(container.subviews, [first, replacement, third])
        XCTAssertNil(second.superview)
        XCTAssertEqual((container.layer.animation(forKey: kCATransition) as? CATransition)?.subtype, .fromRight)
        replacement.isHidden = true
        stage.at(1) {
            UIView.transition(from: first, to: replacement, duration: 0.3, options: [.transitionCrossDissolve, .showHideTransitionViews])
        }
        stage.advance(to: 1)
        XCTAssertTrue(first.isHidden)
        XCTAssertFalse(replacement.isHidden)
        XCTAssertEqual(container.subviews, [first, replacement, third])
    }

    // MARK: - Keyframes

    /// Each keyframe moves the property over its share of the duration and it holds in between:
    /// opacity 1 → 0.2 over the first half, → 1 over the last quarter (linear curve and mode).
    func testKeyframesMoveEachPropertyOverItsShare() {
        let (stage, view) = stageWithView()
        var finished = false
        stage.at(1) {
            UIView.animateKeyframes(withDuration: 2, delay: 0,
                                    options: UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue),
                                    animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0.2 }
                UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { view.alpha = 1 }
            }, completion: { finished = $0 })
        }
        func opacity(_ t: Double) -> Double {
            stage.advance(to: t)
            return Double(view.layer.presentation()?.opacity ?? -1)
        }
        XCTAssertEqual(opacity(1.5), 0.6, accuracy: 1e-6)
        XCTAssertEqual(opacity(2.0), 0.2, accuracy: 1e-6)
        XCTAssertEqual(opacity(2.4), 0.2, accuracy: 1e-6, "held until the next keyframe")
        XCTAssertEqual(opacity(2.75), 0.6, accuracy: 1e-6)
        XCTAssertFalse(finished)
        XCTAssertEqual(opacity(3.1), 1, accuracy: 1e-6)
        XCTAssertTrue(finished)
        XCTAssertTrue(view.layer.animation(forKey: "opacity") == nil || view.layer.animationKeys() == nil)
    }

    /// A zero-length keyframe is a jump; the default curve is ease-in-ease-out over the whole.
    func testZeroLengthKeyframeJumpsAndDefaultCurveEases() {
        let (stage, view) = stageWithView()
        stage.at(1) {
            UIView.animateKeyframes(withDuration: 1, delay: 0, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0) { view.center.x = 0 }
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 200 }
            })
        }
        stage.advance(to: 1)
        let animation = view.layer.animation(forKey: "position") as? CAKeyframeAnimation
        XCTAssertEqual(animation?.keyTimes, [0, 0, 1])
        XCTAssertEqual(animation?.timingFunction, CAMediaTimingFunction(name: .easeInEaseOut))
        stage.advance(to: 1.5)
        XCTAssertEqual(Double(view.layer.presentation()?.position.x ?? -1), 100, accuracy: 1e-4, "symmetric curve: half-way")
        stage.advance(to: 1.25)
    }

    // MARK: - Property animator

    /// Started, paused, scrubbed, reversed: the property follows the animator's timeline, and
    /// a reversed run ends at the start, with the model value back where it began.
    func testPropertyAnimatorPausesScrubsAndReverses() {
        let (stage, view) = stageWithView()
        view.center = CGPoint(x: 0, y: 100)
        stage.advance(to: 0.1)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
        var ended: [UIViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        XCTAssertEqual(animator.state, .inactive)
        func x(_ t: Double) -> Double {
            stage.advance(to: t)
            return Double(view.layer.presentation()?.position.x ?? -1)
        }
        stage.at(1) { animator.startAnimation() }
        XCTAssertEqual(x(1.5), 50, accuracy: 1e-6)
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(Double(animator.fractionComplete), 0.5, accuracy: 1e-9)
        stage.at(1.5) { animator.pauseAnimation() }
        XCTAssertEqual(x(2), 50, accuracy: 1e-6, "paused")
        XCTAssertEqual(animator.state, .active)
        XCTAssertFalse(animator.isRunning)
        stage.at(2) { animator.fractionComplete = 0.8 }
        XCTAssertEqual(x(2.1), 80, accuracy: 1e-6, "scrubbed")
        stage.at(2.1) {
            animator.isReversed = true
            animator.startAnimation()
        }
        XCTAssertEqual(x(2.5), 40, accuracy: 1e-6, "running back")
        XCTAssertEqual(ended, [])
        XCTAssertEqual(x(3.0), 0, accuracy: 1e-6)
        XCTAssertEqual(ended, [.start])
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertEqual(view.center.x, 0, "finishing at the start puts the model back")
    }

    /// Run to the end: completion `.end`, model at the new value, animations gone; a
    /// `runningPropertyAnimator` starts after its delay with the options' curve.
    func testPropertyAnimatorRunsToTheEnd() {
        let (stage, view) = stageWithView()
        var ended: [UIViewAnimatingPosition] = []
        stage.at(1) {
            UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: .curveLinear,
                                                           animations: { view.alpha = 0 },
                                                           completion: { ended.append($0) })
        }
        stage.advance(to: 1.5)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 1, accuracy: 1e-6, "still in its delay")
        stage.advance(to: 2)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-6)
        stage.advance(to: 2.6)
        XCTAssertEqual(ended, [.end])
        XCTAssertEqual(view.alpha, 0)
        XCTAssertEqual(view.layer.animationKeys() ?? [], [])
    }

    /// `stopAnimation(true)` leaves the view where it is on screen, without completion.
    func testStoppingKeepsThePresentValue() {
        let (stage, view) = stageWithView()
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.alpha = 0 }
        var ended = 0
        animator.addCompletion { _ in ended += 1 }
        stage.at(1) { animator.startAnimation() }
        stage.at(1.5) { animator.stopAnimation(true) }
        stage.advance(to: 3)
        XCTAssertEqual(Double(view.alpha), 0.75, accuracy: 1e-6)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 0.75, accuracy: 1e-6)
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertEqual(ended, 0)
    }

    // MARK: - Layout and animations off

    /// `layoutIfNeeded()` inside an animation block runs `layoutSubviews` there, so the frames it
    /// sets animate (the Auto Layout idiom: change a constant, then lay out in the block).
    func testLayoutIfNeededInsideAnAnimationBlockAnimatesTheLayout() {
        final class Panel: UIView {
            let child = UIView()
            var inset: CGFloat = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                child.frame = CGRect(x: inset, y: 0, width: 20, height: 20)
            }
        }
        let (stage, view) = stageWithView()
        let panel = Panel(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        panel.addSubview(panel.child)
        view.addSubview(panel)
        panel.setNeedsLayout()
        stage.advance(to: 0.5)
        stage.at(1) {
            panel.inset = 60
            panel.setNeedsLayout()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { panel.layoutIfNeeded() })
        }
        stage.advance(to: 1.5)
        XCTAssertEqual(Double(panel.child.layer.presentation()?.position.x ?? -1), 10 + 30, accuracy: 1e-6)
        stage.at(3) {
            UIView.animate(withDuration: 1) {
                UIView.performWithoutAnimation { panel.child.alpha = 0.5 }
            }
        }
        stage.advance(to: 3.1)
        XCTAssertEqual(Double(panel.child.layer.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-9)
    }

    /// `.repeat` and `.autoreverse` repeat the block's animations, reversing each second run.
    func testRepeatAndAutoreverseOptions() {
        let (stage, view) = stageWithView()
        stage.at(1) {
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: { view.alpha = 0 })
        }
        stage.advance(to: 1)
        let animation = view.layer.animation(forKey: "opacity")
        XCTAssertEqual(animation?.repeatCount, .infinity)
        XCTAssertEqual(animation?.autoreverses, true)
        stage.advance(to: 2.25)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 0.25, accuracy: 1e-6, "on the way back")
    }

    /// A view animation starts from the value the view had before the block changed it, even
    /// when that value was set in the same turn (ViewAnimator's "set an offset, animate back to
    /// identity"); a property already in motion continues from where it is on screen.
    func testViewAnimationsStartFromTheModelValueBeforeTheChange() {
        let (stage, view) = stageWithView()
        stage.at(1) {
            view.transform = CGAffineTransform(translationX: 100, y: 0)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.transform = .identity })
        }
        stage.advance(to: 1.5)
        XCTAssertEqual(Double(view.layer.presentation()?.position.x ?? -1) + Double(view.layer.presentation()?.affineTransform().tx ?? 0),
                       100 + 50, accuracy: 1e-6, "half-way back from the offset")
        stage.at(2.5) { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 200 }) }
        stage.at(3) { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 0 }) }
        stage.advance(to: 3)
        XCTAssertEqual(Double(view.layer.presentation()?.position.x ?? -1), 150, accuracy: 1e-6, "in motion: continues from the screen")
        stage.advance(to: 3.5)
        XCTAssertEqual(Double(view.layer.presentation()?.position.x ?? -1), 75, accuracy: 1e-6)
    }

    // MARK: - Display link

    /// A display link fires at every 1/60 s of the stage clock with `timestamp` the frame's time
    /// and `targetTimestamp` the next, whatever steps the stage is advanced in; pausing skips
    /// frames; `invalidate()` stops it; 30 frames per second fires on every other frame.
    func testDisplayLinkFollowsTheStageClock() {
        func record(steps: [Double], fps: Int = 0, pauseAt: Double? = nil) -> [[Double]] {
            let stage = Stage(width: 10, height: 10)
            var calls: [[Double]] = []
            let link = CADisplayLink { link in
                calls.append([link.timestamp, link.targetTimestamp, CACurrentMediaTime()])
                if link.timestamp >= 0.5 - 1e-9 { link.invalidate() }
            }
            link.preferredFramesPerSecond = fps
            stage.at(0.1) { link.add(to: .main, forMode: .common) }
            if let pauseAt {
                stage.at(pauseAt) { link.isPaused = true }
                stage.at(pauseAt + 0.1) { link.isPaused = false }
            }
            for t in steps { stage.advance(to: t) }
            return calls
        }
        let fine = record(steps: stride(from: 0.0, through: 1.0, by: 0.01).map { $0 })
        let coarse = record(steps: [0.3, 1.0])
        XCTAssertEqual(fine, coarse, "callbacks depend on the stage clock, not on the steps")
        XCTAssertEqual(fine.first?[0] ?? 0, 7.0 / 60, accuracy: 1e-12, "the first frame after t = 0.1")
        XCTAssertEqual(fine.count, 30 - 7 + 1, "every frame up to 0.5 s")
        for call in fine {
            XCTAssertEqual(call[1] - call[0], 1.0 / 60, accuracy: 1e-12)
            XCTAssertEqual(call[2], call[0], accuracy: 1e-12, "CACurrentMediaTime() is the frame's time")
        }
        let half = record(steps: [1], fps: 30)
        XCTAssertEqual(half.count, 13, "frames 7, 9, … 31 (the one at or after 0.5 s invalidates)")
        XCTAssertEqual(half[1][0] - half[0][0], 2.0 / 60, accuracy: 1e-12)
        let paused = record(steps: [1], pauseAt: 0.2)
        XCTAssertFalse(paused.contains { $0[0] > 0.2 + 1e-9 && $0[0] < 0.3 - 1e-9 }, "nothing while paused")
        XCTAssertLessThan(paused.count, fine.count)
    }

    // MARK: - Button

    /// A button's natural size is its title's plus 6 points above and below (30 points tall for
    /// the 15-point title) and its image beside it, plus `contentEdgeInsets`; `sizeToFit()` takes
    /// it. A system button's title takes the tint colour, per state colours win.
    func testButtonSizeAndStates() {
        let button = UIButton(type: .system)
        button.setTitle("Button", for: .normal)
        let title = button.titleLabel!.intrinsicContentSize
        XCTAssertEqual(button.intrinsicContentSize, CGSize(width: title.width, height: title.height + 12))
        XCTAssertEqual(title.height + 12, 30, accuracy: 1, "UIKit's 30-point system button")
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 12)
        button.frame.origin = CGPoint(x: 7, y: 8)
        button.sizeToFit()
        XCTAssertEqual(button.frame, CGRect(x: 7, y: 8, width: title.width + 22, height: title.height + 22))
        XCTAssertEqual(button.currentTitleColor, .systemBlue)
        button.tintColor = .systemRed
        XCTAssertEqual(button.titleLabel?.textColor, .systemRed, "a system button's title is in its tint")
        button.setTitleColor(.black, for: .highlighted)
        button.isHighlighted = true
        XCTAssertEqual(button.titleLabel?.textColor, .black)
        let dot = UIImage(cgImage: CGImage(image: RGBAImage(width: 8, height: 8, bytes: [UInt8](repeating: 255, count: 256))))
        button.setImage(dot, for: .normal)
        button.isHighlighted = false
        XCTAssertEqual(button.intrinsicContentSize.width, title.width + 8 + 22)
        XCTAssertNotNil(button.imageView)
        XCTAssertEqual(button.imageView?.image?.renderingMode, .alwaysTemplate, "system buttons tint their images")
        let image = button.imageView!.frame, label = button.titleLabel!.frame
        XCTAssertEqual(image.maxX, label.minX, accuracy: 1e-9, "image then title")
    }
}
