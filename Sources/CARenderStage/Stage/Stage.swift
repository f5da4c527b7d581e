import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderModel
import CARenderCompositor

/// The window, the virtual clock and the run loop a script animates in.
///
/// Time is virtual: every frame and presentation value is a pure function of the script and the
/// stage time, never of how long rendering takes.
///
/// A stage owns the context its layers share (transactions, animation bookkeeping, layout,
/// diagnostics; see `StageContext`). Creating, advancing or rendering a stage makes its context
/// the one `CATransaction` and `CACurrentMediaTime()` act on.
public final class Stage {
    /// The clock, run loop, transactions and diagnostics of this stage.
    let context = StageContext(hasStage: true)

    /// The stage's width in points.
    public let width: CGFloat
    /// The stage's height in points.
    public let height: CGFloat

    /// The root of the layer tree: bounds `(0, 0, width, height)`, positioned at the centre.
    public let rootLayer: CALayer

    /// Pixels per point (the command line's `--scale` overrides it). Rendering reports a scale
    /// that is not finite and positive as an error.
    public var scale: CGFloat = 1

    /// Whether the outer edges of every layer are anti-aliased. False (the default) draws as the
    /// device does: a layer turned, skewed or in perspective off the pixel grid has aliased
    /// outer edges unless its `allowsEdgeAntialiasing` is true (Apple's default for that is
    /// false); rounded corners, borders' inner edges and contents stay smooth. True smooths the
    /// outer edges of all layers, as if each allowed edge antialiasing.
    public var antialiasesAllEdges = false

    /// How many seconds `run()` renders when the command line gives no `--duration`. Rendering
    /// reports a duration that is not finite and ≥ 0 as an error.
    public var duration: CFTimeInterval = 1

    /// The virtual clock, in seconds.
    public private(set) var time: CFTimeInterval {
        get { context.time }
        set { context.time = newValue }
    }

    var runLoop: StageRunLoop { context.runLoop }
    /// The delegate of the root layer, which behaves like a window's layer (held here: layer
    /// delegates are weak).
    private lazy var rootLayerDelegate = WindowLayerDelegate(context: context)
    /// Reused across frames: it keeps its scratch buffers, and the frame buffer is reused too.
    private let compositor = Compositor()
    /// The frame's render tree, built into the same storage every frame (cleared, not freed).
    private let frameTree = RenderFrame()
    private var framePixmap = Pixmap(width: 0, height: 0)
    /// The frame before: frames are drawn into the two buffers in turn, because whoever took the
    /// last frame (the PNG writer keeps it, to write an identical next frame without encoding it
    /// again) still holds it, and drawing into a buffer someone holds copies it first.
    private var previousFramePixmap = Pixmap(width: 0, height: 0)

