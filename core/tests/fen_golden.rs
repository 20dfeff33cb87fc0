//! Every position notation reads and writes exactly as it did when this file was made: for each
//! playable game a corpus of texts (the start positions, every FEN of the perft case files in
//! tests/data/, the positions of seeded random games, and seeded mutations of all of those) is
//! read; each reading gives the text the position writes back (FEN and, for shogi, SFEN) and its
//! hash, or the error's kind. A game's results are summed up in one hash, kept in
//! `tests/data/fen_golden.txt`.
//!
//! The rows of the board are read and written by one mechanism for every format; this test proves
//! that moving each format onto it changed nothing it accepts, writes or refuses.
//! `FEN_GOLDEN_DUMP=dir` writes each game's full results to `dir/<id>.txt` (to see what changed);
//! `FEN_GOLDEN_UPDATE=1` rewrites the golden file (only when a format is meant to change).

use rookery_core::rng::XorShift as Rng;
use rookery_core::rules::{self, shogi};
use rookery_core::{Action, Error, Game};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fen_golden.txt");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data");

/// Pieces of text the mutations put in: the special tokens of every format.
const TOKENS: &[&str] = &[
    "/",
    "-",
    ",",
    " ",
    "0",
    "1",
    "2",
    "3",
    "8",
    "9",
    "10",
    "12",
    "14",
    "99",
    "x",
    "X",
    "w",
    "b",
    "K",
    "k",
    "Q",
    "q",
    "R",
    "r",
    "B",
    "N",
    "n",
    "P",
    "p",
    "F",
    "S",
    "E",
    "M",
    "G",
    "L",
    "+",
    "~",
    "*",
    "[",
    "]",
    "(",
    ")",
    "(Qp)",
    "(Pn)",
    "^",
    "^a",
    ">",
    "<",
    "v",
    "rK",
    "yQ",
    "gP",
    "bR",
    "dP",
    "dgP",
    "dyQ",
    "^b",
    "^c",
    "wP^b",
    "xN^r",
    "gB^a",
    "yK~",
    "rD",
    "wK",
    "kP",
    "dwP",
    "rP>",
    "wQ~",
    "e3*N",
    "=",
    "d4P",
    "{}",
    "{'resigned':(true,false,false,false)}",
    "e4",
    "a1",
    "h8",
    "Ω",
];

/// Seeded mutations of a text: delete, duplicate, replace or insert a piece of it.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut out: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        if out.is_empty() {
            break;
        }
        let i = rng.below(out.len());
        match rng.below(5) {
            0 => {
                out.remove(i);
            }
            1 => {
                let c = out[i];
                out.insert(i, c);
            }
            2 => {
                let s = TOKENS[rng.below(TOKENS.len())];
                out.splice(i..=i, s.chars());
            }
            3 => {
                let s = TOKENS[rng.below(TOKENS.len())];
                out.splice(i..i, s.chars());
            }
            _ => {
                let j = (i + 1 + rng.below(4)).min(out.len());
                out.drain(i..j);
            }
        }
    }
    out.into_iter().collect()
}

/// The `"fen"` of every case of a JSON case file whose `"game"` is `id`.
fn json_fens(file: &str, id: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{DATA}/{file}")).unwrap();
    let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for c in cases.as_array().unwrap() {
        if c["game"] == id {
            for key in ["fen", "start_fen"] {
                if let Some(f) = c[key].as_str() {
                    out.push(f.to_string());
                }
            }
        }
    }
    out
}

/// The `epd` lines of a `.perft` file.
fn epd_fens(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{DATA}/{file}")).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("epd "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// The texts of the positions of a few seeded random games of `id`.
fn playouts(id: &str, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..4 {
        let mut g = Game::new(id).unwrap();
        for _ in 0..160 {
            out.push(rules::write_position(g.position()));
            if g.is_over() {
                break;
            }
            let choices = g.choices();
            if !choices.is_empty() {
                let c = choices[rng.below(choices.len())];
                g.act(Action::Choose(c)).unwrap();
                continue;
            }
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.below(moves.len())]).unwrap();
        }
    }
    out
}

