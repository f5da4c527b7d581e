import Foundation
import Synchronization

/// What a script's worker tells the command line while it runs: one value per event, sent as one
/// JSON line through the progress pipe and decoded as this same type by the command line.
package enum ProgressEvent: Codable, Equatable, Sendable {
    /// The script host is up (sent before the script's first line): an executable that never
    /// gets this far (a corrupted cached build) can be told from a script that failed.
    case started(processID: Int32)
    /// What this process will render.
    case plan(RenderPlanSummary)
    /// One frame rendered (or skipped because its file exists); nil for a sampled time.
    case frame(Int?, skipped: Bool)
    /// This process finished: its frames, and the files it wrote.
    case done(frames: Int, written: Int)
    /// A warning or error line for the user: the command line prints each distinct one once,
    /// however many workers report it, without breaking its progress line.
    case message(String)
    /// The sequence, as `carender info` prints it.
    case info(SequenceInfo)

    /// The most bytes one event line may take: a pipe takes a write of at most `PIPE_BUF` bytes
    /// in one piece, so the lines of several workers sharing the pipe never interleave.
    package static let lineLimit = 4096

    /// The event as one line (newline included) of at most ``lineLimit`` bytes: a message too
    /// long is shortened, a plan's selection left out (the command line then does without it).
    package func line() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var event = self
        for _ in 0..<4 {
            if var data = try? encoder.encode(event), data.count < Self.lineLimit {
                data.append(UInt8(ascii: "\n"))
                return data
            }
            switch event {
            case .message(let text): event = .message(String(text.prefix(max(80, text.count / 3))) + "…")
            case .plan(var plan): plan.selection = nil; event = .plan(plan)
            default: break
            }
        }
        return Data("{\"message\":{\"_0\":\"(an event too long to send)\"}}\n".utf8)
    }

    /// Decodes one line; nil for a line that is not an event (a script printing into the pipe).
    package init?(line: some DataProtocol) {
        guard let event = try? JSONDecoder().decode(ProgressEvent.self, from: Data(line)) else { return nil }
        self = event
    }
}

/// What a worker will render, known before its first frame.
package struct RenderPlanSummary: Codable, Equatable, Sendable {
    /// This process's frames.
    package var frames: Int
    /// The frames of its shard, all workers together.
    package var shareFrames: Int
    /// The selected frames of the whole render (before the split) as inclusive runs; nil when
    /// too long to send.
    package var selection: [ClosedRange<Int>]?
    package var width: Int
    package var height: Int
    package var hasAlpha: Bool

    package init(frames: Int, shareFrames: Int, selection: [ClosedRange<Int>]?, width: Int, height: Int, hasAlpha: Bool) {
        self.frames = frames
        self.shareFrames = shareFrames
        self.selection = selection
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
    }

    /// Sorted frame numbers as inclusive runs.
    package static func runs(_ frames: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for frame in frames {
            if let last = runs.last, frame == last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...frame
            } else {
                runs.append(frame...frame)
            }
        }
        return runs
    }
}

/// The sequence a script renders, as `carender info` prints it and `carender preview` shows it.
package struct SequenceInfo: Codable, Equatable, Sendable {
    package var width: Double
    package var height: Double
    package var scale: Double
    package var pixelWidth: Int
    package var pixelHeight: Int
    package var duration: Double
    package var fps: Double
    package var frames: Int
    package var hasAlpha: Bool

    package init(width: Double, height: Double, scale: Double, pixelWidth: Int, pixelHeight: Int,
                 duration: Double, fps: Double, frames: Int, hasAlpha: Bool) {
        self.width = width; self.height = height; self.scale = scale
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
        self.duration = duration; self.fps = fps; self.frames = frames; self.hasAlpha = hasAlpha
    }
}

/// Where `Stage.run()` sends its events and how it ends: installed by the script host before the
/// script's first line (the library never reads the process environment or installs handlers
/// itself). Without one, `run()` renders 60 fps into `frames/` and prints its own summary.
package protocol StageHost: AnyObject, Sendable {
    /// What the command line asked for.
    var job: RenderJob { get }
    /// Sends one event to the command line.
    func send(_ event: ProgressEvent)
    /// A `run()` failed (its error is already printed): the script's process ends non-zero,
    /// with 64 (`EX_USAGE`) when every failure was in how it was asked to render (`usage`).
    func runFailed(usage: Bool)
}

/// The host of this process, installed once, by the host, before any script code runs.
package enum StageHosting {
    private static let installed = Mutex<(any StageHost)?>(nil)

    /// Installs the process's host; a second host replaces the first (a test's).
    package static func install(_ host: (any StageHost)?) {
        installed.withLock { $0 = host }
    }

    package static var current: (any StageHost)? {
        installed.withLock { $0 }
    }
}
