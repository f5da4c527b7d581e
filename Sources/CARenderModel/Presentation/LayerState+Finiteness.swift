import Foundation
import CARenderGeometry

extension LayerState {
    /// A description of the first geometry value that is NaN or infinite (such a layer cannot
    /// be placed), or nil when all are finite.
    var nonFiniteGeometry: String? {
        // Every layer is checked every frame: the usual all-finite answer is found without
        // building the description's arrays.
        if withUnsafePointer(to: self, { $0.hasFiniteGeometry }) { return nil }
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

    /// 0 when every element of `t` is finite, NaN otherwise. Inlined: called for two transforms
    /// of every layer every frame, a call copied both (128 bytes each) first.
    @inline(__always)
    fileprivate static func spread(_ t: CATransform3D) -> CGFloat {
        var s = t.m11 - t.m11 + t.m12 - t.m12 + t.m13 - t.m13 + t.m14 - t.m14
        s += t.m21 - t.m21 + t.m22 - t.m22 + t.m23 - t.m23 + t.m24 - t.m24
        s += t.m31 - t.m31 + t.m32 - t.m32 + t.m33 - t.m33 + t.m34 - t.m34
        s += t.m41 - t.m41 + t.m42 - t.m42 + t.m43 - t.m43 + t.m44 - t.m44
        return s
    }
}

extension UnsafePointer where Pointee == LayerState {
    /// Whether every geometry value is finite, read in place (see LayerState+Geometry.swift): the
    /// check `nonFiniteGeometry` makes first, without copying the state to make it. x − x is 0
    /// for a finite x and NaN otherwise, so the sum is 0 exactly when all are finite.
    var hasFiniteGeometry: Bool {
        let s = self
        var spread = s.pointee.bounds.origin.x - s.pointee.bounds.origin.x + s.pointee.bounds.width - s.pointee.bounds.width
        spread += s.pointee.bounds.origin.y - s.pointee.bounds.origin.y + s.pointee.bounds.height - s.pointee.bounds.height
        spread += s.pointee.position.x - s.pointee.position.x + s.pointee.position.y - s.pointee.position.y
        spread += s.pointee.zPosition - s.pointee.zPosition + s.pointee.anchorPointZ - s.pointee.anchorPointZ
        spread += s.pointee.anchorPoint.x - s.pointee.anchorPoint.x + s.pointee.anchorPoint.y - s.pointee.anchorPoint.y
        spread += LayerState.spread(s.pointee.transform) + LayerState.spread(s.pointee.sublayerTransform)
        spread += s.pointee.cornerRadius - s.pointee.cornerRadius + s.pointee.borderWidth - s.pointee.borderWidth
        spread += s.pointee.shadowRadius - s.pointee.shadowRadius
        spread += s.pointee.shadowOffset.width - s.pointee.shadowOffset.width + s.pointee.shadowOffset.height - s.pointee.shadowOffset.height
        spread += CGFloat(s.pointee.opacity - s.pointee.opacity) + CGFloat(s.pointee.shadowOpacity - s.pointee.shadowOpacity)
        return spread == 0
    }
}

extension UnsafePointer where Pointee == LayerState {
    /// The warning for a layer whose geometry is not finite (it is hidden: the compositor only
    /// ever sees drawable numbers), or nil when it is finite.
    func nonFiniteWarning(layerName: @autoclosure () -> String?) -> String? {
        guard !hasFiniteGeometry, let problem = pointee.nonFiniteGeometry else { return nil }
        return "layer \(layerName().map { "'\($0)'" } ?? "(unnamed)") has a non-finite \(problem); it is not drawn"
    }
}

extension RenderNode {
    /// Hides nodes whose geometry is not finite, warning once per layer and problem.
    mutating func hideIfNotFinite(layerName: @autoclosure () -> String?, log: DiagnosticLog) {
        guard let warning = statePointer.nonFiniteWarning(layerName: layerName()) else { return }
        log.warnOnce(warning)
        state.isHidden = true
    }
}
