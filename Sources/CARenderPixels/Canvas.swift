/// A writable window of premultiplied RGBA8 pixels placed at `rect` in device space: the frame
/// itself or an offscreen buffer. Drawing code works in device coordinates and never needs to know
/// which of the two it writes to.
@usableFromInline package struct Canvas {
    @usableFromInline package let base: UnsafeMutablePointer<UInt8>
    @usableFromInline package let rect: IntRect

    /// The first byte of device pixel `(x, y)`, which must lie inside `rect`.
    @inlinable @inline(__always)
    package func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        base + (((y &- rect.y0) &* rect.width &+ (x &- rect.x0)) << 2)
    }

    /// Sets every pixel to transparent black.
    package func clear() {
        base.update(repeating: 0, count: rect.area * 4)
    }

    package init(base: UnsafeMutablePointer<UInt8>, rect: IntRect) {
        self.base = base
        self.rect = rect
    }
}
