package rookery.bindings

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.rookery_bindings.GameLibrary
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SceneHit
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.ScreenLooker
import uniffi.rookery_bindings.sceneHitTest
import uniffi.rookery_bindings.damageSavedRecord
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.liveObjects
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * A second JVM process on a library (LibraryEdgeTest starts it):
 *   `lock DIR`: tries to open the library; prints `LOCKED`, or `OPENED <games>` and closes it;
 *   `clock DIR`: a chess game with 60 s per turn, e2e4, 300 ms, then pauses the turn clock
 *   (saved), prints `PAUSED <id> <left ms>`, runs the clock again, prints `RUNNING` and waits
 *   to be killed.
 */
object LibraryChild {
    @JvmStatic
    fun main(args: Array<String>) {
        val dir = args[1]
        when (args[0]) {
            "lock" -> try {
                GameLibrary(dir).use { println("OPENED ${it.savedGames().size}") }
            } catch (e: RookeryException.LibraryLocked) {
                println("LOCKED")
            }
            "clock" -> {
                val lib = GameLibrary(dir)
                val rules = defaultHouseRules().copy(turnSeconds = 60u)
                val s = lib.newGame("chess", listOf(SeatConfig.Person("A"), SeatConfig.Person("B")), rules, 1uL)
                s.play("e2e4")
                Thread.sleep(300)
                s.pauseClock()
                println("PAUSED ${s.screen().savedId} ${s.turnClock()!!.leftMs}")
                s.startClock()
                println("RUNNING")
                System.out.flush()
                Thread.sleep(600_000)
            }
        }
        System.out.flush()
    }
}

/**
 * What the apps' library must survive: damaged records, directories it cannot use, a second
 * process on the same library, and the turn clock across a restart (a kill -9 included).
 */
class LibraryEdgeTest {
    private var liveAtStart = 0L
    private lateinit var dir: Path
    private val people = listOf(SeatConfig.Person("A"), SeatConfig.Person("B"))

    @BeforeEach
    fun setUp() {
        liveAtStart = liveObjects()
        dir = Files.createTempDirectory("rookery-edge")
    }

    @AfterEach
    fun nothingLeftOpen() {
        assertEquals(liveAtStart, liveObjects(), "native objects left open by this test")
        dir.toFile().deleteRecursively()
    }

    private fun path(sub: String = "saves") = dir.resolve(sub).toString()

