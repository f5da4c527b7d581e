/// Offscreen pixel buffers reused across layers and frames, so group opacity, masks and shadows
/// do not allocate once the pool has warmed up.
final class OffscreenPool {
    private var free: [(pointer: UnsafeMutablePointer<UInt8>, capacity: Int)] = []

    deinit {
        for buffer in free { buffer.pointer.deallocate() }
    }

    /// A cleared canvas covering `rect` (which must not be empty). Give it back with `release`.
    func acquire(_ rect: IntRect) -> Canvas {
        let needed = rect.area * 4
        var best = -1
        for (i, buffer) in free.enumerated() where buffer.capacity >= needed {
            if best < 0 || buffer.capacity < free[best].capacity { best = i }
        }
        let pointer: UnsafeMutablePointer<UInt8>
        if best >= 0 {
            pointer = free.remove(at: best).pointer
        } else {
            pointer = .allocate(capacity: max(needed, 64))
            capacities[pointer] = max(needed, 64)
        }
        let canvas = Canvas(base: pointer, rect: rect)
        canvas.clear()
        return canvas
    }

    /// Returns a canvas from `acquire` to the pool.
    func release(_ canvas: Canvas) {
        free.append((canvas.base, capacities[canvas.base] ?? 0))
    }

    private var capacities: [UnsafeMutablePointer<UInt8>: Int] = [:]
}
