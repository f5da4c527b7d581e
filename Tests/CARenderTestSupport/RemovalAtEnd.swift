import Foundation
import XCTest

/// Removes `folder` once every test of the bundle has run, so a folder shared by many tests (a
/// cache of compiled scripts, say) is not left in the temporary folder after a passing or failing
/// run. A run that is killed cannot remove it: whoever creates such folders also sweeps up those
/// of processes that are gone.
package func removeWhenTheTestsEnd(_ folder: URL) {
    XCTestObservationCenter.shared.addTestObserver(FolderRemoval(folder))
}

private final class FolderRemoval: NSObject, XCTestObservation {
    private let folder: URL

    init(_ folder: URL) { self.folder = folder }

    func testBundleDidFinish(_ testBundle: Bundle) {
        try? FileManager.default.removeItem(at: folder)
    }
}
