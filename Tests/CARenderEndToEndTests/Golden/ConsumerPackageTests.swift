import CARender
import CARenderTestSupport
import XCTest

/// End to end: `Integrations/GoldenConsumer`, a separate package that depends on carender by
/// path, runs its golden tests (XCTest and Swift Testing) with `swift test`: they pass against
/// the committed references, fail with a useful message and artifacts when a reference differs
/// or is missing, and record as the record mode says — failing while they record. A third test
/// uses swift-snapshot-testing with the strategy of `Integrations/CARenderSnapshotTesting`.
///
/// The package is copied to `.build/consumer-work` (failures and recordings write beside its test
/// files) and built in `.build/consumer`, which later runs reuse.
final class ConsumerPackageTests: XCTestCase {
    private let source = Fixtures.repositoryRoot.appendingPathComponent("Integrations/GoldenConsumer")
    private let work = Fixtures.repositoryRoot.appendingPathComponent(".build/consumer-work/GoldenConsumer")
    private let scratch = Fixtures.repositoryRoot.appendingPathComponent(".build/consumer")
    private var goldens: URL { work.appendingPathComponent("Tests/CardSceneTests/__Goldens__") }

    func testGoldenAssertionsPassFailAndRecordInAConsumerPackage() throws {
        try copyPackage()
        let artifacts = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: artifacts) }

        // 1. The committed references match: XCTest and Swift Testing both pass.
        let clean = try swiftTest(record: nil, artifacts: artifacts)
        XCTAssertEqual(clean.status, 0, clean.output)
        XCTAssertTrue(clean.output.contains("Executed 3 tests, with 0 failures"), clean.output)
        XCTAssertTrue(clean.output.contains("Test run with 1 test"), clean.output)

        // 2. A reference that differs and one that is missing, with recording off: both fail.
        let midSlide = goldens.appendingPathComponent("CardSceneXCTests/mid-slide.png")
        let atRest = goldens.appendingPathComponent("CardSceneSwiftTests/at-rest.png")
        var tampered = try RGBAImage(contentsOfPNG: midSlide)
        for y in 10..<20 { for x in 30..<50 { tampered[x, y] = RGBA8(r: 0, g: 0, b: 0, a: 255) } }
        try tampered.writePNG(to: midSlide)
        try FileManager.default.removeItem(at: atRest)
        // And the swift-snapshot-testing reference, checked by carender's strategy.
        let snapshot = work.appendingPathComponent("Tests/CardSceneTests/__Snapshots__/CardSceneSnapshotTests/testLanding.1.png")
        try tampered.writePNG(to: snapshot)
        let failing = try swiftTest(record: "never", artifacts: artifacts)
        XCTAssertNotEqual(failing.status, 0, failing.output)
        XCTAssertTrue(failing.output.contains("CardSceneXCTests.swift:9: error: CardSceneXCTests.testCardMidSlide : failed - mid-slide.png differs from \(midSlide.path)"), failing.output)
        XCTAssertTrue(failing.output.contains("200 of 28800 pixels (0.694%) differ by more than 2/255"), failing.output)
        XCTAssertTrue(failing.output.contains("within x 30…49, y 10…19 (20×10 px)"), failing.output)
        XCTAssertTrue(failing.output.contains("re-record: CARENDER_RECORD_GOLDEN=failed swift test --filter CardSceneXCTests"), failing.output)
        XCTAssertTrue(failing.output.contains("Test cardAtRest() recorded an issue at CardSceneSwiftTests.swift:8"), failing.output)
        XCTAssertTrue(failing.output.contains("no golden reference at \(atRest.path) (record mode never)"), failing.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: atRest.path), "mode never writes nothing")
        XCTAssertTrue(failing.output.contains("CardSceneSnapshotTests.swift:10: error: CardSceneSnapshotTests.testLanding"), failing.output)
        XCTAssertTrue(failing.output.contains("pixels differ by more than 2/255 (largest"), failing.output)
        try FileManager.default.removeItem(at: snapshot)
        try FileManager.default.copyItem(at: source.appendingPathComponent("Tests/CardSceneTests/__Snapshots__/CardSceneSnapshotTests/testLanding.1.png"),
                                         to: snapshot)
        let testArtifacts = artifacts.appendingPathComponent("CardSceneXCTests/testCardMidSlide")
        for name in ["mid-slide-actual.png", "mid-slide-expected.png", "mid-slide-diff.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: testArtifacts.appendingPathComponent(name).path), name)
        }

        // 3. Recording the failed and missing references: the run still fails, saying what it wrote.
        let recording = try swiftTest(record: "failed", artifacts: artifacts)
        XCTAssertNotEqual(recording.status, 0, "a recording run is never green")
        XCTAssertTrue(recording.output.contains("recorded \(midSlide.path) (it differed: 200 of 28800 pixels"), recording.output)
        XCTAssertTrue(recording.output.contains("recorded \(atRest.path) (there was no reference), look at it and re-run"), recording.output)
        let original = source.appendingPathComponent("Tests/CardSceneTests/__Goldens__")
        XCTAssertEqual(try RGBAImage(contentsOfPNG: midSlide),
                       try RGBAImage(contentsOfPNG: original.appendingPathComponent("CardSceneXCTests/mid-slide.png")))

        // 4. After recording, the next run compares and passes.
        let again = try swiftTest(record: nil, artifacts: artifacts)
        XCTAssertEqual(again.status, 0, again.output)
    }

    /// Copies the package's manifest, sources and references over the work copy, pointing its
    /// dependency at this repository.
    private func copyPackage() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: work, withIntermediateDirectories: true)
        for item in ["Sources", "Tests"] {
            try? manager.removeItem(at: work.appendingPathComponent(item))
            try manager.copyItem(at: source.appendingPathComponent(item), to: work.appendingPathComponent(item))
        }
        let manifest = try String(contentsOf: source.appendingPathComponent("Package.swift"), encoding: .utf8)
        let integrations = Fixtures.repositoryRoot.appendingPathComponent("Integrations")
        let pointed = manifest
            .replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(Fixtures.repositoryRoot.path)\"")
            .replacingOccurrences(of: "path: \"../CARenderSnapshotTesting\"",
                                  with: "path: \"\(integrations.appendingPathComponent("CARenderSnapshotTesting").path)\"")
        XCTAssertNotEqual(pointed, manifest, "the consumer manifest depends on carender by path ../..")
        let target = work.appendingPathComponent("Package.swift")
        if (try? String(contentsOf: target, encoding: .utf8)) != pointed {
            try pointed.write(to: target, atomically: true, encoding: .utf8)
        }
    }

    private func swiftTest(record: String?, artifacts: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "test", "--scratch-path", scratch.path]
        process.currentDirectoryURL = work
        var environment = ProcessInfo.processInfo.environment
        environment["CARENDER_RECORD_GOLDEN"] = record
        environment["CARENDER_GOLDEN_ARTIFACTS"] = artifacts.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
