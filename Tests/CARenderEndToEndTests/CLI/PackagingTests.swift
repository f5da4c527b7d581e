import CARender
import CARenderTestSupport
import XCTest

/// The version is declared once (`Sources/carender/Version.swift`) and everything that names it
/// agrees; an installed carender runs from any folder, a bare copy says how to install it.
final class PackagingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheBinaryReadmeDocCAndChangelogNameOneVersion() throws {
        let result = try CLIScripts.run(["--version"])
        XCTAssertEqual(result.status, 0)
        let version = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "carender ", with: "")
        let parts = version.split(separator: ".")
        XCTAssertEqual(parts.count, 3, "semantic versioning: \(version)")
        XCTAssertTrue(parts.allSatisfy { Int($0) != nil }, version)
        XCTAssertTrue(try read("Sources/carender/Version.swift").contains("\"\(version)\""))

        let readme = try read("README.md")
        XCTAssertTrue(readme.contains("Version \(version)"), "README names the version")
        let requirements = readme.components(separatedBy: "carender\", from: \"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertFalse(requirements.isEmpty, "README shows depending by version")
        for requirement in requirements { XCTAssertEqual(String(requirement), version, "README's from: requirement") }
        XCTAssertLessThanOrEqual(readme.split(separator: "\n", omittingEmptySubsequences: false).count, 200, "README stays short")

        XCTAssertTrue(try read("Sources/CARender/CARender.docc/CARender.md").contains("carender \(version)"), "the DocC overview names it")
        let changelog = try read("CHANGELOG.md")
        let firstRelease = try XCTUnwrap(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        XCTAssertTrue(firstRelease.hasPrefix("## \(version)"), "CHANGELOG's latest section is \(version): \(firstRelease)")
        XCTAssertTrue(try read("RELEASING.md").contains("git tag"), "the release procedure says how the tag is made")
    }

    /// `carender install --prefix DIR` makes a carender that renders from any folder; a copy of
    /// the executable alone says what it lacks and how to install.
    func testAnInstalledCarenderRunsFromAnyFolder() throws {
        let prefix = folder.appendingPathComponent("prefix")
        let install = try CLIScripts.run(["install", "--prefix", prefix.path])
        XCTAssertEqual(install.status, 0, install.standardError)
        let installed = prefix.appendingPathComponent("bin/carender")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("lib/carender/libCARender.so").path))

        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let render = try run(installed, [CLIScripts.opaque.path, "--fps", "10", "--frame", "2", "-o", "still.png", "--quiet"], in: elsewhere)
        XCTAssertEqual(render.status, 0, render.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("still.png").path))

        // Its preview serves the page (installed beside the library, not beside the executable).
        let preview = try PreviewProcess(script: CLIScripts.opaque, executable: installed,
                                         environment: ["CARENDER_HOME": nil, "CARENDER_CACHE": folder.appendingPathComponent("cache").path])
        defer { preview.stop() }
        let page = try LoopbackHTTP.request(port: try XCTUnwrap(preview.url.port), path: "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("<script src=\"/studio.js\""))

        let copy = folder.appendingPathComponent("copy/carender")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CarenderCLI.executable, to: copy)
        let bare = try run(copy, [CLIScripts.opaque.path, "-o", "frames"], in: elsewhere)
        XCTAssertEqual(bare.status, 1, bare.output)
        XCTAssertTrue(bare.output.contains("carender install"), bare.output)
    }

    private func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        // Its own cache: the library it links is the installed one, not the build folder's.
        try runCommand(arguments, executable: executable, in: directory,
                       environment: ["CARENDER_HOME": nil, "CARENDER_CACHE": folder.appendingPathComponent("cache").path])
    }
}
