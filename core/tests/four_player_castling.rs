//! Castling in four-player chess on both layouts: Rookery's start (Blue Qa7 Ka8, Green Kn7
//! Qn8, REFERENCE §3.1) and chess.com's newer one (Blue Qa8 Ka7, Green Kn8 Qn7), for each
//! player, both wings, free for all and teams. Written from the rules text (REFERENCE §3.1,
//! DECISIONS.md "castling on both sides", docs/rules-decisions.md): the king goes two squares
//! towards the rook and the rook lands on the square the king crossed; every square between
//! king and rook is empty; the king is not in check and neither passes through nor lands on an
//! attacked square; the FEN4 flags say which rights exist (king side = `O-O`, queen side =
//! `O-O-O`). Cells expected for the newer layout are those the 4pchess engine offers (`a7-a5`,
//! `a7-a9`, `n8-n10`, `n8-n6`) and that real chess.com records play (tests/data/README.md).

mod support;

use rookery_core::game::EndReason;
use rookery_core::movegen::perft;
use rookery_core::notation::{fen4, pgn4};
use rookery_core::piece::chess::*;
use rookery_core::position::MoveKind;
use rookery_core::rules::{self, four};
use rookery_core::{Error, Game};

const FFA: &str = "four-player-ffa";
const TEAMS: &str = "four-player-teams";
const TAGS: [char; 4] = ['r', 'b', 'y', 'g'];
const TURN: [char; 4] = ['R', 'B', 'Y', 'G'];

/// One castling: (seat, wing, king from, rook from, king to, rook to, cells between king and
/// rook). The first of the cells between is the one the king crosses, the second where it lands.
type Case = (
    u8,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
);

/// Rookery's start (REFERENCE §3.1 lists these cells).
const ROOKERY: [Case; 8] = [
    (0, "O-O", "h1", "k1", "j1", "i1", &["i1", "j1"]),
    (0, "O-O-O", "h1", "d1", "f1", "g1", &["g1", "f1", "e1"]),
    (1, "O-O", "a8", "a11", "a10", "a9", &["a9", "a10"]),
    (1, "O-O-O", "a8", "a4", "a6", "a7", &["a7", "a6", "a5"]),
    (2, "O-O", "g14", "d14", "e14", "f14", &["f14", "e14"]),
    (
        2,
        "O-O-O",
        "g14",
        "k14",
        "i14",
        "h14",
        &["h14", "i14", "j14"],
    ),
    (3, "O-O", "n7", "n4", "n5", "n6", &["n6", "n5"]),
    (3, "O-O-O", "n7", "n11", "n9", "n8", &["n8", "n9", "n10"]),
];

/// chess.com's newer layout: Red and Yellow as before; Blue's king on a7 has its short wing
/// towards a4, Green's on n8 towards n11.
const CHESS_COM: [Case; 8] = [
    (0, "O-O", "h1", "k1", "j1", "i1", &["i1", "j1"]),
    (0, "O-O-O", "h1", "d1", "f1", "g1", &["g1", "f1", "e1"]),
    (1, "O-O", "a7", "a4", "a5", "a6", &["a6", "a5"]),
    (1, "O-O-O", "a7", "a11", "a9", "a8", &["a8", "a9", "a10"]),
    (2, "O-O", "g14", "d14", "e14", "f14", &["f14", "e14"]),
    (
        2,
        "O-O-O",
        "g14",
        "k14",
        "i14",
        "h14",
        &["h14", "i14", "j14"],
    ),
    (3, "O-O", "n8", "n11", "n10", "n9", &["n9", "n10"]),
    (3, "O-O-O", "n8", "n4", "n6", "n7", &["n7", "n6", "n5"]),
];

const LAYOUTS: [(&str, &[Case; 8]); 2] = [("Rookery", &ROOKERY), ("chess.com", &CHESS_COM)];

fn xy(cell: &str) -> (i32, i32) {
    let x = (cell.as_bytes()[0] - b'a') as i32;
    let y: i32 = cell[1..].parse::<i32>().unwrap() - 1;
    (x, y)
}

fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// A FEN4 with the given pieces (`("bK", "a7")`), side to move and castling flags.
fn fen4_of(
    turn: u8,
    king_side: [u8; 4],
    queen_side: [u8; 4],
    pieces: &[(String, String)],
) -> String {
    let rows = support::board_rows(14, pieces);
    let flags = |f: [u8; 4]| f.map(|b| b.to_string()).join(",");
    format!(
        "{}-0,0,0,0-{}-{}-0,0,0,0-0-{}",
        TURN[turn as usize],
        flags(king_side),
        flags(queen_side),
        rows
    )
}

