import Foundation

/// Turns a folder of `frame_%05d.png` files into a video with ffmpeg, when it is installed.
enum VideoExport {
    /// The ffmpeg arguments for frames `first ..< first + count` at `fps` into `output` (the
    /// container and codec follow the file extension; MP4 gets H.264 in yuv420p so any player
    /// opens it). Only these frames go in, whatever else the folder holds.
    static func arguments(framesIn directory: URL, first: Int, count: Int, fps: Double, output: URL) -> [String] {
        var arguments = ["-y", "-loglevel", "error",
                         "-framerate", String(fps),
                         "-start_number", String(first),
                         "-i", directory.appendingPathComponent("frame_%05d.png").path,
                         "-frames:v", String(count)]
        switch output.pathExtension.lowercased() {
        case "mp4", "mov", "m4v":
            arguments += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
        default:
            break
        }
        return arguments + [output.path]
    }

    /// ffmpeg from `CARENDER_FFMPEG`, else from `PATH`; a clear error when there is none.
    static func locateFFmpeg() throws -> String {
        let explicit = ProcessInfo.processInfo.environment["CARENDER_FFMPEG"].flatMap { $0.isEmpty ? nil : $0 }
        guard let ffmpeg = explicit ?? findExecutableOnPath("ffmpeg"), FileManager.default.isExecutableFile(atPath: ffmpeg) else {
            throw CLIError("--video needs ffmpeg on PATH or in CARENDER_FFMPEG (Debian: apt-get install ffmpeg)")
        }
        return ffmpeg
    }

    /// Checks that the video can be written where asked (its folder exists and is writable),
    /// so a bad path is reported before the render rather than after it.
    static func checkDestination(_ output: URL) throws {
        let folder = output.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("--video \(output.path): the folder \(folder.path) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw CLIError("--video \(output.path): cannot write to the folder \(folder.path)")
        }
    }

    /// Runs ffmpeg; a failed encode is a clear error that leaves the frames.
    static func export(ffmpeg: String, framesIn directory: URL, first: Int, count: Int, fps: Double, to output: URL) throws {
        guard count > 0 else { throw CLIError("no frames were rendered, so there is no video to write") }
        let status = try ScriptRunner.run(URL(fileURLWithPath: ffmpeg),
                                          arguments: arguments(framesIn: directory, first: first, count: count, fps: fps, output: output),
                                          environment: ProcessInfo.processInfo.environment)
        guard status == 0 else {
            throw CLIError("ffmpeg could not write \(output.path) (exit status \(status)); the frames are in \(directory.path)")
        }
    }
}
