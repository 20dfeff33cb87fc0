//! Three-player chess: one test per sentence of the rules page (seed 003), named after it,
//! plus setup, castling, notation, perft and random-play invariants.

use super::*;
use crate::board::{grid, Leap, Line, Topology};
use crate::game::{Game, HouseRules};
use crate::movegen::perft;
use crate::position::{Move, MoveKind};
use crate::rules::multi::prng;

const W: Seat = WHITE_SEAT;
const R: Seat = RED_SEAT;
const B: Seat = BLACK_SEAT;

fn v() -> &'static Variant {
    crate::rules::variant(ID).unwrap()
}
fn cell(name: &str) -> Cell {
    v().board
        .cell(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}
fn name(c: Cell) -> String {
    v().board.name(c).to_string()
}
/// Sorted names from a space-separated list.
fn list(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// A position in the notation from tokens `<owner><letter>[^<section>]<cell>`, e.g.
/// `wKe1 bPd4 xN^rl8` (a grey knight of Red's army), with `side` to move, no castling rights.
fn fen(tokens: &str, side: Seat) -> String {
    let v = v();
    let mut pos = Position::empty(v);
    for tok in tokens.split_whitespace() {
        let ch: Vec<char> = tok.chars().collect();
        let owner = if ch[0] == GREY_TAG {
            GREY
        } else {
            SEAT_TAGS.iter().position(|&c| c == ch[0]).unwrap() as Seat
        };
        let kind = v.piece_by_letter(ch[1]).unwrap();
        let (facing, at) = if ch[2] == '^' {
            let f = SECTION_TAGS.iter().position(|&c| c == ch[3]).unwrap() as u8;
            (f, 4)
        } else {
            (section_of_seat(owner), 2)
        };
        let c: String = ch[at..].iter().collect();
        pos.board[cell(&c) as usize] = Piece::new(kind, owner, facing);
    }
    pos.set_castles(castle_defs(v), 0);
    pos.st.turn = side;
    pos.refresh();
    write(&pos)
}

/// A game from [`fen`] (read back through the notation).
fn game(tokens: &str, side: Seat) -> Game {
    let f = fen(tokens, side);
    Game::from_fen(ID, &f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.act_text(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", write(g.position())));
    }
}

/// Sorted names of the cells the piece on `from` can go to (legal moves, promotions once).
fn targets(pos: &Position, from: &str) -> Vec<String> {
    let f = cell(from);
    let mut v: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == f)
        .map(|m| name(m.to))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The same position with `seat` to move (for looking at one army's moves).
fn with_turn(pos: &Position, seat: Seat) -> Position {
    let mut p = pos.clone();
    p.set_turn(seat);
    p
}

fn scores(g: &Game) -> [i32; 3] {
    let s = g.position().scores;
    [s[0], s[1], s[2]]
}

fn legal(g: &Game, text: &str) -> bool {
    crate::notation::movetext::parse(g.position(), text).is_ok()
}

// ======================================================================= How it works

#[test]
fn everyone_plays_against_everyone_on_a_board_of_96_fields() {
    let v = v();
    assert_eq!(v.board.len(), 96);
    assert_eq!(v.seat_count(), 3);
    for a in 0..3 {
        for b in 0..3 {
            assert_eq!(v.allied(a, b), a == b, "{a} {b}");
        }
    }
    // a piece may take either opponent's pieces; both opponents give check
    let g = game("wKe1 wRd4 rKl12 rNd6 bKl8 bNc4", W);
    assert_eq!(
        targets(g.position(), "d4"),
        list("c4 d5 d6 d3 d2 d1 e4 f4 g4 h4")
    );
    let g = game("wKe1 rKl12 rRe10 bKl8 bBc3", W);
    assert!(g.position().in_check(W));
}

#[test]
fn white_red_and_black_move_in_turn() {
    let v = v();
    let colours: Vec<&str> = v.seats.iter().map(|s| s.colour).collect();
    assert_eq!(colours, ["white", "red", "black"]);
    let mut g = Game::new(ID).unwrap();
    assert_eq!(g.position().turn(), W);
    play(&mut g, "e2e4");
    assert_eq!(g.position().turn(), R);
    play(&mut g, "h11h10");
    assert_eq!(g.position().turn(), B);
    assert_eq!(g.position().st.fullmove, 1);
    play(&mut g, "a7a6");
    assert_eq!(g.position().turn(), W);
    assert_eq!(g.position().st.fullmove, 2);
}

// ======================================================================= The board

#[test]
fn each_player_owns_a_third_of_8_by_4_fields() {
    let g = Game::new(ID).unwrap();
    let pos = g.position();
    let t = &v().board;
    for seat in 0..3u8 {
        let s = section_of_seat(seat);
        let third: Vec<Cell> = (0..96).filter(|&c| tri::section_of(t, c) == s).collect();
        assert_eq!(third.len(), 32);
        let army: Vec<Cell> = pos.cells_of(seat).iter().collect();
        assert_eq!(army.len(), 16);
        assert!(army
            .iter()
            .all(|&c| tri::section_of(t, c) == s && tri::local(c).1 <= 1));
    }
    // the setup of DECISIONS.md / REFERENCE §1.8: R N B Q K B N R from each player's left
    let want = [
        "wRa1 wNb1 wBc1 wQd1 wKe1 wBf1 wNg1 wRh1",
        "bRl8 bNk8 bBj8 bQi8 bKd8 bBc8 bNb8 bRa8",
        "rRh12 rNg12 rBf12 rQe12 rKi12 rBj12 rNk12 rRl12",
    ];
    for line in want {
        for tok in line.split_whitespace() {
            let p = pos.at(cell(&tok[2..]));
            let seat = SEAT_TAGS
                .iter()
                .position(|&c| c == tok.chars().next().unwrap())
                .unwrap();
            assert_eq!(
                (p.owner() as usize, v().letter(p.kind())),
                (seat, tok.chars().nth(1).unwrap()),
                "{tok}"
            );
        }
    }
    for (seat, pawns) in [
        (W, "a2 b2 c2 d2 e2 f2 g2 h2"),
        (B, "a7 b7 c7 d7 i7 j7 k7 l7"),
        (R, "e11 f11 g11 h11 i11 j11 k11 l11"),
    ] {
        for c in pawns.split_whitespace() {
            let p = pos.at(cell(c));
            assert_eq!(
                (p.owner(), p.kind(), p.facing()),
                (seat, PAWN, section_of_seat(seat)),
                "{c}"
            );
        }
    }
    assert_eq!(write(pos), START_FEN);
}

#[test]
fn files_are_straight_lines_of_eight_fields_between_two_players() {
    let t = &v().board;
    for f in b'a'..=b'l' {
        let cells: Vec<Cell> = (0..96).filter(|&c| t.name(c).as_bytes()[0] == f).collect();
        assert_eq!(cells.len(), 8, "{}", f as char);
        let mut sections: Vec<u8> = cells.iter().map(|&c| tri::section_of(t, c)).collect();
        sections.sort();
        sections.dedup();
        // a–d join White and Black, e–h White and Red, i–l Black and Red
        let want = match f {
            b'a'..=b'd' => vec![tri::WHITE, tri::BLACK],
            b'e'..=b'h' => vec![tri::WHITE, tri::RED],
            _ => vec![tri::BLACK, tri::RED],
        };
        assert_eq!(sections, want, "{}", f as char);
        // one straight line: from the end cell on a back rank, one orthogonal ray holds the
        // seven others in order of distance
        let end = *cells.iter().find(|&&c| tri::local(c).1 == 0).unwrap();
        let ray = t
            .rays(end)
            .iter()
            .map(|r| t.ray_cells(r).to_vec())
            .find(|r| r.len() == 7 && r.iter().all(|c| cells.contains(c)))
            .unwrap_or_else(|| panic!("file {}", f as char));
        assert_eq!(ray.len(), 7);
    }
}

#[test]
fn six_fields_meet_in_the_centre() {
    let t = &v().board;
    let ring = ["d4", "e4", "e9", "i9", "i5", "d5"];
    for i in 0..6 {
        let (a, b) = (cell(ring[i]), cell(ring[(i + 1) % 6]));
        assert!(
            t.neighbours(a, Line::Orth).contains(&b),
            "{} {}",
            ring[i],
            ring[(i + 1) % 6]
        );
    }
    // the centre cells are exactly those with five diagonal neighbours, two in each third
    let centre: Vec<String> = (0..96)
        .filter(|&c| t.neighbours(c, Line::Diag).len() == 5)
        .map(name)
        .collect();
    assert_eq!(list(&centre.join(" ")), list(&ring.join(" ")));
    for s in 0..3 {
        assert_eq!(
            ring.iter()
                .filter(|c| tri::section_of(t, cell(c)) == s)
                .count(),
            2
        );
    }
}

// ======================================================================= How the pieces move

/// The 8×8 chess square of a third's local (row, column).
fn chess_square(std: &Topology, row: u8, col: u8) -> Cell {
    std.at(col as i16, row as i16).unwrap()
}

#[test]
fn inside_a_third_everything_moves_as_in_ordinary_chess() {
    let t = &v().board;
    let std = grid::standard();
    let local_of = |c: Cell| {
        let (s, r, k) = tri::local(c);
        (s, chess_square(&std, r, k))
    };
    for c in 0..96 as Cell {
        let (s, r, k) = tri::local(c);
        let sq = chess_square(&std, r, k);
        let mapped = |cells: Vec<Cell>| -> Vec<Cell> {
            let mut v: Vec<Cell> = cells
                .into_iter()
                .map(|x| {
                    let (s2, q) = local_of(x);
                    assert_eq!(s2, s, "left the third");
                    q
                })
                .collect();
            v.sort();
            v
        };
        // knights two ranks from the centre, kings one rank from it, stay inside the third
        if r <= 1 {
            let mut want: Vec<Cell> = std.leaps(Leap::Knight, sq).iter().map(|l| l.to).collect();
            want.sort();
            let got = mapped(t.leaps(Leap::Knight, c).iter().map(|l| l.to).collect());
            assert_eq!(got, want, "knight {}", name(c));
        }
        if r <= 2 {
            for line in [Line::Orth, Line::Diag] {
                assert_eq!(
                    mapped(t.neighbours(c, line)),
                    std.neighbours(sq, line),
                    "{line:?} {}",
                    name(c)
                );
            }
        }
        // along its own rank a rook sees the whole rank
        let rank: Vec<Cell> = (0..8)
            .filter(|&x| x != k)
            .map(|x| tri::from_local(s, r, x))
            .collect();
        let along: Vec<Cell> = t
            .rays(c)
            .iter()
            .filter(|ray| ray.line == Line::Orth)
            .flat_map(|ray| t.ray_cells(ray).to_vec())
            .filter(|x| tri::local(*x).1 == r && tri::section_of(t, *x) == s)
            .collect();
        assert_eq!(
            list(&along.into_iter().map(name).collect::<Vec<_>>().join(" ")),
            list(&rank.into_iter().map(name).collect::<Vec<_>>().join(" "))
        );
    }
}

#[test]
fn a_rook_goes_along_the_lines_which_may_bend_where_two_thirds_meet() {
    let g = game("wKh1 wRd5 rKl12 bKl7", W);
    // rank 5 bends from d5 to i5 (files d and i meet at the seam), the d-file runs into White's third
    assert_eq!(
        targets(g.position(), "d5"),
        list("c5 b5 a5 i5 j5 k5 l5 d6 d7 d8 d4 d3 d2 d1")
    );
    let g = game("wKh1 wRe1 rKl12 bKl8", W);
    assert_eq!(
        targets(g.position(), "e1"),
        list("e2 e3 e4 e9 e10 e11 e12 d1 c1 b1 a1 f1 g1")
    );
}

#[test]
fn a_bishop_keeps_its_colour_and_may_choose_between_two_diagonals_at_the_centre() {
    let t = &v().board;
    let g = game("wKh3 wBa1 rKl11 bKa7", W);
    let got = targets(g.position(), "a1");
    // a1-b2-c3-d4, then the mover chooses i5-j6-k7-l8 or e9-f10-g11-h12
    assert_eq!(got, list("b2 c3 d4 i5 j6 k7 l8 e9 f10 g11 h12"));
    assert!(got
        .iter()
        .all(|c| t.cells[cell(c) as usize].dark == t.cells[cell("a1") as usize].dark));
    // a piece on one branch blocks only that branch: the bishop chooses its branch
    let g = game("wKh3 wBa1 wPi5 rKl11 bKa7", W);
    assert_eq!(targets(g.position(), "a1"), list("b2 c3 d4 e9 f10 g11 h12"));
    let g = game("wKh3 wBa1 rKl11 rNe9 bKa7 bNi5", W);
    assert_eq!(targets(g.position(), "a1"), list("b2 c3 d4 e9 i5"));
}

#[test]
fn the_queen_moves_like_both() {
    let at = |piece: &str| {
        targets(
            game(&format!("wKh3 w{piece}d5 rKl11 bKl7"), W).position(),
            "d5",
        )
    };
    let (rook, bishop) = (at("R"), at("B"));
    assert_eq!(rook, list("c5 b5 a5 i5 j5 k5 l5 d6 d7 d8 d4 d3 d2 d1"));
    // d5 is a centre cell: five diagonal lines start there
    assert_eq!(
        bishop,
        list("c4 b3 a2 c6 b7 a8 e4 f3 g2 h1 i6 j7 k8 i9 j10 k11 l12")
    );
    let mut both: Vec<String> = rook.into_iter().chain(bishop).collect();
    both.sort();
    assert_eq!(at("Q"), both);
}

#[test]
fn the_king_steps_to_a_neighbouring_field_but_at_the_centre_not_straight_across() {
    let g = game("wKd4 rKl12 bKl8", W);
    // nine neighbours; i9, the opposite centre cell of the other colour, is not one
    assert_eq!(
        targets(g.position(), "d4"),
        list("c4 d3 d5 e4 c3 c5 e3 e9 i5")
    );
    let t = &v().board;
    for (a, b) in [("d4", "i9"), ("e4", "i5"), ("e9", "d5")] {
        for (x, y) in [(a, b), (b, a)] {
            let (x, y) = (cell(x), cell(y));
            assert!(
                !t.neighbours(x, Line::Orth).contains(&y)
                    && !t.neighbours(x, Line::Diag).contains(&y)
            );
            assert_ne!(t.cells[x as usize].dark, t.cells[y as usize].dark);
        }
    }
}

#[test]
fn a_knight_goes_one_step_and_two_after_turning_so_near_the_centre_it_may_have_more_than_eight_targets(
) {
    let g = game("wKh1 wNd4 rKl12 bKl8", W);
    assert_eq!(
        targets(g.position(), "d4"),
        list("b3 b5 c2 c6 e2 e10 f3 f9 i6 j5")
    );
    let g = game("wKh1 wNc4 rKl12 bKl8", W);
    assert_eq!(
        targets(g.position(), "c4"),
        list("a3 a5 b2 b6 d2 d6 e3 e9 i5")
    );
    // knights jump
    let g = game("wKh1 wNb1 wPa2 wPb2 wPc2 wPd2 rKl12 bKl8", W);
    assert_eq!(targets(g.position(), "b1"), list("a3 c3"));
}

#[test]
fn tap_a_piece_to_see_where_it_can_go() {
    let g = Game::new(ID).unwrap();
    let pos = g.position();
    assert_eq!(targets(pos, "g1"), list("f3 h3"));
    assert_eq!(targets(pos, "e2"), list("e3 e4"));
    assert!(targets(pos, "d1").is_empty());
    assert_eq!(targets(&with_turn(pos, R), "g12"), list("f10 h10"));
    assert_eq!(targets(&with_turn(pos, B), "b8"), list("a6 c6"));
}

// ======================================================================= Pawns

#[test]
fn a_pawn_always_moves_away_from_its_own_edge_towards_the_centre_then_on_along_its_file() {
    let g = game(
        "wKh1 wPd4 wPf4 wPc6 rKl12 rPh9 rPi9 rPg3 bKl8 bPl5 bPa5 bPj10",
        W,
    );
    let pos = g.position();
    // White: d4 into Black's third and on to d8; f4 into Red's third
    assert_eq!(targets(pos, "d4"), list("d5"));
    assert_eq!(targets(pos, "f4"), list("f9"));
    assert_eq!(targets(pos, "c6"), list("c7"));
    // Red: h9 into White's third, i9 into Black's; g3 on towards rank 1
    let red = with_turn(pos, R);
    assert_eq!(targets(&red, "h9"), list("h4"));
    assert_eq!(targets(&red, "i9"), list("i5"));
    assert_eq!(targets(&red, "g3"), list("g2"));
    // Black: l5 into Red's third, a5 into White's; j10 on towards rank 12
    let black = with_turn(pos, B);
    assert_eq!(targets(&black, "l5"), list("l9"));
    assert_eq!(targets(&black, "a5"), list("a4"));
    assert_eq!(targets(&black, "j10"), list("j11"));
    // every facing walks each file to an opponent's back rank (the topology's push tables)
    let t = &v().board;
    for f in 0..3u8 {
        let mut c = cell(["d2", "d7", "e11"][f as usize]);
        let mut path = Vec::new();
        while t.pawns[f as usize].push[c as usize] != NO_CELL {
            c = t.pawns[f as usize].push[c as usize];
            path.push(name(c));
        }
        let want = [
            "d3 d4 d5 d6 d7 d8",
            "d6 d5 d4 d3 d2 d1",
            "e10 e9 e4 e3 e2 e1",
        ][f as usize];
        assert_eq!(path.join(" "), want);
    }
}

#[test]
fn it_captures_diagonally_forward_and_at_the_centre_it_has_a_choice() {
    let g = game("wKh1 wPd4 rKl12 rNe9 bKl8 bNc5 bBi5", W);
    assert_eq!(targets(g.position(), "d4"), list("d5 c5 e9 i5"));
    let g = game("wKa3 wPe4 rKl12 rNf9 rBi9 bKl8 bNd5", W);
    assert_eq!(targets(g.position(), "e4"), list("e9 d5 f9 i9"));
    // away from the centre two diagonals, as in chess; never sideways or backwards
    let g = game("wKh1 wPc3 wPg2 rKl12 rNb4 rNd4 rNc2 rNh2 bKl8 bNf3", W);
    assert_eq!(targets(g.position(), "c3"), list("c4 b4 d4"));
    assert_eq!(targets(g.position(), "g2"), list("g3 g4 f3"));
    // Red at the centre: e9 pushes to e4 and takes d4, f4 or i5
    let g = game("wKh1 wNd4 wNf4 rKl12 rPe9 bKl8 bNi5", R);
    assert_eq!(targets(g.position(), "e9"), list("e4 d4 f4 i5"));
}

#[test]
fn it_may_double_step_from_its_start_rank() {
    let g = Game::new(ID).unwrap();
    let pos = g.position();
    for (seat, from, to) in [
        (W, "c2", "c3 c4"),
        (R, "h11", "h10 h9"),
        (R, "j11", "j10 j9"),
        (B, "a7", "a6 a5"),
        (B, "l7", "l6 l5"),
    ] {
        assert_eq!(targets(&with_turn(pos, seat), from), list(to), "{from}");
    }
    // not from another rank, not over a piece, not onto one
    let g = game("wKh1 wPc3 wPd2 wPe2 wPf2 rKl12 rNd3 rNe4 bKl8", W);
    let pos = g.position();
    assert_eq!(targets(pos, "c3"), list("c4"));
    assert!(targets(pos, "d2").is_empty());
    assert_eq!(targets(pos, "e2"), list("e3 d3"));
    assert_eq!(targets(pos, "f2"), list("f3 f4"));
}

#[test]
fn it_promotes_on_an_opponents_back_rank() {
    // White on Black's back rank (d8) and on Red's (e12), to Q, R, B or N
    let g = game("wKh1 wPd7 wPe11 rKl11 bKl7", W);
    for (from, to) in [("d7", "d8"), ("e11", "e12")] {
        let mut promos: Vec<char> = g
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == cell(from))
            .map(|m| {
                assert_eq!(m.to, cell(to));
                v().letter(m.promotion().expect("a promotion"))
            })
            .collect();
        promos.sort();
        assert_eq!(promos, ['B', 'N', 'Q', 'R'], "{from}");
    }
    let mut g2 = g.clone();
    play(&mut g2, "d7d8n");
    let p = g2.position().at(cell("d8"));
    assert_eq!((p.kind(), p.owner(), p.promoted()), (KNIGHT, W, true));
    // Black on White's back rank (b1) and on Red's (j12); Red on White's (g1) and Black's (i8)
    let g = game("wKh3 rKl11 rPg2 rPi7 bKl7 bPb2 bPj11", B);
    assert_eq!(targets(g.position(), "b2"), list("b1"));
    assert_eq!(targets(g.position(), "j11"), list("j12"));
    assert_eq!(
        g.legal_moves()
            .iter()
            .filter(|m| m.promotion().is_some())
            .count(),
        8
    );
    let red = with_turn(g.position(), R);
    assert_eq!(
        red.legal_moves()
            .iter()
            .filter(|m| m.promotion().is_some())
            .count(),
        8
    );
    // a pawn never promotes in its own third
    assert!(!v().promotion_zone[tri::WHITE as usize].contains(cell("d1")));
}

/// White's e2-e4 passes e3, where Red's f4 pawn and Black's d4 pawn could both take.
const EP: &str = "wKb1 wPe2 rKl12 rPf4 rPh11 bKl8 bPd4 bPa7";

#[test]
fn only_the_next_player_can_capture_en_passant() {
    let mut g = game(EP, W);
    play(&mut g, "e2e4");
    assert!(legal(&g, "f4e3"));
    let m = crate::notation::movetext::parse(g.position(), "f4e3").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
    play(&mut g, "f4e3");
    assert!(g.position().at(cell("e4")).is_none());
    assert_eq!(g.position().at(cell("e3")).owner(), R);
    // the same for Red's double step, taken by Black (next) and not by White (after next)
    let mut g = game("wKb1 wPf9 rKl12 rPg11 bKl8 bPh9 bPa7", R);
    play(&mut g, "g11g9");
    assert!(legal(&g, "h9g10"));
    play(&mut g, "a7a6");
    assert!(!legal(&g, "f9g10"));
}

#[test]
fn the_player_after_the_next_cannot_capture_en_passant() {
    let mut g = game(EP, W);
    play(&mut g, "e2e4 h11h10");
    // Black's d4 pawn attacks e3, but Black moves after the next player
    assert!(!legal(&g, "d4e3"));
    assert_eq!(targets(g.position(), "d4"), list("d3"));
}

#[test]
fn en_passant_is_possible_only_right_away() {
    let mut g = game(EP, W);
    play(&mut g, "e2e4 h11h10 a7a6 b1a1");
    assert_eq!(g.position().turn(), R);
    assert!(!legal(&g, "f4e3"));
    assert_eq!(targets(g.position(), "f4"), list("f3"));
    // the chance is not even in the position any more
    assert!(g.position().st.ep.iter().all(|e| e.target == NO_CELL));
}

// ======================================================================= Castling (DECISIONS)

#[test]
fn castling_as_in_chess_along_the_own_back_rank() {
    // each queen-side rook lands on the file of an opponent's king: pawns block those files
    let tokens = "wKe1 wRa1 wRh1 rKi12 rRh12 rRl12 rPe11 rPi11 bKd8 bRa8 bRl8 bPd7";
    let all_rights = || {
        let mut pos = parse(v(), &fen(tokens, W)).unwrap();
        pos.set_castling(0b111111);
        Game::from_fen(ID, &write(&pos)).unwrap()
    };
    let check = |g: &Game, cells: [(&str, Seat, u8); 6]| {
        for (c, seat, kind) in cells {
            let p = g.position().at(cell(c));
            assert_eq!((p.owner(), p.kind()), (seat, kind), "{c}");
        }
    };
    let mut g = all_rights();
    assert!(write(g.position()).contains(" wKQrKQbKQ "));
    // king side: White K e1-g1 R h1-f1, Red K i12-k12 R l12-j12, Black K d8-b8 R a8-c8
    play(&mut g, "O-O O-O O-O");
    check(
        &g,
        [
            ("g1", W, KING),
            ("f1", W, ROOK),
            ("k12", R, KING),
            ("j12", R, ROOK),
            ("b8", B, KING),
            ("c8", B, ROOK),
        ],
    );
    assert_eq!(g.position().st.castling, 0);
    // queen side, written as king moves: White e1-c1, Red i12-f12, Black d8-j8
    let mut g = all_rights();
    play(&mut g, "e1c1 i12f12 d8j8");
    check(
        &g,
        [
            ("c1", W, KING),
            ("d1", W, ROOK),
            ("f12", R, KING),
            ("e12", R, ROOK),
            ("j8", B, KING),
            ("i8", B, ROOK),
        ],
    );
    // not through a cell either opponent attacks: White's rook on f1 sees f12
    let mut g = all_rights();
    play(&mut g, "O-O");
    assert!(!legal(&g, "O-O-O"));
    assert!(legal(&g, "O-O"));
    // not out of check
    let mut pos = parse(v(), &fen("wKe1 wRa1 wRh1 rKi12 rRe10 bKd8", W)).unwrap();
    pos.set_castling(0b11);
    let g = Game::from_fen(ID, &write(&pos)).unwrap();
    assert!(!legal(&g, "O-O") && !legal(&g, "O-O-O"));
}

// ======================================================================= Check and mate

#[test]
fn you_must_not_leave_your_king_attacked_by_either_opponent() {
    // the bishop is pinned by Red's rook on the e-file, the knight by Black's bishop on the
    // diagonal a5-b4-c3-d2-e1 that crosses the seam
    let g = game("wKe1 wBe2 wNd2 wPh2 rKh12 rRe10 bKl8 bBa5", W);
    let pos = g.position();
    assert!(targets(pos, "e2").is_empty());
    assert!(targets(pos, "d2").is_empty());
    assert_eq!(targets(pos, "e1"), list("d1 f1 f2"));
    // in check by Red: every legal move ends the check
    let g = game("wKe1 wNc3 wPh2 rKh12 rRe10 bKl8", W);
    for m in g.legal_moves() {
        let mut p = g.position().clone();
        p.make(m);
        assert!(!p.in_check(W), "{}", name(m.to));
    }
    let mut moves: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect();
    moves.sort();
    assert_eq!(moves, list("e1d1 e1d2 e1f1 e1f2 c3e2 c3e4"));
}

/// White mates Black (Rc2-a2, the b-file held by Rb1); Red moves in between. White's rooks on
/// k6 and j5 and the knight on d5 serve the play-on tests. After `MATE_MOVES` Black is mated.
const MATE: &str = "wKe1 wRb1 wRc2 wRk6 wRj5 wNd5 rKl12 rPh11 bKa8 bPc7 bNl8";
const MATE_MOVES: &str = "c2a2 h11h10";

fn first_mate() -> Game {
    let mut g = game(MATE, W);
    play(&mut g, MATE_MOVES);
    g
}

#[test]
fn a_player_to_move_with_no_legal_move_who_is_in_check_is_mated_and_the_opponent_who_could_take_the_king_wins(
) {
    let g = first_mate();
    assert!(g.legal_moves().is_empty() && g.position().in_check(B));
    assert!(g.choice_pending() && !g.is_over());
    assert_eq!(mate_winner(g.position(), B), W);
    let mut end = g.clone();
    end.act(Action::Choose(Choice::End)).unwrap();
    assert_eq!(end.outcome().unwrap().winners, vec![W]);
    // only Black could take White's king: Black wins although Red moves first after White
    let mut g = game("wKa1 rKl12 rPh11 bKl8 bRb8 bRd7", R);
    play(&mut g, "h11h10 d7a7");
    assert!(g.legal_moves().is_empty() && g.choice_pending());
    assert_eq!(multi::checking_seats(g.position(), W), vec![B]);
    g.act(Action::Choose(Choice::End)).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![B]);
}

#[test]
fn if_both_could_take_the_mated_king_the_one_who_moves_first_after_the_mated_player_wins() {
    // Black mated by White (a-file) and Red (rank 8): White moves first after Black
    let mut g = game("wKe1 wRb1 wRc2 rKh12 rRl7 bKa8", W);
    play(&mut g, "c2a2 l7l8");
    assert_eq!(multi::checking_seats(g.position(), B), vec![W, R]);
    g.act(Action::Choose(Choice::End)).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![W]);
    // White mated by Red (rank 1) and Black (a-file): Red moves first after White
    let mut g = game("wKa1 rKl12 rRh3 bKl8 bRb8 bRd7", R);
    play(&mut g, "h3h1 d7a7");
    assert_eq!(multi::checking_seats(g.position(), W), vec![R, B]);
    g.act(Action::Choose(Choice::End)).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![R]);
}

