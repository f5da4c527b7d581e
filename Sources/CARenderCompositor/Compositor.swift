import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderText
import CARenderModel

// # The compositor: a render tree in, premultiplied pixels out
//
// What one layer draws, in order: its shadow (beneath everything else), its background filling
// the rounded bounds (and a gradient layer's ramp, likewise), its own content (the contents image,
// then a shape layer's fill and stroke or a text layer's string), its sublayers in sibling order,
// its border — with the mask applied to all of it, shadow included, and group opacity compositing
// the whole through an offscreen.
//
// The pipeline of one frame:
// 0. The frame's tree arrives as plain records (`RenderFrame`): the stage builds its frames into
//    one it keeps; a `RenderNode` value tree is flattened into the compositor's own first.
// 1. `DisplayList.build` walks the records once: per layer its device map, its device extents
//    (with and without shadow), its drawing-order sublayers (sorted by zPosition, transform-layer
//    contents depth-sorted) and the images it shows.
// 2. `FrameDrawing` walks the list. Each step takes the layer, the map into the canvas it draws
//    on, the canvas and the alpha; shapes are built in layer space (`Outline`), mapped to the
//    canvas (`fill(_:map:rule:into:painter:)`), turned into exact-area coverage
//    (`CoverageRasterizer`) and handed to a `CoveragePainter` (solid colour, image, offscreen,
//    analytic or blurred shadow).
// 3. Shadows: when the layer's composite alpha is exactly its rounded outline (decided from the
//    display list: `uniformShapeAlpha`), the Gaussian of that outline in closed form (separable
//    blurred intervals minus cached corner tables) — sampled, once the layer turns or tilts, from
//    the shape's cached shadow texture (`ShadowTexture`) — and, when the layer is a group, drawn
//    beneath the group's offscreen rather than inside it (`ShadowTarget`); otherwise the
//    rendered alpha of everything the layer draws, blurred in a plane whose resolution keeps
//    the kernel within ±21 taps (wide blurs are computed coarser and sampled bilinearly), so a
//    pixel costs the same whatever the radius.
//
// ## Hot-path rules (every frame, every pixel loop)
// - No heap allocation per frame once warmed up: buffers (display list, outlines, coverage rows,
//   offscreens, blur planes, shadow tables) live in owning objects and are reused; their capacity
//   grows during warm-up only. `CompositorAllocationTests` holds the compositor to this.
// - No copies of layer state and no reference counting per layer: display items refer to their
//   records by index (the frame outlives the list's use of it, and is not retained) and drawing
//   code binds `statePointer`, not `state`, to locals — a copy of the state retains every
//   reference it holds.
// - No `Any`, `Mirror`, strings or existentials per frame: contents are cast to `CGImage` once per
//   layer when the display list is built; painters are generic structs, so the rasterizer
//   specialises on them and the per-pixel loop has no dynamic dispatch.
// - Each step gets its inputs as arguments: the shape it fills and the painter it fills with.
//   Scratch storage is borrowed from `DrawingScratch` and given back; no step reads a shape
//   another step left behind.
// - Pixel loops run over unsafe pointers and local copies of painter state (no class properties,
//   so no ARC traffic or exclusivity checks inside them); per-layer modes (nearest filtering,
//   flipped contents) are chosen before the loop, not per pixel.
// - Shadow profiles, corner tables and textures, stroke outlines (by path, style and a quantised tolerance),
//   gradient ramps and glyph masks are cached, so a layer that turns or moves keeps hitting the
//   same entries.
// - Generic standard-library algorithms (`sorted`, `map`, `for … in` over arrays of structs) are
//   avoided in per-frame code: unoptimised builds allocate coroutine frames for them.

