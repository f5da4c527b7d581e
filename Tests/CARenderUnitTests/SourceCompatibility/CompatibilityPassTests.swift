import XCTest
@testable import CARenderSourceCompatibility

/// The source-compatibility pass on snippets written as Apple code: what each construct becomes,
/// that every line stays where it was, and what cannot be mapped is reported at the user's line
/// and column. (That the rewritten code compiles and behaves is shown end to end, by the
/// scripts under Examples/apple-syntax.)
final class CompatibilityPassTests: XCTestCase {
    private func rewrite(_ text: String) -> CompatibilityPass.Output {
        let output = CompatibilityPass.rewrite(text)
        XCTAssertEqual(output.text.filter { $0 == "\n" }.count, text.filter { $0 == "\n" }.count, "lines stay where they were")
        return output
    }

    // MARK: - Attributes and modifiers

    func testObjectiveCAndInterfaceBuilderAttributesBecomeSpacesOfTheirWidth() {
        let source = """
            @objcMembers class A: NSObject {
                @IBOutlet weak var label: UILabel!
                @IBInspectable var radius: CGFloat = 4
                @objc(tapWithSender:) func tap(_ sender: Any) {}
                @IBAction func done(_ sender: Any) {}
                @objc dynamic var progress: CGFloat = 0
                @nonobjc func plain() {}
            }
            @IBDesignable final class B: UIView {}
            """
        let output = rewrite(source)
        XCTAssertEqual(output.diagnostics, [])
        var expected = source
        for dropped in ["@objcMembers", "@IBOutlet", "@IBInspectable", "@objc(tapWithSender:)", "@IBAction", "@objc dynamic",
                        "@nonobjc", "@IBDesignable"] {
            expected = expected.replacingOccurrences(of: dropped, with: String(repeating: " ", count: dropped.count))
        }
        XCTAssertEqual(output.text, expected)
    }

    func testDynamicIsDroppedOnlyWhereItIsAModifier() {
        let output = rewrite("""
            class A { dynamic var x = 1; override dynamic func f() {} }
            let dynamic = true
            if dynamic { print(dynamic) }
            func g(dynamic: Int) -> Int { dynamic }
            """)
        XCTAssertEqual(output.text, """
            class A {         var x = 1; override         func f() {} }
            let dynamic = true
            if dynamic { print(dynamic) }
            func g(dynamic: Int) -> Int { dynamic }
            """)
    }

