import Foundation
import CARenderGeometry

extension LayerState {
    /// A description of the first geometry value that is NaN or infinite (such a layer cannot
    /// be placed), or nil when all are finite.
    var nonFiniteGeometry: String? {
        func bad(_ values: [CGFloat]) -> Bool { values.contains { !$0.isFinite } }
        if bad([bounds.origin.x, bounds.origin.y, bounds.width, bounds.height]) { return "bounds \(bounds)" }
        if bad([position.x, position.y]) { return "position \(position)" }
        if bad([zPosition, anchorPointZ]) { return "zPosition \(zPosition) / anchorPointZ \(anchorPointZ)" }
        if bad([anchorPoint.x, anchorPoint.y]) { return "anchorPoint \(anchorPoint)" }
        if bad(transform.rowMajorElements) { return "transform \(transform.rowMajorElements)" }
        if bad(sublayerTransform.rowMajorElements) { return "sublayerTransform \(sublayerTransform.rowMajorElements)" }
        if bad([cornerRadius, borderWidth, shadowRadius, shadowOffset.width, shadowOffset.height]) {
            return "cornerRadius/borderWidth/shadow geometry"
        }
        if !opacity.isFinite || !shadowOpacity.isFinite { return "opacity \(opacity) / shadowOpacity \(shadowOpacity)" }
        return nil
    }
}

extension RenderNode {
    /// Hides nodes whose geometry is not finite, warning once per layer and problem: the
    /// compositor only ever sees drawable numbers.
    mutating func hideIfNotFinite(layerName: @autoclosure () -> String?, log: DiagnosticLog) {
        guard let problem = state.nonFiniteGeometry else { return }
        log.warnOnce("layer \(layerName().map { "'\($0)'" } ?? "(unnamed)") has a non-finite \(problem); it is not drawn")
        state.isHidden = true
    }
}
