import Foundation
import CARenderGeometry

/// A video file, as an asset (the part of AVFoundation's `AVAsset` a player needs).
// @unchecked Sendable: immutable (its frames are Sendable); an open class, so the compiler
// cannot check it.
open class AVAsset: NSObject, @unchecked Sendable {
    /// The file.
    public let url: URL
    /// Its frames (decoded on demand).
    package let frames: VideoFrames

    /// Creates an asset for the video file at a URL; its frames are decoded on demand (a file that
    /// cannot be read warns and is not playable).
    public init(url: URL) {
        self.url = url
        frames = VideoFrames(url: url)
        super.init()
        if let failure = frames.failure { Diagnostics.warnOnce("AVAsset: \(failure)") }
    }

    /// How long the video plays.
    open var duration: CMTime { CMTime(seconds: frames.duration, preferredTimescale: 600) }
    /// Whether there are frames to show.
    open var isPlayable: Bool { frames.failure == nil }
}

/// `AVURLAsset`: an asset from a URL.
// @unchecked Sendable: adds nothing to `AVAsset`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// Creates an asset for the video file at a URL. `options` are ignored.
    public init(url: URL, options: [String: Any]? = nil) { super.init(url: url) }
}

/// The state of one asset being played: AVFoundation's `AVPlayerItem`.
///
/// carender reads the file when the item is made, so `status` is already `.readyToPlay` (or
/// `.failed`) — on Apple's platforms it becomes so a little later, asynchronously.
// @unchecked Sendable: a model object, changed and read on the script's thread only (frames are
// drawn while that thread waits); an open class, so the compiler cannot check it.
open class AVPlayerItem: NSObject, @unchecked Sendable {
    /// Whether the item can be played.
    public enum Status: Int, Sendable {
        /// Not known yet, ready to play, or failed (see `error`); carender knows at once.
        case unknown, readyToPlay, failed
    }

    /// The asset the item plays.
    public let asset: AVAsset
    /// The player playing the item (its clock gives `currentTime()`).
    weak var player: AVPlayer?

    /// Creates an item for the video file at a URL.
    public convenience init(url: URL) { self.init(asset: AVURLAsset(url: url)) }

    /// Creates an item that plays an asset.
    public init(asset: AVAsset) {
        self.asset = asset
        super.init()
    }

    /// `.readyToPlay` when the asset's frames can be read, else `.failed`.
    open var status: Status { asset.isPlayable ? .readyToPlay : .failed }
    /// Why the item failed, when it did.
    open var error: Error? {
        asset.frames.failure.map { NSError(domain: "AVFoundationErrorDomain", code: -11800,
                                           userInfo: [NSLocalizedDescriptionKey: $0]) }
    }
    /// How long the item plays.
    open var duration: CMTime { asset.duration }
    /// The size of the video's frames, in pixels.
    open var presentationSize: CGSize { CGSize(width: asset.frames.width, height: asset.frames.height) }

    /// The item's time now: its player's, or 0 before it is given to one.
    open func currentTime() -> CMTime { player?.currentTime() ?? .zero }

    /// Moves the playhead (through the player playing the item).
    open func seek(to time: CMTime, completionHandler: ((Bool) -> Void)? = nil) {
        player?.seek(to: time, completionHandler: completionHandler ?? { _ in })
    }
}

/// Plays an item on the stage's clock: AVFoundation's `AVPlayer`.
///
/// The playhead moves at `rate` item seconds per stage second from the moment `play()`, a rate
/// change or a seek happens (the stage time of the run-loop turn making it; on Apple's platforms
/// playback starts once enough is buffered, a little later), and stops at the item's end
/// (`actionAtItemEnd` `.pause`, the default; `.none` holds the last frame too, there being
/// nothing to advance to). Seeks are exact: carender decodes the frame at any time.
// @unchecked Sendable: a model object, changed and read on the script's thread only (frames are
// drawn while that thread waits); an open class, so the compiler cannot check it.
open class AVPlayer: NSObject, @unchecked Sendable {
    /// What happens when the item ends.
    public enum ActionAtItemEnd: Int, Sendable {
        /// Advance to the next item, pause, or do nothing; with one item each stops at its end.
        case advance, pause, none
    }

    /// Whether the player is playing, paused, or waiting.
    public enum TimeControlStatus: Int, Sendable {
        /// Paused, waiting to play (never, in carender), or playing.
        case paused, waitingToPlayAtSpecifiedRate, playing
    }

