package rookery.ui

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.StrokeJoin
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Fill
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.rotate
import androidx.compose.ui.graphics.drawscope.scale
import androidx.compose.ui.graphics.drawscope.translate
import androidx.compose.ui.graphics.drawscope.withTransform
import androidx.compose.ui.graphics.vector.PathParser
import uniffi.rookery_bindings.SceneArmy

/**
 * The piece images of `assets/pieces/<glyph>.svg` (drawn by make_pieces.py), read into Compose paths
 * once per glyph. The files use a small SVG subset: `path`, `circle`, `polygon` and `g` with a
 * `translate(x y) scale(k)` transform; fill and stroke colours, `#fefefe` (body), `#010101`
 * (ink) and `#b00000` (mark) being the tokens replaced by the army's colours, as
 * `rookery render` does. Common code: Android reads the files from its assets, the desktop
 * from the repository.
 */
class PieceArt(private val source: (String) -> String?) {
    private val cache = HashMap<String, Glyph?>()

    fun glyph(id: String): Glyph? = synchronized(cache) {
        cache.getOrPut(id) { source(id)?.let { parseGlyph(it) } }
    }

    class Shape(
        val path: Path,
        val fill: String?,
        val stroke: String?,
        val strokeWidth: Float,
        val round: Boolean,
        /** `translate(tx ty) scale(k)` of the enclosing group. */
        val tx: Float, val ty: Float, val k: Float,
    )

    class Glyph(val shapes: List<Shape>)

    companion object {
        private val element = Regex("""<(/?)(path|circle|polygon|g)\b([^>]*?)(/?)>""")
        private val attribute = Regex("""([a-z-]+)="([^"]*)"""")
        private val transform =
            Regex("""translate\(([-\d.]+)[ ,]+([-\d.]+)\)\s*scale\(([-\d.]+)\)""")

        fun parseGlyph(svg: String): Glyph {
            val shapes = ArrayList<Shape>()
            var tx = 0f
            var ty = 0f
            var k = 1f
            for (m in element.findAll(svg)) {
                val (closing, tag, attrs, _) = m.destructured
                if (tag == "g") {
                    if (closing == "/") {
                        tx = 0f; ty = 0f; k = 1f
                    } else {
                        val a = attrs(attrs)
                        transform.find(a["transform"] ?: "")?.let {
                            tx = it.groupValues[1].toFloat()
                            ty = it.groupValues[2].toFloat()
                            k = it.groupValues[3].toFloat()
                        }
                    }
                    continue
                }
                val a = attrs(attrs)
                val path = when (tag) {
                    "path" -> PathParser().parsePathString(a["d"] ?: "").toPath()
                    "circle" -> Path().apply {
                        val cx = a["cx"]!!.toFloat()
                        val cy = a["cy"]!!.toFloat()
                        val r = a["r"]!!.toFloat()
                        addOval(androidx.compose.ui.geometry.Rect(cx - r, cy - r, cx + r, cy + r))
                    }
                    else -> Path().apply {
                        val n = (a["points"] ?: "").trim().split(Regex("[\\s,]+"))
                            .filter { it.isNotEmpty() }.map { it.toFloat() }
                        for (i in 0 until n.size / 2) {
                            if (i == 0) moveTo(n[0], n[1]) else lineTo(n[2 * i], n[2 * i + 1])
                        }
                        close()
                    }
                }
                shapes += Shape(
                    path,
                    a["fill"]?.takeIf { it != "none" } ?: if ("fill" in a) null else "#000000",
                    a["stroke"]?.takeIf { it != "none" },
                    a["stroke-width"]?.toFloat() ?: 1f,
                    a["stroke-linejoin"] == "round",
                    tx, ty, k,
                )
            }
            return Glyph(shapes)
        }

        private fun attrs(s: String): Map<String, String> =
            attribute.findAll(s).associate { it.groupValues[1] to it.groupValues[2] }
    }
}

/** An ARGB colour of the scene as a Compose colour. */
fun argb(c: UInt): Color = Color(c.toInt())

private fun hex(s: String): Color =
    Color(0xFF000000.toInt() or s.removePrefix("#").toInt(16))

/** The colour of a token of the piece images for an army. */
fun tokenColour(token: String, army: SceneArmy?): Color = when (token.lowercase()) {
    "#fefefe" -> army?.let { argb(it.body) } ?: hex(token)
    "#010101" -> army?.let { argb(it.ink) } ?: hex(token)
    "#b00000" -> army?.let { argb(it.mark) } ?: hex(token)
    else -> hex(token)
}

/** Draws a 100×100 glyph centred on `centre`, `size` pixels wide, turned `rotation` degrees. */
fun DrawScope.drawGlyph(
    glyph: PieceArt.Glyph,
    army: SceneArmy?,
    centre: Offset,
    size: Float,
    rotation: Float,
    alpha: Float = 1f,
) {
    val s = size / 100f
    withTransform({
        translate(centre.x, centre.y)
        rotate(rotation, pivot = Offset.Zero)
        scale(s, s, pivot = Offset.Zero)
        translate(-50f, -50f)
    }) {
        for (sh in glyph.shapes) {
            translate(sh.tx, sh.ty) {
                scale(sh.k, sh.k, pivot = Offset.Zero) {
                    sh.fill?.let { drawPath(sh.path, tokenColour(it, army), alpha = alpha, style = Fill) }
                    sh.stroke?.let {
                        drawPath(
                            sh.path, tokenColour(it, army), alpha = alpha,
                            style = Stroke(
                                width = sh.strokeWidth,
                                join = if (sh.round) StrokeJoin.Round else StrokeJoin.Miter,
                                cap = if (sh.round) StrokeCap.Round else StrokeCap.Butt,
                            ),
                        )
                    }
                }
            }
        }
    }
}
