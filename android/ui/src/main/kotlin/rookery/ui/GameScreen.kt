package rookery.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.produceState
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberCoroutineScope
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import uniffi.rookery_bindings.FollowUp
import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.PendingView
import uniffi.rookery_bindings.ReviewStep
import uniffi.rookery_bindings.SeatBarView
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.SeatStateView

/** Work on the core that outlives a screen (freeing a session once its screen is gone). */
private val coreScope = CoroutineScope(SupervisorJob() + CoreDispatcher)

/**
 * The game screen of a saved game: resumed from the library (so rotation, process death and
 * "Don't keep activities" bring back exactly the same game) on [CoreDispatcher], played through
 * [GameController]. Leaving the screen closes the controller, which cancels a thinking bot,
 * then frees the session.
 */
@Composable
fun GameScreen(app: AppState, savedId: ULong) {
    val scope = rememberCoroutineScope()
    val mode = app.settings.orientation
    val controller by produceState<GameController?>(null, savedId, mode) {
        val session = withContext(CoreDispatcher) { app.platform.library.resume(savedId) }
        val c = GameController.open(session, scope, mode)
        value = c
        try {
            kotlinx.coroutines.awaitCancellation()
        } finally {
            c.close()
            coreScope.launch { session.close() }
        }
    }
    val c = controller ?: return
    GameHooks(app, c, savedId)
    DisposableEffect(c) {
        app.game = c
        onDispose { if (app.game === c) app.game = null }
    }
    GameContent(app, c)
}

/** The screen's content for a controller (also used by tests on sessions without a library). */
@Composable
fun GameContent(app: AppState, controller: GameController) {
    val s = LocalStrings.current
    val st by controller.state.collectAsState()
    val bars = barTexts(s, st)
    (st.pending as? PendingView.HandOver)?.let { p ->
        HandOver(app, controller, st, p.seat)
        return
    }
    BoxWithConstraints(Modifier.fillMaxSize().testTag("game-screen")) {
        val wide = maxWidth > maxHeight && maxWidth >= 600.dp
        val boardMax = maxHeight * 0.62f
        if (wide) {
            Row(Modifier.fillMaxSize()) {
                BoardCanvas(st.scene, app.art, bars, Modifier.fillMaxHeight().weight(1.4f).padding(4.dp),
                    boardDescription(s, st), controller::onBoardTap,
                    { cellDescription(s, st, it) }, controller::onCellTap, zoomable = st.scene.cells.size > 200,
                    onDrag = controller::onBoardDrag)
                Column(Modifier.weight(1f).fillMaxHeight().verticalScroll(rememberScrollState()).padding(8.dp)) {
                    TopBar(app, controller, st)
                    MoveStrip(controller, st)
                    Panel(app, controller, st)
                }
            }
        } else {
            Column(Modifier.fillMaxSize()) {
                TopBar(app, controller, st)
                BoardCanvas(st.scene, app.art, bars, Modifier.fillMaxWidth().heightIn(max = boardMax).padding(2.dp),
                    boardDescription(s, st), controller::onBoardTap,
                    { cellDescription(s, st, it) }, controller::onCellTap, zoomable = st.scene.cells.size > 200,
                    onDrag = controller::onBoardDrag)
                MoveStrip(controller, st)
                Column(Modifier.fillMaxWidth().weight(1f).verticalScroll(rememberScrollState()).padding(8.dp)) {
                    Panel(app, controller, st)
                }
            }
        }
    }
}

/** A seat as the player reads it: the player's name, else its army's colour; a bot's level. */
fun seatName(s: Strings, b: SeatBarView): String {
    val colour = (if (s.has(b.colour)) s.text(b.colour) else b.colour).replaceFirstChar { it.uppercase() }
    val who = when {
        b.bot != null -> s.text("seat-bot-short", b.bot.toString())
        b.name.isNotEmpty() -> b.name
        else -> ""
    }
    return if (who.isEmpty() || who.equals(colour, ignoreCase = true)) colour else "$colour ($who)"
}

/** What each seat's bar on the board says: who, the score, the turn clock. */
fun barTexts(s: Strings, st: GameScreen): Map<Int, BarText> = st.bars.associate { b ->
    val clock = b.clock?.let { clockText(s, it.leftMs) } ?: ""
    // on the board the army's colour is the bar's swatch: the bar names who plays it
    val who = when {
        b.bot != null -> s.text("seat-bot-short", b.bot.toString())
        b.name.isNotEmpty() -> b.name
        else -> (if (s.has(b.colour)) s.text(b.colour) else b.colour).replaceFirstChar { it.uppercase() }
    }
    val label = who + if (b.state == SeatStateView.OUT) " · " + s.text("status-out") else ""
    b.seat.toInt() to BarText(label, listOfNotNull(b.score, clock).filter { it.isNotEmpty() }.joinToString("  "))
}

