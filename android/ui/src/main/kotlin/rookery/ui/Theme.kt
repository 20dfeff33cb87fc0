package rookery.ui

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.safeDrawing
import androidx.compose.material3.ColorScheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.compositionLocalOf
import androidx.compose.ui.graphics.Color

/** Light, dark, or as the system says (Settings). */
enum class ThemeMode { System, Light, Dark }

/**
 * The app's Material 3 colour schemes: a walnut-and-cream accent taken from the board's tones
 * (`core/src/scene/palette.rs`: the light square #f0d9b5, the dark square #b58863). The board
 * and its armies are painted in the scene's own colours in both themes (the core's palette,
 * whose test `armies_stand_out_on_their_squares` measures each army against its squares).
 */
object RookeryColours {
    val light: ColorScheme = lightColorScheme(
        primary = Color(0xFF7A4E2D),
        onPrimary = Color(0xFFFFFFFF),
        primaryContainer = Color(0xFFF0D9B5),
        onPrimaryContainer = Color(0xFF2E1A0C),
        secondary = Color(0xFF6B5D4F),
        onSecondary = Color(0xFFFFFFFF),
        secondaryContainer = Color(0xFFF3E1CB),
        onSecondaryContainer = Color(0xFF251A10),
        tertiary = Color(0xFF3F6652),
        background = Color(0xFFFFF8F3),
        onBackground = Color(0xFF1F1B17),
        surface = Color(0xFFFFF8F3),
        onSurface = Color(0xFF1F1B17),
        surfaceVariant = Color(0xFFF0E0D2),
        onSurfaceVariant = Color(0xFF4F453C),
        surfaceContainer = Color(0xFFF6ECE3),
        outline = Color(0xFF817568),
        error = Color(0xFFB3261E),
    )

    val dark: ColorScheme = darkColorScheme(
        primary = Color(0xFFE9BF95),
        onPrimary = Color(0xFF47290F),
        primaryContainer = Color(0xFF6A4325),
        onPrimaryContainer = Color(0xFFF0D9B5),
        secondary = Color(0xFFD8C3AE),
        onSecondary = Color(0xFF3B2E21),
        secondaryContainer = Color(0xFF534436),
        onSecondaryContainer = Color(0xFFF3E1CB),
        tertiary = Color(0xFFA5D0B8),
        background = Color(0xFF18130F),
        onBackground = Color(0xFFECE0D8),
        surface = Color(0xFF18130F),
        onSurface = Color(0xFFECE0D8),
        surfaceVariant = Color(0xFF4F453C),
        onSurfaceVariant = Color(0xFFD3C4B6),
        surfaceContainer = Color(0xFF251F1A),
        outline = Color(0xFF9C8F82),
        error = Color(0xFFF2B8B5),
    )
}

/** Whether the app draws dark for a [ThemeMode]. */
@Composable
fun ThemeMode.isDark(): Boolean = when (this) {
    ThemeMode.System -> isSystemInDarkTheme()
    ThemeMode.Light -> false
    ThemeMode.Dark -> true
}

@Composable
fun RookeryTheme(mode: ThemeMode, content: @Composable () -> Unit) {
    MaterialTheme(colorScheme = if (mode.isDark()) RookeryColours.dark else RookeryColours.light, content = content)
}

/**
 * The insets every screen pads for: system bars and display cutout (`safeDrawing`). A
 * composition local so that the JVM tests, whose desktop window has none, can give the
 * screens non-zero insets and check that nothing is drawn under them.
 */
val LocalAppInsets = compositionLocalOf<(@Composable () -> WindowInsets)> { { WindowInsets.safeDrawing } }
