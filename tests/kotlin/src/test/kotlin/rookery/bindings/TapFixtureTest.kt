package rookery.bindings

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Test
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.TapResult
import uniffi.rookery_bindings.catalogue
import uniffi.rookery_bindings.defaultHouseRules
import java.io.File

/**
 * The tap sequences of tests/data/taps.txt through the bindings (`GameSession.tap`): the same
 * results as the core's controller (core/tests/taps.rs), which the terminal player uses too.
 * Cases of the test-only games (`tb-*`) are not reachable through the bindings, which open
 * catalogue games only; the Rust test runs them. Every catalogue case (crazyhouse and shogi
 * drops, shogi's promotion choice and impasse declaration, sittuyin's set-up, janggi's set-up
 * choice and pass as buttons, the duck, friendly chess's chains) runs here too.
 */
class TapFixtureTest {
    private fun sorted(v: List<String>) = v.sorted().joinToString(" ")

    private fun describe(r: TapResult): String = when (r) {
        is TapResult.Selected -> "selected ${sorted(r.targets)}"
        is TapResult.NeedsPromotion -> "promote ${sorted(r.choices)}"
        is TapResult.NeedsChoice -> "choice ${sorted(r.moves)}"
        is TapResult.Moved -> "moved ${r.text}"
        is TapResult.Deselected -> "deselected"
        is TapResult.Refused -> "refused ${r.reason.key}"
    }

    @Test
    fun theSharedTapFixtureGivesTheSameResultsThroughTheBindings() {
        val file = File("../data/taps.txt")
        assertTrue(file.isFile, "run from tests/kotlin: ${file.absolutePath}")
        val seats = catalogue().associate { it.id to it.seatCount.toInt() }
        var session: GameSession? = null
        var name = ""
        var steps = 0
        var cases = 0
        val failures = mutableListOf<String>()
        try {
            for ((n, raw) in file.readLines().withIndex()) {
                val line = raw.trim()
                if (line.isEmpty() || line.startsWith("#")) continue
                val verb = line.substringBefore(' ')
                val rest = line.substringAfter(' ', "")
                when (verb) {
                    "case" -> { session?.close(); session = null; name = rest }
                    "game" -> if (!rest.startsWith("tb-")) {
                        cases++
                        session = GameSession(rest, List(seats.getValue(rest)) { SeatConfig.Person("p$it") }, defaultHouseRules(), 0uL)
                    }
                    "fen" -> session?.loadFen(rest)
                    "moves" -> session?.let { s -> rest.split(' ').filter { it.isNotEmpty() }.forEach { s.playMoveText(it) } }
                    else -> {
                        val s = session ?: continue
                        val arg = rest.substringBefore(" => ").trim()
                        val want = rest.substringAfter(" => ").trim()
                        val got = when (verb) {
                            "tap" -> describe(s.tap(arg))
                            "hand" -> describe(s.tapHand(arg))
                            "promote" -> "moved " + s.choosePromotion(arg)
                            "choose" -> "moved " + s.chooseMove(arg)
                            "press" -> describe(s.press(arg))
                            "buttons" -> ("buttons " + sorted(s.buttons().map { "${it.text}:${it.label.key}" })).trimEnd()
                            else -> error("unknown step $verb")
                        }
                        steps++
                        if (got != want) failures += "line ${n + 1} ($name): $verb $arg: want `$want`, got `$got`"
                    }
                }
            }
        } finally {
            session?.close()
        }
        assertTrue(cases >= 18 && steps >= 70, "$cases cases, $steps steps")
        assertEquals(emptyList<String>(), failures)
    }

    /** Three-player chess after the first mate: the players' choices are the buttons; taps wait. */
    @Test
    fun theThreePlayerChoiceAfterAMateIsMadeWithButtons() {
        var found = false
        for (seed in 0uL until 30uL) {
            GameSession("three-player", List(3) { SeatConfig.Bot(0u) }, defaultHouseRules(), seed).use { s ->
                while (s.snapshot().result == null && s.snapshot().choices.isEmpty() && s.snapshot().plyCount < 600u) {
                    runBlocking { s.botMove(null) }
                }
                val snap = s.snapshot()
                if (snap.choices.isEmpty()) return@use
                found = true
                val buttons = s.buttons()
                assertEquals(snap.choices.sorted(), buttons.map { it.text }.sorted())
                assertTrue(buttons.any { it.label.key == "choice-end" }, "$buttons")
                assertTrue(buttons.any { it.label.key == "choice-give" && it.label.args.any { a -> a.name == "player" } }, "$buttons")
                val king = snap.pieces.first { it.letter == "K" && it.owner == snap.turn }.cell
                val r = s.tap(king)
                assertTrue(r is TapResult.Refused && r.reason.key == "illegal-choice-pending", "$r")
                val pick = buttons.first { it.text == "choice:grey" }
                assertEquals(TapResult.Moved("choice:grey"), s.press(pick.text))
                assertTrue(s.snapshot().choices.isEmpty())
            }
            if (found) break
        }
        assertTrue(found, "a random three-player game reaches a mate")
    }
}
