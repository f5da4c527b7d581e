import Foundation
import CARenderGeometry
import CARenderModel

/// Where an animator is in its life.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished.
    case inactive
    /// Started (running or paused).
    case active
    /// Stopped without finishing: `finishAnimation(at:)` ends it.
    case stopped
}

/// Where an animation ends.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end of the animations, at their start, or where they are now.
    case end, start, current
}

/// The timing of a property animator: a cubic curve or a spring.
public protocol UITimingCurveProvider {
    /// The cubic curve, when the timing is one.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, when the timing is one.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve.
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The curve's first and second control points (from (0, 0) to (1, 1)).
    public let controlPoint1: CGPoint
    /// The curve's second control point.
    public let controlPoint2: CGPoint

    /// Creates the ease-in ease-out curve.
    public override convenience init() { self.init(animationCurve: .easeInOut) }

    /// One of UIKit's four named curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        let function = CAMediaTimingFunction(name: curve.timingFunctionName)
        var a: [Float] = [0, 0], b: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &a)
        function.getControlPoint(at: 2, values: &b)
        controlPoint1 = CGPoint(x: CGFloat(a[0]), y: CGFloat(a[1]))
        controlPoint2 = CGPoint(x: CGFloat(b[0]), y: CGFloat(b[1]))
        super.init()
    }

    /// Creates a curve from two control points, each in the unit square.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        controlPoint1 = point1
        controlPoint2 = point2
        super.init()
    }

    /// The curve itself.
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    /// Nil: a cubic curve is not a spring.
    public var springTimingParameters: UISpringTimingParameters? { nil }

    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring: a damping ratio (1 comes to rest without overshoot) and an initial velocity.
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    /// The damping ratio: 1 comes to rest without overshoot, smaller values oscillate.
    public let dampingRatio: CGFloat
    /// The initial velocity, relative to the distance to travel per second. Only `dx` is used: every
    /// property starts with the same velocity.
    public let initialVelocity: CGVector

    /// Creates a critically damped spring (ratio 1) that starts at rest.
    public override convenience init() { self.init(dampingRatio: 1, initialVelocity: CGVector(dx: 0, dy: 0)) }

    /// Creates a spring with a damping ratio that starts at rest.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// Creates a spring with a damping ratio and an initial velocity.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio
        initialVelocity = velocity
        super.init()
    }

    /// Nil: a spring is not a cubic curve.
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    /// The spring itself.
    public var springTimingParameters: UISpringTimingParameters? { self }
}

/// UIKit's interruptible animator: the view property changes of its animation blocks animate over
/// `duration` on its own timeline, which can be paused, scrubbed (`fractionComplete`), reversed,
/// stopped and finished at either end, all on the stage clock.
///
/// How it works: when it starts, its blocks run with the changes collected (not animated on
/// their own); each changed property gets an animation from its value on screen to its new value,
/// lasting the animator's duration (a block added with a delay factor, or while running, holds
/// its start value until its share begins). The animator then drives all of them through their
/// layers' timing: speed 1 (−1 reversed) from the current fraction while running, speed 0 at the
/// fraction while paused — with linear timing then, when `scrubsLinearly`, as UIKit scrubs.
/// Resuming after scrubbing continues on the curve from the same fraction of time.
open class UIViewPropertyAnimator: NSObject {
    /// The animator's duration, in seconds.
    open private(set) var duration: TimeInterval
    /// The delay `startAnimation(afterDelay:)` was given.
    open private(set) var delay: TimeInterval = 0
    /// The timing curve or spring.
    open private(set) var timingParameters: UITimingCurveProvider?
    /// `.inactive` until started, `.active` while running or paused, `.stopped` after
    /// `stopAnimation(false)`.
    open private(set) var state: UIViewAnimatingState = .inactive
    /// Whether it keeps its animations paused at the end instead of finishing (no completion).
    open var pausesOnCompletion = false
    /// Accepted: scripts have no touches.
    open var isInterruptible = true
    /// Accepted: scripts have no touches.
    open var isUserInteractionEnabled = true
    /// Accepted: scripts have no touches.
    open var isManualHitTestingEnabled = false
    /// Whether a paused animator shows `fractionComplete` as linear progress (true, UIKit's
    /// default) or through its curve.
    open var scrubsLinearly = true

