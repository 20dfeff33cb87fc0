package rookery.bindings

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import uniffi.rookery_bindings.FollowUp
import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.MessageView
import uniffi.rookery_bindings.PendingView
import uniffi.rookery_bindings.ReviewStep
import uniffi.rookery_bindings.RookeryException
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.ScreenLooker
import uniffi.rookery_bindings.SeatBarView
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.SeatStateView
import uniffi.rookery_bindings.catalogue
import uniffi.rookery_bindings.defaultHouseRules
import java.io.File

/**
 * The screen fixture (tests/data/screens.txt, format in tests/data/README.md) through the
 * bindings: every scripted game is played with `GameSession.act` only, and the `GameScreen`
 * record after each step, written as text the way `Screen::text` (core/src/present/text.rs)
 * writes the core's screen, must be the fixture's expected text. So the record carries
 * everything the core decided, and the apps need no other call to draw the game screen.
 */
class ScreenFixtureTest {
    companion object {
        fun message(m: MessageView): String =
            if (m.args.isEmpty()) m.key else m.key + "{" + m.args.joinToString(",") { "${it.name}=${it.value}" } + "}"

        private fun bar(b: SeatBarView): String = buildString {
            append("${b.seat} ${b.colour}")
            if (b.name.isNotEmpty()) append(" \"${b.name}\"")
            b.bot?.let { append(" bot$it") }
            if (b.toMove) append(" to-move")
            if (b.thinking) append(" thinking")
            when (b.state) {
                SeatStateView.PLAYING -> {}
                SeatStateView.WALKING_KING -> append(" walking-king")
                SeatStateView.OUT -> append(" out")
            }
            if (b.partners.isNotEmpty()) append(" partners=" + b.partners.joinToString(","))
            b.score?.let { append(" score=$it") }
            append(" material=${b.material}")
            if (b.lead > 0) append(" lead=${b.lead}")
            if (b.captured.isNotEmpty()) append(" captured=" + b.captured.joinToString("") { it.letter })
        }

        private fun follow(f: FollowUp): String = when (f) {
            FollowUp.REMATCH -> "Rematch"
            FollowUp.NEW_GAME -> "NewGame"
            FollowUp.EXPORT -> "Export"
        }

        /** The record as text, line for line what `Screen::text` writes. */
        fun text(s: GameScreen): String = buildString {
            appendLine("status: " + message(s.status))
            s.phase?.let { appendLine("phase: ${message(it.what)} / ${message(it.hint)}") }
            when (val p = s.pending) {
                null -> {}
                is PendingView.HandOver -> appendLine("pending: hand over to ${p.seat}")
                is PendingView.Promotion -> appendLine("pending: promotion " + p.options.joinToString(",") { it.letter })
                is PendingView.Moves -> appendLine("pending: moves " + p.options.joinToString(","))
            }
            for ((i, b) in s.buttons.withIndex()) appendLine("button $i: ${message(b.label)} [${b.text}]")
            for (b in s.bars) appendLine("bar " + bar(b))
            val scene = s.scene
            val pieces = scene.cells.flatMap { c ->
                scene.pieces.filter { it.cell == c.cell }.map { p ->
                    val owner = p.owner?.toString() ?: when {
                        p.army == "neutral" -> "*"
                        p.letter.codePointCount(0, p.letter.length) > 1 -> "u"
                        else -> "-"
                    }
                    "${c.cell}=$owner${p.letter}"
                }
            }
            appendLine("board: " + pieces.joinToString(" "))
            val cellsWhere = { f: (uniffi.rookery_bindings.SceneCell) -> Boolean -> scene.cells.filter(f).joinToString(",") { it.cell } }
            val checked = scene.pieces.filter { it.checked }
                .mapNotNull { p -> p.cell?.let { c -> scene.cells.firstOrNull { it.cell == c }?.cell } }
            appendLine(
                "marks: fog=${cellsWhere { it.fog }} selected=${cellsWhere { it.selected }} " +
                    "targets=${cellsWhere { it.target }} last=${cellsWhere { it.lastMove }} check=${checked.joinToString(",")}",
            )
            val hands = scene.hands.filter { it.count > 0u }.map { "${it.seat}:${it.letter}x${it.count}" }
            if (hands.isNotEmpty()) appendLine("hands: " + hands.joinToString(" "))
            appendLine(
                "moves: " + s.moves.joinToString(" | ") { m ->
                    m.note?.let { "${m.number}.${m.seat} ${m.text} (${message(it)})" } ?: "${m.number}.${m.seat} ${m.text}"
                },
            )
            s.review?.let { appendLine("review: $it") }
            for (n in s.notices) appendLine("notice: " + message(n))
            s.result?.let { r ->
                val places = r.places.joinToString(",") { p -> p.points?.let { "${p.place}:${p.seat}($it)" } ?: "${p.place}:${p.seat}" }
                appendLine(
                    "result: ${message(r.headline)} / ${message(r.reason)} places=$places " +
                        "follow=[" + r.follow.joinToString(", ") { follow(it) } + "]",
                )
            }
            appendLine("undo=${s.canUndo} redo=${s.canRedo}")
        }

        /** One intent of the fixture's language as the apps send it. */
        fun intent(line: String): ScreenIntent {
            val w = line.trim().split(Regex("\\s+"))
            return when {
                w[0] == "tap" -> ScreenIntent.Tap(w[1])
                w[0] == "hand" -> ScreenIntent.TapHand(w[1])
                w[0] == "drag" -> ScreenIntent.Drag(w[1], w[2])
                w[0] == "press" -> ScreenIntent.Press(w[1].toUInt())
                w[0] == "pick" -> ScreenIntent.Pick(w[1].toUInt())
                w[0] == "dismiss" -> ScreenIntent.Dismiss
                w[0] == "undo" -> ScreenIntent.Undo
                w[0] == "redo" -> ScreenIntent.Redo
                w[0] == "resign" -> ScreenIntent.Resign(w[1].toUByte())
                w[0] == "seat" && w[2] == "bot" -> ScreenIntent.SetSeat(w[1].toUByte(), SeatConfig.Bot(w[3].toUByte()))
                w[0] == "seat" && w[2] == "person" -> ScreenIntent.SetSeat(w[1].toUByte(), SeatConfig.Person(w[3]))
                w[0] == "first" -> ScreenIntent.Review(ReviewStep.First)
                w[0] == "back" -> ScreenIntent.Review(ReviewStep.Back)
                w[0] == "forward" -> ScreenIntent.Review(ReviewStep.Forward)
                w[0] == "live" -> ScreenIntent.Review(ReviewStep.Live)
                w[0] == "review" -> ScreenIntent.Review(ReviewStep.To(w[1].toUInt()))
                w[0] == "confirm" -> ScreenIntent.ConfirmHandOver
                w[0] == "play" && w[1] == "resign" -> ScreenIntent.Play("resign:" + w[2])
                w[0] == "play" && w[1] == "choice" -> ScreenIntent.Play("choice:" + w[2])
                w[0] == "play" -> ScreenIntent.Play(w[1])
                w[0] == "type" -> ScreenIntent.Type(w.drop(1).joinToString(" "))
                else -> error("unknown intent $line")
            }
        }

        fun seats(spec: String): List<SeatConfig> = spec.split(';').map { p ->
            when {
                p.trim() == "-" -> SeatConfig.Person("")
                p.trim().startsWith("bot:") -> SeatConfig.Bot(p.trim().removePrefix("bot:").toUByte())
                else -> SeatConfig.Person(p.trim())
            }
        }

        fun looker(spec: String): ScreenLooker {
            val w = spec.trim().split(Regex("\\s+"))
            return when (w[0]) {
                "device" -> ScreenLooker.Device
                "table" -> ScreenLooker.Table(false)
                "seat" -> ScreenLooker.Seat(w[1].toUByte())
                else -> error("unknown looker $spec")
            }
        }
    }

