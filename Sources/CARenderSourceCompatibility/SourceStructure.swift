// The declarations of a script the pass needs: its types (kind, name, inheritance, body) and
// their members' signatures (initializers, methods, properties with their attributes), and the
// tokens that name Objective-C-only syntax, each with the type it appears in.

/// A class, struct, enum, actor, protocol or extension of the script.
package struct TypeDeclaration: Sendable {
    package enum Kind: String, Sendable {
        case `class`, `struct`, `enum`, actor, `protocol`, `extension`
    }

    package var kind: Kind
    /// The declared name; for an extension, the extended type as written (`A.B`).
    package var name: String
    /// The inheritance clause's names as written, the superclass (for a class that has one) first.
    package var inherited: [String]
    /// Token indices of the body's braces.
    package var bodyOpen: Int
    package var bodyClose: Int
    /// The type this one is declared in, if any (an index into `SourceStructure.types`).
    package var parent: Int?
    package var members: [Member] = []
    /// Whether the declaration has generic parameters.
    package var isGeneric: Bool
}

/// A declaration directly inside a type's body.
package struct Member: Sendable {
    package enum Kind: String, Sendable {
        case initializer, function, variable, constant, other
    }

    package var kind: Kind
    /// The token of the declaration keyword (`init`, `func`, `var`, `let`).
    package var keyword: Int
    /// The first token of the declaration (its first attribute or modifier, else the keyword).
    package var start: Int
    /// Modifiers as written (`override`, `required`, `convenience`, `class`, …).
    package var modifiers: [String]
    /// Attributes: name and the token range `@name(…)` covers.
    package var attributes: [(name: String, tokens: ClosedRange<Int>)]
    /// The name: the function's or property's; "init" for initializers.
    package var name: String
    /// For functions and initializers, each parameter's argument label ("_" for none) and
    /// whether it has a default value.
    package var parameters: [(label: String, hasDefault: Bool)]
    /// For initializers: `init?` or `init!`.
    package var isFailable: Bool
    /// For functions and initializers: `throws`, `rethrows` or `async` follows the parameters.
    package var isThrowingOrAsync = false
    /// For properties: the token range of the type annotation, if there is one.
    package var typeTokens: ClosedRange<Int>?
    /// For properties: whether `=` follows the name or type, or an accessor block does.
    package var hasInitialValue: Bool
    package var hasAccessorBlock: Bool

    package func has(_ modifier: String) -> Bool { modifiers.contains(modifier) }
}

