import Foundation
import Observation
import RookeryBindings

/// The screens of the app.
public enum Route: Equatable, Hashable, Sendable {
    case home
    case newGame(gameId: String)
    case game(savedId: UInt64)
    case rules(gameId: String)
    case settings

    /// The route as text (kept across launches by the app's scene storage).
    public var encoded: String {
        switch self {
        case .home: return "home"
        case .newGame(let id): return "new/\(id)"
        case .game(let id): return "game/\(id)"
        case .rules(let id): return "rules/\(id)"
        case .settings: return "settings"
        }
    }

    public init?(encoded s: String) {
        let parts = s.split(separator: "/", maxSplits: 1).map(String.init)
        let tail = parts.count > 1 ? parts[1] : nil
        switch parts.first {
        case "home": self = .home
        case "new": guard let t = tail else { return nil }; self = .newGame(gameId: t)
        case "game": guard let t = tail.flatMap({ UInt64($0) }) else { return nil }; self = .game(savedId: t)
        case "rules": guard let t = tail else { return nil }; self = .rules(gameId: t)
        case "settings": self = .settings
        default: return nil
        }
    }
}

/// The player's settings, kept in `settings.json` of the app's directory.
public struct Settings: Codable, Equatable, Sendable {
    public var language: String = "en"
    /// Mark the cells a selected piece can reach (the house rule of new games).
    public var showLegalMoves: Bool = true
    /// Table mode: the device lies flat between the players, each seat's pieces and bar face it.
    public var tableMode: Bool = false
    public init() {}
}

/// One seat of the new-game screen.
public struct SeatSetup: Equatable, Sendable {
    public var name: String
    /// nil: a person; 1...8: a bot of that level
    public var botLevel: UInt8?
    public init(name: String = "", botLevel: UInt8? = nil) { self.name = name; self.botLevel = botLevel }
    public var config: SeatConfig { botLevel.map { .bot(level: $0) } ?? .person(name: name) }
}

/// The new-game screen's choices for one game.
public struct NewGameSetup: Equatable, Sendable {
    public var gameId: String
    public var seats: [SeatSetup]
    public var houseRules: HouseRulesConfig
    public init(gameId: String, seats: [SeatSetup], houseRules: HouseRulesConfig) {
        self.gameId = gameId; self.seats = seats; self.houseRules = houseRules
    }
}

/// The app: navigation, settings, strings, the catalogue and the saved games (`GameLibrary`),
/// and the open game. Everything the SwiftUI views show comes from here; they hold no logic.
@Observable
@MainActor
public final class AppModel {
    /// The back stack; the last route is shown.
    public private(set) var stack: [Route] = [.home]
    public private(set) var settings: Settings
    public private(set) var saved: [SavedGameSummary] = []
    /// Saved games that cannot be listed (damaged), as the core's texts naming them.
    public private(set) var damaged: [String] = []
    /// A message for the player (a damaged game, a database moved aside), as text.
    public private(set) var alert: String?
    public private(set) var game: GameModel?
    public let catalogue: [GameEntry]
    /// The bot levels a player picks from, weakest first, each with its strength in chess (the
    /// core's `present::levels`, as every shell shows them).
    public let botLevels: [BotLevel]
    public let strings: StringCatalog

    @ObservationIgnored public let directory: URL
    @ObservationIgnored public let art: PieceArt
    @ObservationIgnored let rulesDirectory: URL?
    @ObservationIgnored private var library: GameLibrary?

