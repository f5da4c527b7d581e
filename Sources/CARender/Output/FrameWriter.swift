import Dispatch
import Foundation

/// Encodes and writes frames on background threads while the stage renders the next ones.
///
/// Frames are independent files, so encoding in parallel changes no byte of any of them; at most
/// `maximumInFlight` frames wait in memory. The first error stops further writes and is thrown
/// from `finish()` (or from the next `write`).
final class FrameWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "carender.frame-writer", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var firstError: Error?

    init(maximumInFlight: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        slots = DispatchSemaphore(value: maximumInFlight)
    }

    /// Queues `image` to be written to `url`; throws an earlier frame's error, if any.
    func write(_ image: RGBAImage, to url: URL) throws {
        try throwIfFailed()
        slots.wait()
        group.enter()
        InFlightFiles.frameQueued()
        queue.async { [self] in
            defer {
                InFlightFiles.frameFinished()
                slots.signal()
                group.leave()
            }
            guard !hasFailed else { return }
            do {
                try image.writePNG(to: url)
            } catch {
                lock.lock()
                if firstError == nil { firstError = error }
                lock.unlock()
            }
        }
    }

    /// Waits for every queued frame; throws the first error.
    func finish() throws {
        group.wait()
        try throwIfFailed()
    }

    private var hasFailed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return firstError != nil
    }

    private func throwIfFailed() throws {
        lock.lock()
        let error = firstError
        lock.unlock()
        if let error { throw error }
    }
}
