package rookery.ui

import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.rememberCoroutineScope
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.test.junit4.createComposeRule
import androidx.compose.ui.test.onAllNodesWithTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.performTextReplacement
import androidx.compose.ui.test.performScrollToNode
import androidx.compose.ui.test.hasTestTag
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import uniffi.rookery_bindings.GameSession
import uniffi.rookery_bindings.SavedStatus
import uniffi.rookery_bindings.SeatConfig
import uniffi.rookery_bindings.GameScreen
import uniffi.rookery_bindings.PendingView
import uniffi.rookery_bindings.ScreenIntent
import uniffi.rookery_bindings.ScreenLooker
import uniffi.rookery_bindings.defaultHouseRules
import uniffi.rookery_bindings.inFlightTasks
import uniffi.rookery_bindings.previewPieces
import kotlin.random.Random

/**
 * The app's screens clicked on the JVM (Compose Multiplatform desktop, headless) against the
 * real library: every move below is a tap on the board canvas, turned into a cell by the
 * core's hit test and played by the core's interaction layer.
 */
class GameUiTest {
    @get:Rule
    val rule = createComposeRule()

    private val waitMs = 120_000L

    private fun personToMove(st: GameScreen) = st.bars.any { it.toMove && it.bot == null }

    /** Waits until a person is to move or the game is over (bots play on the library runtime). */
    private fun awaitPersonOrEnd(app: AppState): GameScreen {
        try { rule.waitUntil(waitMs) {
            val g = app.game ?: return@waitUntil false
            val st = g.state.value
            g.idle && st.bars.none { it.thinking } && (st.result != null || personToMove(st) || st.pending != null || g.waitingForDecision(st)) ||
                st.result != null || (g.idle && g.waitingForDecision(st))
        } } catch (e: Throwable) {
            val st = app.game?.state?.value
            System.err.println("DEBUG status=${st?.status} moves=${st?.moves?.size} result=${st?.result} bars=${st?.bars}")
            throw e
        }
        rule.waitForIdle()
        return app.game!!.state.value
    }

    /** One move of the person to move, by taps on the board (a random own piece with targets, then a target). */
    private fun tapMove(app: AppState, rng: Random) {
        val game = rule.awaitGame(app)
        val st = game.state.value
        val before = st.moves.size
        val turn = st.bars.single { it.toMove }.seat
        val own = st.scene.pieces.filter { it.owner == turn && it.cell != null }.map { it.cell!! }.shuffled(rng)
        var targets = emptyList<String>()
        for (from in own) {
            rule.tapCell(app, from)
            val now = game.state.value
            if (now.scene.cells.singleOrNull { it.selected }?.cell != from) continue
            targets = now.scene.cells.filter { it.target }.map { it.cell }
            if (targets.isNotEmpty()) break
        }
        assertTrue("some piece of seat $turn can move", targets.isNotEmpty())
        rule.tapCell(app, targets[rng.nextInt(targets.size)])
        if (game.state.value.pending is PendingView.Promotion || game.state.value.pending is PendingView.Moves) {
            val tag = if (game.state.value.pending is PendingView.Promotion) "promote-0" else "choose-move-0"
            rule.onNodeWithTag(tag).performScrollTo().performClick()
            rule.settle(game)
        }
        assertTrue(game.state.value.moves.size > before)
    }

    @Test
    fun fourPlayerPassAndPlayWithTwoPeopleTwoBotsAndAHandOver() {
        val p = platformAt(tempDir("ui-four"))
        val seats = listOf(SeatConfig.Person("Ann"), SeatConfig.Bot(1u), SeatConfig.Person("Cid"), SeatConfig.Bot(1u))
        val id = p.library.newGame("four-player-ffa", seats, defaultHouseRules().copy(moveLimit = 40u), 7u)
            .use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        val rng = Random(20)
        var personMoves = 0
        var handedOver = false
        while (true) {
            val st = awaitPersonOrEnd(app)
            if (st.result != null) break
            if (app.game!!.waitingForDecision(st)) {
                rule.onNodeWithTag("let-bots-finish").performScrollTo().performClick(); rule.settle(app.game!!); continue
            }
            if (personMoves == 4 && !handedOver) {
                // Cid leaves the table: seat 2 is handed to a bot mid-game, after a confirmation.
                rule.onNodeWithTag("hand-2").performScrollTo().performClick()
                rule.onNodeWithTag("hand-question").assertExists()
                rule.onNodeWithTag("hand-yes").performClick()
                rule.settle(app.game!!)
                handedOver = true
                continue
            }
            tapMove(app, rng)
            personMoves++
        }
        val st = app.game!!.state.value
        assertTrue(handedOver)
        assertTrue("people moved by taps: $personMoves", personMoves >= 6)
        assertNotNull(st.bars[2].bot)
        val result = st.result!!
        rule.onNodeWithTag("result").performScrollTo().assertExists()
        for (i in 0 until 4) rule.onNodeWithTag("standing-$i").assertExists()
        // Places as the rules rank them: the winners first.
        assertEquals(4, result.places.size)
        val winners = result.winners.map { it.toInt() }
        if (winners.isNotEmpty()) assertTrue(result.places.filter { it.seat.toInt() in winners }.all { it.place.toInt() == 1 })
        val summary = p.library.savedGames().single { it.id == id }
        assertEquals(SavedStatus.FINISHED, summary.status)
        assertEquals(st.moves.count { it.note == null }.toUInt(), summary.plyCount)
    }

