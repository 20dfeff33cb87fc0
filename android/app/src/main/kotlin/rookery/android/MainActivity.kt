package rookery.android

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import androidx.compose.runtime.remember
import rookery.ui.AppState
import rookery.ui.RookeryApp

/**
 * The one Activity: the UI module's [RookeryApp] over an [AppState] made from the
 * [RookeryViewModel]'s saved state, so after process death (or "Don't keep activities") the
 * same screen comes back, the game screen resumes its game from the library and replays what
 * was pending on it.
 */
class MainActivity : ComponentActivity() {
    private val model: RookeryViewModel by viewModels()
    private var app: AppState? = null
    private var platform: AndroidPlatform? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        val platform = AndroidPlatform(this, (application as RookeryApplication).library)
        this.platform = platform
        setContent {
            val state = remember { AppState(platform, model.saved) }
            app = state
            BackHandler(enabled = state.stack.size > 1) { state.back() }
            RookeryApp(platform, state = state)
        }
    }

    // A game's turn clock stops (and its time is saved) while the app is not in front.
    override fun onPause() {
        super.onPause()
        app?.game?.pauseClock()
    }

    override fun onResume() {
        super.onResume()
        app?.game?.startClock()
    }

    override fun onDestroy() {
        platform?.release()
        super.onDestroy()
    }
}
