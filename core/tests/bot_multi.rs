//! The bots of three to eight players (four- and eight-player chess): grey pieces (a player
//! out) are worth nothing and capturable for nothing, a king left en prise is taken for its 20
//! (25) points, and a mate in two (the bot's own two moves, whatever every other player does
//! in between) is found in four-player free for all and teams and in eight-player free for
//! all and pairs; the teams search answers a mate threat against the partner. Every claim of a forced gain is checked by
//! brute force through the game's own tree, independent of the search. (Mate in one in every
//! game of three or more seats and the four-player mate steal: `bot_tactics.rs`.)

mod support;

use std::sync::atomic::AtomicBool;

use rookery_core::bot::{search_bot, Bot, SearchBot};
use rookery_core::game::{Action, Game};
use rookery_core::rules;
use rookery_core::search::Eval;
use rookery_core::tree::Tree;

const FFA4: &str = "four-player-ffa";
const FFA8: &str = "eight-player-ffa";

// ---------------------------------------------------------------- positions

/// A FEN4 (four-player chess) from a piece list (`("rK", "h1")`; `d` for grey pieces): the
/// seat to move, the seats out, the scores.
fn fen4(turn: char, dead: [u8; 4], points: [i32; 4], pieces: &[(&str, &str)]) -> String {
    let rows = support::board_rows(14, pieces);
    let join = |v: Vec<String>| v.join(",");
    format!(
        "{turn}-{}-1,1,1,1-1,1,1,1-{}-0-{}",
        join(dead.iter().map(|d| d.to_string()).collect()),
        join(points.iter().map(|d| d.to_string()).collect()),
        rows
    )
}

/// Eight-player seat tags in turn order (White, Red, Blue, Yellow, Purple, Orange, Green,
/// Black).
const TAGS8: [char; 8] = ['w', 'r', 'b', 'y', 'p', 'o', 'g', 'k'];

/// A FEN8 (eight-player chess) from a piece list (`("rK", "h1")`; `d` for grey pieces): the
/// seat to move, the seats out, the scores.
fn fen8(turn: u8, out: &[u8], scores: [i32; 8], pieces: &[(&str, &str)]) -> String {
    let list = |f: &dyn Fn(usize) -> String| (0..8).map(f).collect::<Vec<_>>().join(",");
    format!(
        "{}-{}-{}-{}-{}-0-1-{}",
        TAGS8[turn as usize].to_ascii_uppercase(),
        list(&|s| (out.contains(&(s as u8)) as u8).to_string()),
        list(&|_| "0".to_string()),
        list(&|_| "0".to_string()),
        list(&|s| scores[s].to_string()),
        support::board_rows(24, pieces)
    )
}

fn game(id: &str, fen: &str) -> Game {
    Game::from_fen(id, fen).unwrap_or_else(|e| panic!("{e}: {fen}"))
}

/// The search of `g` to `depth`, with no node or time limit.
fn search_to(g: &Game, depth: u8) -> rookery_core::search::Found {
    let cancel = AtomicBool::new(false);
    let limits = rookery_core::search::Limits {
        depth,
        nodes: None,
        time: None,
    };
    rookery_core::search::Search::new(g, limits, &cancel).run()
}

/// The level-8 bot on a node budget (reproducible on any machine).
fn bot_move(g: &Game, nodes: u64) -> Action {
    let bot = SearchBot {
        nodes: Some(nodes),
        ..search_bot(8, 1)
    };
    bot.choose(g, &AtomicBool::new(false)).expect("a move")
}

fn text(g: &Game, a: Action) -> String {
    match a {
        Action::Move(m) => g.move_text(m),
        other => format!("{other:?}"),
    }
}

/// The points `a` scores for the seat to move in `g`.
fn points_of(g: &Game, a: Action) -> i32 {
    let me = g.position().turn() as usize;
    let mut probe = g.clone();
    probe.act(a).unwrap();
    probe.position().scores[me] - g.position().scores[me]
}

// ---------------------------------------------------------------- brute force

