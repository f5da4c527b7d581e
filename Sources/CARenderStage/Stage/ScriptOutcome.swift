/// How a script's process should end: status 64 (`EX_USAGE`, as the command line exits for a
/// usage error) when a `Stage.run()` in it refused how it was asked to render (a frame past the
/// end, say), 1 when one failed otherwise, else 0.
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
    /// Whether every failed run failed on its options (the same main thread only).
    nonisolated(unsafe) private static var onlyUsageFailures = true

    /// `EX_USAGE` of sysexits(3): the command was used incorrectly.
    static let usageStatus: Int32 = 64

    /// Notes that a `run()` printed an error instead of rendering; `usage` when the error was in
    /// how it was asked to render.
    static func recordFailedRun(usage: Bool = false) {
        failedRuns += 1
        if !usage { onlyUsageFailures = false }
    }

    /// The status the script's process exits with: 64 after runs refused their options, 1 after
    /// another failed `run()`, else 0.
    public static var exitStatus: Int32 {
        failedRuns == 0 ? 0 : onlyUsageFailures ? usageStatus : 1
    }
}
