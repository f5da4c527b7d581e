import Foundation
import CARenderGeometry

// UIKit's rounded rectangles, element for element.
//
// `UIBezierPath(roundedRect:cornerRadius:)` has drawn Apple's continuous ("squircle") corners
// since iOS 7 (PaintCode, "Drawing Code for iOS 7 Rounded Rectangles"). Its elements, as UIKit
// produces them, are known from public element dumps (the expected elements in
// honghaoz/ChouTiUI's `NSBezierPath+RoundedRectTests.swift`, for 160×100 with radii 10, 16, 42,
// 48 and 64, 60×160 with 10, 24 and 32, and 160×60 with 80) and agree with the structure of
// UIKit's builder (decompiled `UIBezierPath`, public in GitHub's code index): a move to
// (minX + e, minY) where e = 1.528665 × r, the top edge, then per corner in clockwise order
// (top right, bottom right, bottom left, top left) a curve, a line to the same point, a curve and
// a curve, the edges between them, and a final line back to the start — no `closeSubpath`.
//
// When the two corners along a side need more than the side (2e ≥ width or height) their extents
// along it become half the side, and the corners change shape: with one pair of sides so
// clamped, a "smooth pill" corner of radius R = half the short side, continuous towards the long
// side and round (ending 5 % short of the vertex line, then straight) towards the short one; with
// both, a capsule of circular quarter arcs of radius R. The dumps fix every point of these
// shapes in units of r or R; the constants below are those numbers.
//
// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` builds UIKit's circular ("legacy")
// corners: one radius (cornerRadii.width: "the height value of cornerRadii is ignored", reported
// on Stack Overflow), quarter arcs of one cubic each, the same order and no close.

/// A corner's points as (distance along the edge the path arrives on, distance along the edge it
/// leaves on), both measured from the corner's vertex; each element a line (one point) or a cubic
/// (control 1, control 2, end).
private enum CornerElement {
    case line(SIMD2<Double>)
    case curve(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
}

/// The corner shapes of UIKit's continuous rounded rectangle, in units of the radius.
private enum ContinuousRoundedRect {
    /// How far along each edge a corner reaches, per unit of radius, where the edges' lines end.
    static let extent = 1.528665

    /// The continuous corner (units of r).
    static let corner: [CornerElement] = [
        .curve(SIMD2(1.088492957618529, 0), SIMD2(0.8684069440630022, 0), SIMD2(0.631493792830992, 0.07491138784701601)),
        .line(SIMD2(0.631493792830992, 0.07491138784701601)),
        .curve(SIMD2(0.372823826625745, 0.16905955604437), SIMD2(0.16905955604437, 0.372823826625745),
               SIMD2(0.07491138784701601, 0.631493792830992)),
        .curve(SIMD2(0, 0.8684069440630022), SIMD2(0, 1.088492957618529), SIMD2(0, 1.5286649847295823)),
    ]

    /// The smooth-pill corner arriving along a continuous side and leaving along a clamped one
    /// (units of R, half the clamped side).
    static let pillIntoClamped: [CornerElement] = [
        .curve(SIMD2(1.069742807618529, 0), SIMD2(0.8496567940630024, 0), SIMD2(0.612743642830992, 0.07491138784701604)),
        .line(SIMD2(0.612743642830992, 0.07491138784701604)),
        .curve(SIMD2(0.2448578033994904, 0.20881088300811836), SIMD2(0, 0.5585040668683531), SIMD2(0, 0.95)),
        .curve(SIMD2(0, 1), SIMD2(0, 1), SIMD2(0, 1)),
    ]

    /// The smooth-pill corner arriving along a clamped side and leaving along a continuous one:
    /// straight to R from the vertex (a curve whose control points are its end), a line to
    /// 0.95 R, the round part, the continuous part.
    static let pillFromClamped: [CornerElement] = [
        .curve(SIMD2(1, 0), SIMD2(1, 0), SIMD2(1, 0)),
        .line(SIMD2(0.95, 0)),
        .curve(SIMD2(0.5585040668683531, 0), SIMD2(0.20881088300811836, 0.2448578033994904),
               SIMD2(0.07491138784701604, 0.612743642830992)),
        .curve(SIMD2(0, 0.8496567940630024), SIMD2(0, 1.069742807618529), SIMD2(0, 1.5099148347295826)),
    ]

    /// The capsule's quarter circle: Bézier handle per unit radius as UIKit's dumps show it
    /// (0.5522847498, the usual 4/3·(√2 − 1) to ten digits).
    static let circleHandle = 0.5522847498
}

extension UIBezierPath {
    /// A corner's frame: its vertex, the unit vector back along the arriving edge and the one along
    /// the leaving edge; the corners in path order, top right first (y down).
    private static func cornerFrames(_ rect: CGRect) -> [(vertex: SIMD2<Double>, arriving: SIMD2<Double>, leaving: SIMD2<Double>)] {
        let minX = Double(rect.minX), minY = Double(rect.minY), maxX = Double(rect.maxX), maxY = Double(rect.maxY)
        return [
            (SIMD2(maxX, minY), SIMD2(-1, 0), SIMD2(0, 1)),
            (SIMD2(maxX, maxY), SIMD2(0, -1), SIMD2(-1, 0)),
            (SIMD2(minX, maxY), SIMD2(1, 0), SIMD2(0, -1)),
            (SIMD2(minX, minY), SIMD2(0, 1), SIMD2(1, 0)),
        ]
    }

