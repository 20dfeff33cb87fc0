//! Game records other programs read and write (issue 32): PGN of the chess variants read by
//! python-chess, PGN of the other two-player games replayed SAN by SAN through pyffish
//! (Fairy-Stockfish), KIF and CSA of shogi read by python-shogi, records those programs wrote
//! imported, every export imported back, and a record with a bad move refused whole.
//!
//! Run: `cargo test --release -p rookery-tests --test records -- --nocapture` (prints the
//! counts). Needs `$PYTHON` with python-chess and python-shogi and `$PYFFISH_PYTHON` with
//! pyffish (tests/run-all.sh installs them); never skips.

use rookery_core::game::{Action, Game};
use rookery_core::notation::movetext;
use rookery_core::position::MoveKind;
use rookery_core::rng::SplitMix;
use rookery_core::rules;
use rookery_core::store::{GameStore, RecordForm, SavedGame, Setup, Start};
use rookery_tests::oracle_support::{pyffish_script, python_script};
use serde_json::{json, Value};

fn temp_store(name: &str) -> (GameStore, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("rookery-records-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    (GameStore::open(&dir).unwrap(), dir)
}

/// A saved game of `id` played with random legal moves (seeded), 20 to 120 plies or to its
/// end; every third game ends in a resignation.
fn random_game(store: &GameStore, id: &str, seed: u64) -> SavedGame {
    let mut rng = SplitMix(seed * 7919 + 17);
    let mut setup = Setup::new(id).unwrap();
    if let Some((n, _)) = rules::numbered_starts(id) {
        setup.start = Start::Standard {
            number: rng.below(n as usize) as u32,
        };
    }
    let mut s = store.create(&format!("{id} {seed}"), &setup).unwrap();
    let plies = 20 + rng.below(100);
    // a turn of several steps (the duck's) is played to its end
    for ply in 0.. {
        if s.game.is_over() || (ply >= plies && s.game.position().st.step == 0) {
            break;
        }
        let pos = s.game.position();
        let mut legal = pos.legal_moves();
        // where Rookery lets a king be left attacked and the other programs do not
        // (chaturanga), the moves both allow
        if pos.variant.facts.marks_checks {
            let mover = pos.turn();
            let safe: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.make(m);
                    !after.in_check(mover)
                })
                .collect();
            if !safe.is_empty() {
                legal = safe;
            }
        }
        let m = legal[rng.below(legal.len())];
        store.act(&mut s, Action::Move(m)).unwrap();
    }
    if seed % 3 == 2 && !s.game.is_over() && s.game.position().st.step == 0 {
        let turn = s.game.position().turn();
        store.act(&mut s, Action::Resign(turn)).unwrap();
    }
    s
}

