//! The search's tactics in every game: mate in one and in two in every two-player game with
//! mate, found in positions of seeded random games and checked by brute force through the
//! game's own tree (independent of the search); in four-player free for all the bot steals a
//! mate (takes the 20 points of a mate another player prepared) when it can; the choices of
//! the rules are decided by the bots.

use std::sync::atomic::AtomicBool;

use rookery_core::bot::{search_bot, simple_bot, Bot, SearchBot};
use rookery_core::game::{Action, Game, HouseRules};
use rookery_core::rules;
use rookery_core::search::{Limits, Search, WIN};
use rookery_core::tree::Tree;

/// Whether the action just applied in `t` won the game for `mover` (a mate, or whatever
/// else the game's rules count as winning at once).
fn mated(t: &Tree, mover: u8) -> bool {
    t.outcome().is_some_and(|o| o.winners.contains(&mover))
}

/// The actions of the current node that mate at once.
fn mates_in_one(t: &mut Tree) -> Vec<Action> {
    let mover = t.position().turn();
    let mut acts = Vec::new();
    t.actions(&mut acts);
    acts.into_iter()
        .filter(|&a| {
            t.step(a);
            let m = mated(t, mover);
            t.undo();
            m
        })
        .collect()
}

/// Whether `mover`'s team forces a win within `left` actions from the current node: the
/// team picks one of its actions, the others must all fail (actions, not turns: a chain of
/// steps in one turn, as in friendly chess, is several actions of the same seat).
fn forces_win(t: &mut Tree, mover: u8, left: u32) -> bool {
    if let Some(o) = t.outcome() {
        return o.winners.contains(&mover);
    }
    if left == 0 {
        return false;
    }
    let ours = t.position().variant.allied(t.position().turn(), mover);
    let mut acts = Vec::new();
    t.actions(&mut acts);
    if acts.is_empty() {
        return false;
    }
    for a in acts {
        t.step(a);
        let w = forces_win(t, mover, left - 1);
        t.undo();
        if w == ours {
            return ours;
        }
    }
    !ours
}

/// Whether `a` forces mate on the third action from here (the mover's next move where turns
/// alternate): the game goes on after `a`, and every continuation leaves a win in one.
fn forces_mate_in_two(t: &mut Tree, a: Action) -> bool {
    let mover = t.position().turn();
    t.step(a);
    let ok = t.outcome().is_none() && forces_win(t, mover, 2);
    t.undo();
    ok
}

fn search(g: &Game, depth: u8, nodes: u64) -> rookery_core::search::Found {
    let cancel = AtomicBool::new(false);
    let limits = Limits {
        depth,
        nodes: Some(nodes),
        time: None,
    };
    Search::new(g, limits, &cancel).run()
}

/// Two-player games without a mate: antichess is won by losing everything (no king to mate).
const NO_MATE: [&str; 1] = ["antichess"];

#[test]
fn finds_mate_in_one_and_in_two_in_every_two_player_game_with_mate() {
    let cancel = AtomicBool::new(false);
    let mut missing = Vec::new();
    for info in rules::catalogue().iter().filter(|i| i.playable) {
        let v = rules::variant(info.id).unwrap();
        // games without check (king capture, atomic, ...) too: a "mate" is any action after
        // which the rules say the mover has won; two steps per turn (duck) count as one move
        // only for mate in one, since mate in two is judged by the action count
        if v.seat_count() != 2 || NO_MATE.contains(&info.id) {
            continue;
        }
        let (mut one, mut two) = (false, false);
        let started = std::time::Instant::now();
        'games: for seed in 1..=40u64 {
            let mut g = Game::with_options(info.id, HouseRules::default(), seed, None).unwrap();
            // a one-ply material bot against random moves: one side soon dominates
            let strong = (seed % 2) as u8;
            let walkers = [simple_bot(1, seed), simple_bot(0, seed)];
            for ply in 0..200 {
                if g.is_over() {
                    break;
                }
                if ply >= 8 && !g.choice_pending() {
                    let mut t = Tree::new(&g);
                    let m1 = mates_in_one(&mut t);
                    if !one && !m1.is_empty() {
                        let f = search(&g, 2, 200_000);
                        assert!(
                            f.best.is_some_and(|b| m1.contains(&b)),
                            "{} seed {seed}: mate in one {m1:?} missed, played {:?}",
                            info.id,
                            f.best
                        );
                        assert_eq!(f.value, WIN - 1, "{}: value of a mate in one", info.id);
                        one = true;
                    }
                    if !two && m1.is_empty() && ply % 2 == 0 && v.steps_per_turn == 1 {
                        let f = search(&g, 4, 6_000);
                        if f.value == WIN - 3 {
                            let best = f.best.unwrap();
                            assert!(
                                forces_mate_in_two(&mut t, best),
                                "{} seed {seed}: {best:?} claimed mate in two",
                                info.id
                            );
                            two = true;
                        }
                    }
                    if one && two {
                        break 'games;
                    }
                }
                let w = &walkers[usize::from(g.position().turn() != strong)];
                let a = w.choose(&g, &cancel).unwrap();
                g.act(a).unwrap();
            }
        }
        eprintln!("{}: {:?}", info.id, started.elapsed());
        if !(one && (two || v.steps_per_turn > 1)) {
            missing.push(format!("{} (one {one}, two {two})", info.id));
        }
    }
    assert!(missing.is_empty(), "no mate found in: {missing:?}");
}

