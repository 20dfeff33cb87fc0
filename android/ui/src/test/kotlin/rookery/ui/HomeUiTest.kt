package rookery.ui

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.remember
import androidx.compose.runtime.getValue
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.getUnclippedBoundsInRoot
import androidx.compose.ui.test.junit4.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollToNode
import androidx.compose.ui.test.performTextReplacement
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.unit.dp
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import uniffi.rookery_bindings.GameEvent
import uniffi.rookery_bindings.SavedStatus
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.defaultHouseRules

/** A platform that records what the UI asks of it: shares, sounds, vibrations. */
class RecordingPlatform(private val inner: Platform) : Platform by inner {
    val shared = java.util.Collections.synchronizedList(mutableListOf<Pair<String, String>>())
    val sounds = java.util.Collections.synchronizedList(mutableListOf<GameEvent>())
    val haptics = java.util.Collections.synchronizedList(mutableListOf<GameEvent>())
    override fun share(title: String, text: String) { shared.add(title to text) }
    override fun playSound(event: GameEvent) { sounds.add(event) }
    override fun haptic(event: GameEvent) { haptics.add(event) }
}

/** A saved chess game of two people after `moves` (coordinate text). */
fun Platform.chessGame(vararg moves: String): ULong =
    library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")), defaultHouseRules(), 1u).use { s ->
        for (m in moves) s.act(ScreenIntent.Play(m))
        s.screen().savedId!!
    }

/** Fool's mate: Black wins in two moves. */
val FOOLS_MATE = arrayOf("f2f3", "e7e5", "g2g4", "d8h4")

/** Home: Continue with games being played and finished ones, each row's rename, share and delete. */
class HomeUiTest {
    @get:Rule
    val rule = createComposeRule()

    private fun home(p: Platform): AppState {
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home)) }
            RookeryApp(p, state = app)
        }
        rule.waitUntil(60_000) { app.home.saved.value != null && app.home.idle }
        rule.waitForIdle()
        return app
    }

    private fun settle(app: AppState) {
        rule.waitForIdle()
        rule.waitUntil(60_000) { app.home.idle }
        rule.waitForIdle()
    }

    private fun openMenu(id: ULong, item: String) {
        rule.onNodeWithTag("home-list").performScrollToNode(hasTestTag("saved-$id"))
        rule.onNodeWithTag("more-$id").performClick()
        rule.onNodeWithTag("$item-$id").performClick()
    }

    @Test
    fun finishedGamesAreListedWithTheirResultAndOpenInReview() {
        val p = platformAt(tempDir("home-finished"))
        val playing = p.chessGame("e2e4")
        val finished = p.chessGame(*FOOLS_MATE)
        val app = home(p)
        rule.onNodeWithTag("saved-$playing").assertExists()
        rule.onNodeWithTag("saved-line-$playing", useUnmergedTree = true).assertTextContains("Ben to move")
        rule.onNodeWithTag("saved-line-$finished", useUnmergedTree = true).assertTextContains("Ben wins · Checkmate")
        rule.onNodeWithTag("saved-$finished").performClick()
        val game = rule.awaitGame(app)
        assertEquals(Route.Game(finished), app.route)
        val st = game.state.value
        assertNotNull("the finished game shows its result", st.result)
        assertEquals(listOf(1), st.result!!.winners.map { it.toInt() })
        assertEquals(4, st.moves.size)
    }

    @Test
    fun deleteAsksFirstAndCancelKeepsTheGame() {
        val p = platformAt(tempDir("home-delete"))
        val id = p.chessGame("e2e4", "e7e5")
        val other = p.chessGame()
        val app = home(p)
        openMenu(id, "delete")
        rule.onNodeWithTag("delete-question").assertTextContains("Delete the game “Chess”? This cannot be undone.")
        rule.onNodeWithTag("delete-no").performClick()
        settle(app)
        rule.onNodeWithTag("delete-dialog").assertDoesNotExist()
        assertEquals(setOf(id, other), p.library.savedGames().map { it.id }.toSet())
        rule.onNodeWithTag("saved-$id").assertExists()

        openMenu(id, "delete")
        rule.onNodeWithTag("delete-yes").performClick()
        settle(app)
        assertEquals(listOf(other), p.library.savedGames().map { it.id })
        rule.onNodeWithTag("saved-$id").assertDoesNotExist()
        rule.onNodeWithTag("saved-$other").assertExists()
    }

    @Test
    fun aGameIsRenamed() {
        val p = platformAt(tempDir("home-rename"))
        val id = p.chessGame("e2e4")
        val app = home(p)
        openMenu(id, "rename")
        rule.onNodeWithTag("rename-field").performTextReplacement("Sunday with Ben")
        rule.onNodeWithTag("rename-yes").performClick()
        settle(app)
        assertEquals("Sunday with Ben", p.library.savedGames().single().name)
        rule.onNodeWithTag("saved-$id").assertTextContains("Sunday with Ben", substring = true)
        // cancel changes nothing
        openMenu(id, "rename")
        rule.onNodeWithTag("rename-field").performTextReplacement("Something else")
        rule.onNodeWithTag("rename-no").performClick()
        settle(app)
        assertEquals("Sunday with Ben", p.library.savedGames().single().name)
    }

    @Test
    fun theGameTextIsSharedAndAHiddenGameIsRefused() {
        val p = RecordingPlatform(platformAt(tempDir("home-share")))
        val id = p.chessGame("e2e4", "e7e5", "g1f3")
        val fog = p.library.newGame("fog-of-war", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.screen().savedId!! }
        val app = home(p)
        openMenu(id, "share")
        settle(app)
        rule.waitUntil(10_000) { p.shared.isNotEmpty() }
        val (title, text) = p.shared.single()
        assertEquals("Chess", title)
        assertTrue("PGN of the game: $text", text.contains("1. e4 e5 2. Nf3"))
        assertEquals(p.library.exportGame(id), text)

        openMenu(fog, "share")
        settle(app)
        assertEquals("a game of fog of war in play is not shared", 1, p.shared.size)
        rule.onNodeWithTag("home-notice").assertTextContains("can be shared once it is over", substring = true)
    }

    @Test
    fun aTabletShowsTheCatalogueBesideTheSavedGames() {
        val p = platformAt(tempDir("home-tablet"))
        val id = p.chessGame("e2e4")
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home)) }
            Box(Modifier.size(1024.dp, 640.dp)) { RookeryApp(p, state = app) }
        }
        rule.awaitTag("saved-$id")
        val catalogue = rule.onNodeWithTag("home-catalogue").getUnclippedBoundsInRoot()
        val saved = rule.onNodeWithTag("home-list").getUnclippedBoundsInRoot()
        assertTrue("two panes side by side: $catalogue / $saved", catalogue.right <= saved.left)
        rule.onNodeWithTag("game-chess").assertIsDisplayed()
        rule.onNodeWithTag("saved-$id").assertIsDisplayed()
    }
}

