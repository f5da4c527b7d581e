/// How frames are compressed. The default (filters chosen per frame and per row, libdeflate level
/// 4) writes interface frames no larger than zlib's level 6 in well under half of zlib level 1's
/// time (see the table of measured settings in README).
public struct PNGWriteOptions: Equatable, Sendable {
    /// PNG row filters. With several, each row gets the one whose residuals are smallest.
    public struct Filters: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let none = Filters(rawValue: 0x08)
        public static let sub = Filters(rawValue: 0x10)
        public static let up = Filters(rawValue: 0x20)
        public static let average = Filters(rawValue: 0x40)
        public static let paeth = Filters(rawValue: 0x80)
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
        /// With `all`: each frame first probes a few rows; when Average and Paeth would leave
        /// residuals not clearly smaller than Sub and Up (flat fills, straight edges, soft shadows:
        /// most interface frames), its rows choose between Sub and Up only, which is a third of the
        /// filtering work and deflates as small or smaller.
        public static let perFrameChoice = Filters(rawValue: 0x100)
    }

    /// Deflate level, 0 (store) to 12 (smallest, slowest).
    public var compressionLevel: Int
    public var filters: Filters
    /// Write RGB instead of RGBA when every pixel is opaque (about a fifth smaller and faster).
    public var dropAlphaWhenOpaque: Bool

    /// The deflate level of the default setting (`--png-compression default`).
    public static let defaultCompressionLevel = 4

    public init(compressionLevel: Int = defaultCompressionLevel, filters: Filters = [.all, .perFrameChoice],
                dropAlphaWhenOpaque: Bool = true) {
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.dropAlphaWhenOpaque = dropAlphaWhenOpaque
    }

    public static let `default` = PNGWriteOptions()
    /// The smallest files, for goldens and archives.
    public static let smallest = PNGWriteOptions(compressionLevel: 12)
}
