// The source-compatibility pass: Core Animation code written for Apple's platforms uses syntax
// that only the Objective-C runtime gives meaning to — `@objc`, `dynamic`, `@IBOutlet`,
// `#keyPath`, `#selector`, `@NSManaged` — and Swift on Linux rejects it. carender compiles every
// script itself, so before `swiftc` sees a script this pass rewrites those constructs into plain
// Swift over carender's API, keeping every line where it was. The compiler then checks what the
// construct meant: `#keyPath(KDLayer.angle)` becomes a key path expression the type checker
// resolves, so a misspelt property is a compile error naming it; `#selector(tap(_:))` becomes a
// reference to the method itself, so target–action calls it with no runtime look-up.
//
// Locations: the rewritten text has the user's line breaks, so with the `#sourceLocation` line the
// script compiler puts before it, every diagnostic names the user's file and line; `SourceMap`
// and `DiagnosticRemapper` put the column back where a construct changed length and show the
// user's line under the message.
//
// Why a tokenizer instead of swift-syntax: the pass needs tokens (to step over strings and
// comments), bracket matching, and the headers and member signatures of types — no expressions.
// swift-syntax would give that through a full syntax tree, at the price of building SwiftSyntax
// and SwiftParser: 212 s of wall-clock time (122 s of CPU) for a first debug build on this 2-core
// machine under load, more for release, and CI builds from scratch on every run; parsing a
// 500-line script takes 0.3–0.4 s in a debug build. The tokenizer compiles in seconds and rewrites
// such a script in about a millisecond (`carender bench --source-pass` measures it).

/// The pass over one script.
package enum CompatibilityPass {
    /// A construct the pass cannot map, at the user's line and column, with what to write instead.
    package struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
        package var line: Int
        package var column: Int
        package var message: String

        package var description: String { "\(line):\(column): error: \(message)" }
    }

    /// The rewritten script.
    package struct Output: Sendable {
        /// The script's code, rewritten, line for line.
        package var text: String
        /// Declarations the rewritten code relies on, to be compiled after it (outside the
        /// user's `#sourceLocation`).
        package var epilogue: String
        /// Columns of `text` back to the user's.
        package var map: SourceMap
        /// Constructs that could not be mapped; when there are any, the script must not be compiled.
        package var diagnostics: [Diagnostic]
    }

    /// Rewrites `text`, a whole script.
    package static func rewrite(_ text: String) -> Output {
        var pass = Rewriter(SourceStructure(TokenizedSource(text)))
        pass.run()
        let (rewritten, map) = Edit.apply(pass.edits, to: pass.source.bytes, lineStarts: pass.source.lineStarts)
        return Output(text: rewritten, epilogue: pass.epilogue(), map: map,
                      diagnostics: pass.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }
}

/// carender's classes that user classes inherit from.
enum KnownClasses {
    /// Layer classes: a subclass of one of them is a layer class of the user's.
    static let layers: Set<String> = [
        "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAReplicatorLayer", "CATransformLayer",
        "CAEmitterLayer", "CAScrollLayer", "CATiledLayer", "AVPlayerLayer",
    ]
    /// View classes (their `init?(coder:)` is not `required` here, see `Rewriter.coderInitializers`).
    static let views: Set<String> = [
        "UIView", "UIControl", "UIButton", "UILabel", "UIImageView", "UIWindow",
    ]

    /// `name` without a module prefix (`QuartzCore.CALayer` is `CALayer`).
    static func bare(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}

/// Attributes with no meaning without the Objective-C runtime or Interface Builder, dropped.
private let droppedAttributes: Set<String> = [
    "objc", "objcMembers", "nonobjc", "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction",
    "GKInspectable",
]

struct Rewriter {
    let structure: SourceStructure
    var source: TokenizedSource { structure.source }
    var edits: [Edit] = []
    var diagnostics: [CompatibilityPass.Diagnostic] = []
    private var usesKeyPaths = false
    private var usesLayerSPI = false
    /// `@NSManaged` attributes the member pass rewrote (token indices of their `@`).
    private var handledManaged: Set<Int> = []

    init(_ structure: SourceStructure) { self.structure = structure }

    private var tokens: [Token] { source.tokens }

