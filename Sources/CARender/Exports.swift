// What `import CARender` brings into a script: Apple's QuartzCore, Core Graphics and UIKit
// animation names, and carender's own (`Stage`, `RGBAImage`, ...), from the layers that declare
// them. Scripts written for QuartzCore get CGFloat, CGPoint, CGRect, NSValue, … from its import
// alone; here Foundation provides them, so importing CARender imports Foundation too.
//
// Every public declaration these layers make, Apple's and carender's own, is listed in
// `CARender.docc/PublicAPI.md` (`Tools/public-api` regenerates it; `PublicAPITests` keeps it true).
@_exported import Foundation
@_exported import CARenderPixels
@_exported import CARenderGeometry
@_exported import CARenderRaster
@_exported import CARenderText
@_exported import CARenderGraphics
@_exported import CARenderModel
@_exported import CARenderCompositor
@_exported import CARenderStage
@_exported import CARenderUIKit
