package rookery.ui

import androidx.compose.runtime.remember
import androidx.compose.ui.test.junit4.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Rule
import org.junit.Test
import uniffi.rookery_bindings.GameEvent
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.defaultHouseRules

/** Sound and haptics: the platform is asked for the core's event of each new action, as the settings allow. */
class FeedbackTest {
    @get:Rule
    val rule = createComposeRule()

    @Test
    fun movesCapturesChecksSoundAndVibrateAsTheSettingsSay() {
        val p = RecordingPlatform(platformAt(tempDir("feedback")))
        val id = p.chessGame()
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) }
            RookeryApp(p, state = app)
        }
        val game = rule.awaitGame(app)
        assertEquals("opening a game is silent", emptyList<GameEvent>(), p.sounds.toList())
        fun move(from: String, to: String) {
            rule.tapCell(game, from); rule.tapCell(game, to)
            rule.waitForIdle()
        }
        move("e2", "e4")
        move("d7", "d5")
        move("e4", "d5")
        move("d8", "d5")
        move("b1", "c3")
        move("d5", "e5")
        val heard = listOf(GameEvent.MOVE, GameEvent.MOVE, GameEvent.CAPTURE, GameEvent.CAPTURE, GameEvent.MOVE, GameEvent.CHECK)
        assertEquals(heard, p.sounds.toList())
        assertEquals(heard, p.haptics.toList())
        // a selection is no event
        rule.tapCell(game, "f1")
        rule.tapCell(game, "f1")
        assertEquals(6, p.sounds.size)

        app.update(app.settings.copy(sound = false))
        move("f1", "e2")
        assertEquals("sound off: no sound", 6, p.sounds.size)
        assertEquals(GameEvent.MOVE, p.haptics.last())
        assertEquals(7, p.haptics.size)

        app.update(app.settings.copy(haptics = false))
        move("g8", "f6")
        assertEquals(6, p.sounds.size)
        assertEquals("haptics off: no vibration", 7, p.haptics.size)

        // taking back is silent; playing forward again is heard
        app.update(app.settings.copy(sound = true, haptics = true))
        game.onUndo(); rule.settle(game)
        assertEquals(6, p.sounds.size)
        game.onRedo(); rule.settle(game)
        assertEquals(GameEvent.MOVE, p.sounds.last())
        assertEquals(7, p.sounds.size)
    }

    @Test
    fun theEndOfAGameIsHeard() {
        val p = RecordingPlatform(platformAt(tempDir("feedback-end")))
        var settings = Settings()
        val f = Feedback(p) { settings }
        GameSession("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")), defaultHouseRules(), 1u).use { s ->
            f.on(s.screen())
            for (m in FOOLS_MATE) f.on(s.act(ScreenIntent.Play(m)))
            assertEquals(listOf(GameEvent.MOVE, GameEvent.MOVE, GameEvent.MOVE, GameEvent.END), p.sounds.toList())
            // the same screen again (a review step, a redraw) is not heard twice
            f.on(s.act(ScreenIntent.Review(uniffi.rookery_bindings.ReviewStep.First)))
            f.on(s.screen())
            assertEquals(4, p.sounds.size)
        }
        settings = Settings(sound = false, haptics = false)
        val quiet = RecordingPlatform(p)
        val g = Feedback(quiet) { settings }
        GameSession("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")), defaultHouseRules(), 1u).use { s ->
            g.on(s.screen())
            for (m in FOOLS_MATE) g.on(s.act(ScreenIntent.Play(m)))
        }
        assertEquals(emptyList<GameEvent>(), quiet.sounds.toList())
        assertEquals(emptyList<GameEvent>(), quiet.haptics.toList())
    }

    @Test
    fun theSettingsRowsSwitchSoundAndHaptics() {
        val p = platformAt(tempDir("feedback-settings"))
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Settings)) }
            RookeryApp(p, state = app)
        }
        rule.onNodeWithTag("sound").performClick()
        rule.waitForIdle()
        assertFalse(app.settings.sound)
        assertFalse(p.loadSettings().sound)
        assertEquals(true, app.settings.haptics)
        rule.onNodeWithTag("haptics").performClick()
        rule.waitForIdle()
        assertFalse(p.loadSettings().haptics)
    }
}
