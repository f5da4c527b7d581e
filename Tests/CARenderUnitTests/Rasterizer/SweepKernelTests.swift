import XCTest
import CARenderTestSupport
import CPixelKernels
@testable import CARenderPixels
@testable import CARenderRaster

/// The AVX2 sweep (`cpk_sweep_row_avx2`) makes exactly the painter calls of the Swift sweep it
/// stands for: the same runs, in the same order, with the same coverage bits, and leaves the
/// cells as it does.
final class SweepKernelTests: XCTestCase {
    /// One painter call: a full run has no coverage.
    private struct Call: Equatable {
        var row: Int, x0: Int, count: Int
        var coverage: [UInt32]?
    }

    private struct CallRecorder: CoveragePainter {
        var calls: [Call] = []

        mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
            calls.append(Call(row: y, x0: x0, count: count, coverage: (0..<count).map { coverage[$0].bitPattern }))
        }

        mutating func paintFull(row y: Int, x0: Int, count: Int) {
            calls.append(Call(row: y, x0: x0, count: count, coverage: nil))
        }
    }

    /// Rows of cells as edges leave them (mostly empty, a few signed areas that add up to whole
    /// windings, long empty and full stretches past the kernel's 8- and 32-cell steps), and rows
    /// of arbitrary values (sums far from whole, −0, values that cancel), under both rules.
    func testSweepKernelMakesTheSwiftSweepsCalls() throws {
        try XCTSkipUnless(cpk_has_avx2() != 0, "this processor has no AVX2")
        var random = SplitMix64(seed: 21)
        let capacity = 200
        let swiftCells = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        let kernelCells = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        let swiftCoverage = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        let kernelCoverage = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        let runs = UnsafeMutablePointer<cpk_coverage_run>.allocate(capacity: capacity + 1)
        defer {
            swiftCells.deallocate(); kernelCells.deallocate(); swiftCoverage.deallocate()
            kernelCoverage.deallocate(); runs.deallocate()
        }
        var partial = 0, full = 0
        for trial in 0..<3000 {
            let width = random.next(below: capacity + 1)
            swiftCells.initialize(repeating: 0, count: capacity)
            if trial % 2 == 0 {
                // Edges: each adds a signed winding split over one to four neighbouring cells.
                for _ in 0..<random.next(below: 6) where width > 0 {
                    let direction: Float = random.next(below: 2) == 0 ? 1 : -1
                    var left = direction
                    var x = random.next(below: width)
                    for _ in 0..<random.next(below: 4) where x < width {
                        let part = left * Float(random.next(below: 1000)) / 1000
                        swiftCells[x] += part
                        left -= part
                        x += 1
                    }
                    if x < width { swiftCells[x] += left }
                }
            } else {
                for x in 0..<width where random.next(below: 3) == 0 {
                    switch random.next(below: 6) {
                    case 0: swiftCells[x] = -0.0
                    case 1: swiftCells[x] = 1
                    case 2: swiftCells[x] = -1
                    default: swiftCells[x] = Float(Int(random.next(below: 4001)) - 2000) / 1000
                    }
                }
            }
            kernelCells.update(from: swiftCells, count: capacity)
            for rule in [FillRule.nonZero, .evenOdd] {
                let cellsBefore = Array(UnsafeBufferPointer(start: swiftCells, count: capacity))
                var expected = CallRecorder(), actual = CallRecorder()
                CoverageRasterizer.sweep(swiftCells, coverage: swiftCoverage, width: width, rule: rule, row: 3, x0: 7,
                                         painter: &expected)
                CoverageRasterizer.sweep(kernelCells, coverage: kernelCoverage, width: width, rule: rule, row: 3, x0: 7,
                                         kernelRuns: runs, painter: &actual)
                XCTAssertEqual(actual.calls, expected.calls, "trial \(trial), \(rule), width \(width)")
                for x in 0..<capacity where swiftCells[x].bitPattern != kernelCells[x].bitPattern {
                    XCTFail("cell \(x) left as \(kernelCells[x]) instead of \(swiftCells[x]) (trial \(trial))")
                }
                partial += expected.calls.filter { $0.coverage != nil }.count
                full += expected.calls.filter { $0.coverage == nil }.count
                // The same cells again under the other rule.
                for x in 0..<capacity {
                    swiftCells[x] = cellsBefore[x]
                    kernelCells[x] = cellsBefore[x]
                }
            }
        }
        XCTAssertGreaterThan(partial, 5000)
        XCTAssertGreaterThan(full, 2000)
    }

    /// Whole fills both ways: random polygons (self-intersecting, both rules, reaching past the
    /// clip) and turned rounded rectangles, whose rows the rasterizer also repeats.
    func testFillsWithTheKernelMakeTheSameCalls() throws {
        try XCTSkipUnless(cpk_has_avx2() != 0, "this processor has no AVX2")
        var random = SplitMix64(seed: 7)
        let portable = CoverageRasterizer(), vector = CoverageRasterizer()
        portable.usesAVX2Kernels = false
        vector.usesAVX2Kernels = true
        let clip = IntRect(x0: 5, y0: 3, x1: 165, y1: 123)
        var calls = 0
        for shapeIndex in 0..<120 {
            var shape = Outline()
            if shapeIndex % 2 == 0 {
                for _ in 0..<(3 + random.next(below: 10)) {
                    shape.add(Double(random.next(below: 2000)) / 10 - 20, Double(random.next(below: 1600)) / 10 - 15)
                }
                shape.closeContour()
            } else {
                let angle = Double(random.next(below: 6283)) / 1000, cx = 85.0, cy = 63.0
                let (c, s) = (cos(angle), sin(angle))
                let w = Double(20 + random.next(below: 60)), h = Double(15 + random.next(below: 50))
                let radius = Double(random.next(below: 13))
                var card = Outline()
                card.addRoundedRect(x0: -w, y0: -h, x1: w, y1: h,
                                    corners: CornerShape(radii: SIMD4(repeating: radius), continuous: false),
                                    tolerance: CornerShape.areaExactDeviation)
                for i in 0..<card.xs.count {
                    shape.add(cx + c * card.xs[i] - s * card.ys[i], cy + s * card.xs[i] + c * card.ys[i])
                }
                shape.closeContour()
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                var expected = CallRecorder(), actual = CallRecorder()
                portable.fill(shape, rule: rule, clip: clip, painter: &expected)
                vector.fill(shape, rule: rule, clip: clip, painter: &actual)
                XCTAssertEqual(actual.calls, expected.calls, "shape \(shapeIndex), \(rule)")
                calls += expected.calls.count
            }
        }
        XCTAssertGreaterThan(calls, 10000)
    }
}
