//! Shogi and minishogi in the forms other shogi software exchanges: SFEN
//! (`rules::shogi::parse_sfen`, also what `rules::parse_position` reads when the text is SFEN)
//! and USI move text (`rules::shogi::parse_usi`). Byte 0 picks the game; the text up to the
//! first newline is the SFEN (the start when it does not read), the rest USI moves. An SFEN
//! that reads must write, read back and write the same; a USI move that reads must be legal
//! and write as the same text; every legal move's USI text reads back as that move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rookery_core::game::HouseRules;
use rookery_core::rules::{self, shogi};
use rookery_core::Game;
use rookery_fuzz::{check_game, check_position, text};

fuzz_target!(|data: &[u8]| {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let id = if b & 1 == 0 { "shogi" } else { "minishogi" };
    let v = rules::variant(id).unwrap();
    let t = text(rest);
    let (sfen, usi) = t.split_once('\n').unwrap_or((&t, ""));
    let pos = match shogi::parse_sfen(v, sfen) {
        Ok(pos) => {
            check_position(&pos, "parsed");
            let written = shogi::write_sfen(&pos);
            let again = shogi::parse_sfen(v, &written).unwrap_or_else(|e| {
                panic!("{id}: {written:?} (written from {sfen:?}) does not read back: {e}")
            });
            check_position(&again, "read back");
            assert_eq!(shogi::write_sfen(&again), written, "{id}: SFEN not stable");
            // the game's own reader takes SFEN too
            let own = rules::parse_position(v, &written).expect("parse_position reads SFEN");
            assert_eq!(own.hash(), again.hash(), "{id}: two readers disagree");
            pos
        }
        Err(_) => rules::start_position(v, 0).unwrap(),
    };
    let Ok(mut g) = Game::from_position(pos, HouseRules::default(), 0) else {
        return;
    };
    check_game(&g, id);
    for tok in usi.split_whitespace().take(24) {
        if g.is_over() {
            break;
        }
        let pos = g.position();
        if let Ok(m) = shogi::parse_usi(pos, tok) {
            assert!(
                pos.legal_moves().contains(&m),
                "{id}: USI {tok:?} read as an illegal move"
            );
            let w = shogi::write_usi(pos, m);
            assert_eq!(shogi::parse_usi(pos, &w).ok(), Some(m), "{id}: {w:?}");
            g.play(m).unwrap();
            check_game(&g, id);
        }
    }
    let pos = g.position();
    for m in pos.legal_moves() {
        let w = shogi::write_usi(pos, m);
        assert_eq!(
            shogi::parse_usi(pos, &w).ok(),
            Some(m),
            "{id}: legal move {m:?} writes as {w:?}, which does not read back"
        );
    }
});
