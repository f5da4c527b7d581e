import Foundation
import CARenderModel

extension CADisplayLink {
    /// A display link that calls `selector`'s method on `target`, with the link as its
    /// argument, at every frame once added to a run loop: Apple's initializer, over the closure
    /// form (the script compiler binds `#selector(tick(_:))` to the method itself). The link
    /// keeps the target, as Apple's does, until it is invalidated.
    public convenience init(target: Any, selector: Selector) {
        let target = target as AnyObject
        self.init { link in selector.send(to: target, arguments: [link]) }
    }
}
