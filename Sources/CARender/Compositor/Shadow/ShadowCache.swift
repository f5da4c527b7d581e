import Foundation

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

    private var profiles: [ProfileKey: BlurredIntervalProfile] = [:]
    private var corners: [CornerKey: CornerDeficitTable] = [:]
    private var kernels: [Double: GaussianKernel] = [:]
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
}
