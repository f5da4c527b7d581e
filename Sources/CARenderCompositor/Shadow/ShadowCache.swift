import Foundation
import CARenderRaster

/// The tables analytic shadows are drawn from, kept across frames by one compositor: blurred
/// interval profiles by (length, sigma), corner deficit tables by (curve, radius, sigma) and
/// blur kernels by sigma.
///
/// Sigma is quantised in the keys (to 12 significant bits, a relative step of 1/4096, which moves
/// a shadow by far less than 1/255): the effective sigma depends on the device scale a layer is
/// drawn at, which wobbles in its last bits as a layer turns, and must not miss the cache every
/// frame. Lengths and radii are layer geometry, exact and stable while a layer moves or turns.
final class ShadowCache {
    private struct ProfileKey: Hashable {
        var length: Double
        var sigma: Double
    }

    private struct CornerKey: Hashable {
        var continuous: Bool
        var radius: Double
        var sigma: Double
    }

    private struct TextureKey: Hashable {
        var width: Double
        var height: Double
        var radii: SIMD4<Double>
        var continuous: Bool
        var sigma: Double
    }

    private var profiles: [ProfileKey: BlurredIntervalProfile] = [:]
    private var corners: [CornerKey: CornerDeficitTable] = [:]
    private var kernels: [Double: GaussianKernel] = [:]
    private var textures: [TextureKey: ShadowTexture] = [:]
    /// Bytes held by the shadow textures.
    private(set) var textureByteCount = 0
    /// Beyond this many bytes of shadow textures they are all dropped (a texture holds at most
    /// `ShadowTexture.maximumTexels` pairs of 16-bit texels, one megabyte).
    static let textureBudget = 32 << 20
    /// Beyond this many entries of a kind the oldest generation is dropped (a scene animating
    /// sizes or blur radii would otherwise grow the cache without end).
    static let capacity = 512

    /// How many profiles, corner tables and kernels have been computed: a warm cache stops
    /// counting.
    private(set) var builds = 0

    /// `sigma` rounded to 12 significant bits.
    static func quantized(_ sigma: Double) -> Double {
        guard sigma.isFinite, sigma > 0 else { return sigma }
        let dropped: UInt64 = 52 - 12
        let half: UInt64 = 1 << (dropped - 1)
        return Double(bitPattern: (sigma.bitPattern &+ half) & ~((1 << dropped) - 1))
    }

    /// `sigma` rounded to 7 significant bits (a relative step of 1/128), for shadow textures:
    /// coarse enough that a layer turning in perspective, whose effective sigma moves with its
    /// scale on screen, keeps finding its texture. Moving sigma by the half step 1/256 of itself
    /// moves a blurred edge `Φ(x/σ)` by at most `max|t·φ(t)|/256 ≈ 0.001`, a quarter of 1/255.
    static func coarselyQuantized(_ sigma: Double) -> Double {
        guard sigma.isFinite, sigma > 0 else { return sigma }
        let dropped: UInt64 = 52 - 7
        let half: UInt64 = 1 << (dropped - 1)
        return Double(bitPattern: (sigma.bitPattern &+ half) & ~((1 << dropped) - 1))
    }

    /// The blurred profile of `[0, length]` for a quantised `sigma`.
    func profile(length: Double, sigma: Double) -> BlurredIntervalProfile {
        let key = ProfileKey(length: length, sigma: sigma)
        if let cached = profiles[key] { return cached }
        builds += 1
        let profile = BlurredIntervalProfile(a: 0, b: length, sigma: sigma)
        if profiles.count >= Self.capacity { profiles.removeAll(keepingCapacity: true) }
        profiles[key] = profile
        return profile
    }

    /// The corner deficit table of a rounded corner for a quantised `sigma`.
    func corner(continuous: Bool, radius: Double, sigma: Double) -> CornerDeficitTable {
        let key = CornerKey(continuous: continuous, radius: radius, sigma: sigma)
        if let cached = corners[key] { return cached }
        builds += 1
        let table = CornerDeficitTable(curve: continuous, radius: radius, sigma: sigma)
        if corners.count >= Self.capacity { corners.removeAll(keepingCapacity: true) }
        corners[key] = table
        return table
    }

    /// The discrete Gaussian kernel for a quantised `sigma` in plane pixels.
    func kernel(sigma: Double) -> GaussianKernel {
        if let cached = kernels[sigma] { return cached }
        builds += 1
        let kernel = GaussianKernel(sigma: sigma)
        if kernels.count >= Self.capacity { kernels.removeAll(keepingCapacity: true) }
        kernels[sigma] = kernel
        return kernel
    }

    /// The shadow texture of a `width × height` rectangle with `corners`, blurred by a quantised
    /// `sigma`, covering `margin` beyond it; nil when it would exceed `ShadowTexture.maximumTexels`.
    func texture(width: Double, height: Double, corners: CornerShape, sigma: Double, margin: Double) -> ShadowTexture? {
        let key = TextureKey(width: width, height: height, radii: corners.radii, continuous: corners.continuous, sigma: sigma)
        if let cached = textures[key] { return cached }
        guard let layout = ShadowTexture.Layout(width: width, height: height, corners: corners, sigma: sigma,
                                                margin: margin) else { return nil }
        let horizontal = profile(length: width, sigma: sigma), vertical = profile(length: height, sigma: sigma)
        let radius = corners.radii.max()
        let table = radius > 0 ? corner(continuous: corners.continuous, radius: radius, sigma: sigma) : nil
        builds += 1
        let r = corners.radii
        let shape = BlurredRoundedRect(
            width: Float(width), height: Float(height), horizontal: horizontal.lookup, vertical: vertical.lookup,
            corner: table?.lookup, rounded: SIMD4(r.x > 0 ? 1 : 0, r.y > 0 ? 1 : 0, r.z > 0 ? 1 : 0, r.w > 0 ? 1 : 0))
        let texture = withExtendedLifetime((horizontal, vertical, table)) {
            ShadowTexture(shape: shape, layout: layout)
        }
        if textureByteCount + texture.byteCount > Self.textureBudget || textures.count >= Self.capacity {
            textures.removeAll(keepingCapacity: true)
            textureByteCount = 0
        }
        textures[key] = texture
        textureByteCount += texture.byteCount
        return texture
    }
}
