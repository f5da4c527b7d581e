import CARenderPixels

/// A discrete Gaussian for blurring a single-channel plane separably. Each tap's weight is the
/// Gaussian's integral over that pixel, so a box-filtered (anti-aliased) input blurs to the
/// continuous Gaussian of the underlying shape. Immutable once built; kept by `ShadowCache`.
final class GaussianKernel {
    /// Taps `-radius ... radius`, normalised to sum 1.
    private let weights: UnsafeMutablePointer<Float>
    let radius: Int

    init(sigma: Double) {
        radius = max(1, Int((GaussianBlur.reachInSigmas * sigma).rounded(.up)))
        let count = 2 * radius + 1
        weights = .allocate(capacity: count)
        var total: Float = 0
        for k in 0..<count {
            let j = Double(k - radius)
            let w = Float(normalCDF((j + 0.5) / sigma) - normalCDF((j - 0.5) / sigma))
            weights[k] = w
            total += w
        }
        for k in 0..<count { weights[k] /= total }
    }

    deinit { weights.deallocate() }

    /// Blurs `plane` (`width × height`) in place, using `scratch` (same size) between passes.
    func apply(_ plane: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>, width: Int, height: Int) {
        let k = UnsafePointer(weights)
        let r = radius
        // Horizontal: plane → scratch.
        for y in 0..<height {
            let src = plane + y * width, dst = scratch + y * width
            for x in 0..<width {
                let lo = max(0, x - r), hi = min(width - 1, x + r)
                var sum: Float = 0
                var j = lo
                while j <= hi { sum += src[j] * k[j - x + r]; j += 1 }
                dst[x] = sum
            }
        }
        // Vertical: scratch → plane, row by row so memory is read in order.
        plane.update(repeating: 0, count: width * height)
        for y in 0..<height {
            let dst = plane + y * width
            let lo = max(0, y - r), hi = min(height - 1, y + r)
            for yy in lo...hi {
                let w = k[yy - y + r]
                let src = scratch + yy * width
                for x in 0..<width { dst[x] += src[x] * w }
            }
        }
    }
}
