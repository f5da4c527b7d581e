import Foundation
import XCTest
import CARender
@testable import CARenderModel
import CARenderTestSupport

/// Video frames for AVPlayer: the frame shown at a time is the one the file presents then.
/// The video is made here by ffmpeg (its test pattern at 10 frames a second, H.264 with
/// B-frames, so frames are stored out of order); the reference is every frame ffmpeg decodes
/// from it, in order: frame n is presented from n / 10 s.
final class VideoFramesTests: XCTestCase {
    private static let fps = 10.0
    private static let frameCount = 15
    private var folder: URL!
    private var video: URL!

    override func setUpWithError() throws {
        folder = try Fixtures.temporaryFolder()
        video = folder.appendingPathComponent("pattern.mp4")
        try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-frames:v", "\(Self.frameCount)",
                         "-c:v", "libx264", "-bf", "2", "-pix_fmt", "yuv420p", video.path])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ffmpeg \(arguments)")
    }

    /// Every frame ffmpeg decodes from the file, as RGBA bytes.
    private func referenceFrames() throws -> [[UInt8]] {
        let raw = folder.appendingPathComponent("frames.rgba")
        try Self.ffmpeg(["-i", video.path, "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
        let bytes = [UInt8](try Data(contentsOf: raw))
        let size = 64 * 48 * 4
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    func testTheFrameAtATimeIsTheFrameTheFilePresentsThen() throws {
        let reference = try referenceFrames()
        XCTAssertEqual(reference.count, Self.frameCount)
        let frames = VideoFrames(url: video)
        XCTAssertNil(frames.failure)
        XCTAssertEqual(frames.width, 64)
        XCTAssertEqual(frames.height, 48)
        XCTAssertEqual(frames.duration, Double(Self.frameCount) / Self.fps, accuracy: 1e-6)
        // Forward, including between frames and exactly on them; then back, and a jump ahead
        // (each starts decoding afresh at that frame).
        for t in [0, 0.05, 0.1, 0.35, 0.55, 0.6, 1.0, 1.45, 0.2, 0.0, 1.3, 5.0] {
            let n = min(Int((t * Self.fps + 1e-9).rounded(.down)), Self.frameCount - 1)
            let image = try XCTUnwrap(frames.frame(at: t), "t = \(t)")
            XCTAssertEqual(image.image.bytes, reference[n], "t = \(t): expected frame \(n)")
        }
    }

    func testAMissingFileSaysSoAndShowsNothing() {
        let frames = VideoFrames(url: folder.appendingPathComponent("missing.mp4"))
        XCTAssertEqual(frames.failure, "cannot read the video \(folder.appendingPathComponent("missing.mp4").path): there is no such file")
        XCTAssertNil(frames.frame(at: 0))
        let text = folder.appendingPathComponent("not-a-video.mp4")
        _ = FileManager.default.createFile(atPath: text.path, contents: Data("hello".utf8))
        XCTAssertNotNil(VideoFrames(url: text).failure)
    }

    func testThePlayerMovesThePlayheadOnTheStageClock() throws {
        let stage = Stage(width: 10, height: 10)
        let player = AVPlayer(url: video)
        XCTAssertEqual(player.currentItem?.status, .readyToPlay)
        XCTAssertEqual(player.currentItem?.presentationSize, CGSize(width: 64, height: 48))
        stage.at(0.5) { player.play() }
        stage.at(1.0) { player.rate = 0.5 }
        stage.at(1.5) { player.pause() }
        stage.at(2.0) { player.seek(to: CMTime(value: 3, timescale: 10)); player.play() }
        stage.advance(to: 0.5)
        XCTAssertEqual(player.currentTime().seconds, 0, accuracy: 1e-3)
        stage.advance(to: 1.0)
        XCTAssertEqual(player.currentTime().seconds, 0.5, accuracy: 1e-3)
        stage.advance(to: 1.5)
        XCTAssertEqual(player.currentTime().seconds, 0.75, accuracy: 1e-3)
        stage.advance(to: 1.9)
        XCTAssertEqual(player.currentTime().seconds, 0.75, accuracy: 1e-3)
        XCTAssertEqual(player.rate, 0)
        stage.advance(to: 2.5)
        XCTAssertEqual(player.currentTime().seconds, 0.8, accuracy: 1e-3)
        // It stops at the end.
        stage.advance(to: 9)
        XCTAssertEqual(player.currentTime().seconds, 1.5, accuracy: 1e-3)
        XCTAssertEqual(player.rate, 0)
    }

    func testCMTimeArithmetic() {
        let t = CMTime(seconds: 1.25, preferredTimescale: 600)
        XCTAssertEqual(t.value, 750)
        XCTAssertEqual(t.seconds, 1.25)
        XCTAssertEqual(CMTimeMake(value: 1, timescale: 3) + CMTimeMake(value: 1, timescale: 6), CMTimeMake(value: 1, timescale: 2))
        XCTAssertTrue(CMTimeMake(value: 1, timescale: 3) < CMTimeMake(value: 34, timescale: 100))
        XCTAssertEqual(CMTimeGetSeconds(CMTimeMakeWithSeconds(2, preferredTimescale: 1)), 2)
        XCTAssertTrue(CMTime.invalid.seconds.isNaN)
        XCTAssertEqual(CMTime.positiveInfinity.seconds, .infinity)
        XCTAssertEqual(CMTimeCompare(.zero, .invalid), 1)
    }
}
