import CARenderTestSupport
import CARenderTesting
import FoundationXML
import XCTest

/// `ease --plot chart.svg` writes SVG: it parses as XML, the curves are vector paths (a Bézier
/// timing function as the cubic Bézier it is), the labels are text; other extensions are refused.
final class EasePlotSVGTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testTheSVGChartIsXMLWithTheCurveAndItsText() throws {
        let plot = folder.appendingPathComponent("curves.svg")
        let result = try CarenderCLI.run(["ease", "easeInEaseOut", "spring:damping=8", "--plot", plot.path], cache: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        let document = try SVGElements(contentsOf: plot)
        XCTAssertEqual(document.root, "svg")
        XCTAssertEqual(document.rootAttributes["width"], "560")
        XCTAssertEqual(document.rootAttributes["xmlns"], "http://www.w3.org/2000/svg")

        // The timing function (0.42, 0, 0.58, 1) as one cubic Bézier from (0, 0) to (1, 1) of the
        // plot area, its control points mapped like the ends.
        let paths = document.elements.filter { $0.name == "path" }.compactMap { $0.attributes["d"] }
        let bezier = try XCTUnwrap(paths.first { $0.contains("C") }, "\(paths)")
        let numbers = bezier.split(whereSeparator: { " MC".contains($0) }).compactMap { Double($0) }
        XCTAssertEqual(numbers.count, 8, bezier)
        let (x0, y0, x3, y3) = (numbers[0], numbers[1], numbers[6], numbers[7])
        XCTAssertEqual((numbers[2] - x0) / (x3 - x0), 0.42, accuracy: 0.01)
        XCTAssertEqual((numbers[3] - y0) / (y3 - y0), 0, accuracy: 0.01)
        XCTAssertEqual((numbers[4] - x0) / (x3 - x0), 0.58, accuracy: 0.01)
        XCTAssertEqual((numbers[5] - y0) / (y3 - y0), 1, accuracy: 0.01)
        XCTAssertLessThan(y3, y0, "progress rises up the chart")
        // The spring, sampled, as a path through many points.
        XCTAssertTrue(paths.contains { $0.components(separatedBy: " L").count > 100 }, "the spring's path")

        // Text as text: the title, the axis titles, the legend.
        let texts = document.elements.filter { $0.name == "text" }.map(\.text)
        XCTAssertTrue(texts.contains("easeInEaseOut vs spring:damping=8"), "\(texts)")
        XCTAssertTrue(texts.contains("progress"), "\(texts)")
        XCTAssertTrue(texts.contains("time (s)"), "\(texts)")
        XCTAssertFalse(try Data(contentsOf: plot).starts(with: [0x89, 0x50, 0x4E, 0x47]), "not PNG bytes")
    }

    func testAPNGChartIsStillPNGAndOtherExtensionsAreRefused() throws {
        let png = folder.appendingPathComponent("c.png")
        XCTAssertEqual(try CarenderCLI.run(["ease", "linear", "--plot", png.path], cache: folder).status, 0)
        XCTAssertTrue(try Data(contentsOf: png).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        for name in ["c.jpg", "c.pdf", "chart"] {
            let result = try CarenderCLI.run(["ease", "linear", "--plot", folder.appendingPathComponent(name).path], cache: folder)
            XCTAssertEqual(result.status, 64, "\(name): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(".png or .svg"), result.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
    }
}

/// The elements of an XML file, read with Foundation's XML parser (which fails on anything that
/// is not well-formed XML).
private final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    var root: String? { elements.first?.name }
    var rootAttributes: [String: String] { elements.first?.attributes ?? [:] }

    init(contentsOf url: URL) throws {
        super.init()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }
}
