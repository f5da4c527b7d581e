// Scripts written for QuartzCore get CGFloat, CGPoint, CGRect, NSValue, … from its import alone;
// here Foundation provides them, so importing CARender imports Foundation too.
@_exported import Foundation
