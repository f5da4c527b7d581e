import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderGraphics

/// A layer whose content is drawn in tiles, as it comes into view, at the level of detail its
/// scale on screen needs: for content far larger than the screen (maps, documents, zoomable
/// images). Override `draw(in:)` (or give a delegate `draw(_:in:)`): it is called once per tile
/// with the context clipped to the tile (`ctx.boundingBoxOfClipPath` is the tile's rectangle
/// in the layer's coordinates) and scaled for the level.
///
/// What carender draws (CATiledLayer.h and Apple's class reference; where they are silent, the
/// choice made):
/// - Levels: `levelsOfDetail` levels, each half the resolution of the one before, of which the
///   first `levelsOfDetailBias` are magnified (2×, 4×, …). A frame uses the coarsest level whose
///   resolution is at least the layer's scale on screen (its `contentsScale` times the
///   transforms above it), within those levels.
/// - Tiles are `tileSize` pixels at their level, from the bounds' origin. Those covering the
///   part of the layer within the stage's root layer are drawn, synchronously (Apple draws them
///   on background threads, and apps' drawing is written to allow that), once, and kept until
///   `setNeedsDisplay` (whole or a rectangle) invalidates them.
/// - A tile fades in over `fadeDuration` (0.25 s) from the moment it is first needed. Needing is
///   part of the layer's history, so it is decided on the stage's fixed grid of time (see
///   `SteppedLayer`): a frame shows the same fades however the frames are rendered. Tiles of
///   other levels that have finished fading in stay beneath (coarser under finer), so a zoom
///   shows the last level sharpening, not the background, while the new one fades in.
open class CATiledLayer: CALayer, SteppedLayer {
    /// Seconds a newly drawn tile takes to fade in; override in a subclass to change it.
    open class var fadeDuration: CFTimeInterval { 0.25 }

    /// How many levels of detail are kept; 1 by default.
    open var levelsOfDetail = 1
    /// How many of the levels are magnified; 0 by default.
    open var levelsOfDetailBias = 0
    /// The size of a tile, in pixels at its level; 256 × 256 by default.
    open var tileSize = CGSize(width: 256, height: 256)

    private struct TileKey: Hashable {
        var level: Int
        var column: Int
        var row: Int
    }

    /// When each tile was first needed (its fade starts then): the layer's history, written
    /// only when it is stepped.
    private var needed: [TileKey: Double] = [:]
    /// Tiles drawn so far (a tile's image depends on nothing but its key).
    private var images: [TileKey: CGImage] = [:]
    /// The last grid point stepped to.
    private var gridIndex: Int?
    /// The last frame's mosaic of each level and what it was made of, reused while nothing changes.
    private var mosaics: [Int: (keys: [TileKey], image: CGImage, rect: CGRect)] = [:]
    /// More tiles than a screenful needs at any level; past it, the longest needed go.
    private static let keptTiles = 1024
    /// The most pixels a frame's mosaic of tiles may hold.
    private static let maximumMosaicPixels = 32_000_000

    /// Creates a tiled layer with Apple's defaults.
    public override init() { super.init() }