#[test]
fn if_a_move_leaves_someones_king_open_to_capture_by_the_player_who_moves_next_that_player_wins_at_once(
) {
    // White's knight on c8 shields Black's king from Red's rook; White moves it away
    let mut g = game("wKe1 wNc8 rKh12 rRl8 bKa8", W);
    play(&mut g, "c8b6");
    let o = g.outcome().expect("over at once");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![R], EndReason::KingCaptured)
    );
    assert_eq!(scores(&g), [2, 4, 0]); // Red 1, White ½, Black 0
    assert!(g.plies()[0].events.contains(&Event::Out {
        seat: B,
        reason: OutReason::KingCaptured
    }));
    // the same exposure to the player after the next is only a check: Red's knight
    // unmasks White's rook, but Black moves before White and escapes
    let mut g = game("wKe1 wRl8 rKh12 rNc8 bKa8", R);
    play(&mut g, "c8b6");
    assert!(!g.is_over() && g.position().in_check(B));
    assert_eq!(targets(g.position(), "a8"), list("a7 b7"));
}

#[test]
fn no_legal_move_without_check_is_a_draw() {
    // White's rooks take b8, b7 and a7 from Black's lone king on a8 without checking it
    let mut g = game("wKe1 wRb1 wRl6 rKh12 rPh11 bKa8", W);
    play(&mut g, "l6l7 h11h10");
    let o = g.outcome().expect("stalemate");
    assert_eq!(o.reason, EndReason::Stalemate);
    assert!(o.is_draw());
    assert_eq!(scores(&g), [2, 2, 2]);
}

