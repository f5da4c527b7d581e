import CARender

/// Images the PNG encoder tests share: deterministic noise, images drawn from a function of the
/// pixel position, and an interface frame with what filtered interface frames are made of.
package enum EncoderTestImages {
    /// A small deterministic generator, so "noise" is the same on every run.
    package struct Noise {
        var state: UInt64
        package init(state: UInt64) { self.state = state }
        package mutating func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    package static func image(width: Int, height: Int, _ colour: (Int, Int) -> RGBA8) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = colour(x, y) } }
        return image
    }

    /// An interface frame: a flat background, cards with borders repeated along the row, a soft
    /// shadow under each (a smooth falloff of small residuals) and a diagonal antialiased edge (the
    /// same residuals a pixel further along on each row).
    package static func interfaceFrame(width: Int, height: Int, alpha: Bool) -> RGBAImage {
        image(width: width, height: height) { x, y in
            let background = RGBA8(r: 245, g: 245, b: 247, a: alpha ? UInt8(128 + (x + y) % 100) : 255)
            let inCard = x % 160 > 20 && x % 160 < 130 && y % 120 > 15 && y % 120 < 95
            if inCard {
                let border = x % 160 == 21 || x % 160 == 129 || y % 120 == 16 || y % 120 == 94
                return border ? RGBA8(r: 25, g: 25, b: 25, a: 255) : RGBA8(r: UInt8(40 + (x / 160) * 30), g: 102, b: 230, a: 255)
            }
            let below = y % 120 - 95
            if x % 160 > 20 && x % 160 < 130 && below >= 0 && below < 12 {
                let shade = UInt8(245 - (12 - below) * 6)
                return RGBA8(r: shade, g: shade, b: shade &+ 2, a: 255)
            }
            if x + y < width / 3 {
                let edge = UInt8(clamping: (width / 3 - x - y) * 40)
                return RGBA8(r: 245 &- edge / 2, g: 245, b: 247, a: 255)
            }
            return background
        }
    }
}
