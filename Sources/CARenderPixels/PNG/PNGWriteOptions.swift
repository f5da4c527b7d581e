/// How frames are compressed. The default (filters chosen per frame and per row, deflated by the
/// shim's matcher) writes interface frames about 5% above zlib's level 6 in about a fifth of zlib
/// level 1's time; `fast` deflates with runs only, in about half of that, for files a
/// sixth to a quarter larger (see "PNG settings" in the Benchmarks article).
public struct PNGWriteOptions: Equatable, Sendable {
    /// PNG row filters. With several, each row gets the one whose residuals are smallest.
    public struct Filters: OptionSet, Sendable {
        /// The filters' bits, with libpng's values.
        public let rawValue: Int32
        /// Creates a set of filters from their bits.
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// No filter: rows are stored as they are.
        public static let none = Filters(rawValue: 0x08)
        /// Each byte less the byte of the pixel to its left.
        public static let sub = Filters(rawValue: 0x10)
        /// Each byte less the byte above it.
        public static let up = Filters(rawValue: 0x20)
        /// Each byte less the mean of the bytes to its left and above it.
        public static let average = Filters(rawValue: 0x40)
        /// Each byte less the Paeth predictor of its left, upper and upper-left neighbours.
        public static let paeth = Filters(rawValue: 0x80)
        /// All five filters.
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
        /// With `all`: each frame first probes a few rows; when Average and Paeth would leave
        /// residuals not clearly smaller than Sub and Up (flat fills, straight edges, soft shadows:
        /// most interface frames), its rows choose between Sub and Up only, which is a third of the
        /// filtering work and deflates as small or smaller.
        public static let perFrameChoice = Filters(rawValue: 0x100)
    }

    /// How the filtered rows are deflated.
    public enum Deflater: Equatable, Sendable {
        /// libdeflate at `compressionLevel`: matches anywhere in the last 32 KiB.
        case libdeflate
        /// A few candidate matches per position, where filtered interface frames repeat: the
        /// previous byte and pixel, the row above and a pixel either side of it, and the last two
        /// earlier places whose next 8 bytes hash alike; greedy; `compressionLevel` is not used.
        /// On interface frames, files about 1% larger than libdeflate level 4's (about 5% above
        /// zlib's level 6) in about half its time.
        case matches
        /// Matches of a repeated byte or a repeated pixel only (what filtering makes of flat fills,
        /// straight edges and gradients), each block with its own Huffman codes; `compressionLevel`
        /// is not used. About a third of libdeflate level 1's time on interface frames, for files
        /// a tenth to a sixth larger than level 1's.
        case runs
    }

    /// The command line's `--png-compression` settings.
    public enum Preset: String, CaseIterable, Sendable {
        /// Runs only, Sub or Up per row.
        case fast
        /// The shim's matcher, filters chosen per frame and per row.
        case `default`
        /// libdeflate level 12.
        case small

        /// The write options of the preset.
        public var options: PNGWriteOptions {
            switch self {
            case .fast: return .fast
            case .default: return .default
            case .small: return .smallest
            }
        }
    }

    /// Deflate level, 0 (store) to 12 (smallest, slowest), for `.libdeflate`.
    public var compressionLevel: Int
    /// The row filters tried; `[.all, .perFrameChoice]` by default.
    public var filters: Filters
    /// Write RGB instead of RGBA when every pixel is opaque (about a fifth smaller and faster).
    public var dropAlphaWhenOpaque: Bool
    /// How the filtered rows are deflated; `.libdeflate` unless given (`PNGWriteOptions.default`
    /// uses `.matches`).
    public var deflater: Deflater

    /// The libdeflate level used when `deflater` is `.libdeflate` and no level is given.
    public static let defaultCompressionLevel = 4

    /// Creates write options; the defaults are libdeflate at level 4, every filter with the
    /// per-frame choice, and RGB for opaque frames.
    public init(compressionLevel: Int = defaultCompressionLevel, filters: Filters = [.all, .perFrameChoice],
                dropAlphaWhenOpaque: Bool = true, deflater: Deflater = .libdeflate) {
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.dropAlphaWhenOpaque = dropAlphaWhenOpaque
        self.deflater = deflater
    }

    /// The command line's default: the shim's matcher, filters chosen per frame and per row.
    public static let `default` = PNGWriteOptions(deflater: .matches)
    /// The fastest: runs only, and Sub or Up per row (Average and Paeth residuals seldom repeat).
    public static let fast = PNGWriteOptions(filters: [.sub, .up], deflater: .runs)
    /// The smallest files, for goldens and archives.
    public static let smallest = PNGWriteOptions(compressionLevel: 12)
}
