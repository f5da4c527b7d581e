import Foundation

/// What `carender preview` asks of a script's worker, and what the worker answers.
///
/// A preview runs the compiled script as a long-lived worker: the script builds its layer tree as
/// for a render, and `stage.run()`, finding a preview job (``RenderJob/Mode/preview(socket:)``), connects to the
/// command line's socket and answers requests until the connection closes, instead of rendering
/// a sequence. Every answer is a pure function of the script and the stage time, as frames are.
///
/// The clock never runs backwards, so a request for a time before the worker's clock is refused
/// (`PreviewResponse.error`); the command line keeps workers at different times and starts a new
/// one to go back.
///
/// On the wire each message is a 4-byte little-endian length and that many bytes of JSON; a
/// response is followed by a second length and that many payload bytes (a frame's PNG file, or
/// none).
package enum PreviewRequest: Codable, Equatable, Sendable {
    /// The stage's size, duration and frame rate (answered without advancing the clock).
    case describe
    /// The frame at `time`, as a PNG file's bytes: the pixels `carender --times` writes.
    case frame(time: Double)
    /// The layer tree at `time`.
    case layers(time: Double)
    /// The layer under `point` (in the stage's points, origin top left) at `time`.
    case hitTest(time: Double, x: Double, y: Double)
    /// A layer's presentation values and animations at `time`.
    case inspect(time: Double, layer: [Int])
    /// Every animation of the whole sequence and the values of the animated key paths over it:
    /// the worker steps through every frame to the end, so its clock is then at the end.
    case survey(samples: Int)
}

/// A worker's answer. Fields a request does not ask for are nil.
package struct PreviewResponse: Codable, Equatable, Sendable {
    /// The worker's clock after answering.
    package var time: Double
    /// Warnings and errors the script or the library reported since the last answer, as the
    /// command line prints them (`carender: warning: …`).
    package var messages: [String] = []
    /// Why the request could not be answered.
    package var error: String?
    /// The sequence the preview shows, as `carender info` describes it.
    package var stage: SequenceInfo?
    /// Milliseconds spent advancing, drawing and encoding a frame.
    package var renderMilliseconds: Double?
    package var layers: [PreviewLayer]?
    /// The path of the layer a hit test found (nil: none).
    package var hit: [Int]?
    package var inspection: PreviewInspection?
    package var timeline: PreviewTimeline?

    package init(time: Double) { self.time = time }
}

/// One layer of the tree, depth first. `path` holds the indices in `sublayers` from the root
/// (the root's is empty); a mask's step is -1.
package struct PreviewLayer: Codable, Equatable, Sendable {
    package var path: [Int]
    package var name: String?
    package var className: String
    /// The keys of the layer's attached animations.
    package var animationKeys: [String]
    package var isHidden: Bool
    /// The layer's frame in the stage's points (its presentation bounds mapped through its
    /// ancestors, ignoring 3D), for outlining the selection.
    package var frame: [Double]
}

/// A selected layer at one time.
package struct PreviewInspection: Codable, Equatable, Sendable {
    package var path: [Int]
    package var name: String?
    package var className: String
    /// Key path and presentation value, formatted as timeline tables format them.
    package var values: [[String]]
    package var animationKeys: [String]
}

/// The animations of a whole sequence, and samples of every animated key path.
package struct PreviewTimeline: Codable, Equatable, Sendable {
    package var animations: [PreviewAnimation]
    /// Times (seconds) of the samples in `tracks`.
    package var sampleTimes: [Double]
    package var tracks: [PreviewTrack]
}

/// One animation as it was attached, in stage time.
package struct PreviewAnimation: Codable, Equatable, Sendable {
    package var layer: [Int]
    package var layerName: String?
    package var key: String
    /// `CABasicAnimation`, `CAKeyframeAnimation`, `CASpringAnimation`, `CAAnimationGroup`,
    /// `CATransition`.
    package var kind: String
    package var keyPath: String?
    /// Stage time at which the active period begins, and at which it ends (infinity for
    /// an endless repeat).
    package var begin: Double
    package var end: Double
    /// One iteration's duration in the animation's own time.
    package var duration: Double
    package var repeatCount: Double
    package var repeatDuration: Double
    package var autoreverses: Bool
    package var fillMode: String
    package var speed: Double
    package var timeOffset: Double
    package var removedOnCompletion: Bool
    /// The timing function's control points `[c1x, c1y, c2x, c2y]` (nil: linear, no function).
    package var controlPoints: [Double]?
    /// A spring's `[mass, stiffness, damping, initialVelocity, settlingDuration]`.
    package var spring: [Double]?
    /// The values, formatted: `from`, `to`, `by` or the keyframes.
    package var values: [String]
    package var keyTimes: [Double]?
    /// Stage times the survey first and last saw it attached.
    package var firstSeen: Double
    package var lastSeen: Double
    /// Animations inside a group, by their index in `PreviewTimeline.animations`.
    package var children: [Int]?
}

/// A key path's presentation value at each of `PreviewTimeline.sampleTimes`: one series per
/// component (x and y of a point, …), NaN where the layer was not in the tree.
package struct PreviewTrack: Codable, Equatable, Sendable {
    package var layer: [Int]
    package var keyPath: String
    package var components: [String]
    package var series: [[Double]]
}

/// Reading and writing the length-prefixed messages of the preview protocol on a file
/// descriptor (blocking).
package enum PreviewWire {
    /// Messages longer than this are refused, so a broken peer cannot make the reader allocate
    /// without bound (a 16384² frame's PNG fits well below it).
    package static let maximumMessageBytes = 1 << 30

    package static func write(_ data: Data, to descriptor: Int32) throws {
        var length = UInt32(data.count).littleEndian
        var message = Data(bytes: &length, count: 4)
        message.append(data)
        try message.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw PreviewWireError.closed }
                offset += n
            }
        }
    }

    /// The next message, or nil at the end of the stream.
    package static func read(from descriptor: Int32) throws -> Data? {
        guard let header = try readExactly(4, from: descriptor) else { return nil }
        let length = Int(header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
        guard length <= maximumMessageBytes else { throw PreviewWireError.tooLong(length) }
        guard let body = try readExactly(length, from: descriptor) else { throw PreviewWireError.closed }
        return body
    }

    private static func readExactly(_ count: Int, from descriptor: Int32) throws -> Data? {
        var data = Data(count: count)
        var offset = 0
        try data.withUnsafeMutableBytes { raw in
            while offset < count {
                let n = Foundation.read(descriptor, raw.baseAddress! + offset, count - offset)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { throw PreviewWireError.closed }
                if n == 0 { break }
                offset += n
            }
        }
        if offset == 0 && count > 0 { return nil }
        guard offset == count else { throw PreviewWireError.closed }
        return data
    }
}

package enum PreviewWireError: Error, CustomStringConvertible {
    case closed
    case tooLong(Int)

    package var description: String {
        switch self {
        case .closed: return "the preview connection closed in the middle of a message"
        case .tooLong(let length): return "a preview message of \(length) bytes is longer than the \(PreviewWire.maximumMessageBytes) allowed"
        }
    }
}
