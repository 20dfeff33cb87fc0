package rookery.ui

import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.HouseRulesConfig
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.SeatConfig

/**
 * What must survive process death besides the saved games, as text: the state holders write
 * their keys here and read them back when the app is made again. The platform keeps the map
 * (Android: the app module's `RookeryViewModel` over a `SavedStateHandle`; the desktop and the
 * tests: in memory). Every write calls `onChange` with the whole map (on the writer's thread).
 */
class SavedState(initial: Map<String, String> = emptyMap(), private val onChange: (Map<String, String>) -> Unit = {}) {
    private val map = LinkedHashMap(initial)

    operator fun get(key: String): String? = synchronized(map) { map[key] }

    /** Sets `key` (null removes it). */
    operator fun set(key: String, value: String?) {
        val now = synchronized(map) {
            if (map[key] == value) return
            if (value == null) map.remove(key) else map[key] = value
            LinkedHashMap(map)
        }
        onChange(now)
    }

    /** Removes every key starting with `prefix`. */
    fun clear(prefix: String) {
        val now = synchronized(map) {
            if (map.keys.none { it.startsWith(prefix) }) return
            map.keys.removeAll { it.startsWith(prefix) }
            LinkedHashMap(map)
        }
        onChange(now)
    }

    fun snapshot(): Map<String, String> = synchronized(map) { LinkedHashMap(map) }
}

/** Texts of the saved state: lists and fields joined by separators that names never hold. */
internal object Codec {
    private const val LIST = '\u001e'
    private const val FIELD = '\u001f'

    fun list(items: List<String>) = items.joinToString(LIST.toString())
    fun list(text: String?): List<String> = if (text.isNullOrEmpty()) emptyList() else text.split(LIST)
    fun fields(vararg f: String) = f.joinToString(FIELD.toString())
    fun fields(text: String): List<String> = text.split(FIELD)

    fun seat(c: SeatConfig): String = when (c) {
        is SeatConfig.Person -> fields("p", c.name)
        is SeatConfig.Bot -> fields("b", c.level.toString())
    }

    fun seat(text: String): SeatConfig? {
        val f = fields(text)
        return when (f.getOrNull(0)) {
            "p" -> SeatConfig.Person(f.getOrElse(1) { "" })
            "b" -> f.getOrNull(1)?.toUByteOrNull()?.takeIf { it.toInt() in BOT_LEVELS }?.let { SeatConfig.Bot(it) }
            else -> null
        }
    }

    /** The screen's own intents that change no saved game: what a restored screen replays. */
    fun intent(i: ScreenIntent): String? = when (i) {
        is ScreenIntent.At -> fields("at", i.x.toString(), i.y.toString())
        is ScreenIntent.Tap -> fields("tap", i.cell)
        is ScreenIntent.TapHand -> fields("hand", i.letter)
        is ScreenIntent.Drag -> fields("drag", i.from, i.to)
        is ScreenIntent.Pick -> fields("pick", i.index.toString())
        is ScreenIntent.Dismiss -> "dismiss"
        is ScreenIntent.ConfirmHandOver -> "ready"
        else -> null
    }

    fun intent(text: String): ScreenIntent? {
        val f = fields(text)
        return when (f[0]) {
            "at" -> {
                val x = f.getOrNull(1)?.toFloatOrNull()
                val y = f.getOrNull(2)?.toFloatOrNull()
                if (x != null && y != null) ScreenIntent.At(x, y) else null
            }
            "tap" -> f.getOrNull(1)?.let { ScreenIntent.Tap(it) }
            "hand" -> f.getOrNull(1)?.let { ScreenIntent.TapHand(it) }
            "drag" -> if (f.size == 3) ScreenIntent.Drag(f[1], f[2]) else null
            "pick" -> f.getOrNull(1)?.toUIntOrNull()?.let { ScreenIntent.Pick(it) }
            "dismiss" -> ScreenIntent.Dismiss
            "ready" -> ScreenIntent.ConfirmHandOver
            else -> null
        }
    }
}

/**
 * The choices of the new-game screen (game or mode, seats, house rules, seed), kept in the
 * saved state for the route's game `forId`: a new-game screen opened again after process death
 * shows what was chosen. Starting the game forgets them.
 */
