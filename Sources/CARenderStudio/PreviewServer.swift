import CARenderPixels
import CARenderStage
import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The preview's web server: the page and its JSON and PNG routes, nothing else.
///
/// Secure by default: it binds to the loopback address unless told otherwise, serves a fixed set
/// of routes (no path reaches the file system; the page's files are read into memory at start),
/// refuses requests whose `Host` is not the address it listens on when bound to loopback (so a
/// web page elsewhere cannot reach it through a rebound DNS name), and previews one script.
package final class PreviewServer: Sendable {
    let session: PreviewSession
    let host: String
    let port: UInt16
    let page: PageResources

    package init(session: PreviewSession, host: String, port: UInt16, page: PageResources) {
        self.session = session
        self.host = host
        self.port = port
        self.page = page
    }

    /// Whether `host` is a loopback address (only then are `Host` headers checked).
    static func isLoopback(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }

    /// Listens, calls `listening` with the page's URL, and serves until cancelled.
    package func run(listening: @escaping @Sendable (URL) -> Void) async throws {
        let bindHost = host == "localhost" ? "127.0.0.1" : host
        // Until the port is known (`--port 0` picks a free one), loopback servers answer nobody.
        let hosts = AllowedHosts(checked: Self.isLoopback(host))
        let router = Router(session: session, page: page, allowedHosts: hosts)
        let server: HTTPServer
        do {
            if bindHost.contains(":") {
                server = HTTPServer(address: try .inet6(ip6: bindHost, port: port), timeout: 60, logger: .disabled, handler: router)
            } else {
                server = HTTPServer(address: try .inet(ip4: bindHost, port: port), timeout: 60, logger: .disabled, handler: router)
            }
        } catch {
            throw PreviewError("--host \(host) is not an IPv4 or IPv6 address")
        }
        let serving = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 10)
        } catch {
            serving.cancel()
            if case .failure(let failure) = await serving.result {
                throw PreviewError("cannot listen on \(host):\(port): \(plainReason(failure))")
            }
            throw PreviewError("cannot listen on \(host):\(port)")
        }
        var actualPort = port
        if case .ip4(_, let bound)? = await server.listeningAddress { actualPort = bound }
        if case .ip6(_, let bound)? = await server.listeningAddress { actualPort = bound }
        let urlHost = bindHost.contains(":") ? "[\(bindHost)]" : bindHost
        hosts.set(["127.0.0.1:\(actualPort)", "localhost:\(actualPort)", "[::1]:\(actualPort)", "\(urlHost):\(actualPort)"])
        listening(URL(string: "http://\(urlHost):\(actualPort)/")!)
        try await withTaskCancellationHandler {
            try await serving.value
        } onCancel: {
            serving.cancel()
        }
    }
}

/// The page's files, read once from the resource folder beside the executable.
package struct PageResources: Sendable {
    /// Served path → (bytes, content type).
    let files: [String: (Data, String)]

    static let names: [(path: String, file: String, type: String)] = [
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/studio.js", "studio.js", "text/javascript; charset=utf-8"),
        ("/studio.css", "studio.css", "text/css; charset=utf-8"),
    ]

    /// The bundle SwiftPM copies beside the executable (`<package>_<target>.resources`), and
    /// `carender install` into the installed library's folder.
    package static let bundleName = "carender_CARenderStudio.resources"

    /// Reads the page from the first of `folders` that holds the resource bundle.
    package static func load(searching folders: [URL]) throws -> PageResources {
        let pages = folders.map { $0.appendingPathComponent(bundleName).appendingPathComponent("Page") }
        guard let folder = pages.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }) else {
            throw PreviewError("the preview's page is missing (no \(bundleName) in \(folders.map(\.path).joined(separator: " or "))); rebuild carender, or reinstall it with `carender install`")
        }
        var files: [String: (Data, String)] = [:]
        for entry in names {
            let url = folder.appendingPathComponent(entry.file)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw PreviewError("the preview's page is incomplete: cannot read \(url.path)")
            }
            files[entry.path] = (data, entry.type)
        }
        files["/index.html"] = files["/"]
        return PageResources(files: files)
    }
}

/// Dispatches the preview's routes.
struct Router: HTTPHandler {
    let session: PreviewSession
    let page: PageResources
    let allowedHosts: AllowedHosts