    mutating func run() {
        for (index, type) in structure.types.enumerated() where type.kind == .class {
            rewriteManagedProperties(of: index)
            coderInitializers(of: index)
            synthesizeLayerFactories(of: index)
        }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .punctuation(UInt8(ascii: "@")):
                attribute(at: index)
            case .identifier where source.isWord(index, "dynamic") && isModifier(at: index):
                edits.append(Edit(range: token.start ..< token.end, pieces: [.blank(token.start ..< token.end)]))
            case .identifier where source.isWord(index, "optional") && isModifier(at: index):
                if let type = structure.enclosingType[index], structure.types[type].kind == .protocol {
                    report(at: index, "optional protocol requirements need the Objective-C runtime; declare the requirement without 'optional' and give it a default implementation in an extension of \(structure.types[type].name)")
                }
            case .pound where source.text(index) == "#keyPath":
                keyPath(at: index)
            case .pound where source.text(index) == "#selector":
                selector(at: index)
            default:
                break
            }
            index += 1
        }
    }

    /// The declarations the rewritten code uses.
    func epilogue() -> String {
        var lines: [String] = []
        if usesLayerSPI { lines.append("@_spi(SourceCompatibility) import CARenderModel") }
        if usesKeyPaths {
            // The check closure is type-checked where `#keyPath` was written, never called (the
            // string is what Apple's `#keyPath` produces).
            lines.append("func _carenderKeyPath<Root>(_ path: String, _ check: (Root) -> Void) -> String { path }")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Diagnostics

    private mutating func report(at index: Int, _ message: String) {
        let (line, column) = source.location(of: tokens[index].start)
        diagnostics.append(.init(line: line, column: column, message: message))
    }

    // MARK: - Attributes and modifiers

    private mutating func attribute(at index: Int) {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier, tokens[index + 1].start == tokens[index].end else { return }
        let name = source.text(index + 1)
        if name == "NSManaged" {
            if !handledManaged.contains(index) {
                report(at: index, "@NSManaged declares a property of a CALayer subclass here (Core Data's NSManagedObject is not available): write it as 'var name: Type' inside a class that inherits from CALayer, without an initial value")
            }
            return
        }
        guard droppedAttributes.contains(name) else { return }
        var end = tokens[index + 1].end
        if source.isPunctuation(index + 2, "("), structure.match[index + 2] > index + 2,
           tokens[index + 2].start == end || name == "objc" {
            end = tokens[structure.match[index + 2]].end
        }
        edits.append(Edit(range: tokens[index].start ..< end, pieces: [.blank(tokens[index].start ..< end)]))
    }

    /// Whether the word at `index` stands where a declaration modifier does: before another
    /// modifier, an attribute or a declaration keyword, and after a statement's start, an
    /// attribute or another modifier.
    private func isModifier(at index: Int) -> Bool {
        guard index + 1 < tokens.count else { return false }
        let next = index + 1
        let nextIsDeclaration = source.isPunctuation(next, "@")
            || (tokens[next].kind == .identifier && (SourceStructure.modifierWords.contains(source.text(next))
                || ["var", "let", "func", "subscript", "init"].contains(source.text(next))))
        guard nextIsDeclaration else { return false }
        if index == 0 || tokens[index].followsNewline { return true }
        let previous = index - 1
        if source.isPunctuation(previous, ";") || source.isPunctuation(previous, "{") || source.isPunctuation(previous, "}") { return true }
        if tokens[previous].kind == .identifier {
            if SourceStructure.modifierWords.contains(source.text(previous)) { return true }
            if previous >= 1, source.isPunctuation(previous - 1, "@") { return true }
        }
        if source.isPunctuation(previous, ")"), structure.match[previous] >= 2 {
            let open = structure.match[previous]
            if tokens[open - 1].kind == .identifier, source.isPunctuation(open - 2, "@") { return true }
        }
        return false
    }

    // MARK: - #keyPath

    /// `#keyPath(Type.a.b)` and `#keyPath(a.b)` are the string "a.b"; reading `a.b` from a
    /// `Type` (the enclosing type) is type-checked beside it, so a misspelt name is a compile
    /// error naming it.
    private mutating func keyPath(at index: Int) {
        guard source.isPunctuation(index + 1, "("), structure.match[index + 1] > index + 1 else {
            return report(at: index, "#keyPath needs a parenthesised key path: #keyPath(Type.property)")
        }
        let open = index + 1, close = structure.match[open]
        guard let components = dottedNames(open + 1 ..< close), !components.isEmpty else {
            return report(at: index, "#keyPath takes property names joined by dots, as in #keyPath(CALayer.position) or #keyPath(angle)")
        }
        // A leading capitalised name (or names: `Outer.Inner`) is the type; the rest is the path.
        var typeCount = 0
        while typeCount < components.count - 1, components[typeCount].name.first?.isUppercase == true { typeCount += 1 }
        let pathStart = tokens[components[typeCount].token].start
        let pathEnd = tokens[close - 1].end
        let path = components[typeCount...].map(\.name).joined(separator: ".")
        // The check is a closure that reads the path from a value of the type: never called,
        // only type-checked, and a misspelt name is an error at that name (the user's bytes
        // are copied, so it keeps its column).
        var pieces: [Edit.Piece] = [.text("_carenderKeyPath(\"\(path)\", { (root: ")]
        if typeCount > 0 {
            pieces.append(.original(tokens[components[0].token].start ..< tokens[components[typeCount - 1].token].end))
        } else {
            guard let type = structure.enclosingType[index] else {
                return report(at: index, "#keyPath(\(path)) outside a type needs the type: write #keyPath(TypeName.\(path))")
            }
            pieces.append(.text(structure.types[type].name))
        }
        pieces.append(.text(") in _ = root."))
        pieces.append(.original(pathStart ..< pathEnd))
        pieces.append(.text(" })"))
        edits.append(Edit(range: tokens[index].start ..< tokens[close].end, pieces: pieces))
        usesKeyPaths = true
    }

    /// The names of `a.b.c` (tokens in `range`), or nil when the range holds anything else.
    private func dottedNames(_ range: Range<Int>) -> [(name: String, token: Int)]? {
        var names: [(name: String, token: Int)] = []
        var expectName = true
        for index in range {
            if expectName {
                guard tokens[index].kind == .identifier else { return nil }
                names.append((source.text(index).trimmingBackticks, index))
            } else {
                guard source.isPunctuation(index, ".") else { return nil }
            }
            expectName.toggle()
        }
        return expectName && !names.isEmpty ? nil : names
    }

    // MARK: - #selector

    /// `#selector(Type.method(_:))`, `#selector(method)`, `#selector(self.method)`,
    /// `#selector(getter: Type.property)`: a `Selector` with the Objective-C name, bound to the
    /// method (or accessor) itself.
    private mutating func selector(at index: Int) {
        guard source.isPunctuation(index + 1, "("), structure.match[index + 1] > index + 1 else {
            return report(at: index, "#selector needs a parenthesised method: #selector(Type.method(_:))")
        }
        let open = index + 1, close = structure.match[open]
        var first = open + 1
        var accessor: String?
        if (source.isWord(first, "getter") || source.isWord(first, "setter")), source.isPunctuation(first + 1, ":") {
            accessor = source.text(first)
            first += 2
        }
        // The method's labels: a trailing `(a:b:)`.
        var last = close - 1
        var labels: [String]?
        if source.isPunctuation(last, ")"), structure.match[last] > first, accessor == nil {
            let labelsOpen = structure.match[last]
            guard let parsed = selectorLabels(labelsOpen + 1 ..< last) else {
                return report(at: index, "#selector takes a method's argument labels as in #selector(Type.method(_:with:))")
            }
            labels = parsed
            last = labelsOpen - 1
        }
        guard last >= first, var names = dottedNames(first ..< last + 1) else {
            return report(at: index, "#selector takes a method name, as in #selector(tap(_:)) or #selector(ViewController.tap(_:)); write a closure for anything else")
        }
        if names.count > 1, names[0].name == "self" || names[0].name == "Self" { names.removeFirst() }
        let method = names[names.count - 1]
        let typeNames = names.dropLast()
        var typeText: String
        var copyFrom: Int
        if let firstType = typeNames.first {
            guard firstType.name.first?.isUppercase == true else {
                return report(at: firstType.token, "#selector(\(names.map(\.name).joined(separator: "."))) names a method through a value; name its class instead: #selector(TypeName.\(method.name))")
            }
            typeText = ""
            copyFrom = tokens[firstType.token].start
        } else {
            guard let type = structure.enclosingType[index] else {
                return report(at: index, "#selector(\(method.name)) outside a class needs the class: write #selector(ClassName.\(method.name))")
            }
            typeText = structure.types[type].name + "."
            copyFrom = tokens[method.token].start
        }
        let copied = Edit.Piece.original(copyFrom ..< tokens[close - 1].end)
        let typeName = typeNames.isEmpty ? String(typeText.dropLast()) : typeNames.map(\.name).joined(separator: ".")
        let pieces: [Edit.Piece]
        switch accessor {
        case "getter":
            pieces = [.text("Selector(getter: \"\(method.name)\", \\" + typeText), copied, .text(")")]
        case "setter":
            pieces = [.text("Selector(setter: \"\(ObjCNames.setter(for: method.name))\", \\" + typeText), copied, .text(")")]
        default:
            if let labels = labels ?? uniqueLabels(of: method.name, in: typeName) {
                let name = ObjCNames.selector(base: method.name, labels: labels)
                pieces = [.text("Selector(\"\(name)\", method: " + typeText), copied, .text(")")]
            } else {
                // Not declared in the script (an inherited method) or overloaded: the name's
                // colons follow from the parameter count of the method the compiler picks.
                pieces = [.text("Selector(methodNamed: \"\(method.name)\", " + typeText), copied, .text(")")]
            }
        }
        edits.append(Edit(range: tokens[index].start ..< tokens[close].end, pieces: pieces))
    }

    /// `a:b:` or `_:` → ["a", "b"] or ["_"]; nil for anything else.
    private func selectorLabels(_ range: Range<Int>) -> [String]? {
        var labels: [String] = []
        var index = range.lowerBound
        while index < range.upperBound {
            guard tokens[index].kind == .identifier, source.isPunctuation(index + 1, ":") else { return nil }
            labels.append(source.text(index).trimmingBackticks)
            index += 2
        }
        return labels
    }

    /// The argument labels of the one method named `name` that `typeName` (or one of its
    /// superclasses declared in the script) declares, when there is exactly one set of them.
    private func uniqueLabels(of name: String, in typeName: String) -> [String]? {
        var found: Set<[String]> = []
        var visited: Set<String> = []
        var current: String? = KnownClasses.bare(typeName)
        while let typeName = current, visited.insert(typeName).inserted {
            current = nil
            for type in structure.types where KnownClasses.bare(type.name) == typeName {
                for member in type.members where member.kind == .function && member.name.trimmingBackticks == name {
                    found.insert(member.parameters.map { $0.label.trimmingBackticks })
                }
                if type.kind == .class, let superclass = type.inherited.first { current = KnownClasses.bare(superclass) }
            }
        }
        return found.count == 1 ? found.first : nil
    }

    // MARK: - Classes

    /// The chain of superclass names of the script's class `index`, nearest first, ending with
    /// the first name the script does not declare as a class.
    private func superclassChain(of index: Int) -> [String] {
        var chain: [String] = []
        var current = structure.types[index].inherited.first.map(KnownClasses.bare)
        while let name = current, !chain.contains(name) {
            chain.append(name)
            current = structure.types.first { $0.kind == .class && $0.name == name }?.inherited.first.map(KnownClasses.bare)
        }
        return chain
    }

    private func isLayerClass(_ index: Int) -> Bool {
        superclassChain(of: index).contains { KnownClasses.layers.contains($0) }
    }

    /// `@NSManaged var name: Type` in a layer class: a property whose storage is the layer's, so
    /// key-value coding, animations and presentation copies see it, as Core Animation's
    /// `@dynamic` properties are.
    private mutating func rewriteManagedProperties(of index: Int) {
        let type = structure.types[index]
        for member in type.members {
            guard let attribute = member.attributes.first(where: { $0.name == "NSManaged" }) else { continue }
            guard isLayerClass(index) else { continue }   // reported with the attribute
            handledManaged.insert(attribute.tokens.lowerBound)
            guard member.kind == .variable else {
                report(at: member.keyword, "@NSManaged properties are declared with 'var'")
                continue
            }
            guard let typeTokens = member.typeTokens else {
                report(at: member.keyword, "@NSManaged property '\(member.name)' needs its type: write '@NSManaged var \(member.name): CGFloat'")
                continue
            }
            guard !member.hasInitialValue && !member.hasAccessorBlock else {
                report(at: member.keyword, member.hasInitialValue
                    ? "@NSManaged property '\(member.name)' cannot have an initial value; give it one in the class's 'defaultValue(forKey:)' or set it in init()"
                    : "@NSManaged property '\(member.name)' cannot have accessors or observers")
                continue
            }
            let range = tokens[attribute.tokens.lowerBound].start ..< tokens[attribute.tokens.upperBound].end
            edits.append(Edit(range: range, pieces: [.blank(range)]))
            let end = tokens[typeTokens.upperBound].end
            let key = member.name.trimmingBackticks
            edits.append(Edit(range: end ..< end, pieces: [.text(
                " { get { _managedPropertyValue(forKey: \"\(key)\") } set { _setManagedPropertyValue(newValue, forKey: \"\(key)\") } }")]))
            usesLayerSPI = true
        }
    }

    /// `required init?(coder:)` in a direct subclass of a carender view or layer class: UIKit's
    /// `init?(coder:)` is `required` (NSCoding's), carender's is not (nothing decodes views
    /// here, and a required initializer would have to be written in every subclass), so the
    /// declaration overrides it.
    private mutating func coderInitializers(of index: Int) {
        let type = structure.types[index]
        guard let superclass = type.inherited.first.map(KnownClasses.bare),
              KnownClasses.views.contains(superclass) || KnownClasses.layers.contains(superclass) else { return }
        for member in type.members where member.kind == .initializer && member.has("required") && !member.has("override")
            && member.parameters.map(\.label) == ["coder"] {
            let start = tokens[member.keyword].start
            edits.append(Edit(range: start ..< start, pieces: [.text("override ")]))
        }
    }

    /// In a layer class, the factories carender makes its layers with: `layerClass` returning
    /// the class makes one with `init()`, and presentation copies are made with `init(layer:)`,
    /// the user's override included, as Core Animation makes them. (Swift can only call an
    /// initializer through a class value when it is `required`, which Apple's CALayer
    /// initializers are not, so each class says how it is made.) A class without such an
    /// initializer answers nil, as it would fail on Apple's platforms.
    private mutating func synthesizeLayerFactories(of index: Int) {
        guard isLayerClass(index) else { return }
        let type = structure.types[index]
        let name = KnownClasses.bare(type.name)
        let plain = availability(of: index, labels: []) ? "\(name)()" : "_missingInitializer(\"init()\")"
        let copying = availability(of: index, labels: ["layer"]) ? "\(name)(layer: layer)" : "_missingInitializer(\"init(layer:)\")"
        // On the line of the body's closing brace, separated from a member before it on that line.
        let start = tokens[type.bodyClose].start
        let separator = tokens[type.bodyClose].followsNewline || type.bodyClose == type.bodyOpen + 1 ? "" : ";"
        edits.append(Edit(range: start ..< start, pieces: [.text(
            separator + " override class func _makeLayer() -> CALayer? { \(plain) };"
            + " override class func _makePresentationCopy(of layer: CALayer) -> CALayer? { \(copying) } ")]))
        usesLayerSPI = true
    }

    /// Whether class `index` can be created with arguments labelled `labels` (its own
    /// initializers, those it inherits from superclasses declared in the script, or carender's).
    private func availability(of index: Int, labels: [String]) -> Bool {
        let type = structure.types[index]
        let initializers = type.members.filter { $0.kind == .initializer && !$0.isThrowingOrAsync }
        let fits = initializers.contains { member in
            let required = member.parameters.filter { !$0.hasDefault }.map(\.label)
            return member.parameters.map(\.label) == labels || (labels.isEmpty && required.isEmpty)
        }
        if fits { return true }
        // A class that declares a designated initializer inherits none of its superclass's.
        if initializers.contains(where: { !$0.has("convenience") }) { return false }
        guard let superclass = type.inherited.first.map(KnownClasses.bare) else { return false }
        if let declared = structure.types.firstIndex(where: { $0.kind == .class && $0.name == superclass }), declared != index {
            return availability(of: declared, labels: labels)
        }
        return KnownClasses.layers.contains(superclass)
    }
}

extension String {
    /// The name without the backticks that let a keyword be used as one.
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
