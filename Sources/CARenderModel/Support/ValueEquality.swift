/// Equality of property values of any type, for skipping actions on no-op changes: values of an
/// `Equatable` type compare with `==`, objects by identity, nil with nil; anything else counts as
/// different.
enum ValueEquality {
    static func equal<Value>(_ a: Value, _ b: Value) -> Bool {
        if let a = a as? any Equatable {
            return isEqual(a, b)
        }
        switch (unwrapped(a), unwrapped(b)) {
        case (nil, nil):
            return true
        case let (x?, y?) where type(of: x) is AnyClass && type(of: y) is AnyClass:
            return (x as AnyObject) === (y as AnyObject)
        default:
            return false
        }
    }

    private static func isEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool {
        guard let b = b as? T else { return false }
        return a == b
    }

    /// The value inside any number of optionals, or nil.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let child = mirror.children.first else { return nil }
        return unwrapped(child.value)
    }
}
