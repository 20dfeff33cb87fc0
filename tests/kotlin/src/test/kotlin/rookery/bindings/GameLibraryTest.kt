package rookery.bindings

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.rookery_bindings.CancelHandle
import uniffi.rookery_bindings.GameLibrary
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.PendingView
import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.HouseRulesConfig
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SavedStatus
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.botMoveThinking
import uniffi.rookery_bindings.botSearchesRunning
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.inFlightTasks
import uniffi.rookery_bindings.liveObjects
import uniffi.rookery_bindings.previewPieces
import java.nio.file.Files
import java.nio.file.Path

private fun waitFor(timeoutMs: Long = 10_000, condition: () -> Boolean): Boolean {
    val deadline = System.nanoTime() + timeoutMs * 1_000_000
    while (System.nanoTime() < deadline) {
        if (condition()) return true
        Thread.sleep(5)
    }
    return condition()
}

/**
 * One action by the seat to move, through the game screen: a pending choice's first button, a
 * bot's move through `botMove`, a person's through taps (the first piece, in the scene's order,
 * that has a target, to its first target; promotions to a queen). Returns the screen after it.
 */
fun playOneAction(s: GameSession): GameScreen {
    val snap = s.screen()
    val choice = snap.buttons.indexOfFirst { it.text.startsWith("choice:") }
    if (choice >= 0) return s.act(ScreenIntent.Press(choice.toUInt()))
    val bar = snap.bars.first { it.toMove }
    if (bar.bot != null) {
        runBlocking { s.botMove(null) }
        return s.screen()
    }
    for (p in snap.scene.pieces.filter { it.cell != null && it.owner == bar.seat }) {
        val sel = s.tapCell(p.cell!!)
        if (sel.selected != p.cell || sel.targets.isEmpty()) continue
        val r = s.tapCell(sel.targets.first())
        return when (val pending = r.pending) {
            is PendingView.Promotion -> s.act(ScreenIntent.Pick(pending.options.indexOfFirst { it.letter.uppercase() == "Q" }.coerceAtLeast(0).toUInt()))
            is PendingView.Moves -> s.act(ScreenIntent.Pick(0u))
            else -> r.also { check(it.moves.size > snap.moves.size) { "a target tap did not move: $it" } }
        }
    }
    error("seat ${bar.seat} has no move but the game goes on: ${snap.result}")
}

class GameLibraryTest {
    private var liveAtStart = 0L
    private lateinit var dir: Path

    @BeforeEach
    fun setUp() {
        liveAtStart = liveObjects()
        dir = Files.createTempDirectory("rookery-library")
    }

    @AfterEach
    fun nothingLeftOpen() {
        assertTrue(waitFor { inFlightTasks() == 0L }, "tasks still running: ${inFlightTasks()}")
        assertEquals(liveAtStart, liveObjects(), "native objects left open by this test")
        dir.toFile().deleteRecursively()
    }

    private fun path(sub: String = "saves") = dir.resolve(sub).toString()

    private val seats4 = listOf(
        SeatConfig.Person("Ann"), SeatConfig.Bot(1u), SeatConfig.Person("Ben"), SeatConfig.Bot(0u),
    )

    @Test
    fun aFourPlayerGameWithTwoPeopleAndTwoBotsSurvivesDroppingEverythingAndIsPlayedToItsEnd() {
        val rules = defaultHouseRules().copy(moveLimit = 60u)
        var id = 0uL
        lateinit var before: GameScreen
        lateinit var movesBefore: List<String>
        lateinit var fenBefore: String
        val undone = mutableListOf<String>()
        GameLibrary(path()).use { lib ->
            assertTrue(lib.syncToDisk(), "sync to disk is on by default")
            lib.newGame("four-player-ffa", seats4, rules, 11uL).use { s ->
                repeat(22) { playOneAction(s) }
                val all = s.screen().moveTexts
                s.act(ScreenIntent.Undo); s.act(ScreenIntent.Undo)
                undone += all.takeLast(2)
                before = s.screen()
                movesBefore = before.moveTexts
                fenBefore = s.fen()
                id = before.savedId!!
                assertEquals(20, before.moves.size)
                assertTrue(before.canRedo)
            }
        }
        // everything is dropped, as when the app is killed; a new library lists and resumes it
        assertEquals(liveAtStart, liveObjects())
        GameLibrary(path()).use { lib ->
            val list = lib.savedGames()
            assertEquals(1, list.size)
            val g = list.single()
            assertEquals(id, g.id)
            assertEquals("four-player-ffa", g.gameId)
            assertEquals(seats4, g.seats)
            assertEquals(before.turn?.toUByte(), g.turn)
            assertEquals(20u, g.plyCount)
            assertEquals(22u, g.storedCount)
            assertEquals(SavedStatus.PLAYING, g.status)
            assertEquals(fenBefore, g.position)
            assertTrue(g.lastChangedMs > 0uL)
            assertEquals(
                before.scene.pieces.filter { it.cell != null }.map { Triple(it.cell!!, it.letter.uppercase(), it.owner) }.toSet(),
                previewPieces(g.gameId, g.position).map { Triple(it.cell, it.letter.uppercase(), it.owner) }.toSet(),
            )
            lib.resume(id).use { s ->
                assertEquals(before, s.screen())
                assertEquals(movesBefore, s.screen().moveTexts)
                assertEquals(fenBefore, s.fen())
                // the undo history: the two undone actions come back by redo, in order
                s.act(ScreenIntent.Redo); s.act(ScreenIntent.Redo)
                assertEquals(movesBefore + undone, s.screen().moveTexts)
                var n = 0
                while (s.screen().result == null && n < 2_000) {
                    playOneAction(s); n++
                }
                assertNotNull(s.screen().result, "the game ended")
            }
            val done = lib.savedGames().single()
            assertEquals(SavedStatus.FINISHED, done.status)
            assertNull(done.turn)
            assertNotNull(done.result)
        }
        // and the finished game is there after another restart
        GameLibrary(path()).use { lib ->
            val g = lib.savedGames().single()
            assertEquals(SavedStatus.FINISHED, g.status)
            lib.resume(g.id).use { s -> assertNotNull(s.screen().result) }
        }
    }