// ======================================================================= Points and playing on

#[test]
fn the_winner_gets_1_point_the_mated_player_0_and_the_third_half() {
    let mut g = first_mate();
    assert_eq!(scores(&g), [0, 0, 0]);
    g.act(Action::Choose(Choice::End)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![W], EndReason::Agreement)
    );
    // quarter points: White 1, Red ½, Black 0
    assert_eq!(scores(&g), [POINT, POINT / 2, 0]);
    assert!(g.plies().last().unwrap().events.contains(&Event::Out {
        seat: B,
        reason: OutReason::Checkmate
    }));
}

#[test]
fn after_the_first_mate_you_choose_to_end_the_game_or_play_on() {
    let mut g = first_mate();
    assert_eq!(
        g.choices(),
        vec![
            Choice::End,
            Choice::PlayOnGrey,
            Choice::PlayOnGiveTo(W),
            Choice::PlayOnGiveTo(R)
        ]
    );
    // nothing else is accepted while the choice is pending, and a refusal changes nothing
    let before = write(g.position());
    assert!(matches!(g.act(Action::Resign(R)), Err(Error::BadInput(_))));
    assert!(matches!(g.act_text("a2a3"), Err(Error::IllegalMove(_))));
    assert!(matches!(
        g.act(Action::Choose(Choice::PlayOnGiveTo(B))),
        Err(Error::BadInput(_))
    ));
    assert!(matches!(
        g.act_text("choice:give:x"),
        Err(Error::BadMoveText(_))
    ));
    assert_eq!((write(g.position()), g.ply_count()), (before, 2));
    // no choice before a mate
    let mut start = Game::new(ID).unwrap();
    assert!(start.choices().is_empty());
    assert!(matches!(
        start.act(Action::Choose(Choice::End)),
        Err(Error::BadInput(_))
    ));
    // choices are actions with text, undone and redone like moves
    g.act_text("choice:grey").unwrap();
    assert_eq!(g.texts().last().unwrap(), "choice:grey");
    g.undo().unwrap();
    assert!(g.choice_pending());
    g.redo().unwrap();
    assert!(!g.choice_pending());
}

