package rookery.bindings

import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import uniffi.rookery_bindings.GameLibrary
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.savedGamesRustNs
import java.lang.management.ManagementFactory
import java.nio.file.Files

/**
 * The saved-games benchmark through the FFI (not a timed test: it only runs when asked):
 *   PROFILE=release tests/kotlin/run.sh -Dtest=LibraryBench -Drookery.bench=true
 * Prints: autosave per move (median, p99) without a library, with a library without sync and
 * with sync to disk; resume of a 300-action eight-player game; savedGames() with 1000 games
 * (wall time, the calling thread's CPU time, and the Rust side alone, so the marshalling is the
 * difference). Wall times on a loaded machine include waiting for a core: compare the minimum
 * and the CPU times. `-Drookery.bench.dir=DIR` puts the databases in DIR (default: a temporary
 * directory) so the cost of sync can be measured on the disk of interest.
 */
class LibraryBench {
    private fun ms(ns: Long) = "%.3f ms".format(ns / 1e6)
    private fun stats(ns: List<Long>): String {
        val s = ns.sorted()
        return "min ${ms(s[0])}, median ${ms(s[s.size / 2])}, p99 ${ms(s[(s.size * 99 / 100).coerceAtMost(s.size - 1)])}, n ${s.size}"
    }

    /** Move texts of a bot game (level 0, a fixed seed), at most `max` actions. */
    private fun botGame(id: String, seats: Int, max: Int, seed: ULong): List<String> =
        GameSession(id, List(seats) { SeatConfig.Bot(0u) }, defaultHouseRules(), seed).use { s ->
            runBlocking { while (s.screen().let { it.result == null && it.moves.size < max }) s.botMove(null) }
            s.screen().moves.filter { it.note == null }.map { it.text }
        }

    @Test
    fun bench() {
        assumeTrue(System.getProperty("rookery.bench") != null, "run with -Drookery.bench=true")
        val root = System.getProperty("rookery.bench.dir")?.let { Files.createTempDirectory(java.nio.file.Path.of(it), "rookery-bench") }
            ?: Files.createTempDirectory("rookery-bench")
        try {
            val games = (1..6).map { botGame("four-player-ffa", 4, 200, it.toULong()) }
            fun replay(lib: GameLibrary?): List<Long> {
                val times = ArrayList<Long>()
                for ((i, texts) in games.withIndex()) {
                    val seats = List(4) { SeatConfig.Person("p$it") }
                    val s = lib?.newGame("four-player-ffa", seats, defaultHouseRules(), (i + 1).toULong())
                        ?: GameSession("four-player-ffa", seats, defaultHouseRules(), (i + 1).toULong())
                    s.use {
                        for (t in texts) {
                            val t0 = System.nanoTime()
                            it.play(t)
                            times += System.nanoTime() - t0
                        }
                    }
                }
                return times
            }
            replay(null) // warm-up
            println("bench: per move, four-player, no library (rules only): ${stats(replay(null))}")
            GameLibrary(root.resolve("nosync").toString()).use { lib ->
                lib.setSyncToDisk(false)
                println("bench: per move, four-player, library, sync off: ${stats(replay(lib))}")
            }
            GameLibrary(root.resolve("sync").toString()).use { lib ->
                println("bench: per move, four-player, library, sync on (default): ${stats(replay(lib))}")
            }
            // resume of a 300-action eight-player game
            val eight = botGame("eight-player-ffa", 8, 300, 3uL)
            GameLibrary(root.resolve("eight").toString()).use { lib ->
                lib.setSyncToDisk(false)
                val id = lib.newGame("eight-player-ffa", List(8) { SeatConfig.Person("p$it") }, defaultHouseRules(), 3uL).use { s ->
                    for (t in eight) s.play(t)
                    s.screen().savedId!!
                }
                val times = (1..20).map {
                    val t0 = System.nanoTime()
                    lib.resume(id).use { s -> s.screen() }
                    System.nanoTime() - t0
                }
                println("bench: resume + screen of a ${eight.size}-action eight-player game: ${stats(times)}")
            }
            // savedGames() with 1000 games
            GameLibrary(root.resolve("many").toString()).use { lib ->
                lib.setSyncToDisk(false)
                for (i in 1..1000) {
                    lib.newGame("chess", listOf(SeatConfig.Person("A"), SeatConfig.Bot(1u)), defaultHouseRules(), i.toULong()).use { s ->
                        s.play("e2e4")
                    }
                }
                repeat(20) { lib.savedGames() } // warm-up (JIT)
                val cpu = ManagementFactory.getThreadMXBean()
                val cpuTimes = ArrayList<Long>()
                val times = (1..40).map {
                    val c0 = cpu.currentThreadCpuTime
                    val t0 = System.nanoTime()
                    check(lib.savedGames().size == 1000)
                    val t = System.nanoTime() - t0
                    cpuTimes += cpu.currentThreadCpuTime - c0
                    t
                }
                val rustCpu = ArrayList<Long>()
                val rust = (1..40).map {
                    val c0 = cpu.currentThreadCpuTime
                    val ns = savedGamesRustNs(lib).toLong()
                    rustCpu += cpu.currentThreadCpuTime - c0
                    ns
                }
                println("bench: savedGames() with 1000 games: ${stats(times)}")
                println("bench: savedGames() with 1000 games, CPU time of the calling thread: ${stats(cpuTimes)}")
                println("bench: savedGames() with 1000 games, Rust side only: ${stats(rust)}")
                println("bench: savedGames() with 1000 games, Rust side only, CPU time: ${stats(rustCpu)}")
            }
        } finally {
            root.toFile().deleteRecursively()
        }
    }
}
