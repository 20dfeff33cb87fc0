//! Power-cut durability of the saved games: what survives losing the operating system's page
//! cache at any moment, with and without sync to disk.
//!
//! A child process (this test binary, re-run with `LD_PRELOAD`) plays games through a
//! [`GameStore`] while an interposing shim (`power_cut/shim.c`, compiled here with `cc`)
//! records every write, truncation, rename and unlink under the database directory and every
//! `fsync`, `fdatasync` and `sync_file_range`, plus a marker the child writes after every call
//! that returned `Ok` (an acknowledged action). The record is then replayed, in the manner of
//! SQLite's crash tests and ALICE, under a model of what a disk holds after a power cut:
//!
//! - data written to a file is on the disk once an `fsync`/`fdatasync` of that file (through
//!   any descriptor) that started after the write has returned;
//! - creations, renames, unlinks and truncations are on the disk once any `fsync`/`fdatasync`
//!   has returned after them (a journal commit, as on ext4 and f2fs, Android's file systems);
//! - everything else is lost (the page cache is gone);
//! - `sync_file_range` (what sled 0.34's `flush()` calls) persists nothing in the *strict*
//!   model (it neither writes the file size nor flushes the drive's cache), and in the
//!   *lenient* model persists the bytes of its range that lie within the file's size on disk.
//!
//! Every moment at which the disk image would change is a cut: the image just before it (the
//! worst case for the actions acknowledged by then) is written to a fresh directory and opened
//! with `GameStore::open` like an app starting after the power came back. Each saved game must
//! then be in a state the child acknowledged (or the one action in flight), never anything
//! else. With sync to disk on (what `GameLibrary` in the apps does by default: `fdatasync` after
//! every save), no acknowledged action may be lost at any cut; without it the test reports
//! what survives.
//!
//! Takes ~5 s in the suite. More actions: `ROOKERY_POWER_CUT_ACTIONS=400 cargo test --release
//! -p rookery-core --test power_cut -- --nocapture`; `ROOKERY_POWER_CUT_PAUSE_MS=20` pauses
//! after each action (a player's pace, so sled's own 500 ms flusher runs in between). Needs a C compiler (`cc`, or `CC`) and a
//! dynamically linked glibc (Linux); it fails, never skips, without them.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use rookery_core::rng::XorShift as Rng;
use rookery_core::store::{GameStore, Setup};
use rookery_core::{Action, Error};

#[path = "support/shim.rs"]
mod shim;

const GAMES: [&str; 2] = ["chess", "xiangqi"];

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

// ------------------------------------------------------------------------------------------
// The child: plays through the store and acknowledges every call that returned Ok.

/// Run by the parent with the shim preloaded; does nothing when run by hand.
#[test]
#[ignore]
fn power_cut_child() {
    let (Ok(dir), Ok(mark), Ok(sync)) = (
        std::env::var("ROOKERY_CUT_DIR"),
        std::env::var("ROOKERY_CUT_MARK"),
        std::env::var("ROOKERY_CUT_SYNC"),
    ) else {
        return;
    };
    let actions = env_count("ROOKERY_POWER_CUT_ACTIONS", 80);
    // a pause after each action lets sled's own flusher (an fsync every 500 ms) run between them
    let pause = std::time::Duration::from_millis(env_count("ROOKERY_POWER_CUT_PAUSE_MS", 0) as u64);
    let store = GameStore::open(&dir).unwrap();
    store.set_sync_to_disk(sync == "1").unwrap();
    let mut mark = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(mark)
        .unwrap();
    let mut ack = |line: String| mark.write_all(line.as_bytes()).unwrap();
    let mut saved = Vec::new();
    for id in GAMES {
        let s = store.create(id, &Setup::new(id).unwrap()).unwrap();
        ack(format!("new {}\n", s.id));
        saved.push(s);
    }
    let mut rng = Rng(0x5eed_1234_5678_9abc);
    for step in 0..actions {
        let s = &mut saved[step % GAMES.len()];
        if step % 11 == 10 && s.game.ply_count() > 0 {
            store.undo(s).unwrap();
            ack(format!("cursor {} {}\n", s.id, s.game.ply_count()));
            continue;
        }
        let moves = s.game.legal_moves();
        if s.game.is_over() || moves.is_empty() {
            continue;
        }
        store
            .act(s, Action::Move(moves[rng.below(moves.len())]))
            .unwrap();
        let ply = s.game.ply_count();
        let text = s.game.plies()[ply - 1].text.clone();
        ack(format!("act {} {} {}\n", s.id, ply, text));
        std::thread::sleep(pause);
    }
}

