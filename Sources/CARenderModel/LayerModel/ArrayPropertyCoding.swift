import Foundation
import CARenderGeometry

// Codings for the array-valued properties of layer subclasses (`colors`, `locations`,
// `lineDashPattern`). Arrays animate element by element when the counts match and switch
// otherwise (see `AnimatableValue.interpolate`).

extension PropertyCoding where Value == [CGColor]? {
    /// An optional array of colours (`CAGradientLayer.colors`); nil or `NSNull` clears it.
    static var colors: Self {
        Self(coerce: coerceToOptionalColors, box: { $0 }, animatable: { colors in
            colors.map { .array($0.map { AnimatableValue(color: $0) }) }
        })
    }
}

extension PropertyCoding where Value == [CGFloat]? {
    /// An optional array of numbers (`locations`, `lineDashPattern`), read back as `NSNumber`s.
    static var numbers: Self {
        Self(coerce: coerceToOptionalNumbers, box: { $0.map { $0.map { NSNumber(value: Double($0)) } } },
             animatable: { numbers in numbers.map { .array($0.map { .number(Double($0), .cgFloat) }) } })
    }
}

/// Colours from an array of `CGColor`s (as `[Any]`, `[CGColor]` or `NSArray`); nil or `NSNull`
/// clears; nil (a type error) when an element is not a colour.
func coerceToOptionalColors(_ any: Any?) -> [CGColor]?? {
    guard let any, !(any is NSNull) else { return .some(nil) }
    if let colors = any as? [CGColor] { return .some(colors) }
    guard let items = any as? [Any] else { return nil }
    var colors: [CGColor] = []
    for item in items {
        guard let color = item as? CGColor else { return nil }
        colors.append(color)
    }
    return .some(colors)
}

/// Numbers from an array of `NSNumber`s or Swift numbers; nil or `NSNull` clears; nil (a type
/// error) when an element is not a number.
func coerceToOptionalNumbers(_ any: Any?) -> [CGFloat]?? {
    guard let any, !(any is NSNull) else { return .some(nil) }
    if let numbers = any as? [CGFloat] { return .some(numbers) }
    guard let items = any as? [Any] else { return nil }
    var numbers: [CGFloat] = []
    for item in items {
        guard !(item is Bool), let n = coerceToCGFloat(item) else { return nil }
        numbers.append(n)
    }
    return .some(numbers)
}