#[test]
fn playing_on_the_mated_king_leaves_the_board_and_its_pieces_stay_as_obstacles() {
    let mut g = first_mate();
    g.act(Action::Choose(Choice::PlayOnGrey)).unwrap();
    let pos = g.position();
    assert!(!g.is_over());
    assert_eq!((pos.in_play, pos.turn()), (0b011, W));
    assert!(pos.at(cell("a8")).is_none() && pos.king(B).is_none());
    for c in ["c7", "l8"] {
        assert!(pos.at(cell(c)).is_grey(), "{c}");
    }
    assert_eq!(pos.at(cell("c7")).facing(), tri::BLACK);
    assert!(g.plies().last().unwrap().events.contains(&Event::Out {
        seat: B,
        reason: OutReason::Checkmate
    }));
    // obstacles: they never move and never attack, but anyone may take them
    assert!(!pos.attacked(cell("k6"), W));
    assert!(targets(pos, "d5").contains(&"c7".to_string()));
    let all: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .chain(with_turn(pos, R).legal_moves())
        .collect();
    assert!(all.iter().all(|m| !pos.at(m.from).is_grey()));
    assert_eq!(targets(pos, "b1"), list("a1 c1 d1 b2 b3 b4 b5 b6 b7 b8"));
    assert_eq!(write(pos).split(' ').last(), Some("wr"));
}

