import CARenderTestSupport
import Foundation
import XCTest

/// The package's targets form layers, and a target depends only on layers below its own: the
/// compiler then keeps every lower layer from importing an upper one (a module can import only
/// what its target depends on). This test reads the package graph as SwiftPM resolves it
/// (`swift package dump-package`) and fails when a dependency points sideways or up, or when a
/// target is added without being given a layer here.
final class TargetGraphTests: XCTestCase {
    /// Every target that ships (libraries, the command line, C shims), bottom layer first. Targets
    /// of one layer may not depend on each other.
    static let layers: [[String]] = [
        // The source-compatibility pass is plain text work: it depends on nothing of ours.
        ["CDeflate", "CTextLibraries", "CARenderSourceCompatibility", "CPixelKernels", "CMemoryHints"],
        ["CPNG", "CText"],
        ["CHost", "CARenderPixels"],
        ["CARenderGeometry", "CARenderSupervisor"],
        ["CARenderRaster"],
        ["CARenderText"],
        ["CARenderGraphics"],
        ["CARenderModel"],
        ["CARenderCompositor"],
        ["CARenderStage"],
        ["CARenderUIKit", "CARenderGolden", "CARenderStudio"],
        ["CARender", "CARenderScriptHost"],
        ["CARenderTesting"],
        ["carender", "CARenderSnapshotTesting"],
    ]

    func testEveryTargetDependsOnlyOnLowerLayers() throws {
        let targets = try Self.packageTargets()
        let rank = Dictionary(uniqueKeysWithValues: Self.layers.enumerated().flatMap { level, names in
            names.map { ($0, level) }
        })
        for target in targets where target.kind != "test" && !target.isTestSupport {
            guard let level = rank[target.name] else {
                XCTFail("target \(target.name) has no layer: add it to TargetGraphTests.layers (and the diagram in Package.swift)")
                continue
            }
            for dependency in target.dependencies {
                // Other packages' products (ArgumentParser) sit below everything of ours.
                guard let below = rank[dependency] else { continue }
                XCTAssertLessThan(below, level, "\(target.name) (layer \(level)) depends on \(dependency) (layer \(below)), which is not below it")
            }
        }
    }

    func testTheLayersAreTheOnesThePackageDeclares() throws {
        let names = Set(try Self.packageTargets().filter { $0.kind != "test" && !$0.isTestSupport }.map(\.name))
        XCTAssertEqual(Set(Self.layers.joined()), names, "the layer table names exactly the package's shipping targets")
    }

    /// Each `import` of one of our modules in a target's sources names a module its target depends
    /// on, directly or through a lower layer.
    func testSourcesImportOnlyWhatTheirTargetDependsOn() throws {
        let targets = try Self.packageTargets()
        let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
        func closure(_ name: String) -> Set<String> {
            var seen: Set<String> = []
            var stack = [name]
            while let next = stack.popLast() {
                for dependency in byName[next]?.dependencies ?? [] where seen.insert(dependency).inserted {
                    stack.append(dependency)
                }
            }
            return seen
        }
        let ours = Set(targets.map(\.name))
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        for target in targets where target.kind != "test" && !target.isTestSupport {
            let allowed = closure(target.name)
            let folder = sources.appendingPathComponent(target.name)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ").map(String.init)
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count else { continue }
                    let module = words[at + 1]
                    guard ours.contains(module) else { continue }
                    XCTAssertTrue(allowed.contains(module), "\(target.name)/\(file.lastPathComponent) imports \(module), which \(target.name) does not depend on")
                }
            }
        }
    }

    struct Target {
        var name: String
        var kind: String
        var path: String?
        var dependencies: [String]
        /// Helpers of the test targets (declared as regular targets under `Tests/`).
        var isTestSupport: Bool { path?.hasPrefix("Tests/") ?? false }
    }

    /// The targets as `swift package dump-package` describes them, read once for the tests here.
    static func packageTargets() throws -> [Target] { try describedTargets.get() }

    private static let describedTargets = Result { try describePackage() }

    private static func describePackage() throws -> [Target] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch folder of its own: the running `swift test` holds the lock on `.build`. It is
        // also SwiftPM's temporary folder, which it leaves a folder and lock files in.
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = ["swift", "package", "--package-path", Fixtures.repositoryRoot.path,
                             "--scratch-path", scratch.appendingPathComponent("build").path, "dump-package"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = json["targets"] as? [[String: Any]] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "swift package dump-package did not describe the package"])
        }
        return targets.map { target in
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
                for (_, value) in entry {
                    if let list = value as? [Any], let name = list.first as? String { return name }
                }
                return nil
            }
            return Target(name: target["name"] as? String ?? "", kind: target["type"] as? String ?? "",
                          path: target["path"] as? String, dependencies: dependencies)
        }
    }
}
