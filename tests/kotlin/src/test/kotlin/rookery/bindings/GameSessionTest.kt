package rookery.bindings

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.rookery_bindings.BoardSnapshot
import uniffi.rookery_bindings.CancelHandle
import uniffi.rookery_bindings.GameEndReason
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.PieceLook
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.TapResult
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
private fun playBotsToTheEnd(session: GameSession, maxPlies: Int = 2_000): BoardSnapshot {
    runBlocking {
        repeat(maxPlies) {
            if (session.snapshot().result != null) return@runBlocking
            session.botMove(null)
        }
    }
    return session.snapshot()
}

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
            val start = s.snapshot()
            assertEquals(64, start.cells.size)
            assertEquals(32, start.pieces.size)
            assertEquals(0, start.turn.toInt())
            assertFalse(start.canUndo)
            for ((from, to) in listOf("f2" to "f3", "e7" to "e5", "g2" to "g4", "d8" to "h4")) {
                val sel = s.tap(from)
                assertTrue(sel is TapResult.Selected && to in sel.targets, "$from: $sel")
                assertEquals(from, s.snapshot().selected)
                assertEquals(TapResult.Moved("$from$to"), s.tap(to))
            }
            val end = s.snapshot()
            assertEquals(GameEndReason.CHECKMATE, end.result?.reason)
            assertEquals(listOf(1u), end.result?.winners)
            assertEquals(listOf("e1"), end.checkCells)
            assertEquals("d8", end.lastMove?.from)
            assertEquals("h4", end.lastMove?.to)
            assertEquals(4u, end.plyCount)
            assertTrue(end.canUndo)
            // After the mate, taps do nothing (and say why); undo brings the game back.
            assertEquals("illegal-game-over", (s.tap("e2") as TapResult.Refused).reason.key)
            s.undo()
            assertNull(s.snapshot().result)
            assertTrue(s.snapshot().canRedo)
            s.redo()
            assertEquals(end, s.snapshot())
        }
    }

    @Test
    fun tapOnAnotherOwnPieceReselectsAndOnANonTargetIsRefusedWithItsReason() {
        chess().use { s ->
            assertTrue(s.tap("e2") is TapResult.Selected)
            assertEquals(TapResult.Selected("d2", listOf("d3", "d4")), s.tap("d2"))
            val refused = s.tap("h5") as TapResult.Refused
            assertEquals("illegal-cannot-move-there", refused.reason.key)
            assertEquals("h5", refused.reason.args.single { it.name == "cell" }.value)
            assertNull(s.snapshot().selected)
            // not the side to move
            assertEquals("illegal-not-your-piece", (s.tap("e7") as TapResult.Refused).reason.key)
            assertEquals(listOf("f3", "h3"), s.legalTargets("g1").sorted())
        }
    }

    @Test
    fun promotionByTapsAsksForThePiece() {
        chess().use { s ->
            s.loadFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
            assertTrue(s.tap("e7") is TapResult.Selected)
            val promo = s.tap("e8")
            assertTrue(promo is TapResult.NeedsPromotion && "Q" in promo.choices && "N" in promo.choices, promo.toString())
            // each choice as the board draws it, in white's colours
            val looks = (promo as TapResult.NeedsPromotion).choices.zip(promo.pieces).toMap()
            assertEquals(PieceLook("western-queen", "white"), looks["Q"])
            assertEquals(PieceLook("western-knight", "white"), looks["N"])
            assertThrows<RookeryException.BadInput> { s.choosePromotion("K") }
            assertEquals("e7e8q", s.choosePromotion("Q"))
            val queen = s.snapshot().pieces.single { it.cell == "e8" }
            assertEquals("Q", queen.letter)
            assertEquals(0.toUByte(), queen.owner)
        }
    }

    @Test
    fun illegalMoveRaisesIllegalMoveAndChangesNothing() {
        chess().use { s ->
            s.playMoveText("e2e4")
            val before = s.snapshot()
            val fen = s.fen()
            assertThrows<RookeryException.IllegalMove> { s.playMoveText("e7e3") }
            assertThrows<RookeryException.BadInput> { s.playMoveText("zz") }
            assertThrows<RookeryException.BadInput> { s.tap("z9") }
            assertEquals(before, s.snapshot())
            assertEquals(fen, s.fen())
        }
    }

    @Test
    fun malformedFenRaisesBadInputAndChangesNothing() {
        chess().use { s ->
            s.playMoveText("d2d4")
            val before = s.snapshot()
            assertThrows<RookeryException.BadInput> { s.loadFen("rnbqkbnr/pppppppp/8 w KQkq") }
            assertThrows<RookeryException.BadInput> { s.loadFen("") }
            assertEquals(before, s.snapshot())
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
            assertThrows<RookeryException.StaleSession> { s.snapshot() }
            assertThrows<RookeryException.StaleSession> { s.tap("e2") }
            assertThrows<RookeryException.StaleSession> { runBlocking { s.botMove(null) } }
        }
    }

    @Test
    fun resignAndHandASeatToABot() {
        chess().use { s ->
            s.setSeat(1u, SeatConfig.Bot(1u))
            s.playMoveText("e2e4")
            val reply = runBlocking { s.botMove(null) }
            assertEquals(2u, s.snapshot().plyCount)
            assertEquals(reply, s.snapshot().lastMove?.text)
            assertFalse(s.noPersonPlaying())
            s.resign(0u)
            val end = s.snapshot()
            assertEquals(GameEndReason.RESIGNATION, end.result?.reason)
            assertEquals(listOf(1u), end.result?.winners)
        }
    }

    @Test
    fun fourPlayerBotsPlayToTheEndThroughTheAsyncCall() {
        val house = defaultHouseRules().copy(moveLimit = 40u)
        GameSession("four-player-ffa", bots(4), house, 7uL).use { s ->
            assertTrue(s.noPersonPlaying())
            val end = playBotsToTheEnd(s)
            assertNotNull(end.result, "no result after ${end.plyCount} plies")
            assertTrue(end.plyCount <= 40u)
            assertEquals(4, end.seats.size)
        }
    }

    @Test
    fun eightPlayerBotsPlayToTheEndThroughTheAsyncCall() {
        val house = defaultHouseRules().copy(moveLimit = 48u)
        GameSession("eight-player-ffa", bots(8), house, 8uL).use { s ->
            val start = s.snapshot()
            assertEquals(8, start.seats.size)
            val end = playBotsToTheEnd(s)
            assertNotNull(end.result, "no result after ${end.plyCount} plies")
            assertTrue(end.plyCount <= 48u)
        }
    }

    @Test
    fun alreadyCancelledBotSearchIsCancelledAndChangesNothing() {
        chess(bots(2, level = 2)).use { s ->
            val before = s.snapshot()
            CancelHandle().use { h ->
                h.cancel()
                assertThrows<RookeryException.Cancelled> { runBlocking { s.botMove(h) } }
            }
            assertEquals(before, s.snapshot())
        }
    }

    /**
     * Starts a search that would run for a minute, cancels it with [cancel] once it runs, and
     * checks that the call reports `Cancelled` within the bound, that the search itself stopped
     * (not only the call), and that nothing changed.
     */
    private fun cancelARunningSearch(seed: ULong, cancel: (CancelHandle) -> Unit) {
        GameSession("eight-player-ffa", bots(8, level = 2), defaultHouseRules(), seed).use { s ->
            val before = s.snapshot()
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
            assertEquals(before, s.snapshot())
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
            val text = runBlocking { botMoveThinking(s, 50uL, null) }
            assertEquals(text, s.snapshot().lastMove?.text)
            assertEquals(0u, botSearchesRunning(s))
        }
    }

    @Test
    fun undoAndRedoAtBothEndsAreBadInputAndChangeNothing() {
        chess().use { s ->
            val start = s.snapshot()
            assertThrows<RookeryException.BadInput> { s.undo() }
            assertThrows<RookeryException.BadInput> { s.redo() }
            assertEquals(start, s.snapshot())
            s.playMoveText("e2e4")
            val moved = s.snapshot()
            assertThrows<RookeryException.BadInput> { s.redo() }
            assertEquals(moved, s.snapshot())
            s.undo()
            assertEquals(start.copy(canRedo = true), s.snapshot())
            assertThrows<RookeryException.BadInput> { s.undo() }
            s.redo()
            assertEquals(moved, s.snapshot())
            assertThrows<RookeryException.BadInput> { s.redo() }
        }
    }

    @Test
    fun resigningOutOfTurnWorksAndABadSeatOrAFinishedGameIsRefused() {
        chess().use { s ->
            val start = s.snapshot()
            assertThrows<RookeryException.BadInput> { s.resign(2u) }
            assertThrows<RookeryException.BadInput> { s.resign(255u) }
            assertEquals(start, s.snapshot())
            // White to move; Black resigns
            s.resign(1u)
            val end = s.snapshot()
            assertEquals(GameEndReason.RESIGNATION, end.result?.reason)
            assertEquals(listOf(0u), end.result?.winners)
            assertEquals("resign:1", end.lastMove?.text)
            assertThrows<RookeryException.IllegalMove> { s.resign(0u) }
            assertEquals(end, s.snapshot())
        }
        // a seat that is out cannot resign again
        GameSession("four-player-ffa", people(4), defaultHouseRules(), 1uL).use { s ->
            s.resign(2u)
            assertFalse(s.snapshot().seats[2].playing)
            assertThrows<RookeryException.BadInput> { s.resign(2u) }
        }
    }

    @Test
    fun setSeatRefusesABadSeatOrLevelAndChangesNothing() {
        chess().use { s ->
            val before = s.snapshot()
            assertThrows<RookeryException.BadInput> { s.setSeat(2u, SeatConfig.Bot(1u)) }
            assertThrows<RookeryException.BadInput> { s.setSeat(0u, SeatConfig.Bot(9u)) }
            assertEquals(before, s.snapshot())
            s.setSeat(0u, SeatConfig.Bot(2u))
            assertEquals(SeatConfig.Bot(2u), s.snapshot().seats[0].config)
            s.setSeat(0u, SeatConfig.Person("Ann"))
            assertEquals(SeatConfig.Person("Ann"), s.snapshot().seats[0].config)
            assertThrows<RookeryException.NotYourTurn> { runBlocking { s.botMove(null) } }
        }
    }

    @Test
    fun endGameNeedsNoPersonPlayingAndAGameThatAllowsIt() {
        GameSession("eight-player-ffa", people(1) + bots(7), defaultHouseRules(), 2uL).use { s ->
            assertFalse(s.noPersonPlaying())
            assertThrows<RookeryException.BadInput> { s.endGame() }
            assertNull(s.snapshot().result)
            s.setSeat(0u, SeatConfig.Bot(0u))
            assertTrue(s.noPersonPlaying())
            s.endGame()
            val end = s.snapshot()
            assertEquals(GameEndReason.AGREEMENT, end.result?.reason)
            assertEquals("choice:end", end.lastMove?.text)
            assertThrows<RookeryException.IllegalMove> { s.endGame() }
        }
        // two-player chess has no end by agreement, even between bots
        chess(bots(2)).use { s ->
            assertThrows<RookeryException.BadInput> { s.endGame() }
            assertNull(s.snapshot().result)
        }
    }

    @Test
    fun threePlayerSessionOffersAChoiceAfterTheFirstMateAndTakesIt() {
        // seed 7 with random bots: the first mate (of seat 1) comes at ply 70
        GameSession("three-player", bots(3), defaultHouseRules(), 7uL).use { s ->
            assertThrows<RookeryException.BadInput> { s.choose("choice:grey") } // nothing pending
            runBlocking {
                repeat(400) {
                    val snap = s.snapshot()
                    if (snap.choices.isNotEmpty() || snap.result != null) return@runBlocking
                    s.botMove(null)
                }
            }
            val pending = s.snapshot()
            assertEquals(70u, pending.plyCount)
            assertEquals(listOf("choice:end", "choice:grey", "choice:give:2", "choice:give:0"), pending.choices)
            // nothing else is accepted while the choice is pending
            assertThrows<RookeryException.BadInput> { s.resign(0u) }
            assertThrows<RookeryException.BadInput> { s.choose("choice:give:1") } // the mated seat
            assertThrows<RookeryException.BadInput> { s.choose("choice:maybe") }
            assertEquals(pending, s.snapshot())
            s.choose("choice:give:2")
            val after = s.snapshot()
            assertTrue(after.choices.isEmpty())
            assertEquals("choice:give:2", after.lastMove?.text)
            assertFalse(after.seats[1].playing)
            assertTrue(after.pieces.none { it.owner == 1.toUByte() }, "seat 1's army went to seat 2")
            assertNull(after.result)
            s.undo()
            assertEquals(pending.choices, s.snapshot().choices)
            s.choose("choice:end")
            assertNotNull(s.snapshot().result)
        }
    }

    @Test
    fun realCoreErrorsMapToTheirKotlinTypes() {
        chess().use { s ->
            assertThrows<RookeryException.IllegalMove> { s.playMoveText("e2e5") }
            assertThrows<RookeryException.BadInput> { s.playMoveText("e2") }
            assertThrows<RookeryException.BadInput> { s.legalTargets("i9") }
            assertThrows<RookeryException.BadInput> { s.choosePromotion("Q") }
            assertThrows<RookeryException.NotYourTurn> { runBlocking { s.botMove(null) } }
        }
        chess(bots(2)).use { s ->
            CancelHandle().use { h ->
                h.cancel()
                assertThrows<RookeryException.Cancelled> { runBlocking { s.botMove(h) } }
            }
            s.closeSession()
            assertThrows<RookeryException.StaleSession> { s.undo() }
        }
        val panic = assertThrows<RookeryException.Internal> { panicNow("a real panic, caught at the boundary") }
        assertTrue(panic.message!!.contains("a real panic"))
    }

    @Test
    fun tenThousandCallsLeaveNoLiveNativeObjects() {
        val start = liveObjects()
        chess().use { s ->
            repeat(10_000) { i ->
                s.legalTargets(if (i % 2 == 0) "e2" else "g1")
                if (i % 100 == 0) s.snapshot()
            }
        }
        repeat(10_000) {
            GameSession("chess", people(2), defaultHouseRules(), it.toULong()).use { s -> s.tap("e2") }
        }
        assertEquals(start, liveObjects())
    }
}
