import Foundation
import RookeryBindings
import XCTest
@testable import RookeryKit

/// Waits (without blocking the main actor) until `done` holds or `seconds` pass.
@MainActor
func waitFor(_ seconds: Double = 60, until done: () -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while !done() {
        if Date() > end { return false }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return true
}

/// A person's turn played by intents only: a random piece of the seat to move that has
/// targets, then one of its targets; pending choices picked, hand-overs confirmed.
@MainActor
func playPersonTurn(_ g: GameModel, _ rng: inout SeededRandom) async throws {
    let s = g.screen
    switch s.pending {
    case .handOver?: await g.send(.confirmHandOver); return
    case .promotion?, .moves?: await g.send(.pick(index: 0)); return
    case nil: break
    }
    let seat = try XCTUnwrap(s.bars.first(where: \.toMove)?.seat)
    let plies = s.moves.count
    for p in s.scene.pieces.filter({ $0.owner == seat && $0.cell != nil }).shuffled(using: &rng) {
        await g.send(.tap(cell: p.cell!))
        let targets = g.screen.scene.cells.filter(\.target)
        if let t = targets.randomElement(using: &rng) {
            await g.send(.tap(cell: t.cell))
            if case .promotion? = g.screen.pending { await g.send(.pick(index: 0)) }
            if case .moves? = g.screen.pending { await g.send(.pick(index: 0)) }
            XCTAssertNil(g.error)
            return
        }
    }
    if !s.buttons.isEmpty {
        await g.send(.press(index: 0))
        return
    }
    XCTFail("seat \(seat) has no move by taps after \(plies) entries: \(fixtureText(s))")
}

final class GameModelTests: XCTestCase {
    @MainActor
    func testAFourPlayerGameWithTwoPeopleAndTwoBotsIsPlayedByIntentsToItsEnd() async throws {
        let dir = temporaryDirectory("four")
        let app = try makeApp(dir)
        var setup = try XCTUnwrap(app.setup(for: "four-player-ffa"))
        setup.seats = [SeatSetup(name: "Ann"), SeatSetup(botLevel: 1), SeatSetup(name: "Cid"), SeatSetup(botLevel: 1)]
        setup.houseRules.moveLimit = 40
        setup.houseRules.showLegalMoves = true
        let gOpt = await app.start(setup, seed: 7)
        let g = try XCTUnwrap(gOpt)
        XCTAssertEqual(app.route, .game(savedId: try XCTUnwrap(g.savedId)))
        var rng = SeededRandom(11)
        var personTurns = 0
        while g.screen.result == nil {
            let ready = await waitFor { g.screen.result != nil || (!g.botToMove && !g.botThinking) }
            XCTAssertTrue(ready, "the bots answer")
            if g.screen.result != nil { break }
            try await playPersonTurn(g, &rng)
            personTurns += 1
            if personTurns > 400 { XCTFail("no end"); break }
        }
        let result = try XCTUnwrap(g.screen.result)
        XCTAssertEqual(result.places.count, 4)
        XCTAssertGreaterThan(personTurns, 2)
        // the bots played too: every seat has entries in the move list
        XCTAssertEqual(Set(g.screen.moves.map(\.seat)), [0, 1, 2, 3])
        XCTAssertFalse(app.text(result.headline).isEmpty)
        // the result sheet's rematch: a new saved game, the same seats
        let finishedId = try XCTUnwrap(g.savedId)
        XCTAssertTrue(result.follow.contains(.rematch))
        let rOpt = await app.rematch(finishedId)
        let rematch = try XCTUnwrap(rOpt)
        XCTAssertNotEqual(rematch.savedId, finishedId)
        XCTAssertEqual(rematch.screen.bars.map(\.bot), [nil, 1, nil, 1])
        XCTAssertEqual(rematch.screen.bars.map(\.name), ["Ann", "", "Cid", ""])
        XCTAssertNil(rematch.screen.result)
        await app.home()
        XCTAssertTrue(app.saved.contains { $0.id == finishedId && $0.status == .finished })
        XCTAssertEqual(app.saved.count, 2)
        print("four-player game: \(g.screen.moves.count) move entries, \(personTurns) person turns, result \(fixtureText(result.headline))")
        await app.close()
    }

    @MainActor
    func testLeavingTheGameCancelsTheBotsMoveAndNothingIsPlayedAfterwards() async throws {
        let dir = temporaryDirectory("cancel")
        let app = try makeApp(dir)
        var setup = try XCTUnwrap(app.setup(for: "chess"))
        setup.seats = [SeatSetup(name: "Ann"), SeatSetup(botLevel: 8)]
        let gOpt = await app.start(setup, seed: 1)
        let g = try XCTUnwrap(gOpt)
        await g.send(.tap(cell: "e2"))
        await g.send(.tap(cell: "e4"))
        XCTAssertEqual(g.screen.moves.count, 1)
        let thinking = await waitFor(10) { g.botThinking }
        XCTAssertTrue(thinking, "the bot starts its search")
        let searching = await waitFor(10) { inFlightTasks() > 0 }
        XCTAssertTrue(searching, "the search runs in the core")
        let t0 = Date()
        await app.back()
        let leave = Date().timeIntervalSince(t0)
        XCTAssertNil(app.game)
        let plies = try XCTUnwrap(app.saved.first).plyCount
        XCTAssertEqual(plies, 1, "the bot's move was not played")
        let idle = await waitFor(10) { inFlightTasks() == 0 }
        XCTAssertTrue(idle, "the search was cancelled")
        try await Task.sleep(nanoseconds: 1_500_000_000)
        app.refresh()
        XCTAssertEqual(try XCTUnwrap(app.saved.first).plyCount, 1, "nothing was played afterwards")
        print("leaving a level-8 bot's search took \(String(format: "%.1f", leave * 1000)) ms")
        await app.close()
    }

    @MainActor
    func testAPromotionIsChosenFromThePendingOptions() async throws {
        let app = try makeApp(temporaryDirectory("promo"))
        let gOpt = await app.importGame("[Event \"promotion\"]\n[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n")
        let g = try XCTUnwrap(gOpt)
        await g.send(.tap(cell: "a7"))
        await g.send(.tap(cell: "a8"))
        guard case .promotion(let options)? = g.screen.pending else {
            return XCTFail("no promotion pending: \(fixtureText(g.screen))")
        }
        XCTAssertEqual(options.map(\.letter), ["Q", "R", "B", "N"])
        await g.send(.pick(index: 3))
        XCTAssertNil(g.screen.pending)
        XCTAssertEqual(g.screen.moves.last?.text, "a8=N")
        XCTAssertTrue(g.screen.scene.pieces.contains { $0.cell == "a8" && $0.letter == "N" && $0.owner == 0 })
        await app.close()
    }

    @MainActor
    func testACrazyhouseCaptureIsDroppedFromTheHand() async throws {
        let app = try makeApp(temporaryDirectory("zh"))
        var setup = try XCTUnwrap(app.setup(for: "crazyhouse"))
        setup.houseRules.showLegalMoves = true
        let gOpt = await app.start(setup, seed: 1)
        let g = try XCTUnwrap(gOpt)
        for (a, b) in [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("d8", "d5")] {
            await g.send(.tap(cell: a))
            await g.send(.tap(cell: b))
        }
        XCTAssertEqual(g.screen.moves.count, 4, fixtureText(g.screen))
        XCTAssertTrue(g.screen.scene.hands.contains { $0.seat == 0 && $0.letter == "P" && $0.count == 1 })
        await g.send(.tapHand(letter: "P"))
        let targets = g.screen.scene.cells.filter(\.target).map(\.cell)
        XCTAssertTrue(targets.contains("d4"), "\(targets)")
        XCTAssertFalse(targets.contains("a1"), "not on an occupied cell")
        XCTAssertFalse(targets.contains(where: { $0.hasSuffix("8") }), "no pawn on the last rank")
        await g.send(.tap(cell: "d4"))
        XCTAssertEqual(g.screen.moves.count, 5)
        XCTAssertTrue(g.screen.moves.last?.text.contains("@d4") ?? false, "\(String(describing: g.screen.moves.last))")
        XCTAssertFalse(g.screen.scene.hands.contains { $0.seat == 0 && $0.count > 0 })
        await app.close()
    }

    @MainActor
    func testFogOfWarHandsTheDeviceOverAndHidesTheOtherArmy() async throws {
        let app = try makeApp(temporaryDirectory("fog"))
        var setup = try XCTUnwrap(app.setup(for: "fog-of-war"))
        setup.seats = [SeatSetup(name: "Ann"), SeatSetup(name: "Bob")]
        let gOpt = await app.start(setup, seed: 1)
        let g = try XCTUnwrap(gOpt)
        // nobody sees anything until the first player holds the device
        XCTAssertEqual(g.screen.pending, .handOver(seat: 0))
        XCTAssertTrue(g.screen.scene.pieces.isEmpty)
        XCTAssertTrue(g.screen.scene.cells.allSatisfy(\.fog))
        await g.send(.confirmHandOver)
        XCTAssertNil(g.screen.pending)
        XCTAssertTrue(g.screen.scene.pieces.allSatisfy { $0.owner == 0 }, "Ann sees none of Bob's pieces")
        await g.send(.tap(cell: "e2"))
        await g.send(.tap(cell: "e4"))
        XCTAssertEqual(g.screen.pending, .handOver(seat: 1))
        XCTAssertTrue(g.screen.scene.pieces.isEmpty, "nothing shown while the device changes hands")
        XCTAssertTrue(g.screen.moves.allSatisfy { $0.text.isEmpty || !$0.text.contains("e4") }, "Ann's move is not told")
        await g.send(.tap(cell: "e7"))
        XCTAssertEqual(g.screen.notices.map(\.key), ["illegal-hand-over"])
        await g.send(.confirmHandOver)
        XCTAssertTrue(g.screen.scene.pieces.allSatisfy { $0.owner == 1 }, "Bob sees only his army")
        XCTAssertFalse(g.screen.scene.pieces.contains { $0.cell == "e4" })
        XCTAssertTrue(g.screen.scene.cells.contains { $0.fog })
        // VoiceOver says no more than the board shows: a fogged cell is unknown
        for c in g.screen.scene.cells {
            let label = app.cellLabel(c, in: g.screen)
            if c.fog { XCTAssertEqual(label, "\(c.cell), ?") }
        }
        XCTAssertEqual(app.cellLabel(try XCTUnwrap(g.screen.scene.cells.first { $0.cell == "e4" }), in: g.screen), "e4, ?")
        XCTAssertEqual(app.cellLabel(try XCTUnwrap(g.screen.scene.cells.first { $0.cell == "e8" }), in: g.screen), "e8, Black King")
        await app.close()
    }

    @MainActor
    func testLanguageSwitchChangesTheTextAndIsKept() async throws {
        let dir = temporaryDirectory("lang")
        let app = try makeApp(dir)
        var setup = try XCTUnwrap(app.setup(for: "chess"))
        setup.seats = [SeatSetup(name: "Ann"), SeatSetup(name: "Bob")]
        let gOpt = await app.start(setup, seed: 1)
        let g = try XCTUnwrap(gOpt)
        XCTAssertEqual(app.text(g.screen.status), "Ann to move")
        app.update { $0.language = "sk" }
        XCTAssertEqual(app.text(g.screen.status), "Na ťahu je Ann")
        XCTAssertEqual(app.text("moves", "1"), "1 ťah")
        XCTAssertEqual(app.text("moves", "3"), "3 ťahy")
        XCTAssertEqual(app.text("moves", "5"), "5 ťahov")
        await app.close()
        let again = try makeApp(dir)
        XCTAssertEqual(again.settings.language, "sk", "the setting is kept")
        again.update { $0.language = "en" }
        XCTAssertEqual(again.text("moves", "1"), "1 move")
        XCTAssertEqual(again.text("moves", "2"), "2 moves")
        await again.close()
    }

    @MainActor
    func testTableModeTurnsEachArmyToItsPlayer() async throws {
        let app = try makeApp(temporaryDirectory("table"))
        let gOpt = await app.start(try XCTUnwrap(app.setup(for: "chess")), seed: 1)
        let g = try XCTUnwrap(gOpt)
        func rotations(_ owner: UInt8) -> Set<Float> {
            Set(g.screen.scene.pieces.filter { $0.owner == owner }.map(\.rotation))
        }
        XCTAssertEqual(rotations(0), rotations(1), "one way up on a device held by one person")
        app.update { $0.tableMode = true }
        let turned = await waitFor(10) { rotations(0) != rotations(1) }
        XCTAssertTrue(turned, "black's pieces face the other side of the table")
        XCTAssertEqual(rotations(1).count, 1)
        await app.close()
    }

    @MainActor
    func testEveryCellHasAVoiceOverLabelInTheSettingsLanguage() async throws {
        let app = try makeApp(temporaryDirectory("voiceover"))
        var setup = try XCTUnwrap(app.setup(for: "chess"))
        setup.houseRules.showLegalMoves = true
        let gOpt = await app.start(setup, seed: 1)
        let g = try XCTUnwrap(gOpt)
        func label(_ cell: String) throws -> String {
            app.cellLabel(try XCTUnwrap(g.screen.scene.cells.first { $0.cell == cell }), in: g.screen)
        }
        XCTAssertEqual(g.screen.scene.cells.count, 64)
        XCTAssertEqual(try label("e1"), "e1, White King")
        XCTAssertEqual(try label("g8"), "g8, Black Knight")
        XCTAssertEqual(try label("e4"), "e4")
        await g.send(.tap(cell: "e2"))
        XCTAssertEqual(try label("e4"), "e4, Move e4")
        app.update { $0.language = "sk" }
        XCTAssertEqual(try label("e1"), "e1, \(app.text("colour-white")) \(app.text("piece-king"))")
        XCTAssertNotEqual(try label("e1"), "e1, White King")
        XCTAssertEqual(app.pieceName(glyph: "xiangqi-horse-red"), app.text("piece-horse"))
        await app.close()
    }
}
