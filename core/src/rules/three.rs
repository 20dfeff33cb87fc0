//! Three-player chess on the 96-cell board (seed 003; REFERENCE §1; DECISIONS "Three-player
//! chess"; docs/rules-decisions.md "Three-player chess").
//!
//! # Seats and armies
//! Seats in turn order: 0 = White, 1 = Red, 2 = Black. A pawn's facing is the *section* whose
//! edge it walks away from ([`tri::WHITE`] 0, [`tri::BLACK`] 1, [`tri::RED`] 2), so seat ≠ facing:
//! use [`section_of_seat`] / [`seat_of_section`]. Every piece keeps its facing for life, also
//! when its army turns grey or is handed to another player; a shell shows which way a pawn
//! walks from `piece.facing()` (the badge) and the next cell from
//! `variant.board.pawns[facing].push[cell]`.
//!
//! # End of the game
//! After every action the player to move is judged (mate and stalemate are decided at the
//! start of a player's turn):
//! 1. if that player could take another king at once (a pseudo-legal capture), they win at
//!    once (the king's owner is out; [`EndReason::KingCaptured`] means "taken or open to
//!    capture"). This is the seed's "a move leaving someone's king open to capture by the
//!    player who moves next". (A choice after a mate never causes it: the last mover's king
//!    is safe from every piece, and handing an army over changes owners, not attacks);
//! 2. no legal move and in check: mated. With three players in, a choice is pending
//!    ([`choices`]: end, or play on with the army grey or handed to one of the two others); with
//!    two players in, the game ends;
//! 3. no legal move without check, kings alone, threefold repetition, fifty rounds: draws;
//! 4. the move-limit house rule (`HouseRules::move_limit`), if set, ends the game like a draw.
//!
//! A resignation or time-out with three players in takes that player out (king off the board,
//! army grey) and the two others play on; with two in, the other player wins.
//!
//! # Points
//! Stored in [`Position::scores`] in quarter points ([`POINT`] = 4 per point), written when the
//! game ends: winner 4, mated 0, third 2 (1, 0, ½). After playing on they go by the order of
//! elimination: first out 0, second out 2, winner 4. A draw shares the points of the places
//! still open: 2 each with three players in, 3 each (¾) with two in.
//!
//! # Position notation
//! `<board> <side> <castling> <en passant> <halfmove> <fullmove> [<in play>]`, e.g. the start:
//! `rQrBrNrRrKrBrNrR/rPrPrPrPrPrPrPrP/8/8/bRbNbBbKbQbBbNbR/bPbPbPbPbPbPbPbP/8/8/8/8/wPwPwPwPwPwPwPwP/wRwNwBwQwKwBwNwR w wKQrKQbKQ - 0 1`
//! * board: ranks 12 down to 1 separated by `/`; each rank lists its 8 cells in file order
//!   (rank 12–9: e–l; 8–5: a–d, i–l; 4–1: a–h); a digit 1–8 counts empty cells. A piece is
//!   its owner (`w`, `r`, `b`, `x` = grey), its letter (`K Q R B N P`), then `~` if it is a
//!   promoted piece, then `^` and a section (`w`, `b`, `r`) when its facing is not its owner's
//!   own (a handed-over army; grey pieces always carry it);
//! * side to move: `w`, `r` or `b`;
//! * castling: `-` or seat tags each followed by `K` (king side: king to local column 6, the
//!   rook from column 7 to 5) and/or `Q` (queen side: king to column 2, the rook from 0 to 3),
//!   e.g. `wKQrKbQ`;
//! * en passant: `-` or the cell passed over by the last mover's double step;
//! * halfmove clock (plies since the last capture or pawn move) and round number;
//! * in play: seat tags still playing; omitted when all three are in.
//!
//! Points are a result, not position state, and are not written.

