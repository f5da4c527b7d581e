import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderModel

// # Particle sprites
//
// An emitter layer's particles are small images, each turned, scaled, tinted by its colour and
// blended over what lies beneath (source-over, or added for the `additive` render mode). They are
// drawn as Core Animation's render server draws textured quads: each device pixel takes the
// image bilinearly filtered at the point it maps back to (nearest texel when the cell's filter
// says so), and the image is treated as surrounded by transparent texels, so a sprite's edges
// fade over one texel as the filter crosses them (no coverage computation: that is how a GPU
// draws a quad without multisampling a texture with a clear border).
//
// Hot path (thousands of sprites a frame): every step is integer arithmetic on 16-bit lanes
// (x86-64's baseline multiplies those in one instruction); each row visits only the pixels whose
// point maps inside the image and its border, found by solving the two linear bounds for x; the
// images are prepared once, as packed premultiplied texels with a border, and cached.

/// An image as sprites sample it: the part of it a cell's `contentsRect` selects, as packed
/// premultiplied RGBA8 texels, with a one-texel transparent border (`stride` = width + 2).
final class SpriteTexture {
    /// The image region's size in texels.
    let width: Int
    let height: Int
    let stride: Int
    let texels: UnsafeMutablePointer<UInt32>

    init(image: CGImage, contentsRect r: CGRect) {
        let iw = image.width, ih = image.height
        // The texels the rect covers (at least one; a rect beyond the image is clamped to it).
        let x0 = min(max(Int((Double(r.minX) * Double(iw)).rounded()), 0), max(iw - 1, 0))
        let y0 = min(max(Int((Double(r.minY) * Double(ih)).rounded()), 0), max(ih - 1, 0))
        let x1 = min(max(Int((Double(r.maxX) * Double(iw)).rounded()), x0 + 1), iw)
        let y1 = min(max(Int((Double(r.maxY) * Double(ih)).rounded()), y0 + 1), ih)
        width = max(x1 - x0, 0)
        height = max(y1 - y0, 0)
        stride = width + 2
        texels = .allocate(capacity: stride * (height + 2))
        texels.initialize(repeating: 0, count: stride * (height + 2))
        let source = image.premultipliedPixels
        for y in 0..<height {
            for x in 0..<width {
                texels[(y + 1) * stride + x + 1] = packed(source[(y0 + y) * iw + x0 + x])
            }
        }
    }

    deinit { texels.deallocate() }
}

/// Sprite textures by image and contents rect, kept across frames (an emitter's cells keep
/// their images for the whole animation).
final class SpriteTextureCache {
    private struct Key: Hashable {
        let image: ObjectIdentifier
        let x, y, width, height: CGFloat
    }
    private var entries: [Key: (image: CGImage, texture: SpriteTexture)] = [:]
    /// More distinct images than any scene uses; past it the cache starts over.
    private static let capacity = 256

    func texture(_ image: CGImage, contentsRect r: CGRect) -> SpriteTexture {
        let key = Key(image: ObjectIdentifier(image), x: r.minX, y: r.minY, width: r.width, height: r.height)
        if let entry = entries[key] { return entry.texture }
        if entries.count >= Self.capacity { entries.removeAll() }
        let texture = SpriteTexture(image: image, contentsRect: r)
        entries[key] = (image, texture)
        return texture
    }
}

/// How one cell's sprites are drawn: its texture, texels per point and filter.
struct SpriteStyle {
    let texture: SpriteTexture
    /// Image pixels per point (`contentsScale`).
    let contentsScale: Double
    /// Nearest-texel sampling when magnified or minified with a `nearest` filter.
    let nearestWhenMagnified: Bool
    let nearestWhenMinified: Bool
}

/// Draws sprites into a canvas through an affine map (layer space → device pixels).
struct SpriteRasterizer {
    let target: Canvas
    /// Layer → device, affine part of the layer's map (`x' = a·x + c·y + e`, `y' = b·x + d·y + f`).
    let a, b, c, d, e, f: Double
    /// The layer's alpha (0…256 scale applied to each tint).
    let alpha: Double
    let additive: Bool

