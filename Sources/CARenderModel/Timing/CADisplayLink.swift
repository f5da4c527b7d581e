import Foundation
import CARenderGeometry

/// A range of frame rates a display link prefers (iOS 15).
public struct CAFrameRateRange: Equatable, Sendable {
    /// The lowest acceptable frame rate, in frames per second. Ignored: a display link uses
    /// `preferred`, else `maximum`.
    public var minimum: Float
    /// The highest acceptable frame rate, in frames per second.
    public var maximum: Float
    /// The frame rate the link would rather have, in frames per second.
    public var preferred: Float?

    /// Creates a range of frame rates, in frames per second.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the screen's rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

/// A timer synchronised with the screen's refresh: once added to a run loop it calls its handler
/// at every frame of the stage's 60 Hz screen (or every few frames, by
/// `preferredFramesPerSecond`), on the stage clock — so what it does depends on the stage's time,
/// never on how fast or at what frame rate carender renders. Frames are at multiples of 1/60 s;
/// in the callback `timestamp` is the frame's time (what `CACurrentMediaTime()` reads) and
/// `targetTimestamp` the next frame's.
///
/// Swift on Linux has no selectors, so the handler is a closure: `CADisplayLink { link in … }`
/// (the script compiler maps `CADisplayLink(target:selector:)` onto it). Like iOS's, the run loop
/// keeps a link (and what its handler captures) alive until `invalidate()`.
open class CADisplayLink: NSObject {
    /// The screen's refresh interval: 1/60 s.
    public static let screenFrameDuration: CFTimeInterval = 1.0 / 60
    /// The screen's frames per second.
    static let screenFramesPerSecond = 60

    private let handler: (CADisplayLink) -> Void
    private weak var context: StageContext?
    private var isScheduled = false
    private var isValid = true
    /// The screen frame (a multiple of 1/60 s) of the next call.
    private var nextFrame = 0

    /// A display link calling `handler` with itself each frame once added to a run loop.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
        super.init()
    }

    /// The time of the frame being shown when the handler was last called (0 before).
    open private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next frame (what the handler's work will be shown at).
    open private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between screen refreshes: 1/60 s.
    open var duration: CFTimeInterval { Self.screenFrameDuration }

    /// Frames per second wanted (0: the screen's 60). The link fires on every n-th frame, n the
    /// whole number of frames nearest to 60 / preferredFramesPerSecond, as iOS rounds to a
    /// divisor of the screen's rate.
    open var preferredFramesPerSecond: Int = 0
    /// The range form of `preferredFramesPerSecond` (its `preferred`, else `maximum`, is used).
    open var preferredFrameRateRange: CAFrameRateRange = .default {
        didSet {
            let rate = preferredFrameRateRange.preferred ?? preferredFrameRateRange.maximum
            preferredFramesPerSecond = rate > 0 ? Int(rate.rounded()) : 0
        }
    }
    /// Deprecated by UIKit: fire every `frameInterval` frames (1 by default).
    open var frameInterval: Int = 1

    /// Whether callbacks are suspended; the link stays on its run loop.
    open var isPaused = false {
        didSet { if !isPaused { scheduleNext() } }
    }

    /// Frames between calls.
    private var framesPerCall: Int {
        if frameInterval > 1 { return frameInterval }
        guard preferredFramesPerSecond > 0 else { return 1 }
        let ratio = Double(Self.screenFramesPerSecond) / Double(preferredFramesPerSecond)
        return max(1, Int(ratio.rounded()))
    }

    /// Starts calling the handler at the stage's next frame. The run loop and mode are accepted
    /// for source compatibility: every link runs on the stage's run loop.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard isValid, context == nil else { return }
        context = StageContext.current
        let frame = Double(Self.screenFramesPerSecond) * CACurrentMediaTime()
        nextFrame = Int(frame.rounded(.down)) + 1
        scheduleNext()
    }

    /// Stops the link (as `invalidate()` does; a link runs on one run loop only here).
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        invalidate()
    }

    /// Stops the link for good, releasing it and its handler from the run loop.
    open func invalidate() {
        isValid = false
        context = nil
    }

    private func scheduleNext() {
        guard isValid, !isPaused, !isScheduled, let context else { return }
        // Resuming after a pause: the next frame after now.
        let now = Int((Double(Self.screenFramesPerSecond) * context.time).rounded(.down))
        if nextFrame <= now { nextFrame = now + 1 }
        isScheduled = true
        context.runLoop.schedule(at: Self.time(ofFrame: nextFrame)) { [self] in
            isScheduled = false
            guard isValid, !isPaused else { return }
            let frame = nextFrame
            nextFrame = frame + framesPerCall
            timestamp = Self.time(ofFrame: frame)
            targetTimestamp = Self.time(ofFrame: nextFrame)
            scheduleNext()
            handler(self)
        }
    }

    /// The time of screen frame `frame`, exactly `frame / 60` (no accumulated rounding).
    private static func time(ofFrame frame: Int) -> CFTimeInterval {
        Double(frame) / Double(screenFramesPerSecond)
    }
}
