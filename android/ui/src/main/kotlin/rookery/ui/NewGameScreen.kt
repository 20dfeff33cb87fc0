package rookery.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.layout.safeDrawing
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.material3.Surface
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.produceState
import androidx.compose.ui.text.style.TextOverflow
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.clickable
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.FilterChip
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateListOf
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.dp
import uniffi.rookery_bindings.BotLevel
import uniffi.rookery_bindings.GameEntry
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.HouseRulesConfig
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.botLevels
import uniffi.rookery_bindings.catalogue

/** The bot levels offered, weakest first, each with its strength in chess (the core decides them). */
val BOT_LEVEL_CHOICES: List<BotLevel> by lazy { botLevels() }

/** The levels' range (1–8; 0, the random mover, is not offered). */
val BOT_LEVELS: IntRange by lazy { BOT_LEVEL_CHOICES.first().level.toInt()..BOT_LEVEL_CHOICES.last().level.toInt() }

/** The level a new bot seat starts at. */
val DEFAULT_BOT_LEVEL: Int by lazy { BOT_LEVEL_CHOICES.first { it.isDefault }.level.toInt() }

private val MODE_KEYS = mapOf("ffa" to "mode-free-for-all", "pairs" to "mode-pairs", "teams" to "mode-teams")

/**
 * The modes of a game: the playable games of the catalogue that share its id up to the mode
 * (`four-player-ffa`, `four-player-teams`) and its seat count.
 */
fun modesOf(all: List<GameEntry>, id: String): List<GameEntry> {
    val me = all.firstOrNull { it.id == id } ?: return emptyList()
    val base = id.substringBeforeLast('-')
    if (id.substringAfterLast('-') !in MODE_KEYS) return emptyList()
    return all.filter {
        it.playable && it.seatCount == me.seatCount && it.id.substringBeforeLast('-') == base &&
            it.id.substringAfterLast('-') in MODE_KEYS
    }
}

private fun modeKey(id: String): String = MODE_KEYS[id.substringAfterLast('-')] ?: "game-$id-name"

/**
 * The new-game screen: mode, one row per seat (person with a name, or a bot with a level),
 * house rules and, where the start is drawn (Chess960), the position drawn by the seed. The
 * choices are kept in the saved state ([NewGameChoices]); Start sits in a bar pinned to the
 * bottom, always reachable. The game is made on [CoreDispatcher].
 */
