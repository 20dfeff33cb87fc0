package rookery.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.LocalMinimumInteractiveComponentSize
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.material3.LocalContentColor
import androidx.compose.material3.Surface
import androidx.compose.ui.draw.rotate
import androidx.compose.ui.layout.layout
import androidx.compose.ui.unit.Constraints
import androidx.compose.foundation.background
import androidx.compose.foundation.border
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
 * then frees the session. [table] is the game's table mode (its route).
 */
@Composable
fun GameScreen(app: AppState, savedId: ULong, table: Boolean = false) {
    val scope = rememberCoroutineScope()
    val controller by produceState<GameController?>(null, savedId) {
        val session = withContext(CoreDispatcher) { app.platform.library.resume(savedId) }
        val c = GameController.open(session, scope, app.settings.orientation, table)
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
    LaunchedEffect(c, app.settings.orientation, table) { c.setView(app.settings.orientation, table) }
    DisposableEffect(c) {
        app.game = c
        onDispose { if (app.game === c) app.game = null }
    }
    GameContent(app, c, table) { on ->
        (app.route as? Route.Game)?.let { app.replace(it.copy(table = on)) }
    }
}

/** What a seat's own controls ask for: resign for it, hand it to a bot (both confirmed first). */
private class SeatActions(val resign: (Int) -> Unit, val hand: (Int) -> Unit)

/**
 * The screen's content for a controller (also used by tests on sessions without a library).
 * A phone in portrait: app bar, status, the board across the full width, pickers, the move
 * strip, the bottom bar. Landscape and tablets: the board the full height, the panel beside it.
 * Table mode: each seat's strip (name, clock, resign, hand to a bot; the status and moves
 * when it is to move) on its side of the board, turned to face it.
 */
@Composable
fun GameContent(app: AppState, controller: GameController, table: Boolean = false, onTable: (Boolean) -> Unit = {}) {
    val s = LocalStrings.current
    val st by controller.state.collectAsState()
    val bars = barTexts(s, st)
    (st.pending as? PendingView.HandOver)?.let { p ->
        HandOver(app, controller, st, p.seat)
        return
    }
    var resigning by remember { mutableStateOf<Int?>(null) }
    var handing by remember { mutableStateOf<Int?>(null) }
    var seatsOpen by remember { mutableStateOf(false) }
    val actions = SeatActions({ resigning = it }, { handing = it })
    val board: @Composable (Modifier) -> Unit = { m ->
        BoardCanvas(st.scene, app.art, bars, m, boardDescription(s, st), controller::onBoardTap,
            { cellDescription(s, st, it) }, controller::onCellTap, zoomable = st.scene.cells.size > 200,
            onDrag = controller::onBoardDrag)
    }
    BoxWithConstraints(Modifier.fillMaxSize().testTag("game-screen")) {
        val wide = maxWidth > maxHeight && maxWidth >= 600.dp
        val panelMax = maxHeight * 0.4f
        val boardSide = minOf(maxHeight / st.scene.height, maxWidth * 0.65f)
        when {
            table -> Column(Modifier.fillMaxSize()) {
                TopBar(app, st, table, onTable)
                TableLayout(app, controller, st, actions, Modifier.weight(1f), board)
                BottomBar(controller, st, null, null, table = true)
            }
            wide -> Row(Modifier.fillMaxSize()) {
                board(Modifier.fillMaxHeight().width(boardSide).padding(4.dp))
                Column(Modifier.weight(1f).fillMaxHeight()) {
                    TopBar(app, st, table, onTable)
                    Column(Modifier.weight(1f).verticalScroll(rememberScrollState()).padding(horizontal = 8.dp)) {
                        StatusBlock(app, controller, st)
                        Captured(app, st)
                        Pending(app, controller, st)
                        for (b in st.bars) SeatLine(app, controller, st, b, actions)
                    }
                    MoveStrip(controller, st)
                    BottomBar(controller, st, st.resigningSeat()?.let { seat -> { resigning = seat } }, null)
                }
            }
            else -> Column(Modifier.fillMaxSize()) {
                TopBar(app, st, table, onTable)
                Column(Modifier.padding(horizontal = 8.dp)) {
                    StatusBlock(app, controller, st)
                    Captured(app, st)
                }
                board(Modifier.fillMaxWidth().weight(1f).testTag("board-slot"))
                Column(Modifier.fillMaxWidth().heightIn(max = panelMax).verticalScroll(rememberScrollState()).padding(horizontal = 8.dp)) {
                    Pending(app, controller, st)
                }
                MoveStrip(controller, st)
                BottomBar(controller, st, st.resigningSeat()?.let { seat -> { resigning = seat } }, { seatsOpen = true })
            }
        }
    }
    if (seatsOpen) {
        AlertDialog(
            onDismissRequest = { seatsOpen = false },
            title = { Text(s.text("action-seats")) },
            text = {
                Column(Modifier.verticalScroll(rememberScrollState())) {
                    for (b in st.bars) SeatLine(app, controller, st, b, SeatActions({ seatsOpen = false; resigning = it }, { seatsOpen = false; handing = it }))
                }
            },
            confirmButton = { TextButton({ seatsOpen = false }, Modifier.testTag("seats-close")) { Text(s.text("action-back")) } },
            modifier = Modifier.testTag("seats-dialog"),
        )
    }
    resigning?.let { seat ->
        val name = st.bars.getOrNull(seat)?.let { seatName(s, it) } ?: seat.toString()
        Confirm(s.text("prompt-resign-for", name), s.text("prompt-resign-yes", name), s.text("prompt-resign-no"), "resign",
            { resigning = null; controller.onResign(seat) }, { resigning = null })
    }
    handing?.let { seat ->
        val name = st.bars.getOrNull(seat)?.let { seatName(s, it) } ?: seat.toString()
        Confirm(s.text("prompt-hand-to-bot", name), s.text("prompt-hand-to-bot-yes", name), s.text("prompt-resign-no"), "hand",
            { handing = null; controller.onSetSeat(seat, SeatConfig.Bot(DEFAULT_BOT_LEVEL.toUByte())) }, { handing = null })
    }
}

/** The side of the board a seat sits at in table mode: 0 near, 1 left, 2 far, 3 right (its bar's turn). */
private fun seatSide(st: GameScreen, seat: Int): Int {
    val r = st.scene.bars.firstOrNull { it.seat.toInt() == seat }?.rotation ?: 0f
    return ((kotlin.math.round(r / 90f).toInt() % 4) + 4) % 4
}

/**
 * Lays a child out turned a quarter (its width the parent's height), then draws it turned by
 * [degrees]: a strip along the left or right edge that reads from that side.
 */
private fun Modifier.sideways(degrees: Float): Modifier = this
    .layout { m, c ->
        val p = m.measure(Constraints(c.minHeight, c.maxHeight, c.minWidth, c.maxWidth))
        layout(p.height, p.width) { p.place((p.height - p.width) / 2, (p.width - p.height) / 2) }
    }
    .rotate(degrees)

/**
 * Table mode. The near and far strips take the full width: the status, the pending choice and
 * the move strip when their seat is to move, then their seats' lines. The left and right
 * strips take width from the board, so they are one thin line each ([TableSeat], 30 dp): the
 * seat's name with the status and last move when it is to move, its clock, score and icons.
 * Seats sharing a side (eight-player's seats at 45° go to the nearest side, two a side) sit
 * side by side along it. On a 360 dp phone a four-player board keeps 300 dp.
 */
@Composable
private fun TableLayout(
    app: AppState, c: GameController, st: GameScreen, actions: SeatActions, modifier: Modifier,
    board: @Composable (Modifier) -> Unit,
) {
    val s = LocalStrings.current
    val bySide = st.bars.groupBy { seatSide(st, it.seat.toInt()) }
    @Composable
    fun strip(side: Int, m: Modifier) {
        val seats = bySide[side] ?: return
        val toMove = seats.any { it.toMove } || (side == 0 && st.bars.none { it.toMove })
        val thin = side % 2 == 1
        Column(m.testTag("table-side-$side").padding(horizontal = 4.dp, vertical = if (thin) 0.dp else 4.dp)) {
            if (toMove) {
                if (!thin) {
                    StatusBlock(app, c, st)
                    MoveStrip(c, st, arrows = false)
                }
                // a choice to make (a promotion) stays with the seat making it, also on a side
                Pending(app, c, st)
            }
            Row(Modifier.fillMaxWidth()) {
                for (b in seats) {
                    val said = if (thin && b.toMove) listOfNotNull(statusLine(s, st), st.moves.lastOrNull()?.let { "${it.number}. ${it.text}" }) else emptyList()
                    TableSeat(app, c, st, b, actions, said, Modifier.weight(1f))
                }
            }
        }
    }
    Column(modifier.fillMaxWidth()) {
        strip(2, Modifier.fillMaxWidth().rotate(180f))
        Row(Modifier.fillMaxWidth().weight(1f)) {
            strip(1, Modifier.fillMaxHeight().sideways(90f))
            board(Modifier.weight(1f).fillMaxHeight())
            strip(3, Modifier.fillMaxHeight().sideways(270f))
        }
        strip(0, Modifier.fillMaxWidth())
    }
}

/**
 * One seat in table mode, one line [TableSeatHeight] thick: its colour, its name (then [said]:
 * the status and last move, in a side strip when it is to move), clock, score, and icons (resign,
 * hand to a bot; take over a bot's seat). The icons are 30 dp touch targets, under Material's 48:
 * the price of a 300 dp board between two side strips on a phone.
 */
@Composable
private fun TableSeat(app: AppState, c: GameController, st: GameScreen, b: SeatBarView, actions: SeatActions, said: List<String>, modifier: Modifier) {
    val s = LocalStrings.current
    val i = b.seat.toInt()
    val live = st.result == null
    val playing = b.state != SeatStateView.OUT
    val army = st.scene.armies.firstOrNull { it.id == b.army }
    CompositionLocalProvider(LocalMinimumInteractiveComponentSize provides TableSeatHeight) {
        Row(
            modifier.height(TableSeatHeight).testTag("seat-$i")
                .background(if (b.toMove && live) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent, RoundedCornerShape(8.dp))
                .padding(horizontal = 6.dp),
            verticalAlignment = Alignment.CenterVertically,
        ) {
            Swatch(if (playing) army?.let { argb(it.body) } ?: Color.Gray else Color.Gray, 10.dp)
            Text(
                (listOf(seatName(s, b) + (if (playing) "" else " · " + s.text("status-out"))) + said).joinToString(" · "),
                Modifier.padding(start = 6.dp).weight(1f).testTag("seat-text-$i"), maxLines = 1, overflow = TextOverflow.Ellipsis,
                style = MaterialTheme.typography.bodyMedium,
            )
            b.clock?.let { Text(clockText(s, it.leftMs), Modifier.padding(horizontal = 4.dp).testTag("clock-$i"), maxLines = 1) }
            b.score?.let { Text(s.text("status-score", it), Modifier.padding(horizontal = 4.dp).testTag("score-$i"), maxLines = 1) }
            if (live && playing) {
                val icon = Modifier.size(TableSeatHeight)
                if (b.bot == null) {
                    IconButton({ actions.resign(i) }, icon.testTag("resign-$i")) { Icon(RookeryIcons.Resign, s.text("action-resign"), Modifier.size(20.dp)) }
                    IconButton({ actions.hand(i) }, icon.testTag("hand-$i")) { Icon(RookeryIcons.Bot, s.text("action-hand-to-bot"), Modifier.size(20.dp)) }
                } else {
                    val colour = (if (s.has(b.colour)) s.text(b.colour) else b.colour).replaceFirstChar { it.uppercase() }
                    IconButton({ c.onSetSeat(i, SeatConfig.Person(colour)) }, icon.testTag("take-$i")) {
                        Icon(RookeryIcons.Person, s.text("action-take-over"), Modifier.size(20.dp))
                    }
                }
            }
        }
    }
}

private val TableSeatHeight = 30.dp

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

/** The app bar: back, the game's name (one line), rules, and a menu (table mode). */
@Composable
private fun TopBar(app: AppState, st: GameScreen, table: Boolean, onTable: (Boolean) -> Unit) {
    val s = LocalStrings.current
    var menu by remember { mutableStateOf(false) }
    AppBar(app, s.gameName(st.gameId)) {
        IconButton({ app.navigate(Route.Rules(st.gameId)) }, Modifier.testTag("rules")) { Icon(RookeryIcons.Rules, s.text("action-rules")) }
        Box {
            IconButton({ menu = true }, Modifier.testTag("more")) { Icon(RookeryIcons.More, s.text("action-more")) }
            DropdownMenu(menu, { menu = false }) {
                DropdownMenuItem(
                    text = { Text(s.text("action-table-mode")) },
                    onClick = { menu = false; onTable(!table) },
                    leadingIcon = { Icon(if (table) RookeryIcons.Check else RookeryIcons.Table, null) },
                    modifier = Modifier.testTag("menu-table"),
                )
            }
        }
    }
}

/** The bottom bar: undo, redo, review, resign (for [onResign]), the players ([onSeats]). */
@Composable
private fun BottomBar(c: GameController, st: GameScreen, onResign: (() -> Unit)?, onSeats: (() -> Unit)?, table: Boolean = false) {
    val s = LocalStrings.current
    Surface(tonalElevation = 3.dp) {
        Row(Modifier.fillMaxWidth().height(56.dp).testTag("bottom-bar"), horizontalArrangement = Arrangement.SpaceEvenly,
            verticalAlignment = Alignment.CenterVertically) {
            IconButton(c::onUndo, Modifier.testTag("undo"), enabled = st.canUndo) { Icon(RookeryIcons.Undo, s.text("action-undo")) }
            IconButton(c::onRedo, Modifier.testTag("redo"), enabled = st.canRedo) { Icon(RookeryIcons.Redo, s.text("action-redo")) }
            val reviewing = st.review != null
            IconButton({ c.onReview(if (reviewing) ReviewStep.Live else ReviewStep.Back) }, Modifier.testTag("review"),
                enabled = st.moves.isNotEmpty()) {
                Icon(if (reviewing) RookeryIcons.Last else RookeryIcons.Review, s.text(if (reviewing) "action-review-live" else "action-review"),
                    tint = if (reviewing) MaterialTheme.colorScheme.primary else LocalContentColor.current)
            }
            // Resign belongs to a seat: in table mode each seat's strip has its own.
            if (st.result == null && !table) {
                IconButton({ onResign?.invoke() }, Modifier.testTag("resign"), enabled = onResign != null) {
                    Icon(RookeryIcons.Resign, s.text("action-resign"))
                }
            }
            if (onSeats != null) IconButton(onSeats, Modifier.testTag("seats")) { Icon(RookeryIcons.Seats, s.text("action-seats")) }
        }
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
private fun MoveStrip(c: GameController, st: GameScreen, arrows: Boolean = true) {
    if (st.moves.isEmpty()) return
    val s = LocalStrings.current
    val scroll = rememberScrollState()
    val shown = (st.review?.toInt() ?: st.moves.size) - 1
    LaunchedEffect(st.moves.size, shown) { if (st.review == null) scroll.scrollTo(scroll.maxValue) }
    Row(Modifier.fillMaxWidth().height(44.dp).padding(horizontal = 2.dp), verticalAlignment = Alignment.CenterVertically) {
        if (arrows) {
            IconButton({ c.onReview(ReviewStep.First) }, Modifier.testTag("review-first")) { Icon(RookeryIcons.First, s.text("review-first")) }
            IconButton({ c.onReview(ReviewStep.Back) }, Modifier.testTag("review-back")) { Icon(RookeryIcons.Previous, s.text("review-back")) }
        }
        Row(Modifier.weight(1f).horizontalScroll(scroll).testTag("moves"), verticalAlignment = Alignment.CenterVertically) {
            for ((i, m) in st.moves.withIndex()) {
                val first = i == 0 || st.moves[i - 1].number != m.number
                if (first) Text("${m.number}.", Modifier.padding(start = 6.dp), style = MaterialTheme.typography.bodySmall,
                    color = MaterialTheme.colorScheme.onSurfaceVariant)
                val text = m.text + (m.note?.let { " (" + s.message(it) + ")" } ?: "")
                Text(
                    text,
                    Modifier.padding(horizontal = 2.dp)
                        .background(if (i == shown) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent, RoundedCornerShape(6.dp))
                        .testTag("move-$i")
                        .clickable { c.onReview(ReviewStep.To(i.toUInt())) }
                        .padding(horizontal = 6.dp, vertical = 6.dp),
                    style = MaterialTheme.typography.bodyMedium,
                    fontWeight = if (i == shown) FontWeight.Bold else null,
                    maxLines = 1,
                )
            }
        }
        if (arrows) {
            IconButton({ c.onReview(ReviewStep.Forward) }, Modifier.testTag("review-forward")) { Icon(RookeryIcons.Next, s.text("review-forward")) }
            IconButton({ c.onReview(ReviewStep.Live) }, Modifier.testTag("review-live")) { Icon(RookeryIcons.Last, s.text("review-live")) }
        }
    }
}

/** The status line (whose turn, check, the clock; not the result, which the sheet shows) and the phase. */
@Composable
private fun StatusBlock(app: AppState, c: GameController, st: GameScreen) {
    val s = LocalStrings.current
    if (st.result == null) {
        Text(statusLine(s, st), Modifier.testTag("status").padding(vertical = 4.dp), fontWeight = FontWeight.Bold,
            maxLines = 2, overflow = TextOverflow.Ellipsis)
    }
    st.phase?.let { p ->
        Text(s.message(p.what) + " · " + s.message(p.hint), Modifier.testTag("phase"), style = MaterialTheme.typography.bodySmall)
    }
    for (n in st.notices) Text(s.message(n), Modifier.testTag("notice"), style = MaterialTheme.typography.bodySmall)
}

/** Captured pieces and the material lead of the seats whose bars carry them (nothing at the start). */
@Composable
private fun Captured(app: AppState, st: GameScreen) {
    for (b in st.bars) {
        val lead = b.lead
        if (b.captured.isEmpty() && lead <= 0) continue
        Row(Modifier.fillMaxWidth().height(20.dp).testTag("captured-${b.seat}"), verticalAlignment = Alignment.CenterVertically) {
            val own = st.scene.armies.firstOrNull { it.id == b.army }
            Swatch(own?.let { argb(it.body) } ?: Color.Gray, 10.dp)
            Spacer(Modifier.width(4.dp))
            for (p in b.captured) {
                val g = app.art.glyph(p.glyph)
                val army = st.scene.armies.firstOrNull { it.id == p.army }
                if (g != null) Canvas(Modifier.size(18.dp)) { drawGlyph(g, army, center, size.minDimension, 0f) }
                else Text(p.letter, style = MaterialTheme.typography.bodySmall)
            }
            if (lead > 0) Text(" +$lead", Modifier.testTag("lead-${b.seat}"), style = MaterialTheme.typography.bodySmall, fontWeight = FontWeight.Bold)
        }
    }
}

/** What waits for the player: a promotion or move picker, the core's move buttons, the bots' decision, the result. */
@Composable
private fun Pending(app: AppState, c: GameController, st: GameScreen) {
    val s = LocalStrings.current
    when (val p = st.pending) {
        is PendingView.Promotion -> Picker(s.text("prompt-promote-to"), p.options.map { o ->
            val kind = o.glyph.split('-').getOrNull(1) ?: o.letter
            if (s.has("piece-$kind")) s.text("piece-$kind") else o.letter
        }, "promote", c::onPick, c::onDismiss) { i ->
            // each choice drawn as the board would draw it, in the mover's colours
            val o = p.options[i]
            app.art.glyph(o.glyph)?.let { g ->
                val army = st.scene.armies.firstOrNull { it.id == o.army }
                Canvas(Modifier.size(36.dp).testTag("promote-piece-$i")) { drawGlyph(g, army, center, size.minDimension, 0f) }
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
            FlowRow {
                Button(c::onLetBotsFinish, Modifier.padding(4.dp).testTag("let-bots-finish")) { Text(s.text("action-let-bots-finish")) }
                OutlinedButton(c::onEndGame, Modifier.padding(4.dp).testTag("end-game")) { Text(s.text("action-end-game")) }
            }
        }
    }
    st.result?.let { r -> ResultSheet(app, c, st, r) }
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
                    FollowUp.EXPORT -> st.savedId?.let { id ->
                        OutlinedButton({ exportGame(app, id, s.gameName(st.gameId)) }, Modifier.padding(4.dp).testTag("export")) { Text(s.text("action-share-game")) }
                    }
                }
            }
        }
    }
}

