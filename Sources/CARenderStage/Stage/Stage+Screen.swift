import Foundation
import CARenderModel

// What UIKit's `UIScreen.main` reads: the stage a script draws on stands in for the device's
// screen. The stage registers itself with its context (weakly: the stage owns the context), so
// the layer above finds the screen of the stage whose context is current.

/// The stage of a context, for the layers above the stage that model a device (the UIKit
/// shim's `UIScreen`).
package final class StageLink {
    package private(set) weak var stage: Stage?

    package init(stage: Stage? = nil) { self.stage = stage }

    /// The stage whose context is current, if one exists.
    package static var currentStage: Stage? {
        StageContext.current.attachment(default: { StageLink() }).stage
    }

    /// Registers `stage` with its context.
    static func register(_ stage: Stage) {
        let link = stage.context.attachment(default: { StageLink() })
        link.stage = stage
    }
}
