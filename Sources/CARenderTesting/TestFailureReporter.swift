import Foundation
import Testing
import XCTest

/// Reports an assertion failure to the test framework that is running the current test: Swift
/// Testing when a Swift Testing test is current, XCTest otherwise. Both frameworks ship with the
/// Swift toolchain, so depending on this module adds no package.
enum TestFailureReporter {
    static func report(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        if Test.current != nil {
            let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
