import RookeryBindings
import RookeryKit
import SwiftUI

/// Home: Continue, the three groups of games, the saved games (and the damaged ones).
struct HomeView: View {
    @Bindable var app: AppModel
    @Environment(\.horizontalSizeClass) private var size

    var body: some View {
        List {
            if let c = app.continueGame {
                Section {
                    Button {
                        Task { await app.resume(c.id) }
                    } label: {
                        VStack(alignment: .leading) {
                            Text(app.text("action-continue")).font(.headline)
                            Text(verbatim: "\(app.gameName(c.gameId)) · \(app.text("moves", String(c.plyCount)))")
                                .font(.subheadline).foregroundStyle(.secondary)
                        }
                    }
                    .accessibilityIdentifier("continue")
                }
            }
            ForEach(AppModel.groups, id: \.1) { item in
                let group = item.0
                Section(app.text(item.1)) {
                    // iPad: the games of a group in a grid; iPhone: a list
                    if size == .regular {
                        LazyVGrid(columns: [GridItem(.adaptive(minimum: 220))], alignment: .leading) {
                            ForEach(app.games(in: group), id: \.id) { GameRow(app: app, entry: $0) }
                        }
                    } else {
                        ForEach(app.games(in: group), id: \.id) { GameRow(app: app, entry: $0) }
                    }
                }
            }
            Section(app.text("menu-continue-title")) {
                if app.saved.isEmpty {
                    Text(app.text("home-no-saved-games")).foregroundStyle(.secondary)
                }
                ForEach(app.saved, id: \.id) { s in
                    Button {
                        Task { await app.resume(s.id) }
                    } label: {
                        VStack(alignment: .leading) {
                            Text(verbatim: s.name.isEmpty ? app.gameName(s.gameId) : s.name)
                            Text(verbatim: "\(app.gameName(s.gameId)) · \(app.text("moves", String(s.plyCount)))")
                                .font(.caption).foregroundStyle(.secondary)
                        }
                    }
                    .swipeActions { Button(role: .destructive) { app.delete(s.id) } label: { Image(systemName: "trash") } }
                }
                ForEach(app.damaged, id: \.self) { d in
                    Label(d, systemImage: "exclamationmark.triangle").foregroundStyle(.red)
                }
            }
        }
        .navigationTitle(app.text("app-name"))
        .toolbar {
            Button { app.push(.settings) } label: { Image(systemName: "gearshape") }
                .accessibilityLabel(app.text("action-settings"))
        }
        .refreshable { app.refresh() }
    }
}

struct GameRow: View {
    let app: AppModel
    let entry: GameEntry

    var body: some View {
        Button {
            app.push(.newGame(gameId: entry.id))
        } label: {
            VStack(alignment: .leading, spacing: 2) {
                Text(app.gameName(entry.id)).font(.body)
                Text(app.text("game-\(entry.id)-blurb")).font(.caption).foregroundStyle(.secondary).lineLimit(2)
            }
        }
        .disabled(!entry.playable)
        .contextMenu {
            Button(app.text("action-rules")) { app.push(.rules(gameId: entry.id)) }
        }
    }
}
