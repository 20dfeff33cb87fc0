package rookery.bindings

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import uniffi.rookery_bindings.GameLibrary
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.inFlightTasks
import uniffi.rookery_bindings.liveObjects
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Callable
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import kotlin.random.Random

/**
 * Many threads calling one GameSession and one GameLibrary at once through the bindings (the
 * apps call the core from the UI thread, coroutines and bot workers). Every call must either
 * be accepted or fail with a typed RookeryException that changed nothing; no call may be lost;
 * and the final state must equal a replay of the accepted actions in acceptance order, read
 * back from a fresh library (so what was acknowledged was also saved).
 *
 * The timeouts only guard against a deadlock hanging the build; nothing is timed.
 */
class ConcurrencyTest {
    private var liveAtStart = 0L
    private lateinit var dir: Path

    @BeforeEach
    fun setUp() {
        liveAtStart = liveObjects()
        dir = Files.createTempDirectory("rookery-concurrency")
    }

    @AfterEach
    fun nothingLeftOpen() {
        var waited = 0
        while (inFlightTasks() != 0L && waited < 2000) { Thread.sleep(5); waited++ }
        assertEquals(0L, inFlightTasks(), "tasks still running")
        assertEquals(liveAtStart, liveObjects(), "native objects left open by this test")
    }

    private fun path() = dir.resolve("saves").toString()
    private val people = listOf(SeatConfig.Person("A"), SeatConfig.Person("B"))

    /** Runs `body(thread index)` on `n` threads released at once; returns their results. */
    private fun <T> onThreads(n: Int, body: (Int) -> T): List<T> {
        val pool = Executors.newFixedThreadPool(n)
        val gate = CountDownLatch(1)
        try {
            val futures = (0 until n).map { i -> pool.submit(Callable { gate.await(); body(i) }) }
            gate.countDown()
            return futures.map { it.get() }
        } finally {
            pool.shutdownNow()
        }
    }

    /** Coordinate text of a random legal move of the seat to move, or null (game over or a race). */
    private fun randomMoveText(s: GameSession, rnd: Random): String? {
        return try {
            val snap = s.screen()
            if (snap.result != null) return null
            // the targets are read on a copy of the position: a tap on the shared session
            // would select for the other threads too
            GameSession(snap.gameId, people, defaultHouseRules(), 7uL).use { copy ->
                copy.loadFen(s.fen())
                val now = copy.screen()
                val mine = now.scene.pieces.filter { it.cell != null && it.owner?.toInt() == now.turn }.shuffled(rnd)
                for (p in mine) {
                    val targets = copy.targetsOf(p.cell!!)
                    if (targets.isNotEmpty()) return p.cell + targets[rnd.nextInt(targets.size)]
                }
            }
            null
        } catch (e: RookeryException) {
            null
        }
    }

    /** Tries a move; its text if accepted (promotions to a queen), null if refused. */
    private fun tryMove(s: GameSession, text: String): String? {
        for (t in listOf(text, text + "q")) {
            try {
                // the screen the move returns, read under the session's lock: its last entry is this move
                return s.play(t).moves.last().text
            } catch (e: RookeryException) {
                // refused: by the rules, or another thread moved first; nothing changed
            }
        }
        return null
    }

    private fun replayFen(gameId: String, moves: List<String>): String =
        GameSession(gameId, people, defaultHouseRules(), 7uL).use { r ->
            for (m in moves) r.play(m)
            r.fen()
        }

    /** true when `sub` appears in `all` in order (not necessarily contiguous). */
    private fun isSubsequence(sub: List<String>, all: List<String>): Boolean {
        var i = 0
        for (x in all) if (i < sub.size && sub[i] == x) i++
        return i == sub.size
    }