/// Whether `me` reaches `target` points (scored games) or wins (its team among the winners)
/// within `moves` more moves of its own, whatever the other seats do in between (every action
/// of theirs is tried): the game's own tree, no search.
fn forces_gain(t: &mut Tree, me: u8, target: Option<i32>, moves: u32) -> bool {
    if target.is_some_and(|p| t.position().scores[me as usize] >= p) {
        return true;
    }
    if let Some(o) = t.outcome() {
        return o.winners.contains(&me);
    }
    let mine = t.position().turn() == me;
    if mine && moves == 0 {
        return false;
    }
    let mut acts = Vec::new();
    t.actions(&mut acts);
    if acts.is_empty() {
        return false;
    }
    for a in acts {
        t.step(a);
        let ok = forces_gain(t, me, target, moves - mine as u32);
        t.undo();
        if ok == mine {
            return mine;
        }
    }
    !mine
}

/// A mate in two for the seat to move: no move of its own mates at once (scores `mate`
/// points, or wins where mate is no score), and the bot's move forces the mate by its next
/// move (brute force).
fn assert_mate_in_two(g: &Game, mate: Option<i32>, nodes: u64) {
    let me = g.position().turn();
    let target = mate.map(|p| g.position().scores[me as usize] + p);
    let mut t = Tree::new(g);
    assert!(
        !forces_gain(&mut t, me, target, 1),
        "{}: a mate in one is there, the position tests nothing",
        g.variant.id
    );
    let a = bot_move(g, nodes);
    t.step(a);
    let forced = forces_gain(&mut t, me, target, 1);
    t.undo();
    assert!(
        forced,
        "{}: {} does not force the mate by the bot's next move",
        g.variant.id,
        text(g, a)
    );
}

// ---------------------------------------------------------------- grey pieces

/// A grey army (its player out) belongs to nobody: the evaluation of every seat is the same
/// with it on the board or without it.
#[test]
fn grey_pieces_are_worth_nothing_to_the_evaluation() {
    let king4 = [("rK", "h1"), ("yK", "g14"), ("gK", "n7"), ("rR", "e4")];
    let grey4 = [("dQ", "b7"), ("dR", "b9"), ("dK", "a8"), ("dP", "c6")];
    let with: Vec<_> = king4.iter().chain(grey4.iter()).copied().collect();
    let a = game(FFA4, &fen4('R', [0, 1, 0, 0], [0; 4], &with));
    let b = game(FFA4, &fen4('R', [0, 1, 0, 0], [0; 4], &king4));
    let e = Eval::of(a.variant);
    for s in [0, 2, 3] {
        assert_eq!(e.balance(a.position(), s), e.balance(b.position(), s));
    }
    let kings8 = [("rK", "h1"), ("wK", "q1"), ("bK", "a8"), ("rR", "e4")];
    let grey8 = [("dyQ", "a17"), ("dyR", "b16"), ("dyN", "c18")];
    let with: Vec<_> = kings8.iter().chain(grey8.iter()).copied().collect();
    let out = [3, 4, 5, 6, 7];
    let a = game(FFA8, &fen8(1, &out, [0; 8], &with));
    let b = game(FFA8, &fen8(1, &out, [0; 8], &kings8));
    let e = Eval::of(a.variant);
    for s in [0, 1, 2] {
        assert_eq!(e.balance(a.position(), s), e.balance(b.position(), s));
    }
}

/// Grey pieces are capturable for nothing, and they never move: a live rook next to a grey
/// queen is free to take (the queen never takes back), and the bot takes it for its 5
/// points rather than the grey queen, which scores nothing.
#[test]
fn a_grey_army_is_capturable_for_nothing_and_defends_nothing() {
    // Blue is out (grey queen i10, grey rook e9, grey king a8); Red's queen e4 can take the
    // grey rook on e9 or Yellow's rook on i8, which a live queen on i10 would defend
    let pieces = [
        ("rK", "h1"),
        ("rQ", "e4"),
        ("dQ", "i10"),
        ("dR", "e9"),
        ("dK", "a8"),
        ("yK", "g14"),
        ("yR", "i8"),
        ("gK", "n7"),
    ];
    let g = game(FFA4, &fen4('R', [0, 1, 0, 0], [0; 4], &pieces));
    let a = bot_move(&g, 20_000);
    assert_eq!(text(&g, a), "e4i8", "the live rook, not the grey queen");
    assert_eq!(points_of(&g, a), 5);
}

