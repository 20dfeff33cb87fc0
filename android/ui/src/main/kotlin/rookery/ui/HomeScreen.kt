package rookery.ui

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import uniffi.rookery_bindings.GameEntry
import uniffi.rookery_bindings.GameGroup
import uniffi.rookery_bindings.SavedGameSummary
import uniffi.rookery_bindings.SavedStatus
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.catalogue

private fun groupKey(g: GameGroup) = when (g) {
    GameGroup.CHESS_VARIANTS -> "group-chess-variants"
    GameGroup.CHESS_FAMILY -> "group-chess-family"
    GameGroup.MORE_PLAYERS -> "group-more-players"
}

/** A game's name in the user's language. */
fun Strings.gameName(id: String) = if (has("game-$id-name")) text("game-$id-name") else id

/** Who plays a seat, shortly: the person's name or "bot 3". */
fun Strings.seatWho(c: SeatConfig) = when (c) {
    is SeatConfig.Person -> c.name
    is SeatConfig.Bot -> text("seat-bot-short", c.level.toString())
}

/**
 * The home screen: "Continue" with the saved games being played, then the three groups of
 * the catalogue with their one-line descriptions (a game not playable yet is marked coming).
 */
@Composable
fun HomeScreen(app: AppState) {
    val s = LocalStrings.current
    val entries = remember { catalogue() }
    val saved = remember(app.stack.size) {
        app.platform.library.savedGames().filter { it.status == SavedStatus.PLAYING }
    }
    Column(Modifier.fillMaxSize()) {
        Row(Modifier.fillMaxWidth().padding(12.dp), horizontalArrangement = Arrangement.SpaceBetween) {
            Text(s.text("app-name"), style = MaterialTheme.typography.headlineSmall)
            TextButton({ app.navigate(Route.Settings) }, Modifier.testTag("settings")) { Text(s.text("action-settings")) }
        }
        LazyColumn(Modifier.fillMaxSize().testTag("home-list")) {
            item { Section(s.text("action-continue")) }
            if (saved.isEmpty()) {
                item { Text(s.text("home-no-saved-games"), Modifier.padding(horizontal = 16.dp, vertical = 6.dp)) }
            }
            items(saved, key = { "saved-${it.id}" }) { g -> SavedRow(app, g) }
            for (group in listOf(GameGroup.CHESS_VARIANTS, GameGroup.CHESS_FAMILY, GameGroup.MORE_PLAYERS)) {
                item { Section(s.text(groupKey(group))) }
                items(entries.filter { it.group == group }, key = { it.id }) { e -> GameRow(app, e) }
            }
        }
    }
}

@Composable
private fun Section(title: String) {
    Column(Modifier.padding(start = 12.dp, end = 12.dp, top = 14.dp)) {
        Text(title, style = MaterialTheme.typography.titleMedium, fontWeight = FontWeight.Bold)
        HorizontalDivider()
    }
}

@Composable
private fun GameRow(app: AppState, e: GameEntry) {
    val s = LocalStrings.current
    val name = s.gameName(e.id)
    var m = Modifier.fillMaxWidth().testTag("game-${e.id}")
    if (e.playable) m = m.clickable { app.navigate(Route.NewGame(e.id)) }
    Column(m.padding(horizontal = 16.dp, vertical = 6.dp)) {
        Text(if (e.playable) name else s.text("menu-coming", name), style = MaterialTheme.typography.bodyLarge)
        if (s.has("game-${e.id}-blurb")) {
            Text(s.text("game-${e.id}-blurb"), style = MaterialTheme.typography.bodySmall)
        }
    }
}

@Composable
private fun SavedRow(app: AppState, g: SavedGameSummary) {
    val s = LocalStrings.current
    val players = g.seats.joinToString(" · ") { s.seatWho(it) }
    val turn = g.turn?.let { t -> g.seats.getOrNull(t.toInt())?.let { s.text("status-to-move", s.seatWho(it)) } } ?: ""
    Row(
        Modifier.fillMaxWidth().testTag("saved-${g.id}").clickable { app.navigate(Route.Game(g.id)) }
            .padding(horizontal = 16.dp, vertical = 6.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        BoardPreview(app.art, g.gameId, g.seats, g.position, Modifier.size(56.dp).testTag("preview-${g.id}"))
        Column(Modifier.padding(start = 10.dp)) {
            Text(s.gameName(g.gameId) + " · " + s.plural("moves", g.plyCount.toInt()), style = MaterialTheme.typography.bodyLarge)
            Text("$players — $turn", style = MaterialTheme.typography.bodySmall)
        }
    }
}
