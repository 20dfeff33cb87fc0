package rookery.ui

import androidx.compose.foundation.Canvas
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.clipRect
import androidx.compose.ui.graphics.drawscope.translate
import uniffi.rookery_bindings.BoardScene
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.PieceView
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.previewPieces
import kotlin.math.min

/**
 * What a small board preview of one game needs that does not change with the position: the
 * board of its start (cells, colours) and which image and army each kind of each seat has,
 * read off the start position's scene (`glyph`, `army` by cell). Built once per game id.
 */
class PreviewBoard(val scene: BoardScene, private val looks: Map<Triple<String, UByte?, Boolean>, Pair<String, String>>) {
    val left = scene.cells.minOf { c -> c.polygon.minOf { it.x } }
    val top = scene.cells.minOf { c -> c.polygon.minOf { it.y } }
    val width = scene.cells.maxOf { c -> c.polygon.maxOf { it.x } } - left
    val height = scene.cells.maxOf { c -> c.polygon.maxOf { it.y } } - top
    val pieceSize = scene.pieces.firstOrNull { it.cell != null }?.size ?: 0.05f
    private val armyOf = looks.entries.associate { it.key.second to it.value.second }

    /** The image and army of a piece of a summary's position (null: nothing to draw it with). */
    fun look(p: PieceView): Pair<String, String?>? {
        val letter = p.letter.uppercase()
        looks[Triple(letter, p.owner, p.promoted)]?.let { return it }
        // A kind this seat did not have at the start (a promoted or captured-and-dropped
        // piece): another seat's image of that kind in this seat's army.
        val glyph = looks.entries.firstOrNull { it.key.first == letter && it.key.third == p.promoted }?.value?.first
            ?: return null
        return glyph to armyOf[p.owner]
    }

    companion object {
        private val cache = HashMap<String, PreviewBoard?>()

        /** The preview board of a game (null when the game cannot be set up here). */
        fun of(gameId: String, seats: List<SeatConfig>): PreviewBoard? = synchronized(cache) {
            cache.getOrPut(gameId) {
                runCatching {
                    GameSession(gameId, seats, defaultHouseRules(), 0uL).use { s ->
                        // the start position: no piece is promoted yet
                        val scene = s.screen().scene
                        val looks = HashMap<Triple<String, UByte?, Boolean>, Pair<String, String>>()
                        for (sp in scene.pieces) {
                            if (sp.cell == null) continue
                            looks.putIfAbsent(Triple(sp.letter.uppercase(), sp.owner, false), sp.glyph to sp.army)
                        }
                        PreviewBoard(scene, looks)
                    }
                }.getOrNull()
            }
        }
    }
}

/**
 * A small image of a saved game's position (Continue rows): the board of the game with the
 * pieces of the summary's `position` (`previewPieces`). Nothing is drawn for a position the
 * summary does not show (fog of war in play: the position is "").
 */
@Composable
fun BoardPreview(art: PieceArt, gameId: String, seats: List<SeatConfig>, position: String, modifier: Modifier = Modifier) {
    val board = remember(gameId) { PreviewBoard.of(gameId, seats) } ?: return
    val pieces = remember(gameId, position) {
        if (position.isEmpty()) emptyList() else runCatching { previewPieces(gameId, position) }.getOrDefault(emptyList())
    }
    val centres = remember(board) { board.scene.cells.associate { it.cell to it.centre } }
    Canvas(modifier) {
        val u = min(size.width / board.width, size.height / board.height)
        val dx = (size.width - board.width * u) / 2f - board.left * u
        val dy = (size.height - board.height * u) / 2f - board.top * u
        clipRect {
            translate(dx, dy) {
                val scene = board.scene
                scene.regions.forEach { drawPath(polyPath(it.polygon, u), argb(it.colour)) }
                scene.cells.forEach { c -> c.fill?.let { drawPath(polyPath(c.polygon, u), argb(it)) } }
                for (l in scene.lines) {
                    val path = androidx.compose.ui.graphics.Path()
                    l.points.forEachIndexed { i, q -> if (i == 0) path.moveTo(q.x * u, q.y * u) else path.lineTo(q.x * u, q.y * u) }
                    if (l.closed) path.close()
                    drawPath(path, argb(l.colour), style = Stroke(maxOf(l.width * u, 0.5f)))
                }
                for (p in pieces) {
                    val c = centres[p.cell] ?: continue
                    val (glyph, armyId) = board.look(p) ?: continue
                    val g = art.glyph(glyph) ?: continue
                    val army = scene.armies.firstOrNull { it.id == armyId }
                    drawGlyph(g, army, Offset(c.x * u, c.y * u), board.pieceSize * u, 0f, if (p.owner == null) 0.85f else 1f)
                }
            }
        }
    }
}

private fun polyPath(points: List<uniffi.rookery_bindings.ScenePoint>, u: Float) = androidx.compose.ui.graphics.Path().apply {
    points.forEachIndexed { i, q -> if (i == 0) moveTo(q.x * u, q.y * u) else lineTo(q.x * u, q.y * u) }
    close()
}