/// Four-player free for all: wherever the player to move can mate an opponent at once (the
/// move scores 20 points or more without taking a king: a mate prepared by someone else is
/// there to be stolen), the bot's move scores at least as much.
#[test]
fn four_player_bot_steals_a_mate_when_it_can() {
    let v = rules::variant("four-player-ffa").unwrap();
    let cancel = AtomicBool::new(false);
    let mut offers = 0;
    for seed in 1..=60u64 {
        let mut g =
            Game::with_options("four-player-ffa", HouseRules::default(), seed, None).unwrap();
        let walker = simple_bot(0, seed);
        for _ in 0..300 {
            if g.is_over() || offers >= 4 {
                break;
            }
            let me = g.position().turn();
            if !g.choice_pending() && g.position().walking >> me & 1 == 0 {
                let before = g.position().scores[me as usize];
                let mut t = Tree::new(&g);
                let mut acts = Vec::new();
                t.actions(&mut acts);
                let mut best_mate = 0;
                for a in acts {
                    let Action::Move(m) = a else { continue };
                    let q = t.position().at(m.to);
                    if v.is_live_king(q) {
                        continue; // a king taken, not a mate
                    }
                    t.step(a);
                    best_mate = best_mate.max(t.position().scores[me as usize] - before);
                    t.undo();
                }
                if best_mate >= 20 {
                    offers += 1;
                    let bot = SearchBot {
                        nodes: Some(5_000),
                        ..search_bot(6, seed)
                    };
                    let a = bot.choose(&g, &cancel).unwrap();
                    let mut probe = g.clone();
                    probe.act(a).unwrap();
                    let gained = probe.position().scores[me as usize] - before;
                    assert!(
                        gained >= 20,
                        "seed {seed}: a mate worth {best_mate} was there, {a:?} gained {gained}"
                    );
                }
            }
            let a = walker.choose(&g, &cancel).unwrap();
            g.act(a).unwrap();
        }
    }
    assert!(offers >= 4, "only {offers} positions offered a mate");
}

/// The rules' own choices are decided by the bots: three-player chess after a mate (end, play
/// on with a grey army, or hand it over), janggi's setup and sittuyin's placement.
#[test]
fn bots_decide_the_choices_and_setups_of_the_rules() {
    let cancel = AtomicBool::new(false);
    // three-player: random games until a choice is pending; every level answers one of them
    let mut choices_seen = 0;
    for seed in 1..=40u64 {
        let mut g = Game::with_options("three-player", HouseRules::default(), seed, None).unwrap();
        let walker = simple_bot(0, seed);
        for _ in 0..400 {
            if g.is_over() {
                break;
            }
            if g.choice_pending() {
                for level in [1u8, 4, 8] {
                    let bot = SearchBot {
                        nodes: Some(3_000),
                        ..search_bot(level, seed)
                    };
                    let a = bot.choose(&g, &cancel).expect("an answer");
                    let Action::Choose(c) = a else {
                        panic!("seed {seed}: {a:?} is no choice")
                    };
                    assert!(g.choices().contains(&c));
                    g.clone().act(a).unwrap();
                }
                choices_seen += 1;
            }
            let a = walker.choose(&g, &cancel).unwrap();
            g.act(a).unwrap();
        }
        if choices_seen >= 3 {
            break;
        }
    }
    assert!(choices_seen >= 3, "only {choices_seen} choices met");
    // setup phases: bots alone bring janggi and sittuyin to the play phase
    for id in ["janggi", "sittuyin"] {
        let mut g = Game::new(id).unwrap();
        assert_ne!(g.position().st.phase, 0, "{id} starts with its setup");
        let mut actions = 0;
        while g.position().st.phase != 0 {
            let bot = SearchBot {
                nodes: Some(2_000),
                ..search_bot(4, actions)
            };
            let a = bot.choose(&g, &cancel).expect("a setup action");
            g.act(a).unwrap_or_else(|e| panic!("{id}: {a:?}: {e}"));
            actions += 1;
            assert!(actions < 60, "{id}: setup not over after 60 bot actions");
        }
        assert!(!g.is_over());
        assert!(!g.legal_moves().is_empty(), "{id}: play goes on");
    }
}