/// Turns a render tree into pixels: shadows, rounded backgrounds, contents, sublayers in 3D,
/// borders, masks and group opacity, anti-aliased by exact area coverage.
///
/// An instance keeps its display list, scratch buffers and shadow caches between frames; reuse
/// one instance to render many frames without allocating. Not thread-safe: use one instance per
/// thread.
package final class Compositor {
    /// The frame's flattened layer tree, rebuilt (in place) every frame.
    let displayList = DisplayList()
    /// Reusable buffers for drawing.
    let scratch = DrawingScratch()
    /// Blurred profiles and corner tables of analytic shadows, kept across frames.
    let shadowCache = ShadowCache()
    /// Shape layers' stroke outlines and gradient layers' ramps, kept across frames.
    let contentGeometry = ContentGeometryCache()
    /// Text layers' glyph coverage masks, kept across frames.
    let glyphs = GlyphCache()
    /// Value trees handed in (`render(_:into:scale:antialiasesAllEdges:)`), flattened; emptied
    /// after each frame.
    private let valueTrees = RenderFrame()

    package init() {}

    /// Draws `root` (the stage's root layer) into a new pixmap of `width × height` pixels, with
    /// `scale` pixels per point.
    package func render(_ root: RenderNode, width: Int, height: Int, scale: CGFloat) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        render(root, into: &pixmap, scale: scale)
        return pixmap
    }

    /// Draws `root` into `pixmap`, replacing its contents (reusing its storage).
    /// `antialiasesAllEdges` anti-aliases the outer edges of every layer, as if each allowed it
    /// (`Stage.antialiasesAllEdges`).
    package func render(_ root: RenderNode, into pixmap: inout Pixmap, scale: CGFloat, antialiasesAllEdges: Bool = false) {
        withUnsafePointer(to: root) { root in
            let record = valueTrees.appendTree(root)
            render(valueTrees, root: record, into: &pixmap, scale: scale, antialiasesAllEdges: antialiasesAllEdges)
        }
        valueTrees.removeAll()
    }

    /// Draws the subtree of `frame`'s record `root` into `pixmap`, replacing its contents
    /// (reusing its storage): the stage's frame path. `antialiasesAllEdges` anti-aliases the
    /// outer edges of every layer, as if each allowed it (`Stage.antialiasesAllEdges`).
    package func render(_ frame: RenderFrame, root: Int32, into pixmap: inout Pixmap, scale: CGFloat,
                        antialiasesAllEdges: Bool = false) {
        let rect = IntRect(x0: 0, y0: 0, x1: pixmap.width, y1: pixmap.height)
        guard !rect.isEmpty else { return }
        let scale = Double(scale)
        let rootItem = displayList.build(frame, root: root, map: Self.rootMap(frame.record(root), scale: scale), scale: scale)
        let drawing = FrameDrawing(list: displayList, scratch: scratch, shadows: shadowCache, content: contentGeometry,
                                   glyphs: glyphs, scale: scale, antialiasesAllEdges: antialiasesAllEdges)
        pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(base: buffer.baseAddress!, rect: rect)
            if !drawing.storesOpaqueBackground(rootItem, map: displayList.items[rootItem].deviceMap, over: canvas) {
                canvas.clear()
            }
            drawing.drawPlaced(rootItem, map: displayList.items[rootItem].deviceMap, superlayerMap: .scale(scale),
                               into: canvas, alpha: 1)
        }
        displayList.finishFrame()
    }

    /// Renders one frame of a `CATransition` on a root-level layer: `old` is the layer's subtree
    /// as it looked when the transition was added, `new` its current one, combined per `type`
    /// (`"fade"`, `"moveIn"`, `"push"`, `"reveal"` and the private types of `TransitionKind`;
    /// others cross-fade) and
    /// `subtype` (`"fromLeft"`, `"fromRight"`, `"fromTop"`, `"fromBottom"`; nil acts as
    /// `fromLeft`) at `progress` (0 old … 1 new).
    package func renderTransition(from old: RenderNode, to new: RenderNode, type: String, subtype: String?,
                                 progress: Double, width: Int, height: Int, scale: CGFloat) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        let rect = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        guard !rect.isEmpty else { return pixmap }
        let scale = Double(scale)
        let (oldRecord, newRecord) = withUnsafePointer(to: old) { old in
            withUnsafePointer(to: new) { new in (valueTrees.appendTree(old), valueTrees.appendTree(new)) }
        }
        defer { valueTrees.removeAll() }
        let oldItem = displayList.build(valueTrees, root: oldRecord, map: Self.rootMap(valueTrees.record(oldRecord), scale: scale), scale: scale)
        let newItem = displayList.add(root: newRecord, map: Self.rootMap(valueTrees.record(newRecord), scale: scale))
        let drawing = FrameDrawing(list: displayList, scratch: scratch, shadows: shadowCache, content: contentGeometry,
                                   glyphs: glyphs, scale: scale)
        let kind = TransitionKind(rawValue: type) ?? .fade
        let direction = TransitionDirection(subtype: subtype)
        pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(base: buffer.baseAddress!, rect: rect)
            drawing.drawTransition(old: oldItem, oldMap: displayList.items[oldItem].deviceMap, new: newItem,
                                   newMap: displayList.items[newItem].deviceMap, kind: kind, direction: direction,
                                   progress: progress, into: canvas, alpha: 1)
        }
        displayList.finishFrame()
        return pixmap
    }

    /// The root's bounds space to device pixels: the root is positioned like any layer, in the
    /// stage's point space, which the scale turns into pixels.
    static func rootMap(_ root: UnsafePointer<RenderFrame.Record>, scale: Double) -> ProjectiveMap {
        ProjectiveMap(flattening: root.pointee.statePointer.mappingToSuperlayer(nil)).then(.scale(scale))
    }
}
