// A Swift tokenizer, just deep enough for the source-compatibility pass: it finds identifiers,
// keywords, `@` attributes, `#` directives and brackets, and steps over everything that can hide
// them — comments (nested block comments included), string literals (multi-line, raw, and the
// code inside interpolations, which it tokenizes too), numbers and `#/regex/#` literals.
//
// Why a tokenizer and not swift-syntax: see the note at the top of CompatibilityPass.swift.

/// One token of a script, as byte offsets into its UTF-8 text.
package struct Token: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A name or keyword: `class`, `angle`, `` `default` ``, `$0`.
        case identifier
        /// `#keyPath`, `#selector`, `#if`: `#` and the name that follows it.
        case pound
        /// A number literal.
        case number
        /// A piece of a string literal between its quotes and interpolations (opaque).
        case stringPiece
        /// A `#/…/#` regular-expression literal (opaque).
        case regex
        /// One byte of punctuation or operator: `(`, `{`, `.`, `:`, `@`, `=`, `<`, …
        case punctuation(UInt8)
    }

    package var kind: Kind
    /// The token's bytes are `start ..< end` of the source.
    package var start: Int
    package var end: Int
    /// Whether a line break (or a comment holding one) comes between this token and the one before.
    package var followsNewline: Bool
    /// Whether whitespace or a comment comes directly before the token.
    package var followsSpace: Bool

    package func isPunctuation(_ byte: UInt8) -> Bool { kind == .punctuation(byte) }
}

/// The bytes of a script and its tokens.
package struct TokenizedSource: Sendable {
    package let bytes: [UInt8]
    package let tokens: [Token]
    /// Offsets of the first byte of every line (line 1 starts at 0).
    package let lineStarts: [Int]

    package init(_ text: String) {
        bytes = Array(text.utf8)
        var lexer = SwiftLexer(bytes: bytes)
        lexer.lexAll()
        tokens = lexer.tokens
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The text of token `index`.
    package func text(_ index: Int) -> String { text(tokens[index].start ..< tokens[index].end) }

    package func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Whether token `index` exists and is the identifier or keyword `word`.
    package func isWord(_ index: Int, _ word: String) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .identifier else { return false }
        let token = tokens[index]
        guard token.end - token.start == word.utf8.count else { return false }
        return word.utf8.elementsEqual(bytes[token.start ..< token.end])
    }

    /// Whether token `index` exists and is the punctuation byte `byte`.
    package func isPunctuation(_ index: Int, _ byte: Character) -> Bool {
        guard index >= 0, index < tokens.count, let ascii = byte.asciiValue else { return false }
        return tokens[index].kind == .punctuation(ascii)
    }

    /// The 1-based line and column (in bytes, as the Swift compiler counts them) of `offset`.
    package func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}

