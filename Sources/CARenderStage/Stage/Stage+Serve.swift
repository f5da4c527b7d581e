import Foundation
import CARenderPixels

extension Stage {
    /// Serves frames on demand (``RenderJob/Mode/serve(requests:)``): reads ``WorkerRequest``
    /// lines from the pipe at `requests`, renders each requested instant to the PNG file it names
    /// and answers ``ProgressEvent/served(_:)``, or ``ProgressEvent/refused(id:reason:)`` for a
    /// request it cannot meet (it goes on serving). Returns at ``WorkerRequest/stop`` or the end
    /// of the pipe.
    ///
    /// The stage's clock only runs forwards (timers, display links and completion blocks have run
    /// up to it), so an instant before the last one served is refused: a client scrubbing
    /// backwards starts a new worker.
    func serve(options: RenderOptions, requests path: String, host: any StageHost) throws {
        try options.validate()
        if let scale = options.scale { self.scale = CGFloat(scale) }
        let size = try pixelSize()
        guard let input = FileHandle(forReadingAtPath: path) else {
            throw StageError.output("cannot open the request pipe \(path)")
        }
        defer { try? input.close() }
        var pngOptions = options.pngCompression.options
        pngOptions.dropAlphaWhenOpaque = false
        var pending = Data()
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { return }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                pending.removeSubrange(pending.startIndex...newline)
                guard let request = try? JSONDecoder().decode(WorkerRequest.self, from: Data(line)) else {
                    host.send(.message("carender: warning: ignored a request that is not one this worker reads"))
                    continue
                }
                let id: Int, t: Double, file: String
                switch request {
                case .stop: return
                case let .frame(requestID, number, output):
                    (id, t, file) = (requestID, Double(number) / options.fps, output)
                case let .time(requestID, seconds, output):
                    (id, t, file) = (requestID, seconds, output)
                }
                guard t.isFinite, t >= 0 else {
                    host.send(.refused(id: id, reason: "\(t) s is not an instant (a finite number of seconds, 0 or more)"))
                    continue
                }
                guard t >= time else {
                    host.send(.refused(id: id, reason: "\(t) s is before the stage's clock (\(time) s), which never runs backwards; start a new worker"))
                    continue
                }
                do {
                    advance(to: t)
                    let frame = try renderPremultipliedFrame().unpremultiplied()
                    try frame.writePNG(to: URL(fileURLWithPath: file), options: pngOptions)
                    host.send(.served(ServedFrame(id: id, time: t, path: file, width: size.width, height: size.height)))
                } catch {
                    host.send(.refused(id: id, reason: "\(error)"))
                }
            }
        }
    }
}
