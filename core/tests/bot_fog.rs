//! Fog of war: a bot plays from the view of its seat. Two positions that look the same from
//! the bot's seat (the same visible cells holding the same pieces) but differ in hidden
//! pieces give the same move for a fixed seed and node budget, at every level.

use std::sync::atomic::AtomicBool;

use rookery_core::bot::{search_bot, Bot, BotSeat, SearchBot};
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

/// Two games of fog of war that look the same to the seat to move but differ in hidden
/// pieces: the game level 1 walks into from `seed` (a few moves) and the same position with
/// every hidden enemy piece but the king taken off. `None` where the walk ends the game, hides
/// nothing, or the two do not look the same.
fn look_alike(seed: u64) -> Option<(Game, Game)> {
    let cancel = AtomicBool::new(false);
    let mut g = Game::with_options("fog-of-war", HouseRules::default(), seed, None).unwrap();
    let walker = search_bot(1, seed);
    for _ in 0..(6 + seed as usize % 7) {
        let a = walker.choose(&g, &cancel).unwrap();
        g.act(a).unwrap();
        if g.is_over() {
            return None;
        }
    }
    let pos = g.position();
    let me = pos.turn();
    let seen = view::visible(pos, me).unwrap();
    let mut hidden = pos.clone();
    let mut changed = false;
    for c in 0..pos.variant.board.len() as u16 {
        let p = pos.at(c);
        if p.is_some() && !seen.contains(c) && Some(c) != pos.king(1 - me) {
            hidden.put(c, Piece::NONE);
            changed = true;
        }
    }
    let real = Game::from_position(pos.clone(), HouseRules::default(), g.seed).unwrap();
    let other = Game::from_position(hidden, HouseRules::default(), g.seed).unwrap();
    (changed && same_view(&real, &other, me)).then_some((real, other))
}

#[test]
fn fog_of_war_bot_move_does_not_depend_on_hidden_pieces() {
    let cancel = AtomicBool::new(false);
    let mut compared = 0;
    for seed in 1..=24u64 {
        let Some((fresh, other)) = look_alike(seed) else {
            continue;
        };
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

/// A seat that keeps its search tables from move to move ([`BotSeat`]) keeps only what it
/// saw: in two games that look the same to the seat but differ in hidden pieces, its first
/// move and, after the same reply, its second move searched from the tables the first left
/// are the same searches (move, value, depth, nodes): nothing of the hidden cells is in
/// them.
#[test]
fn fog_of_war_kept_tables_do_not_depend_on_hidden_pieces() {
    let cancel = AtomicBool::new(false);
    let mut compared = 0;
    for seed in 1..=60u64 {
        let Some((mut a, mut b)) = look_alike(seed) else {
            continue;
        };
        let me = a.position().turn();
        let bot = SearchBot {
            nodes: Some(20_000),
            ..search_bot(8, 99)
        };
        let (sa, sb) = (BotSeat::new(), BotSeat::new());
        let fa = sa.think(&bot, &a, &cancel).unwrap();
        let fb = sb.think(&bot, &b, &cancel).unwrap();
        assert_eq!(
            fa, fb,
            "seed {seed}: the first search depends on hidden pieces"
        );
        if fa.value >= rookery_core::search::WIN - 100 {
            continue; // a win at once (the enemy king taken): no search to keep
        }
        assert!(sa.keeps() && sb.keeps(), "seed {seed}: depth {}", fa.depth);
        let first = fa.best.unwrap();
        a.act(first).unwrap();
        b.act(first).unwrap();
        if a.is_over() || b.is_over() {
            continue;
        }
        // a reply of the other seat legal in both games after which they still look the same
        let Some(reply) = a.legal_moves().into_iter().find(|m| {
            let (mut a2, mut b2) = (a.clone(), b.clone());
            b.legal_moves().contains(m)
                && a2.play(*m).is_ok()
                && b2.play(*m).is_ok()
                && !a2.is_over()
                && same_view(&a2, &b2, me)
        }) else {
            continue;
        };
        a.play(reply).unwrap();
        b.play(reply).unwrap();
        let second_a = sa.think(&bot, &a, &cancel).unwrap();
        let second_b = sb.think(&bot, &b, &cancel).unwrap();
        assert_eq!(
            second_a, second_b,
            "seed {seed}: the search from kept tables depends on hidden pieces"
        );
        if second_a.depth <= 2 {
            continue; // a decided position (a king to take): searched no deeper
        }
        assert_ne!(
            second_a,
            bot.think(&a, &cancel).unwrap(),
            "seed {seed}: the second search did not start from the kept tables"
        );
        compared += 1;
    }
    assert!(compared >= 4, "only {compared} games compared");
}
