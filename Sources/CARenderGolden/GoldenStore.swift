import Foundation
import CARenderPixels
import CARenderStage

/// A folder of golden references, and the check of a rendered image or a presentation timeline
/// against one of them.
///
/// A reference is named by a relative path without extension: `card` is `<root>/card.png`, a
/// timeline `slide` is `<root>/slide.csv`. Two layouts are common, chosen by the root:
/// - beside the test file, ``besideTestFile(_:)``: `__Goldens__/<TestFile>/<name>.png`;
/// - a project folder of frames by time, ``url(name:time:)``: `golden/<scene>/<time>.png`, the
///   layout `carender golden` reads.
///
/// Record only references you have looked at: a check that records fails and says so.
public struct GoldenStore: Sendable {
    /// The folder the reference names are relative to.
    public let root: URL
    /// When checks write references (``GoldenRecordMode/missing`` unless set).
    public var recordMode: GoldenRecordMode
    /// The folder a failing check writes its actual value, the expected one and the difference to.
    public var artifacts: URL

    /// A store of references under `root`; failing checks write to `artifacts`, by default
    /// ``defaultArtifactsRoot(environment:)``.
    public init(root: URL, recordMode: GoldenRecordMode = .missing, artifacts: URL? = nil) {
        self.root = root
        self.recordMode = recordMode
        self.artifacts = artifacts ?? GoldenStore.defaultArtifactsRoot(environment: ProcessInfo.processInfo.environment)
    }

    /// The environment variable naming the folder failing checks write to.
    public static let artifactsEnvironmentVariable = "CARENDER_GOLDEN_ARTIFACTS"

