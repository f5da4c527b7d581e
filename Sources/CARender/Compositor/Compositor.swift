import Foundation

/// Turns a render tree into pixels.
public struct Compositor {
    public init() {}

    /// Draws `root` (the stage's root layer) into a new pixmap of `width × height` pixels, with
    /// `scale` pixels per point.
    public func render(_ root: RenderNode, width: Int, height: Int, scale: CGFloat) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        draw(root, into: &pixmap, originX: 0, originY: 0, opacity: 1, scale: Double(scale), isRoot: true)
        return pixmap
    }

    // Translation-only drawing of backgrounds; the full compositor replaces this.
    private func draw(_ node: RenderNode, into pixmap: inout Pixmap, originX: Double, originY: Double,
                      opacity: Double, scale: Double, isRoot: Bool) {
        let s = node.state
        guard !s.isHidden else { return }
        let alpha = opacity * Double(min(max(s.opacity, 0), 1))
        let b = s.bounds
        let left = isRoot ? 0 : originX + Double(s.position.x - s.anchorPoint.x * b.width)
        let top = isRoot ? 0 : originY + Double(s.position.y - s.anchorPoint.y * b.height)
        if let color = s.backgroundColor {
            let c = color.rgbaComponents
            let a = Double(min(max(c.a, 0), 1)) * alpha
            let clamp = { (v: CGFloat) in Double(min(max(v, 0), 1)) * a }
            RectCoverage.fill(&pixmap,
                              x0: left * scale, y0: top * scale,
                              x1: (left + Double(b.width)) * scale, y1: (top + Double(b.height)) * scale,
                              color: (clamp(c.r), clamp(c.g), clamp(c.b), a))
        }
        let childOriginX = left - Double(b.minX)
        let childOriginY = top - Double(b.minY)
        let ordered = node.sublayers.enumerated().sorted {
            ($0.element.state.zPosition, $0.offset) < ($1.element.state.zPosition, $1.offset)
        }
        for (_, child) in ordered {
            draw(child, into: &pixmap, originX: childOriginX, originY: childOriginY, opacity: alpha, scale: scale, isRoot: false)
        }
    }
}