@Composable
fun NewGameScreen(app: AppState, initialId: String) {
    val s = LocalStrings.current
    val all = remember { catalogue() }
    val choices = remember(initialId) { NewGameChoices(app.saved, initialId) }
    var id by remember { mutableStateOf(choices.gameId.takeIf { g -> all.any { it.id == g && it.playable } } ?: initialId) }
    val entry = all.first { it.id == id }
    val modes = modesOf(all, id)
    val seats = remember(id) {
        mutableStateListOf<SeatConfig>().apply {
            val kept = choices.seats(entry.seatCount.toInt())
            for (i in 0 until entry.seatCount.toInt()) {
                add(kept?.get(i) ?: if (i == 0) SeatConfig.Person(colourName(s, entry, 0)) else SeatConfig.Bot(DEFAULT_BOT_LEVEL.toUByte()))
            }
        }
    }
    var house by remember(id) {
        mutableStateOf(choices.house(entry.defaultHouseRules) ?: entry.defaultHouseRules.copy(showLegalMoves = app.settings.showLegalMoves))
    }
    var seed by remember { mutableStateOf(choices.seed ?: 1uL) }
    var starting by remember { mutableStateOf(false) }
    LaunchedEffect(id, seats.toList(), house, seed) { choices.write(id, seats.toList(), house, seed) }
    Column(Modifier.fillMaxSize().windowInsetsPadding(WindowInsets.safeDrawing).testTag("new-game")) {
        AppBar(app, s.text("setup-title", s.gameName(id)))
        Column(Modifier.weight(1f).fillMaxWidth().verticalScroll(rememberScrollState()).padding(horizontal = 12.dp)) {
            if (s.has("game-$id-blurb")) Text(s.text("game-$id-blurb"), style = MaterialTheme.typography.bodySmall)
            if (modes.size > 1) {
                Label(s.text("setup-mode"))
                FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    for (m in modes) {
                        FilterChip(m.id == id, { id = m.id }, { Text(s.text(modeKey(m.id))) }, Modifier.testTag("mode-${m.id}"))
                    }
                }
            }
            Label(s.text("setup-players"))
            for (i in seats.indices) {
                SeatRow(i, entry, seats[i]) { seats[i] = it }
            }
            Label(s.text("setup-house-rules"))
            HouseRules(house) { house = it }
            if (entry.startPositions > 1u) {
                Label(s.text("house-start-position"))
                // the start the seed draws, computed off the main thread
                val preview by produceState<uniffi.rookery_bindings.BoardScene?>(null, id, seed) {
                    val chosen = seats.toList()
                    value = withContext(CoreDispatcher) {
                        runCatching { GameSession(id, chosen, house, seed).use { it.screen().scene } }.getOrNull()
                    }
                }
                Box(Modifier.width(200.dp).height(200.dp).testTag("start-preview")) {
                    preview?.let { BoardCanvas(it, app.art, emptyMap(), Modifier.fillMaxSize()) }
                }
                OutlinedButton({ seed += 1uL }, Modifier.testTag("another-position")) { Text(s.text("setup-another-position")) }
            }
        }
        // Start: pinned under the choices, on every screen size and in every language
        Surface(Modifier.fillMaxWidth().testTag("start-bar"), tonalElevation = 3.dp, shadowElevation = 3.dp) {
          // the whole width on a phone; at the end of the bar, at most 420 dp, on a tablet
          Box(Modifier.fillMaxWidth(), contentAlignment = Alignment.CenterEnd) {
            Button(
                {
                    starting = true
                    val chosen = seats.toList()
                    newGameScope.launch {
                        val saved = runCatching {
                            app.platform.library.newGame(id, chosen, house, seed).use { it.screen().savedId }
                        }.getOrNull()
                        withContext(Dispatchers.Main) {
                            starting = false
                            if (saved != null) {
                                choices.forget()
                                app.replace(Route.Game(saved))
                            }
                        }
                    }
                },
                Modifier.widthIn(max = 420.dp).fillMaxWidth().padding(horizontal = 16.dp, vertical = 10.dp).heightIn(min = 48.dp).testTag("start"),
                enabled = !starting,
            ) { Text(s.text("action-start-game"), maxLines = 1, overflow = TextOverflow.Ellipsis) }
          }
        }
    }
}

/** New games are made off the main thread, one call at a time with every other core call. */
private val newGameScope = CoroutineScope(SupervisorJob() + CoreDispatcher)

/** The longest player name the new-game screen takes (the terminal's limit too). */
private const val MAX_NAME = 20

private fun colourName(s: Strings, e: GameEntry, seat: Int): String {
    val c = e.seatColours.getOrNull(seat) ?: return s.text("seat-number", (seat + 1).toString())
    val n = if (s.has("colour-$c")) s.text("colour-$c") else c
    return n.replaceFirstChar { it.uppercase() }
}

@Composable
private fun Label(t: String) = Text(t, Modifier.padding(top = 14.dp, bottom = 4.dp), style = MaterialTheme.typography.titleMedium)

