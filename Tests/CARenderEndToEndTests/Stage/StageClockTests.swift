import CARender
import CARenderTestSupport
import XCTest

final class StageClockTests: XCTestCase {
    func testTurnsRunInTimeThenSchedulingOrderWithTheClockSet() {
        let stage = Stage(width: 10, height: 10)
        var log: [String] = []
        stage.at(0.5) { log.append("b@\(CACurrentMediaTime())") }
        stage.at(0.25) { log.append("a@\(CACurrentMediaTime())") }
        stage.at(0.5) { log.append("c@\(stage.time)") }
        stage.advance(to: 0.4)
        XCTAssertEqual(log, ["a@0.25"])
        XCTAssertEqual(stage.time, 0.4)
        stage.advance(to: 1)
        XCTAssertEqual(log, ["a@0.25", "b@0.5", "c@0.5"])
        XCTAssertEqual(CACurrentMediaTime(), 1)
    }

    func testTurnScheduledFromATurnAtTheSameTimeRunsInTheSameAdvance() {
        let stage = Stage(width: 10, height: 10)
        var log: [Double] = []
        stage.at(0.1) {
            log.append(stage.time)
            stage.at(0.1) { log.append(stage.time) }
            stage.at(0.3) { log.append(stage.time) }
        }
        stage.advance(to: 0.2)
        XCTAssertEqual(log, [0.1, 0.1])
        stage.advance(to: 0.3)
        XCTAssertEqual(log, [0.1, 0.1, 0.3])
    }

    func testFrameCountIsCeilingOfDurationTimesFps() {
        XCTAssertEqual(Stage.frameCount(duration: 2, fps: 60), 120)
        XCTAssertEqual(Stage.frameCount(duration: 0.1, fps: 30), 3, "0.1 × 30 is 3.0000000000000004 in binary")
        XCTAssertEqual(Stage.frameCount(duration: 1.01, fps: 10), 11)
        XCTAssertEqual(Stage.frameCount(duration: 0, fps: 60), 0)
    }

    func testRootLayerCoversTheStage() {
        let stage = Stage(width: 480, height: 320)
        XCTAssertEqual(stage.rootLayer.bounds, CGRect(x: 0, y: 0, width: 480, height: 320))
        XCTAssertEqual(stage.rootLayer.position, CGPoint(x: 240, y: 160))
        XCTAssertEqual(stage.rootLayer.frame, CGRect(x: 0, y: 0, width: 480, height: 320))
    }

    func testHugeOrNonFiniteStagesAreRejectedWithAReason() {
        XCTAssertThrowsError(try Stage(width: 100_000, height: 100_000).pixelSize()) { error in
            XCTAssertTrue("\(error)".contains("100000×100000"), "\(error)")
        }
        XCTAssertThrowsError(try Stage(width: .nan, height: 10).pixelSize()) { error in
            XCTAssertTrue("\(error)".contains("not finite"), "\(error)")
        }
        XCTAssertThrowsError(try Stage(width: 0, height: 10).pixelSize())
        let stage = Stage(width: 100, height: 50)
        stage.scale = 2.5
        XCTAssertEqual(try stage.pixelSize().width, 250)
        XCTAssertEqual(try stage.pixelSize().height, 125)
    }

    /// The job the command line writes is the job the worker reads, and a bad value in it is one
    /// error line naming the value before anything renders.
    func testRenderJobRoundTripsAndIsValidated() throws {
        var options = RenderOptions()
        options.fps = 24
        options.outputDirectory = URL(fileURLWithPath: "/tmp/x")
        options.duration = 1.5
        options.scale = 2
        options.times = [0, 0.5, 1]
        options.frames = try FrameSelection(parsing: "0-9,-1")
        options.shard = try Split(parsing: "2/3")
        options.fileNamePattern = try XCTUnwrap(FrameNamePattern(parsingFileName: "shot_%04d.png"))
        options.background = RGBA8(r: 1, g: 2, b: 3, a: 4)
        options.pngCompression = .small
        let job = RenderJob(mode: .timeline(TimelineRequest(rows: [.init(time: 0.5, layer: "card", keyPath: "position.x")]), output: "/tmp/t.csv"),
                            options: options, progressPath: "/proc/1/fd/3", scriptDirectory: "/s")
        XCTAssertEqual(try RenderJob(decoding: job.encoded()), job)

        for (bad, named) in [(\RenderOptions.fps, "frame rate")] {
            var wrong = options
            wrong[keyPath: bad] = -3
            XCTAssertThrowsError(try Stage(width: 4, height: 4).render(options: wrong)) { error in
                XCTAssertTrue("\(error)".contains(named), "\(error)")
            }
        }
        var times = options
        times.times = [0, .nan]
        XCTAssertThrowsError(try Stage(width: 4, height: 4).render(options: times)) { error in
            XCTAssertTrue("\(error)".contains("--times holds nan"), "\(error)")
        }
        XCTAssertThrowsError(try RenderJob(decoding: Data("{\"mode\":{\"render\":{}},\"options\":{\"fps\":\"fast\"}}".utf8))) { error in
            XCTAssertTrue("\(error)".contains("options.fps"), "\(error)")
        }
    }

