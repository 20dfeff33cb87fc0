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
import uniffi.rookery_bindings.TapResult
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

    private fun personToMove(st: GameUiState) =
        st.snapshot.seats[st.snapshot.turn.toInt()].config is SeatConfig.Person

    /** Waits until a person is to move or the game is over (bots play on the library runtime). */
    private fun awaitPersonOrEnd(app: AppState): GameUiState {
        try { rule.waitUntil(waitMs) {
            val st = app.game?.state?.value ?: return@waitUntil false
            !st.botThinking && (st.snapshot.result != null || personToMove(st) || app.game!!.waitingForDecision(st.snapshot))
        } } catch (e: Throwable) {
            val st = app.game?.state?.value
            System.err.println("DEBUG thinking=${st?.botThinking} turn=${st?.snapshot?.turn} plies=${st?.snapshot?.plyCount} result=${st?.snapshot?.result} choices=${st?.snapshot?.choices} seats=${st?.snapshot?.seats?.map { it.config.toString() + it.playing }} error=${st?.error}")
            throw e
        }
        return app.game!!.state.value
    }

    /** One move of the person to move, by two taps on the board (a random legal piece and target). */
    private fun tapMove(app: AppState, rng: Random) {
        val st = app.game!!.state.value
        val session = app.game!!.session
        val turn = st.snapshot.turn
        val movable = st.snapshot.pieces.filter { it.owner == turn }
            .map { it.cell to session.legalTargets(it.cell) }.filter { it.second.isNotEmpty() }
        val (from, targets) = movable[rng.nextInt(movable.size)]
        val before = st.snapshot.plyCount
        rule.tapCell(app, from)
        assertEquals(from, app.game!!.state.value.snapshot.selected)
        assertTrue(app.game!!.state.value.scene.cells.filter { it.target }.map { it.cell }.containsAll(targets))
        rule.tapCell(app, targets[rng.nextInt(targets.size)])
        app.game!!.state.value.promotion?.let { letters ->
            rule.onNodeWithTag("promote-${letters.first()}").performClick()
            rule.waitForIdle()
        }
        assertTrue(app.game!!.state.value.snapshot.plyCount > before)
    }

    @Test
    fun fourPlayerPassAndPlayWithTwoPeopleTwoBotsAndAHandOver() {
        val p = platformAt(tempDir("ui-four"))
        val seats = listOf(SeatConfig.Person("Ann"), SeatConfig.Bot(1u), SeatConfig.Person("Cid"), SeatConfig.Bot(1u))
        val id = p.library.newGame("four-player-ffa", seats, defaultHouseRules().copy(moveLimit = 40u), 7u)
            .use { it.snapshot().savedId!! }
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
            if (st.snapshot.result != null) break
            if (app.game!!.waitingForDecision(st.snapshot)) {
                rule.onNodeWithTag("let-bots-finish").performClick(); rule.waitForIdle(); continue
            }
            if (personMoves == 4 && !handedOver) {
                // Cid leaves the table: seat 2 is handed to a bot mid-game.
                rule.onNodeWithTag("hand-2").performScrollTo().performClick()
                rule.waitForIdle()
                handedOver = true
                continue
            }
            tapMove(app, rng)
            personMoves++
        }
        val st = app.game!!.state.value
        assertTrue(handedOver)
        assertTrue("people moved by taps: $personMoves", personMoves >= 6)
        assertTrue(st.snapshot.seats[2].config is SeatConfig.Bot)
        assertNotNull(st.snapshot.result)
        rule.onNodeWithTag("result").assertExists()
        for (i in 0 until 4) rule.onNodeWithTag("standing-$i").assertExists()
        // Places as the rules rank them: the winners first.
        assertEquals(4, st.standings.size)
        val winners = st.snapshot.result!!.winners.map { it.toInt() }
        if (winners.isNotEmpty()) assertTrue(st.standings.filter { it.seat.toInt() in winners }.all { it.place.toInt() == 1 })
        val summary = p.library.savedGames().single { it.id == id }
        assertEquals(SavedStatus.FINISHED, summary.status)
        assertEquals(st.snapshot.plyCount, summary.plyCount)
    }

    @Test
    fun theGameComesBackAfterProcessDeath() {
        val dir = tempDir("ui-resume")
        var platform = platformAt(dir)
        val id = platform.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 3u).use { it.snapshot().savedId!! }
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
        rule.onNodeWithTag("saved-$id").performClick()
        rule.waitForIdle()
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
            .use { it.snapshot().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home)) {} }
            RookeryApp(p, state = app)
        }
        rule.onNodeWithTag("saved-$id").performClick()
        rule.waitUntil(waitMs) { app.game?.state?.value?.botThinking == true }
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
        p.library.resume(id).use { assertEquals(plies, it.snapshot().plyCount) }
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
        rule.onNodeWithTag("home-list").performScrollToNode(hasTestTag("game-xiangqi"))
        rule.onNodeWithText(p.strings("sk").text("game-xiangqi-blurb")).assertExists()
        assertEquals("sk", p.loadSettings().language)
    }

    @Test
    fun aScreenReaderPlaysAMoveThroughTheCellButtons() {
        val p = platformAt(tempDir("ui-a11y"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.snapshot().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.onNodeWithContentDescription("e2, White Pawn").assertExists()
        rule.onNodeWithContentDescription("g8, Black Knight").assertExists()
        rule.onNodeWithTag("cell-g1").performClick()
        rule.onNodeWithTag("cell-f3").performClick()
        rule.waitForIdle()
        assertEquals(1, app.game!!.state.value.moves.size)
        rule.onNodeWithContentDescription("f3, White Knight").assertExists()
        rule.onNodeWithContentDescription("g1").assertExists()
    }

    @Test
    fun theTurnClockRunsOnTheScreenAndItsTimeIsSavedOnLeaving() {
        val p = platformAt(tempDir("ui-clock"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules().copy(turnSeconds = 30u), 1u).use { it.snapshot().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.waitUntil(waitMs) { app.game!!.state.value.clock?.let { it.leftMs + 1500uL < it.limitMs } == true }
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
            defaultHouseRules(), 1u).use { it.snapshot().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.waitForIdle()
        val before = app.game!!.state.value
        assertTrue("janggi offers its set-up choice: ${before.buttons}", before.buttons.isNotEmpty())
        val b = before.buttons.first()
        rule.onNodeWithTag("button-${b.text}").performScrollTo().assertTextContains(p.strings("en").message(b.label))
        rule.onNodeWithTag("button-${b.text}").performClick()
        rule.waitForIdle()
        val after = app.game!!.state.value
        assertEquals(before.snapshot.plyCount + 1u, after.snapshot.plyCount)
        assertFalse(after.buttons.any { it.text == b.text })
    }

    @Test
    fun aContinueRowShowsABoardPreviewOfItsPosition() {
        val p = platformAt(tempDir("ui-preview"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { s ->
            for (m in listOf("e2e4", "d7d5", "e4d5")) s.playMoveText(m)
            s.snapshot().savedId!!
        }
        rule.setContent { RookeryApp(p, state = remember { AppState(p, listOf(Route.Home)) {} }) }
        rule.waitForIdle()
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
            defaultHouseRules(), 1u).use { it.snapshot().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.waitForIdle()
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
            rule.waitForIdle()
            assertTrue("e5 empty $empty, with the pawn held over it $held", empty != held)
            assertEquals(empty, e5Pixel())
            assertEquals(0u, app.game!!.state.value.snapshot.plyCount)
            assertNotNull(app.game!!.state.value.refusal)
        }
        // A drag from an empty cell carries nothing.
        rule.dragCell(app.game!!, "e4", "e5")
        assertEquals(0u, app.game!!.state.value.snapshot.plyCount)
        rule.dragCell(app.game!!, "e2", "e4")
        var st = app.game!!.state.value
        assertEquals(listOf("e4"), st.moves)
        assertEquals(0u.toUByte(), st.snapshot.pieces.single { it.cell == "e4" }.owner)
        // An illegal drop is refused and says why; the piece stays.
        rule.dragCell(app.game!!, "e7", "e4")
        st = app.game!!.state.value
        assertEquals(1u, st.snapshot.plyCount)
        assertNotNull(st.refusal)
        // A drag of the piece already selected by a tap moves it too.
        rule.tapCell(app, "g8")
        rule.dragCell(app.game!!, "g8", "f6")
        assertEquals(2u, app.game!!.state.value.snapshot.plyCount)
        assertTrue(app.game!!.state.value.snapshot.pieces.any { it.cell == "f6" })
    }

    @Test
    fun theLastMoveSlidesInAndTapsGoOnMeanwhile() {
        val o = uniffi.rookery_bindings.SceneOrientation(0u, false, false)
        GameSession("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")), defaultHouseRules(), 1u).use { g ->
            val start = g.scene(o, false)
            g.playMoveText("e2e4")
            val after = g.scene(o, false)
            assertEquals(Slide("e4", start.cells.single { it.cell == "e2" }.centre), moveSlide(start, after))
            assertEquals(null, moveSlide(null, after)) // the first scene: nothing slides
            g.tap("g8")
            assertEquals(null, moveSlide(after, g.scene(o, false))) // a selection: nothing slides
            g.tap("g8")
            g.playMoveText("d7d5")
            val before = g.scene(o, false)
            g.playMoveText("e4d5")
            assertEquals(Slide("d5", before.cells.single { it.cell == "e4" }.centre), moveSlide(before, g.scene(o, false)))
        }
        val p = platformAt(tempDir("ui-slide"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.snapshot().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.waitForIdle()
        rule.mainClock.autoAdvance = false
        rule.tapCell(app, "e2")
        rule.tapCell(app, "e4")
        assertEquals(1u, app.game!!.state.value.snapshot.plyCount)
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
        assertEquals("e7", app.game!!.state.value.snapshot.selected)
        rule.mainClock.advanceTimeBy(400)
        val end = e3Pixel()
        assertTrue("e3 mid-slide $mid, after $end", mid != end)
        rule.tapCell(app, "e5")
        assertEquals(2u, app.game!!.state.value.snapshot.plyCount)
        rule.mainClock.autoAdvance = true
        rule.waitForIdle()
    }

    @Test
    fun aCapturedPieceIsDroppedByTappingTheHandThenACell() {
        val p = platformAt(tempDir("ui-drop"))
        val id = p.library.newGame("crazyhouse", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { s ->
            for (m in listOf("e2e4", "d7d5", "e4d5", "g8f6")) s.playMoveText(m)
            s.snapshot().savedId!!
        }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.waitForIdle()
        val slot = app.game!!.state.value.scene.hands.single { it.seat.toInt() == 0 && it.count > 0u }
        assertEquals("P", slot.letter.uppercase())
        rule.tapScene(slot.centre.x, slot.centre.y)
        assertTrue(app.game!!.state.value.scene.cells.single { it.cell == "e6" }.target)
        rule.tapCell(app, "e6")
        val st = app.game!!.state.value
        assertEquals(5u, st.snapshot.plyCount)
        assertEquals(0u.toUByte(), st.snapshot.pieces.single { it.cell == "e6" }.owner)
        assertTrue(st.scene.hands.none { it.seat.toInt() == 0 && it.count > 0u })
    }

    @Test
    fun fogOfWarCoversTheBoardBetweenTwoPeople() {
        val p = platformAt(tempDir("ui-fog"))
        val id = p.library.newGame("fog-of-war", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.snapshot().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        val en = p.strings("en")
        // Ann first: nothing of the board is drawn until she holds the device.
        rule.onNodeWithTag("handover").assertExists()
        rule.onNodeWithTag("board").assertDoesNotExist()
        rule.onNodeWithText(en.text("handover-title", "White (Ann)")).assertExists()
        rule.onNodeWithTag("handover-ready").performClick()
        rule.waitForIdle()
        val white = app.game!!.state.value.scene
        assertTrue(white.cells.any { it.fog })
        assertTrue(white.cells.single { it.cell == "e7" }.fog)
        rule.tapCell(app, "e2"); rule.tapCell(app, "e4")
        // Ben's turn: covered again; then his own view.
        rule.onNodeWithTag("handover").assertExists()
        rule.onNodeWithTag("board").assertDoesNotExist()
        rule.onNodeWithText(en.text("handover-title", "Black (Ben)")).assertExists()
        rule.onNodeWithTag("handover-ready").performClick()
        rule.waitForIdle()
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
        lateinit var c: GameController
        rule.setContent {
            val scope = rememberCoroutineScope()
            c = remember { GameController(session, scope, OrientationMode.Fixed) }
            val app = remember { AppState(p, listOf(Route.Home)) {} }
            CompositionLocalProvider(LocalStrings provides p.strings("en")) { GameContent(app, c) }
        }
        rule.tapCell(c, "b7")
        rule.tapCell(c, "b8")
        assertEquals(setOf("Q", "R", "B", "N"), c.state.value.promotion!!.map { it.uppercase() }.toSet())
        rule.onNodeWithTag("promote").assertExists()
        rule.onNodeWithText("Queen").assertExists()
        // every choice shows its piece as the board draws it, in white's colours
        assertEquals(listOf("white"), c.state.value.promotionLooks.map { it.army }.distinct())
        assertEquals("western-queen", c.state.value.promotionLooks[c.state.value.promotion!!.indexOf("Q")].glyph)
        for (i in 0..3) rule.onNodeWithTag("promote-piece-$i", useUnmergedTree = true).assertExists()
        rule.onNodeWithTag("promote-" + c.state.value.promotion!!.first { it.uppercase() == "N" }).performClick()
        rule.waitForIdle()
        assertEquals(null, c.state.value.promotion)
        assertEquals("knight", c.state.value.snapshot.pieces.single { it.cell == "b8" }.kindName)
        c.close()
        session.close()
    }

    @Test
    fun aRefusedTapSaysWhy() {
        val p = platformAt(tempDir("ui-refuse"))
        val id = p.library.newGame("chess", listOf(SeatConfig.Person("Ann"), SeatConfig.Person("Ben")),
            defaultHouseRules(), 1u).use { it.snapshot().savedId!! }
        lateinit var app: AppState
        rule.setContent {
            app = remember { AppState(p, listOf(Route.Home, Route.Game(id))) {} }
            RookeryApp(p, state = app)
        }
        rule.waitForIdle()
        rule.tapCell(app, "e7")
        val r = app.game!!.state.value.refusal
        assertNotNull(r)
        rule.onNodeWithTag("status").assertExists()
        rule.onNodeWithText(p.strings("en").message(r!!)).assertExists()
        assertTrue(app.game!!.session.tap("e2") is TapResult.Selected)
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
        rule.onNodeWithTag("start").performScrollTo().performClick()
        rule.waitForIdle()
        val chess = app.game!!.state.value.snapshot
        assertEquals("chess", chess.gameId)
        assertEquals(SeatConfig.Bot(5u), chess.seats[1].config)
        assertEquals(listOf(Route.Home, Route.Game(chess.savedId!!)), app.stack.toList())

        rule.onNodeWithTag("back").performClick()
        rule.onNodeWithTag("home-list").performScrollToNode(hasTestTag("game-four-player-ffa"))
        rule.onNodeWithTag("game-four-player-ffa").performClick()
        rule.onNodeWithTag("mode-four-player-teams").performClick()
        for (i in 1..3) rule.onNodeWithTag("seat-$i-person").performScrollTo().performClick()
        rule.onNodeWithTag("start").performScrollTo().performClick()
        rule.waitForIdle()
        val four = app.game!!.state.value.snapshot
        assertEquals("four-player-teams", four.gameId)
        assertTrue(four.seats.all { it.config is SeatConfig.Person })
        assertEquals(listOf(2u), four.seats[0].partners)
    }
}
