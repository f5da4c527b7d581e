// swift-snapshot-testing strategies for carender's stages and images. The target builds empty
// unless the package trait `SnapshotTesting` is enabled, which also makes SwiftPM fetch
// swift-snapshot-testing; packages that do not enable it never fetch it.
#if SnapshotTesting
@_exported import CARenderTesting
import Foundation
// Re-exported: `import CARenderSnapshotTesting` brings `assertSnapshot`, so a package depends on
// carender alone (with the trait), not on swift-snapshot-testing as well.
@_exported import SnapshotTesting

extension Diffing where Value == RGBAImage {
    /// Compares images as carender's golden checks do: PNG on disk, equal within `tolerance`.
    /// A mismatch says how many pixels differ, by how much and where, and writes the difference
    /// picture (the expected image faded, differing pixels in magenta) beside the failed snapshot
    /// swift-snapshot-testing writes — `$SNAPSHOT_ARTIFACTS/<TestFile>/`, else the temporary
    /// folder — named after the test: on Linux, where XCTest keeps no attachments, that file is
    /// the picture. `file` and `function` are the test's, by default the caller's.
    public static func carenderImage(tolerance: GoldenTolerance = GoldenTolerance(),
                                     file: StaticString = #filePath, function: StaticString = #function) -> Diffing {
        let testFile = URL(fileURLWithPath: "\(file)").deletingPathExtension().lastPathComponent
        let testName = "\(function)".prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return .diff(
            toData: { image in (try? image.pngData()) ?? Data() },
            fromData: { data in (try? RGBAImage(pngData: data)) ?? RGBAImage(width: 0, height: 0) },
            diffV2: { expected, actual in
                guard expected.width == actual.width, expected.height == actual.height else {
                    return ("the reference is \(expected.width)×\(expected.height) pixels, the image \(actual.width)×\(actual.height)", [])
                }
                let difference = ImageDifference(actual, expected, channelTolerance: tolerance.channel)
                guard difference.fractionOverTolerance > tolerance.fractionOfPixels else { return nil }
                let place = difference.region.map { " within \($0)" } ?? ""
                var message = "\(difference.pixelsOverTolerance) of \(difference.pixelCount) pixels differ by more than "
                    + "\(tolerance.channel)/255 (largest \(difference.maximumChannelDifference))\(place)"
                let picture = ImageDifference.visualize(actual, expected, channelTolerance: tolerance.channel)
                let data = try? picture.pngData()
                if let data {
                    let environment = ProcessInfo.processInfo.environment
                    let folder = URL(fileURLWithPath: environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(), isDirectory: true)
                        .appendingPathComponent(testFile)
                    let url = folder.appendingPathComponent("\(testName).difference.png")
                    if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
                       (try? data.write(to: url)) != nil {
                        message += "; difference picture: \(url.path)"
                    }
                }
                return (message, [data.map { DiffAttachment.data($0, name: "difference.png") }].compactMap { $0 })
            }
        )
    }
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// A rendered image, stored as PNG.
    public static var image: Snapshotting { .image(tolerance: GoldenTolerance()) }

    /// A rendered image, stored as PNG and compared within `tolerance`.
    public static func image(tolerance: GoldenTolerance, file: StaticString = #filePath,
                             function: StaticString = #function) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .carenderImage(tolerance: tolerance, file: file, function: function))
    }
}

extension Snapshotting where Value == Stage, Format == RGBAImage {
    /// The stage's frame at time `t` (the stage is advanced to it; its clock never runs back).
    public static func frame(at t: CFTimeInterval, tolerance: GoldenTolerance = GoldenTolerance(),
                             file: StaticString = #filePath, function: StaticString = #function) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(tolerance: tolerance, file: file, function: function).pullback { stage in
            stage.advance(to: t)
            return stage.render()
        }
    }
}

extension RGBAImage {
    /// Decodes PNG data (through a temporary file: carender's decoder reads files).
    init(pngData data: Data) throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("carender-snapshot-\(UUID().uuidString).png")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try self.init(contentsOfPNG: url)
    }
}
#endif
