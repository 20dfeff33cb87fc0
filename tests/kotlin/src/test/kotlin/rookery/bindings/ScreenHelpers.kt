package rookery.bindings

import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.PendingView
import uniffi.rookery_bindings.ScenePiece
import uniffi.rookery_bindings.ScreenIntent

/** Test helpers over the one game screen (`GameSession.screen`/`act`): nothing else is read. */

/** Plays action text (`e2e4`, `resign:1`, `choice:end`) for whoever is to move. */
fun GameSession.play(text: String): GameScreen = act(ScreenIntent.Play(text))

fun GameSession.tapCell(cell: String): GameScreen = act(ScreenIntent.Tap(cell))

/** The seat to move (the bar marked to move), or null when the game is over. */
val GameScreen.turn: Int? get() = bars.firstOrNull { it.toMove }?.seat?.toInt()

/** The moves' entries as written on the screen. */
val GameScreen.moveTexts: List<String> get() = moves.map { it.text }

/** The pieces the screen shows on a cell. */
fun GameScreen.piecesAt(cell: String): List<ScenePiece> = scene.pieces.filter { it.cell == cell }

val GameScreen.selected: String? get() = scene.cells.firstOrNull { it.selected }?.cell

val GameScreen.targets: List<String> get() = scene.cells.filter { it.target }.map { it.cell }

val GameScreen.fogged: List<String> get() = scene.cells.filter { it.fog }.map { it.cell }

/** The promotion letters offered, or null. */
val GameScreen.promotion: List<String>? get() = (pending as? PendingView.Promotion)?.options?.map { it.letter }

/** Where the piece on `cell` may go, as the screen marks it (the selection is cleared after). */
fun GameSession.targetsOf(cell: String): List<String> {
    val s = act(ScreenIntent.Tap(cell))
    val t = if (s.selected == cell) s.targets else emptyList()
    if (s.selected != null) act(ScreenIntent.Dismiss)
    return t
}
