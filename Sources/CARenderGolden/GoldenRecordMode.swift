import Foundation

/// When a golden check writes the reference instead of only comparing with it.
///
/// A check that records always fails, saying which file it wrote: look at the file, then run
/// again to compare. So a run left in a recording mode is never green.
public enum GoldenRecordMode: String, CaseIterable, Sendable {
    /// Record every reference, matching or not.
    case all
    /// Record references that do not exist yet; compare the others. The default.
    case missing
    /// Record references that do not exist or do not match.
    case failed
    /// Only compare; a missing reference is a failure.
    case never

    /// The environment variable that chooses the mode for a whole run.
    public static let environmentVariable = "CARENDER_RECORD_GOLDEN"

    /// The mode `CARENDER_RECORD_GOLDEN` names (`all`, `missing`, `failed`, `never`; `1` or `true`
    /// mean `all`, `0` or `false` mean `never`), else `missing`.
    ///
    /// An unknown value is an error rather than a silent default, so a typo cannot turn
    /// recording off.
    public static func fromEnvironment(_ environment: [String: String]) throws -> GoldenRecordMode {
        guard let raw = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else {
            return .missing
        }
        switch raw.lowercased() {
        case "1", "true", "yes": return .all
        case "0", "false", "no": return .never
        default:
            guard let mode = GoldenRecordMode(rawValue: raw.lowercased()) else {
                throw GoldenError.invalidRecordMode(raw)
            }
            return mode
        }
    }
}

/// A golden check that could not be carried out (as opposed to one that found a difference).
public enum GoldenError: Error, CustomStringConvertible, Equatable {
    /// `CARENDER_RECORD_GOLDEN` holds something other than a record mode.
    case invalidRecordMode(String)
    /// A reference exists but cannot be read or decoded.
    case unreadableReference(path: String, reason: String)
    /// A reference or an artifact cannot be written.
    case unwritable(path: String, reason: String)

    /// What went wrong, naming the file or value.
    public var description: String {
        switch self {
        case .invalidRecordMode(let value):
            return "\(GoldenRecordMode.environmentVariable)=\(value) is not a record mode; use all, missing, failed or never"
        case .unreadableReference(let path, let reason):
            return "cannot read the golden reference \(path): \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
