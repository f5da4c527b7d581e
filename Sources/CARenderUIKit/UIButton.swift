import Foundation

/// A control that shows a title: UIKit's `UIButton`, with a title and title colour per state and
/// the `titleLabel` that draws them, centred in the bounds.
open class UIButton: UIControl {
    /// Button styles; they differ here only in the default title colour.
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure = 2
        case infoLight = 3
        case infoDark = 4
        case contactAdd = 5
        case close = 7
        public static let roundedRect = ButtonType.system
    }

    public let buttonType: ButtonType
    private let label = UILabel()
    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]

    /// A button of `buttonType` with a zero frame.
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        setUp()
    }

    /// A custom button.
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        setUp()
    }

    /// Declared for source compatibility, as `UIView`'s is: a custom button with a zero frame.
    public override init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        // UIKit's button title: the 15-point system font, middle truncation.
        label.font = .systemFont(ofSize: 15)
        label.lineBreakMode = .byTruncatingMiddle
        label.textAlignment = .center
        addSubview(label)
        refresh()
    }

    /// The label that shows the current title (nil while there is none, as in UIKit for system
    /// buttons before a title is set: here always the label).
    open var titleLabel: UILabel? { label }

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refresh()
    }

    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title
        refresh()
    }

    open func attributedTitle(for state: State) -> NSAttributedString? {
        attributedTitles[state.rawValue] ?? attributedTitles[State.normal.rawValue]
    }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        refresh()
    }

    /// The title colour of a state: its own, else the normal state's, else the button type's
    /// default (white for custom buttons, the system blue for system ones; dimmed when disabled).
    open func titleColor(for state: State) -> UIColor? {
        if let color = titleColors[state.rawValue] ?? titleColors[State.normal.rawValue] { return color }
        let base: UIColor = buttonType == .custom ? .white : .systemBlue
        return state.contains(.disabled) && buttonType != .custom ? base.withAlphaComponent(0.35) : base
    }

    open var currentTitle: String? { title(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue; layoutTitle() }
    }

    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = newValue; layoutTitle() }
    }

    override func stateDidChange() { refresh() }

    /// Re-centres the title (after a change to `titleLabel`'s font, say).
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutTitle()
    }

    private func refresh() {
        if let attributed = currentAttributedTitle {
            label.attributedText = attributed
        } else {
            label.text = currentTitle
            label.textColor = currentTitleColor
        }
        layoutTitle()
    }

    /// The title at its natural size (no wider than the button), centred.
    private func layoutTitle() {
        let box = bounds
        let size = label.intrinsicContentSize
        let width = min(size.width, box.width)
        label.frame = CGRect(x: (box.width - width) / 2, y: (box.height - size.height) / 2, width: width,
                             height: size.height)
    }
}
