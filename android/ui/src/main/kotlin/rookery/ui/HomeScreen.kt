package rookery.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.safeDrawing
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.LazyListScope
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.material3.VerticalDivider
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import uniffi.rookery_bindings.GameEntry
import uniffi.rookery_bindings.GameGroup
import uniffi.rookery_bindings.RookeryException
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

/** A message of the app by key whose arguments may be missing (the summary's end reasons). */
private fun Strings.bare(key: String): String {
    if (!has(key)) return key
    val n = MessageArgs.order[key]?.size ?: 0
    return text(key, *Array(n) { "" })
}

/** The title of a saved game: its name when a player gave it one, else the game's name. */
fun Strings.savedTitle(g: SavedGameSummary): String =
    if (g.name.isNotBlank() && !g.name.startsWith(g.gameId + ": ")) g.name else gameName(g.gameId)

/** A finished game's result as one line: who won (or a draw) and why. */
fun Strings.savedResult(g: SavedGameSummary): String {
    val r = g.result ?: return text("result-unfinished")
    val names = r.winners.mapNotNull { g.seats.getOrNull(it.toInt())?.let { c -> seatWho(c) } }
    val who = when (names.size) {
        0 -> text("result-draw")
        1 -> text("result-wins-one", names[0])
        else -> text("result-wins-many", names.joinToString(", "))
    }
    return text("result-line", who, bare(r.reasonKey))
}

/**
 * The home screen's state holder: the saved games (read on [CoreDispatcher], never on the main
 * thread), and what a row does (delete, rename, share the game text). `idle`: no call waits.
 */
class HomeModel(private val platform: Platform) {
    private val scope = CoroutineScope(SupervisorJob() + CoreDispatcher)
    private val _saved = MutableStateFlow<List<SavedGameSummary>?>(null)
    /** The saved games, the most recently changed first; null until read. */
    val saved: StateFlow<List<SavedGameSummary>?> = _saved.asStateFlow()
    private val _notice = MutableStateFlow<Pair<String, String>?>(null)
    /** A message to show: its key and the detail it takes, if any (an export refused, an error of the library). */
    val notice: StateFlow<Pair<String, String>?> = _notice.asStateFlow()
    private val inFlight = java.util.concurrent.atomic.AtomicInteger(0)
    val idle: Boolean get() = inFlight.get() == 0

    private fun core(f: suspend () -> Unit): Job {
        inFlight.incrementAndGet()
        return scope.launch {
            try {
                f()
            } catch (e: RookeryException) {
                _notice.value = "error-store" to (e.message ?: "")
            } finally {
                _saved.value = runCatching { platform.library.savedGames() }.getOrDefault(emptyList())
            }
        }.also { it.invokeOnCompletion { inFlight.decrementAndGet() } }
    }

    fun refresh() = core {}
    fun delete(id: ULong) = core { platform.library.delete(id) }
    fun rename(id: ULong, name: String) = core { platform.library.rename(id, name.trim()) }

    /** The game's text (PGN, PGN4 or Rookery's own) to the platform's share; a hidden game is refused. */
    fun share(id: ULong, title: String) = core {
        val text = try {
            platform.library.exportGame(id)
        } catch (e: RookeryException.BadInput) {
            _notice.value = "home-share-refused" to ""
            return@core
        }
        _notice.value = null
        withContext(Dispatchers.Main) { platform.share(title, text) }
    }

    fun dismissNotice() {
        _notice.value = null
    }
}

/**
 * The home screen: "Continue" with the saved games being played and the finished ones (which
 * open in review with their result), each with rename, share and delete; the three groups of
 * the catalogue with their one-line descriptions. One column on a phone; on a wide screen the
 * catalogue beside the saved games.
 */
@Composable
fun HomeScreen(app: AppState) {
    val s = LocalStrings.current
    val entries = remember { catalogue() }
    val model = app.home
    LaunchedEffect(app.stack.size) { model.refresh() }
    val saved by model.saved.collectAsState()
    val notice by model.notice.collectAsState()
    Column(Modifier.fillMaxSize().windowInsetsPadding(WindowInsets.safeDrawing)) {
        Row(Modifier.fillMaxWidth().padding(12.dp), horizontalArrangement = Arrangement.SpaceBetween,
            verticalAlignment = Alignment.CenterVertically) {
            Text(s.text("app-name"), style = MaterialTheme.typography.headlineSmall)
            TextButton({ app.navigate(Route.Settings) }, Modifier.testTag("settings")) { Text(s.text("action-settings")) }
        }
        notice?.let { (key, detail) ->
            val args = MessageArgs.order[key]?.size ?: 0
            Text(if (args == 0) s.text(key) else s.text(key, *Array(args) { detail }), Modifier.fillMaxWidth().clickable { model.dismissNotice() }.padding(horizontal = 16.dp, vertical = 4.dp)
                .testTag("home-notice"), color = MaterialTheme.colorScheme.error, style = MaterialTheme.typography.bodyMedium)
        }
        BoxWithConstraints(Modifier.fillMaxSize()) {
            val list = saved ?: emptyList()
            if (maxWidth >= 600.dp) {
                Row(Modifier.fillMaxSize()) {
                    LazyColumn(Modifier.weight(1f).fillMaxHeight().testTag("home-catalogue")) { catalogueItems(app, entries, s) }
                    VerticalDivider()
                    LazyColumn(Modifier.weight(1f).fillMaxHeight().testTag("home-list")) { savedItems(app, list, saved != null, s) }
                }
            } else {
                LazyColumn(Modifier.fillMaxSize().testTag("home-list")) {
                    savedItems(app, list, saved != null, s)
                    catalogueItems(app, entries, s)
                }
            }
        }
    }
}

