//! `rookery bench perft [--depth N] [--quick] [--fsf PATH] [--pyffish PYTHON]`: perft speed of rookery-core against
//! Fairy-Stockfish's `go perft` on the same positions in the same run.
//!
//! Positions: the chess start (depth 6, or `--depth`) and the `chess` mid-game case of the
//! oracle data (tests/data/perft_cases.json) plus Kiwipete, one level deeper than the oracle
//! lists (these make the `total:` and `ratio (ours/theirs):` lines); the rows of xiangqi,
//! shogi, minishogi and janggi from their start; the eight-, four- and three-player starts to
//! depth 5, timed alone (no engine knows them; their nodes per second are listed again under the
//! table of games). Then a table of every two-player game the
//! oracle knows, from its start and one mid-game position of the oracle data, each at a depth
//! that costs about a second: against the Debian Fairy-Stockfish (11.1; `fogofwar` from the
//! oracle's variants.ini through `VariantPath`), or against the newer Fairy-Stockfish compiled
//! into pyffish (`--pyffish PYTHON`, else `$PYFFISH_PYTHON`, else `python3`) for atomic, duck
//! and chaturanga (`chaturangakc`), which 11.1 lacks. Both engines count the same tree with
//! bulk counting at the last ply; the node counts must agree. Speeds are reported per
//! wall-clock second and per CPU second (ours from `CLOCK_PROCESS_CPUTIME_ID`, the engine's
//! from `/proc/<pid>/task/*/schedstat`, so a busy machine skews the ratio less); the ratio is
//! ours / theirs (above 1 = rookery is faster).

use std::path::PathBuf;
use std::time::Instant;

use rookery_core::movegen::{perft, perft_turns};
use rookery_core::Game;

use crate::engine::Engine;

