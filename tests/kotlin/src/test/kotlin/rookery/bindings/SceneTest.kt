package rookery.bindings

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.SceneHit
import uniffi.rookery_bindings.SceneOrientation
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.ScreenLooker
import uniffi.rookery_bindings.boardScene
import uniffi.rookery_bindings.catalogue
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.sceneHitTest

/** The board scene through the bindings: what the apps paint and how their taps come back. */
class SceneTest {
    private fun session(id: String, seats: Int) =
        GameSession(id, List(seats) { SeatConfig.Person("p$it") }, defaultHouseRules(), 1uL)

    @Test
    fun tappingTheCentreOfEveryCellHitsThatCellInEveryOrientation() {
        for (game in catalogue().filter { it.playable }) {
            for (bottom in 0 until game.seatCount.toInt()) {
                for (table in listOf(false, true)) {
                    val o = SceneOrientation(bottom.toUByte(), table, table)
                    val scene = boardScene(game.id, o, false)
                    assertEquals(1.0f, scene.width)
                    for (cell in scene.cells) {
                        val hit = sceneHitTest(scene, cell.centre.x, cell.centre.y)
                        assertEquals(SceneHit.Cell(cell.cell), hit, "${game.id} $o ${cell.cell}")
                    }
                    assertNull(sceneHitTest(scene, 0.001f, 0.001f), game.id)
                    assertNull(sceneHitTest(scene, -1f, scene.height / 2), game.id)
                }
            }
        }
    }

    @Test
    fun aMoveByTapsAtScenePoints() {
        val s = session("chess", 2)
        val scene = s.setLooker(ScreenLooker.Seat(0u)).scene
        fun at(name: String) = scene.cells.first { it.cell == name }.centre
        val e2 = at("e2")
        assertEquals(SceneHit.Cell("e2"), sceneHitTest(scene, e2.x, e2.y))
        val selected = s.act(ScreenIntent.At(e2.x, e2.y))
        assertEquals("e2", selected.selected)
        assertTrue(selected.scene.cells.any { it.cell == "e4" && it.target })
        val e4 = at("e4")
        val after = s.act(ScreenIntent.At(e4.x, e4.y)).scene
        assertEquals("e4", s.screen().moves.single().text)
        assertTrue(after.pieces.any { it.cell == "e4" && it.glyph == "western-pawn" && it.lastMove })
        assertEquals(32, after.pieces.size)
        s.closeSession()
    }

    @Test
    fun boardsOfGamesNotPlayableYet() {
        val xiangqi = boardScene("xiangqi", SceneOrientation(0u, false, false), false)
        assertEquals("points", xiangqi.kind)
        assertEquals(90, xiangqi.cells.size)
        assertTrue(xiangqi.pieces.any { it.glyph == "xiangqi-general-red" })
        val shogi = boardScene("shogi", SceneOrientation(1u, false, false), true)
        assertEquals(14, shogi.hands.size)
        val slot = shogi.hands.first()
        assertEquals(SceneHit.Hand(slot.seat, slot.slot), sceneHitTest(shogi, slot.centre.x, slot.centre.y))
        val three = boardScene("three-player", SceneOrientation(0u, false, false), false)
        assertEquals("hexagon", three.kind)
        assertEquals(96, three.cells.size)
        assertTrue(three.cells.all { it.polygon.size == 4 })
    }
}