/// Every king and both rooks of every player of a layout on their cells.
fn home(cases: &[Case; 8]) -> Vec<(String, String)> {
    let mut v = Vec::new();
    for &(seat, _, king, rook, ..) in cases {
        let k = (format!("{}K", TAGS[seat as usize]), king.to_string());
        if !v.contains(&k) {
            v.push(k);
        }
        v.push((format!("{}R", TAGS[seat as usize]), rook.to_string()));
    }
    v
}

/// A rook of the next player (an opponent in both modes), or of `by`, attacking `cell` of
/// `seat`'s back line from five squares inwards.
fn attacker(seat: u8, cell: &str, by: u8) -> (String, String) {
    let (x, y) = xy(cell);
    let at = match seat {
        0 => name(x, y + 5),
        1 => name(x + 5, y),
        2 => name(x, y - 5),
        _ => name(x - 5, y),
    };
    (format!("{}R", TAGS[by as usize]), at)
}

fn next(seat: u8) -> u8 {
    (seat + 1) % 4
}

fn game(id: &str, fen: &str) -> Game {
    Game::from_fen(id, fen).unwrap_or_else(|e| panic!("{e}: {fen}"))
}

/// The castling moves on offer, as move text (the king's destination).
fn castlings(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| g.move_text(m))
        .collect();
    v.sort();
    v
}

fn text(c: &Case) -> String {
    format!("{}{}", c.2, c.4)
}

/// The castling texts of a seat's two wings, sorted.
fn both(cases: &[Case; 8], seat: u8) -> Vec<String> {
    let mut v: Vec<String> = cases.iter().filter(|c| c.0 == seat).map(text).collect();
    v.sort();
    v
}

fn other_wing(cases: &[Case; 8], c: &Case) -> Vec<String> {
    cases
        .iter()
        .filter(|o| o.0 == c.0 && o.1 != c.1)
        .map(text)
        .collect()
}

#[test]
fn each_player_castles_on_both_wings_king_two_squares_towards_the_rook_rook_on_the_square_crossed()
{
    for id in [FFA, TEAMS] {
        for (layout, cases) in LAYOUTS {
            for c in cases.iter() {
                let &(seat, wing, kf, rf, kt, rt, _) = c;
                let fen = fen4_of(seat, [1; 4], [1; 4], &home(cases));
                let mut g = game(id, &fen);
                assert_eq!(
                    castlings(&g),
                    both(cases, seat),
                    "{id} {layout} seat {seat}"
                );
                g.play_text(wing)
                    .unwrap_or_else(|e| panic!("{id} {layout} {seat} {wing}: {e}"));
                let p = g.position();
                let at = |cell: &str| p.at(g.variant.board.cell(cell).unwrap());
                let what = format!("{id} {layout} seat {seat} {wing}");
                assert_eq!((at(kt).kind(), at(kt).owner()), (KING, seat), "{what}");
                assert_eq!((at(rt).kind(), at(rt).owner()), (ROOK, seat), "{what}");
                assert!(at(kf).is_none() && at(rf).is_none(), "{what}");
                // both rights of that player are gone, and FEN4 says so
                let f = fen4::write(p);
                let flags: Vec<&str> = f.split('-').collect();
                let s = seat as usize;
                assert_eq!(flags[2].split(',').nth(s), Some("0"), "{what}: {f}");
                assert_eq!(flags[3].split(',').nth(s), Some("0"), "{what}: {f}");
                // the king's move names the same castling
                let mut h = game(id, &fen);
                h.play_text(&text(c)).unwrap();
                assert_eq!(h.position().hash(), g.position().hash(), "{what}");
            }
        }
    }
}

#[test]
fn every_square_between_king_and_rook_must_be_empty() {
    for (layout, cases) in LAYOUTS {
        for c in cases.iter() {
            for (i, between) in c.6.iter().enumerate() {
                // a piece of the player's own, or of an opponent (a knight: it attacks none of
                // the back line's squares)
                let owner = if i % 2 == 0 { c.0 } else { next(c.0) };
                let mut pieces = home(cases);
                pieces.push((format!("{}N", TAGS[owner as usize]), between.to_string()));
                let g = game(FFA, &fen4_of(c.0, [1; 4], [1; 4], &pieces));
                assert_eq!(
                    castlings(&g),
                    other_wing(cases, c),
                    "{layout} {} {} with a piece on {between}",
                    c.0,
                    c.1
                );
            }
        }
    }
}

