package rookery.ui

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.isActive
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch
import uniffi.rookery_bindings.ActionButton
import uniffi.rookery_bindings.BoardScene
import uniffi.rookery_bindings.BoardSnapshot
import uniffi.rookery_bindings.PieceLook
import uniffi.rookery_bindings.CancelHandle
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.MessageView
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SceneHit
import uniffi.rookery_bindings.SceneOrientation
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.SeatStanding
import uniffi.rookery_bindings.TurnClockView
import uniffi.rookery_bindings.TapResult

/** How the board is turned (settings). */
enum class OrientationMode { FaceToMove, Fixed, Table }

/** Everything the game screen shows, one immutable value (state flows down). */
data class GameUiState(
    val snapshot: BoardSnapshot,
    val scene: BoardScene,
    val moves: List<String>,
    /** Letters offered by a promotion tap (`choosePromotion`). */
    val promotion: List<String>? = null,
    /** How each offered promotion looks on the board (same order as [promotion]). */
    val promotionLooks: List<PieceLook> = emptyList(),
    /** Move texts offered by an ambiguous tap (`chooseMove`). */
    val moveChoice: List<String>? = null,
    /** Why the last tap did nothing. */
    val refusal: MessageView? = null,
    /** A bot of the seat to move is thinking. */
    val botThinking: Boolean = false,
    /** A call failed (shown, the game unchanged). */
    val error: String? = null,
    /** Places and points once the game is over (the rules rank them). */
    val standings: List<SeatStanding> = emptyList(),
    /** The turn clock in a game with a time per turn (house rule), else null. */
    val clock: TurnClockView? = null,
    /**
     * A game that hides cells (fog of war) with several people at one device: the board stays
     * covered until the person of this seat says they hold the device.
     */
    val handOver: UByte? = null,
    /**
     * Moves made without tapping cells (janggi's pass and set-up choice, shogi's impasse
     * declaration) or, while one is pending, the players' choices (`GameSession.buttons`).
     */
    val buttons: List<ActionButton> = emptyList(),
)

/**
 * The state holder of the game screen over one [GameSession]: events go up as calls
 * (taps, promotion, undo, resign, hand a seat to a bot), state comes down as [state].
 * Everything decidable is decided by the core: what a tap does (`tap`), what the board looks
 * like (`scene`), what was hit (`hitTest`), whose turn it is and how the game ended.
 * Bots play through the async `botMove` in [scope]; [close] (leaving the screen) cancels it.
 */