    func testRenderWritesTheFramesAndTimesAsked() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stage = Stage(width: 8, height: 4)
        stage.duration = 0.5
        var options = RenderOptions()
        options.fps = 10
        options.outputDirectory = folder.appendingPathComponent("nested/frames")
        let written = try stage.render(options: options)
        XCTAssertEqual(written.map(\.lastPathComponent), (0..<5).map { String(format: "frame_%05d.png", $0) })
        XCTAssertEqual(stage.time, 0.4, "the last frame is at (n - 1) / fps")
        options.times = [0.25, 1]
        let sampled = try Stage(width: 8, height: 4).render(options: options)
        XCTAssertEqual(sampled.map(\.lastPathComponent), ["0.250.png", "1.000.png"])
    }

    func testUnwritableOutputIsReportedBeforeRendering() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        var options = RenderOptions()
        options.outputDirectory = file
        var ranTurn = false
        let stage = Stage(width: 8, height: 4)
        stage.at(0) { ranTurn = true }
        XCTAssertThrowsError(try stage.render(options: options)) { error in
            XCTAssertTrue("\(error)".contains("not-a-folder"), "\(error)")
        }
        XCTAssertFalse(ranTurn, "nothing should run when the output cannot be written")
        XCTAssertEqual(try Data(contentsOf: file), Data("x".utf8), "the existing file is untouched")
    }
}

final class FrameRangeTests: XCTestCase {
    /// A render split into frame ranges writes byte-identical frames to a full render, because
    /// every frame is a pure function of the script and its time.
    func testSplitRenderMatchesAFullRender() throws {
        func makeStage() -> Stage {
            let stage = Stage(width: 40, height: 30)
            stage.duration = 1
            stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
            let box = CALayer()
            box.frame = CGRect(x: 2, y: 2, width: 10, height: 10)
            box.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
            box.cornerRadius = 3
            stage.rootLayer.addSublayer(box)
            stage.at(0.2) { box.position = CGPoint(x: 30, y: 20) }
            stage.at(0.5) {
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.byValue = Double.pi
                spin.duration = 0.4
                box.add(spin, forKey: "spin")
            }
            return stage
        }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions()
        options.fps = 20
        options.outputDirectory = folder.appendingPathComponent("full")
        let full = try makeStage().render(options: options)
        XCTAssertEqual(full.count, 20)
        options.outputDirectory = folder.appendingPathComponent("split")
        options.frames = FrameSelection(7..<13)
        let part = try makeStage().render(options: options)
        XCTAssertEqual(part.map(\.lastPathComponent), (7..<13).map { String(format: "frame_%05d.png", $0) })
        options.frames = FrameSelection(13..<1000)
        XCTAssertEqual(try makeStage().render(options: options).count, 7)
        for url in part {
            let reference = folder.appendingPathComponent("full").appendingPathComponent(url.lastPathComponent)
            XCTAssertEqual(try Data(contentsOf: url), try Data(contentsOf: reference), url.lastPathComponent)
        }
        XCTAssertEqual(try RenderOptions.frameRange(parsing: ":5"), 0..<5)
        XCTAssertThrowsError(try RenderOptions.frameRange(parsing: "9:3"))
        XCTAssertThrowsError(try RenderOptions.frameRange(parsing: "x"))
    }
}

final class ClockDirectionTests: XCTestCase {
    func testRenderRefusesTimesTheClockCannotReach() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions()
        options.outputDirectory = folder
        options.times = nil
        let advanced = Stage(width: 4, height: 4)
        advanced.advance(to: 0.9)
        XCTAssertThrowsError(try advanced.render(options: options)) { error in
            XCTAssertTrue("\(error)".contains("already at 0.9 s"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing was written")
    }

    func testTheStageBeingDrivenOwnsTheClock() {
        let first = Stage(width: 4, height: 4)
        let layer = CALayer()
        first.rootLayer.addSublayer(layer)
        first.advance(to: 0)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 2
        layer.add(fade, forKey: "fade")
        first.advance(to: 1)
        let second = Stage(width: 4, height: 4)
        second.advance(to: 0.25)
        XCTAssertEqual(CACurrentMediaTime(), 0.25)
        first.advance(to: 1.5)
        XCTAssertEqual(CACurrentMediaTime(), 1.5)
        XCTAssertEqual(Double(layer.presentation()?.opacity ?? -1), 0.25, accuracy: 1e-9)
    }
}
