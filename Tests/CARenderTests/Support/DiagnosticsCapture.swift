@testable import CARender

/// Collects carender's warnings and errors while `body` runs.
func capturingDiagnostics(_ body: () -> Void) -> [String] {
    var lines: [String] = []
    let saved = Diagnostics.sink
    Diagnostics.sink = { lines.append($0) }
    defer { Diagnostics.sink = saved }
    body()
    return lines
}
