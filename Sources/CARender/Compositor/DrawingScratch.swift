/// The buffers drawing reuses from layer to layer and frame to frame, in one owner: the
/// rasterizer's accumulation rows, offscreen canvases, outlines, shadow planes and palettes.
///
/// Outlines are lent out (`borrowOutline`) and given back (`giveBack`), so a step fills the shape
/// it was handed and never one another step left behind; their storage keeps its capacity.
final class DrawingScratch {
    let rasterizer = CoverageRasterizer()
    let pool = OffscreenPool()
    /// Outlines not lent out at the moment.
    private var spareOutlines: [Outline] = []
    /// A shadow colour at 257 alpha levels.
    let shadowPalette = UnsafeMutablePointer<UInt32>.allocate(capacity: 257)
    /// Per-column values of an axis-aligned shadow: values, then shape coordinates.
    private(set) var columns = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var columnCapacity = 1
    /// Planes for blurring shadow alpha.
    private(set) var blurPlane = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var blurScratch = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var blurCapacity = 1

    deinit {
        shadowPalette.deallocate()
        columns.deallocate()
        blurPlane.deallocate()
        blurScratch.deallocate()
    }

    /// An empty outline whose storage is reused; hand it back with `giveBack`.
    func borrowOutline() -> Outline {
        guard !spareOutlines.isEmpty else { return Outline() }
        var outline = spareOutlines.removeLast()
        outline.removeAll()
        return outline
    }

    func giveBack(_ outline: Outline) {
        spareOutlines.append(outline)
    }

    /// Room for `count` columns of values and `count` of coordinates in `columns`.
    func reserveColumns(_ count: Int) {
        guard 2 * count > columnCapacity else { return }
        columns.deallocate()
        columnCapacity = 2 * count
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
