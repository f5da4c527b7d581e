import CPNG
import Dispatch
import Foundation
import CARenderPixels
import Synchronization

/// Encodes and writes frames on background threads while the stage renders the next ones.
///
/// Frames are independent files, so encoding in parallel changes no byte of any of them; at most
/// `maximumInFlight` frames wait in memory. A frame identical to the one before (a still period
/// of an animation) is not encoded again: its file gets the same bytes. The first error stops
/// further writes and is thrown from `finish()` (or from the next `write`).
///
/// Durability: each frame is written to a temporary sibling and renamed into place only once
/// complete, so whenever the process is stopped (a crash, a signal, `kill -9`) every frame file
/// is either absent or whole: the kernel holds the renamed file's data whatever happens to the
/// process, and the signal handlers remove the temporary files in flight. What a rename alone
/// does not cover is the machine losing power before the kernel has written the data back; so
/// instead of one `fsync` per frame (a journal commit each, several milliseconds, and the
/// largest cost of a small frame), the frames' file system is flushed once every
/// `syncInterval` frames (on a writer thread, while rendering goes on) and once more, waited for,
/// when the sequence is finished. A power loss can then cost about the frames written since the
/// last flush, which `--skip-existing` renders again only if
/// their files are missing: a file renamed into place before a power loss can come back empty on
/// some file systems, which is why the flush comes before `finish()` returns.
final class FrameWriter: Sendable {
    /// Frames written between two flushes of their file system to disk.
    static let syncInterval = 240

    private let queue = DispatchQueue(label: "carender.frame-writer", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    /// The first error a writer thread met.
    private let firstError = Mutex<Error?>(nil)
    /// What the thread queueing frames keeps between them (the lock is never contended: only
    /// that thread takes it).
    private let queued = Mutex(Queued())

    private struct Queued {
        /// The last frame queued, its options and its encoding (filled in by the thread encoding it).
        var previous: (frame: FramePixels, options: PNGWriteOptions, encoded: EncodedFrame)?
        /// How many frames were encoded (not counting repeats written from an earlier encoding).
        var encodedCount = 0
        /// Frames queued since the last flush, and the folders they went to.
        var unsyncedCount = 0
        var unsyncedFolders: Set<String> = []
    }

    /// How many frames were encoded (not counting repeats written from an earlier encoding).
    var encodedCount: Int { queued.withLock { $0.encodedCount } }

    init(maximumInFlight: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        slots = DispatchSemaphore(value: maximumInFlight)
    }

    /// Queues `image` to be written to `url`; throws an earlier frame's error, if any.
    func write(_ image: RGBAImage, to url: URL, options: PNGWriteOptions = .default) throws {
        try write(.straight(image), to: url, options: options)
    }

    /// Queues a frame as the compositor left it (premultiplied) to be written to `url`: the
    /// encoder converts it to straight alpha row by row as it filters, with no converted copy of
    /// the frame. `isOpaque` is what `pixmap.isOpaque` returns, when the caller has tested it.
    func write(_ pixmap: Pixmap, isOpaque: Bool? = nil, to url: URL, options: PNGWriteOptions = .default) throws {
        try write(.premultiplied(pixmap, isOpaque: isOpaque), to: url, options: options)
    }

    private func write(_ frame: FramePixels, to url: URL, options: PNGWriteOptions) throws {
        try throwIfFailed()
        let folder = url.deletingLastPathComponent().path
        let (folders, repeated, encoded) = queued.withLock { queued in
            if !queued.unsyncedFolders.contains(folder) { queued.unsyncedFolders.insert(folder) }
            queued.unsyncedCount += 1
            var folders: [String]?
            if queued.unsyncedCount >= Self.syncInterval {
                folders = queued.unsyncedFolders.sorted()
                queued.unsyncedFolders.removeAll(keepingCapacity: true)
                queued.unsyncedCount = 0
            }
            if let previous = queued.previous, previous.options == options, previous.frame.hasSamePixels(as: frame) {
                return (folders, true, previous.encoded)
            }
            let encoded = EncodedFrame()
            queued.previous = (frame, options, encoded)
            queued.encodedCount += 1
            return (folders, false, encoded)
        }
        if let folders {
            // On a writer thread, so rendering goes on meanwhile; frames still being encoded are
            // covered by the next flush.
            submit { for folder in folders { try Self.sync(folder) } }
        }
        if repeated {
            submit { try Self.writeAtomically(try encoded.wait(), to: url) }
            return
        }
        submit {
            let data: Data
            do {
                data = try frame.pngData(options: options)
                encoded.fulfil(.success(data))
            } catch {
                encoded.fulfil(.failure(error))
                throw error
            }
            try Self.writeAtomically(data, to: url)
        }
    }

    /// Waits for every queued frame and flushes them to disk; throws the first error.
    func finish() throws {
        group.wait()
        try throwIfFailed()
        try syncToDisk()
    }

    /// Waits for the frames queued so far and flushes the file systems they went to.
    private func syncToDisk() throws {
        group.wait()
        try throwIfFailed()
        let folders = queued.withLock { queued in
            defer {
                queued.unsyncedFolders.removeAll(keepingCapacity: true)
                queued.unsyncedCount = 0
            }
            return queued.unsyncedFolders.sorted()
        }
        for folder in folders { try Self.sync(folder) }
    }

    /// Flushes the file system holding `folder` to disk.
    private static func sync(_ folder: String) throws {
        var error = cpng_error()
        let status = cpng_sync_folder(folder, &error)
        if status != Int32(CPNG_OK) { throw PNGError(status: status, error: &error, path: folder) }
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
                firstError.withLock { first in
                    if first == nil { first = error }
                }
            }
        }
    }

    /// Writes through a temporary sibling that is renamed into place (flushed to disk later, with
    /// the other frames: see the type's notes on durability).
    private static func writeAtomically(_ data: Data, to url: URL) throws {
        let path = url.path
        var error = cpng_error()
        let status = data.withUnsafeBytes { raw in
            cpng_write_file_atomically(path, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, 0, &error)
        }
        if status != Int32(CPNG_OK) {
            throw PNGError(status: status, error: &error, path: path)
        }
    }

    private var hasFailed: Bool {
        firstError.withLock { $0 != nil }
    }

    private func throwIfFailed() throws {
        if let error = firstError.withLock({ $0 }) { throw error }
    }
}