/// What an action just applied in `t` did for `mover`: won the game (its team among the
/// winners), put opponents out (out of play, or their player out with only the king walking,
/// the king taken or attacked), and the points its team scored.
fn gain(t: &Tree, mover: u8, before: &rookery_core::position::Position) -> (bool, u32, i32) {
    let pos = t.position();
    let v = pos.variant;
    let won = t
        .outcome()
        .is_some_and(|o| o.winners.iter().any(|&w| v.allied(w, mover)));
    let alive =
        |p: &rookery_core::position::Position, s: u8| p.is_in_play(s) && p.walking >> s & 1 == 0;
    // an opponent out with its king taken or attacked (mated; not stalemated)
    let out = (0..v.seat_count() as u8)
        .filter(|&s| !v.allied(s, mover) && alive(before, s) && !alive(pos, s))
        .filter(|&s| pos.king(s).is_none_or(|k| pos.attacked(k, s)))
        .count() as u32;
    // the team's points (pairs and teams score together)
    let points = (0..v.seat_count())
        .filter(|&s| v.allied(s as u8, mover))
        .map(|s| pos.scores[s] - before.scores[s])
        .sum();
    (won, out, points)
}

/// Mate in one in every game of three to eight seats, with check or without (chaturaji: a
/// king taken): in positions of seeded random games where the player to move can win at once
/// or put an opponent out, a search of one move (and its quiescence) does as well: it wins where a win is there; in
/// scored games it scores at least as much as the best such move; elsewhere it puts an
/// opponent out too. (Without check, only where the mover's own king is not attacked: taking
/// a king and losing one's own next is no mate.)
#[test]
fn finds_mate_in_one_in_every_game_of_three_or_more_seats() {
    let cancel = AtomicBool::new(false);
    let mut missing = Vec::new();
    for info in rules::catalogue().iter().filter(|i| i.playable) {
        let v = rules::variant(info.id).unwrap();
        if v.seat_count() < 3 {
            continue;
        }
        let started = std::time::Instant::now();
        let mut offers = 0;
        'games: for seed in 1..=40u64 {
            let mut g = Game::with_options(info.id, HouseRules::default(), seed, None).unwrap();
            let walker = simple_bot(0, seed);
            let mut scored = false;
            for ply in 0..400 {
                if g.is_over() {
                    break;
                }
                scored |= g.position().scores.iter().any(|&p| p != 0);
                let me = g.position().turn();
                // without check a king may stand attacked: saving it can come first, so only
                // positions where the mover's king is safe count there
                let safe = v.royal_check
                    || g.position()
                        .king(me)
                        .is_some_and(|k| !g.position().attacked(k, me));
                if safe && !g.choice_pending() && g.position().walking >> me & 1 == 0 {
                    let before = g.position().clone();
                    let mut t = Tree::new(&g);
                    let mut acts = Vec::new();
                    t.actions(&mut acts);
                    // the best of the actions that win or put an opponent out
                    let mut best: Option<(bool, i32)> = None;
                    for &a in &acts {
                        t.step(a);
                        let (won, out, points) = gain(&t, me, &before);
                        t.undo();
                        // in scored games a mate scores 20 (four players) or 25 (eight): an
                        // out worth less is a stalemate's share or someone else's mate (the
                        // credit of a mate found on the mated player's turn); a game is
                        // taken as unscored once 40 actions went by without a point
                        let mate = won
                            || (out > 0
                                && if scored {
                                    points >= 20 || !v.royal_check
                                } else {
                                    ply >= 40
                                });
                        if mate {
                            let b = best.get_or_insert((won, points));
                            *b = (b.0 || won, b.1.max(points));
                        }
                    }
                    if let Some((win, points)) = best {
                        offers += 1;
                        // one move and the quiescence after it: a deeper search may rightly
                        // take a queen first and mate on its next turn, or (paranoid) fear
                        // the next seat's recapture of the mating piece more than it values
                        // the mate's points
                        let f = search(&g, 1, 1_000_000);
                        let a = f.best.unwrap();
                        t.step(a);
                        let (won, out, got) = gain(&t, me, &before);
                        t.undo();
                        let ok = if win {
                            won
                        } else if points > 0 {
                            got >= points
                        } else {
                            won || out > 0
                        };
                        assert!(
                            ok,
                            "{} seed {seed}: a mate (win {win}, {points} points) was there, \
                             {a:?} won {won}, put {out} out, scored {got} in {}",
                            info.id,
                            rules::write_position(&before)
                        );
                        if offers >= 3 {
                            break 'games;
                        }
                    }
                }
                let a = walker.choose(&g, &cancel).unwrap();
                g.act(a).unwrap();
            }
        }
        eprintln!(
            "{}: {offers} mates in one, {:?}",
            info.id,
            started.elapsed()
        );
        if offers < 3 {
            missing.push(format!("{} ({offers})", info.id));
        }
    }
    assert!(missing.is_empty(), "too few mates met in: {missing:?}");
}

