package rookery.ui

import androidx.compose.foundation.background
import androidx.compose.foundation.Canvas
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
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberCoroutineScope
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.SeatView

/**
 * The game screen of a saved game: resumed from the library (so rotation, process death and
 * "Don't keep activities" bring back exactly the same game), played through [GameController].
 * Leaving the screen closes the controller, which cancels a thinking bot.
 */
@Composable
fun GameScreen(app: AppState, savedId: ULong) {
    val scope = rememberCoroutineScope()
    val settings = app.settings
    val session = remember(savedId) { app.platform.library.resume(savedId) }
    // Registered first, so disposed after the controller's effect: the controller stops its
    // bot before the session is freed.
    DisposableEffect(session) { onDispose { session.close() } }
    val controller = remember(savedId, settings.orientation) { GameController(session, scope, settings.orientation) }
    DisposableEffect(controller) {
        app.game = controller
        onDispose {
            controller.close()
            if (app.game === controller) app.game = null
        }
    }
    GameContent(app, controller)
}

/** The screen's content for a controller (also used by tests on sessions without a library). */
@Composable
fun GameContent(app: AppState, controller: GameController) {
    val s = LocalStrings.current
    val st by controller.state.collectAsState()
    val snap = st.snapshot
    val bars = barTexts(s, st)
    st.handOver?.let { seat ->
        HandOver(app, controller, snap.seats[seat.toInt()])
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
                    Panel(controller, st, app.art)
                }
            }
        } else {
            Column(Modifier.fillMaxSize()) {
                TopBar(app, controller, st)
                BoardCanvas(st.scene, app.art, bars, Modifier.fillMaxWidth().heightIn(max = boardMax).padding(2.dp),
                    boardDescription(s, st), controller::onBoardTap,
                    { cellDescription(s, st, it) }, controller::onCellTap, zoomable = st.scene.cells.size > 200,
                    onDrag = controller::onBoardDrag)
                Column(Modifier.fillMaxWidth().weight(1f).verticalScroll(rememberScrollState()).padding(8.dp)) {
                    Panel(controller, st, app.art)
                }
            }
        }
    }
}

/** What each seat's bar on the board says: who, the score (more than two seats), the turn clock. */
fun barTexts(s: Strings, st: GameUiState): Map<Int, BarText> = st.snapshot.seats.associate { seat ->
    val score = if (st.snapshot.seats.size > 2) seat.scoreText else ""
    // The turn clock in the bar of the seat whose time runs.
    val clock = st.clock?.takeIf { it.seat == seat.seat }?.let { clockText(s, it.leftMs) } ?: ""
    seat.seat.toInt() to BarText(barLabel(s, seat), listOf(score, clock).filter { it.isNotEmpty() }.joinToString("  "))
}

/** What a screen reader says for a cell: its name and the piece on it ("e2, White pawn"). */
private fun cellDescription(s: Strings, st: GameUiState, cell: String): String {
    val p = st.snapshot.pieces.firstOrNull { it.cell == cell } ?: return cell
    val kind = if (s.has("piece-${p.kindName}")) s.text("piece-${p.kindName}") else p.kindName
    val owner = p.owner?.let { st.snapshot.seats.getOrNull(it.toInt())?.colour } ?: "grey"
    val colour = if (s.has("colour-$owner")) s.text("colour-$owner") else owner
    return "$cell, " + colour.replaceFirstChar { it.uppercase() } + " " + kind
}

/** Between two people in a game that hides cells: the board stays covered until the next one holds the device. */
@Composable
private fun HandOver(app: AppState, c: GameController, seat: SeatView) {
    val s = LocalStrings.current
    val name = seatName(s, seat)
    Column(Modifier.fillMaxSize().padding(24.dp).testTag("handover"), verticalArrangement = Arrangement.Center,
        horizontalAlignment = Alignment.CenterHorizontally) {
        Text(s.text("handover-title", name), style = MaterialTheme.typography.headlineSmall)
        Button(c::onHandOverConfirmed, Modifier.padding(top = 24.dp).testTag("handover-ready")) {
            Text(s.text("handover-ready", name))
        }
        TextButton({ app.back() }, Modifier.padding(top = 12.dp).testTag("back")) { Text("← " + s.text("action-back")) }
    }
}

private fun boardDescription(s: Strings, st: GameUiState): String =
    s.gameName(st.snapshot.gameId) + ", " + statusLine(s, st)

private fun barLabel(s: Strings, seat: SeatView): String {
    val who = s.seatWho(seat.config)
    return if (seat.playing) who else who + " · " + s.text("status-out")
}

/** A seat as the player reads it: its colour, and who plays it unless that is just the colour. */
fun seatName(s: Strings, seat: SeatView): String {
    val colour = (if (s.has("colour-${seat.colour}")) s.text("colour-${seat.colour}") else seat.colour)
        .replaceFirstChar { it.uppercase() }
    val who = s.seatWho(seat.config)
    return if (who.equals(colour, ignoreCase = true)) colour else "$colour ($who)"
}

