package rookery.ui

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.junit4.ComposeContentTestRule
import androidx.compose.ui.test.click
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onAllNodesWithTag
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.performScrollToNode
import rookery.desktop.DesktopPlatform
import uniffi.rookery_bindings.GameLibrary
import java.io.File
import java.nio.file.Files

/** The repository root (set by the pom as -Drookery.root). */
val ROOT: File = DesktopPlatform.findRoot()

fun tempDir(prefix: String): File = Files.createTempDirectory(prefix).toFile().apply { deleteOnExit() }

/** A desktop platform over a fresh library in `dir` (saves not fsynced: tests only). */
fun platformAt(dir: File, settings: Settings = Settings()): DesktopPlatform {
    val lib = GameLibrary(File(dir, "saves").path)
    lib.setSyncToDisk(false)
    return DesktopPlatform(ROOT, lib, null, settings, audio = false, exports = File(dir, "exports"))
}

/** Waits until the app's game screen is open and no intent waits for the core. */
fun ComposeContentTestRule.awaitGame(app: AppState): GameController {
    waitUntil(60_000) { app.game?.idle == true }
    waitForIdle()
    return app.game!!
}

/** Waits until no intent of the controller waits for the core. */
fun ComposeContentTestRule.settle(game: GameController) {
    waitForIdle()
    waitUntil(60_000) { game.idle }
    waitForIdle()
}

/** Taps the centre of a cell on the board canvas, as a finger would. */
fun ComposeContentTestRule.tapCell(app: AppState, cell: String) = tapCell(awaitGame(app), cell)

/** Taps the centre of a cell on the board canvas of a controller's screen. */
fun ComposeContentTestRule.tapCell(game: GameController, cell: String) {
    val scene = game.state.value.scene
    val c = scene.cells.first { it.cell == cell }
    val node = onNodeWithTag("board").fetchSemanticsNode()
    val unit = node.size.width.toFloat()
    onNodeWithTag("board").performTouchInput { click(Offset(c.centre.x * unit, c.centre.y * unit)) }
    settle(game)
}

/** Taps a point of the scene (x 0..1, y 0..height) on the board canvas. */
fun ComposeContentTestRule.tapScene(x: Float, y: Float) {
    val node = onNodeWithTag("board").fetchSemanticsNode()
    val unit = node.size.width.toFloat()
    onNodeWithTag("board").performTouchInput { click(Offset(x * unit, y * unit)) }
    waitForIdle()
}

/** Drags from the centre of one cell to the centre of another on the board canvas, as a finger would. */
fun ComposeContentTestRule.dragCell(game: GameController, from: String, to: String) {
    val scene = game.state.value.scene
    val a = scene.cells.first { it.cell == from }.centre
    val b = scene.cells.first { it.cell == to }.centre
    val unit = onNodeWithTag("board").fetchSemanticsNode().size.width.toFloat()
    onNodeWithTag("board").performTouchInput {
        down(Offset(a.x * unit, a.y * unit))
        for (i in 1..8) moveTo(Offset((a.x + (b.x - a.x) * i / 8f) * unit, (a.y + (b.y - a.y) * i / 8f) * unit))
        up()
    }
    settle(game)
}

/** Waits until a node with `tag` exists (the home screen reads the saved games off the main thread). */
fun ComposeContentTestRule.awaitTag(tag: String, unmerged: Boolean = false) {
    waitUntil(60_000) {
        onAllNodesWithTag(tag, useUnmergedTree = unmerged).fetchSemanticsNodes().isNotEmpty()
    }
}

/** Scrolls Home to a game of the catalogue (its own pane on a wide window, else the one list). */
fun ComposeContentTestRule.scrollHomeTo(tag: String) {
    val pane = if (onAllNodesWithTag("home-catalogue").fetchSemanticsNodes().isNotEmpty()) "home-catalogue" else "home-list"
    onNodeWithTag(pane).performScrollToNode(androidx.compose.ui.test.hasTestTag(tag))
}
