//! Scripted engine sessions: `rookery uci` plays a whole chess game against itself through the
//! protocol (every `bestmove` legal, until the rules end the game), and `rookery usi` plays
//! minishogi to its end and the first 40 plies of shogi the same way.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rookery_core::game::Game;
use rookery_core::rules::shogi::parse_usi;

const BIN: &str = env!("CARGO_BIN_EXE_rookery");

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(protocol: &str) -> Engine {
        let mut child = Command::new(BIN)
            .arg(protocol)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start rookery");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }
    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }
    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut l = String::new();
            assert!(self.stdout.read_line(&mut l).unwrap() > 0, "engine closed");
            let l = l.trim_end().to_string();
            let stop = l.starts_with(prefix);
            lines.push(l);
            if stop {
                return lines;
            }
        }
    }
    fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove");
        lines.last().unwrap()["bestmove ".len()..]
            .trim()
            .to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn a_uci_session_plays_a_legal_chess_game_to_its_end() {
    let mut e = Engine::start("uci");
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name UCI_Variant")));
    e.send("setoption name Skill Level value 8");
    e.send("isready");
    e.until("readyok");
    e.send("ucinewgame");
    let mut game = Game::new("chess").unwrap();
    let mut moves: Vec<String> = Vec::new();
    while !game.is_over() {
        assert!(moves.len() < 1500, "no end after 1500 plies");
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go nodes 300");
        let m = e.bestmove();
        game.play_text(&m)
            .unwrap_or_else(|err| panic!("ply {}: {m} is illegal: {err}", moves.len()));
        moves.push(m);
    }
    eprintln!(
        "chess over after {} plies: {:?}",
        moves.len(),
        game.outcome()
    );
    assert!(moves.len() >= 10);
    // over: the engine has nothing to play
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.send("go nodes 300");
    assert_eq!(e.bestmove(), "0000");
}

fn usi_game(variant: &str, max_plies: usize) -> Game {
    let mut e = Engine::start("usi");
    e.send("usi");
    e.until("usiok");
    e.send(&format!("setoption name USI_Variant value {variant}"));
    e.send("setoption name Skill Level value 8");
    e.send("isready");
    e.until("readyok");
    e.send("usinewgame");
    let mut game = Game::new(variant).unwrap();
    let mut moves: Vec<String> = Vec::new();
    while !game.is_over() && moves.len() < max_plies {
        let tail = if moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", moves.join(" "))
        };
        e.send(&format!("position startpos{tail}"));
        e.send("go nodes 300");
        let m = e.bestmove();
        let mv = parse_usi(game.position(), &m)
            .unwrap_or_else(|err| panic!("{variant} ply {}: {m}: {err}", moves.len()));
        game.play(mv).unwrap();
        moves.push(m);
    }
    game
}

#[test]
fn a_usi_session_plays_legal_minishogi_to_its_end_and_shogi_for_forty_plies() {
    let g = usi_game("minishogi", 1500);
    eprintln!(
        "minishogi over after {} plies: {:?}",
        g.ply_count(),
        g.outcome()
    );
    assert!(g.is_over(), "minishogi: no end after 1500 plies");
    let g = usi_game("shogi", 40);
    assert_eq!(g.ply_count(), 40);
}
