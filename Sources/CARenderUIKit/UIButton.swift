import Foundation

/// A control that shows a title and an image: UIKit's `UIButton`, with a title, title colour,
/// image and background image per state, laid out as UIKit lays out a button without a
/// configuration: image then title, centred together in the bounds less `contentEdgeInsets`,
/// each moved by its own edge insets (which, as in UIKit, leave the button's natural size alone).
open class UIButton: UIControl {
    /// Button styles: a system button's title and template images take the tint colour.
    public enum ButtonType: Int, Sendable {
        /// A button with no style of its own: white title, images as they are.
        case custom = 0
        /// A system button: its title and images take the tint colour.
        case system = 1
        /// A detail disclosure button. carender draws no glyph for it: only the title and images set.
        case detailDisclosure = 2
        /// An information button for dark backgrounds. carender draws no glyph for it.
        case infoLight = 3
        /// An information button for light backgrounds. carender draws no glyph for it.
        case infoDark = 4
        /// An add-contact button. carender draws no glyph for it.
        case contactAdd = 5
        /// A close button. carender draws no glyph for it.
        case close = 7
        /// A rounded-rectangle button: the same as `system`, as in UIKit since iOS 7.
        public static let roundedRect = ButtonType.system
    }

    /// The button's type, fixed when it is created.
    public let buttonType: ButtonType
    private let label = UILabel()
    private let image = UIImageView()
    private let background = UIImageView()
    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// Space around the title and image together (moves them and grows the natural size).
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// Moves the title within its place (positive insets push it away from that edge).
    open var titleEdgeInsets: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// Moves the image within its place.
    open var imageEdgeInsets: UIEdgeInsets = .zero { didSet { invalidateLayout() } }

    /// Vertical space a title adds above and below its line: a system button's 15-point title
    /// (an 18-point line) makes a 30-point-tall button, UIKit's standard.
    static let titlePadding: CGFloat = 6

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
        background.isHidden = true
        image.isHidden = true
        addSubview(background)
        addSubview(image)
        addSubview(label)
        refresh()
    }

    /// The label that shows the current title.
    open var titleLabel: UILabel? { label }
    /// The view that shows the current image (nil while there is none, as in UIKit).
    open var imageView: UIImageView? { currentImage == nil ? nil : image }

    // MARK: - Per-state content

    /// Sets the title to use for a state.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refresh()
    }

    /// The title of a state: its own, else the normal state's.
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    /// Sets the styled title to use for a state; it takes precedence over the plain title.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title
        refresh()
    }

    /// The styled title of a state: its own, else the normal state's.
    open func attributedTitle(for state: State) -> NSAttributedString? {
        attributedTitles[state.rawValue] ?? attributedTitles[State.normal.rawValue]
    }

    /// Sets the colour of the title for a state.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        refresh()
    }

    /// The title colour of a state: its own, else the normal state's, else the button type's
    /// default (white for custom buttons, the tint colour for system ones; dimmed when disabled).
    open func titleColor(for state: State) -> UIColor? {
        if let color = titleColors[state.rawValue] ?? titleColors[State.normal.rawValue] { return color }
        let base: UIColor = buttonType == .custom ? .white : tintColor
        return state.contains(.disabled) && buttonType != .custom ? base.withAlphaComponent(0.35) : base
    }

    /// Sets the image to use for a state; a system button draws it as a template in its tint
    /// colour unless its rendering mode is `.alwaysOriginal`.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        refresh()
    }

    /// The image of a state: its own, else the normal state's.
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[State.normal.rawValue] }

    /// Sets the background image to use for a state, stretched to the button's bounds.
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        refresh()
    }

    /// The background image of a state: its own, else the normal state's.
    open func backgroundImage(for state: State) -> UIImage? {
        backgroundImages[state.rawValue] ?? backgroundImages[State.normal.rawValue]
    }

    /// The title shown for the button's current state.
    open var currentTitle: String? { title(for: state) }
    /// The title colour for the button's current state.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    /// The styled title shown for the button's current state.
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    /// The image shown for the button's current state.
    open var currentImage: UIImage? { image(for: state) }
    /// The background image shown for the button's current state.
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    // MARK: - Size and layout

    /// The title's and image's size side by side (the title 6 points taller above and below),
    /// plus `contentEdgeInsets`.
    open override var intrinsicContentSize: CGSize {
        let title = titleSize, picture = currentImage?.size ?? .zero
        let insets = contentEdgeInsets
        let height = max(title.height > 0 ? title.height + 2 * Self.titlePadding : 0, picture.height)
        return CGSize(width: title.width + picture.width + insets.left + insets.right,
                      height: height + insets.top + insets.bottom)
    }

    /// The button's natural size, `intrinsicContentSize`, whatever size is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    private var titleSize: CGSize {
        let hasTitle = !(currentTitle ?? "").isEmpty || (currentAttributedTitle?.length ?? 0) > 0
        return hasTitle ? label.intrinsicContentSize : .zero
    }

    /// The button's frame; setting it lays out the title and image again.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue; layoutContent() }
    }

    /// The button's bounds; setting it lays out the title and image again.
    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = newValue; layoutContent() }
    }

    override func stateDidChange() { refresh() }

    /// Redraws the title and template images in the new tint colour.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refresh()
    }

    /// Re-places the title and image (after a change to `titleLabel`'s font, say).
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutContent()
    }

    private func invalidateLayout() { layoutContent() }

    private func refresh() {
        if let attributed = currentAttributedTitle {
            label.attributedText = attributed
        } else {
            label.text = currentTitle
            label.textColor = currentTitleColor
        }
        if let picture = currentImage {
            // A system button draws its images as templates in its tint unless told otherwise.
            let template = picture.renderingMode == .alwaysTemplate
                || (buttonType == .system && picture.renderingMode == .automatic)
            image.image = template ? picture.withRenderingMode(.alwaysTemplate) : picture
            image.tintColor = tintColor
            image.isHidden = false
        } else {
            image.image = nil
            image.isHidden = true
        }
        background.image = currentBackgroundImage
        background.isHidden = currentBackgroundImage == nil
        layoutContent()
    }

    /// Image then title, centred together within the bounds less `contentEdgeInsets`, each
    /// offset by its own insets.
    private func layoutContent() {
        let box = bounds
        background.frame = CGRect(origin: .zero, size: box.size)
        let area = CGRect(origin: .zero, size: box.size).inset(by: contentEdgeInsets)
        let title = titleSize, picture = currentImage?.size ?? .zero
        let titleWidth = min(title.width, max(area.width - picture.width, 0))
        let left = area.minX + (area.width - titleWidth - picture.width) / 2
        image.frame = CGRect(x: left, y: area.minY + (area.height - picture.height) / 2,
                             width: picture.width, height: picture.height).offset(by: imageEdgeInsets)
        label.frame = CGRect(x: left + picture.width, y: area.minY + (area.height - title.height) / 2,
                             width: titleWidth, height: title.height).offset(by: titleEdgeInsets)
    }
}

private extension CGRect {
    /// Moved by edge insets as UIKit moves a button's title or image: right by left − right,
    /// down by top − bottom, halved (the rect stays centred in its shrunken place).
    func offset(by insets: UIEdgeInsets) -> CGRect {
        offsetBy(dx: (insets.left - insets.right) / 2, dy: (insets.top - insets.bottom) / 2)
    }
}
