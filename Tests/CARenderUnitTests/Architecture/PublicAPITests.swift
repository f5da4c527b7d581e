import CARenderTestSupport
import Foundation
import XCTest

/// The public API is listed in one place, `Sources/CARender/CARender.docc/PublicAPI.md`, and this
/// test keeps the listing true: it reads the public surface of the modules this test run built
/// (the toolchain's `swift-symbolgraph-extract`, a second or two) and fails when a public
/// declaration is missing from the listing or a listed one is gone, naming each.
///
/// `Tools/public-api` regenerates the listing (this test with `CARENDER_RECORD_PUBLIC_API=1`).
/// The listing is split into Apple's names (QuartzCore, Core Graphics, UIKit and Foundation names
/// that code written for Apple's platforms uses with only its import changed) and carender's own,
/// each of carender's own with its purpose: the first sentence of its documentation comment.
final class PublicAPITests: XCTestCase {
    static let listing = Fixtures.repositoryRoot.appendingPathComponent("Sources/CARender/CARender.docc/PublicAPI.md")
    static let regenerate = "Tools/public-api"
    static let recordVariable = "CARENDER_RECORD_PUBLIC_API"

    func testTheListingNamesExactlyThePublicSurface() throws {
        let surface = try PublicSurface.extract()
        let generated = PublicSurface.render(surface)
        if ProcessInfo.processInfo.environment[Self.recordVariable] == "1" {
            try generated.write(to: Self.listing, atomically: true, encoding: .utf8)
            print("wrote \(Self.listing.path): \(surface.count) declarations")
            return
        }
        let committed = (try? String(contentsOf: Self.listing, encoding: .utf8)) ?? ""
        let built = PublicSurface.keys(of: generated), listed = PublicSurface.keys(of: committed)
        let unlisted = built.subtracting(listed).sorted(), gone = listed.subtracting(built).sorted()
        func show(_ keys: [String]) -> String {
            keys.prefix(40).map { "    " + $0 }.joined(separator: "\n") + (keys.count > 40 ? "\n    … and \(keys.count - 40) more" : "")
        }
        var problems: [String] = []
        if !unlisted.isEmpty { problems.append("public but not listed (\(unlisted.count)):\n" + show(unlisted)) }
        if !gone.isEmpty { problems.append("listed but not public (\(gone.count)):\n" + show(gone)) }
        XCTAssert(problems.isEmpty, """
            The public API differs from Sources/CARender/CARender.docc/PublicAPI.md. Make the declaration \
            `package` (or internal) unless it is Apple's API or meant for script authors; then run \
            `\(Self.regenerate)` to regenerate the listing.
            \(problems.joined(separator: "\n"))
            """)
        let undocumented = surface.filter { $0.isEntry && !$0.isApple && $0.purpose == nil }.map(\.qualifiedName)
        XCTAssertEqual(undocumented, [], "carender's own public names need a documentation comment (its first sentence is their purpose in the listing)")
    }

    /// A difference names the declaration and where it is (or would be) listed.
    func testTheKeysNameTheDeclarationAndWhereItIsListed() {
        let text = """
            ## CARenderStage
            ### carender's own
            #### Structures
            - `struct Stage` — The window.
              - `func run()`
            """
        XCTAssertEqual(PublicSurface.keys(of: text), ["CARenderStage › carender's own › Structures › struct Stage",
                                                      "CARenderStage › carender's own › Structures › struct Stage › func run()"])
    }
}

/// One public declaration, as `swift-symbolgraph-extract` reports it.
struct PublicDeclaration {
    /// The target that declares it (where its source file lives).
    var module: String
    /// `CALayer.add(_:forKey:)`: the declaration's path without the module.
    var path: [String]
    /// `swift.class`, `swift.method`, …
    var kind: String
    /// The declaration as written, without attributes' noise: `func add(_ anim: CAAnimation, forKey key: String?)`.
    var declaration: String
    var purpose: String?
    /// Set once the whole surface is known: whether the declaration heads an entry of its own
    /// (a type, a free function or constant, or carender's own member on one of Apple's types).
    var isEntry = false
    var isApple = true

    var qualifiedName: String { path.joined(separator: ".") }
    var isType: Bool { PublicSurface.typeKinds.contains { $0.kind == kind } }
}