    @Test
    @Timeout(300)
    fun manyThreadsOnOneSessionActInASerialOrderAndLoseNothing() {
        val threads = 8
        var id = 0uL
        lateinit var finalMoves: List<String>
        lateinit var finalFen: String
        GameLibrary(path()).use { lib ->
            assertTrue(lib.syncToDisk())
            lib.newGame("chess", people, defaultHouseRules(), 7uL).use { s ->
                id = s.screen().savedId!!
                // phase 1: moves and reads only; the move list is the acceptance order
                val accepted = onThreads(threads) { t ->
                    val rnd = Random(100 + t)
                    val mine = mutableListOf<String>()
                    repeat(25) {
                        val snap = s.screen()
                        assertEquals(snap.moves.isNotEmpty(), snap.canUndo, "a torn screen")
                        randomMoveText(s, rnd)?.let { text -> tryMove(s, text)?.let { mine += it } }
                    }
                    mine
                }
                val list = s.screen().moveTexts
                val total = accepted.sumOf { it.size }
                assertTrue(total > threads, "only $total moves were accepted")
                assertEquals(total, list.size, "accepted moves vs the move list: an action was lost or doubled")
                assertEquals(accepted.flatten().sorted(), list.sorted(), "the accepted moves are not the moves played")
                for ((t, mine) in accepted.withIndex()) {
                    assertTrue(isSubsequence(mine, list), "thread $t's moves are out of its own order")
                }
                assertEquals(replayFen("chess", list), s.fen(), "the position is not the replay of the accepted moves")

                // phase 2: moves, undo and redo at once; every accepted call moves the cursor by one
                val ply0 = s.screen().moves.size
                val counts = onThreads(threads) { t ->
                    val rnd = Random(200 + t)
                    var (moves, undos, redos) = Triple(0, 0, 0)
                    repeat(30) {
                        when (rnd.nextInt(10)) {
                            0, 1 -> try { s.act(ScreenIntent.Undo); undos++ } catch (e: RookeryException) {}
                            2 -> try { s.act(ScreenIntent.Redo); redos++ } catch (e: RookeryException) {}
                            3 -> s.screen()
                            else -> randomMoveText(s, rnd)?.let { text -> if (tryMove(s, text) != null) moves++ }
                        }
                    }
                    Triple(moves, undos, redos)
                }
                val phase2 = Triple(counts.sumOf { it.first }, counts.sumOf { it.second }, counts.sumOf { it.third })
                val snap = s.screen()
                assertEquals(
                    ply0 + phase2.first - phase2.second + phase2.third,
                    snap.moves.size,
                    "accepted moves ${phase2.first}, undos ${phase2.second}, redos ${phase2.third} from ply $ply0",
                )
                finalMoves = snap.moveTexts
                finalFen = s.fen()
                assertEquals(replayFen("chess", finalMoves), finalFen)
                println(
                    "concurrency, one session, $threads threads: phase 1 $total moves accepted; phase 2 " +
                        "${phase2.first} moves, ${phase2.second} undos, ${phase2.third} redos accepted; " +
                        "final ply ${snap.moves.size}",
                )
            }
        }
        // what was acknowledged was saved: a fresh library resumes exactly that
        GameLibrary(path()).use { lib ->
            lib.resume(id).use { s ->
                assertEquals(finalMoves, s.screen().moveTexts)
                assertEquals(finalFen, s.fen())
            }
        }
    }

    @Test
    @Timeout(300)
    fun twoSessionsOfOneSavedGameNeverForkIt() {
        var id = 0uL
        var accepted = 0
        GameLibrary(path()).use { lib ->
            lib.newGame("chess", people, defaultHouseRules(), 3uL).use { a ->
                id = a.screen().savedId!!
                lib.resume(id).use { b ->
                    val per = onThreads(4) { t ->
                        val s = if (t % 2 == 0) a else b
                        val rnd = Random(300 + t)
                        var n = 0
                        repeat(20) { randomMoveText(s, rnd)?.let { text -> if (tryMove(s, text) != null) n++ } }
                        n
                    }
                    accepted = per.sum()
                }
            }
        }
        GameLibrary(path()).use { lib ->
            val saved = lib.savedGames().single { it.id == id }
            lib.resume(id).use { s ->
                val moves = s.screen().moveTexts
                // every move either session acknowledged is in the one saved game, once
                assertEquals(accepted, moves.size, "acknowledged $accepted moves, saved ${moves.size}")
                assertEquals(moves.size.toUInt(), saved.plyCount)
                assertEquals(replayFen("chess", moves), s.fen())
            }
            println("concurrency, two sessions of one saved game, 4 threads: $accepted moves acknowledged and saved")
        }
    }

    @Test
    @Timeout(300)
    fun manyThreadsOnOneLibraryKeepEveryGameApart() {
        val threads = 6
        data class Result(val id: ULong, val gameId: String, val moves: List<String>, val name: String, val copies: Set<ULong>)
        val results: List<Result>
        GameLibrary(path()).use { lib ->
            results = onThreads(threads) { t ->
                val gameId = if (t % 2 == 0) "chess" else "xiangqi"
                val rnd = Random(400 + t)
                lib.newGame(gameId, people, defaultHouseRules(), t.toULong()).use { s ->
                    val id = s.screen().savedId!!
                    val copies = mutableSetOf<ULong>()
                    var name = lib.savedGames().single { it.id == id }.name
                    repeat(12) { k ->
                        if (s.screen().result == null) playOneAction(s)
                        when (rnd.nextInt(5)) {
                            0 -> { name = "thread $t rename $k"; lib.rename(id, name) }
                            1 -> copies += lib.importGame(lib.exportGameFull(id)).id
                            2 -> copies.firstOrNull()?.let { c -> lib.delete(c); copies -= c }
                            3 -> lib.savedGames().single { it.id == id }.let { g -> assertEquals(name, g.name) }
                            else -> lib.resume(id).use { r -> assertEquals(s.screen().moveTexts, r.screen().moveTexts) }
                        }
                    }
                    Result(id, gameId, s.screen().moveTexts, name, copies)
                }
            }
        }
        GameLibrary(path()).use { lib ->
            val listed = lib.savedGames().associateBy { it.id }
            val expected = results.flatMap { listOf(it.id) + it.copies }.toSet()
            assertEquals(expected, listed.keys, "games created, imported and deleted by the threads")
            for (r in results) {
                assertEquals(r.name, listed.getValue(r.id).name)
                lib.resume(r.id).use { s -> assertEquals(r.moves, s.screen().moveTexts, "game ${r.id}") }
                for (c in r.copies) lib.resume(c).use { s -> assertEquals(r.gameId, s.screen().gameId) }
            }
            println(
                "concurrency, one library, $threads threads: ${results.size} games, " +
                    "${results.sumOf { it.moves.size }} moves, ${results.sumOf { it.copies.size }} imported copies kept",
            )
        }
    }
}
