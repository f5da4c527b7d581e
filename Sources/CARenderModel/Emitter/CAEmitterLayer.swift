import Foundation
import CARenderGeometry

/// The shape particles are emitted from.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The shape's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates an emitter shape from its name; an unknown name emits from a point.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an emitter shape from its name; an unknown name emits from a point.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A single point at `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A line along x, `emitterSize.width` long, centred on `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize`, centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth`, centred on `emitterPosition`.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width` around `emitterPosition`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width` around `emitterPosition`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")

    var kind: EmitterShapeKind {
        switch self {
        case .line: .line
        case .rectangle: .rectangle
        case .cuboid: .cuboid
        case .circle: .circle
        case .sphere: .sphere
        default: .point
        }
    }
}

/// Where on the shape particles are emitted.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates an emitter mode from its name; an unknown name emits within the volume.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an emitter mode from its name; an unknown name emits within the volume.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Particles are emitted at the shape's vertices (a point's, circle's or sphere's centre).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// Particles are emitted on the shape's edges.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// Particles are emitted on the shape's faces.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Particles are emitted anywhere within the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")

    var kind: EmitterModeKind {
        switch self {
        case .points: .points
        case .outline: .outline
        case .surface: .surface
        default: .volume
        }
    }
}

/// The order particles are drawn in, and how they blend.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a render mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a render mode from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Particles are drawn in no particular order (carender: in order of birth; the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest particles are drawn first, so newer ones are on top.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The oldest particles are drawn last, on top of newer ones.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Particles are drawn in order of depth, farthest first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles' colours are added to what lies beneath instead of drawn over it.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// The name of `CAEmitterLayerEmitterShape.point`.
public let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point.rawValue
/// The name of `CAEmitterLayerEmitterShape.line`.
public let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line.rawValue
/// The name of `CAEmitterLayerEmitterShape.rectangle`.
public let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle.rawValue
/// The name of `CAEmitterLayerEmitterShape.cuboid`.
public let kCAEmitterLayerCuboid = CAEmitterLayerEmitterShape.cuboid.rawValue
/// The name of `CAEmitterLayerEmitterShape.circle`.
public let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle.rawValue
/// The name of `CAEmitterLayerEmitterShape.sphere`.
public let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere.rawValue
/// The name of `CAEmitterLayerEmitterMode.points`.
public let kCAEmitterLayerPoints = CAEmitterLayerEmitterMode.points.rawValue
/// The name of `CAEmitterLayerEmitterMode.outline`.
public let kCAEmitterLayerOutline = CAEmitterLayerEmitterMode.outline.rawValue
/// The name of `CAEmitterLayerEmitterMode.surface`.
public let kCAEmitterLayerSurface = CAEmitterLayerEmitterMode.surface.rawValue
/// The name of `CAEmitterLayerEmitterMode.volume`.
public let kCAEmitterLayerVolume = CAEmitterLayerEmitterMode.volume.rawValue
/// The name of `CAEmitterLayerRenderMode.unordered`.
public let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered.rawValue
/// The name of `CAEmitterLayerRenderMode.oldestFirst`.
public let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst.rawValue
/// The name of `CAEmitterLayerRenderMode.oldestLast`.
public let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast.rawValue
/// The name of `CAEmitterLayerRenderMode.backToFront`.
public let kCAEmitterLayerBackToFront = CAEmitterLayerRenderMode.backToFront.rawValue
/// The name of `CAEmitterLayerRenderMode.additive`.
public let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive.rawValue

/// CAEmitterLayer's own animatable values; the initial values are Apple's defaults
/// (CAEmitterLayer.h). Its other values (shape, mode, render mode, seed, preservesDepth) are
/// kept on the layer object: they never animate, and every layer's state stays free of
/// references.
package struct EmitterLayerState: Sendable {
    package var birthRate: Float = 1
    package var lifetime: Float = 1
    package var emitterPosition = CGPoint.zero
    package var emitterZPosition: CGFloat = 0
    package var emitterSize = CGSize.zero
    package var emitterDepth: CGFloat = 0
    package var velocity: Float = 1
    package var scale: Float = 1
    package var spin: Float = 1

    /// The simulation's view of these values.
    var simulationValues: EmitterLayerValues {
        var v = EmitterLayerValues()
        v.position = SIMD3(Double(emitterPosition.x), Double(emitterPosition.y), Double(emitterZPosition))
        v.size = SIMD3(Double(emitterSize.width), Double(emitterSize.height), Double(emitterDepth))
        v.birthRate = Double(birthRate)
        v.lifetime = Double(lifetime)
        v.velocity = Double(velocity)
        v.scale = Double(scale)
        v.spin = Double(spin)
        return v
    }
}