    /// How long `/api/events` holds a request open waiting for a change.
    static let eventWait: Duration = .seconds(20)

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if !allowedHosts.allows(request.headers[.host] ?? "") {
            return Self.text(.forbidden, "this preview answers only at its own address")
        }
        let path = request.path
        if let (data, type) = page.files[path] {
            guard request.method == .GET || request.method == .HEAD else { return Self.methodNotAllowed() }
            return Self.response(.ok, data, type: type)
        }
        do {
            switch (request.method, path) {
            case (.GET, "/api/state"):
                return try Self.json(await session.state())
            case (.GET, "/api/events"):
                return try await events(request)
            case (.GET, "/api/frame"):
                let t = try Self.time(request)
                let frame = try await session.frame(at: t)
                var headers: HTTPHeaders = [.contentType: "image/png"]
                headers[HTTPHeader("X-Render-Milliseconds")] = frame.milliseconds.map { String(format: "%.2f", $0) } ?? "cached"
                headers[HTTPHeader("X-Preview-Version")] = String(frame.version)
                return Self.response(.ok, frame.png, headers: headers)
            case (.GET, "/api/still"):
                let t = try Self.time(request)
                let frame = try await session.frame(at: t)
                let base = session.configuration.script.deletingPathExtension().lastPathComponent
                var headers: HTTPHeaders = [.contentType: "image/png"]
                headers[.contentDisposition] = "attachment; filename=\"\(Self.safeName(base))-\(String(format: "%.3f", t))s.png\""
                return Self.response(.ok, frame.png, headers: headers)
            case (.GET, "/api/layers"):
                return try Self.json(await session.layers(at: Self.time(request)))
            case (.GET, "/api/hit"):
                let t = try Self.time(request)
                guard let x = Self.number(request, "x"), let y = Self.number(request, "y") else {
                    return Self.text(.badRequest, "x and y must be numbers")
                }
                return try Self.json(HitAnswer(path: await session.hitTest(at: t, x: x, y: y)))
            case (.GET, "/api/inspect"):
                let t = try Self.time(request)
                guard let layer = Self.layerPath(request.query["layer"]) else { return Self.text(.badRequest, "layer must be a path such as 0.2.1") }
                return try Self.json(await session.inspect(at: t, layer: layer))
            case (.GET, "/api/timeline"):
                guard let timeline = await session.timelineIfReady() else { return Self.text(.accepted, "the timeline is being surveyed") }
                return try Self.json(timeline)
            case (.POST, "/api/export/video"):
                await session.startVideoExport()
                return Self.text(.accepted, "rendering")
            case (.GET, "/api/export/video"):
                guard let file = await session.exportedVideo(), let data = FileManager.default.contents(atPath: file.path) else {
                    return Self.text(.notFound, "no video has been exported")
                }
                var headers: HTTPHeaders = [.contentType: "video/mp4"]
                headers[.contentDisposition] = "attachment; filename=\"\(Self.safeName(file.lastPathComponent))\""
                return Self.response(.ok, data, headers: headers)
            case (_, "/api/state"), (_, "/api/events"), (_, "/api/frame"), (_, "/api/still"), (_, "/api/layers"), (_, "/api/hit"),
                 (_, "/api/inspect"), (_, "/api/timeline"), (_, "/api/export/video"):
                return Self.methodNotAllowed()
            default:
                return Self.text(.notFound, "not found")
            }
        } catch let error as BadRequest {
            return Self.text(.badRequest, error.message)
        } catch {
            return Self.text(HTTPStatusCode(503, phrase: "Service Unavailable"), "\(error)")
        }
    }

    private struct HitAnswer: Encodable { let path: [Int]? }

    private struct EventAnswer: Encodable {
        let state: PreviewSession.State
        let consoleFirst: Int
        let console: [String]
    }

    /// Holds the request until the session changes past `since` or the console grows past
    /// `console`, then answers with the state and the new console lines.
    private func events(_ request: HTTPRequest) async throws -> HTTPResponse {
        let since = Int(request.query["since"] ?? "") ?? -1
        let consoleSeen = Int(request.query["console"] ?? "") ?? 0
        let deadline = ContinuousClock.now + Self.eventWait
        while ContinuousClock.now < deadline {
            let changes = await session.changeCount
            if changes > since || session.console.count > consoleSeen { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let state = await session.state()
        let lines = session.console.lines(from: consoleSeen)
        return try Self.json(EventAnswer(state: state, consoleFirst: lines.first, console: lines.lines))
    }

    struct BadRequest: Error { let message: String }

    static func time(_ request: HTTPRequest) throws -> Double {
        guard let t = number(request, "t"), t >= 0, t <= 1e7 else {
            throw BadRequest(message: "t must be a time in seconds, 0 or more")
        }
        return t
    }

    static func number(_ request: HTTPRequest, _ name: String) -> Double? {
        guard let text = request.query[name], let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `0.2.1` → `[0, 2, 1]`; the root is the empty string.
    static func layerPath(_ text: String?) -> [Int]? {
        guard let text else { return nil }
        if text.isEmpty { return [] }
        let steps = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard steps.count <= 10_000, steps.allSatisfy({ $0 != nil && $0! >= -1 }) else { return nil }
        return steps.map { $0! }
    }

    /// A file name safe inside a quoted header value.
    static func safeName(_ name: String) -> String {
        String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) ? Character($0) : "_" })
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }()

    static func json<T: Encodable>(_ value: T) throws -> HTTPResponse {
        response(.ok, try encoder.encode(value), type: "application/json")
    }

    static func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        response(status, Data(message.utf8), type: "text/plain; charset=utf-8")
    }

    static func methodNotAllowed() -> HTTPResponse {
        text(.methodNotAllowed, "method not allowed")
    }

    static func response(_ status: HTTPStatusCode, _ body: Data, type: String) -> HTTPResponse {
        response(status, body, headers: [.contentType: type])
    }

    static func response(_ status: HTTPStatusCode, _ body: Data, headers: HTTPHeaders) -> HTTPResponse {
        var headers = headers
        // Everything is served from here, and nothing is kept by the browser: the server caches.
        headers[HTTPHeader("Content-Security-Policy")] = "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; frame-ancestors 'none'"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
        headers[.cacheControl] = "no-store"
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }
}

/// The `Host` values a loopback server answers (every value when not checked).
final class AllowedHosts: Sendable {
    private let checked: Bool
    private let hosts = Mutex<Set<String>>([])

    init(checked: Bool) { self.checked = checked }

    func set(_ hosts: Set<String>) {
        self.hosts.withLock { $0 = hosts }
    }

    func allows(_ host: String) -> Bool {
        guard checked else { return true }
        return hosts.withLock { $0.contains(host) }
    }
}
