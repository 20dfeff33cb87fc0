package rookery.ui

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.SolidColor
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.StrokeJoin
import androidx.compose.ui.graphics.vector.ImageVector
import androidx.compose.ui.graphics.vector.PathBuilder
import androidx.compose.ui.graphics.vector.path
import androidx.compose.ui.unit.dp

/**
 * The app's icons, drawn as simple 24×24 vector paths (no icon artefact: the Maven repository
 * has no material-icons). Stroked in black; `Icon` tints them with the content colour.
 */
object RookeryIcons {
    private fun icon(name: String, fill: Boolean = false, build: PathBuilder.() -> Unit): ImageVector =
        ImageVector.Builder(name, 24.dp, 24.dp, 24f, 24f).apply {
            if (fill) {
                path(fill = SolidColor(Color.Black), pathBuilder = build)
            } else {
                path(
                    stroke = SolidColor(Color.Black), strokeLineWidth = 2f,
                    strokeLineCap = StrokeCap.Round, strokeLineJoin = StrokeJoin.Round, pathBuilder = build,
                )
            }
        }.build()

    val Back = icon("back") { moveTo(20f, 12f); lineTo(4f, 12f); moveTo(10f, 6f); lineTo(4f, 12f); lineTo(10f, 18f) }

    /** An open book (the rules page). */
    val Rules = icon("rules") {
        moveTo(12f, 6f); curveTo(9f, 4f, 5f, 4f, 3f, 5f); lineTo(3f, 19f); curveTo(5f, 18f, 9f, 18f, 12f, 20f)
        curveTo(15f, 18f, 19f, 18f, 21f, 19f); lineTo(21f, 5f); curveTo(19f, 4f, 15f, 4f, 12f, 6f); close()
        moveTo(12f, 6f); lineTo(12f, 20f)
    }

    /** Three dots, one above the other. */
    val More = icon("more", fill = true) {
        for (y in listOf(5f, 12f, 19f)) {
            moveTo(12f, y - 2f); arcTo(2f, 2f, 0f, true, true, 12f, y + 2f); arcTo(2f, 2f, 0f, true, true, 12f, y - 2f); close()
        }
    }

    val Undo = icon("undo") {
        moveTo(9f, 14f); lineTo(4f, 9f); lineTo(9f, 4f)
        moveTo(4f, 9f); lineTo(14f, 9f); curveTo(18f, 9f, 20f, 12f, 20f, 14.5f); curveTo(20f, 17f, 18f, 20f, 14f, 20f); lineTo(11f, 20f)
    }

    val Redo = icon("redo") {
        moveTo(15f, 14f); lineTo(20f, 9f); lineTo(15f, 4f)
        moveTo(20f, 9f); lineTo(10f, 9f); curveTo(6f, 9f, 4f, 12f, 4f, 14.5f); curveTo(4f, 17f, 6f, 20f, 10f, 20f); lineTo(13f, 20f)
    }

    /** A clock face with an arrow turning back (history). */
    val Review = icon("review") {
        moveTo(4f, 12f); arcTo(8f, 8f, 0f, true, true, 6.3f, 17.7f)
        moveTo(1.5f, 9.5f); lineTo(4f, 12f); lineTo(6.5f, 9.5f)
        moveTo(12f, 8f); lineTo(12f, 12f); lineTo(15f, 14f)
    }

    /** A flag on a pole (resign). */
    val Resign = icon("resign") {
        moveTo(5f, 21f); lineTo(5f, 3f)
        moveTo(5f, 4f); lineTo(18f, 4f); lineTo(15f, 8f); lineTo(18f, 12f); lineTo(5f, 12f)
    }

    /** Two people (the players, handing a seat to a bot). */
    val Seats = icon("seats") {
        moveTo(9f, 4f); arcTo(3f, 3f, 0f, true, true, 9f, 10f); arcTo(3f, 3f, 0f, true, true, 9f, 4f); close()
        moveTo(3f, 20f); curveTo(3f, 15f, 6f, 13f, 9f, 13f); curveTo(12f, 13f, 15f, 15f, 15f, 20f)
        moveTo(16f, 5f); arcTo(2.5f, 2.5f, 0f, false, true, 16f, 10f)
        moveTo(17f, 13.2f); curveTo(19.5f, 14f, 21f, 16f, 21f, 20f)
    }

    /** A square table with a mark on each side (table mode). */
    val Table = icon("table") {
        moveTo(7f, 7f); lineTo(17f, 7f); lineTo(17f, 17f); lineTo(7f, 17f); close()
        moveTo(10f, 3f); lineTo(14f, 3f); moveTo(10f, 21f); lineTo(14f, 21f)
        moveTo(3f, 10f); lineTo(3f, 14f); moveTo(21f, 10f); lineTo(21f, 14f)
    }

    val First = icon("first") { moveTo(6f, 5f); lineTo(6f, 19f); moveTo(17f, 5f); lineTo(10f, 12f); lineTo(17f, 19f) }
    val Previous = icon("previous") { moveTo(15f, 5f); lineTo(8f, 12f); lineTo(15f, 19f) }
    val Next = icon("next") { moveTo(9f, 5f); lineTo(16f, 12f); lineTo(9f, 19f) }
    val Last = icon("last") { moveTo(18f, 5f); lineTo(18f, 19f); moveTo(7f, 5f); lineTo(14f, 12f); lineTo(7f, 19f) }
    /** A robot's head (hand a seat to a bot). */
    val Bot = icon("bot") {
        moveTo(5f, 8f); lineTo(19f, 8f); lineTo(19f, 19f); lineTo(5f, 19f); close()
        moveTo(12f, 8f); lineTo(12f, 4f); moveTo(9f, 12.5f); lineTo(9f, 13.5f); moveTo(15f, 12.5f); lineTo(15f, 13.5f)
        moveTo(9f, 16f); lineTo(15f, 16f); moveTo(2.5f, 12f); lineTo(2.5f, 15f); moveTo(21.5f, 12f); lineTo(21.5f, 15f)
    }

    /** One person (a person takes a seat back from a bot). */
    val Person = icon("person") {
        moveTo(12f, 3f); arcTo(4f, 4f, 0f, true, true, 12f, 11f); arcTo(4f, 4f, 0f, true, true, 12f, 3f); close()
        moveTo(4f, 21f); curveTo(4f, 16f, 8f, 14f, 12f, 14f); curveTo(16f, 14f, 20f, 16f, 20f, 21f)
    }

    val Check = icon("check") { moveTo(4f, 12f); lineTo(10f, 18f); lineTo(20f, 6f) }
}
