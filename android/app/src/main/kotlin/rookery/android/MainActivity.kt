package rookery.android

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.compose.runtime.remember
import rookery.ui.AppState
import rookery.ui.Route
import rookery.ui.RookeryApp

/**
 * The one Activity: the UI module's [RookeryApp]. The back stack of routes is kept in the
 * saved instance state, so after process death (or "Don't keep activities") the same screen
 * comes back and the game screen resumes its game from the library.
 */
class MainActivity : ComponentActivity() {
    private var routes: ArrayList<String> = arrayListOf()
    private var app: AppState? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        routes = savedInstanceState?.getStringArrayList(ROUTES) ?: arrayListOf()
        val platform = AndroidPlatform(this, (application as RookeryApplication).library)
        setContent {
            val state = remember {
                AppState(platform, routes.mapNotNull { Route.decode(it) }) { routes = ArrayList(it) }
            }
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

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        outState.putStringArrayList(ROUTES, routes)
    }

    private companion object {
        const val ROUTES = "rookery.routes"
    }
}