    /// Makes a copy of another tiled layer's state, its levels of detail and tile size included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATiledLayer {
            (levelsOfDetail, levelsOfDetailBias, tileSize) = (other.levelsOfDetail, other.levelsOfDetailBias, other.tileSize)
        }
    }


    /// Invalidates every tile: they are drawn again when next needed, and fade in again.
    open override func setNeedsDisplay() {
        needed.removeAll()
        images.removeAll()
        mosaics.removeAll()
        super.setNeedsDisplay()
    }

    /// Invalidates the tiles that meet `r`.
    open override func setNeedsDisplay(_ r: CGRect) {
        for key in Array(needed.keys) where tileRect(key).intersects(r) { needed[key] = nil }
        for key in Array(images.keys) where tileRect(key).intersects(r) { images[key] = nil }
        mosaics.removeAll()
    }

    /// A tiled layer's content is its tiles: nothing is drawn as a whole.
    open override func display() {}

    /// The value of a key, the tiled layer's own settings included.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "levelsOfDetail": return levelsOfDetail
        case "levelsOfDetailBias": return levelsOfDetailBias
        case "tileSize": return tileSize
        default: return super.value(forKey: key)
        }
    }

    /// Sets the value of a key, the tiled layer's own settings included.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "levelsOfDetail": levelsOfDetail = coerceToCGFloat(value).map { Int($0) } ?? levelsOfDetail
        case "levelsOfDetailBias": levelsOfDetailBias = coerceToCGFloat(value).map { Int($0) } ?? levelsOfDetailBias
        case "tileSize": tileSize = coerceToCGSize(value) ?? tileSize
        default: super.setValue(value, forKey: key)
        }
    }

    // MARK: - Levels and tiles

    /// Pixels per point at level `level` (2^level times the contents scale).
    private func resolution(_ level: Int) -> Double {
        Foundation.pow(2, Double(level)) * Double(contentsScale > 0 ? contentsScale : 1)
    }

    /// The tile's size in points at `level`.
    private func tileExtent(_ level: Int) -> (width: Double, height: Double) {
        let r = resolution(level)
        return (max(Double(tileSize.width), 1) / r, max(Double(tileSize.height), 1) / r)
    }

    private func tileRect(_ key: TileKey) -> CGRect {
        let b = bounds, size = tileExtent(key.level)
        return CGRect(x: Double(b.minX) + Double(key.column) * size.width, y: Double(b.minY) + Double(key.row) * size.height,
                      width: size.width, height: size.height).intersection(b)
    }

    /// The level and the tiles needed at stage time `t`: those covering the part of the bounds
    /// inside the stage's root layer, at the level the layer's scale there needs.
    private func neededTiles(at t: Double) -> (level: Int, columns: Range<Int>, rows: Range<Int>)? {
        guard let (map, visible) = visibleRegion(at: t) else { return nil }
        let scale = map.maxScale(x0: visible.minX, y0: visible.minY, x1: visible.maxX, y1: visible.maxY)
            * Double(contentsScale > 0 ? contentsScale : 1)
        let finest = levelsOfDetailBias, coarsest = levelsOfDetailBias - max(levelsOfDetail, 1) + 1
        let wanted = Int((Foundation.log2(max(scale, 1e-9)) - 1e-9).rounded(.up))
        let level = min(max(wanted, coarsest), finest)
        let size = tileExtent(level), b = bounds
        let c0 = Int(((Double(visible.minX) - Double(b.minX)) / size.width).rounded(.down))
        let c1 = Int(((Double(visible.maxX) - Double(b.minX)) / size.width).rounded(.up))
        let r0 = Int(((Double(visible.minY) - Double(b.minY)) / size.height).rounded(.down))
        let r1 = Int(((Double(visible.maxY) - Double(b.minY)) / size.height).rounded(.up))
        guard c1 > c0, r1 > r0 else { return nil }
        return (level, max(c0, 0)..<c1, max(r0, 0)..<r1)
    }

    /// The map from the layer's bounds to its root layer's bounds at stage time `t`, and the part
    /// of the bounds it shows within the root (nil when none).
    private func visibleRegion(at t: Double) -> (ProjectiveMap, CGRect)? {
        var toRoot = CATransform3DIdentity
        var layer: CALayer = self
        var state = presentationState(at: t)
        while let parent = layer.superlayer {
            let parentState = parent.presentationState(at: t)
            toRoot = CATransform3DConcat(toRoot, state.mappingToSuperlayer(parentState.sublayerPlacement))
            (layer, state) = (parent, parentState)
        }
        guard layer === StageContext.current.rootLayer else { return nil }
        let map = ProjectiveMap(flattening: toRoot)
        guard let inverse = map.inverted() else { return nil }
        let root = state.bounds
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for k in 0..<4 {
            let x = k & 1 == 0 ? Double(root.minX) : Double(root.maxX), y = k < 2 ? Double(root.minY) : Double(root.maxY)
            let p = inverse.apply(x, y)
            guard p.w > 1e-12 else { return (map, bounds) }
            box = (min(box.x0, p.x / p.w), min(box.y0, p.y / p.w), max(box.x1, p.x / p.w), max(box.y1, p.y / p.w))
        }
        let visible = CGRect(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0).intersection(bounds)
        return visible.isNull || visible.isEmpty ? nil : (map, visible)
    }

    // MARK: - Stepping: when tiles are first needed

    package func step(to t: Double) {
        guard t.isFinite else { return }
        let step = EmitterSimulation.step
        let target = Int((t / step + 1e-9).rounded(.down))
        var k = gridIndex.map { $0 + 1 } ?? target
        while k <= target {
            markNeeded(at: Double(k) * step)
            k += 1
        }
        gridIndex = target
    }

    private func markNeeded(at t: Double) {
        guard let wanted = neededTiles(at: t) else { return }
        for row in wanted.rows {
            for column in wanted.columns {
                let key = TileKey(level: wanted.level, column: column, row: row)
                if needed[key] == nil { needed[key] = t }
            }
        }
        // Forget the tiles needed longest ago beyond the bound (they fade in again if needed).
        if needed.count > Self.keptTiles {
            let current = Set(wanted.rows.flatMap { row in wanted.columns.map { TileKey(level: wanted.level, column: $0, row: row) } })
            let old = needed.filter { !current.contains($0.key) }
                .sorted { ($0.value, $0.key.level, $0.key.row, $0.key.column) < ($1.value, $1.key.level, $1.key.row, $1.key.column) }
            for (key, _) in old.prefix(needed.count - Self.keptTiles) { needed[key] = nil }
        }
    }

    // MARK: - Drawing

    /// The tile's image: `draw(in:)` in a context the tile's size at its level, clipped to it.
    private func drawTile(_ key: TileKey) -> CGImage? {
        let rect = tileRect(key)
        guard !rect.isEmpty else { return nil }
        let r = resolution(key.level)
        let width = Int((Double(rect.width) * r).rounded(.up)), height = Int((Double(rect.height) * r).rounded(.up))
        guard width > 0, height > 0,
              let ctx = CGContext(pixelWidth: width, height: height,
                                  baseTransform: CGAffineTransform(a: r, b: 0, c: 0, d: r, tx: -Double(rect.minX) * r,
                                                                   ty: -Double(rect.minY) * r)) else { return nil }
        ctx.clip(to: rect)
        draw(in: ctx)
        return ctx.makeImage()
    }

    override class var contributesToFrame: Bool { true }

    override func contributeToFrame(_ frame: RenderFrame, record: Int32, localTime: Double, stageTime t: Double) {
        guard let wanted = neededTiles(at: t), let (_, visible) = visibleRegion(at: t) else { return }
        let fade = type(of: self).fadeDuration
        // Beneath: other levels' tiles in view that have finished fading in, coarser first.
        var levels: [Int: [TileKey]] = [:]
        for (key, time) in needed where key.level != wanted.level && t - time >= fade && tileRect(key).intersects(visible) {
            levels[key.level, default: []].append(key)
        }
        for level in levels.keys.sorted() {
            let keys = levels[level]!.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
            if let mosaic = mosaic(level: level, keys: keys, at: t, fade: fade) { frame.appendDrawnSublayer(mosaic) }
        }
        var keys: [TileKey] = []
        for row in wanted.rows {
            for column in wanted.columns { keys.append(TileKey(level: wanted.level, column: column, row: row)) }
        }
        if let mosaic = mosaic(level: wanted.level, keys: keys, at: t, fade: fade) { frame.appendDrawnSublayer(mosaic) }
        if images.count > Self.keptTiles { images = images.filter { needed[$0.key] != nil } }
    }

    /// One level's tiles `keys` as one image (so tiles meet without seams), each drawn if it is
    /// not yet and faded by the time since it was first needed (not yet needed: not shown), as a
    /// layer's values covering their rectangle.
    private func mosaic(level: Int, keys: [TileKey], at t: Double, fade: Double) -> LayerState? {
        guard let first = keys.first else { return nil }
        let r = resolution(level)
        var rect = tileRect(first)
        for key in keys { rect = rect.union(tileRect(key)) }
        let width = Int((Double(rect.width) * r).rounded(.up)), height = Int((Double(rect.height) * r).rounded(.up))
        guard width > 0, height > 0 else { return nil }
        guard width * height <= Self.maximumMosaicPixels else {
            Diagnostics.warnOnce("CATiledLayer: the tiles in view (\(width)×\(height) pixels) are more than carender draws in one frame; give the layer more levels of detail")
            return nil
        }
        var fading = false
        for key in keys {
            if images[key] == nil, let image = drawTile(key) { images[key] = image }
            if let time = needed[key], fade > 0, t - time < fade { fading = true }
            if needed[key] == nil { fading = true }
        }
        let image: CGImage
        if !fading, let kept = mosaics[level], kept.keys == keys, kept.rect == rect {
            image = kept.image
        } else {
            var pixels = RGBAImage(width: width, height: height)
            for key in keys {
                guard let tileImage = images[key], let time = needed[key] else { continue }
                let opacity = fade > 0 ? min(max((t - time) / fade, 0), 1) : 1
                let origin = tileRect(key).origin
                let x0 = Int(((Double(origin.x) - Double(rect.minX)) * r).rounded())
                let y0 = Int(((Double(origin.y) - Double(rect.minY)) * r).rounded())
                Self.copy(tileImage.image, into: &pixels, at: x0, y0, opacity: opacity)
            }
            image = CGImage(image: pixels)
            mosaics[level] = fading ? nil : (keys, image, rect)
        }
        var state = LayerState()
        state.bounds = CGRect(origin: .zero, size: rect.size)
        state.position = CGPoint(x: rect.midX, y: rect.midY)
        state.contents = image
        state.contentsGravity = .resize
        state.contentsScale = CGFloat(r)
        return state
    }

    /// Copies `tile` into `pixels` at (x0, y0), its alpha scaled by `opacity` (straight alpha, so
    /// only the alpha channel changes).
    private static func copy(_ tile: RGBAImage, into pixels: inout RGBAImage, at x0: Int, _ y0: Int, opacity: Double) {
        let width = pixels.width, height = pixels.height
        let scale = UInt32(min(max(opacity, 0), 1) * 256)
        tile.bytes.withUnsafeBufferPointer { source in
            pixels.bytes.withUnsafeMutableBufferPointer { target in
                for y in 0..<tile.height where y0 + y >= 0 && y0 + y < height {
                    for x in 0..<tile.width where x0 + x >= 0 && x0 + x < width {
                        let s = (y * tile.width + x) * 4, d = ((y0 + y) * width + x0 + x) * 4
                        target[d] = source[s]
                        target[d + 1] = source[s + 1]
                        target[d + 2] = source[s + 2]
                        target[d + 3] = UInt8((UInt32(source[s + 3]) * scale) >> 8)
                    }
                }
            }
        }
    }
}
