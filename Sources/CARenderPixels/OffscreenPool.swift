/// Offscreen pixel buffers reused across layers and frames, so group opacity, masks and shadows
/// do not allocate once the pool has warmed up.
package final class OffscreenPool {
    package init() {}

    private struct Buffer {
        var pointer: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var inUse: Bool
    }

    private var buffers: [Buffer] = []

    deinit {
        for i in 0..<buffers.count { buffers[i].pointer.deallocate() }
    }

    /// A cleared canvas covering `rect` (which must not be empty). Give it back with `release`.
    package func acquire(_ rect: IntRect) -> Canvas {
        let needed = rect.area * 4
        // The smallest free buffer that fits.
        var best = -1
        for i in 0..<buffers.count where !buffers[i].inUse && buffers[i].capacity >= needed {
            if best < 0 || buffers[i].capacity < buffers[best].capacity { best = i }
        }
        if best < 0 {
            let capacity = max(needed, 64)
            buffers.append(Buffer(pointer: .allocate(capacity: capacity), capacity: capacity, inUse: false))
            best = buffers.count - 1
        }
        buffers[best].inUse = true
        let canvas = Canvas(base: buffers[best].pointer, rect: rect)
        canvas.clear()
        return canvas
    }

    /// Returns a canvas from `acquire` to the pool.
    package func release(_ canvas: Canvas) {
        for i in 0..<buffers.count where buffers[i].pointer == canvas.base {
            buffers[i].inUse = false
            return
        }
    }
}
