//! Bot seats ([`BotSeat`]): a seat's bot keeps its search tables from one of its moves to its
//! next in the same game, so its next search starts from what the last one learnt. The kept
//! tables are only a speed-up: with them a game's moves are legal and the same for the same
//! seeds and node budgets; an undo, a new level, another game or a cancelled search drops
//! them (the next search is then the fresh one, node for node); a seat whose search cannot
//! reach its next turn keeps nothing (eight players: no memory held between moves).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rookery_core::bot::{search_bot, BotSeat, SearchBot, ThinkingBot};
use rookery_core::game::{Action, Game};

/// A level-7 bot (depth 8) with a node budget it never reaches: it searches to its depth.
fn to_depth(seed: u64) -> SearchBot {
    SearchBot {
        nodes: Some(50_000_000),
        ..search_bot(7, seed)
    }
}

fn budget(level: u8, nodes: u64, seed: u64) -> SearchBot {
    SearchBot {
        nodes: Some(nodes),
        ..search_bot(level, seed)
    }
}

/// A seat's later moves in a chess game search fewer nodes to the same depth from the tables
/// its last move left than a fresh bot does, and play legal moves. Judged over the moves of
/// a game, both seats keeping their tables, not at one position: how many nodes a search to
/// a depth takes swings from move to move with the order of its moves (the same search with
/// kept tables took more nodes than the fresh one at 20 of 54 positions of three such games
/// on the history-malus build, 38541d5, though 16 % fewer over all), so one position says
/// little of the speed-up.
#[test]
fn a_seats_later_moves_search_fewer_nodes_to_the_same_depth_with_its_kept_tables() {
    let cancel = AtomicBool::new(false);
    let mut g = Game::new("chess").unwrap();
    for t in ["e2e4", "c7c5", "g1f3", "d7d6"] {
        g.play_text(t).unwrap();
    }
    let seats = [BotSeat::new(), BotSeat::new()];
    let (mut kept_nodes, mut fresh_nodes, mut moves) = (0, 0, 0);
    for ply in 0..20 {
        let s = ply % 2;
        let bot = to_depth(1 + s as u64);
        let kept = seats[s].think(&bot, &g, &cancel).unwrap();
        assert!(seats[s].keeps(), "a depth-8 chess search keeps its tables");
        let Some(Action::Move(m)) = kept.best else {
            panic!("no move at ply {ply}")
        };
        assert!(g.legal_moves().contains(&m), "ply {ply}: illegal {m:?}");
        // from each seat's second move on, its kept tables against a fresh bot
        if ply >= 2 {
            let fresh = bot.think(&g, &cancel).unwrap();
            assert_eq!(kept.depth, fresh.depth);
            assert_eq!(kept.depth, 8);
            kept_nodes += kept.nodes;
            fresh_nodes += fresh.nodes;
            moves += 1;
        }
        g.act(Action::Move(m)).unwrap();
    }
    assert_eq!(moves, 18);
    assert!(
        kept_nodes < fresh_nodes,
        "kept tables: {kept_nodes} nodes over {moves} moves, fresh: {fresh_nodes}"
    );
}

/// Plays `plies` actions of `game` with one seat per player keeping its tables; every action
/// must be legal.
fn play_kept(id: &str, level: u8, nodes: u64, plies: usize) -> Vec<Action> {
    let cancel = AtomicBool::new(false);
    let mut g = Game::with_options(id, Default::default(), 5, None).unwrap();
    let seats: Vec<BotSeat> = (0..g.variant.seat_count())
        .map(|_| BotSeat::new())
        .collect();
    let mut played = Vec::new();
    for _ in 0..plies {
        if g.is_over() {
            break;
        }
        let s = g.position().turn() as usize;
        let bot = budget(level, nodes, 100 + s as u64);
        let a = seats[s].choose(&bot, &g, &cancel).expect("a move");
        if let Action::Move(m) = a {
            assert!(g.legal_moves().contains(&m), "{id}: illegal {m:?}");
        }
        g.act(a).unwrap_or_else(|e| panic!("{id}: {e}"));
        played.push(a);
    }
    played
}

/// With kept tables a game's actions are legal, and the same seeds and node budgets play
/// the same game again (the tables are only a speed-up, not a source of chance).
#[test]
fn kept_tables_give_legal_moves_and_the_same_game_for_the_same_seeds_and_budgets() {
    for (id, level, nodes, plies) in [
        ("chess", 8, 20_000, 40),
        ("four-player-teams", 8, 4_000, 24),
        ("xiangqi", 6, 5_000, 20),
    ] {
        let a = play_kept(id, level, nodes, plies);
        let b = play_kept(id, level, nodes, plies);
        assert!(a.len() >= plies.min(20), "{id}: {} actions", a.len());
        assert_eq!(a, b, "{id}: the game changed from one run to the next");
    }
}