// ------------------------------------------------------------------------------------------
// The record the shim writes.

#[derive(Debug, Clone)]
enum Ev {
    Open { fd: i32, flags: u64, path: String },
    Close { fd: i32 },
    Write { fd: i32, off: u64, data: Vec<u8> },
    Trunc { fd: i32, len: u64 },
    SyncStart { fd: i32 },
    SyncEnd { fd: i32 },
    Sfr { fd: i32, off: u64, len: u64 },
    Rename { from: String, to: String },
    Unlink { path: String },
    Mark(Vec<u8>),
}

fn parse_record(bytes: &[u8]) -> Vec<Ev> {
    let mut out = Vec::new();
    let mut p = 0;
    let u32_at = |p: usize| u32::from_le_bytes(bytes[p..p + 4].try_into().unwrap());
    let u64_at = |p: usize| u64::from_le_bytes(bytes[p..p + 8].try_into().unwrap());
    while p < bytes.len() {
        assert!(p + 29 <= bytes.len(), "truncated record entry at {p}");
        let op = bytes[p];
        let fd = u32_at(p + 1) as i32;
        let (a, b) = (u64_at(p + 5), u64_at(p + 13));
        let (n1, n2) = (u32_at(p + 21) as usize, u32_at(p + 25) as usize);
        p += 29;
        let d1 = bytes[p..p + n1].to_vec();
        let d2 = bytes[p + n1..p + n1 + n2].to_vec();
        p += n1 + n2;
        let text = |d: Vec<u8>| String::from_utf8(d).unwrap();
        out.push(match op {
            1 => Ev::Open {
                fd,
                flags: a,
                path: text(d1),
            },
            2 => Ev::Close { fd },
            3 => Ev::Write {
                fd,
                off: a,
                data: d1,
            },
            4 => Ev::Trunc { fd, len: a },
            5 => Ev::SyncStart { fd },
            6 => Ev::SyncEnd { fd },
            7 => Ev::Sfr { fd, off: a, len: b },
            8 => Ev::Rename {
                from: text(d1),
                to: text(d2),
            },
            9 => Ev::Unlink { path: text(d1) },
            10 => Ev::Mark(d1),
            _ => panic!("unknown record op {op}"),
        });
    }
    out
}

// ------------------------------------------------------------------------------------------
// The disk model.

#[derive(Debug, Clone)]
enum Op {
    Create { path: String, ino: usize },
    Rename { from: String, to: String },
    Unlink { path: String },
    Trunc { ino: usize, len: u64 },
    Write { ino: usize, off: u64, data: Vec<u8> },
}

const O_TRUNC: u64 = 0o1000;

#[derive(Default)]
struct Disk {
    /// `sync_file_range` persists the bytes of its range within the size on disk.
    lenient: bool,
    names: BTreeMap<String, usize>,
    fds: HashMap<i32, usize>,
    inodes: usize,
    starts: HashMap<i32, Vec<usize>>,
    /// Changes not on the disk yet, with their place in the record.
    pending: Vec<(usize, Op)>,
    /// What is on the disk.
    disk_names: BTreeMap<String, usize>,
    disk_data: HashMap<usize, Vec<u8>>,
    /// Bumped whenever the disk changes.
    version: u64,
}

