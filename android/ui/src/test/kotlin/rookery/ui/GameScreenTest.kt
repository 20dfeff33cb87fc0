package rookery.ui

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.getBoundsInRoot
import androidx.compose.ui.test.junit4.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.height
import androidx.compose.ui.unit.width
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.catalogue
import uniffi.rookery_bindings.defaultHouseRules

/**
 * The game screen's layout and controls at a phone's and a tablet's size: the app bar and the
 * bottom bar, the board's size, review, resign, the players, table mode, the theme and the
 * insets every screen pads for.
 */
class GameScreenTest {
    @get:Rule
    val rule = createComposeRule()

    private fun game(p: rookery.desktop.DesktopPlatform, gameId: String, moves: List<String> = emptyList()): ULong {
        val seats = List(catalogue().single { it.id == gameId }.seatCount.toInt()) { SeatConfig.Person("P${it + 1}") }
        return p.library.newGame(gameId, seats, defaultHouseRules(), 1u).use { s ->
            for (m in moves) s.act(ScreenIntent.Play(m))
            s.screen().savedId!!
        }
    }

    /** The app at `w`×`h` dp on `stack`, in `language`, with `insets` as the system's. */
    private fun show(
        p: rookery.desktop.DesktopPlatform, stack: List<Route>, w: Dp = 360.dp, h: Dp = 640.dp, language: String = "en",
        insets: WindowInsets? = null,
    ): AppState {
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, stack) {}.also { it.update(it.settings.copy(language = language)) } }
            Box(Modifier.size(w, h)) {
                if (insets != null) {
                    CompositionLocalProvider(LocalAppInsets provides { insets }) { RookeryApp(p, state = app) }
                } else {
                    RookeryApp(p, state = app)
                }
            }
        }
        return app
    }

    @Test
    fun theAppBarStaysOneRowInSlovakFourPlayerOnAPhone() {
        val p = platformAt(tempDir("ui-bar"))
        try {
            val app = show(p, listOf(Route.Home, Route.Game(game(p, "four-player-ffa"))), language = "sk")
            rule.awaitGame(app)
            val bar = rule.onNodeWithTag("app-bar").getBoundsInRoot()
            assertEquals(56f, bar.height.value, 0.5f)
            // back, the title, rules and the menu side by side in that one row
            for (tag in listOf("back", "title", "rules", "more")) {
                val b = rule.onNodeWithTag(tag).getBoundsInRoot()
                assertTrue("$tag inside the bar: $b in $bar", b.top >= bar.top && b.bottom <= bar.bottom && b.right <= 360.dp)
            }
            assertTrue(rule.onNodeWithTag("back").getBoundsInRoot().right <= rule.onNodeWithTag("title").getBoundsInRoot().left)
            assertTrue(rule.onNodeWithTag("title").getBoundsInRoot().right <= rule.onNodeWithTag("rules").getBoundsInRoot().left)
        } finally {
            p.library.close()
        }
    }

    @Test
    fun theBoardTakesAPhonesWidth() {
        val p = platformAt(tempDir("ui-size"))
        try {
            val id = game(p, "chess")
            val phone = show(p, listOf(Route.Home, Route.Game(id)))
            rule.awaitGame(phone)
            val b = rule.onNodeWithTag("board").getBoundsInRoot()
            assertTrue("board ${b.width} of 360 dp", b.width >= 356.dp)
        } finally {
            p.library.close()
        }
    }

    @Test
    fun theBoardTakesATabletsHeightWithThePanelBeside() {
        val p = platformAt(tempDir("ui-size-tablet"))
        try {
            val app = show(p, listOf(Route.Home, Route.Game(game(p, "chess"))), 1024.dp, 640.dp)
            val g = rule.awaitGame(app)
            val b = rule.onNodeWithTag("board").getBoundsInRoot()
            // the scene is taller than wide (the seats' bars above and below the board)
            assertTrue("board ${b.height} of 640 dp", b.height >= 630.dp)
            assertEquals(b.height.value / g.state.value.scene.height, b.width.value, 1f)
            // the panel beside it
            assertTrue(rule.onNodeWithTag("app-bar").getBoundsInRoot().left >= b.right)
            assertTrue(rule.onNodeWithTag("seat-0").getBoundsInRoot().left >= b.right)
        } finally {
            p.library.close()
        }
    }

    /**
     * Eight-player on a phone: the board as large as its slot allows (its whole width or its
     * whole height) and the size a piece is drawn at (printed; at least 10 dp).
     */
    @Test
    fun eightPlayerPiecesOnAPhone() {
        val p = platformAt(tempDir("ui-eight"))
        try {
            val app = show(p, listOf(Route.Home, Route.Game(game(p, "eight-player-ffa"))))
            val g = rule.awaitGame(app)
            val board = rule.onNodeWithTag("board").getBoundsInRoot()
            val slot = rule.onNodeWithTag("board-slot").getBoundsInRoot()
            val width = board.width.value
            val piece = g.state.value.scene.pieces.maxOf { it.size } * width
            println("eight-player-ffa on a 360x640 dp phone: board ${board.width} x ${board.height} in a slot ${slot.width} x ${slot.height}, pieces $piece dp")
            assertTrue("board $board fills its slot $slot", board.width >= slot.width - 1.dp || board.height >= slot.height - 1.dp)
            assertTrue("pieces $piece dp", piece >= 10f)
        } finally {
            p.library.close()
        }
    }

    /** Eight-player on a tablet (1024x640 dp): the board the full height, the size of a piece (printed; at least 18 dp). */
    @Test
    fun eightPlayerPiecesOnATablet() {
        val p = platformAt(tempDir("ui-eight-tablet"))
        try {
            val app = show(p, listOf(Route.Home, Route.Game(game(p, "eight-player-ffa"))), 1024.dp, 640.dp)
            val g = rule.awaitGame(app)
            val board = rule.onNodeWithTag("board").getBoundsInRoot()
            val piece = g.state.value.scene.pieces.maxOf { it.size } * board.width.value
            println("eight-player-ffa on a 1024x640 dp tablet: board ${board.width} x ${board.height}, pieces $piece dp")
            assertTrue("board $board", board.height >= 630.dp)
            assertTrue("pieces $piece dp", piece >= 18f)
        } finally {
            p.library.close()
        }
    }

    @Test
    fun theBottomBarUndoesRedoesReviewsAndShowsThePlayers() {
        val p = platformAt(tempDir("ui-bottom"))
        try {
            val app = show(p, listOf(Route.Home, Route.Game(game(p, "chess", listOf("e2e4", "e7e5")))))
            val g = rule.awaitGame(app)
            rule.onNodeWithTag("redo").assertIsNotEnabled()
            rule.onNodeWithTag("undo").assertIsEnabled().performClick()
            rule.settle(g)
            assertEquals(listOf("e4"), g.state.value.moves.map { it.text })
            rule.onNodeWithTag("redo").assertIsEnabled().performClick()
            rule.settle(g)
            assertEquals(listOf("e4", "e5"), g.state.value.moves.map { it.text })
            // review: one step back, the arrows, then back to the game
            rule.onNodeWithTag("review").performClick()
            rule.settle(g)
            assertEquals(1u, g.state.value.review)
            assertFalse(g.state.value.scene.pieces.any { it.cell == "e5" })
            rule.onNodeWithTag("review-first").performClick()
            rule.settle(g)
            assertEquals(0u, g.state.value.review)
            rule.onNodeWithTag("review-forward").performClick()
            rule.settle(g)
            assertEquals(1u, g.state.value.review)
            rule.onNodeWithTag("review").performClick()
            rule.settle(g)
            assertNull(g.state.value.review)
            assertTrue(g.state.value.scene.pieces.any { it.cell == "e5" })
            // the players: a dialog with each seat and its controls
            rule.onNodeWithTag("seats").performClick()
            rule.onNodeWithTag("seats-dialog").assertExists()
            rule.onNodeWithTag("seat-1").assertExists()
            rule.onNodeWithTag("hand-1").performClick()
            rule.onNodeWithTag("hand-question").assertExists()
            rule.onNodeWithTag("hand-no").performClick()
            rule.settle(g)
            assertTrue(g.state.value.bars.all { it.bot == null })
            // no score column in a game without points
            rule.onNodeWithTag("score-0").assertDoesNotExist()
        } finally {
            p.library.close()
        }
    }

    /** Captured pieces and the core's material lead: only the seat ahead shows "+1", nobody at the start. */
    @Test
    fun capturedPiecesAndTheMaterialLead() {
        val p = platformAt(tempDir("ui-material"))
        try {
            val start = show(p, listOf(Route.Home, Route.Game(game(p, "chess", listOf("e2e4", "d7d5", "e4d5")))))
            val g = rule.awaitGame(start)
            // the lead as the core decides it, shown as it comes
            assertEquals(1, g.state.value.bars[0].lead)
            assertEquals(0, g.state.value.bars[1].lead)
            rule.onNodeWithTag("captured-0").assertExists()
            rule.onNodeWithTag("lead-0").assertTextEquals(" +1")
            rule.onNodeWithTag("lead-1").assertDoesNotExist()
            rule.onNodeWithTag("captured-1").assertDoesNotExist()
            // taking back the capture: nobody is ahead, no row
            rule.onNodeWithTag("undo").performClick()
            rule.settle(g)
            rule.onNodeWithTag("captured-0").assertDoesNotExist()
        } finally {
            p.library.close()
        }
    }

    @Test
    fun resignAsksFirstOnAPhone() {
        val p = platformAt(tempDir("ui-resign"))
        try {
            val app = show(p, listOf(Route.Home, Route.Game(game(p, "chess", listOf("e2e4")))))
            val g = rule.awaitGame(app)
            rule.onNodeWithTag("resign").performClick()
            rule.onNodeWithTag("resign-question").assertExists()
            rule.onNodeWithTag("resign-no").performClick()
            rule.settle(g)
            assertNull(g.state.value.result)
            rule.onNodeWithTag("resign").performClick()
            rule.onNodeWithTag("resign-yes").performClick()
            rule.settle(g)
            assertEquals("end-resignation", g.state.value.result!!.reason.key)
            rule.onNodeWithTag("result").assertExists()
            // export: the game's text goes to the platform's share
            rule.onNodeWithTag("export").performClick()
            rule.waitUntil(60_000) { p.lastShared != null }
            val shared = p.lastShared!!.readText()
            assertTrue(shared, shared.contains("e4") && shared.contains("1-0"))
            // the result is said once: by the sheet, not again by the status line
            rule.onNodeWithTag("status").assertDoesNotExist()
            rule.onNodeWithTag("resign").assertDoesNotExist()
        } finally {
            p.library.close()
        }
    }

    @Test
    fun tableModeIsChosenPerGameAndTurnsEachSeatsControlsToIt() {
        val p = platformAt(tempDir("ui-table"))
        try {
            val id = game(p, "chess", listOf("e2e4"))
            val app = show(p, listOf(Route.Home, Route.Game(id)))
            var g = rule.awaitGame(app)
            rule.onNodeWithTag("table-side-2").assertDoesNotExist()
            rule.onNodeWithTag("more").performClick()
            rule.onNodeWithTag("menu-table").performClick()
            rule.waitUntil(60_000) { (app.route as? Route.Game)?.table == true }
            g = rule.awaitGame(app)
            rule.waitUntil(60_000) { g.state.value.scene.bars.any { it.rotation == 180f } }
            rule.waitForIdle()
            // the route keeps it (process death), the setting does not
            assertEquals("game/$id/table", app.route.encode())
            assertEquals(Route.Game(id, true), Route.decode(app.route.encode()))
            // Black (to move, far side) has its strip above the board, with its own resign, turned
            val board = rule.onNodeWithTag("board").getBoundsInRoot()
            val far = rule.onNodeWithTag("table-side-2").getBoundsInRoot()
            val near = rule.onNodeWithTag("table-side-0").getBoundsInRoot()
            assertTrue("far strip $far above the board $board", far.bottom <= board.top + 1.dp)
            assertTrue("near strip $near below the board $board", near.top >= board.bottom - 1.dp)
            val resign1 = rule.onNodeWithTag("resign-1").getBoundsInRoot()
            assertTrue(resign1.bottom <= board.top + 1.dp)
            // the status line is in the strip of the seat to move (Black): above the board
            assertTrue(rule.onNodeWithTag("status").getBoundsInRoot().bottom <= board.top + 1.dp)
            // resign for Black from Black's side asks first
            rule.onNodeWithTag("resign-1").performClick()
            rule.onNodeWithTag("resign-question").assertExists()
            rule.onNodeWithTag("resign-no").performClick()
            rule.settle(g)
            assertNull(g.state.value.result)
            // and back
            rule.onNodeWithTag("more").performClick()
            rule.onNodeWithTag("menu-table").performClick()
            rule.waitUntil(60_000) { (app.route as? Route.Game)?.table == false }
            rule.waitUntil(60_000) { app.game?.state?.value?.scene?.bars?.none { it.rotation == 180f } == true }
            rule.waitForIdle()
            rule.onNodeWithTag("table-side-2").assertDoesNotExist()
            assertEquals(OrientationMode.FaceToMove, app.settings.orientation)
        } finally {
            p.library.close()
        }
    }

    @Test
    fun tableModeInFourPlayerPutsAStripOnEachSide() {
        val p = platformAt(tempDir("ui-table4"))
        try {
            val id = game(p, "four-player-ffa")
            val app = show(p, listOf(Route.Home, Route.Game(id, table = true)), 1024.dp, 640.dp)
            rule.awaitGame(app)
            rule.waitForIdle()
            val board = rule.onNodeWithTag("board").getBoundsInRoot()
            for (side in 0..3) rule.onNodeWithTag("table-side-$side").assertExists()
            assertTrue(rule.onNodeWithTag("table-side-1").getBoundsInRoot().right <= board.left + 1.dp)
            assertTrue(rule.onNodeWithTag("table-side-3").getBoundsInRoot().left >= board.right - 1.dp)
        } finally {
            p.library.close()
        }
    }

    /**
     * Table mode on a 360x640 dp phone: the side strips are one thin line each, so a
     * four-player board keeps at least 300 dp each way (printed); the status is in the strip of
     * the seat to move only; eight-player's two seats a side share one line (printed).
     */
    /** New game, Rules and Settings have the game screen's app bar: an icon back button (no text) and the title on one row. */
    @Test
    fun newGameRulesAndSettingsHaveTheIconAppBar() {
        val p = platformAt(tempDir("ui-app-bars"))
        try {
            val app = show(p, listOf(Route.Home), language = "sk")
            rule.waitForIdle()
            for (r in listOf(Route.NewGame("four-player-ffa"), Route.Rules("four-player-ffa"), Route.Settings)) {
                rule.runOnIdle { app.navigate(r) }
                rule.waitForIdle()
                val bar = rule.onNodeWithTag("app-bar").getBoundsInRoot()
                assertEquals("$r", 56f, bar.height.value, 0.5f)
                val back = rule.onNodeWithTag("back")
                val b = back.getBoundsInRoot()
                assertTrue("$r: back $b in the bar $bar", b.top >= bar.top && b.bottom <= bar.bottom && b.width <= 48.dp)
                // an icon: the words are its description, not a text
                val node = back.fetchSemanticsNode()
                assertTrue("$r", androidx.compose.ui.semantics.SemanticsProperties.Text !in node.config)
                assertEquals(listOf("Naspäť"), node.config[androidx.compose.ui.semantics.SemanticsProperties.ContentDescription])
                val title = rule.onNodeWithTag("title").getBoundsInRoot()
                assertTrue("$r: title $title", title.top >= bar.top && title.bottom <= bar.bottom)
                back.performClick()
                rule.waitForIdle()
                assertEquals(Route.Home, app.route)
            }
        } finally {
            p.library.close()
        }
    }

    @Test
    fun tableModeOnAPhoneLeavesAFourPlayerBoardThreeHundredDp() = tableOnAPhone("four-player-ffa", listOf("h2h4"))

    @Test
    fun tableModeOnAPhoneLeavesAnEightPlayerBoardThreeHundredDp() = tableOnAPhone("eight-player-ffa", emptyList())

    private fun tableOnAPhone(gameId: String, moves: List<String>) {
        val p = platformAt(tempDir("ui-table-phone"))
        try {
            val id = game(p, gameId, moves)
            val app = show(p, listOf(Route.Home, Route.Game(id, table = true)))
            val g = rule.awaitGame(app)
            rule.waitForIdle()
            val board = rule.onNodeWithTag("board").getBoundsInRoot()
            val left = rule.onNodeWithTag("table-side-1").getBoundsInRoot()
            val right = rule.onNodeWithTag("table-side-3").getBoundsInRoot()
            println("$gameId table mode on a 360x640 dp phone: board ${board.width} x ${board.height}, side strips ${left.width} and ${right.width}")
            assertTrue("board $board", board.width >= 300.dp && board.height >= 300.dp)
            assertTrue(left.right <= board.left + 1.dp && right.left >= board.right - 1.dp)
            fun said(seat: Int) = rule.onNodeWithTag("seat-text-$seat").fetchSemanticsNode()
                .config[androidx.compose.ui.semantics.SemanticsProperties.Text].joinToString { it.text }
            if (moves.isNotEmpty()) {
                // Blue (seat 1, the left side) is to move: its line says so and shows the last move
                assertEquals(1, g.state.value.bars.indexOfFirst { it.toMove })
                assertTrue(said(1), said(1).contains("1. h2h4"))
                assertTrue(said(3), !said(3).contains("h2h4"))
                // a side seat's own controls, in its strip, ask first
                assertTrue(rule.onNodeWithTag("resign-1").getBoundsInRoot().right <= board.left + 1.dp)
                rule.onNodeWithTag("resign-1").performClick()
                rule.onNodeWithTag("resign-question").assertExists()
                rule.onNodeWithTag("resign-no").performClick()
                rule.settle(g)
                assertNull(g.state.value.result)
            }
        } finally {
            p.library.close()
        }
    }

    /** Mean luminance-ish brightness (0..255) of the screen's pixels. */
    private fun brightness(): Double {
        val img = rule.onNodeWithTag("safe-area").captureToImage().toPixelMap()
        var sum = 0.0
        var n = 0
        for (y in 0 until img.height step 4) for (x in 0 until img.width step 4) {
            val c = img[x, y]
            sum += 255 * (0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue); n++
        }
        return sum / n
    }

    @Test
    fun theThemeSwitchesBetweenLightAndDark() {
        val p = platformAt(tempDir("ui-theme"))
        try {
            val app = show(p, listOf(Route.Home, Route.Settings))
            rule.onNodeWithTag("theme-Light").performClick()
            rule.waitForIdle()
            assertEquals(ThemeMode.Light, app.settings.theme)
            assertEquals(ThemeMode.Light, p.loadSettings().theme)
            val light = brightness()
            rule.onNodeWithTag("theme-Dark").performClick()
            rule.waitForIdle()
            val dark = brightness()
            println("settings screen brightness: light $light, dark $dark")
            assertTrue("light $light", light > 200)
            assertTrue("dark $dark", dark < 60)
            rule.onNodeWithTag("theme-System").performClick()
            rule.waitForIdle()
            assertEquals(ThemeMode.System, app.settings.theme)
        } finally {
            p.library.close()
        }
    }

    @Test
    fun everyScreenPadsForTheSystemBarsAndCutout() {
        val p = platformAt(tempDir("ui-insets"))
        try {
            val id = game(p, "chess")
            val insets = WindowInsets(left = 20.dp, top = 32.dp, right = 12.dp, bottom = 24.dp)
            val app = show(p, listOf(Route.Home, Route.Game(id)), insets = insets)
            rule.awaitGame(app)
            val safe = rule.onNodeWithTag("safe-area").getBoundsInRoot()
            assertEquals(20f, safe.left.value, 0.5f)
            assertEquals(32f, safe.top.value, 0.5f)
            assertEquals(360f - 12f, safe.right.value, 0.5f)
            assertEquals(640f - 24f, safe.bottom.value, 0.5f)
            val bar = rule.onNodeWithTag("app-bar").getBoundsInRoot()
            assertTrue("app bar $bar under the status bar", bar.top >= 32.dp && bar.left >= 20.dp)
            assertTrue(rule.onNodeWithTag("back").getBoundsInRoot().left >= 20.dp)
            assertTrue(rule.onNodeWithTag("bottom-bar").getBoundsInRoot().bottom <= 616.dp)
            assertTrue(rule.onNodeWithTag("board").getBoundsInRoot().right <= 348.dp)
            // the same scaffold holds Home and the other screens
            app.back()
            rule.waitForIdle()
            assertNotNull(rule.onNodeWithTag("home-list").getBoundsInRoot().takeIf { it.top >= 32.dp && it.left >= 20.dp })
        } finally {
            p.library.close()
        }
    }
}
