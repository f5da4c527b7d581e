import Foundation
import CARenderGeometry

/// The name of a method, and here also the method itself: what `#selector` produces.
///
/// On Apple's platforms a selector is only a name, and the Objective-C runtime finds the method of
/// that name on whatever object receives it. Swift on Linux has no such runtime, so carender's
/// selector carries the method: the script compiler turns `#selector(ViewController.tap(_:))`
/// into `Selector("tap:", method: ViewController.tap(_:))`, and target–action calls
/// (`UIControl.addTarget(_:action:for:)`, `Timer`, `CADisplayLink`, `perform(_:with:afterDelay:)`,
/// `NotificationCenter.addObserver(_:selector:name:object:)`) call that method on their target.
///
/// Two selectors are equal when their names are, as on Apple's platforms. A selector made from
/// a string (`Selector("tap:")`, `NSSelectorFromString`) has no method: sending it reports an
/// error naming the `#selector` to write instead.
public struct Selector: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: the binding holds an unapplied method reference, which captures
    // nothing; it is called only on the thread that runs the script.

    /// The Objective-C name: `tap:`, `animationDidStop:finished:context:`.
    public let name: String
    /// Calls the method on a target with the arguments given (missing ones are nil); nil when
    /// the selector was made from a string.
    let binding: Binding?

    struct Binding {
        /// Whether `target` is of the class that declares the method.
        let accepts: (AnyObject) -> Bool
        /// The number of arguments the method takes.
        let arity: Int
        /// Calls the method; the target must be accepted.
        let invoke: (AnyObject, [Any?]) -> Any?
    }

    /// A selector with a name only, as Apple's `Selector("name")` makes.
    public init(_ name: String) {
        self.name = name
        binding = nil
    }

    private init<Target: AnyObject>(name: String, arity: Int, target: Target.Type, invoke: @escaping (Target, [Any?]) -> Any?) {
        self.name = name
        binding = Binding(accepts: { $0 is Target }, arity: arity, invoke: { target, arguments in
            invoke(target as! Target, arguments)
        })
    }

    /// A selector named `name` that calls `method`, a method of `Target` taking no argument.
    public init<Target: AnyObject, Result>(_ name: String, method: @escaping (Target) -> () -> Result) {
        self.init(name: name, arity: 0, target: Target.self) { target, _ in method(target)() }
    }

    /// A selector named `name` that calls `method` with the sender (the control, timer, display
    /// link or notification).
    public init<Target: AnyObject, A, Result>(_ name: String, method: @escaping (Target) -> (A) -> Result) {
        self.init(name: name, arity: 1, target: Target.self) { target, arguments in
            method(target)(Self.argument(arguments, 0, as: A.self, for: name))
        }
    }

    /// A selector named `name` that calls a two-argument `method` (a control's sender and event).
    public init<Target: AnyObject, A, B, Result>(_ name: String, method: @escaping (Target) -> (A, B) -> Result) {
        self.init(name: name, arity: 2, target: Target.self) { target, arguments in
            method(target)(Self.argument(arguments, 0, as: A.self, for: name), Self.argument(arguments, 1, as: B.self, for: name))
        }
    }

    /// A selector named `name` that calls a three-argument `method` (a view animation's
    /// did-stop selector: identifier, finished, context).
    public init<Target: AnyObject, A, B, C, Result>(_ name: String, method: @escaping (Target) -> (A, B, C) -> Result) {
        self.init(name: name, arity: 3, target: Target.self) { target, arguments in
            method(target)(Self.argument(arguments, 0, as: A.self, for: name), Self.argument(arguments, 1, as: B.self, for: name),
                           Self.argument(arguments, 2, as: C.self, for: name))
        }
    }

    /// `#selector(method)` of a method the script does not declare (an inherited one): the
    /// name is `base` followed by one colon per argument of the method the compiler chose.
    public init<Target: AnyObject, Result>(methodNamed base: String, _ method: @escaping (Target) -> () -> Result) {
        self.init(base, method: method)
    }

    /// `#selector(method)` of an inherited method taking one argument: `base` and one colon.
    public init<Target: AnyObject, A, Result>(methodNamed base: String, _ method: @escaping (Target) -> (A) -> Result) {
        self.init(base + ":", method: method)
    }

    /// `#selector(method)` of an inherited method taking two arguments: `base` and two colons.
    public init<Target: AnyObject, A, B, Result>(methodNamed base: String, _ method: @escaping (Target) -> (A, B) -> Result) {
        self.init(base + "::", method: method)
    }

    /// `#selector(method)` of an inherited method taking three arguments: `base` and three colons.
    public init<Target: AnyObject, A, B, C, Result>(methodNamed base: String, _ method: @escaping (Target) -> (A, B, C) -> Result) {
        self.init(base + ":::", method: method)
    }

    /// `#selector(getter: Type.property)`: reads the property.
    public init<Target: AnyObject, Value>(getter name: String, _ property: KeyPath<Target, Value>) {
        self.init(name: name, arity: 0, target: Target.self) { target, _ in target[keyPath: property] }
    }

    /// `#selector(setter: Type.property)`: sets the property to the argument.
    public init<Target: AnyObject, Value>(setter name: String, _ property: ReferenceWritableKeyPath<Target, Value>) {
        self.init(name: name, arity: 1, target: Target.self) { target, arguments in
            target[keyPath: property] = Self.argument(arguments, 0, as: Value.self, for: name)
            return nil
        }
    }

    /// The argument at `index` as the method's parameter type.
    private static func argument<T>(_ arguments: [Any?], _ index: Int, as _: T.Type, for name: String) -> T {
        let value: Any? = index < arguments.count ? arguments[index] : nil
        if let typed = value as? T { return typed }
        if let empty = (T.self as? any ExpressibleByNilLiteral.Type)?.init(nilLiteral: ()) as? T {
            return empty
        }
        fatalError("\(name): argument \(index + 1) is \(value.map { "a \(type(of: $0))" } ?? "nil"), but the method takes a \(T.self)")
    }

    // MARK: - Sending

    /// Whether `target` has the method: the selector carries one and the target is of its class.
    package func isImplemented(by target: AnyObject) -> Bool {
        binding?.accepts(target) ?? false
    }

    /// Calls the method on `target` with `arguments` (as many as the method takes; missing ones
    /// are nil), returning its result. A selector without a method, or a target of another
    /// class, is reported as an error (Apple's runtime raises "unrecognized selector sent to
    /// instance") and nothing is called.
    @discardableResult
    package func send(to target: AnyObject, arguments: [Any?] = []) -> Any? {
        guard let binding else {
            Diagnostics.error("Selector(\"\(name)\") was made from a string, which needs the Objective-C runtime to find its method; write #selector(TypeName.method) so carender can call it")
            return nil
        }
        guard binding.accepts(target) else {
            Diagnostics.error("unrecognized selector \(name) sent to an instance of \(type(of: target)) (the method belongs to another class)")
            return nil
        }
        return binding.invoke(target, Array(arguments.prefix(binding.arity)))
    }

    /// The selector's method name.
    public var description: String { name }

    /// Whether two selectors name the same method.
    public static func == (a: Selector, b: Selector) -> Bool { a.name == b.name }

    /// Hashes the method name, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// The selector's name, as Foundation's `NSStringFromSelector` returns it.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }

/// A selector with the name `name` and no method (see `Selector`): `#selector` makes one that
/// can be sent.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
