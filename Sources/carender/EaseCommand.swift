import ArgumentParser
import CARender
import CARenderSupervisor
import Foundation

/// `carender ease CURVE...`: samples timing functions or springs, prints a table (and for springs
/// their parameters both ways), and optionally plots them to a PNG chart.
struct EaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ease",
        abstract: "Preview timing curves and springs: a table, the Swift that makes them, a chart.",
        usage: "carender ease CURVE... [--plot FILE.png|FILE.svg] [--code] [options]",
        discussion: """
            CURVE is one of:
              linear, easeIn, easeOut, easeInEaseOut, default
                  Core Animation's named curves (easeInOut: UIKit's name)
              ease, ease-in, ease-out, ease-in-out
                  CSS's names (ease is Core Animation's default)
              cubic-bezier(x1, y1, x2, y2) or x1,y1,x2,y2
                  CAMediaTimingFunction(controlPoints:)
              spring[:mass=M,stiffness=K,damping=C,velocity=V]
                  CASpringAnimation (defaults 1, 100, 10, 0)
              spring:duration=D,bounce=B
                  CASpringAnimation(perceptualDuration:bounce:)
              keyframes:V@T,V@T,...[/F/F...]
                  CAKeyframeAnimation: values at key times 0…1, and a named
                  timing function per segment

            Several curves are overlaid in one chart:
              carender ease default easeInEaseOut --plot curves.svg
            Curves are sampled over normalised input 0…1, or over seconds when
            --duration is given; springs over seconds, up to the longest settling
            duration unless --duration says otherwise.
            """
    )

    @Argument(help: "The curves to preview (see above).",
              completion: .list(["linear", "easeIn", "easeOut", "easeInEaseOut", "default", "easeInOut", "spring"]))
    var curves: [String]

    @Option(help: "How many evenly spaced samples to print (at least 2).")
    var samples: Int = 11

    @Option(help: "Seconds the animation lasts: the time axis of curves, the span of springs.")
    var duration: Double?

    @Option(help: "Mark where frames land at this many frames per second.")
    var fps: Double?

    @Option(help: ArgumentHelp("Write a chart of the curves: .png (1120×800 pixels) or .svg (vector curves, text as text).",
                               valueName: "file"), completion: .file(extensions: ["png", "svg"]))
    var plot: String?

    @Flag(help: "Print the Swift code that makes each curve.")
    var code = false

    @Option(help: ArgumentHelp("Also write an animated chart with ffmpeg (.mp4, .gif, ...): a marker runs along the curves at --fps (default 30).",
                               valueName: "file"))
    var video: String?

    @Flag(help: "Add a velocity plot below the chart.")
    var velocity = false

    @Flag(help: "Add a filmstrip of a layer moving by each curve below the chart.")
    var filmstrip = false

    /// The most frames (dots on the chart, frames of the video) one `ease` run draws.
    static let maximumFrames = 10_000

    func validate() throws {
        if (velocity || filmstrip) && plot == nil && video == nil {
            throw ValidationError("--velocity and --filmstrip add to the chart: give --plot FILE.png or --video FILE")
        }
        guard !curves.isEmpty else { throw ValidationError("name at least one curve") }
        guard curves.count <= EasePlot.palette.count else { throw ValidationError("at most \(EasePlot.palette.count) curves at once") }
        guard samples >= 2, samples <= 100_000 else { throw ValidationError("--samples must be between 2 and 100000") }
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration must be a positive number of seconds")
        }
        if let fps, !(fps.isFinite && fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 0 and 1000") }
        // Every frame is a dot on the chart and a frame of the video: bounded before anything is
        // drawn (1e4 s at 30 fps asked for 300,000 dots and 4.8 GB; 1e19 s trapped).
        if let duration, let marks = Optional((duration * (fps ?? (video != nil ? 30 : 0))).rounded(.down)),
           marks > Double(Self.maximumFrames) {
            throw ValidationError("--duration \(duration) at \(fps ?? 30) fps is \(marks) frames; ease shows at most \(Self.maximumFrames) (a shorter --duration or a lower --fps)")
        }
        for curve in curves { _ = try EasingCurve(parsing: curve) }
        if let plot, PlotFormat(path: plot) == nil {
            let ext = URL(fileURLWithPath: plot).pathExtension
            throw ValidationError("--plot \(plot): carender draws charts as .png or .svg, not \(ext.isEmpty ? "a file without an extension" : "'.\(ext)'")")
        }
    }

    /// What `--plot` writes, by the file's extension.
    enum PlotFormat {
        case png, svg

        init?(path: String) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "png": self = .png
            case "svg": self = .svg
            default: return nil
            }
        }
    }

    func run() throws {
        let easings = try curves.map(EasingCurve.init(parsing:))
        let anySpring = easings.contains(where: \.isSpring)
        // Seconds when a duration is given or a spring is shown (its time is in seconds); a
        // frame rate alone implies the 1 s a Bézier curve is plotted over.
        let seconds = duration != nil || anySpring || fps != nil
        let span = duration ?? (anySpring ? easings.map(\.settlingDuration).max() ?? 1 : 1)
        if let rate = fps ?? (video != nil ? 30 : nil), span * rate > Double(Self.maximumFrames) {
            throw CLIError("\(PlotAxis.format(span)) s at \(PlotAxis.format(rate)) fps is more than \(Self.maximumFrames) frames, the most ease draws; choose a lower --fps or a shorter --duration")
        }
        func value(_ easing: EasingCurve, _ t: Double) -> Double {
            easing.isSpring || !seconds ? easing.value(at: t) : easing.value(at: t / span)
        }
        let header = easings.count == 1 ? (easings[0].isSpring ? "progress" : "output") : easings.map(\.name).joined(separator: "\t")
        print((seconds ? "time(s)" : "input") + "\t" + header)
        for i in 0..<samples {
            let t = span * Double(i) / Double(samples - 1)
            print(String(format: "%.4f", t) + easings.map { String(format: "\t%.6f", value($0, t)) }.joined())
        }
        for easing in easings where easing.isSpring {
            for line in easing.springSummary { print(line) }
        }
        if code {
            for easing in easings { print(easing.swiftCode) }
        }
        if let plot {
            let request = EasePlot.Request(curves: easings, span: span, timeInSeconds: seconds, fps: fps,
                                           velocity: velocity, filmstrip: filmstrip)
            do {
                switch PlotFormat(path: plot) {
                case .svg: try Data(EasePlot.svg(request).utf8).write(to: URL(fileURLWithPath: plot), options: .atomic)
                default: try EasePlot.render(request).writePNG(to: URL(fileURLWithPath: plot))
                }
            } catch {
                throw CLIError("cannot write the plot \(plot): \(plainReason(error))")
            }
            print("plot written to \(plot)")
        }
        if let video {
            try writeVideo(EasePlot.Request(curves: easings, span: span, timeInSeconds: seconds, fps: fps,
                                            velocity: velocity, filmstrip: filmstrip), to: URL(fileURLWithPath: video).standardizedFileURL)
            print("video written to \(video)")
        }
    }

    /// Renders the chart once per frame with a marker at the frame's time, and encodes the
    /// frames with ffmpeg.
    private func writeVideo(_ request: EasePlot.Request, to output: URL) throws {
        let export = try VideoExport.prepare(path: output.path, codec: nil, crf: nil, pixelFormat: nil)
        let rate = fps ?? 30
        let frames = Int((request.span * rate + 1e-9).rounded(.down)) + 1
        // The frames go into a private folder, removed however the command ends (a stop request
        // included: the handlers make it an error that unwinds through here).
        Supervisor.installStopHandlers()
        let session = try HostSession()
        defer { session.remove() }
        let folder = session.folder
        for n in 0..<frames {
            if let request = Supervisor.stopRequest {
                throw StopRequest(signal: request, description: "stopped (\(Supervisor.Termination.name(ofSignal: request))); \(output.path) was not written")
            }
            var frame = request
            frame.marker = min(request.span, Double(n) / rate)
            try EasePlot.render(frame).writePNG(to: folder.appendingPathComponent(RenderOptions.fileName(forFrame: n)))
        }
        let pattern = folder.appendingPathComponent("frame_%05d.png").path
        let encoding = try export.start(input: .files(printfPath: pattern, startNumber: 0, count: frames),
                                        fps: try FrameRate(parsing: PlotAxis.format(rate, decimals: 6)),
                                        hasAlpha: false, onFrame: { _ in })
        try encoding.commit(expectedFrames: frames)
    }
}

