package rookery.ui

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch
import uniffi.rookery_bindings.BoardScene
import uniffi.rookery_bindings.BoardSnapshot
import uniffi.rookery_bindings.CancelHandle
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.MessageView
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SceneHit
import uniffi.rookery_bindings.SceneOrientation
import uniffi.rookery_bindings.SeatConfig
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
    /** Move texts offered by an ambiguous tap (`chooseMove`). */
    val moveChoice: List<String>? = null,
    /** Why the last tap did nothing. */
    val refusal: MessageView? = null,
    /** A bot of the seat to move is thinking. */
    val botThinking: Boolean = false,
    /** A call failed (shown, the game unchanged). */
    val error: String? = null,
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

    private val _state = MutableStateFlow(build(session.snapshot()))
    val state: StateFlow<GameUiState> = _state.asStateFlow()

    init {
        runBots()
    }

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
        val o = orientation(snapshot)
        val st = GameUiState(snapshot, session.scene(o, symbols), session.moveList())
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

    /** A tap at (x, y) in scene units (x 0..1): the core's hit test says what it hit. */
    fun onBoardTap(x: Float, y: Float) = guarded {
        val s = _state.value
        if (s.botThinking || !personToMove(s.snapshot) || s.snapshot.result != null) return@guarded
        when (val hit = session.hitTest(orientation(s.snapshot), x, y)) {
            is SceneHit.Cell -> onTapResult(session.tap(hit.cell))
            // Drops: the scene's hand slot names a glyph, not the kind letter `tapHand` takes
            // (a gap of the bindings, see android/README.md).
            is SceneHit.Hand, null -> {}
        }
    }

    /** A tap on a named cell (keyboard and screen-reader play go the same way). */
    fun onCellTap(cell: String) = guarded { onTapResult(session.tap(cell)) }

    private fun onTapResult(r: TapResult) {
        when (r) {
            is TapResult.NeedsPromotion -> refresh { it.copy(promotion = r.choices) }
            is TapResult.NeedsChoice -> refresh { it.copy(moveChoice = r.moves) }
            is TapResult.Refused -> refresh { it.copy(refusal = r.reason) }
            is TapResult.Moved -> {
                refresh()
                runBots()
            }
            else -> refresh()
        }
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

    private var botsFinishing = false

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
                    session.botMove(handle)
                    if (closed) break
                    _state.value = build(session.snapshot()) { it.copy(botThinking = true) }
                }
            } catch (e: RookeryException) {
                // Cancelled (leaving, undo) or stale (the game changed): nothing was played.
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
        closed = true
    }
}
