import Foundation

/// What one golden check found.
///
/// Only ``matched(reference:)`` is a success: a check that recorded a reference fails, so that
/// a run left in a recording mode is never green.
public enum GoldenOutcome: Sendable {
    /// The value matched its reference within the tolerance.
    case matched(reference: URL)
    /// The reference was written; `reason` says why (it was missing, it differed, or the mode
    /// records everything).
    case recorded(reference: URL, reason: String)
    /// No reference exists and the record mode is `never`.
    case missing(reference: URL)
    /// The value differs from its reference.
    case mismatched(GoldenMismatch)

    /// Whether the value matched its reference (a recording is not a success).
    public var isSuccess: Bool {
        if case .matched = self { return true }
        return false
    }

    /// The reference file the check read or wrote.
    public var reference: URL {
        switch self {
        case .matched(let url), .recorded(let url, _), .missing(let url): return url
        case .mismatched(let mismatch): return mismatch.reference
        }
    }

    /// A message for a failed check, or nil when it matched. `rerecord` says how to record again
    /// where the check ran: for a test, `CARENDER_RECORD_GOLDEN=failed swift test --filter …`.
    public func failureMessage(rerecord: String) -> String? {
        switch self {
        case .matched:
            return nil
        case .recorded(let url, let reason):
            return "recorded \(url.path) (\(reason)), look at it and re-run"
        case .missing(let url):
            return "no golden reference at \(url.path) (record mode never); to record it: \(rerecord)"
        case .mismatched(let mismatch):
            var lines = ["\(mismatch.reference.lastPathComponent) differs from \(mismatch.reference.path):",
                         "  " + mismatch.summary]
            if !mismatch.artifacts.isEmpty {
                lines.append("  written: " + mismatch.artifacts.map(\.path).joined(separator: ", "))
            }
            lines.append("  if the new output is right (look at it first), re-record: \(rerecord)")
            return lines.joined(separator: "\n")
        }
    }
}

/// How a value differed from its golden reference.
public struct GoldenMismatch: Sendable {
    /// The reference compared with.
    public var reference: URL
    /// What differed, where and by how much, in one line.
    public var summary: String
    /// For images of one size, the pixel comparison.
    public var imageDifference: ImageDifference?
    /// Files written to look at: the actual value, the expected one and, for images, the
    /// difference picture.
    public var artifacts: [URL]
}
