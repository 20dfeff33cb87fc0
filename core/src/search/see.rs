//! Static exchange evaluation: what a capture wins or loses once both sides have taken back
//! on its cell with their least valuable pieces, each side free to stop when taking on would
//! lose. The attackers are found from the taken cell outwards along the game's own lines,
//! leaps and pawn captures ([`Position::each_attacker`], the test of [`Position::attacked`]),
//! so sliders behind a piece that has taken (x-rays), hoppers and their screens, leapers with
//! legs and pawns that take sideways count as the game moves them, in every game. Where no
//! lame leaper or hopper plays, the attackers are found once and, after each capture, only
//! along the lines through the cell the capturer left (what it uncovered); elsewhere every
//! capture looks again from the cell outwards.

use crate::board::{Cell, NO_CELL};
use crate::piece::{Piece, Seat};
use crate::position::{Move, MoveKind, Position};

/// A royal piece's worth in an exchange where the game has no check (taking it ends the
/// game); where the game has check a royal piece takes last, and only onto a cell no longer
/// attacked.
const ROYAL: i32 = 20_000;
/// Captures looked at in one exchange.
const MAX_SWAPS: usize = 32;

/// Buffers an exchange evaluation reuses (a search keeps one).
#[derive(Default)]
pub(super) struct Scratch {
    edits: Vec<(Cell, Piece)>,
    /// The pieces of every seat that attack the exchange's cell.
    attackers: Vec<(Cell, Piece)>,
}

/// The value of the capture `m` (of the side to move) for its mover, in centipawns: the
/// victim's value less what the exchange on its cell gives back. 0 for a move that takes
/// nothing. `value` holds each kind's value (royal kinds: any). The position is edited and
/// restored exactly (board, hash, kings).
#[inline(never)]
pub(super) fn see(pos: &mut Position, m: Move, value: &[i32], scratch: &mut Scratch) -> i32 {
    let v = pos.variant;
    see_with(pos, m, value, scratch, !v.has_legs && !v.has_hoppers)
}

