import Foundation
import CARenderGeometry

/// A single-keyframe animation of a property between two values.
///
/// Any of `fromValue`, `toValue` and `byValue` may be nil (the combinations `CABasicAnimation` documents); a missing end is
/// the property's *live* model value, read again at every frame, so changing the model while
/// the animation runs bends its path.
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value.
    open var fromValue: Any? {
        get { settings.basic.fromValue }
        set { settings.basic.fromValue = newValue }
    }
    /// The end value.
    open var toValue: Any? {
        get { settings.basic.toValue }
        set { settings.basic.toValue = newValue }
    }
    /// A relative value: end = from + by, or start = to − by.
    open var byValue: Any? {
        get { settings.basic.byValue }
        set { settings.basic.byValue = newValue }
    }

    /// `fromValue`, `toValue` and `byValue` converted once, when the animation is added.
    private var compiledValues: (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?) = (nil, nil, nil)

    override func compileValues(template: AnimatableValue?) {
        compiledValues = (animatable(fromValue, like: template), animatable(toValue, like: template),
                          animatable(byValue, like: template))
    }

    /// Between fixed endpoints of a whole numeric property, the animation evaluates as a
    /// `TypedBasicTrack`. Not for subclasses (a spring computes its own fraction), value
    /// functions, or an end that is the live model value.
    override func makeCompiledEvaluation(track: PropertyTrack, keeping objects: inout CompiledObjects) -> CompiledEvaluation? {
        // Subclasses other than the spring may change the evaluation; value functions map
        // numbers to transforms.
        let fraction: BasicFractionSource
        if type(of: self) == CABasicAnimation.self {
            fraction = .timing(timingFunction.map { objects.keepShared($0) })
        } else if type(of: self) == CASpringAnimation.self, let spring = self as? CASpringAnimation {
            fraction = .spring(objects.keep(SpringCurveBox(spring.curve)))
        } else {
            return nil
        }
        guard valueFunction == nil, let slot = track.slot ?? track.fieldSlot else { return nil }
        let values = compiledValues
        switch slot.kind {
        case .cgFloat, .float, .transformField:
            return TypedBasicTrack<Double>(self, slot: slot, fraction: fraction, values: values).map { .number($0) }
        case .point:
            return TypedBasicTrack<CGPoint>(self, slot: slot, fraction: fraction, values: values).map { .point($0) }
        case .size:
            return TypedBasicTrack<CGSize>(self, slot: slot, fraction: fraction, values: values).map { .size($0) }
        case .rect:
            return TypedBasicTrack<CGRect>(self, slot: slot, fraction: fraction, values: values).map { .rect(objects.keep(BasicTrackBox($0))) }
        case .transform:
            return TypedBasicTrack<CATransform3D>(self, slot: slot, fraction: fraction, values: values).map { .transform(objects.keep(TransformTrack($0))) }
        }
    }

    /// The start and end values given the model value `model`: both set wins; `by` is added to
    /// `from` or subtracted from `to`; the model fills whichever end is missing. With all three
    /// set, `byValue` is ignored (CABasicAnimation's documented combinations).
    func endpoints(model: AnimatableValue?) -> (start: AnimatableValue, end: AnimatableValue)? {
        let (from, to, by) = compiledValues
        let anyEnd = from ?? to ?? by
        let base = model ?? anyEnd.flatMap { AnimatableValue.neutral(like: $0) }
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, AnimatableValue.add(f, b))
        case (nil, let t?, let b?): return (AnimatableValue.subtract(t, b), t)
        case (let f?, nil, nil): return base.map { (f, $0) }
        case (nil, let t?, nil): return base.map { ($0, t) }
        case (nil, nil, let b?): return base.map { ($0, AnimatableValue.add($0, b)) }
        case (nil, nil, nil): return base.map { ($0, $0) }
        }
    }

    /// The interpolation fraction for a sample: the timing function applied to the progress.
    func interpolationFraction(_ sample: TimingSample) -> Double {
        curvedProgress(sample)
    }

    override func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        guard let track = compiledTrack() else {
            if let customKey { applyToCustomKey(customKey, sample, to: &accumulator) }
            return
        }
        if let compiledEvaluation { return compiledEvaluation.apply(sample, to: &accumulator) }
        let model = baseValue(track, in: &accumulator)
        guard let (start, end) = endpoints(model: model) else { return }
        let fraction = interpolationFraction(sample)
        if track.isContents, case .discrete(let from) = start, case .discrete(let to) = end {
            // Images cross-dissolve instead of switching, as Core Animation animates `contents`.
            accumulator.state.contents = to
            accumulator.state.contentsCrossfade = ContentsCrossfade(from: from, fraction: min(max(fraction, 0), 1))
            return
        }
        let value = AnimatableValue.interpolate(start, end, fraction)
        let cycleEnd = autoreverses ? start : end
        write(accumulate(value, cycleEnd: cycleEnd, sample: sample), at: track, to: &accumulator)
    }
}
