import CARender
import CARenderTestSupport
import XCTest

/// End to end: `Integrations/GoldenConsumer`, a separate package that depends on carender by URL
/// and version, as users do, runs its golden tests (XCTest and Swift Testing) with `swift test`:
/// they pass against the committed references, fail with a useful message and artifacts when a
/// reference differs or is missing, and record as the record mode says — failing while they
/// record. A third test uses swift-snapshot-testing through the `CARenderSnapshotTesting`
/// product, which the consumer enables with the package trait `SnapshotTesting`; a package that
/// does not enable it never fetches swift-snapshot-testing.
///
/// The URL is a git repository made from this working tree (`.build/consumer-origin`), tagged
/// with the version `carender --version` prints (the repository itself is tagged only when a
/// release is cut). The package is copied to `.build/consumer-work` (failures and recordings
/// write beside its test files) and built in `.build/consumer`, which later runs reuse.
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
        // swift-snapshot-testing's failure: the difference picture beside the failed snapshot,
        // named in the message (XCTest on Linux keeps no attachments).
        let snapshotDifference = artifacts.appendingPathComponent("snapshots/CardSceneSnapshotTests/testLanding.difference.png")
        XCTAssertTrue(failing.output.contains("difference picture: \(snapshotDifference.path)"), failing.output)
        let picture = try RGBAImage(contentsOfPNG: snapshotDifference)
        XCTAssertEqual(picture.width, tampered.width)
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("snapshots/CardSceneSnapshotTests/testLanding.1.png").path),
                      "the failed snapshot it lies beside")

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

    /// A package that depends on carender without the trait resolves without swift-snapshot-testing.
    func testWithoutTheTraitSwiftSnapshotTestingIsNotFetched() throws {
        let origin = try makeOrigin()
        let plain = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: plain) }
        try FileManager.default.createDirectory(at: plain.appendingPathComponent("Sources/Plain"), withIntermediateDirectories: true)
        try "import CARender\npublic let stage = Stage(width: 1, height: 1)\n"
            .write(to: plain.appendingPathComponent("Sources/Plain/Plain.swift"), atomically: true, encoding: .utf8)
        try """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "Plain",
                dependencies: [.package(url: "\(origin.url.absoluteString)", from: "\(origin.version)")],
                targets: [.target(name: "Plain", dependencies: [.product(name: "CARender", package: "carender")])]
            )
            """.write(to: plain.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let resolve = try swift(["package", "resolve"], in: plain, environment: [:])
        XCTAssertEqual(resolve.status, 0, resolve.output)
        let resolved = try String(contentsOf: plain.appendingPathComponent("Package.resolved"), encoding: .utf8)
        XCTAssertTrue(resolved.contains("\"identity\" : \"carender\""), resolved)
        XCTAssertFalse(resolved.contains("swift-snapshot-testing"), resolved)
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: plain.appendingPathComponent(".build/checkouts").path)) ?? []
        XCTAssertFalse(checkouts.contains("swift-snapshot-testing"), "\(checkouts)")
    }

    /// A git repository of this working tree (tracked and new files, not ignored ones), its one
    /// commit tagged with carender's version: the URL a consumer depends on. Its folder is named by
    /// the commit, which fixed dates make a hash of the contents, so an unchanged tree is reused.
    private func makeOrigin() throws -> (url: URL, version: String) {
        let manager = FileManager.default
        let versionRun = try CLIScripts.run(["--version"])
        let version = versionRun.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "carender ", with: "")
        let root = Fixtures.repositoryRoot.appendingPathComponent(".build/consumer-origin")
        let staging = root.appendingPathComponent("staging-\(getpid())/carender")
        try? manager.removeItem(at: staging.deletingLastPathComponent())
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: staging.deletingLastPathComponent()) }
        let files = try git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: Fixtures.repositoryRoot)
        for path in files.split(separator: "\0").map(String.init) where !path.isEmpty {
            let source = Fixtures.repositoryRoot.appendingPathComponent(path)
            guard manager.fileExists(atPath: source.path) else { continue }   // deleted, not yet committed
            let target = staging.appendingPathComponent(path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: source, to: target)
        }
        let fixed = ["GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
                     "GIT_AUTHOR_NAME": "carender tests", "GIT_AUTHOR_EMAIL": "tests@carender.invalid",
                     "GIT_COMMITTER_NAME": "carender tests", "GIT_COMMITTER_EMAIL": "tests@carender.invalid"]
        _ = try git(["init", "-q"], in: staging)
        _ = try git(["add", "-A"], in: staging)
        _ = try git(["commit", "-q", "--no-gpg-sign", "-m", "carender \(version)"], in: staging, environment: fixed)
        _ = try git(["tag", version], in: staging, environment: fixed)
        let commit = try git(["rev-parse", "HEAD"], in: staging).trimmingCharacters(in: .whitespacesAndNewlines)
        let origin = root.appendingPathComponent(String(commit.prefix(12))).appendingPathComponent("carender")
        if !manager.fileExists(atPath: origin.path) {
            for old in (try? manager.contentsOfDirectory(atPath: root.path)) ?? [] where !old.hasPrefix("staging-") {
                try? manager.removeItem(at: root.appendingPathComponent(old))
            }
            try manager.createDirectory(at: origin.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.moveItem(at: staging, to: origin)
        }
        return (origin, version)
    }

    /// Copies the package's manifest, sources and references over the work copy, pointing its
    /// dependency's URL at the repository `makeOrigin()` made.
    private func copyPackage() throws {
        let manager = FileManager.default
        let origin = try makeOrigin()
        try manager.createDirectory(at: work, withIntermediateDirectories: true)
        for item in ["Sources", "Tests"] {
            try? manager.removeItem(at: work.appendingPathComponent(item))
            try manager.copyItem(at: source.appendingPathComponent(item), to: work.appendingPathComponent(item))
        }
        let manifest = try String(contentsOf: source.appendingPathComponent("Package.swift"), encoding: .utf8)
        let published = "https://github.com/<owner>/carender"
        XCTAssertTrue(manifest.contains("url: \"\(published)\", from: \"\(origin.version)\", traits: [\"SnapshotTesting\"]"),
                      "the consumer depends on carender by URL and version, with the trait")
        let pointed = manifest.replacingOccurrences(of: published, with: origin.url.absoluteString)
        let target = work.appendingPathComponent("Package.swift")
        if (try? String(contentsOf: target, encoding: .utf8)) != pointed {
            try pointed.write(to: target, atomically: true, encoding: .utf8)
            try? manager.removeItem(at: work.appendingPathComponent("Package.resolved"))
        }
    }

    private func git(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed in \(directory.path)"])
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func swiftTest(record: String?, artifacts: URL) throws -> (status: Int32, output: String) {
        var environment: [String: String] = ["CARENDER_GOLDEN_ARTIFACTS": artifacts.path,
                                             "SNAPSHOT_ARTIFACTS": artifacts.appendingPathComponent("snapshots").path]
        environment["CARENDER_RECORD_GOLDEN"] = record
        return try swift(["test", "--scratch-path", scratch.path], in: work, environment: environment)
    }

    private func swift(_ arguments: [String], in directory: URL, environment extra: [String: String]) throws -> (status: Int32, output: String) {
        var changes: [String: String?] = ["CARENDER_RECORD_GOLDEN": nil]
        changes.merge(extra.mapValues { $0 }) { $1 }
        return try runSwiftPM(arguments, in: directory, environment: changes)
    }
}
