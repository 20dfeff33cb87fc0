//! A test-only game added the way docs/ARCHITECTURE.md "How to add a game" describes: one
//! file of data and hooks, and its registry row ([`ENTRY`]; a real game's row goes into
//! [`super::GAMES`]). Two kings walk a 3×4 board; a king may not step next to the other; the
//! game is drawn when the side to move has no move or a position stands for the third time.

use crate::board::grid;
use crate::piece;
use crate::rules::duel::{DuelRules, Ends};
use crate::rules::Entry;
use crate::variant::{Facts, SeatDef, Variant};

/// The game's registry row.
pub const ENTRY: Entry = Entry {
    id: "example",
    build: variant,
    facts: Facts {
        san: false,
        ..Facts::CHESS_LIKE
    },
};

/// The data: a 3×4 board, White's king on a1 and Black's on c4.
pub fn variant() -> Variant {
    let board = grid::build("3x4", 3, 4, |_, _| false);
    let mut v = Variant::base(ENTRY.id, &RULES, board, piece::orthodox());
    v.seats = SeatDef::white_and_black();
    v.start_fen = "2k/3/3/K2 w - - 0 1".to_string();
    v.finish()
}

/// The rules, as data: FEN, and its ends (no move draws, the third repetition draws; no
/// fifty-move rule); every other hook keeps the default.
pub static RULES: DuelRules = DuelRules {
    ends: Ends {
        move_rule: 0,
        ..Ends::FIDE
    },
    ..DuelRules::FEN
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EndReason;
    use once_cell::sync::Lazy;

    /// The game as the registry builds it: the row's variant with the row's facts.
    static GAME: Lazy<Variant> = Lazy::new(|| {
        let mut v = (ENTRY.build)();
        v.facts = ENTRY.facts;
        v
    });

    /// Counted by hand: White's king on a1 has a2, b1, b2 (3). Black's king on c4 then has b4
    /// and c3 after a2, b4, b3 and c3 after b1, b4 alone after b2 (6). White's third moves:
    /// 3 + 3 (a2), 5 + 2 + 3 (b1), 5 (b2): 21.
    #[test]
    fn perft_1_to_3_counted_by_hand() {
        let mut pos = GAME.rules().start_position(&GAME, 0).unwrap();
        let counts: Vec<u64> = (1..=3)
            .map(|d| crate::movegen::perft(&mut pos, d))
            .collect();
        assert_eq!(counts, [3, 6, 21]);
    }

    #[test]
    fn the_game_is_played_through_its_rules() {
        let pos = GAME.rules().start_position(&GAME, 0).unwrap();
        assert_eq!(GAME.rules().write(&pos), "2k/3/3/K2 w - - 0 1");
        let mut game =
            crate::game::Game::from_position(pos, crate::game::HouseRules::default(), 0).unwrap();
        for m in [
            "a1b2", "c4b4", "b2a1", "b4c4", "a1b2", "c4b4", "b2a1", "b4c4",
        ] {
            game.act_text(m).unwrap();
        }
        assert_eq!(
            game.outcome().map(|o| o.reason),
            Some(EndReason::Repetition)
        );
    }
}