/// A layer that emits, moves and draws particles: the cells in `emitterCells` say what the
/// particles look like and how they behave, the layer where and how fast they are emitted.
///
/// Particles are a pure function of the layer's history and `seed` (see `EmitterSimulation`):
/// every frame of a render shows the same particles however the frames are rendered. They are
/// drawn over the layer's background, under its sublayers and border, and clipped by
/// `masksToBounds`. The simulation starts at the layer's local time 0 (its `beginTime`): a layer
/// added with `beginTime = CACurrentMediaTime()` starts empty, one whose local time is already
/// past 0 when it joins the stage shows the particles it would have emitted since.
///
/// A cell's values can be changed or animated through key paths of the layer naming the cells:
/// `emitterCells.confetti.birthRate`, `emitterCells.rocket.emitterCells.spark.scale`.
open class CAEmitterLayer: CALayer, SteppedLayer {
    override class var renderKind: RenderNode.Kind { .emitterLayer }
    override class var contributesToFrame: Bool { true }

    /// CAEmitterLayer's properties, each declared once (see LayerProperty.swift); members are
    /// named by their KVC names.
    package struct Keys: Sendable {
        package let birthRate = LayerPropertyKey("birthRate", \.emitter.birthRate, .float, animatesImplicitly: true)
        package let lifetime = LayerPropertyKey("lifetime", \.emitter.lifetime, .float, animatesImplicitly: true)
        package let emitterPosition = LayerPropertyKey("emitterPosition", \.emitter.emitterPosition, .point, animatesImplicitly: true)
        package let emitterZPosition = LayerPropertyKey("emitterZPosition", \.emitter.emitterZPosition, .number, animatesImplicitly: true)
        package let emitterSize = LayerPropertyKey("emitterSize", \.emitter.emitterSize, .size, animatesImplicitly: true)
        package let emitterDepth = LayerPropertyKey("emitterDepth", \.emitter.emitterDepth, .number, animatesImplicitly: true)
        package let velocity = LayerPropertyKey("velocity", \.emitter.velocity, .float, animatesImplicitly: true)
        package let scale = LayerPropertyKey("scale", \.emitter.scale, .float, animatesImplicitly: true)
        package let spin = LayerPropertyKey("spin", \.emitter.spin, .float, animatesImplicitly: true)
    }

    /// CAEmitterLayer's property keys, which its accessors use.
    package static let emitterKeys = Keys()
    package override class var propertyTable: LayerPropertyTable { emitterTable }
    private static let emitterTable = LayerPropertyTable(inheriting: CALayer.propertyTable, declaring: emitterKeys)

    /// The particles (only the model layer simulates; presentation copies have none).
    private lazy var simulation = EmitterSimulation(warn: { Diagnostics.warnOnce($0) })
    /// What the compositor draws, refilled each frame.
    private let particleFrame = EmitterFrame()
    /// The cells of the last sample, in their flattened order.
    private var sampledCells: [CAEmitterCell] = []

    /// Creates an emitter layer with Apple's defaults and no cells.
    public override init() { super.init() }

