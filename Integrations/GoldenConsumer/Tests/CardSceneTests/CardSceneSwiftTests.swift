import CardScene
import CARenderTesting
import Testing

@Test func cardAtRest() {
    let scene = CardScene()
    scene.stage.advance(to: 1)
    assertGolden(scene.stage.render(), named: "at-rest")
}
