package rookery.ui

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.test.assertIsOff
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.junit4.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTextReplacement
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import uniffi.rookery_bindings.PendingView
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.defaultHouseRules
import java.io.File

/**
 * Process death: every object is dropped and the library closed; only the saved state's map
 * (what Android keeps in the Activity's SavedStateHandle) and the saved games survive. The app
 * made again from them shows the same screen.
 */
class SavedStateTest {
    @get:Rule
    val rule = createComposeRule()

    private lateinit var dir: File
    private lateinit var platform: Platform
    private var bundle: Map<String, String> = emptyMap()
    private var alive by mutableStateOf(true)
    private var app: AppState? = null

    /** Opens the app on `routes` (first life), keeping the saved state's map in `bundle`. */
    private fun start(name: String, prepare: (Platform) -> List<Route>) {
        dir = tempDir(name)
        platform = platformAt(dir)
        val routes = prepare(platform)
        val first = SavedState { bundle = it }
        bundle = emptyMap()
        rule.setContent {
            if (alive) {
                val a = remember {
                    if (bundle.isEmpty()) AppState(platform, routes, first)
                    else AppState(platform, SavedState(bundle) { bundle = it })
                }
                app = a
                RookeryApp(platform, state = a)
            }
        }
        rule.waitForIdle()
    }

    /** Kills the process: nothing but `bundle` and the library's directory is left; then the app is made again. */
    private fun processDeath() {
        alive = false
        rule.waitForIdle()
        app?.game?.let { rule.waitUntil(10_000) { app?.game == null } }
        app = null
        platform.library.close()
        platform = platformAt(dir)
        alive = true
        rule.waitForIdle()
    }

    @Test
    fun theNewGameChoicesSurvive() {
        start("saved-new") { listOf(Route.Home, Route.NewGame("chess")) }
        rule.onNodeWithTag("seat-1-stronger").performClick()
        rule.onNodeWithTag("seat-1-stronger").performClick()
        rule.onNodeWithTag("seat-0-name").performTextReplacement("Zuzana")
        rule.onNodeWithTag("house-legal").performScrollTo().performClick()
        rule.waitForIdle()
        processDeath()
        assertEquals(Route.NewGame("chess"), app!!.route)
        rule.onNodeWithTag("seat-0-name").assertTextContains("Zuzana")
        rule.onNodeWithTag("seat-1-bot").assertTextContains("bot 6")
        rule.onNodeWithTag("house-legal").performScrollTo().assertIsOff()
        rule.onNodeWithTag("start").performClick()
        val game = rule.awaitGame(app!!)
        val st = game.state.value
        assertEquals("Zuzana", st.bars[0].name)
        assertEquals(6u.toUByte(), st.bars[1].bot)
        // started: the choices are forgotten, a new-game screen starts afresh
        assertTrue(bundle.keys.none { it.startsWith("new.") })
    }

    @Test
    fun aPendingPromotionSurvives() {
        var id = 0uL
        start("saved-promo") { p ->
            id = p.chessGame("e2e4", "d7d5", "e4d5", "c7c6", "d5c6", "g8f6", "c6b7", "b8d7")
            listOf(Route.Home, Route.Game(id))
        }
        rule.tapCell(app!!, "b7")
        rule.tapCell(app!!, "a8")
        assertTrue(app!!.game!!.state.value.pending is PendingView.Promotion)
        processDeath()
        val game = rule.awaitGame(app!!)
        assertEquals(Route.Game(id), app!!.route)
        rule.waitUntil(10_000) { game.idle && game.state.value.pending != null }
        val pending = game.state.value.pending
        assertTrue("the promotion is offered again: $pending", pending is PendingView.Promotion)
        rule.onNodeWithTag("promote").assertExists()
        // and it is played from there
        val options = (pending as PendingView.Promotion).options
        game.onPick(options.indexOfFirst { it.letter.uppercase() == "Q" })
        rule.settle(game)
        assertNull(game.state.value.pending)
        assertEquals("western-queen", game.state.value.scene.pieces.single { it.cell == "a8" }.glyph)
        assertEquals(9u, game.state.value.lastEvent?.plies)
    }

    @Test
    fun aSelectionIsNotReplayedOnAGameThatMovedOn() {
        var id = 0uL
        start("saved-moved") { p ->
            id = p.chessGame()
            listOf(Route.Home, Route.Game(id))
        }
        rule.tapCell(app!!, "e2")
        assertEquals("e2", app!!.game!!.state.value.scene.cells.single { it.selected }.cell)
        alive = false
        rule.waitForIdle()
        app = null
        platform.library.close()
        // the game moved on elsewhere (another window, an import): the kept selection does not apply
        platform = platformAt(dir)
        platform.library.resume(id).use { it.act(ScreenIntent.Play("d2d4")) }
        alive = true
        rule.waitForIdle()
        val game = rule.awaitGame(app!!)
        rule.settle(game)
        assertTrue(game.state.value.scene.cells.none { it.selected })
        assertEquals(1u, game.state.value.lastEvent?.plies)
    }