    /// Draws one sprite: centre (`x`, `y`) in layer space, turned by `angle`, `scale` points per
    /// texel × 1/contentsScale, tinted by straight `color`.
    func draw(_ sprite: ParticleSprite, style: SpriteStyle) {
        let texture = style.texture
        let w = Double(texture.width), h = Double(texture.height)
        guard w > 0, h > 0 else { return }
        let k = Double(sprite.scale) / max(style.contentsScale, 1e-6)
        guard k > 0, k.isFinite else { return }
        // Tint, premultiplied, on a 0…256 scale.
        let color = sprite.color
        let tintAlpha = Double(color.w) * alpha
        guard tintAlpha > 0 else { return }
        let tint = SIMD4<UInt16>(UInt16(Double(color.x) * tintAlpha * 256 + 0.5), UInt16(Double(color.y) * tintAlpha * 256 + 0.5),
                                 UInt16(Double(color.z) * tintAlpha * 256 + 0.5), UInt16(tintAlpha * 256 + 0.5))
        // Texel (u, v) → layer: centre + R(angle)·k·(u − w/2, v − h/2); then → device.
        let (sn, cs) = (sin(Double(sprite.angle)) * k, cos(Double(sprite.angle)) * k)
        let cx = Double(sprite.x) - cs * w / 2 + sn * h / 2
        let cy = Double(sprite.y) - sn * w / 2 - cs * h / 2
        // Device = A·(u, v) + o.
        let a11 = a * cs + c * sn, a12 = -a * sn + c * cs
        let a21 = b * cs + d * sn, a22 = -b * sn + d * cs
        let ox = a * cx + c * cy + e, oy = b * cx + d * cy + f
        let det = a11 * a22 - a12 * a21
        guard abs(det) > 1e-12, det.isFinite else { return }
        // Device → texel.
        let i11 = a22 / det, i12 = -a12 / det, i21 = -a21 / det, i22 = a11 / det
        // The device box of the image and its border.
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for corner in 0..<4 {
            let u = corner & 1 == 0 ? -0.5 : w + 0.5, v = corner < 2 ? -0.5 : h + 0.5
            let px = a11 * u + a12 * v + ox, py = a21 * u + a22 * v + oy
            minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
        }
        let r = target.rect
        guard maxX > Double(r.x0), minX < Double(r.x1), maxY > Double(r.y0), minY < Double(r.y1) else { return }
        let y0 = max(Int(minY.rounded(.down)), r.y0), y1 = min(Int(maxY.rounded(.up)), r.y1)
        let bx0 = max(Int(minX.rounded(.down)), r.x0), bx1 = min(Int(maxX.rounded(.up)), r.x1)
        guard y1 > y0, bx1 > bx0 else { return }
        // Magnified: more than a device pixel per texel.
        let nearest = abs(det) >= 1 ? style.nearestWhenMagnified : style.nearestWhenMinified
        let stride = texture.stride
        let texels = texture.texels
        let du = Float(i11), dv = Float(i21)
        let uMax = w + 0.5, vMax = h + 0.5
        for y in y0..<y1 {
            let py = Double(y) + 0.5 - oy
            // u = i11·(px − ox) + i12·py, v = i21·(px − ox) + i22·py, px = x + 0.5.
            let uAt0 = i11 * (Double(bx0) + 0.5 - ox) + i12 * py
            let vAt0 = i21 * (Double(bx0) + 0.5 - ox) + i22 * py
            // The pixels where −0.5 < u < w + 0.5 and −0.5 < v < h + 0.5.
            var lo = 0.0, hi = Double(bx1 - bx0)
            Self.clip(start: uAt0, step: i11, below: uMax, lo: &lo, hi: &hi)
            Self.clip(start: vAt0, step: i21, below: vMax, lo: &lo, hi: &hi)
            let first = Int(lo.rounded(.up)), end = Int(hi.rounded(.up))
            guard end > first else { continue }
            var u = Float(uAt0 + i11 * Double(first)) + 0.5  // + 0.5: texel centres at half-integers, border offset 1
            var v = Float(vAt0 + i21 * Double(first)) + 0.5
            var p = target.pixel(bx0 + first, y)
            // Just short of the far border texel, so the fraction toward it stays below 1.
            let limitU = Float(texture.width + 1) - 1 / 512, limitV = Float(texture.height + 1) - 1 / 512
            for _ in first..<end {
                // Padded sample position: the texel left of / above the point, and the fraction.
                let su = min(max(u, 0), limitU), sv = min(max(v, 0), limitV)
                let iu = Int(su), iv = Int(sv)
                let sample: SIMD4<UInt16>
                if nearest {
                    let nu = min(Int(su + 0.5), texture.width + 1), nv = min(Int(sv + 0.5), texture.height + 1)
                    sample = Self.unpack(texels[nv * stride + nu])
                } else {
                    let fx = UInt16((su - Float(iu)) * 256), fy = UInt16((sv - Float(iv)) * 256)
                    let row = texels + iv * stride + iu
                    let top = Self.lerp(Self.unpack(row[0]), Self.unpack(row[1]), fx)
                    let bottom = Self.lerp(Self.unpack(row[stride]), Self.unpack(row[stride + 1]), fx)
                    sample = Self.lerp(top, bottom, fy)
                }
                u += du
                v += dv
                // Tinted: each channel × tint / 256.
                let s = (sample &* tint &+ 128) &>> 8
                if s != .zero {
                    let dst = Self.unpack(p.packedPixel)
                    let out: SIMD4<UInt16>
                    if additive {
                        out = (dst &+ s).replacing(with: 255, where: dst &+ s .> 255)
                    } else {
                        let t = dst &* (255 &- s[3]) &+ 128
                        out = s &+ ((t &+ (t &>> 8)) &>> 8)
                    }
                    p.packedPixel = Self.pack(out)
                }
                p += 4
            }
        }
    }

    /// Narrows [lo, hi) (pixel offsets from the row's first) to where `start + step·x` lies in
    /// (−0.5, `below`).
    @inline(__always)
    private static func clip(start: Double, step: Double, below: Double, lo: inout Double, hi: inout Double) {
        if step > 1e-12 {
            lo = max(lo, (-0.5 - start) / step)
            hi = min(hi, (below - start) / step)
        } else if step < -1e-12 {
            lo = max(lo, (below - start) / step)
            hi = min(hi, (-0.5 - start) / step)
        } else if start <= -0.5 || start >= below {
            hi = lo
        }
    }

    @inline(__always)
    private static func unpack(_ p: UInt32) -> SIMD4<UInt16> {
        SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(p, to: SIMD4<UInt8>.self))
    }

    @inline(__always)
    private static func pack(_ c: SIMD4<UInt16>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: c), to: UInt32.self)
    }

    /// `a + (b − a) · f / 256`, exactly: `(a · (256 − f) + b · f) / 256` (at most 255 · 256).
    @inline(__always)
    private static func lerp(_ a: SIMD4<UInt16>, _ b: SIMD4<UInt16>, _ f: UInt16) -> SIMD4<UInt16> {
        (a &* (256 &- f) &+ b &* f) &>> 8
    }
}