/// (name, FEN, depth)
const POSITIONS: &[(&str, &str, u32)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "oracle mid-game",
        "rnb1k1nr/p2p1ppp/2p5/qp2p3/1bP5/8/PP1PPPPP/RNBQKBNR w KQkq - 4 6",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

/// CPU time in nanoseconds of every thread of process `pid` ("self" for this one).
fn cpu_ns(pid: &str) -> Option<u64> {
    let dir = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut total = 0;
    for t in dir.flatten() {
        let s = std::fs::read_to_string(t.path().join("schedstat")).ok()?;
        total += s.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(total)
}

/// One timed run: nodes, wall seconds, CPU seconds (None when /proc is not readable).
struct Timing {
    nodes: u64,
    wall: f64,
    cpu: Option<f64>,
}

impl Timing {
    fn mnps(&self) -> f64 {
        self.nodes as f64 / self.wall / 1e6
    }
    fn cpu_mnps(&self) -> Option<f64> {
        self.cpu.map(|c| self.nodes as f64 / c.max(1e-9) / 1e6)
    }
}

fn ours(fen: &str, depth: u32) -> Result<Timing, String> {
    let g = Game::from_fen("chess", fen).map_err(|e| e.to_string())?;
    timed_perft(g.position().clone(), depth)
}

/// Which Fairy-Stockfish counts a game: the Debian package's (11.1), or the newer one inside
/// pyffish for the variants 11.1 lacks (atomic, duck, chaturanga's template) and for
/// cambodian, where 11.1's counts differ from the oracle data's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Oracle {
    Debian,
    Pyffish,
}

/// Fairy-Stockfish's `UCI_Variant` of a game (the registry's; `fogofwar` and `chaturangakc`
/// from variants.ini) and whether `UCI_Chess960` is on (games with numbered starts).
fn engine_variant(v: &rookery_core::variant::Variant) -> (&'static str, bool) {
    (v.facts.uci.unwrap_or(v.id), v.starts.0 > 1)
}

/// One two-player game timed against Fairy-Stockfish.
struct Bench {
    id: &'static str,
    oracle: Oracle,
    /// (kind, FEN, depth): the oracle data's start and mid-game positions
    /// (tests/data/*perft_cases*.json), depths chosen for about a second a game.
    positions: [(&'static str, &'static str, u32); 2],
}

/// A game's measurements: the game, the engine's name, (depth, ours, theirs) per position.
type Timed = (&'static Bench, String, Vec<(u32, Timing, Timing)>);

/// Every two-player game the oracle knows.
const GAMES: &[Bench] = &[
    Bench {
        id: "chess",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                5,
            ),
            (
                "mid",
                "rnb1k1nr/p2p1ppp/2p5/qp2p3/1bP5/8/PP1PPPPP/RNBQKBNR w KQkq - 4 6",
                5,
            ),
        ],
    },
    Bench {
        id: "chess960",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                5,
            ),
            (
                "mid",
                "1nrkbqrb/pppp1pp1/7p/4p3/P4n2/2P1PP2/1P1P1QPP/NNRKB1RB w GCgc - 2 6",
                5,
            ),
        ],
    },
    Bench {
        id: "antichess",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                5,
            ),
            (
                "mid",
                "r1bqk2r/pppn1ppp/5n2/4p3/8/2P4P/P1P1PPP1/R1B1KBNR w - - 0 6",
                5,
            ),
        ],
    },
    Bench {
        id: "atomic",
        oracle: Oracle::Pyffish,
        positions: [
            (
                "start",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                5,
            ),
            (
                "mid",
                "r1b1kb1r/ppp2ppp/n3pq1n/3p4/6P1/P7/RPPPPP1P/1NBQKBNR w Kkq - 1 6",
                4,
            ),
        ],
    },
    Bench {
        id: "crazyhouse",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
                5,
            ),
            (
                "mid",
                "rnbqkb1r/p1ppp1pp/1p3p1n/8/Q1PP4/4P2N/PP3PPP/RNB1KB1R[] w KQkq - 1 6",
                4,
            ),
        ],
    },
    Bench {
        id: "duck",
        oracle: Oracle::Pyffish,
        positions: [
            (
                "start",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                2,
            ),
            (
                "mid",
                "r2qkbnr/ppp1pppp/3p4/1P2n3/6b1/2*P1N2/P1P1PP1P/RNBQKB1R w KQkq - 2 6",
                2,
            ),
        ],
    },
    Bench {
        id: "fog-of-war",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                5,
            ),
            (
                "mid",
                "rnbqkb2/ppp1pp1r/3p1np1/7p/4P3/1PPB4/P2PKPPP/RNBQ2NR w q - 1 6",
                5,
            ),
        ],
    },
    Bench {
        id: "chaturanga",
        oracle: Oracle::Pyffish,
        positions: [
            (
                "start",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                6,
            ),
            // seeded random game of pyffish's chaturangakc (10 plies)
            (
                "mid",
                "rn1qkbnr/p2ppppp/4b3/1pp5/8/N1P1P1PB/PP1P1P1P/R1BQK1NR w - - 1 6",
                5,
            ),
        ],
    },
    Bench {
        id: "shatranj",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
                6,
            ),
            (
                "mid",
                "r2kqbnr/pppppp2/4b1pp/8/1n5P/4B1PN/PPPPPP2/RN1KQB1R w - - 3 6",
                5,
            ),
        ],
    },
    Bench {
        id: "makruk",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
                5,
            ),
            (
                "mid",
                "rns1k1nr/4ms2/ppp1pppp/3p3P/8/PPPPPPP1/R3KS2/1NS1M1NR w - - 1 6",
                5,
            ),
        ],
    },
    Bench {
        id: "ouk-chatrang",
        // Debian's 11.1 counts 361793 from the start at depth 4, the oracle data and the
        // newer engine 361719
        oracle: Oracle::Pyffish,
        positions: [
            (
                "start",
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
                5,
            ),
            (
                "mid",
                "r1sm1s1r/3nn2k/pppp1ppp/4pP2/7P/PPPPP1P1/6R1/1NSKMSNR w DEd - 3 6",
                4,
            ),
        ],
    },
    Bench {
        id: "sittuyin",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
                3,
            ),
            (
                "mid",
                "1r1r2f1/1n1s1k2/n2sppp1/pppP2Pp/5P1P/PPPP1N1S/RN4S1/2KR2F1[] w - - 1 13",
                5,
            ),
        ],
    },
    Bench {
        id: "xiangqi",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                4,
            ),
            (
                "mid",
                "1nbakabnr/3rc4/6c2/p1p1p1p1p/6C2/8P/P1P1P1PC1/9/9/RNBAKABNR w - - 10 6",
                4,
            ),
        ],
    },
    Bench {
        id: "janggi",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
                4,
            ),
            (
                "mid",
                "1rba1abnr/4k4/nc5c1/p1p1p1p2/8p/9/P1P1P1P1P/1C3K1C1/6R1R/1NBA1ABN1 w - - 10 6",
                4,
            ),
        ],
    },
    Bench {
        id: "shogi",
        oracle: Oracle::Debian,
        positions: [
            (
                "start",
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
                5,
            ),
            (
                "mid",
                "lnsgk1snl/1r2g2b1/ppp1p2pp/3p1pp2/9/9/PPPPPPPPP/LB2GK1RL/1NSG2SN1[] w - - 10 6",
                4,
            ),
        ],
    },
    Bench {
        id: "minishogi",
        oracle: Oracle::Debian,
        positions: [
            ("start", "rbsgk/4p/5/P4/KGSBR[-] w 0 1", 6),
            ("mid", "r2gk/B3p/Ps3/1S2b/KG3[r] w - - 0 6", 5),
        ],
    },
];

