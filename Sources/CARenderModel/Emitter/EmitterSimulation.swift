import Foundation
import CARenderGeometry

// # The particle simulation of a CAEmitterLayer
//
// Particles are a pure function of the emitter's history: the values it had (its own and its
// cells', animations included) at each instant since it started, and its `seed`. carender steps
// the simulation on a fixed grid of stage time, every `EmitterSimulation.step` seconds from
// the stage's time 0, sampling the emitter's presented values at each grid point; a frame at a
// time between grid points shows the particles of the last grid point moved on to the frame's
// time. The grid does not depend on which frames are rendered, so rendering one frame alone
// (`--frame N`), a shard of the frames or every frame gives the same particles: the stage runs
// every run-loop turn up to the frame's time in order, and the simulation steps through each
// grid point in turn with the values the emitter had then.
//
// Cost: stepping is linear in the time simulated and the particles alive — every grid step
// moves each live particle once and creates the step's new ones — so rendering frame N alone
// costs the steps up to N once. At most `maximumParticles` live at once (more are not born, with
// a warning). An emitter that starts late in its own time (a `beginTime` in the past) is
// pre-warmed over at most its longest particle lifetime before its first step.
//
// What a particle does, from Apple's documentation of CAEmitterLayer and CAEmitterCell (and the
// headers' comments), and where they are silent the choice made:
// - Births: a cell's `birthRate` × the layer's `birthRate` particles per second, evenly spaced,
//   the first 1/rate seconds after the cell starts (the widely copied fireworks count on a
//   sub-cell with birth rate 1 firing at the end of a one-second rocket). A cell is active over
//   its `beginTime` … `beginTime + duration` (0: for ever) on the emitter's local time; a
//   sub-cell over that window of its emitting particle's age.
// - Random values: for a mean M and range R, uniform in M ± R/2 (CAEmitterLayer.h, on `seed`;
//   Apple's page on `lifetimeRange` says M ± R: the header's rule is used for every range).
//   Each particle draws from a generator keyed by the layer's `seed` and its birth number.
// - Where: on the emitter shape (`emitterPosition`, `emitterZPosition`, `emitterSize`,
//   `emitterDepth`; a circle's and a sphere's radius is the width) as the mode says: `points`
//   at its vertices (the centre of a point, circle or sphere; a line's ends), `outline` on its
//   edges, `surface` on its faces, `volume` within it.
// - Direction: `emissionLongitude` in the layer's plane and `emissionLatitude` out of it,
//   from +x for point, circle and sphere emitters and from −y (up, on iOS) for line,
//   rectangle and cuboid ones (so a line across the top emits down with a longitude of π, as
//   confetti libraries set it); within a cone of `emissionRange` (its full angle) about it,
//   uniformly over the cone's solid angle. A sub-cell's direction is relative to its emitting
//   particle's direction of motion; it starts from that particle's position, with none of its
//   velocity, its scale and colour multiplied by the particle's.
// - Motion: the initial speed is `velocity` (± range) × the layer's `velocity`; each step
//   applies the cell's acceleration as it is then (so changing it reaches particles in
//   flight). Scale, spin and colour change at their speeds from their birth values; the
//   particle's rotation starts at 0. The layer's `lifetime`, `scale`, `spin` multiply the cells'
//   at birth.

/// The emitter's own values at one instant, in the simulation's terms.
package struct EmitterLayerValues: Sendable {
    /// `emitterPosition` and `emitterZPosition`.
    package var position = SIMD3<Double>.zero
    /// `emitterSize` and `emitterDepth`.
    package var size = SIMD3<Double>.zero
    package var shape: EmitterShapeKind = .point
    package var mode: EmitterModeKind = .volume
    /// The multipliers of every cell's values.
    package var birthRate = 1.0
    package var lifetime = 1.0
    package var velocity = 1.0
    package var scale = 1.0
    package var spin = 1.0
    package var seed: UInt32 = 0

    package init() {}
}

/// The emission shapes (`CAEmitterLayerEmitterShape`).
package enum EmitterShapeKind: Sendable {
    case point, line, rectangle, circle, cuboid, sphere
}

/// Where on the shape particles are born (`CAEmitterLayerEmitterMode`).
package enum EmitterModeKind: Sendable {
    case points, outline, surface, volume
}

