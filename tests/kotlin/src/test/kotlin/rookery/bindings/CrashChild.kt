package rookery.bindings

import kotlinx.coroutines.runBlocking
import uniffi.rookery_bindings.GameLibrary
import uniffi.rookery_bindings.SavedStatus
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.defaultHouseRules
import kotlin.random.Random

/**
 * The process that CrashTest kills: plays bot games through a GameLibrary (sync to disk on,
 * as in the apps) until it is killed, and reports on stdout every action the library
 * accepted, after the call returned:
 *   `NEW id`, `ACK id ply text`, `UNDO id ply`, each line ending in ` ok`.
 * Arguments: library directory, seed.
 */
object CrashChild {
    private fun say(line: String) {
        println("$line ok")
        System.out.flush()
    }

    @JvmStatic
    fun main(args: Array<String>) {
        val dir = args[0]
        val rnd = Random(args[1].toLong())
        val lib = GameLibrary(dir)
        val rules = defaultHouseRules().copy(moveLimit = 80u)
        while (true) {
            val playing = lib.savedGames().filter { it.status == SavedStatus.PLAYING }
            val s = if (playing.isNotEmpty() && rnd.nextInt(4) != 0) {
                lib.resume(playing[rnd.nextInt(playing.size)].id)
            } else {
                val game = if (rnd.nextBoolean()) "chess" else "four-player-ffa"
                val n = if (game == "chess") 2 else 4
                lib.newGame(game, List(n) { SeatConfig.Bot(0u) }, rules, rnd.nextLong().toULong()).also {
                    say("NEW ${it.screen().savedId}")
                }
            }
            val id = s.screen().savedId
            repeat(rnd.nextInt(3, 25)) {
                val snap = s.screen()
                if (snap.result != null) return@repeat
                if (snap.moves.isNotEmpty() && rnd.nextInt(8) == 0) {
                    val after = s.act(ScreenIntent.Undo)
                    say("UNDO $id ${after.moves.size}")
                } else {
                    runBlocking { s.botMove(null) }
                    val after = s.screen()
                    say("ACK $id ${after.moves.size} ${after.moves.last().text}")
                }
            }
            s.close()
        }
    }
}
