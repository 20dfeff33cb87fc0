//! Helpers for the oracle tests: the reference data in `tests/data/`, a seeded random source,
//! a Fairy-Stockfish UCI client (`go perft`, `d`) and the Python oracles (python-chess, pyffish:
//! a script with JSON on stdin and out).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A file in `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

/// One case of `perft_cases.json`.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct PerftCase {
    pub game: String,
    pub oracle_variant: String,
    pub fen: String,
    pub depth: u32,
    pub nodes: u64,
    pub kind: String,
    #[serde(default)]
    pub start_fen: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
}

pub fn perft_cases() -> Vec<PerftCase> {
    let text = std::fs::read_to_string(data_path("perft_cases.json")).expect("perft_cases.json");
    serde_json::from_str(&text).expect("perft_cases.json is valid")
}

/// One position of a `.perft` suite with its reference counts per depth.
#[derive(Clone, Debug)]
pub struct SuiteCase {
    pub id: String,
    pub epd: String,
    pub counts: Vec<(u32, u64)>,
}

impl SuiteCase {
    pub fn nodes(&self, depth: u32) -> Option<u64> {
        self.counts
            .iter()
            .find(|(d, _)| *d == depth)
            .map(|(_, n)| *n)
    }

    /// The game id to read this position with: `chess960` when its castling rights need it
    /// (Shredder letters, or `KQkq` with the king off the e-file).
    pub fn game_id(&self) -> &'static str {
        let f: Vec<&str> = self.epd.split_whitespace().collect();
        let rights = f.get(2).copied().unwrap_or("-");
        if rights == "-" {
            return "chess";
        }
        if rights.chars().any(|c| !"KQkq".contains(c)) {
            return "chess960";
        }
        let ranks: Vec<&str> = f[0].split('/').collect();
        let king_on_e = |rank: &str, king: char| {
            let mut x = 0;
            for ch in rank.chars() {
                if let Some(d) = ch.to_digit(10) {
                    x += d;
                } else {
                    if ch == king {
                        return x == 4;
                    }
                    x += 1;
                }
            }
            false
        };
        let white_ok = !rights.contains(['K', 'Q']) || king_on_e(ranks[7], 'K');
        let black_ok = !rights.contains(['k', 'q']) || king_on_e(ranks[0], 'k');
        if white_ok && black_ok {
            "chess"
        } else {
            "chess960"
        }
    }
}

/// Reads a python-chess style perft suite (`id`, `epd`, `perft <depth> <nodes>` lines).
pub fn read_suite(name: &str) -> Vec<SuiteCase> {
    let text = std::fs::read_to_string(data_path(name)).expect("suite file");
    let mut out: Vec<SuiteCase> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            out.push(SuiteCase {
                id: id.to_string(),
                epd: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            out.last_mut().expect("epd after id").epd = epd.to_string();
        } else if let Some(p) = line.strip_prefix("perft ") {
            let (d, n) = p.split_once(' ').expect("perft <depth> <nodes>");
            out.last_mut()
                .expect("perft after id")
                .counts
                .push((d.parse().unwrap(), n.trim().parse().unwrap()));
        }
    }
    out
}

/// SplitMix64 (`rookery_core::rng`): a small seeded random source, so every run plays the same
/// games.
pub use rookery_core::rng::SplitMix as Rng;

/// Where the Fairy-Stockfish binary is: `$FAIRY_STOCKFISH`, else the Debian package's path.
pub fn fairy_stockfish_path() -> PathBuf {
    std::env::var_os("FAIRY_STOCKFISH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/games/fairy-stockfish"))
}

