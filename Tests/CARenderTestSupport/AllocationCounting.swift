import AllocationCounter
import XCTest

/// How many heap allocations the calling thread makes while `body` runs (every malloc-family
/// call: objects, arrays, strings, closure contexts). Shared by the tests that hold a hot path
/// to "no allocation per frame" after warm-up.
package func countingAllocations(_ body: () -> Void) -> Int {
    carender_allocations_start()
    body()
    return carender_allocations_stop()
}

/// How many strong retains and releases the calling thread makes while `body` runs: of every
/// object, or only of instances of `onlyClass`. For the tests that hold a hot path to "no
/// reference counting per frame". (Unoptimised code, as tests are built, retains and releases
/// around every use of a reference, so only what optimisation cannot remove — references kept
/// in values and dropped with them — can be held to zero in a test.)
package func countingReferenceCounting(of onlyClass: AnyClass? = nil, _ body: () -> Void) -> (retains: Int, releases: Int) {
    carender_reference_counting_start(onlyClass.map { unsafeBitCast($0, to: UnsafeRawPointer.self) })
    body()
    var retains = 0, releases = 0
    carender_reference_counting_stop(&retains, &releases)
    return (retains, releases)
}