    private var blocks: [(animations: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var tracks: [Track] = []
    /// The timeline: the fraction at `anchorTime` (stage seconds) and whether it advances.
    private var anchorFraction: Double = 0
    private var anchorTime: CFTimeInterval = 0
    private var running = false
    private var reversed = false
    /// Bumped whenever the timeline changes, so a completion scheduled before does not fire.
    private var generation = 0
    private let identifier = UUID().uuidString

    /// One animated property: its layer, key path, values at either end, and where in the
    /// animator's duration (0 … 1) it starts moving.
    private struct Track {
        let layer: CALayer
        let key: String
        let from: Any
        let to: Any
        let start: Double
    }

    // MARK: - Making an animator

    /// Creates an animator with a duration in seconds and a timing curve or spring.
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration
        timingParameters = parameters
        super.init()
    }

    /// Creates an animator with a duration in seconds, one of UIKit's named curves, and optionally
    /// its first animations.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// Creates an animator with a duration in seconds, a cubic curve through two control points,
    /// and optionally its first animations.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// Creates an animator with a duration in seconds, a spring of the given damping ratio that
    /// settles within that duration, and optionally its first animations.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator already running: `animations` over `duration` after `delay`, then
    /// `completion`, with the curve of `options`.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let curve: UIView.AnimationCurve
        switch options.timingFunctionName {
        case .easeIn: curve = .easeIn
        case .easeOut: curve = .easeOut
        case .linear: curve = .linear
        default: curve = .easeInOut
        }
        let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: - Animations and completions

    /// Adds a block of view property changes. Before the animator starts they run when it
    /// starts; while it is active they run now and animate over what remains of its duration.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds a block whose changes start after `delayFactor` (0 … 1) of the duration and end with
    /// the others.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = CGFloat(min(max(Double(delayFactor), 0), 1))
        if state == .inactive {
            blocks.append((animation, factor))
        } else {
            let now = fractionComplete
            capture(animation, start: Double(factor) + (1 - Double(factor)) * Double(now))
            applyTimeline()
        }
    }

    /// Adds a block called with the position it ended at, after the earlier ones.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: - Running

    /// Whether the animations are advancing.
    open var isRunning: Bool { state == .active && running }