/// What a seat keeps is dropped where it would not hold: after an undo (even one taken back
/// and then played differently), with a new level, in another game. Each time the seat's
/// search is the fresh one, node for node.
#[test]
fn an_undo_a_new_level_or_another_game_drops_the_kept_tables() {
    let cancel = AtomicBool::new(false);
    let bot = || budget(8, 30_000, 3);
    let mut g = Game::new("chess").unwrap();
    g.play_text("d2d4").unwrap();
    g.play_text("g8f6").unwrap();
    let seat = BotSeat::new();
    let first = seat.think(&bot(), &g, &cancel).unwrap();
    assert!(seat.keeps());
    g.act(first.best.unwrap()).unwrap();
    g.play_text("e7e6").unwrap();
    // the game went on: the tables hold (the search differs from the fresh one)
    let probe = Game::clone(&g);
    let on = seat.think(&bot(), &probe, &cancel).unwrap();
    assert_ne!(on, bot().think(&probe, &cancel).unwrap());
    // undo the reply and the seat's move: the position of its last search, no longer
    // later than it
    for _ in 0..2 {
        g.undo().unwrap();
    }
    assert_eq!(
        seat.think(&bot(), &g, &cancel).unwrap(),
        bot().think(&g, &cancel).unwrap(),
        "after an undo"
    );
    // a takeback played differently: later than the seat's last search, on another line
    let mut g2 = Game::new("chess").unwrap();
    g2.play_text("e2e4").unwrap();
    let black = BotSeat::new();
    black.think(&bot(), &g2, &cancel).unwrap();
    assert!(black.keeps());
    g2.undo().unwrap();
    for t in ["d2d4", "d7d5", "c2c4"] {
        g2.play_text(t).unwrap();
    }
    assert_eq!(
        black.think(&bot(), &g2, &cancel).unwrap(),
        bot().think(&g2, &cancel).unwrap(),
        "after a takeback played differently"
    );
    // a new level
    let mut h = Game::new("chess").unwrap();
    let seat = BotSeat::new();
    let a = seat.think(&bot(), &h, &cancel).unwrap();
    h.act(a.best.unwrap()).unwrap();
    h.play_text("e7e5").unwrap();
    let other_level = budget(7, 30_000, 3);
    assert_eq!(
        seat.think(&other_level, &h, &cancel).unwrap(),
        other_level.think(&h, &cancel).unwrap(),
        "with a new level"
    );
    // another game of the same variant (another seed), at the same position after it
    let seat = BotSeat::new();
    let g1 = Game::new("chess").unwrap();
    let a = seat.think(&bot(), &g1, &cancel).unwrap();
    let mut other = Game::with_options("chess", Default::default(), 99, None).unwrap();
    other.act(a.best.unwrap()).unwrap();
    other.play_text("e7e5").unwrap();
    assert_eq!(
        seat.think(&bot(), &other, &cancel).unwrap(),
        bot().think(&other, &cancel).unwrap(),
        "in another game"
    );
}

/// A search cancelled while it runs (undo, closing the game) keeps nothing, though it started
/// from kept tables: the seat's next search is the fresh one, node for node.
#[test]
fn a_cancelled_search_keeps_nothing_and_the_next_search_is_the_fresh_one() {
    let cancel = AtomicBool::new(false);
    let bot = || budget(8, 30_000, 4);
    let mut g = Game::new("chess").unwrap();
    let seat = Arc::new(BotSeat::new());
    let a = seat.think(&bot(), &g, &cancel).unwrap();
    g.act(a.best.unwrap()).unwrap();
    g.play_text("b8c6").unwrap();
    assert!(seat.keeps());
    // a search of a minute, cancelled while it runs
    let stop = Arc::new(AtomicBool::new(false));
    let h = {
        let (seat, stop, g) = (seat.clone(), stop.clone(), g.clone());
        std::thread::spawn(move || {
            let long = ThinkingBot {
                inner: search_bot(8, 4),
                at_least: Duration::from_secs(60),
            };
            seat.choose(&long, &g, &stop)
        })
    };
    std::thread::sleep(Duration::from_millis(500));
    stop.store(true, Ordering::Relaxed);
    assert_eq!(
        h.join().unwrap(),
        None,
        "a cancelled search reports nothing"
    );
    assert!(!seat.keeps(), "a cancelled search keeps nothing");
    assert_eq!(
        seat.think(&bot(), &g, &cancel).unwrap(),
        bot().think(&g, &cancel).unwrap()
    );
}

/// A seat keeps tables only where its search reached past its next turn: a chess search of
/// depth 8 does (the seat moves again two actions later); eight-player searches that do not
/// reach a round of eight actions keep nothing, so eight bot seats hold no tables between
/// their moves.
#[test]
fn a_seat_keeps_tables_only_where_its_search_reaches_past_its_next_turn() {
    let cancel = AtomicBool::new(false);
    let chess = Game::new("chess").unwrap();
    let seat = BotSeat::new();
    let f = seat.think(&to_depth(1), &chess, &cancel).unwrap();
    assert!(f.depth > 2 && seat.keeps());
    let mut g = Game::with_options("eight-player-ffa", Default::default(), 3, None).unwrap();
    let seats: Vec<BotSeat> = (0..8).map(|_| BotSeat::new()).collect();
    for _ in 0..16 {
        let s = g.position().turn() as usize;
        let f = seats[s]
            .think(&budget(8, 20_000, s as u64), &g, &cancel)
            .unwrap();
        assert!(f.depth < 8, "depth {}", f.depth);
        assert!(
            !seats[s].keeps(),
            "seat {s} kept tables at depth {}",
            f.depth
        );
        g.act(f.best.unwrap()).unwrap();
    }
}