use crate::board::rows::{self, Cells, Cursor, Rows, Token};
use crate::board::{tri, Cell, NO_CELL};
use crate::error::{Error, Result};
use crate::game::{Action, Choice, Ctx, EndReason, Event, OutReason, Outcome};
use crate::piece::{self, chess::*, Piece, Seat, GREY};
use crate::position::{CastleDef, Ep, Position, MAX_SEATS};
use crate::variant::{EpMode, SeatDef, Variant};

use super::multi::{self, Mobility};

/// Game id.
pub const ID: &str = "three-player";
/// Seats in turn order (seed: White, Red, Black move in turn).
pub const WHITE_SEAT: Seat = 0;
pub const RED_SEAT: Seat = 1;
pub const BLACK_SEAT: Seat = 2;
/// Score units per point: scores are stored in quarter points.
pub const POINT: i32 = 4;
/// Seat tags in the position notation, by seat; grey pieces use [`GREY_TAG`].
const SEAT_TAGS: [char; 3] = ['w', 'r', 'b'];
const GREY_TAG: char = 'x';
/// Section tags (facing), by section index (tri::WHITE, tri::BLACK, tri::RED).
const SECTION_TAGS: [char; 3] = ['w', 'b', 'r'];

pub const START_FEN: &str = "rQrBrNrRrKrBrNrR/rPrPrPrPrPrPrPrP/8/8/bRbNbBbKbQbBbNbR/\
bPbPbPbPbPbPbPbP/8/8/8/8/wPwPwPwPwPwPwPwP/wRwNwBwQwKwBwNwR w wKQrKQbKQ - 0 1";

/// The board section (= pawn facing) a seat starts in (seats 0..3; anything else, e.g.
/// [`GREY`], has none and gives `u8::MAX`).
pub fn section_of_seat(seat: Seat) -> u8 {
    tri::TURN_ORDER
        .get(seat as usize)
        .copied()
        .unwrap_or(u8::MAX)
}

/// The seat that starts in a board section (the inverse of [`section_of_seat`]); [`GREY`]
/// for a number that is no section.
pub fn seat_of_section(section: u8) -> Seat {
    tri::TURN_ORDER
        .iter()
        .position(|&s| s == section)
        .map_or(GREY, |s| s as Seat)
}

pub fn variant() -> Variant {
    let board = tri::three_player();
    let mut v = Variant::base(ID, &RULES, board, piece::orthodox());
    v.points = true;
    v.seats = (0..3)
        .map(|s| SeatDef {
            colour: ["white", "red", "black"][s],
            tag: SEAT_TAGS[s],
            team: s as u8,
            facing: tri::TURN_ORDER[s],
        })
        .collect();
    v.double_step = (0..3).map(|f| tri::start_pawn_rank(&v.board, f)).collect();
    v.promotion_zone = (0..3).map(|f| tri::promotion_zone(&v.board, f)).collect();
    v.promote_to = vec![QUEEN, ROOK, BISHOP, KNIGHT];
    v.ep = EpMode::NextMove;
    v.castling = true;
    v.royal_check = true;
    v.start_fen = START_FEN.to_string();
    v.finish()
}

/// The six castling options, index `seat * 2 + side` (side 0 = king side, 1 = queen side):
/// the king on local column 4 of its back rank goes two cells towards the rook, the rook to
/// the cell the king crossed (as in chess, REFERENCE §1.8).
fn castle_defs(v: &Variant) -> Vec<CastleDef> {
    let t = &v.board;
    let mut defs = Vec::with_capacity(6);
    for seat in 0..3u8 {
        let s = section_of_seat(seat);
        let c = |col: u8| tri::from_local(s, 0, col);
        defs.push(CastleDef::new(t, seat, 0, c(4), c(7), c(6), c(5)));
        defs.push(CastleDef::new(t, seat, 1, c(4), c(0), c(2), c(3)));
    }
    defs
}

// ------------------------------------------------------------------ notation

/// The rows of the notation: 8 cells a rank, empty runs of one digit.
const SINGLE_DIGITS: Cells = Cells::Joined { multi_digit: false };

fn bad(msg: impl Into<String>) -> Error {
    Error::BadFen(msg.into())
}

