import CARender
import CARenderTestSupport
import Foundation
import XCTest

/// `carender preview`'s routes, without a browser: only its own routes are served, requests for
/// another host are refused, bad times are rejected, and frames asked for out of order (which
/// makes the preview go back to an earlier time on a fresh worker) equal `carender --times`.
final class PreviewServerTests: XCTestCase {
    func testRoutesAreTheServersOwnAndFramesMatchARender() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("scene.swift")
        try PreviewBrowserTests.script().write(to: script, atomically: true, encoding: .utf8)
        // A file beside the script, which a path-traversing request would try to reach.
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        let preview = try PreviewProcess(script: script)
        defer { preview.stop() }
        let port = try XCTUnwrap(preview.url.port)
        func get(_ path: String, method: String = "GET", host: String? = nil) throws -> LoopbackHTTP.Answer {
            try LoopbackHTTP.request(port: port, method: method, path: path, host: host)
        }

        let page = try get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertTrue(page.headers["content-security-policy"]?.hasPrefix("default-src 'self'") ?? false)
        XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("<script src=\"/studio.js\""))
        XCTAssertEqual(try get("/studio.js").status, 200)
        XCTAssertEqual(try get("/studio.css").status, 200)

        for path in ["/../secret.txt", "/secret.txt", "/%2e%2e/secret.txt", "/api/../../etc/passwd", "/Page/index.html",
                     "/studio.js/../secret.txt", "//etc/passwd"] {
            let answer = try get(path)
            XCTAssertEqual(answer.status, 404, "\(path) is not a route")
            XCTAssertFalse(String(decoding: answer.body, as: UTF8.self).contains("secret"), path)
        }
        XCTAssertEqual(try get("/", host: "attacker.example:\(port)").status, 403, "a rebound DNS name is refused")
        XCTAssertEqual(try get("/api/state", host: "localhost:\(port)").status, 200)
        XCTAssertEqual(try get("/api/frame?t=0", method: "POST").status, 405)
        XCTAssertEqual(try get("/api/frame?t=-1").status, 400)
        XCTAssertEqual(try get("/api/frame?t=nan").status, 400)
        XCTAssertEqual(try get("/api/frame").status, 400)
        XCTAssertEqual(try get("/api/inspect?t=0&layer=x.y").status, 400)

        // Later first, then earlier: the second needs a worker whose clock is not past it.
        for t in [1.5, 0.25, 1.0] {
            let frame = try get("/api/frame?t=\(t)")
            XCTAssertEqual(frame.status, 200, String(decoding: frame.body, as: UTF8.self))
            XCTAssertEqual(frame.headers["content-type"], "image/png")
            let shown = try Fixtures.decodedPNG(frame.body)
            let output = folder.appendingPathComponent("still-\(t)")
            let render = try CarenderCLI.run([script.path, "--times", String(t), "-o", output.path, "--quiet"], cache: Fixtures.scriptCache)
            XCTAssertEqual(render.status, 0, render.standardError)
            let reference = try RGBAImage(contentsOfPNG: output.appendingPathComponent(RenderOptions.fileName(forTime: t)))
            XCTAssertEqual(shown.width, reference.width)
            XCTAssertEqual(shown.bytes.count, reference.bytes.count)
            let differing = zip(shown.bytes, reference.bytes).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "the preview's frame at \(t) s differs from carender --times \(t) in \(differing) bytes")
        }
        XCTAssertEqual(try get("/api/frame?t=1.5").headers["x-render-milliseconds"], "cached")

        // The layer under a point, and the timeline of the whole sequence.
        let hit = try JSONSerialization.jsonObject(with: get("/api/hit?t=1&x=120&y=80").body) as? [String: Any]
        XCTAssertEqual(hit?["path"] as? [Int], [0], "the card is under (120, 80) at 1 s")
        var timeline: LoopbackHTTP.Answer
        let deadline = Date().addingTimeInterval(30)
        repeat {
            timeline = try get("/api/timeline")
            if timeline.status == 200 { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        XCTAssertEqual(timeline.status, 200)
        let animations = (try JSONSerialization.jsonObject(with: timeline.body) as? [String: Any])?["animations"] as? [[String: Any]]
        XCTAssertEqual(animations?.compactMap { $0["keyPath"] as? String }, ["position.x", "transform.scale"])
        let pop = animations?.last
        XCTAssertEqual((pop?["begin"] as? NSNumber)?.doubleValue ?? -1, 0.25, accuracy: 1e-9, "the spring begins 0.25 s in")
        XCTAssertEqual(pop?["kind"] as? String, "CASpringAnimation")
    }

    /// A preview whose output goes to a file beside the script does not take its own log lines
    /// for changes to the script's folder (each "reloaded" line made it reload again, forever),
    /// and still reloads, once, when the script changes.
    func testItsOwnLogBesideTheScriptIsNotAChange() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("scene.swift")
        try PreviewBrowserTests.script().write(to: script, atomically: true, encoding: .utf8)
        let log = folder.appendingPathComponent("preview.log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = CarenderCLI.executable
        process.arguments = ["preview", script.path, "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(["CARENDER_CACHE": Fixtures.scriptCache.path]) { $1 }
        process.standardOutput = output
        process.standardError = output
        try process.runTiedToTestProcess()
        defer { process.stop() }
        func logged() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        func reloads() -> Int { logged().components(separatedBy: "reloaded").count - 1 }
        let started = Date()
        while !logged().contains("previewing"), process.isRunning, Date().timeIntervalSince(started) < 60 {
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertTrue(logged().contains("previewing"), logged())
        // Eight of the watcher's ticks with nothing changed but the log.
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(reloads(), 0, logged())

        try (PreviewBrowserTests.script() + "\n// edited\n").write(to: script, atomically: true, encoding: .utf8)
        // The reload compiles the edited script: 60 s, as for the preview's start, since a loaded
        // machine took longer than 10 s.
        let edited = Date()
        while reloads() == 0, Date().timeIntervalSince(edited) < 60 { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(reloads(), 1, "one edit, one reload: \(logged())")
    }
}