/// The structure of one script.
package struct SourceStructure: Sendable {
    package let source: TokenizedSource
    package private(set) var types: [TypeDeclaration] = []
    /// For each token, the innermost type whose body holds it (nil at the top level).
    package private(set) var enclosingType: [Int?]
    /// For each bracket token, the index of the bracket matching it (-1 when unbalanced).
    package let match: [Int]

    package init(_ source: TokenizedSource) {
        self.source = source
        match = Self.matchBrackets(source.tokens, bytes: source.bytes)
        enclosingType = Array(repeating: nil, count: source.tokens.count)
        scan(0 ..< source.tokens.count, in: nil, memberLevel: false)
    }

    private var tokens: [Token] { source.tokens }

    private static func matchBrackets(_ tokens: [Token], bytes: [UInt8]) -> [Int] {
        var match = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (index, token) in tokens.enumerated() {
            guard case .punctuation(let byte) = token.kind else { continue }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(index)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener: UInt8 = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                // Unwind past brackets left open (a malformed script; swiftc reports it).
                if let found = stack.lastIndex(where: { tokens[$0].kind == .punctuation(opener) }) {
                    match[stack[found]] = index
                    match[index] = stack[found]
                    stack.removeSubrange(found...)
                }
            default:
                break
            }
        }
        return match
    }

    static let modifierWords: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "static", "class", "override",
        "required", "convenience", "lazy", "weak", "unowned", "dynamic", "optional", "mutating", "nonmutating",
        "nonisolated", "indirect", "prefix", "postfix", "infix", "isolated", "consuming", "borrowing",
        "distributed", "__consuming",
    ]
    static let declarationWords: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "case", "typealias", "associatedtype",
        "class", "struct", "enum", "protocol", "extension", "actor", "import", "macro", "operator", "precedencegroup",
    ]

    /// Whether the token at `index` is `class`/`struct`/… starting a type declaration (as opposed
    /// to the `class` modifier of `class func`).
    private func typeKeyword(at index: Int) -> TypeDeclaration.Kind? {
        guard tokens[index].kind == .identifier, index + 1 < tokens.count,
              !source.isPunctuation(index - 1, ".") else { return nil }
        let word = source.text(index)
        guard let kind = TypeDeclaration.Kind(rawValue: word) else { return nil }
        let next = index + 1
        guard tokens[next].kind == .identifier else { return nil }
        let nextWord = source.text(next)
        if kind == .class && (Self.modifierWords.contains(nextWord) || Self.declarationWords.contains(nextWord)) { return nil }
        if kind == .actor {
            // `actor` is contextual: `actor Name {`, `actor Name:`, `actor Name<`.
            guard next + 1 < tokens.count, source.isPunctuation(next + 1, "{") || source.isPunctuation(next + 1, ":")
                    || source.isPunctuation(next + 1, "<") else { return nil }
        }
        return kind
    }

    private mutating func scan(_ range: Range<Int>, in type: Int?, memberLevel: Bool) {
        var index = range.lowerBound
        while index < range.upperBound {
            enclosingType[index] = type
            let token = tokens[index]
            if case .punctuation(let byte) = token.kind,
               byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                let close = match[index]
                guard close > index, close < range.upperBound else { index += 1; continue }
                scan(index + 1 ..< close, in: type, memberLevel: false)
                enclosingType[close] = type
                index = close + 1
                continue
            }
            if let kind = typeKeyword(at: index), let declared = declareType(kind, at: index, parent: type) {
                if memberLevel, let type {
                    types[type].members.append(Member(kind: .other, keyword: index, start: index, modifiers: [], attributes: [],
                                                      name: types[declared].name, parameters: [], isFailable: false,
                                                      typeTokens: nil, hasInitialValue: false, hasAccessorBlock: false))
                }
                for header in index ... types[declared].bodyOpen { enclosingType[header] = type }
                let close = types[declared].bodyClose
                scan(types[declared].bodyOpen + 1 ..< close, in: declared, memberLevel: true)
                enclosingType[close] = type
                index = close + 1
                continue
            }
            if memberLevel, let type, token.kind == .identifier, !source.isPunctuation(index - 1, "."),
               let member = member(at: index) {
                types[type].members.append(member)
            }
            index += 1
        }
    }

    /// Parses a type's header from its keyword to its body's `{` and records the type.
    private mutating func declareType(_ kind: TypeDeclaration.Kind, at keyword: Int, parent: Int?) -> Int? {
        var index = keyword + 1
        // The name: dotted for extensions (`extension A.B`).
        var name = source.text(index)
        index += 1
        while kind == .extension, source.isPunctuation(index, "."), index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
            name += "." + source.text(index + 1)
            index += 2
        }
        var isGeneric = false
        if source.isPunctuation(index, "<") {
            isGeneric = true
            index = skipAngles(from: index)
        }
        var inherited: [String] = []
        if source.isPunctuation(index, ":") {
            index += 1
            var current = ""
            var angle = 0
            while index < tokens.count, !source.isPunctuation(index, "{"), !(angle == 0 && source.isWord(index, "where")) {
                if source.isPunctuation(index, "<") { angle += 1 }
                if source.isPunctuation(index, ">") { angle -= 1 }
                if angle == 0 && source.isPunctuation(index, ",") {
                    inherited.append(current)
                    current = ""
                } else if angle == 0, tokens[index].kind == .identifier || source.isPunctuation(index, ".") {
                    current += source.text(index)
                }
                if match[index] > index { index = match[index] }
                index += 1
            }
            if !current.isEmpty { inherited.append(current) }
        }
        while index < tokens.count, !source.isPunctuation(index, "{") {
            // A `where` clause; a `;` or `}` first means this was no declaration after all.
            if source.isPunctuation(index, ";") || source.isPunctuation(index, "}") { return nil }
            if match[index] > index, !source.isPunctuation(index, "{") { index = match[index] }
            index += 1
        }
        guard index < tokens.count, match[index] > index else { return nil }
        types.append(TypeDeclaration(kind: kind, name: name, inherited: inherited, bodyOpen: index, bodyClose: match[index],
                                     parent: parent, isGeneric: isGeneric))
        return types.count - 1
    }

    /// The index after the `>` closing the generic clause opened at `index`.
    private func skipAngles(from index: Int) -> Int {
        var depth = 0
        var position = index
        while position < tokens.count {
            if source.isPunctuation(position, "<") { depth += 1 }
            if source.isPunctuation(position, ">"), !source.isPunctuation(position - 1, "-") {
                depth -= 1
                if depth == 0 { return position + 1 }
            }
            if source.isPunctuation(position, "{") || source.isPunctuation(position, "}") { return position }
            if match[position] > position { position = match[position] }
            position += 1
        }
        return position
    }

    /// The member declared by the keyword at `index`, if it is one (`init`, `func`, `var`, `let`).
    private func member(at index: Int) -> Member? {
        let word = source.text(index)
        let kind: Member.Kind
        switch word {
        case "init": kind = .initializer
        case "func": kind = .function
        case "var": kind = .variable
        case "let": kind = .constant
        default: return nil
        }
        // Modifiers and attributes before the keyword.
        var modifiers: [String] = []
        var attributes: [(name: String, tokens: ClosedRange<Int>)] = []
        var start = index
        var back = index - 1
        while back >= 0 {
            if tokens[back].kind == .identifier, Self.modifierWords.contains(source.text(back)) {
                modifiers.append(source.text(back))
                start = back
                back -= 1
                continue
            }
            if source.isPunctuation(back, ")"), match[back] >= 0 {
                let open = match[back]
                // `unowned(unowned)`, `@objc(name)`, `private(set)`.
                if open >= 2, tokens[open - 1].kind == .identifier, source.isPunctuation(open - 2, "@") {
                    attributes.append((source.text(open - 1), open - 2 ... back))
                    start = open - 2
                    back = open - 3
                    continue
                }
                if open >= 1, tokens[open - 1].kind == .identifier, Self.modifierWords.contains(source.text(open - 1)) {
                    modifiers.append(source.text(open - 1))
                    start = open - 1
                    back = open - 2
                    continue
                }
                break
            }
            if tokens[back].kind == .identifier, back >= 1, source.isPunctuation(back - 1, "@") {
                attributes.append((source.text(back), back - 1 ... back))
                start = back - 1
                back -= 2
                continue
            }
            break
        }
        var result = Member(kind: kind, keyword: index, start: start, modifiers: modifiers, attributes: attributes.reversed(),
                            name: word, parameters: [], isFailable: false, typeTokens: nil, hasInitialValue: false,
                            hasAccessorBlock: false)
        var position = index + 1
        switch kind {
        case .initializer:
            if source.isPunctuation(position, "?") || source.isPunctuation(position, "!") {
                result.isFailable = true
                position += 1
            }
            if source.isPunctuation(position, "<") { position = skipAngles(from: position) }
            if source.isPunctuation(position, "(") {
                result.parameters = parameters(in: position)
                let after = match[position] + 1
                result.isThrowingOrAsync = after > 0 && (source.isWord(after, "throws") || source.isWord(after, "rethrows")
                                                         || source.isWord(after, "async"))
            }
        case .function:
            guard position < tokens.count else { return result }
            result.name = source.text(position)
            position += 1
            if source.isPunctuation(position, "<") { position = skipAngles(from: position) }
            if source.isPunctuation(position, "(") { result.parameters = parameters(in: position) }
        case .variable, .constant:
            guard position < tokens.count, tokens[position].kind == .identifier else { return result }
            result.name = source.text(position)
            position += 1
            if source.isPunctuation(position, ":") {
                let first = position + 1
                var last = position
                var scan = first
                while scan < tokens.count {
                    let token = tokens[scan]
                    if scan > first, token.followsNewline { break }
                    if source.isPunctuation(scan, "=") || source.isPunctuation(scan, "{") || source.isPunctuation(scan, "}")
                        || source.isPunctuation(scan, ";") || source.isPunctuation(scan, ",") { break }
                    if match[scan] > scan, !source.isPunctuation(scan, "{") { scan = match[scan] }
                    last = scan
                    scan += 1
                }
                if last >= first { result.typeTokens = first ... last }
                position = scan
            }
            if source.isPunctuation(position, "=") {
                result.hasInitialValue = true
            } else if source.isPunctuation(position, "{") {
                result.hasAccessorBlock = true
            }
        case .other:
            break
        }
        return result
    }

    /// The parameters of the list whose `(` is at `open`: each one's argument label and whether
    /// it has a default value.
    private func parameters(in open: Int) -> [(label: String, hasDefault: Bool)] {
        let close = match[open]
        guard close > open else { return [] }
        var result: [(label: String, hasDefault: Bool)] = []
        var position = open + 1
        while position < close {
            // One parameter: up to the next top-level comma.
            let first = position
            var colon: Int?
            var hasDefault = false
            var angle = 0
            while position < close {
                if source.isPunctuation(position, "<") { angle += 1 }
                if source.isPunctuation(position, ">"), !source.isPunctuation(position - 1, "-") { angle -= 1 }
                if angle <= 0 && source.isPunctuation(position, ",") { break }
                if colon == nil && source.isPunctuation(position, ":") { colon = position }
                if colon != nil && angle <= 0 && source.isPunctuation(position, "=") { hasDefault = true }
                if match[position] > position { position = match[position] }
                position += 1
            }
            if let colon, colon > first {
                // Attributes of the parameter (`@escaping` sits after the colon; none before it).
                result.append((label: source.text(first), hasDefault: hasDefault))
            }
            position += 1
        }
        return result
    }
}
