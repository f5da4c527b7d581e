import CARenderPixels
import CPixelKernels
import CARenderRaster
import CARenderText
/// The buffers drawing reuses from layer to layer and frame to frame, in one owner: the
/// rasterizer's accumulation rows, offscreen canvases, outlines, text layouts, shadow planes and
/// palettes.
///
/// Outlines and text layouts are lent out (`borrowOutline`, `borrowTextLayout`) and given back
/// (`giveBack`), so a step fills the shape it was handed and never one another step left behind;
/// their storage keeps its capacity.
final class DrawingScratch {
    /// The rasterizer, outlines and text layouts, which text drawing (a layer below) borrows too.
    let text: TextDrawingScratch
    /// `text`'s rasterizer, stored: a computed property returned it retained, for every fill.
    let rasterizer: CoverageRasterizer
    let pool = OffscreenPool()
    /// A shadow colour at 257 alpha levels: as drawn beneath the layer, and within its group.
    let shadowPalette = UnsafeMutablePointer<UInt32>.allocate(capacity: 257)
    let groupShadowPalette = UnsafeMutablePointer<UInt32>.allocate(capacity: 257)
    /// Per-column values of an axis-aligned shadow and its corner rows (see `AxisAlignedShadowPainter`).
    private(set) var columns = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var columnCapacity = 1
    /// Planes for blurring shadow alpha.
    private(set) var blurPlane = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var blurScratch = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var blurCapacity = 1
    /// Emitter cells' images as sprite textures (kept across frames), one emitter's cell styles
    /// and its particles' drawing order.
    let spriteTextures = SpriteTextureCache()
    var spriteStyles: [SpriteStyle?] = []
    var spriteOrder: [Int32] = []
    var spriteDepths: [Float] = []
    /// Siblings being composited by depth, as a stack (nested groups push above their parent's).
    var depthSiblings: [DepthSibling] = []
    /// Per-pixel sorting of depth-composited siblings: their depths and indices in back-to-front
    /// order, the siblings covering the current row, and those covering the current span of it
    /// with their pixels where the span starts (room for `depthCapacity` each).
    private(set) var depthKeys = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private(set) var depthOrder = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var depthActive = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var depthCovering = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var depthRows = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>.allocate(capacity: 1)
    private var depthCapacity = 1
    /// The siblings of depth-composited groups (their extents, whether each overlaps another)
    /// and the pairs of them that overlap, as stacks (nested groups push above their parent's).
    var depthMembers: [DepthMember] = []
    var depthPairs: [SIMD2<Int32>] = []
    /// One group's siblings sorted by top edge, and one sibling's overlaps with the others and
    /// those crossing one row (room for `depthMemberCapacity` each).
    private(set) var depthByTop = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var depthHoles = UnsafeMutablePointer<IntRect>.allocate(capacity: 1)
    private(set) var depthHoleRows = UnsafeMutablePointer<IntRect>.allocate(capacity: 1)
    private var depthMemberCapacity = 1
    /// A coverage row for painters that rewrite coverage (aliased outer edges).
    private var edgeCoverage = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var edgeCoverageCapacity = 1

    /// Whether turned shadows, offscreen blends and the rasterizer's sweep use the AVX2 kernels
    /// (`CPixelKernels`): the processor's answer, read once per scratch (the rasterizer read it
    /// too). Tests turn it off to compare the two paths' bytes.
    var usesAVX2Kernels = cpk_has_avx2() != 0 {
        didSet { rasterizer.usesAVX2Kernels = usesAVX2Kernels }
    }

    init() {
        let text = TextDrawingScratch()
        self.text = text
        rasterizer = text.rasterizer
    }

    deinit {
        shadowPalette.deallocate()
        groupShadowPalette.deallocate()
        columns.deallocate()
        blurPlane.deallocate()
        blurScratch.deallocate()
        edgeCoverage.deallocate()
        depthKeys.deallocate()
        depthOrder.deallocate()
        depthActive.deallocate()
        depthCovering.deallocate()
        depthRows.deallocate()
        depthByTop.deallocate()
        depthHoles.deallocate()
        depthHoleRows.deallocate()
    }

    /// Room to sort `count` siblings of a depth-composited group and hold one's overlaps.
    func reserveDepthMembers(_ count: Int) {
        guard count > depthMemberCapacity else { return }
        depthByTop.deallocate()
        depthHoles.deallocate()
        depthHoleRows.deallocate()
        depthMemberCapacity = count
        depthByTop = .allocate(capacity: count)
        depthHoles = .allocate(capacity: count)
        depthHoleRows = .allocate(capacity: count)
    }

    /// Room to sort `count` siblings by depth.
    func reserveDepthSorting(_ count: Int) {
        guard count > depthCapacity else { return }
        depthKeys.deallocate()
        depthOrder.deallocate()
        depthActive.deallocate()
        depthCovering.deallocate()
        depthRows.deallocate()
        depthCapacity = count
        depthKeys = .allocate(capacity: count)
        depthOrder = .allocate(capacity: count)
        depthActive = .allocate(capacity: count)
        depthCovering = .allocate(capacity: count)
        depthRows = .allocate(capacity: count)
    }

    /// The coverage row for aliased outer edges, at least `count` long.
    func edgeRow(_ count: Int) -> UnsafeMutablePointer<Float> {
        if count > edgeCoverageCapacity {
            edgeCoverage.deallocate()
            edgeCoverageCapacity = count
            edgeCoverage = .allocate(capacity: count)
        }
        return edgeCoverage
    }

    func borrowOutline() -> Outline { text.borrowOutline() }
    func giveBack(_ outline: Outline) { text.giveBack(outline) }
    func borrowTextLayout() -> TextLayout { text.borrowTextLayout() }
    func giveBack(_ layout: TextLayout) { text.giveBack(layout) }

    /// Room for `count` values in `columns`.
    func reserveColumns(_ count: Int) {
        guard count > columnCapacity else { return }
        columns.deallocate()
        columnCapacity = count
        columns = .allocate(capacity: columnCapacity)
    }

    /// Room for `count` values in `blurPlane` and in `blurScratch`.
    func reserveBlurPlanes(_ count: Int) {
        guard count > blurCapacity else { return }
        blurPlane.deallocate()
        blurScratch.deallocate()
        blurCapacity = count
        blurPlane = .allocate(capacity: count)
        blurScratch = .allocate(capacity: count)
    }
}
