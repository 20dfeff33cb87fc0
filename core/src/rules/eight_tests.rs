//! Eight-player chess: one test per sentence of the rules pages (seeds 000 English, 002 Slovak)
//! for free for all, pairs and teams, named after the sentence; plus setup, notation, perft and
//! random-play invariants.
//!
//! Test positions are written in FEN8 by [`fen`]: the pieces listed, plus the king of every
//! seat still in play at its home square unless the list places it elsewhere.

use super::*;
use crate::error::Error;
use crate::game::{Game, HouseRules};
use crate::movegen::perft;
use crate::position::{Move, MoveKind};
use crate::rules;

const W: Seat = 0;
const R: Seat = 1;
const B: Seat = 2;
const Y: Seat = 3;
const P: Seat = 4;
const O: Seat = 5;
const G: Seat = 6;
const K: Seat = 7;

/// Kings at home (DECISIONS.md).
const HOME: [&str; 8] = ["q1", "h1", "a8", "a17", "h24", "q24", "x17", "x8"];
const TAGS: [char; 8] = ['w', 'r', 'b', 'y', 'p', 'o', 'g', 'k'];

fn var(id: &str) -> &'static Variant {
    rules::variant(id).unwrap()
}

fn xy(cell: &str) -> (usize, usize) {
    let x = (cell.as_bytes()[0] - b'a') as usize;
    let y: usize = cell[1..].parse().unwrap();
    (x, y - 1)
}

/// A FEN8 text: `turn`, seats `out`, `scores`, the plies since a capture or pawn move, and the
/// pieces as (cell, token); kings of seats in play stand at home unless listed.
fn fen_with(
    turn: Seat,
    out: &[Seat],
    scores: [i32; 8],
    halfmove: u32,
    pieces: &[(&str, &str)],
) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 24]; 24];
    for s in 0..8u8 {
        let own_king = format!("{}K", TAGS[s as usize]);
        if !out.contains(&s) && !pieces.iter().any(|(_, t)| *t == own_king) {
            let (x, y) = xy(HOME[s as usize]);
            grid[y][x] = Some(own_king);
        }
    }
    for (c, t) in pieces {
        let (x, y) = xy(c);
        grid[y][x] = Some(t.to_string());
    }
    let mut rows = Vec::new();
    for y in (0..24).rev() {
        let mut toks: Vec<String> = Vec::new();
        let mut empty = 0;
        for cell in &grid[y] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        toks.push(empty.to_string());
                        empty = 0;
                    }
                    toks.push(t.clone());
                }
            }
        }
        if empty > 0 {
            toks.push(empty.to_string());
        }
        rows.push(toks.join(","));
    }
    let list = |f: &dyn Fn(usize) -> String| (0..8).map(f).collect::<Vec<_>>().join(",");
    format!(
        "{}-{}-{}-{}-{}-{}-1-{}",
        TAGS[turn as usize].to_ascii_uppercase(),
        list(&|s| (out.contains(&(s as Seat)) as u8).to_string()),
        list(&|_| "0".to_string()),
        list(&|_| "0".to_string()),
        list(&|s| scores[s].to_string()),
        halfmove,
        rows.join("/")
    )
}

fn fen(turn: Seat, out: &[Seat], pieces: &[(&str, &str)]) -> String {
    fen_with(turn, out, [0; 8], 0, pieces)
}