/// Each move of a game as `write` writes it in the position before it.
fn move_texts(
    game: &Game,
    write: impl Fn(&rookery_core::position::Position, rookery_core::position::Move) -> String,
) -> Vec<String> {
    let mut before = &game.start;
    let mut out = Vec::new();
    for p in game.plies() {
        if let Action::Move(m) = p.action {
            out.push(write(before, m));
        }
        before = &p.after;
    }
    out
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// Imports `record` and checks that it replays to the same game as `s`.
fn round_trip(store: &GameStore, s: &SavedGame, record: &str) {
    let copy = store
        .import(record)
        .unwrap_or_else(|e| panic!("{}: {e}\n{record}", s.setup.game));
    assert_eq!(copy.setup.game, s.setup.game);
    assert_eq!(
        copy.game.position().hash(),
        s.game.position().hash(),
        "{record}"
    );
    assert_eq!(copy.game.is_over(), s.game.is_over(), "{record}");
}

const PYTHON_CHESS: [&str; 5] = ["chess", "chess960", "antichess", "atomic", "crazyhouse"];
const FAIRY: [&str; 8] = [
    "duck",
    "xiangqi",
    "janggi",
    "makruk",
    "ouk-chatrang",
    "sittuyin",
    "shatranj",
    "chaturanga",
];

/// Three random games of each of `ids`, saved in `store`, and their standard records.
fn exported(store: &GameStore, ids: &[&str]) -> (Vec<SavedGame>, Vec<String>) {
    let games: Vec<SavedGame> = ids
        .iter()
        .flat_map(|id| (0..3).map(move |seed| (id, seed)))
        .map(|(id, seed)| random_game(store, id, seed))
        .collect();
    let records = games
        .iter()
        .map(|s| store.export_standard(s.id).unwrap())
        .collect();
    (games, records)
}

#[test]
fn python_chess_reads_the_pgn_of_the_chess_variants() {
    let (store, dir) = temp_store("python-chess");
    let (games, records) = exported(&store, &PYTHON_CHESS);
    let answer = python_script("records_python_chess.py", &json!({ "pgn": records }));
    for ((s, record), read) in games
        .iter()
        .zip(&records)
        .zip(answer["pgn"].as_array().unwrap())
    {
        let v = s.game.variant;
        assert_eq!(read["errors"], json!([]), "{record}");
        assert_eq!(read["variant"], json!(v.id), "{record}");
        let ours = move_texts(&s.game, |p, m| {
            movetext::write(p, m, v.castle_king_takes_rook)
        });
        assert_eq!(strings(&read["moves"]), ours, "{record}");
        round_trip(&store, s, record);
    }
    println!("python-chess read {} PGN games", records.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pyffish_replays_the_pgn_of_the_other_two_player_games() {
    let (store, dir) = temp_store("pyffish");
    let (games, records) = exported(&store, &FAIRY);
    let answer = pyffish_script("records_pyffish.py", &json!({ "pgn": records }));
    for ((s, record), read) in games
        .iter()
        .zip(&records)
        .zip(answer["pgn"].as_array().unwrap())
    {
        assert_eq!(read["error"], Value::Null, "{record}");
        assert_eq!(
            read["variant"],
            json!(s.game.variant.facts.pgn_variant.unwrap())
        );
        // one SAN word per turn; set-up choices before the first move are in the FEN
        let mut before = &s.game.start;
        let mut turns = 0;
        let mut setting_up = true;
        let mut last_mover = None;
        for p in s.game.plies() {
            if let Action::Move(m) = p.action {
                setting_up &= m.kind == MoveKind::Special;
                // a turn begins at its first step, or where another seat moves (janggi's first
                // move is the second step of the turn its set-up began)
                let mover = Some(before.turn());
                if !setting_up {
                    if before.st.step == 0 || last_mover != mover {
                        turns += 1;
                    }
                    last_mover = mover;
                }
            }
            before = &p.after;
        }
        assert_eq!(read["plies"], json!(turns), "{record}");
        round_trip(&store, s, record);
    }
    println!("pyffish replayed {} PGN games", records.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn python_shogi_reads_kif_and_csa() {
    let (store, dir) = temp_store("python-shogi");
    let games: Vec<SavedGame> = (0..6)
        .map(|seed| random_game(&store, "shogi", seed))
        .collect();
    let kif: Vec<String> = games
        .iter()
        .map(|s| store.export_standard(s.id).unwrap())
        .collect();
    let csa: Vec<String> = games
        .iter()
        .map(|s| store.export_as(s.id, RecordForm::Csa).unwrap())
        .collect();
    let answer = python_script(
        "records_python_chess.py",
        &json!({ "kif": kif, "csa": csa }),
    );
    for (form, records) in [("kif", &kif), ("csa", &csa)] {
        for ((s, record), read) in games
            .iter()
            .zip(records)
            .zip(answer[form].as_array().unwrap())
        {
            assert_eq!(read["illegal"], Value::Null, "{record}");
            let ours = move_texts(&s.game, rules::shogi::write_usi);
            assert_eq!(strings(&read["moves"]), ours, "{record}");
            round_trip(&store, s, record);
        }
    }
    // minishogi: KIF only (CSA has no 5×5 board), read back by Rookery
    for seed in 0..3 {
        let s = random_game(&store, "minishogi", seed);
        round_trip(&store, &s, &store.export_standard(s.id).unwrap());
    }
    println!(
        "python-shogi read {} KIF and {} CSA games",
        kif.len(),
        csa.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn records_python_chess_and_python_shogi_wrote_are_imported() {
    let (store, dir) = temp_store("written");
    let write_pgn: Vec<Value> = PYTHON_CHESS
        .iter()
        .flat_map(|v| (0..3).map(move |seed| json!({"variant": v, "seed": seed})))
        .collect();
    let answer = python_script(
        "records_python_chess.py",
        &json!({ "write_pgn": write_pgn, "write_kif": [0, 1, 2] }),
    );
    let mut n = 0;
    for (form, usi) in [("write_pgn", false), ("write_kif", true)] {
        for g in answer[form].as_array().unwrap() {
            let record = g["record"].as_str().unwrap();
            let s = store
                .import(record)
                .unwrap_or_else(|e| panic!("{e}\n{record}"));
            let v = s.game.variant;
            let ours = if usi {
                move_texts(&s.game, rules::shogi::write_usi)
            } else {
                move_texts(&s.game, |p, m| {
                    movetext::write(p, m, v.castle_king_takes_rook)
                })
            };
            assert_eq!(ours, strings(&g["moves"]), "{record}");
            n += 1;
        }
    }
    assert_eq!(store.list().unwrap().games.len(), n);
    println!("{n} records written by python-chess and python-shogi imported");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_game_exports_in_each_of_its_forms_and_imports_back() {
    let (store, dir) = temp_store("round-trip");
    let mut n = 0;
    for g in rules::catalogue() {
        if !g.playable {
            continue;
        }
        for seed in 0..3 {
            let s = random_game(&store, g.id, seed);
            let v = s.game.variant;
            for form in v
                .facts
                .record_forms()
                .into_iter()
                .chain([RecordForm::Rookery])
            {
                let record = store.export_as(s.id, form).unwrap();
                round_trip(&store, &s, &record);
                n += 1;
            }
        }
    }
    println!("{n} exports imported back to the same game");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_with_a_bad_move_names_it_and_saves_nothing() {
    let (store, dir) = temp_store("bad");
    let cases: Vec<(String, &str)> = vec![
        ("1. e4 e5 2. Nf3 Ha1 3. Bc4 *\n".into(), "ply 4 (2... Ha1)"),
        (
            "[Variant \"xiangqi\"]\n\n1. Cbe3 Cbe8 2. Ra2 Ra9 3. Ra5 *\n".into(),
            "ply 5 (3. Ra5)",
        ),
        (
            "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五角打\n"
                .into(),
            "move 3 (５五角打)",
        ),
        ("V2.2\nPI\n+\n+7776FU\n-3334FU\n+0055KA\n".into(), "move 3 (+0055KA)"),
    ];
    for (record, named) in &cases {
        let e = store.import(record).unwrap_err().to_string();
        assert!(e.contains(named), "{e} does not name {named}");
    }
    // a PGN4 and a Rookery text with a move changed into one the rules refuse
    let scratch = temp_store("bad-scratch").0;
    for (id, form) in [
        ("four-player-ffa", RecordForm::Pgn4),
        ("three-player", RecordForm::Rookery),
    ] {
        let mut setup = Setup::new(id).unwrap();
        setup.seed = 1;
        let mut s = scratch.create("bad", &setup).unwrap();
        for _ in 0..4 {
            let m = s.game.position().legal_moves()[0];
            scratch.act(&mut s, Action::Move(m)).unwrap();
        }
        let good = scratch.export_as(s.id, form).unwrap();
        let last = s.game.plies().last().unwrap();
        let word = match form {
            RecordForm::Pgn4 => rookery_core::notation::pgn4::export(&s.game)
                .unwrap()
                .split_whitespace()
                .rev()
                .find(|w| w.contains('-') && w.len() > 3)
                .unwrap()
                .to_string(),
            _ => last.text.clone(),
        };
        let record = good.replacen(&word, "a1a1", 1);
        assert_ne!(record, good);
        let e = store.import(&record).unwrap_err().to_string();
        assert!(
            e.contains("a1a1"),
            "{id}: {e} does not name the move\n{record}"
        );
    }
    assert!(
        store.list().unwrap().games.is_empty(),
        "a refused record was saved"
    );
    println!("{} bad records refused, naming the move", cases.len() + 2);
    let _ = std::fs::remove_dir_all(&dir);
}
