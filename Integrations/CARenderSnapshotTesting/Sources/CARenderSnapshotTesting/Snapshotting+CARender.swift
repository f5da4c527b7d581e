import CARenderTesting
import Foundation
import SnapshotTesting

extension Diffing where Value == RGBAImage {
    /// Compares images as carender's golden checks do: PNG on disk, equal within `tolerance`,
    /// and on a mismatch a message saying how many pixels differ, by how much and where, with
    /// the difference picture attached.
    public static func carenderImage(tolerance: GoldenTolerance = GoldenTolerance()) -> Diffing {
        .diff(
            toData: { image in (try? image.pngData()) ?? Data() },
            fromData: { data in (try? RGBAImage(pngData: data)) ?? RGBAImage(width: 0, height: 0) },
            diffV2: { expected, actual in
                guard expected.width == actual.width, expected.height == actual.height else {
                    return ("the reference is \(expected.width)×\(expected.height) pixels, the image \(actual.width)×\(actual.height)", [])
                }
                let difference = ImageDifference(actual, expected, channelTolerance: tolerance.channel)
                guard difference.fractionOverTolerance > tolerance.fractionOfPixels else { return nil }
                let place = difference.region.map { " within \($0)" } ?? ""
                let message = "\(difference.pixelsOverTolerance) of \(difference.pixelCount) pixels differ by more than "
                    + "\(tolerance.channel)/255 (largest \(difference.maximumChannelDifference))\(place)"
                let picture = ImageDifference.visualize(actual, expected, channelTolerance: tolerance.channel)
                return (message, [(try? picture.pngData()).map { DiffAttachment.data($0, name: "difference.png") }].compactMap { $0 })
            }
        )
    }
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// A rendered image, stored as PNG.
    public static var image: Snapshotting { .image(tolerance: GoldenTolerance()) }

    /// A rendered image, stored as PNG and compared within `tolerance`.
    public static func image(tolerance: GoldenTolerance) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .carenderImage(tolerance: tolerance))
    }
}

extension Snapshotting where Value == Stage, Format == RGBAImage {
    /// The stage's frame at time `t` (the stage is advanced to it; its clock never runs back).
    public static func frame(at t: CFTimeInterval, tolerance: GoldenTolerance = GoldenTolerance()) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(tolerance: tolerance).pullback { stage in
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
