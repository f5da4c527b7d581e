/// A writable window of premultiplied RGBA8 pixels placed at `rect` in device space: the frame
/// itself or an offscreen buffer. Drawing code works in device coordinates and never needs to know
/// which of the two it writes to.
struct Canvas {
    let base: UnsafeMutablePointer<UInt8>
    let rect: IntRect

    /// The first byte of device pixel `(x, y)`, which must lie inside `rect`.
    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        base + (((y &- rect.y0) &* rect.width &+ (x &- rect.x0)) << 2)
    }

    /// Sets every pixel to transparent black.
    func clear() {
        base.update(repeating: 0, count: rect.area * 4)
    }
}
