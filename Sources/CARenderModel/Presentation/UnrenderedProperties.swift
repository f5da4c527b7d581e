import CARenderGeometry
extension UnsafePointer where Pointee == LayerState {
    /// Properties set to values the compositor does not draw yet, described for a warning; read
    /// in place (see LayerState+Geometry.swift).
    var unrenderedSettings: [String] {
        var found: [String] = []
        if pointee.magnificationFilter == .trilinear || pointee.minificationFilter == .trilinear {
            found.append("a .trilinear filter (drawn bilinear)")
        }
        return found
    }
}

extension UnsafePointer where Pointee == LayerState {
    /// Says once per layer and setting that something asked for is not drawn, rather than
    /// silently drawing something else.
    func warnAboutUnrenderedSettings(layerName: @autoclosure () -> String?, log: DiagnosticLog) {
        for setting in unrenderedSettings {
            log.warnOnce("layer \(layerName().map { "'\($0)'" } ?? "(unnamed)") sets \(setting), which carender does not render yet")
        }
    }
}

extension RenderNode {
    /// See `UnsafePointer<LayerState>.warnAboutUnrenderedSettings(layerName:log:)`.
    func warnAboutUnrenderedSettings(layerName: @autoclosure () -> String?, log: DiagnosticLog) {
        statePointer.warnAboutUnrenderedSettings(layerName: layerName(), log: log)
    }
}
