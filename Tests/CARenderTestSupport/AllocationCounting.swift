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