    /// `directory`: where the saved games and settings live (created if missing); `strings`:
    /// the String Catalog; `pieces`: the piece SVGs; `rules`: the rules pages
    /// (`<lang>.lproj/<game>.md`).
    public init(directory: URL, strings: StringCatalog, pieces: URL, rules: URL?) throws {
        self.directory = directory
        self.strings = strings
        self.art = PieceArt(directory: pieces)
        self.rulesDirectory = rules
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        settings = (try? JSONDecoder().decode(Settings.self, from: Data(contentsOf: directory.appendingPathComponent("settings.json")))) ?? Settings()
        catalogue = RookeryBindings.catalogue()
        botLevels = RookeryBindings.botLevels()
        let lib = try GameLibrary(path: directory.appendingPathComponent("games").path)
        library = lib
        if let moved = lib.movedAside() {
            alert = text("error-library-unavailable", moved)
        }
        refresh()
    }

    public var route: Route { stack.last ?? .home }
    public var language: String { settings.language }

    // MARK: text

    public func text(_ key: String, _ args: String...) -> String {
        strings.text(key, args, language: settings.language)
    }

    public func text(_ m: MessageView) -> String { strings.message(m, language: settings.language) }

    /// The games of one group of the home screen, in catalogue order.
    public func games(in group: GameGroup) -> [GameEntry] { catalogue.filter { $0.group == group } }

    /// The home screen's groups in order, with their title keys.
    public static let groups: [(GameGroup, String)] = [
        (.chessVariants, "group-chess-variants"), (.chessFamily, "group-chess-family"), (.morePlayers, "group-more-players"),
    ]

    /// A game's name in the language of the settings.
    public func gameName(_ id: String) -> String { text("game-\(id)-name") }

    /// The name shown for a seat of a saved game or the new-game screen.
    public func seatName(_ config: SeatConfig, colour: String) -> String {
        switch config {
        case .person(let name): return name.isEmpty ? text("colour-\(colour)") : name
        case .bot(let level): return text("seat-bot-short", String(level))
        }
    }

    /// The picker's text of a bot level: the level and its strength, measured in chess
    /// (in English "Bot, level {level} · ≈ {elo} Elo (chess)", the figure from the core).
    public func botLevelLabel(_ level: UInt8) -> String {
        botLevels.first { $0.level == level }.map { text($0.label) } ?? text("seat-bot", String(level))
    }

    /// The rules page of a game in the language of the settings (English when missing).
    public func rulesPage(_ gameId: String) -> String? {
        guard let dir = rulesDirectory, !gameId.contains("/") else { return nil }
        for lang in [settings.language, strings.sourceLanguage] {
            let url = dir.appendingPathComponent("\(lang).lproj/\(gameId).md")
            if let s = try? String(contentsOf: url, encoding: .utf8) { return s }
        }
        return nil
    }

    // MARK: settings

    public func update(_ change: (inout Settings) -> Void) {
        var s = settings
        change(&s)
        guard s != settings else { return }
        let tableChanged = s.tableMode != settings.tableMode
        settings = s
        if let data = try? JSONEncoder().encode(s) {
            try? data.write(to: directory.appendingPathComponent("settings.json"), options: .atomic)
        }
        if tableChanged, let g = game {
            Task { await g.setLooker(self.looker) }
        }
    }

    var looker: ScreenLooker { settings.tableMode ? .table(turnPieces: true) : .device }

    // MARK: navigation

    public func push(_ r: Route) { stack.append(r) }

    /// Back one screen; leaving a game cancels its bot and closes its session.
    public func back() async {
        guard stack.count > 1 else { return }
        if case .game = stack.removeLast() { await closeGame() }
        if route == .home { refresh() }
    }

    /// Sets the whole back stack (the navigation view's path); a game no longer on it is left.
    public func navigate(to new: [Route]) async {
        let isGame: (Route) -> Bool = { if case .game = $0 { return true } else { return false } }
        let hadGame = stack.contains(where: isGame)
        stack = new.isEmpty ? [.home] : new
        if hadGame && !stack.contains(where: isGame) { await closeGame() }
        if route == .home { refresh() }
    }

    public func home() async {
        await closeGame()
        stack = [.home]
        refresh()
    }

    // MARK: saved games

