import Foundation
import RookeryBindings
import XCTest
@testable import RookeryKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The library across app launches: closed mid-game and reopened, a process holding it killed.
final class LibraryTests: XCTestCase {
    /// The moves a child process plays before it says it is ready to be killed.
    static let childMoves = [("e2", "e4"), ("e7", "e5"), ("g1", "f3")]

    @MainActor
    static func playChess(_ app: AppModel, _ moves: [(String, String)]) async throws -> GameModel {
        var setup = try XCTUnwrap(app.setup(for: "chess"))
        setup.seats = [SeatSetup(name: "Ann"), SeatSetup(name: "Bob")]
        let gOpt = await app.start(setup, seed: 3)
        let g = try XCTUnwrap(gOpt)
        for (a, b) in moves {
            await g.send(.tap(cell: a))
            await g.send(.tap(cell: b))
        }
        XCTAssertEqual(g.screen.moves.count, moves.count)
        return g
    }

    @MainActor
    func testAGameResumesAfterTheLibraryIsClosedMidGameAndReopened() async throws {
        let dir = temporaryDirectory("resume")
        var before: GameScreen?
        var id: UInt64 = 0
        do {
            let app = try makeApp(dir)
            let g = try await Self.playChess(app, [("e2", "e4"), ("c7", "c5")])
            await g.send(.tap(cell: "g1"))  // a selection is not saved, the moves are
            before = g.screen
            id = try XCTUnwrap(g.savedId)
            await app.close()
        }
        let app = try makeApp(dir)
        XCTAssertEqual(app.continueGame?.id, id)
        XCTAssertEqual(app.continueGame?.plyCount, 2)
        let gOpt = await app.resume(id)
        let g = try XCTUnwrap(gOpt)
        XCTAssertEqual(g.screen.moves, before?.moves)
        XCTAssertEqual(g.screen.bars.map(\.name), ["Ann", "Bob"])
        XCTAssertEqual(g.screen.scene.pieces.map(\.cell), before?.scene.pieces.map(\.cell))
        await g.send(.undo)
        XCTAssertEqual(g.screen.moves.count, 1, "the history came back too")
        await app.close()
    }

    /// Not a test of its own: the child process of the next test (runs only when the parent
    /// sets ROOKERY_SWIFT_CHILD_DIR). Plays, says `ready <id>` and waits to be killed.
    @MainActor
    func testChildHoldingTheLibrary() async throws {
        guard let path = ProcessInfo.processInfo.environment["ROOKERY_SWIFT_CHILD_DIR"] else {
            throw XCTSkip("the child process of testAGameResumesAfterTheProcessHoldingTheLibraryIsKilled")
        }
        let app = try makeApp(URL(fileURLWithPath: path))
        let g = try await Self.playChess(app, Self.childMoves)
        let line = "ready \(try XCTUnwrap(g.savedId))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        try await Task.sleep(nanoseconds: 120_000_000_000)
        XCTFail("the parent should have killed this process")
    }

    @MainActor
    func testAGameResumesAfterTheProcessHoldingTheLibraryIsKilled() async throws {
        let dir = temporaryDirectory("killed")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        #if os(Linux)
        child.arguments = ["RookeryKitTests.LibraryTests/testChildHoldingTheLibrary"]
        #else
        child.arguments = ["-XCTest", "RookeryKitTests.LibraryTests/testChildHoldingTheLibrary", Bundle(for: Self.self).bundlePath]
        #endif
        var env = ProcessInfo.processInfo.environment
        env["ROOKERY_SWIFT_CHILD_DIR"] = dir.path
        child.environment = env
        let out = Pipe()
        child.standardOutput = out
        child.standardError = FileHandle.nullDevice
        try child.run()
        // read until the child says it is ready
        let reader = Task.detached { () -> UInt64? in
            var text = ""
            while true {
                let d = out.fileHandleForReading.availableData
                if d.isEmpty { return nil }
                text += String(decoding: d, as: UTF8.self)
                for line in text.split(separator: "\n") where line.hasPrefix("ready ") {
                    return UInt64(line.dropFirst(6))
                }
            }
        }
        let idOpt = await reader.value
        let id = try XCTUnwrap(idOpt, "the child played and said ready")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        XCTAssertEqual(child.terminationReason, .uncaughtSignal)
        let app = try makeApp(dir)
        XCTAssertTrue(app.damaged.isEmpty, "\(app.damaged)")
        XCTAssertEqual(app.continueGame?.id, id)
        XCTAssertEqual(app.continueGame?.plyCount, UInt32(Self.childMoves.count))
        let gOpt = await app.resume(id)
        let g = try XCTUnwrap(gOpt)
        XCTAssertEqual(g.screen.moves.map(\.text), ["e4", "e5", "Nf3"])
        await g.send(.tap(cell: "b8"))
        await g.send(.tap(cell: "c6"))
        XCTAssertEqual(g.screen.moves.count, 4, "it plays on")
        await app.close()
    }

    /// A damaged save: the database restored from a copy older than what the library last
    /// saved (the guard file of the later state kept), so one game lost moves. The app reports
    /// that game, lists and resumes the others.
    @MainActor
    func testADamagedSaveIsReportedAndTheOtherGamesAreStillListed() async throws {
        let dir = temporaryDirectory("damaged")
        let games = dir.appendingPathComponent("games")
        let older = temporaryDirectory("damaged-older")
        let fm = FileManager.default
        var kept: UInt64 = 0
        var lost: UInt64 = 0
        do {
            let app = try makeApp(dir)
            let first = try await Self.playChess(app, [("d2", "d4")])
            kept = try XCTUnwrap(first.savedId)
            let g = try await Self.playChess(app, [("e2", "e4")])
            lost = try XCTUnwrap(g.savedId)
            await app.close()
        }
        // a copy of the database now
        try fm.removeItem(at: older)
        try fm.copyItem(at: games, to: older)
        do {
            let app = try makeApp(dir)
            let gOpt = await app.resume(lost)
            let g = try XCTUnwrap(gOpt)
            await g.send(.tap(cell: "e7"))
            await g.send(.tap(cell: "e5"))
            XCTAssertEqual(g.screen.moves.count, 2)
            await app.close()
        }
        // the database goes back to the copy; the guard file says what was saved since
        let guardFile = games.appendingPathComponent("rookery-guard")
        let laterGuard = try Data(contentsOf: guardFile)
        try fm.removeItem(at: games)
        try fm.copyItem(at: older, to: games)
        try laterGuard.write(to: guardFile)

        let app = try makeApp(dir)
        let damagedListed = app.damaged.contains { $0.contains("\(lost)") }
        let lostResumed = await app.resume(lost)
        XCTAssertNil(lostResumed, "the damaged game is not continued from the older state")
        let alert = try XCTUnwrap(app.alert, "the player is told")
        XCTAssertTrue(alert.hasPrefix("This saved game is damaged"), alert)
        XCTAssertTrue(damagedListed, "\(app.damaged)")
        XCTAssertTrue(alert.contains("saved game \(lost)"), alert)
        app.dismissAlert()
        XCTAssertTrue(app.saved.contains { $0.id == kept }, "the other game is still listed")
        let gOpt = await app.resume(kept)
        let g = try XCTUnwrap(gOpt, "and resumes")
        XCTAssertEqual(g.screen.moves.map(\.text), ["d4"])
        print("damaged save: listed as damaged \(damagedListed), alert \(alert)")
        await app.close()
    }
}