#[test]
fn playing_on_the_mated_army_may_go_to_white_and_its_pawns_keep_their_direction() {
    let mut g = first_mate();
    g.act(Action::Choose(Choice::PlayOnGiveTo(W))).unwrap();
    let pos = g.position();
    assert_eq!((pos.in_play, pos.turn()), (0b011, W));
    let pawn = pos.at(cell("c7"));
    assert_eq!((pawn.owner(), pawn.facing()), (W, tri::BLACK));
    assert_eq!(pos.at(cell("l8")).owner(), W);
    // the pawn walks on towards White's own back rank, as Black's pawns do; double step from
    // Black's start rank
    assert_eq!(targets(pos, "c7"), list("c6 c5"));
    assert_eq!(
        name(v().board.pawns[pawn.facing() as usize].push[cell("c7") as usize]),
        "c6"
    );
    assert!(write(pos).contains("wP^b"));
}

#[test]
fn playing_on_the_mated_army_may_go_to_red_and_its_pawns_keep_their_direction() {
    let mut g = first_mate();
    g.act(Action::Choose(Choice::PlayOnGiveTo(R))).unwrap();
    let pos = g.position();
    assert_eq!((pos.in_play, pos.turn()), (0b011, W));
    let pawn = pos.at(cell("c7"));
    assert_eq!((pawn.owner(), pawn.facing()), (R, tri::BLACK));
    play(&mut g, "e1e2");
    assert_eq!(g.position().turn(), R);
    assert_eq!(targets(g.position(), "c7"), list("c6 c5"));
    // the knight now takes White's pieces: k6 holds White's rook
    assert_eq!(targets(g.position(), "l8"), list("j7 k6"));
}

