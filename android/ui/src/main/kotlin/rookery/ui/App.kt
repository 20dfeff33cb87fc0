package rookery.ui

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.material3.Surface
import androidx.compose.ui.platform.testTag
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateListOf
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.foundation.layout.fillMaxSize
import uniffi.rookery_bindings.GameEvent
import uniffi.rookery_bindings.GameLibrary

/** What differs between Android and the desktop: the library, strings, files, stored settings. */
interface Platform {
    val library: GameLibrary
    /** Languages the app speaks (the generated resources), source language first. */
    val languages: List<String>
    fun strings(language: String): Strings
    /** The SVG text of a piece image (`assets/pieces/<glyph>.svg`). */
    fun pieceSvg(glyph: String): String?
    /** The rules page of a game (`assets/rules/<lang>/<id>.md`, generated copies). */
    fun rulesPage(language: String, gameId: String): String?
    fun loadSettings(): Settings
    fun saveSettings(s: Settings)
    /**
     * Hands a game's text (`GameLibrary.exportGame`) to the system: Android's share sheet
     * (ACTION_SEND), on the desktop a file and the clipboard.
     */
    fun share(title: String, text: String)
    /** Plays the sound of a game event (asked only while the sound setting is on). */
    fun playSound(event: GameEvent)
    /** A short vibration for a game event (asked only while the haptics setting is on). */
    fun haptic(event: GameEvent)
}

data class Settings(
    val language: String = "en",
    val orientation: OrientationMode = OrientationMode.FaceToMove,
    val showLegalMoves: Boolean = true,
    val sound: Boolean = true,
    val haptics: Boolean = true,
    val theme: ThemeMode = ThemeMode.System,
)

/** The screens; a route survives process death as text (`encode`/`decode`). */
sealed class Route {
    object Home : Route()
    data class NewGame(val gameId: String) : Route()
    /** A game; [table] is its table mode (chosen per game: every seat's controls face that seat). */
    data class Game(val savedId: ULong, val table: Boolean = false) : Route()
    data class Rules(val gameId: String) : Route()
    object Settings : Route()

    fun encode(): String = when (this) {
        Home -> "home"
        is NewGame -> "new/$gameId"
        is Game -> "game/$savedId" + if (table) "/table" else ""
        is Rules -> "rules/$gameId"
        Settings -> "settings"
    }

    companion object {
        fun decode(s: String): Route? {
            val (head, tail) = s.split('/', limit = 2).let { it[0] to it.getOrNull(1) }
            return when (head) {
                "home" -> Home
                "new" -> tail?.let { NewGame(it) }
                "game" -> tail?.split('/')?.let { t -> t[0].toULongOrNull()?.let { Game(it, t.getOrNull(1) == "table") } }
                "rules" -> tail?.let { Rules(it) }
                "settings" -> Settings
                else -> null
            }
        }
    }
}

/**
 * The app's navigation and settings: a back stack of [Route]s, the settings and their strings,
 * and the [SavedState] the screens' state holders keep what must survive process death in
 * (the back stack too, under `routes`).
 */
class AppState(
    val platform: Platform,
    stack: List<Route>,
    val saved: SavedState = SavedState(),
    private val onStack: (List<String>) -> Unit = {},
) {
    /** The app made again from its saved state (after process death): the same back stack. */
    constructor(platform: Platform, saved: SavedState) :
        this(platform, Codec.list(saved["routes"]).mapNotNull { Route.decode(it) }, saved)

    val stack = mutableStateListOf<Route>().apply { addAll(stack.ifEmpty { listOf(Route.Home) }) }

    init {
        saved["routes"] = Codec.list(this.stack.map { it.encode() })
    }
    var settings by mutableStateOf(platform.loadSettings())
        private set
    val art = PieceArt(platform::pieceSvg)

    /** The home screen's state holder (saved games, row actions). */
    val home: HomeModel by lazy { HomeModel(platform) }

    /** A saved game deleted: what the saved state kept of its screen goes too. */
    fun forgetGame(id: ULong) = GameMemory(saved, id).forget()

    /** The game screen's state holder while it is shown (read by tests and platform shells). */
    var game: GameController? = null
        internal set

    val route: Route get() = stack.last()

    fun navigate(r: Route) {
        stack.add(r); changed()
    }

    /** Replaces the top screen (new game → its game). */
    fun replace(r: Route) {
        stack[stack.size - 1] = r; changed()
    }

    fun back(): Boolean {
        if (stack.size <= 1) return false
        stack.removeAt(stack.size - 1); changed()
        return true
    }

    fun update(s: Settings) {
        settings = s
        platform.saveSettings(s)
    }

    private fun changed() {
        val routes = stack.map { it.encode() }
        saved["routes"] = Codec.list(routes)
        onStack(routes)
    }
}

@Composable
fun RookeryApp(
    platform: Platform,
    savedStack: List<String> = emptyList(),
    onStack: (List<String>) -> Unit = {},
    state: AppState = remember { AppState(platform, savedStack.mapNotNull { Route.decode(it) }, onStack = onStack) },
) {
    val strings = remember(state.settings.language) { platform.strings(state.settings.language) }
    CompositionLocalProvider(LocalStrings provides strings) {
        RookeryTheme(state.settings.theme) {
            Surface(Modifier.fillMaxSize()) {
                // Every screen pads for the system bars and the display cutout (edge-to-edge).
                Box(Modifier.fillMaxSize().windowInsetsPadding(LocalAppInsets.current()).testTag("safe-area")) {
                    when (val r = state.route) {
                        Route.Home -> HomeScreen(state)
                        is Route.NewGame -> NewGameScreen(state, r.gameId)
                        is Route.Game -> GameScreen(state, r.savedId, r.table)
                        is Route.Rules -> RulesScreen(state, r.gameId)
                        Route.Settings -> SettingsScreen(state)
                    }
                }
            }
        }
    }
}
