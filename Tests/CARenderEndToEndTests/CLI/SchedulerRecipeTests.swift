import CARender
import CARenderTestSupport
import XCTest

/// The recipes in `Examples/distributed` for rendering on several machines — GNU parallel over
/// ssh, a Kubernetes Indexed Job, a Slurm job array — run here as their schedulers would run them
/// (parallel on this machine; each pod's and each array task's command with the environment the
/// scheduler gives it), each ending with the frames gathered and `carender video` assembling a
/// video byte-identical to a one-machine render's. The Kubernetes manifests are validated offline
/// against Kubernetes' published schema (`kubernetes-validate --strict`).
final class SchedulerRecipeTests: XCTestCase {
    private var folder: URL!
    private let recipes = Fixtures.repositoryRoot.appendingPathComponent("Examples/distributed")
    private static let fps = "10"

    override func setUpWithError() throws {
        guard which("ffmpeg") != nil else { throw XCTSkip("ffmpeg is needed") }
        folder = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws { if let folder { try? FileManager.default.removeItem(at: folder) } }

    /// The video one machine renders: the reference every recipe's video must equal.
    private func oneMachineVideo(fps: String = fps) throws -> Data {
        let video = folder.appendingPathComponent("one-machine-\(fps).mp4")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", fps, "--video", video.path,
                                         "-o", folder.appendingPathComponent("one-machine-\(fps)").path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.standardError)
        return try Data(contentsOf: video)
    }

    func testGNUParallel() throws {
        guard which("parallel") != nil else { throw XCTSkip("GNU parallel is not installed (Tools/install-system-packages installs it)") }
        let video = folder.appendingPathComponent("parallel.mp4")
        // ":" is GNU parallel's name for this machine; a real run lists ssh logins.
        let result = try shell(["sh", recipes.appendingPathComponent("parallel.sh").path, CLIScripts.opaque.path, video.path],
                               environment: ["HOSTS": ":", "SHARDS": "3", "FPS": Self.fps, "FRAMES": "frames"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(CLIScripts.files(folder.appendingPathComponent("frames")).count, 5)
        XCTAssertEqual(try Data(contentsOf: video), try oneMachineVideo(), "byte-identical to one machine's video")
    }

    func testKubernetesIndexedJob() throws {
        let render = recipes.appendingPathComponent("render-job.yaml"), assemble = recipes.appendingPathComponent("assemble-job.yaml")
        if let validator = which("kubernetes-validate") {
            for manifest in [render, assemble] {
                let result = try shell([validator, "--strict", manifest.path])
                XCTAssertEqual(result.status, 0, result.output)
                XCTAssertTrue(result.output.contains("passed"), result.output)
            }
            // The validator does find a mistake.
            let broken = folder.appendingPathComponent("broken.yaml")
            try String(contentsOf: render, encoding: .utf8).replacingOccurrences(of: "completionMode: Indexed", with: "completionMode: Indexed\n  completionsMode: 8")
                .write(to: broken, atomically: true, encoding: .utf8)
            XCTAssertNotEqual(try shell([validator, "--strict", broken.path]).status, 0)
        } else if ProcessInfo.processInfo.environment["CI"] != nil {
            XCTFail("kubernetes-validate is not installed (Tools/install-system-packages installs it)")
        }
        // Each pod of the Indexed Job, as Kubernetes starts it: JOB_COMPLETION_INDEX = 0 ..< completions.
        let job = try manifest(render)
        let completions = try XCTUnwrap(job["completions"] as? Int)
        XCTAssertEqual(job["completionMode"] as? String, "Indexed")
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIScripts.opaque, to: work.appendingPathComponent("scripts/scene.swift-script"))
        let renderCommand = try localCommand(job, work: work)
        XCTAssertTrue(renderCommand.contains("/\(completions)"), "the shard count is the completion count: \(renderCommand)")
        for index in 0..<completions {
            let result = try shell(["/bin/sh", "-c", renderCommand], environment: ["JOB_COMPLETION_INDEX": String(index)])
            XCTAssertEqual(result.status, 0, "pod \(index): \(result.output)")
        }
        // The manifest renders at 60 fps: the 0.5 s script is 30 frames.
        XCTAssertTrue(renderCommand.contains("--fps 60"), renderCommand)
        XCTAssertEqual(CLIScripts.files(work.appendingPathComponent("frames")).count, 30)
        let result = try shell(["/bin/sh", "-c", try localCommand(try manifest(assemble), work: work)])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent("scene.mp4")), try oneMachineVideo(fps: "60"))
    }

    func testSlurmJobArray() throws {
        let render = recipes.appendingPathComponent("render.sbatch")
        let text = try String(contentsOf: render, encoding: .utf8)
        // `#SBATCH --array=1-8`: the task ids Slurm gives the array's tasks.
        let array = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("#SBATCH --array=") })
        let bounds = array.dropFirst("#SBATCH --array=".count).split(separator: "-").compactMap { Int($0) }
        XCTAssertEqual(bounds.count, 2, String(array))
        let tasks = bounds[0]...bounds[1]
        var environment = ["SLURM_SUBMIT_DIR": folder.path, "SLURM_ARRAY_TASK_COUNT": String(tasks.count),
                           "SLURM_ARRAY_TASK_MIN": String(tasks.lowerBound), "SLURM_ARRAY_TASK_MAX": String(tasks.upperBound),
                           "SLURM_CPUS_PER_TASK": "1", "SCRIPT": CLIScripts.opaque.path, "FPS": Self.fps, "VIDEO": "slurm.mp4"]
        for task in tasks {
            environment["SLURM_ARRAY_TASK_ID"] = String(task)
            let result = try shell(["sh", render.path], environment: environment)
            XCTAssertEqual(result.status, 0, "task \(task): \(result.output)")
        }
        environment["SLURM_ARRAY_TASK_ID"] = nil
        let result = try shell(["sh", recipes.appendingPathComponent("assemble.sbatch").path], environment: environment)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("slurm.mp4")), try oneMachineVideo())
        // submit.sh chains the assembly after the whole array.
        let submit = try String(contentsOf: recipes.appendingPathComponent("submit.sh"), encoding: .utf8)
        XCTAssertTrue(submit.contains("--dependency=\"afterok:"), submit)
    }

    // MARK: - Helpers

    /// The Job's spec, read by Python's YAML reader as JSON.
    private func manifest(_ url: URL) throws -> [String: Any] {
        let program = "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))['spec']))"
        let result = try shell(["python3", "-c", program, url.path])
        XCTAssertEqual(result.status, 0, result.output)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    /// The container's shell command, with the shared volume's mount point (/work) at `work`.
    private func localCommand(_ spec: [String: Any], work: URL) throws -> String {
        let template = try XCTUnwrap((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        let container = try XCTUnwrap((template["containers"] as? [[String: Any]])?.first)
        let command = try XCTUnwrap(container["command"] as? [String])
        XCTAssertEqual(Array(command.prefix(2)), ["/bin/sh", "-c"])
        let mount = try XCTUnwrap((container["volumeMounts"] as? [[String: Any]])?.first?["mountPath"] as? String)
        return command[2].replacingOccurrences(of: mount, with: work.path)
    }

    private func shell(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        var changes: [String: String?] = ["PATH": CarenderCLI.executable.deletingLastPathComponent().path + ":" + path,
                                          "CARENDER_CACHE": CLIScripts.cache.path]
        changes.merge(extra.mapValues { $0 }) { $1 }
        return try runCommand(arguments, in: folder, environment: changes)
    }

    private func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
