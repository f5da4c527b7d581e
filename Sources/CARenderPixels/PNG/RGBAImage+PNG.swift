import CPNG
import Foundation

extension RGBAImage {
    /// Writes the image as an 8-bit PNG. The file appears complete or not at all: the encoded
    /// bytes go to a temporary sibling that is synced and renamed into place.
    public func writePNG(to url: URL, options: PNGWriteOptions = .default) throws {
        let path = url.path
        let data = try encodedPNG(options: options, describedAs: path)
        var error = cpng_error()
        let status = data.withUnsafeBytes { raw in
            cpng_write_file_atomically(path, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, 1, &error)
        }
        if status != Int32(CPNG_OK) {
            throw PNGError(status: status, error: &error, path: path)
        }
    }

    /// The image encoded as a PNG file's bytes, in memory.
    public func pngData(options: PNGWriteOptions = .default) throws -> Data {
        try encodedPNG(options: options, describedAs: "(memory)")
    }

    /// Encodes through the libpng shim; errors name `target` (a path, or "(memory)").
    private func encodedPNG(options: PNGWriteOptions, describedAs target: String) throws -> Data {
        try encodePNG(bytes, width: width, height: height, premultiplied: false,
                      isOpaque: options.dropAlphaWhenOpaque && isOpaque, options: options, describedAs: target)
    }

    /// Decodes any PNG libpng accepts (palette, grey, 16-bit, interlaced, with or without alpha)
    /// into 8-bit RGBA with straight alpha.
    public init(contentsOfPNG url: URL) throws {
        let path = url.path
        var error = cpng_error()
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0
        var h: UInt32 = 0
        let status = cpng_read_rgba(path, &pixels, &w, &h, &error)
        guard status == Int32(CPNG_OK), let pixels else {
            throw PNGError(status: status, error: &error, path: path)
        }
        defer { cpng_free(pixels) }
        let count = Int(w) * Int(h) * 4
        self.init(width: Int(w), height: Int(h), bytes: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// Decodes a PNG file's bytes as ``init(contentsOfPNG:)`` decodes the file; errors name the
    /// image "(memory)".
    package init(pngData data: Data) throws {
        var error = cpng_error()
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0
        var h: UInt32 = 0
        let status = data.withUnsafeBytes { raw in
            cpng_read_rgba_memory(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &pixels, &w, &h, &error)
        }
        guard status == Int32(CPNG_OK), let pixels else {
            throw PNGError(status: status, error: &error, path: "(memory)")
        }
        defer { cpng_free(pixels) }
        self.init(width: Int(w), height: Int(h), bytes: Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4)))
    }
}

extension Pixmap {
    /// The pixmap encoded as a PNG file's bytes, in memory: the same file as
    /// `unpremultiplied().pngData(options:)`, converted to straight alpha row by row as the rows
    /// are filtered instead of in a copy of the frame. `isOpaque`, when the caller knows it, saves
    /// testing every pixel's alpha again.
    package func pngData(options: PNGWriteOptions, isOpaque: Bool? = nil) throws -> Data {
        let opaque = options.dropAlphaWhenOpaque && (isOpaque ?? self.isOpaque)
        return try encodePNG(bytes, width: width, height: height, premultiplied: true, isOpaque: opaque,
                             options: options, describedAs: "(memory)")
    }
}

/// Encodes RGBA `bytes` through the libpng shim, as RGB when `isOpaque` (the caller has checked
/// `dropAlphaWhenOpaque`); errors name `target` (a path, or "(memory)").
private func encodePNG(_ pixels: [UInt8], width: Int, height: Int, premultiplied: Bool, isOpaque: Bool,
                       options: PNGWriteOptions, describedAs target: String) throws -> Data {
    guard width > 0, height > 0 else {
        throw PNGError(kind: .invalidImage, path: target, message: "cannot write an empty \(width)×\(height) image")
    }
    let cOptions = cpng_write_options(
        level: Int32(max(0, min(12, options.compressionLevel))),
        filters: options.filters.rawValue,
        drop_alpha: isOpaque ? 1 : 0,
        deflater: options.deflater.shimValue,
        premultiplied: premultiplied ? 1 : 0)
    var error = cpng_error()
    var bytes: UnsafeMutablePointer<UInt8>?
    var size = 0
    let status = pixels.withUnsafeBufferPointer { buffer in
        cpng_encode_rgba(buffer.baseAddress, UInt32(width), UInt32(height), width * 4, cOptions, &bytes, &size, &error)
    }
    guard status == Int32(CPNG_OK), let bytes else {
        throw PNGError(status: status, error: &error, path: target)
    }
    // The encoder's buffer becomes the Data's storage: no copy of the file.
    return Data(bytesNoCopy: bytes, count: size, deallocator: .custom { pointer, _ in cpng_free(pointer) })
}

extension PNGWriteOptions.Deflater {
    /// The shim's `CPNG_DEFLATER_*` value.
    var shimValue: Int32 {
        switch self {
        case .libdeflate: return Int32(CPNG_DEFLATER_LIBDEFLATE)
        case .runs: return Int32(CPNG_DEFLATER_RUNS)
        case .matches: return Int32(CPNG_DEFLATER_MATCHES)
        }
    }
}

extension PNGError {
    package init(status: Int32, error: inout cpng_error, path: String) {
        let message = withUnsafeBytes(of: &error.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let kind: Kind
        switch status {
        case Int32(CPNG_ERR_OPEN): kind = .cannotOpen
        case Int32(CPNG_ERR_LIBPNG): kind = .invalidData
        case Int32(CPNG_ERR_IO): kind = .ioFailure
        case Int32(CPNG_ERR_MEMORY): kind = .tooLarge
        default: kind = .invalidImage
        }
        self.init(kind: kind, path: path, message: message.isEmpty ? "PNG error \(status)" : message)
    }
}
