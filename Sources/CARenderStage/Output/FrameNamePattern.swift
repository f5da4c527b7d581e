import Foundation

/// How the files of a frame sequence are named: a fixed prefix and suffix around a zero-padded
/// frame number, as in ffmpeg's and Blender's image sequences (`frame_%05d.png`, `frame_#####.png`).
package struct FrameNamePattern: Equatable, Sendable, CustomStringConvertible {
    package let prefix: String
    package let suffix: String
    /// Digits the number is padded to with zeros (0: no padding).
    package let width: Int

    /// `frame_00000.png`, `frame_00001.png`, …
    package static let `default` = FrameNamePattern(prefix: "frame_", suffix: ".png", width: 5)

    package init(prefix: String, suffix: String, width: Int) {
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
    }

    /// Parses a file name holding exactly one number field: printf's `%d`/`%04d`, or a run of `#`
    /// whose length is the padding. Returns nil for a name with neither (a folder name).
    package init?(parsingFileName name: String) throws {
        let percent = name.contains("%")
        let hash = name.contains("#")
        guard percent || hash else { return nil }
        if percent && hash {
            throw StageError.invalidOption("the output pattern \(name) mixes % and #; use one number field, as frame_%04d.png or frame_####.png")
        }
        let prefix: Substring, suffix: Substring, width: Int
        if percent {
            let start = name.firstIndex(of: "%")!
            var cursor = name.index(after: start)
            var digits = ""
            while cursor < name.endIndex, name[cursor].isASCIIDigit {
                digits.append(name[cursor])
                cursor = name.index(after: cursor)
            }
            guard cursor < name.endIndex, name[cursor] == "d", digits.isEmpty || digits.hasPrefix("0") else {
                throw StageError.invalidOption("the output pattern \(name) has a % that is not a number field such as %d or %04d (zero-padded)")
            }
            prefix = name[..<start]
            suffix = name[name.index(after: cursor)...]
            width = Int(digits) ?? 0
        } else {
            let start = name.firstIndex(of: "#")!
            let end = name[start...].firstIndex(where: { $0 != "#" }) ?? name.endIndex
            prefix = name[..<start]
            suffix = name[end...]
            width = name.distance(from: start, to: end)
        }
        guard !suffix.contains("%"), !suffix.contains("#") else {
            throw StageError.invalidOption("the output pattern \(name) has more than one number field")
        }
        guard suffix.lowercased().hasSuffix(".png") else {
            throw StageError.invalidOption("the output pattern \(name) must end in .png (frames are PNG files)")
        }
        guard width <= 10 else {
            throw StageError.invalidOption("the output pattern \(name) pads frame numbers to \(width) digits; at most 10 make sense")
        }
        self.init(prefix: String(prefix), suffix: String(suffix), width: width)
    }

    /// The file name of frame number `n`.
    package func fileName(for n: Int) -> String {
        var digits = String(n)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return prefix + digits + suffix
    }

    /// The number in `name` when it follows this pattern (any number of digits, since numbers
    /// can outgrow the padding).
    package func number(inFileName name: String) -> Int? {
        guard name.count > prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count >= max(width, 1), digits.allSatisfy(\.isASCIIDigit), digits.count <= 18 else { return nil }
        return Int(digits)
    }

    /// The printf form, as ffmpeg's image-sequence input reads it (`%` in the fixed parts doubled).
    package var printfForm: String {
        func escaped(_ s: String) -> String { s.replacingOccurrences(of: "%", with: "%%") }
        return escaped(prefix) + (width > 0 ? "%0\(width)d" : "%d") + escaped(suffix)
    }

    package var description: String { printfForm }
}