/// The seat before `s` among the seats in play (the one who moved last when `s` is to move).
fn previous_seat(pos: &Position, s: Seat) -> Seat {
    let n = pos.variant.seat_count() as u8;
    let mut t = s;
    for _ in 0..n {
        t = (t + n - 1) % n;
        if pos.is_in_play(t) {
            return t;
        }
    }
    s
}

/// Reads a position in the notation of the module docs.
pub fn parse(v: &'static Variant, text: &str) -> Result<Position> {
    let t = &v.board;
    let f: Vec<&str> = text.split_whitespace().collect();
    if f.len() < 2 || f.len() > 7 {
        return Err(bad(format!("{} fields, expected 2 to 7", f.len())));
    }
    let seat_of_tag = |ch: char| SEAT_TAGS.iter().position(|&c| c == ch).map(|s| s as Seat);
    let mut pos = Position::empty(v);

    // seats in play (read first: pieces of a seat that is out are an error)
    if let Some(list) = f.get(6) {
        let mut mask = 0u8;
        for ch in list.chars() {
            let s = seat_of_tag(ch).ok_or_else(|| bad(format!("seat '{ch}' in play list")))?;
            if mask >> s & 1 == 1 {
                return Err(bad(format!("seat '{ch}' listed twice")));
            }
            mask |= 1 << s;
        }
        if mask.count_ones() < 2 {
            return Err(bad("fewer than two seats in play"));
        }
        pos.in_play = mask;
    }

    // board: a piece is its owner's tag, its letter, `~` if promoted, `^` and a section where
    // it faces another way than its owner's pawns
    let token = |cur: &mut Cursor| {
        let ch = cur.next().unwrap_or(' ');
        let owner = if ch == GREY_TAG {
            GREY
        } else {
            seat_of_tag(ch).ok_or_else(|| bad(format!("owner '{ch}'")))?
        };
        let letter = cur
            .next()
            .filter(|c| c.is_ascii_uppercase())
            .ok_or_else(|| bad(format!("'{ch}' without a piece letter")))?;
        let kind = v
            .piece_by_letter(letter)
            .ok_or_else(|| bad(format!("unknown piece '{letter}'")))?;
        let promoted = cur.eat('~');
        let facing = if cur.eat('^') {
            let sc = cur.next().ok_or_else(|| bad("'^' without a section"))?;
            let f = SECTION_TAGS
                .iter()
                .position(|&c| c == sc)
                .ok_or_else(|| bad(format!("section '{sc}'")))?;
            f as u8
        } else if owner == GREY {
            return Err(bad("grey piece without '^' facing"));
        } else {
            section_of_seat(owner)
        };
        Ok(Token::Piece(
            Piece::new(kind, owner, facing).with_promoted(promoted),
        ))
    };
    rows::read(f[0], &Rows::packed(t), SINGLE_DIGITS, token, |c, p| {
        let (owner, kind) = (p.owner(), p.kind());
        if owner != GREY && !pos.is_in_play(owner) {
            return Err(bad(format!(
                "a piece of '{}', who is out",
                SEAT_TAGS[owner as usize]
            )));
        }
        if owner == GREY && kind == KING {
            return Err(bad("a grey king"));
        }
        if kind == PAWN && tri::local(c).1 == 0 {
            return Err(bad(format!("pawn on the back rank cell {}", t.name(c))));
        }
        pos.board[c as usize] = p;
        Ok(())
    })?;

    pos.st.turn = f[1]
        .chars()
        .next()
        .filter(|_| f[1].len() == 1)
        .and_then(seat_of_tag)
        .ok_or_else(|| bad(format!("side to move '{}'", f[1])))?;
    if !pos.is_in_play(pos.st.turn) {
        return Err(bad("the side to move is out"));
    }
    pos.refresh();
    for s in 0..3u8 {
        let kings = (0..t.len() as Cell)
            .filter(|&c| {
                let p = pos.at(c);
                p.is_some() && p.owner() == s && p.kind() == KING
            })
            .count();
        let want = pos.is_in_play(s) as usize;
        if kings != want {
            return Err(bad(format!(
                "{kings} kings for {}",
                v.seats[s as usize].colour
            )));
        }
    }

    // castling
    let defs = castle_defs(v);
    let mut rights = 0u16;
    let castling = f.get(2).copied().unwrap_or("-");
    if castling != "-" {
        let mut seat: Option<Seat> = None;
        for ch in castling.chars() {
            if let Some(s) = seat_of_tag(ch) {
                seat = Some(s);
                continue;
            }
            let side = match ch {
                'K' => 0,
                'Q' => 1,
                _ => return Err(bad(format!("castling letter '{ch}'"))),
            };
            let s = seat.ok_or_else(|| bad(format!("castling '{ch}' without a seat")))?;
            let i = s as usize * 2 + side;
            let d = &defs[i];
            let home = |c: Cell, k: u8| {
                let p = pos.at(c);
                p.is_some() && p.owner() == s && p.kind() == k
            };
            if !home(d.king_from, KING) || !home(d.rook_from, ROOK) {
                return Err(bad(format!(
                    "castling right '{}{ch}' without king and rook at home",
                    SEAT_TAGS[s as usize]
                )));
            }
            if rights >> i & 1 == 1 {
                return Err(bad(format!("castling right '{ch}' given twice")));
            }
            rights |= 1 << i;
        }
    }
    pos.set_castles(defs, rights);

    // en passant: the last mover's double step
    if let Some(ep) = f.get(3).filter(|s| **s != "-") {
        let target = t
            .cell(ep)
            .ok_or_else(|| bad(format!("en passant cell '{ep}'")))?;
        let mover = previous_seat(&pos, pos.st.turn);
        let found = (0..3u8).find_map(|fc| {
            let table = &t.pawns[fc as usize];
            let pawn = table.push[target as usize];
            let from = (0..t.len() as Cell).find(|&c| table.push[c as usize] == target)?;
            let p = (pawn != NO_CELL).then(|| pos.at(pawn))?;
            let ok = p.is_some()
                && p.kind() == PAWN
                && p.owner() == mover
                && p.facing() == fc
                && v.double_step[fc as usize].contains(from)
                && pos.at(from).is_none()
                && pos.at(target).is_none();
            ok.then_some(pawn)
        });
        let pawn = found.ok_or_else(|| bad(format!("no double step passed {ep}")))?;
        pos.st.ep[mover as usize] = Ep {
            target,
            pawn,
            hashed: pos.ep_capturable(target, mover),
        };
    }
    let num = |i: usize, d: u32| -> Result<u32> {
        match f.get(i) {
            None => Ok(d),
            Some(s) => s.parse().map_err(|_| bad(format!("bad number '{s}'"))),
        }
    };
    pos.st.halfmove = num(4, 0)?;
    pos.st.fullmove = num(5, 1)?.max(1);
    pos.st.hash = pos.compute_hash();

    // only positions a game can reach with play still going on
    let last = previous_seat(&pos, pos.st.turn);
    if pos.in_check(last) {
        return Err(bad("the player who moved last is in check"));
    }
    if let Some(s) = king_open_to(&pos, pos.st.turn) {
        return Err(bad(format!(
            "the side to move could take the {} king",
            v.seats[s as usize].colour
        )));
    }
    Ok(pos)
}

