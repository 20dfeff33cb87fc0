package rookery.bindings

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.rookery_bindings.CancelHandle
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.PendingView
import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.botMoveThinking
import uniffi.rookery_bindings.botSearchesRunning
import uniffi.rookery_bindings.panicNow
import uniffi.rookery_bindings.catalogue
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.inFlightTasks
import uniffi.rookery_bindings.liveObjects

private fun people(n: Int) = List(n) { SeatConfig.Person("p$it") }
private fun bots(n: Int, level: Int = 0) = List(n) { SeatConfig.Bot(level.toUByte()) }

private fun chess(seats: List<SeatConfig> = people(2)) = GameSession("chess", seats, defaultHouseRules(), 1uL)

/** Plays bot moves through the async call until the game has a result. */
private fun playBotsToTheEnd(session: GameSession, maxPlies: Int = 2_000): GameScreen {
    runBlocking {
        repeat(maxPlies) {
            if (session.screen().result != null) return@runBlocking
            session.botMove(null)
        }
    }
    return session.screen()
}

private val GameScreen.lastMoveCells: List<String> get() = scene.cells.filter { it.lastMove }.map { it.cell }

private val GameScreen.checked: List<String> get() = scene.pieces.filter { it.checked }.mapNotNull { it.cell }

private fun waitUntil(timeoutMs: Long = 5_000, condition: () -> Boolean): Boolean {
    val deadline = System.nanoTime() + timeoutMs * 1_000_000
    while (System.nanoTime() < deadline) {
        if (condition()) return true
        Thread.sleep(5)
    }
    return condition()
}

/** Far above what a cancelled search needs on a loaded 2-core machine, far below the search's minute. */
private const val CANCEL_BOUND_MS = 10_000L

/** A bot search that repeats its real search for a minute unless cancelled. */
private const val THINK_MS: ULong = 60_000uL

class GameSessionTest {
    private var liveAtStart = 0L

    @BeforeEach
    fun countLiveObjects() {
        liveAtStart = liveObjects()
    }

    /** Every test closes what it opens: the count is back where this test found it. */
    @AfterEach
    fun noTaskLeftRunningAndNothingLeftOpen() {
        assertTrue(waitUntil { inFlightTasks() == 0L }, "tasks still running: ${inFlightTasks()}")
        assertEquals(liveAtStart, liveObjects(), "native objects left open by this test")
    }

    @Test
    fun catalogueListsAll25GamesWithSeatsAndPlayableFlag() {
        val games = catalogue()
        assertEquals(25, games.size)
        assertEquals(games.size, games.map { it.id }.toSet().size)
        val chess = games.single { it.id == "chess" }
        assertTrue(chess.playable)
        assertEquals(2, chess.seatCount.toInt())
        assertEquals(listOf("white", "black"), chess.seatColours)
        assertEquals("chess", chess.rulesKey)
        for (g in games.filter { it.playable }) assertEquals(g.seatCount.toInt(), g.seatColours.size, g.id)
        assertTrue(games.all { it.playable }, "every game of the catalogue is playable")
        assertEquals(listOf("red", "black"), games.single { it.id == "xiangqi" }.seatColours)
        assertEquals(8, games.single { it.id == "eight-player-ffa" }.seatCount.toInt())
    }

    @Test
    fun foolsMateByTapsEndsInCheckmate() {
        chess().use { s ->
            val start = s.screen()
            assertEquals(64, start.scene.cells.size)
            assertEquals(32, start.scene.pieces.size)
            assertEquals(0, start.turn)
            assertFalse(start.canUndo)
            for ((i, move) in listOf("f2" to "f3", "e7" to "e5", "g2" to "g4", "d8" to "h4").withIndex()) {
                val (from, to) = move
                val sel = s.tapCell(from)
                assertTrue(sel.selected == from && to in sel.targets, "$from: $sel")
                assertEquals(i + 1, s.tapCell(to).moves.size)
            }
            val end = s.screen()
            assertEquals("end-checkmate", end.result?.reason?.key)
            assertEquals(listOf(1u), end.result?.winners)
            assertEquals(listOf("e1"), end.checked)
            assertEquals(setOf("d8", "h4"), end.lastMoveCells.toSet())
            assertEquals(listOf("f3", "e5", "g4", "Qh4#"), end.moveTexts)
            assertTrue(end.canUndo)
            // After the mate, taps do nothing (and say why); undo brings the game back.
            assertEquals(listOf("illegal-game-over"), s.tapCell("e2").notices.map { it.key })
            s.act(ScreenIntent.Undo)
            assertNull(s.screen().result)
            assertTrue(s.screen().canRedo)
            assertEquals(end, s.act(ScreenIntent.Redo))
        }
    }