#[test]
fn the_next_mate_ends_the_game_and_points_go_by_the_order_of_elimination() {
    let mut g = first_mate();
    g.act(Action::Choose(Choice::PlayOnGrey)).unwrap();
    // Rj5-l5 mates Red on l12 (the k-file held by Rk6)
    play(&mut g, "j5l5");
    let o = g.outcome().expect("the second mate ends the game");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![W], EndReason::Checkmate)
    );
    // Black out first (0), Red second (½), White 1
    assert_eq!(scores(&g), [POINT, POINT / 2, 0]);
    assert!(g.choices().is_empty());
    assert!(matches!(g.act_text("e1e2"), Err(Error::GameOver)));
}

#[test]
fn pawns_keep_their_direction_shown_by_a_badge_on_every_pawn() {
    // the facing of every pawn, whoever owns it, is in the piece; the notation writes it
    // when it differs from the owner's own
    for choice in [
        Choice::PlayOnGrey,
        Choice::PlayOnGiveTo(W),
        Choice::PlayOnGiveTo(R),
    ] {
        let mut g = first_mate();
        g.act(Action::Choose(choice)).unwrap();
        let p = g.position().at(cell("c7"));
        assert_eq!(p.facing(), tri::BLACK, "{choice:?}");
        assert_eq!(seat_of_section(p.facing()), B);
        assert!(write(g.position()).contains("P^b"), "{choice:?}");
    }
    assert_eq!(
        (section_of_seat(W), section_of_seat(R), section_of_seat(B)),
        (tri::WHITE, tri::RED, tri::BLACK)
    );
    assert_eq!((section_of_seat(GREY), seat_of_section(7)), (u8::MAX, GREY));
}

#[test]
fn resigning_with_three_in_lets_the_two_others_play_on_and_with_two_in_ends_the_game() {
    let mut g = Game::new(ID).unwrap();
    g.act(Action::Resign(R)).unwrap();
    let pos = g.position();
    assert_eq!((pos.in_play, pos.turn()), (0b101, W));
    assert!(
        pos.king(R).is_none() && pos.at(cell("h12")).is_grey() && pos.at(cell("i12")).is_none()
    );
    play(&mut g, "e2e4");
    assert_eq!(g.position().turn(), B);
    // the player to move resigns: the turn passes on
    g.act(Action::Resign(B)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![W], EndReason::Resignation)
    );
    assert_eq!(scores(&g), [POINT, 0, POINT / 2]);
}

#[test]
fn the_move_limit_house_rule_ends_the_game_like_a_draw() {
    let house = HouseRules {
        move_limit: Some(3),
        ..HouseRules::default()
    };
    let mut g = Game::with_options(ID, house, 0, None).unwrap();
    play(&mut g, "e2e4 h11h10");
    assert!(!g.is_over());
    play(&mut g, "a7a6");
    assert_eq!(g.outcome().unwrap().reason, EndReason::MoveLimit);
    assert_eq!(scores(&g), [2, 2, 2]);
}

