import Foundation
import CARenderGeometry

// Darwin's `arc4random` family, which Core Animation code uses for random colours, positions and
// delays. On Apple's platforms (and in glibc 2.36+) it draws from the operating system's entropy,
// so every run differs; a render must not, so carender's versions — which take precedence over
// Glibc's in scripts, being declared in a module that imports it — draw from a generator seeded
// identically for each stage. A script renders the same frames on every run and machine, and two
// stages in one process each start from the same sequence.

/// The random number generator of one stage (SplitMix64: Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014), attached to the stage's context so it starts
/// from the same seed with each stage.
package final class StageRandom {
    /// The seed every stage starts from (the golden ratio's fractional bits, SplitMix64's usual
    /// increment).
    static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var state = StageRandom.seed

    package init() {}

    package func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< bound`, uniformly (rejecting the short last stretch, as Darwin's
    /// `arc4random_uniform` does, so no value is favoured).
    package func next(below bound: UInt32) -> UInt32 {
        guard bound > 1 else { return 0 }
        let limit = UInt32.max - UInt32.max % bound
        while true {
            let value = UInt32(truncatingIfNeeded: next() >> 32)
            if value < limit { return value % bound }
        }
    }

    /// The current stage's generator.
    package static var current: StageRandom {
        StageContext.current.attachment(default: StageRandom.init)
    }
}

/// A random 32-bit number from the stage's seeded generator (Darwin's `arc4random`; here the
/// same sequence on every run, so renders are deterministic).
public func arc4random() -> UInt32 {
    UInt32(truncatingIfNeeded: StageRandom.current.next() >> 32)
}

/// A random number below `upperBound` (0 when it is below 2), uniformly distributed, from the
/// stage's seeded generator (Darwin's `arc4random_uniform`).
public func arc4random_uniform(_ upperBound: UInt32) -> UInt32 {
    StageRandom.current.next(below: upperBound)
}

/// Fills `count` bytes at `buffer` from the stage's seeded generator (Darwin's `arc4random_buf`).
public func arc4random_buf(_ buffer: UnsafeMutableRawPointer?, _ count: Int) {
    guard let buffer, count > 0 else { return }
    let random = StageRandom.current
    var offset = 0
    while offset < count {
        var word = random.next()
        let n = min(8, count - offset)
        withUnsafeBytes(of: &word) { buffer.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: n) }
        offset += n
    }
}
