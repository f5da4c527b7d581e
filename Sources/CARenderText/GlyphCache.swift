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
    /// The largest colour glyphs cached, in pixels per em: a colour mask holds four floats a pixel,
    /// so at half the size of the largest coverage mask it is as large (about 1.5 MB for an emoji,
    /// 1.25 em wide); larger colour glyphs are resampled straight into the frame, clipped to it
    /// (`drawColorGlyph`), instead of into a mask of the whole glyph (an emoji 2,000 pixels tall
    /// would take 90 MB).
    static let largestCachedColorPixelsPerEm = 256.0
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
        /// A colour glyph's image: four premultiplied components (0…1) per pixel, RGBA, instead of
        /// one coverage value.
        var isColor = false
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
        if face.isColor { return resample(face.colorBitmap(of: glyph), key: key) }
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
        let offset = allocate(area)
        (arena + offset).initialize(repeating: 0, count: area)
        var painter = MaskPainter(base: arena + offset, rect: box)
        rasterizer.fill(outline, rule: .nonZero, clip: box, painter: &painter)
        return Mask(offset: offset, left: Int32(box.x0), top: Int32(box.y0), width: Int32(box.width),
                    height: Int32(box.height))
    }

    /// Room for `count` floats in the arena (emptied first when it would pass its limit).
    private func allocate(_ count: Int) -> Int {
        if arenaCount + count > Self.capacityLimit {
            masks.removeAll(keepingCapacity: true)
            arenaCount = 0
        }
        reserve(arenaCount + count)
        let offset = arenaCount
        arenaCount += count
        return offset
    }

    /// Resampling weights of one axis, kept between glyphs.
    private var columnWeights = AxisWeights(), rowWeights = AxisWeights()
    private var resampled: [Float] = []

    /// A colour glyph's bitmap scaled to the key's pixel size with its origin at the key's
    /// subpixel offset: each device pixel averages the bitmap's pixels over its footprint when
    /// shrinking (an area filter, so a 136-pixel emoji at 20 pixels keeps every detail's weight
    /// without aliasing) and interpolates bilinearly when enlarging.
    private func resample(_ bitmap: ColorBitmap, key: Key) -> Mask {
        guard !bitmap.isEmpty else { return Mask(offset: 0, left: 0, top: 0, width: 0, height: 0) }
        let sx = Double(key.sizeX) / 64 / bitmap.pixelsPerEm, sy = Double(key.sizeY) / 64 / bitmap.pixelsPerEm
        guard sx > 0, sy > 0, sx.isFinite, sy.isFinite else { return Mask(offset: 0, left: 0, top: 0, width: 0, height: 0) }
        let ox = Double(key.subX) / Self.subpixelSteps, oy = Double(key.subY) / Self.subpixelSteps
        // The bitmap's device extent: x from ox + left·sx, y (down) from oy − top·sy.
        let x0 = ox + Double(bitmap.left) * sx, y0 = oy - Double(bitmap.top) * sy
        columnWeights.compute(start: x0, scale: sx, sourceCount: bitmap.width)
        rowWeights.compute(start: y0, scale: sy, sourceCount: bitmap.height)
        let w = columnWeights.count, h = rowWeights.count
        guard w > 0, h > 0 else { return Mask(offset: 0, left: 0, top: 0, width: 0, height: 0) }
        // Rows first: every source row resampled to the device columns.
        resampled.removeAll(keepingCapacity: true)
        resampled.reserveCapacity(bitmap.height * w * 4)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<bitmap.height {
                for column in 0..<w {
                    var sum = SIMD4<Float>.zero
                    for (i, weight) in columnWeights.taps(column) {
                        let p = (row * bitmap.width + i) * 4
                        sum += SIMD4(Float(pixels[p]), Float(pixels[p + 1]), Float(pixels[p + 2]), Float(pixels[p + 3]))
                            * weight
                    }
                    sum *= 1 / 255
                    resampled.append(sum.x); resampled.append(sum.y); resampled.append(sum.z); resampled.append(sum.w)
                }
            }
        }
        let offset = allocate(w * h * 4)
        let out = arena + offset
        for row in 0..<h {
            for column in 0..<w {
                var sum = SIMD4<Float>.zero
                for (j, weight) in rowWeights.taps(row) {
                    let p = (j * w + column) * 4
                    sum += SIMD4(resampled[p], resampled[p + 1], resampled[p + 2], resampled[p + 3]) * weight
                }
                let q = out + (row * w + column) * 4
                q[0] = min(sum.x, 1); q[1] = min(sum.y, 1); q[2] = min(sum.z, 1); q[3] = min(sum.w, 1)
            }
        }
        return Mask(offset: offset, left: Int32(columnWeights.first), top: Int32(rowWeights.first), width: Int32(w),
                    height: Int32(h), isColor: true)
    }

    /// Draws a colour glyph too large to cache straight into `canvas`, clipped to `clip`: the
    /// resampling of `resample`, but over the clip's device pixels only, so the memory it takes
    /// (the weights of the clip's rows and columns) is bounded by the frame whatever the glyph's
    /// size. `x`, `y` is the glyph origin in device pixels; `alpha` the text colour's alpha.
    func drawColorGlyph(face: FontFace, glyph: UInt32, pixelsPerEmX: Double, pixelsPerEmY: Double, x: Double, y: Double,
                        clip: IntRect, into canvas: Canvas, alpha: Float) {
        let bitmap = face.colorBitmap(of: glyph)
        // Beyond 2^52 pixels the origin has no fractional part left to place the glyph with.
        let farthest = Double(1 << 52)
        guard !bitmap.isEmpty, !clip.isEmpty, abs(x) < farthest, abs(y) < farthest else { return }
        let sx = pixelsPerEmX / bitmap.pixelsPerEm, sy = pixelsPerEmY / bitmap.pixelsPerEm
        guard sx > 0, sy > 0, sx.isFinite, sy.isFinite else { return }
        // Weights relative to the pixel holding the origin, as for a cached mask (the same
        // arithmetic, so a glyph either side of the size limit is resampled alike).
        let ix = Int(x.rounded(.down)), iy = Int(y.rounded(.down))
        let ox = x - Double(ix), oy = y - Double(iy)
        columnWeights.compute(start: ox + Double(bitmap.left) * sx, scale: sx, sourceCount: bitmap.width,
                              within: (clip.x0 - ix)..<(clip.x1 - ix))
        rowWeights.compute(start: oy - Double(bitmap.top) * sy, scale: sy, sourceCount: bitmap.height,
                           within: (clip.y0 - iy)..<(clip.y1 - iy))
        let w = columnWeights.count, h = rowWeights.count
        guard w > 0, h > 0, columnWeights.hasTaps, rowWeights.hasTaps else { return }
        let scale = alpha * 255
        let stride = bitmap.width * 4
        // Scalar arithmetic in the order `resample` uses (each row's taps, scaled to 0…1, then the
        // rows' taps), over plain pointers: this runs per frame.
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            columnWeights.withTaps { columnStarts, columnIndices, columnWeights in
                rowWeights.withTaps { rowStarts, rowIndices, rowWeights in
                    let source = pixels.baseAddress!
                    for row in 0..<h {
                        var d = canvas.pixel(ix + self.columnWeights.first, iy + self.rowWeights.first + row)
                        for column in 0..<w {
                            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                            var j = rowStarts[row]
                            while j < rowStarts[row + 1] {
                                let line = source + rowIndices[j] * stride
                                var hr: Float = 0, hg: Float = 0, hb: Float = 0, ha: Float = 0
                                var i = columnStarts[column]
                                while i < columnStarts[column + 1] {
                                    let p = line + columnIndices[i] * 4, weight = columnWeights[i]
                                    hr += Float(p[0]) * weight
                                    hg += Float(p[1]) * weight
                                    hb += Float(p[2]) * weight
                                    ha += Float(p[3]) * weight
                                    i += 1
                                }
                                let k: Float = 1 / 255, weight = rowWeights[j]
                                r += hr * k * weight
                                g += hg * k * weight
                                b += hb * k * weight
                                a += ha * k * weight
                                j += 1
                            }
                            if a > 0 { sourceOver(d, SIMD4(min(r, 1), min(g, 1), min(b, 1), min(a, 1)) * scale) }
                            d += 4
                        }
                    }
                }
            }
        }
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