/// A frame's PNG bytes, available once the thread encoding it is done.
private final class EncodedFrame: Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<Data, Error>?>(nil)

    func fulfil(_ result: Result<Data, Error>) {
        self.result.withLock { $0 = result }
        ready.signal()
    }

    func wait() throws -> Data {
        ready.wait()
        defer { ready.signal() }
        return try result.withLock { $0! }.get()
    }
}

/// A frame to write: a straight-alpha image, or the compositor's premultiplied pixels.
private enum FramePixels: Sendable {
    case straight(RGBAImage)
    case premultiplied(Pixmap, isOpaque: Bool?)

    func pngData(options: PNGWriteOptions) throws -> Data {
        switch self {
        case .straight(let image): return try image.pngData(options: options)
        case .premultiplied(let pixmap, let isOpaque): return try pixmap.pngData(options: options, isOpaque: isOpaque)
        }
    }

    /// Whether both frames are of one kind with the same size and bytes (one `memcmp`). Equal
    /// premultiplied pixels give equal files; frames of different kinds are never compared.
    func hasSamePixels(as other: FramePixels) -> Bool {
        switch (self, other) {
        case (.straight(let a), .straight(let b)):
            return Self.sameBytes(a.width, a.height, a.bytes, b.width, b.height, b.bytes)
        case (.premultiplied(let a, _), .premultiplied(let b, _)):
            return Self.sameBytes(a.width, a.height, a.bytes, b.width, b.height, b.bytes)
        default:
            return false
        }
    }

    private static func sameBytes(_ w1: Int, _ h1: Int, _ a: [UInt8], _ w2: Int, _ h2: Int, _ b: [UInt8]) -> Bool {
        guard w1 == w2, h1 == h2 else { return false }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }
}
