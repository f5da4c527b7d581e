import Foundation

/// A view that shows an image as its layer's contents, placed by the view's `contentMode`
/// (scale to fill by default). A template image (`withRenderingMode(.alwaysTemplate)`) is drawn
/// in the view's `tintColor`.
open class UIImageView: UIView {
    /// The image shown; nil shows nothing.
    open var image: UIImage? {
        didSet { showImage() }
    }

    /// A view the size of `image`, showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        showImage()
    }

    /// The image's size: an image view's natural size.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size (zero without an image), whatever size is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// Redraws a template image in the new tint colour.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        showImage()
    }

    private func showImage() {
        if let image, image.renderingMode == .alwaysTemplate {
            layer.contents = image.tinted(with: tintColor)
        } else {
            layer.contents = image?.cgImage
        }
        layer.contentsScale = image?.scale ?? 1
    }
}