class NewGameChoices(private val saved: SavedState, private val forId: String) {
    private fun key(k: String) = "new.$k"
    private val mine: Boolean get() = saved[key("for")] == forId

    /** The game (mode) chosen, else the route's. */
    val gameId: String get() = saved[key("id")]?.takeIf { mine } ?: forId

    /** Saved seats, when they fit `count` seats. */
    fun seats(count: Int): List<SeatConfig>? {
        if (!mine) return null
        val seats = Codec.list(saved[key("seats")]).mapNotNull { Codec.seat(it) }
        return seats.takeIf { it.size == count && count > 0 }
    }

    /** The house rules the screen edits, over the game's defaults. */
    fun house(defaults: HouseRulesConfig): HouseRulesConfig? {
        if (!mine) return null
        val f = saved[key("house")]?.let { Codec.fields(it) }?.takeIf { it.size == 4 } ?: return null
        return defaults.copy(
            moveLimit = f[0].toUIntOrNull(),
            showLegalMoves = f[1] == "1",
            rotateFirstSeat = f[2] == "1",
            turnSeconds = f[3].toUIntOrNull(),
        )
    }

    val seed: ULong? get() = saved[key("seed")]?.takeIf { mine }?.toULongOrNull()

    fun write(gameId: String, seats: List<SeatConfig>, house: HouseRulesConfig, seed: ULong) {
        saved[key("for")] = forId
        saved[key("id")] = gameId
        saved[key("seats")] = Codec.list(seats.map { Codec.seat(it) })
        saved[key("house")] = Codec.fields(
            house.moveLimit?.toString() ?: "",
            if (house.showLegalMoves) "1" else "0",
            if (house.rotateFirstSeat) "1" else "0",
            house.turnSeconds?.toString() ?: "",
        )
        saved[key("seed")] = seed.toString()
    }

    /** The game was started: nothing of this screen is kept. */
    fun forget() = saved.clear("new.")
}

/**
 * What a game screen holds beyond its saved game, kept in the saved state per saved game: the
 * screen's intents since the game's last action (a selection, a pending promotion or move
 * choice, a confirmed hand-over) and the review cursor, replayed when the screen is made again after
 * process death if the game is still at that action, and "let the bots finish".
 */
class GameMemory(private val saved: SavedState, private val savedId: ULong) {
    private fun key(k: String) = "game.$savedId.$k"

    private fun plies(s: GameScreen): String = (s.lastEvent?.plies ?: 0u).toString()

    /** An intent about to be sent with `before` the screen it is sent to (core dispatcher). */
    fun record(intent: ScreenIntent, before: GameScreen) {
        val text = Codec.intent(intent) ?: return
        val at = plies(before)
        val list = if (saved[key("plies")] == at) Codec.list(saved[key("intents")]) else emptyList()
        saved[key("plies")] = at
        saved[key("intents")] = Codec.list(list + text)
    }

    /** "Let the bots finish" was asked for. */
    fun botsFinishing() {
        saved[key("bots")] = "1"
    }

    /** A new screen: an action played (or taken back) starts a new list. */
    fun seen(s: GameScreen) {
        if (saved[key("plies")] != null && saved[key("plies")] != plies(s)) {
            saved[key("intents")] = null
            saved[key("plies")] = null
        }
        // the review cursor: the number of move entries shown
        saved[key("review")] = s.review?.toString()
    }

    /** Replays what was kept for this game if it is still at the same action. */
    fun restore(c: GameController) {
        val s = c.state.value
        if (saved[key("bots")] == "1") c.onLetBotsFinish()
        if (saved[key("plies")] == plies(s)) {
            val intents = Codec.list(saved[key("intents")]).mapNotNull { Codec.intent(it) }
            saved[key("intents")] = null
            for (i in intents) c.send(i)
        }
        saved[key("review")]?.toUIntOrNull()?.let { n ->
            // the entry shown: `To(n - 1)` shows n entries; 0 is the start position
            c.send(ScreenIntent.Review(if (n == 0u) uniffi.rookery_bindings.ReviewStep.First
                else uniffi.rookery_bindings.ReviewStep.To(n - 1u)))
        }
    }

    /** The game was left for good (deleted): nothing of it is kept. */
    fun forget() = saved.clear("game.$savedId.")
}