// ---------------------------------------------------------------- kings and mates

/// A king left en prise on another player's turn is taken: 20 points in four-player chess
/// (over a hanging queen, 9), 25 in eight-player chess (over a hanging queen, 10).
#[test]
fn takes_a_king_left_en_prise_for_its_points() {
    // four-player: Green's king n9 stands on Red's rook's rank; Yellow's queen hangs on e8
    // (to Red's knight)
    let pieces = [
        ("rK", "h1"),
        ("rR", "d9"),
        ("rN", "d6"),
        ("bK", "a5"),
        ("yK", "g14"),
        ("yP", "g13"),
        ("yQ", "e8"),
        ("gK", "n9"),
        ("gP", "m5"),
    ];
    let g = game(FFA4, &fen4('R', [0; 4], [0; 4], &pieces));
    let a = bot_move(&g, 20_000);
    assert_eq!(points_of(&g, a), 20, "{} took no king", text(&g, a));
    // eight-player: Blue's king a8 is on Red's rook's file a
    let pieces = [
        ("rK", "h1"),
        ("rR", "a4"),
        ("rB", "f3"),
        ("wK", "q1"),
        ("wQ", "j7"),
        ("bK", "a8"),
        ("bP", "c9"),
    ];
    let g = game(FFA8, &fen8(1, &[3, 4, 5, 6, 7], [0; 8], &pieces));
    let a = bot_move(&g, 20_000);
    assert_eq!(points_of(&g, a), 25, "{} took no king", text(&g, a));
}

/// Mate in two in four-player chess, free for all (20 points) and teams (a win): Blue's lone
/// king on its edge file, Red's two rooks far away (a rook to the b file, then the other to
/// the a file; no mate in one). Yellow and Green move in between (every move of theirs is
/// tried by the brute force).
#[test]
fn four_player_bot_finds_a_mate_in_two() {
    let pieces = [
        ("rK", "h1"),
        ("rR", "c4"),
        ("rR", "d11"),
        ("bK", "a8"),
        ("yK", "g14"),
        ("gK", "n7"),
    ];
    let fen = fen4('R', [0; 4], [0; 4], &pieces);
    assert_mate_in_two(&game(FFA4, &fen), Some(20), 100_000);
    assert_mate_in_two(&game("four-player-teams", &fen), None, 100_000);
}

/// Mate in two in eight-player chess, free for all and pairs (25 points when the mated
/// player's turn comes): White, Red and Blue still in (the others out), Blue's lone king on
/// its edge file, Red's two rooks far away; Blue and White move in between.
#[test]
fn eight_player_bot_finds_a_mate_in_two() {
    let pieces = [
        ("rK", "h1"),
        ("rR", "c4"),
        ("rR", "d11"),
        ("wK", "q1"),
        ("bK", "a8"),
    ];
    let fen = fen8(1, &[3, 4, 5, 6, 7], [0; 8], &pieces);
    assert_mate_in_two(&game(FFA8, &fen), Some(25), 100_000);
    assert_mate_in_two(&game("eight-player-pairs", &fen), Some(25), 100_000);
}

/// The games these positions are written for keep their rules (a guard for the tests above).
#[test]
fn the_test_positions_are_free_for_all() {
    for id in [FFA4, FFA8] {
        let v = rules::variant(id).unwrap();
        let n = v.seat_count() as u8;
        assert!((0..n).all(|a| (0..n).all(|b| a == b || !v.allied(a, b))));
    }
}

// ---------------------------------------------------------------- teams: two sides

