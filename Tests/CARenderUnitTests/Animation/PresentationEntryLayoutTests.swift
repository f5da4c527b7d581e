import XCTest
import CARenderGeometry
@testable import CARenderModel

/// The per-frame records an animated layer keeps (`PresentationEntry`) stay within three cache
/// lines (they took four), with what every frame reads first (clock, removal flag, the evaluation's start) on
/// the first: the presentation pass streams through every animated layer's records each frame,
/// and for a tree of small layers fetching them is much of the cost.
final class PresentationEntryLayoutTests: XCTestCase {
    private let cacheLine = 64

    func testARecordTakesThreeCacheLines() {
        XCTAssertLessThanOrEqual(MemoryLayout<PresentationEntry>.stride, 3 * cacheLine)
        XCTAssertEqual(MemoryLayout<PresentationEntry>.alignment, 8)
    }

    func testTheClockAndTheEvaluationStartOnTheFirstLine() throws {
        XCTAssertEqual(MemoryLayout<PresentationEntry>.offset(of: \.clock), 0)
        XCTAssertLessThan(try XCTUnwrap(MemoryLayout<PresentationEntry>.offset(of: \.isRemovedOnCompletion)), cacheLine)
        XCTAssertLessThan(try XCTUnwrap(MemoryLayout<PresentationEntry>.offset(of: \.hasPacedPath)), cacheLine)
        XCTAssertLessThan(try XCTUnwrap(MemoryLayout<PresentationEntry>.offset(of: \.evaluation)), cacheLine)
    }

    /// Sampling reads a copy of the clock; a size that is a multiple of 16 bytes is copied in
    /// moves that do not overlap, so the reads are forwarded from them (see `SamplingClock`).
    func testTheClockIsCopiedInWholeSixteenByteMoves() {
        XCTAssertEqual(MemoryLayout<SamplingClock>.size % 16, 0)
        XCTAssertEqual(MemoryLayout<SamplingClock>.size, 48)
    }

    func testInlineTracksFitBesideTheClock() {
        // A slot is one word, so a track of sizes (the largest held inline) or a paced path
        // takes about a line.
        XCTAssertEqual(MemoryLayout<StateSlot>.size, 5)
        XCTAssertLessThanOrEqual(MemoryLayout<PacedPathFrame>.size, 64)
        XCTAssertLessThanOrEqual(MemoryLayout<TypedBasicTrack<CGSize>>.size, 64)
        XCTAssertLessThanOrEqual(MemoryLayout<CompiledEvaluation?>.size, 72)
    }
}