/// Writes a position in the notation of the module docs.
pub fn write(pos: &Position) -> String {
    let v = pos.variant;
    let mut s = rows::write(&Rows::packed(&v.board), SINGLE_DIGITS, |c, s| {
        let p = pos.at(c);
        if p.is_none() {
            return;
        }
        let owner = p.owner();
        s.push(if owner == GREY {
            GREY_TAG
        } else {
            SEAT_TAGS[owner as usize]
        });
        s.push(v.letter(p.kind()));
        if p.promoted() {
            s.push('~');
        }
        if owner == GREY || p.facing() != section_of_seat(owner) {
            s.push('^');
            s.push(SECTION_TAGS[p.facing() as usize]);
        }
    });
    s.push(' ');
    s.push(SEAT_TAGS[pos.turn() as usize]);
    s.push(' ');
    let mut rights = String::new();
    for seat in 0..3u8 {
        let mut mine = String::new();
        for (i, d) in pos.castles.iter().enumerate() {
            if d.seat == seat && pos.st.castling >> i & 1 == 1 {
                mine.push(if d.side == 0 { 'K' } else { 'Q' });
            }
        }
        if !mine.is_empty() {
            rights.push(SEAT_TAGS[seat as usize]);
            rights += &mine;
        }
    }
    s += if rights.is_empty() { "-" } else { &rights };
    match pos.st.ep.iter().find(|e| e.target != NO_CELL) {
        Some(e) => {
            s.push(' ');
            s += v.board.name(e.target);
        }
        None => s += " -",
    }
    s += &format!(" {} {}", pos.st.halfmove, pos.st.fullmove);
    if pos.in_play != 0b111 {
        s.push(' ');
        for seat in 0..3u8 {
            if pos.is_in_play(seat) {
                s.push(SEAT_TAGS[seat as usize]);
            }
        }
    }
    s
}