    /// Makes a copy of another emitter layer's state, cells and settings included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEmitterLayer {
            emitterCells = other.emitterCells
            (emitterShape, emitterMode, renderMode) = (other.emitterShape, other.emitterMode, other.renderMode)
            (seed, preservesDepth) = (other.seed, other.preservesDepth)
        }
    }


    /// The cells particles are emitted from (each may hold cells of its own).
    open var emitterCells: [CAEmitterCell]? {
        didSet { mirrorCellValues() }
    }

    /// Multiplies each cell's birth rate.
    open var birthRate: Float {
        get { self[Self.emitterKeys.birthRate] }
        set { self[Self.emitterKeys.birthRate] = newValue }
    }
    /// Multiplies each cell's lifetime (for particles born from then on).
    open var lifetime: Float {
        get { self[Self.emitterKeys.lifetime] }
        set { self[Self.emitterKeys.lifetime] = newValue }
    }
    /// The centre of the emission shape, in the layer's coordinates.
    open var emitterPosition: CGPoint {
        get { self[Self.emitterKeys.emitterPosition] }
        set { self[Self.emitterKeys.emitterPosition] = newValue }
    }
    /// The z coordinate of the emission shape's centre; 0 by default.
    open var emitterZPosition: CGFloat {
        get { self[Self.emitterKeys.emitterZPosition] }
        set { self[Self.emitterKeys.emitterZPosition] = newValue }
    }
    /// The size of the emission shape (a circle's or a sphere's radius is the width).
    open var emitterSize: CGSize {
        get { self[Self.emitterKeys.emitterSize] }
        set { self[Self.emitterKeys.emitterSize] = newValue }
    }
    /// The depth of the emission shape (for a cuboid); 0 by default.
    open var emitterDepth: CGFloat {
        get { self[Self.emitterKeys.emitterDepth] }
        set { self[Self.emitterKeys.emitterDepth] = newValue }
    }
    /// The shape particles are emitted from; `point` by default.
    open var emitterShape: CAEmitterLayerEmitterShape = .point
    /// Where on the shape; `volume` by default.
    open var emitterMode: CAEmitterLayerEmitterMode = .volume
    /// The order particles are drawn in; `unordered` by default.
    open var renderMode: CAEmitterLayerRenderMode = .unordered
    /// Whether particles keep their depth in the superlayer's 3D space (carender draws them
    /// flattened into the layer, ordered by depth with `backToFront`).
    open var preservesDepth = false
    /// Multiplies each cell's velocity, scale and spin.
    open var velocity: Float {
        get { self[Self.emitterKeys.velocity] }
        set { self[Self.emitterKeys.velocity] = newValue }
    }
    /// Multiplies each cell's scale; 1 by default.
    open var scale: Float {
        get { self[Self.emitterKeys.scale] }
        set { self[Self.emitterKeys.scale] = newValue }
    }
    /// Multiplies each cell's spin; 1 by default.
    open var spin: Float {
        get { self[Self.emitterKeys.spin] }
        set { self[Self.emitterKeys.spin] = newValue }
    }
    /// The seed of the particles' random values.
    open var seed: UInt32 = 0

    /// The values kept on the layer object, by their key-value-coding names.
    private static let objectKeys: Set<String> = ["emitterCells", "emitterShape", "emitterMode", "renderMode", "seed",
                                                  "preservesDepth"]

    /// The value of a key, the layer's own object values included.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "emitterCells": return emitterCells
        case "emitterShape": return emitterShape.rawValue
        case "emitterMode": return emitterMode.rawValue
        case "renderMode": return renderMode.rawValue
        case "seed": return seed
        case "preservesDepth": return preservesDepth
        default: return super.value(forKey: key)
        }
    }

    /// Sets the value of a key, the layer's own object values included.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard Self.objectKeys.contains(key) else { return super.setValue(value, forKey: key) }
        switch key {
        case "emitterCells": emitterCells = value as? [CAEmitterCell]
        case "emitterShape": emitterShape = coerceToRawRepresentable(value, as: CAEmitterLayerEmitterShape.self) ?? emitterShape
        case "emitterMode": emitterMode = coerceToRawRepresentable(value, as: CAEmitterLayerEmitterMode.self) ?? emitterMode
        case "renderMode": renderMode = coerceToRawRepresentable(value, as: CAEmitterLayerRenderMode.self) ?? renderMode
        case "seed":
            if let v = coerceToCGFloat(value), v.isFinite, v >= 0, v < 4_294_967_296 { seed = UInt32(v) }
        default: preservesDepth = coerceToBool(value) ?? preservesDepth
        }
    }

    // MARK: - Cell key paths

    /// The cell a key path `emitterCells.NAME(.emitterCells.NAME)*.KEY` names, and the key.
    private func cell(forKeyPath keyPath: String) -> (cell: CAEmitterCell, key: String)? {
        guard keyPath.hasPrefix("emitterCells.") else { return nil }
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.count % 2 == 1 else { return nil }
        var cells = emitterCells
        var cell: CAEmitterCell?
        var i = 0
        while i < parts.count - 1 {
            guard parts[i] == "emitterCells", let next = CAEmitterCell.named(parts[i + 1], in: cells) else { return nil }
            cell = next
            cells = next.emitterCells
            i += 2
        }
        return cell.map { ($0, String(parts[parts.count - 1])) }
    }

    /// The value at a key path; `emitterCells.NAME.KEY` paths read the named cell's value.
    open override func value(forKeyPath keyPath: String) -> Any? {
        // A presentation copy reports the animated values it holds.
        if !isPresentationCopy, let (cell, key) = cell(forKeyPath: keyPath) { return cell.value(forKey: key) }
        return super.value(forKeyPath: keyPath)
    }

    /// Sets the value at a key path; `emitterCells.NAME.KEY` paths set the named cell's value.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let (cell, key) = cell(forKeyPath: keyPath) else { return super.setValue(value, forKeyPath: keyPath) }
        cell.setValue(value, forKey: key)
        // The layer keeps the value too, as the model value animations of the path start from.
        if EmitterCellKey(rawValue: key) != nil { super.setValue(cell.value(forKey: key), forKeyPath: keyPath) }
    }

    /// Every named cell's numbers as values of the layer under their key paths, so an animation of
    /// `emitterCells.NAME.KEY` finds its model value like any key of the layer.
    private func mirrorCellValues() {
        func visit(_ cells: [CAEmitterCell]?, prefix: String, depth: Int) {
            guard let cells, depth < EmitterSimulation.maximumCellDepth else { return }
            for cell in cells {
                guard let name = cell.name else { continue }
                let path = prefix + "emitterCells." + name + "."
                for key in EmitterCellKey.allCases { customValues[path + key.rawValue] = key.value(in: cell.values) }
                visit(cell.emitterCells, prefix: path, depth: depth + 1)
            }
        }
        visit(emitterCells, prefix: "", depth: 0)
    }

    // MARK: - Stepping and drawing

    package func step(to t: Double) {
        simulation.advance(to: t) { time, sample in self.sample(at: time, into: &sample) }
    }

    /// The emitter as it is at stage time `t`: its presented values (animations applied) and its
    /// cells', flattened.
    private func sample(at t: Double, into sample: inout EmitterSample) {
        sample.cells.removeAll(keepingCapacity: true)
        guard isOnStage else {
            sample.localTime = nil
            return
        }
        let local = localTime(fromAbsolute: t)
        let presented = presentationValues(localTime: local, rate: absoluteRate)
        sample.localTime = local
        sample.layer = presented.state.emitter.simulationValues
        sample.layer.shape = emitterShape.kind
        sample.layer.mode = emitterMode.kind
        sample.layer.seed = seed
        sampledCells.removeAll(keepingCapacity: true)
        flattenCells(emitterCells, parent: -1, depth: 0, into: &sample.cells)
        if !presented.customValues.isEmpty { applyAnimatedCellValues(presented.customValues, to: &sample.cells) }
    }

    /// Whether the layer is in its stage's tree.
    private var isOnStage: Bool {
        var layer: CALayer = self
        while let parent = layer.superlayer { layer = parent }
        return layer === stageContext.rootLayer
    }

    private func flattenCells(_ cells: [CAEmitterCell]?, parent: Int, depth: Int, into nodes: inout [EmitterCellNode]) {
        guard let cells, depth < EmitterSimulation.maximumCellDepth else { return }
        var i = 0
        while i < cells.count, nodes.count < EmitterSimulation.maximumCells {
            let index = nodes.count
            nodes.append(EmitterCellNode(parent: parent, values: cells[i].values))
            sampledCells.append(cells[i])
            flattenCells(cells[i].emitterCells, parent: index, depth: depth + 1, into: &nodes)
            i += 1
        }
    }

    /// Animated values of cell key paths, over the cells' own.
    private func applyAnimatedCellValues(_ values: [String: AnimatableValue], to nodes: inout [EmitterCellNode]) {
        for (path, value) in values {
            guard case .number(let number, _) = value, let (cell, key) = cell(forKeyPath: path),
                  let property = EmitterCellKey(rawValue: key),
                  let index = sampledCells.firstIndex(where: { $0 === cell }), index < nodes.count else { continue }
            nodes[index].values[keyPath: property.keyPath] = number
        }
    }

    /// The particles to draw at the layer's local time `localTime`, refilled in place (shared
    /// with every frame that draws them, the layer keeps them).
    func particles(localTime: Double) -> EmitterFrame {
        particleFrame.update(simulation: simulation, cells: emitterCells, renderMode: renderMode,
                     localTime: localTime)
        return particleFrame
    }

    override func contributeToFrame(_ frame: RenderFrame, record: Int32, localTime: Double, stageTime: Double) {
        // Not retained: the layer keeps its particles for as long as a frame may read them.
        frame.record(record).pointee.emitter = Unmanaged.passUnretained(particles(localTime: localTime))
    }
}
