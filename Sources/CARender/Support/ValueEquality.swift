/// Equality of property values of any type, for skipping actions on no-op changes: values of an
/// `Equatable` type compare with `==`, objects by identity, anything else counts as different.
enum ValueEquality {
    static func equal<Value>(_ a: Value, _ b: Value) -> Bool {
        if let a = a as? any Equatable {
            return isEqual(a, b)
        }
        if let a = a as? AnyObject, let b = b as? AnyObject {
            return a === b
        }
        return false
    }

    private static func isEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool {
        guard let b = b as? T else { return false }
        return a == b
    }
}