/** What a screen reader says for a cell: its name and the piece on it ("e2, White pawn"). */
private fun cellDescription(s: Strings, st: GameScreen, cell: String): String {
    if (st.scene.cells.firstOrNull { it.cell == cell }?.fog == true) return cell
    val p = st.scene.pieces.firstOrNull { it.cell == cell } ?: return cell
    // the image names the kind: `chess-knight-white`, `janggi-horse-cho`
    val kind = p.glyph.split('-').getOrNull(1) ?: p.letter
    val name = if (s.has("piece-$kind")) s.text("piece-$kind") else p.letter
    val owner = p.owner?.let { o -> st.bars.getOrNull(o.toInt())?.colour }
    val colour = owner?.let { if (s.has(it)) s.text(it) else it } ?: ""
    return "$cell, " + (colour.replaceFirstChar { it.uppercase() } + " " + name).trim()
}

/** Between two people in a game that hides cells: the board stays covered until the next one holds the device. */
@Composable
private fun HandOver(app: AppState, c: GameController, st: GameScreen, seat: UByte) {
    val s = LocalStrings.current
    val name = st.bars.getOrNull(seat.toInt())?.let { seatName(s, it) } ?: seat.toString()
    Column(Modifier.fillMaxSize().padding(24.dp).testTag("handover"), verticalArrangement = Arrangement.Center,
        horizontalAlignment = Alignment.CenterHorizontally) {
        Text(s.text("handover-title", name), style = MaterialTheme.typography.headlineSmall)
        Button(c::onHandOverConfirmed, Modifier.padding(top = 24.dp).testTag("handover-ready")) {
            Text(s.text("handover-ready", name))
        }
        TextButton({ app.back() }, Modifier.padding(top = 12.dp).testTag("back")) { Text("← " + s.text("action-back")) }
    }
}

private fun boardDescription(s: Strings, st: GameScreen): String = s.gameName(st.gameId) + ", " + statusLine(s, st)

/** One line saying what is going on, as the core put it: whose turn, check, thinking, the result. */
fun statusLine(s: Strings, st: GameScreen): String {
    val line = s.message(st.status)
    val clock = st.bars.firstNotNullOfOrNull { it.clock }?.let { " · " + clockText(s, it.leftMs) } ?: ""
    return line + clock
}

/** The turn clock's time left, in whole seconds rounded up ("⏱ 27 s"). */
fun clockText(s: Strings, leftMs: ULong): String = s.text("status-timer", ((leftMs + 999uL) / 1000uL).toString())

@Composable
private fun TopBar(app: AppState, c: GameController, st: GameScreen) {
    val s = LocalStrings.current
    var resigning by remember { mutableStateOf<Int?>(null) }
    FlowRow(Modifier.fillMaxWidth(), verticalArrangement = Arrangement.Center) {
        TextButton({ app.back() }, Modifier.testTag("back")) { Text("← " + s.text("action-back")) }
        Text(s.gameName(st.gameId), Modifier.padding(top = 12.dp, end = 8.dp), style = MaterialTheme.typography.titleMedium,
            maxLines = 1, overflow = TextOverflow.Ellipsis)
        TextButton({ app.navigate(Route.Rules(st.gameId)) }, Modifier.testTag("rules")) { Text(s.text("action-rules")) }
        TextButton(c::onUndo, Modifier.testTag("undo"), enabled = st.canUndo) { Text(s.text("action-undo")) }
        if (st.canRedo) TextButton(c::onRedo, Modifier.testTag("redo")) { Text(s.text("action-redo")) }
        val resigner = st.resigningSeat()
        TextButton({ resigning = resigner }, Modifier.testTag("resign"),
            enabled = resigner != null && st.result == null) { Text(s.text("action-resign")) }
    }
    resigning?.let { seat ->
        val name = st.bars.getOrNull(seat)?.let { seatName(s, it) } ?: seat.toString()
        Confirm(s.text("prompt-resign-for", name), s.text("prompt-resign-yes", name), s.text("prompt-resign-no"), "resign",
            { resigning = null; c.onResign(seat) }, { resigning = null })
    }
}

/** A question with a yes and a no (resigning, handing a seat to a bot). */
@Composable
private fun Confirm(question: String, yes: String, no: String, tag: String, onYes: () -> Unit, onNo: () -> Unit) {
    AlertDialog(
        onDismissRequest = onNo,
        text = { Text(question, Modifier.testTag("$tag-question")) },
        confirmButton = { TextButton(onYes, Modifier.testTag("$tag-yes")) { Text(yes) } },
        dismissButton = { TextButton(onNo, Modifier.testTag("$tag-no")) { Text(no) } },
        modifier = Modifier.testTag("$tag-dialog"),
    )
}

