import CARender
import Foundation

/// `carender bench --sequence FOLDER`: times the compositor and the encoder on the frames of one
/// animated scene, `FOLDER/frame_*.json` in name order (as Tools/bench_scenes.py writes them, with
/// Skia timed on the same files), cycling through them so no frame repeats the one before.
struct SceneSequenceBench {
    var folder: String
    var iterations: Int

    func run() throws {
        let url = URL(fileURLWithPath: folder)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasPrefix("frame_") && $0.hasSuffix(".json") }.sorted()
        } catch {
            throw CLIError("cannot read the scene sequence \(folder): it is not a readable folder")
        }
        guard !names.isEmpty else { throw CLIError("\(folder) holds no frame_*.json scenes (Tools/bench_scenes.py write FOLDER makes them)") }
        let scenes: [Scene] = try names.map { name in
            let path = url.appendingPathComponent(name).path
            guard let json = FileManager.default.contents(atPath: path) else { throw CLIError("cannot read \(path)") }
            do { return try Scene(json: json) } catch { throw CLIError("\(path): \(error)") }
        }
        let compositor = Compositor()
        var pixmap = Pixmap(width: scenes[0].pixelWidth, height: scenes[0].pixelHeight)
        for scene in scenes { compositor.render(scene, into: &pixmap) }  // warm every cache once
        // Each --png-compression setting that is quick enough to time per frame, and libdeflate
        // level 4 (the former default) for comparison in the same run. Frames are encoded as the
        // render loop does: the premultiplied pixmap, converted row by row as it is filtered.
        let settings: [(name: String, options: PNGWriteOptions)] = [
            ("--png-compression fast", PNGWriteOptions.Preset.fast.options),
            ("--png-compression default", PNGWriteOptions.Preset.default.options),
            ("libdeflate level 4 (former default)", PNGWriteOptions(compressionLevel: 4)),
        ]
        var composite: [Double] = [], convert: [Double] = []
        var encode = [[Double]](repeating: [], count: settings.count)
        var bytes = [Int](repeating: 0, count: settings.count)
        for i in 0..<max(iterations, scenes.count) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            compositor.render(scenes[i % scenes.count], into: &pixmap)
            let t1 = DispatchTime.now().uptimeNanoseconds
            _ = pixmap.unpremultiplied()
            let t2 = DispatchTime.now().uptimeNanoseconds
            composite.append(Double(t1 - t0) / 1e6)
            convert.append(Double(t2 - t1) / 1e6)
            for (k, setting) in settings.enumerated() {
                encode[k].append(try BenchTiming.threadCPUMilliseconds {
                    bytes[k] = try pixmap.pngData(options: setting.options).count
                })
            }
        }
        print("\(url.lastPathComponent) \(pixmap.width)x\(pixmap.height), \(scenes.count) frames cycled \(composite.count) times, 1 thread:")
        print(String(format: "  composite  %8.3f ms/frame (median)", BenchTiming.median(composite)))
        print(String(format: "  unpremul   %8.3f ms/frame (median; a copy the render loop no longer makes)", BenchTiming.median(convert)))
        for (k, setting) in settings.enumerated() {
            print(String(format: "  png encode %8.3f ms/frame (median thread CPU, from the premultiplied frame), %d bytes (last frame), %@",
                         BenchTiming.median(encode[k]), bytes[k], setting.name as NSString))
        }
    }
}