fn game(id: &str, text: &str) -> Game {
    Game::from_fen(id, text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn play(g: &mut Game, text: &str) {
    g.play_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e} (turn {})", g.position().turn()));
}

/// The seat to move makes a king move (the first legal one): a move that changes nothing else.
fn pass(g: &mut Game) {
    let pos = g.position();
    let k = pos.king(pos.turn()).expect("a king to pass with");
    let m = g
        .legal_moves()
        .into_iter()
        .find(|m| m.from == k)
        .expect("a king move");
    g.play(m).unwrap();
}

/// Passes until `seat` is to move (or has gone out when its turn came).
fn pass_until(g: &mut Game, seat: Seat) {
    for _ in 0..8 {
        let pos = g.position();
        if pos.turn() == seat || !pos.is_in_play(seat) || g.is_over() {
            return;
        }
        pass(g);
    }
    panic!("seat {seat} never came to move");
}

fn score(g: &Game, s: Seat) -> i32 {
    g.position().scores[s as usize]
}

fn scores(g: &Game) -> [i32; 8] {
    let mut a = [0; 8];
    a.copy_from_slice(&g.position().scores[..8]);
    a
}

fn out_events(g: &Game) -> Vec<(Seat, OutReason)> {
    g.plies()
        .iter()
        .flat_map(|p| p.events.iter())
        .filter_map(|e| match e {
            Event::Out { seat, reason } => Some((*seat, *reason)),
            _ => None,
        })
        .collect()
}

fn cell(name: &str) -> Cell {
    var(FFA).board.cell(name).unwrap()
}

// ======================================================================= board, seats, setup

#[test]
fn eight_armies_on_a_board_of_516_squares_everyone_for_themselves() {
    for id in [FFA, PAIRS, TEAMS] {
        let v = var(id);
        assert_eq!(v.board.len(), 516);
        assert_eq!(v.seat_count(), 8);
        let pos = rules::start_position(v, 0).unwrap();
        for s in 0..8 {
            assert_eq!(pos.cells_of(s).len(), 16, "{id} seat {s}");
        }
    }
    // free for all: every seat is its own team
    let v = var(FFA);
    for a in 0..8 {
        for b in 0..8 {
            assert_eq!(v.allied(a, b), a == b);
        }
    }
}

#[test]
fn the_board_is_24_by_24_without_corners_and_a_notch_in_the_middle_of_every_side() {
    let t = &var(FFA).board;
    assert_eq!((t.width, t.height), (24, 24));
    let hole = |x: i16, y: i16| {
        let c = (x < 3 || x > 20) && (y < 3 || y > 20);
        let n = ((x == 11 || x == 12) && (y < 3 || y > 20))
            || ((y == 11 || y == 12) && (x < 3 || x > 20));
        c || n
    };
    let mut n = 0;
    for y in 0..24 {
        for x in 0..24 {
            assert_eq!(t.at(x, y).is_none(), hole(x, y), "({x},{y})");
            n += !hole(x, y) as usize;
        }
    }
    assert_eq!(n, 516);
    for name in [
        "a1", "c3", "l1", "m3", "a12", "c13", "v12", "x13", "l22", "m24", "x24",
    ] {
        assert!(t.cell(name).is_none(), "{name} is a hole");
    }
    for name in [
        "d1", "k1", "n1", "u1", "a4", "a11", "a14", "a21", "x4", "d24", "u24",
    ] {
        assert!(t.cell(name).is_some(), "{name} is a square");
    }
}

#[test]
fn two_armies_on_every_side_at_the_squares_decisions_gives() {
    let pos = rules::start_position(var(FFA), 0).unwrap();
    let t = &pos.variant.board;
    let at = |name: &str| {
        let p = pos.at(t.cell(name).unwrap());
        format!(
            "{}{}",
            TAGS[p.owner() as usize],
            pos.variant.letter(p.kind())
        )
    };
    // kings and queens exactly as DECISIONS.md lists them
    let kq = [
        ("q1", "wK"),
        ("r1", "wQ"),
        ("h1", "rK"),
        ("g1", "rQ"),
        ("a8", "bK"),
        ("a7", "bQ"),
        ("a17", "yK"),
        ("a18", "yQ"),
        ("h24", "pK"),
        ("g24", "pQ"),
        ("q24", "oK"),
        ("r24", "oQ"),
        ("x17", "gK"),
        ("x18", "gQ"),
        ("x8", "kK"),
        ("x7", "kQ"),
    ];
    for (c, want) in kq {
        assert_eq!(at(c), want, "{c}");
    }
    // the back ranks seen from each player, left to right
    let ranks: [(&[&str], &str); 8] = [
        (
            &["n1", "o1", "p1", "q1", "r1", "s1", "t1", "u1"],
            "RNBKQBNR",
        ),
        (
            &["d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1"],
            "RNBQKBNR",
        ),
        (
            &["a11", "a10", "a9", "a8", "a7", "a6", "a5", "a4"],
            "RNBKQBNR",
        ),
        (
            &["a21", "a20", "a19", "a18", "a17", "a16", "a15", "a14"],
            "RNBQKBNR",
        ),
        (
            &["k24", "j24", "i24", "h24", "g24", "f24", "e24", "d24"],
            "RNBKQBNR",
        ),
        (
            &["u24", "t24", "s24", "r24", "q24", "p24", "o24", "n24"],
            "RNBQKBNR",
        ),
        (
            &["x14", "x15", "x16", "x17", "x18", "x19", "x20", "x21"],
            "RNBKQBNR",
        ),
        (
            &["x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11"],
            "RNBQKBNR",
        ),
    ];
    for (s, (cells, order)) in ranks.iter().enumerate() {
        let got: String = cells
            .iter()
            .map(|c| at(c).chars().nth(1).unwrap())
            .collect();
        assert_eq!(&got, order, "seat {s}");
        for c in cells.iter() {
            assert_eq!(pos.at(t.cell(c).unwrap()).owner(), s as Seat);
        }
    }
    // pawns in front of the edge rank, facing away from their side
    let pawns: [(&str, u8); 8] = [
        ("n2 o2 p2 q2 r2 s2 t2 u2", grid::NORTH),
        ("d2 e2 f2 g2 h2 i2 j2 k2", grid::NORTH),
        ("b4 b5 b6 b7 b8 b9 b10 b11", grid::EAST),
        ("b14 b15 b16 b17 b18 b19 b20 b21", grid::EAST),
        ("d23 e23 f23 g23 h23 i23 j23 k23", grid::SOUTH),
        ("n23 o23 p23 q23 r23 s23 t23 u23", grid::SOUTH),
        ("w14 w15 w16 w17 w18 w19 w20 w21", grid::WEST),
        ("w4 w5 w6 w7 w8 w9 w10 w11", grid::WEST),
    ];
    for (s, (cells, facing)) in pawns.iter().enumerate() {
        for c in cells.split(' ') {
            let p = pos.at(t.cell(c).unwrap());
            assert_eq!(
                (p.kind(), p.owner(), p.facing()),
                (PAWN, s as Seat, *facing),
                "{c}"
            );
        }
    }
    // every king faces a king across the board: same file or rank, opposite sides
    for (a, b) in [("q1", "q24"), ("h1", "h24"), ("a8", "x8"), ("a17", "x17")] {
        assert_eq!(at(a).chars().nth(1), Some('K'));
        assert_eq!(at(b).chars().nth(1), Some('K'));
    }
}

#[test]
fn white_moves_first_then_red_blue_yellow_purple_orange_green_and_black_clockwise() {
    let v = var(FFA);
    let colours: Vec<&str> = v.seats.iter().map(|s| s.colour).collect();
    assert_eq!(
        colours,
        ["white", "red", "blue", "yellow", "purple", "orange", "green", "black"]
    );
    let mut g = Game::new(FFA).unwrap();
    let moves = [
        "q2q4", "h2h4", "b8d8", "b17d17", "h23h21", "q23q21", "w17u17", "w8u8", "r2r3",
    ];
    let mut movers = Vec::new();
    for m in moves {
        movers.push(g.position().turn());
        play(&mut g, m);
    }
    assert_eq!(movers, [W, R, B, Y, P, O, G, K, W]);
}

#[test]
fn pieces_move_as_in_ordinary_chess() {
    // every piece on an emptyish board reaches exactly the squares an independent walk over
    // the 24×24 grid with holes finds
    let t = &var(FFA).board;
    let hole =
        |x: i16, y: i16| !(0..24).contains(&x) || !(0..24).contains(&y) || t.at(x, y).is_none();
    for (from, letter) in [
        ("j10", 'Q'),
        ("c4", 'N'),
        ("l11", 'R'),
        ("m14", 'B'),
        ("e5", 'K'),
    ] {
        let text = fen(W, &[], &[(from, &format!("w{letter}"))]);
        let g = game(FFA, &text);
        let f = cell(from);
        let mut got: Vec<Cell> = g
            .legal_moves()
            .iter()
            .filter(|m| m.from == f)
            .map(|m| m.to)
            .collect();
        got.sort_unstable();
        let (fx, fy) = (xy(from).0 as i16, xy(from).1 as i16);
        let mut want = Vec::new();
        let dirs: Vec<(i16, i16, bool)> = match letter {
            'Q' | 'K' => [
                (0, 1),
                (1, 0),
                (0, -1),
                (-1, 0),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ]
            .iter()
            .map(|&(a, b)| (a, b, letter == 'Q'))
            .collect(),
            'R' => [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .iter()
                .map(|&(a, b)| (a, b, true))
                .collect(),
            'B' => [(1, 1), (1, -1), (-1, 1), (-1, -1)]
                .iter()
                .map(|&(a, b)| (a, b, true))
                .collect(),
            _ => [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ]
            .iter()
            .map(|&(a, b)| (a, b, false))
            .collect(),
        };
        for (dx, dy, slide) in dirs {
            let (mut x, mut y) = (fx + dx, fy + dy);
            while !hole(x, y) {
                let c = t.at(x, y).unwrap();
                if g.position().at(c).is_some() {
                    break; // only kings at home on this board: none is in these lines
                }
                want.push(c);
                if !slide {
                    break;
                }
                x += dx;
                y += dy;
            }
        }
        want.sort_unstable();
        assert_eq!(got, want, "{letter} on {from}");
    }
}

// ======================================================================= position notation

#[test]
fn fen8_round_trips_the_start_and_played_positions() {
    for id in [FFA, PAIRS, TEAMS] {
        let mut g = Game::new(id).unwrap();
        let text = rules::write_position(g.position());
        assert_eq!(text, var(id).start_fen);
        assert_eq!(
            &rules::parse_position(var(id), &text).unwrap(),
            g.position()
        );
        for m in ["q2q4", "h2h4", "b8d8", "b17d17", "h23h21", "q23q21"] {
            play(&mut g, m);
            let text = rules::write_position(g.position());
            let back = rules::parse_position(var(id), &text).unwrap();
            assert_eq!(&back, g.position(), "{text}");
            assert_eq!(back.hash(), g.position().hash());
        }
    }
}

#[test]
fn fen8_writes_grey_promoted_out_seats_scores_and_castling() {
    let text = fen_with(
        R,
        &[B, O],
        [3, 0, 7, 0, 12, 0, 0, 25],
        17,
        &[("c5", "dbP"), ("j9", "dwQ~"), ("e7", "wN~"), ("q10", "dgK")],
    );
    let pos = rules::parse_position(var(FFA), &text).unwrap();
    assert_eq!(pos.turn(), R);
    assert!(!pos.is_in_play(B) && !pos.is_in_play(O) && pos.is_in_play(W));
    assert_eq!(pos.scores[..8], [3, 0, 7, 0, 12, 0, 0, 25]);
    assert_eq!(pos.st.halfmove, 17);
    let p = pos.at(cell("j9"));
    assert!(p.is_grey() && p.promoted() && p.kind() == QUEEN && p.facing() == grid::NORTH);
    let p = pos.at(cell("c5"));
    assert!(p.is_grey() && p.kind() == PAWN && p.facing() == grid::EAST);
    assert!(pos.at(cell("e7")).promoted() && pos.at(cell("e7")).owner() == W);
    // a grey king is an obstacle, not anyone's king
    assert!(pos.at(cell("q10")).is_grey() && pos.king(G).is_some());
    let back = rules::write_position(&pos);
    assert_eq!(rules::parse_position(var(FFA), &back).unwrap(), pos);
    assert_eq!(back, text);
    // castling rights are written per seat and side
    let start = rules::start_position(var(FFA), 0).unwrap();
    assert!(rules::write_position(&start)
        .starts_with("W-0,0,0,0,0,0,0,0-1,1,1,1,1,1,1,1-1,1,1,1,1,1,1,1-0,0,0,0,0,0,0,0-0-1-"));
}

#[test]
fn fen8_rejects_bad_input_with_bad_fen() {
    let good = var(FFA).start_fen.clone();
    let mut bad: Vec<String> = vec![
        String::new(),
        "W".into(),
        good.replacen("W-", "Z-", 1),
        good.replacen("W-", "w-", 1),
        good.replacen("W-0,0,0,0,0,0,0,0", "W-0,0,0,0,0,0,0", 1),
        good.replacen("W-0,0,0,0,0,0,0,0", "W-1,0,0,0,0,0,0,0", 1),
        good.replacen("W-0,0,0,0,0,0,0,0", "W-0,0,0,0,0,0,0,2", 1),
        good.replacen("-0-1-", "-x-1-", 1),
        good.replacen("-0-1-", "-0-0-", 1),
        good.replacen("-0,0,0,0,0,0,0,0-0-1-", "-0,0,0,0,0,0,0,+1-0-1-", 1),
        good.replacen("wK", "wX", 1),
        good.replacen("wK", "qK", 1),
        good.replacen("wK", "wk", 1),
        good.replacen("wK", "wP", 1),
        good.replacen("wK", "wK~", 1),
        good.replacen("rP", "rP,1", 1),
        good.replacen("/24/", "/23/", 1),
        good.replacen("/24/", "/25/", 1),
        good.replacen("/24/", "/0,24/", 1),
        good.replacen("/24/", "/24/24/", 1),
        good.replacen("/24/", "/,24/", 1),
        good[..good.len() - 3].to_string(),
    ];
    // a piece on a hole: rank 1 starts with three holes (a1–c1)
    bad.push(fen(W, &[], &[]).replacen("/7,rK,8,wK,7", "/wN,6,rK,8,wK,7", 1));
    // a live pawn on its own back line or on its promotion line
    bad.push(fen(W, &[], &[("e1", "wP")]));
    bad.push(fen(W, &[], &[("e11", "wP")]));
    bad.push(fen(W, &[], &[("e15", "wP")]));
    bad.push(fen(W, &[], &[("k5", "bP")]));
    // an out seat with live pieces; a seat in play without a king; the side to move out
    bad.push(fen(W, &[B], &[("e5", "bN")]));
    bad.push(fen(W, &[], &[]).replacen("bK", "bN", 1));
    bad.push(fen(W, &[W], &[]));
    // castling rights without the king and rook at home
    bad.push(fen(W, &[], &[]).replacen(
        "-0,0,0,0,0,0,0,0-0,0,0,0,0,0,0,0-",
        "-1,0,0,0,0,0,0,0-0,0,0,0,0,0,0,0-",
        1,
    ));
    for text in &bad {
        match rules::parse_position(var(FFA), text) {
            Err(Error::BadFen(_)) => {}
            other => panic!("{text:?} gave {other:?}"),
        }
    }
    // the same through the game API: nothing is created
    assert!(matches!(Game::from_fen(FFA, "junk"), Err(Error::BadFen(_))));
}

// ======================================================================= perft

#[test]
fn perft_from_the_start_counted_by_hand() {
    // Depth 1: White has 8 pawns with a single and a double step (16) and two knights with two
    // squares each (o1: n3, p3 — m2 is a hole of the notch; t1: s3, u3 — v2 is a corner hole):
    // 20. Every army alike has 20 moves on its own.
    // Depth 2: White's moves stay on files n–u, ranks 1–4; Red's all on files d–k. No White move
    // blocks, attacks or pins anything of Red: 20 × 20 = 400.
    // Depth 3: Blue's pawn b4 double-steps over c4 to d4. Red's d2-d4 occupies d4, so after it
    // Blue has 19 moves; Red's other 19 moves leave Blue 20 (Red's knight e1 reaches d3 and f3,
    // neither in Blue's way; Red's pawn d2-d3 stops short of rank 4). White's moves never reach
    // Blue. So 20 × (19 × 20 + 1 × 19) = 20 × 399 = 7980.
    // Depth 4: Yellow's army (ranks 14–21) is out of reach of every Blue, Red and White move
    // made so far (Blue's b11 pawn and a10 knight reach rank 11 at most; b12 and b13 are holes),
    // and no line to Yellow's king opens: 7980 × 20 = 159600.
    let mut pos = rules::start_position(var(FFA), 0).unwrap();
    assert_eq!(perft(&mut pos, 1), 20);
    assert_eq!(perft(&mut pos, 2), 400);
    assert_eq!(perft(&mut pos, 3), 20 * (19 * 20 + 19));
    assert_eq!(perft(&mut pos, 4), 20 * 399 * 20);
    // the same tree in pairs and teams: at the start no piece can reach a partner's or an
    // opponent's piece, so alliances change nothing
    for id in [PAIRS, TEAMS] {
        let mut pos = rules::start_position(var(id), 0).unwrap();
        assert_eq!(perft(&mut pos, 3), 7980, "{id}");
    }
}

#[test]
fn perft_depth_5_from_the_start() {
    // `rookery perft eight-player-ffa 5`
    let mut pos = rules::start_position(var(FFA), 0).unwrap();
    assert_eq!(perft(&mut pos, 5), 3_184_020);
}

/// Move generation checked the slow way: every pseudo-legal move made and the mover's king
/// tested, without the generator's pin shortcuts.
fn naive_perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    pos.pseudo_moves(&mut moves);
    let s = pos.turn();
    let mut n = 0;
    for m in moves {
        // a move that takes a king: its owner goes out with it and the army greys, so that
        // army's attacks no longer count (docs/rules-decisions.md)
        let victim = pos
            .captured_piece(m)
            .filter(|&(_, p)| pos.variant.is_live_king(p))
            .map(|(_, p)| p.owner());
        let u = pos.make(m);
        let legal = pos
            .king(s)
            .is_none_or(|k| !pos.each_attacker(k, s, |_, q| Some(q.owner()) != victim));
        if legal {
            n += naive_perft(pos, depth - 1);
        }
        pos.unmake(m, &u);
    }
    n
}

/// A middle game after 20 rounds of play (generated by the ignored test `print_a_middle_game`):
/// armies developed towards the centre, queens across the board, several castling rights gone.
pub(crate) const MIDGAME: &str =
    "W-0,0,0,0,0,0,0,0-0,1,1,0,1,1,1,1-0,1,1,0,1,1,1,1-0,0,0,0,0,0,0,0-0-21-\
3,pR,3,pK,1,pN,pR,2,oR,2,oK,3,oR,3/\
3,pP,pP,pP,8,kQ,5,oP,3/\
5,pN,18/\
yR,yP,4,pP,pP,pP,pP,pP,2,oP,1,oP,oP,oP,2,oP,2,gR/\
3,rB,17,gP,oB,1/\
3,yP,3,yB,8,bB,5,gP,1/\
yK,3,yQ,13,gQ,1,gP,1,gN,1/\
3,yP,16,gP,2,gK/\
21,gP,1,gB/\
3,yP,4,oB,4,oN,1,gN,6,gP,1/\
yR,yP,yN,19,pB,gR/\
11,gB,12/\
11,yB,12/\
bR,2,bP,bN,6,pQ,wQ,8,kP,1,kR/\
3,bP,18,kP,1/\
1,bP,17,kP,4/\
bK,1,bP,4,rN,12,kP,2,kK/\
1,bP,14,kN,3,kP,kB,2/\
bB,13,wP,6,kP,2/\
4,bN,8,wP,2,wP,7/\
bR,bP,2,bP,rP,3,rP,12,kP,kR/\
7,rP,rP,rN,rP,2,wR,3,wN,2,wP,3/\
3,rP,2,rP,8,wK,1,wP,2,wP,3/\
3,rR,1,rB,rQ,rK,2,rR,8,wN,wR,3";

#[test]
fn perft_of_a_middle_game_agrees_with_a_naive_generator() {
    for id in [FFA, PAIRS, TEAMS] {
        let mut pos = rules::parse_position(var(id), MIDGAME).unwrap();
        let fast = perft(&mut pos, 3);
        assert_eq!(fast, naive_perft(&mut pos, 3), "{id}");
        if id == FFA {
            // `rookery perft eight-player-ffa 3 --fen "<MIDGAME>"`
            assert_eq!(
                (perft(&mut pos, 1), perft(&mut pos, 2), fast),
                (73, 3999, 233_331)
            );
        }
        assert_eq!(pos, rules::parse_position(var(id), MIDGAME).unwrap());
    }
}

// ======================================================================= points

#[test]
fn capturing_a_pawn_scores_1_a_knight_2_a_bishop_5_a_rook_7_a_queen_10_and_a_king_25() {
    // a White queen on j10 takes the piece on j12
    for (token, points) in [
        ("bP", 1),
        ("rN", 2),
        ("rB", 5),
        ("rR", 7),
        ("rQ", 10),
        ("rK", 25),
    ] {
        let mut g = game(FFA, &fen(W, &[], &[("j10", "wQ"), ("j12", token)]));
        play(&mut g, "j10j12");
        assert_eq!(scores(&g), [points, 0, 0, 0, 0, 0, 0, 0], "{token}");
    }
    // the same values count for pairs
    let mut g = game(PAIRS, &fen(W, &[], &[("j10", "wQ"), ("j12", "rR")]));
    play(&mut g, "j10j12");
    assert_eq!(pair_points(g.position(), P), 7);
}

#[test]
fn a_promoted_piece_is_worth_its_new_piece() {
    for (token, points) in [("rN~", 2), ("rB~", 5), ("rR~", 7), ("rQ~", 10)] {
        let mut g = game(FFA, &fen(W, &[], &[("j10", "wQ"), ("j12", token)]));
        play(&mut g, "j10j12");
        assert_eq!(score(&g, W), points, "{token}");
    }
    // a pawn promoted on the board, then taken
    let mut g = game(FFA, &fen(W, &[], &[("o10", "wP"), ("s15", "rB")]));
    play(&mut g, "o10o11n");
    let p = g.position().at(cell("o11"));
    assert!(p.promoted() && p.kind() == KNIGHT);
    play(&mut g, "s15o11");
    assert_eq!(score(&g, R), 2);
}

// ======================================================================= check and mate

/// White's rook f9 goes to a9 and mates Blue's king on a4 (b4 and b5 covered by the rook on
/// b10) unless Red's bishop e5 takes it first. Blue's pawn g7 gives Blue a move until then.
fn mate_in_the_corner(id: &str) -> Game {
    game(
        id,
        &fen(
            W,
            &[],
            &[
                ("a4", "bK"),
                ("g7", "bP"),
                ("b10", "wR"),
                ("f9", "wR"),
                ("e5", "rB"),
            ],
        ),
    )
}

#[test]
fn a_player_is_checkmated_only_when_their_turn_comes() {
    let mut g = mate_in_the_corner(FFA);
    assert_eq!(multi::mobility(g.position(), B), Mobility::Free);
    play(&mut g, "f9a9");
    // mated as if to move, but still in the game until the turn comes
    assert_eq!(multi::mobility(g.position(), B), Mobility::Checkmated);
    assert!(g.position().is_in_play(B));
    assert_eq!(score(&g, W), 0);
    pass(&mut g); // Red lets it be
    assert!(!g.position().is_in_play(B));
    assert_eq!(out_events(&g), [(B, OutReason::Checkmate)]);
    assert_eq!(g.position().turn(), Y);
}

#[test]
fn checkmating_a_player_scores_25() {
    let mut g = mate_in_the_corner(FFA);
    play(&mut g, "f9a9");
    pass(&mut g);
    assert_eq!(scores(&g), [25, 0, 0, 0, 0, 0, 0, 0]);
    let mut g = mate_in_the_corner(PAIRS);
    play(&mut g, "f9a9");
    pass(&mut g);
    assert_eq!(pair_points(g.position(), P), 25);
}

#[test]
fn so_the_players_before_them_may_still_save_them() {
    // (teams: see the teams test below, where White and Blue are partners)
    for id in [FFA, PAIRS] {
        let mut g = mate_in_the_corner(id);
        play(&mut g, "f9a9");
        play(&mut g, "e5a9"); // Red's bishop takes the rook
        assert!(g.position().is_in_play(B), "{id}");
        assert_eq!(g.position().turn(), B);
        assert_eq!(multi::mobility(g.position(), B), Mobility::Free);
        play(&mut g, "a4a5");
        assert_eq!(score(&g, W), 0);
        assert_eq!(score(&g, R), 7);
    }
}

/// White's rook checks from a9, White's knight d5 covers b4; b5 is Blue's last square until
/// Red's rook f11 goes to b11.
fn mate_to_steal(id: &str) -> Game {
    game(
        id,
        &fen(
            W,
            &[],
            &[
                ("a4", "bK"),
                ("g7", "bP"),
                ("f9", "wR"),
                ("d5", "wN"),
                ("f11", "rR"),
            ],
        ),
    )
}

#[test]
fn or_steal_the_mate_whoever_moves_later_and_takes_over_a_square_the_king_could_have_escaped_to_gets_the_25_points(
) {
    for id in [FFA, PAIRS] {
        let mut g = mate_to_steal(id);
        play(&mut g, "f9a9");
        assert_eq!(
            multi::mobility(g.position(), B),
            Mobility::Free,
            "b5 is free"
        );
        play(&mut g, "f11b11");
        // the mate is decided on Blue's turn, which has just come
        assert!(!g.position().is_in_play(B));
        assert_eq!(out_events(&g), [(B, OutReason::Checkmate)]);
        assert_eq!(score(&g, R), 25, "{id}: Red stole the mate");
        assert_eq!(score(&g, W), 0, "{id}");
    }
}

#[test]
fn mate_credit_when_a_partner_makes_the_last_move_goes_to_the_last_opponent_whose_piece_gives_check(
) {
    // pairs: Yellow checks Blue from a9 (knight d3 covers b4), Blue's partner Green then blocks
    // b5 with its own rook: Green's move made the mate, so the checking opponent Yellow scores
    let mut g = game(
        PAIRS,
        &fen(
            Y,
            &[],
            &[
                ("a4", "bK"),
                ("g7", "bP"),
                ("f9", "yR"),
                ("d3", "yN"),
                ("h5", "gR"),
            ],
        ),
    );
    play(&mut g, "f9a9");
    pass(&mut g); // Purple
    pass(&mut g); // Orange
    assert_eq!(multi::mobility(g.position(), B), Mobility::Free);
    play(&mut g, "h5b5"); // Green
    assert_eq!(multi::mobility(g.position(), B), Mobility::Checkmated);
    pass_until(&mut g, B);
    assert!(!g.position().is_in_play(B));
    assert_eq!(score(&g, Y), 25);
    assert_eq!(scores(&g).iter().sum::<i32>(), 25);
}

#[test]
fn if_a_king_can_be_captured_on_someone_elses_turn_that_player_may_take_it_for_25() {
    // Black's knight leaves h5 and opens White's rook h10 on Red's king h1
    let pieces = [("h10", "wR"), ("h5", "kN"), ("e5", "rP")];
    for id in [FFA, PAIRS, TEAMS] {
        let mut g = game(id, &fen(K, &[], &pieces));
        play(&mut g, "h5g7");
        assert!(g.position().in_check(R));
        assert_eq!(g.position().turn(), W);
        play(&mut g, "h10h1");
        assert!(!g.position().is_in_play(R), "{id}");
        assert_eq!(out_events(&g), [(R, OutReason::KingCaptured)]);
        assert!(g.position().at(cell("e5")).is_grey());
        assert_eq!(g.position().turn(), B, "Red's turns are skipped");
        let expected = if id == TEAMS { 0 } else { 25 };
        assert_eq!(score(&g, W), expected, "{id}");
    }
}

#[test]
fn a_player_in_check_may_take_the_king_of_the_player_giving_it_but_not_another_ones() {
    // Red's king h1 is checked by a knight on g3; Red's rook a5 can take Blue's king a8.
    // Blue's knight: Blue goes out with its king and its grey army gives no check.
    for id in [FFA, PAIRS, TEAMS] {
        let pieces = [("g3", "bN"), ("a5", "rR"), ("a8", "bK")];
        let mut g = game(id, &fen(R, &[], &pieces));
        assert!(g.position().in_check(R));
        play(&mut g, "a5a8");
        assert_eq!(out_events(&g), [(B, OutReason::KingCaptured)], "{id}");
        assert!(!g.position().in_check(R), "{id}");
        let expected = if id == TEAMS { 0 } else { 25 };
        assert_eq!(score(&g, R), expected, "{id}");
    }
    // Yellow's knight: Red would still be in check after taking Blue's king
    let pieces = [("g3", "yN"), ("a5", "rR"), ("a8", "bK")];
    let g = game(FFA, &fen(R, &[], &pieces));
    assert!(g.position().in_check(R));
    assert!(g.legal_moves().iter().all(|m| m.from != cell("a5")));
}

// ======================================================================= out of the game

#[test]
fn a_checkmated_stalemated_or_resigning_player_is_out() {
    // mated
    let mut g = mate_in_the_corner(FFA);
    play(&mut g, "f9a9");
    pass(&mut g);
    assert!(!g.position().is_in_play(B));
    // stalemated
    let mut g = game(FFA, &stalemate_by_white(&[]));
    play(&mut g, "e5c6");
    pass(&mut g);
    assert!(!g.position().is_in_play(B));
    assert_eq!(out_events(&g), [(B, OutReason::Stalemate)]);
    // resigning, also out of turn
    let mut g = Game::new(FFA).unwrap();
    g.act(Action::Resign(Y)).unwrap();
    assert!(!g.position().is_in_play(Y));
    assert_eq!(g.position().turn(), W);
    assert_eq!(out_events(&g), [(Y, OutReason::Resignation)]);
    // a time-out counts as a resignation
    g.act(Action::Timeout(W)).unwrap();
    assert!(!g.position().is_in_play(W));
    assert_eq!(g.position().turn(), R);
    // an out player cannot resign again; nothing changes
    let before = g.plies().len();
    assert!(matches!(g.act(Action::Resign(Y)), Err(Error::BadSeat(_))));
    assert_eq!(g.plies().len(), before);
}

#[test]
fn their_pieces_turn_grey_and_stay_on_the_board_as_obstacles_that_anyone_may_capture_for_nothing() {
    let mut g = Game::new(FFA).unwrap();
    let before = g.position().clone();
    g.act(Action::Resign(R)).unwrap();
    let pos = g.position();
    for c in before.cells_of(R).iter() {
        let p = pos.at(c);
        assert!(
            p.is_grey() && p.kind() == before.at(c).kind(),
            "{}",
            pos.variant.board.name(c)
        );
    }
    assert!(pos.cells_of(R).is_empty() && pos.king(R).is_none());
    // grey pieces never move, never attack, block lines, and are taken for nothing
    let mut g = game(
        FFA,
        &fen(
            W,
            &[],
            &[("e8", "wR"), ("e5", "drP"), ("q10", "drR"), ("j6", "drQ")],
        ),
    );
    assert!(
        !g.position().in_check(W),
        "a grey rook on q10 gives no check"
    );
    let e8 = cell("e8");
    let targets: Vec<Cell> = g
        .legal_moves()
        .iter()
        .filter(|m| m.from == e8)
        .map(|m| m.to)
        .collect();
    assert!(targets.contains(&cell("e5")) && !targets.contains(&cell("e4")));
    play(&mut g, "e8e5");
    assert_eq!(score(&g, W), 0);
    assert_eq!(
        g.position().st.halfmove,
        0,
        "taking a grey piece is a capture"
    );
    // in every mode
    for id in [PAIRS, TEAMS] {
        let mut g = game(id, &fen(W, &[], &[("e8", "wR"), ("e5", "dwQ")]));
        play(&mut g, "e8e5");
        assert_eq!(score(&g, W), 0, "{id}");
    }
}

/// Blue's king a4 has only a5 (b4, b5 under White's rook b10; its pawn d9 is blocked by a grey
/// pawn) until White's knight e5 goes to c6 and covers a5: stalemate by White's move.
fn stalemate_by_white(out: &[Seat]) -> String {
    fen(
        W,
        out,
        &[
            ("a4", "bK"),
            ("d9", "bP"),
            ("e9", "dwP"),
            ("b10", "wR"),
            ("e5", "wN"),
        ],
    )
}

#[test]
fn a_player_who_stalemates_themselves_gets_25_points() {
    // Blue's own pawn move c9-d9 leaves Blue without a move (a5 and b4 under the knight c6,
    // b5 under the rook b10); nobody changes that before Blue's turn
    let text = fen(
        B,
        &[],
        &[
            ("a4", "bK"),
            ("c9", "bP"),
            ("e9", "dwP"),
            ("b10", "wR"),
            ("c6", "wN"),
        ],
    );
    let mut g = game(FFA, &text);
    play(&mut g, "c9d9");
    assert_eq!(multi::mobility(g.position(), B), Mobility::Stalemated);
    pass_until(&mut g, B);
    assert!(!g.position().is_in_play(B));
    assert_eq!(scores(&g), [0, 0, 25, 0, 0, 0, 0, 0]);
}

#[test]
fn when_someone_elses_move_stalemates_a_player_everyone_else_still_playing_shares_points_3_each_with_seven_left_up_to_25_for_the_last_one(
) {
    // seven others: 3 each
    let mut g = game(FFA, &stalemate_by_white(&[]));
    play(&mut g, "e5c6");
    assert_eq!(multi::mobility(g.position(), B), Mobility::Stalemated);
    pass(&mut g); // Red
    assert!(!g.position().is_in_play(B));
    assert_eq!(scores(&g), [3, 3, 0, 3, 3, 3, 3, 3]);
    // six others (Orange is out): 4 each; Orange, out, gets nothing
    let mut g = game(FFA, &stalemate_by_white(&[O]));
    play(&mut g, "e5c6");
    pass(&mut g);
    assert_eq!(scores(&g), [4, 4, 0, 4, 4, 0, 4, 4]);
    // one other: 25, and the game is over with seven out
    let mut g = game(FFA, &stalemate_by_white(&[R, Y, P, O, G, K]));
    play(&mut g, "e5c6");
    assert_eq!(scores(&g), [25, 0, 0, 0, 0, 0, 0, 0]);
    let o = g.outcome().expect("seven are out");
    assert_eq!(o.winners, [W]);
}

#[test]
fn a_resigning_players_25_points_go_to_whoever_took_the_most_from_them() {
    // Blue's knights f10 and f6; White's rook f15 and Red's rook f2 take them
    let pieces = [("f10", "bN"), ("f6", "bN"), ("f15", "wR"), ("f2", "rR")];
    // White took the most
    let mut g = game(FFA, &fen(W, &[], &pieces));
    play(&mut g, "f15f10");
    pass(&mut g);
    g.act(Action::Resign(B)).unwrap();
    assert_eq!(scores(&g), [2 + 25, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(g.position().turn(), Y);
}

#[test]
fn resignation_with_a_tie_shares_floor_25_over_the_tied() {
    let pieces = [("f10", "bN"), ("f6", "bN"), ("f15", "wR"), ("f2", "rR")];
    let mut g = game(FFA, &fen(W, &[], &pieces));
    play(&mut g, "f15f10");
    play(&mut g, "f2f6");
    g.act(Action::Resign(B)).unwrap();
    assert_eq!(scores(&g), [2 + 12, 2 + 12, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn resignation_when_nobody_took_anything_is_shared_by_all_still_playing() {
    let mut g = Game::new(FFA).unwrap();
    g.act(Action::Resign(B)).unwrap();
    assert_eq!(scores(&g), [3, 3, 0, 3, 3, 3, 3, 3]);
    g.act(Action::Resign(Y)).unwrap(); // six still playing: 4 each
    assert_eq!(scores(&g), [7, 7, 0, 3, 7, 7, 7, 7]);
}

// ======================================================================= pawns and castling

#[test]
fn pawns_move_away_from_their_own_side_and_may_step_twice_from_their_start() {
    for id in [FFA, PAIRS, TEAMS] {
        pawns_move_away_from_their_own_side_and_may_step_twice_from_their_start_in(id);
    }
}

fn pawns_move_away_from_their_own_side_and_may_step_twice_from_their_start_in(id: &str) {
    let start = rules::start_position(var(id), 0).unwrap();
    let cases = [
        (W, "q2", ["q3", "q4"]),
        (R, "e2", ["e3", "e4"]),
        (B, "b5", ["c5", "d5"]),
        (Y, "b15", ["c15", "d15"]),
        (P, "e23", ["e22", "e21"]),
        (O, "r23", ["r22", "r21"]),
        (G, "w15", ["v15", "u15"]),
        (K, "w5", ["v5", "u5"]),
    ];
    for (s, from, to) in cases {
        let mut pos = start.clone();
        pos.set_turn(s);
        let f = cell(from);
        let mut got: Vec<Cell> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from == f)
            .map(|m| m.to)
            .collect();
        got.sort_unstable();
        let mut want: Vec<Cell> = to.iter().map(|c| cell(c)).collect();
        want.sort_unstable();
        assert_eq!(got, want, "{from}");
    }
    // no double step once the pawn has left its start
    let g = game(id, &fen(W, &[], &[("q3", "wP")]));
    let f = cell("q3");
    let to: Vec<Cell> = g
        .legal_moves()
        .iter()
        .filter(|m| m.from == f)
        .map(|m| m.to)
        .collect();
    assert_eq!(to, [cell("q4")]);
}

#[test]
fn pawns_promote_on_their_11th_rank_the_last_before_the_middle() {
    for id in [FFA, PAIRS, TEAMS] {
        pawns_promote_on_their_11th_rank_the_last_before_the_middle_in(id);
    }
}

fn pawns_promote_on_their_11th_rank_the_last_before_the_middle_in(id: &str) {
    // (seat, pawn, the square of its 11th rank in front, its own 11th line)
    let cases = [
        (W, "o10", "o11"),
        (R, "e10", "e11"),
        (B, "j5", "k5"),
        (Y, "j20", "k20"),
        (P, "e15", "e14"),
        (O, "r15", "r14"),
        (G, "o16", "n16"),
        (K, "o6", "n6"),
    ];
    for (s, from, to) in cases {
        let tok = format!("{}P", TAGS[s as usize]);
        let g = game(id, &fen(s, &[], &[(from, &tok)]));
        let f = cell(from);
        let mut promos: Vec<(Cell, Option<u8>)> = g
            .legal_moves()
            .iter()
            .filter(|m| m.from == f)
            .map(|m| (m.to, m.promotion()))
            .collect();
        promos.sort_unstable();
        let mut want: Vec<(Cell, Option<u8>)> = [QUEEN, ROOK, BISHOP, KNIGHT]
            .iter()
            .map(|&k| (cell(to), Some(k)))
            .collect();
        want.sort_unstable();
        assert_eq!(promos, want, "{from}");
    }
    // the promotion lines: rank 11 (north), file k (east), rank 14 (south), file n (west) —
    // the 11th line of each side, next to the two middle lines (ranks/files 12 and 13)
    let v = var(id);
    let t = &v.board;
    for (f, check) in [
        (
            grid::NORTH,
            Box::new(|x: i16, y: i16| y == 10 && x >= 0) as Box<dyn Fn(i16, i16) -> bool>,
        ),
        (grid::EAST, Box::new(|x: i16, _| x == 10)),
        (grid::SOUTH, Box::new(|_, y: i16| y == 13)),
        (grid::WEST, Box::new(|x: i16, _| x == 13)),
    ] {
        for c in 0..t.len() as Cell {
            let i = &t.cells[c as usize];
            assert_eq!(v.promotion_zone[f as usize].contains(c), check(i.x, i.y));
        }
    }
    // one step earlier is no promotion
    let g = game(id, &fen(W, &[], &[("o9", "wP")]));
    assert!(g.legal_moves().iter().all(|m| m.promotion().is_none()));
}

#[test]
fn there_is_no_en_passant() {
    for id in [FFA, PAIRS, TEAMS] {
        there_is_no_en_passant_in(id);
    }
}

fn there_is_no_en_passant_in(id: &str) {
    // White's q2-q4 passes q3, which Red's pawn r2 attacks: Red may not take en passant
    let mut g = game(id, &fen(W, &[], &[("q2", "wP"), ("r2", "rP")]));
    play(&mut g, "q2q4");
    assert!(g
        .position()
        .st
        .ep
        .iter()
        .all(|e| e.target == crate::board::NO_CELL));
    let r2 = cell("r2");
    let to: Vec<Cell> = g
        .legal_moves()
        .iter()
        .filter(|m| m.from == r2)
        .map(|m| m.to)
        .collect();
    assert!(!to.contains(&cell("q3")));
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.kind != MoveKind::EnPassant));
}

/// Every king and rook at home with all castling rights.
fn castling_fen(turn: Seat, extra: &[(&str, &str)]) -> String {
    let mut pieces: Vec<(&str, &str)> = vec![
        ("n1", "wR"),
        ("u1", "wR"),
        ("d1", "rR"),
        ("k1", "rR"),
        ("a11", "bR"),
        ("a4", "bR"),
        ("a21", "yR"),
        ("a14", "yR"),
        ("k24", "pR"),
        ("d24", "pR"),
        ("u24", "oR"),
        ("n24", "oR"),
        ("x14", "gR"),
        ("x21", "gR"),
        ("x4", "kR"),
        ("x11", "kR"),
    ];
    pieces.extend_from_slice(extra);
    let text = fen(turn, &[], &pieces);
    let mut f: Vec<String> = text.splitn(8, '-').map(String::from).collect();
    f[2] = vec!["1"; 8].join(",");
    f[3] = vec!["1"; 8].join(",");
    f.join("-")
}

#[test]
fn castling_works_as_usual_on_both_sides_of_the_king() {
    for id in [FFA, PAIRS, TEAMS] {
        castling_works_as_usual_on_both_sides_of_the_king_in(id);
    }
}

fn castling_works_as_usual_on_both_sides_of_the_king_in(id: &str) {
    // (seat, king, king side: king to, rook from, rook to; queen side: the same)
    let cases = [
        (W, "q1", ("o1", "n1", "p1"), ("s1", "u1", "r1")),
        (R, "h1", ("j1", "k1", "i1"), ("f1", "d1", "g1")),
        (B, "a8", ("a10", "a11", "a9"), ("a6", "a4", "a7")),
        (Y, "a17", ("a15", "a14", "a16"), ("a19", "a21", "a18")),
        (P, "h24", ("j24", "k24", "i24"), ("f24", "d24", "g24")),
        (O, "q24", ("o24", "n24", "p24"), ("s24", "u24", "r24")),
        (G, "x17", ("x15", "x14", "x16"), ("x19", "x21", "x18")),
        (K, "x8", ("x10", "x11", "x9"), ("x6", "x4", "x7")),
    ];
    for (s, king, ks, qs) in cases {
        for (side, (kt, rf, rt), text) in [(0u8, ks, "O-O"), (1u8, qs, "O-O-O")] {
            let mut g = game(id, &castling_fen(s, &[]));
            play(&mut g, text);
            let pos = g.position();
            let at = |c: &str| pos.at(cell(c));
            assert!(
                at(kt).kind() == KING && at(kt).owner() == s,
                "{king} side {side}"
            );
            assert!(
                at(rt).kind() == ROOK && at(rt).owner() == s,
                "{king} side {side}"
            );
            assert!(at(king).is_none() && at(rf).is_none(), "{king} side {side}");
            // written as the king's move, and read back from it
            let mut g = game(id, &castling_fen(s, &[]));
            let m = g
                .legal_moves()
                .into_iter()
                .find(|m| {
                    m.kind == MoveKind::Castle && g.position().castles[m.aux as usize].side == side
                })
                .unwrap();
            assert_eq!(g.move_text(m), format!("{king}{kt}"));
            play(&mut g, &format!("{king}{kt}"));
        }
    }
    // as usual: not out of check, not through an attacked square, not with pieces between,
    // and not after the king has moved
    let g = game(id, &castling_fen(W, &[("q10", "oR")]));
    assert!(
        g.legal_moves().iter().all(|m| m.kind != MoveKind::Castle),
        "in check"
    );
    let g = game(id, &castling_fen(W, &[("r10", "oR")]));
    let sides: Vec<u8> = g
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| g.position().castles[m.aux as usize].side)
        .collect();
    assert_eq!(sides, [0], "r1 is attacked: only the king side");
    let g = game(id, &castling_fen(W, &[("o1", "wN")]));
    let sides: Vec<u8> = g
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| g.position().castles[m.aux as usize].side)
        .collect();
    assert_eq!(sides, [1], "o1 is occupied: only the queen side");
    let mut g = game(id, &castling_fen(W, &[]));
    play(&mut g, "q1q2");
    pass_until(&mut g, W);
    play(&mut g, "q2q1");
    pass_until(&mut g, W);
    assert!(g.legal_moves().iter().all(|m| m.kind != MoveKind::Castle));
}

// ======================================================================= the end (free for all)

#[test]
fn the_game_ends_when_seven_players_are_out() {
    let mut g = game(FFA, &fen(W, &[Y, P, O, G, K], &[("o3", "wP")]));
    g.act(Action::Resign(R)).unwrap(); // White and Blue share Red's 25
    assert!(!g.is_over());
    assert_eq!(scores(&g), [12, 0, 12, 0, 0, 0, 0, 0]);
    play(&mut g, "q1q2");
    g.act(Action::Resign(B)).unwrap();
    let o = g.outcome().expect("seven out");
    assert_eq!(o.winners, [W]);
    assert_eq!(o.reason, EndReason::Points);
    assert_eq!(score(&g, W), 37);
}

#[test]
fn or_when_one_of_the_last_two_leads_by_26_points_or_more_and_nobody_is_ahead_the_other_then_gets_25(
) {
    let two_left = [B, Y, P, O, G, K];
    // White leads Red by 26, nobody is ahead of White: over, Red gets 25
    let mut g = game(
        FFA,
        &fen_with(W, &two_left, [30, 4, 10, 0, 0, 0, 0, 0], 0, &[("o3", "wP")]),
    );
    pass(&mut g);
    let o = g.outcome().expect("a lead of 26 ends the game");
    assert_eq!(scores(&g)[..3], [30, 29, 10]);
    assert_eq!(o.winners, [W]);
    // a lead of 25 is not enough
    let mut g = game(
        FFA,
        &fen_with(W, &two_left, [29, 4, 10, 0, 0, 0, 0, 0], 0, &[("o3", "wP")]),
    );
    pass(&mut g);
    assert!(!g.is_over());
    // somebody out is ahead of the leader: play on
    let mut g = game(
        FFA,
        &fen_with(W, &two_left, [30, 4, 31, 0, 0, 0, 0, 0], 0, &[("o3", "wP")]),
    );
    pass(&mut g);
    assert!(!g.is_over());
    // the lead may come from a capture of the last move
    let mut g = game(
        FFA,
        &fen_with(
            W,
            &two_left,
            [20, 4, 0, 0, 0, 0, 0, 0],
            0,
            &[("j10", "wQ"), ("j12", "rQ")],
        ),
    );
    play(&mut g, "j10j12");
    assert!(g.is_over());
    assert_eq!(scores(&g)[..2], [30, 29]);
}

#[test]
fn points_decide_the_places() {
    // the game ends and the most points win; a tie wins together
    let mut g = game(
        FFA,
        &fen_with(
            W,
            &[Y, P, O, G, K],
            [5, 9, 9, 0, 0, 0, 0, 0],
            0,
            &[("c9", "bP")],
        ),
    );
    g.act(Action::Resign(W)).unwrap(); // nobody took from White: Red and Blue 12 each
    g.act(Action::Resign(R)).unwrap(); // nobody took from Red: Blue 25
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, [B]);
    assert_eq!(scores(&g)[..3], [5, 21, 46]);
    let o = points_outcome(
        &rules::parse_position(
            var(FFA),
            &fen_with(W, &[], [7, 7, 1, 0, 0, 0, 0, 0], 0, &[]),
        )
        .unwrap(),
        EndReason::Points,
    );
    assert_eq!(o.winners, [W, R]);
}

