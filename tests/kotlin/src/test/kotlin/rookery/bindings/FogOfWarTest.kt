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
import uniffi.rookery_bindings.GameLibrary
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.ScreenLooker
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.PendingView
import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SeatConfig
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

/** Cells of the pieces a screen shows, per owner. */
private fun GameScreen.cellsOf(seat: Int) = scene.pieces.filter { it.owner?.toInt() == seat }.mapNotNull { it.cell }.toSet()

private val GameScreen.handOverTo: Int? get() = (pending as? PendingView.HandOver)?.seat?.toInt()

private val GameScreen.lastMoveCells: List<String> get() = scene.cells.filter { it.lastMove }.map { it.cell }

/** Everything a screen may give away about the position: nothing while the device is handed over. */
private fun assertShowsNothing(s: GameScreen) {
    assertTrue(s.scene.pieces.isEmpty(), "pieces shown during the hand-over: ${s.scene.pieces}")
    assertTrue(s.scene.cells.all { it.fog }, "a cell not fogged during the hand-over")
    assertTrue(s.lastMoveCells.isEmpty(), "last move shown during the hand-over")
    assertTrue(s.scene.pieces.none { it.checked })
    assertNull(s.selected)
    assertTrue(s.moves.none { it.text != "?" }, "a move shown during the hand-over: ${s.moves}")
    for (bar in s.bars) {
        assertTrue(bar.captured.isEmpty(), "captures shown during the hand-over")
        assertEquals(0, bar.material, "material shown during the hand-over")
    }
}

