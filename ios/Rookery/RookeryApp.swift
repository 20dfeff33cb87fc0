import RookeryKit
import SwiftUI

/// The iOS app: one `AppModel` (RookeryKit) over the Rust core; the views only draw it and send
/// its intents.
@main
struct RookeryApp: App {
    @State private var app: AppModel? = RookeryApp.makeModel()

    var body: some Scene {
        WindowGroup {
            if let app {
                RootView(app: app)
            } else {
                Text(verbatim: "Rookery cannot open its saved games.")
            }
        }
    }

    /// The model over the app's directory and the bundle's resources (the String Catalog as
    /// JSON, the piece images, the rules pages).
    @MainActor
    static func makeModel() -> AppModel? {
        let fm = FileManager.default
        let support = (try? fm.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
            ?? fm.temporaryDirectory
        guard let catalogURL = Bundle.main.url(forResource: "Catalog", withExtension: "json"),
              let strings = try? StringCatalog(contentsOf: catalogURL),
              let pieces = Bundle.main.url(forResource: "pieces", withExtension: nil)
        else { return nil }
        return try? AppModel(directory: support.appendingPathComponent("Rookery"), strings: strings,
                             pieces: pieces, rules: Bundle.main.url(forResource: "Rules", withExtension: nil))
    }
}

/// Navigation: the model's back stack drives a `NavigationStack`.
struct RootView: View {
    @Bindable var app: AppModel

    var body: some View {
        NavigationStack(path: Binding(
            get: { Array(app.stack.dropFirst()) },
            set: { new in Task { await app.navigate(to: [.home] + new) } }
        )) {
            HomeView(app: app)
                .navigationDestination(for: Route.self) { route in
                    switch route {
                    case .home: HomeView(app: app)
                    case .newGame(let id): NewGameView(app: app, gameId: id)
                    case .game: GameView(app: app)
                    case .rules(let id): RulesView(app: app, gameId: id)
                    case .settings: SettingsView(app: app)
                    }
                }
        }
        .environment(\.locale, Locale(identifier: app.language))
        .alert(app.alert ?? "", isPresented: Binding(get: { app.alert != nil }, set: { if !$0 { app.dismissAlert() } })) {
            Button(app.text("action-back")) { app.dismissAlert() }
        }
    }
}