    @Test
    fun theReviewCursorSurvives() {
        var id = 0uL
        start("saved-review") { p ->
            id = p.chessGame("e2e4", "e7e5", "g1f3", "b8c6")
            listOf(Route.Home, Route.Game(id))
        }
        var game = rule.awaitGame(app!!)
        game.onReview(uniffi.rookery_bindings.ReviewStep.To(1u))
        rule.settle(game)
        assertEquals(2u, game.state.value.review)
        processDeath()
        game = rule.awaitGame(app!!)
        rule.waitUntil(10_000) { game.idle && game.state.value.review != null }
        assertEquals("the position after Black's first move again", 2u, game.state.value.review)
        // back to the live game: nothing is kept
        game.onReview(uniffi.rookery_bindings.ReviewStep.Live)
        rule.settle(game)
        rule.waitUntil(10_000) { bundle["game.$id.review"] == null }
    }

    @Test
    fun letTheBotsFinishSurvives() {
        var id = 0uL
        start("saved-bots") { p ->
            id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Bot(1u)), defaultHouseRules(), 2u)
                .use { it.screen().savedId!! }
            listOf(Route.Home, Route.Game(id))
        }
        var game = rule.awaitGame(app!!)
        assertFalse(game.botsFinishing)
        game.onLetBotsFinish()
        rule.settle(game)
        assertEquals("1", bundle["game.$id.bots"])
        processDeath()
        game = rule.awaitGame(app!!)
        rule.settle(game)
        assertTrue("the bots go on finishing after the restart", game.botsFinishing)
        // another game does not inherit it
        val other = platform.chessGame()
        app!!.replace(Route.Game(other))
        rule.waitUntil(60_000) { app!!.game?.state?.value?.savedId == other && app!!.game!!.idle }
        assertFalse(app!!.game!!.botsFinishing)
    }

    @Test
    fun theFogHandOverSurvives() {
        var id = 0uL
        start("saved-fog") { p ->
            id = p.library.newGame("fog-of-war", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
                defaultHouseRules(), 1u).use { it.screen().savedId!! }
            listOf(Route.Home, Route.Game(id))
        }
        var game = rule.awaitGame(app!!)
        rule.onNodeWithTag("handover").assertExists()
        rule.onNodeWithTag("handover-ready").performClick()
        rule.settle(game)
        assertEquals(0u.toUByte(), game.state.value.viewer)
        // Ann holds the device and sees her side; the app dies and comes back: still Ann's view
        processDeath()
        game = rule.awaitGame(app!!)
        rule.waitUntil(10_000) { game.idle && game.state.value.pending == null }
        assertEquals(0u.toUByte(), game.state.value.viewer)
        rule.onNodeWithTag("handover").assertDoesNotExist()
        // Ann moves: the device is to be handed to Ben, and stays covered across a restart
        rule.tapCell(app!!, "e2"); rule.tapCell(app!!, "e4")
        assertTrue(game.state.value.pending is PendingView.HandOver)
        processDeath()
        game = rule.awaitGame(app!!)
        rule.settle(game)
        assertTrue("covered until Ben confirms", game.state.value.pending is PendingView.HandOver)
        assertNull(game.state.value.viewer)
        rule.onNodeWithTag("handover").assertExists()
    }

    @Test
    fun theCodecReadsWhatItWrites() {
        val seats = listOf(SeatConfig.Person("Ann · \"x\"/y"), SeatConfig.Bot(8u), SeatConfig.Person(""))
        assertEquals(seats, Codec.list(Codec.list(seats.map { Codec.seat(it) })).map { Codec.seat(it) })
        val intents = listOf(ScreenIntent.At(0.25f, 1.5f), ScreenIntent.Tap("e2"), ScreenIntent.TapHand("N"),
            ScreenIntent.Drag("a1", "a8"), ScreenIntent.Pick(2u), ScreenIntent.Dismiss, ScreenIntent.ConfirmHandOver)
        assertEquals(intents, intents.map { Codec.intent(Codec.intent(it)!!) })
        // what is not the screen's own is not kept; bad texts read as nothing
        assertNull(Codec.intent(ScreenIntent.Undo))
        assertNull(Codec.intent("tap"))
        assertNull(Codec.intent("pick\u001f-1"))
        assertNull(Codec.seat("b\u001f9"))
        assertNotNull(Codec.seat("b\u001f1"))
    }
}