/// Four-player teams from chess.com's current layout, twelve moves of a game our level 8 lost
/// to 4pchess (`tests/python/teams_4pchess.py`): Red to move. `i2i4` opens the diagonal b9–i2,
/// Blue's queen checks Red's king on h1 from i2, and Green mates before Red moves again (a seat
/// is mated on its own turn). The search searched that check reduced (it tested only the next
/// seat, Yellow, for check) and played `i2i4`; now the check to a seat that moves later counts.
/// (It also guards the teams' late-move pruning, which prunes late quiet moves by their count
/// but keeps those that check: without that, Blue's quiet check `b9i2` is pruned and `i2i4`
/// looks safe.)
#[test]
fn the_teams_search_sees_a_check_that_mates_before_the_checked_seat_moves() {
    let mut g = game("four-player-teams", rules::four::CHESS_COM_START_FEN4);
    for m in "h2h4 b9c9 g13g11 m8l8 f2f4 b7c7 e13e12 n7j11 h4h5 a8b9 h14e11 j11i10".split(' ') {
        g.play_text(m).unwrap();
    }
    // the threat is real: the game's own rules end it in Blue and Green's favour
    let mut line = g.clone();
    for m in ["i2i4", "b9i2", "e11i7", "i10e6"] {
        line.play_text(m).unwrap();
    }
    let o = line.outcome().expect("Red is mated on its turn");
    assert!(o.winners.contains(&1) && o.winners.contains(&3), "{o:?}");
    // the search sees it within its first four actions
    let cancel = AtomicBool::new(false);
    let limits = rookery_core::search::Limits {
        depth: 4,
        nodes: None,
        time: None,
    };
    let i2i4 = Action::Move(g.clone().play_text("i2i4").unwrap());
    // every root move valued exactly
    let found = rookery_core::search::Search::new(&g, limits, &cancel)
        .exact_root(Some(2 * rookery_core::search::WIN))
        .run();
    let (_, v) = found.root.iter().find(|(a, _)| *a == i2i4).unwrap();
    assert!(
        *v <= -rookery_core::search::WIN + 10,
        "i2i4 loses, valued {v}"
    );
    assert_ne!(bot_move(&g, 200_000), i2i4);
}

/// Four-player teams: Red to move, a Blue queen hanging to Red's knight, and Blue threatening
/// to mate Red's partner Yellow (king g14, row 13 held by Blue's rook on d13) with `k11k14`
/// on its next move, before Yellow moves. The bot answers the threat (Red's bishop takes the
/// mating rook) instead of taking the queen; every Blue reply to its move is checked through
/// the game's own rules. (The teams search prunes late quiet moves at any depth and passes
/// with a null move: neither may hide a mate of the partner.)
#[test]
fn the_teams_search_answers_a_mate_threat_against_the_partner() {
    let pieces = [
        ("rK", "h1"),
        ("rN", "k3"),
        ("rB", "h8"),
        ("bK", "e4"),
        ("bQ", "m4"),
        ("bR", "d13"),
        ("bR", "k11"),
        ("yK", "g14"),
        ("gK", "n7"),
    ];
    let g = game("four-player-teams", &fen4('R', [0; 4], [0; 4], &pieces));
    let blue_wins = |t: &Tree| t.outcome().is_some_and(|o| o.winners.contains(&1));
    // the threat is real: after the queen is taken, k11k14 mates Yellow on its turn
    let mut line = g.clone();
    for m in ["k3m4", "k11k14"] {
        line.play_text(m).unwrap();
    }
    assert!(blue_wins(&Tree::new(&line)), "k11k14 mates Yellow");
    // a search of one action takes the queen (the threat is beyond its horizon)
    let greedy = search_to(&g, 1);
    assert_eq!(text(&g, greedy.best.unwrap()), "k3m4");
    for nodes in [20_000, 200_000] {
        let a = bot_move(&g, nodes);
        let mut t = Tree::new(&g);
        t.step(a);
        let mut replies = Vec::new();
        t.actions(&mut replies);
        for b in replies {
            t.step(b);
            let mut yellow = Vec::new();
            t.actions(&mut yellow);
            assert!(
                !blue_wins(&t) && (t.outcome().is_some() || !yellow.is_empty()),
                "after {} ({nodes} nodes) Blue wins",
                text(&g, a)
            );
            t.undo();
        }
    }
}