/// Whether a game's start is printed in the first table too: the games on other boards than
/// chess's 8×8 (xiangqi, janggi, shogi, minishogi).
fn first_table_row(v: &rookery_core::variant::Variant) -> bool {
    (v.board.width, v.board.height) != (8, 8)
}

/// Multi-player starts timed without an oracle (no engine knows them): (game id, depth), one
/// game per multi-player board, the bench's choice as its positions are.
const MULTI: &[(&str, u32)] = &[
    ("eight-player-ffa", 5),
    ("four-player-ffa", 5),
    ("three-player", 5),
];

/// This process's CPU time in nanoseconds: `CLOCK_PROCESS_CPUTIME_ID` (exact; the running
/// thread's schedstat is only brought up to date at scheduler ticks), else schedstat.
fn own_cpu_ns() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes one timespec into the valid pointer it is given.
        if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } == 0 {
            return Some(t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64);
        }
    }
    cpu_ns("self")
}

fn timed_perft(mut pos: rookery_core::Position, depth: u32) -> Result<Timing, String> {
    let c0 = own_cpu_ns();
    let t0 = Instant::now();
    // a turn of several steps (duck chess) is one ply, as Fairy-Stockfish counts it; a game
    // counted by the positions its turns end in (friendly chess) counts whole turns too
    let nodes = if pos.variant.steps_per_turn > 1 || pos.variant.hooks.turn_ends {
        perft_turns(&mut pos, depth)
    } else {
        perft(&mut pos, depth)
    };
    let wall = t0.elapsed().as_secs_f64();
    let cpu = c0.zip(own_cpu_ns()).map(|(a, b)| (b - a) as f64 / 1e9);
    Ok(Timing { nodes, wall, cpu })
}

fn theirs(e: &mut Engine, fen: &str, depth: u32) -> Result<Timing, String> {
    e.send(&format!("position fen {fen}"))?;
    e.sync()?;
    let pid = e.pid();
    let c0 = cpu_ns(&pid);
    let t0 = Instant::now();
    e.send(&format!("go perft {depth}"))?;
    let line = e.read_until("Nodes searched")?;
    let wall = t0.elapsed().as_secs_f64();
    let cpu = c0.zip(cpu_ns(&pid)).map(|(a, b)| (b - a) as f64 / 1e9);
    let nodes = line
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("Fairy-Stockfish said '{line}'"))?;
    Ok(Timing { nodes, wall, cpu })
}

fn fmt_opt(v: Option<f64>) -> String {
    v.map_or("-".to_string(), |v| format!("{v:.2}"))
}