/// The action of `found` as the game's move text.
fn best_text(g: &Game, found: &rookery_core::search::Found) -> String {
    match found.best {
        Some(Action::Move(m)) => g.move_text(m),
        other => format!("{other:?}"),
    }
}

/// That the search found a win for the side to move (a value within 100 of [`WIN`]).
fn assert_wins(g: &Game, found: &rookery_core::search::Found) {
    assert!(
        found.value >= WIN - 100,
        "{} {}",
        best_text(g, found),
        found.value
    );
}

#[test]
fn where_captures_are_compulsory_quiescence_plays_them_out_instead_of_standing_pat() {
    // antichess: Rb6 forces ...axb6 and leaves white without a piece (a win); at depth 1 only
    // quiescence, which must not stand pat on black's forced capture, sees it
    let g = Game::from_fen("antichess", "8/p7/8/8/8/8/8/1R6 w - - 0 1").unwrap();
    let found = search(&g, 1, 1_000_000);
    assert_wins(&g, &found);
    assert_eq!(best_text(&g, &found), "b1b6", "{:?}", found.root);
}

#[test]
fn where_a_king_may_be_taken_quiescence_sees_it_taken_after_the_turn() {
    // duck chess: Kxd2 wins a bishop, but the knight on b3 takes the king next (no duck
    // placement blocks a knight); at depth 1 only quiescence, which must search the duck's
    // placements of a turn that left the own king attacked, sees it
    let g = Game::from_fen("duck", "4k3/8/8/8/8/1n6/3b4/4K3 w - - 0 1").unwrap();
    let found = search(&g, 1, 1_000_000);
    let kxd2 = found
        .root
        .iter()
        .find(|&&(a, _)| matches!(a, Action::Move(m) if g.move_text(m) == "e1d2"))
        .map(|&(_, v)| v);
    assert!(
        kxd2.is_some_and(|v| v <= -WIN + 100),
        "{kxd2:?} {:?}",
        found.root
    );
    assert_ne!(best_text(&g, &found), "e1d2");
}

#[test]
fn where_a_king_may_be_taken_quiescence_sees_the_game_won_by_taking_it() {
    // duck chess: the queen takes the king; the turn ends with the duck's placement, and
    // only then is the game over: at depth 1 quiescence must play that placement
    let g = Game::from_fen("duck", "4k3/8/8/8/Q7/8/8/4K3 w - - 0 1").unwrap();
    let found = search(&g, 1, 1_000_000);
    assert_wins(&g, &found);
}

#[test]
fn with_its_king_attacked_in_a_queen_ending_of_duck_chess_the_bot_places_the_duck_to_block() {
    // duck chess, level 8's one loss against Fairy-Stockfish depth 3 (issue 34): after ...Qh2
    // black's king on d8 stands attacked by the queen on g5 along f6 and e7, and only the duck
    // on one of those saves it. With both kings exposed to queens, quiescence searched every
    // action of every side whose king was attacked at every ply: a single ply cost 1.3M nodes,
    // more than the bot's second, so no iteration ended and the duck went to a1
    let mut g = Game::from_fen("duck", "3k4/2pb4/1p6/6Q1/4Q3/2q2*2/5K2/7q b - - 1 46").unwrap();
    g.play_text("h1h2").unwrap();
    let found = search(&g, 64, 100_000);
    assert!(found.depth >= 1, "depth {} in 100k nodes", found.depth);
    let Some(Action::Move(m)) = found.best else {
        panic!("{:?}", found.best)
    };
    let placed = g.move_text(m);
    g.play(m).unwrap();
    assert!(
        !g.position().in_check(1),
        "{placed} leaves the king to be taken"
    );
}