// ======================================================================= draws

/// A king step for each seat and back (kings at home, nothing in their way).
const SHUFFLE: [(&str, &str); 8] = [
    ("q1", "q2"),
    ("h1", "h2"),
    ("a8", "b8"),
    ("a17", "b17"),
    ("h24", "h23"),
    ("q24", "q23"),
    ("x17", "w17"),
    ("x8", "w8"),
];

fn shuffle_rounds(g: &mut Game, rounds: usize) {
    for r in 0..rounds {
        for (a, b) in SHUFFLE {
            assert!(!g.is_over(), "over too early in round {r}");
            let (from, to) = if r % 2 == 0 { (a, b) } else { (b, a) };
            play(g, &format!("{from}{to}"));
        }
    }
}

#[test]
fn the_same_position_three_times_is_a_draw_everyone_still_playing_gets_25() {
    for id in [FFA, PAIRS, TEAMS] {
        let mut g = game(id, &fen(W, &[], &[("j12", "wR")]));
        shuffle_rounds(&mut g, 4);
        let o = g.outcome().expect("threefold repetition").clone();
        assert_eq!(o.reason, EndReason::Repetition);
        if id == TEAMS {
            assert!(o.is_draw());
            assert_eq!(scores(&g), [0; 8]);
        } else {
            assert_eq!(scores(&g), [25; 8], "{id}");
            assert_eq!(o.winners, [0, 1, 2, 3, 4, 5, 6, 7]);
        }
    }
}