    /// Whether the animations run back towards their start values.
    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            rebase()
            reversed = newValue
            applyTimeline()
        }
    }

    /// How far through its duration the animator is, 0 … 1.
    open var fractionComplete: CGFloat {
        get { CGFloat(currentFraction()) }
        set {
            if state == .inactive { beginIfNeeded() }
            anchorFraction = min(max(Double(newValue), 0), 1)
            anchorTime = CACurrentMediaTime()
            applyTimeline()
        }
    }

    /// Starts (or resumes) the animations now.
    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts (or resumes) the animations after `delay` seconds.
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        beginIfNeeded()
        rebase()
        self.delay = delay
        anchorTime = CACurrentMediaTime() + max(delay, 0)
        running = true
        applyTimeline()
    }

    /// Pauses the animations where they are.
    open func pauseAnimation() {
        guard state != .stopped else { return }
        beginIfNeeded()
        rebase()
        running = false
        applyTimeline()
    }

    /// Stops the animations. With `withoutFinishing` true the views keep what they show now and
    /// the animator becomes inactive without calling its completions; with false it stops
    /// (`.stopped`) and `finishAnimation(at:)` ends it.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        rebase()
        running = false
        settle(at: .current)
        if withoutFinishing {
            state = .inactive
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator with its views at `finalPosition`, calling the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        settle(at: finalPosition)
        state = .inactive
        for completion in completions { completion(finalPosition) }
    }

    /// Resumes a paused animator with new timing (nil keeps the current) and the remaining time
    /// scaled by `durationFactor` of the original duration.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active else { return }
        rebase()
        if let parameters { timingParameters = parameters }
        if durationFactor > 0 { duration *= Double(durationFactor) }
        anchorTime = CACurrentMediaTime()
        running = true
        applyTimeline()
    }

    // MARK: - The timeline

    private func currentFraction() -> Double {
        guard running, state == .active, duration > 0 else { return anchorFraction }
        let elapsed = max(CACurrentMediaTime() - anchorTime, 0) / duration
        return min(max(anchorFraction + (reversed ? -elapsed : elapsed), 0), 1)
    }

    /// Moves the anchor to now, keeping the fraction.
    private func rebase() {
        anchorFraction = currentFraction()
        anchorTime = CACurrentMediaTime()
    }

    /// Runs the blocks (once) and makes the animator active.
    private func beginIfNeeded() {
        guard state == .inactive else { return }
        state = .active
        tracks.removeAll()
        anchorFraction = 0
        for block in blocks { capture(block.animations, start: Double(block.delayFactor)) }
        blocks.removeAll()
    }

    /// Runs `animations`, collecting its view property changes as tracks starting at `start`.
    private func capture(_ animations: () -> Void, start: Double) {
        let recorder = ViewAnimationRecorder()
        CATransaction.begin()
        recorder.recording(animations)
        CATransaction.commit()
        for change in recorder.changes {
            guard let from = change.from, let to = change.layer.value(forKeyPath: change.key) else { continue }
            tracks.removeAll { $0.layer === change.layer && $0.key == change.key }
            tracks.append(Track(layer: change.layer, key: change.key, from: from, to: to, start: min(start, 1)))
        }
    }

    private func animationKey(_ track: Track) -> String { "UIViewPropertyAnimator.\(identifier).\(track.key)" }

    /// Adds each track's animation to its layer positioned on the timeline, and schedules the end.
    private func applyTimeline() {
        generation += 1
        let now = CACurrentMediaTime()
        let linear = !running && scrubsLinearly
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for track in tracks {
            let animation = makeAnimation(track, linear: linear)
            animation.duration = max(duration, 1e-6)
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            animation.timeOffset = anchorFraction * animation.duration
            animation.speed = running ? (reversed ? -1 : 1) : 0
            animation.beginTime = track.layer.convertTime(max(anchorTime, now), from: nil)
            track.layer.add(animation, forKey: animationKey(track))
        }
        CATransaction.commit()
        guard running, state == .active else { return }
        let remaining = (reversed ? anchorFraction : 1 - anchorFraction) * duration
        let end = max(anchorTime, now) + remaining
        let scheduled = generation
        // The run loop keeps a running animator alive until its end, as UIKit's animation system
        // keeps running animators (`runningPropertyAnimator`'s result is usually dropped).
        StageContext.current.runLoop.schedule(at: end) { [self] in
            guard generation == scheduled, state == .active, running else { return }
            reachEnd()
        }
    }

    /// The animation of one track: from → to over the whole duration, holding `from` until the
    /// track's start.
    private func makeAnimation(_ track: Track, linear: Bool) -> CAPropertyAnimation {
        let curve = linear ? CAMediaTimingFunction(name: .linear)
            : (timingParameters?.cubicTimingParameters?.timingFunction ?? CAMediaTimingFunction(name: .easeInEaseOut))
        if track.start <= 0 {
            if !linear, let spring = timingParameters?.springTimingParameters {
                let animation = springAnimation(keyPath: track.key, duration: duration, dampingRatio: spring.dampingRatio,
                                                velocity: spring.initialVelocity.dx)
                animation.fromValue = track.from
                animation.toValue = track.to
                return animation
            }
            let animation = CABasicAnimation(keyPath: track.key)
            animation.fromValue = track.from
            animation.toValue = track.to
            animation.timingFunction = curve
            return animation
        }
        let animation = CAKeyframeAnimation(keyPath: track.key)
        animation.values = [track.from, track.from, track.to]
        animation.keyTimes = [0, NSNumber(value: track.start), 1]
        animation.timingFunctions = [CAMediaTimingFunction(name: .linear), curve]
        return animation
    }

    /// The timeline reached its end (or its start, reversed).
    private func reachEnd() {
        anchorFraction = reversed ? 0 : 1
        anchorTime = CACurrentMediaTime()
        if pausesOnCompletion {
            running = false
            applyTimeline()
            return
        }
        let position: UIViewAnimatingPosition = reversed ? .start : .end
        running = false
        settle(at: position)
        state = .inactive
        reversed = false
        for completion in completions { completion(position) }
    }

    /// Removes the animations, leaving the views' values at `position`.
    private func settle(at position: UIViewAnimatingPosition) {
        generation += 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for track in tracks {
            let value: Any?
            switch position {
            case .end: value = track.to
            case .start: value = track.from
            case .current: value = track.layer.presentation()?.value(forKeyPath: track.key)
            }
            UIView.performWithoutAnimation {
                if let value { track.layer.setValue(value, forKeyPath: track.key) }
            }
            track.layer.removeAnimation(forKey: animationKey(track))
        }
        CATransaction.commit()
        if position != .current { tracks.removeAll() }
    }
}
