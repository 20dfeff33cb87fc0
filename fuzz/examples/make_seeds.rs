//! Writes the seed corpora in `fuzz/seeds/<target>/` (committed; libFuzzer reads them beside
//! its working corpus). Run from the repository root:
//!
//! ```sh
//! cargo run --manifest-path fuzz/Cargo.toml --example make_seeds
//! ```
//!
//! Seeds: every playable game's start and seeded random positions in its notation, the FENs
//! of the perft test data, coordinate / SAN / PGN4 move texts, PGN and PGN4 exports of seeded
//! random games and the PGN4 test records, Rookery's text form of random games of every id,
//! game-driver programs for every id, SFEN positions with USI moves (shogi, minishogi), and
//! the taps of random moves of every id. Deterministic: the same tree writes the same files.

use std::fs;
use std::path::{Path, PathBuf};

use rookery_core::board::NO_CELL;
use rookery_core::game::HouseRules;
use rookery_core::notation::{pgn, pgn4, san};
use rookery_core::rules::shogi;
use rookery_core::store::{text, SavedGame, Setup, Start, Status};
use rookery_core::variant::RecordForm;
use rookery_core::{rules, Action, Game};
use rookery_fuzz::playable;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn random_game(id: &str, rng: &mut Rng, plies: usize) -> Game {
    let mut g = Game::with_options(id, HouseRules::default(), rng.next() % 960, None).unwrap();
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(moves[rng.below(moves.len())]).unwrap();
    }
    g
}

struct Out {
    root: PathBuf,
    n: usize,
}
impl Out {
    fn put(&mut self, target: &str, bytes: &[u8]) {
        let dir = self.root.join(target);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(format!("seed-{:04}", self.n)), bytes).unwrap();
        self.n += 1;
    }
}

fn with_byte(b: u8, text: &str) -> Vec<u8> {
    let mut v = vec![b];
    v.extend_from_slice(text.as_bytes());
    v
}

