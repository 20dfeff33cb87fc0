//! Move text in every notation a player or a file can give: coordinate text and action text
//! through `Game::act_text` (every game), SAN (the games SAN fits) and PGN4 move tokens (four-player
//! chess). Byte 0 picks the game, byte 1 how many moves to play first, the next bytes pick those
//! moves (index into the legal moves); the rest is the text. A text that is refused changes
//! nothing; a move that is read is legal; legal moves' SAN / PGN4 tokens read back (a sample
//! of eight per position).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rookery_core::notation::{movetext, pgn4, san};
use rookery_core::variant::RecordForm;
use rookery_core::Game;
use rookery_fuzz::{check_game, pick_id, text};

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let id = pick_id(data[0]);
    let prefix = (data[1] % 24) as usize;
    let mut g = Game::new(id).unwrap();
    let mut rest = &data[2..];
    for _ in 0..prefix {
        let Some((&b, r)) = rest.split_first() else {
            break;
        };
        rest = r;
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(moves[b as usize % moves.len()]).unwrap();
    }
    let text = text(rest);
    let pos = g.position().clone();
    let legal = g.legal_moves();

    let _ = movetext::parse(&pos, &text);
    let mut g2 = g.clone();
    match g2.act_text(&text) {
        Ok(()) => check_game(&g2, id),
        Err(_) => {
            assert_eq!(
                g2.position().hash(),
                pos.hash(),
                "a refused text changed the game"
            );
            assert_eq!(
                g2.ply_count(),
                g.ply_count(),
                "a refused text changed the game"
            );
        }
    }

    if san::fits(pos.variant) {
        if let Ok(m) = san::parse(&pos, &text) {
            assert!(legal.contains(&m), "SAN {text:?} read as an illegal move");
        }
        for &m in legal.iter().step_by(legal.len() / 8 + 1) {
            let s = san::write(&pos, m);
            assert_eq!(san::parse(&pos, &s), Ok(m), "SAN {s:?} does not read back");
        }
    }
    if pos.variant.facts.record == RecordForm::Pgn4 {
        if let Ok(m) = pgn4::parse_move(&pos, &text) {
            assert!(legal.contains(&m), "PGN4 {text:?} read as an illegal move");
        }
        for &m in legal.iter().step_by(legal.len() / 8 + 1) {
            let s = pgn4::move_token(&pos, m);
            assert_eq!(
                pgn4::parse_move(&pos, &s).ok(),
                Some(m),
                "PGN4 {s:?} does not read back"
            );
        }
    }
});