#[test]
fn fifty_rounds_without_a_capture_or_a_pawn_move_are_a_draw() {
    // a round is one move by every player still in: 8 × 50 = 400 plies
    let mut g = game(FFA, &fen_with(W, &[], [0; 8], 398, &[("j12", "wR")]));
    play(&mut g, "q1q2");
    assert!(!g.is_over());
    play(&mut g, "h1h2");
    let o = g.outcome().expect("fifty rounds");
    assert_eq!(o.reason, EndReason::FiftyMoves);
    assert_eq!(scores(&g), [25; 8]);
    // with six players in, a round is six moves: 300 plies
    let mut g = game(FFA, &fen_with(W, &[B, Y], [0; 8], 299, &[("j12", "wR")]));
    play(&mut g, "q1q2");
    assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoves);
    assert_eq!(scores(&g), [25, 25, 0, 0, 25, 25, 25, 25]);
    // a capture or a pawn move starts the count again
    let mut g = game(
        FFA,
        &fen_with(
            W,
            &[],
            [0; 8],
            399,
            &[("j12", "wR"), ("j5", "dbP"), ("e4", "rP")],
        ),
    );
    play(&mut g, "j12j5");
    assert!(!g.is_over());
    assert_eq!(g.position().st.halfmove, 0);
    play(&mut g, "e4e5");
    assert_eq!(g.position().st.halfmove, 0);
    // teams: a draw
    let mut g = game(TEAMS, &fen_with(W, &[], [0; 8], 399, &[("j12", "wR")]));
    play(&mut g, "q1q2");
    let o = g.outcome().unwrap();
    assert!(o.is_draw() && o.reason == EndReason::FiftyMoves);
}

