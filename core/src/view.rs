//! What one seat may see: the single point through which everything player-facing passes
//! (the bindings' snapshot, targets, last move, checks, move list and position text, and the
//! position a bot of that seat searches).
//!
//! Every game shows everything ([`visible`] returns `None`) except where its rules hide cells
//! (`Rules::visible`: fog of war); every caller asks [`visible`] alone.

use crate::board::{Cell, CellSet};
use crate::game::{Action, Game};
use crate::piece::Seat;
use crate::position::Position;

/// The cells seat `seat` may see in `pos`; `None` = every cell (no hidden information).
pub fn visible(pos: &Position, seat: Seat) -> Option<CellSet> {
    pos.variant.rules.visible(pos, seat)
}

/// Whether a game limits what each seat sees (fog of war): its position text, exports and
/// saved-game previews must then stay closed while it is played.
pub fn limits_view(v: &crate::variant::Variant) -> bool {
    v.rules.hides()
}

/// Pass-and-play on one device in a game that hides information: the seat the device must be
/// handed to before anything of the position is shown again, if any.
///
/// `people[s]` names the person who plays seat `s` at this device (`None`: a bot); `shown` is
/// the seat whose view the device showed last (`None`: none yet, the game has just been
/// opened). A hand-over is due only when at least two different people sit at the table, the
/// seat to move is played by a person and that person is not the one the device last showed
/// (two seats with the same name are one person). Bots need none; a finished game needs none.
pub fn hand_over_to(
    pos: &Position,
    over: bool,
    people: &[Option<&str>],
    shown: Option<Seat>,
) -> Option<Seat> {
    if over || !limits_view(pos.variant) {
        return None;
    }
    let mut names: Vec<&str> = people.iter().flatten().copied().collect();
    names.sort_unstable();
    names.dedup();
    if names.len() < 2 {
        return None;
    }
    let turn = pos.turn();
    let next = people.get(turn as usize).copied().flatten()?;
    let last = shown.and_then(|s| people.get(s as usize).copied().flatten());
    (last != Some(next)).then_some(turn)
}

/// The seat whose view a pass-and-play screen shows (the device passes between the people at
/// the table): the seat to move when a person plays it, else the person's seat shown last,
/// else the first seat a person plays; with bots alone, the seat to move.
pub fn shown_seat(pos: &Position, people: &[Option<&str>], shown: Option<Seat>) -> Seat {
    let person = |s: Seat| people.get(s as usize).is_some_and(|p| p.is_some());
    let turn = pos.turn();
    if person(turn) {
        return turn;
    }
    if let Some(s) = shown.filter(|&s| person(s)) {
        return s;
    }
    (0..people.len() as Seat)
        .find(|&s| person(s))
        .unwrap_or(turn)
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
    /// The seat whose view this is (its own moves are always readable to it).
    seat: Option<Seat>,
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
            seat: Some(seat),
        }
    }

    /// A view that sees no cell: what a pass-and-play screen shows while the device is being
    /// handed to the next player ([`hand_over_to`]).
    pub fn nothing() -> View {
        View {
            cells: Some(CellSet::EMPTY),
            seat: None,
        }
    }

    /// Why the seat to move cannot move from `from` to `to` ([`crate::interact::explain`]), told
    /// only from what this view sees: a cell in the dark holds "no piece" and cannot be moved
    /// to, whatever stands there (a hidden piece that blocks a pawn is not named).
    pub fn explain(&self, game: &Game, from: Cell, to: Cell) -> crate::message::Message {
        use crate::message::{illegal, Message};
        let name = |c: Cell| game.variant.board.name(c).to_owned();
        if !self.sees(from) {
            Message::new(illegal::NO_PIECE).with("cell", name(from))
        } else if !self.sees(to) {
            Message::new(illegal::CANNOT_MOVE_THERE).with("cell", name(to))
        } else {
            crate::interact::explain(game, from, to)
        }
    }

    /// The same viewer seeing every cell: a finished game hides nothing any more.
    pub fn revealed(self) -> View {
        View {
            cells: None,
            ..self
        }
    }

    /// The seat whose view this is (`None`: nobody's, a hand-over).
    pub fn seat(&self) -> Option<Seat> {
        self.seat
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

    /// Whether a ply may be shown (its text, its last-move mark): the viewer's own plies, and
    /// others' whose cells it sees now.
    pub fn sees_ply(&self, p: &crate::game::Ply) -> bool {
        self.is_full() || self.seat == Some(p.mover) || self.sees_action(&p.action)
    }

    /// The move list as this viewer may read it: hidden moves as `?`.
    pub fn texts(&self, game: &Game) -> Vec<String> {
        game.plies()
            .iter()
            .map(|p| {
                if self.sees_ply(p) {
                    p.text.clone()
                } else {
                    "?".to_string()
                }
            })
            .collect()
    }

    /// The move list as the game's players read it (SAN, WXF, shogi's Western notation:
    /// [`crate::notation::traditional::readable_list`]) where this viewer sees everything;
    /// where it does not, [`View::texts`] (a SAN check mark or capture sign would tell what
    /// the fog hides).
    pub fn readable_texts(&self, game: &Game) -> Vec<String> {
        if self.is_full() {
            crate::notation::traditional::readable_list(game)
        } else {
            self.texts(game)
        }
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