    private fun child(vararg args: String): Process {
        val java = File(System.getProperty("java.home"), "bin/java").path
        val cp = System.getProperty("surefire.test.class.path") ?: System.getProperty("java.class.path")
        val props = listOf("jna.library.path", "uniffi.component.rookery_bindings.libraryOverride")
            .mapNotNull { k -> System.getProperty(k)?.let { "-D$k=$it" } }
        val cmd = listOf(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", cp) +
            props + listOf("rookery.bindings.LibraryChild") + args
        return ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start()
    }

    private fun runChild(vararg args: String): String {
        val p = child(*args)
        val out = p.inputStream.bufferedReader().readText().trim()
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child process ended")
        return out
    }

    /** Three saved games; returns their ids (the first with two actions). */
    private fun threeGames(lib: GameLibrary): List<ULong> = listOf("e2e4 e7e5", "d2d4", "c2c4").map { moves ->
        lib.newGame("chess", people, defaultHouseRules(), 1uL).use { s ->
            moves.split(' ').forEach { s.play(it) }
            s.screen().savedId!!
        }
    }

    @Test
    fun aDamagedRecordIsATypedErrorNamingTheGameAndTheOtherGamesStillListAndResume() {
        val ids = GameLibrary(path()).use { lib -> lib.setSyncToDisk(false); threeGames(lib) }
        damageSavedRecord(path(), ids[0], "action")
        damageSavedRecord(path(), ids[1], "summary")
        GameLibrary(path()).use { lib ->
            val e = assertThrows<RookeryException.DamagedSave> { lib.resume(ids[0]) }
            assertTrue(e.message!!.contains("${ids[0]}"), "names the game: ${e.message}")
            val e2 = assertThrows<RookeryException.DamagedSave> { lib.resume(ids[1]) }
            assertTrue(e2.message!!.contains("${ids[1]}"), "names the game: ${e2.message}")
            // the summaries still readable are listed, the unreadable one is reported by name
            assertEquals(setOf(ids[0], ids[2]), lib.savedGames().map { it.id }.toSet())
            val damaged = lib.damagedGames()
            assertEquals(1, damaged.size, "$damaged")
            assertTrue(damaged[0].contains("${ids[1]}"), damaged[0])
            // the undamaged game resumes and plays on; nothing about it was lost
            lib.resume(ids[2]).use { s ->
                assertEquals(listOf("c4"), s.screen().moveTexts)
                s.play("e7e5")
            }
            // a failed resume changed nothing: it fails the same way again
            assertThrows<RookeryException.DamagedSave> { lib.resume(ids[0]) }
            lib.delete(ids[0])
            lib.delete(ids[1])
            assertEquals(listOf(ids[2]), lib.savedGames().map { it.id })
            assertTrue(lib.damagedGames().isEmpty())
        }
        GameLibrary(path()).use { lib -> lib.resume(ids[2]).use { s -> assertEquals(listOf("c4", "e5"), s.screen().moveTexts) } }
    }

    @Test
    fun aDirectoryThatCannotBeOpenedIsLibraryUnavailable() {
        val file = dir.resolve("a-file")
        Files.writeString(file, "not a directory")
        assertThrows<RookeryException.LibraryUnavailable> { GameLibrary(file.toString()) }
        assertThrows<RookeryException.LibraryUnavailable> { GameLibrary(file.resolve("saves").toString()) }
        assertEquals("not a directory", Files.readString(file), "the file was left alone")
    }

    @Test
    fun aSecondProcessOnTheSameLibraryIsLockedOutAndNothingIsLost() {
        val ids = GameLibrary(path()).use { lib ->
            lib.setSyncToDisk(false)
            val ids = threeGames(lib)
            assertEquals("LOCKED", runChild("lock", path()))
            // the first process goes on saving while the second was turned away
            lib.resume(ids[0]).use { s -> s.play("g1f3") }
            ids
        }
        // the other way round: the second process has it, this one is locked out
        val p = child("clock", path())
        try {
            val reader = p.inputStream.bufferedReader()
            while (reader.readLine()?.startsWith("RUNNING") == false) Unit
            assertThrows<RookeryException.LibraryLocked> { GameLibrary(path()) }
        } finally {
            p.destroyForcibly()
            p.waitFor(60, TimeUnit.SECONDS)
        }
        assertEquals("OPENED 4", runChild("lock", path()))
        GameLibrary(path()).use { lib ->
            lib.resume(ids[0]).use { s -> assertEquals(listOf("e4", "e5", "Nf3"), s.screen().moveTexts) }
            assertTrue(lib.damagedGames().isEmpty())
        }
    }

    @Test
    fun aResumedGameGoesOnWithTheTurnTimeThatWasLeftAtItsLastSave() {
        val rules = defaultHouseRules().copy(turnSeconds = 60u)
        val id = GameLibrary(path()).use { lib ->
            lib.newGame("chess", people, rules, 1uL).use { s ->
                s.play("e2e4")
                Thread.sleep(300)
                s.screen().savedId!!
            } // freeing the session saves its clock, as leaving the screen does
        }
        GameLibrary(path()).use { lib ->
            lib.resume(id).use { s ->
                val c = s.turnClock()!!
                assertEquals(1.toUByte(), c.seat)
                assertEquals(60_000uL, c.limitMs)
                assertTrue(c.running)
                assertTrue(c.leftMs <= 59_700uL, "the 300 ms spent before are charged: $c")
                assertNull(s.checkClock(), "time is left")
            }
        }
        // no limit, no clock
        GameSession("chess", people, defaultHouseRules(), 1uL).use { assertNull(it.turnClock()) }
    }

    @Test
    fun aKillMidTurnChargesTheTurnTimeUpToItsLastSaveAndNoMore() {
        val p = child("clock", path())
        val paused: List<String>
        try {
            val reader = p.inputStream.bufferedReader()
            paused = reader.readLine().split(' ')
            assertEquals("PAUSED", paused[0])
            assertEquals("RUNNING", reader.readLine())
            Thread.sleep(1_500) // the clock runs in the child; this time is never saved
            ProcessBuilder("kill", "-KILL", p.pid().toString()).start().waitFor()
        } finally {
            p.destroyForcibly()
            p.waitFor(60, TimeUnit.SECONDS)
        }
        val leftAtPause = paused[2].toULong()
        GameLibrary(path()).use { lib ->
            val t0 = System.nanoTime()
            lib.resume(paused[1].toULong()).use { s ->
                val left = s.turnClock()!!.leftMs
                val sinceResume = ((System.nanoTime() - t0) / 1_000_000 + 1).toULong()
                assertTrue(left <= leftAtPause, "$left ms left, $leftAtPause at the last save")
                assertTrue(left + sinceResume >= leftAtPause, "the 1.5 s after the last save were charged: $left ms left")
                assertEquals(listOf("e4"), s.screen().moveTexts)
            }
        }
    }

    @Test
    fun whenTheTurnTimeRunsOutCheckClockPlaysTheTimeout() {
        GameLibrary(path()).use { lib ->
            lib.setSyncToDisk(false)
            val rules = defaultHouseRules().copy(turnSeconds = 1u)
            lib.newGame("chess", people, rules, 1uL).use { s ->
                s.pauseClock()
                Thread.sleep(1_100)
                assertNull(s.checkClock(), "a paused clock does not run out")
                s.startClock()
                Thread.sleep(1_100)
                assertEquals("timeout:0", s.checkClock())
                assertEquals("end-timeout", s.screen().result!!.reason.key)
                assertNull(s.turnClock(), "the game is over")
                val last = lib.resume(s.screen().savedId!!).use { it.screen().moves.last() }
                assertEquals("moves-timed-out", last.note?.key)
            }
        }
    }

    @Test
    fun handsAreOnTheScreenAndAHandSlotOfTheSceneIsTapped() {
        GameSession("crazyhouse", people, defaultHouseRules(), 1uL).use { s ->
            s.loadFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1")
            val start = s.setLooker(ScreenLooker.Seat(0u))
            val slots = start.scene.hands.filter { it.count == 1u }
            assertEquals(listOf(0, 1), slots.filter { it.letter.uppercase() == "N" }.map { it.seat.toInt() })
            val mine = slots.single { it.seat == 0.toUByte() }
            val theirs = slots.single { it.seat == 1.toUByte() }
            val hit = sceneHitTest(start.scene, mine.centre.x, mine.centre.y)
            assertTrue(hit is SceneHit.Hand, "$hit")
            val r = s.act(ScreenIntent.At(mine.centre.x, mine.centre.y))
            assertEquals(32, r.targets.size, "$r")
            val moved = s.tapCell("e4")
            assertEquals(listOf("N@e4"), moved.moveTexts)
            assertTrue(moved.scene.hands.none { it.seat == 0.toUByte() && it.count > 0u })
            // White's hand is not Black's to tap
            val other = s.act(ScreenIntent.At(mine.centre.x, mine.centre.y))
            assertEquals(listOf("illegal-not-your-piece"), other.notices.map { it.key }, "$other")
            assertEquals(null, other.selected)
            val black = s.act(ScreenIntent.At(theirs.centre.x, theirs.centre.y))
            assertTrue(black.targets.isNotEmpty(), "$black")
        }
    }

    @Test
    fun buttonsAreOfferedOnlyWhenTheGameHasThem() {
        GameSession("chess", people, defaultHouseRules(), 1uL).use { s ->
            assertTrue(s.screen().buttons.isEmpty())
            val before = s.screen()
            assertThrows<RookeryException.BadInput> { s.act(ScreenIntent.Press(0u)) }
            assertEquals(before, s.screen(), "a button that is not there changes nothing")
        }
        GameSession("janggi", people, defaultHouseRules(), 1uL).use { s ->
            val b = s.screen().buttons
            assertEquals(4, b.size)
            assertTrue(b.all { it.label.key == "action-janggi-setup" && it.label.args.size == 4 }, "$b")
            assertFalse(s.screen().scene.pieces.isEmpty())
            assertNotNull(b.firstOrNull { it.text == "b10h10" })
        }
    }
}