// ======================================================================= Draws

#[test]
fn draws_stalemate() {
    // (three in: see `no_legal_move_without_check_is_a_draw`) two in, Red out: each of the two
    // gets ¾, the first out keeps 0
    let f = fen("wKe1 wRb1 wRl6 xP^rh11 bKa8", W).replace(" 0 1", " 0 1 wb");
    let mut g = Game::from_fen(ID, &f).unwrap();
    play(&mut g, "l6l7");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Stalemate);
    assert_eq!(scores(&g), [3, 0, 3]);
}

#[test]
fn draws_the_same_position_three_times() {
    let mut g = Game::new(ID).unwrap();
    let cycle = "b1a3 g12f10 b8a6 a3b1 f10g12 a6b8";
    play(&mut g, cycle);
    play(&mut g, &cycle[..cycle.len() - 5]);
    assert!(!g.is_over());
    play(&mut g, "a6b8");
    let o = g.outcome().expect("third time");
    assert_eq!(o.reason, EndReason::Repetition);
    assert_eq!(scores(&g), [2, 2, 2]);
}

#[test]
fn draws_fifty_rounds_without_a_capture_or_a_pawn_move() {
    // three in: a round is three moves, so 150 plies
    let tokens = "wKe1 wRa1 rKi12 rRl12 bKd8 bRl8";
    let f = fen(tokens, W).replace(" 0 1", " 148 90");
    let mut g = Game::from_fen(ID, &f).unwrap();
    play(&mut g, "a1a2");
    assert!(!g.is_over());
    play(&mut g, "l12l11");
    assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoves);
    assert_eq!(scores(&g), [2, 2, 2]);
    // a capture or a pawn move restarts the count
    let f = fen("wKe1 wRa1 rKi12 rRl12 bKd8 bPa7", W).replace(" 0 1", " 149 90");
    let mut g = Game::from_fen(ID, &f).unwrap();
    play(&mut g, "a1a7");
    assert!(!g.is_over());
    assert_eq!(g.position().st.halfmove, 0);
    // two in: a round is two moves, so 100 plies; the two share 1½ points
    let f = fen("wKe1 wRa1 rKi12 rRl12 xR^bl8", W).replace(" 0 1", " 98 90 wr");
    let mut g = Game::from_fen(ID, &f).unwrap();
    play(&mut g, "a1a2");
    assert!(!g.is_over());
    play(&mut g, "l12l11");
    assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoves);
    assert_eq!(scores(&g), [3, 3, 0]);
}

#[test]
fn draws_kings_alone() {
    let mut g = game("wKe1 wRi11 rKi12 bKd8", R);
    play(&mut g, "i12i11");
    let o = g.outcome().expect("kings alone");
    assert_eq!(o.reason, EndReason::InsufficientMaterial);
    assert_eq!(scores(&g), [2, 2, 2]);
    // grey obstacles do not count
    let f = fen("wKe1 wRi11 rKi12 xQ^bd5 xP^bc7", R).replace(" 0 1", " 0 1 wr");
    let mut g = Game::from_fen(ID, &f).unwrap();
    play(&mut g, "i12i11");
    assert_eq!(g.outcome().unwrap().reason, EndReason::InsufficientMaterial);
    assert_eq!(scores(&g), [3, 3, 0]);
}

// ======================================================================= Notation

#[test]
fn notation_round_trips() {
    let v = v();
    let start = parse(v, START_FEN).unwrap();
    assert_eq!(write(&start), START_FEN);
    assert_eq!(crate::rules::write_position(&start), START_FEN);
    // en passant, castling, clocks
    let mut g = Game::new(ID).unwrap();
    play(&mut g, "e2e4 h11h9 b8c6 g1f3 j11j9");
    let text = write(g.position());
    assert_eq!(
        text,
        "rQrBrNrRrKrBrNrR/rPrPrP1rP1rPrP/8/3rP1rP2/bR1bBbKbQbBbNbR/bPbPbPbPbPbPbPbP/2bN5/8/4wP3/5wN2/wPwPwPwP1wPwPwP/wRwNwBwQwKwB1wR b wKQrKQbKQ j10 0 2"
    );
    assert_eq!(&parse(v, &text).unwrap(), g.position());
    // grey and handed-over pieces, promoted pieces, a seat out
    let f = fen("wKe1 wQd5 wP^bc6 xN^rl8 xP^bc7 rKi12 rP^wf10", W).replace(" 0 1", " 7 31 wr");
    let mut pos = parse(v, &f).unwrap();
    let q = cell("d5");
    pos.put(q, pos.at(q).with_promoted(true));
    let text = write(&pos);
    assert!(
        text.contains("wQ~")
            && text.contains("wP^b")
            && text.contains("xN^r")
            && text.contains("rP^w")
    );
    assert!(text.ends_with(" w - - 7 31 wr"));
    let back = parse(v, &text).unwrap();
    assert_eq!(back, pos);
    assert_eq!(write(&back), text);
}

#[test]
fn bad_position_text_is_rejected_with_bad_fen() {
    let v = v();
    let ok = START_FEN;
    let mut bad: Vec<String> = vec![
        "".into(),
        "8/8/8".into(),
        ok.replace(" w ", " x "),
        ok.replace(" w ", " wr "),
        ok.replace("/8/8/bR", "/8/bR"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQwKwBwNwRwP"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQwKwBwNw"),
        ok.replace("wRwNwBwQwKwBwNwR", "qRwNwBwQwKwBwNwR"),
        ok.replace("wRwNwBwQwKwBwNwR", "wZwNwBwQwKwBwNwR"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQ1wBwNwR"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQwKwBwNwK"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQwKwBwNwP"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQwKwBwNxR"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQwKwBwNwR^q"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQwKwBwNwR^"),
        ok.replace("wRwNwBwQwKwBwNwR", "wRwNwBwQwKwBwN0wR"),
        ok.replace("/8/8/8/8/", "/8/8/8/9/"),
        ok.replace("wKQrKQbKQ", "wKQrKQbKZ"),
        ok.replace("wKQrKQbKQ", "KQrKQbKQ"),
        ok.replace("wKQrKQbKQ", "wKQrKQbKQK"),
        ok.replace("wRwNwBwQwKwBwNwR w wKQ", "1wNwBwQwKwBwNwR w wKQ"),
        ok.replace(" - 0 1", " e3 0 1"),
        ok.replace(" - 0 1", " z9 0 1"),
        ok.replace(" 0 1", " x 1"),
        ok.replace(" 0 1", " 0 -1"),
        format!("{ok} wr"),
        format!("{ok} w"),
        format!("{ok} wwr"),
        format!("{ok} wrb extra"),
    ];
    // positions no game reaches with play going on: the last mover in check; a king the
    // player to move could take; a piece of a seat that is out; the side to move out
    bad.push(fen("wKe1 rKi12 rRe10 bKd8", R));
    bad.push(fen("wKe1 wRl5 rKl12 bKd8", W));
    bad.push(
        fen("wKe1 rKi12 bKd8", W)
            .replace(" 0 1", " 0 1 bw")
            .replace(" w ", " r "),
    );
    bad.push(fen("wKe1 rKi12 bKd8 xQ^bd5", W).replace("xQ^b", "xQ"));
    bad.push(fen("wKe1 rKi12 bQd5", W).replace(" 0 1", " 0 1 wr"));
    bad.push(fen("wKe1 rKi12 xK^bd8", W).replace(" 0 1", " 0 1 wr"));
    for text in &bad {
        match parse(v, text) {
            Err(Error::BadFen(_)) => {}
            other => panic!("{text:?} gave {other:?}"),
        }
        assert!(Game::from_fen(ID, text).is_err());
    }
    assert!(parse(v, ok).is_ok());
}

