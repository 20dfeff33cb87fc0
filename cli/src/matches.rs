//! `rookery match`: bot-against-bot series for any game id, seats rotated every game, with a
//! score table; `rookery bench bot`: time per move and nodes per second of the search.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rookery_core::bot::{search_bot, simple_bot, Bot, SearchBot};
use rookery_core::game::{Game, HouseRules};
use rookery_core::rules;

use crate::flag_value;

/// `rookery match --game ID --players L1,L2[,...] [--games N] [--nodes N] [--move-limit N]
/// [--seed S]`: level 0 is the simple random bot; 1–8 the search levels. With `--nodes` every
/// move searches a fixed node budget (reproducible); otherwise each level's own time cap.
pub fn cmd_match(args: &[String]) -> Result<(), String> {
    let game_id = flag_value(args, "--game").unwrap_or_else(|| "chess".to_string());
    let v = rules::variant(&game_id).map_err(|e| e.to_string())?;
    let n = v.seat_count();
    let players: Vec<u8> = flag_value(args, "--players")
        .unwrap_or_else(|| "4,2".to_string())
        .split(',')
        .map(|s| {
            s.trim()
                .parse::<u8>()
                .map_err(|_| format!("bad level {s:?}"))
        })
        .collect::<Result<_, _>>()?;
    if players.iter().any(|&l| l > 8) {
        return Err("levels are 0 (random) to 8".to_string());
    }
    let games: usize = parse(args, "--games", 10)?;
    let nodes: Option<u64> = flag_value(args, "--nodes")
        .map(|s| s.parse().map_err(|_| "bad --nodes".to_string()))
        .transpose()?;
    let limit: u32 = parse(args, "--move-limit", 400)?;
    let seed: u64 = parse(args, "--seed", 1)?;
    // entrant i of `players` sits at seat (i + game) % n; entrants beyond the seats are ignored,
    // missing ones repeat the list
    let entrants: Vec<u8> = (0..n).map(|i| players[i % players.len()]).collect();
    let mut points = vec![0.0f64; n];
    let mut played = vec![0usize; n];
    let started = Instant::now();
    let mut moves_total = 0usize;
    for g in 0..games {
        let house = HouseRules {
            move_limit: Some(limit),
            ..HouseRules::default()
        };
        let mut game = Game::with_options(&game_id, house, seed + g as u64, None)
            .map_err(|e| e.to_string())?;
        let seat_of = |e: usize| (e + g) % n;
        let bots: Vec<Box<dyn Bot>> = (0..n)
            .map(|seat| {
                let e = (seat + n - g % n) % n;
                let level = entrants[e];
                let s = seed.wrapping_mul(31).wrapping_add((g * n + seat) as u64);
                if level == 0 {
                    Box::new(simple_bot(0, s)) as Box<dyn Bot>
                } else {
                    Box::new(SearchBot {
                        nodes,
                        ..search_bot(level, s)
                    })
                }
            })
            .collect();
        let cancel = AtomicBool::new(false);
        let mut progress = crate::progress::Progress::new(format!("game {}/{games}", g + 1));
        while !game.is_over() {
            progress.set(game.ply_count() as u64, None, "actions");
            let seat = game.position().turn();
            let Some(a) = bots[seat as usize].choose(&game, &cancel) else {
                break;
            };
            game.act(a)
                .map_err(|e| format!("bot played an illegal action: {e}"))?;
            moves_total += 1;
        }
        let standings = game.standings().unwrap_or_default();
        let best = standings.iter().map(|s| s.place).min().unwrap_or(1);
        let firsts = standings.iter().filter(|s| s.place == best).count().max(1);
        for (e, _) in entrants.iter().enumerate() {
            let seat = seat_of(e) as u8;
            played[e] += 1;
            if let Some(st) = standings.iter().find(|s| s.seat == seat) {
                if st.place == best {
                    points[e] += 1.0 / firsts as f64;
                }
            }
        }
        progress.finish();
        eprintln!(
            "game {}: {:?} after {} actions",
            g + 1,
            game.outcome().map(|o| o.reason),
            game.ply_count()
        );
    }
    println!(
        "{game_id}: {games} games, {moves_total} actions, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    println!("entrant\tlevel\tgames\twins (shared wins split)");
    for (e, &level) in entrants.iter().enumerate() {
        println!("{e}\t{level}\t{}\t{:.1}", played[e], points[e]);
    }
    Ok(())
}

/// `rookery bench bot [--level L] [--games IDS] [--plies N] [--fen F] [--depth D]`: from a
/// mid-game position of each game (N seeded random plies from the start, or the position `F`
/// of the one game named), the time of one move at the level and the search's nodes per
/// second. `--depth D` searches to depth D with no time cap (the nodes-per-second measure).
pub fn cmd_bench_bot(args: &[String]) -> Result<(), String> {
    let level: u8 = parse(args, "--level", 4)?;
    let plies: usize = parse(args, "--plies", 16)?;
    let fen = flag_value(args, "--fen");
    let depth: Option<u8> = flag_value(args, "--depth")
        .map(|s| s.parse().map_err(|_| "bad --depth".to_string()))
        .transpose()?;
    let ids: Vec<String> = match flag_value(args, "--games") {
        Some(list) => list.split(',').map(str::to_string).collect(),
        None if fen.is_some() => vec!["chess".to_string()],
        None => rules::catalogue()
            .into_iter()
            .filter(|g| g.playable)
            .map(|g| g.id.to_string())
            .collect(),
    };
    println!("game\tlevel\tms\tdepth\tnodes\tknps\tmove");
    for id in ids {
        let mut game = match &fen {
            Some(f) => Game::from_fen(&id, f).map_err(|e| e.to_string())?,
            None => Game::new(&id).map_err(|e| e.to_string())?,
        };
        let walker = simple_bot(0, 7);
        let cancel = AtomicBool::new(false);
        for _ in 0..if fen.is_some() { 0 } else { plies } {
            match walker.choose(&game, &cancel) {
                Some(a) if !game.is_over() => game.act(a).map_err(|e| e.to_string())?,
                _ => break,
            }
        }
        if game.is_over() {
            println!("{id}\t{level}\t-\t-\t-\t- (game over after {plies} random plies)");
            continue;
        }
        let t = Instant::now();
        let found = match depth {
            Some(d) => {
                let limits = rookery_core::search::Limits {
                    depth: d,
                    nodes: None,
                    time: None,
                };
                rookery_core::search::Search::new(&game, limits, &cancel).run()
            }
            None => search_bot(level, 1)
                .think(&game, &cancel)
                .ok_or("no move")?,
        };
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let text = match found.best {
            Some(rookery_core::game::Action::Move(m)) => game.move_text(m),
            other => format!("{other:?}"),
        };
        println!(
            "{id}\t{level}\t{ms:.0}\t{}\t{}\t{:.0}\t{text}",
            found.depth,
            found.nodes,
            found.nodes as f64 / ms.max(0.001)
        );
    }
    Ok(())
}

fn parse<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match flag_value(args, name) {
        Some(s) => s
            .parse()
            .map_err(|_| format!("bad value for {name}: {s:?}")),
        None => Ok(default),
    }
}
