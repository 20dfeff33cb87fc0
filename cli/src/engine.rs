//! Fairy-Stockfish as a child process speaking UCI: the Debian package's binary, or the newer
//! engine compiled into pyffish (run through its exported UCI loop). `rookery bench perft`
//! counts with it; `rookery match --engine|--pyffish` plays against it.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub(crate) struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The engine's `id name` (version).
    pub(crate) name: String,
}

/// Runs the UCI loop of the Fairy-Stockfish inside pyffish's extension module (it exports
/// `Stockfish::UCI::loop(int, char**)`), so `go perft` runs as native code.
const PYFFISH_LOOP: &str = "import ctypes, pyffish\n\
lib = ctypes.CDLL(pyffish._pyffish.__file__)\n\
loop = getattr(lib, '_ZN9Stockfish3UCI4loopEiPPc')\n\
loop.restype = None\n\
loop.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]\n\
loop(1, (ctypes.c_char_p * 2)(b'pyffish', None))\n";

/// The oracle's extra variant definitions (tests/data/fsf_variants.ini) and the two lines
/// tests/oracle_family.rs adds to `chaturangakc`: without them it inherits shatranj's
/// `extinctionPieceCount = 1`/`extinctionOpponentPieceCount = 2`, so a taken king never ends
/// the game (from the start at depth 6 the engine would count 19932773 nodes, not 19932596).
const FSF_VARIANTS: &str = concat!(
    include_str!("../../tests/data/fsf_variants.ini"),
    "extinctionPieceCount = 0\nextinctionOpponentPieceCount = 0\n"
);

impl Engine {
    pub(crate) fn start(path: &PathBuf) -> Result<Engine, String> {
        Engine::spawn(Command::new(path), &path.display().to_string())
    }

    /// The Fairy-Stockfish compiled into pyffish, run natively through its exported UCI loop
    /// (the oracle's `ffengine.py` way): `python -c PYFFISH_LOOP`.
    pub(crate) fn start_pyffish(python: &str) -> Result<Engine, String> {
        // Asked first, on its own: a Python without pyffish would exit before reading `uci`,
        // and the write into its closed pipe would end this process (SIGPIPE is the system's
        // default in the terminal player) instead of naming what is missing.
        let importable = Command::new(python)
            .args(["-c", "import pyffish"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !importable {
            return Err(format!(
                "{python} cannot import pyffish; install it (`pip install pyffish`) or pass \
                 --pyffish PYTHON"
            ));
        }
        let mut c = Command::new(python);
        c.arg("-c").arg(PYFFISH_LOOP);
        Engine::spawn(c, &format!("{python} (pyffish)"))
    }

    fn spawn(mut cmd: Command, what: &str) -> Result<Engine, String> {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                format!(
                    "cannot start Fairy-Stockfish at {what} ({e}); install it with \
                     `apt-get install fairy-stockfish` or pass its path"
                )
            })?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut e = Engine {
            child,
            stdin,
            stdout,
            name: String::new(),
        };
        e.send("uci")?;
        let mut name = String::new();
        loop {
            let l = e.read_until("")?;
            if let Some(n) = l.strip_prefix("id name ") {
                name = n.to_string();
            }
            if l == "uciok" {
                break;
            }
        }
        e.name = name;
        e.send("setoption name UCI_Variant value chess")?;
        e.sync()?;
        Ok(e)
    }

    /// Loads extra variant definitions (`fogofwar`, `chaturangakc`) from a temporary file.
    pub(crate) fn load_variants(&mut self) -> Result<(), String> {
        let path = std::env::temp_dir().join(format!("rookery-bench-{}.ini", std::process::id()));
        std::fs::write(&path, FSF_VARIANTS).map_err(|e| format!("{}: {e}", path.display()))?;
        self.send(&format!(
            "setoption name VariantPath value {}",
            path.display()
        ))?;
        self.sync()?;
        let _ = std::fs::remove_file(&path);
        Ok(())
    }

    pub(crate) fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("Fairy-Stockfish: {e}"))
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub(crate) fn read_until(&mut self, prefix: &str) -> Result<String, String> {
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

    pub(crate) fn sync(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.read_until("readyok").map(|_| ())
    }

    pub(crate) fn pid(&self) -> String {
        self.child.id().to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl Engine {
    /// The engine's legal moves after `moves` from `fen` (its `go perft 1`), in its order.
    pub(crate) fn legal_moves(
        &mut self,
        fen: &str,
        moves: &[String],
    ) -> Result<Vec<String>, String> {
        self.position(fen, moves)?;
        self.send("go perft 1")?;
        let mut out = Vec::new();
        loop {
            let l = self.read_until("")?;
            if l.starts_with("Nodes searched") {
                return Ok(out);
            }
            if let Some((m, n)) = l.split_once(": ") {
                if n.trim().parse::<u64>().is_ok() && !m.contains(' ') {
                    out.push(m.to_string());
                }
            }
        }
    }

    /// The engine's move after `moves` from `fen`, searched to `depth` (`None`: it has none).
    pub(crate) fn best_move(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<Option<String>, String> {
        self.position(fen, moves)?;
        self.send(&format!("go depth {depth}"))?;
        let l = self.read_until("bestmove")?;
        Ok(l.split_whitespace()
            .nth(1)
            .filter(|m| *m != "(none)" && *m != "0000")
            .map(str::to_string))
    }

    fn position(&mut self, fen: &str, moves: &[String]) -> Result<(), String> {
        if moves.is_empty() {
            self.send(&format!("position fen {fen}"))
        } else {
            self.send(&format!("position fen {fen} moves {}", moves.join(" ")))
        }
    }
}
