import Foundation
import RookeryBindings
import XCTest
@testable import RookeryKit

/// The screen fixture (tests/data/screens.txt) replayed through the bindings: every screen the
/// core hands the Swift app, rendered to the fixture's text, equals the text Rust's
/// `Screen::text` wrote (and the Kotlin replay reads).
final class ScreenFixtureTests: XCTestCase {
    enum Bad: Error { case line(String) }

    static func intent(_ line: String, _ screen: GameScreen?) throws -> ScreenIntent {
        let w = line.split(separator: " ").map(String.init)
        func n<T: FixedWidthInteger>(_ i: Int) throws -> T {
            guard i < w.count, let v = T(w[i]) else { throw Bad.line(line) }
            return v
        }
        switch (w.first ?? "", w.count) {
        case ("tap", 2): return .tap(cell: w[1])
        case ("hand", 2): return .tapHand(letter: w[1])
        case ("drag", 3): return .drag(from: w[1], to: w[2])
        case ("press", 2): return .press(index: try n(1))
        case ("pick", 2): return .pick(index: try n(1))
        case ("dismiss", 1): return .dismiss
        case ("undo", 1): return .undo
        case ("redo", 1): return .redo
        case ("resign", 2): return .resign(seat: try n(1))
        case ("seat", 4) where w[2] == "bot": return .setSeat(seat: try n(1), config: .bot(level: try n(3)))
        case ("seat", 4) where w[2] == "person": return .setSeat(seat: try n(1), config: .person(name: w[3]))
        case ("first", 1): return .review(step: .first)
        case ("back", 1): return .review(step: .back)
        case ("forward", 1): return .review(step: .forward)
        case ("live", 1): return .review(step: .live)
        case ("review", 2): return .review(step: .to(index: try n(1)))
        case ("confirm", 1): return .confirmHandOver
        // an action decided elsewhere (a bot's move, a resignation, a choice), as action text
        case ("play", 3) where w[1] == "resign": return .play(text: "resign:\(w[2])")
        case ("play", 3) where w[1] == "choice": return .play(text: "choice:\(w[2])")
        case ("play", 2): return .play(text: w[1])
        case ("type", _) where w.count >= 2: return .type(text: w.dropFirst().joined(separator: " "))
        default: throw Bad.line(line)
        }
    }

    static func seats(_ spec: String) -> [SeatConfig] {
        spec.split(separator: ";").map { p -> SeatConfig in
            let p = p.trimmingCharacters(in: .whitespaces)
            if p == "-" { return .person(name: "") }
            if p.hasPrefix("bot:"), let l = UInt8(p.dropFirst(4)) { return .bot(level: l) }
            return .person(name: p)
        }
    }

    static func looker(_ spec: String) throws -> ScreenLooker {
        let w = spec.split(separator: " ")
        switch w.first {
        case "device": return .device
        case "table": return .table(turnPieces: false)
        case "seat": if w.count == 2, let n = UInt8(w[1]) { return .seat(seat: n) }
        default: break
        }
        throw Bad.line(spec)
    }

    static let fixture = repoRoot.appendingPathComponent("tests/data/screens.txt")

    func testEveryScreenOfTheFixtureIsWhatTheCoreDecides() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let (compared, failures) = try replay(text)
        let expected = text.components(separatedBy: "\n").filter { $0 == "start" || $0.hasPrefix("> ") }.count
        XCTAssertEqual(compared, expected, "every screen of the fixture compared")
        XCTAssertGreaterThan(compared, 50)
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(compared) screens differ:\n\(failures.joined(separator: "\n"))")
        print("screen fixture: \(compared) screens compared, \(failures.count) differ")
    }

    /// The replay sees a changed expectation: one line of one screen altered is one failure.
    func testAChangedScreenOfTheFixtureIsAFailure() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "marks: fog= selected=a7 targets=a8 last= check=",
                                                with: "marks: fog= selected=a7 targets=a8,b8 last= check=")
        XCTAssertNotEqual(changed, text)
        let (_, failures) = try replay(changed)
        XCTAssertEqual(failures.count, text.components(separatedBy: "selected=a7 targets=a8 last=").count - 1)
        XCTAssertTrue(failures.allSatisfy { $0.contains("targets=a8,b8") })
    }

    /// Rookery's own text form (core/src/store/text.rs) of a game not yet played.
    static func record(_ id: String, _ fen: String?, _ seats: [SeatConfig]) -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        var lines = ["[Rookery \"2\"]", "[Game \(q(id))]"]
        for s in seats {
            switch s {
            case .person(let name): lines.append("[Seat \(q(name)) \"person\"]")
            case .bot(let level): lines.append("[Seat \"\" \"bot\" \"\(level)\"]")
            }
        }
        lines.append("[Seed \"0\"]")
        if let fen { lines.append("[Start \"position\" \(q(fen))]") }
        return lines.joined(separator: "\n") + "\n\n"
    }

    func replay(_ text: String) throws -> (Int, [String]) {
        let library = try GameLibrary(path: temporaryDirectory("fixture").path)
        try library.setSyncToDisk(on: false)
        let lines = text.components(separatedBy: "\n")
        var failures: [String] = []
        var compared = 0
        var title = ""
        var game: (id: String, fen: String?)?
        var session: GameSession?
        var screen: GameScreen?
        var i = 0
        while i < lines.count {
            let line = lines[i]
            i += 1
            if line.hasPrefix("== ") {
                title = String(line.dropFirst(3)); session = nil; screen = nil; game = nil
            } else if line.hasPrefix("game ") {
                let rest = line.dropFirst(5)
                if let r = rest.range(of: " fen ") {
                    game = (String(rest[..<r.lowerBound]).trimmingCharacters(in: .whitespaces),
                            String(rest[r.upperBound...]).trimmingCharacters(in: .whitespaces))
                } else {
                    game = (String(rest).trimmingCharacters(in: .whitespaces), nil)
                }
            } else if line.hasPrefix("players ") {
                // the game set up as the app would: Rookery's text form imported into the
                // library (the start position as `Start "position"`), then resumed
                let g = try XCTUnwrap(game, "players before game in \(title)")
                session = try library.resume(id: library.importGame(text: Self.record(g.id, g.fen, Self.seats(String(line.dropFirst(8))))).id)
            } else if line.hasPrefix("looker ") {
                screen = try XCTUnwrap(session).setLooker(looker: try Self.looker(String(line.dropFirst(7))))
            }
            let intentLine = line.hasPrefix("> ") ? String(line.dropFirst(2)) : nil
            guard line == "start" || intentLine != nil else { continue }
            let s = try XCTUnwrap(session, "a game first (\(title))")
            let got: String
            if let il = intentLine {
                do {
                    let next = try s.act(intent: try Self.intent(il, screen))
                    screen = next
                    got = fixtureText(next)
                } catch let e as RookeryError {
                    got = "error: \(e)\n"
                }
            } else {
                let next = try s.screen()
                screen = next
                got = fixtureText(next)
            }
            var want = ""
            while i < lines.count, !lines[i].isEmpty, !lines[i].hasPrefix("> "), !lines[i].hasPrefix("== ") {
                want += lines[i] + "\n"
                i += 1
            }
            compared += 1
            if got != want {
                failures.append("\(title): after \(line):\n--- want\n\(want)--- got\n\(got)")
            }
        }
        return (compared, failures)
    }
}
