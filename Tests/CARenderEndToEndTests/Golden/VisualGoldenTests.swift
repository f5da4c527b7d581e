import CARender
import CARenderTestSupport
import XCTest

/// One golden frame per layer visual (background, corners, border, shadow,
/// contents, opacity and compositing, as CALayer documents each), each scene isolating one feature,
/// recorded after looking at it. Small stages keep the goldens light.
final class VisualGoldenTests: XCTestCase {
    private static let blue = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
    private static let orange = CGColor(red: 1, green: 0.55, blue: 0.1, alpha: 1)
    private static let green = CGColor(red: 0.2, green: 0.75, blue: 0.35, alpha: 1)

    /// A stage with a light background, and a card layer on it.
    private func stage(_ width: CGFloat = 120, _ height: CGFloat = 90) -> Stage {
        let stage = Stage(width: width, height: height)
        stage.scale = 2
        stage.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        return stage
    }

    private func card(_ frame: CGRect, _ color: CGColor = blue, in stage: Stage) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        stage.rootLayer.addSublayer(layer)
        return layer
    }

    private func check(_ stage: Stage, _ name: String, at t: Double = 0, file: StaticString = #filePath, line: UInt = #line) {
        stage.advance(to: t)
        Golden.assertMatches(stage.render(), name: "visuals/\(name)", time: t, file: file, line: line)
    }

    func testCornersAndBorders() {
        let s = stage(200, 90)
        let circular = card(CGRect(x: 10, y: 15, width: 55, height: 60), in: s)
        circular.cornerRadius = 16
        circular.borderWidth = 3
        circular.borderColor = CGColor(gray: 0.1, alpha: 1)
        let continuous = card(CGRect(x: 75, y: 15, width: 55, height: 60), Self.orange, in: s)
        continuous.cornerRadius = 16
        continuous.cornerCurve = .continuous
        let some = card(CGRect(x: 140, y: 15, width: 50, height: 60), Self.green, in: s)
        some.cornerRadius = 20
        some.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        some.borderWidth = 2
        some.borderColor = CGColor(gray: 1, alpha: 0.8)
        check(s, "corners-borders")
    }

    func testShadows() {
        let s = stage(200, 100)
        let soft = card(CGRect(x: 20, y: 20, width: 60, height: 50), in: s)
        soft.cornerRadius = 10
        soft.shadowOpacity = 0.5
        soft.shadowRadius = 8
        soft.shadowOffset = CGSize(width: 0, height: 6)
        let pathShadow = card(CGRect(x: 115, y: 20, width: 60, height: 50), Self.orange, in: s)
        pathShadow.shadowOpacity = 0.6
        pathShadow.shadowRadius = 3
        pathShadow.shadowPath = CGPath(ellipseIn: CGRect(x: 5, y: 40, width: 50, height: 20), transform: nil)
        check(s, "shadows")
    }

    func testContentsAndClipping() {
        var pixels = RGBAImage(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { pixels[x, y] = (x + y) % 2 == 0 ? RGBA8(r: 30, g: 30, b: 30, a: 255) : RGBA8(r: 250, g: 200, b: 40, a: 255) } }
        let image = CGImage(image: pixels)
        let s = stage(200, 90)
        let fill = card(CGRect(x: 10, y: 15, width: 55, height: 60), CGColor(gray: 0.8, alpha: 1), in: s)
        fill.contents = image
        fill.contentsGravity = .resizeAspect
        let clipped = card(CGRect(x: 75, y: 15, width: 55, height: 60), Self.green, in: s)
        clipped.cornerRadius = 18
        clipped.masksToBounds = true
        let inner = CALayer()
        inner.frame = CGRect(x: -10, y: 20, width: 80, height: 20)
        inner.backgroundColor = Self.orange
        clipped.addSublayer(inner)
        let masked = card(CGRect(x: 140, y: 15, width: 55, height: 60), Self.blue, in: s)
        let mask = CALayer()
        mask.frame = CGRect(x: 5, y: 5, width: 45, height: 50)
        mask.cornerRadius = 22
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        check(s, "contents-clipping")
    }

    func testGroupOpacity() {
        let s = stage(200, 90)
        for (i, group) in [true, false].enumerated() {
            let container = CALayer()
            container.frame = CGRect(x: 10 + CGFloat(i) * 95, y: 10, width: 85, height: 70)
            container.opacity = 0.5
            container.allowsGroupOpacity = group
            s.rootLayer.addSublayer(container)
            for (j, color) in [Self.blue, Self.orange].enumerated() {
                let l = CALayer()
                l.frame = CGRect(x: 5 + CGFloat(j) * 25, y: 10 + CGFloat(j) * 15, width: 50, height: 40)
                l.backgroundColor = color
                container.addSublayer(l)
            }
        }
        check(s, "group-opacity")
    }

    func testPerspectiveAndTransformLayers() {
        let s = stage(200, 100)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 300
        s.rootLayer.sublayerTransform = perspective
        let door = card(CGRect(x: 20, y: 20, width: 60, height: 60), in: s)
        door.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        door.borderWidth = 2
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 120, y: 25, width: 50, height: 50)
        // Turned so the front (+z), right (+x) and top (−y) faces all face the viewer.
        cube.transform = CATransform3DRotate(CATransform3DMakeRotation(-.pi / 6, 1, 0, 0), -.pi / 5, 0, 1, 0)
        s.rootLayer.addSublayer(cube)
        let faces: [(CATransform3D, CGColor)] = [
            (CATransform3DMakeTranslation(0, 0, 25), Self.blue),
            (CATransform3DRotate(CATransform3DMakeTranslation(25, 0, 0), .pi / 2, 0, 1, 0), Self.orange),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -25, 0), .pi / 2, 1, 0, 0), Self.green),
        ]
        for (transform, color) in faces {
            let face = CALayer()
            face.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            face.backgroundColor = color
            face.transform = transform
            cube.addSublayer(face)
        }
        check(s, "perspective-transform-layer")
    }

    func testTransitionsAtMidProgress() {
        let kinds: [(CATransitionType, CATransitionSubtype?)] = [(.fade, nil), (.moveIn, .fromRight), (.push, .fromTop), (.reveal, .fromLeft)]
        for (type, subtype) in kinds {
            let s = stage(80, 60)
            let layer = card(CGRect(x: 20, y: 10, width: 40, height: 40), Self.blue, in: s)
            layer.masksToBounds = true
            let label = CALayer()
            label.frame = CGRect(x: 5, y: 5, width: 12, height: 30)
            label.backgroundColor = CGColor(gray: 1, alpha: 1)
            layer.addSublayer(label)
            s.at(1) {
                let transition = CATransition()
                transition.type = type
                transition.subtype = subtype
                transition.duration = 1
                layer.add(transition, forKey: nil)
                layer.backgroundColor = Self.orange
                label.frame = CGRect(x: 23, y: 5, width: 12, height: 30)
            }
            check(s, "transition-\(type.rawValue)", at: 1.5)
        }
    }
}
