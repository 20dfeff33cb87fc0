//! Fog of war: a bot plays from the view of its seat. Two positions that look the same from
//! the bot's seat (the same visible cells holding the same pieces) but differ in hidden
//! pieces give the same move for a fixed seed and node budget, at every level.

use std::sync::atomic::AtomicBool;

use rookery_core::bot::{search_bot, Bot, SearchBot};
use rookery_core::game::{Action, Game, HouseRules};
use rookery_core::piece::Piece;
use rookery_core::view;

/// Whether `a` and `b` look the same to `seat`.
fn same_view(a: &Game, b: &Game, seat: u8) -> bool {
    let (pa, pb) = (a.position(), b.position());
    let (va, vb) = (view::visible(pa, seat), view::visible(pb, seat));
    va.is_some()
        && va == vb
        && va.unwrap().iter().all(|c| pa.at(c) == pb.at(c))
        && pa.turn() == pb.turn()
}

#[test]
fn fog_of_war_bot_move_does_not_depend_on_hidden_pieces() {
    let cancel = AtomicBool::new(false);
    let mut compared = 0;
    for seed in 1..=24u64 {
        let mut g = Game::with_options("fog-of-war", HouseRules::default(), seed, None).unwrap();
        let walker = search_bot(1, seed);
        for _ in 0..(6 + seed as usize % 7) {
            let a = walker.choose(&g, &cancel).unwrap();
            g.act(a).unwrap();
            if g.is_over() {
                break;
            }
        }
        if g.is_over() {
            continue;
        }
        let pos = g.position();
        let me = pos.turn();
        let seen = view::visible(pos, me).unwrap();
        // the other game: every hidden enemy piece but the king taken off the board
        let mut hidden = pos.clone();
        let mut changed = false;
        for c in 0..pos.variant.board.len() as u16 {
            let p = pos.at(c);
            if p.is_some() && !seen.contains(c) && Some(c) != pos.king(1 - me) {
                hidden.put(c, Piece::NONE);
                changed = true;
            }
        }
        if !changed {
            continue;
        }
        let other = Game::from_position(hidden, HouseRules::default(), g.seed).unwrap();
        let fresh = Game::from_position(pos.clone(), HouseRules::default(), g.seed).unwrap();
        if !same_view(&fresh, &other, me) {
            continue;
        }
        for level in [3u8, 6, 8] {
            let bot = SearchBot {
                nodes: Some(4000),
                ..search_bot(level, 99)
            };
            let a: Option<Action> = bot.choose(&fresh, &cancel);
            let b: Option<Action> = bot.choose(&other, &cancel);
            assert!(a.is_some());
            assert_eq!(
                a, b,
                "seed {seed} level {level}: the move depends on hidden pieces"
            );
        }
        compared += 1;
    }
    assert!(compared >= 6, "only {compared} positions compared");
}