/// A rename of `from` to `to` in a map of file paths: the file itself, or a directory with
/// every file under it (the store renames a new database's directory into place).
fn rename_under(names: &mut BTreeMap<String, usize>, from: &str, to: &str) {
    let moved: Vec<String> = names
        .keys()
        .filter(|p| {
            p.strip_prefix(from)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
        .cloned()
        .collect();
    for p in moved {
        if let Some(ino) = names.remove(&p) {
            names.insert(format!("{to}{}", &p[from.len()..]), ino);
        }
    }
}

impl Disk {
    fn apply(&mut self, op: Op) {
        match op {
            Op::Create { path, ino } => {
                self.disk_names.insert(path, ino);
                self.disk_data.entry(ino).or_default();
            }
            Op::Rename { from, to } => rename_under(&mut self.disk_names, &from, &to),
            Op::Unlink { path } => {
                self.disk_names.remove(&path);
            }
            Op::Trunc { ino, len } => self
                .disk_data
                .entry(ino)
                .or_default()
                .resize(len as usize, 0),
            Op::Write { ino, off, data } => {
                let f = self.disk_data.entry(ino).or_default();
                let end = off as usize + data.len();
                if f.len() < end {
                    f.resize(end, 0);
                }
                f[off as usize..end].copy_from_slice(&data);
            }
        }
        self.version += 1;
    }

    /// Takes the pending changes `keep` selects (in record order) onto the disk; whether any.
    fn commit(&mut self, mut keep: impl FnMut(&Disk, &Op) -> bool) -> bool {
        let pending = std::mem::take(&mut self.pending);
        let mut any = false;
        for (seq, op) in pending {
            if keep(self, &op) {
                self.apply(op);
                any = true;
            } else {
                self.pending.push((seq, op));
            }
        }
        any
    }

    /// Whether event `seq` would change the disk (then the parent evaluates the image first).
    fn changes_disk(&self, seq: usize, ev: &Ev) -> bool {
        match ev {
            Ev::SyncEnd { fd } => {
                let start = self.starts.get(fd).and_then(|s| s.last()).copied();
                let ino = self.fds.get(fd).copied();
                self.pending
                    .iter()
                    .any(|(s, op)| start.is_some_and(|st| *s < st) && Self::synced(op, ino))
            }
            Ev::Sfr { fd, off, len } if self.lenient => {
                let ino = self.fds.get(fd).copied();
                self.pending.iter().any(|(s, op)| {
                    *s < seq && self.in_range(op, ino, *off, *len, self.disk_len(ino))
                })
            }
            _ => false,
        }
    }

    fn synced(op: &Op, ino: Option<usize>) -> bool {
        match op {
            Op::Write { ino: i, .. } => Some(*i) == ino,
            _ => true,
        }
    }

    fn disk_len(&self, ino: Option<usize>) -> u64 {
        ino.and_then(|i| self.disk_data.get(&i))
            .map_or(0, |d| d.len() as u64)
    }

    fn in_range(&self, op: &Op, ino: Option<usize>, off: u64, len: u64, size: u64) -> bool {
        match op {
            Op::Write {
                ino: i,
                off: o,
                data,
            } => {
                let end = o + data.len() as u64;
                Some(*i) == ino
                    && *o >= off
                    && (len == 0 || end <= off + len)
                    && end <= size
                    && self.disk_names.values().any(|v| Some(*v) == ino)
            }
            _ => false,
        }
    }

    fn event(&mut self, seq: usize, ev: &Ev) {
        match ev {
            Ev::Open { fd, flags, path } => {
                let ino = match self.names.get(path) {
                    Some(&i) => i,
                    None => {
                        self.inodes += 1;
                        let i = self.inodes;
                        self.names.insert(path.clone(), i);
                        self.pending.push((
                            seq,
                            Op::Create {
                                path: path.clone(),
                                ino: i,
                            },
                        ));
                        i
                    }
                };
                self.fds.insert(*fd, ino);
                if flags & O_TRUNC != 0 {
                    self.pending.push((seq, Op::Trunc { ino, len: 0 }));
                }
            }
            Ev::Close { fd } => {
                self.fds.remove(fd);
            }
            Ev::Write { fd, off, data } => {
                let ino = self.fds[fd];
                self.pending.push((
                    seq,
                    Op::Write {
                        ino,
                        off: *off,
                        data: data.clone(),
                    },
                ));
            }
            Ev::Trunc { fd, len } => {
                let ino = self.fds[fd];
                self.pending.push((seq, Op::Trunc { ino, len: *len }));
            }
            Ev::SyncStart { fd } => self.starts.entry(*fd).or_default().push(seq),
            Ev::SyncEnd { fd } => {
                // the latest start on this descriptor: covers the fewest writes
                let start = self.starts.get_mut(fd).and_then(|s| s.pop());
                let ino = self.fds.get(fd).copied();
                if let Some(start) = start {
                    let pending: Vec<usize> = self.pending.iter().map(|(s, _)| *s).collect();
                    let mut i = 0;
                    self.commit(|_, op| {
                        let s = pending[i];
                        i += 1;
                        s < start && Self::synced(op, ino)
                    });
                }
            }
            Ev::Sfr { fd, off, len } => {
                if self.lenient {
                    let ino = self.fds.get(fd).copied();
                    let (off, len) = (*off, *len);
                    let pending: Vec<usize> = self.pending.iter().map(|(s, _)| *s).collect();
                    let mut i = 0;
                    self.commit(|d, op| {
                        let s = pending[i];
                        i += 1;
                        s < seq && d.in_range(op, ino, off, len, d.disk_len(ino))
                    });
                }
            }
            Ev::Rename { from, to } => {
                rename_under(&mut self.names, from, to);
                self.pending.push((
                    seq,
                    Op::Rename {
                        from: from.clone(),
                        to: to.clone(),
                    },
                ));
            }
            Ev::Unlink { path } => {
                self.names.remove(path);
                self.pending.push((seq, Op::Unlink { path: path.clone() }));
            }
            Ev::Mark(_) => {}
        }
    }

    /// The disk's files under the directory `prefix`, written below `to`.
    fn materialise(&self, prefix: &str, to: &Path) {
        let _ = fs::remove_dir_all(to);
        fs::create_dir_all(to).unwrap();
        for (path, ino) in &self.disk_names {
            let Some(rel) = path.strip_prefix(&format!("{prefix}/")) else {
                continue;
            };
            let dest = to.join(rel);
            fs::create_dir_all(dest.parent().unwrap()).unwrap();
            fs::write(dest, &self.disk_data[ino]).unwrap();
        }
    }
}

// ------------------------------------------------------------------------------------------
// What the child acknowledged.

/// A saved game as the player sees it: the undo cursor and every stored action's text.
type State = (usize, Vec<String>);

/// Per saved game, every acknowledged state with the number of the marker that acknowledged it.
#[derive(Default)]
struct Acks {
    games: BTreeMap<u64, Vec<(usize, State)>>,
    count: usize,
}

impl Acks {
    fn line(&mut self, line: &str) {
        let w: Vec<&str> = line.split(' ').collect();
        let n = self.count;
        self.count += 1;
        let id: u64 = w[1].parse().unwrap();
        let states = self.games.entry(id).or_default();
        let mut st = states.last().map(|(_, s)| s.clone()).unwrap_or_default();
        match w[0] {
            "new" => st = (0, Vec::new()),
            "act" => {
                let ply: usize = w[2].parse().unwrap();
                st.1.truncate(ply - 1);
                st.1.push(w[3].to_string());
                st.0 = ply;
            }
            "cursor" => st.0 = w[2].parse().unwrap(),
            other => panic!("unknown marker {other}"),
        }
        states.push((n, st));
    }
}

#[derive(Default, Debug)]
struct Tally {
    cuts: usize,
    /// Acknowledged saved-game states (creations and actions) summed over the cuts.
    acked: usize,
    lost: usize,
    cuts_losing: usize,
    max_lost: usize,
    unreadable: usize,
    damaged: usize,
}

fn loaded_state(store: &GameStore, id: u64) -> Result<Option<State>, Error> {
    match store.load(id) {
        Ok(s) => {
            let mut g = s.game.clone();
            while g.redo().is_ok() {}
            Ok(Some((s.game.ply_count(), g.texts())))
        }
        Err(Error::NoSuchSave(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Opens the image like an app after the power came back and compares every game with what
/// was acknowledged before the cut (`acked` markers).
fn evaluate(disk: &Disk, prefix: &str, scratch: &Path, acks: &Acks, acked: usize, t: &mut Tally) {
    disk.materialise(prefix, scratch);
    t.cuts += 1;
    let store = GameStore::open(scratch).unwrap();
    let mut lost_here = 0;
    let unreadable = store.moved_aside().is_some();
    if unreadable {
        t.unreadable += 1;
    }
    for (&id, states) in &acks.games {
        let k = states.iter().filter(|(n, _)| *n < acked).count();
        t.acked += k;
        if unreadable {
            lost_here += k;
            continue;
        }
        match loaded_state(&store, id) {
            Ok(None) => lost_here += k,
            Ok(Some(st)) => {
                // the newest acknowledged state it equals, or the one in flight
                let i = (0..states.len().min(k + 1))
                    .rev()
                    .find(|&i| states[i].1 == st)
                    .unwrap_or_else(|| {
                        panic!(
                            "saved game {id} after a cut at marker {acked}: {st:?} was never \
                             acknowledged (acknowledged: {:?})",
                            &states[..k.min(states.len())]
                        )
                    });
                lost_here += k.saturating_sub(i + 1);
            }
            Err(e) => {
                t.damaged += 1;
                lost_here += k;
                eprintln!("cut at marker {acked}: {e}");
            }
        }
    }
    t.lost += lost_here;
    if lost_here > 0 {
        t.cuts_losing += 1;
    }
    t.max_lost = t.max_lost.max(lost_here);
}

/// Replays the record under one disk model, evaluating the image before every change.
fn replay(events: &[Ev], prefix: &str, scratch: &Path, lenient: bool) -> (Tally, Acks) {
    let mut acks = Acks::default();
    let mut buf = Vec::new();
    for ev in events {
        if let Ev::Mark(d) = ev {
            buf.extend_from_slice(d);
        }
    }
    for line in String::from_utf8(buf).unwrap().lines() {
        acks.line(line);
    }
    let mut disk = Disk {
        lenient,
        ..Disk::default()
    };
    let mut tally = Tally::default();
    let mut marks = 0;
    let mut evaluated: Option<(u64, usize)> = None;
    for (seq, ev) in events.iter().enumerate() {
        if disk.changes_disk(seq, ev) && evaluated != Some((disk.version, marks)) {
            evaluate(&disk, prefix, scratch, &acks, marks, &mut tally);
            evaluated = Some((disk.version, marks));
        }
        disk.event(seq, ev);
        if let Ev::Mark(d) = ev {
            marks += d.iter().filter(|&&b| b == b'\n').count();
        }
    }
    evaluate(&disk, prefix, scratch, &acks, marks, &mut tally);
    (tally, acks)
}

// ------------------------------------------------------------------------------------------
// The parent.

fn scratch_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rookery-power-cut-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d.canonicalize().unwrap()
}

/// Runs the child with the shim and returns its record.
fn record(work: &Path, shim: &Path, sync: bool) -> (Vec<Ev>, String) {
    let db = work.join(if sync { "db-sync" } else { "db-nosync" });
    let mark = work.join(if sync { "marks-sync" } else { "marks-nosync" });
    let log = work.join(if sync { "log-sync" } else { "log-nosync" });
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            "power_cut_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("LD_PRELOAD", shim)
        .env("ROOKERY_CUT_DIR", &db)
        .env("ROOKERY_CUT_MARK", &mark)
        .env("ROOKERY_CUT_LOG", &log)
        .env("ROOKERY_CUT_SYNC", if sync { "1" } else { "0" })
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the child failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let events = parse_record(&fs::read(&log).unwrap());
    (events, db.display().to_string())
}

fn report(mode: &str, t: &Tally, acks: &Acks) {
    println!(
        "power cut, {mode}: {} cuts, {} acknowledged game states over the cuts, {} lost \
         ({:.1}% kept), {} cuts losing something (at most {} at one cut), {} unreadable, {} \
         damaged; {} acknowledgements in the run",
        t.cuts,
        t.acked,
        t.lost,
        if t.acked == 0 {
            100.0
        } else {
            100.0 * (t.acked - t.lost) as f64 / t.acked as f64
        },
        t.cuts_losing,
        t.max_lost,
        t.unreadable,
        t.damaged,
        acks.count
    );
}

fn counts(events: &[Ev]) -> (usize, usize, usize) {
    let writes = events
        .iter()
        .filter(|e| matches!(e, Ev::Write { .. }))
        .count();
    let syncs = events
        .iter()
        .filter(|e| matches!(e, Ev::SyncEnd { .. }))
        .count();
    let sfr = events
        .iter()
        .filter(|e| matches!(e, Ev::Sfr { .. }))
        .count();
    (writes, syncs, sfr)
}

#[test]
fn with_sync_to_disk_every_acknowledged_action_survives_a_power_cut_at_any_moment() {
    let work = scratch_dir("sync");
    let shim = shim::build("power_cut/shim.c", &work);
    let (events, prefix) = record(&work, &shim, true);
    let (writes, syncs, sfr) = counts(&events);
    println!(
        "sync on: {} recorded events ({writes} writes, {syncs} fsync/fdatasync, {sfr} \
         sync_file_range)",
        events.len()
    );
    for lenient in [false, true] {
        let (t, acks) = replay(&events, &prefix, &work.join("cut"), lenient);
        let mode = if lenient {
            "sync on, lenient model"
        } else {
            "sync on, strict model"
        };
        report(mode, &t, &acks);
        // the run acknowledged what it should, and each action was a cut of its own
        assert!(acks.count > GAMES.len() + 10, "{mode}: too few actions");
        assert!(t.cuts > acks.count, "{mode}: {} cuts only", t.cuts);
        assert_eq!(t.unreadable, 0, "{mode}: the database became unreadable");
        assert_eq!(t.damaged, 0, "{mode}: a saved game became unreadable");
        assert_eq!(t.lost, 0, "{mode}: acknowledged actions were lost");
    }
    let _ = fs::remove_dir_all(&work);
}

#[test]
fn without_sync_to_disk_a_power_cut_loses_at_most_the_unsynced_tail_and_never_corrupts() {
    let work = scratch_dir("nosync");
    let shim = shim::build("power_cut/shim.c", &work);
    let (events, prefix) = record(&work, &shim, false);
    let (writes, syncs, sfr) = counts(&events);
    println!(
        "sync off: {} recorded events ({writes} writes, {syncs} fsync/fdatasync, {sfr} \
         sync_file_range)",
        events.len()
    );
    for lenient in [false, true] {
        let (t, acks) = replay(&events, &prefix, &work.join("cut"), lenient);
        let mode = if lenient {
            "sync off, lenient model"
        } else {
            "sync off, strict model"
        };
        report(mode, &t, &acks);
        // Losing actions is expected here (how many depends on when sled's own flusher
        // fsyncs, every 500 ms); what may never happen is a state nobody acknowledged, which
        // `evaluate` checks, or a saved game that cannot be read.
        assert_eq!(t.damaged, 0, "{mode}: a saved game became unreadable");
    }
    let _ = fs::remove_dir_all(&work);
}

/// The model itself: a write is lost until its file is synced, then kept; a rename (of a file or
/// of a directory with its files) is kept once anything is synced.
#[test]
fn the_disk_model_loses_unsynced_writes_and_keeps_synced_ones() {
    let mut d = Disk::default();
    let evs = [
        Ev::Open {
            fd: 3,
            flags: 0o100,
            path: "/x/a".into(),
        },
        Ev::Write {
            fd: 3,
            off: 0,
            data: b"one".to_vec(),
        },
        Ev::Sfr {
            fd: 3,
            off: 0,
            len: 3,
        },
    ];
    for (i, e) in evs.iter().enumerate() {
        d.event(i, e);
    }
    assert!(d.disk_names.is_empty(), "nothing synced, nothing on disk");
    d.event(3, &Ev::SyncStart { fd: 3 });
    d.event(
        4,
        &Ev::Write {
            fd: 3,
            off: 3,
            data: b"two".to_vec(),
        },
    );
    assert!(d.changes_disk(5, &Ev::SyncEnd { fd: 3 }));
    d.event(5, &Ev::SyncEnd { fd: 3 });
    assert_eq!(d.disk_data[&d.disk_names["/x/a"]], b"one".to_vec());
    d.event(
        6,
        &Ev::Rename {
            from: "/x/a".into(),
            to: "/x/b".into(),
        },
    );
    d.event(7, &Ev::SyncStart { fd: 3 });
    d.event(8, &Ev::SyncEnd { fd: 3 });
    assert_eq!(d.disk_data[&d.disk_names["/x/b"]], b"onetwo".to_vec());
    assert!(!d.disk_names.contains_key("/x/a"));
    // a directory's rename moves every file under it, and no file of a name it only begins
    d.event(
        9,
        &Ev::Open {
            fd: 4,
            flags: 0o100,
            path: "/x/b-1".into(),
        },
    );
    d.event(
        10,
        &Ev::Rename {
            from: "/x".into(),
            to: "/y".into(),
        },
    );
    d.event(
        11,
        &Ev::Rename {
            from: "/x/b".into(),
            to: "/z/b".into(),
        },
    );
    d.event(
        12,
        &Ev::Rename {
            from: "/y/b".into(),
            to: "/y/c".into(),
        },
    );
    d.event(13, &Ev::SyncStart { fd: 3 });
    d.event(14, &Ev::SyncEnd { fd: 3 });
    assert_eq!(d.disk_data[&d.disk_names["/y/c"]], b"onetwo".to_vec());
    assert!(d.disk_names.contains_key("/y/b-1"));
    assert_eq!(d.disk_names.len(), 2);
    // lenient sync_file_range: in-size bytes only
    let mut l = Disk {
        lenient: true,
        ..Disk::default()
    };
    let evs = [
        Ev::Open {
            fd: 3,
            flags: 0o100,
            path: "/x/a".into(),
        },
        Ev::Write {
            fd: 3,
            off: 0,
            data: b"aaaa".to_vec(),
        },
        Ev::SyncStart { fd: 3 },
        Ev::SyncEnd { fd: 3 },
        Ev::Write {
            fd: 3,
            off: 0,
            data: b"bb".to_vec(),
        },
        Ev::Write {
            fd: 3,
            off: 4,
            data: b"cc".to_vec(),
        },
        Ev::Sfr {
            fd: 3,
            off: 0,
            len: 0,
        },
    ];
    for (i, e) in evs.iter().enumerate() {
        l.event(i, e);
    }
    assert_eq!(l.disk_data[&l.disk_names["/x/a"]], b"bbaa".to_vec());
}