/// One cell of the emitter's cell tree, flattened: its values at one instant and its parent.
package struct EmitterCellNode: Sendable {
    /// The parent cell's index in the flattened list, or -1 for a top-level cell.
    package var parent: Int
    package var values: EmitterCellValues

    package init(parent: Int, values: EmitterCellValues) {
        self.parent = parent
        self.values = values
    }
}

/// The emitter at one grid point: its values, its cells' (flattened depth first, parents before
/// their sub-cells) and its local time. Filled in place, so sampling does not allocate.
package struct EmitterSample: Sendable {
    package var layer = EmitterLayerValues()
    package var cells: [EmitterCellNode] = []
    /// The emitter layer's local time (its `beginTime`, `speed` and `timeOffset` applied); nil
    /// while the layer is not on the stage.
    package var localTime: Double?

    package init() {}
}

/// One particle: where it is, how it moves and what it looks like, as of its emitter's last step.
package struct Particle: Sendable {
    package var position: SIMD3<Double>
    package var velocity: SIMD3<Double>
    package var age: Double
    package var lifetime: Double
    package var scale: Double
    package var scaleSpeed: Double
    package var spin: Double
    /// Straight RGBA at birth, and its change per second.
    package var color: SIMD4<Double>
    package var colorSpeed: SIMD4<Double>
    /// The cell's index in the flattened cell list.
    package var cell: Int
}

/// A particle as drawn at one instant, in the emitter layer's coordinates.
package struct ParticleSprite: Sendable {
    package var x: Float
    package var y: Float
    package var z: Float
    /// Rotation in radians and size multiplier.
    package var angle: Float
    package var scale: Float
    /// Straight RGBA, each 0…1.
    package var color: SIMD4<Float>
    /// The cell's index in the flattened cell list.
    package var cell: Int32
}

/// A counter-based generator: the draws of particle `serial` of an emitter with `seed`, the
/// same in every run whatever else was drawn before (SplitMix64 over the pair).
package struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, serial: UInt64) {
        state = (UInt64(seed) << 32 | 0x9E37_79B9) ^ (serial &* 0xD1B5_4A32_D192_ED03)
    }

    /// Uniform in [0, 1).
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) * 0x1.0p-53
    }

    /// Uniform in `mean ± range / 2`.
    mutating func spread(_ mean: Double, _ range: Double) -> Double { mean + (next() - 0.5) * range }
}

