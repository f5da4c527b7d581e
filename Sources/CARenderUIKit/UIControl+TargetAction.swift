import Foundation
import CARenderStage

// Target–action, as UIKit's controls do it: `addTarget(_:action:for:)` registers a method (a
// `#selector`, which carender's script compiler binds to the method itself) for a set of control
// events, and `sendActions(for:)` calls every registered method whose events it names, in the
// order they were added, with the control as the sender. There are no touches here: a script's
// taps are `stage.at` turns that call `sendActions(for: .touchUpInside)`.

extension UIControl.Event {
    /// A repeated touch-down in the control.
    public static let touchDownRepeat = UIControl.Event(rawValue: 1 << 1)
    /// A finger dragged within the control.
    public static let touchDragInside = UIControl.Event(rawValue: 1 << 2)
    /// A finger dragged outside the control.
    public static let touchDragOutside = UIControl.Event(rawValue: 1 << 3)
    /// A finger dragged into the control.
    public static let touchDragEnter = UIControl.Event(rawValue: 1 << 4)
    /// A finger dragged out of the control.
    public static let touchDragExit = UIControl.Event(rawValue: 1 << 5)
    /// A finger lifted outside the control.
    public static let touchUpOutside = UIControl.Event(rawValue: 1 << 7)
    /// A cancelled touch.
    public static let touchCancel = UIControl.Event(rawValue: 1 << 8)
    /// A menu action triggered by the control.
    public static let menuActionTriggered = UIControl.Event(rawValue: 1 << 14)
    /// Editing began in a text control.
    public static let editingDidBegin = UIControl.Event(rawValue: 1 << 16)
    /// An edit in a text control.
    public static let editingChanged = UIControl.Event(rawValue: 1 << 17)
    /// Editing ended in a text control.
    public static let editingDidEnd = UIControl.Event(rawValue: 1 << 18)
    /// Editing ended in a text control with the return key.
    public static let editingDidEndOnExit = UIControl.Event(rawValue: 1 << 19)
    /// All the touch events.
    public static let allTouchEvents = UIControl.Event(rawValue: 0x0000_0FFF)
    /// All the editing events of text controls.
    public static let allEditingEvents = UIControl.Event(rawValue: 0x000F_0000)
    /// A range of event values for your app's own use.
    public static let applicationReserved = UIControl.Event(rawValue: 0x0F00_0000)
    /// A range of event values reserved for the framework.
    public static let systemReserved = UIControl.Event(rawValue: 0xF000_0000)
    /// All events, including the system ones.
    public static let allEvents = UIControl.Event(rawValue: 0xFFFF_FFFF)
}

/// An event that made a control send its actions. carender has no touches, so the events it
/// passes are empty; the type exists for action methods declared `(_ sender:, forEvent:)`.
open class UIEvent: NSObject {}

/// An action with a closure handler: UIKit's closure form of target–action (iOS 14).
open class UIAction: NSObject {
    /// The action's title (kept, not shown).
    open var title: String
    /// The control that sent the action, while its handler runs.
    open private(set) weak var sender: AnyObject?
    private let handler: (UIAction) -> Void

    /// Creates an action with a title and the closure to run when a control sends it.
    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }

    func perform(sender: AnyObject) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}

/// One registration of `addTarget(_:action:for:)` or `addAction(_:for:)`.
struct ControlTarget {
    /// Held weakly, as UIKit's controls do not keep their targets.
    weak var target: AnyObject?
    /// Whether the registration was made with a nil target (the responder chain answers).
    var usesResponderChain: Bool
    var action: Selector?
    var closure: UIAction?
    var events: UIControl.Event
}

