import RookeryBindings
import RookeryKit
import SwiftUI

/// The game screen, drawn from `GameModel.screen`: seat bars, status and phase, the board, the
/// buttons, the move list with review, the pending choice (promotion, which move), the
/// hand-over curtain and the result sheet. iPad (regular width): board and panel side by side.
struct GameView: View {
    @Bindable var app: AppModel
    @Environment(\.horizontalSizeClass) private var size

    var body: some View {
        if let game = app.game {
            content(game)
                .navigationTitle(app.gameName(game.screen.gameId))
                .navigationBarTitleDisplayMode(.inline)
                .toolbar { toolbar(game) }
                .sheet(isPresented: Binding(get: { game.screen.result != nil }, set: { _ in })) {
                    if let r = game.screen.result { ResultSheet(app: app, game: game, result: r) }
                }
                .confirmationDialog(pendingTitle(game), isPresented: Binding(get: { isChoice(game) }, set: { if !$0 { Task { await game.send(.dismiss) } } })) {
                    pendingButtons(game)
                }
                .alert(game.error.map { app.describe($0) } ?? "", isPresented: Binding(get: { game.error != nil }, set: { if !$0 { game.clearError() } })) {
                    Button(app.text("action-back")) { game.clearError() }
                }
        } else {
            ProgressView()
        }
    }

    @ViewBuilder
    private func content(_ game: GameModel) -> some View {
        let s = game.screen
        if case .handOver(let seat)? = s.pending {
            HandOverCurtain(app: app, game: game, seat: seat)
        } else if size == .regular {
            HStack(alignment: .top, spacing: 16) {
                VStack { BarsView(app: app, bars: s.bars); BoardCanvas(app: app, game: game) }
                Panel(app: app, game: game).frame(width: 320)
            }
            .padding()
        } else {
            VStack(spacing: 8) {
                BarsView(app: app, bars: s.bars)
                BoardCanvas(app: app, game: game)
                Panel(app: app, game: game)
            }
            .padding(.horizontal, 8)
        }
    }

    @ToolbarContentBuilder
    private func toolbar(_ game: GameModel) -> some ToolbarContent {
        ToolbarItemGroup(placement: .primaryAction) {
            Button { Task { await game.send(.undo) } } label: { Image(systemName: "arrow.uturn.backward") }
                .disabled(!game.screen.canUndo).accessibilityLabel(app.text("action-undo"))
            Button { Task { await game.send(.redo) } } label: { Image(systemName: "arrow.uturn.forward") }
                .disabled(!game.screen.canRedo).accessibilityLabel(app.text("action-redo"))
            Menu {
                if let seat = game.screen.bars.first(where: { $0.toMove && $0.bot == nil })?.seat {
                    Button(app.text("action-resign"), role: .destructive) { Task { await game.send(.resign(seat: seat)) } }
                }
                Button(app.text("action-rules")) { app.push(.rules(gameId: game.screen.gameId)) }
                Toggle(app.text("orientation-table"), isOn: Binding(get: { app.settings.tableMode }, set: { v in app.update { $0.tableMode = v } }))
            } label: { Image(systemName: "ellipsis.circle") }
        }
    }

    private func isChoice(_ g: GameModel) -> Bool {
        switch g.screen.pending {
        case .promotion?, .moves?: return true
        default: return false
        }
    }

    private func pendingTitle(_ g: GameModel) -> String {
        if case .promotion? = g.screen.pending { return app.text("prompt-promote-to") }
        return app.text("prompt-which-move")
    }

    @ViewBuilder
    private func pendingButtons(_ g: GameModel) -> some View {
        switch g.screen.pending {
        case .promotion(let options)?:
            ForEach(Array(options.enumerated()), id: \.offset) { i, o in
                Button(o.letter) { Task { await g.send(.pick(index: UInt32(i))) } }
            }
        case .moves(let options)?:
            ForEach(Array(options.enumerated()), id: \.offset) { i, o in
                Button(o) { Task { await g.send(.pick(index: UInt32(i))) } }
            }
        default:
            EmptyView()
        }
    }
}

/// The seats: name (or colour), bot level, whose turn, score, material and captures.
struct BarsView: View {
    let app: AppModel
    let bars: [SeatBarView]

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack {
                ForEach(bars, id: \.seat) { b in
                    VStack(alignment: .leading, spacing: 2) {
                        HStack(spacing: 4) {
                            if b.toMove { Image(systemName: b.thinking ? "hourglass" : "arrowtriangle.right.fill") }
                            Text(verbatim: app.displayName(b)).bold()
                            if let l = b.bot { Text(app.text("seat-bot-short", String(l))).font(.caption) }
                        }
                        HStack(spacing: 4) {
                            if let s = b.score { Text(app.text("points", s)).font(.caption) }
                            Text(verbatim: b.captured.map(\.letter).joined()).font(.caption.monospaced())
                        }
                    }
                    .padding(6)
                    .background(RoundedRectangle(cornerRadius: 6).fill(b.toMove ? Color.accentColor.opacity(0.2) : Color.clear))
                    .opacity(b.state == .out ? 0.4 : 1)
                    .accessibilityElement(children: .combine)
                }
            }
        }
    }
}