/**
 * The moves as a horizontal strip: a tap on one shows the position after it (review), the
 * arrows step through earlier positions and back to the live game.
 */
@Composable
private fun MoveStrip(c: GameController, st: GameScreen) {
    if (st.moves.isEmpty()) return
    val s = LocalStrings.current
    val scroll = rememberScrollState()
    val shown = (st.review?.toInt() ?: st.moves.size) - 1
    LaunchedEffect(st.moves.size) { scroll.animateScrollTo(scroll.maxValue) }
    Row(Modifier.fillMaxWidth().padding(horizontal = 4.dp), verticalAlignment = Alignment.CenterVertically) {
        for ((step, tag, label) in listOf(
            Triple(ReviewStep.First, "review-first", "|◀"),
            Triple(ReviewStep.Back, "review-back", "◀"),
        )) TextButton({ c.onReview(step) }, Modifier.testTag(tag)) { Text(label) }
        Row(Modifier.weight(1f).horizontalScroll(scroll).testTag("moves"), verticalAlignment = Alignment.CenterVertically) {
            for ((i, m) in st.moves.withIndex()) {
                val first = i == 0 || st.moves[i - 1].number != m.number
                val text = (if (first) "${m.number}. " else "") + m.text + (m.note?.let { " (" + s.message(it) + ")" } ?: "")
                Text(
                    text,
                    Modifier.padding(horizontal = 2.dp)
                        .background(if (i == shown) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent)
                        .testTag("move-$i")
                        .clickable { c.onReview(ReviewStep.To(i.toUInt())) }
                        .padding(horizontal = 4.dp, vertical = 6.dp),
                    style = MaterialTheme.typography.bodyMedium,
                    maxLines = 1,
                )
            }
        }
        for ((step, tag, label) in listOf(
            Triple(ReviewStep.Forward, "review-forward", "▶"),
            Triple(ReviewStep.Live, "review-live", "▶|"),
        )) TextButton({ c.onReview(step) }, Modifier.testTag(tag)) { Text(label) }
    }
}

@Composable
private fun Panel(app: AppState, c: GameController, st: GameScreen) {
    val s = LocalStrings.current
    Text(statusLine(s, st), Modifier.testTag("status").padding(vertical = 4.dp), fontWeight = FontWeight.Bold)
    st.phase?.let { p ->
        Text(s.message(p.what) + " · " + s.message(p.hint), Modifier.testTag("phase"), style = MaterialTheme.typography.bodySmall)
    }
    for (n in st.notices) Text(s.message(n), Modifier.testTag("notice"), style = MaterialTheme.typography.bodySmall)
    when (val p = st.pending) {
        is PendingView.Promotion -> Picker(s.text("prompt-promote-to"), p.options.map { o ->
            val kind = o.glyph.split('-').getOrNull(1) ?: o.letter
            if (s.has("piece-$kind")) s.text("piece-$kind") else o.letter
        }, "promote", c::onPick, c::onDismiss) { i ->
            // each choice drawn as the board would draw it, in the mover's colours
            val o = p.options[i]
            app.art.glyph(o.glyph)?.let { g ->
                val army = st.scene.armies.firstOrNull { it.id == o.army }
                Canvas(Modifier.size(28.dp).testTag("promote-piece-$i")) { drawGlyph(g, army, center, size.minDimension, 0f) }
            }
        }
        is PendingView.Moves -> Picker(s.text("prompt-which-move"), p.options.map { s.text("prompt-move", it) },
            "choose-move", c::onPick, c::onDismiss)
        else -> {}
    }
    if (st.buttons.isNotEmpty()) {
        // Moves made without tapping cells (a pass, a set-up choice, a declaration) and the
        // players' choices while one is pending: the core names them and plays them (`Press`).
        Card(Modifier.fillMaxWidth().padding(vertical = 4.dp).testTag("buttons")) {
            FlowRow(Modifier.padding(4.dp)) {
                for ((i, b) in st.buttons.withIndex()) {
                    Button({ c.onPress(i) }, Modifier.padding(4.dp).testTag("button-${b.text}")) { Text(s.message(b.label)) }
                }
            }
        }
    }
    if (c.waitingForDecision(st)) {
        Card(Modifier.fillMaxWidth().padding(vertical = 4.dp)) {
            Text(s.text("prompt-no-person-playing"), Modifier.padding(8.dp))
            Row {
                Button(c::onLetBotsFinish, Modifier.padding(4.dp).testTag("let-bots-finish")) { Text(s.text("action-let-bots-finish")) }
                OutlinedButton(c::onEndGame, Modifier.padding(4.dp).testTag("end-game")) { Text(s.text("action-end-game")) }
            }
        }
    }
    st.result?.let { r -> ResultSheet(app, c, st, r) }
    var handing by remember { mutableStateOf<Int?>(null) }
    for (b in st.bars) SeatLine(c, st, b) { handing = it }
    handing?.let { seat ->
        val name = st.bars.getOrNull(seat)?.let { seatName(s, it) } ?: seat.toString()
        Confirm(s.text("prompt-hand-to-bot", name), s.text("prompt-hand-to-bot-yes", name), s.text("prompt-resign-no"), "hand",
            { handing = null; c.onSetSeat(seat, SeatConfig.Bot(DEFAULT_BOT_LEVEL.toUByte())) }, { handing = null })
    }
}

