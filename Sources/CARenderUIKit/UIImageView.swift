import Foundation

/// A view that shows an image as its layer's contents, placed by the view's `contentMode`
/// (scale to fill by default).
open class UIImageView: UIView {
    /// The image shown; nil shows nothing.
    open var image: UIImage? {
        didSet {
            layer.contents = image?.cgImage
            layer.contentsScale = image?.scale ?? 1
        }
    }

    /// A view the size of `image`, showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
    }
}
