@_exported import CARender
@_exported import CARenderGolden
import Foundation

/// Where ``assertGolden(_:named:tolerance:in:record:fileID:filePath:function:line:column:)``
/// keeps its references.
public enum GoldenLocation: Sendable {
    /// `__Goldens__/<TestFile>/<name>.png` in the test file's folder. Exclude `__Goldens__` from
    /// the test target in `Package.swift` (`exclude: ["__Goldens__"]`) so SwiftPM does not ask
    /// what the files are.
    case besideTestFile
    /// `<folder>/<name>.png`, for example a project's `golden/` folder.
    case folder(URL)
}

/// Compares `image` with its golden reference and records a test failure when they differ.
///
/// Works in XCTest (the failure is an `XCTFail` at the caller's file and line) and in Swift
/// Testing (an `Issue` at the caller's source location). When the reference is missing it is
/// recorded (unless the record mode is ``GoldenRecordMode/never``) and the test fails with
/// "recorded <path>, look at it and re-run". `CARENDER_RECORD_GOLDEN` (`all`, `missing`,
/// `failed`, `never`) sets the mode for a run; `record` overrides it for one assertion.
///
/// On a mismatch the actual image, the expected one and a difference picture are written to
/// `CARENDER_GOLDEN_ARTIFACTS/<TestFile>/<test>/` (the temporary folder when unset), and the
/// message says how many pixels differ, by how much, where, and how to re-record.
///
/// - Parameters:
///   - image: the rendered frame, for example `stage.render()`.
///   - name: the reference's name, a relative path without extension (`card`, `slide/0.600`).
///   - tolerance: how far pixels may differ.
///   - location: where references live.
///   - record: the record mode for this assertion, instead of the environment's.
public func assertGolden(
    _ image: RGBAImage, named name: String, tolerance: GoldenTolerance = GoldenTolerance(),
    in location: GoldenLocation = .besideTestFile, record: GoldenRecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let site = GoldenAssertionSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    site.check(location: location, record: record) { store in
        try store.check(image, named: name, tolerance: tolerance)
    }
}

/// Compares a presentation timeline with its golden reference `<name>.csv` and records a test
/// failure when a row differs (numbers by more than `tolerance`).
///
/// The samples come from ``Stage/sample(_:of:at:)``; the reference is ``GoldenTimeline`` CSV.
/// Recording, artifacts and messages work as for images.
public func assertGolden(
    timeline samples: [TimelineSample], named name: String, tolerance: Double = GoldenTimeline.defaultTolerance,
    in location: GoldenLocation = .besideTestFile, record: GoldenRecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let site = GoldenAssertionSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    site.check(location: location, record: record) { store in
        try store.check(timeline: samples, named: name, tolerance: tolerance)
    }
}

/// Where an assertion was written, and how its failures are reported.
struct GoldenAssertionSite {
    let fileID: StaticString, filePath: StaticString, function: StaticString
    let line: UInt, column: UInt

    /// The test file's name without extension.
    var testFile: String { URL(fileURLWithPath: "\(filePath)").deletingPathExtension().lastPathComponent }

    /// The test function's name without its argument list.
    var testName: String {
        let text = "\(function)"
        return String(text.prefix(while: { $0 != "(" }))
    }

    func check(location: GoldenLocation, record: GoldenRecordMode?, _ body: (GoldenStore) throws -> GoldenOutcome) {
        let environment = ProcessInfo.processInfo.environment
        let mode: GoldenRecordMode
        do {
            mode = try record ?? GoldenRecordMode.fromEnvironment(environment)
        } catch {
            return fail("\(error)")
        }
        let root: URL
        switch location {
        case .besideTestFile: root = GoldenStore.besideTestFile("\(filePath)")
        case .folder(let folder): root = folder
        }
        // One folder per test, so failures of different tests never overwrite each other.
        let artifacts = GoldenStore.defaultArtifactsRoot(environment: environment)
            .appendingPathComponent(testFile).appendingPathComponent(testName)
        let store = GoldenStore(root: root, recordMode: mode, artifacts: artifacts)
        do {
            let outcome = try body(store)
            let rerecord = "\(GoldenRecordMode.environmentVariable)=failed swift test --filter \(testFile)"
            if let message = outcome.failureMessage(rerecord: rerecord) { fail(message) }
        } catch {
            fail("golden check failed: \(error)")
        }
    }

    func fail(_ message: String) {
        TestFailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
