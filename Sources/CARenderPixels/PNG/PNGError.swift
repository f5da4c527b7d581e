import Foundation

/// A PNG file could not be read or written. The message names the file and what libpng or the
/// file system said.
public struct PNGError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, for code that handles the cases differently.
    public enum Kind: Equatable, Sendable {
        /// The file or its folder could not be opened or created.
        case cannotOpen
        /// libpng rejected the data: not a PNG, corrupt or truncated.
        case invalidData
        /// Writing, flushing or renaming failed.
        case ioFailure
        /// The image is too large or memory ran out.
        case tooLarge
        /// The image itself is unusable (for example zero-sized).
        case invalidImage
    }

    /// What went wrong.
    public let kind: Kind
    /// The file that could not be read or written.
    public let path: String
    /// What libpng or the file system said.
    public let message: String

    /// The file and the message, as "path: message".
    public var description: String { "\(path): \(message)" }
}
