import CAllocationCounter

/// Counts the heap allocations the current thread makes while running a block: every `malloc`,
/// `calloc`, `realloc` and aligned allocation, including Swift's (class instances, array and
/// string storage, boxed existentials). Allocations on other threads are not counted.
///
/// Used by the allocation-counting tests of the hot paths (compositor, presentation evaluation):
/// after a warm-up they must allocate nothing per frame.
enum AllocationCounter {
    /// The number of heap allocations `body` made on this thread.
    static func count(_ body: () throws -> Void) rethrows -> Int {
        allocation_counter_start()
        defer { _ = allocation_counter_stop() }
        try body()
        return allocation_counter_stop()
    }
}
