//! What one seat may see: the single point through which everything player-facing passes
//! (the bindings' snapshot, targets, last move, checks, move list and position text, and the
//! position a bot of that seat searches).
//!
//! Every game shows everything ([`visible`] returns `None`) except fog of war, where a seat sees
//! what `rules::variants::visible_cells` allows; every caller asks [`visible`] alone.

use crate::board::{Cell, CellSet};
use crate::game::{Action, Game};
use crate::piece::Seat;
use crate::position::Position;

/// The cells seat `seat` may see in `pos`; `None` = every cell (no hidden information).
pub fn visible(pos: &Position, seat: Seat) -> Option<CellSet> {
    match pos.variant.family {
        crate::variant::Family::FogOfWar => Some(crate::rules::variants::visible_cells(pos, seat)),
        _ => None,
    }
}

/// Whom a shell shows the board to: one seat (the seat whose player holds the device), or
/// everyone (pass-and-play on one screen, a replay, an analysis board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Seat(Seat),
    Everyone,
}

/// A seat's (or everyone's) view of one position.
#[derive(Clone, Debug)]
pub struct View {
    cells: Option<CellSet>,
}

impl View {
    /// The view of `viewer` on `pos`. `Everyone` sees every cell only where no seat's view is
    /// limited; otherwise it sees what the seat to move sees (pass-and-play hands the device to
    /// the player to move).
    pub fn of(pos: &Position, viewer: Viewer) -> View {
        let seat = match viewer {
            Viewer::Seat(s) => s,
            Viewer::Everyone => pos.turn(),
        };
        View {
            cells: visible(pos, seat),
        }
    }

    /// Whether everything is visible.
    pub fn is_full(&self) -> bool {
        self.cells.is_none()
    }

    /// Whether `c` may be seen.
    pub fn sees(&self, c: Cell) -> bool {
        self.cells.as_ref().is_none_or(|s| s.contains(c))
    }

    /// Whether a move's or ply's cells may be shown (a hidden cell hides the whole move).
    pub fn sees_action(&self, a: &Action) -> bool {
        match a {
            Action::Move(m) => {
                (m.from == crate::board::NO_CELL || self.sees(m.from))
                    && (m.to == crate::board::NO_CELL || self.sees(m.to))
            }
            _ => true,
        }
    }

    /// The move list as this viewer may read it: hidden moves as `?`.
    pub fn texts(&self, game: &Game) -> Vec<String> {
        game.plies()
            .iter()
            .map(|p| {
                if self.is_full() || self.sees_action(&p.action) {
                    p.text.clone()
                } else {
                    "?".to_string()
                }
            })
            .collect()
    }

    /// The position text (FEN, ...) this viewer may have: the whole position, or nothing while
    /// some of it is hidden (a position text cannot leave cells out).
    pub fn position_text(&self, pos: &Position) -> Option<String> {
        self.is_full().then(|| crate::rules::write_position(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(g: &Game, name: &str) -> Cell {
        g.variant.board.cell(name).unwrap()
    }

    #[test]
    fn fog_of_war_shows_a_seat_its_own_pieces_and_where_they_can_go_and_nothing_else() {
        let mut g = Game::new("fog-of-war").unwrap();
        g.play_text("e2e4").unwrap();
        g.play_text("d7d5").unwrap();
        let white = View::of(g.position(), Viewer::Seat(0));
        assert!(white.sees(cell(&g, "e4")), "own piece");
        assert!(
            white.sees(cell(&g, "d5")),
            "a capture target of the e4 pawn"
        );
        assert!(!white.sees(cell(&g, "d8")), "the enemy queen");
        assert!(
            !white.sees(cell(&g, "e7")),
            "an enemy pawn nothing of White's reaches"
        );
        // Black's move d7d5 started on a cell White cannot see: the move list hides it
        assert_eq!(white.texts(&g), vec!["e2e4".to_string(), "?".to_string()]);
        // the other games show everything
        let chess = Game::new("chess").unwrap();
        assert!(View::of(chess.position(), Viewer::Seat(0)).is_full());
    }
}
