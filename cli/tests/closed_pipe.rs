//! Every command stops quietly when the program reading its output goes away early
//! (`rookery perft … --divide | head -1`, `rookery games | head -1`, `rookery saved … | head`):
//! no panic, no backtrace, nothing on stderr; the exit is a success or SIGPIPE's silent end.
//!
//! Each command runs with its stdout on a pipe whose reading end is closed before it starts, so
//! its first write finds nobody reading, every time (`| head -1` only does that when `head`
//! happens to exit before the writer is done). The shell pipelines of the issue run too.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_rookery");

fn run(args: &[&str], closed: bool) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdin(Stdio::null()).stderr(Stdio::piped());
    if closed {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        cmd.stdout(writer);
    } else {
        cmd.stdout(Stdio::piped());
    }
    cmd.output().expect("run rookery")
}

/// The silent end by SIGPIPE.
fn quiet_signal(s: &ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        s.signal() == Some(libc::SIGPIPE)
    }
    #[cfg(not(unix))]
    {
        let _ = s;
        false
    }
}

/// Success, or the silent end by SIGPIPE.
fn quiet_exit(o: &Output) -> bool {
    o.status.success() || quiet_signal(&o.status)
}

/// The command writes to stdout when somebody reads, and stops quietly when nobody does.
fn stops_quietly(args: &[&str]) {
    let open = run(args, false);
    assert!(open.status.success(), "{args:?}: {open:?}");
    assert!(!open.stdout.is_empty(), "{args:?} prints something");
    let o = run(args, true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.is_empty(),
        "{args:?} into a closed pipe wrote to stderr: {err}"
    );
    assert!(
        quiet_exit(&o),
        "{args:?} into a closed pipe: {:?}",
        o.status
    );
}

/// A shell pipeline `rookery …| …`: nothing on stderr (no panic message), and the output.
fn pipeline(line: &str) -> String {
    let rest = line.strip_prefix("rookery ").expect("a rookery command");
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!("'{BIN}' {rest}"))
        .stdin(Stdio::null())
        .output()
        .expect("sh");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.is_empty(), "{line}: {err}");
    assert!(o.status.success(), "{line}: {:?}", o.status);
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_divide_games_and_play_stop_quietly_into_a_closed_pipe() {
    stops_quietly(&["perft", "chess", "2", "--divide"]);
    stops_quietly(&["perft", "four-player-teams", "2", "--divide"]);
    stops_quietly(&["perft", "chess", "2"]);
    stops_quietly(&["games"]);
    stops_quietly(&["play", "--script", "e2e4 e7e5", "--game", "chess"]);
}

#[test]
fn the_pipelines_of_the_issue_stop_quietly() {
    let out = pipeline("rookery perft four-player-ffa 3 --divide | head -1");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains(": "), "a divide line: {out}");
    let out = pipeline("rookery games | head -1");
    assert!(out.starts_with("chess\t"), "{out}");
}

/// A database with saved games, made by `rookery selfplay`, which plays until its reader goes.
fn saved_games(dir: &PathBuf) -> Vec<String> {
    let mut child = Command::new(BIN)
        .args(["selfplay", "--db", dir.to_str().unwrap(), "--seed", "5"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("selfplay");
    let mut ids = Vec::new();
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines.take(400) {
        let line = line.unwrap();
        // `saved <id> <plies>`
        let id = line.split_whitespace().nth(1).unwrap().to_string();
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    // the reader is gone: selfplay stops at its next line (after saving that move)
    let status = child.wait().expect("selfplay ends");
    assert!(
        status.code() == Some(0) || quiet_signal(&status),
        "{status:?}"
    );
    ids
}

#[test]
fn saved_stops_quietly_into_a_closed_pipe() {
    let dir = std::env::temp_dir().join(format!("rookery-closed-pipe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ids = saved_games(&dir);
    assert!(!ids.is_empty(), "selfplay saved a game");
    let db = dir.to_str().unwrap();
    stops_quietly(&["saved", "--db", db]);
    stops_quietly(&["saved", "--db", db, "--check"]);
    stops_quietly(&["saved", "--db", db, "--export", &ids[0]]);
    stops_quietly(&["saved", "--db", db, "--export-standard", &ids[0]]);
    let out = pipeline(&format!("rookery saved --db {db} | head"));
    assert!(out.starts_with(&format!("{} ", ids[0])), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