/** The game's text (PGN, PGN4 or Rookery's form), read off the main thread, handed to the platform's share. */
private fun exportGame(app: AppState, savedId: ULong, title: String) {
    coreScope.launch {
        val text = runCatching { app.platform.library.exportGame(savedId) }.getOrNull() ?: return@launch
        kotlinx.coroutines.withContext(kotlinx.coroutines.Dispatchers.Main) { app.platform.share(title, text) }
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

/** An army's colour as a dot, outlined so that white shows on a light theme and black on a dark one. */
@Composable
private fun Swatch(colour: Color, size: androidx.compose.ui.unit.Dp) {
    Box(Modifier.size(size).background(colour, CircleShape).border(1.dp, MaterialTheme.colorScheme.outline, CircleShape))
}

/**
 * A seat: its colour, who plays it, out or not, the score where the game keeps points, and
 * its controls (hand to a bot or take over). Table mode has [TableSeat].
 */
@Composable
private fun SeatLine(app: AppState, c: GameController, st: GameScreen, b: SeatBarView, actions: SeatActions) {
    val s = LocalStrings.current
    val i = b.seat.toInt()
    val live = st.result == null
    val playing = b.state != SeatStateView.OUT
    val army = st.scene.armies.firstOrNull { it.id == b.army }
    Row(
        Modifier.fillMaxWidth().testTag("seat-$i")
            .background(if (b.toMove && live) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent, RoundedCornerShape(8.dp))
            .padding(horizontal = 6.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Swatch(if (playing) army?.let { argb(it.body) } ?: Color.Gray else Color.Gray, 12.dp)
        Text(
            seatName(s, b) + (if (playing) "" else " · " + s.text("status-out")),
            Modifier.padding(start = 8.dp).weight(1f), maxLines = 1, overflow = TextOverflow.Ellipsis,
        )
        b.score?.let { Text(s.text("status-score", it), Modifier.padding(horizontal = 4.dp).testTag("score-$i"), maxLines = 1) }
        if (live && playing) {
            if (b.bot == null) {
                TextButton({ actions.hand(i) }, Modifier.testTag("hand-$i")) { Text(s.text("action-hand-to-bot"), maxLines = 1) }
            } else {
                val colour = (if (s.has(b.colour)) s.text(b.colour) else b.colour).replaceFirstChar { it.uppercase() }
                TextButton({ c.onSetSeat(i, SeatConfig.Person(colour)) }, Modifier.testTag("take-$i")) { Text(s.text("action-take-over"), maxLines = 1) }
            }
        }
    }
}
