import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderModel

/// The worker side of `carender preview`: a stage answering `PreviewRequest`s.
extension Stage {
    /// Connects to the preview socket at `socketPath` and answers requests until the command line
    /// closes the connection. Warnings go into the answers instead of standard error.
    func servePreview(socketPath: String, options: RenderOptions) throws {
        let descriptor = try Self.connect(toSocket: socketPath)
        defer { close(descriptor) }
        let collected = MessageCollector()
        let savedSink = context.diagnostics.sink
        context.diagnostics.sink = { collected.lines.append($0) }
        defer { context.diagnostics.sink = savedSink }
        let worker = try PreviewWorker(stage: self, options: options)
        let encoder = JSONEncoder()
        // Non-finite numbers (an endless repeat's end, a track where the layer is missing) travel
        // as strings, which JSON has no numbers for.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let decoder = JSONDecoder()
        while let message = try PreviewWire.read(from: descriptor) {
            var payload = Data()
            var response: PreviewResponse
            do {
                let request = try decoder.decode(PreviewRequest.self, from: message)
                response = try worker.answer(request, payload: &payload)
            } catch {
                response = PreviewResponse(time: time)
                response.error = "\(error)"
            }
            response.messages = collected.lines
            collected.lines = []
            try PreviewWire.write(encoder.encode(response), to: descriptor)
            try PreviewWire.write(payload, to: descriptor)
        }
    }

    private static func connect(toSocket path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StageError.output("cannot create the preview socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(descriptor)
            throw StageError.output("the preview socket path \(path) is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw StageError.output("cannot connect to the preview at \(path): \(reason)")
        }
        return descriptor
    }
}

/// Collects diagnostic lines between two answers.
private final class MessageCollector {
    var lines: [String] = []
}

/// Answers preview requests on one stage.
struct PreviewWorker {
    let stage: Stage
    let options: RenderOptions
    let info: SequenceInfo
    private let pngOptions: PNGWriteOptions
    /// What transparent pixels are drawn over when frames carry no alpha, as in a render.
    private let underlay: RGBA8?

