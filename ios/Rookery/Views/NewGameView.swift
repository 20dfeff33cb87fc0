import RookeryBindings
import RookeryKit
import SwiftUI

/// New game: seats (person with a name, or a bot and its level) and house rules.
struct NewGameView: View {
    @Bindable var app: AppModel
    let gameId: String
    @State private var setup: NewGameSetup?

    var body: some View {
        Form {
            if let entry = app.catalogue.first(where: { $0.id == gameId }), setup != nil {
                Section(app.text("setup-players")) {
                    ForEach(setup!.seats.indices, id: \.self) { i in
                        SeatEditor(app: app, colour: entry.seatColours.indices.contains(i) ? entry.seatColours[i] : "grey",
                                   seat: Binding(get: { setup!.seats[i] }, set: { setup!.seats[i] = $0 }))
                    }
                }
                Section(app.text("setup-house-rules")) {
                    Toggle(app.text("house-show-legal-moves"), isOn: Binding(
                        get: { setup!.houseRules.showLegalMoves }, set: { setup!.houseRules.showLegalMoves = $0 }))
                    Toggle(app.text("house-rotate-first-seat"), isOn: Binding(
                        get: { setup!.houseRules.rotateFirstSeat }, set: { setup!.houseRules.rotateFirstSeat = $0 }))
                    Picker(app.text("house-turn-time"), selection: Binding(
                        get: { setup!.houseRules.turnSeconds }, set: { setup!.houseRules.turnSeconds = $0 })) {
                        Text(app.text("house-turn-time-none")).tag(UInt32?.none)
                        ForEach([UInt32(30), 60], id: \.self) { s in
                            Text(app.text("house-turn-time-seconds", String(s))).tag(UInt32?.some(s))
                        }
                    }
                    Picker(app.text("house-move-limit"), selection: Binding(
                        get: { setup!.houseRules.moveLimit }, set: { setup!.houseRules.moveLimit = $0 })) {
                        Text(app.text("house-move-limit-none")).tag(UInt32?.none)
                        ForEach([UInt32(50), 100, 200], id: \.self) { n in Text(verbatim: "\(n)").tag(UInt32?.some(n)) }
                    }
                }
                Section {
                    Button(app.text("action-start-game")) {
                        if let s = setup { Task { await app.start(s) } }
                    }
                    .accessibilityIdentifier("start")
                    Button(app.text("action-rules")) { app.push(.rules(gameId: gameId)) }
                }
            }
        }
        .navigationTitle(app.text("setup-title", app.gameName(gameId)))
        .onAppear { if setup == nil { setup = app.setup(for: gameId) } }
    }
}

struct SeatEditor: View {
    let app: AppModel
    let colour: String
    @Binding var seat: SeatSetup

    var body: some View {
        HStack {
            Circle().frame(width: 12, height: 12).foregroundStyle(.secondary)
                .accessibilityLabel(app.text("colour-\(colour)"))
            Picker("", selection: Binding(get: { seat.botLevel ?? 0 }, set: { seat.botLevel = $0 == 0 ? nil : $0 })) {
                Text(app.text("seat-person-short")).tag(UInt8(0))
                ForEach(app.botLevels.map(\.level), id: \.self) { l in Text(app.botLevelLabel(l)).tag(l) }
            }
            .labelsHidden()
            if seat.botLevel == nil {
                TextField(app.text("colour-\(colour)"), text: $seat.name)
                    .textInputAutocapitalization(.words)
            }
        }
    }
}
