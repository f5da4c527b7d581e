import Foundation
import XCTest
import CARender
import CARenderTestSupport

/// carender against images rendered by Apple's Core Animation, taken from public snapshot-test
/// suites (Fixtures/apple): pointfreeco/swift-snapshot-testing (`testCALayer.1.png`) and
/// square/Blueprint (`BoxTests` reference images, identical for iOS 15–17). Every one of them was
/// made by `layer.render(in:)`, Core Animation drawing the layer tree through Core Graphics on the
/// CPU; carender aims at the render server, which draws fills, borders and corners the same way.
///
/// The bar: PSNR over RGBA ≥ 45 dB for fills, borders and corners, ≥ 35 dB for shadows (the
/// render server's shadow tails differ slightly from `render(in:)`'s).
///
/// Colours are UIKit's: `.red` (1, 0, 0), `.blue` (0, 0, 1), `.orange` (1, 0.5, 0),
/// `.magenta` (1, 0, 1), `.green` (0, 1, 0), all sRGB.
final class AppleReferenceTests: XCTestCase {
    static let fillBar = 45.0
    static let shadowBar = 35.0

    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private static let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    private static let magenta = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
    private static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    private static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    private static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// A stage of `width × height` points on a white host view (Blueprint's `BoxTests` setup).
    private func hostStage(_ width: CGFloat, _ height: CGFloat, scale: CGFloat = 1) -> Stage {
        let stage = Stage(width: width, height: height)
        stage.scale = scale
        stage.rootLayer.backgroundColor = Self.white
        return stage
    }

    private func box(_ frame: CGRect, _ color: CGColor, in stage: Stage) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        stage.rootLayer.addSublayer(layer)
        return layer
    }

    /// Renders `stage` and compares it with the Apple image `name`; returns the PSNR.
    @discardableResult
    private func compare(_ stage: Stage, with name: String, atLeast bar: Double,
                         file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let reference = try RGBAImage(contentsOfPNG: Fixtures.folder.appendingPathComponent("apple")
            .appendingPathComponent(name + ".png"))
        let image = stage.render()
        XCTAssertEqual(image.width, reference.width, name, file: file, line: line)
        XCTAssertEqual(image.height, reference.height, name, file: file, line: line)
        guard image.width == reference.width, image.height == reference.height else { return 0 }
        var squared = 0.0
        for i in 0..<image.bytes.count {
            let d = Double(image.bytes[i]) - Double(reference.bytes[i])
            squared += d * d
        }
        let mse = squared / Double(image.bytes.count)
        let psnr = mse == 0 ? 200 : 10 * log10(255 * 255 / mse)
        print("apple-reference \(name): PSNR \(String(format: "%.2f", psnr)) dB")
        XCTAssertGreaterThanOrEqual(psnr, bar, "\(name): PSNR against Apple's render", file: file, line: line)
        return psnr
    }

    /// swift-snapshot-testing `testCALayer`: a 100 × 100 pt layer, red, 4 pt black border, at 3×.
    func testRedLayerWithBlackBorderAtScale3() throws {
        let stage = Stage(width: 100, height: 100)
        stage.scale = 3
        stage.rootLayer.backgroundColor = Self.red
        stage.rootLayer.borderWidth = 4
        stage.rootLayer.borderColor = Self.black
        try compare(stage, with: "pf_testCALayer", atLeast: Self.fillBar)
    }

    /// Blueprint `test_backgroundColor`: a red 100 × 100 box.
    func testRedBox() throws {
        let stage = hostStage(100, 100)
        _ = box(CGRect(x: 0, y: 0, width: 100, height: 100), Self.red, in: stage)
        try compare(stage, with: "bp_test_backgroundColor_red_iOS17", atLeast: Self.fillBar)
    }

    /// Blueprint `test_cornerStyle` `.capsule` on a wide box: radius 50 on 200 × 100.
    func testWideCapsule() throws {
        let stage = hostStage(200, 100)
        box(CGRect(x: 0, y: 0, width: 200, height: 100), Self.blue, in: stage).cornerRadius = 50
        try compare(stage, with: "bp_test_cornerStyle_wideCapsule_iOS17", atLeast: Self.fillBar)
    }

    /// Blueprint `test_cornerStyle` `.capsule` on a tall box: radius 50 on 100 × 200.
    func testLongCapsule() throws {
        let stage = hostStage(100, 200)
        box(CGRect(x: 0, y: 0, width: 100, height: 200), Self.blue, in: stage).cornerRadius = 50
        try compare(stage, with: "bp_test_cornerStyle_longCapsule_iOS17", atLeast: Self.fillBar)
    }

    /// Blueprint `test_cornerStyle` `.rounded(radius: 10)`.
    func testRoundedCorners() throws {
        let stage = hostStage(100, 100)
        box(CGRect(x: 0, y: 0, width: 100, height: 100), Self.blue, in: stage).cornerRadius = 10
        try compare(stage, with: "bp_test_cornerStyle_rounded_iOS17", atLeast: Self.fillBar)
    }

    /// Blueprint `test_borders` `.solid(color: .orange, width: 1)` on a square box.
    func testSquareBorder() throws {
        let stage = hostStage(100, 100)
        let layer = box(CGRect(x: 0, y: 0, width: 100, height: 100), Self.blue, in: stage)
        layer.borderWidth = 1
        layer.borderColor = Self.orange
        try compare(stage, with: "bp_test_borders_square_iOS17", atLeast: Self.fillBar)
    }

    /// Blueprint `test_borders` on a box with corner radius 10: a 1 pt border round the corner.
    func testRoundedBorder() throws {
        let stage = hostStage(100, 100)
        let layer = box(CGRect(x: 0, y: 0, width: 100, height: 100), Self.blue, in: stage)
        layer.cornerRadius = 10
        layer.borderWidth = 1
        layer.borderColor = Self.orange
        try compare(stage, with: "bp_test_borders_rounded_iOS17", atLeast: Self.fillBar)
    }

    /// Blueprint `test_shadow`: a green box with radius 10 casting a magenta shadow of radius 8
    /// from an explicit rounded `shadowPath`.
    func testShadow() throws {
        let stage = hostStage(100, 100)
        let layer = box(CGRect(x: 20, y: 20, width: 60, height: 60), Self.green, in: stage)
        layer.cornerRadius = 10
        layer.shadowColor = Self.magenta
        layer.shadowRadius = 8
        layer.shadowOpacity = 1
        layer.shadowOffset = .zero
        layer.shadowPath = CGPath(roundedRect: layer.bounds, cornerWidth: 10, cornerHeight: 10, transform: nil)
        try compare(stage, with: "bp_test_shadow_iOS17", atLeast: Self.shadowBar)
    }

    /// Blueprint `test_largeCornerRadius`: radius 30 on 80 × 60 with a tight red shadow (radius 2).
    func testLargeCornerRadiusWithShadow() throws {
        let stage = hostStage(120, 100)
        let layer = box(CGRect(x: 20, y: 20, width: 80, height: 60), Self.blue, in: stage)
        layer.cornerRadius = 30
        layer.shadowColor = Self.red
        layer.shadowRadius = 2
        layer.shadowOpacity = 1
        layer.shadowOffset = .zero
        layer.shadowPath = CGPath(roundedRect: layer.bounds, cornerWidth: 30, cornerHeight: 30, transform: nil)
        try compare(stage, with: "bp_test_largeCornerRadius_iOS17", atLeast: Self.shadowBar)
    }
}