/// `rookery bench perft ...`
pub fn cmd_bench_perft(args: &[String]) -> Result<(), String> {
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let start_depth: Option<u32> = match flag("--depth") {
        Some(d) => Some(d.parse().map_err(|_| format!("bad depth '{d}'"))?),
        None => None,
    };
    let quick = args.iter().any(|a| a == "--quick");
    let path = flag("--fsf")
        .or_else(|| std::env::var("FAIRY_STOCKFISH").ok())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/games/fairy-stockfish"));
    let mut engine = Engine::start(&path)?;

    println!(
        "{:<16} {:>5} {:>11} | {:>8} {:>8} | {:>8} {:>8} | {:>6} {:>6}",
        "position", "depth", "nodes", "ours", "ours", "fsf", "fsf", "ratio", "ratio"
    );
    println!(
        "{:<16} {:>5} {:>11} | {:>8} {:>8} | {:>8} {:>8} | {:>6} {:>6}",
        "", "", "", "Mn/s", "Mn/cpu-s", "Mn/s", "Mn/cpu-s", "wall", "cpu"
    );
    let (mut on, mut ow, mut oc, mut tw, mut tc) = (0u64, 0.0, 0.0, 0.0, 0.0);
    let mut cpu_ok = true;
    for &(name, fen, depth) in POSITIONS {
        let depth = match (name, start_depth) {
            ("start", Some(d)) => d,
            _ if quick => depth - 1,
            _ => depth,
        };
        let a = ours(fen, depth)?;
        let b = theirs(&mut engine, fen, depth)?;
        if a.nodes != b.nodes {
            return Err(format!(
                "{name} depth {depth}: rookery counts {} nodes, Fairy-Stockfish {}",
                a.nodes, b.nodes
            ));
        }
        row(name, depth, &a, &b);
        on += a.nodes;
        ow += a.wall;
        tw += b.wall;
        match (a.cpu, b.cpu) {
            (Some(x), Some(y)) => {
                oc += x;
                tc += y;
            }
            _ => cpu_ok = false,
        }
    }
    // every two-player game the oracle knows, start and mid-game, against its engine
    let python = flag("--pyffish")
        .or_else(|| std::env::var("PYFFISH_PYTHON").ok())
        .unwrap_or_else(|| "python3".to_string());
    engine.load_variants()?;
    let mut pyffish: Option<Result<Engine, String>> = None;
    let mut results: Vec<Timed> = Vec::new();
    let mut skipped: Vec<(&str, String)> = Vec::new();
    for g in GAMES {
        let e = match g.oracle {
            Oracle::Debian => &mut engine,
            Oracle::Pyffish => {
                let p = pyffish.get_or_insert_with(|| {
                    Engine::start_pyffish(&python).and_then(|mut e| {
                        e.load_variants()?;
                        Ok(e)
                    })
                });
                match p {
                    Ok(e) => e,
                    Err(why) => {
                        skipped.push((g.id, why.clone()));
                        continue;
                    }
                }
            }
        };
        let v = rookery_core::rules::variant(g.id).map_err(|e| e.to_string())?;
        let (engine_name, chess960) = engine_variant(v);
        e.send(&format!("setoption name UCI_Chess960 value {chess960}"))?;
        e.send(&format!("setoption name UCI_Variant value {engine_name}"))?;
        let mut runs = Vec::new();
        for &(kind, fen, depth) in &g.positions {
            let depth = if quick { depth - 1 } else { depth };
            let pos = rookery_core::rules::parse_position(v, fen).map_err(|e| e.to_string())?;
            let a = timed_perft(pos, depth)?;
            let b = theirs(e, fen, depth)?;
            if a.nodes != b.nodes {
                return Err(format!(
                    "{} {kind} depth {depth}: rookery counts {} nodes, Fairy-Stockfish ({}) {}",
                    g.id, a.nodes, engine_name, b.nodes
                ));
            }
            if kind == "start" && first_table_row(v) {
                row(g.id, depth, &a, &b);
            }
            runs.push((depth, a, b));
        }
        results.push((g, e.name.clone(), runs));
    }
    engine.send("setoption name UCI_Chess960 value false")?;
    let mut multi: Vec<(&str, u32, Timing)> = Vec::new();
    for &(id, depth) in MULTI {
        let depth = if quick { depth - 1 } else { depth };
        let g = Game::new(id).map_err(|e| e.to_string())?;
        let a = timed_perft(g.position().clone(), depth)?;
        println!(
            "{:<16} {:>5} {:>11} | {:>8.2} {:>8} | (no oracle: {id} from the start)",
            id.trim_end_matches("-ffa"),
            depth,
            a.nodes,
            a.mnps(),
            fmt_opt(a.cpu_mnps()),
        );
        multi.push((id, depth, a));
    }
    let wall_ratio = (on as f64 / ow) / (on as f64 / tw);
    println!(
        "total: {on} nodes; rookery {:.2} Mn/s, Fairy-Stockfish {:.2} Mn/s (wall clock)",
        on as f64 / ow / 1e6,
        on as f64 / tw / 1e6
    );
    if cpu_ok {
        println!(
            "total: rookery {:.2} Mn/cpu-s, Fairy-Stockfish {:.2} Mn/cpu-s",
            on as f64 / oc / 1e6,
            on as f64 / tc / 1e6
        );
        println!(
            "ratio (ours/theirs): {wall_ratio:.2} wall clock, {:.2} CPU time",
            tc / oc
        );
    } else {
        println!("ratio (ours/theirs): {wall_ratio:.2} wall clock");
    }
    games_table(&results, &skipped, &multi);
    Ok(())
}

