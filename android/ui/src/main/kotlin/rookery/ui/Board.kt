package rookery.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.offset
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.gestures.rememberTransformableState
import androidx.compose.foundation.gestures.transformable
import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.tween
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.draw.clipToBounds
import androidx.compose.ui.graphics.graphicsLayer
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.unit.IntOffset
import kotlin.math.roundToInt
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.StrokeJoin
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.rotate
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.sp
import uniffi.rookery_bindings.BoardScene
import uniffi.rookery_bindings.ScenePoint
import kotlin.math.cos
import kotlin.math.min
import kotlin.math.sin
import kotlin.math.sqrt

/**
 * Painting tones of `core/src/scene/palette.rs` (`tone`): marks the scene flags on cells
 * (selection, last move, targets, check) and the bars' backgrounds. The scene itself carries
 * every board colour; only these overlay tones are repeated here, as `rookery render` has them.
 */
object Tone {
    val lastMove = Color(0xE8, 0xD8, 0x4A, 110)
    val selected = Color(0x3C, 0x8C, 0xFF, 120)
    val target = Color(0x1E, 0x3C, 0x1E, 110)
    val check = Color(0xFF, 0x20, 0x20, 170)
    val fog = Color(0xFF55585F)
    val hand = Color(0xFFC9A46A)
    val line = Color(0xFF4A3020)
    val bar = Color(0xFF3B3E45)
    val barTurn = Color(0xFF5A6275)
}

/** The piece that arrives on [cell] slides there from [from] (scene units). */
data class Slide(val cell: String, val from: ScenePoint)

/**
 * The slide of the move that turned [prev] into [next], if one piece moved from one cell to
 * another (the scene's last-move cells changed: a person's move or a bot's). Null on the first
 * scene, when the last move is the same (a selection), and for what is not one piece's step
 * (castling, drops, a pass, undo and redo still slide when they are).
 */
fun moveSlide(prev: BoardScene?, next: BoardScene): Slide? {
    if (prev == null || prev.gameId != next.gameId) return null
    val marked = next.cells.filter { it.lastMove }
    if (marked.size != 2 || marked.map { it.cell } == prev.cells.filter { it.lastMove }.map { it.cell }) return null
    fun look(s: BoardScene, cell: String) = s.pieces.firstOrNull { it.cell == cell }?.let { it.glyph to it.army }
    val to = marked.singleOrNull { look(next, it.cell) != null && look(next, it.cell) != look(prev, it.cell) } ?: return null
    val from = marked.single { it !== to }
    if (look(next, from.cell) != null || look(prev, from.cell)?.second != look(next, to.cell)?.second) return null
    return Slide(to.cell, from.centre)
}

/** What the bar of a seat says (name, score), prepared by the screen in the user's language. */
class BarText(val label: String, val detail: String)

/**
 * The board scene of the core painted on a Canvas, as large as fits. A tap is turned into the
 * scene's coordinates (x 0..1, y 0..height) and handed up; the screen asks the core's hit
 * test what was hit.
 */