    @Test
    fun theGameComesBackAfterProcessDeath() {
        val dir = tempDir("ui-resume")
        var platform = platformAt(dir)
        val id = platform.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 3u).use { it.screen().savedId!! }
        var saved: List<String> = listOf("home")
        var alive by mutableStateOf(true)
        var app: AppState? = null
        rule.setContent {
            if (alive) {
                val a = remember { AppState(platform, saved.mapNotNull { Route.decode(it) }) { saved = it } }
                app = a
                RookeryApp(platform, state = a)
            }
        }
        rule.awaitTag("saved-$id")
        rule.onNodeWithTag("saved-$id").performClick()
        rule.awaitGame(app!!)
        rule.tapCell(app!!, "e2"); rule.tapCell(app!!, "e4")
        rule.tapCell(app!!, "e7"); rule.tapCell(app!!, "e5")
        rule.tapCell(app!!, "g1")
        val fen = app!!.game!!.session.fen()
        val moves = app!!.game!!.state.value.moves
        assertEquals(2, moves.size)
        assertEquals(listOf("home", "game/$id"), saved)

        // Process death: every object dropped, the library closed; only the saved route survives.
        alive = false
        rule.waitForIdle()
        assertEquals(null, app!!.game)
        platform.library.close()
        app = null
        platform = platformAt(dir)
        alive = true
        rule.waitForIdle()
        rule.awaitGame(app!!)
        val back = app!!.game!!.state.value
        assertEquals(Route.Game(id), app!!.route)
        assertEquals(fen, app!!.game!!.session.fen())
        assertEquals(moves, back.moves)
        rule.onNodeWithTag("moves").assertExists()
        // Play goes on from there.
        rule.tapCell(app!!, "g1"); rule.tapCell(app!!, "f3")
        assertEquals(3, app!!.game!!.state.value.moves.size)
    }

    @Test
    fun leavingTheScreenCancelsAThinkingBot() {
        val p = platformAt(tempDir("ui-cancel"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Bot(8u), SeatConfig.Bot(8u)), defaultHouseRules(), 5u)
            .use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home)) {} }
            RookeryApp(p, state = app)
        }
        rule.awaitTag("saved-$id")
        rule.onNodeWithTag("saved-$id").performClick()
        rule.waitUntil(waitMs) { app.game?.state?.value?.bars?.any { it.thinking } == true }
        Thread.sleep(200)
        rule.onNodeWithTag("back").performClick()
        rule.waitForIdle()
        rule.onNodeWithTag("home-list").assertIsDisplayed()
        assertEquals(null, app.game)
        // The bot's task ends (cancelled), and nothing is played after leaving.
        rule.waitUntil(waitMs) { inFlightTasks() == 0L }
        val plies = p.library.savedGames().single { it.id == id }.plyCount
        Thread.sleep(300)
        assertEquals(plies, p.library.savedGames().single { it.id == id }.plyCount)
        // The game resumes as it was left.
        p.library.resume(id).use { assertEquals(plies.toInt(), it.screen().moves.size) }
    }

    @Test
    fun theLanguageSwitchesEveryString() {
        val p = platformAt(tempDir("ui-lang"))
        rule.setContent { RookeryApp(p) }
        rule.onNodeWithText("Chess and variants").assertExists()
        rule.onNodeWithTag("settings").performClick()
        rule.onNodeWithTag("lang-sk").performClick()
        rule.onNodeWithText("Jazyk").assertExists()
        rule.onNodeWithTag("back").performClick()
        rule.onNodeWithText("Šach a varianty").assertExists()
        rule.onNodeWithText("Chess and variants").assertDoesNotExist()
        rule.scrollHomeTo("game-xiangqi")
        rule.onNodeWithText(p.strings("sk").text("game-xiangqi-blurb")).assertExists()
        assertEquals("sk", p.loadSettings().language)
    }

    @Test
    fun aScreenReaderPlaysAMoveThroughTheCellButtons() {
        val p = platformAt(tempDir("ui-a11y"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.awaitGame(app)
        rule.onNodeWithContentDescription("e2, White Pawn").assertExists()
        rule.onNodeWithContentDescription("g8, Black Knight").assertExists()
        rule.onNodeWithTag("cell-g1").performClick()
        rule.settle(app.game!!)
        rule.onNodeWithTag("cell-f3").performClick()
        rule.settle(app.game!!)
        assertEquals(1, app.game!!.state.value.moves.size)
        rule.onNodeWithContentDescription("f3, White Knight").assertExists()
        rule.onNodeWithContentDescription("g1").assertExists()
    }

    @Test
    fun theTurnClockRunsOnTheScreenAndItsTimeIsSavedOnLeaving() {
        val p = platformAt(tempDir("ui-clock"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules().copy(turnSeconds = 30u), 1u).use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.waitUntil(waitMs) { app.game?.state?.value?.bars?.get(0)?.clock?.let { it.leftMs + 1500uL < it.limitMs } == true }
        rule.onNodeWithTag("status").assertTextContains("⏱", substring = true)
        // The clock shows in the bar of the seat whose time runs, and only there.
        val bars = barTexts(p.strings("en"), app.game!!.state.value)
        assertTrue(bars[0]!!.detail, bars[0]!!.detail.startsWith("⏱"))
        assertEquals("", bars[1]!!.detail)
        rule.onNodeWithTag("back").performClick()
        rule.waitForIdle()
        p.library.resume(id).use { s ->
            val c = s.turnClock()!!
            assertEquals(30_000uL, c.limitMs)
            assertTrue("time spent before leaving is kept: $c", c.leftMs < 29_000uL)
        }
    }

    @Test
    fun theMoveButtonsOfTheCorePlayJanggisSetUpChoice() {
        val p = platformAt(tempDir("ui-buttons"))
        val id = p.library.newGame("janggi", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.awaitGame(app)
        val before = app.game!!.state.value
        assertTrue("janggi offers its set-up choice: ${before.buttons}", before.buttons.isNotEmpty())
        val b = before.buttons.first()
        rule.onNodeWithTag("button-${b.text}").performScrollTo().assertTextContains(p.strings("en").message(b.label))
        rule.onNodeWithTag("button-${b.text}").performClick()
        rule.settle(app.game!!)
        val after = app.game!!.state.value
        assertEquals(before.moves.size + 1, after.moves.size)
        assertFalse(after.buttons.any { it.text == b.text })
    }

    @Test
    fun aContinueRowShowsABoardPreviewOfItsPosition() {
        val p = platformAt(tempDir("ui-preview"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { s ->
            for (m in listOf("e2e4", "d7d5", "e4d5")) s.act(ScreenIntent.Play(m))
            s.screen().savedId!!
        }
        rule.setContent { RookeryApp(p, state = remember { AppState(p, listOf(Route.Home)) {} }) }
        rule.awaitTag("preview-$id", unmerged = true)
        rule.onNodeWithTag("preview-$id", useUnmergedTree = true).assertIsDisplayed()
        // The preview draws the summary's position: 31 pieces, each with an image of its own.
        val summary = p.library.savedGames().single { it.id == id }
        val pieces = previewPieces(summary.gameId, summary.position)
        assertEquals(31, pieces.size)
        val board = PreviewBoard.of(summary.gameId, summary.seats)!!
        assertTrue(pieces.all { board.look(it) != null })
        assertTrue(board.scene.cells.any { it.cell == "d5" })
    }

    @Test
    fun aPieceIsDraggedFromItsCellToATarget() {
        val p = platformAt(tempDir("ui-drag"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.awaitGame(app)
        // The piece is drawn under the finger while it is carried, and goes back when the
        // drop is refused (e2 to e5).
        run {
            val sc = app.game!!.state.value.scene
            val a = sc.cells.single { it.cell == "e2" }.centre
            val b = sc.cells.single { it.cell == "e5" }.centre
            val unit = rule.onNodeWithTag("board").fetchSemanticsNode().size.width.toFloat()
            fun e5Pixel(): androidx.compose.ui.graphics.Color {
                val img = rule.onNodeWithTag("board").captureToImage()
                return img.toPixelMap()[(b.x * img.width).toInt(), (b.y * img.width).toInt()]
            }
            val empty = e5Pixel()
            rule.onNodeWithTag("board").performTouchInput {
                down(androidx.compose.ui.geometry.Offset(a.x * unit, a.y * unit))
                for (i in 1..8) moveTo(androidx.compose.ui.geometry.Offset(a.x * unit, (a.y + (b.y - a.y) * i / 8f) * unit))
            }
            rule.waitForIdle()
            val held = e5Pixel()
            rule.onNodeWithTag("board").performTouchInput { up() }
            rule.settle(app.game!!)
            assertTrue("e5 empty $empty, with the pawn held over it $held", empty != held)
            assertEquals(empty, e5Pixel())
            assertEquals(0, app.game!!.state.value.moves.size)
            assertTrue(app.game!!.state.value.notices.isNotEmpty())
        }
        // A drag from an empty cell carries nothing.
        rule.dragCell(app.game!!, "e4", "e5")
        assertEquals(0, app.game!!.state.value.moves.size)
        rule.dragCell(app.game!!, "e2", "e4")
        var st = app.game!!.state.value
        assertEquals(listOf("e4"), st.moves.map { it.text })
        assertEquals(0u.toUByte(), st.scene.pieces.single { it.cell == "e4" }.owner)
        // An illegal drop is refused and says why; the piece stays.
        rule.dragCell(app.game!!, "e7", "e4")
        st = app.game!!.state.value
        assertEquals(1, st.moves.size)
        assertTrue(st.notices.isNotEmpty())
        // A drag of the piece already selected by a tap moves it too.
        rule.tapCell(app, "g8")
        rule.dragCell(app.game!!, "g8", "f6")
        assertEquals(2, app.game!!.state.value.moves.size)
        assertTrue(app.game!!.state.value.scene.pieces.any { it.cell == "f6" })
    }

    @Test
    fun theLastMoveSlidesInAndTapsGoOnMeanwhile() {
        GameSession("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")), defaultHouseRules(), 1u).use { g ->
            val start = g.setLooker(ScreenLooker.Seat(0u)).scene
            val after = g.act(ScreenIntent.Play("e2e4")).scene
            assertEquals(Slide("e4", start.cells.single { it.cell == "e2" }.centre), moveSlide(start, after))
            assertEquals(null, moveSlide(null, after)) // the first scene: nothing slides
            g.setLooker(ScreenLooker.Seat(1u))
            val black = g.setLooker(ScreenLooker.Seat(1u)).scene
            assertEquals(null, moveSlide(black, g.act(ScreenIntent.Tap("g8")).scene)) // a selection: nothing slides
            g.act(ScreenIntent.Tap("g8"))
            g.setLooker(ScreenLooker.Seat(0u))
            val before = g.act(ScreenIntent.Play("d7d5")).scene
            assertEquals(Slide("d5", before.cells.single { it.cell == "e4" }.centre), moveSlide(before, g.act(ScreenIntent.Play("e4d5")).scene))
        }
        val p = platformAt(tempDir("ui-slide"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.awaitGame(app)
        rule.mainClock.autoAdvance = false
        rule.tapCell(app, "e2")
        rule.tapCell(app, "e4")
        assertEquals(1, app.game!!.state.value.moves.size)
        // Half way (0.1 s of 0.2 s) the pawn is drawn over e3; once arrived, e3 is empty again.
        val e3 = app.game!!.state.value.scene.cells.single { it.cell == "e3" }.centre
        fun e3Pixel(): androidx.compose.ui.graphics.Color {
            val img = rule.onNodeWithTag("board").captureToImage()
            return img.toPixelMap()[(e3.x * img.width).toInt(), (e3.y * img.width).toInt()]
        }
        rule.mainClock.advanceTimeBy(100)
        val mid = e3Pixel()
        // While the pawn slides, the next person's tap is taken at once.
        rule.tapCell(app, "e7")
        assertEquals("e7", app.game!!.state.value.scene.cells.single { it.selected }.cell)
        rule.mainClock.advanceTimeBy(400)
        val end = e3Pixel()
        assertTrue("e3 mid-slide $mid, after $end", mid != end)
        rule.tapCell(app, "e5")
        assertEquals(2, app.game!!.state.value.moves.size)
        rule.mainClock.autoAdvance = true
        rule.waitForIdle()
    }

    @Test
    fun aCapturedPieceIsDroppedByTappingTheHandThenACell() {
        val p = platformAt(tempDir("ui-drop"))
        val id = p.library.newGame("crazyhouse", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { s ->
            for (m in listOf("e2e4", "d7d5", "e4d5", "g8f6")) s.act(ScreenIntent.Play(m))
            s.screen().savedId!!
        }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.awaitGame(app)
        val slot = app.game!!.state.value.scene.hands.single { it.seat.toInt() == 0 && it.count > 0u }
        assertEquals("P", slot.letter.uppercase())
        rule.tapScene(slot.centre.x, slot.centre.y)
        rule.settle(app.game!!)
        assertTrue(app.game!!.state.value.scene.cells.single { it.cell == "e6" }.target)
        rule.tapCell(app, "e6")
        val st = app.game!!.state.value
        assertEquals(5, st.moves.size)
        assertEquals(0u.toUByte(), st.scene.pieces.single { it.cell == "e6" }.owner)
        assertTrue(st.scene.hands.none { it.seat.toInt() == 0 && it.count > 0u })
    }

    @Test
    fun fogOfWarCoversTheBoardBetweenTwoPeople() {
        val p = platformAt(tempDir("ui-fog"))
        val id = p.library.newGame("fog-of-war", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        val en = p.strings("en")
        rule.awaitGame(app)
        // Ann first: nothing of the board is drawn until she holds the device.
        rule.onNodeWithTag("handover").assertExists()
        rule.onNodeWithTag("board").assertDoesNotExist()
        rule.onNodeWithText(en.text("handover-title", "White (Ann)")).assertExists()
        rule.onNodeWithTag("handover-ready").performClick()
        rule.settle(app.game!!)
        val white = app.game!!.state.value.scene
        assertTrue(white.cells.any { it.fog })
        assertTrue(white.cells.single { it.cell == "e7" }.fog)
        rule.tapCell(app, "e2"); rule.tapCell(app, "e4")
        // Ben's turn: covered again; then his own view.
        rule.onNodeWithTag("handover").assertExists()
        rule.onNodeWithTag("board").assertDoesNotExist()
        rule.onNodeWithText(en.text("handover-title", "Black (Ben)")).assertExists()
        rule.onNodeWithTag("handover-ready").performClick()
        rule.settle(app.game!!)
        val black = app.game!!.state.value.scene
        assertFalse(black.cells.single { it.cell == "e7" }.fog)
        assertTrue(black.cells.single { it.cell == "e1" }.fog)
        rule.tapCell(app, "e7"); rule.tapCell(app, "e5")
        rule.onNodeWithTag("handover").assertExists()
    }

    @Test
    fun aPromotionIsChosenOnThePicker() {
        val p = platformAt(tempDir("ui-promo"))
        val session = GameSession("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u)
        session.loadFen("4k3/1P6/8/8/8/8/8/Q3K3 w - - 0 1")
        val scope = kotlinx.coroutines.CoroutineScope(kotlinx.coroutines.SupervisorJob())
        val c = kotlinx.coroutines.runBlocking { GameController.open(session, scope, OrientationMode.Fixed) }
        rule.setContent {
            val app = remember { AppState(p, listOf(Route.Home)) {} }
            CompositionLocalProvider(LocalStrings provides p.strings("en")) { GameContent(app, c) }
        }
        rule.tapCell(c, "b7")
        rule.tapCell(c, "b8")
        val options = (c.state.value.pending as PendingView.Promotion).options
        assertEquals(setOf("Q", "R", "B", "N"), options.map { it.letter.uppercase() }.toSet())
        rule.onNodeWithTag("promote").assertExists()
        rule.onNodeWithText("Queen").assertExists()
        // every choice shows its piece as the board draws it, in white's colours
        assertEquals(listOf("white"), options.map { it.army }.distinct())
        assertEquals("western-queen", options.single { it.letter.uppercase() == "Q" }.glyph)
        for (i in 0..3) rule.onNodeWithTag("promote-piece-$i", useUnmergedTree = true).assertExists()
        rule.onNodeWithTag("promote-" + options.indexOfFirst { it.letter.uppercase() == "N" }).performClick()
        rule.settle(c)
        assertEquals(null, c.state.value.pending)
        assertEquals("western-knight", c.state.value.scene.pieces.single { it.cell == "b8" }.glyph)
        c.close()
        session.close()
    }

    @Test
    fun aRefusedTapSaysWhy() {
        val p = platformAt(tempDir("ui-refuse"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.awaitGame(app)
        rule.tapCell(app, "e7")
        val r = app.game!!.state.value.notices.firstOrNull()
        assertNotNull(r)
        rule.onNodeWithTag("status").assertExists()
        rule.onNodeWithText(p.strings("en").message(r!!)).assertExists()
        // the refusal changed nothing: the next tap selects
        rule.tapCell(app, "e2")
        assertEquals("e2", app.game!!.state.value.scene.cells.single { it.selected }.cell)
        assertTrue(app.game!!.state.value.notices.isEmpty())
    }

    @Test
    fun aNewGameIsSetUpOnTheNewGameScreenAndStarted() {
        val p = platformAt(tempDir("ui-new"))
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home)) {} }
            RookeryApp(p, state = app)
        }
        rule.onNodeWithTag("game-chess").performClick()
        rule.onNodeWithTag("seat-1-stronger").performClick()
        rule.onNodeWithTag("seat-0-name").performTextReplacement("Zuzana")
        rule.onNodeWithTag("start").performClick()
        rule.awaitGame(app)
        val chess = app.game!!.state.value
        assertEquals("chess", chess.gameId)
        assertEquals(5u.toUByte(), chess.bars[1].bot)
        assertEquals("the name typed for the seat is the bar's name", "Zuzana", chess.bars[0].name)
        assertEquals(listOf(Route.Home, Route.Game(chess.savedId!!)), app.stack.toList())

        rule.onNodeWithTag("back").performClick()
        rule.scrollHomeTo("game-four-player-ffa")
        rule.onNodeWithTag("game-four-player-ffa").performClick()
        rule.onNodeWithTag("mode-four-player-teams").performClick()
        for (i in 1..3) rule.onNodeWithTag("seat-$i-person").performScrollTo().performClick()
        rule.onNodeWithTag("start").performClick()
        rule.waitForIdle()
        rule.waitUntil(60_000) { app.game?.state?.value?.gameId == "four-player-teams" }
        val four = app.game!!.state.value
        assertEquals("four-player-teams", four.gameId)
        assertTrue(four.bars.all { it.bot == null })
        assertEquals(listOf(2u), four.bars[0].partners)
    }

    @Test
    fun theMoveStripReviewsResignAsksFirstAndTheResultSheetOffersARematch() {
        val p = platformAt(tempDir("ui-resign"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.screen().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        val game = rule.awaitGame(app)
        rule.tapCell(app, "e2"); rule.tapCell(app, "e4")
        rule.tapCell(app, "e7"); rule.tapCell(app, "e5")
        assertEquals(listOf("e4", "e5"), game.state.value.moves.map { it.text })
        // a tap on the first move of the strip shows the position after it
        rule.onNodeWithTag("move-0").performClick()
        rule.settle(game)
        assertEquals(1u, game.state.value.review)
        assertTrue(game.state.value.scene.pieces.any { it.cell == "e7" })
        rule.onNodeWithTag("review-live").performClick()
        rule.settle(game)
        assertEquals(null, game.state.value.review)
        // resign asks first: "no" changes nothing
        rule.onNodeWithTag("resign").performClick()
        rule.onNodeWithTag("resign-question").assertExists()
        rule.onNodeWithTag("resign-no").performClick()
        rule.settle(game)
        assertEquals(null, game.state.value.result)
        rule.onNodeWithTag("resign").performClick()
        rule.onNodeWithTag("resign-yes").performClick()
        rule.settle(game)
        val result = game.state.value.result!!
        assertEquals("end-resignation", result.reason.key)
        rule.onNodeWithTag("result").performScrollTo().assertExists()
        // a rematch: the same seats, a new saved game on this screen
        rule.onNodeWithTag("rematch").performScrollTo().performClick()
        rule.waitUntil(60_000) { (app.route as? Route.Game)?.savedId.let { it != null && it != id } }
        val next = rule.awaitGame(app)
        rule.waitUntil(60_000) { app.game?.state?.value?.moves?.isEmpty() == true }
        assertEquals(listOf("Ann", "Ben"), next.state.value.bars.map { it.name })
        assertEquals(2, p.library.savedGames().size)
    }
}