/// Turns UTF-8 bytes into `Token`s.
struct SwiftLexer {
    let bytes: [UInt8]
    var position = 0
    var tokens: [Token] = []
    private var sawNewline = true
    private var sawSpace = true

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func lexAll() {
        while position < bytes.count { lexOne(insideInterpolation: false) }
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private mutating func emit(_ kind: Token.Kind, from start: Int) {
        tokens.append(Token(kind: kind, start: start, end: position, followsNewline: sawNewline, followsSpace: sawSpace))
        sawNewline = false
        sawSpace = false
    }

    /// Lexes one token (after any whitespace and comments). Inside an interpolation it returns
    /// false, without consuming it, at the `)` that closes the interpolation.
    @discardableResult
    private mutating func lexOne(insideInterpolation: Bool, depth: inout Int) -> Bool {
        skipTrivia()
        guard let byte = peek() else { return false }
        let start = position
        switch byte {
        case UInt8(ascii: "\""):
            lexString(hashes: 0)
        case UInt8(ascii: "#"):
            var hashes = 0
            while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
            if peek(hashes) == UInt8(ascii: "\"") {
                position += hashes
                lexString(hashes: hashes)
            } else if peek(hashes) == UInt8(ascii: "/") {
                lexRegex(hashes: hashes)
                emit(.regex, from: start)
            } else if let next = peek(1), Self.isIdentifierStart(next) {
                position += 1
                while let c = peek(), Self.isIdentifierContinue(c) { position += 1 }
                emit(.pound, from: start)
            } else {
                position += 1
                emit(.punctuation(byte), from: start)
            }
        case UInt8(ascii: "`"):
            position += 1
            while let c = peek(), c != UInt8(ascii: "`"), c != UInt8(ascii: "\n") { position += 1 }
            if peek() == UInt8(ascii: "`") { position += 1 }
            emit(.identifier, from: start)
        case UInt8(ascii: "0") ... UInt8(ascii: "9"):
            lexNumber()
            emit(.number, from: start)
        case UInt8(ascii: "$"):
            position += 1
            while let c = peek(), Self.isIdentifierContinue(c) { position += 1 }
            emit(.identifier, from: start)
        default:
            if Self.isIdentifierStart(byte) {
                while let c = peek(), Self.isIdentifierContinue(c) { position += 1 }
                emit(.identifier, from: start)
            } else {
                if insideInterpolation {
                    if byte == UInt8(ascii: "(") { depth += 1 }
                    if byte == UInt8(ascii: ")") {
                        if depth == 0 { return false }
                        depth -= 1
                    }
                }
                position += 1
                emit(.punctuation(byte), from: start)
            }
        }
        return true
    }

    private mutating func lexOne(insideInterpolation: Bool) {
        var depth = 0
        lexOne(insideInterpolation: insideInterpolation, depth: &depth)
    }

    private mutating func skipTrivia() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\n"):
                sawNewline = true
                sawSpace = true
                position += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                sawSpace = true
                position += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                sawSpace = true
                while let c = peek(), c != UInt8(ascii: "\n") { position += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                sawSpace = true
                position += 2
                var nesting = 1
                while nesting > 0, let c = peek() {
                    if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                        nesting += 1
                        position += 2
                    } else if c == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                        nesting -= 1
                        position += 2
                    } else {
                        if c == UInt8(ascii: "\n") { sawNewline = true }
                        position += 1
                    }
                }
            default:
                return
            }
        }
    }

    /// A string literal from its opening quote (after any `#`s): its text as `stringPiece`
    /// tokens, the code of each interpolation as ordinary tokens between them.
    private mutating func lexString(hashes: Int) {
        var pieceStart = position - hashes
        let multiline = peek(1) == UInt8(ascii: "\""), triple = multiline && peek(2) == UInt8(ascii: "\"")
        let quotes = triple ? 3 : 1
        if multiline && !triple {
            // `""`: the empty string.
            position += 2
            closeRaw(hashes: hashes)
            emit(.stringPiece, from: pieceStart)
            return
        }
        position += quotes
        while let c = peek() {
            if c == UInt8(ascii: "\\"), hashesFollow(hashes, at: position + 1) {
                let afterHashes = position + 1 + hashes
                if afterHashes < bytes.count, bytes[afterHashes] == UInt8(ascii: "(") {
                    // An interpolation: the piece so far, then its code, then the next piece.
                    position = afterHashes + 1
                    emit(.stringPiece, from: pieceStart)
                    var depth = 0
                    while position < bytes.count {
                        if !lexOne(insideInterpolation: true, depth: &depth) { break }
                    }
                    pieceStart = position
                    if peek() == UInt8(ascii: ")") { position += 1 }
                    continue
                }
                position = min(afterHashes + 1, bytes.count)
                continue
            }
            if c == UInt8(ascii: "\n") && quotes == 1 {
                // An unterminated single-line string ends at the line's end (swiftc reports it).
                break
            }
            if c == UInt8(ascii: "\"") && (0 ..< quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") })
                && hashesFollow(hashes, at: position + quotes) {
                position += quotes + hashes
                break
            }
            position += 1
        }
        emit(.stringPiece, from: pieceStart)
        sawSpace = false
    }

    private mutating func closeRaw(hashes: Int) {
        if hashesFollow(hashes, at: position) { position += hashes }
    }

    private func hashesFollow(_ count: Int, at offset: Int) -> Bool {
        guard count > 0 else { return true }
        guard offset + count <= bytes.count else { return false }
        return bytes[offset ..< offset + count].allSatisfy { $0 == UInt8(ascii: "#") }
    }

    /// `#/…/#` (any number of `#`s): to the matching `/` and `#`s.
    private mutating func lexRegex(hashes: Int) {
        position += hashes + 1
        while let c = peek() {
            if c == UInt8(ascii: "\\") { position += 2; continue }
            if c == UInt8(ascii: "/"), hashesFollow(hashes, at: position + 1) {
                position += 1 + hashes
                return
            }
            position += 1
        }
    }

    private mutating func lexNumber() {
        var previous: UInt8 = 0
        let hex = peek() == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X"))
        while let c = peek() {
            let exponent = hex ? (previous == UInt8(ascii: "p") || previous == UInt8(ascii: "P"))
                               : (previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E"))
            if Self.isIdentifierContinue(c) {
                position += 1
            } else if c == UInt8(ascii: "."), let next = peek(1), (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(next) {
                position += 1
            } else if (c == UInt8(ascii: "-") || c == UInt8(ascii: "+")) && exponent {
                position += 1
            } else {
                return
            }
            previous = c
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
