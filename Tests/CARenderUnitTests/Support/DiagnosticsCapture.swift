import CARender
@testable import CARenderModel

/// Collects the warnings and errors the current stage's context reports while `body` runs.
func capturingDiagnostics(_ body: () -> Void) -> [String] {
    var lines: [String] = []
    let log = StageContext.current.diagnostics
    let saved = log.sink
    log.sink = { lines.append($0) }
    defer { log.sink = saved }
    body()
    return lines
}