#[test]
fn kings_only_is_a_draw() {
    // White's king takes Red's last pawn; grey pieces left on the board do not count
    for id in [FFA, PAIRS, TEAMS] {
        let mut g = game(id, &fen(W, &[], &[("r2", "rP"), ("e5", "dbR")]));
        play(&mut g, "q1r2");
        let o = g.outcome().expect("kings only").clone();
        assert_eq!(o.reason, EndReason::InsufficientMaterial);
        match id {
            TEAMS => assert!(o.is_draw()),
            _ => {
                let mut want = [25; 8];
                want[W as usize] += 1;
                assert_eq!(scores(&g), want, "{id}");
            }
        }
    }
}

#[test]
fn once_no_person_at_the_board_is_still_playing_you_can_let_the_bots_finish_or_end_the_game() {
    let humans = [true, true, false, false, false, false, false, false];
    let mut g = Game::new(FFA).unwrap();
    assert!(!g.no_person_playing(&humans));
    g.act(Action::Resign(W)).unwrap();
    assert!(!g.no_person_playing(&humans));
    g.act(Action::Resign(R)).unwrap();
    assert!(g.no_person_playing(&humans));
    // the bots may finish: play goes on
    let mut bots = g.clone();
    let m = bots.legal_moves()[0];
    bots.play(m).unwrap();
    assert!(!bots.is_over());
    // or the game ends by agreement, places by points
    g.end_by_agreement().unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Agreement);
    assert_eq!(o.winners, [B, Y, P, O, G, K]);
    assert_eq!(g.texts().last().unwrap(), "choice:end");
    assert!(matches!(g.end_by_agreement(), Err(Error::GameOver)));
    // the record replays
    let mut replay = Game::new(FFA).unwrap();
    for t in g.texts() {
        replay.act_text(&t).unwrap();
    }
    assert_eq!(replay.outcome(), g.outcome());
    // teams: ending by agreement is a draw
    let mut g = Game::new(TEAMS).unwrap();
    g.end_by_agreement().unwrap();
    assert!(g.outcome().unwrap().is_draw());
    // games without this rule refuse, and nothing changes
    let mut g = Game::new("chess").unwrap();
    assert!(g.end_by_agreement().is_err());
    assert_eq!(g.ply_count(), 0);
}

