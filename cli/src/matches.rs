//! `rookery match`: bot-against-bot series for any game id, seats rotated every game, with a
//! score table; `rookery bench bot`: time per move and nodes per second of the search.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rookery_core::bot::{search_bot, simple_bot, Bot, BotSeat, SearchBot, SimpleBot};
use rookery_core::game::{Game, HouseRules};
use rookery_core::rules;
use rookery_core::search::Method;

use crate::flag_value;

/// `rookery match --game ID --players L1,L2[,...] [--games N] [--nodes N | --movetime MS |
/// --time-scale F] [--cpu-time] [--move-limit N] [--seed S] [--random-plies N]`: level 0 is the simple random bot; 1–8 the search levels, each optionally
/// followed by a multi-player method to compare (`8b` BRS+, `8p` paranoid; by default the
/// game's own, `search::Method::default_for`). With `--nodes` every
/// move searches a fixed node budget (reproducible); with `--movetime` every level gets the same
/// time cap; with `--time-scale` each level its own cap times F (the levels' ordering in less
/// time); otherwise each level's own cap. With `--cpu-time` the caps are timed on each bot's
/// thread CPU time ([`thread_cpu_time`]), so a loaded machine does not cut them short.
///
/// With `--random-plies N` every game starts after N seeded random actions ([`random_opening`]),
/// and each cycle of games that seats the entrants in every different way (rotations: `7,6` at
/// four seats two games, at three seats three) shares its opening and its numbered start:
/// levels without noise (6–8) and a depth cap that binds otherwise play the same few games
/// again (four-player 7 against 6: games 1, 3 and 7 alike).
///
/// Each seat of a game is a [`BotSeat`]: its bot's search starts from the tables its last move
/// left (`--fresh-tables`: from empty tables every move, as before the seats kept them, to
/// measure what keeping them gains; `--compare-fresh`: every move searched again from empty
/// tables, not played, so the same positions are measured both ways). The search bots' mean
/// depth, nodes and CPU time a move are printed on stderr at the end.
pub fn cmd_match(args: &[String]) -> Result<(), String> {
    if flag_value(args, "--engine").is_some() || flag_value(args, "--pyffish").is_some() {
        return cmd_match_engine(args);
    }
    let game_id = flag_value(args, "--game").unwrap_or_else(|| crate::DEFAULT_GAME.to_string());
    let v = rules::variant(&game_id).map_err(|e| e.to_string())?;
    let n = v.seat_count();
    // a level, optionally followed by the multi-player method: `p` paranoid, `b` BRS+
    let players: Vec<(u8, Option<Method>)> = flag_value(args, "--players")
        .unwrap_or_else(|| "4,2".to_string())
        .split(',')
        .map(|s| {
            let s = s.trim();
            let (level, method) = match s.char_indices().last() {
                Some((i, c)) if c.is_ascii_alphabetic() => (
                    &s[..i],
                    Some(Method::from_letter(c).ok_or(format!("bad method {c:?}"))?),
                ),
                _ => (s, None),
            };
            let level = level
                .parse::<u8>()
                .map_err(|_| format!("bad level {s:?}"))?;
            Ok((level, method))
        })
        .collect::<Result<_, String>>()?;
    if players.iter().any(|&(l, _)| l > 8) {
        return Err("levels are 0 (random) to 8".to_string());
    }
    let games: usize = parse(args, "--games", 10)?;
    let nodes: Option<u64> = flag_value(args, "--nodes")
        .map(|s| s.parse().map_err(|_| "bad --nodes".to_string()))
        .transpose()?;
    let movetime: Option<u64> = flag_value(args, "--movetime")
        .map(|s| s.parse().map_err(|_| "bad --movetime".to_string()))
        .transpose()?;
    let scale: Option<f64> = flag_value(args, "--time-scale")
        .map(|s| match s.parse::<f64>() {
            Ok(f) if f > 0.0 => Ok(f),
            _ => Err("bad --time-scale".to_string()),
        })
        .transpose()?;
    let cpu_time = args.iter().any(|a| a == "--cpu-time");
    let fresh_tables = args.iter().any(|a| a == "--fresh-tables");
    // every kept-table search also searched again from empty tables, not played (the same
    // positions measured both ways)
    let compare = args.iter().any(|a| a == "--compare-fresh");
    let limit: u32 = parse(args, "--move-limit", 400)?;
    let seed: u64 = parse(args, "--seed", 1)?;
    let random_plies: usize = parse(args, "--random-plies", 0)?;
    // each entrant's search bot moves: (moves, depth, nodes, CPU ns) summed
    let mut searched = vec![(0u64, 0u64, 0u64, 0u64); n];
    let mut searched_fresh = vec![(0u64, 0u64, 0u64, 0u64); n];
    // entrant i of `players` sits at seat (i + game) % n; entrants beyond the seats are ignored,
    // missing ones repeat the list
    let entrants: Vec<(u8, Option<Method>)> = (0..n).map(|i| players[i % players.len()]).collect();
    // the rotations that seat the entrants differently: `7,6` at four seats has two (the third
    // seats them as the first), at three seats three
    let cycle = (1..=n)
        .find(|&p| n % p == 0 && (0..n).all(|i| entrants[i] == entrants[(i + p) % n]))
        .unwrap_or(n);
    let mut points = vec![0.0f64; n];
    let mut played = vec![0usize; n];
    // the game points (or places' points) each entrant finished with, summed over the games
    let mut scored_sum = vec![0i64; n];
    let started = Instant::now();
    let mut moves_total = 0usize;
    for g in 0..games {
        let house = HouseRules {
            move_limit: Some(limit),
            ..HouseRules::default()
        };
        // one opening (and numbered start) for each cycle of rotated games
        let game_seed = if random_plies > 0 {
            seed + (g / cycle) as u64
        } else {
            seed + g as u64
        };
        let mut game =
            Game::with_options(&game_id, house, game_seed, None).map_err(|e| e.to_string())?;
        let seat_of = |e: usize| (e + g) % n;
        let bots: Vec<Seated> = (0..n)
            .map(|seat| {
                let e = (seat + n - g % n) % n;
                let (level, method) = entrants[e];
                let s = seed.wrapping_mul(31).wrapping_add((g * n + seat) as u64);
                if level == 0 {
                    Seated::Simple(simple_bot(0, s))
                } else {
                    Seated::Search(SearchBot {
                        nodes,
                        method,
                        movetime_ms: movetime.or(scale.map(|f| {
                            let lv = rookery_core::bot::LEVELS[(level.clamp(1, 8) - 1) as usize];
                            ((rookery_core::bot::move_limits(lv, game.variant).1 as f64 * f) as u64)
                                .max(1)
                        })),
                        clock: cpu_time.then_some(thread_cpu_time as rookery_core::search::Clock),
                        ..search_bot(level, s)
                    })
                }
            })
            .collect();
        // the seats' tables, kept from each seat's move to its next for this game only
        let seats: Vec<BotSeat> = (0..n).map(|_| BotSeat::new()).collect();
        let cancel = AtomicBool::new(false);
        let mut progress = crate::progress::Progress::new(format!("game {}/{games}", g + 1));
        let start = rules::write_position(game.position());
        // the actions as text (the random opening's first), and the action after which each
        // seat went out, so a lost game can be read again (`rookery bench bot --fen F --moves
        // M`; a three-player choice is written in its debug form, which `--moves` does not read)
        let mut texts: Vec<String> = random_opening(&mut game, game_seed, random_plies)?;
        let mut out_at: Vec<Option<usize>> = vec![None; n];
        while !game.is_over() {
            progress.set(game.ply_count() as u64, None, "actions");
            let seat = game.position().turn() as usize;
            let a = match &bots[seat] {
                Seated::Simple(b) => seats[seat].choose(b, &game, &cancel),
                Seated::Search(b) => {
                    let e = (seat + n - g % n) % n;
                    let found = tally(&mut searched[e], || {
                        if fresh_tables {
                            b.think(&game, &cancel)
                        } else {
                            seats[seat].think(b, &game, &cancel)
                        }
                    });
                    if compare && !fresh_tables {
                        tally(&mut searched_fresh[e], || b.think(&game, &cancel));
                    }
                    found.and_then(|f| f.best)
                }
            };
            let Some(a) = a else {
                break;
            };
            texts.push(match a {
                rookery_core::game::Action::Move(m) => game.move_text(m),
                other => format!("{other:?}"),
            });
            game.act(a)
                .map_err(|e| format!("bot played an illegal action: {e}"))?;
            moves_total += 1;
            for (s, out) in out_at.iter_mut().enumerate() {
                if out.is_none() && !game.position().is_in_play(s as u8) {
                    *out = Some(texts.len());
                }
            }
        }
        let standings = game.standings().unwrap_or_default();
        let best = standings.iter().map(|s| s.place).min().unwrap_or(1);
        let firsts = standings.iter().filter(|s| s.place == best).count().max(1);
        let mut first = Vec::new();
        let mut scored = Vec::new();
        for (e, _) in entrants.iter().enumerate() {
            let seat = seat_of(e) as u8;
            played[e] += 1;
            if let Some(st) = standings.iter().find(|s| s.seat == seat) {
                scored.push(st.points);
                scored_sum[e] += st.points as i64;
                if st.place == best {
                    points[e] += 1.0 / firsts as f64;
                    first.push(e);
                }
            }
        }
        progress.finish();
        // the first places and the running totals, so a series cut short still counts
        eprintln!(
            "game {}: {} after {} actions; first: entrants {first:?}; points by entrant \
             {scored:?}; totals {points:?}",
            g + 1,
            crate::i18n::outcome_text(game.outcome()),
            game.ply_count()
        );
        let outs: Vec<String> = (0..n)
            .filter_map(|e| out_at[seat_of(e)].map(|a| format!("entrant {e} after action {a}")))
            .collect();
        eprintln!("game {} out: {}", g + 1, outs.join(", "));
        eprintln!(
            "game {} moves: fen {start} moves {}",
            g + 1,
            texts.join(" ")
        );
    }
    let kept = if fresh_tables { "fresh" } else { "kept" };
    for (sums, tables) in [
        (&searched, kept),
        (&searched_fresh, "fresh, the same positions"),
    ] {
        for (e, &(m, depth, nodes, cpu)) in sums.iter().enumerate() {
            if m > 0 {
                let m = m as f64;
                eprintln!(
                    "searches: entrant {e} (level {}): {m} moves, mean depth {:.2}, mean nodes \
                     {:.0}, mean CPU ms {:.1} ({tables} tables)",
                    entrants[e].0,
                    depth as f64 / m,
                    nodes as f64 / m,
                    cpu as f64 / m / 1e6,
                );
            }
        }
    }
    println!(
        "{game_id}: {games} games, {moves_total} actions, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    println!("entrant\tlevel\tgames\twins (shared wins split)");
    for (e, &(level, method)) in entrants.iter().enumerate() {
        let m = match method {
            Some(Method::Paranoid) => "p",
            Some(Method::Brs) => "b",
            None => "",
        };
        println!("{e}\t{level}{m}\t{}\t{:.1}", played[e], points[e]);
    }
    // the same by level: with several seats of a level (`--players 3,2` at eight seats: four
    // each) its first places are compared with its share of the seats, and the mean points a
    // seat finished with show a difference that first places among eight need many games for
    let label = |(level, method): (u8, Option<Method>)| match method {
        Some(Method::Paranoid) => format!("{level}p"),
        Some(Method::Brs) => format!("{level}b"),
        None => level.to_string(),
    };
    let mut labels: Vec<String> = entrants.iter().map(|&e| label(e)).collect();
    labels.sort();
    labels.dedup();
    println!("level\tseats\tfirst places\tshare\tequal share\tmean points a seat");
    for l in labels {
        let seats: Vec<usize> = (0..n).filter(|&e| label(entrants[e]) == l).collect();
        let firsts: f64 = seats.iter().map(|&e| points[e]).sum();
        let games_played: usize = seats.iter().map(|&e| played[e]).sum();
        let points_sum: i64 = seats.iter().map(|&e| scored_sum[e]).sum();
        println!(
            "{l}\t{}\t{firsts:.1}\t{:.0}%\t{:.0}%\t{:.1}",
            seats.len(),
            100.0 * firsts / games.max(1) as f64,
            100.0 * seats.len() as f64 / n as f64,
            points_sum as f64 / games_played.max(1) as f64
        );
    }
    Ok(())
}

/// Runs one search and adds it to `sum` (moves, depth, nodes, thread CPU ns) where it found
/// something.
fn tally(
    sum: &mut (u64, u64, u64, u64),
    search: impl FnOnce() -> Option<rookery_core::search::Found>,
) -> Option<rookery_core::search::Found> {
    let cpu0 = thread_cpu_ns();
    let found = search();
    let cpu = match (cpu0, thread_cpu_ns()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => 0,
    };
    if let Some(f) = &found {
        *sum = (
            sum.0 + 1,
            sum.1 + f.depth as u64,
            sum.2 + f.nodes,
            sum.3 + cpu,
        );
    }
    found
}

/// A bot of `rookery match`: the search bots report their searches.
enum Seated {
    Simple(SimpleBot),
    Search(SearchBot),
}

/// `rookery bench bot [--level L] [--games IDS] [--plies N] [--fen F [--moves M]] [--depth D]
/// [--round N] [--cancel-after MS] [--method b|p] [--cpu-time]`: from a mid-game position of each game (N
/// seeded random plies from the start, or the position `F` of the one game named, after the
/// moves `M`), the time of one move at the level and the search's nodes per second. `--depth
/// D` searches to depth D with no time cap (the nodes-per-second measure) and prints how the
/// tree was cut (cut-offs on the first move, table hits, null moves, re-searches); `--round N` times N bots moving one after the other (a round of
/// the table); `--cancel-after MS` starts a search with no limit, cancels it after MS and
/// prints how long it took to return; `--method` picks BRS+ or paranoid for 3+ seats;
/// `--cpu-time` times the level's cap on the thread's CPU time (as `rookery match
/// --cpu-time`), so the depth a level reaches at its real cap shows on a loaded machine.
pub fn cmd_bench_bot(args: &[String]) -> Result<(), String> {
    let level: u8 = parse(args, "--level", 4)?;
    let method = match flag_value(args, "--method") {
        Some(m) => Some(
            m.chars()
                .next()
                .and_then(Method::from_letter)
                .ok_or("--method is b (BRS+) or p (paranoid)")?,
        ),
        None => None,
    };
    let plies: usize = parse(args, "--plies", 16)?;
    let cpu_time = args.iter().any(|a| a == "--cpu-time");
    let fen = flag_value(args, "--fen");
    let depth: Option<u8> = flag_value(args, "--depth")
        .map(|s| s.parse().map_err(|_| "bad --depth".to_string()))
        .transpose()?;
    let ids: Vec<String> = match flag_value(args, "--games") {
        Some(list) => list.split(',').map(str::to_string).collect(),
        None if fen.is_some() => vec![crate::DEFAULT_GAME.to_string()],
        None => rules::catalogue()
            .into_iter()
            .filter(|g| g.playable)
            .map(|g| g.id.to_string())
            .collect(),
    };
    // ms: wall clock; cpu ms: this thread's time on a CPU (a busy machine inflates the first);
    // knps per CPU second
    println!("game\tlevel\tms\tcpu ms\tdepth\tnodes\tknps\tmove");
    for id in ids {
        let mut game = match &fen {
            Some(f) => Game::from_fen(&id, f).map_err(|e| e.to_string())?,
            None => Game::new(&id).map_err(|e| e.to_string())?,
        };
        for m in flag_value(args, "--moves")
            .unwrap_or_default()
            .split_whitespace()
        {
            game.play_text(m).map_err(|e| format!("{m}: {e}"))?;
        }
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
        if let Some(ms) = flag_value(args, "--cancel-after") {
            let ms: u64 = ms.parse().map_err(|_| "bad --cancel-after")?;
            let cancel = std::sync::Arc::new(AtomicBool::new(false));
            let (g2, c2) = (game.clone(), cancel.clone());
            // a search that would run for minutes: depth 64, no time cap
            let h = std::thread::spawn(move || {
                let limits = rookery_core::search::Limits {
                    depth: 64,
                    nodes: None,
                    time: None,
                };
                rookery_core::search::Search::new(&g2, limits, &c2).run()
            });
            std::thread::sleep(std::time::Duration::from_millis(ms));
            let set = Instant::now();
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
            let f = h.join().map_err(|_| "search panicked")?;
            println!(
                "{id}\tcancel after {ms} ms: returned {:.2} ms after the flag (depth {}, {} nodes)",
                set.elapsed().as_secs_f64() * 1000.0,
                f.depth,
                f.nodes
            );
            continue;
        }
        if let Some(n) = flag_value(args, "--round") {
            // N bots in a row (a round of the table), one after the other
            let n: usize = n.parse().map_err(|_| "bad --round")?;
            let t = Instant::now();
            let cpu0 = thread_cpu_ns();
            let mut played = 0;
            for i in 0..n {
                if game.is_over() {
                    break;
                }
                let a = SearchBot {
                    method,
                    ..search_bot(level, i as u64)
                }
                .choose(&game, &cancel)
                .ok_or("no move")?;
                game.act(a).map_err(|e| e.to_string())?;
                played += 1;
            }
            let cpu = match (cpu0, thread_cpu_ns()) {
                (Some(a), Some(b)) => format!("{:.0}", (b - a) as f64 / 1e6),
                _ => "-".to_string(),
            };
            println!(
                "{id}\t{level}\t{:.0}\t{cpu}\t-\t-\t-\tround of {played} bot moves",
                t.elapsed().as_secs_f64() * 1000.0
            );
            continue;
        }
        let t = Instant::now();
        let cpu0 = thread_cpu_ns();
        let found = match depth {
            Some(d) => {
                let limits = rookery_core::search::Limits {
                    depth: d,
                    nodes: None,
                    time: None,
                };
                let s = rookery_core::search::Search::new(&game, limits, &cancel);
                match method {
                    Some(m) => s.method(m),
                    None => s,
                }
                .run()
            }
            None => SearchBot {
                method,
                clock: cpu_time.then_some(thread_cpu_time as rookery_core::search::Clock),
                ..search_bot(level, 1)
            }
            .think(&game, &cancel)
            .ok_or("no move")?,
        };
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let cpu_ms = match (cpu0, thread_cpu_ns()) {
            (Some(a), Some(b)) => format!("{:.0}", (b - a) as f64 / 1e6),
            _ => "-".to_string(),
        };
        let text = match found.best {
            Some(rookery_core::game::Action::Move(m)) => game.move_text(m),
            other => format!("{other:?}"),
        };
        let cpu = cpu_ms.parse::<f64>().unwrap_or(ms).max(0.001);
        println!(
            "{id}\t{level}\t{ms:.0}\t{cpu_ms}\t{}\t{}\t{:.0}\t{text}",
            found.depth,
            found.nodes,
            found.nodes as f64 / cpu
        );
        if depth.is_some() {
            let st = found.stats;
            let pc = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
            println!(
                "\tcut-offs {} ({:.0}% on the first move), table hits {:.0}% (answered {:.0}%), \
                 null moves cut {}/{}, reductions searched again {}/{}, quiescence nodes {:.0}%",
                st.cuts,
                pc(st.first_cuts, st.cuts),
                pc(st.tt_hits, st.tt_probes),
                pc(st.tt_cuts, st.tt_probes),
                st.null_cuts,
                st.null_tries,
                st.researched,
                st.reduced,
                pc(st.qnodes, found.nodes)
            );
        }
    }
    Ok(())
}

/// `rookery match --game ID (--engine PATH | --pyffish PYTHON) [--engine-depth D] [--level L]
/// [--games N] [--move-limit N] [--movetime MS] [--cpu-time] [--seed S] [--random-plies N]`: our
/// bot at a level (with `--movetime`, that time cap per move instead of the level's own; with
/// `--cpu-time`, the cap timed on the bot's thread CPU time, so load does not cut it short)
/// against Fairy-Stockfish
/// searching to a fixed depth: the binary at PATH, or the newer engine compiled into pyffish
/// (`--pyffish`, which plays atomic, duck and chaturanga too); both get the oracle's variant
/// definitions (tests/data/fsf_variants.ini: `fogofwar`, `chaturangakc`). The engine plays the
/// game under the registry's name for it (`Facts::uci`). Colours alternate; a pair of games
/// (1–2, 3–4, …) shares its seed S + pair: the numbered start (chess960), `--random-plies` random
/// opening plies, and a set-up phase the engine does not play (janggi's choice of horses and
/// elephants: drawn at random for both seats; the engine starts after it).
///
/// Both sides judge every move: before each ply the engine lists its legal moves (`go perft 1`);
/// a move that is not legal for both, or an engine without a move where our rules go on, ends
/// the game as disputed (not scored). Positions where the two lists of legal moves differ are
/// counted. Otherwise our rules say when the game ends and how.
pub fn cmd_match_engine(args: &[String]) -> Result<(), String> {
    use crate::engine::Engine;
    use rookery_core::rng::SplitMix;
    let game_id = flag_value(args, "--game").unwrap_or_else(|| crate::DEFAULT_GAME.to_string());
    let depth: u32 = parse(args, "--engine-depth", 2)?;
    let level: u8 = parse(args, "--level", 8)?;
    let games: usize = parse(args, "--games", 2)?;
    let limit: u32 = parse(args, "--move-limit", 300)?;
    let seed: u64 = parse(args, "--seed", 0)?;
    let random_plies: usize = parse(args, "--random-plies", 0)?;
    let movetime: Option<u64> = flag_value(args, "--movetime")
        .map(|s| s.parse().map_err(|_| "bad --movetime".to_string()))
        .transpose()?;
    let cpu_time = args.iter().any(|a| a == "--cpu-time");
    let v = rules::variant(&game_id).map_err(|e| e.to_string())?;
    if v.seat_count() != 2 {
        return Err(format!("{game_id} is not a two-player game"));
    }
    let mut e = match (flag_value(args, "--engine"), flag_value(args, "--pyffish")) {
        (Some(path), None) => Engine::start(&path.into())?,
        (None, Some(python)) => Engine::start_pyffish(&python)?,
        _ => return Err("name the engine: --engine PATH or --pyffish PYTHON".to_string()),
    };
    e.load_variants()?;
    let fsf_name = v.facts.uci.ok_or_else(|| {
        format!("{game_id}: the registry names no Fairy-Stockfish variant for this game")
    })?;
    // numbered starts (chess960): castling written as king takes rook
    let chess960 = rules::numbered_starts(&game_id).is_some();
    e.send(&format!("setoption name UCI_Chess960 value {chess960}"))?;
    e.send(&format!("setoption name UCI_Variant value {fsf_name}"))?;
    e.sync()?;
    let (mut won, mut drawn, mut lost, mut disputed) = (0, 0, 0, 0);
    let mut played: Vec<Vec<String>> = Vec::new();
    for g in 0..games {
        let pair = seed + (g / 2) as u64;
        let house = HouseRules {
            move_limit: Some(limit),
            ..HouseRules::default()
        };
        let mut game =
            Game::with_options(&game_id, house, pair, None).map_err(|e| e.to_string())?;
        let mut rng = SplitMix(pair);
        if game.position().st.phase != 0 {
            let start = rules::write_position(game.position());
            let mut theirs = e.legal_moves(&start, &[])?;
            theirs.sort();
            if theirs != turn_texts(&game) {
                while game.position().st.phase != 0 && !game.is_over() {
                    random_move(&mut game, &mut rng)?;
                }
            }
        }
        for _ in 0..random_plies {
            if !game.is_over() {
                random_move(&mut game, &mut rng)?;
            }
        }
        let fen = rules::write_position(game.position());
        let ours = (g % 2) as u8;
        let mut moves: Vec<String> = Vec::new();
        let mut differ = 0;
        let mut dispute: Option<String> = None;
        let cancel = AtomicBool::new(false);
        // our seat's tables, kept from one of its moves to its next in this game
        let our_seat = BotSeat::new();
        while !game.is_over() {
            let mut theirs = e.legal_moves(&fen, &moves)?;
            theirs.sort();
            let mine = turn_texts(&game);
            if theirs != mine && moves.is_empty() && random_plies == 0 {
                return Err(format!(
                    "Fairy-Stockfish does not play {game_id} as we do (its variant {fsf_name}: \
                     {} legal moves at the start, ours {})",
                    theirs.len(),
                    mine.len()
                ));
            }
            if theirs != mine {
                if differ == 0 {
                    let only = |a: &[String], b: &[String]| -> Vec<String> {
                        a.iter()
                            .filter(|m| !b.contains(m))
                            .take(8)
                            .cloned()
                            .collect()
                    };
                    eprintln!(
                        "game {}: the legal moves differ after {} plies ({}): only ours {:?}, only the engine's {:?}",
                        g + 1,
                        moves.len(),
                        rules::write_position(game.position()),
                        only(&mine, &theirs),
                        only(&theirs, &mine)
                    );
                }
                differ += 1;
            }
            let seat = game.position().turn();
            let text = if seat == ours {
                let mut bot = search_bot(level, g as u64);
                bot.movetime_ms = movetime;
                bot.clock = cpu_time.then_some(thread_cpu_time as rookery_core::search::Clock);
                let board = &game.variant.board;
                let (mut text, mut dest) = (String::new(), String::new());
                // every step of the turn (duck chess: the move, then the duck)
                for _ in 0..game.variant.steps_per_turn.max(1) {
                    let a = our_seat
                        .choose(&bot, &game, &cancel)
                        .ok_or("our bot found no move")?;
                    let rookery_core::game::Action::Move(m) = a else {
                        return Err(format!("our bot chose {a:?}"));
                    };
                    if text.is_empty() {
                        text = game.move_text(m);
                        dest = destination(&text).to_string();
                    } else {
                        text = format!("{text},{dest}{}", board.name(m.to));
                    }
                    game.play(m).map_err(|e| e.to_string())?;
                    if game.is_over() || game.position().turn() != seat {
                        break;
                    }
                }
                // a turn that ends the game after its first step has no more steps
                let cut = format!("{text},");
                let ended = game.is_over() && theirs.iter().any(|t| t.starts_with(&cut));
                if !theirs.contains(&text) && !ended {
                    dispute = Some(format!("{text} is not legal for the engine"));
                }
                text
            } else {
                match e.best_move(&fen, &moves, depth)? {
                    Some(t) => {
                        if let Err(why) = play_turn(&mut game, &t) {
                            dispute = Some(format!("{t} is not legal for our rules: {why}"));
                        }
                        t
                    }
                    None => {
                        dispute = Some("the engine has no move; our rules go on".to_string());
                        String::new()
                    }
                }
            };
            if dispute.is_some() {
                break;
            }
            moves.push(text);
        }
        let o = game.outcome().cloned();
        let result = match (&dispute, &o) {
            (Some(why), _) => {
                disputed += 1;
                format!("disputed at ply {}: {why}", moves.len() + 1)
            }
            (None, Some(o)) if o.winners.contains(&ours) => {
                won += 1;
                "win".to_string()
            }
            (None, Some(o)) if o.winners.is_empty() => {
                drawn += 1;
                "draw".to_string()
            }
            _ => {
                lost += 1;
                "loss".to_string()
            }
        };
        let repeats = played
            .iter()
            .position(|p| *p == moves)
            .map(|i| format!(", the same moves as game {}", i + 1))
            .unwrap_or_default();
        eprintln!(
            "game {}: rookery seat {ours}: {result} ({}, {} plies{repeats}; positions with differing legal moves: {differ})",
            g + 1,
            crate::i18n::outcome_text(o.as_ref()),
            moves.len(),
        );
        eprintln!("game {} moves: fen {fen} moves {}", g + 1, moves.join(" "));
        played.push(moves);
    }
    let scored = won + drawn + lost;
    let clock = if cpu_time { " (caps on CPU time)" } else { "" };
    println!(
        "{game_id}: rookery level {level}{clock} vs {} ({fsf_name}) depth {depth}: +{won} ={drawn} \
         -{lost} ({:.1}/{scored}), disputed {disputed}",
        e.name,
        won as f64 + drawn as f64 / 2.0
    );
    Ok(())
}

/// One legal move of the side to move, drawn by `rng`; its text.
fn random_move(game: &mut Game, rng: &mut rookery_core::rng::SplitMix) -> Result<String, String> {
    let moves = game.legal_moves();
    let m = *moves.get(rng.below(moves.len())).ok_or("no legal move")?;
    let text = game.move_text(m);
    game.play(m).map_err(|e| e.to_string())?;
    Ok(text)
}

/// `plies` seeded random moves from the game's start (fewer where the game ends or a turn
/// offers no board move first), as text: the same seed gives the same opening.
fn random_opening(game: &mut Game, seed: u64, plies: usize) -> Result<Vec<String>, String> {
    let mut rng = rookery_core::rng::SplitMix(seed);
    let mut texts = Vec::new();
    // a turn that is no board move (a choice) ends the opening early
    while texts.len() < plies && !game.is_over() && !game.legal_moves().is_empty() {
        texts.push(random_move(game, &mut rng)?);
    }
    Ok(texts)
}

/// The legal turns of the side to move in Fairy-Stockfish's text: a turn of several steps
/// (duck chess: the move, then the duck) is `<move>,<its destination><the next step's cell>`.
fn turn_texts(g: &Game) -> Vec<String> {
    let board = &g.variant.board;
    let mut out = Vec::new();
    for m in g.legal_moves() {
        let text = g.move_text(m);
        let mut p = g.position().clone();
        let seat = p.turn();
        p.make(m);
        let next = if g.variant.steps_per_turn > 1 && p.turn() == seat {
            p.legal_moves()
        } else {
            Vec::new()
        };
        if next.is_empty() {
            out.push(text);
            continue;
        }
        for d in next {
            out.push(format!("{text},{}{}", destination(&text), board.name(d.to)));
        }
    }
    out.sort();
    out
}

/// The destination cell of a move's text (`e1g1` → `g1`, `e7e8q` → `e8`): the second cell it
/// names (a letter and its digits).
fn destination(text: &str) -> &str {
    let b = text.as_bytes();
    let cell = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_lowercase) {
            *i += 1;
        }
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        start
    };
    let mut i = 0;
    cell(&mut i);
    let start = cell(&mut i);
    &text[start..i]
}