/// Four-player teams: late moves are reduced as 4pchess reduces them (every move from the
/// third on, captures too, quiet moves more), so a depth costs fewer nodes. The first position
/// of `tests/python/teams_nodes.py` (a game our level 8 lost to 4pchess) takes 70,771 nodes to
/// depth 7; with main's reductions (quiet moves only, `0.5 + ln d · ln i / 2`) 134,644.
#[test]
fn the_teams_search_reduces_late_moves_captures_too() {
    let mut g = game("four-player-teams", rules::four::CHESS_COM_START_FEN4);
    let line = "j1i3 b4c4 f13f12 n5l4 e1f3 b6c6 d13d11 l4j3 i2j3 b8d8 g13g12 m8l8 g2g4 a8c8 \
                f12f11 n9f1 g1f1 a9b8 f14g13 m4k4";
    for m in line.split_whitespace() {
        g.play_text(m).unwrap();
    }
    let found = search_to(&g, 7);
    assert_eq!(found.depth, 7);
    assert!(found.nodes < 100_000, "{} nodes to depth 7", found.nodes);
    assert!(found.stats.reduced > 0);
}

/// Eight-player free for all, game 8 of `rookery match --game eight-player-ffa --players
/// 8,2,2,2,2,2,2,2 --games 20 --cpu-time --seed 1`, level 8 (Black) to move with White, the
/// first to reply, in check. A replier in check is extended for its own replies, but when it
/// passes it hands the layer on unextended: carried along the passes, its extra ply came back
/// round to level 8 as a whole second layer, so depth 1 took 368,644 nodes and depth 2
/// 402,320; level 8 finished no iteration in its second and went out three moves later.
#[test]
fn a_replier_in_check_that_passes_does_not_extend_the_layer() {
    let mut g = Game::new(FFA8).unwrap();
    let line = "t2t4 h2h4 b6d6 a20c21 j23j22 o23o22 w15u15 x10v11 o1p3 i1d6 b11d11 b16d16 i24v11 p24h16 \
                x16j2 w10v11 s1w5 g1o9 b9d9 b20c20 f23f22 h16o9 j2k1 x6w5 u2u4 f2f3 b4c4 c21a20 g24e22 \
                o9u15 k1h4 w5t2 t1u3 d6u23 a7f2 b15c15 e22c20 u24u23 h4f2 t2a21 u4u5 e2e3 b7c7 b19c20 \
                g23g21 u15n8 f2e1 a21n8 p3n4 d1e1 b5d5 b17c17 f24v8 t24u22 w16u16 w7v8 u3w4 g2g4 a4b4 \
                a16o2 j22j21 o24p22 u16t16 n8m9 n4o2 f1p11 b8d8 a19e23 h23h22 n24p24 x20v19 m9e1 w4v6 \
                p11w18 b4b9 e23d24 j21j20 t23t22 x17w18 x5v6 u5v6 k2k3 a10c11 a15b17 e24d22 u22w21 \
                x21w21 x7l7 u1u23 h1i1 a11a10 b14c14 d22b21 o22o21 w17v17 l7c16 o2p4 k3k4 b9c9 b18c18 \
                k23k21 r23r22 w21o21 c16k24 u23s23 i1h1 c9c10 a20b18 i23i22 r24s23 x18t14 e1t16 p1f11 \
                g4g5 c10j10 d24e23 f22f21 s24f11 t14t16 x4t4 r2r3 j1i3 j10j20 c18d18 k21j20 f11c14 \
                t16t4";
    for m in line.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let pos = g.position();
    assert_eq!(pos.turn(), 7, "level 8 (Black) to move");
    assert!(pos.in_check(0), "White, the first to reply, is in check");
    let found = search_to(&g, 2);
    assert_eq!(found.depth, 2);
    assert!(found.nodes < 20_000, "{} nodes to depth 2", found.nodes);
}
