package rookery.desktop

import androidx.compose.ui.unit.DpSize
import androidx.compose.runtime.remember
import androidx.compose.ui.unit.dp
import androidx.compose.ui.window.Window
import androidx.compose.ui.window.application
import androidx.compose.ui.window.rememberWindowState
import rookery.ui.RookeryApp
import uniffi.rookery_bindings.GameLibrary
import java.io.File

/**
 * The desktop window: the same UI as the Android app. Saved games and settings go to
 * `$XDG_DATA_HOME/rookery-desktop` (default `~/.local/share/rookery-desktop`), or the
 * directory given as the first argument.
 */
fun main(args: Array<String>) {
    val data = args.firstOrNull()?.let { File(it) } ?: File(
        System.getenv("XDG_DATA_HOME")?.takeIf { it.isNotEmpty() } ?: (System.getProperty("user.home") + "/.local/share"),
        "rookery-desktop",
    )
    data.mkdirs()
    val library = GameLibrary(File(data, "saves").path)
    val platform = DesktopPlatform(DesktopPlatform.findRoot(), library, File(data, "settings.properties"))
    application {
        Window(
            onCloseRequest = ::exitApplication,
            title = "Rookery",
            state = rememberWindowState(size = DpSize(1000.dp, 760.dp)),
        ) {
            val state = remember {
                rookery.ui.AppState(platform, emptyList())
            }
            RookeryApp(platform, state = state)
        }
    }
}