    /// A stage of `width × height` points; time starts at 0.
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
        rootLayer = CALayer()
        rootLayer.bounds = CGRect(x: 0, y: 0, width: width.isFinite ? width : 0, height: height.isFinite ? height : 0)
        rootLayer.position = CGPoint(x: rootLayer.bounds.midX, y: rootLayer.bounds.midY)
        rootLayer.name = "root"
        // The root layer is the window's layer: it animates only inside view-animation blocks.
        rootLayer.delegate = rootLayerDelegate
        context.rootLayer = rootLayer
        context.makeCurrent()
        StageLink.register(self)
    }

    deinit {
        context.resign()
    }

    /// Schedules `body` as a run-loop turn at exactly `t` seconds; turns at the same time run in
    /// the order they were scheduled.
    public func at(_ t: CFTimeInterval, _ body: @escaping () -> Void) {
        runLoop.schedule(at: t, body)
    }

    /// Runs every turn due up to `t` in time order (each with the clock set to its time and its
    /// own implicit transaction), then sets the clock to `t`.
    public func advance(to t: CFTimeInterval) {
        context.makeCurrent()
        guard t.isFinite else {
            return context.diagnostics.error("Stage.advance(to: \(t)): the time must be finite; the clock stays at \(time) s")
        }
        if t < time {
            context.diagnostics.warnOnce("Stage.advance(to: \(t)) is earlier than the stage's time \(time) s; the clock does not run backwards")
        }
        // Code that ran since the last advance (the script's top level, at first) is a turn of
        // its own at the current time: its changes commit now.
        drainMainQueue()
        endTurn()
        let previous = settled
        settled = nil
        var steps = 0
        while true {
            // One walk of the tree per step: the earliest animation event, and the next turn.
            // A stage that has not changed since it last settled has the same events, due at the
            // same stage times, so when the earliest of them is clearly later than `t` the walk
            // is not repeated (every frame of a running animation); near `t`, it is.
            let eventTime: CFTimeInterval?
            if steps == 0, let previous, previous.isCurrent(in: context),
               previous.nextEvent.map({ $0 > t + Self.eventTimeMargin }) ?? true {
                eventTime = previous.nextEvent
            } else {
                eventTime = rootLayer.nextAnimationEvent(after: time)
            }
            let next = Self.earlier(runLoop.nextTime, eventTime)
            guard let next, next <= t else {
                settled = Settled(time: max(t, time), transactionsOpened: context.transactions.openedCount,
                                  nextEvent: eventTime)
                break
            }
            steps += 1
            if steps > Stage.maximumTurnsPerAdvance {
                context.diagnostics.warning("more than \(Stage.maximumTurnsPerAdvance) run-loop turns before t = \(t); the script keeps scheduling work at one instant, so the rest is dropped")
                break
            }
            // Layers with a history (emitters, tiled layers) reach the turn's time as they were.
            context.steppedLayers.step(to: next)
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
        context.steppedLayers.step(to: max(t, time))
        if t > time { time = t }
    }

    /// The earlier of two optional times (nil when both are).
    private static func earlier(_ a: CFTimeInterval?, _ b: CFTimeInterval?) -> CFTimeInterval? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// Where the last `advance(to:)` left the stage with nothing more due: its time, how many
    /// transactions had been opened then, and the earliest animation event still to come.
    private struct Settled {
        var time: CFTimeInterval
        var transactionsOpened: Int
        var nextEvent: CFTimeInterval?

        /// Whether the stage's animations are as they were when it settled: no transaction was
        /// opened since (every change to a layer, its timing, its animations or the tree opens
        /// one) and no animation was removed.
        func isCurrent(in context: StageContext) -> Bool {
            transactionsOpened == context.transactions.openedCount && context.animations.pendingRemovalStops.isEmpty
        }
    }
    private var settled: Settled?

    /// How much later than the time advanced to a remembered event must be for the walk to be
    /// skipped: an event's stage time is computed from the clock at the time of the walk, so two
    /// walks may differ in the last bits; within this margin the walk is done again.
    private static let eventTimeMargin: CFTimeInterval = 1e-6

    /// Whether advancing to the current time again would do nothing: the last advance ended
    /// here with no animation event or turn due, nothing changed since, and no turn was
    /// scheduled. Rendering then skips a second walk over the tree's animation events.
    private var isSettled: Bool {
        guard let settled, settled.time == time, settled.isCurrent(in: context) else { return false }
        if let next = runLoop.nextTime, next <= time { return false }
        return true
    }

    /// A bound on the turns one `advance` runs, so a script that schedules work at one instant
    /// forever cannot hang the renderer.
    static let maximumTurnsPerAdvance = 100_000


    /// Rasterizes the presentation tree at the current time: `width × scale` by `height × scale`
    /// pixels, rounded to whole pixels.
    ///
    /// When the stage cannot be rendered (its size or scale is not finite and positive, or the
    /// frame would be too large), the error is reported on standard error and the image is empty
    /// (0 × 0); `renderFrame()` throws it instead.
    public func render() -> RGBAImage {
        do {
            return try renderFrame()
        } catch {
            context.diagnostics.error("\(error)")
            return RGBAImage(width: 0, height: 0)
        }
    }

    /// Rasterizes the presentation tree at the current time, or throws a `StageError` naming
    /// why the stage cannot be rendered.
    public func renderFrame() throws -> RGBAImage {
        try renderPremultipliedFrame().unpremultiplied()
    }

    /// The frame as the compositor left it, premultiplied (what `renderFrame()` converts to
    /// straight alpha); the PNG encoder converts it row by row instead.
    func renderPremultipliedFrame() throws -> Pixmap {
        // Inside a turn (a snapshot, as `renderInContext` takes) the frame shows what is on screen
        // now; other turns due at this instant must not run in the middle of this one.
        context.makeCurrent()
        let size = try pixelSize()
        if !isRunningTurn && !isSettled { advance(to: time) }
        // Checked on the model tree, before the presentation tree is built (building it nests a
        // call per level on this thread's stack too).
        let modelDepth = rootLayer.subtreeDepth(limit: Self.maximumDepth, stack: &layerDepthStack)
        guard modelDepth <= Self.maximumDepth else {
            throw StageError.invalidStage("the layer tree is more than \(Self.maximumDepth) levels deep (sublayers and masks counted); carender draws at most \(Self.maximumDepth) levels, each nested level costing stack and offscreen memory: flatten the tree")
        }
        // The frame borrows the layers and their values (committed, or an animated layer's box):
        // it is built, drawn and cleared within this call, and nothing commits or evaluates a
        // layer in between (see `buildFrame(into:at:)`).
        let tree = rootLayer.buildFrame(into: frameTree, at: time)
        defer { frameTree.removeAll() }
        swap(&framePixmap, &previousFramePixmap)
        if framePixmap.width != size.width || framePixmap.height != size.height {
            framePixmap = Pixmap(width: size.width, height: size.height)
        }
        let depth = Self.depth(of: tree, in: frameTree, stack: &depthStack)
        guard depth <= Self.maximumDepth else {
            throw StageError.invalidStage("the layer tree is \(depth) levels deep (sublayers, masks and transition snapshots counted); carender draws at most \(Self.maximumDepth) levels, each nested level costing stack and offscreen memory: flatten the tree")
        }
        if depth <= Self.levelsOnCallersStack {
            compositor.render(frameTree, root: tree, into: &framePixmap, scale: renderScale(for: size), antialiasesAllEdges: antialiasesAllEdges)
        } else {
            renderOnLargeStack(tree, levels: depth, scale: renderScale(for: size))
        }
        return framePixmap
    }

    // MARK: - Deep trees

    /// The compositor draws a layer's subtree by drawing each sublayer in turn (offscreens for
    /// group opacity and masks nest the same way), so its stack grows with the tree's depth: about
    /// 30 KB a level for a layer with opacity, masksToBounds and a shadow. A process's main
    /// thread has 8 MB, enough for some 280 such levels; deeper trees are drawn on a thread whose
    /// stack is sized for them, so depth is limited by memory, not by the caller's stack.
    static let levelsOnCallersStack = 128
    /// The deepest tree drawn. Each nested level holds a stack frame chain on the drawing thread
    /// (about 50 KB a level in a debug build, measured: 16,000 plain levels peaked at 0.8 GB) and
    /// possibly an offscreen, so depth is bounded by memory this way rather than by a crash;
    /// 2^15 levels overflowed their thread's 2 GB reservation in a debug build.
    package static let maximumDepth = 1 << 14
    /// Stack reserved per level on the drawing thread (twice what a decorated level was measured to
    /// use). Only touched pages are committed, so a large reservation costs address space only.
    static let stackBytesPerLevel = 64 << 10

    /// Reused by `CALayer.subtreeDepth(limit:stack:)`, so measuring the model tree does not
    /// allocate once warm.
    private var layerDepthStack: [(layer: Unmanaged<CALayer>, level: Int)] = []

    /// Reused by `depth(of:in:stack:)`, so measuring a frame's tree does not allocate once warm.
    private var depthStack: [(record: Int32, level: Int)] = []

    /// The number of levels in the subtree of `frame`'s record `root` (sublayers, masks and
    /// transition snapshots), walked without recursion over the records in place.
    static func depth(of root: Int32, in frame: RenderFrame, stack: inout [(record: Int32, level: Int)]) -> Int {
        stack.removeAll(keepingCapacity: true)
        stack.append((root, 1))
        var deepest = 0
        while let (index, level) = stack.popLast() {
            deepest = max(deepest, level)
            let record = frame.record(index)
            var k: Int32 = 0
            while k < record.pointee.childCount {
                stack.append((frame.child(k, of: record), level + 1))
                k += 1
            }
            if record.pointee.mask >= 0 { stack.append((record.pointee.mask, level + 1)) }
            if record.pointee.snapshot >= 0 { stack.append((record.pointee.snapshot, level + 1)) }
        }
        stack.removeAll(keepingCapacity: true)
        return deepest
    }

    /// Draws the frame's record `tree` into the frame on a thread with a stack for `levels`
    /// levels, and waits for it.
    private func renderOnLargeStack(_ tree: Int32, levels: Int, scale: CGFloat) {
        var pixmap = framePixmap
        framePixmap = Pixmap(width: 0, height: 0)
        let done = DispatchSemaphore(value: 0)
        let smooth = antialiasesAllEdges
        // Handed to the drawing thread while this one waits for it: never used by both at once.
        nonisolated(unsafe) let compositor = self.compositor, frame = frameTree
        withUnsafeMutablePointer(to: &pixmap) { target in
            nonisolated(unsafe) let target = target
            let thread = Thread {
                compositor.render(frame, root: tree, into: &target.pointee, scale: scale, antialiasesAllEdges: smooth)
                done.signal()
            }
            thread.stackSize = max(8 << 20, levels * Self.stackBytesPerLevel)
            thread.start()
            done.wait()
        }
        framePixmap = pixmap
    }

    // MARK: - Turns

    /// Whether a turn's body is running (so `render()` must not advance the clock).
    private var isRunningTurn = false

    private func runTurn(_ body: () -> Void) {
        let outer = isRunningTurn
        isRunningTurn = true
        body()
        drainMainQueue()
        isRunningTurn = outer
        endTurn()
    }

    /// Runs the blocks queued on the main dispatch queue (`DispatchQueue.main.async`), as iOS's
    /// main run loop does on each of its turns, so they run at the stage time they were queued
    /// and their changes commit with the turn. Blocks they queue run too, up to
    /// `mainQueuePasses` deep; deeper ones wait for the next turn. Only on the main thread, whose
    /// queue it is.
    private func drainMainQueue() {
        guard Thread.isMainThread else { return }
        for _ in 0..<Self.mainQueuePasses {
            _ = RunLoop.main.run(mode: .default, before: .distantPast)
        }
    }

    /// How many rounds of main-queue blocks one turn runs (each round runs the blocks queued
    /// before it started).
    static let mainQueuePasses = 4

    /// Commits the turn's implicit transaction (and any explicit one the script left open).
    private func endTurn() {
        context.transactions.commitAtEndOfTurn()
    }

    // MARK: - Size

    /// The largest frame side, in pixels, that the compositor accepts.
    public static let maximumPixelSide = 16_384
    /// The largest frame area, in pixels (512 MiB of RGBA).
    public static let maximumPixelCount = 1 << 27

    /// The duration `run()` renders when the command line gives none, or an error naming the
    /// value when it is not a finite number of seconds ≥ 0.
    package func checkedDuration() throws -> CFTimeInterval {
        guard duration.isFinite, duration >= 0 else {
            throw StageError.invalidStage("stage.duration is \(duration); it must be a finite number of seconds, 0 or more (got \(duration))")
        }
        return duration
    }

    /// The pixels per point the stage is drawn at into a frame of `size` (``pixelSize()``):
    /// `scale` when the stage's size times the scale is whole pixels; otherwise the frame is the
    /// nearest whole number of pixels each way, and the scale is adjusted (by less than a pixel
    /// over the stage's width or height) so the stage covers every pixel of it — no column or row
    /// is left partly covered, to be drawn over black in an opaque frame.
    func renderScale(for size: (width: Int, height: Int)) -> CGFloat {
        if CGFloat(size.width) == width * scale && CGFloat(size.height) == height * scale { return scale }
        return max(CGFloat(size.width) / width, CGFloat(size.height) / height)
    }

    /// The frame size in pixels, or an error naming what is wrong with the stage's size.
    public func pixelSize() throws -> (width: Int, height: Int) {
        guard width.isFinite, height.isFinite, scale.isFinite else {
            throw StageError.invalidSize("the stage size \(width)×\(height) at scale \(scale) is not finite")
        }
        guard width > 0, height > 0, scale > 0 else {
            throw StageError.invalidSize("the stage size \(width)×\(height) at scale \(scale) must be positive")
        }
        // Whole pixels: the nearest, at least one (the stage is then drawn to fill them; see
        // `renderScale(for:)`).
        let w = max(1, (width * scale).rounded()), h = max(1, (height * scale).rounded())
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
    /// The stage's size or scale cannot be rendered.
    case invalidSize(String)
    /// How the stage was asked to render (the command line's options) cannot be met: a script run
    /// by the command line exits 64 (`EX_USAGE`) for it.
    case invalidOption(String)
    /// The stage's own settings (its `duration`) cannot be rendered.
    case invalidStage(String)
    /// Output failed: frames or a timeline could not be written, or the preview not reached.
    case output(String)

    /// The error's message.
    public var description: String {
        switch self {
        case .invalidSize(let message), .invalidOption(let message), .invalidStage(let message), .output(let message): return message
        }
    }
}

/// The delegate of a stage's root layer: it behaves like a window's (a view's) layer, so changes
/// animate only inside `UIView.animate` blocks (see `RootLayerActions`).
final class WindowLayerDelegate: CALayerDelegate {
    private weak var context: StageContext?

    init(context: StageContext) {
        self.context = context
    }

    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        context?.rootLayerActions?.action(for: layer, forKey: event) ?? NSNull()
    }
}
