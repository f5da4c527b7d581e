import Foundation

/// A headless Chromium driven through ChromeDriver with the W3C WebDriver protocol (the one
/// Selenium speaks): navigate, run JavaScript, send real pointer and key input, read the
/// browser's console log, take screenshots. Debian's `chromium` and `chromium-driver` packages
/// provide the two programs (`Tools/install-system-packages` installs them).
package final class WebDriver {
    /// Where Debian installs them.
    package static let chromium = "/usr/bin/chromium"
    package static let chromeDriver = "/usr/bin/chromedriver"

    package static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: chromeDriver)
    }

    private let driver: Process
    /// The driver's and the browser's temporary folder (`TMPDIR`), removed when they end:
    /// Chromium leaves profile folders (`org.chromium.Chromium.*`) behind in it.
    private let temporary: URL
    private let base: URL
    private let session: String

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// Starts ChromeDriver on a free port and opens a headless browser window of `width × height`.
    package init(width: Int = 1400, height: Int = 900) throws {
        let port = try Self.freePort()
        temporary = try Fixtures.temporaryFolder("chromium")
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: Self.chromeDriver)
        driver.arguments = ["--port=\(port)", "--log-level=OFF"]
        driver.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        do {
            try driver.runTiedToTestProcess()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        base = URL(string: "http://127.0.0.1:\(port)")!
        var ready = false
        var problem = "no answer"
        for _ in 0..<100 {
            do {
                let status = try Self.request(base.appendingPathComponent("status"), method: "GET", body: nil)
                if (status["value"] as? [String: Any])?["ready"] as? Bool == true {
                    ready = true
                    break
                }
                problem = "\(status)"
            } catch {
                problem = "\(error)"
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard ready else {
            Self.end(driver, removing: temporary)
            throw Failure(description: "chromedriver did not start on port \(port): \(problem)")
        }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": Self.chromium,
                        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                 "--window-size=\(width),\(height)", "--force-device-scale-factor=1", "--hide-scrollbars",
                                 "--force-color-profile=srgb"],
                    ],
                    "goog:loggingPrefs": ["browser": "ALL"],
                ] as [String: Any],
            ],
        ]
        do {
            let answer = try Self.request(base.appendingPathComponent("session"), method: "POST", body: capabilities)
            guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
                throw Failure(description: "chromedriver did not open a session: \(answer)")
            }
            session = id
        } catch {
            Self.end(driver, removing: temporary)
            throw error
        }
    }

    /// Stops the driver (and so its browser) and removes their temporary folder.
    private static func end(_ driver: Process, removing temporary: URL) {
        driver.stop()
        try? FileManager.default.removeItem(at: temporary)
    }

    deinit {
        quit()
    }

    private var quitted = false

    package func quit() {
        guard !quitted else { return }
        quitted = true
        _ = try? call("DELETE", "", nil)
        Self.end(driver, removing: temporary)
    }

    package func open(_ url: URL) throws {
        _ = try call("POST", "/url", ["url": url.absoluteString])
    }

    /// Runs `script` (a function body; `arguments[0]`, … hold `arguments`) and returns its value.
    @discardableResult
    package func execute(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        try call("POST", "/execute/sync", ["script": script, "args": arguments])
    }

    /// Polls `condition` (JavaScript returning a boolean) until true or `timeout` passes;
    /// returns the seconds it took.
    @discardableResult
    package func wait(for condition: String, timeout: TimeInterval, what: String) throws -> TimeInterval {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if try execute("return Boolean(\(condition));") as? Bool == true { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "timed out after \(timeout) s waiting for \(what) (\(condition))")
    }

    /// A real click (pointer move, press, release) at `(x, y)` CSS pixels from the top left of the
    /// element `selector`.
    package func click(_ selector: String, x: Double, y: Double) throws {
        try pointer(selector, [(x, y)], press: true)
    }

    /// Presses at the first point, moves through the rest and releases: a drag.
    package func drag(_ selector: String, through points: [(Double, Double)]) throws {
        try pointer(selector, points, press: true)
    }

    private func pointer(_ selector: String, _ points: [(Double, Double)], press: Bool) throws {
        guard let rect = try execute("""
            const r = document.querySelector(arguments[0]).getBoundingClientRect();
            return [r.left, r.top];
            """, [selector]) as? [Any], rect.count == 2,
            let left = (rect[0] as? NSNumber)?.doubleValue, let top = (rect[1] as? NSNumber)?.doubleValue else {
            throw Failure(description: "no element \(selector)")
        }
        var steps: [[String: Any]] = []
        for (index, point) in points.enumerated() {
            steps.append(["type": "pointerMove", "duration": index == 0 ? 0 : 30, "origin": "viewport",
                          "x": Int((left + point.0).rounded()), "y": Int((top + point.1).rounded())])
            if index == 0 && press { steps.append(["type": "pointerDown", "button": 0]) }
        }
        if press { steps.append(["type": "pointerUp", "button": 0]) }
        _ = try call("POST", "/actions", ["actions": [["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": steps]]])
        _ = try call("DELETE", "/actions", nil)
    }

    /// Presses and releases `key` (a character, or a WebDriver key code such as "\u{E012}" for ←).
    package func press(_ key: String) throws {
        let actions: [[String: Any]] = [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]]
        _ = try call("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// The browser console's entries since the last call (level and message).
    package func consoleLog() throws -> [(level: String, message: String)] {
        guard let entries = try call("POST", "/se/log", ["type": "browser"]) as? [[String: Any]] else { return [] }
        return entries.map { (($0["level"] as? String) ?? "", ($0["message"] as? String) ?? "") }
    }

    /// A PNG of the window.
    package func screenshot() throws -> Data {
        guard let text = try call("GET", "/screenshot", nil) as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    // MARK: - Protocol

    private func call(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any? {
        let url = URL(string: base.absoluteString + "/session/\(session)" + path)!
        let answer = try Self.request(url, method: method, body: body)
        if let value = answer["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "WebDriver \(method) \(path): \(error): \(value["message"] as? String ?? "")")
        }
        return answer["value"]
    }

    private static func request(_ url: URL, method: String, body: [String: Any]?) throws -> [String: Any] {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let answer = try LoopbackHTTP.request(port: url.port ?? 80, method: method, path: url.path, body: payload,
                                              headers: payload == nil ? [:] : ["Content-Type": "application/json; charset=utf-8"])
        guard let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any] else {
            throw Failure(description: "WebDriver \(method) \(url.path): no JSON answer")
        }
        return object
    }

    /// A TCP port nothing listens on now (bound to port 0, then released).
    package static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "cannot find a free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// One HTTP/1.1 exchange with a server on 127.0.0.1, over a plain socket (the servers are local
/// and answer with a length or close; this keeps FoundationNetworking, whose curl layer failed
/// here with "Failed writing header", out of the tests).
package enum LoopbackHTTP {
    package struct Answer {
        package var status: Int
        /// Header names in lower case.
        package var headers: [String: String]
        package var body: Data
    }

    package static func request(port: Int, method: String = "GET", path: String, body: Data? = nil,
                                headers: [String: String] = [:], host: String? = nil) throws -> Answer {
        let payload = body ?? Data()
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(payload.count)\r\n\r\n"
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw WebDriver.Failure(description: "cannot create a socket") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            throw WebDriver.Failure(description: "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var message = Data(head.utf8)
        message.append(payload)
        try message.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard n > 0 else { throw WebDriver.Failure(description: "cannot send to 127.0.0.1:\(port)") }
                offset += n
            }
        }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            let n = recv(descriptor, &buffer, buffer.count, 0)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            answer.append(contentsOf: buffer[0..<n])
            if let split = answer.range(of: separator), let length = contentLength(answer[..<split.lowerBound]),
               answer.count - split.upperBound >= length {
                break
            }
        }
        guard let split = answer.range(of: separator) else {
            throw WebDriver.Failure(description: "\(method) \(path): no HTTP answer")
        }
        let lines = String(decoding: answer[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: fields, body: Data(answer[split.upperBound...]))
    }

    private static func contentLength(_ header: Data) -> Int? {
        let text = String(decoding: header, as: UTF8.self).lowercased()
        guard let line = text.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }) else { return nil }
        return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    }
}