    /// Whether the player can play its current item.
    public enum Status: Int, Sendable {
        /// No item yet, the item can be played, or it cannot.
        case unknown, readyToPlay, failed
    }

    /// The item the player plays.
    public private(set) var currentItem: AVPlayerItem?
    /// What the player does when the item ends; `.pause` by default. With one item every action
    /// stops at its end.
    open var actionAtItemEnd: ActionAtItemEnd = .pause
    /// Whether the audio is muted. Ignored: carender renders no audio.
    open var isMuted = false
    /// The audio volume, 0…1. Ignored: carender renders no audio.
    open var volume: Float = 1
    /// The rate `play()` plays at.
    open var defaultRate: Float = 1

    /// The playhead's last anchor: at stage time `stageTime` it was at `itemTime`, moving at `rate`.
    private var anchor = (stageTime: 0.0, itemTime: 0.0, rate: 0.0)

    /// Creates a player without an item.
    public override init() { super.init() }

    /// Creates a player for the video file at a URL.
    public convenience init(url: URL) { self.init(playerItem: AVPlayerItem(url: url)) }

    /// Creates a player that plays an item.
    public init(playerItem item: AVPlayerItem?) {
        super.init()
        replaceCurrentItem(with: item)
    }

    /// Whether the current item can be played; `.unknown` without one.
    open var status: Status { currentItem.map { $0.status == .readyToPlay ? .readyToPlay : .failed } ?? .unknown }

    /// Replaces the item played, with the playhead at its start.
    open func replaceCurrentItem(with item: AVPlayerItem?) {
        currentItem?.player = nil
        currentItem = item
        item?.player = self
        anchor = (CACurrentMediaTime(), 0, anchor.rate)
    }

    /// Playing speed: 1 plays forward at normal speed, 0 is paused.
    open var rate: Float {
        get {
            // Stopped at an end, the player has paused.
            let t = CACurrentMediaTime()
            if anchor.rate > 0, itemTime(at: t) >= itemDuration { return 0 }
            if anchor.rate < 0, itemTime(at: t) <= 0 { return 0 }
            return Float(anchor.rate)
        }
        set {
            let now = CACurrentMediaTime()
            anchor = (now, itemTime(at: now), newValue.isFinite ? Double(newValue) : 0)
        }
    }

    /// `.playing` while the rate is not 0, else `.paused` (carender never waits to play).
    open var timeControlStatus: TimeControlStatus { rate != 0 ? .playing : .paused }

    /// Plays at `defaultRate`.
    open func play() { rate = defaultRate }
    /// Pauses (sets the rate to 0).
    open func pause() { rate = 0 }

    /// The playhead now.
    open func currentTime() -> CMTime {
        CMTime(seconds: itemTime(at: CACurrentMediaTime()), preferredTimescale: 600)
    }

    /// Moves the playhead to a time (clamped to the item).
    open func seek(to time: CMTime) { seek(to: time, completionHandler: { _ in }) }

    /// Moves the playhead to a time exactly: carender decodes any frame, so tolerances are ignored.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) {
        seek(to: time)
    }

    /// Moves the playhead to a time exactly (tolerances are ignored), then calls the handler.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime,
                   completionHandler: @escaping (Bool) -> Void) {
        seek(to: time, completionHandler: completionHandler)
    }

    /// Moves the playhead to `time` (clamped to the item); the handler is called with true.
    open func seek(to time: CMTime, completionHandler: @escaping (Bool) -> Void) {
        guard time.isNumeric else { return completionHandler(false) }
        let now = CACurrentMediaTime()
        anchor = (now, min(max(time.seconds, 0), itemDuration), anchor.rate)
        completionHandler(true)
    }

    private var itemDuration: Double { currentItem?.asset.frames.duration ?? 0 }

    /// The item time at stage time `t`: the anchor moved on at its rate, within the item.
    package func itemTime(at t: Double) -> Double {
        let moved = anchor.itemTime + anchor.rate * max(0, t - anchor.stageTime)
        return min(max(moved, 0), itemDuration)
    }

    /// The frame to show at stage time `t`.
    package func frame(at t: Double) -> CGImage? {
        currentItem?.asset.frames.frame(at: itemTime(at: t))
    }
}