    @Test
    fun aBotMoveCancelledByLeavingTheScreenResumesCleanly() {
        var id = 0uL
        GameLibrary(path()).use { lib ->
            lib.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Bot(2u)), defaultHouseRules(), 5uL).use { s ->
                assertEquals(listOf("e4"), s.play("e2e4").moveTexts)
                id = s.screen().savedId!!
                val handle = CancelHandle()
                runBlocking {
                    val call = async(Dispatchers.IO) { runCatching { botMoveThinking(s, 60_000uL, handle) } }
                    assertTrue(waitFor { botSearchesRunning(s) == 1u }, "the search started")
                    handle.cancel() // the player leaves the game screen
                    assertTrue(call.await().exceptionOrNull() is RookeryException.Cancelled)
                }
                assertTrue(waitFor { botSearchesRunning(s) == 0u }, "the search stopped")
                handle.close()
            }
        }
        GameLibrary(path()).use { lib ->
            lib.resume(id).use { s ->
                val snap = s.screen()
                assertEquals(1, snap.turn)
                // the screen's list reads as chess players write it
                assertEquals(listOf("e4"), snap.moveTexts)
                runBlocking { s.botMove(null) }
                assertEquals(2, s.screen().moves.size)
                assertEquals("e4", s.screen().moves.first().text)
            }
            assertEquals(2u, lib.savedGames().single().plyCount)
        }
    }

    @Test
    fun badInputGivesTypedErrorsAndLosesNothing() {
        GameLibrary(path()).use { lib ->
            val id = lib.newGame("chess", listOf(SeatConfig.Person("A"), SeatConfig.Person("B")), defaultHouseRules(), 1uL).use { s ->
                s.play("e2e4")
                s.screen().savedId!!
            }
            assertThrows<RookeryException.NoSuchGame> { lib.resume(9_999uL) }
            assertThrows<RookeryException.NoSuchGame> { lib.delete(9_999uL) }
            assertThrows<RookeryException.NoSuchGame> { lib.rename(9_999uL, "x") }
            assertThrows<RookeryException.NoSuchGame> { lib.exportGame(9_999uL) }
            assertThrows<RookeryException.BadInput> { lib.importGame("this is no game record") }
            assertThrows<RookeryException.BadInput> { lib.newGame("no-such-game", emptyList(), defaultHouseRules(), 1uL) }
            // a second library on the same directory (as a second process would): locked
            assertThrows<RookeryException.LibraryLocked> { GameLibrary(path()) }
            // a directory that cannot be opened
            val file = dir.resolve("a-file")
            Files.writeString(file, "not a directory")
            assertThrows<RookeryException.LibraryUnavailable> { GameLibrary(file.resolve("saves").toString()) }
            // nothing was lost
            assertEquals(1u, lib.savedGames().single { it.id == id }.plyCount)
            lib.resume(id).use { s -> assertEquals(listOf("e4"), s.screen().moveTexts) }
        }
    }

    @Test
    fun renameDeleteExportAndImport() {
        GameLibrary(path()).use { lib ->
            lib.setSyncToDisk(false)
            assertFalse(lib.syncToDisk())
            val id = lib.newGame("chess", listOf(SeatConfig.Person("A"), SeatConfig.Bot(0u)), defaultHouseRules(), 1uL).use { s ->
                s.play("e2e4")
                runBlocking { s.botMove(null) }
                s.screen().savedId!!
            }
            lib.rename(id, "Evening game")
            assertEquals("Evening game", lib.savedGames().single().name)
            val pgn = lib.exportGame(id)
            assertTrue(pgn.contains("1. e4"), pgn)
            val copy = lib.importGame(pgn)
            assertEquals(2u, copy.plyCount)
            assertEquals(lib.savedGames().single { it.id == id }.position, copy.position)
            val full = lib.exportGameFull(id)
            val again = lib.importGame(full)
            assertEquals(listOf(SeatConfig.Person("A"), SeatConfig.Bot(0u)), again.seats)
            lib.delete(id)
            assertEquals(setOf(copy.id, again.id), lib.savedGames().map { it.id }.toSet())
            // a session of a deleted game cannot save any more: it says so
            lib.resume(copy.id).use { s ->
                lib.delete(copy.id)
                assertThrows<RookeryException.NoSuchGame> { s.play("g1f3") }
            }
        }
    }

    @Test
    fun aSessionWithoutALibrarySavesNothing() {
        GameSession("chess", listOf(SeatConfig.Person("A"), SeatConfig.Person("B")), defaultHouseRules(), 1uL).use { s ->
            assertNull(s.play("e2e4").savedId)
        }
        GameLibrary(path()).use { lib -> assertTrue(lib.savedGames().isEmpty()) }
    }
}
