import Foundation

/// The standard normal cumulative distribution Φ: the fraction of a unit Gaussian left of `x`.
/// A Gaussian blur of sigma σ turns a step at 0 into `Φ(x / σ)`.
@inline(__always)
func normalCDF(_ x: Double) -> Double {
    0.5 * erfc(-x * 0.7071067811865476)
}

/// The Gaussian density of sigma `sigma` at `x`.
@inline(__always)
func gaussian(_ x: Double, sigma: Double) -> Double {
    exp(-0.5 * (x * x) / (sigma * sigma)) / (sigma * 2.5066282746310002)
}
