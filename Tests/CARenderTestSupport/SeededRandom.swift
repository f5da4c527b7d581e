/// A small deterministic random number generator (SplitMix64, Steele, Lea and Flood, "Fast
/// splittable pseudorandom number generators", OOPSLA 2014), so randomised tests draw the same
/// samples on every run and machine and a failure reproduces.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< bound` (the remainder of the next value: uniform enough for test data).
    package mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A uniformly distributed double in `range`, from the top 53 bits of the next value.
    package mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}
