import ArgumentParser
import Foundation

/// A frame rate as typed: a number (`60`, `29.97`) or a ratio (`30000/1001`, NTSC's 29.97), kept
/// exact for ffmpeg, whose timestamps are rational; the renderer takes its `Double`.
struct FrameRate: Equatable, CustomStringConvertible {
    /// Frames `numerator` per `denominator` seconds.
    let numerator: Int
    let denominator: Int

    /// The most frames per second a render accepts.
    static let maximum = 10_000.0

    init(numerator: Int, denominator: Int) {
        let divisor = Self.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// Parses `N`, `N.M` or `N/D`; the error names the text and says what a rate looks like.
    init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        let what = "'\(text)' is not a frame rate: give frames per second, as 60, 29.97 or 30000/1001"
        if parts.count == 2 {
            guard let n = Int(parts[0]), let d = Int(parts[1]) else { throw ValidationError(what) }
            guard n > 0, d > 0 else { throw ValidationError("the frame rate \(text) must be positive") }
            self.init(numerator: n, denominator: d)
        } else {
            guard parts.count == 1, let value = Double(trimmed), value.isFinite else { throw ValidationError(what) }
            guard value > 0 else { throw ValidationError("the frame rate \(text) must be positive") }
            // Decimals as typed: 29.97 is 2997/100, exactly what was asked for.
            let decimals = trimmed.split(separator: ".").dropFirst().first?.prefix { $0.isNumber }.count ?? 0
            guard decimals <= 6, value <= Self.maximum else {
                guard value <= Self.maximum else { throw ValidationError(Self.tooFast(text)) }
                throw ValidationError("the frame rate \(text) has more than 6 decimals; write it as a ratio such as 30000/1001")
            }
            let scale = Int(pow(10, Double(decimals)))
            self.init(numerator: Int((value * Double(scale)).rounded()), denominator: scale)
        }
        guard value <= Self.maximum else { throw ValidationError(Self.tooFast(text)) }
    }

    private static func tooFast(_ text: String) -> String {
        "--fps \(text) is more than \(Int(maximum)) frames per second"
    }

    /// Frames per second.
    var value: Double { Double(numerator) / Double(denominator) }

    /// As ffmpeg's `-framerate` takes it: `60`, `30000/1001`.
    var ffmpegForm: String { denominator == 1 ? String(numerator) : "\(numerator)/\(denominator)" }

    /// `60`, `29.97`, `30000/1001` (a ratio whose decimal form does not end).
    var description: String {
        if denominator == 1 { return String(numerator) }
        var d = denominator
        while d % 2 == 0 { d /= 2 }
        while d % 5 == 0 { d /= 5 }
        if d == 1 {
            var text = String(format: "%.6f", value)
            while text.hasSuffix("0") { text.removeLast() }
            return text
        }
        return "\(numerator)/\(denominator)"
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }
}