#[test]
fn no_castling_out_of_check() {
    for (layout, cases) in LAYOUTS {
        for seat in 0..4u8 {
            let king = cases.iter().find(|c| c.0 == seat).unwrap().2;
            let mut pieces = home(cases);
            pieces.push(attacker(seat, king, next(seat)));
            let g = game(FFA, &fen4_of(seat, [1; 4], [1; 4], &pieces));
            assert!(castlings(&g).is_empty(), "{layout} seat {seat} in check");
        }
    }
}

#[test]
fn no_castling_through_or_onto_an_attacked_square() {
    for id in [FFA, TEAMS] {
        for (layout, cases) in LAYOUTS {
            for c in cases.iter() {
                // c.6[0] is crossed, c.6[1] is where the king lands (c.4)
                assert_eq!(c.6[1], c.4);
                for target in [c.6[0], c.6[1]] {
                    let mut pieces = home(cases);
                    pieces.push(attacker(c.0, target, next(c.0)));
                    let g = game(id, &fen4_of(c.0, [1; 4], [1; 4], &pieces));
                    assert_eq!(
                        castlings(&g),
                        other_wing(cases, c),
                        "{id} {layout} {} {} with {target} attacked",
                        c.0,
                        c.1
                    );
                }
            }
        }
    }
}

#[test]
fn the_square_next_to_the_rook_that_the_king_never_reaches_may_be_attacked() {
    for (layout, cases) in LAYOUTS {
        for c in cases.iter().filter(|c| c.6.len() == 3) {
            let mut pieces = home(cases);
            pieces.push(attacker(c.0, c.6[2], next(c.0)));
            let g = game(FFA, &fen4_of(c.0, [1; 4], [1; 4], &pieces));
            assert_eq!(castlings(&g), both(cases, c.0), "{layout} {} {}", c.0, c.1);
        }
    }
}

#[test]
fn in_teams_a_partner_attacks_no_square_and_does_not_stop_castling() {
    for (layout, cases) in LAYOUTS {
        for c in cases.iter() {
            let partner = (c.0 + 2) % 4;
            let mut pieces = home(cases);
            pieces.push(attacker(c.0, c.6[0], partner));
            let fen = fen4_of(c.0, [1; 4], [1; 4], &pieces);
            let what = format!("{layout} {} {}", c.0, c.1);
            assert_eq!(castlings(&game(TEAMS, &fen)), both(cases, c.0), "{what}");
            // in free for all the same piece is an opponent's
            assert_eq!(castlings(&game(FFA, &fen)), other_wing(cases, c), "{what}");
        }
    }
}

#[test]
fn the_fen4_flags_say_which_rights_exist_king_side_is_o_o() {
    for (layout, cases) in LAYOUTS {
        for seat in 0..4u8 {
            let s = seat as usize;
            let short = cases.iter().find(|c| c.0 == seat && c.1 == "O-O").unwrap();
            let long = cases
                .iter()
                .find(|c| c.0 == seat && c.1 == "O-O-O")
                .unwrap();
            let mut ks = [1u8; 4];
            let mut qs = [1u8; 4];
            qs[s] = 0;
            let g = game(FFA, &fen4_of(seat, ks, qs, &home(cases)));
            assert_eq!(
                castlings(&g),
                [text(short)],
                "{layout} {seat} king side only"
            );
            // FEN4 writes the flags it read
            assert_eq!(
                fen4::write(g.position()),
                fen4_of(seat, ks, qs, &home(cases))
            );
            qs[s] = 1;
            ks[s] = 0;
            let g = game(FFA, &fen4_of(seat, ks, qs, &home(cases)));
            assert_eq!(
                castlings(&g),
                [text(long)],
                "{layout} {seat} queen side only"
            );
            qs[s] = 0;
            let g = game(FFA, &fen4_of(seat, ks, qs, &home(cases)));
            assert!(castlings(&g).is_empty(), "{layout} {seat} no flags");
        }
    }
}

