//! `rookery think`: one bot move for a position (the referee's driver against 4pchess,
//! `tests/python/teams_4pchess.py`): the legal moves and a legal best move; a move that is not
//! legal is a clear error (exit 1) naming it; a finished game says so instead of moving.

use std::process::{Command, Output};

use rookery_core::game::Game;
use rookery_core::rules::four::CHESS_COM_START_FEN4;

const BIN: &str = env!("CARGO_BIN_EXE_rookery");

fn think(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("think")
        .args(args)
        .output()
        .expect("run rookery")
}

fn lines(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn think_lists_the_legal_moves_and_plays_one_of_them() {
    let moves = "h2h4 b7c7";
    let o = think(&[
        "--game",
        "four-player-teams",
        "--fen",
        CHESS_COM_START_FEN4,
        "--moves",
        moves,
        "--nodes",
        "3000",
        "--legal",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = lines(&o);
    let mut g = Game::from_fen("four-player-teams", CHESS_COM_START_FEN4).unwrap();
    for m in moves.split(' ') {
        g.play_text(m).unwrap();
    }
    let mut ours: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect();
    let listed = out[0].strip_prefix("legal ").expect("legal line");
    let mut listed: Vec<String> = listed.split(' ').map(String::from).collect();
    ours.sort();
    listed.sort();
    assert_eq!(listed, ours);
    assert!(out[1].starts_with("info depth "), "{out:?}");
    let best = out[2].strip_prefix("bestmove ").expect("bestmove line");
    assert!(ours.iter().any(|m| m == best), "{best} is not legal");
}

#[test]
fn think_names_a_move_that_is_not_legal_and_exits_1() {
    let o = think(&["--game", "chess", "--moves", "e2e4 e2e4", "--nodes", "100"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("e2e4"), "{err}");
}

#[test]
fn think_reports_a_finished_game_instead_of_a_move() {
    // fool's mate: White is mated, Black (seat 1) won
    let o = think(&[
        "--game",
        "chess",
        "--moves",
        "f2f3 e7e5 g2g4 d8h4",
        "--nodes",
        "100",
    ]);
    assert!(o.status.success());
    assert_eq!(lines(&o), ["over 1"]);
}

#[test]
fn think_serve_answers_each_request_and_survives_a_bad_one() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(BIN)
        .args(["think", "--game", "chess", "--serve", "--nodes", "200"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run rookery");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"legal e2e4\ngo e2e4 e2e4\nbogus\ngo f2f3 e7e5 g2g4 d8h4\ngo e2e4\nquit\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let out = lines(&o);
    let answers: Vec<&[String]> = out.split(|l| l == "ok").collect();
    // five answers, each ended by `ok` (then nothing after the last)
    assert_eq!(answers.len(), 6, "{out:?}");
    assert!(answers[5].is_empty());
    // `legal`: the legal moves of Black after 1. e4, no search
    let mut g = Game::new("chess").unwrap();
    g.play_text("e2e4").unwrap();
    assert_eq!(answers[0].len(), 1, "{out:?}");
    assert_eq!(
        answers[0][0].split(' ').count() - 1,
        g.legal_moves().len(),
        "{out:?}"
    );
    // a move that is not legal and an unknown request: an error naming it, and serving goes on
    assert!(answers[1][0].starts_with("error ") && answers[1][0].contains("e2e4"));
    assert!(answers[2][0].starts_with("error ") && answers[2][0].contains("bogus"));
    // a finished game; then a move that is legal for Black
    assert_eq!(answers[3], ["over 1"]);
    let best = answers[4]
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("bestmove");
    assert!(g.legal_moves().into_iter().any(|m| g.move_text(m) == best));
}

/// `info depth D nodes N value V` and `bestmove M` of one answer.
fn info_and_best(answer: &[String]) -> (u64, u64, String) {
    let info = answer
        .iter()
        .find_map(|l| l.strip_prefix("info "))
        .expect("info line");
    let w: Vec<&str> = info.split(' ').collect();
    let field = |name: &str| -> u64 {
        let i = w.iter().position(|&x| x == name).expect(name);
        w[i + 1].parse().expect("a number")
    };
    let best = answer
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("bestmove line");
    (field("depth"), field("nodes"), best.to_string())
}

#[test]
fn think_serve_keeps_the_tables_while_the_game_goes_on_and_drops_them_for_another_line() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    // level 7 stops at its depth (8 actions, more than a round of the four seats, so its
    // tables are kept); the node budget only replaces its time cap, so the figures are exact
    let game = ["--game", "four-player-teams", "--fen", CHESS_COM_START_FEN4];
    let limits = ["--level", "7", "--nodes", "100000000"];
    let mut child = Command::new(BIN)
        .arg("think")
        .args(game)
        .args(limits)
        .arg("--serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run rookery");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |moves: &str| -> (u64, u64, String) {
        writeln!(stdin, "go {moves}").unwrap();
        let mut answer = Vec::new();
        loop {
            let mut line = String::new();
            assert!(stdout.read_line(&mut line).unwrap() > 0, "serve ended");
            let line = line.trim().to_string();
            if line == "ok" {
                break;
            }
            answer.push(line);
        }
        info_and_best(&answer)
    };
    let fresh = |moves: &str| {
        let o = think(&[&game[..], &limits[..], &["--moves", moves]].concat());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        info_and_best(&lines(&o))
    };
    // two rounds of the four seats from an opening, each move the session's own; each search
    // of a seat's second round starts from the tables its first left
    let mut moves: Vec<String> = ["h2h4", "b9d9", "e14f12", "m10k10"]
        .map(String::from)
        .to_vec();
    let (mut kept_nodes, mut fresh_nodes, mut differ) = (0, 0, 0);
    for ply in 0..8 {
        let line = moves.join(" ");
        let (depth, nodes, best) = ask(&line);
        let (fresh_depth, fresh_n, fresh_best) = fresh(&line);
        if ply == 0 {
            // the first request starts empty: as a fresh search
            assert_eq!((nodes, &best), (fresh_n, &fresh_best));
        }
        assert_eq!(depth, fresh_depth);
        kept_nodes += nodes;
        fresh_nodes += fresh_n;
        differ += (nodes != fresh_n) as usize;
        let mut g = Game::from_fen("four-player-teams", CHESS_COM_START_FEN4).unwrap();
        for m in &moves {
            g.play_text(m).unwrap();
        }
        assert!(
            g.legal_moves().into_iter().any(|m| g.move_text(m) == best),
            "{best} is not legal after {line}"
        );
        moves.push(best);
    }
    // the kept tables answer part of the later searches (a seat's second round), so their
    // trees are not the fresh ones; whether that saves nodes to a fixed depth depends on the
    // line (with the teams' reduced checks of stop 55 it did not here: 610,338 kept against
    // 603,387 fresh over these 8 searches, 2,117,763 against 2,095,158 over 24), so the test
    // asks that they are used, not that they save
    assert!(
        differ >= 2,
        "kept tables changed {differ} of 8 searches ({kept_nodes} nodes kept, {fresh_nodes} fresh)"
    );
    // another line (another game from the start) drops them: as a fresh search again
    let other = "g2g3 b9d9 e14f12 m10k10";
    assert_eq!(ask(other), fresh(other));
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}