fn corpus(id: &str, seed: u64) -> Vec<String> {
    let v = rules::variant(id).unwrap();
    let mut base = vec![v.start_fen.clone()];
    if let Some((lo, hi)) = rules::numbered_starts(id) {
        for n in [lo, lo + 1, (lo + hi) / 2, hi - 1, hi] {
            if let Ok(pos) = rules::start_position(v, n) {
                base.push(rules::write_position(&pos));
            }
        }
    }
    for file in [
        "perft_cases.json",
        "perft_cases_chess_family.json",
        "variant_perft_cases.json",
    ] {
        base.extend(json_fens(file, id));
    }
    let perft_file = match id {
        "atomic" | "chess960" | "crazyhouse" => Some(format!("{id}.perft")),
        "antichess" => Some("giveaway.perft".into()),
        "chess" => Some("tricky.perft".into()),
        _ => None,
    };
    if let Some(f) = perft_file {
        base.extend(epd_fens(&f));
    }
    base.extend(playouts(id, seed));
    // FEN4 with Red out: its army grey (`drP`), Blue to move
    let red_out: Vec<String> = base
        .iter()
        .filter_map(|t| t.strip_prefix("R-0"))
        .map(|rest| {
            let mut t = format!("B-1{rest}");
            for l in ["K", "Q", "R", "B", "N", "P", "D"] {
                t = t.replace(&format!("r{l}"), &format!("dr{l}"));
            }
            t
        })
        .collect();
    base.extend(red_out);
    base.sort();
    base.dedup();
    let mut rng = Rng(seed ^ 0x9e37_79b9);
    let mut all = base.clone();
    for text in &base {
        for _ in 0..16 {
            all.push(mutate(&mut rng, text));
        }
    }
    all
}

/// What reading `text` gives: the position's writing(s) and hash, or the error's kind.
fn reading(id: &str, text: &str) -> (String, String) {
    let v = rules::variant(id).unwrap();
    match rules::parse_position(v, text) {
        Ok(pos) => {
            let mut s = format!("ok {} {:016x}", rules::write_position(&pos), pos.hash());
            if v.id.contains("shogi") {
                s += &format!(" sfen {}", shogi::write_sfen(&pos));
            }
            (s.clone(), s)
        }
        Err(e) => {
            let kind = match &e {
                Error::BadFen(_) => "err BadFen".to_string(),
                other => format!("err {other:?}"),
            };
            (kind, format!("err {e:?}"))
        }
    }
}

fn fnv(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= b as u64;
        *h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

#[test]
fn every_position_notation_reads_and_writes_as_recorded() {
    let mut lines = Vec::new();
    let dump = std::env::var("FEN_GOLDEN_DUMP").ok();
    for (i, info) in rules::catalogue()
        .into_iter()
        .filter(|g| g.playable)
        .enumerate()
    {
        let texts = corpus(info.id, 0x5eed_0000 + i as u64 * 7919);
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        let mut full = String::new();
        let mut ok = 0;
        for t in &texts {
            let (kind, detail) = reading(info.id, t);
            ok += kind.starts_with("ok") as usize;
            fnv(&mut h, t.as_bytes());
            fnv(&mut h, b"\0");
            fnv(&mut h, kind.as_bytes());
            fnv(&mut h, b"\n");
            if dump.is_some() {
                full += &format!("{t:?}\n  {detail}\n");
            }
        }
        if let Some(dir) = &dump {
            std::fs::write(format!("{dir}/{}.txt", info.id), full).unwrap();
        }
        lines.push(format!("{} {} {} {h:016x}", info.id, texts.len(), ok));
    }
    let got = lines.join("\n") + "\n";
    if std::env::var("FEN_GOLDEN_UPDATE").is_ok() {
        std::fs::write(GOLDEN, &got).unwrap();
    }
    let want = std::fs::read_to_string(GOLDEN).unwrap();
    for (g, w) in got.lines().zip(want.lines()) {
        assert_eq!(g, w, "id, texts, readings ok, hash of every reading");
    }
    assert_eq!(got.lines().count(), want.lines().count());
}