enum PublicSurface {
    /// The modules the `CARender` and `CARenderTesting` products ship. `CARenderSnapshotTesting` is
    /// built empty unless a package enables its trait, so it is not listed.
    static let extractions: [(module: String, reexported: [String])] = [
        ("CARenderTesting", Fixtures.libraryLayers + ["CARender", "CARenderGolden"]),
        ("CARenderScriptHost", []),
    ]

    /// Headings for the kinds of declaration, in the order they are listed.
    static let typeKinds: [(kind: String, heading: String)] = [
        ("swift.class", "Classes"), ("swift.struct", "Structures"), ("swift.enum", "Enumerations"),
        ("swift.protocol", "Protocols"), ("swift.typealias", "Type aliases"),
    ]
    static let freeKinds: [(kind: String, heading: String)] = [
        ("swift.func", "Functions"), ("swift.func.op", "Operators"), ("swift.var", "Constants and variables"),
    ]

    /// Names that are Apple's without one of the framework prefixes: the Objective-C runtime's
    /// `Selector` and the C library's random numbers and float limits that Darwin's modules export.
    static let appleNamesWithoutPrefix: Set<String> = [
        "Selector", "arc4random", "arc4random_buf", "arc4random_uniform", "HUGE", "MAXFLOAT",
    ]

    /// carender's own members on Apple's types (each listed with its purpose). A path here covers
    /// everything nested in it.
    static let additionsToAppleTypes: Set<String> = [
        "CATransform3D.identity", "CATransform3D.init(rowMajorElements:)", "CATransform3D.rowMajorElements",
        "CGColor.Model", "CGColor.model", "CGColor.rgbaComponents",
        "CGImage.image", "CGImage.init(image:)", "CGImage.init(pngFile:)",
        "CGDataProvider.url",
        "CGPath.elements",
        "CAMediaTimingFunction.solve(forInput:)",
        "CASpringAnimation.progress(atTime:)",
        "Selector.init(_:method:)", "Selector.init(getter:_:)", "Selector.init(methodNamed:_:)",
        "Selector.init(setter:_:)", "Selector.name",
    ]

    static func isAppleName(_ component: String) -> Bool {
        let name = component.prefix { $0 != "(" }
        if appleNamesWithoutPrefix.contains(String(name)) { return true }
        return name.range(of: "^k?(CA|CG|CF|CT|CM|AV|NS|UI)[A-Z_]", options: .regularExpression) != nil
    }

    // MARK: Extracting