#[test]
fn moving_the_king_or_a_rook_loses_its_rights_on_the_newer_layout() {
    // Blue (king a7): the a4 rook goes to a5 and back: only the a11 wing is left
    let mut g = game(FFA, &fen4_of(1, [1; 4], [1; 4], &home(&CHESS_COM)));
    for m in [
        "a4a5", "g14f14", "n8m8", "h1g1", "a5a4", "f14g14", "m8n8", "g1h1",
    ] {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(castlings(&g), ["a7a9"]);
    let f = fen4::write(g.position());
    assert!(f.starts_with("B-0,0,0,0-0,0,0,0-0,1,0,0-"), "{f}");
    // and the position read back from that FEN4 castles the same way
    let back = game(FFA, &f);
    assert_eq!(castlings(&back), ["a7a9"]);
}

#[test]
fn castling_is_derived_from_where_king_and_rooks_stand_as_in_chess960() {
    // Red's king on f1 (the d1 end is nearer: king side) with rooks on d1 and k1: O-O goes
    // two squares towards d1, onto the rook's cell, the rook to e1; O-O-O Kf1-h1, Rk1-g1
    let p = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let kings = [("bK", "a7"), ("yK", "g14"), ("gK", "n8")];
    let mut pieces = p(&[("rK", "f1"), ("rR", "d1"), ("rR", "k1")]);
    pieces.extend(p(&kings));
    let mut g = game(FFA, &fen4_of(0, [1; 4], [1; 4], &pieces));
    assert_eq!(castlings(&g), ["f1d1", "f1h1"]);
    g.play_text("O-O").unwrap();
    let at = |g: &Game, c: &str| g.position().at(g.variant.board.cell(c).unwrap()).kind();
    assert_eq!((at(&g, "d1"), at(&g, "e1")), (KING, ROOK));
    // a rook next to the king: the king cannot go two squares towards it
    let mut pieces = p(&[("rK", "f1"), ("rR", "e1"), ("rR", "k1")]);
    pieces.extend(p(&kings));
    let g = game(FFA, &fen4_of(0, [1; 4], [1; 4], &pieces));
    assert_eq!(castlings(&g), ["f1h1"]);
    assert!(fen4::write(g.position()).starts_with("R-0,0,0,0-0,0,0,0-1,0,0,0-"));
    // a king off its back line has no castling, whatever the flags say
    let mut pieces = p(&[("rK", "h2"), ("rR", "d1"), ("rR", "k1")]);
    pieces.extend(p(&kings));
    let g = game(FFA, &fen4_of(0, [1; 4], [1; 4], &pieces));
    assert!(castlings(&g).is_empty());
}

#[test]
fn rookerys_own_start_castles_from_the_cells_of_the_product_rules() {
    for id in [FFA, TEAMS] {
        let g = Game::new(id).unwrap();
        let p = g.position();
        assert_eq!(*p.castles, four::castle_defs(&g.variant.board));
        assert_eq!(p.st.castling, 0xff);
        assert_eq!(rules::write_position(p), four::START_FEN4);
    }
}

#[test]
fn the_newer_layout_perft_depths_1_to_4_are_20_395_7800_152050() {
    // REFERENCE §3.6: counts of teetertater's setup, which is chess.com's newer layout
    let v = rules::variant(FFA).unwrap();
    let mut pos = fen4::parse(v, four::CHESS_COM_START_FEN4).unwrap();
    for (d, n) in [20u64, 395, 7800, 152050].into_iter().enumerate() {
        assert_eq!(perft(&mut pos, d as u32 + 1), n, "depth {}", d + 1);
    }
    let at = |c: &str| pos.at(v.board.cell(c).unwrap());
    assert_eq!((at("a7").kind(), at("a8").kind()), (KING, QUEEN));
    assert_eq!((at("n8").kind(), at("n7").kind()), (KING, QUEEN));
}

// ---------------------------------------------------------------- PGN4 records

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The cells of `seat`'s king and rooks after a game.
fn king_and_rooks(g: &Game, seat: u8) -> (String, Vec<String>) {
    let p = g.position();
    let t = &g.variant.board;
    let mut king = String::new();
    let mut rooks = Vec::new();
    for c in 0..t.len() as u16 {
        let q = p.at(c);
        if q.is_some() && !q.is_grey() && q.owner() == seat {
            if q.kind() == KING {
                king = t.name(c).to_string();
            } else if q.kind() == ROOK {
                rooks.push(t.name(c).to_string());
            }
        }
    }
    rooks.sort();
    (king, rooks)
}

fn tokens(text: &str) -> Vec<String> {
    pgn4::parse(text)
        .unwrap()
        .tokens
        .into_iter()
        .map(|t| t.text)
        .collect()
}

#[test]
fn a_chess_com_record_of_the_newer_layout_where_all_four_castle_replays_to_its_end() {
    // Red O-O-O, Blue O-O (a7-a5, and the rook it put on a6 moves on), Yellow O-O-O, Green
    // O-O-O (n8-n6)
    let text = data("newer_layout_castling.pgn4");
    let g = pgn4::import(&text, FFA).unwrap();
    assert_eq!(g.id(), TEAMS);
    assert_eq!(g.ply_count(), 32);
    assert!(!g.is_over());
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(king_and_rooks(&g, 0), ("f1".into(), s(&["g1", "k1"])));
    assert_eq!(king_and_rooks(&g, 1), ("a5".into(), s(&["a11", "a7"])));
    assert_eq!(king_and_rooks(&g, 2), ("i14".into(), s(&["d14", "h14"])));
    assert_eq!(king_and_rooks(&g, 3), ("n6".into(), s(&["n11", "n7"])));
    // our PGN4 of it is the record's move text, and reads back to the same game
    let ours = pgn4::export(&g).unwrap();
    assert_eq!(tokens(&ours), tokens(&text));
    let back = pgn4::import(&ours, FFA).unwrap();
    assert_eq!(back.position().hash(), g.position().hash());
    // free for all replays the same moves
    let ffa = pgn4::import(&text.replace("\"Teams\"", "\"FFA\""), TEAMS).unwrap();
    assert_eq!((ffa.id(), ffa.ply_count()), (FFA, 32));
    assert_eq!(king_and_rooks(&ffa, 1), king_and_rooks(&g, 1));
}

#[test]
fn a_chess_com_record_of_the_newer_layout_castling_on_the_other_wings_replays_to_its_end() {
    // StartFen4 "4PC": Red, Yellow, Green O-O (Green n8-n10), Blue O-O-O (a7-a9)
    let text = data("newer_layout_castling_other_wings.pgn4");
    let g = pgn4::import(&text, FFA).unwrap();
    assert_eq!(g.ply_count(), 18);
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(king_and_rooks(&g, 0), ("j1".into(), s(&["d1", "i1"])));
    assert_eq!(king_and_rooks(&g, 1), ("a9".into(), s(&["a4", "a8"])));
    assert_eq!(king_and_rooks(&g, 2), ("e14".into(), s(&["f14", "k14"])));
    assert_eq!(king_and_rooks(&g, 3), ("n10".into(), s(&["n4", "n9"])));
    assert_eq!(tokens(&pgn4::export(&g).unwrap()), tokens(&text));
    // the same record written with the king's moves (as 4pchess lists them) replays too
    let kings = text
        .replacen("4. O-O", "4. Kh1-j1", 1)
        .replacen("5. g2-g3 .. O-O-O", "5. g2-g3 .. Ka7-a9", 1)
        .replacen("Qa8-b8 .. O-O .. O-O", "Qa8-b8 .. Kg14-e14 .. Kn8-n10", 1);
    assert_ne!(kings, text);
    let k = pgn4::import(&kings, FFA).unwrap();
    assert_eq!(k.position().hash(), g.position().hash());
}

#[test]
fn a_record_from_4pc_replays_from_chess_coms_start_of_today_or_else_rookerys() {
    // chess.com game 26780486 (April 2023): `StartFen4 "4PC"`, Blue Qa8-d5 at move 2;
    // Yellow resigns at move 31 and the team of Blue and Green wins
    let g = pgn4::import(&data("newer_layout_teams_game.pgn4"), FFA).unwrap();
    assert_eq!(g.ply_count(), 123);
    let o = g.outcome().expect("the resignation ends the game");
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Resignation, vec![1, 3])
    );
    // a record of Rookery's layout tagged 4PC (Qa7xQh14 at move 2) replays from Rookery's start
    let old = data("teams_game.pgn4").replacen(
        "[Variant \"Teams\"]",
        "[Variant \"Teams\"]\n[StartFen4 \"4PC\"]",
        1,
    );
    let g = pgn4::import(&old, FFA).unwrap();
    assert_eq!(g.ply_count(), 124);
    // one that fits neither names the move that fails from today's start
    let bad = data("newer_layout_castling_other_wings.pgn4").replace("Nn10-l9", "Nn10-n9");
    match pgn4::import(&bad, FFA) {
        Err(Error::BadRecord(m)) => assert!(m.contains("Nn10-n9"), "{m}"),
        other => panic!("{:?}", other.map(|g| g.ply_count())),
    }
}