/// One running Fairy-Stockfish process spoken to over UCI.
pub struct FairyStockfish {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl FairyStockfish {
    /// Starts the engine. Panics with set-up instructions when it is missing: the oracle
    /// tests must fail loudly, never skip.
    pub fn start() -> FairyStockfish {
        let path = fairy_stockfish_path();
        let mut child = Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start Fairy-Stockfish at {} ({e}). The oracle tests need it: \
                     `apt-get install -y fairy-stockfish` (Debian), or set FAIRY_STOCKFISH to \
                     the binary. ./tests/run-all.sh installs it.",
                    path.display()
                )
            });
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut e = FairyStockfish {
            child,
            stdin,
            stdout,
        };
        e.send("uci");
        e.read_until(|l| l == "uciok");
        e
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to Fairy-Stockfish");
        self.stdin.flush().expect("flush to Fairy-Stockfish");
    }

    /// Reads lines until `done` accepts one; returns all lines read, that one included.
    pub fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut l = String::new();
            let n = self
                .stdout
                .read_line(&mut l)
                .expect("read from Fairy-Stockfish");
            assert!(n > 0, "Fairy-Stockfish closed its output");
            let l = l.trim_end().to_string();
            let stop = done(&l);
            lines.push(l);
            if stop {
                return lines;
            }
        }
    }

    /// Waits until the engine has handled everything sent so far.
    pub fn sync(&mut self) {
        self.send("isready");
        self.read_until(|l| l == "readyok");
    }

    /// Selects a variant (`chess`, `fischerandom`, ...).
    pub fn set_variant(&mut self, variant: &str) {
        self.send(&format!("setoption name UCI_Variant value {variant}"));
        let c960 = variant == "fischerandom";
        self.send(&format!("setoption name UCI_Chess960 value {c960}"));
        self.sync();
    }

    /// Sets the position: a FEN and moves played from it.
    pub fn set_position(&mut self, fen: &str, moves: &[String]) {
        let mut cmd = format!("position fen {fen}");
        if !moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&moves.join(" "));
        }
        self.send(&cmd);
    }

    /// `go perft <depth>` on the current position: the divide lines and the total.
    pub fn perft(&mut self, depth: u32) -> (Vec<(String, u64)>, u64) {
        self.send(&format!("go perft {depth}"));
        let lines = self.read_until(|l| l.starts_with("Nodes searched"));
        let mut divide = Vec::new();
        let mut total = 0;
        for l in lines {
            if let Some(n) = l.strip_prefix("Nodes searched:") {
                total = n.trim().parse().expect("node count");
            } else if let Some((m, n)) = l.split_once(": ") {
                if let Ok(n) = n.trim().parse::<u64>() {
                    divide.push((m.to_string(), n));
                }
            }
        }
        (divide, total)
    }

    /// The legal moves of the current position, in the engine's UCI notation, sorted, each as
    /// often as the engine lists it (a duplicate shows).
    pub fn legal_moves(&mut self) -> Vec<String> {
        let (divide, total) = self.perft(1);
        assert_eq!(divide.len() as u64, total, "perft 1 divide vs total");
        let mut moves: Vec<String> = divide.into_iter().map(|(m, _)| m).collect();
        moves.sort();
        moves
    }

    /// The engine's FEN of the current position (from the `d` command).
    pub fn fen(&mut self) -> String {
        self.describe().fen
    }

    /// What the `d` command says of the current position: its FEN and Zobrist key.
    pub fn describe(&mut self) -> Described {
        self.send("d");
        self.send("isready");
        let lines = self.read_until(|l| l == "readyok");
        let field = |name: &str| {
            lines
                .iter()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or_else(|| panic!("`d` prints a {name} line"))
                .trim()
                .to_string()
        };
        Described {
            fen: field("Fen: "),
            key: field("Key: "),
        }
    }

    /// The engine's verdict on a position without legal moves, from `go depth 1`: mate
    /// (`score mate 0`) or stalemate (`score cp 0`).
    pub fn verdict_without_moves(&mut self) -> Verdict {
        self.send("go depth 1");
        let lines = self.read_until(|l| l.starts_with("bestmove"));
        assert!(
            lines
                .last()
                .is_some_and(|l| l.starts_with("bestmove (none)")),
            "the engine found a move: {lines:?}"
        );
        if lines.iter().any(|l| l.contains("score mate 0")) {
            Verdict::Mate
        } else if lines.iter().any(|l| l.contains("score cp 0")) {
            Verdict::Stalemate
        } else {
            panic!("no verdict from the engine: {lines:?}")
        }
    }
}

