package rookery.bindings

import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.rookery_bindings.BoardSnapshot
import uniffi.rookery_bindings.GameLibrary
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SceneOrientation
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.TapResult
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.inFlightTasks
import uniffi.rookery_bindings.liveObjects
import java.nio.file.Files
import java.nio.file.Path

private val ann = SeatConfig.Person("Ann")
private val ben = SeatConfig.Person("Ben")

private fun fog(seats: List<SeatConfig> = listOf(ann, ben)) =
    GameSession("fog-of-war", seats, defaultHouseRules(), 1uL)

/** The 16 cells of White's (seat 0) or Black's (seat 1) start position. */
private fun startCells(seat: Int): Set<String> {
    val ranks = if (seat == 0) listOf(1, 2) else listOf(7, 8)
    return ranks.flatMap { r -> "abcdefgh".map { "$it$r" } }.toSet()
}

/** Cells of the pieces a snapshot shows, per owner. */
private fun BoardSnapshot.cellsOf(seat: Int) = pieces.filter { it.owner?.toInt() == seat }.map { it.cell }.toSet()

/** Everything a snapshot may give away about the position: nothing while the device is handed over. */
private fun assertShowsNothing(s: BoardSnapshot) {
    assertTrue(s.pieces.isEmpty(), "pieces shown during the hand-over: ${s.pieces}")
    assertNull(s.lastMove, "last move shown during the hand-over")
    assertTrue(s.checkCells.isEmpty())
    assertTrue(s.lastEvents.isEmpty())
    assertNull(s.selected)
    for (seat in s.seats) {
        assertTrue(seat.captured.isEmpty(), "captures shown during the hand-over")
        assertEquals(0, seat.material, "material shown during the hand-over")
    }
}

/**
 * Fog of war through the bindings: each seat's view (snapshot, targets, move list, last move,
 * checks, captures and material, FEN, exports, the board scene) holds exactly what the rules
 * allow — its own pieces, the cells they can move to, a pawn it may take en passant — and in
 * pass-and-play nothing at all until the next player confirms they hold the device.
 */
class FogOfWarTest {
    private var liveAtStart = 0L
    private lateinit var dir: Path

    @BeforeEach
    fun setUp() {
        liveAtStart = liveObjects()
        dir = Files.createTempDirectory("rookery-fog")
    }

    @AfterEach
    fun nothingLeftOpen() {
        assertEquals(0L, inFlightTasks())
        assertEquals(liveAtStart, liveObjects(), "native objects left open by this test")
        dir.toFile().deleteRecursively()
    }

    @Test
    fun inPassAndPlayTheBoardStaysHiddenBetweenTurnsUntilTheNextPlayerConfirms() {
        fog().use { s ->
            // the game opens hidden: Ann confirms she holds the device
            val start = s.snapshot()
            assertEquals(0, start.handOverTo?.toInt())
            assertShowsNothing(start)
            val refused = s.tap("e2") as TapResult.Refused
            assertEquals("illegal-hand-over", refused.reason.key)
            assertThrows<RookeryException.NotYourTurn> { s.playMoveText("e2e4") }
            assertTrue(s.legalTargets("e2").isEmpty())
            assertThrows<RookeryException.BadInput> { s.fen() }
            s.confirmHandOver()
            assertThrows<RookeryException.BadInput> { s.confirmHandOver() }
            val white = s.snapshot()
            assertNull(white.handOverTo)
            assertEquals(startCells(0), white.cellsOf(0))
            assertTrue(white.cellsOf(1).isEmpty(), "White sees no black piece at the start")

            // Ann moves: the board hides until Ben confirms
            assertTrue(s.tap("e2") is TapResult.Selected)
            assertTrue(s.tap("e4") is TapResult.Moved)
            val between = s.snapshot()
            assertEquals(1, between.handOverTo?.toInt())
            assertShowsNothing(between)
            assertEquals(listOf("?"), s.moveList())
            assertTrue(s.scene(SceneOrientation(0u, false, false), false).pieces.isEmpty())
            s.confirmHandOver()
            val black = s.snapshot()
            assertEquals(startCells(1), black.cellsOf(1))
            assertTrue(black.cellsOf(0).isEmpty(), "Black sees nothing of White after 1. e4")
            assertNull(black.lastMove, "e2e4 is in the dark for Black")
            assertEquals(listOf("?"), s.moveList())
            assertEquals(listOf("?"), s.readableMoveList(), "no SAN sign tells what the fog hides")

            // an undo that gives the turn back to Ann hides the board again
            s.playMoveText("d7d5")
            s.confirmHandOver()
            s.undo()
            assertEquals(1, s.snapshot().handOverTo?.toInt(), "the turn is Ben's again after the undo")
        }
    }