/** One line saying what is going on: whose turn, thinking, a refusal or the result. */
fun statusLine(s: Strings, st: GameUiState): String {
    val snap = st.snapshot
    snap.result?.let { r ->
        val names = r.winners.mapNotNull { w -> snap.seats.getOrNull(w.toInt())?.let { seatName(s, it) } }
        val head = when (names.size) {
            0 -> s.text("result-draw")
            1 -> s.text("result-wins-one", names[0])
            else -> s.text("result-wins-many", s.text("list-and", names.dropLast(1).joinToString(", "), names.last()))
        }
        return s.text("result-line", head, s.text(r.reasonKey))
    }
    st.refusal?.let { return s.message(it) }
    st.error?.let { return it }
    val who = snap.seats.getOrNull(snap.turn.toInt())?.let { seatName(s, it) } ?: ""
    val clock = st.clock?.let { " · " + clockText(s, it.leftMs) } ?: ""
    val line = s.text("status-to-move", who) + clock
    val check = if (snap.checkCells.isNotEmpty()) " · " + s.text("status-check") else ""
    return if (st.botThinking) line + check + " · " + s.text("status-thinking") else line + check
}

/** The turn clock's time left, in whole seconds rounded up ("⏱ 27 s"). */
fun clockText(s: Strings, leftMs: ULong): String = s.text("status-timer", ((leftMs + 999uL) / 1000uL).toString())

@Composable
private fun TopBar(app: AppState, c: GameController, st: GameUiState) {
    val s = LocalStrings.current
    val snap = st.snapshot
    FlowRow(Modifier.fillMaxWidth(), verticalArrangement = Arrangement.Center) {
        TextButton({ app.back() }, Modifier.testTag("back")) { Text("← " + s.text("action-back")) }
        Text(s.gameName(snap.gameId), Modifier.padding(top = 12.dp, end = 8.dp), style = MaterialTheme.typography.titleMedium,
            maxLines = 1, overflow = TextOverflow.Ellipsis)
        TextButton({ app.navigate(Route.Rules(snap.gameId)) }, Modifier.testTag("rules")) { Text(s.text("action-rules")) }
        TextButton(c::onUndo, Modifier.testTag("undo"), enabled = snap.canUndo) { Text(s.text("action-undo")) }
        val resigner = resigningSeat(snap.seats, snap.turn.toInt())
        TextButton({ resigner?.let { c.onResign(it) } }, Modifier.testTag("resign"),
            enabled = resigner != null && snap.result == null) { Text(s.text("action-resign")) }
    }
}

/** Who "resign" is for: the person to move, else the first person still playing. */
private fun resigningSeat(seats: List<SeatView>, turn: Int): Int? {
    val t = seats.getOrNull(turn)
    if (t != null && t.playing && t.config is SeatConfig.Person) return turn
    return seats.firstOrNull { it.playing && it.config is SeatConfig.Person }?.seat?.toInt()
}

@Composable
private fun Panel(c: GameController, st: GameUiState, art: PieceArt) {
    val s = LocalStrings.current
    val snap = st.snapshot
    Text(statusLine(s, st), Modifier.testTag("status").padding(vertical = 4.dp), fontWeight = FontWeight.Bold)
    for (e in snap.lastEvents) Text(s.message(e), style = MaterialTheme.typography.bodySmall)
    st.promotion?.let { letters ->
        // A letter's piece name from a piece of that kind on the board, else the letter.
        val names = snap.pieces.associate { it.letter.uppercase() to it.kindName }
        Picker(s.text("prompt-promote-to"), letters.map { l ->
            val kind = names[l.uppercase()]
            l to if (kind != null && s.has("piece-$kind")) s.text("piece-$kind") else l
        }, "promote", c::onPromotion) { i ->
            // each choice drawn as the board would draw it, in the mover's colours
            st.promotionLooks.getOrNull(i)?.let { look ->
                art.glyph(look.glyph)?.let { g ->
                    val army = st.scene.armies.firstOrNull { it.id == look.army }
                    Canvas(Modifier.size(28.dp).testTag("promote-piece-$i")) {
                        drawGlyph(g, army, center, size.minDimension, 0f)
                    }
                }
            }
        }
    }
    st.moveChoice?.let { moves ->
        Picker(s.text("prompt-which-move"), moves.map { it to s.text("prompt-move", it) }, "choose-move", c::onMoveChoice)
    }
    if (st.buttons.isNotEmpty()) {
        // Moves made without tapping cells (a pass, a set-up choice, a declaration) and the
        // players' choices while one is pending: the core names them (`buttons`) and plays them (`press`).
        Card(Modifier.fillMaxWidth().padding(vertical = 4.dp).testTag("buttons")) {
            if (snap.choices.isNotEmpty()) Text(s.text("status-choose"), Modifier.padding(8.dp))
            FlowRow(Modifier.padding(4.dp)) {
                for (b in st.buttons) {
                    Button({ c.onButton(b.text) }, Modifier.padding(4.dp).testTag("button-${b.text}")) { Text(s.message(b.label)) }
                }
            }
        }
    } else if (snap.choices.isNotEmpty()) {
        Picker(s.text("status-choose"), snap.choices.map { it to choiceText(s, snap.seats, it) }, "choice", c::onChoose)
    }
    if (c.waitingForDecision(snap)) {
        Card(Modifier.fillMaxWidth().padding(vertical = 4.dp)) {
            Text(s.text("prompt-no-person-playing"), Modifier.padding(8.dp))
            Row {
                Button(c::onLetBotsFinish, Modifier.padding(4.dp).testTag("let-bots-finish")) { Text(s.text("action-let-bots-finish")) }
                OutlinedButton(c::onEndGame, Modifier.padding(4.dp).testTag("end-game")) { Text(s.text("action-end-game")) }
            }
        }
    }
    snap.result?.let {
        Card(Modifier.fillMaxWidth().padding(vertical = 4.dp).testTag("result")) {
            Column(Modifier.padding(8.dp)) {
                Text(statusLine(s, st), fontWeight = FontWeight.Bold)
                for (place in st.standings) {
                    val seat = snap.seats[place.seat.toInt()]
                    Text("${place.place}. " + seatName(s, seat) + " — " + s.text("status-score", place.pointsText),
                        Modifier.testTag("standing-${seat.seat}"))
                }
            }
        }
    }
    for (seat in snap.seats) SeatLine(c, snap.turn.toInt(), seat, snap.result == null)
    if (st.moves.isNotEmpty()) {
        Text(s.text("status-moves"), Modifier.padding(top = 6.dp), style = MaterialTheme.typography.titleSmall)
        Text(moveText(st.moves, snap.seats.size), Modifier.testTag("moves"), style = MaterialTheme.typography.bodySmall)
    }
}