    static func extract() throws -> [PublicDeclaration] {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var graphs: [URL] = []
        for (index, extraction) in extractions.enumerated() {
            let output = folder.appendingPathComponent("\(index)")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            var arguments = ["swift-symbolgraph-extract", "-module-name", extraction.module, "-target", "x86_64-unknown-linux-gnu",
                             "-I", Fixtures.buildFolder.appendingPathComponent("Modules").path, "-I", Fixtures.buildFolder.path,
                             "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path]
            if !extraction.reexported.isEmpty {
                arguments.append("-experimental-allowed-reexported-modules=" + extraction.reexported.joined(separator: ","))
            }
            let (status, log) = try runCommand(arguments)
            guard status == 0 else {
                throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "swift-symbolgraph-extract failed for \(extraction.module):\n\(log)"])
            }
            graphs += try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }
        }
        var seen: Set<String> = []
        var declarations: [PublicDeclaration] = []
        for graph in graphs.sorted(by: { $0.path < $1.path }) {
            let decoded = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: graph))
            for symbol in decoded.symbols where seen.insert(symbol.identifier.precise).inserted {
                declarations.append(PublicDeclaration(
                    module: module(of: symbol), path: symbol.pathComponents, kind: symbol.kind.identifier,
                    // Backticks (`default`) would end the listing's code span.
                    declaration: symbol.declarationFragments.map(\.spelling).joined().replacingOccurrences(of: "`", with: "")
                        .split(whereSeparator: \.isWhitespace).joined(separator: " "),
                    // A symbol link (``Stage``) in a purpose becomes code: the listing's page links nothing.
                    purpose: symbol.docComment.flatMap { firstSentence($0.lines.map(\.text)) }?
                        .replacingOccurrences(of: "``", with: "`")))
            }
        }
        return classify(declarations)
    }

    /// The declaring target: from the source file's folder under `Sources/`, or (for what the
    /// compiler writes implicitly, such as `init(rawValue:)`) from the symbol's mangled name.
    static func module(of symbol: SymbolGraph.Symbol) -> String {
        if let uri = symbol.location?.uri, let range = uri.range(of: "/Sources/") {
            return String(uri[range.upperBound...].prefix { $0 != "/" })
        }
        let usr = symbol.identifier.precise.dropFirst(2)
        let digits = usr.prefix { $0.isNumber }
        guard let length = Int(digits) else { return "?" }
        return String(usr.dropFirst(digits.count).prefix(length))
    }

    static func firstSentence(_ lines: [String]) -> String? {
        let paragraph = lines.prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        guard !paragraph.isEmpty else { return nil }
        if let end = paragraph.range(of: #"[.!?](\s|$)"#, options: .regularExpression) {
            return String(paragraph[..<end.lowerBound]) + String(paragraph[end.lowerBound])
        }
        return paragraph
    }

    static func classify(_ declarations: [PublicDeclaration]) -> [PublicDeclaration] {
        let declared = Set(declarations.map(\.qualifiedName))
        return declarations.map { declaration in
            var declaration = declaration
            let prefixes = (1...declaration.path.count).map { declaration.path.prefix($0).joined(separator: ".") }
            let addition = prefixes.first { additionsToAppleTypes.contains($0) }
            // A type declared outside carender (Foundation's `CGPoint`, Swift's `StringProtocol`) is Apple's.
            let isForeign = !declared.contains(declaration.path[0])
            declaration.isApple = isAppleName(declaration.path[0]) && addition == nil || isForeign
            declaration.isEntry = declaration.isType || declaration.path.count == 1 || addition == declaration.qualifiedName
            if declaration.isType, declaration.path.count > 1,
               let name = declaration.declaration.range(of: " " + declaration.path[declaration.path.count - 1]) {
                // A nested type's declaration names it alone (`struct AnimationOptions`): list it qualified.
                declaration.declaration.replaceSubrange(name, with: " " + declaration.qualifiedName)
            }
            return declaration
        }
    }

    // MARK: Rendering

    static func render(_ surface: [PublicDeclaration]) -> String {
        var out = """
            # Public API

            Everything `import CARender` and `import CARenderTesting` make public, by module: Apple's names, \
            then carender's own with their purpose.

            ## Overview

            Apple's names are QuartzCore, Core Graphics, UIKit and Foundation declarations that code written \
            for Apple's platforms uses with only its import changed; <doc:DifferencesFromApple> says where \
            they behave differently. carender's own are its additions: the stage, images, golden \
            references, and a few members on Apple's types. Everything else is `package` or internal.

            This page is generated from the built modules (`swift-symbolgraph-extract`) by `\(PublicAPITests.regenerate)`, \
            and `PublicAPITests` fails when a public declaration is missing from it or a listed one is gone.
            It lists \(surface.count) declarations: \(surface.filter(\.isApple).count) of Apple's and \
            \(surface.filter { !$0.isApple }.count) of carender's own.

            """
        let modules = Set(surface.map(\.module)).sorted { order($0) < order($1) }
        for module in modules {
            out += "\n## \(module)\n"
            for apple in [true, false] {
                let here = surface.filter { $0.module == module && $0.isApple == apple }
                guard !here.isEmpty else { continue }
                out += "\n### \(apple ? "Apple's names" : "carender's own")\n"
                out += section(here, all: surface, withPurpose: !apple)
            }
        }
        return out
    }

    static func order(_ module: String) -> Int {
        let ordered = Fixtures.libraryLayers + ["CARender", "CARenderScriptHost", "CARenderGolden", "CARenderTesting"]
        return ordered.firstIndex(of: module) ?? ordered.count
    }

    /// One module's Apple names or its own: types with their members, free functions and
    /// constants, then members on types declared elsewhere.
    static func section(_ here: [PublicDeclaration], all: [PublicDeclaration], withPurpose: Bool) -> String {
        var out = ""
        let byPath = Dictionary(here.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        func line(_ declaration: PublicDeclaration, indent: String = "") -> String {
            let purpose = withPurpose && declaration.isEntry ? " — " + (declaration.purpose ?? "(undocumented)") : ""
            return "\(indent)- `\(declaration.declaration)`\(purpose)\n"
        }
        func members(of parent: String) -> [PublicDeclaration] {
            here.filter { $0.path.dropLast().joined(separator: ".") == parent && !$0.isType && !$0.isEntry }
                .sorted { ($0.qualifiedName, $0.declaration) < ($1.qualifiedName, $1.declaration) }
        }
        var listed: Set<String> = []
        for (kind, heading) in typeKinds {
            let types = here.filter { $0.kind == kind }.sorted { $0.qualifiedName < $1.qualifiedName }
            guard !types.isEmpty else { continue }
            out += "\n#### \(heading)\n\n"
            for type in types {
                out += line(type)
                listed.insert(type.qualifiedName)
                for member in members(of: type.qualifiedName) { out += line(member, indent: "  ") }
            }
        }
        for (kind, heading) in freeKinds {
            let free = here.filter { $0.kind == kind && $0.path.count == 1 }.sorted { ($0.qualifiedName, $0.declaration) < ($1.qualifiedName, $1.declaration) }
            guard !free.isEmpty else { continue }
            out += "\n#### \(heading)\n\n"
            for declaration in free { out += line(declaration) }
        }
        // Members of types this section does not declare: extensions of another module's types
        // (or of Foundation's), and carender's own members on Apple's types.
        let additions = here.filter { $0.isEntry && !$0.isType && $0.path.count > 1 }
        let parents = Set(here.filter { !$0.isType && $0.path.count > 1 && byPath[$0.path.dropLast().joined(separator: ".")] == nil }
            .map { $0.path.dropLast().joined(separator: ".") })
        let extended = parents.filter { parent in !members(of: parent).isEmpty }.sorted()
        if !extended.isEmpty || !additions.isEmpty {
            out += "\n#### \(withPurpose ? "Additions to other types" : "Extensions")\n\n"
            for parent in Set(extended + additions.map { $0.path.dropLast().joined(separator: ".") }).sorted() {
                out += "- `extension \(parent)`\n"
                for declaration in additions.filter({ $0.path.dropLast().joined(separator: ".") == parent })
                    .sorted(by: { $0.declaration < $1.declaration }) {
                    out += line(declaration, indent: "  ")
                }
                for member in members(of: parent) where byPath[parent] == nil { out += line(member, indent: "  ") }
            }
        }
        return out
    }

    // MARK: Comparing

    /// Each listed declaration with where it is listed: `module › section › kind › parent › declaration`.
    /// Purposes are left out, so rewording a documentation comment does not fail the test.
    static func keys(of markdown: String) -> Set<String> {
        var module = "", section = "", kind = "", parent = ""
        var keys: Set<String> = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#### ") { kind = String(line.dropFirst(5)); continue }
            if line.hasPrefix("### ") { section = String(line.dropFirst(4)); kind = ""; continue }
            if line.hasPrefix("## ") { module = String(line.dropFirst(3)); section = ""; kind = ""; continue }
            let nested = line.hasPrefix("  - `")
            guard nested || line.hasPrefix("- `") else { continue }
            let code = line.drop { $0 != "`" }.dropFirst()
            guard let end = code.firstIndex(of: "`") else { continue }
            let declaration = String(code[..<end])
            if nested {
                keys.insert([module, section, kind, parent, declaration].joined(separator: " › "))
            } else {
                parent = declaration
                keys.insert([module, section, kind, declaration].joined(separator: " › "))
            }
        }
        return keys
    }
}

/// The parts of a symbol graph (the format `swift-symbolgraph-extract` writes) the listing reads.
struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
        struct Kind: Decodable { var identifier: String }
        struct Identifier: Decodable { var precise: String }
        struct Fragment: Decodable { var spelling: String }
        struct DocComment: Decodable {
            struct Line: Decodable { var text: String }
            var lines: [Line]
        }
        struct Location: Decodable { var uri: String }
        var kind: Kind
        var identifier: Identifier
        var pathComponents: [String]
        var declarationFragments: [Fragment]
        var docComment: DocComment?
        var location: Location?
    }
    var symbols: [Symbol]
}
