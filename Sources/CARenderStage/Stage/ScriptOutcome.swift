/// How a script's process should end: status 1 when a `Stage.run()` in it failed, else 0.
///
/// Library code never ends the process. `run()`, the script's entry point, prints its error,
/// records it here and returns; the main that `carender` compiles around a script ends with
/// `exit(ScriptOutcome.exitStatus)`, so the script's own code finishes and the command line still
/// sees the failure in the exit status. It is process-wide because the exit status is: a script
/// may run several stages, and the generated main cannot name them.
///
/// Visible to that generated main only, as `@_spi(Script) import CARenderStage`.
@_spi(Script)
public enum ScriptOutcome {
    /// The number of `run()` calls that failed; only the script's main thread runs stages.
    nonisolated(unsafe) private static var failedRuns = 0

    /// Notes that a `run()` printed an error instead of rendering.
    static func recordFailedRun() {
        failedRuns += 1
    }

    /// The status the script's process exits with: 1 after a failed `run()`, else 0.
    public static var exitStatus: Int32 {
        failedRuns == 0 ? 0 : 1
    }
}
