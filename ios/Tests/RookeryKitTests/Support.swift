import Foundation
import RookeryBindings
@testable import RookeryKit

/// The repository's root (ios/Tests/RookeryKitTests/ is three levels down).
let repoRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let catalogURL = repoRoot.appendingPathComponent("ios/Rookery/Localizable.xcstrings")
let piecesURL = repoRoot.appendingPathComponent("assets/pieces")
let rulesURL = repoRoot.appendingPathComponent("ios/Rookery/Rules")

/// This process's directory of test files, removed when the process exits.
let testRoot: URL = {
    let u = FileManager.default.temporaryDirectory
        .appendingPathComponent("rookery-swift-\(ProcessInfo.processInfo.processIdentifier)")
    atexit { try? FileManager.default.removeItem(at: testRootPath) }
    return u
}()
private let testRootPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("rookery-swift-\(ProcessInfo.processInfo.processIdentifier)")

/// A fresh directory under this process's test directory.
func temporaryDirectory(_ name: String) -> URL {
    let u = testRoot.appendingPathComponent("\(name)-\(UInt32.random(in: 0...UInt32.max))")
    try? FileManager.default.removeItem(at: u)
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}

@MainActor
func makeApp(_ dir: URL) throws -> AppModel {
    try AppModel(directory: dir, strings: try StringCatalog(contentsOf: catalogURL), pieces: piecesURL, rules: rulesURL)
}

/// A message as the fixture writes it: `key{name=value,...}`.
func fixtureText(_ m: MessageView) -> String {
    m.args.isEmpty ? m.key : "\(m.key){\(m.args.map { "\($0.name)=\($0.value)" }.joined(separator: ","))}"
}

/// The game screen as the fixture's text (`core/src/present/text.rs`, `Screen::text`), made
/// from the `GameScreen` record the bindings hand the app.
func fixtureText(_ s: GameScreen) -> String {
    var out = ""
    func line(_ l: String) { out += l + "\n" }
    line("status: \(fixtureText(s.status))")
    if let p = s.phase { line("phase: \(fixtureText(p.what)) / \(fixtureText(p.hint))") }
    switch s.pending {
    case nil: break
    case .handOver(let seat)?: line("pending: hand over to \(seat)")
    case .promotion(let options)?: line("pending: promotion \(options.map(\.letter).joined(separator: ","))")
    case .moves(let options)?: line("pending: moves \(options.joined(separator: ","))")
    }
    for (i, b) in s.buttons.enumerated() { line("button \(i): \(fixtureText(b.label)) [\(b.text)]") }
    for b in s.bars {
        var t = "\(b.seat) \(b.colour)"
        if !b.name.isEmpty { t += " \"\(b.name)\"" }
        if let l = b.bot { t += " bot\(l)" }
        if b.toMove { t += " to-move" }
        if b.thinking { t += " thinking" }
        switch b.state {
        case .playing: break
        case .walkingKing: t += " walking-king"
        case .out: t += " out"
        }
        if !b.partners.isEmpty { t += " partners=\(b.partners.map(String.init).joined(separator: ","))" }
        if let sc = b.score { t += " score=\(sc)" }
        t += " material=\(b.material)"
        if b.lead > 0 { t += " lead=\(b.lead)" }
        if !b.captured.isEmpty { t += " captured=\(b.captured.map(\.letter).joined())" }
        line("bar \(t)")
    }
    var pieces: [String] = []
    for c in s.scene.cells {
        for p in s.scene.pieces where p.cell == c.cell {
            let owner: String
            if let o = p.owner { owner = String(o) } else if p.army == "neutral" { owner = "*" } else if p.letter.count > 1 { owner = "u" } else { owner = "-" }
            pieces.append("\(c.cell)=\(owner)\(p.letter)")
        }
    }
    line("board: \(pieces.joined(separator: " "))")
    func names(_ f: (SceneCell) -> Bool) -> String { s.scene.cells.filter(f).map(\.cell).joined(separator: ",") }
    let checked = s.scene.pieces.filter(\.checked).compactMap { p in s.scene.cells.first { $0.cell == p.cell }?.cell }
    line("marks: fog=\(names { $0.fog }) selected=\(names { $0.selected }) targets=\(names { $0.target }) last=\(names { $0.lastMove }) check=\(checked.joined(separator: ","))")
    let hands = s.scene.hands.filter { $0.count > 0 }.map { "\($0.seat):\($0.letter)x\($0.count)" }
    if !hands.isEmpty { line("hands: \(hands.joined(separator: " "))") }
    let moves = s.moves.map { m in
        m.note.map { "\(m.number).\(m.seat) \(m.text) (\(fixtureText($0)))" } ?? "\(m.number).\(m.seat) \(m.text)"
    }
    line("moves: \(moves.joined(separator: " | "))")
    if let r = s.review { line("review: \(r)") }
    for n in s.notices { line("notice: \(fixtureText(n))") }
    if let r = s.result {
        let places = r.places.map { p in p.points.map { "\(p.place):\(p.seat)(\($0))" } ?? "\(p.place):\(p.seat)" }
        let follow = r.follow.map { f -> String in
            switch f {
            case .rematch: return "Rematch"
            case .newGame: return "NewGame"
            case .export: return "Export"
            }
        }
        line("result: \(fixtureText(r.headline)) / \(fixtureText(r.reason)) places=\(places.joined(separator: ",")) follow=[\(follow.joined(separator: ", "))]")
    }
    line("undo=\(s.canUndo) redo=\(s.canRedo)")
    return out
}

/// A seeded generator (SplitMix64), so a test's random choices are the same every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
