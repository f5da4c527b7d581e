import Foundation
import XCTest
import CARender

final class CGImageAndColorTests: XCTestCase {
    func testLoadingAndCroppingAPNG() throws {
        var pixels = RGBAImage(width: 3, height: 2)
        pixels[0, 0] = RGBA8(r: 255, g: 0, b: 0, a: 255)
        pixels[2, 1] = RGBA8(r: 0, g: 0, b: 255, a: 128)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carender-cgimage-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try pixels.writePNG(to: url)

        let image = try XCTUnwrap(CGImage(pngFile: url))
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.bytesPerRow, 12)
        XCTAssertEqual(image.image, pixels)
        let provider = try XCTUnwrap(CGDataProvider(filename: url.path))
        let viaProvider = try XCTUnwrap(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true,
                                                intent: .defaultIntent))
        XCTAssertEqual(viaProvider.image, pixels)
        XCTAssertNil(CGDataProvider(filename: "/nonexistent/image.png"))
        XCTAssertNil(CGImage(pngFile: URL(fileURLWithPath: "/nonexistent/image.png")))

        let corner = try XCTUnwrap(image.cropping(to: CGRect(x: 1.5, y: 0.5, width: 5, height: 5)))
        XCTAssertEqual(corner.width, 2, "rounded outwards to x 1…3, clipped to the image")
        XCTAssertEqual(corner.height, 2)
        XCTAssertEqual(corner.image[1, 1], RGBA8(r: 0, g: 0, b: 255, a: 128))
        XCTAssertNil(image.cropping(to: CGRect(x: 10, y: 10, width: 1, height: 1)))
    }

    func testColorSpaces() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let red = CGColor(colorSpace: rgb, components: [1, 0, 0, 0.5])
        XCTAssertEqual(red?.components, [1, 0, 0, 0.5])
        XCTAssertEqual(red, CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        let gray = CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [0.5, 1])
        XCTAssertEqual(gray, CGColor(gray: 0.5, alpha: 1))
        XCTAssertEqual(gray?.colorSpace?.numberOfComponents, 1)
        XCTAssertNotNil(CGColorSpace(name: CGColorSpace.sRGB))
        XCTAssertNil(CGColorSpace(name: "nonsense"))
        XCTAssertNotEqual(CGColor(gray: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                          "colours in different spaces differ, as in Core Graphics")
    }
}
