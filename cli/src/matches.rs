//! `rookery match`: bot-against-bot series for any game id, seats rotated every game, with a
//! score table; `rookery bench bot`: time per move and nodes per second of the search.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rookery_core::bot::{search_bot, simple_bot, Bot, SearchBot};
use rookery_core::game::{Game, HouseRules};
use rookery_core::rules;
use rookery_core::search::Method;

use crate::flag_value;

/// `rookery match --game ID --players L1,L2[,...] [--games N] [--nodes N | --movetime MS |
/// --time-scale F] [--cpu-time] [--move-limit N] [--seed S]`: level 0 is the simple random bot; 1–8 the search levels, each optionally
/// followed by a multi-player method to compare (`8b` BRS+, `8p` paranoid; by default the
/// game's own, `search::Method::default_for`). With `--nodes` every
/// move searches a fixed node budget (reproducible); with `--movetime` every level gets the same
/// time cap; with `--time-scale` each level its own cap times F (the levels' ordering in less
/// time); otherwise each level's own cap. With `--cpu-time` the caps are timed on each bot's
/// thread CPU time ([`thread_cpu_time`]), so a loaded machine does not cut them short.
pub fn cmd_match(args: &[String]) -> Result<(), String> {
    if flag_value(args, "--engine").is_some() {
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
    let limit: u32 = parse(args, "--move-limit", 400)?;
    let seed: u64 = parse(args, "--seed", 1)?;
    // entrant i of `players` sits at seat (i + game) % n; entrants beyond the seats are ignored,
    // missing ones repeat the list
    let entrants: Vec<(u8, Option<Method>)> = (0..n).map(|i| players[i % players.len()]).collect();
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
        let mut game = Game::with_options(&game_id, house, seed + g as u64, None)
            .map_err(|e| e.to_string())?;
        let seat_of = |e: usize| (e + g) % n;
        let bots: Vec<Box<dyn Bot>> = (0..n)
            .map(|seat| {
                let e = (seat + n - g % n) % n;
                let (level, method) = entrants[e];
                let s = seed.wrapping_mul(31).wrapping_add((g * n + seat) as u64);
                if level == 0 {
                    Box::new(simple_bot(0, s)) as Box<dyn Bot>
                } else {
                    Box::new(SearchBot {
                        nodes,
                        method,
                        movetime_ms: movetime.or(scale.map(|f| {
                            let lv = rookery_core::bot::LEVELS[(level.clamp(1, 8) - 1) as usize];
                            ((rookery_core::bot::move_time_ms(lv, n) as f64 * f) as u64).max(1)
                        })),
                        clock: cpu_time.then_some(thread_cpu_time as rookery_core::search::Clock),
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

/// `rookery bench bot [--level L] [--games IDS] [--plies N] [--fen F [--moves M]] [--depth D]
/// [--round N] [--cancel-after MS] [--method b|p]`: from a mid-game position of each game (N
/// seeded random plies from the start, or the position `F` of the one game named, after the
/// moves `M`), the time of one move at the level and the search's nodes per second. `--depth
/// D` searches to depth D with no time cap (the nodes-per-second measure) and prints how the
/// tree was cut (cut-offs on the first move, table hits, null moves, re-searches); `--round N` times N bots moving one after the other (a round of
/// the table); `--cancel-after MS` starts a search with no limit, cancels it after MS and
/// prints how long it took to return; `--method` picks BRS+ or paranoid for 3+ seats.
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
        for m in flag_value(args, "--moves").unwrap_or_default().split_whitespace() {
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

/// `rookery match --game ID --engine PATH [--engine-depth D] [--level L] [--games N]
/// [--move-limit N] [--movetime MS]`: our bot at a level (with `--movetime`, that time cap per
/// move instead of the level's own) against a UCI engine that knows the game under the
/// same name (Fairy-Stockfish: `UCI_Variant`; ouk-chatrang is its `cambodian`) searching to a
/// fixed depth, colours alternating, from the game's start. Our rules judge every move and the
/// end. Games that start with a setup phase are refused (the engine starts after it).
pub fn cmd_match_engine(args: &[String]) -> Result<(), String> {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let game_id = flag_value(args, "--game").unwrap_or_else(|| crate::DEFAULT_GAME.to_string());
    let path = flag_value(args, "--engine").unwrap_or_default();
    let depth: u32 = parse(args, "--engine-depth", 2)?;
    let level: u8 = parse(args, "--level", 8)?;
    let games: usize = parse(args, "--games", 2)?;
    let limit: u32 = parse(args, "--move-limit", 300)?;
    let movetime: Option<u64> = flag_value(args, "--movetime")
        .map(|s| s.parse().map_err(|_| "bad --movetime".to_string()))
        .transpose()?;
    let fsf_name = crate::uci::engine_name_of(&game_id);
    let mut child = Command::new(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{path}: {e}"))?;
    let mut to = child.stdin.take().ok_or("no stdin")?;
    let mut from = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    let mut send = |line: &str| -> Result<(), String> {
        writeln!(to, "{line}").map_err(|e| e.to_string())?;
        to.flush().map_err(|e| e.to_string())
    };
    let mut read_until = |prefix: &str| -> Result<String, String> {
        loop {
            let mut l = String::new();
            if from.read_line(&mut l).map_err(|e| e.to_string())? == 0 {
                return Err("the engine closed its output".to_string());
            }
            if l.starts_with(prefix) {
                return Ok(l.trim_end().to_string());
            }
        }
    };
    send("uci")?;
    read_until("uciok")?;
    send(&format!("setoption name UCI_Variant value {fsf_name}"))?;
    if rules::numbered_starts(&game_id).is_some() {
        // numbered starts (chess960): castling written as king takes rook
        send("setoption name UCI_Chess960 value true")?;
    }
    send("isready")?;
    read_until("readyok")?;
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for g in 0..games {
        let house = HouseRules {
            move_limit: Some(limit),
            ..HouseRules::default()
        };
        let mut game =
            Game::with_options(&game_id, house, g as u64, None).map_err(|e| e.to_string())?;
        if game.position().st.phase != 0 {
            return Err(format!(
                "{game_id} starts with a setup phase the engine does not play"
            ));
        }
        let fen = rules::write_position(game.position());
        let ours = (g % 2) as u8;
        let mut moves: Vec<String> = Vec::new();
        let cancel = AtomicBool::new(false);
        while !game.is_over() {
            let text = if game.position().turn() == ours {
                let mut bot = search_bot(level, g as u64);
                bot.movetime_ms = movetime;
                let a = bot.choose(&game, &cancel).ok_or("our bot found no move")?;
                let rookery_core::game::Action::Move(m) = a else {
                    return Err(format!("our bot chose {a:?}"));
                };
                game.move_text(m)
            } else {
                send(&format!("position fen {fen} moves {}", moves.join(" ")))?;
                send(&format!("go depth {depth}"))?;
                read_until("bestmove")?
                    .split_whitespace()
                    .nth(1)
                    .unwrap_or("")
                    .to_string()
            };
            game.play_text(&text)
                .map_err(|e| format!("game {} ply {}: {text}: {e}", g + 1, moves.len()))?;
            moves.push(text);
        }
        let o = game.outcome().cloned();
        let result = match &o {
            Some(o) if o.winners.contains(&ours) => {
                won += 1;
                "win"
            }
            Some(o) if o.winners.is_empty() => {
                drawn += 1;
                "draw"
            }
            _ => {
                lost += 1;
                "loss"
            }
        };
        eprintln!(
            "game {}: rookery seat {ours}: {result} ({}, {} plies)",
            g + 1,
            crate::i18n::outcome_text(o.as_ref()),
            moves.len()
        );
    }
    let _ = send("quit");
    let _ = child.wait();
    println!(
        "{game_id}: rookery level {level} vs {path} depth {depth}: +{won} ={drawn} -{lost} ({:.1}/{games})",
        won as f64 + drawn as f64 / 2.0
    );
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
