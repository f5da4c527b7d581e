import CARender

/// A card that slides across the stage when tapped at 0.5 s, and fades as it lands.
public struct CardScene {
    public let stage: Stage
    public let card: CALayer

    public init() {
        stage = Stage(width: 240, height: 120)
        stage.rootLayer.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        card = CALayer()
        card.frame = CGRect(x: 20, y: 30, width: 60, height: 60)
        card.backgroundColor = CGColor(red: 0.95, green: 0.45, blue: 0.2, alpha: 1)
        card.cornerRadius = 10
        stage.rootLayer.addSublayer(card)
        let card = self.card
        stage.at(0.5) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.4)
            card.position = CGPoint(x: 190, y: 60)
            card.opacity = 0.5
            CATransaction.commit()
        }
    }
}