/// The `d` command's description of a position.
pub struct Described {
    pub fen: String,
    /// The engine's Zobrist key (hex): equal keys are the same position for repetition.
    pub key: String,
}

/// Fairy-Stockfish's verdict on a position without legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Mate,
    Stalemate,
}

/// Runs `tests/python/python_chess_oracle.py` (python-chess) once on `games` (JSON list of
/// `{"fen", "chess960", "moves"}`) and returns its answer. Panics when Python or python-chess
/// is missing: this oracle never skips.
pub fn python_chess(games: &serde_json::Value) -> serde_json::Value {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    python_oracle(
        &python,
        "python_chess_oracle.py",
        games,
        "python-chess",
        "the SAN oracle needs Python 3 with python-chess \
         (`python3 -m pip install chess`; ./tests/run-all.sh installs it)",
    )
}

/// Runs the script `tests/python/<script>` once on `input` with `$PYTHON` (default `python3`)
/// with python-chess and python-shogi, and returns its JSON answer. Panics when Python or
/// those libraries are missing: these oracles never skip.
pub fn python_script(script: &str, input: &serde_json::Value) -> serde_json::Value {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    python_oracle(
        &python,
        script,
        input,
        "python-chess/python-shogi",
        "this oracle needs Python 3 with python-chess and python-shogi \
         (`python3 -m pip install chess python-shogi`; ./tests/run-all.sh installs them)",
    )
}

/// Runs `tests/python/pyffish_oracle.py` (Fairy-Stockfish inside pyffish) once on `request`
/// (`{"variants_ini", "games": [{"variant", "fen", "moves"}]}`) with `$PYFFISH_PYTHON` and
/// returns its answer (per game, per prefix of its moves). Panics when the interpreter or
/// pyffish is missing: this oracle never skips.
pub fn pyffish(request: &serde_json::Value) -> serde_json::Value {
    pyffish_script("pyffish_oracle.py", request)
}

/// Runs the pyffish oracle script `tests/python/<script>` once on `input` with
/// `$PYFFISH_PYTHON` and returns its JSON answer. Panics when the interpreter or pyffish is
/// missing: these oracles never skip.
pub fn pyffish_script(script: &str, input: &serde_json::Value) -> serde_json::Value {
    let python = std::env::var("PYFFISH_PYTHON").unwrap_or_else(|_| "python3".to_string());
    python_oracle(
        &python,
        script,
        input,
        "pyffish",
        "this oracle needs Python 3 with pyffish \
         (`python3 -m venv v && v/bin/pip install pyffish`, then PYFFISH_PYTHON=v/bin/python; \
         ./tests/run-all.sh does this)",
    )
}

/// Runs the oracle script `tests/python/<script>` with `python`: `input` as JSON on its stdin,
/// its JSON answer from stdout. `what` names the oracle in failures, `needs` says what to install.
fn python_oracle(
    python: &str,
    script: &str,
    input: &serde_json::Value,
    what: &str,
    needs: &str,
) -> serde_json::Value {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("python")
        .join(script);
    let mut child = Command::new(python)
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {python} ({e}): {needs}"));
    let input = serde_json::to_vec(input).unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // written from a thread: a large input would otherwise fill the pipe while we wait
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("the {what} oracle: {e}"));
    writer
        .join()
        .unwrap()
        .unwrap_or_else(|e| panic!("write to the {what} oracle: {e}"));
    assert!(
        out.status.success(),
        "the {what} oracle failed ({}; {python}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("the {what} oracle answers JSON: {e}"))
}

impl Drop for FairyStockfish {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}
