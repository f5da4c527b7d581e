import CPNG
import Dispatch
import Foundation

/// Encodes and writes frames on background threads while the stage renders the next ones.
///
/// Frames are independent files, so encoding in parallel changes no byte of any of them; at most
/// `maximumInFlight` frames wait in memory. A frame identical to the one before (a still period
/// of an animation) is not encoded again: its file gets the same bytes. The first error stops
/// further writes and is thrown from `finish()` (or from the next `write`).
final class FrameWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "carender.frame-writer", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var firstError: Error?
    /// The last frame queued, its options and its encoding (filled in by the thread encoding it).
    private var previous: (image: RGBAImage, options: PNGWriteOptions, encoded: EncodedFrame)?
    /// How many frames were encoded (not counting repeats written from an earlier encoding).
    private(set) var encodedCount = 0

    init(maximumInFlight: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        slots = DispatchSemaphore(value: maximumInFlight)
    }

    /// Queues `image` to be written to `url`; throws an earlier frame's error, if any.
    func write(_ image: RGBAImage, to url: URL, options: PNGWriteOptions = .default) throws {
        try throwIfFailed()
        if let previous, previous.options == options, previous.image.hasSamePixels(as: image) {
            let encoded = previous.encoded
            submit { try Self.writeAtomically(try encoded.wait(), to: url) }
            return
        }
        let encoded = EncodedFrame()
        previous = (image, options, encoded)
        encodedCount += 1
        submit {
            let data: Data
            do {
                data = try image.pngData(options: options)
                encoded.fulfil(.success(data))
            } catch {
                encoded.fulfil(.failure(error))
                throw error
            }
            try Self.writeAtomically(data, to: url)
        }
    }

    /// Waits for every queued frame; throws the first error.
    func finish() throws {
        group.wait()
        try throwIfFailed()
    }

    private func submit(_ job: @escaping @Sendable () throws -> Void) {
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
                try job()
            } catch {
                lock.lock()
                if firstError == nil { firstError = error }
                lock.unlock()
            }
        }
    }

    /// Writes through a temporary sibling that is synced and renamed into place.
    private static func writeAtomically(_ data: Data, to url: URL) throws {
        let path = url.path
        var error = cpng_error()
        let status = data.withUnsafeBytes { raw in
            cpng_write_file_atomically(path, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &error)
        }
        if status != Int32(CPNG_OK) {
            throw PNGError(status: status, error: &error, path: path)
        }
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

/// A frame's PNG bytes, available once the thread encoding it is done.
private final class EncodedFrame: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var result: Result<Data, Error>?

    func fulfil(_ result: Result<Data, Error>) {
        self.result = result
        ready.signal()
    }

    func wait() throws -> Data {
        ready.wait()
        defer { ready.signal() }
        return try result!.get()
    }
}

extension RGBAImage {
    /// Whether both images have the same size and bytes (one `memcmp`).
    func hasSamePixels(as other: RGBAImage) -> Bool {
        guard width == other.width, height == other.height else { return false }
        return bytes.withUnsafeBytes { a in
            other.bytes.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
