package rookery.bindings

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.rookery_bindings.GameLibrary
import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit
import kotlin.random.Random

/**
 * The SIGKILL crash test through the FFI: a JVM process (CrashChild) plays games through a
 * GameLibrary and is killed with SIGKILL (`kill -KILL pid`) at random moments; after every
 * kill a GameLibrary on the same directory must open, list no damaged game, and hold every
 * action the process reported accepted (at most the one action in flight may be there too).
 * Kills: system property `rookery.crash.kills` (default 100); seed `rookery.crash.seed`
 * (default ROOKERY_CRASH_SEED or 2021).
 */
class CrashTest {
    private val line = Regex("""^(NEW|ACK|UNDO) (\d+)(?: (\d+))?(?: (\S+))? ok$""")

    private fun childCommand(dir: String, seed: Long): List<String> {
        val java = File(System.getProperty("java.home"), "bin/java").path
        val cp = System.getProperty("surefire.test.class.path") ?: System.getProperty("java.class.path")
        val props = listOf("jna.library.path", "uniffi.component.rookery_bindings.libraryOverride")
            .mapNotNull { k -> System.getProperty(k)?.let { "-D$k=$it" } }
        return listOf(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss1m", "-cp", cp) +
            props + listOf("rookery.bindings.CrashChild", dir, seed.toString())
    }

    @Test
    fun everyAcknowledgedActionSurvivesSigkillAtRandomMoments() {
        val kills = System.getProperty("rookery.crash.kills")?.toInt() ?: 100
        val seed = System.getProperty("rookery.crash.seed")?.toLong()
            ?: System.getenv("ROOKERY_CRASH_SEED")?.toLongOrNull() ?: 2021L
        println("crash test: $kills kills, seed $seed (-Drookery.crash.seed=$seed replays it)")
        val rnd = Random(seed)
        val root = Files.createTempDirectory("rookery-crash")
        val dir = root.resolve("saves").toString()
        val acked = HashMap<ULong, MutableList<String>>()
        var actions = 0
        var extra = 0
        val t0 = System.nanoTime()
        try {
            for (k in 1..kills) {
                val p = ProcessBuilder(childCommand(dir, rnd.nextLong()))
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start()
                val lines = java.util.concurrent.LinkedBlockingQueue<String>()
                val reader = Thread { p.inputStream.bufferedReader().forEachLine { lines.add(it) } }
                reader.start()
                // kill at a random moment: mostly while it plays, sometimes while it starts
                val order = ArrayList<String>()
                if (rnd.nextInt(10) == 0) {
                    Thread.sleep(rnd.nextLong(0, 400))
                } else {
                    val first = lines.poll(60, TimeUnit.SECONDS)
                    assertTrue(first != null || !p.isAlive, "the child said nothing for a minute")
                    if (first != null) order.add(first) // the first report stays first
                    Thread.sleep(rnd.nextLong(0, 120))
                }
                // SIGKILL through kill(1), not destroyForcibly(): that also closes our end of the
                // child's stdout, and the reports still in the pipe would be lost
                val killer = ProcessBuilder("kill", "-KILL", p.pid().toString()).start()
                assertTrue(killer.waitFor(30, TimeUnit.SECONDS) && killer.exitValue() == 0 || !p.isAlive)
                assertTrue(p.waitFor(30, TimeUnit.SECONDS))
                reader.join(30_000)
                // what the killed process reported accepted, in the order it reported it
                lines.drainTo(order)
                for (l in order) {
                    val m = line.matchEntire(l) ?: continue // a line cut by the kill is no report
                    val id = m.groupValues[2].toULong()
                    when (m.groupValues[1]) {
                        "NEW" -> acked[id] = mutableListOf()
                        "ACK" -> acked.getOrPut(id) { mutableListOf() }.let {
                            val ply = m.groupValues[3].toInt()
                            while (it.size >= ply) it.removeAt(it.size - 1)
                            it.add(m.groupValues[4]); actions++
                        }
                        "UNDO" -> acked[id]?.let {
                            val ply = m.groupValues[3].toInt()
                            while (it.size > ply) it.removeAt(it.size - 1)
                            actions++
                        }
                    }
                }
                // a new library on the directory: readable, nothing damaged, nothing lost
                GameLibrary(dir).use { lib ->
                    assertNull(lib.movedAside(), "kill $k: the database had to be moved aside")
                    assertEquals(emptyList<String>(), lib.damagedGames(), "kill $k")
                    val listed = lib.savedGames().associateBy { it.id }
                    for ((id, want) in acked) {
                        val summary = listed[id] ?: error("kill $k: saved game $id is gone")
                        val got = lib.resume(id).use { it.screen().moveTexts }
                        assertEquals(summary.plyCount.toInt(), got.size)
                        val ok = got == want ||
                            (got.size == want.size + 1 && got.subList(0, want.size) == want) ||
                            (got.size + 1 == want.size && want.subList(0, got.size) == got)
                        assertTrue(ok, "kill $k, game $id: acknowledged $want, saved $got; reports of this run: " +
                            order.filter { it.contains(" $id ") }.takeLast(6) + ", unread: " + order.filter { !line.matches(it) })
                        if (got != want) {
                            extra++
                            want.clear(); want.addAll(got)
                        }
                    }
                }
            }
        } finally {
            root.toFile().deleteRecursively()
        }
        val secs = (System.nanoTime() - t0) / 1e9
        println("crash test: $kills kills, ${acked.size} games, $actions acknowledged actions checked, " +
            "$extra in-flight actions found saved, ${"%.1f".format(secs)} s")
        assertTrue(actions >= kills, "too few actions were acknowledged: $actions")
    }
}
