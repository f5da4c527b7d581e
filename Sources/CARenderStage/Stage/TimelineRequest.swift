import Foundation
import CARenderModel
import CARenderPixels

/// The presentation values `carender golden` asks a script for, so that a golden folder can hold
/// a timeline (`timeline.csv`) beside its frames.
///
/// The request travels in a ``RenderJob`` (mode `timeline`); its rows read, as text, one per line:
/// `<time>\t<layer name>/<key path>`, for example `0.6\tcard/position.x`. `Stage.run()` then
/// samples those values instead of rendering, and writes them as ``GoldenTimeline`` CSV (key paths
/// written `card/position.x`) to the job's output file.
package struct TimelineRequest: Codable, Equatable, Sendable {
    package struct Row: Codable, Equatable, Sendable {
        package var time: Double
        /// The `name` of the layer to read.
        package var layer: String
        package var keyPath: String

        package init(time: Double, layer: String, keyPath: String) {
            self.time = time; self.layer = layer; self.keyPath = keyPath
        }
    }

    package var rows: [Row]

    package init(rows: [Row]) { self.rows = rows }

    package init(parsing text: String) throws {
        rows = try text.split(separator: "\n").filter { !$0.isEmpty }.map { line in
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard fields.count == 2, let time = Double(fields[0]), time.isFinite, time >= 0,
                  let slash = fields[1].firstIndex(of: "/") else {
                throw StageError.invalidOption("timeline request line '\(line)' should be <time><tab><layer name>/<key path>")
            }
            return Row(time: time, layer: String(fields[1][..<slash]), keyPath: String(fields[1][fields[1].index(after: slash)...]))
        }
    }

    /// The request as its file holds it.
    package var text: String { rows.map { "\($0.time)\t\($0.layer)/\($0.keyPath)\n" }.joined() }
}

extension Stage {
    /// Samples the values `request` names and writes them as ``GoldenTimeline`` CSV to `outputPath`.
    func writeTimeline(_ request: TimelineRequest, to outputPath: String) throws {
        // The clock never runs backwards: sample in time order (rows at one time keep their order).
        let ordered = request.rows.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        if let first = ordered.first, first.time < time {
            throw StageError.invalidOption("the stage is already at \(time) s, so the timeline cannot start at \(first.time) s")
        }
        var samples: [TimelineSample] = []
        for row in ordered {
            guard let layer = Stage.layer(named: row.layer, in: rootLayer) else {
                throw StageError.invalidOption("the timeline asks for a layer named '\(row.layer)', and no layer in the tree has that name")
            }
            let value = sample(row.keyPath, of: layer, at: [row.time])[0].value
            samples.append(TimelineSample(time: row.time, keyPath: row.layer + "/" + row.keyPath, value: value))
        }
        do {
            try Data(GoldenTimeline.csv(samples).utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
        } catch {
            throw StageError.output("cannot write the timeline to \(outputPath): \(plainReason(error))")
        }
    }

    /// The first layer named `name`, depth first from `root`.
    static func layer(named name: String, in root: CALayer) -> CALayer? {
        if root.name == name { return root }
        for sublayer in root.sublayers ?? [] {
            if let found = layer(named: name, in: sublayer) { return found }
        }
        return nil
    }
}