/// One row of the first table.
fn row(name: &str, depth: u32, a: &Timing, b: &Timing) {
    let cpu_ratio = a.cpu_mnps().zip(b.cpu_mnps()).map(|(x, y)| x / y);
    println!(
        "{:<16} {:>5} {:>11} | {:>8.2} {:>8} | {:>8.2} {:>8} | {:>6.2} {:>6}",
        name,
        depth,
        a.nodes,
        a.mnps(),
        fmt_opt(a.cpu_mnps()),
        b.mnps(),
        fmt_opt(b.cpu_mnps()),
        a.mnps() / b.mnps(),
        fmt_opt(cpu_ratio)
    );
}

/// The per-game table: both positions of a game together, the speed ratio ours / theirs in
/// CPU time (and wall clock), node counts equal (checked before).
fn games_table(results: &[Timed], skipped: &[(&str, String)], multi: &[(&str, u32, Timing)]) {
    println!();
    println!(
        "every two-player game the oracle knows (start + mid-game; nodes equal to the engine's):"
    );
    println!(
        "{:<13} {:<13} {:>5} {:>10} {:>5} {:>10} | {:>7} {:>7} | {:>6} {:>6} | engine",
        "game", "fsf variant", "depth", "start", "depth", "mid", "ours s", "fsf s", "cpu", "wall"
    );
    let mut ratios: Vec<f64> = Vec::new();
    for (g, name, runs) in results {
        let cpu = |f: fn(&(u32, Timing, Timing)) -> &Timing| -> Option<f64> {
            runs.iter().map(|r| f(r).cpu).sum()
        };
        let (oc, tc) = (cpu(|r| &r.1), cpu(|r| &r.2));
        let ow: f64 = runs.iter().map(|r| r.1.wall).sum();
        let tw: f64 = runs.iter().map(|r| r.2.wall).sum();
        let ratio = oc.zip(tc).map(|(o, t)| t / o.max(1e-9));
        ratios.extend(ratio);
        let (engine_name, chess960) = match rookery_core::rules::variant(g.id) {
            Ok(v) => engine_variant(v),
            Err(_) => (g.id, false),
        };
        let variant = if chess960 {
            format!("{engine_name} 960")
        } else {
            engine_name.to_string()
        };
        println!(
            "{:<13} {:<13} {:>5} {:>10} {:>5} {:>10} | {:>7} {:>7} | {:>6} {:>6.2} | {}",
            g.id,
            variant,
            runs[0].0,
            runs[0].1.nodes,
            runs[1].0,
            runs[1].1.nodes,
            fmt_opt(oc),
            fmt_opt(tc),
            fmt_opt(ratio),
            tw / ow.max(1e-9),
            name
        );
    }
    for (id, why) in skipped {
        println!("{id:<13} not timed: {why}");
    }
    // the games no engine knows, from their start (timed above): nodes per second beside
    // the ratios
    for (id, depth, a) in multi {
        let id = id.trim_end_matches("-ffa");
        println!(
            "{:<13} {:<13} {:>5} {:>10} {:>5} {:>10} | {:>7} {:>7} | {:>6} {:>6} | {} Mn/s, {} Mn/cpu-s",
            id,
            "(no engine)",
            depth,
            a.nodes,
            "",
            "",
            fmt_opt(a.cpu),
            "",
            "",
            "",
            format!("{:.2}", a.mnps()),
            fmt_opt(a.cpu_mnps()),
        );
    }
    if !ratios.is_empty() {
        let geo = (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp();
        println!(
            "games timed: {}; CPU-time ratio ours/theirs: geometric mean {geo:.2}, lowest {:.2}, highest {:.2}",
            ratios.len(),
            ratios.iter().cloned().fold(f64::INFINITY, f64::min),
            ratios.iter().cloned().fold(0.0, f64::max),
        );
    }
}

/// `rookery bench eval [--game ID] [--fen FEN | --file FILE]`: the evaluation of two-player
/// positions term by term ([`rookery_core::search::eval::Breakdown`]), seat 0 less seat 1, one
/// line per position after a header naming the columns: the phase (the middlegame's share, 0
/// to 1), each kind's count, the centralisation, each tapered term's middlegame share
/// (· phase) and endgame share (· (1 − phase)), and the evaluation for seat 0. A file holds
/// `FEN;target` lines; the target is copied through (`tests/python/eval_fit.py` fits the
/// weights of the columns to it).
pub fn cmd_bench_eval(
    game: Option<&str>,
    fen: Option<&str>,
    file: Option<&std::path::Path>,
) -> Result<(), String> {
    use rookery_core::search::eval::TERMS;
    use rookery_core::search::Eval;
    let id = game.unwrap_or(crate::DEFAULT_GAME);
    let v = rookery_core::rules::variant(id).map_err(|e| e.to_string())?;
    if v.seat_count() != 2 {
        return Err(format!("bench eval: {id} is not a two-player game"));
    }
    let lines: Vec<String> = match (fen, file) {
        (_, Some(path)) => std::fs::read_to_string(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect(),
        (Some(f), None) => vec![f.to_string()],
        (None, None) => {
            let g = Game::new(id).map_err(|e| e.to_string())?;
            vec![rookery_core::notation::fen::write(g.position(), false)]
        }
    };
    // every line read before anything is printed: a bad one is an error and no output
    let mut games = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let mut parts = line.splitn(2, ';');
        let fen = parts.next().unwrap_or("").trim();
        let target = parts.next().unwrap_or("").trim();
        let g = Game::from_fen(id, fen).map_err(|e| format!("line {}: {e}", i + 1))?;
        games.push((fen, target, g));
    }
    let eval = Eval::of(v);
    let mut head = vec!["fen".to_string(), "target".into(), "phase".into()];
    head.extend(v.pieces.iter().map(|p| p.letter.to_string()));
    head.push("centre".into());
    for t in TERMS {
        head.push(format!("{t}_mg"));
        head.push(format!("{t}_eg"));
    }
    head.push("ours".into());
    println!("{}", head.join(";"));
    for (fen, target, g) in &games {
        let pos = g.position();
        let b = eval.breakdown(pos);
        let (w, l) = (&b.seats[0], &b.seats[1]);
        let wf = b.phase as f64 / 256.0;
        let mut f = vec![wf];
        f.extend(w.count.iter().zip(&l.count).map(|(a, b)| (a - b) as f64));
        f.push((w.centre - l.centre) as f64);
        for (a, b) in w.terms.iter().zip(&l.terms) {
            f.push((a.0 - b.0) as f64 * wf);
            f.push((a.1 - b.1) as f64 * (1.0 - wf));
        }
        f.push(eval.balance(pos, 0) as f64);
        let f: Vec<String> = f.iter().map(|x| format!("{x:.1}")).collect();
        println!("{fen};{target};{}", f.join(";"));
    }
    Ok(())
}
