package rookery.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.safeDrawing
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.FilterChip
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp

/** A game's rules page (the generated copy of assets/rules/<lang>/<id>.md), as plain text. */
@Composable
fun RulesScreen(app: AppState, gameId: String) {
    val s = LocalStrings.current
    val page = remember(gameId, s.language) {
        app.platform.rulesPage(s.language, gameId) ?: app.platform.rulesPage(app.platform.languages.first(), gameId) ?: ""
    }
    Column(Modifier.fillMaxSize().windowInsetsPadding(WindowInsets.safeDrawing)) {
      AppBar(app, s.text("rules-title", s.gameName(gameId)))
      Column(Modifier.weight(1f).fillMaxWidth().verticalScroll(rememberScrollState()).padding(horizontal = 12.dp)) {
        for (line in page.lines()) {
            when {
                line.startsWith("<!--") -> {}
                line.startsWith("#") -> Text(line.trimStart('#', ' '), Modifier.padding(top = 10.dp),
                    fontWeight = FontWeight.Bold, style = MaterialTheme.typography.titleMedium)
                line.isBlank() -> {}
                else -> Text(line.replace("**", ""), Modifier.testTag("rules-text"), style = MaterialTheme.typography.bodyMedium)
            }
        }
      }
    }
}

/** Settings: language (every language the app has strings for), board orientation, legal moves, sound, haptics. */
@Composable
fun SettingsScreen(app: AppState) {
    val s = LocalStrings.current
    val st = app.settings
    Column(Modifier.fillMaxSize().windowInsetsPadding(WindowInsets.safeDrawing)) {
      AppBar(app, s.text("action-settings"))
      Column(Modifier.weight(1f).fillMaxWidth().verticalScroll(rememberScrollState()).padding(horizontal = 12.dp)) {
        Text(s.text("settings-language"), Modifier.padding(top = 4.dp), style = MaterialTheme.typography.titleMedium)
        Row {
            for (lang in app.platform.languages) {
                val name = remember(lang) { app.platform.strings(lang).text("settings-language-name") }
                FilterChip(st.language == lang, { app.update(st.copy(language = lang)) }, { Text(name) },
                    Modifier.padding(end = 6.dp).testTag("lang-$lang"))
            }
        }
        Text(s.text("settings-orientation"), Modifier.padding(top = 12.dp), style = MaterialTheme.typography.titleMedium)
        // Table mode is chosen per game (the game screen's menu), not here.
        for ((mode, key) in listOf(
            OrientationMode.FaceToMove to "orientation-face-to-move",
            OrientationMode.Fixed to "orientation-fixed",
        )) {
            FilterChip(st.orientation == mode, { app.update(st.copy(orientation = mode)) }, { Text(s.text(key)) },
                Modifier.testTag("orientation-${mode.name}"))
        }
        Text(s.text("settings-theme"), Modifier.padding(top = 12.dp), style = MaterialTheme.typography.titleMedium)
        Row {
            for ((mode, key) in listOf(ThemeMode.System to "theme-system", ThemeMode.Light to "theme-light", ThemeMode.Dark to "theme-dark")) {
                FilterChip(st.theme == mode, { app.update(st.copy(theme = mode)) }, { Text(s.text(key)) },
                    Modifier.padding(end = 6.dp).testTag("theme-${mode.name}"))
            }
        }
        Row(Modifier.padding(top = 12.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(s.text("house-show-legal-moves"), Modifier.width(220.dp))
            Switch(st.showLegalMoves, { app.update(st.copy(showLegalMoves = it)) }, Modifier.testTag("legal-moves"))
        }
        Row(Modifier.padding(top = 12.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(s.text("settings-sound"), Modifier.width(220.dp))
            Switch(st.sound, { app.update(st.copy(sound = it)) }, Modifier.testTag("sound"))
        }
        Row(Modifier.padding(top = 12.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(s.text("settings-haptics"), Modifier.width(220.dp))
            Switch(st.haptics, { app.update(st.copy(haptics = it)) }, Modifier.testTag("haptics"))
        }
      }
    }
}

/**
 * The app bar of every screen but Home: an icon back button, the title on one line (cut with
 * an ellipsis, never wrapped), then [actions] (the game screen's rules and menu).
 */
@Composable
fun AppBar(app: AppState, title: String, actions: @Composable RowScope.() -> Unit = {}) {
    val s = LocalStrings.current
    Row(Modifier.fillMaxWidth().height(56.dp).testTag("app-bar"), verticalAlignment = Alignment.CenterVertically) {
        IconButton({ app.back() }, Modifier.testTag("back")) { Icon(RookeryIcons.Back, s.text("action-back")) }
        Text(title, Modifier.weight(1f).testTag("title"), style = MaterialTheme.typography.titleLarge,
            maxLines = 1, overflow = TextOverflow.Ellipsis)
        actions()
    }
}