/// The source pixels and weights that make each device pixel along one axis when an image of
/// `sourceCount` pixels is drawn from device coordinate `start` at `scale` device pixels per source
/// pixel: the overlap of each source pixel with the device pixel's footprint when shrinking (an
/// area average), the two nearest source centres when enlarging (bilinear). Outside the image is
/// transparent. Only device pixels `within` a range are computed (a glyph larger than the frame
/// costs the frame's pixels, not its own).
struct AxisWeights {
    /// The first device pixel, and how many there are.
    private(set) var first = 0
    private(set) var count = 0
    private var starts: [Int] = []
    private var indices: [Int] = []
    private var weights: [Float] = []

    /// Device coordinates are kept within ±2^52, where doubles still hold whole pixels.
    static let unbounded = -(1 << 52)..<(1 << 52)

    mutating func compute(start: Double, scale: Double, sourceCount: Int, within bounds: Range<Int> = unbounded) {
        starts.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        weights.removeAll(keepingCapacity: true)
        let end = start + Double(sourceCount) * scale
        let enlarging = scale > 1
        // Bilinear taps reach half a source pixel past the edge.
        let margin = enlarging ? scale / 2 : 0
        let lower = max((start - margin).rounded(.down), Double(bounds.lowerBound))
        let upper = min((end + margin).rounded(.up), Double(bounds.upperBound))
        guard lower < upper else {
            first = 0
            count = 0
            starts.append(0)
            return
        }
        first = Int(lower)
        count = Int(upper) - first
        for k in 0..<count {
            starts.append(indices.count)
            let d = Double(first + k)
            if enlarging {
                let c = (d + 0.5 - start) / scale - 0.5
                let i0 = c.rounded(.down), t = c - i0
                let i = Int(i0)
                if i >= 0 && i < sourceCount && t < 1 {
                    indices.append(i)
                    weights.append(Float(1 - t))
                }
                if i + 1 >= 0 && i + 1 < sourceCount && t > 0 {
                    indices.append(i + 1)
                    weights.append(Float(t))
                }
            } else {
                let a = (d - start) / scale, b = (d + 1 - start) / scale
                var i = max(0, Int(a.rounded(.down)))
                while i < sourceCount && Double(i) < b {
                    let overlap = min(b, Double(i + 1)) - max(a, Double(i))
                    if overlap > 0 {
                        indices.append(i)
                        weights.append(Float(overlap * scale))
                    }
                    i += 1
                }
            }
        }
        starts.append(indices.count)
    }

    /// The source pixels and weights of device pixel `first + k`.
    func taps(_ k: Int) -> Zip2Sequence<ArraySlice<Int>, ArraySlice<Float>> {
        zip(indices[starts[k]..<starts[k + 1]], weights[starts[k]..<starts[k + 1]])
    }

    /// Whether any device pixel takes any source pixel.
    var hasTaps: Bool { !indices.isEmpty }

    /// Calls `body` (only when `hasTaps`) with the taps as plain arrays: device pixel `first + k` takes source pixels
    /// `indices[t]` with `weights[t]` for `t` from `starts[k]` up to `starts[k + 1]`.
    func withTaps<R>(_ body: (_ starts: UnsafePointer<Int>, _ indices: UnsafePointer<Int>,
                              _ weights: UnsafePointer<Float>) -> R) -> R {
        starts.withUnsafeBufferPointer { s in
            indices.withUnsafeBufferPointer { i in
                weights.withUnsafeBufferPointer { w in
                    body(s.baseAddress!, i.baseAddress!, w.baseAddress!)
                }
            }
        }
    }
}
