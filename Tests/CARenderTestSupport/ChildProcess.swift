import Foundation

/// Starting and stopping the long-lived processes tests run (`carender preview`, a carender a test
/// signals, ChromeDriver), so that none outlives its test, however the test ends.
extension Process {
    /// How long ``stop(grace:)`` waits after each signal before it sends a stronger one: longer
    /// than `carender preview` takes to stop its workers and remove its folder on Ctrl-C.
    package static let stopGrace: TimeInterval = 5

    /// `setpriv` (util-linux), which sets the parent-death signal before it executes the program.
    private static let setpriv = "/usr/bin/setpriv"

    /// Starts the process so that it gets SIGTERM if the test process dies first (killed by a
    /// time limit or a crash, when no `defer` and no `deinit` runs), as `run()` otherwise.
    ///
    /// The kernel sends the parent-death signal when the *thread* that started the child ends, so
    /// the tie is made only from the main thread (where XCTest runs tests), which lives as long
    /// as the test process; elsewhere, or without `setpriv`, this is `run()`.
    package func runTiedToTestProcess() throws {
        if Thread.isMainThread, FileManager.default.isExecutableFile(atPath: Self.setpriv), let executable = executableURL {
            // setpriv executes the program in its own process: the process id stays the child's.
            arguments = ["--pdeathsig", "TERM", "--", executable.path] + (arguments ?? [])
            executableURL = URL(fileURLWithPath: Self.setpriv)
        }
        try run()
    }

    /// Ends the process and reaps it: SIGINT (as Ctrl-C would), then SIGTERM, then SIGKILL, each
    /// sent only when the process still runs `grace` seconds after the one before. Returns at
    /// once for a process that has already ended; does nothing for one never started. Safe to
    /// call more than once.
    package func stop(grace: TimeInterval = Process.stopGrace) {
        let pid = processIdentifier
        guard pid > 0 else { return }
        for signal in [SIGINT, SIGTERM] {
            guard isRunning else { break }
            kill(pid, signal)
            let deadline = Date().addingTimeInterval(grace)
            while isRunning && Date() < deadline { usleep(10_000) }
        }
        if isRunning { kill(pid, SIGKILL) }
        waitUntilExit()
    }
}
