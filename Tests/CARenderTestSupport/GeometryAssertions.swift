import Foundation
import CARender
import XCTest

package func assertPoint(_ a: CGPoint, _ b: CGPoint, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
}

package func assertRect(_ a: CGRect, _ b: CGRect, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    assertPoint(a.origin, b.origin, accuracy: accuracy, file: file, line: line)
    XCTAssertEqual(a.width, b.width, accuracy: accuracy, "width of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.height, b.height, accuracy: accuracy, "height of \(a) vs \(b)", file: file, line: line)
}

package func assertAffine(_ a: CGAffineTransform, _ b: CGAffineTransform, accuracy: CGFloat = 1e-12,
                          file: StaticString = #filePath, line: UInt = #line) {
    let x = [a.a, a.b, a.c, a.d, a.tx, a.ty], y = [b.a, b.b, b.c, b.d, b.tx, b.ty]
    for (u, v) in zip(x, y) where abs(u - v) > accuracy {
        XCTFail("\(a) is not \(b)", file: file, line: line)
        return
    }
}
