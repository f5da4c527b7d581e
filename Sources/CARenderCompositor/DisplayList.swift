import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster
import CARenderModel

/// One layer of a frame's display list: its presentation state and everything the drawing needs
/// that is derived once per frame — where it lands on the device, how far it reaches, the
/// sublayers in drawing order and the images it shows.
struct DisplayItem {
    /// The layer's record in the frame: the frame outlives the list's use of it (see
    /// `DisplayList`), so an item holds no copy of the state and retains nothing it refers to.
    let record: Int32
    /// The layer's presentation state, borrowed from its record.
    var state: LayerState {
        unsafeAddress { statePointer }
    }
    /// Where the layer's presentation state is (its record's, valid as long as the frame): bind
    /// this, not `state`, to a local (a local copy of the state would retain every reference it
    /// holds).
    let statePointer: UnsafePointer<LayerState>
    var kind: RenderNode.Kind
    /// Drawing-order sublayers: `DisplayList.placed[firstChild ..< firstChild + childCount]`.
    var firstChild = 0
    var childCount = 0
    /// Sublayers not hidden (a transform layer among them counts once, whatever it holds).
    var visibleSublayers = 0
    /// The mask layer's item, or -1.
    var mask = -1
    /// The transition running on the layer (drawn when the layer is placed as a sublayer or
    /// root), in the frame's side table; `transition` copies it (retaining its type strings)
    /// only for a layer that has one.
    var transitionState: UnsafePointer<TransitionState>?
    var transition: TransitionState? { transitionState?.pointee }
    /// The item of the layer's rendering from before its transition, or -1, and that rendering's
    /// map into the superlayer's plane (where the layer was placed when the transition began).
    var snapshot = -1
    var snapshotToParent = ProjectiveMap.identity
    /// The contents image, and the image dissolving away while `contents` animates, not
    /// retained: the layer state the record reads keeps both alive until the frame is finished
    /// (`DisplayList.finishFrame()`), so an item is plain data that is dropped without a release.
    var contentsImage: Unmanaged<CGImage>?
    var crossfadeImage: Unmanaged<CGImage>?
    var contents: CGImage? { contentsImage?.takeUnretainedValue() }
    var crossfadeFrom: CGImage? { crossfadeImage?.takeUnretainedValue() }
    var isCrossfading = false
    /// How many separate things the layer's kind draws of its own besides contents: a shape
    /// layer's fill and stroke, a gradient layer's ramp, a text layer's string (0: nothing).
    var kindDrawings = 0
    /// Layer-space box a shape layer's fill and stroke (or an emitter's particles) can touch,
    /// when it draws any.
    var shapeBox: (x0: Double, y0: Double, x1: Double, y1: Double)?
    /// An emitter layer's particles, when it has some to draw, not retained: the frame holds
    /// them until it is finished.
    var emitterFrame: Unmanaged<EmitterFrame>?
    var emitter: EmitterFrame? { emitterFrame?.takeUnretainedValue() }
    /// Whether the layer casts a shadow: some shadow opacity and colour, and no `masksToBounds`
    /// (which clips the layer's own shadow away, as on iOS).
    var hasShadow = false
    /// Layer-space box the shadow is cast from: the shadow path's bounds, or the box of all the
    /// layer draws.
    var shadowSource: (x0: Double, y0: Double, x1: Double, y1: Double) = (0, 0, 0, 0)
    /// For a layer that casts a shadow, its composite alpha when that is one rounded rectangle at
    /// one alpha, so the shadow has a closed form (`DisplayList.computeUniformShapeAlpha(_:)`);
    /// nil otherwise.
    var uniformShapeAlpha: Double?
    /// Bounds space → device pixels in the frame's main drawing.
    var deviceMap: ProjectiveMap
    /// Device pixels the layer and its subtree can touch under `deviceMap`, with and without its
    /// own shadow.
    var extent = IntRect.empty
    var extentWithoutShadow = IntRect.empty

