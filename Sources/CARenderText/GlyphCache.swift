import CARenderPixels
import CARenderRaster
/// Coverage masks of glyphs drawn upright (the layer's map is a positive scale and a translation),
/// keyed by face, glyph, pixel size and the glyph origin's subpixel offset in quarters of a pixel.
/// A label redrawn every frame then costs one lookup and one blend per glyph.
///
/// Masks are exact-area coverage of the unhinted outline from `CoverageRasterizer`, the same as
/// filling the outline directly at the quantised origin: cached and uncached drawing give the same
/// pixels. Storage is one arena of floats that grows while new glyphs appear and is emptied when it
/// passes `capacityLimit`; once every glyph of a scene is cached, drawing does not allocate.
/// Owned by one compositor (not thread-safe).
package final class GlyphCache {
    /// Subpixel positions per pixel on each axis: origins are quantised to 1/4 pixel (at most
    /// 1/8 pixel off), which keeps the number of masks per glyph at 16.
    static let subpixelSteps = 4.0
    /// Curves are flattened within 1/64 pixel: chords cut inside every convex curve, and glyphs
    /// are small and curved enough that the compositor's 1/8 pixel loses visible weight (about 4 %
    /// of a bold "o" at 11 pixels per em).
    static let flatteningTolerance = 1.0 / 64
    /// The largest glyphs cached, in pixels per em: a mask covers the whole glyph (about 1.5 em
    /// square with accents and descenders, 1.5 MB of coverage at this size), so larger glyphs are
    /// filled straight into the frame, clipped to it, instead of rasterized whole.
    static let largestCachedPixelsPerEm = 512.0
    /// Arena size (floats) at which the cache starts over (64 MB).
    static let capacityLimit = 16 << 20

    struct Key: Hashable {
        var face: ObjectIdentifier
        var glyph: UInt32
        var emboldened: Bool
        /// Pixels per em, in 1/64 pixel, horizontally and vertically.
        var sizeX: Int32
        var sizeY: Int32
        var subX: UInt8
        var subY: UInt8
    }

    /// Where a mask is: `width × height` coverage values from `offset` in the arena, its top-left
    /// pixel `(left, top)` relative to the whole pixel holding the glyph origin.
    struct Mask {
        var offset: Int
        var left: Int32
        var top: Int32
        var width: Int32
        var height: Int32
    }

    private var masks: [Key: Mask] = [:]
    private(set) var arena: UnsafeMutablePointer<Float>
    private var arenaCapacity: Int
    private var arenaCount = 0
    private var outline = Outline()

    package init() {
        arenaCapacity = 1 << 16
        arena = .allocate(capacity: arenaCapacity)
    }

    deinit { arena.deallocate() }

    var count: Int { masks.count }

    /// The mask of `glyph` at `pixelsPerEm` (x and y) with its origin `sub` quarter pixels into its
    /// pixel, rasterized on first use with `rasterizer`.
    func mask(face: FontFace, glyph: UInt32, emboldened: Bool = false, pixelsPerEmX: Double, pixelsPerEmY: Double, subX: Int, subY: Int,
              rasterizer: CoverageRasterizer) -> Mask {
        let key = Key(face: ObjectIdentifier(face), glyph: glyph, emboldened: emboldened, sizeX: Int32((pixelsPerEmX * 64).rounded()),
                      sizeY: Int32((pixelsPerEmY * 64).rounded()), subX: UInt8(subX), subY: UInt8(subY))
        if let mask = masks[key] { return mask }
        let mask = rasterize(face: face, glyph: glyph, key: key, rasterizer: rasterizer)
        masks[key] = mask
        return mask
    }

    private func rasterize(face: FontFace, glyph: UInt32, key: Key, rasterizer: CoverageRasterizer) -> Mask {
        let unitsPerEm = face.metrics.unitsPerEm
        let sx = Double(key.sizeX) / 64 / unitsPerEm, sy = Double(key.sizeY) / 64 / unitsPerEm
        let ox = Double(key.subX) / Self.subpixelSteps, oy = Double(key.subY) / Self.subpixelSteps
        outline.removeAll()
        outline.addGlyph(face.outline(of: glyph, emboldened: key.emboldened), x: 0, y: 0, scale: 1, tolerance: Self.flatteningTolerance,
                         transform: { x, y in SIMD2(ox + x * sx, oy + y * sy) })
        guard let b = outline.bounds else { return Mask(offset: 0, left: 0, top: 0, width: 0, height: 0) }
        let box = IntRect(covering: b.minX, b.minY, b.maxX, b.maxY)
        guard !box.isEmpty else { return Mask(offset: 0, left: 0, top: 0, width: 0, height: 0) }
        let area = box.area
        if arenaCount + area > Self.capacityLimit {
            masks.removeAll(keepingCapacity: true)
            arenaCount = 0
        }
        reserve(arenaCount + area)
        let offset = arenaCount
        arenaCount += area
        (arena + offset).initialize(repeating: 0, count: area)
        var painter = MaskPainter(base: arena + offset, rect: box)
        rasterizer.fill(outline, rule: .nonZero, clip: box, painter: &painter)
        return Mask(offset: offset, left: Int32(box.x0), top: Int32(box.y0), width: Int32(box.width),
                    height: Int32(box.height))
    }

    private func reserve(_ needed: Int) {
        guard needed > arenaCapacity else { return }
        var capacity = arenaCapacity
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        grown.update(from: arena, count: arenaCount)
        arena.deallocate()
        arena = grown
        arenaCapacity = capacity
    }
}

/// Writes coverage into a float plane covering `rect`.
struct MaskPainter: CoveragePainter {
    let base: UnsafeMutablePointer<Float>
    let rect: IntRect

    @inline(__always)
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        (base + (y - rect.y0) * rect.width + (x0 - rect.x0)).update(from: coverage, count: count)
    }

    @inline(__always)
    mutating func paintFull(row y: Int, x0: Int, count: Int) {
        (base + (y - rect.y0) * rect.width + (x0 - rect.x0)).update(repeating: 1, count: count)
    }
}
