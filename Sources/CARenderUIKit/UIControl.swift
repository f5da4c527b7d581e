import Foundation
import CARenderStage

/// The base of controls: UIKit's `UIControl`, with the states a control's look depends on.
/// (Touches do not exist here: a script's taps are `stage.at` turns that call the action.)
open class UIControl: UIView {
    /// The states a control can be in, as a set (UIKit's raw values).
    public struct State: OptionSet, Hashable, Sendable {
        /// The states' bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates a set of states from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The default state: enabled, not selected, not highlighted.
        public static let normal = State([])
        /// The highlighted state, as while a finger is down on the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The disabled state (`isEnabled` false).
        public static let disabled = State(rawValue: 1 << 1)
        /// The selected state (`isSelected` true).
        public static let selected = State(rawValue: 1 << 2)
        /// The focused state. `state` never contains it: carender has no focus.
        public static let focused = State(rawValue: 1 << 3)
    }

    /// The events a control sends actions for. carender sends none on its own (there are no
    /// touches): a script sends them with `sendActions(for:)`.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The events' bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates a set of events from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch-down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A finger lifted inside the control: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A change of the control's value.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action, such as a button's tap.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// Whether the control is enabled; a disabled control draws in its disabled state.
    open var isEnabled = true { didSet { stateDidChange() } }
    /// Whether the control is selected.
    open var isSelected = false { didSet { stateDidChange() } }
    /// Whether the control is highlighted.
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