    /// Appends `corner`, scaled by `unit`, at the frame.
    private static func append(_ corner: [CornerElement], unit: Double,
                               frame: (vertex: SIMD2<Double>, arriving: SIMD2<Double>, leaving: SIMD2<Double>),
                               to path: CGMutablePath) {
        func place(_ p: SIMD2<Double>) -> CGPoint {
            let q = frame.vertex + frame.arriving * (p.x * unit) + frame.leaving * (p.y * unit)
            return CGPoint(x: q.x, y: q.y)
        }
        for element in corner {
            switch element {
            case .line(let p): path.addLine(to: place(p))
            case .curve(let c1, let c2, let p): path.addCurve(to: place(p), control1: place(c1), control2: place(c2))
            }
        }
    }

    /// A capsule corner (units of its radius): straight along the arriving edge to the arc, a quarter
    /// circle, straight along the leaving edge (UIKit emits the straight parts as curves whose
    /// control points are their end).
    private static let capsuleCorner: [CornerElement] = {
        let k = 1 - ContinuousRoundedRect.circleHandle
        return [
            .curve(SIMD2(1, 0), SIMD2(1, 0), SIMD2(1, 0)),
            .line(SIMD2(1, 0)),
            .curve(SIMD2(k, 0), SIMD2(0, k), SIMD2(0, 1)),
            .curve(SIMD2(0, 1), SIMD2(0, 1), SIMD2(0, 1)),
        ]
    }()

    /// UIKit's continuous rounded rectangle (see the file's comment) appended to `path`.
    static func appendContinuousRoundedRect(_ rect: CGRect, cornerRadius r: CGFloat, to path: CGMutablePath) {
        let width = Double(rect.width), height = Double(rect.height)
        let e = Double(r) * ContinuousRoundedRect.extent
        let clampsWidth = e + e >= width, clampsHeight = e + e >= height
        // How far from each vertex the straight edges end.
        let along = clampsWidth ? width / 2 : e, down = clampsHeight ? height / 2 : e
        let minX = Double(rect.minX), minY = Double(rect.minY), maxX = Double(rect.maxX), maxY = Double(rect.maxY)
        let start = CGPoint(x: minX + along, y: minY)
        path.move(to: start)
        let edgeEnds = [CGPoint(x: maxX - along, y: minY), CGPoint(x: maxX, y: maxY - down),
                        CGPoint(x: minX + along, y: maxY), CGPoint(x: minX, y: minY + down)]
        let frames = cornerFrames(rect)
        for index in 0..<4 {
            path.addLine(to: edgeEnds[index])
            guard r != 0 else { continue }
            // Top right and bottom left arrive along a horizontal edge; the others along a vertical one.
            let arrivesHorizontally = index % 2 == 0
            let corner: [CornerElement], unit: Double
            switch (clampsWidth, clampsHeight) {
            case (false, false):
                corner = ContinuousRoundedRect.corner
                unit = Double(r)
            case (true, true):
                unit = min(width, height) / 2
                corner = capsuleCorner
            case (true, false):
                unit = width / 2
                corner = arrivesHorizontally ? ContinuousRoundedRect.pillFromClamped : ContinuousRoundedRect.pillIntoClamped
            case (false, true):
                unit = height / 2
                corner = arrivesHorizontally ? ContinuousRoundedRect.pillIntoClamped : ContinuousRoundedRect.pillFromClamped
            }
            append(corner, unit: unit, frame: frames[index], to: path)
        }
        path.addLine(to: start)
    }

    /// UIKit's circular-cornered rectangle with the corners in `corners` rounded by `radius`
    /// (see the file's comment) appended to `path`. The radius is clamped as UIKit clamps it:
    /// to half the height when both corners of a vertical side are rounded, to half the width
    /// when both of a horizontal side are, and always to the shorter side.
    static func appendCircularRoundedRect(_ rect: CGRect, corners: UIRectCorner, radius: CGFloat, to path: CGMutablePath) {
        var r = max(radius, 0)
        if corners.isSuperset(of: [.topLeft, .bottomLeft]) || corners.isSuperset(of: [.topRight, .bottomRight]) {
            r = min(r, rect.height / 2)
        }
        if corners.isSuperset(of: [.topLeft, .topRight]) || corners.isSuperset(of: [.bottomLeft, .bottomRight]) {
            r = min(r, rect.width / 2)
        }
        r = min(r, min(rect.width, rect.height))
        func rounding(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? r : 0 }
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        path.move(to: CGPoint(x: minX + rounding(.topLeft), y: minY))
        path.addLine(to: CGPoint(x: maxX - rounding(.topRight), y: minY))
        // Core Graphics' arcs towards increasing angles: clockwise on UIKit's y-down screen.
        if rounding(.topRight) > 0 {
            path.addArc(center: CGPoint(x: maxX - r, y: minY + r), radius: r, startAngle: 3 * .pi / 2, endAngle: 2 * .pi, clockwise: false)
        }
        path.addLine(to: CGPoint(x: maxX, y: maxY - rounding(.bottomRight)))
        if rounding(.bottomRight) > 0 {
            path.addArc(center: CGPoint(x: maxX - r, y: maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        }
        path.addLine(to: CGPoint(x: minX + rounding(.bottomLeft), y: maxY))
        if rounding(.bottomLeft) > 0 {
            path.addArc(center: CGPoint(x: minX + r, y: maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: false)
        }
        path.addLine(to: CGPoint(x: minX, y: minY + rounding(.topLeft)))
        if rounding(.topLeft) > 0 {
            path.addArc(center: CGPoint(x: minX + r, y: minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: false)
        }
    }
}
