import Foundation
import RookeryBindings

/// What the views say about the screen: names of seats and pieces, and the VoiceOver label of
/// each cell (its name, the piece on it in its army's colour, fog, whether the selected piece
/// can move there). Decided here so the views hold no logic and the labels are tested.
extension AppModel {
    /// A seat's name on the screen: the player's name, else its colour.
    public func displayName(_ bar: SeatBarView) -> String {
        bar.name.isEmpty ? text(bar.colour) : bar.name
    }

    /// A piece's name from its image id (`western-king`, `xiangqi-horse-red`, `shogi-pawn-promoted`).
    public func pieceName(glyph: String) -> String {
        let words = glyph.split(separator: "-").dropFirst()
            .filter { !["red", "black", "cho", "han", "sym"].contains($0) }
        let key = "piece-" + words.joined(separator: "-")
        if strings.has(key) { return text(key) }
        // a promoted shogi piece: its own name (`piece-promoted-lance`), else the base piece's
        if words.last == "promoted" {
            let promoted = "piece-promoted-" + words.dropLast().joined(separator: "-")
            if strings.has(promoted) { return text(promoted) }
        }
        return words.joined(separator: " ")
    }

    /// The VoiceOver label of a cell of the screen's scene.
    public func cellLabel(_ cell: SceneCell, in screen: GameScreen) -> String {
        var parts = [cell.cell]
        if let p = screen.scene.pieces.first(where: { $0.cell == cell.cell }) {
            let colour = screen.bars.first { $0.seat == p.owner }.map { text($0.colour) }
            parts.append([colour, pieceName(glyph: p.glyph)].compactMap { $0 }.joined(separator: " "))
        } else if cell.fog {
            parts.append("?")
        }
        if cell.target { parts.append(text("prompt-move", cell.cell)) }
        return parts.joined(separator: ", ")
    }
}
