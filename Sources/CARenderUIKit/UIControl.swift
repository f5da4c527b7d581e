import Foundation
import CARenderStage

/// The base of controls: UIKit's `UIControl`, with the states a control's look depends on.
/// (Touches do not exist here: a script's taps are `stage.at` turns that call the action.)
open class UIControl: UIView {
    /// The states a control can be in, as a set (UIKit's raw values).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// Control events, for source compatibility of `addTarget` calls.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    open var isEnabled = true { didSet { stateDidChange() } }
    open var isSelected = false { didSet { stateDidChange() } }
    open var isHighlighted = false { didSet { stateDidChange() } }

    /// The current state.
    open var state: State {
        var state = State.normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Called after `isEnabled`, `isSelected` or `isHighlighted` changes; subclasses refresh their look.
    func stateDidChange() {}

    /// The registered targets and actions, in the order they were added (see
    /// UIControl+TargetAction.swift).
    var controlTargets: [ControlTarget] = []

    /// Calls `action`'s method on `target` with the control and `event` as its arguments (as
    /// many as the method takes); a nil target means the first of the control, its superviews
    /// and their view controllers that implements it. `sendActions(for:)` calls it for each
    /// registered action; override it to watch or redirect a control's actions.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        performAction(action, to: target, for: event)
    }
}
