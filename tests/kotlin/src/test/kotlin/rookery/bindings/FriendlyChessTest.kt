package rookery.bindings

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.TapResult
import uniffi.rookery_bindings.defaultHouseRules

/** Friendly chess (Paco Ŝako) through the bindings: unions in the snapshot, chains and promotions by taps. */
class FriendlyChessTest {
    private fun friendly(fen: String) =
        GameSession("friendly", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")), defaultHouseRules(), 1uL)
            .also { it.loadFen(fen) }

    @Test
    fun aUnionShowsBothItsPiecesAndAChainIsPlayedByTaps() {
        friendly("4k3/8/8/3(Rp)4/8/1B6/8/4K3 w - - 0 1").use { s ->
            val d5 = s.snapshot().pieces.filter { it.cell == "d5" }
            assertEquals(setOf("R" to 0, "P" to 1), d5.map { it.letter to it.owner!!.toInt() }.toSet())
            assertTrue(s.tap("b3") is TapResult.Selected)
            assertTrue(s.tap("d5") is TapResult.Moved)
            // the freed rook moves on from d5: the same player taps it there
            assertEquals(0, s.snapshot().turn.toInt())
            assertTrue(s.tap("d5") is TapResult.Selected)
            assertTrue(s.tap("d1") is TapResult.Moved)
            assertEquals(1, s.snapshot().turn.toInt())
        }
    }

    @Test
    fun aPawnCarriedToItsFarRankIsPromotedByItsOwnerWithAChoice() {
        friendly("4k3/8/8/8/8/8/(Rp)7/4K3 w - - 0 1").use { s ->
            s.playMoveText("a2a1")
            val offer = s.tap("a1") as TapResult.NeedsPromotion
            assertEquals(setOf("Q", "R", "B", "N"), offer.choices.toSet())
            assertEquals("a1a1n", s.choosePromotion("N"))
            assertEquals("4k3/8/8/8/8/8/8/(Rn)3K3 b - - 0 1 =", s.fen())
            assertEquals(1, s.snapshot().turn.toInt(), "then black moves")
        }
    }
}