    /// `CARENDER_GOLDEN_ARTIFACTS`, else `carender-golden-artifacts` in the temporary folder.
    public static func defaultArtifactsRoot(environment: [String: String]) -> URL {
        if let path = environment[artifactsEnvironmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("carender-golden-artifacts")
    }

    /// `__Goldens__/<TestFile>/` in the folder of the test file at `filePath` (pass `#filePath`).
    public static func besideTestFile(_ filePath: String) -> URL {
        let file = URL(fileURLWithPath: filePath)
        return file.deletingLastPathComponent()
            .appendingPathComponent("__Goldens__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    }

    /// The reference `name` with the extension `ext`.
    public func url(named name: String, extension ext: String = "png") -> URL {
        root.appendingPathComponent(name + "." + ext)
    }

    /// The reference of the scene `name` at time `t` in the frames-by-time layout:
    /// `<root>/<name>/<t with three decimals>.png`.
    public func url(name: String, time t: Double) -> URL {
        url(named: GoldenStore.name(name, time: t))
    }

    /// `<name>/<t with three decimals>`, the reference name of a frame at a time.
    public static func name(_ name: String, time t: Double) -> String {
        name + "/" + String(RenderOptions.fileName(forTime: t).dropLast(".png".count))
    }

    // MARK: - Images

    /// Compares `image` with the reference `name`, or records it as the record mode says.
    ///
    /// A mismatch writes `<name>-actual.png`, `<name>-expected.png` and `<name>-diff.png` (the
    /// expected image faded, the differing pixels marked) to ``artifacts``.
    /// - Throws: ``GoldenError`` when a reference cannot be read or written.
    public func check(_ image: RGBAImage, named name: String,
                      tolerance: GoldenTolerance = GoldenTolerance()) throws -> GoldenOutcome {
        let reference = url(named: name)
        guard FileManager.default.fileExists(atPath: reference.path) else {
            if recordMode == .never { return .missing(reference: reference) }
            try write(image, to: reference)
            return .recorded(reference: reference, reason: "there was no reference")
        }
        let expected: RGBAImage
        do {
            expected = try RGBAImage(contentsOfPNG: reference)
        } catch {
            throw GoldenError.unreadableReference(path: reference.path, reason: plainReason(error))
        }
        var mismatch: GoldenMismatch?
        if expected.width != image.width || expected.height != image.height {
            mismatch = GoldenMismatch(
                reference: reference,
                summary: "the reference is \(expected.width)×\(expected.height) pixels, the image \(image.width)×\(image.height)",
                imageDifference: nil, artifacts: [])
        } else {
            let difference = ImageDifference(image, expected, channelTolerance: tolerance.channel)
            if difference.fractionOverTolerance > tolerance.fractionOfPixels {
                mismatch = GoldenMismatch(reference: reference, summary: Self.summary(difference, tolerance),
                                          imageDifference: difference, artifacts: [])
            }
        }
        guard var mismatch else {
            if recordMode == .all {
                try write(image, to: reference)
                return .recorded(reference: reference, reason: "record mode all; it matched")
            }
            return .matched(reference: reference)
        }
        mismatch.artifacts = try writeArtifacts(name: name, actual: image, expected: expected, tolerance: tolerance)
        if recordMode == .all || recordMode == .failed {
            try write(image, to: reference)
            return .recorded(reference: reference, reason: "it differed: \(mismatch.summary)")
        }
        return .mismatched(mismatch)
    }

    /// Compares `image` with the reference of the scene `name` at time `t` (``url(name:time:)``).
    public func check(_ image: RGBAImage, name: String, time t: Double,
                      tolerance: GoldenTolerance = GoldenTolerance()) throws -> GoldenOutcome {
        try check(image, named: GoldenStore.name(name, time: t), tolerance: tolerance)
    }

    /// `1234 of 64000 pixels (1.93%) differ by more than 2/255 (largest 187, mean 95) within
    /// x 30…109, y 60…139 (80×80 px); at most 0.1% may differ`.
    static func summary(_ difference: ImageDifference, _ tolerance: GoldenTolerance) -> String {
        let percent = String(format: "%.3g%%", difference.fractionOverTolerance * 100)
        let allowed = String(format: "%.3g%%", tolerance.fractionOfPixels * 100)
        let mean = Int(difference.meanDifferenceOverTolerance.rounded())
        let place = difference.region.map { " within \($0)" } ?? ""
        return "\(difference.pixelsOverTolerance) of \(difference.pixelCount) pixels (\(percent)) differ by more than "
            + "\(tolerance.channel)/255 (largest \(difference.maximumChannelDifference), mean \(mean))\(place); at most \(allowed) may differ"
    }

    private func write(_ image: RGBAImage, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try image.writePNG(to: url, options: .smallest)
        } catch {
            throw GoldenError.unwritable(path: url.path, reason: folderCreationReason(error, creating: url.deletingLastPathComponent()))
        }
    }

    private func writeArtifacts(name: String, actual: RGBAImage, expected: RGBAImage,
                                tolerance: GoldenTolerance) throws -> [URL] {
        var files = [(artifacts.appendingPathComponent(name + "-actual.png"), actual),
                     (artifacts.appendingPathComponent(name + "-expected.png"), expected)]
        if actual.width == expected.width, actual.height == expected.height {
            files.append((artifacts.appendingPathComponent(name + "-diff.png"),
                          ImageDifference.visualize(actual, expected, channelTolerance: tolerance.channel)))
        }
        for (url, image) in files {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try image.writePNG(to: url)
            } catch {
                throw GoldenError.unwritable(path: url.path, reason: folderCreationReason(error, creating: url.deletingLastPathComponent()))
            }
        }
        return files.map(\.0)
    }

    // MARK: - Timelines

    /// Compares a timeline with the reference `<name>.csv` (``GoldenTimeline``), or records it.
    ///
    /// Numbers in the values may differ by `tolerance`; a mismatch writes `<name>-actual.csv`
    /// and `<name>-expected.csv` to ``artifacts``.
    public func check(timeline samples: [TimelineSample], named name: String,
                      tolerance: Double = GoldenTimeline.defaultTolerance) throws -> GoldenOutcome {
        try check(timelineCSV: GoldenTimeline.csv(samples), named: name, tolerance: tolerance)
    }

    /// Compares timeline CSV text (as ``GoldenTimeline/csv(_:)`` writes it) with the reference
    /// `<name>.csv`, or records it.
    public func check(timelineCSV actual: String, named name: String,
                      tolerance: Double = GoldenTimeline.defaultTolerance) throws -> GoldenOutcome {
        let reference = url(named: name, extension: "csv")
        guard FileManager.default.fileExists(atPath: reference.path) else {
            if recordMode == .never { return .missing(reference: reference) }
            try write(actual, to: reference)
            return .recorded(reference: reference, reason: "there was no reference")
        }
        let expected: String
        do {
            expected = try String(contentsOf: reference, encoding: .utf8)
        } catch {
            throw GoldenError.unreadableReference(path: reference.path, reason: plainReason(error))
        }
        guard let summary = GoldenTimeline.difference(actual: actual, expected: expected, tolerance: tolerance) else {
            if recordMode == .all {
                try write(actual, to: reference)
                return .recorded(reference: reference, reason: "record mode all; it matched")
            }
            return .matched(reference: reference)
        }
        let files = [artifacts.appendingPathComponent(name + "-actual.csv"), artifacts.appendingPathComponent(name + "-expected.csv")]
        try write(actual, to: files[0])
        try write(expected, to: files[1])
        if recordMode == .all || recordMode == .failed {
            try write(actual, to: reference)
            return .recorded(reference: reference, reason: "it differed: \(summary)")
        }
        return .mismatched(GoldenMismatch(reference: reference, summary: summary, imageDifference: nil, artifacts: files))
    }

    private func write(_ text: String, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw GoldenError.unwritable(path: url.path, reason: folderCreationReason(error, creating: url.deletingLastPathComponent()))
        }
    }
}
