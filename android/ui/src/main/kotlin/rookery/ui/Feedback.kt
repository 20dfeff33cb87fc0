package rookery.ui

import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.remember
import uniffi.rookery_bindings.GameEvent
import uniffi.rookery_bindings.GameScreen

/**
 * Sound and haptics of a game screen: the core says what the live game's last action did
 * (`GameScreen.lastEvent`: a move, a capture, a check, the end); a screen whose event is newer
 * than the last one heard asks the platform for its sound and vibration, as the settings allow.
 * The first screen of a game, review steps and undo (the event goes back) are silent.
 */
class Feedback(private val platform: Platform, private val settings: () -> Settings) {
    private var heard: UInt? = null

    fun on(screen: GameScreen) {
        val e = screen.lastEvent
        val plies = e?.plies ?: 0u
        val before = heard
        heard = plies
        if (before == null || e == null || plies <= before) return
        val s = settings()
        if (s.sound) platform.playSound(e.kind)
        if (s.haptics) platform.haptic(e.kind)
    }
}

/**
 * What a game screen does besides drawing: sound and haptics per new event, and the saved
 * state of the screen (`GameMemory`: restored once when the controller opens, then written
 * with every screen).
 */
@Composable
fun GameHooks(app: AppState, c: GameController, savedId: ULong) {
    val feedback = remember(c) { Feedback(app.platform) { app.settings } }
    val memory = remember(c) { GameMemory(app.saved, savedId) }
    LaunchedEffect(c) {
        c.onIntent = memory::record
        c.onBotsFinishing = memory::botsFinishing
        memory.restore(c)
        c.state.collect { s ->
            feedback.on(s)
            memory.seen(s)
        }
    }
}

/** What an event sounds like when the platform makes the tone itself (the desktop). */
fun toneOf(e: GameEvent): Pair<Int, Int> = when (e) {
    GameEvent.MOVE -> 660 to 40
    GameEvent.CAPTURE -> 440 to 70
    GameEvent.CHECK -> 880 to 90
    GameEvent.END -> 523 to 250
}
