package rookery.ui

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import uniffi.rookery_bindings.CancelHandle
import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.SceneHit
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.ScreenLooker
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.SeatStateView
import uniffi.rookery_bindings.sceneHitTest

/** How the board is turned (settings; table mode is chosen per game, [Route.Game.table]). */
enum class OrientationMode { FaceToMove, Fixed }

/**
 * The one dispatcher of every call into the core: off the main thread, one call at a time, in
 * the order the player made them.
 */
@OptIn(ExperimentalCoroutinesApi::class)
val CoreDispatcher: CoroutineDispatcher = Dispatchers.Default.limitedParallelism(1)

/** Whether a person (not a bot) sits at a seat of the screen and still plays. */
fun GameScreen.personPlaying(): Boolean = bars.any { it.bot == null && it.state != SeatStateView.OUT }

/** The seat "resign" is for: the person to move, else the first person still playing. */
fun GameScreen.resigningSeat(): Int? {
    val people = bars.filter { it.bot == null && it.state != SeatStateView.OUT }
    return (people.firstOrNull { it.toMove } ?: people.firstOrNull())?.seat?.toInt()
}

/**
 * The state holder of one game screen over one [GameSession]. State comes down as one
 * [GameScreen] (`state`): everything the screen draws, decided by the core (the scene with fog
 * of war applied, bars, status, phase, pending pickers and hand-overs, buttons, moves, the
 * result). Events go up as [ScreenIntent]s: one `act` per tap, on [CoreDispatcher], never on the
 * main thread. Bots play through the async `botMove`, then `screen()`; [close] (leaving the
 * screen) cancels a thinking bot.
 */
