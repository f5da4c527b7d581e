import CARender
import CARenderTestSupport
import Foundation
import XCTest

/// Small scripts the command-line tests render, written once per test run to one folder and
/// compiled once into one cache, so every test class reuses the same builds.
enum CLIScripts {
    /// A folder for this test process, removed when the tests end; folders of earlier runs whose
    /// process was killed are removed too.
    static let folder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "carender-cli-scripts-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0 {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let url = temporary.appendingPathComponent(prefix + String(getpid()))
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removeWhenTheTestsEnd(url)
        return url
    }()

    static var cache: URL { folder.appendingPathComponent("cache") }

    /// A 16×12 stage for 0.5 s (5 frames at 10 fps): an opaque white root and a red box that
    /// moves at 0.2 s, so frames differ.
    static let opaque = script("opaque", """
        import CARender
        let stage = Stage(width: 16, height: 12)
        stage.duration = 0.5
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 2, y: 2, width: 6, height: 4)
        box.backgroundColor = CGColor(red: 230.0 / 255, green: 51.0 / 255, blue: 77.0 / 255, alpha: 1)
        stage.rootLayer.addSublayer(box)
        stage.at(0.2) { box.position = CGPoint(x: 10, y: 8) }
        stage.run()
        """)

    /// The same box on the transparent default background, half transparent, and printing the
    /// arguments it was given.
    static let transparent = script("transparent", """
        import CARender
        print("arguments:", CommandLine.arguments.dropFirst().joined(separator: " "))
        let stage = Stage(width: 16, height: 12)
        stage.duration = 0.5
        let box = CALayer()
        box.frame = CGRect(x: 2, y: 2, width: 6, height: 4)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        stage.rootLayer.addSublayer(box)
        stage.at(0.2) { box.position = CGPoint(x: 10, y: 8) }
        stage.run()
        """)

    /// 64×48 points, 3 s: long enough (180 frames at 60 fps) to watch progress and interrupt.
    static let long = script("long", """
        import CARender
        let stage = Stage(width: 64, height: 48)
        stage.duration = 3
        stage.rootLayer.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 4, y: 4, width: 20, height: 20)
        box.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
        box.cornerRadius = 4
        stage.rootLayer.addSublayer(box)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = Double.pi * 4
        spin.duration = 3
        box.add(spin, forKey: "spin")
        stage.run()
        """)

    private static func script(_ name: String, _ text: String) -> URL {
        let url = folder.appendingPathComponent(name + ".swift-script")
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Runs carender with the shared cache.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CarenderCLI.Result {
        try CarenderCLI.run(arguments, cache: cache, extraEnvironment: environment)
    }

    /// The sorted file names in `folder`.
    static func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The frame files' bytes by name.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in files(folder) { result[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        return result
    }

    /// PNG colour type (byte 25 of the file): 2 is RGB, 6 is RGBA.
    static func colourType(_ url: URL) throws -> UInt8 {
        let data = try Data(contentsOf: url)
        return data[25]
    }
}