/** New game: Start is on screen without scrolling, on a phone and a tablet, in both languages. */
class NewGameUiTest {
    @get:Rule
    val rule = createComposeRule()

    @Test
    fun startIsAlwaysReachable() {
        val p = platformAt(tempDir("new-start"))
        var size by androidx.compose.runtime.mutableStateOf(360 to 640)
        var lang by androidx.compose.runtime.mutableStateOf("en")
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.NewGame("eight-player-ffa"))) }
            Box(Modifier.size(size.first.dp, size.second.dp)) { RookeryApp(p, state = app) }
        }
        for (s in listOf(360 to 640, 1024 to 640, 360 to 480)) for (l in listOf("en", "sk")) {
            size = s
            app.update(app.settings.copy(language = l))
            rule.waitForIdle()
            rule.onNodeWithTag("start").assertIsDisplayed()
            val b = rule.onNodeWithTag("start").getUnclippedBoundsInRoot()
            assertTrue("$s $l: Start ends at ${b.bottom}", b.bottom.value <= s.second && b.top.value >= 0f)
            val root = rule.onRoot().getUnclippedBoundsInRoot()
            assertTrue(root.bottom.value >= b.bottom.value)
        }
        // and it starts the game
        rule.onNodeWithTag("start").performClick()
        rule.awaitGame(app)
        assertEquals("eight-player-ffa", app.game!!.state.value.gameId)
        assertEquals(SavedStatus.PLAYING, p.library.savedGames().single().status)
    }

    /** Each bot level shows how strong it plays, measured in chess, as the core words it. */
    @Test
    fun aBotLevelShowsItsStrengthInChess() {
        val p = platformAt(tempDir("new-strength"))
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.NewGame("chess"))) }
            RookeryApp(p, state = app)
        }
        rule.onNodeWithTag("seat-1-strength").assertTextEquals("≈ 1400 Elo (chess)")
        repeat(4) { rule.onNodeWithTag("seat-1-stronger").performClick() }
        rule.onNodeWithTag("seat-1-bot").assertTextContains("bot 8")
        rule.onNodeWithTag("seat-1-strength").assertTextEquals("≈ 1900 Elo (chess)")
        repeat(7) { rule.onNodeWithTag("seat-1-weaker").performClick() }
        rule.onNodeWithTag("seat-1-strength").assertTextEquals("under 1350 Elo (chess)")
        app.update(app.settings.copy(language = "sk"))
        rule.onNodeWithTag("seat-1-strength").assertTextEquals("pod 1350 Elo (v šachu)")
        rule.onNodeWithTag("seat-0-strength").assertDoesNotExist()
    }
}
