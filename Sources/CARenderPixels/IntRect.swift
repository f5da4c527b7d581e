/// A rectangle of whole pixels `[x0, x1) × [y0, y1)` in device space.
@usableFromInline package struct IntRect: Equatable, Sendable {
    @usableFromInline package var x0: Int, y0: Int, x1: Int, y1: Int

    @usableFromInline package static let empty = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)

    @inlinable package var width: Int { max(0, x1 - x0) }
    @inlinable package var height: Int { max(0, y1 - y0) }
    @inlinable package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @inlinable package var area: Int { width * height }

    @inlinable package func intersection(_ o: IntRect) -> IntRect {
        let r = IntRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    package func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return IntRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// The whole pixels touched by a box of real coordinates (clamped to a sane range so huge
    /// projected coordinates cannot overflow).
    @inlinable package init(covering minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        func lo(_ v: Double) -> Int { Int(max(-1e8, min(1e8, v)).rounded(.down)) }
        func hi(_ v: Double) -> Int { Int(max(-1e8, min(1e8, v)).rounded(.up)) }
        self.init(x0: lo(minX), y0: lo(minY), x1: hi(maxX), y1: hi(maxY))
        if isEmpty { self = .empty }
    }

    @inlinable package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

}