@Composable
private fun SeatRow(i: Int, e: GameEntry, c: SeatConfig, onChange: (SeatConfig) -> Unit) {
    val s = LocalStrings.current
    FlowRow(Modifier.fillMaxWidth().testTag("seat-row-$i"), verticalArrangement = Arrangement.Center) {
        Text(colourName(s, e, i), Modifier.width(90.dp).padding(top = 14.dp))
        FilterChip(c is SeatConfig.Person, { onChange(SeatConfig.Person(colourName(s, e, i))) },
            { Text(s.text("seat-person")) }, Modifier.testTag("seat-$i-person"))
        Box(Modifier.width(6.dp))
        FilterChip(c is SeatConfig.Bot, { onChange(SeatConfig.Bot(DEFAULT_BOT_LEVEL.toUByte())) },
            { Text(s.text("seat-bot-short", ((c as? SeatConfig.Bot)?.level ?: DEFAULT_BOT_LEVEL.toUByte()).toString())) },
            Modifier.testTag("seat-$i-bot"))
        if (c is SeatConfig.Person) {
            // the player's name: the screen's bars, the Continue list and exports use it
            OutlinedTextField(
                value = c.name,
                onValueChange = { onChange(SeatConfig.Person(it.take(MAX_NAME))) },
                modifier = Modifier.padding(start = 8.dp).width(160.dp).testTag("seat-$i-name"),
                singleLine = true,
                label = { Text(s.text("seat-name")) },
            )
        }
        if (c is SeatConfig.Bot) {
            Stepper("−", "seat-$i-weaker") { if (c.level.toInt() > BOT_LEVELS.first) onChange(SeatConfig.Bot((c.level - 1u).toUByte())) }
            Stepper("+", "seat-$i-stronger") { if (c.level.toInt() < BOT_LEVELS.last) onChange(SeatConfig.Bot((c.level + 1u).toUByte())) }
            // how strong the level plays, measured in chess ("≈ {elo} Elo (chess)", the figure from the core)
            BOT_LEVEL_CHOICES.firstOrNull { it.level == c.level }?.let {
                Text(s.message(it.strength), Modifier.padding(start = 8.dp, top = 14.dp).testTag("seat-$i-strength"),
                    style = MaterialTheme.typography.bodySmall)
            }
        }
    }
}

@Composable
private fun Stepper(label: String, tag: String, onClick: () -> Unit) {
    Box(
        Modifier.padding(start = 4.dp, top = 4.dp).size(40.dp).clickable(onClick = onClick).testTag(tag),
        contentAlignment = Alignment.Center,
    ) { Text(label, style = MaterialTheme.typography.titleLarge) }
}

@Composable
private fun HouseRules(h: HouseRulesConfig, onChange: (HouseRulesConfig) -> Unit) {
    val s = LocalStrings.current
    FlowRow {
        Text(s.text("house-move-limit"), Modifier.width(180.dp).padding(top = 14.dp))
        for (limit in listOf(null, 100u, 200u)) {
            FilterChip(h.moveLimit == limit, { onChange(h.copy(moveLimit = limit)) },
                { Text(limit?.toString() ?: s.text("house-move-limit-none")) })
            Box(Modifier.width(6.dp))
        }
    }
    Row(verticalAlignment = Alignment.CenterVertically) {
        Text(s.text("house-show-legal-moves"), Modifier.width(180.dp))
        Switch(h.showLegalMoves, { onChange(h.copy(showLegalMoves = it)) }, Modifier.testTag("house-legal"))
    }
    Row(verticalAlignment = Alignment.CenterVertically) {
        Text(s.text("house-rotate-first-seat"), Modifier.width(180.dp))
        Switch(h.rotateFirstSeat, { onChange(h.copy(rotateFirstSeat = it)) })
    }
    FlowRow {
        Text(s.text("house-turn-time"), Modifier.width(180.dp).padding(top = 14.dp))
        for (t in listOf(null, 30u, 60u)) {
            FilterChip(h.turnSeconds == t, { onChange(h.copy(turnSeconds = t)) },
                { Text(t?.let { s.text("house-turn-time-seconds", it.toString()) } ?: s.text("house-turn-time-none")) })
            Box(Modifier.width(6.dp))
        }
    }
}