// ------------------------------------------------------------------ rules

fn in_play_count(pos: &Position) -> usize {
    pos.in_play.count_ones() as usize
}

/// The seat whose king `by` could take at once (a pseudo-legal capture: taking a king ends the
/// game, so the taker's own king safety does not matter), if any.
pub fn king_open_to(pos: &Position, by: Seat) -> Option<Seat> {
    pos.kings_attacked_by(by).first().map(|(s, _)| *s)
}

/// The winner of a mate of `mated`: the opponent who could take the king; if both could, the
/// one who moves first after the mated player.
pub fn mate_winner(pos: &Position, mated: Seat) -> Seat {
    multi::checking_seats(pos, mated)
        .first()
        .copied()
        .unwrap_or_else(|| pos.next_seat(mated))
}

/// The choices offered in this position: after the first mate (three players in, the player
/// to move is mated): end, play on with the army grey, or handed to either other player (the
/// next in turn order first).
pub fn choices(pos: &Position) -> Vec<Choice> {
    let n = pos.turn();
    if in_play_count(pos) != 3 || multi::mobility(pos, n) != Mobility::Checkmated {
        return Vec::new();
    }
    let mut v = vec![Choice::End, Choice::PlayOnGrey];
    for s in multi::seats_in_order(pos, n) {
        if s != n {
            v.push(Choice::PlayOnGiveTo(s));
        }
    }
    v
}

/// Takes `seat` out of the game: its king leaves the board, its army goes to `heir` (every
/// piece keeps its facing) or, without an heir, stays as grey obstacles; its castling rights
/// end; [`Event::Out`] reports `reason`. If it was to move, the turn passes on and every en
/// passant chance ends (the next move is no longer "right away"). The halfmove clock restarts:
/// the material changed for good.
pub fn eliminate(ctx: &mut Ctx, seat: Seat, heir: Option<Seat>, reason: OutReason) {
    let to_move = ctx.pos.turn();
    if let Some(k) = ctx.pos.king(seat) {
        ctx.pos.set(k, Piece::NONE);
    }
    if let Some(h) = heir {
        multi::hand_over(ctx.pos, seat, h);
    }
    multi::put_out(ctx, seat, reason);
    if to_move == seat {
        for s in 0..MAX_SEATS as Seat {
            ctx.pos.clear_ep(s);
        }
        if ctx.pos.next_seat(seat) <= seat {
            ctx.pos.st.fullmove += 1;
        }
        multi::fix_turn(ctx.pos, seat);
    }
    ctx.pos.st.halfmove = 0;
}

