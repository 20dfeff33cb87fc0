package rookery.bindings

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.defaultHouseRules

/** Friendly chess (Paco Ŝako) through the bindings: unions in the snapshot, chains and promotions by taps. */
class FriendlyChessTest {
    private fun friendly(fen: String) =
        GameSession("friendly", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")), defaultHouseRules(), 1uL)
            .also { it.loadFen(fen) }

    @Test
    fun aUnionShowsBothItsPiecesAndAChainIsPlayedByTaps() {
        friendly("4k3/8/8/3(Rp)4/8/1B6/8/4K3 w - - 0 1").use { s ->
            // a union is one piece of the screen with both letters and no owner
            val d5 = s.screen().piecesAt("d5").single()
            assertEquals(null, d5.owner)
            assertEquals(setOf('R', 'p'), d5.letter.toSet())
            assertEquals("b3", s.tapCell("b3").selected)
            assertEquals(1, s.tapCell("d5").moves.size)
            // the freed rook moves on from d5: the same player taps it there
            assertEquals(0, s.screen().turn)
            assertEquals("d5", s.tapCell("d5").selected)
            // the chain ends the turn: one entry of the move list, Black to move
            val after = s.tapCell("d1")
            assertEquals(1, after.moves.size)
            assertEquals(1, after.turn)
            assertEquals(0.toUByte(), after.piecesAt("d1").single().owner)
        }
    }

    @Test
    fun aPawnCarriedToItsFarRankIsPromotedByItsOwnerWithAChoice() {
        friendly("4k3/8/8/8/8/8/(Rp)7/4K3 w - - 0 1").use { s ->
            s.play("a2a1")
            s.tapCell("a1")
            val offer = s.screen().promotion!!
            assertEquals(setOf("Q", "R", "B", "N"), offer.map { it.uppercase() }.toSet())
            s.act(ScreenIntent.Pick(offer.indexOfFirst { it.uppercase() == "N" }.toUInt()))
            assertEquals("4k3/8/8/8/8/8/8/(Rn)3K3 b - - 0 1 =", s.fen())
            assertEquals(1, s.screen().turn, "then black moves")
        }
    }
}
