import ArgumentParser
import CARender
import Foundation

/// `carender ease CURVE`: samples a timing function or spring, prints the table and optionally
/// plots it to a PNG with carender's own renderer.
struct EaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ease",
        abstract: "Preview a timing curve or a spring: a table of values, and a PNG plot.",
        discussion: """
            CURVE is one of:
              linear | easeIn | easeOut | easeInEaseOut | default   Core Animation's named curves
              x1,y1,x2,y2                                         CAMediaTimingFunction(controlPoints:)
              spring[:mass=M,stiffness=K,damping=C,velocity=V]    CASpringAnimation (defaults 1, 100, 10, 0)
              spring:duration=D,bounce=B                          CASpringAnimation(perceptualDuration:bounce:)
            Curves are sampled over normalised time 0…1; springs over seconds, up to their settling duration \
            unless --duration says otherwise.
            """
    )

    @Argument(help: "The curve to preview (see below).")
    var curve: String

    @Option(help: "How many evenly spaced samples to print (at least 2).")
    var samples: Int = 11

    @Option(help: "For springs: seconds to sample (default: the settling duration).")
    var duration: Double?

    @Option(help: "Write a plot of the curve to this PNG file.")
    var plot: String?

    func validate() throws {
        guard samples >= 2, samples <= 100_000 else { throw ValidationError("--samples must be between 2 and 100000") }
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration must be a positive number of seconds")
        }
        _ = try EasingCurve(parsing: curve)
    }

    func run() throws {
        let easing = try EasingCurve(parsing: curve)
        let span = easing.isSpring ? (duration ?? easing.settlingDuration) : 1
        print(easing.isSpring ? "time(s)\tprogress" : "input\toutput")
        for i in 0..<samples {
            let t = span * Double(i) / Double(samples - 1)
            print(String(format: "%.4f\t%.6f", t, easing.value(at: t)))
        }
        if easing.isSpring {
            print(String(format: "settling duration: %.4f s", easing.settlingDuration))
        }
        if let plot {
            let image = EasePlot.render(easing, span: span)
            do {
                try image.writePNG(to: URL(fileURLWithPath: plot))
            } catch {
                throw CLIError("cannot write the plot: \(error)")
            }
            print("plot written to \(plot)")
        }
    }
}

/// A timing function or a spring, parsed from the `ease` command's argument.
struct EasingCurve {
    private enum Kind {
        case function(CAMediaTimingFunction)
        case spring(CASpringAnimation)
    }

    private let kind: Kind

    init(parsing text: String) throws {
        let names: [String: CAMediaTimingFunctionName] = [
            "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
            "easeInEaseOut": .easeInEaseOut, "default": .default,
        ]
        if let name = names[text] {
            kind = .function(CAMediaTimingFunction(name: name))
            return
        }
        if text == "spring" || text.hasPrefix("spring:") {
            kind = .spring(try EasingCurve.spring(from: String(text.dropFirst("spring".count).drop(while: { $0 == ":" }))))
            return
        }
        let numbers = text.split(separator: ",").map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, numbers.allSatisfy({ $0?.isFinite == true }) else {
            throw ValidationError("'\(text)' is not a curve: use a name (linear, easeIn, easeOut, easeInEaseOut, default), four control-point numbers x1,y1,x2,y2, or spring[:...]")
        }
        let p = numbers.map { $0! }
        guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
            throw ValidationError("control point x values must lie in 0…1 (got \(p[0]) and \(p[2]))")
        }
        kind = .function(CAMediaTimingFunction(controlPoints: p[0], p[1], p[2], p[3]))
    }

    private static func spring(from parameters: String) throws -> CASpringAnimation {
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
            return CASpringAnimation(perceptualDuration: duration, bounce: CGFloat(values["bounce"] ?? 0))
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
        return spring
    }

    var isSpring: Bool {
        if case .spring = kind { return true }
        return false
    }

    /// The spring's settling duration (capped at 60 s for an undamped spring); 1 for curves.
    var settlingDuration: Double {
        guard case .spring(let spring) = kind else { return 1 }
        return min(spring.settlingDuration, 60)
    }

    /// Output at normalised input (curves) or progress at seconds (springs).
    func value(at t: Double) -> Double {
        switch kind {
        case .function(let function): return function.solve(forInput: t)
        case .spring(let spring): return spring.progress(atTime: t)
        }
    }
}