/// Status, phase and hint, notices, buttons, the move list and review.
struct Panel: View {
    let app: AppModel
    let game: GameModel
    static let reviewSteps: [(ReviewStep, String)] = [
        (.first, "backward.end"), (.back, "backward"), (.forward, "forward"), (.live, "forward.end"),
    ]

    var body: some View {
        let s = game.screen
        VStack(alignment: .leading, spacing: 6) {
            Text(app.text(s.status)).font(.headline).accessibilityAddTraits(.updatesFrequently)
            if let p = s.phase {
                Text(verbatim: "\(app.text(p.what)) — \(app.text(p.hint))").font(.subheadline)
            }
            ForEach(Array(s.notices.enumerated()), id: \.offset) { _, n in
                Text(app.text(n)).font(.footnote).foregroundStyle(.orange)
            }
            ForEach(Array(s.buttons.enumerated()), id: \.offset) { i, b in
                Button(app.text(b.label)) { Task { await game.send(.press(index: UInt32(i))) } }
                    .buttonStyle(.bordered)
            }
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 90), alignment: .leading)], alignment: .leading) {
                        ForEach(Array(s.moves.enumerated()), id: \.offset) { i, m in
                            Button {
                                Task { await game.send(.review(step: .to(index: UInt32(i + 1)))) }
                            } label: {
                                Text(verbatim: "\(m.number). \(m.text)\(m.note.map { " " + app.text($0) } ?? "")")
                                    .font(.callout.monospaced())
                                    .padding(2)
                                    .background(s.review == UInt32(i + 1) ? Color.accentColor.opacity(0.25) : .clear)
                            }
                            .buttonStyle(.plain)
                            .id(i)
                        }
                    }
                }
                .onChange(of: s.moves.count) { _, n in proxy.scrollTo(n - 1) }
            }
            HStack {
                ForEach(Self.reviewSteps, id: \.1) { item in
                    Button { Task { await game.send(.review(step: item.0)) } } label: { Image(systemName: item.1) }
                }
            }
            .buttonStyle(.bordered)
        }
    }
}

/// Fog of war between people: the board stays hidden until the next player holds the device.
struct HandOverCurtain: View {
    let app: AppModel
    let game: GameModel
    let seat: UInt8

    var body: some View {
        let name = game.screen.bars.first { $0.seat == seat }.map(app.displayName) ?? ""
        VStack(spacing: 24) {
            Spacer()
            Image(systemName: "eye.slash").font(.system(size: 64))
            Text(app.text("handover-title", name)).font(.title2).multilineTextAlignment(.center)
            Button(app.text("handover-ready", name)) { Task { await game.send(.confirmHandOver) } }
                .buttonStyle(.borderedProminent)
            Spacer()
        }
        .padding()
    }
}

/// The result: headline, reason, places, and the follow-ups (rematch, new game, export).
struct ResultSheet: View {
    let app: AppModel
    let game: GameModel
    let result: ResultSheetView

    var body: some View {
        NavigationStack {
            List {
                Section {
                    Text(app.text(result.headline)).font(.title2.bold())
                    Text(app.text(result.reason))
                }
                Section {
                    ForEach(result.places, id: \.seat) { p in
                        let bar = game.screen.bars.first { $0.seat == p.seat }
                        HStack {
                            Text(verbatim: "\(p.place).")
                            Text(verbatim: bar.map(app.displayName) ?? "")
                            Spacer()
                            if let pts = p.points { Text(app.text("points", pts)) }
                        }
                    }
                }
                Section {
                    ForEach(result.follow, id: \.self) { f in
                        switch f {
                        case .rematch:
                            Button {
                                if let id = game.savedId { Task { await app.rematch(id) } }
                            } label: {
                                Label(app.gameName(game.screen.gameId), systemImage: "arrow.counterclockwise")
                            }
                        case .newGame:
                            Button(app.text("action-new-game")) { Task { await app.home() } }
                        case .export:
                            if let id = game.savedId, let text = app.export(id) {
                                ShareLink(item: text) { Label("PGN", systemImage: "square.and.arrow.up") }
                            }
                        }
                    }
                }
            }
        }
        .presentationDetents([.medium, .large])
    }
}
