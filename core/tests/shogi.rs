//! Shogi and minishogi: perft against Fairy-Stockfish's counts and a test per rule of the
//! games' pages.

use rookery_core::game::EndReason;
use rookery_core::movegen::perft;
use rookery_core::notation::movetext;
use rookery_core::rules::{self, shogi};
use rookery_core::{Game, Position};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
const MID: &str = "lnsgk1snl/1r2g2b1/ppp1p2pp/3p1pp2/9/9/PPPPPPPPP/LB2GK1RL/1NSG2SN1[] w - - 10 6";
const MID_SFEN: &str = "lnsgk1snl/1r2g2b1/ppp1p2pp/3p1pp2/9/9/PPPPPPPPP/LB2GK1RL/1NSG2SN1 b - 11";
const MINI: &str = "rbsgk/4p/5/P4/KGSBR[-] w 0 1";
const MINI_MID: &str = "r2gk/B3p/Ps3/1S2b/KG3[r] w - - 0 6";
const MINI_MID_SFEN: &str = "r2gk/B3p/Ps3/1S2b/KG3 b r 11";

fn pos(game: &str, fen: &str) -> Position {
    rules::parse_position(rules::variant(game).unwrap(), fen).unwrap()
}

/// The legal moves as sorted move text.
fn moves(game: &str, fen: &str) -> Vec<String> {
    let p = pos(game, fen);
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| movetext::write(&p, m, false))
        .collect();
    v.sort();
    v
}

#[test]
fn shogi_perft_matches_fairy_stockfish() {
    for (fen, d, n) in [
        (START, 1, 30),
        (START, 2, 900),
        (START, 3, 25470),
        (MID, 1, 22),
        (MID, 2, 638),
        (MID, 3, 14388),
        (MID_SFEN, 3, 14388),
    ] {
        assert_eq!(perft(&mut pos("shogi", fen), d), n, "{fen} depth {d}");
    }
}

#[test]
fn minishogi_perft_matches_fairy_stockfish() {
    for (fen, d, n) in [
        (MINI, 1, 14),
        (MINI, 2, 181),
        (MINI, 3, 2512),
        (MINI, 4, 35401),
        (MINI_MID, 1, 9),
        (MINI_MID, 2, 280),
        (MINI_MID, 3, 3645),
        (MINI_MID_SFEN, 3, 3645),
    ] {
        assert_eq!(perft(&mut pos("minishogi", fen), d), n, "{fen} depth {d}");
    }
}