/** The result: who won and why, the places, and what next (a rematch, a new game). */
@Composable
private fun ResultSheet(app: AppState, c: GameController, st: GameScreen, r: uniffi.rookery_bindings.ResultSheetView) {
    val s = LocalStrings.current
    Card(Modifier.fillMaxWidth().padding(vertical = 4.dp).testTag("result")) {
        Column(Modifier.padding(8.dp)) {
            Text(s.text("result-line", s.message(r.headline), s.message(r.reason)), fontWeight = FontWeight.Bold)
            for (place in r.places) {
                val b = st.bars.getOrNull(place.seat.toInt()) ?: continue
                Text("${place.place}. " + seatName(s, b) + (place.points?.let { " — " + s.text("status-score", it) } ?: ""),
                    Modifier.testTag("standing-${place.seat}"))
            }
            FlowRow {
                for (f in r.follow) when (f) {
                    FollowUp.REMATCH -> st.savedId?.let { id ->
                        Button({ rematch(app, id) }, Modifier.padding(4.dp).testTag("rematch")) { Text(s.text("action-rematch")) }
                    }
                    FollowUp.NEW_GAME -> OutlinedButton({ app.replace(Route.NewGame(st.gameId)) }, Modifier.padding(4.dp).testTag("new-game")) {
                        Text(s.text("action-new-game"))
                    }
                    FollowUp.EXPORT -> {}
                }
            }
        }
    }
}

/** The same seats and house rules again, a new seed: the new game replaces this screen. */
private fun rematch(app: AppState, savedId: ULong) {
    coreScope.launch {
        val next = runCatching { app.platform.library.rematch(savedId) }.getOrNull() ?: return@launch
        val id = next.screen().savedId
        next.close()
        if (id != null) kotlinx.coroutines.withContext(kotlinx.coroutines.Dispatchers.Main) { app.replace(Route.Game(id)) }
    }
}

@Composable
private fun Picker(
    title: String,
    options: List<String>,
    tag: String,
    onPick: (Int) -> Unit,
    onDismiss: () -> Unit,
    icon: @Composable (Int) -> Unit = {},
) {
    Card(Modifier.fillMaxWidth().padding(vertical = 4.dp).testTag(tag)) {
        Text(title, Modifier.padding(8.dp))
        FlowRow(Modifier.padding(4.dp)) {
            for ((i, label) in options.withIndex()) {
                Button({ onPick(i) }, Modifier.padding(4.dp).testTag("$tag-$i")) {
                    Row(verticalAlignment = Alignment.CenterVertically) {
                        icon(i)
                        Text(label, Modifier.padding(start = 4.dp))
                    }
                }
            }
            TextButton(onDismiss, Modifier.padding(4.dp).testTag("$tag-dismiss")) { Text("✕") }
        }
    }
}

@Composable
private fun SeatLine(c: GameController, st: GameScreen, b: SeatBarView, onHand: (Int) -> Unit) {
    val s = LocalStrings.current
    val i = b.seat.toInt()
    val live = st.result == null
    val playing = b.state != SeatStateView.OUT
    Row(
        Modifier.fillMaxWidth().testTag("seat-$i")
            .background(if (b.toMove && live) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent)
            .padding(horizontal = 4.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Box(Modifier.size(10.dp).background(if (playing) Color(0xFF8FD18F) else Color.Gray, CircleShape))
        Text(
            seatName(s, b) + (if (playing) "" else " · " + s.text("status-out")),
            Modifier.padding(start = 6.dp).weight(1f), maxLines = 1, overflow = TextOverflow.Ellipsis,
        )
        Text(b.score ?: "", Modifier.width(40.dp).testTag("score-$i"))
        if (live && playing) {
            if (b.bot == null) {
                TextButton({ onHand(i) }, Modifier.testTag("hand-$i")) { Text(s.text("action-hand-to-bot")) }
            } else {
                val colour = (if (s.has(b.colour)) s.text(b.colour) else b.colour).replaceFirstChar { it.uppercase() }
                TextButton({ c.onSetSeat(i, SeatConfig.Person(colour)) }, Modifier.testTag("take-$i")) { Text(s.text("action-take-over")) }
            }
        }
    }
}