/// A timing function or a spring, parsed from the `ease` command's argument.
struct EasingCurve {
    private enum Kind {
        case function(CAMediaTimingFunction, CAMediaTimingFunctionName?)
        case spring(CASpringAnimation, perceptual: Bool)
        /// A keyframe animation's progress, sampled densely through a stage (normalised time).
        case keyframes(CAKeyframeAnimation, samples: [Double])
    }

    /// Samples of a keyframe sequence over its duration; values between are interpolated.
    private static let keyframeSamples = 4000

    private let kind: Kind
    /// The name as given.
    let name: String

    /// Core Animation's names, UIKit's and CSS's, and what each is in Core Animation.
    private static let names: [String: CAMediaTimingFunctionName] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
        "easeInOut": .easeInEaseOut,
        "ease": .default, "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInEaseOut,
    ]

    init(parsing text: String) throws {
        name = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let named = EasingCurve.names[trimmed] {
            kind = .function(CAMediaTimingFunction(name: named), named)
            return
        }
        if trimmed.hasPrefix("keyframes:") {
            let animation = try EasingCurve.keyframes(from: String(trimmed.dropFirst("keyframes:".count)))
            kind = .keyframes(animation, samples: EasingCurve.sample(animation))
            return
        }
        if trimmed == "spring" || trimmed.hasPrefix("spring:") {
            let (spring, perceptual) = try EasingCurve.spring(from: String(trimmed.dropFirst("spring".count).drop(while: { $0 == ":" })))
            kind = .spring(spring, perceptual: perceptual)
            return
        }
        var list = trimmed
        if list.hasPrefix("cubic-bezier(") && list.hasSuffix(")") {
            list = String(list.dropFirst("cubic-bezier(".count).dropLast())
        }
        let numbers = list.split(separator: ",").map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, numbers.allSatisfy({ $0?.isFinite == true }) else {
            throw ValidationError("'\(text)' is not a curve: use a name (linear, easeIn, easeOut, easeInEaseOut, easeInOut, default, ease, ease-in, ease-out, ease-in-out), cubic-bezier(x1, y1, x2, y2) or x1,y1,x2,y2, or spring[:...]")
        }
        let p = numbers.map { $0! }
        guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
            throw ValidationError("control point x values must lie in 0…1 (got \(p[0]) and \(p[2]))")
        }
        kind = .function(CAMediaTimingFunction(controlPoints: p[0], p[1], p[2], p[3]), nil)
    }

    private static func spring(from parameters: String) throws -> (CASpringAnimation, Bool) {
        var values: [String: Double] = [:]
        for pair in parameters.split(separator: ",") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite else {
                throw ValidationError("spring parameter '\(pair)' should look like name=number")
            }
            values[parts[0]] = value
        }
        let known: Set<String> = ["mass", "stiffness", "damping", "velocity", "duration", "bounce"]
        if let unknown = values.keys.first(where: { !known.contains($0) }) {
            throw ValidationError("unknown spring parameter '\(unknown)' (use mass, stiffness, damping, velocity, or duration and bounce)")
        }
        if values["duration"] != nil || values["bounce"] != nil {
            guard let duration = values["duration"], duration > 0 else {
                throw ValidationError("a perceptual spring needs duration=D with D > 0")
            }
            return (CASpringAnimation(perceptualDuration: duration, bounce: CGFloat(values["bounce"] ?? 0)), true)
        }
        let spring = CASpringAnimation()
        for (name, value) in values {
            switch name {
            case "mass":
                guard value > 0 else { throw ValidationError("mass must be positive") }
                spring.mass = CGFloat(value)
            case "stiffness":
                guard value > 0 else { throw ValidationError("stiffness must be positive") }
                spring.stiffness = CGFloat(value)
            case "damping":
                guard value >= 0 else { throw ValidationError("damping must not be negative") }
                spring.damping = CGFloat(value)
            default:
                spring.initialVelocity = CGFloat(value)
            }
        }
        return (spring, false)
    }

    /// `keyframes:V@T,V@T,...[/function/function...]`: values at key times, and the timing
    /// function of each segment by name.
    private static func keyframes(from text: String) throws -> CAKeyframeAnimation {
        let parts = text.split(separator: "/").map(String.init)
        guard let list = parts.first else { throw ValidationError("keyframes: give values at key times, as keyframes:0@0,1@0.5,0.8@1") }
        var values: [Double] = [], times: [Double] = []
        for item in list.split(separator: ",") {
            let pair = item.split(separator: "@").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard pair.count == 2, let value = pair[0], let time = pair[1], value.isFinite, time.isFinite else {
                throw ValidationError("keyframe '\(item)' should be value@keyTime, as 0.5@0.25")
            }
            values.append(value); times.append(time)
        }
        guard values.count >= 2 else { throw ValidationError("keyframes need at least two value@keyTime pairs") }
        guard times.first == 0, times.last == 1, zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw ValidationError("keyframe times must rise from 0 to 1 (got \(times.map { PlotAxis.format($0) }.joined(separator: ", ")))")
        }
        let functions = try parts.dropFirst().map { name -> CAMediaTimingFunction in
            guard let named = names[name] else { throw ValidationError("'\(name)' is not a timing function name") }
            return CAMediaTimingFunction(name: named)
        }
        guard functions.isEmpty || functions.count == values.count - 1 else {
            throw ValidationError("\(values.count) keyframes have \(values.count - 1) segments, so give \(values.count - 1) timing functions (got \(functions.count))")
        }
        let animation = CAKeyframeAnimation(keyPath: "zPosition")
        animation.values = values.map { NSNumber(value: $0) }
        animation.keyTimes = times.map { NSNumber(value: $0) }
        animation.timingFunctions = functions.isEmpty ? nil : functions
        animation.duration = 1
        return animation
    }

    /// The animation's presentation value at evenly spaced times, read through a stage as a
    /// script would see it.
    private static func sample(_ animation: CAKeyframeAnimation) -> [Double] {
        let stage = Stage(width: 1, height: 1)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        layer.add(animation, forKey: "preview")
        let times = (0...keyframeSamples).map { min(Double($0) / Double(keyframeSamples), 1 - 1e-9) }
        return stage.sample("zPosition", of: layer, at: times).map { ($0.value as? CGFloat).map(Double.init) ?? 0 }
    }

    var isSpring: Bool {
        if case .spring = kind { return true }
        return false
    }

    /// The Bézier control points (x1, y1, x2, y2) of a timing function.
    var controlPoints: (Float, Float, Float, Float)? {
        guard case .function(let function, _) = kind else { return nil }
        var a: [Float] = [0, 0], b: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &a)
        function.getControlPoint(at: 2, values: &b)
        return (a[0], a[1], b[0], b[1])
    }

    /// The spring's settling duration (capped at 60 s for an undamped spring); 1 for curves.
    var settlingDuration: Double {
        guard case .spring(let spring, _) = kind else { return 1 }
        return min(spring.settlingDuration, 60)
    }

    /// Output at normalised input (curves) or progress at seconds (springs).
    func value(at t: Double) -> Double {
        switch kind {
        case .function(let function, _): return function.solve(forInput: t)
        case .spring(let spring, _): return spring.progress(atTime: t)
        case .keyframes(_, let samples):
            let x = min(max(t, 0), 1) * Double(samples.count - 1)
            let i = min(Int(x), samples.count - 2)
            return samples[i] + (samples[i + 1] - samples[i]) * (x - Double(i))
        }
    }

    /// The first sampled time after which the progress stays within `band` of 1.
    func settleTime(within band: Double, samples: [(Double, Double)]) -> Double? {
        guard let last = samples.lastIndex(where: { abs($0.1 - 1) > band }) else { return samples.first?.0 }
        return last + 1 < samples.count ? samples[last + 1].0 : nil
    }

    /// The chart title: the name and what it stands for.
    var title: String {
        switch kind {
        case .function:
            let p = controlPoints!
            return "\(name)  cubic-bezier(\([p.0, p.1, p.2, p.3].map { PlotAxis.format(Double($0)) }.joined(separator: ", ")))"
        case .keyframes(let animation, _):
            return "keyframes  values " + (animation.values ?? []).map { PlotAxis.format(($0 as! NSNumber).doubleValue) }.joined(separator: ", ")
                + "  at " + (animation.keyTimes ?? []).map { PlotAxis.format($0.doubleValue) }.joined(separator: ", ")
        case .spring(let spring, _):
            return "spring  mass \(PlotAxis.format(Double(spring.mass))), stiffness \(PlotAxis.format(Double(spring.stiffness))), damping \(PlotAxis.format(Double(spring.damping)))"
        }
    }

    /// The legend entry.
    var legend: String {
        switch kind {
        case .function: return name
        case .keyframes(let animation, _):
            return "keyframes" + (animation.timingFunctions.map { "  " + $0.map(\.preview).joined(separator: ", ") } ?? "  linear")
        case .spring(let spring, _):
            return "spring duration \(PlotAxis.format(spring.perceptualDuration, decimals: 2)) s, bounce \(PlotAxis.format(Double(spring.bounce), decimals: 2))"
        }
    }

    /// A spring's parameters both ways, its settling duration and overshoot.
    var springSummary: [String] {
        guard case .spring(let spring, _) = kind else { return [] }
        let peak = stride(from: 0.0, through: settlingDuration, by: settlingDuration / 4000).map(value(at:)).max() ?? 1
        return [
            "mass \(PlotAxis.format(Double(spring.mass), decimals: 4)), stiffness \(PlotAxis.format(Double(spring.stiffness), decimals: 4)), "
                + "damping \(PlotAxis.format(Double(spring.damping), decimals: 4)), initialVelocity \(PlotAxis.format(Double(spring.initialVelocity), decimals: 4))",
            "perceptualDuration \(PlotAxis.format(spring.perceptualDuration, decimals: 4)) s, bounce \(PlotAxis.format(Double(spring.bounce), decimals: 4))",
            String(format: "settling duration: %.4f s", settlingDuration),
            String(format: "overshoot: %.2f%%", max(0, peak - 1) * 100),
        ]
    }

    /// Swift that makes this curve with Core Animation.
    var swiftCode: String {
        switch kind {
        case .function(_, let named?):
            return "CAMediaTimingFunction(name: .\(named.rawValue))"
        case .function:
            let p = controlPoints!
            return "CAMediaTimingFunction(controlPoints: \([p.0, p.1, p.2, p.3].map { PlotAxis.format(Double($0), decimals: 4) }.joined(separator: ", ")))"
        case .keyframes(let animation, _):
            var lines = ["let animation = CAKeyframeAnimation(keyPath: \"position.x\")",
                         "animation.values = [" + (animation.values ?? []).map { PlotAxis.format(($0 as! NSNumber).doubleValue, decimals: 4) }.joined(separator: ", ") + "]",
                         "animation.keyTimes = [" + (animation.keyTimes ?? []).map { PlotAxis.format($0.doubleValue, decimals: 4) }.joined(separator: ", ") + "]"]
            if let functions = animation.timingFunctions {
                lines.append("animation.timingFunctions = [" + functions.map { "CAMediaTimingFunction(name: .\($0.preview))" }.joined(separator: ", ") + "]")
            }
            return lines.joined(separator: "\n")
        case .spring(let spring, let perceptual):
            if perceptual {
                return "let spring = CASpringAnimation(perceptualDuration: \(PlotAxis.format(spring.perceptualDuration, decimals: 4)), bounce: \(PlotAxis.format(Double(spring.bounce), decimals: 4)))"
            }
            var lines = ["let spring = CASpringAnimation(keyPath: \"position\")",
                         "spring.mass = \(PlotAxis.format(Double(spring.mass), decimals: 4))",
                         "spring.stiffness = \(PlotAxis.format(Double(spring.stiffness), decimals: 4))",
                         "spring.damping = \(PlotAxis.format(Double(spring.damping), decimals: 4))"]
            if spring.initialVelocity != 0 { lines.append("spring.initialVelocity = \(PlotAxis.format(Double(spring.initialVelocity), decimals: 4))") }
            lines.append("spring.duration = spring.settlingDuration")
            return lines.joined(separator: "\n")
        }
    }
}

extension CAMediaTimingFunction {
    /// The Core Animation name of a named curve, else its control points.
    var preview: String {
        var a: [Float] = [0, 0], b: [Float] = [0, 0]
        getControlPoint(at: 1, values: &a)
        getControlPoint(at: 2, values: &b)
        let points = [a[0], a[1], b[0], b[1]]
        for name in [CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            var c: [Float] = [0, 0], d: [Float] = [0, 0]
            let named = CAMediaTimingFunction(name: name)
            named.getControlPoint(at: 1, values: &c)
            named.getControlPoint(at: 2, values: &d)
            if [c[0], c[1], d[0], d[1]] == points { return name.rawValue }
        }
        return points.map { PlotAxis.format(Double($0)) }.joined(separator: ",")
    }
}
