import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
import CARenderTestSupport
import XCTest

/// Mutated PNGs through the reader, on a fixed seed: every file either decodes to a consistent
/// image or throws a `PNGError` naming the file and the problem; nothing crashes or hangs. The
/// same bytes decoded in memory (`UIImage(data:)`'s path) give the same image or the same reason.
final class PNGFuzzTests: XCTestCase {
    /// Enough mutants to reach the chunk, zlib and row-filter error paths of every fixture type,
    /// within a couple of seconds in a debug build.
    private static let mutantCount = 1_500
    private static let seed: UInt64 = 0x0CA7_E5DE_F00D_2026

    func testMutatedPNGsDecodeOrThrowANamedError() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let originals = try Self.seedFiles()
        var random = SplitMix64(seed: Self.seed)
        var decoded = 0
        var refused: [PNGError.Kind: Int] = [:]
        for index in 0..<Self.mutantCount {
            let original = originals[index % originals.count]
            let mutant = Self.mutate(original, with: &random)
            // A new file each time: rewriting one file makes ext4 flush it on every close.
            let url = folder.appendingPathComponent("mutant-\(index).png")
            try Self.write(mutant, to: url)
            let inMemory = Result { try RGBAImage(pngData: Data(mutant)) }
            do {
                let image = try RGBAImage(contentsOfPNG: url)
                XCTAssertGreaterThan(image.width, 0)
                XCTAssertGreaterThan(image.height, 0)
                XCTAssertEqual(image.bytes.count, image.width * image.height * 4)
                XCTAssertEqual(try? inMemory.get(), image, "mutant \(index) in memory")
                decoded += 1
            } catch let error as PNGError {
                refused[error.kind, default: 0] += 1
                if case .failure(let memoryError as PNGError) = inMemory {
                    XCTAssertEqual(memoryError.kind, error.kind, "mutant \(index) in memory")
                    XCTAssertEqual(memoryError.message, error.message, "mutant \(index) in memory")
                } else {
                    XCTFail("mutant \(index) decodes in memory but not from its file: \(error)")
                }
                XCTAssertEqual(error.path, url.path, "mutant \(index)")
                XCTAssertFalse(error.message.isEmpty, "mutant \(index)")
                XCTAssertFalse(error.message.hasPrefix("PNG error"), "a reason, not a bare code: mutant \(index): \(error)")
            }
        }
        // The campaign reaches both outcomes (most mutants break a CRC, zlib or a chunk rule; a
        // few change only pixels or ancillary data and still decode).
        XCTAssertGreaterThan(decoded, 0, "\(decoded) decoded, refused: \(refused)")
        XCTAssertGreaterThan(refused[.invalidData, default: 0], Self.mutantCount / 2, "refused: \(refused)")
    }

    /// `CGImage(pngFile:)` answers nil for a broken file and says why in a warning.
    func testCGImageWarnsWithLibpngsReason() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix64(seed: Self.seed)
        let original = try [UInt8](Data(contentsOf: Fixtures.png("rgb8.png")))
        var checked = 0
        for index in 0..<200 where checked < 20 {
            let url = folder.appendingPathComponent("mutant-\(index).png")
            try Self.write(Self.mutate(original, with: &random), to: url)
            guard (try? RGBAImage(contentsOfPNG: url)) == nil else { continue }
            var image: CGImage?
            let lines = capturingDiagnostics { image = CGImage(pngFile: url) }
            XCTAssertNil(image)
            XCTAssertEqual(lines.count, 1, "\(lines)")
            XCTAssertTrue(lines.first?.hasPrefix("carender: warning: cannot load the image \(url.path): ") == true, "\(lines)")
            checked += 1
        }
        XCTAssertEqual(checked, 20)
    }

    /// A plain write(2), without Foundation's extra file-system calls.
    private static func write(_ bytes: [UInt8], to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ Foundation.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    // MARK: Mutations

    private static func seedFiles() throws -> [[UInt8]] {
        let names = ["gray1.png", "gray16.png", "gray8.png", "gray_alpha8.png", "palette4.png",
                     "rgb8.png", "rgb8_interlaced.png", "rgba16.png"]
        var files = try names.map { try [UInt8](Data(contentsOf: Fixtures.png($0))) }
        // A larger encoder-written image: several rows per filter type and a real deflate stream.
        var image = RGBAImage(width: 24, height: 16)
        for y in 0..<16 { for x in 0..<24 { image[x, y] = RGBA8(r: UInt8(x * 10), g: UInt8(y * 15), b: UInt8((x ^ y) * 7), a: UInt8(128 + x)) } }
        files.append(try [UInt8](image.pngData()))
        return files
    }

    /// One to four edits: flipped bits, boundary bytes, truncation, an edit inside a chunk with its
    /// CRC recomputed (so libpng gets past the checksum into the decoder), or a chunk length edit.
    private static func mutate(_ original: [UInt8], with random: inout SplitMix64) -> [UInt8] {
        var bytes = original
        for _ in 0..<(1 + random.next(below: 4)) {
            guard bytes.count > 8 else { break }
            switch random.next(below: 6) {
            case 0:
                let at = random.next(below: bytes.count)
                bytes[at] ^= UInt8(1 << random.next(below: 8))
            case 1:
                let at = 8 + random.next(below: bytes.count - 8)
                bytes[at] = [0x00, 0xff, 0x7f, 0x80, 0x01][random.next(below: 5)]
            case 2:
                bytes.removeLast(1 + random.next(below: min(40, bytes.count - 8)))
            case 3, 4:
                mutateInsideChunk(&bytes, with: &random)
            default:
                let chunks = chunkOffsets(bytes)
                guard let chunk = chunks.randomElement(using: &random) else { continue }
                let length = UInt32(random.next(below: 1 << 20))
                writeBigEndian(length, into: &bytes, at: chunk.start)
            }
        }
        return bytes
    }

    private static func mutateInsideChunk(_ bytes: inout [UInt8], with random: inout SplitMix64) {
        let chunks = chunkOffsets(bytes).filter { $0.length > 0 }
        guard let chunk = chunks.randomElement(using: &random) else { return }
        let dataStart = chunk.start + 8
        let at = dataStart + random.next(below: chunk.length)
        bytes[at] = random.next(below: 2) == 0 ? UInt8(truncatingIfNeeded: random.next(below: 256)) : bytes[at] ^ 0x80
        let crc = crc32(bytes[(chunk.start + 4)..<(dataStart + chunk.length)])
        writeBigEndian(crc, into: &bytes, at: dataStart + chunk.length)
    }

    /// (offset of the length field, data length) of each complete chunk.
    private static func chunkOffsets(_ bytes: [UInt8]) -> [(start: Int, length: Int)] {
        var chunks: [(Int, Int)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { break }
            chunks.append((offset, length))
            offset += 12 + length
        }
        return chunks
    }

    private static func writeBigEndian(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
    }

    /// The PNG chunk CRC: CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected) over type and data.
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