class GameController private constructor(
    val session: GameSession,
    private val scope: CoroutineScope,
    first: GameScreen,
) {
    private val _state = MutableStateFlow(first)
    val state: StateFlow<GameScreen> = _state.asStateFlow()

    private var botJob: Job? = null
    private var cancel: CancelHandle? = null
    private var clockJob: Job? = null
    @Volatile private var closed = false
    /** With no person left playing, the bots finish the game only when asked to. */
    @Volatile var botsFinishing = false
        private set

    /** Told of each intent of the screen before it is sent, with the screen it is sent to (saved state). */
    @Volatile var onIntent: ((ScreenIntent, GameScreen) -> Unit)? = null
    /** Told when the bots are asked to finish the game (saved state). */
    @Volatile var onBotsFinishing: (() -> Unit)? = null

    companion object {
        /** Whom the device shows the game to, for the orientation setting and the game's table mode. */
        fun looker(mode: OrientationMode, table: Boolean, s: GameScreen): ScreenLooker = if (table) ScreenLooker.Table(true) else when (mode) {
            OrientationMode.FaceToMove -> ScreenLooker.Device
            // One person at the device: that seat at the bottom; several: pass-and-play,
            // whose hand-overs the core decides.
            OrientationMode.Fixed -> {
                val people = s.bars.filter { it.bot == null }
                if (people.size == 1) ScreenLooker.Seat(people[0].seat) else ScreenLooker.Device
            }
        }

        /** Opens the screen of a session: its first screen is read on [CoreDispatcher]. */
        suspend fun open(session: GameSession, scope: CoroutineScope, mode: OrientationMode, table: Boolean = false): GameController {
            val first = withContext(CoreDispatcher) { session.setLooker(looker(mode, table, session.screen())) }
            return GameController(session, scope, first).also { it.view = mode to table; it.start() }
        }
    }

    /** The orientation and table mode the screen was last set to. */
    @Volatile private var view: Pair<OrientationMode, Boolean>? = null

    /** Whom the screen is for changed (the setting, the game's table mode): the core turns the scene. */
    fun setView(mode: OrientationMode, table: Boolean) {
        if (view == (mode to table)) return
        view = mode to table
        core { _state.value = session.setLooker(looker(mode, table, _state.value)) }
    }

    private fun start() {
        scope.launch(CoreDispatcher) { runBots() }
        runClock()
    }

    private val inFlight = java.util.concurrent.atomic.AtomicInteger(0)

    /** No intent is waiting for the core (tests wait for this after a tap). */
    val idle: Boolean get() = inFlight.get() == 0

    /** Runs `f` on the core's dispatcher; an error of the core changes nothing (the screen is read again). */
    private fun core(f: suspend () -> Unit): Job {
        inFlight.incrementAndGet()
        val job = scope.launch(CoreDispatcher) {
            if (closed) return@launch
            try {
                f()
            } catch (e: RookeryException) {
                if (!closed) runCatching { _state.value = session.screen() }
            } catch (e: IllegalStateException) {
                // The session was freed after the screen was left.
                if (!closed) throw e
            }
        }
        job.invokeOnCompletion { inFlight.decrementAndGet() }
        return job
    }

    /** One intent: one `act`, then the bots answer if it is their turn. */
    fun send(intent: ScreenIntent): Job = core {
        onIntent?.invoke(intent, _state.value)
        _state.value = session.act(intent)
        runBots()
    }

    /** A tap at (x, y) in scene units (x 0..1): the core's hit test says what it hit. */
    fun onBoardTap(x: Float, y: Float) = send(ScreenIntent.At(x, y))

    /** A tap on a named cell (keyboard and screen-reader play go the same way). */
    fun onCellTap(cell: String) = send(ScreenIntent.Tap(cell))

    /**
     * A piece dragged from (x0, y0) to (x1, y1) in scene units: from a cell, the core's drag
     * (the same as a tap on each cell); from a hand slot, a tap on the slot then on the cell.
     */
    fun onBoardDrag(x0: Float, y0: Float, x1: Float, y1: Float) = core {
        val scene = _state.value.scene
        val from = sceneHitTest(scene, x0, y0) ?: return@core
        val to = sceneHitTest(scene, x1, y1) ?: return@core // dropped off the board: nothing
        _state.value = when {
            from is SceneHit.Cell && to is SceneHit.Cell -> ScreenIntent.Drag(from.cell, to.cell).let {
                onIntent?.invoke(it, _state.value)
                session.act(it)
            }
            else -> {
                session.act(ScreenIntent.At(x0, y0))
                session.act(ScreenIntent.At(x1, y1))
            }
        }
        runBots()
    }

    fun onPick(index: Int) = send(ScreenIntent.Pick(index.toUInt()))
    fun onDismiss() = send(ScreenIntent.Dismiss)
    fun onPress(index: Int) = send(ScreenIntent.Press(index.toUInt()))
    fun onHandOverConfirmed() = send(ScreenIntent.ConfirmHandOver)
    fun onReview(step: uniffi.rookery_bindings.ReviewStep) = send(ScreenIntent.Review(step))
    fun onRedo() = send(ScreenIntent.Redo)

    /** Takes back to the last move of a person, so a bot does not answer again at once. */
    fun onUndo() = core {
        stopBots()
        var s = session.act(ScreenIntent.Undo)
        while (s.canUndo && s.bars.any { it.thinking }) s = session.act(ScreenIntent.Undo)
        _state.value = s
    }

    fun onResign(seat: Int) = core {
        stopBots()
        _state.value = session.act(ScreenIntent.Resign(seat.toUByte()))
        runBots()
    }

    /** Hands `seat` to a bot of `level` mid-game (or back to a person). */
    fun onSetSeat(seat: Int, config: SeatConfig) = core {
        stopBots()
        _state.value = session.act(ScreenIntent.SetSeat(seat.toUByte(), config))
        runBots()
    }

    /** Ends a game no person plays any more by agreement (where the rules allow it). */
    fun onEndGame() = core {
        stopBots()
        _state.value = session.act(ScreenIntent.Play("choice:end"))
    }

    /** Lets the bots finish a game no person plays any more. */
    fun onLetBotsFinish() = core {
        botsFinishing = true
        onBotsFinishing?.invoke()
        runBots()
    }

    /** Whether the game waits for "let the bots finish" or "end the game". */
    fun waitingForDecision(s: GameScreen): Boolean =
        s.result == null && !botsFinishing && s.bars.any { it.bot == null } && !s.personPlaying()

    private fun botsToMove(s: GameScreen): Boolean {
        if (s.result != null || s.bars.none { it.thinking }) return false
        return s.bars.none { it.bot == null } || s.personPlaying() || botsFinishing
    }

    /** While bots are to move: `botMove` (async, the library's runtime), then `screen()`. */
    private fun runBots() {
        if (closed || botJob?.isActive == true || !botsToMove(_state.value)) return
        val handle = CancelHandle()
        cancel = handle
        botJob = scope.launch(CoreDispatcher) {
            try {
                while (!closed && botsToMove(_state.value)) {
                    try {
                        session.botMove(handle)
                    } catch (e: RookeryException.StaleSession) {
                        // The game changed while the bot thought (a time-out): look again.
                        if (handle.isCancelled() || closed) break
                    }
                    if (closed) break
                    _state.value = session.screen()
                }
            } catch (e: RookeryException) {
                // Cancelled (leaving, undo): nothing was played.
            } catch (e: IllegalStateException) {
                if (!closed) throw e
            }
        }
    }

    private fun stopBots() {
        cancel?.cancel()
        botJob?.cancel()
        botJob = null
    }

    /**
     * The turn clock's tick (games with a time per turn): the core plays the time-out when it
     * runs out (`checkClock`); the bars' clocks come with the screen.
     */
    private fun runClock() {
        if (_state.value.bars.none { it.clock != null }) return
        clockJob = scope.launch(CoreDispatcher) {
            while (isActive && !closed) {
                delay(250)
                try {
                    val timedOut = session.checkClock() != null
                    _state.value = session.screen()
                    if (timedOut) runBots()
                } catch (e: RookeryException) {
                    // The session is being left.
                } catch (e: IllegalStateException) {
                    if (!closed) throw e
                }
            }
        }
    }

    /** The app leaves the foreground (Android's ON_PAUSE): the turn's time is saved and stops. */
    fun pauseClock() = core { session.pauseClock() }

    /** The app is back (ON_RESUME). */
    fun startClock() = core { session.startClock() }

    /** Leaving the screen: stops a thinking bot (the game stays as it was, saved). */
    fun close() {
        stopBots()
        clockJob?.cancel()
        if (!closed) scope.launch(CoreDispatcher) { runCatching { session.pauseClock() } }
        closed = true
    }
}