    func testSyntaxInsideStringsAndCommentsIsLeftAlone() {
        let source = #"""
            let a = "@objc #keyPath(x) #selector(y)" // @IBOutlet #keyPath(z)
            /* @objc /* nested #selector(q) */ dynamic var */
            let b = #"raw \(x) @objc"#
            let c = """
                @NSManaged #keyPath(w)
                """
            """#
        let output = rewrite(source)
        XCTAssertEqual(output.text, source)
        XCTAssertEqual(output.diagnostics, [])
    }

    func testOptionalProtocolRequirementsAreReportedWithWhatToWriteInstead() {
        let output = rewrite("""
            @objc protocol ProgressDelegate {
                @objc optional func progressDidChange(_ value: CGFloat)
            }
            """)
        XCTAssertEqual(output.diagnostics.count, 1)
        XCTAssertEqual(output.diagnostics.first?.line, 2)
        XCTAssertEqual(output.diagnostics.first?.column, 11)
        XCTAssertTrue(output.diagnostics.first?.message.contains("default implementation in an extension of ProgressDelegate") == true)
    }

    // MARK: - #keyPath

    func testKeyPathBecomesItsStringWithTheKeyPathCheckedBesideIt() {
        let output = rewrite("""
            class ProgressLayer: CALayer {
                @NSManaged var angle: CGFloat
                override class func needsDisplay(forKey key: String) -> Bool {
                    key == #keyPath(angle) || super.needsDisplay(forKey: key)
                }
            }
            let a = CABasicAnimation(keyPath: #keyPath(CALayer.position))
            let b = "\\(#keyPath(ProgressLayer.angle))"
            let c = #keyPath(Outer.Inner.bounds.size)
            """)
        XCTAssertEqual(output.diagnostics, [])
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[3], #"        key == _carenderKeyPath("angle", { (root: ProgressLayer) in _ = root.angle }) || super.needsDisplay(forKey: key)"#)
        XCTAssertEqual(lines[6], #"let a = CABasicAnimation(keyPath: _carenderKeyPath("position", { (root: CALayer) in _ = root.position }))"#)
        XCTAssertEqual(lines[7], #"let b = "\(_carenderKeyPath("angle", { (root: ProgressLayer) in _ = root.angle }))""#)
        XCTAssertEqual(lines[8], #"let c = _carenderKeyPath("bounds.size", { (root: Outer.Inner) in _ = root.bounds.size })"#)
        XCTAssertTrue(output.epilogue.contains("func _carenderKeyPath<Root>(_ path: String, _ check: (Root) -> Void) -> String { path }"))
    }

    func testKeyPathOutsideATypeNeedsTheType() {
        let output = rewrite("let key = #keyPath(position)\n")
        XCTAssertEqual(output.diagnostics.map(\.line), [1])
        XCTAssertEqual(output.diagnostics.first?.column, 11)
        XCTAssertTrue(output.diagnostics.first?.message.contains("write #keyPath(TypeName.position)") == true)
    }

    // MARK: - #selector

    func testSelectorsAreBoundToTheirMethodsWithTheirObjectiveCNames() {
        let output = rewrite("""
            class Controller: NSObject {
                @objc func tapped(_ sender: UIButton) {}
                @objc func tick(link: CADisplayLink) {}
                @objc func refresh() {}
                var value = 0
                func wire(_ button: UIButton) {
                    button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
                    _ = #selector(tick)
                    _ = #selector(self.refresh)
                    _ = #selector(Controller.tick(link:))
                    _ = #selector(layoutSubviews)
                    _ = #selector(getter: Controller.value)
                    _ = #selector(setter: value)
                }
            }
            """)
        XCTAssertEqual(output.diagnostics, [])
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines[6], #"button.addTarget(self, action: Selector("tapped:", method: Controller.tapped(_:)), for: .touchUpInside)"#)
        XCTAssertEqual(lines[7], #"_ = Selector("tickWithLink:", method: Controller.tick)"#)
        XCTAssertEqual(lines[8], #"_ = Selector("refresh", method: Controller.refresh)"#)
        XCTAssertEqual(lines[9], #"_ = Selector("tickWithLink:", method: Controller.tick(link:))"#)
        XCTAssertEqual(lines[10], #"_ = Selector(methodNamed: "layoutSubviews", Controller.layoutSubviews)"#)
        XCTAssertEqual(lines[11], #"_ = Selector(getter: "value", \Controller.value)"#)
        XCTAssertEqual(lines[12], #"_ = Selector(setter: "setValue:", \Controller.value)"#)
    }

    func testSelectorsThatCannotBeBoundSayWhatToWrite() {
        let output = rewrite("""
            let s = #selector(handler)
            class A: NSObject {
                let other = NSObject()
                func f() { _ = #selector(other.description) }
            }
            """)
        XCTAssertEqual(output.diagnostics.map { [$0.line, $0.column] }, [[1, 9], [4, 30]])
        XCTAssertTrue(output.diagnostics[0].message.contains("write #selector(ClassName.handler)"))
        XCTAssertTrue(output.diagnostics[1].message.contains("name its class instead"))
    }

    func testObjectiveCNamesFollowSwiftsRules() {
        XCTAssertEqual(ObjCNames.selector(base: "refresh", labels: []), "refresh")
        XCTAssertEqual(ObjCNames.selector(base: "tapped", labels: ["_"]), "tapped:")
        XCTAssertEqual(ObjCNames.selector(base: "tick", labels: ["link"]), "tickWithLink:")
        XCTAssertEqual(ObjCNames.selector(base: "click", labels: ["for"]), "clickFor:")
        XCTAssertEqual(ObjCNames.selector(base: "move", labels: ["toPoint"]), "moveToPoint:")
        XCTAssertEqual(ObjCNames.selector(base: "animationDidStop", labels: ["_", "finished", "context"]),
                       "animationDidStop:finished:context:")
        XCTAssertEqual(ObjCNames.setter(for: "progress"), "setProgress:")
    }

    // MARK: - Layer classes

    func testManagedPropertiesOfLayerClassesGetAccessorsOverTheLayersStorage() {
        let output = rewrite("""
            class Base: CAShapeLayer {}
            class ProgressLayer: Base {
                @NSManaged var angle: CGFloat // degrees
                @NSManaged public var tint: CGColor?
            }
            """)
        XCTAssertEqual(output.diagnostics, [])
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[2], #"               var angle: CGFloat { get { _managedPropertyValue(forKey: "angle") } set { _setManagedPropertyValue(newValue, forKey: "angle") } } // degrees"#)
        XCTAssertEqual(lines[3], #"               public var tint: CGColor? { get { _managedPropertyValue(forKey: "tint") } set { _setManagedPropertyValue(newValue, forKey: "tint") } }"#)
        XCTAssertTrue(output.epilogue.contains("@_spi(SourceCompatibility) import CARenderModel"))
    }

    func testManagedPropertiesThatCannotBeMappedAreReported() {
        let output = rewrite("""
            class Item: NSManagedObject {
                @NSManaged var title: String
            }
            class L: CALayer {
                @NSManaged var start: CGFloat = 0
                @NSManaged var end: CGFloat { return 1 }
                @NSManaged var untyped
            }
            """)
        XCTAssertEqual(output.diagnostics.map { [$0.line, $0.column] }, [[2, 5], [5, 16], [6, 16], [7, 16]])
        XCTAssertTrue(output.diagnostics[0].message.contains("Core Data"))
        XCTAssertTrue(output.diagnostics[1].message.contains("cannot have an initial value"))
        XCTAssertTrue(output.diagnostics[2].message.contains("cannot have accessors"))
        XCTAssertTrue(output.diagnostics[3].message.contains("needs its type"))
    }

    func testLayerClassesSayHowToMakeThemAndTheirPresentationCopies() {
        let output = rewrite("""
            class Plain: CALayer {
            }
            class Custom: CALayer {
                var color: CGColor
                init(color: CGColor) { self.color = color; super.init() }
                override init(layer: Any) { color = (layer as! Custom).color; super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class Inherits: Plain {}
            class Defaults: CAGradientLayer { init(stops: Int = 2) { super.init() } }
            """)
        XCTAssertEqual(output.diagnostics, [])
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[1], " override class func _makeLayer() -> CALayer? { Plain() }; override class func _makePresentationCopy(of layer: CALayer) -> CALayer? { Plain(layer: layer) } }")
        XCTAssertEqual(lines[6], "    required override init?(coder: NSCoder) { fatalError() }")
        XCTAssertEqual(lines[7], #" override class func _makeLayer() -> CALayer? { _missingInitializer("init()") }; override class func _makePresentationCopy(of layer: CALayer) -> CALayer? { Custom(layer: layer) } }"#)
        XCTAssertTrue(lines[8].contains("{ Inherits() }") && lines[8].contains("{ Inherits(layer: layer) }"))
        XCTAssertTrue(lines[9].contains("{ Defaults() }") && lines[9].contains(#"_missingInitializer("init(layer:)")"#))
    }

    func testCoderInitializersOfViewsOverrideCarendersOnlyInDirectSubclasses() {
        let output = rewrite("""
            class A: UIView {
                override init(frame: CGRect) { super.init(frame: frame) }
                required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
            }
            class B: A {
                required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
            }
            """)
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[2], "    required override init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }")
        XCTAssertEqual(lines[5], "    required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }")
    }

    // MARK: - Locations

    func testColumnsOfRewrittenTextMapToTheUsersColumns() {
        let source = "let a = CABasicAnimation(keyPath: #keyPath(CALayer.postion)); let b = 1\n"
        let output = rewrite(source)
        let generated = Array(output.text.utf8)
        func column(of needle: String, in bytes: [UInt8]) -> Int {
            let target = Array(needle.utf8)
            let index = (0 ... bytes.count - target.count).first { Array(bytes[$0 ..< $0 + target.count]) == target }!
            return index + 1
        }
        let original = Array(source.utf8)
        // The misspelt member, copied into the key path, maps to its own column.
        XCTAssertEqual(output.map.originalLocation(line: 1, column: column(of: ".postion", in: generated) + 1)?.column,
                       column(of: ".postion", in: original) + 1)
        // Code after the construct keeps its column.
        XCTAssertEqual(output.map.originalLocation(line: 1, column: column(of: "let b", in: generated))?.column,
                       column(of: "let b", in: original))
        // Generated text maps to the construct's start.
        XCTAssertEqual(output.map.originalLocation(line: 1, column: column(of: "_carenderKeyPath", in: generated))?.column,
                       column(of: "#keyPath", in: original))
    }

    func testCompilerDiagnosticsAreShownAtTheUsersColumnWithTheUsersLine() {
        let source = "let a = CABasicAnimation(keyPath: #keyPath(CALayer.postion)); let b = 1\n"
        let output = rewrite(source)
        let generatedLine = String(output.text.split(separator: "\n")[0])
        let generatedColumn = generatedLine.range(of: ".postion")!.lowerBound.utf16Offset(in: generatedLine) + 2
        var remapper = DiagnosticRemapper(path: "/work/p.swift", map: output.map, colored: false)
        let caret = String(repeating: " ", count: generatedColumn - 1) + "^~~~~~~"
        XCTAssertEqual(remapper.process("/work/p.swift:1:\(generatedColumn): error: type 'CALayer' has no member 'postion'"),
                       "/work/p.swift:1:52: error: type 'CALayer' has no member 'postion'")
        XCTAssertEqual(remapper.process(generatedLine), String(source.dropLast()))
        XCTAssertEqual(remapper.process(caret), String(repeating: " ", count: 51) + "^~~~~~~")
        // Other files' diagnostics, and what follows, pass through.
        XCTAssertEqual(remapper.process("/cache/main.swift:80:3: warning: unused"), "/cache/main.swift:80:3: warning: unused")
        XCTAssertEqual(remapper.process(generatedLine), generatedLine)
    }

    func testColouredDiagnosticsAreRecolouredAfterRemapping() {
        let source = "let a = #keyPath(CALayer.postion)\n"
        let output = rewrite(source)
        var remapper = DiagnosticRemapper(path: "/p.swift", map: output.map, colored: true)
        let generatedColumn = output.text.range(of: ".postion")!.lowerBound.utf16Offset(in: output.text) + 2
        let header = "\u{1B}[1m/p.swift:1:\(generatedColumn): \u{1B}[0m\u{1B}[0;1;31merror: \u{1B}[0m\u{1B}[1mno member 'postion'"
        XCTAssertEqual(remapper.process(header),
                       "\u{1B}[1m/p.swift:1:26: \u{1B}[0m\u{1B}[0;1;31merror: \u{1B}[0m\u{1B}[1mno member 'postion'\u{1B}[0m")
    }
}