    @Test
    fun eachSeatSeesItsOwnPiecesTheCellsTheyCanMoveToAndNothingElse() {
        fog().use { s ->
            s.confirmHandOver(); s.playMoveText("e2e4")
            s.confirmHandOver(); s.playMoveText("d7d5")
            s.confirmHandOver()
            val w = s.snapshot()
            val whiteCells = startCells(0) - "e2" + "e4"
            assertEquals(whiteCells, w.cellsOf(0))
            assertEquals(setOf("d5"), w.cellsOf(1), "the pawn e4 may take is the only black piece White sees")
            assertNull(w.lastMove, "d7d5 started in the dark")
            assertEquals(listOf("e2e4", "?"), s.moveList())
            assertEquals(listOf("d5", "e5"), s.legalTargets("e4").sorted())
            assertEquals(39, w.seats[0].material)
            assertEquals(1, w.seats[1].material, "only the black material White sees")
            assertThrows<RookeryException.BadInput> { s.fen() }
            // taps on the dark say nothing of what stands there
            assertEquals("illegal-no-piece", (s.tap("d8") as TapResult.Refused).reason.key)
            assertEquals("illegal-no-piece", (s.tap("e3") as TapResult.Refused).reason.key)
            s.tap("d1")
            assertEquals("illegal-cannot-move-there", (s.tap("d7") as TapResult.Refused).reason.key)
            assertEquals("illegal-cannot-move-there", s.whyIllegal("a2", "a5").key)
            // the board scene: pieces only on seen cells, every other cell fogged
            val scene = s.scene(SceneOrientation(0u, false, false), false)
            assertEquals(whiteCells + "d5", scene.pieces.mapNotNull { it.cell }.toSet())
            val fogged = scene.cells.filter { it.fog }.map { it.cell }.toSet()
            assertTrue("d8" in fogged && "e7" in fogged && "d5" !in fogged && "e5" !in fogged && "e4" !in fogged)
            assertTrue(scene.cells.none { it.lastMove }, "no last-move mark for a move in the dark")

            // White takes d5: Black sees the capturer on d5 (its queen could take it) but not where it came from
            s.playMoveText("e4d5")
            s.confirmHandOver()
            val b = s.snapshot()
            assertEquals(startCells(1) - "d7", b.cellsOf(1))
            assertEquals(setOf("d5"), b.cellsOf(0))
            assertNull(b.lastMove, "e4d5 started on a cell Black cannot see")
            assertEquals(listOf("P"), b.seats[0].captured, "Black knows which of its pieces it lost")
            assertEquals(listOf("?", "d7d5", "?"), s.moveList())
        }
    }

    @Test
    fun aPawnThatMayBeTakenEnPassantIsSeenAndThereIsNoCheck() {
        fog().use { s ->
            for (m in listOf("e2e4", "h7h6", "e4e5", "d7d5")) { s.confirmHandOver(); s.playMoveText(m) }
            s.confirmHandOver()
            val w = s.snapshot()
            assertEquals(setOf("d5"), w.cellsOf(1), "the pawn e5 may take en passant")
            assertTrue("d6" in s.legalTargets("e5"))
            // a bishop on the king's diagonal: no check is shown to either side (there is none)
            s.playMoveText("f1b5")
            s.confirmHandOver()
            val b = s.snapshot()
            assertTrue(b.checkCells.isEmpty())
            assertTrue("b5" !in b.cellsOf(0), "Black cannot see the bishop: c6 and d7 are its only cells near it")
        }
    }

    @Test
    fun aPersonAgainstABotNeverHandsOverAndNeverSeesTheBotsView() {
        fog(listOf(ann, SeatConfig.Bot(0u))).use { s ->
            assertNull(s.snapshot().handOverTo)
            s.playMoveText("e2e4")
            val onBotsTurn = s.snapshot()
            assertNull(onBotsTurn.handOverTo)
            assertEquals(1, onBotsTurn.turn.toInt())
            assertEquals(startCells(0) - "e2" + "e4", onBotsTurn.cellsOf(0), "Ann's view while the bot thinks")
            assertTrue(onBotsTurn.cellsOf(1).isEmpty(), "never the bot's own view")
            runBlocking { s.botMove(null) }
            assertNull(s.snapshot().handOverTo)
        }
    }

    @Test
    fun aSavedGameInPlayShowsNoPositionAndCannotBeExportedUntilItIsOver() {
        GameLibrary(dir.resolve("saves").toString()).use { lib ->
            lib.newGame("fog-of-war", listOf(ann, ben), defaultHouseRules(), 3uL).use { s ->
                s.confirmHandOver()
                s.playMoveText("e2e4")
                val summary = lib.savedGames().single()
                assertEquals("", summary.position)
                assertThrows<RookeryException.BadInput> { lib.exportGame(summary.id) }
                assertThrows<RookeryException.BadInput> { lib.exportGameFull(summary.id) }
                s.resign(1u)
                val over = lib.savedGames().single()
                assertNotEquals("", over.position)
                assertTrue(lib.exportGame(over.id).contains("e4"))
            }
        }
    }
}