@Composable
fun BoardCanvas(
    scene: BoardScene,
    art: PieceArt,
    bars: Map<Int, BarText>,
    modifier: Modifier = Modifier,
    description: String = "",
    onTap: ((Float, Float) -> Unit)? = null,
    /** What a screen reader says for a cell ("e2, white pawn"); with [onCell] each cell is a button. */
    cellDescription: ((String) -> String)? = null,
    onCell: ((String) -> Unit)? = null,
    zoomable: Boolean = false,
    /**
     * A drag from (x0, y0) to (x1, y1) in scene units: a piece carried from its cell to a
     * target. Not on zoomable boards, where one finger pans.
     */
    onDrag: ((Float, Float, Float, Float) -> Unit)? = null,
) {
    BoxWithConstraints(modifier, contentAlignment = Alignment.Center) {
        val density = LocalDensity.current
        val wPx = with(density) { maxWidth.toPx() }
        val hPx = with(density) { maxHeight.toPx() }
        val unit = if (hPx.isFinite()) min(wPx, hPx / scene.height) else wPx
        val measurer = rememberTextMeasurer()
        val w = with(density) { unit.toDp() }
        val h = with(density) { (unit * scene.height).toDp() }
        val polys = remember(scene.cells, scene.regions) {
            Pair(scene.regions.map { it.polygon }, scene.cells.map { it.polygon })
        }
        // The last move slides in (about 0.2 s), drawn only: taps go on meanwhile.
        val lastScene = remember(scene.gameId) { arrayOfNulls<BoardScene>(1) }
        // A move dropped by a drag is already where the finger left it: it does not slide.
        val droppedOn = remember(scene.gameId) { arrayOfNulls<String>(1) }
        val slide = remember(scene) {
            moveSlide(lastScene[0], scene).takeUnless { it != null && it.cell == droppedOn[0] }
                .also { lastScene[0] = scene; droppedOn[0] = null }
        }
        // The piece under a dragging finger (its cell, the finger in pixels), drawn there.
        val current by rememberUpdatedState(scene)
        var carried by remember(scene.gameId) { mutableStateOf<Pair<String, Offset>?>(null) }
        val progress = remember(scene.gameId) { Animatable(1f) }
        LaunchedEffect(slide) {
            if (slide != null) {
                progress.snapTo(0f)
                progress.animateTo(1f, tween(200))
            }
        }
        var zoom by remember(scene.gameId) { mutableStateOf(1f) }
        var pan by remember(scene.gameId) { mutableStateOf(Offset.Zero) }
        val transform = rememberTransformableState { z, p, _ ->
            zoom = (zoom * z).coerceIn(1f, 5f)
            pan = if (zoom == 1f) Offset.Zero else pan + p
        }
        var outer = Modifier.size(w, h).clipToBounds()
        if (zoomable) outer = outer.transformable(transform)
        var m = Modifier.size(w, h).testTag("board").semantics { contentDescription = description }
            .graphicsLayer {
                scaleX = zoom; scaleY = zoom
                translationX = pan.x; translationY = pan.y
            }
        if (onTap != null) {
            m = m.pointerInput(scene.gameId, unit) {
                detectTapGestures { o -> onTap(o.x / unit, o.y / unit) }
            }
        }
        if (onDrag != null && !zoomable) {
            m = m.pointerInput(scene.gameId, unit) {
                // One finger down on the board, moved past the touch slop and lifted: a drag
                // from where it went down to where it came up (a second finger ends it: pinch).
                awaitEachGesture {
                    val down = awaitFirstDown(requireUnconsumed = false)
                    var last = down.position
                    var dragging = false
                    val piece = current.pieces.firstOrNull {
                        it.cell != null && (Offset(it.centre.x * unit, it.centre.y * unit) - down.position).getDistance() < it.size * unit / 2
                    }?.cell
                    try {
                        while (true) {
                            val ev = awaitPointerEvent()
                            if (ev.changes.size > 1) break
                            val ch = ev.changes.firstOrNull { it.id == down.id } ?: break
                            if (!ch.pressed) {
                                if (dragging) {
                                    droppedOn[0] = current.cells.minByOrNull {
                                        (Offset(it.centre.x * unit, it.centre.y * unit) - last).getDistance()
                                    }?.cell
                                    carried = null
                                    onDrag(down.position.x / unit, down.position.y / unit, last.x / unit, last.y / unit)
                                }
                                break
                            }
                            last = ch.position
                            if (!dragging && (last - down.position).getDistance() > viewConfiguration.touchSlop) dragging = true
                            if (dragging) {
                                ch.consume()
                                carried = piece?.let { it to last }
                            }
                        }
                    } finally {
                        carried = null
                    }
                }
            }
        }
        Box(outer) {
        Canvas(m) {
            val u = unit
            drawRect(argb(scene.background), size = Size(u, u * scene.height))
            scene.regions.forEachIndexed { i, r -> drawPath(poly(polys.first[i], u), argb(r.colour)) }
            scene.cells.forEachIndexed { i, c ->
                val p = poly(polys.second[i], u)
                val fill = if (c.fog) Tone.fog else c.fill?.let { argb(it) }
                if (fill != null) {
                    drawPath(p, fill)
                    drawPath(p, fill, style = Stroke(0.6f))
                }
                if (c.lastMove) drawPath(p, Tone.lastMove)
                if (c.selected) drawPath(p, Tone.selected)
            }
            for (l in scene.lines) {
                val p = Path()
                l.points.forEachIndexed { i, q -> if (i == 0) p.moveTo(q.x * u, q.y * u) else p.lineTo(q.x * u, q.y * u) }
                if (l.closed) p.close()
                drawPath(p, argb(l.colour), style = Stroke(l.width * u, cap = StrokeCap.Round, join = StrokeJoin.Round))
            }
            for (d in scene.dots) drawCircle(argb(d.colour), d.radius * u, Offset(d.centre.x * u, d.centre.y * u))
            for (l in scene.labels) {
                val style = TextStyle(color = argb(l.colour), fontSize = (l.size * u * 0.8f / density.density / density.fontScale).sp)
                val t = measurer.measure(l.text, style)
                drawText(t, topLeft = Offset(l.at.x * u - t.size.width / 2f, l.at.y * u - t.size.height / 2f))
            }
            for (s in scene.hands) {
                val p = poly(s.polygon, u)
                drawPath(p, Tone.hand)
                drawPath(p, Tone.line, style = Stroke(1f))
            }
            for (b in scene.bars) {
                rotate(b.rotation, Offset(b.centre.x * u, b.centre.y * u)) {
                    val bw = b.width * u
                    val bh = b.height * u
                    val tl = Offset(b.centre.x * u - bw / 2, b.centre.y * u - bh / 2)
                    drawRoundRect(
                        if (b.toMove) Tone.barTurn else Tone.bar, tl, Size(bw, bh),
                        androidx.compose.ui.geometry.CornerRadius(bh * 0.25f),
                    )
                    if (b.toMove) {
                        drawRoundRect(
                            Color(0xFFF0F0F0), tl, Size(bw, bh),
                            androidx.compose.ui.geometry.CornerRadius(bh * 0.25f), style = Stroke(bh * 0.06f),
                        )
                    }
                    val army = scene.armies.firstOrNull { it.id == b.colourId }
                    val swatch = if (b.playing) army?.let { argb(it.body) } ?: Color.Gray else Color(0xFF8A8A8A)
                    drawCircle(swatch, bh * 0.32f, Offset(tl.x + bh * 0.55f, tl.y + bh / 2))
                    val text = bars[b.seat.toInt()]
                    if (text != null) {
                        val style = TextStyle(
                            color = if (b.playing) Color(0xFFF0F0F0) else Color(0xFF8A8A8A),
                            fontSize = (bh * 0.42f / density.density / density.fontScale).sp,
                        )
                        val line = if (text.detail.isEmpty()) text.label else text.label + "  " + text.detail
                        val t = measurer.measure(line, style, maxLines = 1, softWrap = false)
                        val left = tl.x + bh * 1.0f
                        drawText(t, topLeft = Offset(left, tl.y + (bh - t.size.height) / 2f))
                    }
                    if (!b.playing) {
                        drawLine(
                            Color(0xFFD0D0D0), Offset(tl.x + bh * 0.2f, tl.y + bh / 2),
                            Offset(tl.x + bw - bh * 0.2f, tl.y + bh / 2), bh * 0.06f,
                        )
                    }
                }
            }
            for (p in scene.pieces.filter { it.checked }) {
                drawCircle(Tone.check, p.size * u * 0.52f, Offset(p.centre.x * u, p.centre.y * u))
            }
            for (p in scene.pieces) {
                val g = art.glyph(p.glyph) ?: continue
                val army = scene.armies.firstOrNull { it.id == p.army }
                var c = Offset(p.centre.x * u, p.centre.y * u)
                val held = carried
                if (held != null && p.cell == held.first) c = held.second else
                if (slide != null && p.cell == slide.cell && progress.value < 1f) {
                    val t = progress.value
                    c = Offset((slide.from.x + (p.centre.x - slide.from.x) * t) * u, (slide.from.y + (p.centre.y - slide.from.y) * t) * u)
                }
                drawGlyph(g, army, c, p.size * u, p.rotation, if (p.grey) 0.85f else 1f)
                p.walk?.let { walkChevron(c, p.size * u, it) }
            }
            for (s in scene.hands.filter { it.count > 1u }) {
                val a = s.polygon[0]
                val b = s.polygon[1]
                val side = sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)) * u
                val t = measurer.measure(
                    s.count.toString(),
                    TextStyle(color = Color(0xFF101010), fontSize = (side * 0.3f / density.density / density.fontScale).sp),
                )
                drawText(t, topLeft = Offset(s.centre.x * u + side * 0.32f - t.size.width / 2f, s.centre.y * u + side * 0.32f - t.size.height / 2f))
            }
            for (c in scene.cells.filter { it.target }) {
                val side = sqrt(area(c.polygon)) * u
                val o = Offset(c.centre.x * u, c.centre.y * u)
                if (c.capture) drawCircle(Tone.target, side * 0.44f, o, style = Stroke(side * 0.08f))
                else drawCircle(Tone.target, side * 0.15f, o)
            }
        }
        if (cellDescription != null && onCell != null && zoom == 1f) {
            // One invisible button per cell for screen readers (TalkBack): a cell can be
            // chosen by name and double-tapped, through the same interaction layer.
            for (c in scene.cells) {
                val xs = c.polygon.map { it.x }
                val ys = c.polygon.map { it.y }
                val left = xs.min() * unit
                val top = ys.min() * unit
                val label = cellDescription(c.cell)
                Box(
                    Modifier.offset { IntOffset(left.roundToInt(), top.roundToInt()) }
                        .size(with(density) { ((xs.max() - xs.min()) * unit).toDp() }, with(density) { ((ys.max() - ys.min()) * unit).toDp() })
                        .testTag("cell-${c.cell}")
                        .semantics {
                            contentDescription = label
                            role = Role.Button
                            onClick { onCell(c.cell); true }
                        },
                )
            }
        }
        }
    }
}