/// FENs of the perft data files (`epd <fen>` lines and `"fen"` fields).
fn data_fens(root: &Path) -> Vec<String> {
    let mut fens = Vec::new();
    for f in ["tests/data/tricky.perft", "tests/data/chess960.perft"] {
        let Ok(s) = fs::read_to_string(root.join(f)) else {
            continue;
        };
        fens.extend(
            s.lines()
                .filter_map(|l| l.strip_prefix("epd "))
                .map(|l| l.trim().to_string()),
        );
    }
    if let Ok(s) = fs::read_to_string(root.join("tests/data/perft_cases.json")) {
        for l in s.lines() {
            if let Some(rest) = l.trim().strip_prefix("\"fen\": \"") {
                fens.push(rest.trim_end_matches(',').trim_end_matches('"').to_string());
            }
        }
    }
    fens.sort();
    fens.dedup();
    // a sample is enough (the Chess960 file alone has 960 positions)
    let step = (fens.len() / 60).max(1);
    fens.into_iter().step_by(step).collect()
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let seeds = root.join("fuzz/seeds");
    let _ = fs::remove_dir_all(&seeds);
    let mut out = Out { root: seeds, n: 0 };
    let mut rng = Rng(0x5eed_0019);
    let ids = playable();

    for (i, &id) in ids.iter().enumerate() {
        let b = i as u8;
        let v = rules::variant(id).unwrap();
        // positions: the start and random positions
        out.put(
            "position",
            &with_byte(
                b,
                &rules::write_position(&rules::start_position(v, 0).unwrap()),
            ),
        );
        for plies in [8, 40, 120] {
            let g = random_game(id, &mut rng, plies);
            out.put(
                "position",
                &with_byte(b, &rules::write_position(g.position())),
            );
        }
        // move text after a few random moves: coordinate, then SAN / PGN4 where the game has them
        for k in [0u8, 3, 9] {
            let prefix: Vec<u8> = (0..k).map(|_| rng.next() as u8).collect();
            let mut g = Game::new(id).unwrap();
            for &p in &prefix {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                g.play(moves[p as usize % moves.len()]).unwrap();
            }
            let moves = g.legal_moves();
            if moves.is_empty() {
                continue;
            }
            let m = moves[rng.below(moves.len())];
            let mut texts = vec![
                g.move_text(m),
                format!("resign:{}", rng.below(3)),
                "choice:end".into(),
            ];
            if san::fits(v) {
                texts.push(san::write(g.position(), m));
            }
            if v.facts.record == RecordForm::Pgn4 {
                texts.push(pgn4::move_token(g.position(), m));
            }
            for t in texts {
                let mut bytes = vec![b, k];
                bytes.extend_from_slice(&prefix);
                bytes.extend_from_slice(t.as_bytes());
                out.put("move_text", &bytes);
            }
        }
        // the game driver: random programs
        for _ in 0..4 {
            let len = 16 + rng.below(200);
            let mut bytes = vec![b, rng.next() as u8];
            bytes.extend((0..len).map(|_| rng.next() as u8));
            out.put("game_driver", &bytes);
        }
        // Rookery's text form of random games, with a resignation and an undone tail
        for plies in [0, 12, 60] {
            let mut g = random_game(id, &mut rng, plies);
            if plies == 12 && !g.is_over() {
                let _ = g.act(Action::Resign(g.position().turn()));
            }
            if plies == 60 {
                let _ = g.undo();
                let _ = g.undo();
            }
            let mut setup = Setup::new(id).unwrap();
            setup.seed = g.seed;
            setup.start = Start::Standard {
                number: rules::numbered_starts(id).map_or(0, |_| g.seed as u32),
            };
            let stored = g.ply_count() + g.redo_count();
            let saved = SavedGame {
                id: 0,
                name: format!("{id} {plies}"),
                setup,
                created_ms: 1_764_450_483_000,
                game: g,
                times: (0..stored as u64).map(|t| 1_764_450_484_000 + t).collect(),
                status: Status::Playing,
                result: None,
                last_ms: 0,
            };
            out.put("store_text", text::write(&saved).as_bytes());
        }
    }

    for fen in data_fens(root) {
        for id in ["chess", "chess960"] {
            let b = ids.iter().position(|&x| x == id).unwrap() as u8;
            out.put("position", &with_byte(b, &fen));
        }
    }

    for id in ["chess", "chess960"] {
        for plies in [0, 10, 40, 200] {
            let mut g = random_game(id, &mut rng, plies);
            if plies == 40 && !g.is_over() {
                let _ = g.act(Action::Resign(1));
            }
            let t = pgn::write(&g, &[("Event", "seed")]).unwrap();
            out.put("pgn", t.as_bytes());
            out.put("store_text", t.as_bytes());
        }
    }

    let mut records = Vec::new();
    if let Ok(dir) = fs::read_dir(root.join("core/tests/data")) {
        let mut paths: Vec<PathBuf> = dir.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "pgn4"))
        {
            records.push(fs::read_to_string(p).unwrap());
        }
    }
    for id in ["four-player-ffa", "four-player-teams"] {
        for plies in [0, 16, 80] {
            let g = random_game(id, &mut rng, plies);
            records.push(pgn4::export(&g).unwrap());
        }
    }
    for (k, r) in records.iter().enumerate() {
        out.put("pgn4", &with_byte(k as u8, r));
        out.put("store_text", r.as_bytes());
    }
    // SFEN + USI (shogi, minishogi): random positions as SFEN, each with the USI moves of a
    // random continuation
    for (b, id) in [(0u8, "shogi"), (1, "minishogi")] {
        for plies in [0, 4, 16, 40, 90, 160] {
            let g = random_game(id, &mut rng, plies);
            let mut line = shogi::write_sfen(g.position());
            line.push('\n');
            let mut h = g.clone();
            for _ in 0..8 {
                let moves = h.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                line.push_str(&shogi::write_usi(h.position(), m));
                line.push(' ');
                h.play(m).unwrap();
            }
            out.put("sfen_usi", &with_byte(b, &line));
        }
    }
    // taps: the taps of random legal moves of every game (board cell: op = low two bits << 6,
    // argument = the rest; hand kind: op 5; a promotion to the first letter: op 6)
    for (i, &id) in ids.iter().enumerate() {
        let mut g = Game::new(id).unwrap();
        let mut bytes = vec![i as u8];
        let cell = |c: u16| [((c & 3) << 6) as u8, (c >> 2) as u8];
        for _ in 0..12 {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            if m.from == NO_CELL {
                bytes.extend_from_slice(&[5, m.aux]);
            } else {
                bytes.extend_from_slice(&cell(m.from));
            }
            bytes.extend_from_slice(&cell(m.to));
            if m.promo > 0 {
                bytes.extend_from_slice(&[6, 0]);
            }
            g.play(m).unwrap();
        }
        out.put("taps", &bytes);
    }
    println!("{} seed files written to fuzz/seeds", out.n);
}
