extension CALayer {
    /// The number of levels of the subtree under this layer (sublayers and masks), walked without
    /// recursion; stops counting past `limit` (returning `limit + 1`). `stack` is scratch storage
    /// the caller keeps, so measuring a warm tree allocates nothing.
    ///
    /// The layers are held unretained while walked: the tree does not change during the walk,
    /// and retaining each layer of a large tree every frame was measurable (layers that are
    /// referenced weakly — every superlayer — take the runtime's slow retain path).
    package final func subtreeDepth(limit: Int, stack: inout [(layer: Unmanaged<CALayer>, level: Int)]) -> Int {
        stack.removeAll(keepingCapacity: true)
        stack.append((Unmanaged.passUnretained(self), 1))
        var deepest = 0
        while let (entry, level) = stack.popLast() {
            deepest = max(deepest, level)
            if deepest > limit { break }
            entry._withUnsafeGuaranteedRef { layer in
                if let sublayers = layer.sublayerStorage {
                    sublayers.withUnsafeBufferPointer { buffer in
                        var i = 0
                        while i < buffer.count {
                            stack.append((Unmanaged.passUnretained(buffer[i]), level + 1))
                            i += 1
                        }
                    }
                }
                if let mask = layer.maskStorage { stack.append((Unmanaged.passUnretained(mask), level + 1)) }
            }
        }
        stack.removeAll(keepingCapacity: true)
        return deepest
    }
}