// ======================================================================= pairs

#[test]
fn white_plays_with_purple_red_with_orange_blue_with_green_and_yellow_with_black() {
    let v = var(PAIRS);
    let pairs = [(W, P), (R, O), (B, G), (Y, K)];
    for a in 0..8 {
        for b in 0..8 {
            let partners = a == b || pairs.contains(&(a, b)) || pairs.contains(&(b, a));
            assert_eq!(v.allied(a, b), partners, "{a} {b}");
        }
    }
}

#[test]
fn the_two_players_sitting_opposite_each_other_play_together_partners_do_not_move_one_after_the_other_three_players_move_in_between(
) {
    let v = var(PAIRS);
    for s in 0..8u8 {
        let partner = multi::partners(v, s);
        assert_eq!(partner, [(s + 4) % 8]);
        // opposite through the centre: the kings' home squares mirror through the middle
        let (x1, y1) = xy(HOME[s as usize]);
        let (x2, y2) = xy(HOME[partner[0] as usize]);
        assert_eq!((x1 + x2, y1 + y2), (23, 23), "seat {s}");
    }
    let mut g = Game::new(PAIRS).unwrap();
    let order: Vec<Seat> = (0..8)
        .map(|_| {
            let s = g.position().turn();
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
            s
        })
        .collect();
    for s in 0..8 {
        let i = order.iter().position(|&t| t == s).unwrap();
        let j = order.iter().position(|&t| t == (s + 4) % 8).unwrap();
        assert_eq!(
            (i as i32 - j as i32).abs(),
            4,
            "three players between {s} and its partner"
        );
    }
}

