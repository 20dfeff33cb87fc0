import Foundation
import RookeryBindings
import XCTest
@testable import RookeryKit

/// The String Catalog reader, the piece art and the board layout.
final class PartsTests: XCTestCase {
    func testTheCatalogHasEveryKeyInBothLanguagesAndFormatsArguments() throws {
        let c = try StringCatalog(contentsOf: catalogURL)
        XCTAssertEqual(c.languages, ["en", "sk"])
        XCTAssertEqual(c.text("status-to-move", ["Ann"], language: "en"), "Ann to move")
        // several arguments are positional, in MessageArgs' order
        let m = MessageView(key: "error-corrupt-save", args: [MessageArg(name: "detail", value: "bad"), MessageArg(name: "game", value: "7")])
        XCTAssertEqual(c.message(m, language: "en"), "Saved game 7 is damaged: bad")
        // an argument that is itself a key is translated
        let colour = MessageView(key: "status-to-move", args: [MessageArg(name: "player", value: "colour-white")])
        XCTAssertEqual(c.message(colour, language: "en"), "\(c.text("colour-white", language: "en")) to move")
        XCTAssertNotEqual(c.message(colour, language: "sk"), c.message(colour, language: "en"))
        // an unknown key shows itself; a missing language falls back to English
        XCTAssertEqual(c.text("no-such-key", language: "en"), "no-such-key")
        XCTAssertEqual(c.text("status-to-move", ["Ann"], language: "xx"), "Ann to move")
        XCTAssertEqual(StringCatalog.format("%1$@ and %2$@ (100%%)", ["a", "b"]), "a and b (100%)")
        XCTAssertEqual(StringCatalog.format("%2$lld of %1$@", ["x", "3"]), "3 of x")
        XCTAssertThrowsError(try StringCatalog(data: Data("[]".utf8)))
    }

    func testSlovakPluralsFollowCLDR() {
        XCTAssertEqual([0, 1, 2, 4, 5, 21, 22].map { pluralCategory(language: "sk", count: $0) },
                       ["other", "one", "few", "few", "other", "other", "other"])
        XCTAssertEqual([0, 1, 2].map { pluralCategory(language: "en", count: $0) }, ["other", "one", "other"])
    }

    func testEveryPieceImageParsesIntoPathCommands() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: piecesURL.path).filter { $0.hasSuffix(".svg") }
        XCTAssertGreaterThan(files.count, 50)
        let art = PieceArt(directory: piecesURL)
        var commands = 0
        for f in files {
            let g = try XCTUnwrap(art.glyph(String(f.dropLast(4))), f)
            XCTAssertFalse(g.shapes.isEmpty, f)
            for s in g.shapes {
                for c in s.commands {
                    commands += 1
                    switch c {
                    case .move(let p), .line(let p):
                        XCTAssertTrue((-1...101).contains(p.x) && (-1...101).contains(p.y), "\(f): \(p)")
                    default: break
                    }
                }
            }
        }
        // the western king's body is painted in the army's body colour, its outline in ink
        let king = try XCTUnwrap(art.glyph("western-king"))
        XCTAssertTrue(king.shapes.contains { $0.fill == .body && $0.stroke == .ink })
        XCTAssertNil(art.glyph("../secrets"))
        XCTAssertNil(art.glyph("no-such-piece"))
        XCTAssertThrowsError(try PieceArt.parse(svg: "<path d=\"M 1 2 C 3\"/>"))
        print("piece art: \(files.count) images, \(commands) path commands")
    }

    func testABoardSceneIsLaidOutAndHitTestedByTheCore() throws {
        let scene = try boardScene(gameId: "chess", orientation: SceneOrientation(bottom: 0, table: false, turnPieces: false), symbols: false)
        // a wide view: the board is centred horizontally
        let layout = BoardLayout(viewWidth: 1000, viewHeight: 500, scene: scene)
        XCTAssertEqual(layout.originY, 0, accuracy: 1e-9)
        XCTAssertGreaterThan(layout.originX, 0)
        for cell in scene.cells {
            let p = layout.toView(cell.centre)
            XCTAssertEqual(layout.hit(p, in: scene), .cell(cell: cell.cell))
            guard case .at(let x, let y)? = layout.tap(p) else { return XCTFail() }
            XCTAssertEqual(x, cell.centre.x, accuracy: 1e-3)
            XCTAssertEqual(y, cell.centre.y, accuracy: 1e-3)
        }
        XCTAssertNil(layout.hit(Point(x: 1, y: 250), in: scene), "left of the board")
        let e2 = try XCTUnwrap(scene.cells.first { $0.cell == "e2" })
        let e4 = try XCTUnwrap(scene.cells.first { $0.cell == "e4" })
        XCTAssertEqual(layout.drag(from: layout.toView(e2.centre), to: layout.toView(e4.centre), in: scene),
                       .drag(from: "e2", to: "e4"))
        // white at the bottom: e2 below e4
        XCTAssertGreaterThan(e2.centre.y, e4.centre.y)
        XCTAssertNil(BoardLayout(viewWidth: 0, viewHeight: 0, scene: scene).toScene(Point(x: 0, y: 0)))
    }

    func testRoutesSurviveAsText() {
        for r: Route in [.home, .newGame(gameId: "chess"), .game(savedId: 42), .rules(gameId: "shogi"), .settings] {
            XCTAssertEqual(Route(encoded: r.encoded), r)
        }
        XCTAssertNil(Route(encoded: "game/x"))
        XCTAssertNil(Route(encoded: "elsewhere"))
    }

    @MainActor
    func testHomeListsEveryGameOnceInItsGroupWithANameInBothLanguages() throws {
        let app = try makeApp(temporaryDirectory("home"))
        let listed = AppModel.groups.flatMap { app.games(in: $0.0) }.map(\.id)
        XCTAssertEqual(listed.count, 25)
        XCTAssertEqual(Set(listed), Set(app.catalogue.map(\.id)))
        XCTAssertTrue(AppModel.groups.allSatisfy { !app.games(in: $0.0).isEmpty })
        for lang in ["en", "sk"] {
            app.update { $0.language = lang }
            for id in listed {
                XCTAssertNotEqual(app.gameName(id), "game-\(id)-name", "\(lang): \(id)")
            }
        }
        XCTAssertNil(app.continueGame, "nothing saved yet")
        XCTAssertEqual(app.route, .home)
        XCTAssertNil(app.setup(for: "no-such-game"))
    }

    @MainActor
    func testTheLevelPickerShowsEachLevelWithItsStrengthMeasuredInChess() throws {
        let app = try makeApp(temporaryDirectory("levels"))
        XCTAssertEqual(app.botLevels.map(\.level), Array(UInt8(1)...8))
        XCTAssertEqual(app.botLevels.filter(\.isDefault).map(\.level), [4])
        XCTAssertEqual(app.botLevelLabel(8), "Bot, level 8 · ≈ 1900 Elo (chess)")
        XCTAssertEqual(app.botLevelLabel(1), "Bot, level 1 · under 1350 Elo (chess)")
        app.update { $0.language = "sk" }
        XCTAssertEqual(app.botLevelLabel(8), "Bot, úroveň 8 · ≈ 1900 Elo (v šachu)")
    }
}
