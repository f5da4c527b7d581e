/// A value of any type (`contents`, the image a contents cross-dissolve starts from) held as one
/// reference, so that `LayerState` holding it stays a loadable value.
///
/// A struct with an `Any` field is address-only: the compiler then reads a field of a state
/// reached through a pointer, or calls one of the state's methods, by copying the whole state
/// first, retaining every reference it holds (measured in the compositor: a full copy of the
/// layer's state per field read, several per layer per frame). A class instance — a `CGImage`,
/// what `contents` almost always is — is held as itself; any other value in a box, allocated
/// when it is set.
package enum HeldValue {
    case object(AnyObject)
    case boxed(Box)

    /// Holds a value that is not a class instance.
    package final class Box {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    package init(_ value: Any) {
        if type(of: value) is AnyObject.Type {
            self = .object(value as AnyObject)
        } else {
            self = .boxed(Box(value))
        }
    }

    /// The value as it was set.
    package var value: Any {
        switch self {
        case .object(let object): object
        case .boxed(let box): box.value
        }
    }
}

extension Optional where Wrapped == HeldValue {
    /// Holds `value`, or nothing for nil.
    init(holding value: Any?) {
        self = value.map(HeldValue.init)
    }
}