    @Test
    fun tapOnAnotherOwnPieceReselectsAndOnANonTargetIsRefusedWithItsReason() {
        chess().use { s ->
            assertEquals("e2", s.tapCell("e2").selected)
            val d2 = s.tapCell("d2")
            assertEquals("d2", d2.selected)
            assertEquals(listOf("d3", "d4"), d2.targets.sorted())
            val refused = s.tapCell("h5").notices.single()
            assertEquals("illegal-cannot-move-there", refused.key)
            assertEquals("h5", refused.args.single { it.name == "cell" }.value)
            assertNull(s.screen().selected)
            // not the side to move
            assertEquals(listOf("illegal-not-your-piece"), s.tapCell("e7").notices.map { it.key })
            assertEquals(listOf("f3", "h3"), s.targetsOf("g1").sorted())
        }
    }

    @Test
    fun promotionByTapsAsksForThePiece() {
        chess().use { s ->
            s.loadFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
            assertEquals("e7", s.tapCell("e7").selected)
            val promo = (s.tapCell("e8").pending as PendingView.Promotion).options
            assertTrue(promo.any { it.letter == "Q" } && promo.any { it.letter == "N" }, promo.toString())
            // each choice as the board draws it, in white's colours
            val looks = promo.associate { it.letter to (it.glyph to it.army) }
            assertEquals("western-queen" to "white", looks["Q"])
            assertEquals("western-knight" to "white", looks["N"])
            val asked = s.screen()
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Pick(promo.size.toUInt())) }
            assertEquals(asked, s.screen(), "a pick that is no option changes nothing")
            val after = s.act(ScreenIntent.Pick(promo.indexOfFirst { it.letter == "Q" }.toUInt()))
            assertEquals(listOf("e8=Q"), after.moveTexts)
            val queen = after.piecesAt("e8").single()
            assertEquals("Q", queen.letter)
            assertEquals(0.toUByte(), queen.owner)
        }
    }

    @Test
    fun illegalMoveRaisesIllegalMoveAndChangesNothing() {
        chess().use { s ->
            val before = s.play("e2e4")
            val fen = s.fen()
            assertThrows<RookeryException.IllegalMove> { s.play("e7e3") }
            assertThrows<RookeryException.BadInput> { s.play("zz") }
            assertThrows<RookeryException.BadInput> { s.tapCell("z9") }
            assertEquals(before, s.screen())
            assertEquals(fen, s.fen())
        }
    }

    @Test
    fun malformedFenRaisesBadInputAndChangesNothing() {
        chess().use { s ->
            val before = s.play("d2d4")
            assertThrows<RookeryException.BadInput> { s.loadFen("rnbqkbnr/pppppppp/8 w KQkq") }
            assertThrows<RookeryException.BadInput> { s.loadFen("") }
            assertEquals(before, s.screen())
        }
    }

    @Test
    fun badGameOrSeatsAreBadInputAndClosedSessionIsStale() {
        assertThrows<RookeryException.BadInput> { GameSession("no-such-game", people(2), defaultHouseRules(), 0uL) }
        assertThrows<RookeryException.BadInput> { GameSession("chess", people(3), defaultHouseRules(), 0uL) }
        assertThrows<RookeryException.BadInput> { GameSession("chess", bots(2, level = 9), defaultHouseRules(), 0uL) }
        chess().use { s ->
            assertThrows<RookeryException.NotYourTurn> { runBlocking { s.botMove(null) } }
            s.closeSession()
            assertThrows<RookeryException.StaleSession> { s.screen() }
            assertThrows<RookeryException.StaleSession> { s.tapCell("e2") }
            assertThrows<RookeryException.StaleSession> { runBlocking { s.botMove(null) } }
        }
    }

    @Test
    fun resignAndHandASeatToABot() {
        chess().use { s ->
            assertEquals(1u.toUByte(), s.act(ScreenIntent.SetSeat(1u, SeatConfig.Bot(1u))).bars[1].bot)
            assertTrue(s.play("e2e4").bars[1].thinking)
            runBlocking { s.botMove(null) }
            assertEquals(2, s.screen().moves.size)
            val end = s.act(ScreenIntent.Resign(0u))
            assertEquals("end-resignation", end.result?.reason?.key)
            assertEquals(listOf(1u), end.result?.winners)
        }
    }

    @Test
    fun fourPlayerBotsPlayToTheEndThroughTheAsyncCall() {
        val house = defaultHouseRules().copy(moveLimit = 40u)
        GameSession("four-player-ffa", bots(4), house, 7uL).use { s ->
            val end = playBotsToTheEnd(s)
            assertNotNull(end.result, "no result after ${end.moves.size} plies")
            assertTrue(end.moves.count { it.note == null } <= 40)
            assertEquals(4, end.bars.size)
        }
    }

    @Test
    fun eightPlayerBotsPlayToTheEndThroughTheAsyncCall() {
        val house = defaultHouseRules().copy(moveLimit = 48u)
        GameSession("eight-player-ffa", bots(8), house, 8uL).use { s ->
            val start = s.screen()
            assertEquals(8, start.bars.size)
            val end = playBotsToTheEnd(s)
            assertNotNull(end.result, "no result after ${end.moves.size} plies")
            assertTrue(end.moves.count { it.note == null } <= 48)
        }
    }

    @Test
    fun alreadyCancelledBotSearchIsCancelledAndChangesNothing() {
        chess(bots(2, level = 2)).use { s ->
            val before = s.screen()
            CancelHandle().use { h ->
                h.cancel()
                assertThrows<RookeryException.Cancelled> { runBlocking { s.botMove(h) } }
            }
            assertEquals(before, s.screen())
        }
    }

    /**
     * Starts a search that would run for a minute, cancels it with [cancel] once it runs, and
     * checks that the call reports `Cancelled` within the bound, that the search itself stopped
     * (not only the call), and that nothing changed.
     */
    private fun cancelARunningSearch(seed: ULong, cancel: (CancelHandle) -> Unit) {
        GameSession("eight-player-ffa", bots(8, level = 2), defaultHouseRules(), seed).use { s ->
            val before = s.screen()
            CancelHandle().use { h ->
                val outcome = runBlocking {
                    val call = async(Dispatchers.Default) { runCatching { botMoveThinking(s, THINK_MS, h) } }
                    assertTrue(waitUntil { botSearchesRunning(s) == 1u }, "the search never started")
                    Thread.sleep(200)
                    assertFalse(call.isCompleted, "the search ended by itself")
                    val cancelledAt = System.nanoTime()
                    cancel(h)
                    val result = call.await()
                    val tookMs = (System.nanoTime() - cancelledAt) / 1_000_000
                    assertTrue(tookMs < CANCEL_BOUND_MS, "returned $tookMs ms after the cancel")
                    result
                }
                assertTrue(outcome.exceptionOrNull() is RookeryException.Cancelled, outcome.toString())
                assertTrue(waitUntil(CANCEL_BOUND_MS) { botSearchesRunning(s) == 0u }, "the search still runs")
            }
            assertEquals(before, s.screen())
        }
    }

    @Test
    fun cancelARunningBotSearchFromACoroutine() {
        cancelARunningSearch(3uL) { h -> runBlocking { async(Dispatchers.Default) { h.cancel() }.await() } }
    }

    @Test
    fun cancelARunningBotSearchFromAnotherThread() {
        cancelARunningSearch(4uL) { h -> Thread { h.cancel() }.apply { start() }.join() }
    }

    @Test
    fun anUncancelledThinkingSearchPlaysItsMove() {
        GameSession("chess", bots(2, level = 1), defaultHouseRules(), 5uL).use { s ->
            runBlocking { botMoveThinking(s, 50uL, null) }
            assertEquals(1, s.screen().moves.size)
            assertEquals(0u, botSearchesRunning(s))
        }
    }

    @Test
    fun undoAndRedoAtBothEndsAreBadInputAndChangeNothing() {
        chess().use { s ->
            val start = s.screen()
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Undo) }
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Redo) }
            assertEquals(start, s.screen())
            val moved = s.play("e2e4")
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Redo) }
            assertEquals(moved, s.screen())
            assertEquals(start.copy(canRedo = true), s.act(ScreenIntent.Undo))
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Undo) }
            assertEquals(moved, s.act(ScreenIntent.Redo))
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Redo) }
        }
    }

    @Test
    fun resigningOutOfTurnWorksAndABadSeatOrAFinishedGameIsRefused() {
        chess().use { s ->
            val start = s.screen()
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Resign(2u)) }
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Resign(255u)) }
            assertEquals(start, s.screen())
            // White to move; Black resigns
            val end = s.act(ScreenIntent.Resign(1u))
            assertEquals("end-resignation", end.result?.reason?.key)
            assertEquals(listOf(0u), end.result?.winners)
            assertEquals("moves-resigns", end.moves.last().note?.key)
            assertThrows<RookeryException.IllegalMove> { s.act(ScreenIntent.Resign(0u)) }
            assertEquals(end, s.screen())
        }
        // a seat that is out cannot resign again
        GameSession("four-player-ffa", people(4), defaultHouseRules(), 1uL).use { s ->
            assertNotEquals(uniffi.rookery_bindings.SeatStateView.PLAYING, s.act(ScreenIntent.Resign(2u)).bars[2].state)
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Resign(2u)) }
        }
    }

    @Test
    fun setSeatRefusesABadSeatOrLevelAndChangesNothing() {
        chess().use { s ->
            val before = s.screen()
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.SetSeat(2u, SeatConfig.Bot(1u))) }
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.SetSeat(0u, SeatConfig.Bot(9u))) }
            assertEquals(before, s.screen())
            assertEquals(2u.toUByte(), s.act(ScreenIntent.SetSeat(0u, SeatConfig.Bot(2u))).bars[0].bot)
            val ann = s.act(ScreenIntent.SetSeat(0u, SeatConfig.Person("Ann"))).bars[0]
            assertEquals(null, ann.bot)
            assertEquals("Ann", ann.name)
            assertThrows<RookeryException.NotYourTurn> { runBlocking { s.botMove(null) } }
        }
    }

    @Test
    fun endGameNeedsNoPersonPlayingAndAGameThatAllowsIt() {
        GameSession("eight-player-ffa", people(1) + bots(7), defaultHouseRules(), 2uL).use { s ->
            // the end by agreement is an action like any other (`choice:end`); the app offers
            // it only when no person plays any more (`GameController.waitingForDecision`)
            assertNull(s.screen().result)
            s.act(ScreenIntent.SetSeat(0u, SeatConfig.Bot(0u)))
            val end = s.play("choice:end")
            assertEquals("end-agreement", end.result?.reason?.key)
            assertThrows<RookeryException.IllegalMove> { s.play("choice:end") }
        }
        // two-player chess has no end by agreement, even between bots
        chess(bots(2)).use { s ->
            assertThrows<RookeryException> { s.play("choice:end") }
            assertNull(s.screen().result)
        }
    }

    @Test
    fun threePlayerSessionOffersAChoiceAfterTheFirstMateAndTakesIt() {
        // seed 7 with random bots: the first mate (of seat 1) comes at ply 70
        GameSession("three-player", bots(3), defaultHouseRules(), 7uL).use { s ->
            assertThrows<RookeryException> { s.play("choice:grey") } // nothing pending
            fun choices(x: GameScreen) = x.buttons.map { it.text }.filter { it.startsWith("choice:") }
            runBlocking {
                repeat(400) {
                    val snap = s.screen()
                    if (choices(snap).isNotEmpty() || snap.result != null) return@runBlocking
                    s.botMove(null)
                }
            }
            val pending = s.screen()
            assertEquals(70, pending.moves.size)
            assertEquals(listOf("choice:end", "choice:grey", "choice:give:2", "choice:give:0"), choices(pending))
            // nothing else is accepted while the choice is pending
            assertThrows<RookeryException> { s.act(ScreenIntent.Resign(0u)) }
            assertThrows<RookeryException> { s.play("choice:give:1") } // the mated seat
            assertThrows<RookeryException.BadInput> { s.play("choice:maybe") }
            assertEquals(pending, s.screen())
            val after = s.act(ScreenIntent.Press(choices(pending).indexOf("choice:give:2").toUInt()))
            assertTrue(choices(after).isEmpty())
            assertEquals(uniffi.rookery_bindings.SeatStateView.OUT, after.bars[1].state)
            assertTrue(after.scene.pieces.none { it.owner == 1.toUByte() }, "seat 1's army went to seat 2")
            assertNull(after.result)
            assertEquals(choices(pending), choices(s.act(ScreenIntent.Undo)))
            assertNotNull(s.play("choice:end").result)
        }
    }

    @Test
    fun realCoreErrorsMapToTheirKotlinTypes() {
        chess().use { s ->
            assertThrows<RookeryException.IllegalMove> { s.play("e2e5") }
            assertThrows<RookeryException.BadInput> { s.play("e2") }
            assertThrows<RookeryException.BadInput> { s.tapCell("i9") }
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Drag("e2", "i9")) }
            assertThrows<RookeryException.NotYourTurn> { runBlocking { s.botMove(null) } }
        }
        chess(bots(2)).use { s ->
            CancelHandle().use { h ->
                h.cancel()
                assertThrows<RookeryException.Cancelled> { runBlocking { s.botMove(h) } }
            }
            s.closeSession()
            assertThrows<RookeryException.StaleSession> { s.act(ScreenIntent.Undo) }
        }
        val panic = assertThrows<RookeryException.Internal> { panicNow("a real panic, caught at the boundary") }
        assertTrue(panic.message!!.contains("a real panic"))
    }

    @Test
    fun tenThousandCallsLeaveNoLiveNativeObjects() {
        val start = liveObjects()
        chess().use { s ->
            repeat(10_000) { i ->
                s.tapCell(if (i % 2 == 0) "e2" else "g1")
                if (i % 100 == 0) s.screen()
            }
        }
        repeat(10_000) {
            GameSession("chess", people(2), defaultHouseRules(), it.toULong()).use { s -> s.tapCell("e2") }
        }
        assertEquals(start, liveObjects())
    }
}
