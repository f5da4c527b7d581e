import Foundation

/// The window, the virtual clock and the run loop a script animates in.
///
/// Time is virtual: every frame and presentation value is a pure function of the script and the
/// stage time, never of how long rendering takes.
public final class Stage {
    /// The stage whose clock `CACurrentMediaTime()` reads: the one last created, advanced or
    /// rendered (transactions, implicit animations and callbacks belong to it).
    nonisolated(unsafe) static weak var current: Stage?

    /// Size in points.
    public let width: CGFloat
    public let height: CGFloat

    /// The root of the layer tree: bounds `(0, 0, width, height)`, positioned at the centre.
    public let rootLayer: CALayer

    /// Pixels per point (the command line's `--scale` overrides it).
    public var scale: CGFloat = 1

    /// How many seconds `run()` renders when the command line gives no `--duration`.
    public var duration: CFTimeInterval = 1

    /// The virtual clock, in seconds.
    public private(set) var time: CFTimeInterval = 0

    let runLoop = StageRunLoop()
    /// Reused across frames: it keeps its scratch buffers, and the frame buffer is reused too.
    private let compositor = Compositor()
    private var framePixmap = Pixmap(width: 0, height: 0)
    /// Makes the root layer behave like a view's layer (held here: layer delegates are weak).
    private let rootDelegate = RootLayerDelegate()

    /// A stage of `width × height` points; time starts at 0.
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
        rootLayer = CALayer()
        rootLayer.bounds = CGRect(x: 0, y: 0, width: width.isFinite ? width : 0, height: height.isFinite ? height : 0)
        rootLayer.position = CGPoint(x: rootLayer.bounds.midX, y: rootLayer.bounds.midY)
        rootLayer.name = "root"
        rootLayer.delegate = rootDelegate
        TransactionSystem.shared.reset()
        Stage.current = self
    }

    /// Schedules `body` as a run-loop turn at exactly `t` seconds; turns at the same time run in
    /// the order they were scheduled.
    public func at(_ t: CFTimeInterval, _ body: @escaping () -> Void) {
        runLoop.schedule(at: t, body)
    }

    /// Runs every turn due up to `t` in time order (each with the clock set to its time and its
    /// own implicit transaction), then sets the clock to `t`.
    public func advance(to t: CFTimeInterval) {
        precondition(t.isFinite, "Stage.advance(to:) needs a finite time, got \(t)")
        Stage.current = self
        if t < time {
            Diagnostics.warnOnce("Stage.advance(to: \(t)) is earlier than the stage's time \(time) s; the clock does not run backwards")
        }
        // Code that ran since the last advance (the script's top level, at first) is a turn of
        // its own at the current time: its changes commit now.
        endTurn()
        var steps = 0
        while true {
            // One walk of the tree per step: the earliest animation event, and the next turn.
            let eventTime = rootLayer.nextAnimationEvent(after: time)
            guard let next = [runLoop.nextTime, eventTime].compactMap({ $0 }).min(), next <= t else { break }
            steps += 1
            if steps > Stage.maximumTurnsPerAdvance {
                Diagnostics.warning("more than \(Stage.maximumTurnsPerAdvance) run-loop turns before t = \(t); the script keeps scheduling work at one instant, so the rest is dropped")
                break
            }
            if next > time { time = next }
            if let eventTime, eventTime <= time {
                // Animation starts and stops due now come before turns scheduled for the same
                // instant: a completion block they trigger is itself such a turn.
                rootLayer.fireAnimationEvents(upTo: time)
                endTurn()
            } else if let turn = runLoop.nextTurn(dueBy: time) {
                runTurn(turn.body)
            }
        }
        if t > time { time = t }
    }

    /// A bound on the turns one `advance` runs, so a script that schedules work at one instant
    /// forever cannot hang the renderer.
    static let maximumTurnsPerAdvance = 100_000


    /// Rasterizes the presentation tree at the current time: `width × scale` by `height × scale`
    /// pixels.
    public func render() -> RGBAImage {
        // Inside a turn (a snapshot, as `renderInContext` takes) the frame shows what is on screen
        // now; other turns due at this instant must not run in the middle of this one.
        Stage.current = self
        if !isRunningTurn { advance(to: time) }
        let size: (width: Int, height: Int)
        do {
            size = try pixelSize()
        } catch {
            // A script cannot render at an impossible size: say why and stop, as run() does.
            FileHandle.standardError.write(Data("carender: error: \(error)\n".utf8))
            exit(1)
        }
        let tree = rootLayer.renderNode(at: time)
        if framePixmap.width != size.width || framePixmap.height != size.height {
            framePixmap = Pixmap(width: size.width, height: size.height)
        }
        compositor.render(tree, into: &framePixmap, scale: scale)
        return framePixmap.unpremultiplied()
    }

    // MARK: - Turns

    /// Whether a turn's body is running (so `render()` must not advance the clock).
    private var isRunningTurn = false

    private func runTurn(_ body: () -> Void) {
        let outer = isRunningTurn
        isRunningTurn = true
        body()
        isRunningTurn = outer
        endTurn()
    }

    /// Commits the turn's implicit transaction (and any explicit one the script left open).
    private func endTurn() {
        TransactionSystem.shared.commitAtEndOfTurn()
    }

    // MARK: - Size

    /// The largest frame side, in pixels, that the compositor accepts.
    public static let maximumPixelSide = 16_384
    /// The largest frame area, in pixels (512 MiB of RGBA).
    public static let maximumPixelCount = 1 << 27

    /// The frame size in pixels, or an error naming what is wrong with the stage's size.
    public func pixelSize() throws -> (width: Int, height: Int) {
        guard width.isFinite, height.isFinite, scale.isFinite else {
            throw StageError.invalidSize("the stage size \(width)×\(height) at scale \(scale) is not finite")
        }
        guard width > 0, height > 0, scale > 0 else {
            throw StageError.invalidSize("the stage size \(width)×\(height) at scale \(scale) must be positive")
        }
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        let limit = CGFloat(Stage.maximumPixelSide)
        guard w <= limit, h <= limit, w * h <= CGFloat(Stage.maximumPixelCount) else {
            throw StageError.invalidSize(
                "the stage is \(Int(w))×\(Int(h)) pixels; carender renders at most \(Stage.maximumPixelSide) pixels per side and \(Stage.maximumPixelCount) pixels in all")
        }
        return (Int(w), Int(h))
    }
}

/// A problem with a stage or with how it was asked to render.
public enum StageError: Error, CustomStringConvertible, Equatable {
    case invalidSize(String)
    case invalidOption(String)
    case output(String)

    public var description: String {
        switch self {
        case .invalidSize(let message), .invalidOption(let message), .output(let message): return message
        }
    }
}

/// The time of the stage's virtual clock, in seconds.
public func CACurrentMediaTime() -> CFTimeInterval {
    Stage.current?.time ?? 0
}