/**
 * Fog of war through the bindings' one game screen: each seat's view (pieces, targets, move
 * list, last move, checks, captures and material, FEN, exports) holds exactly what the rules
 * allow — its own pieces, the cells they can move to, a pawn it may take en passant — and in
 * pass-and-play nothing at all until the next player confirms they hold the device. The
 * core decides it (core/src/view.rs, core/src/present/build.rs); nothing here decides it.
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
            val start = s.screen()
            assertEquals(0, start.handOverTo)
            assertShowsNothing(start)
            val refused = s.tapCell("e2")
            assertEquals(listOf("illegal-hand-over"), refused.notices.map { it.key })
            assertShowsNothing(refused)
            val typed = s.act(ScreenIntent.Type("e2e4"))
            assertTrue(typed.moves.isEmpty(), "a typed move during the hand-over is refused")
            assertThrows<RookeryException.BadInput> { s.fen() }
            val white = s.act(ScreenIntent.ConfirmHandOver)
            assertNull(white.handOverTo)
            assertEquals(startCells(0), white.cellsOf(0))
            assertTrue(white.cellsOf(1).isEmpty(), "White sees no black piece at the start")
            assertEquals(0, white.viewer?.toInt())

            // Ann moves: the board hides until Ben confirms
            assertEquals("e2", s.tapCell("e2").selected)
            val between = s.tapCell("e4")
            assertEquals(1, between.handOverTo)
            assertShowsNothing(between)
            val black = s.act(ScreenIntent.ConfirmHandOver)
            assertEquals(startCells(1), black.cellsOf(1))
            assertTrue(black.cellsOf(0).isEmpty(), "Black sees nothing of White after 1. e4")
            assertTrue(black.lastMoveCells.isEmpty(), "e2e4 is in the dark for Black")
            assertEquals(listOf("?"), black.moveTexts, "no SAN sign tells what the fog hides")

            // an undo that gives the turn back to Ben hides the board again
            s.play("d7d5")
            s.act(ScreenIntent.ConfirmHandOver)
            assertEquals(1, s.act(ScreenIntent.Undo).handOverTo, "the turn is Ben's again after the undo")
        }
    }

    @Test
    fun eachSeatSeesItsOwnPiecesTheCellsTheyCanMoveToAndNothingElse() {
        fog().use { s ->
            s.act(ScreenIntent.ConfirmHandOver); s.play("e2e4")
            s.act(ScreenIntent.ConfirmHandOver); s.play("d7d5")
            val w = s.act(ScreenIntent.ConfirmHandOver)
            val whiteCells = startCells(0) - "e2" + "e4"
            assertEquals(whiteCells, w.cellsOf(0))
            assertEquals(setOf("d5"), w.cellsOf(1), "the pawn e4 may take is the only black piece White sees")
            assertTrue(w.lastMoveCells.isEmpty(), "d7d5 started in the dark")
            assertEquals(listOf("e2e4", "?"), w.moveTexts)
            assertEquals(listOf("d5", "e5"), s.targetsOf("e4").sorted())
            assertEquals(41, w.bars[0].material)
            assertEquals(1, w.bars[1].material, "only the black material White sees")
            assertThrows<RookeryException.BadInput> { s.fen() }
            // taps on the dark say nothing of what stands there
            assertEquals(listOf("illegal-no-piece"), s.tapCell("d8").notices.map { it.key })
            assertEquals(listOf("illegal-no-piece"), s.tapCell("e3").notices.map { it.key })
            s.tapCell("d1")
            assertEquals(listOf("illegal-cannot-move-there"), s.tapCell("d7").notices.map { it.key })
            // the board scene: pieces only on seen cells, every other cell fogged
            val scene = s.screen().scene
            assertEquals(whiteCells + "d5", scene.pieces.mapNotNull { it.cell }.toSet())
            val fogged = scene.cells.filter { it.fog }.map { it.cell }.toSet()
            assertTrue("d8" in fogged && "e7" in fogged && "d5" !in fogged && "e5" !in fogged && "e4" !in fogged)
            assertTrue(scene.cells.none { it.lastMove }, "no last-move mark for a move in the dark")

            // White takes d5: Black sees the capturer on d5 (its queen could take it) but not where it came from
            s.play("e4d5")
            val b = s.act(ScreenIntent.ConfirmHandOver)
            assertEquals(startCells(1) - "d7", b.cellsOf(1))
            assertEquals(setOf("d5"), b.cellsOf(0))
            assertTrue(b.lastMoveCells.isEmpty(), "e4d5 started on a cell Black cannot see")
            assertEquals(listOf("P"), b.bars[0].captured.map { it.letter.uppercase() }, "Black knows which of its pieces it lost")
            assertEquals(listOf("?", "d7d5", "?"), b.moveTexts)
        }
    }

    @Test
    fun aPawnThatMayBeTakenEnPassantIsSeenAndThereIsNoCheck() {
        fog().use { s ->
            for (m in listOf("e2e4", "h7h6", "e4e5", "d7d5")) { s.act(ScreenIntent.ConfirmHandOver); s.play(m) }
            val w = s.act(ScreenIntent.ConfirmHandOver)
            assertEquals(setOf("d5"), w.cellsOf(1), "the pawn e5 may take en passant")
            assertTrue("d6" in s.targetsOf("e5"))
            // a bishop on the king's diagonal: no check is shown to either side (there is none)
            s.play("f1b5")
            val b = s.act(ScreenIntent.ConfirmHandOver)
            assertTrue(b.scene.pieces.none { it.checked })
            assertTrue("b5" !in b.cellsOf(0), "Black cannot see the bishop: c6 and d7 are its only cells near it")
        }
    }

    @Test
    fun aPersonAgainstABotNeverHandsOverAndNeverSeesTheBotsView() {
        fog(listOf(ann, SeatConfig.Bot(0u))).use { s ->
            assertNull(s.screen().handOverTo)
            val onBotsTurn = s.play("e2e4")
            assertNull(onBotsTurn.handOverTo)
            assertEquals(1, onBotsTurn.turn)
            assertEquals(startCells(0) - "e2" + "e4", onBotsTurn.cellsOf(0), "Ann's view while the bot thinks")
            assertTrue(onBotsTurn.cellsOf(1).isEmpty(), "never the bot's own view")
            runBlocking { s.botMove(null) }
            assertNull(s.screen().handOverTo)
            assertEquals(0, s.screen().viewer?.toInt())
        }
    }

    @Test
    fun oneSeatsLookerNeverSeesTheOthersPieces() {
        fog().use { s ->
            val black = s.setLooker(ScreenLooker.Seat(1u))
            assertNull(black.handOverTo, "one seat's device is never handed over")
            assertEquals(startCells(1), black.cellsOf(1))
            assertTrue(black.cellsOf(0).isEmpty())
            // White's move (played elsewhere) stays in the dark
            val after = s.play("e2e4")
            assertEquals(listOf("?"), after.moveTexts)
            assertTrue(after.cellsOf(0).isEmpty())
        }
    }

    @Test
    fun aSavedGameInPlayShowsNoPositionAndCannotBeExportedUntilItIsOver() {
        GameLibrary(dir.resolve("saves").toString()).use { lib ->
            lib.newGame("fog-of-war", listOf(ann, ben), defaultHouseRules(), 3uL).use { s ->
                s.act(ScreenIntent.ConfirmHandOver)
                s.play("e2e4")
                val summary = lib.savedGames().single()
                assertEquals("", summary.position)
                assertThrows<RookeryException.BadInput> { lib.exportGame(summary.id) }
                assertThrows<RookeryException.BadInput> { lib.exportGameFull(summary.id) }
                s.act(ScreenIntent.Resign(1u))
                val over = lib.savedGames().single()
                assertNotEquals("", over.position)
                assertTrue(lib.exportGame(over.id).contains("e4"))
                // the game is over: everything is shown, the FEN too
                assertTrue(s.screen().scene.cells.none { it.fog })
                s.fen()
            }
        }
    }
}
