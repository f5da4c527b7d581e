import Foundation
import CARenderPixels
import CARenderGeometry
import Synchronization

/// A video file's frames, decoded by the `ffmpeg` on the `PATH` as they are asked for.
///
/// `ffprobe` lists the presentation times of the first video stream's frames once; the frame
/// shown at a time is the last one presented at or before it (the first before the first). Frames
/// are decoded in order by one `ffmpeg` process writing raw RGBA, so playing forward decodes each
/// frame once; asking for an earlier frame (or one far ahead) starts a new process at that frame.
/// The last few frames are kept, nothing more.
package final class VideoFrames: Sendable {
    let url: URL
    package let width: Int
    package let height: Int
    /// Presentation times of the frames, ascending, in seconds.
    package let times: [Double]

    /// Why the video cannot be played, if it cannot (found by the probe, or when ffmpeg cannot
    /// start).
    package var failure: String? { decoding.withLock { $0.failure } }

    /// What decoding keeps between requests.
    private struct Decoding {
        var failure: String?
        /// The process decoding from `nextFrame` on, and its output.
        var decoder: Process?
        var output: FileHandle?
        var nextFrame = 0
        /// Recently decoded frames by index (a few).
        var recent: [(index: Int, image: CGImage)] = []
    }
    private let decoding: Mutex<Decoding>
    private static let keptFrames = 4
    /// Frames decoded to reach one ahead before a new process is started at it instead.
    private static let readAheadLimit = 48

    /// The video at `url`; check `failure` before use.
    package init(url: URL) {
        self.url = url
        let probed = Self.probe(url)
        (width, height, times) = (probed.width, probed.height, probed.times)
        decoding = Mutex(Decoding(failure: probed.failure))
    }

    deinit { decoding.withLock { stopDecoder(&$0) } }

    /// The duration: the last frame's time plus one frame interval (its predecessor's gap).
    package var duration: Double {
        guard let last = times.last else { return 0 }
        let step = times.count > 1 ? last - times[times.count - 2] : 0
        return last + step
    }

    /// The index of the frame shown at `seconds`.
    package func frameIndex(at seconds: Double) -> Int? {
        guard !times.isEmpty else { return nil }
        // The last frame presented at or before the time (binary search).
        var lo = 0, hi = times.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= seconds + 1e-9 { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The frame shown at `seconds` into the video, or nil when it cannot be decoded.
    package func frame(at seconds: Double) -> CGImage? {
        guard let index = frameIndex(at: seconds) else { return nil }
        return decoding.withLock { state -> CGImage? in
            guard state.failure == nil else { return nil }
            if let kept = state.recent.first(where: { $0.index == index }) { return kept.image }
            if state.decoder == nil || index < state.nextFrame || index >= state.nextFrame + Self.readAheadLimit {
                startDecoder(at: index, &state)
            }
            while state.nextFrame <= index {
                guard let image = readFrame(&state) else {
                    stopDecoder(&state)
                    return nil
                }
                state.recent.append((state.nextFrame, image))
                if state.recent.count > Self.keptFrames { state.recent.removeFirst() }
                state.nextFrame += 1
            }
            return state.recent.first(where: { $0.index == index })?.image
        }
    }

    // MARK: - ffprobe and ffmpeg

    /// The video's size and frame times, from ffprobe, or why it cannot be played.
    private static func probe(_ url: URL) -> (width: Int, height: Int, times: [Double], failure: String?) {
        func failed(_ reason: String) -> (width: Int, height: Int, times: [Double], failure: String?) { (0, 0, [], reason) }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            return failed("cannot read the video \(url.path): " + (FileManager.default.fileExists(atPath: url.path)
                ? "it is not readable" : "there is no such file"))
        }
        guard let ffprobe = executable("ffprobe") else {
            return failed("cannot play the video \(url.path): carender decodes video with ffmpeg, and ffprobe is not on the PATH")
        }
        let process = Process()
        process.executableURL = ffprobe
        process.arguments = ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                             "-show_entries", "packet=pts_time", "-of", "csv=p=0", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            return failed("cannot play the video \(url.path): ffprobe did not start (\(error.localizedDescription))")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var width = 0, height = 0
        var found: [Double] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ",")
            if fields.count == 2, let w = Int(fields[0]), let h = Int(fields[1]) {
                (width, height) = (w, h)
            } else if fields.count == 1, let t = Double(fields[0]) {
                found.append(t)
            }
        }
        let times = found.sorted()
        guard process.terminationStatus == 0, width > 0, height > 0, !times.isEmpty else {
            return (width, height, times, "cannot play the video \(url.path): ffprobe finds no video frames in it")
        }
        // Frames decoded at a time: a bound on the memory a frame takes (8K is 33 MP).
        if width * height > 40_000_000 {
            return (width, height, times, "cannot play the video \(url.path): its frames (\(width)x\(height)) are larger than carender decodes")
        }
        return (width, height, times, nil)
    }

    /// Starts decoding at frame `index`: the seek lands half a frame before it, so that frame is
    /// the first out whatever the rounding of the listed times.
    private func startDecoder(at index: Int, _ state: inout Decoding) {
        stopDecoder(&state)
        guard let ffmpeg = Self.executable("ffmpeg") else {
            state.failure = "cannot play the video \(url.path): carender decodes video with ffmpeg, which is not on the PATH"
            return
        }
        let before = index > 0 ? times[index - 1] : times[index] - 1
        let seek = max(0, (before + times[index]) / 2)
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = ["-nostdin", "-v", "error", "-ss", String(format: "%.6f", seek), "-i", url.path,
                             "-map", "0:v:0", "-an", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            state.failure = "cannot play the video \(url.path): ffmpeg did not start (\(error.localizedDescription))"
            return
        }
        state.decoder = process
        state.output = pipe.fileHandleForReading
        // With a seek to 0 the first frame out is the file's first, whatever its listed time.
        state.nextFrame = seek == 0 ? 0 : index
    }

    private func stopDecoder(_ state: inout Decoding) {
        if let decoder = state.decoder, decoder.isRunning { decoder.terminate() }
        try? state.output?.close()
        state.decoder?.waitUntilExit()
        state.decoder = nil
        state.output = nil
    }

    /// The next frame from the decoder, or nil at its end.
    private func readFrame(_ state: inout Decoding) -> CGImage? {
        guard let output = state.output else { return nil }
        let size = width * height * 4
        var bytes = [UInt8]()
        bytes.reserveCapacity(size)
        while bytes.count < size {
            guard let chunk = try? output.read(upToCount: size - bytes.count), !chunk.isEmpty else { return nil }
            bytes.append(contentsOf: chunk)
        }
        return CGImage(image: RGBAImage(width: width, height: height, bytes: bytes))
    }

    /// The executable `name` on the `PATH`.
    static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