extension UIControl {
    /// Registers `action` on `target` for `controlEvents`. A nil target sends the action to the
    /// first object of the responder chain (the control, its superviews, their view
    /// controllers) that implements it. Adding the same target and action again adds events.
    public func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        if let index = controlTargets.firstIndex(where: { $0.closure == nil && $0.target === object && $0.action == action
                                                           && $0.usesResponderChain == (object == nil) }) {
            controlTargets[index].events.formUnion(controlEvents)
            return
        }
        controlTargets.append(ControlTarget(target: object, usesResponderChain: object == nil, action: action,
                                            closure: nil, events: controlEvents))
    }

    /// Removes `action` (every action when nil) of `target` (every target when nil) for
    /// `controlEvents`.
    public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        for index in controlTargets.indices where controlTargets[index].closure == nil
            && (object == nil || controlTargets[index].target === object)
            && (action == nil || controlTargets[index].action == action) {
            controlTargets[index].events.subtract(controlEvents)
        }
        controlTargets.removeAll { $0.events.isEmpty }
    }

    /// Registers a closure action for `controlEvents`.
    public func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        controlTargets.append(ControlTarget(target: nil, usesResponderChain: false, action: nil, closure: action, events: controlEvents))
    }

    /// Removes a closure action for `controlEvents`.
    public func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        for index in controlTargets.indices where controlTargets[index].closure === action {
            controlTargets[index].events.subtract(controlEvents)
        }
        controlTargets.removeAll { $0.events.isEmpty }
    }

    /// The targets of the registered actions (a nil target appears as `NSNull`).
    public var allTargets: Set<AnyHashable> {
        Set(controlTargets.compactMap { entry -> AnyHashable? in
            guard entry.closure == nil else { return nil }
            if entry.usesResponderChain { return NSNull() }
            guard let target = entry.target else { return nil }
            return (target as? NSObject).map(AnyHashable.init) ?? AnyHashable(ObjectIdentifierHashable(target))
        })
    }

    /// The events some action is registered for.
    public var allControlEvents: UIControl.Event {
        controlTargets.reduce(into: []) { $0.formUnion($1.events) }
    }

    /// The names of the actions `target` has for `controlEvent`, nil when none.
    public func actions(forTarget target: Any?, forControlEvent controlEvent: UIControl.Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = controlTargets.compactMap { entry -> String? in
            guard let action = entry.action, entry.events.contains(controlEvent),
                  object == nil ? entry.usesResponderChain : entry.target === object else { return nil }
            return action.name
        }
        return names.isEmpty ? nil : names
    }

    /// Sends the actions registered for any of `controlEvents`, in the order they were added.
    public func sendActions(for controlEvents: UIControl.Event) {
        // A copy: an action may add or remove targets.
        for entry in controlTargets where !entry.events.isDisjoint(with: controlEvents) {
            if let closure = entry.closure {
                closure.perform(sender: self)
            } else if let action = entry.action {
                if entry.usesResponderChain {
                    sendAction(action, to: nil, for: UIEvent())
                } else if let target = entry.target {
                    sendAction(action, to: target, for: UIEvent())
                }
            }
        }
    }

    /// `sendAction(_:to:for:)` as UIKit implements it: `action`'s method on `target` with the
    /// control and `event` as its arguments (as many as the method takes); a nil target means
    /// the first object of the responder chain that implements it.
    func performAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        let receiver = target.map { $0 as AnyObject } ?? firstResponder(implementing: action)
        guard let receiver else { return }
        action.send(to: receiver, arguments: [self, event])
    }

    /// The first of the control, its superviews and their view controllers whose class has the
    /// method of `action`.
    private func firstResponder(implementing action: Selector) -> AnyObject? {
        var view: UIView? = self
        while let current = view {
            if action.isImplemented(by: current) { return current }
            if let controller = current.owningViewController, action.isImplemented(by: controller) { return controller }
            view = current.superview
        }
        return nil
    }
}

/// An object in a `Set<AnyHashable>` by identity (`allTargets`).
struct ObjectIdentifierHashable: Hashable {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
    static func == (a: Self, b: Self) -> Bool { a.object === b.object }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
}