    /// Re-reads the saved games (and the damaged ones) from the library.
    public func refresh() {
        guard let lib = library else { return }
        do {
            saved = try lib.savedGames()
            damaged = try lib.damagedGames()
        } catch {
            alert = describe(error)
        }
    }

    /// The game Continue opens: the most recently changed game still being played.
    public var continueGame: SavedGameSummary? { saved.first { $0.status == .playing } }

    /// The new-game screen's starting choices: the catalogue's seats, people named by colour.
    public func setup(for gameId: String) -> NewGameSetup? {
        guard let e = catalogue.first(where: { $0.id == gameId }), e.playable else { return nil }
        var rules = e.defaultHouseRules
        rules.showLegalMoves = settings.showLegalMoves
        return NewGameSetup(gameId: gameId, seats: (0..<Int(e.seatCount)).map { _ in SeatSetup() }, houseRules: rules)
    }

    /// Starts a new saved game and shows it.
    @discardableResult
    public func start(_ s: NewGameSetup, seed: UInt64 = UInt64.random(in: 0...UInt64.max)) async -> GameModel? {
        await open { lib in try lib.newGame(gameId: s.gameId, seats: s.seats.map(\.config), houseRules: s.houseRules, seed: seed) }
    }

    /// Opens a saved game where it was left.
    @discardableResult
    public func resume(_ id: UInt64) async -> GameModel? {
        await open { lib in try lib.resume(id: id) }
    }

    /// The result sheet's rematch: same seats and house rules, a new seed.
    @discardableResult
    public func rematch(_ id: UInt64) async -> GameModel? {
        await open { lib in try lib.rematch(id: id) }
    }

    /// Reads a game record (PGN, PGN4 or Rookery's text form), saves it and opens it.
    @discardableResult
    public func importGame(_ text: String) async -> GameModel? {
        await open { lib in
            let summary = try lib.importGame(text: text)
            return try lib.resume(id: summary.id)
        }
    }

    /// A saved game as PGN, PGN4 or Rookery's text form (the result sheet's export).
    public func export(_ id: UInt64) -> String? {
        do { return try library?.exportGame(id: id) } catch { alert = describe(error); return nil }
    }

    public func delete(_ id: UInt64) {
        do { try library?.delete(id: id) } catch { alert = describe(error) }
        refresh()
    }

    private func open(_ make: @escaping @Sendable (GameLibrary) throws -> GameSession) async -> GameModel? {
        guard let lib = library else { return nil }
        await closeGame()
        do {
            let model = try await GameModel.open({ try make(lib) }, looker: looker)
            game = model
            if let id = model.savedId {
                if case .game? = stack.last { stack.removeLast() }
                if case .newGame? = stack.last { stack.removeLast() }
                stack.append(.game(savedId: id))
            }
            return model
        } catch {
            alert = describe(error)
            refresh()
            return nil
        }
    }

    private func closeGame() async {
        if let g = game {
            game = nil
            await g.leave()
        }
    }

    /// Closes the open game and the library (the app going away); the model is unusable after.
    public func close() async {
        await closeGame()
        library = nil
    }

    public func dismissAlert() { alert = nil }

    /// An error of the core as the player's text.
    public func describe(_ error: Error) -> String {
        guard let e = error as? RookeryError else { return "\(error)" }
        switch e {
        case .DamagedSave(let m): return text("error-damaged-save", m)
        case .IllegalMove(let m): return text("error-illegal-move", m)
        case .BadInput(let m): return text("error-bad-input", m)
        case .Internal(let m): return text("error-internal", m)
        case .NoSuchGame(let m): return text("error-no-such-game", m)
        case .LibraryUnavailable(let m): return text("error-library-unavailable", m)
        case .LibraryLocked(let m): return text("error-library-locked", m)
        case .NotYourTurn: return text("error-not-your-turn")
        case .Cancelled: return text("error-cancelled")
        case .StaleSession: return text("error-stale-session")
        }
    }
}