private fun moveText(moves: List<String>, seats: Int): String =
    moves.chunked(seats).mapIndexed { i, row -> "${i + 1}. " + row.joinToString(" ") }.joinToString("  ")

private fun choiceText(s: Strings, seats: List<SeatView>, choice: String): String = when {
    choice == "choice:end" -> s.text("choice-end")
    choice == "choice:grey" -> s.text("choice-grey")
    choice.startsWith("choice:give:") -> {
        val seat = choice.removePrefix("choice:give:").toIntOrNull()?.let { seats.getOrNull(it) }
        s.text("choice-give", seat?.let { seatName(s, it) } ?: choice)
    }
    else -> choice
}

@Composable
private fun Picker(
    title: String,
    options: List<Pair<String, String>>,
    tag: String,
    onPick: (String) -> Unit,
    icon: @Composable (Int) -> Unit = {},
) {
    Card(Modifier.fillMaxWidth().padding(vertical = 4.dp).testTag(tag)) {
        Text(title, Modifier.padding(8.dp))
        FlowRow(Modifier.padding(4.dp)) {
            for ((i, option) in options.withIndex()) {
                val (value, label) = option
                Button({ onPick(value) }, Modifier.padding(4.dp).testTag("$tag-$value")) {
                    Row(verticalAlignment = Alignment.CenterVertically) {
                        icon(i)
                        Text(label, Modifier.padding(start = 4.dp))
                    }
                }
            }
        }
    }
}

@Composable
private fun SeatLine(c: GameController, turn: Int, seat: SeatView, live: Boolean) {
    val s = LocalStrings.current
    val i = seat.seat.toInt()
    Row(
        Modifier.fillMaxWidth().testTag("seat-$i")
            .background(if (i == turn && live) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent)
            .padding(horizontal = 4.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Box(Modifier.size(10.dp).background(if (seat.playing) Color(0xFF8FD18F) else Color.Gray, CircleShape))
        Text(
            seatName(s, seat) + (if (seat.playing) "" else " · " + s.text("status-out")),
            Modifier.padding(start = 6.dp).weight(1f), maxLines = 1, overflow = TextOverflow.Ellipsis,
        )
        Text(seat.scoreText, Modifier.width(40.dp).testTag("score-$i"))
        if (live && seat.playing) {
            when (seat.config) {
                is SeatConfig.Person -> TextButton({ c.onSetSeat(i, SeatConfig.Bot(DEFAULT_BOT_LEVEL.toUByte())) },
                    Modifier.testTag("hand-$i")) { Text(s.text("action-hand-to-bot")) }
                is SeatConfig.Bot -> TextButton({ c.onSetSeat(i, SeatConfig.Person(defaultPersonName(s, seat))) },
                    Modifier.testTag("take-$i")) { Text(s.text("action-take-over")) }
            }
        }
    }
}

private fun defaultPersonName(s: Strings, seat: SeatView): String {
    val colour = if (s.has("colour-${seat.colour}")) s.text("colour-${seat.colour}") else seat.colour
    return colour.replaceFirstChar { it.uppercase() }
}
