import RookeryBindings
import RookeryKit
import SwiftUI

/// A game's rules page (`Rules/<lang>.lproj/<game>.md`, generated from assets/rules).
struct RulesView: View {
    let app: AppModel
    let gameId: String

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 8) {
                if let page = app.rulesPage(gameId) {
                    ForEach(Array(page.components(separatedBy: "\n\n").enumerated()), id: \.offset) { _, block in
                        if block.hasPrefix("#") {
                            Text(block.trimmingCharacters(in: CharacterSet(charactersIn: "# "))).font(.title3.bold())
                                .accessibilityAddTraits(.isHeader)
                        } else {
                            Text((try? AttributedString(markdown: block)) ?? AttributedString(block))
                        }
                    }
                } else {
                    Text(app.text("rules-not-playable"))
                }
            }
            .padding()
            .frame(maxWidth: 720, alignment: .leading)
        }
        .navigationTitle(app.text("rules-title", app.gameName(gameId)))
    }
}

/// Settings: language, legal-move marks, table mode, piece symbols.
struct SettingsView: View {
    @Bindable var app: AppModel

    var body: some View {
        Form {
            Picker(app.text("settings-language"), selection: Binding(get: { app.settings.language }, set: { v in app.update { $0.language = v } })) {
                ForEach(app.strings.languages, id: \.self) { lang in
                    Text(app.strings.text("settings-language-name", language: lang)).tag(lang)
                }
            }
            Toggle(app.text("house-show-legal-moves"), isOn: Binding(get: { app.settings.showLegalMoves }, set: { v in app.update { $0.showLegalMoves = v } }))
            Picker(app.text("settings-orientation"), selection: Binding(get: { app.settings.tableMode }, set: { v in app.update { $0.tableMode = v } })) {
                Text(app.text("orientation-face-to-move")).tag(false)
                Text(app.text("orientation-table")).tag(true)
            }
        }
        .navigationTitle(app.text("action-settings"))
    }
}