/// [`see`]; with `listed` the attackers are found once and then along the lines a capturer
/// uncovers (only where no lame leaper or hopper plays: a leg or a screen emptied elsewhere
/// would be missed), else found anew for every capture.
fn see_with(
    pos: &mut Position,
    m: Move,
    value: &[i32],
    scratch: &mut Scratch,
    listed: bool,
) -> i32 {
    let Some((victim_cell, victim)) = pos.captured_piece(m) else {
        return 0;
    };
    let worth = |pos: &Position, p: Piece| -> i32 {
        if pos.variant.is_royal(p.kind()) {
            ROYAL
        } else {
            value.get(p.kind() as usize).copied().unwrap_or(0)
        }
    };
    let first = worth(pos, victim);
    if m.from == NO_CELL || !m.is_board_move() || m.kind == MoveKind::Castle {
        return first;
    }
    let attacker = pos.at(m.from);
    if attacker.is_none() {
        return first;
    }
    let to = m.to;
    let check = pos.variant.royal_check;
    // every edit with the piece it replaced, undone in reverse; only the board is edited
    // (the attackers are found on the board alone), not the hash, kings or piece sets, which
    // the edits leave as they were
    let Scratch { edits, attackers } = scratch;
    edits.clear();
    let put = |pos: &mut Position, edits: &mut Vec<(Cell, Piece)>, c: Cell, p: Piece| {
        edits.push((c, pos.at(c)));
        pos.board[c as usize] = p;
    };
    if victim_cell != to {
        put(pos, edits, victim_cell, Piece::NONE);
    }
    put(pos, edits, m.from, Piece::NONE);
    put(pos, edits, to, attacker);
    let mut gain = [0i32; MAX_SWAPS];
    gain[0] = first;
    let mut on_cell = worth(pos, attacker);
    attackers.clear();
    if listed {
        pos.each_seated_attacker(to, |c, q| {
            attackers.push((c, q));
            false
        });
    }
    let mut d = 1;
    while d < MAX_SWAPS {
        let owner = pos.at(to).owner();
        let next = if listed {
            least_listed(pos, attackers, owner, &worth)
        } else {
            least_attacker(pos, to, owner, &worth)
        };
        let Some((from, p)) = next else {
            break;
        };
        let mark = edits.len();
        put(pos, edits, from, Piece::NONE);
        put(pos, edits, to, p);
        if check && pos.variant.is_royal(p.kind()) && pos.attacked(to, p.owner()) {
            // a king may not take onto a guarded cell
            for (c, q) in edits.drain(mark..).rev() {
                pos.board[c as usize] = q;
            }
            break;
        }
        if listed {
            // the capturer leaves the list; what stood behind it on its line joins
            attackers.retain(|&(c, _)| c != from);
            pos.each_seated_attacker_along(to, from, |c, q| {
                if !attackers.iter().any(|&(x, _)| x == c) {
                    attackers.push((c, q));
                }
                false
            });
        }
        gain[d] = on_cell - gain[d - 1];
        on_cell = worth(pos, p);
        d += 1;
    }
    while let Some((c, q)) = edits.pop() {
        pos.board[c as usize] = q;
    }
    // each side takes on only where that is better than stopping
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

/// Whether the side to move takes the piece on `at` with a gain: its least valuable piece
/// that attacks the cell wins something in the exchange ([`see`]), or is a king and the cell
/// is unguarded (where the game has check a king takes only there).
pub(super) fn wins_on(pos: &mut Position, at: Cell, value: &[i32], scratch: &mut Scratch) -> bool {
    let owner = pos.at(at).owner();
    let worth = |pos: &Position, p: Piece| -> i32 {
        if pos.variant.is_royal(p.kind()) {
            ROYAL
        } else {
            value.get(p.kind() as usize).copied().unwrap_or(0)
        }
    };
    match least_attacker(pos, at, owner, &worth) {
        None => false,
        Some((_, p)) if pos.variant.is_royal(p.kind()) => !pos.attacked(at, pos.turn()),
        Some((c, _)) => see(pos, Move::new(c, at), value, scratch) > 0,
    }
}

/// The least valuable piece hostile to `owner` that can take on `to`, with its cell (of
/// equal values, the one on the lowest cell).
fn least_attacker(
    pos: &Position,
    to: Cell,
    owner: Seat,
    worth: &dyn Fn(&Position, Piece) -> i32,
) -> Option<(Cell, Piece)> {
    let mut best: Option<(i32, Cell, Piece)> = None;
    pos.each_attacker(to, owner, |c, p| {
        let w = worth(pos, p);
        if best.is_none_or(|(bw, bc, _)| (w, c) < (bw, bc)) {
            best = Some((w, c, p));
        }
        false
    });
    best.map(|(_, c, p)| (c, p))
}

/// [`least_attacker`] among `listed` (every seated piece that attacks the cell).
fn least_listed(
    pos: &Position,
    listed: &[(Cell, Piece)],
    owner: Seat,
    worth: &dyn Fn(&Position, Piece) -> i32,
) -> Option<(Cell, Piece)> {
    let v = pos.variant;
    let mut best: Option<(i32, Cell, Piece)> = None;
    for &(c, p) in listed {
        if v.allied(owner, p.owner()) {
            continue;
        }
        let w = worth(pos, p);
        if best.is_none_or(|(bw, bc, _)| (w, c) < (bw, bc)) {
            best = Some((w, c, p));
        }
    }
    best.map(|(_, c, p)| (c, p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::search::Eval;

    /// The exchange value of the move written `text` (long algebraic) in `fen`, with the
    /// position checked to come back unchanged.
    fn see_of(fen: &str, text: &str) -> i32 {
        let g = Game::from_fen("chess", fen).expect("a position");
        let mut pos = g.position().clone();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|&m| g.move_text(m) == text)
            .expect("a legal move");
        let (hash, board) = (pos.hash(), pos.board.clone());
        let eval = Eval::of(pos.variant);
        let v = see(&mut pos, m, &eval.value, &mut Scratch::default());
        assert_eq!(pos.hash(), hash, "the hash comes back");
        assert_eq!(pos.board, board, "the board comes back");
        v
    }

    fn value(l: char) -> i32 {
        let v = crate::rules::variant("chess").unwrap();
        Eval::of(v).value[v.piece_by_letter(l).unwrap() as usize]
    }

    #[test]
    fn see_an_undefended_piece_is_won_whole() {
        assert_eq!(
            see_of("4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1", "d2d5"),
            value('N')
        );
    }

    #[test]
    fn see_a_queen_taking_a_pawn_guarded_by_a_pawn_loses_the_queen() {
        let v = see_of("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5");
        assert_eq!(v, 100 - value('Q'));
    }

    #[test]
    fn see_counts_the_rook_behind_the_rook() {
        // Rxd5 Rxd5 Rxd5: the second rook (an x-ray) wins the pawn; alone it loses the rook
        let doubled = "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert_eq!(see_of(doubled, "d2d5"), 100);
        let single = "3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1";
        assert_eq!(see_of(single, "d2d5"), 100 - value('R'));
    }

    #[test]
    fn see_a_king_does_not_take_onto_a_guarded_cell() {
        // Rxd2 Kxd2?? is illegal while the bishop guards d2 (through c3): the rook wins the knight
        let v = see_of("4k3/8/8/b7/8/4K3/3N4/3r4 b - - 0 1", "d1d2");
        assert_eq!(v, value('N'));
        // unguarded, the king takes the rook back
        let v = see_of("4k3/8/8/8/8/4K3/3N4/3r4 b - - 0 1", "d1d2");
        assert_eq!(v, value('N') - value('R'));
    }

    /// The least attacker as the moves of every hostile piece give it: the hostile pieces
    /// from the least valuable up, the first whose captures reach `to` (the oracle of the
    /// reverse lookup).
    fn least_attacker_by_moves(
        pos: &Position,
        to: Cell,
        owner: Seat,
        worth: &dyn Fn(&Position, Piece) -> i32,
    ) -> Option<(Cell, Piece)> {
        let v = pos.variant;
        let mut hostile: Vec<(i32, Cell)> = Vec::new();
        for s in 0..v.seat_count() as Seat {
            if !v.allied(s, owner) {
                hostile.extend(pos.pieces_of(s).iter().map(|c| (worth(pos, pos.at(c)), c)));
            }
        }
        hostile.sort_unstable();
        let mut buf = Vec::new();
        hostile.iter().find_map(|&(_, c)| {
            let p = pos.at(c);
            buf.clear();
            pos.piece_captures(c, p, &mut buf);
            buf.iter()
                .any(|m| m.to == to && m.kind != MoveKind::Castle && m.is_board_move())
                .then_some((c, p))
        })
    }

    #[test]
    fn see_finds_the_least_attacker_the_pieces_moves_find_in_every_two_player_game() {
        // every occupied cell of the positions of random games, in every playable game of
        // two seats: the reverse lookup names the piece the moves of the hostile pieces name
        let mut rng = crate::rng::XorShift(0x5ee_a77ac);
        let mut games = 0;
        for g in crate::rules::catalogue().into_iter().filter(|g| g.playable) {
            let game = Game::new(g.id).expect("a game");
            if game.variant.seat_count() != 2 {
                continue;
            }
            games += 1;
            let eval = Eval::of(game.variant);
            let worth = |pos: &Position, p: Piece| -> i32 {
                if pos.variant.is_royal(p.kind()) {
                    ROYAL
                } else {
                    eval.value.get(p.kind() as usize).copied().unwrap_or(0)
                }
            };
            for _ in 0..4 {
                let mut pos = game.position().clone();
                for _ in 0..80 {
                    for to in 0..pos.board.len() as Cell {
                        let q = pos.at(to);
                        if !q.is_seated() {
                            continue;
                        }
                        assert_eq!(
                            least_attacker(&pos, to, q.owner(), &worth),
                            least_attacker_by_moves(&pos, to, q.owner(), &worth),
                            "{}: cell {to} of {:?}",
                            g.id,
                            pos.board
                        );
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.make(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(games > 10, "{games} games of two seats");
    }

    /// The exchange with its attackers listed once and uncovered along lines is the exchange
    /// that looks for them anew at each capture: every capture of random positions of every
    /// playable game of two seats without lame leapers or hoppers.
    #[test]
    fn see_with_listed_attackers_is_see_that_looks_anew() {
        let mut rng = crate::rng::XorShift(0x11_57ed);
        let (mut games, mut captures) = (0, 0);
        for g in crate::rules::catalogue().into_iter().filter(|g| g.playable) {
            let game = Game::new(g.id).expect("a game");
            let v = game.variant;
            if v.seat_count() != 2 || v.has_legs || v.has_hoppers {
                continue;
            }
            games += 1;
            let eval = Eval::of(v);
            let mut scratch = Scratch::default();
            for _ in 0..4 {
                let mut pos = game.position().clone();
                for _ in 0..100 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for &m in &moves {
                        if pos.captured_piece(m).is_none() {
                            continue;
                        }
                        let fresh = see_with(&mut pos, m, &eval.value, &mut scratch, false);
                        let listed = see_with(&mut pos, m, &eval.value, &mut scratch, true);
                        assert_eq!(listed, fresh, "{}: {m:?} in {:?}", g.id, pos.board);
                        captures += 1;
                    }
                    pos.make(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(
            games > 10 && captures > 20_000,
            "{games} games, {captures} captures"
        );
    }

    #[test]
    fn see_takes_en_passant() {
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
    }
}