    init(stage: Stage, options: RenderOptions) throws {
        self.stage = stage
        self.options = options
        // The plan of a render with these options: its size and alpha decide the frames' pixels.
        let plan = try stage.makePlan(options)
        let duration = try options.duration ?? stage.checkedDuration()
        info = SequenceInfo(width: Double(stage.width), height: Double(stage.height), scale: Double(stage.scale),
                            pixelWidth: plan.width, pixelHeight: plan.height, duration: duration,
                            fps: options.fps, frames: plan.frameCount, hasAlpha: plan.hasAlpha)
        // Fast encoding: the pixels are those of any preset.
        var png = PNGWriteOptions.Preset.fast.options
        png.dropAlphaWhenOpaque = !plan.hasAlpha
        pngOptions = png
        underlay = options.background ?? (plan.hasAlpha ? nil : RGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    func answer(_ request: PreviewRequest, payload: inout Data) throws -> PreviewResponse {
        switch request {
        case .describe:
            var response = PreviewResponse(time: stage.time)
            response.stage = info
            return response
        case .frame(let t):
            try advance(to: t)
            let start = DispatchTime.now().uptimeNanoseconds
            payload = try frame()
            var response = PreviewResponse(time: stage.time)
            response.renderMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return response
        case .layers(let t):
            try advance(to: t)
            var response = PreviewResponse(time: stage.time)
            response.layers = layers()
            return response
        case let .hitTest(t, x, y):
            try advance(to: t)
            var response = PreviewResponse(time: stage.time)
            let found = stage.rootLayer.presentation()?.hitTest(CGPoint(x: x, y: y))
            response.hit = found.flatMap { path(of: $0.model()) }
            return response
        case let .inspect(t, path):
            try advance(to: t)
            var response = PreviewResponse(time: stage.time)
            response.inspection = try inspect(path)
            return response
        case .survey(let samples):
            var response = PreviewResponse(time: stage.time)
            response.timeline = try survey(samples: samples)
            response.time = stage.time
            return response
        }
    }

    private func advance(to t: Double) throws {
        guard t.isFinite, t >= 0 else { throw StageError.invalidOption("preview time \(t) is not a time in seconds") }
        guard t >= stage.time else {
            throw StageError.invalidOption("the worker is at \(stage.time) s and cannot go back to \(t) s")
        }
        stage.advance(to: t)
    }

    /// The frame at the stage's time as a render writes it (alpha, underlay), PNG-encoded.
    private func frame() throws -> Data {
        let pixmap = try stage.renderPremultipliedFrame()
        let opaque = pixmap.isOpaque
        if let underlay, !opaque {
            return try pixmap.unpremultiplied().composited(over: underlay).pngData(options: pngOptions)
        }
        return try pixmap.pngData(options: pngOptions, isOpaque: opaque)
    }

    // MARK: - Layers

    private func layers() -> [PreviewLayer] {
        var out: [PreviewLayer] = []
        guard let presented = stage.rootLayer.presentation() else { return out }
        var pending: [(model: CALayer, presented: CALayer, path: [Int], toStage: CGAffineTransform)] =
            [(stage.rootLayer, presented, [], .identity)]
        while let (model, shown, path, parentToStage) = pending.popLast() {
            let toStage = Self.layerToParent(shown).concatenating(parentToStage)
            out.append(PreviewLayer(path: path, name: model.name, className: String(describing: type(of: model)),
                                    animationKeys: model.animationKeys() ?? [], isHidden: shown.isHidden,
                                    frame: Self.rectangle(shown.bounds.applying(toStage))))
            let sublayerSpace = Self.affine(shown.sublayerTransform).concatenating(toStage)
            let models = model.sublayers ?? [], shownSublayers = shown.sublayers ?? []
            var children: [(CALayer, CALayer, [Int], CGAffineTransform)] = []
            for (index, (child, shownChild)) in zip(models, shownSublayers).enumerated() {
                children.append((child, shownChild, path + [index], sublayerSpace))
            }
            if let mask = model.mask, let shownMask = shown.mask { children.append((mask, shownMask, path + [-1], toStage)) }
            // Depth first, in order: the stack pops the last pushed.
            pending.append(contentsOf: children.reversed())
        }
        return out
    }

    /// A layer's coordinates mapped into its superlayer's (the affine part of `transform`).
    private static func layerToParent(_ layer: CALayer) -> CGAffineTransform {
        let bounds = layer.bounds, anchor = layer.anchorPoint
        let anchorInBounds = CGPoint(x: bounds.minX + anchor.x * bounds.width, y: bounds.minY + anchor.y * bounds.height)
        return CGAffineTransform(translationX: -anchorInBounds.x, y: -anchorInBounds.y)
            .concatenating(affine(layer.transform))
            .concatenating(CGAffineTransform(translationX: layer.position.x, y: layer.position.y))
    }

    private static func affine(_ t: CATransform3D) -> CGAffineTransform {
        CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
    }

    private static func rectangle(_ r: CGRect) -> [Double] {
        [Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)].map { $0.isFinite ? $0 : 0 }
    }

    /// Indices from the root to `layer` (-1 for a mask), or nil when it is not in the tree.
    private func path(of layer: CALayer) -> [Int]? {
        var steps: [Int] = []
        var current = layer
        while current !== stage.rootLayer {
            guard let parent = current.superlayer else { return nil }
            if parent.mask === current {
                steps.append(-1)
            } else {
                guard let index = parent.sublayers?.firstIndex(where: { $0 === current }) else { return nil }
                steps.append(index)
            }
            current = parent
        }
        return steps.reversed()
    }

    private func layer(at path: [Int]) -> CALayer? {
        var layer = stage.rootLayer
        for step in path {
            if step == -1 {
                guard let mask = layer.mask else { return nil }
                layer = mask
            } else {
                guard let sublayers = layer.sublayers, sublayers.indices.contains(step) else { return nil }
                layer = sublayers[step]
            }
        }
        return layer
    }

    // MARK: - Inspection

    /// The key paths every inspection lists (when the layer answers them), then each class's own.
    private static let commonKeyPaths = [
        "position", "bounds", "anchorPoint", "zPosition", "opacity", "hidden", "transform", "backgroundColor",
        "cornerRadius", "borderWidth", "borderColor", "masksToBounds", "shadowOpacity", "shadowRadius", "shadowOffset",
        "shadowColor",
    ]
    private static let shapeKeyPaths = ["fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd", "path"]
    private static let textKeyPaths = ["string", "fontSize", "foregroundColor"]
    private static let gradientKeyPaths = ["colors", "locations", "startPoint", "endPoint"]

    private func inspect(_ path: [Int]) throws -> PreviewInspection {
        guard let layer = layer(at: path) else {
            throw StageError.invalidOption("there is no layer at \(path.map(String.init).joined(separator: ".")) at \(stage.time) s")
        }
        var keyPaths = Self.commonKeyPaths
        switch layer {
        case is CAShapeLayer: keyPaths += Self.shapeKeyPaths
        case is CATextLayer: keyPaths += Self.textKeyPaths
        case is CAGradientLayer: keyPaths += Self.gradientKeyPaths
        default: break
        }
        for keyPath in Self.animatedKeyPaths(of: layer) where !keyPaths.contains(keyPath) { keyPaths.append(keyPath) }
        let values: [[String]] = keyPaths.compactMap { keyPath in
            guard let value = layer.onScreenValue(forKeyPath: keyPath, at: stage.time) else { return nil }
            return [keyPath, TimelineFormat.value(value)]
        }
        return PreviewInspection(path: path, name: layer.name, className: String(describing: type(of: layer)),
                                 values: values, animationKeys: layer.animationKeys() ?? [])
    }

    /// The key paths the layer's property animations (and those inside its groups) animate.
    private static func animatedKeyPaths(of layer: CALayer) -> [String] {
        var keyPaths: [String] = []
        var pending = (layer.animationKeys() ?? []).compactMap { layer.animation(forKey: $0) }
        while let animation = pending.popLast() {
            if let group = animation as? CAAnimationGroup { pending.append(contentsOf: group.animations ?? []) }
            if let keyPath = (animation as? CAPropertyAnimation)?.keyPath, !keyPaths.contains(keyPath) { keyPaths.append(keyPath) }
        }
        return keyPaths.sorted()
    }

    // MARK: - Survey

    /// Steps through every frame of the sequence, recording each animation the first time it is
    /// attached and sampling every animated key path at up to `samples` evenly spaced frames.
    private func survey(samples: Int) throws -> PreviewTimeline {
        let frames = info.frames
        let every = max(1, Int((Double(frames) / Double(max(1, samples))).rounded(.up)))
        var times: [Double] = (0..<max(frames, 1)).map { Double($0) / options.fps }
        if let last = times.last, info.duration > last { times.append(info.duration) }
        guard let first = times.first, first >= stage.time else {
            throw StageError.invalidOption("the survey starts at 0 s, and the worker is already at \(stage.time) s")
        }
        var animations: [PreviewAnimation] = []
        var seen: [ObjectIdentifier: Int] = [:]
        var trackIndex: [TrackKey: Int] = [:]
        var trackLayers: [(layer: CALayer, keyPath: String)] = []
        var tracks: [PreviewTrack] = []
        var sampleTimes: [Double] = []
        for (step, t) in times.enumerated() {
            stage.advance(to: t)
            // Every layer with animations, depth first.
            var pending: [(CALayer, [Int])] = [(stage.rootLayer, [])]
            while let (layer, path) = pending.popLast() {
                for key in layer.animationKeys() ?? [] {
                    guard let animation = layer.animation(forKey: key) else { continue }
                    let id = ObjectIdentifier(animation)
                    if let index = seen[id] {
                        animations[index].lastSeen = t
                        continue
                    }
                    seen[id] = record(animation, key: key, on: layer, path: path, at: t, into: &animations)
                    for keyPath in Self.animatedKeyPaths(of: layer) {
                        let trackKey = TrackKey(layer: ObjectIdentifier(layer), keyPath: keyPath)
                        guard trackIndex[trackKey] == nil else { continue }
                        trackIndex[trackKey] = tracks.count
                        trackLayers.append((layer, keyPath))
                        tracks.append(PreviewTrack(layer: path, keyPath: keyPath, components: [], series: []))
                    }
                }
                if let mask = layer.mask { pending.append((mask, path + [-1])) }
                for (index, sublayer) in (layer.sublayers ?? []).enumerated().reversed() { pending.append((sublayer, path + [index])) }
            }
            guard step % every == 0 || step == times.count - 1 else { continue }
            sampleTimes.append(t)
            for (index, entry) in trackLayers.enumerated() {
                let value = entry.layer.onScreenValue(forKeyPath: entry.keyPath, at: t)
                let (names, numbers) = Self.components(of: value)
                if tracks[index].components.isEmpty && !names.isEmpty {
                    tracks[index].components = names
                    tracks[index].series = names.map { _ in Array(repeating: .nan, count: sampleTimes.count - 1) }
                }
                for component in tracks[index].series.indices {
                    tracks[index].series[component].append(component < numbers.count ? numbers[component] : .nan)
                }
            }
            // Tracks found later start with gaps.
            for index in tracks.indices {
                for component in tracks[index].series.indices where tracks[index].series[component].count < sampleTimes.count {
                    let missing = sampleTimes.count - tracks[index].series[component].count
                    tracks[index].series[component].insert(contentsOf: Array(repeating: .nan, count: missing), at: 0)
                }
            }
        }
        return PreviewTimeline(animations: animations, sampleTimes: sampleTimes, tracks: tracks)
    }

    private struct TrackKey: Hashable {
        var layer: ObjectIdentifier
        var keyPath: String
    }

    /// Appends `animation` (and, for a group, its animations after it) and returns its index.
    private func record(_ animation: CAAnimation, key: String, on layer: CALayer, path: [Int], at t: Double,
                        into animations: inout [PreviewAnimation]) -> Int {
        // The attached copy's begin time is in the layer's local time (a zero one was made "now"
        // when it was committed).
        let begin = layer.convertTime(animation.beginTime, to: nil)
        let active = Self.activeDuration(animation)
        let speed = Double(animation.speed)
        let end = active.isFinite && speed != 0 ? layer.convertTime(animation.beginTime + active / abs(speed), to: nil) : .infinity
        let index = animations.count
        animations.append(Self.describe(animation, key: key, layer: layer, path: path, begin: begin, end: end, seen: t))
        if let group = animation as? CAAnimationGroup {
            var children: [Int] = []
            for child in group.animations ?? [] {
                // A child's times are in the group's time: placed from the group's begin,
                // clipped to the group's end (the group's speed is not applied).
                let childBegin = begin + child.beginTime
                let childActive = Self.activeDuration(child)
                let childEnd = min(end, childBegin + (childActive.isFinite ? childActive : .infinity))
                children.append(animations.count)
                animations.append(Self.describe(child, key: key, layer: layer, path: path, begin: childBegin, end: childEnd, seen: t))
            }
            animations[index].children = children
        }
        return index
    }

    /// The active duration in the animation's own time: Core Animation's `repeatDuration` when
    /// set, else duration × repeat count, doubled when it autoreverses.
    private static func activeDuration(_ animation: CAAnimation) -> Double {
        if animation.repeatDuration > 0 { return animation.repeatDuration }
        let iterations = Double(animation.repeatCount > 0 ? animation.repeatCount : 1)
        return animation.duration * iterations * (animation.autoreverses ? 2 : 1)
    }

    private static func describe(_ animation: CAAnimation, key: String, layer: CALayer, path: [Int],
                                 begin: Double, end: Double, seen: Double) -> PreviewAnimation {
        var controlPoints: [Double]?
        if let function = animation.timingFunction {
            var first: [Float] = [0, 0], second: [Float] = [0, 0]
            function.getControlPoint(at: 1, values: &first)
            function.getControlPoint(at: 2, values: &second)
            controlPoints = (first + second).map(Double.init)
        }
        var kind = "CAAnimation"
        var values: [String] = []
        var keyTimes: [Double]?
        var spring: [Double]?
        switch animation {
        case let spring_ as CASpringAnimation:
            kind = "CASpringAnimation"
            spring = [spring_.mass, spring_.stiffness, spring_.damping, spring_.initialVelocity].map { Double($0) }
                + [spring_.settlingDuration]
            values = basicValues(spring_)
        case let basic as CABasicAnimation:
            kind = "CABasicAnimation"
            values = basicValues(basic)
        case let keyframes as CAKeyframeAnimation:
            kind = "CAKeyframeAnimation"
            if let path = keyframes.path {
                values = ["path: " + TimelineFormat.value(path)]
            } else {
                values = (keyframes.values ?? []).prefix(maximumListedValues).map { TimelineFormat.value($0) }
            }
            keyTimes = keyframes.keyTimes?.map(\.doubleValue)
        case is CAAnimationGroup:
            kind = "CAAnimationGroup"
        case let transition as CATransition:
            kind = "CATransition"
            values = ["type: \(transition.type.rawValue)"] + (transition.subtype.map { ["subtype: \($0.rawValue)"] } ?? [])
        default:
            break
        }
        return PreviewAnimation(
            layer: path, layerName: layer.name, key: key, kind: kind, keyPath: (animation as? CAPropertyAnimation)?.keyPath,
            begin: begin, end: end, duration: animation.duration, repeatCount: Double(animation.repeatCount),
            repeatDuration: animation.repeatDuration, autoreverses: animation.autoreverses,
            fillMode: animation.fillMode.rawValue, speed: Double(animation.speed), timeOffset: animation.timeOffset,
            removedOnCompletion: animation.isRemovedOnCompletion, controlPoints: controlPoints, spring: spring,
            values: values, keyTimes: keyTimes, firstSeen: seen, lastSeen: seen, children: nil)
    }

    /// Keyframe values listed per animation (a long list is cut; the timeline shows it in a tooltip).
    private static let maximumListedValues = 24

    private static func basicValues(_ animation: CABasicAnimation) -> [String] {
        var values: [String] = []
        if let from = animation.fromValue { values.append("from: " + TimelineFormat.value(from)) }
        if let to = animation.toValue { values.append("to: " + TimelineFormat.value(to)) }
        if let by = animation.byValue { values.append("by: " + TimelineFormat.value(by)) }
        return values
    }

    /// A value's numeric components for a graph, with their names.
    static func components(of value: Any?) -> ([String], [Double]) {
        switch value {
        case let n as NSNumber: return (["value"], [n.doubleValue])
        case let v as CGFloat: return (["value"], [Double(v)])
        case let v as Double: return (["value"], [v])
        case let p as CGPoint: return (["x", "y"], [Double(p.x), Double(p.y)])
        case let s as CGSize: return (["width", "height"], [Double(s.width), Double(s.height)])
        case let r as CGRect: return (["x", "y", "width", "height"], [r.minX, r.minY, r.width, r.height].map { Double($0) })
        case let c as CGColor:
            let parts = (c.components ?? []).map { Double($0) }
            return (parts.count == 4 ? ["red", "green", "blue", "alpha"] : ["white", "alpha"], parts)
        case let t as CATransform3D:
            // What a designer animates: translation, uniform scale and rotation about z.
            let scale = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
            return (["translation.x", "translation.y", "scale", "rotation"],
                    [Double(t.m41), Double(t.m42), Double(scale), Double(atan2(t.m12, t.m11))])
        case let v as NSValue:
            if let p = v.storedPoint { return components(of: p) }
            if let s = v.storedSize { return components(of: s) }
            if let r = v.storedRect { return components(of: r) }
            if let t = v.storedTransform3D { return components(of: t) }
            return ([], [])
        default:
            return ([], [])
        }
    }
}