class GameController(
    val session: GameSession,
    private val scope: CoroutineScope,
    private val mode: OrientationMode,
    private val symbols: Boolean = false,
) {
    private var bottom: UByte = 0u
    private var botJob: Job? = null
    private var cancel: CancelHandle? = null
    private var closed = false

    /** Whose view is shown when several people share the device (null: not decided yet). */
    private var viewer: UByte? = null
    /** The game hides cells from some seats (fog of war): people hand the device over. */
    private var hidesCells = false
    /** The person of [viewer] confirmed holding the device. */
    private var confirmed = false
    private var botsFinishing = false

    private val _state = MutableStateFlow(build(session.snapshot()))
    val state: StateFlow<GameUiState> = _state.asStateFlow()

    private var clockJob: Job? = null

    init {
        runBots()
        runClock()
    }

    /**
     * The turn clock's tick (games with a time per turn): shows the time left and lets the core
     * play the time-out when it runs out (`checkClock`).
     */
    private fun runClock() {
        if (session.turnClock() == null) return
        clockJob = scope.launch(Dispatchers.Default) {
            while (isActive && !closed) {
                delay(250)
                try {
                    if (session.checkClock() != null) {
                        refresh()
                        runBots()
                    } else {
                        _state.value = _state.value.copy(clock = session.turnClock())
                    }
                } catch (e: RookeryException) {
                    // The session is being left.
                } catch (e: IllegalStateException) {
                    if (!closed) throw e
                }
            }
        }
    }

    /** The app leaves the foreground (Android's ON_PAUSE): the turn's time is saved and stops. */
    fun pauseClock() = guarded { session.pauseClock() }

    /** The app is back (ON_RESUME). */
    fun startClock() = guarded { session.startClock() }

    fun orientation(snapshot: BoardSnapshot): SceneOrientation {
        when (mode) {
            OrientationMode.FaceToMove -> {
                val s = snapshot.seats.getOrNull(snapshot.turn.toInt())
                if (s != null && s.config is SeatConfig.Person) bottom = snapshot.turn
                else if (snapshot.plyCount == 0u) bottom = firstPerson(snapshot)
            }
            OrientationMode.Fixed, OrientationMode.Table -> bottom = firstPerson(snapshot)
        }
        val table = mode == OrientationMode.Table
        return SceneOrientation(bottom, table, table)
    }

    private fun firstPerson(s: BoardSnapshot): UByte =
        (s.seats.firstOrNull { it.config is SeatConfig.Person }?.seat ?: 0u)

    private fun build(snapshot: BoardSnapshot, extra: (GameUiState) -> GameUiState = { it }): GameUiState {
        val people = snapshot.seats.count { it.config is SeatConfig.Person }
        val turnIsPerson = snapshot.seats.getOrNull(snapshot.turn.toInt())?.config is SeatConfig.Person
        // With several people at one device, the view is always one person's: never the seat to
        // move by default, which would show a bot's (or the next person's) view to whoever
        // holds the device.
        if (people >= 2) {
            if (viewer == null) viewer = snapshot.seats.first { it.config is SeatConfig.Person }.seat
            session.setViewer(viewer)
        }
        val o = orientation(snapshot)
        val scene = session.scene(o, symbols)
        if (scene.cells.any { it.fog }) hidesCells = true
        val handOver = if (people >= 2 && hidesCells && snapshot.result == null && turnIsPerson &&
            (snapshot.turn != viewer || !confirmed)
        ) snapshot.turn else null
        val st = GameUiState(
            snapshot, scene, session.readableMoveList(), handOver = handOver,
            standings = if (snapshot.result != null) session.standings() else emptyList(),
            clock = session.turnClock(),
            // A bot's pass or set-up is its own: buttons only on a person's turn (or for a choice).
            buttons = if (handOver == null && (turnIsPerson || snapshot.choices.isNotEmpty())) session.buttons() else emptyList(),
        )
        return extra(st)
    }

    private fun refresh(extra: (GameUiState) -> GameUiState = { it }) {
        _state.value = build(session.snapshot()) {
            extra(it.copy(botThinking = botJob?.isActive == true))
        }
    }

    private fun guarded(f: () -> Unit) {
        if (closed) return
        try {
            f()
        } catch (e: RookeryException) {
            refresh { it.copy(error = e.message) }
        }
    }

    private fun personToMove(s: BoardSnapshot): Boolean =
        s.seats.getOrNull(s.turn.toInt())?.config is SeatConfig.Person

    /** The person of the seat to move holds the device: show their view. */
    fun onHandOverConfirmed() = guarded {
        viewer = session.snapshot().turn
        confirmed = true
        refresh()
    }

    /** A tap at (x, y) in scene units (x 0..1): the core's hit test says what it hit. */
    fun onBoardTap(x: Float, y: Float) = guarded {
        val s = _state.value
        if (s.botThinking || !personToMove(s.snapshot) || s.snapshot.result != null || s.handOver != null) return@guarded
        // A cell or a slot of a hand (drops): the core's interaction layer decides (`tapHit`).
        val hit = session.hitTest(orientation(s.snapshot), x, y) ?: return@guarded
        onTapResult(session.tapHit(hit))
    }

    /**
     * A piece dragged from (x0, y0) to (x1, y1) in scene units: the same as a tap on the start
     * cell (or hand slot) and a tap on the drop cell, through the core's interaction layer.
     */
    fun onBoardDrag(x0: Float, y0: Float, x1: Float, y1: Float) = guarded {
        val s = _state.value
        if (s.botThinking || !personToMove(s.snapshot) || s.snapshot.result != null || s.handOver != null) return@guarded
        val o = orientation(s.snapshot)
        val from = session.hitTest(o, x0, y0) ?: return@guarded
        val to = session.hitTest(o, x1, y1) ?: return@guarded // dropped off the board: nothing
        if (to == from) {
            onTapResult(session.tapHit(from)) // put back where it was: one tap
            return@guarded
        }
        // A drag carries a piece of the side to move (or one from its hand); starting on any
        // other cell it would be a tap that moves the selected piece there, so it does nothing.
        val carries = when (from) {
            is SceneHit.Cell -> s.snapshot.pieces.any { it.cell == from.cell && it.owner == s.snapshot.turn }
            is SceneHit.Hand -> true
        }
        if (!carries) return@guarded
        val alreadySelected = from is SceneHit.Cell && from.cell == s.snapshot.selected
        if (!alreadySelected) {
            val r = session.tapHit(from)
            if (r !is TapResult.Selected) {
                onTapResult(r)
                return@guarded
            }
        }
        onTapResult(session.tapHit(to))
    }

    /** A tap on a named cell (keyboard and screen-reader play go the same way). */
    fun onCellTap(cell: String) = guarded { onTapResult(session.tap(cell)) }

    private fun onTapResult(r: TapResult) {
        when (r) {
            is TapResult.NeedsPromotion -> refresh { it.copy(promotion = r.choices, promotionLooks = r.pieces) }
            is TapResult.NeedsChoice -> refresh { it.copy(moveChoice = r.moves) }
            is TapResult.Refused -> refresh { it.copy(refusal = r.reason) }
            is TapResult.Moved -> {
                refresh()
                runBots()
            }
            else -> refresh()
        }
    }

    /** A button of [GameUiState.buttons] pressed: its move (or choice) played by the core. */
    fun onButton(text: String) = guarded {
        val s = _state.value
        if (s.botThinking || s.handOver != null) return@guarded
        if (!personToMove(s.snapshot) && s.snapshot.choices.isEmpty()) return@guarded
        onTapResult(session.press(text))
    }

    fun onPromotion(letter: String) = guarded {
        session.choosePromotion(letter)
        refresh()
        runBots()
    }

    fun onMoveChoice(text: String) = guarded {
        session.chooseMove(text)
        refresh()
        runBots()
    }

    fun onDismissPicker() = guarded { session.tap(_state.value.snapshot.selected ?: return@guarded); refresh() }

    fun onUndo() = guarded {
        stopBots()
        // Take back to the last move of a person, so a bot does not answer again at once.
        session.undo()
        var s = session.snapshot()
        while (s.canUndo && !personToMove(s)) {
            session.undo(); s = session.snapshot()
        }
        refresh()
    }

    fun onResign(seat: Int) = guarded {
        stopBots()
        session.resign(seat.toUByte())
        refresh()
        runBots()
    }

    /** Hands `seat` to a bot of `level` mid-game (or back to a person). */
    fun onSetSeat(seat: Int, config: SeatConfig) = guarded {
        stopBots()
        session.setSeat(seat.toUByte(), config)
        refresh()
        runBots()
    }

    fun onChoose(choice: String) = guarded {
        session.choose(choice)
        refresh()
        runBots()
    }

    fun onEndGame() = guarded {
        stopBots()
        session.endGame()
        refresh()
    }

    /** Lets the bots finish a game no person plays any more. */
    fun onLetBotsFinish() = runBots(force = true)

    private fun runBots(force: Boolean = false) {
        if (closed || botJob?.isActive == true) return
        if (force) botsFinishing = true
        val first = session.snapshot()
        if (!botsToMove(first)) return
        val handle = CancelHandle()
        cancel = handle
        // Off the UI thread: the async call runs on the library's runtime; its continuation
        // and the snapshots between moves stay off the main thread too.
        botJob = scope.launch(Dispatchers.Default) {
            try {
                while (!closed) {
                    val s = session.snapshot()
                    if (!botsToMove(s)) break
                    _state.value = _state.value.copy(botThinking = true)
                    try {
                        session.botMove(handle)
                    } catch (e: RookeryException.StaleSession) {
                        // The game changed while the bot thought (a time-out): look again.
                        if (handle.isCancelled()) break
                        continue
                    }
                    if (closed) break
                    _state.value = build(session.snapshot()) { it.copy(botThinking = true) }
                }
            } catch (e: RookeryException) {
                // Cancelled (leaving, undo): nothing was played.
            } catch (e: IllegalStateException) {
                // The session was freed after the screen was left.
                if (!closed) throw e
            } finally {
                if (!closed) _state.value = build(session.snapshot())
            }
        }
    }

    private fun botsToMove(s: BoardSnapshot): Boolean {
        if (s.result != null || s.choices.isNotEmpty()) return false
        if (personToMove(s)) return false
        // With no person left playing, the bots finish only when asked to.
        val personPlaying = s.seats.any { it.playing && it.config is SeatConfig.Person }
        val anyPerson = s.seats.any { it.config is SeatConfig.Person }
        return !anyPerson || personPlaying || botsFinishing
    }

    private fun stopBots() {
        cancel?.cancel()
        botJob?.cancel()
        botJob = null
    }

    /** Whether the game waits for "let the bots finish" or "end the game". */
    fun waitingForDecision(s: BoardSnapshot): Boolean =
        s.result == null && !botsFinishing && s.seats.any { it.config is SeatConfig.Person } &&
            s.seats.none { it.playing && it.config is SeatConfig.Person }

    /** Leaving the screen: stops a thinking bot (the game stays as it was, saved). */
    fun close() {
        stopBots()
        clockJob?.cancel()
        if (!closed) runCatching { session.pauseClock() }
        closed = true
    }
}