// ======================================================================= Proof: perft

/// Depths 1–3 counted by hand from the setup, independent of the move generator:
///
/// Ply 1. Each army stands in its own 8×4 third exactly like a chess army on ranks 1–2, and
/// what it can reach at ply 1 stays inside that third (local rows 2–3): 8 single pawn steps,
/// 8 double steps (both cells in front of every pawn are empty) and two moves per knight
/// (White b1: a3 c3, g1: f3 h3 — d2 and e2 hold its own pawns); rooks, bishops, queen and king
/// are shut in by their own pieces. 8 + 8 + 4 = 20, the same for every seat (the board looks
/// the same from each): Red's pawns go to rank 10 or 9, knights g12: f10 h10, k12: j10 l10;
/// Black's pawns to rank 6 or 5, knights b8: a6 c6, k8: j6 l6.
///
/// Ply 2. After White's first move every White piece stands on ranks 1–4 and its lines and
/// leaps reach at most ranks 5–6 and 9 (e.g. a knight on f3 reaches e9 and g9; the queen,
/// freed by e2-e3, sees e2 f3 g4 h9), all empty: no Red piece is attacked, none of Red's 20
/// target cells (ranks 9–10) is occupied, Red's king cannot be checked or pinned, and a
/// double step has no Red pawn beside it to take en passant. So Red keeps its 20 moves after
/// each of White's 20: 20 × 20 = 400.
///
/// Ply 3 follows in the same way: neither White's nor Red's first move occupies or attacks a
/// cell of Black's army or of its 20 targets (ranks 5–6), so 400 × 20 = 8000. From ply 4 on
/// the armies meet (e.g. White's a4 takes on b5); 178080 is the move generator's own count.
#[test]
fn perft_from_the_start_matches_the_count_by_hand() {
    let g = Game::new(ID).unwrap();
    for seat in [W, R, B] {
        let pos = with_turn(g.position(), seat);
        let moves = pos.legal_moves();
        let kind = |m: &Move| pos.at(m.from).kind();
        let pushes = moves
            .iter()
            .filter(|m| kind(m) == PAWN && m.kind == MoveKind::Normal)
            .count();
        let doubles = moves.iter().filter(|m| m.kind == MoveKind::Double).count();
        let knights = moves.iter().filter(|m| kind(m) == KNIGHT).count();
        assert_eq!(
            (pushes, doubles, knights, moves.len()),
            (8, 8, 4, 20),
            "seat {seat}"
        );
        // every target inside the own third
        let s = section_of_seat(seat);
        assert!(moves.iter().all(|m| tri::section_of(&v().board, m.to) == s));
    }
    let by_hand = [1u64, 20, 20 * 20, 20 * 20 * 20];
    let mut pos = g.position().clone();
    for (depth, &n) in by_hand.iter().enumerate() {
        assert_eq!(perft(&mut pos, depth as u32), n, "depth {depth}");
    }
    assert_eq!(perft(&mut pos, 4), 178_080);
    assert_eq!(&pos, g.position());
}

// ======================================================================= Random play

#[test]
fn random_games_keep_undo_and_hash_exact_and_end_by_the_rules() {
    let v = v();
    let mut reasons: Vec<(EndReason, usize)> = Vec::new();
    let mut plies = 0usize;
    let mut choices_made = 0usize;
    for n in 0..24u64 {
        let house = HouseRules {
            move_limit: Some(800),
            ..HouseRules::default()
        };
        let mut g = Game::with_options(ID, house, n, None).unwrap();
        let mut k = 0u64;
        while !g.is_over() {
            let pos = g.position().clone();
            assert_eq!(pos.hash(), pos.compute_hash());
            let text = write(&pos);
            assert_eq!(parse(v, &text).as_ref(), Ok(&pos), "{text}");
            k += 1;
            let r = prng(n, k) as usize;
            let choices = g.choices();
            if !choices.is_empty() {
                choices_made += 1;
                g.act(Action::Choose(choices[r % choices.len()])).unwrap();
                continue;
            }
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "not over, no move and no choice: {text}");
            let mut p = pos.clone();
            for &m in &moves {
                let u = p.make(m);
                assert_eq!(p.hash(), p.compute_hash(), "{text} {}", g.move_text(m));
                p.unmake(m, &u);
                assert!(p == pos, "{text} {}", g.move_text(m));
            }
            g.play(moves[r % moves.len()]).unwrap();
        }
        let o = g.outcome().unwrap().clone();
        // the points of a game always add up to 1½
        assert_eq!(scores(&g).iter().sum::<i32>(), 3 * POINT / 2, "{o:?}");
        match reasons.iter_mut().find(|(r, _)| *r == o.reason) {
            Some((_, c)) => *c += 1,
            None => reasons.push((o.reason, 1)),
        }
        plies += g.ply_count();
        let end = g.position().clone();
        while g.undo().is_ok() {}
        assert_eq!(g.position(), &g.start);
        while g.redo().is_ok() {}
        assert_eq!(g.position(), &end);
    }
    eprintln!(
        "24 random games, {plies} plies, {choices_made} choices after a first mate: {reasons:?}"
    );
}