    /// Whether the layer shows contents: an image, or one dissolving away.
    var hasContents: Bool { contentsImage != nil || crossfadeImage != nil }
}

/// The display list's items, in storage kept between frames (cleared, not freed): `DisplayItem`
/// is plain data, so clearing destroys nothing, and an item is made where it stays.
struct DisplayItems {
    private var storage = FrameStorage<DisplayItem>()

    var count: Int { storage.count }

    /// Item `i`, in place.
    subscript(i: Int) -> DisplayItem {
        unsafeAddress {
            precondition(i >= 0 && i < count, "display item index out of range")
            return UnsafePointer(storage.base + i)
        }
        nonmutating unsafeMutableAddress {
            precondition(i >= 0 && i < count, "display item index out of range")
            return storage.base + i
        }
    }

    /// Appends a new layer's item, made in place.
    mutating func append(record: Int32, statePointer: UnsafePointer<LayerState>, kind: RenderNode.Kind, deviceMap: ProjectiveMap) {
        storage.append { $0.initialize(to: DisplayItem(record: record, statePointer: statePointer, kind: kind, deviceMap: deviceMap)) }
    }

    /// Empties the list; items are plain data, so nothing is destroyed.
    mutating func removeAll() {
        assert(_isPOD(DisplayItem.self), "display items hold no references")
        storage.removeAll()
    }

    /// Releases the storage (the list's `deinit`).
    func free() {
        storage.free()
    }
}

/// A plain layer to draw among its siblings: where its bounds space lands in the parent's plane
/// and what extra opacity it carries (a transform layer's opacity reaches each sublayer).
struct PlacedLayer {
    var item: Int
    var toParent: ProjectiveMap
    var alpha: Double
    /// The depth (z before the divide by w) of the layer's bounds-space point (u, v) in the
    /// parent's 3D space: `u·x + v·y + z`, the z column the flattened map drops.
    var depth = SIMD3<Double>.zero
}

/// The frame's layer tree, flattened once per frame into reusable arrays: per layer its device map
/// and extents, its sublayers in drawing order. Drawing then only reads it.
///
/// Sibling order is ascending `zPosition`, stable (equal z keeps sublayer order). A
/// `CATransformLayer` child contributes its plain descendants, which share the parent's 3D space
/// and are depth-sorted among themselves, back to front by the depth of their centre.
///
/// The list reads the frame's records (`RenderFrame`) in place, by index: copying a layer's state
/// would retain every reference it holds, for every layer, every frame. The frame is not changed
/// while it is drawn, so every pointer into it stays valid until `finishFrame()`.
///
/// The arrays are `@exclusivity(unchecked)`: the run-time check of each access to a class's
/// stored array (`swift_beginAccess`, a thread-local access set) cost about a tenth of the
/// static 1000-layer frame, for arrays read and written per layer. It is safe to leave out: a
/// list belongs to one `Compositor`, which one thread uses at a time (it is not `Sendable`), and
/// no access overlaps another to the same array — every change is one statement whose right-hand
/// side (which may read the list) is evaluated before the write begins, and the closures run
/// while an array is borrowed (`withUnsafeBufferPointer`) never touch these. The compiler still
/// checks accesses it can see statically.
final class DisplayList {
    @exclusivity(unchecked) private(set) var items = DisplayItems()
    @exclusivity(unchecked) private(set) var placed: [PlacedLayer] = []
    /// Each `placed` entry's record while the list is built.
    @exclusivity(unchecked) private var placedRecords: [Int32] = []
    /// The frame being drawn (set by `build`, valid until `finishFrame()`).
    private var frame: Unmanaged<RenderFrame>?
    /// Sorting scratch: indices and their keys.
    @exclusivity(unchecked) private var order: [Int] = []
    @exclusivity(unchecked) private var keys: [Double] = []
    /// Transform-layer contents gathered before depth sorting.
    @exclusivity(unchecked) private var gathered: [PlacedLayer] = []
    @exclusivity(unchecked) private var gatheredRecords: [Int32] = []
    /// Flattening scratch for shadow paths' bounds.
    private var pathOutline = Outline()
    /// Device pixels per point of the frame being built.
    private(set) var scale: Double = 1