/// The particles of one emitter layer, stepped on the fixed grid (see the top of this file).
package final class EmitterSimulation {
    /// Seconds of stage time between grid points.
    package static let step = 1.0 / 120
    /// How far below a whole number a count of births may fall by rounding and still count it.
    static let countSlack = 1e-9
    /// The most particles alive at once.
    package static let maximumParticles = 100_000
    /// How deep sub-cells nest, and how many cells a tree holds, at most (a cell that contains
    /// itself would nest for ever).
    package static let maximumCellDepth = 8
    package static let maximumCells = 256

    /// The live particles, in birth order.
    package private(set) var particles: [Particle] = []
    private var survivors: [Particle] = []
    /// Births so far (each particle's random draws are keyed by its number).
    private var serial: UInt64 = 0
    /// Per top-level cell: particles owed so far (the integer part born).
    private var owed: [Double] = []
    /// The last grid point stepped to, and the emitter there.
    private var gridIndex: Int?
    private var previous = EmitterSample()
    private var current = EmitterSample()
    /// Whether the particle cap has been reported.
    private var reportedCap = false
    /// Where warnings go.
    private let warn: (String) -> Void

    package init(warn: @escaping (String) -> Void = { _ in }) {
        self.warn = warn
    }

    /// The local time of the last grid point stepped to, if any.
    package var localTime: Double? { gridIndex == nil ? nil : previous.localTime }
    /// The emitter's values at the last grid point.
    package var lastSample: EmitterSample { previous }
    /// The stage time of the last grid point stepped to.
    package var gridTime: Double? { gridIndex.map { Double($0) * Self.step } }

    /// Steps through every grid point up to stage time `t`. `sample` fills in the emitter's
    /// values at a stage time (a grid point); the emitter's history before `t` must not change
    /// afterwards (the stage calls this before running each turn).
    package func advance(to t: Double, sample: (Double, inout EmitterSample) -> Void) {
        guard t.isFinite else { return }
        let target = Int((t / Self.step + 1e-9).rounded(.down))
        var k = gridIndex.map { $0 + 1 } ?? target
        while k <= target {
            sample(Double(k) * Self.step, &current)
            if gridIndex == nil {
                start(with: current)
            } else {
                stepBetween(previous, current)
            }
            swap(&previous, &current)
            gridIndex = k
            k += 1
        }
    }

    /// The first grid point: an emitter already past its start is pre-warmed, as if it had run
    /// with these values since then (over at most its longest particle life).
    private func start(with sample: EmitterSample) {
        owed = Array(repeating: 0, count: sample.cells.count)
        guard let now = sample.localTime, now > 0 else { return }
        let longest = longestLife(sample)
        var t = max(0, now - longest)
        // Whole steps up to `now`, the first one shorter.
        let count = Int(((now - t) / Self.step).rounded(.up))
        t = now - Double(count) * Self.step
        var before = sample, after = sample
        for i in 0..<count {
            before.localTime = t + Double(i) * Self.step
            after.localTime = t + Double(i + 1) * Self.step
            if after.localTime! <= 0 { continue }
            before.localTime = max(0, before.localTime!)
            stepBetween(before, after)
        }
    }

    /// The longest a particle of the tree can live, its sub-cells' after it included.
    private func longestLife(_ sample: EmitterSample) -> Double {
        var longest = 0.0
        var lives = [Double](repeating: 0, count: sample.cells.count)
        for (i, cell) in sample.cells.enumerated() {
            let own = max(0, cell.values.lifetime + abs(cell.values.lifetimeRange) / 2) * max(0, sample.layer.lifetime)
            lives[i] = own + (cell.parent >= 0 ? lives[cell.parent] : 0)
            longest = max(longest, lives[i])
        }
        return longest
    }

    // MARK: - One step

    /// Moves every particle from `a`'s local time to `b`'s, lets particles emit their sub-cells,
    /// and creates the top-level cells' new particles.
    private func stepBetween(_ a: EmitterSample, _ b: EmitterSample) {
        if owed.count != b.cells.count { owed = Array(repeating: 0, count: b.cells.count) }
        guard let t0 = a.localTime ?? b.localTime, let t1 = b.localTime else { return }
        let dt = t1 - t0
        guard dt > 0 else { return }
        let cells = b.cells
        survivors.removeAll(keepingCapacity: true)
        // Existing particles: their sub-cells' births during the step, then the move.
        var i = 0
        while i < particles.count {
            var p = particles[i]
            i += 1
            guard p.cell < cells.count else { continue }
            let acceleration = Self.acceleration(cells[p.cell].values)
            emitSubCells(of: p, over: dt, acceleration: acceleration, cells: cells, layer: b.layer)
            p.position += p.velocity * dt + 0.5 * acceleration * dt * dt
            p.velocity += acceleration * dt
            p.age += dt
            if p.age < p.lifetime { survivors.append(p) }
        }
        // Top-level cells' births over the step, at their share of it.
        var c = 0
        while c < cells.count {
            defer { c += 1 }
            let cell = cells[c].values
            guard cells[c].parent < 0, cell.isEnabled else { continue }
            let rate = cell.birthRate * b.layer.birthRate
            guard rate > 0, rate.isFinite else { continue }
            // The part of the step inside the cell's active window.
            let start = max(t0, cell.beginTime)
            let end = cell.duration > 0 ? min(t1, cell.beginTime + cell.duration) : t1
            guard end > start else { continue }
            let before = owed[c]
            owed[c] += rate * (end - start)
            // (A birth due exactly at the step's end is not put off by rounding in the sum.)
            var k = (before + Self.countSlack).rounded(.down) + 1
            while k <= owed[c] + Self.countSlack {
                // A rate too high for the bound stops here, not after counting every birth due.
                guard hasRoom else { break }
                let birth = min(start + (k - before) / rate, end)
                let f = (birth - t0) / dt
                var layer = b.layer
                layer.position = a.layer.position + (b.layer.position - a.layer.position) * f
                layer.size = a.layer.size + (b.layer.size - a.layer.size) * f
                born(cell: c, values: cell, layer: layer, at: nil, remaining: t1 - birth, cells: cells)
                k += 1
            }
        }
        swap(&particles, &survivors)
    }

    /// Each enabled sub-cell of `parent`'s cell emits from it at the ages the cell is active.
    private func emitSubCells(of parent: Particle, over dt: Double, acceleration: SIMD3<Double>,
                              cells: [EmitterCellNode], layer: EmitterLayerValues) {
        var j = parent.cell + 1
        while j < cells.count {
            defer { j += 1 }
            guard cells[j].parent == parent.cell, cells[j].values.isEnabled else { continue }
            let cell = cells[j].values
            let rate = cell.birthRate * layer.birthRate
            guard rate > 0, rate.isFinite else { continue }
            let begin = cell.beginTime
            let end = min(cell.duration > 0 ? begin + cell.duration : .infinity, parent.lifetime)
            let a0 = min(max(parent.age, begin), end), a1 = min(max(parent.age + dt, begin), end)
            guard a1 > a0 else { continue }
            var k = (rate * (a0 - begin) + Self.countSlack).rounded(.down) + 1
            let last = (rate * (a1 - begin) + Self.countSlack).rounded(.down)
            while k <= last {
                guard hasRoom else { break }
                let age = min(begin + k / rate, a1)
                let d = max(age - parent.age, 0)
                let emitter = (position: parent.position + parent.velocity * d + 0.5 * acceleration * d * d,
                               velocity: parent.velocity + acceleration * d,
                               scale: parent.scale + parent.scaleSpeed * age,
                               color: (parent.color + parent.colorSpeed * age).clamped(lowerBound: .zero, upperBound: .one))
                born(cell: j, values: cell, layer: layer, at: emitter, remaining: dt - d, cells: cells)
                k += 1
            }
        }
    }

    /// Whether another particle may be born now; when not, says so once.
    private var hasRoom: Bool {
        guard particles.count + survivors.count < Self.maximumParticles else {
            if !reportedCap {
                reportedCap = true
                warn("CAEmitterLayer: more than \(Self.maximumParticles) particles alive at once; carender creates no more until some die")
            }
            return false
        }
        return true
    }

    /// Creates a particle of cell `index` (values `cell`), emitted by the layer's shape (`at` nil)
    /// or by a particle, and moves it on by the `remaining` part of the step.
    private func born(cell index: Int, values cell: EmitterCellValues, layer: EmitterLayerValues,
                      at emitter: (position: SIMD3<Double>, velocity: SIMD3<Double>, scale: Double, color: SIMD4<Double>)?,
                      remaining: Double, cells: [EmitterCellNode]) {
        guard hasRoom else { return }
        serial &+= 1
        var random = ParticleRandom(seed: layer.seed, serial: serial)
        let lifetime = max(0, random.spread(cell.lifetime, cell.lifetimeRange)) * max(0, layer.lifetime)
        guard lifetime > remaining else { return }
        // Where, and in which direction.
        let position: SIMD3<Double>
        let axis: SIMD3<Double>
        if let emitter {
            position = emitter.position
            let heading = emitter.velocity.x == 0 && emitter.velocity.y == 0 ? 0 : atan2(emitter.velocity.y, emitter.velocity.x)
            axis = Self.direction(longitude: heading + cell.emissionLongitude, latitude: cell.emissionLatitude,
                                  alongY: false)
        } else {
            position = Self.birthPlace(layer, &random)
            axis = Self.direction(longitude: cell.emissionLongitude, latitude: cell.emissionLatitude,
                                  alongY: layer.shape == .line || layer.shape == .rectangle || layer.shape == .cuboid)
        }
        let direction = Self.cone(around: axis, angle: cell.emissionRange, &random)
        let speed = random.spread(cell.velocity, cell.velocityRange) * layer.velocity
        var scale = random.spread(cell.scale, cell.scaleRange) * layer.scale
        let spin = random.spread(cell.spin, cell.spinRange) * layer.spin
        var color = SIMD4(random.spread(cell.color.x, cell.colorRange.x), random.spread(cell.color.y, cell.colorRange.y),
                          random.spread(cell.color.z, cell.colorRange.z), random.spread(cell.color.w, cell.colorRange.w))
            .clamped(lowerBound: .zero, upperBound: .one)
        if let emitter {
            scale *= emitter.scale
            color *= emitter.color
        }
        var p = Particle(position: position, velocity: direction * speed, age: 0, lifetime: lifetime, scale: scale,
                         scaleSpeed: cell.scaleSpeed * layer.scale, spin: spin, color: color,
                         colorSpeed: cell.colorSpeed, cell: index)
        // Its share of the step: it moves (and emits) from its birth to the step's end.
        if remaining > 0 {
            let acceleration = Self.acceleration(cell)
            emitSubCells(of: p, over: remaining, acceleration: acceleration, cells: cells, layer: layer)
            p.position += p.velocity * remaining + 0.5 * acceleration * remaining * remaining
            p.velocity += acceleration * remaining
            p.age = remaining
        }
        survivors.append(p)
    }

    @inline(__always)
    private static func acceleration(_ cell: EmitterCellValues) -> SIMD3<Double> {
        SIMD3(cell.xAcceleration, cell.yAcceleration, cell.zAcceleration)
    }

    /// The unit direction of a longitude and latitude: from +x (or, `alongY`, from −y) turning
    /// toward +y in the plane, latitude toward +z.
    static func direction(longitude: Double, latitude: Double, alongY: Bool) -> SIMD3<Double> {
        let (c, s) = (cos(longitude), sin(longitude))
        let flat = alongY ? SIMD2(s, -c) : SIMD2(c, s)
        return SIMD3(flat.x * cos(latitude), flat.y * cos(latitude), sin(latitude))
    }

    /// A direction uniformly distributed over the cone of full angle `angle` about `axis`.
    static func cone(around axis: SIMD3<Double>, angle: Double, _ random: inout ParticleRandom) -> SIMD3<Double> {
        let half = min(abs(angle) / 2, Double.pi)
        let u = random.next(), v = random.next()
        guard half > 0 else { return axis }
        let cosTheta = 1 - u * (1 - cos(half))
        let sinTheta = (max(0, 1 - cosTheta * cosTheta)).squareRoot()
        let phi = 2 * Double.pi * v
        // Two unit vectors across the axis.
        let helper = abs(axis.z) < 0.9 ? SIMD3<Double>(0, 0, 1) : SIMD3<Double>(1, 0, 0)
        var e1 = SIMD3(helper.y * axis.z - helper.z * axis.y, helper.z * axis.x - helper.x * axis.z,
                       helper.x * axis.y - helper.y * axis.x)
        e1 /= (e1 * e1).sum().squareRoot()
        let e2 = SIMD3(axis.y * e1.z - axis.z * e1.y, axis.z * e1.x - axis.x * e1.z, axis.x * e1.y - axis.y * e1.x)
        return axis * cosTheta + (e1 * cos(phi) + e2 * sin(phi)) * sinTheta
    }

    /// Where on the layer's emission shape a particle is born.
    static func birthPlace(_ layer: EmitterLayerValues, _ random: inout ParticleRandom) -> SIMD3<Double> {
        let p = layer.position
        let w = layer.size.x, h = layer.size.y, d = layer.size.z
        let u = random.next(), v = random.next(), s = random.next()
        switch (layer.shape, layer.mode) {
        case (.point, _):
            return p
        case (.line, .points):
            return p + SIMD3(u < 0.5 ? -w / 2 : w / 2, 0, 0)
        case (.line, _):
            return p + SIMD3((u - 0.5) * w, 0, 0)
        case (.rectangle, .points):
            let corner = Int(u * 4)
            return p + SIMD3(corner & 1 == 0 ? -w / 2 : w / 2, corner < 2 ? -h / 2 : h / 2, 0)
        case (.rectangle, .outline):
            let q = Self.perimeterPoint(w, h, u)
            return p + SIMD3(q.x, q.y, 0)
        case (.rectangle, _):
            return p + SIMD3((u - 0.5) * w, (v - 0.5) * h, 0)
        case (.circle, .points), (.sphere, .points):
            return p
        case (.circle, .outline):
            let a = 2 * Double.pi * u
            return p + SIMD3(w * cos(a), w * sin(a), 0)
        case (.circle, _):
            let a = 2 * Double.pi * u, r = w * v.squareRoot()
            return p + SIMD3(r * cos(a), r * sin(a), 0)
        case (.sphere, .outline), (.sphere, .surface):
            return p + Self.unitSphere(u, v) * w
        case (.sphere, .volume):
            return p + Self.unitSphere(u, v) * (w * Foundation.cbrt(s))
        case (.cuboid, .points):
            let corner = Int(u * 8)
            return p + SIMD3(corner & 1 == 0 ? -w / 2 : w / 2, corner & 2 == 0 ? -h / 2 : h / 2, corner & 4 == 0 ? -d / 2 : d / 2)
        case (.cuboid, .outline):
            // The twelve edges, by length.
            let total = 4 * (w + h + d)
            guard total > 0 else { return p }
            var x = u * total
            let axisIndex = x < 4 * w ? 0 : x < 4 * (w + h) ? 1 : 2
            x -= axisIndex == 0 ? 0 : axisIndex == 1 ? 4 * w : 4 * (w + h)
            let length = axisIndex == 0 ? w : axisIndex == 1 ? h : d
            let edge = Int(x / max(length, 1e-12)) & 3
            let along = x - Double(edge) * length - length / 2
            let a = edge & 1 == 0 ? -0.5 : 0.5, b = edge & 2 == 0 ? -0.5 : 0.5
            switch axisIndex {
            case 0: return p + SIMD3(along, a * h, b * d)
            case 1: return p + SIMD3(a * w, along, b * d)
            default: return p + SIMD3(a * w, b * h, along)
            }
        case (.cuboid, .surface):
            // The six faces, by area.
            let areas = (w * h, w * d, h * d)
            let total = 2 * (areas.0 + areas.1 + areas.2)
            guard total > 0 else { return p }
            var x = u * total
            let side: Double = x.truncatingRemainder(dividingBy: 2) < 1 ? -0.5 : 0.5
            x /= 2
            if x < areas.0 { return p + SIMD3((v - 0.5) * w, (s - 0.5) * h, side * d) }
            if x < areas.0 + areas.1 { return p + SIMD3((v - 0.5) * w, side * h, (s - 0.5) * d) }
            return p + SIMD3(side * w, (v - 0.5) * h, (s - 0.5) * d)
        case (.cuboid, _):
            return p + SIMD3((u - 0.5) * w, (v - 0.5) * h, (s - 0.5) * d)
        }
    }

    /// A point on the perimeter of a `w × h` rectangle about the origin, at fraction `u` of its length.
    private static func perimeterPoint(_ w: Double, _ h: Double, _ u: Double) -> SIMD2<Double> {
        let total = 2 * (w + h)
        guard total > 0 else { return .zero }
        var x = u * total
        if x < w { return SIMD2(x - w / 2, -h / 2) }
        x -= w
        if x < h { return SIMD2(w / 2, x - h / 2) }
        x -= h
        if x < w { return SIMD2(w / 2 - x, h / 2) }
        x -= w
        return SIMD2(-w / 2, h / 2 - x)
    }

    /// A point uniformly on the unit sphere.
    private static func unitSphere(_ u: Double, _ v: Double) -> SIMD3<Double> {
        let z = 2 * u - 1, a = 2 * Double.pi * v
        let r = (max(0, 1 - z * z)).squareRoot()
        return SIMD3(r * cos(a), r * sin(a), z)
    }

    // MARK: - Drawing

    /// The particles as drawn at local time `time` (at or after the last grid point's), in birth
    /// order, into `sprites` (cleared first, its storage kept): each moved on from the last step
    /// with its cell's acceleration; dead, shrunk-away and invisible ones left out.
    package func sprites(at time: Double, into sprites: inout [ParticleSprite]) {
        sprites.removeAll(keepingCapacity: true)
        guard let last = previous.localTime else { return }
        let dt = max(0, time - last)
        let cells = previous.cells
        var i = 0
        while i < particles.count {
            let p = particles[i]
            i += 1
            guard p.cell < cells.count else { continue }
            let age = p.age + dt
            guard age < p.lifetime else { continue }
            let scale = p.scale + p.scaleSpeed * age
            let color = (p.color + p.colorSpeed * age).clamped(lowerBound: .zero, upperBound: .one)
            guard scale > 0, color.w > 0 else { continue }
            let position = p.position + p.velocity * dt + 0.5 * Self.acceleration(cells[p.cell].values) * dt * dt
            sprites.append(ParticleSprite(x: Float(position.x), y: Float(position.y), z: Float(position.z),
                                          angle: Float(p.spin * age), scale: Float(scale),
                                          color: SIMD4<Float>(color), cell: Int32(p.cell)))
        }
    }
}