private fun poly(points: List<ScenePoint>, u: Float): Path = Path().apply {
    points.forEachIndexed { i, q -> if (i == 0) moveTo(q.x * u, q.y * u) else lineTo(q.x * u, q.y * u) }
    close()
}

private fun area(points: List<ScenePoint>): Float {
    var a = 0f
    for (i in points.indices) {
        val p = points[i]
        val q = points[(i + 1) % points.size]
        a += p.x * q.y - q.x * p.y
    }
    return kotlin.math.abs(a) / 2f
}

/** A small chevron at the edge of a pawn pointing the way it walks (three-player, four seasons). */
private fun DrawScope.walkChevron(c: Offset, size: Float, angle: Float) {
    val r = Math.toRadians(angle.toDouble())
    val dx = sin(r).toFloat()
    val dy = -cos(r).toFloat()
    val px = -dy
    val py = dx
    val d = size * 0.46f
    val a = size * 0.12f
    val cx = c.x + dx * d
    val cy = c.y + dy * d
    val p = Path().apply {
        moveTo(cx + dx * a, cy + dy * a)
        lineTo(cx + px * a - dx * a * 0.3f, cy + py * a - dy * a * 0.3f)
        lineTo(cx - px * a - dx * a * 0.3f, cy - py * a - dy * a * 0.3f)
        close()
    }
    drawPath(p, Color(0xFFF0F0F0))
    drawPath(p, Color(0xFF101010), style = Stroke(a * 0.15f))
}