private fun LazyListScope.savedItems(app: AppState, saved: List<SavedGameSummary>, read: Boolean, s: Strings) {
    val playing = saved.filter { it.status == SavedStatus.PLAYING }
    val finished = saved.filter { it.status != SavedStatus.PLAYING }
    item { Section(s.text("action-continue")) }
    if (read && saved.isEmpty()) {
        item { Text(s.text("home-no-saved-games"), Modifier.padding(horizontal = 16.dp, vertical = 6.dp)) }
    }
    items(playing, key = { "saved-${it.id}" }) { g -> SavedRow(app, g) }
    if (finished.isNotEmpty()) {
        item { Section(s.text("home-finished")) }
        items(finished, key = { "saved-${it.id}" }) { g -> SavedRow(app, g) }
    }
}

private fun LazyListScope.catalogueItems(app: AppState, entries: List<GameEntry>, s: Strings) {
    for (group in listOf(GameGroup.CHESS_VARIANTS, GameGroup.CHESS_FAMILY, GameGroup.MORE_PLAYERS)) {
        item { Section(s.text(groupKey(group))) }
        items(entries.filter { it.group == group }, key = { it.id }) { e -> GameRow(app, e) }
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
    val line = if (g.status == SavedStatus.PLAYING) {
        g.turn?.let { t -> g.seats.getOrNull(t.toInt())?.let { s.text("status-to-move", s.seatWho(it)) } } ?: ""
    } else {
        s.savedResult(g)
    }
    val title = s.savedTitle(g)
    var menu by remember { mutableStateOf(false) }
    var deleting by remember { mutableStateOf(false) }
    var renaming by remember { mutableStateOf(false) }
    Row(
        Modifier.fillMaxWidth().testTag("saved-${g.id}").clickable { app.navigate(Route.Game(g.id)) }
            .padding(start = 16.dp, top = 6.dp, bottom = 6.dp, end = 4.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        BoardPreview(app.art, g.gameId, g.seats, g.position, Modifier.size(56.dp).testTag("preview-${g.id}"))
        Column(Modifier.padding(start = 10.dp).weight(1f)) {
            Text(title + " · " + s.plural("moves", g.plyCount.toInt()), style = MaterialTheme.typography.bodyLarge,
                maxLines = 1, overflow = TextOverflow.Ellipsis)
            Text(players, style = MaterialTheme.typography.bodySmall, maxLines = 1, overflow = TextOverflow.Ellipsis)
            Text(line, Modifier.testTag("saved-line-${g.id}"), style = MaterialTheme.typography.bodySmall,
                fontWeight = if (g.status == SavedStatus.PLAYING) FontWeight.Normal else FontWeight.Bold,
                maxLines = 2, overflow = TextOverflow.Ellipsis)
        }
        Box {
            MoreButton(s.text("home-more"), Modifier.testTag("more-${g.id}")) { menu = true }
            DropdownMenu(menu, { menu = false }) {
                DropdownMenuItem({ Text(s.text("action-rename")) }, { menu = false; renaming = true },
                    Modifier.testTag("rename-${g.id}"))
                DropdownMenuItem({ Text(s.text("action-share-game")) }, { menu = false; app.home.share(g.id, title) },
                    Modifier.testTag("share-${g.id}"))
                DropdownMenuItem({ Text(s.text("action-delete")) }, { menu = false; deleting = true },
                    Modifier.testTag("delete-${g.id}"))
            }
        }
    }
    if (deleting) {
        AlertDialog(
            onDismissRequest = { deleting = false },
            text = { Text(s.text("prompt-delete-game", title), Modifier.testTag("delete-question")) },
            confirmButton = {
                TextButton({ deleting = false; app.forgetGame(g.id); app.home.delete(g.id) }, Modifier.testTag("delete-yes")) {
                    Text(s.text("prompt-delete-yes"))
                }
            },
            dismissButton = { TextButton({ deleting = false }, Modifier.testTag("delete-no")) { Text(s.text("prompt-delete-no")) } },
            modifier = Modifier.testTag("delete-dialog"),
        )
    }
    if (renaming) {
        var name by remember { mutableStateOf(title) }
        AlertDialog(
            onDismissRequest = { renaming = false },
            title = { Text(s.text("prompt-rename-game")) },
            text = {
                OutlinedTextField(name, { name = it.take(MAX_GAME_NAME) }, Modifier.testTag("rename-field"), singleLine = true)
            },
            confirmButton = {
                TextButton({ renaming = false; app.home.rename(g.id, name) }, Modifier.testTag("rename-yes"),
                    enabled = name.isNotBlank()) { Text(s.text("prompt-rename-yes")) }
            },
            dismissButton = { TextButton({ renaming = false }, Modifier.testTag("rename-no")) { Text(s.text("action-cancel")) } },
            modifier = Modifier.testTag("rename-dialog"),
        )
    }
}

/** The longest name a saved game takes. */
private const val MAX_GAME_NAME = 60

/** A round button of three dots (a menu), drawn: the app carries no icon font. */
@Composable
private fun MoreButton(description: String, modifier: Modifier, onClick: () -> Unit) {
    val colour = MaterialTheme.colorScheme.onSurface
    Box(modifier.size(44.dp).clickable(onClick = onClick).semantics { contentDescription = description },
        contentAlignment = Alignment.Center) {
        Canvas(Modifier.size(20.dp)) {
            val r = size.minDimension / 10f
            for (i in 0..2) drawCircle(colour, r, center.copy(y = size.height * (0.2f + 0.3f * i)))
        }
    }
}
