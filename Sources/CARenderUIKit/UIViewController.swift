import Foundation

/// Manages a view: the view is made on first access (`loadView()`, then `viewDidLoad()`), as
/// UIKit does. The default `loadView()` makes a plain view with a zero frame; whoever shows the
/// controller (the script, standing in for the window) sizes it.
open class UIViewController: NSObject {
    private var loadedView: UIView?

    /// Creates a view controller; its view loads on first access.
    public override init() {
        super.init()
    }

    /// The root view, loaded on first access.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: .zero) }
                loadedView?.owningViewController = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// Whether the view has been loaded.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Makes the root view; override to build your own and assign it to `view`.
    open func loadView() {
        loadedView = UIView(frame: .zero)
    }

    /// Called once the view is loaded; override to build the view hierarchy.
    open func viewDidLoad() {}
}
