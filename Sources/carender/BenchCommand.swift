import ArgumentParser
import CARender
import Foundation

/// `carender bench`: times the compositor and the PNG encoder on the benchmark scenes,
/// single-threaded, and prints the median milliseconds per frame of each.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time compositing and PNG encoding of the benchmark scenes (median ms per frame).",
        usage: "carender bench [options]")

    @Option(name: .long, help: "Folder holding the dashboard-*.json scenes (the default is the repository's, from its root).")
    var scenes: String = "Tests/Fixtures/scenes"

    @Option(name: .long, help: "Scene file to time instead of the folder's dashboard-*.json (repeatable).")
    var scene: [String] = []

    @Option(name: [.customShort("n"), .long], help: "Frames timed per scene.")
    var iterations: Int = 30

    @Option(name: .long, help: "Also write the last frame of each scene as PNG into this folder.")
    var output: String?

    @Option(name: .long, help: "Time the frames of one animated scene instead: FOLDER/frame_*.json (Tools/bench_scenes.py writes them).")
    var sequence: String?

    @Flag(name: .customLong("png-sweep"), help: "Encode the last frame of each scene at every deflate level and filter choice; print ms and bytes of each.")
    var pngSweep = false

    @Flag(name: .long, help: "Time the animated-layers scenes instead: 1000 small layers static, with a basic and a keyframe animation each, and with two of ten kinds of animation each on properties that draw nothing; side by side.")
    var animated = false

    @Flag(name: .long, help: "Time the text scene instead: 200 cards with a label each at 1280x720, against the same cards without text.")
    var text = false

    @Flag(name: .long, help: "Time the spinning-cards scene instead: 48 shadowed cards with content at 1280x720, spinning and fading.")
    var spinningCards = false

    @Flag(name: .long, help: "Time drawing 10,000 live emitter particles at 1280x720 instead (--output writes the scene Tools/skia_sprites.py draws).")
    var particles = false

    @Option(name: .customLong("source-pass"), help: ArgumentHelp("Time the script compiler's source-compatibility pass on these scripts' text, repeated to 500 lines (repeatable).", valueName: "script"))
    var sourcePass: [String] = []

    @Flag(name: .long, help: "Time the sibling-depth scene instead: one view turning about y among 50 flat siblings at 1280x720, against the same view turning about z.")
    var siblingDepth = false

    func validate() throws {
        guard iterations > 0 else { throw ValidationError("--iterations must be positive") }
    }

    func run() throws {
        if !sourcePass.isEmpty { return try SourcePassBench(files: sourcePass, iterations: iterations).run() }
        if let sequence { return try SceneSequenceBench(folder: sequence, iterations: iterations).run() }
        if animated { return try AnimatedLayersBench(frames: iterations).run() }
        if text { return try TextLabelsBench(frames: iterations).run() }
        if siblingDepth { return try SiblingDepthBench(frames: iterations).run() }
        if spinningCards { return try SpinningCardsBench(frames: iterations, output: output).run() }
        if particles { return try ParticlesBench(frames: iterations, output: output).run() }
        let files = try sceneFiles()
        guard !files.isEmpty else { throw CLIError("there are no dashboard-*.json scenes in \(scenes) (give --scenes FOLDER or --scene FILE)") }
        let compositor = Compositor()
        let scratch = URL(fileURLWithPath: FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
            .appendingPathComponent("carender-bench-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for file in files {
            guard let json = FileManager.default.contents(atPath: file.path) else {
                throw CLIError("cannot read the scene \(file.path): there is no such readable file")
            }
            let scene: Scene
            do {
                scene = try Scene(json: json)
            } catch let error as SceneError {
                throw CLIError("\(file.path): \(error)")
            } catch {
                throw CLIError("the scene \(file.path) is not valid JSON (\(error.localizedDescription))")
            }
            var pixmap = Pixmap(width: scene.pixelWidth, height: scene.pixelHeight)
            compositor.render(scene, into: &pixmap)  // warm caches (shadow corner tables, buffers)
            var composite: [Double] = [], convert: [Double] = [], encode: [Double] = [], write: [Double] = []
            var bytes = 0
            for _ in 0..<iterations {
                let t0 = DispatchTime.now().uptimeNanoseconds
                compositor.render(scene, into: &pixmap)
                let t1 = DispatchTime.now().uptimeNanoseconds
                let image = pixmap.unpremultiplied()
                let t2 = DispatchTime.now().uptimeNanoseconds
                // Encoding in memory, as the reference encoders are timed; writing the file (with
                // its fsync and rename) is reported on its own.
                let png = try image.pngData()
                let t3 = DispatchTime.now().uptimeNanoseconds
                try image.writePNG(to: scratch)
                let t4 = DispatchTime.now().uptimeNanoseconds
                composite.append(Double(t1 - t0) / 1e6)
                convert.append(Double(t2 - t1) / 1e6)
                encode.append(Double(t3 - t2) / 1e6)
                write.append(Double(t4 - t3) / 1e6)
                bytes = png.count
            }
            if let output {
                let folder = URL(fileURLWithPath: output)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try pixmap.unpremultiplied().writePNG(to: folder.appendingPathComponent(
                    file.deletingPathExtension().lastPathComponent + ".png"))
            }
            let name = file.lastPathComponent
            if pngSweep { try PNGSweepBench(iterations: iterations).run(pixmap.unpremultiplied(), name: name) }
            print("\(name) \(scene.pixelWidth)x\(scene.pixelHeight), \(iterations) frames, 1 thread:")
            print(String(format: "  composite  %8.3f ms/frame (median)", BenchTiming.median(composite)))
            print(String(format: "  unpremul   %8.3f ms/frame (median)", BenchTiming.median(convert)))
            print(String(format: "  png encode %8.3f ms/frame (median), %d bytes", BenchTiming.median(encode), bytes))
            print(String(format: "  png file   %8.3f ms/frame (median; encode, write, fsync, rename)", BenchTiming.median(write)))
        }
    }

    private func sceneFiles() throws -> [URL] {
        if !scene.isEmpty { return scene.map { URL(fileURLWithPath: $0) } }
        let folder = URL(fileURLWithPath: scenes)
        let entries: [URL]
        do {
            entries = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        } catch {
            throw CLIError("cannot read the scene folder \(scenes): \(FileManager.default.fileExists(atPath: folder.path) ? "it is not a readable folder" : "there is no such folder") (give --scenes FOLDER or --scene FILE)")
        }
        return entries
            .filter { $0.lastPathComponent.hasPrefix("dashboard-") && $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
