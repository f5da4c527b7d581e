/// How frames are compressed. The default (each row's best filter, deflate level 6) writes files
/// no larger than zlib's level 6 in about a third of zlib level 1's time (libdeflate does the
/// deflating; see README's performance notes).
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
    }

    /// Deflate level, 0 (store) to 12 (smallest, slowest).
    public var compressionLevel: Int
    public var filters: Filters
    /// Write RGB instead of RGBA when every pixel is opaque (about a fifth smaller and faster).
    public var dropAlphaWhenOpaque: Bool

    public init(compressionLevel: Int = 6, filters: Filters = .all, dropAlphaWhenOpaque: Bool = true) {
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.dropAlphaWhenOpaque = dropAlphaWhenOpaque
    }

    public static let `default` = PNGWriteOptions()
    /// The smallest files, for goldens and archives.
    public static let smallest = PNGWriteOptions(compressionLevel: 12)
}