/// A game ends with `winner` and `loser` (mated, king left open, resigned): with three in, the
/// loser is first out (0) and the third gets ½; with two in, the loser is second out (½).
fn win(ctx: &mut Ctx, winner: Seat, loser: Seat, reason: EndReason) -> Outcome {
    ctx.score(winner, POINT, "winner");
    if in_play_count(ctx.pos) == 3 {
        let third = (0..3)
            .find(|&s| s != winner && s != loser)
            .unwrap_or(winner);
        ctx.score(third, POINT / 2, "third");
    } else {
        ctx.score(loser, POINT / 2, "second out");
    }
    Outcome::win(vec![winner], reason)
}

/// A draw: the players still in share the points of the places still open (½ each of three,
/// ¾ each of two).
fn draw(ctx: &mut Ctx, reason: EndReason) -> Outcome {
    let share = if in_play_count(ctx.pos) == 3 {
        POINT / 2
    } else {
        POINT * 3 / 4
    };
    multi::score_each_active(ctx, share, "draw");
    Outcome::draw(reason)
}

/// Judges the player to move at the start of their turn.
fn judge(ctx: &mut Ctx) -> Option<Outcome> {
    let n = ctx.pos.turn();
    if let Some(victim) = king_open_to(ctx.pos, n) {
        ctx.events.push(Event::Out {
            seat: victim,
            reason: OutReason::KingCaptured,
        });
        return Some(win(ctx, n, victim, EndReason::KingCaptured));
    }
    match multi::mobility_of(ctx.pos, n) {
        Mobility::Free => {}
        Mobility::Stalemated => return Some(draw(ctx, EndReason::Stalemate)),
        // the first mate: the players choose (see `choices`); the seat goes out then
        Mobility::Checkmated if in_play_count(ctx.pos) == 3 => return None,
        Mobility::Checkmated => {
            let w = mate_winner(ctx.pos, n);
            ctx.events.push(Event::Out {
                seat: n,
                reason: OutReason::Checkmate,
            });
            return Some(win(ctx, w, n, EndReason::Checkmate));
        }
    }
    // kings alone, threefold repetition, fifty rounds (a round is one move by every player
    // still in: the halfmove clock reaches 50 × the players in)
    if let Some(r) = multi::draw_reason(ctx) {
        return Some(draw(ctx, r));
    }
    // the move-limit house rule: no points are won during play, so the places still open are
    // shared as in a draw
    multi::move_limit_reached(ctx).then(|| draw(ctx, EndReason::MoveLimit))
}

/// The rules of this family.
pub static RULES: multi::MultiRules = multi::MultiRules {
    start: multi::start_from_fen,
    parse,
    write,
    after_action,
    choices,
    castling_from_flags: None,
    end_by_agreement: false,
    by_points: false,
};

/// After every action: resignations and time-outs, the choice after the first mate, then the
/// judgement of the player to move.
pub fn after_action(ctx: &mut Ctx) -> Option<Outcome> {
    match ctx.action {
        Action::Move(_) => {}
        Action::Resign(s) | Action::Timeout(s) => {
            let (out, end) = match ctx.action {
                Action::Resign(_) => (OutReason::Resignation, EndReason::Resignation),
                _ => (OutReason::Timeout, EndReason::Timeout),
            };
            if in_play_count(ctx.pos) == 2 {
                ctx.events.push(Event::Out {
                    seat: s,
                    reason: out,
                });
                let w = ctx.pos.next_seat(s);
                return Some(win(ctx, w, s, end));
            }
            // with three in, the two others play on; the army stays as grey obstacles
            eliminate(ctx, s, None, out);
        }
        Action::Choose(c) => {
            let n = ctx.pos.turn();
            match c {
                Choice::End => {
                    let w = mate_winner(ctx.pos, n);
                    ctx.events.push(Event::Out {
                        seat: n,
                        reason: OutReason::Checkmate,
                    });
                    return Some(win(ctx, w, n, EndReason::Agreement));
                }
                Choice::PlayOnGrey => eliminate(ctx, n, None, OutReason::Checkmate),
                Choice::PlayOnGiveTo(h) => eliminate(ctx, n, Some(h), OutReason::Checkmate),
            }
        }
    }
    judge(ctx)
}

#[cfg(test)]
mod tests;