    @Test
    fun everyScreenOfTheFixtureIsTheRecordsText() {
        val file = File("../data/screens.txt")
        assertTrue(file.isFile, "run from tests/kotlin: ${file.absolutePath}")
        val seatCount = catalogue().associate { it.id to it.seatCount.toInt() }
        val failures = mutableListOf<String>()
        var title = ""
        var gameId = ""
        var fen: String? = null
        var players: List<SeatConfig>? = null
        var session: GameSession? = null
        var scripts = 0
        var screens = 0
        fun open(): GameSession = session ?: GameSession(
            gameId, players ?: List(seatCount.getValue(gameId)) { SeatConfig.Person("") }, defaultHouseRules(), 0uL,
        ).also { s -> fen?.let { s.loadFen(it) }; session = s }
        val lines = file.readLines()
        var i = 0
        try {
            while (i < lines.size) {
                val line = lines[i++]
                when {
                    line.startsWith("== ") -> {
                        session?.close(); session = null
                        title = line.removePrefix("== "); fen = null; players = null; scripts++
                    }
                    line.startsWith("game ") -> {
                        val rest = line.removePrefix("game ")
                        gameId = rest.substringBefore(" fen ").trim()
                        fen = if (rest.contains(" fen ")) rest.substringAfter(" fen ").trim() else null
                    }
                    line.startsWith("players ") -> players = seats(line.removePrefix("players "))
                    line.startsWith("looker ") -> open().setLooker(looker(line.removePrefix("looker ")))
                }
                val intentLine = line.takeIf { it.startsWith("> ") }?.removePrefix("> ")
                if (line == "start" || intentLine != null) {
                    val s = open()
                    val got = try {
                        text(if (intentLine == null) s.screen() else s.act(intent(intentLine)))
                    } catch (e: RookeryException) {
                        "error: ${e.message}\n"
                    }
                    val want = StringBuilder()
                    while (i < lines.size && lines[i].isNotEmpty() && !lines[i].startsWith("> ") && !lines[i].startsWith("== ")) {
                        want.appendLine(lines[i++])
                    }
                    screens++
                    if (got != want.toString()) failures += "$title: after \"$line\":\n--- want\n$want--- got\n$got"
                }
            }
        } finally {
            session?.close()
        }
        assertTrue(scripts >= 16 && screens >= 75, "$scripts scripts, $screens screens")
        assertEquals("", failures.joinToString("\n"), "${failures.size} of $screens screens differ")
    }
}
