//! `rookery bench perft [--depth N] [--quick] [--fsf PATH]`: perft speed of rookery-core against
//! Fairy-Stockfish's `go perft` on the same positions in the same run.
//!
//! Positions: the chess start (depth 6, or `--depth`) and the `chess` mid-game case of the
//! oracle data (tests/data/perft_cases.json) plus Kiwipete, one level deeper than the oracle
//! lists; then the eight-, four- and three-player starts to depth 5, timed alone (no engine
//! knows them). Both engines count the same tree with bulk counting at the last ply; the node counts
//! must agree. Speeds are reported per wall-clock second and per CPU second (from
//! `/proc/.../schedstat`, so a busy machine skews the ratio less); the ratio is ours / theirs.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use rookery_core::movegen::perft;
use rookery_core::Game;

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

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(path: &PathBuf) -> Result<Engine, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                format!(
                    "cannot start Fairy-Stockfish at {} ({e}); install it with \
                     `apt-get install fairy-stockfish` or pass --fsf PATH",
                    path.display()
                )
            })?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut e = Engine {
            child,
            stdin,
            stdout,
        };
        e.send("uci")?;
        e.read_until("uciok")?;
        e.send("setoption name UCI_Variant value chess")?;
        e.sync()?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("Fairy-Stockfish: {e}"))
    }

    /// Reads until a line starting with `prefix`; returns that line.
    fn read_until(&mut self, prefix: &str) -> Result<String, String> {
        loop {
            let mut l = String::new();
            let n = self
                .stdout
                .read_line(&mut l)
                .map_err(|e| format!("Fairy-Stockfish: {e}"))?;
            if n == 0 {
                return Err("Fairy-Stockfish closed its output".into());
            }
            if l.starts_with(prefix) {
                return Ok(l.trim_end().to_string());
            }
        }
    }

    fn sync(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.read_until("readyok").map(|_| ())
    }

    fn pid(&self) -> String {
        self.child.id().to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
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

/// Games of the chess family timed against Fairy-Stockfish from their start, each in the
/// engine's variant of the same name (not in the chess totals): (game id, depth).
const FAMILY: &[(&str, u32)] = &[
    ("xiangqi", 4),
    ("shogi", 5),
    ("minishogi", 6),
    ("janggi", 4),
];

/// Multi-player starts timed without an oracle (no engine knows them): (game id, depth).
const MULTI: &[(&str, u32)] = &[
    ("eight-player-ffa", 5),
    ("four-player-ffa", 5),
    ("three-player", 5),
];

fn timed_perft(mut pos: rookery_core::Position, depth: u32) -> Result<Timing, String> {
    let c0 = cpu_ns("self");
    let t0 = Instant::now();
    let nodes = perft(&mut pos, depth);
    let wall = t0.elapsed().as_secs_f64();
    let cpu = c0.zip(cpu_ns("self")).map(|(a, b)| (b - a) as f64 / 1e9);
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
    for &(id, depth) in FAMILY {
        let depth = if quick { depth - 1 } else { depth };
        let v = rookery_core::rules::variant(id).map_err(|e| e.to_string())?;
        let pos =
            rookery_core::rules::parse_position(v, &v.start_fen).map_err(|e| e.to_string())?;
        let a = timed_perft(pos, depth)?;
        engine.send(&format!("setoption name UCI_Variant value {id}"))?;
        let b = theirs(&mut engine, &v.start_fen, depth)?;
        if a.nodes != b.nodes {
            return Err(format!(
                "{id} depth {depth}: rookery counts {} nodes, Fairy-Stockfish {}",
                a.nodes, b.nodes
            ));
        }
        let cpu_ratio = a.cpu_mnps().zip(b.cpu_mnps()).map(|(x, y)| x / y);
        println!(
            "{:<16} {:>5} {:>11} | {:>8.2} {:>8} | {:>8.2} {:>8} | {:>6.2} {:>6}",
            id,
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
    Ok(())
}
