import Foundation
import CARenderGeometry

/// How a player layer fits the video into its bounds.
public struct AVLayerVideoGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's name, as AVFoundation spells it.
    public let rawValue: String
    /// Creates a video gravity from its name; an unknown name fits the video (`resizeAspect`).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a video gravity from its name; an unknown name fits the video (`resizeAspect`).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Fit inside the bounds, keeping the aspect ratio (the default).
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    /// Fill the bounds, keeping the aspect ratio (cropping).
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
    /// Stretch to the bounds.
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")

    var contentsGravity: CALayerContentsGravity {
        switch self {
        case .resizeAspectFill: .resizeAspectFill
        case .resize: .resize
        default: .resizeAspect
        }
    }
}

/// Shows a player's video: AVFoundation's `AVPlayerLayer`. Each frame shows the video frame the
/// player's item presents at the player's time then (see `AVPlayer`), fitted by `videoGravity`;
/// nothing shows until the player has an item that can be played.
open class AVPlayerLayer: CALayer {
    /// The player whose video is shown.
    open var player: AVPlayer?
    /// How the video fits the bounds; `resizeAspect` by default.
    open var videoGravity: AVLayerVideoGravity = .resizeAspect

    /// Creates a player layer without a player.
    public override init() { super.init() }

    /// Creates a player layer that shows a player's video.
    public convenience init(player: AVPlayer?) {
        self.init()
        self.player = player
    }

    /// Makes a copy of another player layer's state, its player and gravity included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? AVPlayerLayer { (player, videoGravity) = (other.player, other.videoGravity) }
    }


    /// Whether a frame of the current item is ready (carender decodes on demand: whenever the
    /// item can be played).
    open var isReadyForDisplay: Bool { player?.currentItem?.status == .readyToPlay }

    /// Where the video is drawn within the bounds.
    open var videoRect: CGRect {
        guard let size = player?.currentItem?.presentationSize, size.width > 0, size.height > 0 else { return .zero }
        let b = bounds
        switch videoGravity {
        case .resize:
            return b
        default:
            let fit = min(b.width / size.width, b.height / size.height)
            let fill = max(b.width / size.width, b.height / size.height)
            let k = videoGravity == .resizeAspectFill ? fill : fit
            let w = size.width * k, h = size.height * k
            return CGRect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        }
    }

    /// The value of a key, `player` and `videoGravity` included.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "player": return player
        case "videoGravity": return videoGravity.rawValue
        default: return super.value(forKey: key)
        }
    }

    /// Sets the value of a key, `player` and `videoGravity` included.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "player": player = value as? AVPlayer
        case "videoGravity": videoGravity = coerceToRawRepresentable(value, as: AVLayerVideoGravity.self) ?? videoGravity
        default: super.setValue(value, forKey: key)
        }
    }

    override class var contributesToFrame: Bool { true }

    override func contributeToFrame(_ frame: RenderFrame, record: Int32, localTime: Double, stageTime: Double) {
        guard let image = player?.frame(at: stageTime) else { return }
        let state = frame.mutableState(of: record)
        state.pointee.contents = image
        state.pointee.contentsGravity = videoGravity.contentsGravity
        state.pointee.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        state.pointee.contentsCrossfade = nil
    }
}