#[test]
fn you_cannot_capture_your_partners_pieces_and_they_never_attack_your_king() {
    // (mode, White's partner)
    for (id, partner) in [(PAIRS, 'p'), (TEAMS, 'b')] {
        let rook = format!("{partner}R");
        let queen = format!("{partner}Q");
        // White's rook e5 cannot take the partner's rook e8; the partner's queen on q6 does not
        // check White's king q1, and the king may step onto squares the partner's rook a2
        // covers
        let text = fen(
            W,
            &[],
            &[("e5", "wR"), ("e8", &rook), ("q6", &queen), ("d2", &rook)],
        );
        let g = game(id, &text);
        let e5 = cell("e5");
        let to: Vec<Cell> = g
            .legal_moves()
            .iter()
            .filter(|m| m.from == e5)
            .map(|m| m.to)
            .collect();
        assert!(
            to.contains(&cell("e7")) && !to.contains(&cell("e8")),
            "{id}"
        );
        assert!(!g.position().in_check(W), "{id}");
        let q1 = cell("q1");
        let king_to: Vec<Cell> = g
            .legal_moves()
            .iter()
            .filter(|m| m.from == q1)
            .map(|m| m.to)
            .collect();
        assert!(
            king_to.contains(&cell("q2")) && king_to.contains(&cell("p2")),
            "{id}"
        );
        // in free for all the same pieces are enemies
        let text = fen(
            W,
            &[],
            &[("e5", "wR"), ("e8", "pR"), ("q6", "pQ"), ("d2", "pR")],
        );
        let g = game(FFA, &text);
        assert!(g.position().in_check(W));
    }
}

#[test]
fn points_work_as_in_free_for_all_and_count_for_the_pair_every_bar_shows_the_points_of_its_pair() {
    let mut g = game(
        PAIRS,
        &fen(
            W,
            &[],
            &[("j10", "wQ"), ("j12", "rR"), ("e5", "pB"), ("e9", "oN")],
        ),
    );
    play(&mut g, "j10j12"); // White takes Red's rook: 7
    pass_until(&mut g, P);
    play(&mut g, "e5a9"); // nothing
    pass_until(&mut g, W);
    play(&mut g, "j12e12"); // nothing
    pass_until(&mut g, P);
    let pos = g.position();
    assert_eq!(pair_points(pos, W), 7);
    assert_eq!(pair_points(pos, P), 7);
    assert_eq!(pair_points(pos, R), 0);
    // the places: the pair with the most points
    let o = points_outcome(pos, EndReason::Points);
    assert_eq!(o.winners, [W, P]);
    let _ = g;
}

#[test]
fn your_partner_going_out_does_not_put_you_out_and_a_pair_is_out_once_both_partners_are() {
    let mut g = game(PAIRS, &fen(W, &[B, G, Y, K], &[("e3", "rP")]));
    g.act(Action::Resign(P)).unwrap();
    assert!(g.position().is_in_play(W) && !g.is_over());
    g.act(Action::Resign(W)).unwrap();
    // the pair White–Purple is out; only Red–Orange has players: the game ends
    let o = g.outcome().expect("one pair left");
    assert_eq!(o.winners, [R, O]);
}

#[test]
fn a_player_who_stalemates_themselves_or_whom_their_partner_stalemates_earns_25_for_the_pair() {
    // themselves
    let text = fen(
        B,
        &[],
        &[
            ("a4", "bK"),
            ("c9", "bP"),
            ("e9", "dwP"),
            ("b10", "wR"),
            ("c6", "wN"),
        ],
    );
    let mut g = game(PAIRS, &text);
    play(&mut g, "c9d9");
    pass_until(&mut g, B);
    assert!(!g.position().is_in_play(B));
    assert_eq!(pair_points(g.position(), G), 25);
    assert_eq!(scores(&g).iter().sum::<i32>(), 25);
    // by the partner: Green's rook fills a5, Blue's last square
    let text = fen(
        G,
        &[],
        &[
            ("a4", "bK"),
            ("d9", "bP"),
            ("e9", "dwP"),
            ("b10", "wR"),
            ("h5", "gR"),
        ],
    );
    let mut g = game(PAIRS, &text);
    play(&mut g, "h5a5");
    assert_eq!(multi::mobility(g.position(), B), Mobility::Stalemated);
    pass_until(&mut g, B);
    assert!(!g.position().is_in_play(B));
    assert_eq!(scores(&g), [0, 0, 25, 0, 0, 0, 0, 0]);
}

#[test]
fn when_an_opponent_stalemates_a_player_that_pair_gets_nothing_and_the_opponents_still_playing_share_points_4_each_when_there_are_six_of_them_up_to_25_for_the_last_one(
) {
    let mut g = game(PAIRS, &stalemate_by_white(&[]));
    play(&mut g, "e5c6");
    pass(&mut g);
    assert!(!g.position().is_in_play(B));
    assert_eq!(scores(&g), [4, 4, 0, 4, 4, 4, 0, 4]);
    // the last opponent still playing: 25
    let mut g = game(PAIRS, &stalemate_by_white(&[R, Y, P, O, K]));
    play(&mut g, "e5c6");
    assert_eq!(scores(&g), [25, 0, 0, 0, 0, 0, 0, 0]);
    assert!(g.position().is_in_play(G), "the partner plays on");
}

#[test]
fn a_resigning_players_25_points_go_to_the_pair_that_took_the_most_from_them_12_or_8_each_when_pairs_tie(
) {
    let pieces = [
        ("f10", "bN"),
        ("f6", "bN"),
        ("j10", "bN"),
        ("f15", "wR"),
        ("f2", "rR"),
        ("j20", "yR"),
        ("j2", "pR"),
    ];
    // the pair that took most
    let mut g = game(PAIRS, &fen(W, &[], &pieces));
    play(&mut g, "f15f10");
    play(&mut g, "f2f6");
    pass(&mut g); // Blue
    pass(&mut g); // Yellow
    play(&mut g, "j2j10"); // Purple: White–Purple took 4
    g.act(Action::Resign(B)).unwrap();
    assert_eq!(scores(&g), [2 + 25, 2, 0, 0, 2, 0, 0, 0]);
    // two pairs tie: 12 each
    let mut g = game(PAIRS, &fen(W, &[], &pieces));
    play(&mut g, "f15f10");
    play(&mut g, "f2f6");
    g.act(Action::Resign(B)).unwrap();
    assert_eq!(scores(&g), [2 + 12, 2 + 12, 0, 0, 0, 0, 0, 0]);
    // three pairs tie: 8 each
    let mut g = game(PAIRS, &fen(W, &[], &pieces));
    play(&mut g, "f15f10");
    play(&mut g, "f2f6");
    pass(&mut g); // Blue
    play(&mut g, "j20j10");
    g.act(Action::Resign(B)).unwrap();
    assert_eq!(scores(&g), [10, 10, 0, 10, 0, 0, 0, 0]);
    // nobody took anything: the pairs still playing share (12 would be three pairs: 8 each)
    let mut g = Game::new(PAIRS).unwrap();
    g.act(Action::Resign(B)).unwrap();
    assert_eq!(scores(&g), [8, 8, 0, 8, 0, 0, 0, 0]);
}

#[test]
fn the_pairs_game_ends_when_two_pairs_are_left_and_one_leads_the_other_by_26_points_or_more_with_no_pair_ahead_of_it_the_other_pair_then_gets_25(
) {
    let out = [B, Y, P, O, G, K];
    // White–Purple 20 + 10 = 30 against Red–Orange 4: over, Red–Orange gets 25
    let mut g = game(
        PAIRS,
        &fen_with(W, &out, [20, 4, 0, 0, 10, 0, 0, 0], 0, &[("o3", "wP")]),
    );
    pass(&mut g);
    let o = g.outcome().expect("a lead of 26");
    assert_eq!(o.winners, [W, P]);
    assert_eq!(pair_points(g.position(), O), 29);
    // the pair Blue–Green, out, has more: play on
    let mut g = game(
        PAIRS,
        &fen_with(W, &out, [20, 4, 20, 0, 10, 0, 11, 0], 0, &[("o3", "wP")]),
    );
    pass(&mut g);
    assert!(!g.is_over());
    // draws give every player still playing 25 for the pair
    let mut g = game(PAIRS, &fen_with(W, &[], [0; 8], 399, &[("j12", "wR")]));
    play(&mut g, "q1q2");
    assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoves);
    for s in 0..4 {
        assert_eq!(pair_points(g.position(), s), 50);
    }
}

#[test]
fn a_bot_plays_your_partner_unless_a_person_at_this_device_does() {
    // White is a person, Purple (the partner) a bot: once White is out nobody at the board
    // plays, though the pair still does
    let mut g = Game::new(PAIRS).unwrap();
    g.act(Action::Resign(W)).unwrap();
    assert!(g.no_person_playing(&[true]));
    assert!(g.position().is_in_play(P));
    // both partners people: someone still plays
    assert!(!g.no_person_playing(&[true, false, false, false, true]));
    // the players may end it: places by the pairs' points (White's 25 went 8 to each other pair)
    g.end_by_agreement().unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Agreement, vec![R, B, Y, O, G, K])
    );
}

// ======================================================================= teams

#[test]
fn four_against_four_white_blue_purple_and_green_against_red_yellow_orange_and_black_your_partners_are_every_second_player_so_the_two_teams_take_turns(
) {
    let v = var(TEAMS);
    for a in 0..8u8 {
        for b in 0..8u8 {
            assert_eq!(v.allied(a, b), a % 2 == b % 2);
        }
    }
    assert_eq!(multi::team_of(v, W), [W, B, P, G]);
    assert_eq!(multi::team_of(v, R), [R, Y, O, K]);
    let mut g = Game::new(TEAMS).unwrap();
    let mut last = None;
    for _ in 0..16 {
        let s = g.position().turn();
        if let Some(l) = last {
            assert!(!v.allied(l, s), "the teams alternate");
        }
        last = Some(s);
        let m = g.legal_moves()[0];
        g.play(m).unwrap();
    }
}