    /// Starts drawing `frame` with its record `root` drawn through `map`; returns the root's
    /// item. The frame must not change, and must outlive the list's use of it, until
    /// `finishFrame()`: it is read in place, not retained.
    func build(_ frame: RenderFrame, root: Int32, map: ProjectiveMap, scale: Double) -> Int {
        finishFrame()
        self.frame = Unmanaged.passUnretained(frame)
        self.scale = scale
        return addPlaced(root, map: map, superlayer: -1, superlayerMap: .scale(scale))
    }

    /// Adds another root of the frame (the new side of a transition) and its subtree drawn
    /// through `map`; returns its item.
    func add(root: Int32, map: ProjectiveMap) -> Int {
        add(root, map: map)
    }

    deinit {
        items.free()
    }

    /// Forgets the frame (keeping the storage).
    func finishFrame() {
        items.removeAll()
        placed.removeAll(keepingCapacity: true)
        placedRecords.removeAll(keepingCapacity: true)
        frame = nil
    }

    /// Record `r` of the frame being drawn, in place (the frame is not retained).
    private func record(_ r: Int32) -> UnsafeMutablePointer<RenderFrame.Record> {
        frame.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.record(r) }
    }

    /// The record of sublayer `k` of `node`.
    private func child(_ k: Int32, of node: UnsafePointer<RenderFrame.Record>) -> Int32 {
        frame.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.child(k, of: node) }
    }

    /// Adds a layer placed in its superlayer (or as the root): the layer itself, and the
    /// rendering from before its running transition, mapped as it was placed then.
    /// `superlayer` is the superlayer's item, or -1 for the root (an index, not the state: passing
    /// the state as an optional would copy it for every layer, for the rare transition's sake).
    private func addPlaced(_ record: Int32, map: ProjectiveMap, superlayer: Int,
                           superlayerMap: ProjectiveMap) -> Int {
        let index = add(record, map: map)
        let node = self.record(record)
        if let transition = frame.unsafelyUnwrapped._withUnsafeGuaranteedRef({ $0.transition(of: node) }) {
            items[index].transitionState = transition
            if node.pointee.snapshot >= 0 {
                let old = node.pointee.snapshot
                let parent = superlayer >= 0 ? items[superlayer].statePointer.sublayerPlacement : nil
                let toParent = ProjectiveMap(flattening: self.record(old).pointee.statePointer.mappingToSuperlayer(parent))
                let snapshot = add(old, map: toParent.then(superlayerMap))
                items[index].snapshot = snapshot
                items[index].snapshotToParent = toParent
            }
        }
        return index
    }

    /// Adds a layer and its subtree drawn through `map`; returns its item.
    private func add(_ record: Int32, map: ProjectiveMap) -> Int {
        // The state is read in place through its pointer, never bound to a local value: a local
        // copy would retain every reference it holds.
        let index = items.count
        let node = self.record(record)
        let s = node.pointee.statePointer
        // Made in the list's storage and filled there: appended to an array, the ~300-byte item
        // was built in a temporary and copied in.
        items.append(record: record, statePointer: s, kind: node.pointee.kind, deviceMap: map)
        if node.pointee.kind != .transformLayer {
            // The images are the state's own objects (a cast returns the same instance), which
            // the state keeps alive for the frame.
            if let held = s.pointee.heldContents, let image = held.value as? CGImage {
                items[index].contentsImage = Unmanaged.passUnretained(image)
            }
            if let crossfade = s.pointee.contentsCrossfade {
                items[index].isCrossfading = true
                if let image = crossfade.from as? CGImage { items[index].crossfadeImage = Unmanaged.passUnretained(image) }
            }
            items[index].hasShadow = s.pointee.shadowOpacity > 0 && !s.pointee.masksToBounds
                && (s.pointee.shadowColor?.alpha ?? 0) > 0
            switch node.pointee.kind {
            case .shapeLayer:
                items[index].kindDrawings = s.pointee.shape.drawingCount
                if items[index].kindDrawings > 0 { items[index].shapeBox = s.pointee.shape.reachBox }
            case .gradientLayer:
                items[index].kindDrawings = s.pointee.gradient.colors?.isEmpty == false ? 1 : 0
            case .textLayer:
                items[index].kindDrawings = s.pointee.text.content != nil ? 1 : 0
            case .emitterLayer:
                // Particles reach wherever they have flown, clipped by the bounds only when
                // the layer masks to them.
                if let emitter = node.pointee.emitter, let reach = emitter._withUnsafeGuaranteedRef({ $0.reach }) {
                    items[index].emitterFrame = emitter
                    items[index].kindDrawings = 1
                    items[index].shapeBox = reach
                }
            case .layer, .transformLayer:
                break
            }
        }
        let first = placed.count
        appendSublayers(of: node, item: index)
        let count = placed.count - first
        items[index].firstChild = first
        items[index].childCount = count
        var k = first
        while k < first + count {
            let childMap = placed[k].toParent.then(map)
            placed[k].item = addPlaced(placedRecords[k], map: childMap, superlayer: index, superlayerMap: map)
            k += 1
        }
        if items[index].hasShadow { items[index].shadowSource = shadowSourceBox(index) }
        let mask = node.pointee.mask
        if mask >= 0 {
            let maskMap = ProjectiveMap(flattening: self.record(mask).pointee.statePointer.mappingToSuperlayer(nil)).then(map)
            items[index].mask = add(mask, map: maskMap)
        }
        if items[index].hasShadow { items[index].uniformShapeAlpha = computeUniformShapeAlpha(index) }
        items[index].extent = computeExtent(index, map: map, includeShadow: true)
        items[index].extentWithoutShadow = items[index].hasShadow
            ? computeExtent(index, map: map, includeShadow: false) : items[index].extent
        return index
    }

    // MARK: - Sibling order

    /// Appends the record's visible sublayers in drawing order to `placed` / `placedRecords`, and
    /// counts them in its item.
    private func appendSublayers(of node: UnsafePointer<RenderFrame.Record>, item index: Int) {
        let count = node.pointee.childCount
        // Most layers are leaves: done before the sorting scratch and the placement (a 170-byte
        // optional copied even when nil; ~5 % of the static stage without this exit).
        guard count > 0 else {
            items[index].visibleSublayers = 0
            return
        }
        let base = order.count
        var i: Int32 = 0
        while i < count {
            let sublayer = record(child(i, of: node))
            if !sublayer.pointee.statePointer.pointee.isHidden {
                order.append(Int(i))
                keys.append(Double(sublayer.pointee.statePointer.pointee.zPosition))
            }
            i += 1
        }
        Self.stableSort(&order, keys: &keys, from: base)
        items[index].visibleSublayers = order.count - base
        // Taken once for all the sublayers, field by field (not a copy of the state).
        let superlayer = order.count > base ? node.pointee.statePointer.sublayerPlacement : nil
        var k = base
        while k < order.count {
            let sublayerRecord = child(Int32(order[k]), of: node)
            let sublayer = record(sublayerRecord)
            let toParent = sublayer.pointee.statePointer.mappingToSuperlayer(superlayer)
            if sublayer.pointee.kind == .transformLayer {
                let gatherBase = gathered.count
                let keyBase = order.count
                gatherTransformLayerContents(sublayer, toParent: toParent, alpha: 1)
                // Depth-sort the gathered layers: their indices and depths go on top of `order`.
                var j = gatherBase
                while j < gathered.count {
                    order.append(j)
                    j += 1
                }
                Self.stableSort(&order, keys: &keys, from: keyBase)
                j = keyBase
                while j < order.count {
                    placed.append(gathered[order[j]])
                    placedRecords.append(gatheredRecords[order[j]])
                    j += 1
                }
                order.removeLast(order.count - keyBase)
                keys.removeLast(keys.count - keyBase)
                gathered.removeLast(gathered.count - gatherBase)
                gatheredRecords.removeLast(gatheredRecords.count - gatherBase)
            } else {
                placed.append(PlacedLayer(item: -1, toParent: ProjectiveMap(flattening: toParent), alpha: 1,
                                          depth: SIMD3(Double(toParent.m13), Double(toParent.m23), Double(toParent.m43))))
                placedRecords.append(sublayerRecord)
            }
            k += 1
        }
        order.removeLast(order.count - base)
        keys.removeLast(keys.count - base)
    }

    /// Collects the plain layers under a transform layer with their 4×4 maps into the 3D space of
    /// the nearest flattening ancestor, their depths (z / w of the bounds centre) in `keys`.
    private func gatherTransformLayerContents(_ node: UnsafePointer<RenderFrame.Record>, toParent: CATransform3D, alpha: Double) {
        guard !node.pointee.statePointer.pointee.isHidden else { return }
        let alpha = alpha * node.pointee.statePointer.clampedOpacity
        let placement = node.pointee.statePointer.sublayerPlacement
        let count = node.pointee.childCount
        var i: Int32 = 0
        while i < count {
            let childRecord = child(i, of: node)
            let child = UnsafePointer(record(childRecord))
            i += 1
            if child.pointee.statePointer.pointee.isHidden { continue }
            let m = CATransform3DConcat(child.pointee.statePointer.mappingToSuperlayer(placement), toParent)
            if child.pointee.kind == .transformLayer {
                gatherTransformLayerContents(child, toParent: m, alpha: alpha)
                continue
            }
            let b = child.pointee.statePointer.pointee.bounds
            let cx = b.midX, cy = b.midY
            let z = cx * m.m13 + cy * m.m23 + m.m43
            let w = cx * m.m14 + cy * m.m24 + m.m44
            keys.append(w > 0 ? Double(z / w) : -Double.infinity)
            gathered.append(PlacedLayer(item: -1, toParent: ProjectiveMap(flattening: m), alpha: alpha,
                                        depth: SIMD3(Double(m.m13), Double(m.m23), Double(m.m43))))
            gatheredRecords.append(childRecord)
        }
    }

    /// Sorts `indices[from...]` by `keys[from...]` (kept in step), ascending and stable, in place:
    /// an insertion sort, linear on the usual already-ordered siblings.
    private static func stableSort(_ indices: inout [Int], keys: inout [Double], from start: Int) {
        var i = start + 1
        while i < indices.count {
            let key = keys[i], index = indices[i]
            var j = i - 1
            while j >= start && keys[j] > key {
                keys[j + 1] = keys[j]
                indices[j + 1] = indices[j]
                j -= 1
            }
            keys[j + 1] = key
            indices[j + 1] = index
            i += 1
        }
    }

    // MARK: - Extents

    /// The device pixels an item and its subtree can touch under `map`: the cached extent when
    /// `map` is the item's own device map, computed otherwise (shadow planes, transitions).
    func extent(_ i: Int, map: ProjectiveMap, includeShadow: Bool = true) -> IntRect {
        if map == items[i].deviceMap { return includeShadow ? items[i].extent : items[i].extentWithoutShadow }
        return computeExtent(i, map: map, includeShadow: includeShadow)
    }

    private func computeExtent(_ i: Int, map: ProjectiveMap, includeShadow: Bool) -> IntRect {
        let s = items[i].statePointer
        guard !s.pointee.isHidden else { return .empty }
        var extent = IntRect.empty
        let first = items[i].firstChild, end = first + items[i].childCount
        let shadow = includeShadow && items[i].hasShadow ? shadowExtent(i, map: map) : .empty
        if items[i].kind != .transformLayer {
            let box = s.boundsBox
            let boundsExtent = map.deviceBounds(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
            extent = boundsExtent
            if let shape = items[i].shapeBox {
                // A stroke (or a path) may reach past the bounds, unless they clip it.
                let shapeExtent = map.deviceBounds(x0: shape.x0, y0: shape.y0, x1: shape.x1, y1: shape.y1)
                extent = extent.union(s.pointee.masksToBounds ? shapeExtent.intersection(boundsExtent) : shapeExtent)
            }
            if let image = items[i].contents {
                let r = ContentsPlacement(image, state: s).rect
                extent = extent.union(map.deviceBounds(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1))
            }
            if let image = items[i].crossfadeFrom {
                let r = ContentsPlacement(image, state: s).rect
                extent = extent.union(map.deviceBounds(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1))
            }
            extent = extent.union(shadow)
            var children = IntRect.empty
            var k = first
            while k < end {
                children = children.union(placedExtent(placed[k], superlayerMap: map))
                k += 1
            }
            extent = extent.union(s.pointee.masksToBounds ? children.intersection(boundsExtent) : children)
        } else {
            var k = first
            while k < end {
                extent = extent.union(self.extent(placed[k].item, map: placed[k].toParent.then(map)))
                k += 1
            }
        }
        let mask = items[i].mask
        if mask >= 0 {
            let maskMap = ProjectiveMap(flattening: items[mask].statePointer.mappingToSuperlayer(nil)).then(map)
            extent = extent.intersection(self.extent(mask, map: maskMap)).union(shadow)
        }
        return extent
    }

    /// A sublayer's extent, including where its transition can move its old and new renderings.
    private func placedExtent(_ p: PlacedLayer, superlayerMap: ProjectiveMap) -> IntRect {
        let map = p.toParent.then(superlayerMap)
        let item = p.item
        guard let transition = items[item].transition else { return extent(item, map: map) }
        let snapshot = items[item].snapshot
        let oldMap = items[item].snapshotToParent.then(superlayerMap)
        var extent = IntRect.empty
        if let kind = TransitionKind(rawValue: transition.type.rawValue), kind == .cube || kind == .oglFlip {
            // The 3D types: exactly where this frame's faces land.
            let direction = TransitionDirection(subtype: transition.subtype?.rawValue)
            let faces = TransitionFaces(kind: kind, direction: direction, box: items[item].statePointer.boundsBox,
                                        progress: transition.progress)
            if let face = faces.new { extent = self.extent(item, map: face.map.then(map)) }
            if snapshot >= 0, let face = faces.old {
                extent = extent.union(self.extent(snapshot, map: face.map.then(oldMap)))
            }
            return extent
        }
        let w = Double(items[item].statePointer.pointee.bounds.width), h = Double(items[item].statePointer.pointee.bounds.height)
        for k in 0..<5 {
            let (dx, dy): (Double, Double)
            switch k {
            case 1: (dx, dy) = (w, 0)
            case 2: (dx, dy) = (-w, 0)
            case 3: (dx, dy) = (0, h)
            case 4: (dx, dy) = (0, -h)
            default: (dx, dy) = (0, 0)
            }
            extent = extent.union(self.extent(item, map: ProjectiveMap.translation(dx, dy).then(map)))
            if snapshot >= 0 {
                extent = extent.union(self.extent(snapshot, map: ProjectiveMap.translation(dx, dy).then(oldMap)))
            }
        }
        return extent
    }

    /// Where a layer's blurred shadow can reach, in device pixels.
    func shadowExtent(_ i: Int, map: ProjectiveMap) -> IntRect {
        let s = items[i].statePointer
        if let margin = closedFormShadowMargin(i, map: map) {
            // A closed-form shadow: the bounds grown by where its painter can change a pixel
            // (about 2.6–3 sigmas rather than a blur's 3.5), so fewer neighbours' extents
            // overlap and offscreens are smaller.
            let b = s.boundsBox
            let dx = Double(s.pointee.shadowOffset.width), dy = Double(s.pointee.shadowOffset.height)
            return map.deviceBounds(x0: b.x0 - margin + dx, y0: b.y0 - margin + dy,
                                    x1: b.x1 + margin + dx, y1: b.y1 + margin + dy)
        }
        let source = items[i].shadowSource
        let margin = GaussianBlur.reachInSigmas * max(Double(s.pointee.shadowRadius), 0) + 1 / scale
        let dx = Double(s.pointee.shadowOffset.width), dy = Double(s.pointee.shadowOffset.height)
        return map.deviceBounds(x0: source.x0 - margin + dx, y0: source.y0 - margin + dy,
                                x1: source.x1 + margin + dx, y1: source.y1 + margin + dy)
    }

    /// The layer-space box the shadow is cast from: the shadow path's bounds, or the box of
    /// everything the layer draws (its bounds, contents, a shape layer's fill and stroke, and
    /// sublayers with their own shadows where they are not clipped).
    private func shadowSourceBox(_ i: Int) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let s = items[i].statePointer
        if let path = s.pointee.shadowPath {
            pathOutline.removeAll()
            pathOutline.addPath(path, tolerance: 0.5)
            if let b = pathOutline.bounds { return (b.minX, b.minY, b.maxX, b.maxY) }
            return (0, 0, 0, 0)
        }
        let b = s.boundsBox
        guard items[i].hasContents || items[i].shapeBox != nil || items[i].childCount > 0 else { return b }
        var box = PointBounds()
        includeDrawing(of: i, map: .identity, ownShadow: false, in: &box)
        guard box.points > 0 else { return b }
        return (box.minX, box.minY, box.maxX, box.maxY)
    }

    /// Adds to `box` the corners of what item `j` draws, mapped by `map` into the box's space
    /// (points behind the eye are left out: they are clipped when drawn).
    private func includeDrawing(of j: Int, map: ProjectiveMap, ownShadow: Bool, in box: inout PointBounds) {
        let s = items[j].statePointer
        guard !s.pointee.isHidden else { return }
        if items[j].kind != .transformLayer {
            let b = s.boundsBox
            Self.include(b, map: map, in: &box)
            if let shape = items[j].shapeBox, !s.pointee.masksToBounds { Self.include(shape, map: map, in: &box) }
            if let image = items[j].contents { Self.include(ContentsPlacement(image, state: s).rect, map: map, in: &box) }
            if let image = items[j].crossfadeFrom { Self.include(ContentsPlacement(image, state: s).rect, map: map, in: &box) }
            if ownShadow && items[j].hasShadow {
                let source = items[j].shadowSource
                let margin = GaussianBlur.reachInSigmas * max(Double(s.pointee.shadowRadius), 0)
                let dx = Double(s.pointee.shadowOffset.width), dy = Double(s.pointee.shadowOffset.height)
                Self.include((source.x0 - margin + dx, source.y0 - margin + dy, source.x1 + margin + dx, source.y1 + margin + dy),
                             map: map, in: &box)
            }
            if s.pointee.masksToBounds { return }
        }
        let first = items[j].firstChild
        for k in first..<(first + items[j].childCount) {
            includeDrawing(of: placed[k].item, map: placed[k].toParent.then(map), ownShadow: true, in: &box)
        }
    }

    private static func include(_ r: (x0: Double, y0: Double, x1: Double, y1: Double), map: ProjectiveMap,
                                in box: inout PointBounds) {
        for k in 0..<4 {
            let p = map.apply(k == 0 || k == 3 ? r.x0 : r.x1, k < 2 ? r.y0 : r.y1)
            if p.w >= nearPlaneW { box.include(p.x / p.w, p.y / p.w) }
        }
    }
}
