import Foundation
import Observation
import RookeryBindings

/// One open game: the core's game screen and the intents sent to it. The model holds no game
/// logic: every tap, button and choice is a `ScreenIntent` the core turns into the next
/// `GameScreen`. Core calls run off the main actor, one at a time, in the order they were sent;
/// bots play through the async `botMove`, cancelled with the Swift task (`leave()`).
@Observable
@MainActor
public final class GameModel {
    /// The screen to draw (status, bars, scene, pending choice, buttons, moves, result).
    public private(set) var screen: GameScreen
    /// The saved game this model plays (nil for a game outside the library).
    public var savedId: UInt64? { screen.savedId }
    /// The last error of a core call (a typed error that changed nothing), for an alert.
    public private(set) var error: RookeryError?
    /// Whether a bot is computing its move.
    public private(set) var botThinking = false
    /// Whether the game was left (every later intent is ignored).
    public private(set) var left = false
    /// Bots play on their own after each screen (tests turn it off to step them).
    public var autoplayBots: Bool

    @ObservationIgnored let session: GameSession
    @ObservationIgnored private var tail: Task<Void, Never>?
    @ObservationIgnored private var botTask: Task<Void, Never>?

    /// A model over an open session (from `GameLibrary.newGame`, `resume` or `rematch`) and its
    /// first screen (`setLooker`, called off the main actor by `open`).
    public init(session: GameSession, screen: GameScreen, autoplayBots: Bool = true) {
        self.session = session
        self.autoplayBots = autoplayBots
        self.screen = screen
        scheduleBots()
    }

    /// Opens a session off the main actor and shows it to `looker`.
    public static func open(_ make: @escaping @Sendable () throws -> GameSession, looker: ScreenLooker,
                            autoplayBots: Bool = true) async throws -> GameModel {
        let (session, screen) = try await Task.detached { () throws -> (GameSession, GameScreen) in
            let s = try make()
            return (s, try s.setLooker(looker: looker))
        }.value
        return GameModel(session: session, screen: screen, autoplayBots: autoplayBots)
    }

    /// Sends an intent; returns when its screen is shown (or its error is set).
    public func send(_ intent: ScreenIntent) async {
        await enqueue { session in try session.act(intent: intent) }
    }

    /// Whom the device shows the game to (table mode: `.table(turnPieces:)`).
    public func setLooker(_ looker: ScreenLooker) async {
        await enqueue { session in try session.setLooker(looker: looker) }
    }

    /// Runs a core call off the main actor after the calls sent before it.
    private func enqueue(_ call: @escaping @Sendable (GameSession) throws -> GameScreen) async {
        guard !left else { return }
        let previous = tail
        let session = self.session
        let task = Task { @MainActor in
            await previous?.value
            guard !self.left else { return }
            do {
                let next = try await Task.detached { try call(session) }.value
                self.show(next)
            } catch let e as RookeryError {
                self.error = e
            } catch {
                self.error = .Internal(message: "\(error)")
            }
        }
        tail = task
        await task.value
    }

    private func show(_ next: GameScreen) {
        screen = next
        error = nil
        scheduleBots()
    }

    public func clearError() { error = nil }

    /// Whether a bot is to move on the screen now (and nothing waits for the device's person).
    public var botToMove: Bool {
        guard screen.result == nil, screen.review == nil else { return false }
        if case .handOver? = screen.pending { return false }
        return screen.bars.contains { $0.toMove && $0.bot != nil }
    }

    private func scheduleBots() {
        guard autoplayBots, botTask == nil, botToMove, !left else { return }
        botTask = Task { @MainActor in
            await self.playBots()
            self.botTask = nil
            // a person's intent may have handed the turn to a bot while this one finished
            self.scheduleBots()
        }
    }

    /// Plays the bots' moves while a bot is to move; stops when the task is cancelled.
    public func playBots() async {
        while botToMove && !Task.isCancelled && !left {
            guard await playOneBotMove() else { return }
        }
    }

    /// One bot move: `botMove` with the task's cancellation wired to a `CancelHandle`, then the
    /// new screen. False when it was cancelled or failed.
    @discardableResult
    public func playOneBotMove() async -> Bool {
        let session = self.session
        let handle = CancelHandle()
        let before = screen
        botThinking = true
        defer { botThinking = false }
        do {
            _ = try await withTaskCancellationHandler {
                try await session.botMove(cancel: handle)
            } onCancel: {
                handle.cancel()
            }
            if Task.isCancelled || left { return false }
            screen = try await Task.detached { try session.screen() }.value
            return true
        } catch RookeryError.Cancelled {
            return false
        } catch RookeryError.NotYourTurn {
            return false
        } catch RookeryError.StaleSession where !left {
            // a person's intent (undo, a seat handed over) changed the game during the search:
            // the bot thinks again on the new screen if it is still to move
            return botToMove && screen != before
        } catch let e as RookeryError {
            error = e
            return false
        } catch {
            self.error = .Internal(message: "\(error)")
            return false
        }
    }

    /// Leaves the game: a bot's search is cancelled (nothing is played after this returns), the
    /// pending intents finish, and the session is closed (saved, its clock paused).
    public func leave() async {
        guard !left else { return }
        left = true
        let bot = botTask
        bot?.cancel()
        await bot?.value
        await tail?.value
        let session = self.session
        await Task.detached { session.closeSession() }.value
    }
}