/// Plays a turn written in Fairy-Stockfish's text (see [`turn_texts`]); the whole turn, or an
/// error when a step is not legal for our rules or the turn stops short of its end.
fn play_turn(game: &mut Game, text: &str) -> Result<(), String> {
    let seat = game.position().turn();
    let mut steps = text.split(',');
    let first = steps.next().unwrap_or("");
    game.play_text(first).map_err(|e| e.to_string())?;
    let dest = destination(first);
    for step in steps {
        let cell = step
            .strip_prefix(dest)
            .ok_or("a step that does not follow the move")?;
        let next = game
            .legal_moves()
            .into_iter()
            .find(|d| game.variant.board.name(d.to) == cell)
            .ok_or_else(|| format!("no step to {cell}"))?;
        game.play(next).map_err(|e| e.to_string())?;
    }
    if !game.is_over() && game.position().turn() == seat {
        return Err("the turn is not complete".to_string());
    }
    Ok(())
}

/// Nanoseconds this thread has run on a CPU (Linux: /proc/thread-self/schedstat).
/// The CPU time of the calling thread (a search's [`rookery_core::search::Clock`]); `None`
/// where it cannot be read.
#[cfg(unix)]
fn thread_cpu_time() -> Option<std::time::Duration> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec into the valid, exclusively borrowed `t`.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

/// See the unix version: no thread clock here, so the wall clock times the search.
#[cfg(not(unix))]
fn thread_cpu_time() -> Option<std::time::Duration> {
    None
}

fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn parse<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match flag_value(args, name) {
        Some(s) => s
            .parse()
            .map_err(|_| format!("bad value for {name}: {s:?}")),
        None => Ok(default),
    }
}