#[test]
fn a_player_is_checkmated_or_stalemated_only_when_their_turn_comes_so_the_others_may_still_block_a_check_or_capture_the_attacker(
) {
    // White's rook f16-a16 checks Yellow's king a21 (b20, b21 under White's rook b15); Red,
    // Yellow's partner, takes the rook with the knight c15
    let text = fen(
        W,
        &[],
        &[("a21", "yK"), ("f16", "wR"), ("b15", "wR"), ("c15", "rN")],
    );
    let mut g = game(TEAMS, &text);
    play(&mut g, "f16a16");
    assert_eq!(multi::mobility(g.position(), Y), Mobility::Checkmated);
    play(&mut g, "c15a16");
    pass(&mut g); // Blue
    assert!(g.position().is_in_play(Y));
    assert_eq!(g.position().turn(), Y);
    // without the capture: mated when the turn comes; out, grey, and the game goes on
    let mut g = game(TEAMS, &text.replace("rN", "dwN"));
    play(&mut g, "f16a16");
    pass(&mut g);
    pass(&mut g);
    assert!(!g.position().is_in_play(Y));
    assert_eq!(out_events(&g), [(Y, OutReason::Checkmate)]);
    assert!(!g.is_over(), "a checkmated player is out: the game goes on");
    assert_eq!(g.position().turn(), P);
    assert_eq!(scores(&g), [0; 8], "teams score no points");
}

#[test]
fn the_first_team_to_put_three_opponents_out_wins_by_checkmate_by_capturing_a_king_or_by_resignation(
) {
    // Yellow and Orange are out already
    // by capturing a king: Black opens White's rook on Red's king, White takes it
    let mut g = game(TEAMS, &fen(K, &[Y, O], &[("h10", "wR"), ("h5", "kN")]));
    play(&mut g, "h5g7");
    play(&mut g, "h10h1");
    let o = g.outcome().expect("three out");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![W, B, P, G], EndReason::KingCaptured)
    );
    // by resignation
    let mut g = game(TEAMS, &fen(W, &[Y, O], &[("o3", "wP")]));
    g.act(Action::Resign(K)).unwrap();
    let o = g.outcome().expect("three out");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![W, B, P, G], EndReason::Resignation)
    );
    // by checkmate: White's rook s9-x9 mates Black's king x4 (w4, w5 under the rook w10)
    let text = fen(W, &[Y, O], &[("x4", "kK"), ("s9", "wR"), ("w10", "wR")]);
    let mut g = game(TEAMS, &text);
    play(&mut g, "s9x9");
    assert!(!g.is_over());
    pass_until(&mut g, K);
    let o = g.outcome().expect("mated on its turn: three out");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![W, B, P, G], EndReason::Checkmate)
    );
    // two out are not enough
    let mut g = game(TEAMS, &fen(W, &[Y], &[("o3", "wP")]));
    g.act(Action::Resign(K)).unwrap();
    assert!(!g.is_over());
}

#[test]
fn stalemated_players_do_not_count_towards_the_three_and_two_stalemated_players_of_one_team_make_a_draw(
) {
    // Red and Orange are out. Yellow's king a21 (a20 under the knight c19, b20 and b21 under
    // the rook b15) and Black's king x4 (x5 under the knight v6, w4 and w5 under the rook w10)
    // have no move and are not in check
    let text = fen(
        W,
        &[R, O],
        &[
            ("a21", "yK"),
            ("b15", "wR"),
            ("c19", "wN"),
            ("x4", "kK"),
            ("w10", "gR"),
            ("v6", "gN"),
        ],
    );
    let mut g = game(TEAMS, &text);
    pass(&mut g); // White
    pass(&mut g); // Blue; Yellow is stalemated on its turn
    assert!(!g.position().is_in_play(Y));
    assert_eq!(out_events(&g), [(Y, OutReason::Stalemate)]);
    assert!(
        !g.is_over(),
        "three opponents are out, but a stalemate does not count"
    );
    pass(&mut g); // Purple
    pass(&mut g); // Green; Black is stalemated on its turn: two of one team
    let o = g.outcome().expect("two stalemated players of one team");
    assert!(o.is_draw());
    assert_eq!(o.reason, EndReason::Stalemate);
}

#[test]
fn bots_play_them_unless_people_at_this_device_do() {
    // teams: White and Blue are people; once both are out no person plays, though their
    // partners Purple and Green still do; the bots may finish or the players end it (a draw)
    let humans = [true, false, true];
    let mut g = Game::new(TEAMS).unwrap();
    g.act(Action::Resign(W)).unwrap();
    assert!(!g.no_person_playing(&humans));
    g.act(Action::Resign(B)).unwrap();
    assert!(g.no_person_playing(&humans));
    assert!(!g.is_over() && g.position().is_in_play(P) && g.position().is_in_play(G));
    g.end_by_agreement().unwrap();
    let o = g.outcome().unwrap();
    assert!(o.is_draw() && o.reason == EndReason::Agreement);
}

// ======================================================================= random play

#[test]
fn random_games_in_all_three_modes_end_without_panic_and_undo_exactly() {
    for id in [FFA, PAIRS, TEAMS] {
        for seed in 0..3u64 {
            let house = HouseRules {
                move_limit: Some(320),
                ..HouseRules::default()
            };
            let mut g = Game::with_options(id, house, seed, None).unwrap();
            let mut r = seed.wrapping_mul(0x9e37_79b9) ^ 0x5eed;
            let mut n = 0u64;
            while !g.is_over() {
                n += 1;
                assert!(n < 400, "{id} seed {seed}: the game did not end");
                r = multi::prng(r, n);
                let pos = g.position().clone();
                // make/unmake restores every move exactly, hash included
                let moves = g.legal_moves();
                if n % 7 == 0 {
                    let mut p = pos.clone();
                    for &m in &moves {
                        let u = p.make(m);
                        assert_eq!(p.hash(), p.compute_hash());
                        p.unmake(m, &u);
                        assert_eq!(p, pos);
                    }
                }
                if r % 97 == 0 {
                    let seats = multi::active_seats(&pos);
                    let s = seats[(r / 97) as usize % seats.len()];
                    g.act(Action::Resign(s)).unwrap();
                } else {
                    // captures first, as the king captures matter most
                    let caps: Vec<Move> = moves
                        .iter()
                        .copied()
                        .filter(|m| pos.at(m.to).is_some() && pos.at(m.to).owner() != pos.turn())
                        .collect();
                    let pick = if !caps.is_empty() && r % 3 == 0 {
                        &caps
                    } else {
                        &moves
                    };
                    let m = pick[(r >> 8) as usize % pick.len()];
                    g.play(m).unwrap();
                }
                let now = g.position();
                assert_eq!(now.hash(), now.compute_hash(), "{id} seed {seed}");
                let text = rules::write_position(now);
                assert_eq!(
                    &rules::parse_position(var(id), &text).unwrap(),
                    now,
                    "{text}"
                );
                if !g.is_over() {
                    assert!(now.is_in_play(now.turn()));
                    assert!(multi::mobility(now, now.turn()) == Mobility::Free);
                }
                if n % 13 == 0 {
                    let snapshot = now.clone();
                    g.undo().unwrap();
                    assert_eq!(g.position(), &pos);
                    g.redo().unwrap();
                    assert_eq!(g.position(), &snapshot);
                }
            }
            // scores never go down and the outcome names seats of the game
            assert!(g.outcome().unwrap().winners.iter().all(|&s| s < 8));
            // undo all the way back and replay from the texts
            let texts = g.texts();
            let mut replay = Game::with_options(id, g.house.clone(), seed, None).unwrap();
            for t in &texts {
                replay.act_text(t).unwrap();
            }
            assert_eq!(replay.position(), g.position());
            assert_eq!(replay.outcome(), g.outcome());
        }
    }
}

// ======================================================================= speed (not a test)

/// CPU nanoseconds of this thread (a busy machine skews wall time).
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// `cargo test --release -p rookery-core bench_eight_player -- --ignored --nocapture`:
/// legal move generation and perft speed, eight-player against chess.
#[test]
#[ignore]
fn bench_eight_player_against_chess() {
    let chess = rules::variant("chess").unwrap();
    let cases: Vec<(&str, Position)> = vec![
        ("eight start", rules::start_position(var(FFA), 0).unwrap()),
        (
            "eight mid-game",
            rules::parse_position(var(FFA), MIDGAME).unwrap(),
        ),
        ("chess start", rules::start_position(chess, 0).unwrap()),
        (
            "kiwipete",
            rules::parse_position(
                chess,
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .unwrap(),
        ),
    ];
    for (name, pos) in &cases {
        let mut p = pos.clone();
        let mut out = Vec::with_capacity(256);
        let reps = 20_000;
        let t = cpu_ns();
        let mut moves = 0;
        for _ in 0..reps {
            p.legal_into(&mut out);
            moves += out.len();
        }
        let ns = (cpu_ns() - t) as f64;
        println!(
            "{name}: legal_into {:.0} ns per call, {} moves, {:.1} ns per move",
            ns / reps as f64,
            out.len(),
            ns / moves as f64
        );
    }
    for (name, pos, depth) in [
        ("eight start", &cases[0].1, 5),
        ("eight mid-game", &cases[1].1, 4),
        ("chess start", &cases[2].1, 5),
        ("kiwipete", &cases[3].1, 4),
    ] {
        let mut p = pos.clone();
        let t = cpu_ns();
        let n = perft(&mut p, depth);
        let s = (cpu_ns() - t) as f64 / 1e9;
        println!(
            "{name}: perft {depth} = {n} in {s:.3} s CPU, {:.2} M nodes/s",
            n as f64 / s / 1e6
        );
    }
}
