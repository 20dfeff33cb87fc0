//! Shared rules machinery for games of three or more seats (four-player chess, eight-player
//! chess, and whatever else seats several armies on one board).
//!
//! A rule family's `after_action` hook composes these helpers; nothing here knows a particular
//! game. The model:
//! - **Seats in turn order.** [`Position::in_play`] holds the seats that still take turns;
//!   [`Position::walking`] the seats whose player is out but whose lone king still walks
//!   (resignation or time-out in four-player free for all). A seat is **active** when it takes
//!   turns and is not walking: only active seats score, and "players still in" means them.
//! - **Partners.** Seats with the same `Variant::seats[].team` are partners: they never capture
//!   or attack each other (the move generator and [`Position::attacked`] already know this).
//! - **Going out.** [`put_out`] turns a seat's army grey (obstacles anyone may capture, which
//!   never move or give check), takes it out of the turn order and reports [`Event::Out`].
//!   [`start_walking`] greys everything but the king and keeps the seat in the turn order.
//! - **Kings can be captured.** A king left attacked on another player's turn may be taken;
//!   [`Position::captured_piece`] tells the hook, which scores it and puts the owner out.
//! - **Mate and stalemate** are decided for a seat *as if it were to move* ([`mobility`]), at
//!   the moment [`MateTiming`] says: after every move for every seat (four-player free for
//!   all), or only for the seat whose turn it is (four-player teams, eight-player chess).
//! - **Draws**: [`draw_reason`] (threefold repetition, fifty moves each, kings alone) and the
//!   move-limit house rule ([`move_limit_reached`]).
//! - **Walking kings** move at random on their turns; [`walking_move`] picks the move from the
//!   game's seed and the ply number so a replay makes the same walk. [`crate::game::Game`] plays
//!   these moves itself, inside the ply of the action that handed the turn to the walking seat.

use crate::board::Cell;
use crate::error::Result;
use crate::game::{Choice, Ctx, EndReason, Event, OutReason, Outcome};
use crate::piece::{Seat, GREY};
use crate::position::{CastleDef, Position};
// the game's own parts of the model, where the families have always found them
pub use crate::game::{prng, walking_move};
pub use crate::rules::move_limit_reached;
use crate::rules::{standings_by_score, Rules, Standing};
use crate::variant::{EpMode, SeatDef, Variant};

/// The rules of a multi-player family as data: its notation and its `after_action` hook; the
/// rest is shared. Each family defines one `static RULES: MultiRules`.
pub struct MultiRules {
    pub start: fn(&'static Variant) -> Result<Position>,
    pub parse: fn(&'static Variant, &str) -> Result<Position>,
    pub write: fn(&Position) -> String,
    pub after_action: fn(&mut Ctx) -> Option<Outcome>,
    pub choices: fn(&Position) -> Vec<Choice>,
    /// [`Rules::castling_from_flags`] (four-player chess's FEN4); None for the families whose
    /// notation gives no castling flags.
    pub castling_from_flags: Option<fn(&Position, &[bool], &[bool]) -> (Vec<CastleDef>, u16)>,
    /// Whether the players may end the game by agreement (eight-player chess).
    pub end_by_agreement: bool,
    /// Whether the highest score wins at the end (free for all); otherwise the last team left.
    pub by_points: bool,
}

/// The start position: the variant's `start_fen` in the family's own notation.
pub fn start_from_fen(v: &'static Variant) -> Result<Position> {
    v.rules().parse(v, &v.start_fen)
}

/// No choices in this family.
pub fn no_choices(_: &Position) -> Vec<Choice> {
    Vec::new()
}

impl Rules for MultiRules {
    fn start_position(&self, v: &'static Variant, _n: u32) -> Result<Position> {
        (self.start)(v)
    }
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        (self.parse)(v, text)
    }
    fn write(&self, pos: &Position) -> String {
        (self.write)(pos)
    }
    fn castling_from_flags(
        &self,
        pos: &Position,
        king_side: &[bool],
        queen_side: &[bool],
    ) -> Option<(Vec<CastleDef>, u16)> {
        self.castling_from_flags
            .map(|derive| derive(pos, king_side, queen_side))
    }
    /// The outcome the position itself shows: one team (or player) left taking turns, or a
    /// decided end of the points race. Mates, king captures and outs are applied by
    /// `after_action`, which reads the game's record (mate credit, walking kings).
    fn outcome(&self, pos: &mut Position, _history: &[u64]) -> Option<Outcome> {
        settled_outcome(pos, self.by_points)
    }
    fn after_action(&self, ctx: &mut Ctx) -> Option<Outcome> {
        (self.after_action)(ctx)
    }
    fn choices(&self, pos: &Position) -> Vec<Choice> {
        (self.choices)(pos)
    }
    fn may_end_by_agreement(&self) -> bool {
        self.end_by_agreement
    }
    fn standings(&self, pos: &Position, outcome: &Outcome) -> Vec<Standing> {
        standings_by_score(pos, outcome)
    }
}

/// The end a position shows by itself: no two active seats of different teams are left. The
/// winners are the leaders by points (`by_points`) or the team left.
pub fn settled_outcome(pos: &Position, by_points: bool) -> Option<Outcome> {
    let v = pos.variant;
    let active = active_seats(pos);
    let rivals = active
        .iter()
        .any(|&a| active.iter().any(|&b| !v.allied(a, b)));
    if rivals {
        return None;
    }
    Some(match (by_points, active.first()) {
        (true, _) | (false, None) => points_outcome(pos, EndReason::Points),
        (false, Some(&s)) => team_wins(v, s, EndReason::Points),
    })
}

/// When checkmate and stalemate are decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateTiming {
    /// After every move, for every seat still taking turns, each judged as if it were to move
    /// (four-player free for all: a mated player is out at once).
    EveryMove,
    /// Only for the seat whose turn it is, when its turn comes (teams, eight-player): a
    /// pending mate can still be lifted by the other players' moves.
    OnTurn,
}

/// Whether a seat could move, judged as if it were to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    /// It has at least one legal move (or it has no king to be mated).
    Free,
    /// No legal move and its king is attacked.
    Checkmated,
    /// No legal move and its king is not attacked.
    Stalemated,
}

// ---------------------------------------------------------------- seats and teams

/// Whether `s` takes turns and is not a walking king: a player still in the game.
pub fn is_active(pos: &Position, s: Seat) -> bool {
    pos.is_active(s)
}

/// Bitmask of the active seats (see [`is_active`]).
pub fn active_mask(pos: &Position) -> u8 {
    pos.in_play & !pos.walking
}

/// Active seats in seat order.
pub fn active_seats(pos: &Position) -> Vec<Seat> {
    (0..pos.variant.seat_count() as Seat)
        .filter(|&s| is_active(pos, s))
        .collect()
}

/// Seats that still take turns (walking kings included), in turn order starting with the seat
/// after `from` (and ending with `from` itself if it still takes turns).
pub fn seats_in_order(pos: &Position, from: Seat) -> Vec<Seat> {
    let n = pos.variant.seat_count() as Seat;
    (1..=n)
        .map(|i| (from + i) % n)
        .filter(|&s| pos.is_in_play(s))
        .collect()
}

/// Number of seats that take turns (walking kings included): the length of a round.
pub fn turn_takers(pos: &Position) -> u32 {
    pos.in_play.count_ones()
}

/// The partners of `s` (other seats of its team), in seat order.
pub fn partners(v: &Variant, s: Seat) -> Vec<Seat> {
    (0..v.seat_count() as Seat)
        .filter(|&o| o != s && v.allied(o, s))
        .collect()
}

/// Every seat of `s`'s team, `s` included, in seat order.
pub fn team_of(v: &Variant, s: Seat) -> Vec<Seat> {
    (0..v.seat_count() as Seat)
        .filter(|&o| v.allied(o, s))
        .collect()
}

/// Every seat not on `s`'s team, in seat order.
pub fn opponents_of(v: &Variant, s: Seat) -> Vec<Seat> {
    (0..v.seat_count() as Seat)
        .filter(|&o| !v.allied(o, s))
        .collect()
}

/// Makes sure the seat to move still takes turns: if it went out, the turn passes to the next
/// seat in play after `after` (normally the player who just acted).
pub fn fix_turn(pos: &mut Position, after: Seat) {
    if !pos.is_in_play(pos.turn()) {
        let next = pos.next_seat(after);
        pos.set_turn(next);
    }
}

/// The "rotate the first player" house rule: a new game's start position with `first` to move
/// (each new game the shell passes the seat after the previous game's first). Seats that do not
/// take turns are skipped.
pub fn with_first_seat(pos: &mut Position, first: Seat) {
    let n = pos.variant.seat_count() as Seat;
    let s = first % n.max(1);
    let s = if pos.is_in_play(s) {
        s
    } else {
        pos.next_seat(s)
    };
    pos.set_turn(s);
}

// ---------------------------------------------------------------- going out

/// Puts `seat` out: every piece it still has turns grey (its king too, if on the board), it
/// leaves the turn order (and stops walking), and [`Event::Out`] reports why. Does nothing if
/// the seat is already out. The seat to move is not changed: call [`fix_turn`] afterwards.
pub fn put_out(ctx: &mut Ctx, seat: Seat, reason: OutReason) {
    if !ctx.pos.is_in_play(seat) {
        return;
    }
    ctx.pos.grey_out(seat, false);
    ctx.pos.remove_from_play(seat);
    ctx.events.push(Event::Out { seat, reason });
}

/// A resigned or timed-out player whose king walks on: every piece but the king turns grey,
/// the seat keeps its turns and is marked walking, and [`Event::Out`] reports the reason.
pub fn start_walking(ctx: &mut Ctx, seat: Seat, reason: OutReason) {
    if !is_active(ctx.pos, seat) {
        return;
    }
    ctx.pos.grey_out(seat, true);
    ctx.pos.clear_ep(seat);
    ctx.pos.walking |= 1 << seat;
    ctx.events.push(Event::Out { seat, reason });
    if ctx.pos.king(seat).is_none() {
        // no king to walk (a position without one): the seat is simply out
        ctx.pos.remove_from_play(seat);
    }
}

/// Hands `from`'s army to `to` (three-player chess after a mate, when the players so choose):
/// every piece of `from` except its king changes owner and keeps its facing, so pawns walk on
/// as before. The king, the turn order and castling rights are left to the caller; then
/// [`put_out`] takes `from` out (it greys whatever is left, e.g. a king still on the board).
pub fn hand_over(pos: &mut Position, from: Seat, to: Seat) {
    let v = pos.variant;
    for c in 0..pos.board.len() as Cell {
        let p = pos.at(c);
        if p.is_some() && p.owner() == from && !v.is_royal(p.kind()) {
            pos.set(c, p.with_owner(to));
        }
    }
}

// ---------------------------------------------------------------- captures and checks

/// The seats whose pieces attack `seat`'s king (hostile, not grey), in turn order after
/// `seat`. Empty if the seat has no king or nobody attacks it.
pub fn checking_seats(pos: &Position, seat: Seat) -> Vec<Seat> {
    if pos.king(seat).is_none() {
        return Vec::new();
    }
    seats_in_order(pos, seat)
        .into_iter()
        .filter(|&by| by != seat)
        .filter(|&by| pos.kings_attacked_by(by).iter().any(|(s, _)| *s == seat))
        .collect()
}

// ---------------------------------------------------------------- mate and stalemate

/// Whether `seat` could move, judged as if it were to move in `pos` (whoever is to move).
/// A seat without a king on the board is never mated or stalemated here.
pub fn mobility(pos: &Position, seat: Seat) -> Mobility {
    if pos.king(seat).is_none() {
        return Mobility::Free;
    }
    mobility_of(&mut pos.probe_copy(), seat)
}

/// [`mobility`] on the position itself, without copying it: the turn is handed to `seat`
/// for the test ([`Position::any_legal_move`], which stops at the first legal move) and
/// given back, so `pos` is left as it was.
pub fn mobility_of(pos: &mut Position, seat: Seat) -> Mobility {
    if pos.king(seat).is_none() {
        return Mobility::Free;
    }
    let turn = pos.turn();
    if turn != seat {
        pos.set_turn(seat);
    }
    let free = pos.any_legal_move();
    if turn != seat {
        pos.set_turn(turn);
    }
    if free {
        Mobility::Free
    } else if pos.in_check(seat) {
        Mobility::Checkmated
    } else {
        Mobility::Stalemated
    }
}

/// The seats whose mate and stalemate are due now: with [`MateTiming::EveryMove`] every seat
/// that takes turns (walking kings included), in turn order starting with the seat to move;
/// with [`MateTiming::OnTurn`] only the seat to move.
pub fn seats_due(pos: &Position, timing: MateTiming) -> Vec<Seat> {
    match timing {
        MateTiming::OnTurn => vec![pos.turn()],
        MateTiming::EveryMove => {
            let t = pos.turn();
            let mut v = vec![t];
            v.extend(seats_in_order(pos, t).into_iter().filter(|&s| s != t));
            v
        }
    }
}

/// The due seats ([`seats_due`]) that cannot move, each judged on the same position `pos`
/// (so one move that mates two players mates both, whatever order they are handled in).
pub fn stuck_seats(pos: &mut Position, timing: MateTiming) -> Vec<(Seat, Mobility)> {
    let mut stuck = Vec::new();
    for s in seats_due(pos, timing) {
        if pos.is_in_play(s) {
            let m = mobility_of(pos, s);
            if m != Mobility::Free {
                stuck.push((s, m));
            }
        }
    }
    stuck
}

// ---------------------------------------------------------------- scores and results

/// Adds `points` to every active seat (e.g. 10 each for a draw or a stalemate).
pub fn score_each_active(ctx: &mut Ctx, points: i32, why: &str) {
    for s in active_seats(ctx.pos) {
        ctx.score(s, points, why);
    }
}

/// The seats with the highest score, in or out of the game, in seat order.
pub fn leaders(pos: &Position) -> Vec<Seat> {
    let n = pos.variant.seat_count();
    let best = pos.scores[..n].iter().copied().max().unwrap_or(0);
    (0..n as Seat)
        .filter(|&s| pos.scores[s as usize] == best)
        .collect()
}

/// The game ends and the highest score wins (ties: every seat with it).
pub fn points_outcome(pos: &Position, reason: EndReason) -> Outcome {
    Outcome::win(leaders(pos), reason)
}

/// The end reason that matches the way the last player went out (a game that ends because
/// too few players are left ends the way the last of them went).
pub fn end_reason_of(out: OutReason) -> EndReason {
    match out {
        OutReason::Checkmate => EndReason::Checkmate,
        OutReason::Stalemate => EndReason::Stalemate,
        OutReason::Resignation => EndReason::Resignation,
        OutReason::Timeout => EndReason::Timeout,
        OutReason::KingCaptured => EndReason::KingCaptured,
    }
}

/// The reason of the last [`Event::Out`] among `events` (the events of the action being
/// judged), if a player went out.
pub fn last_out(events: &[Event]) -> Option<OutReason> {
    events.iter().rev().find_map(|e| match e {
        Event::Out { reason, .. } => Some(*reason),
        _ => None,
    })
}

/// The game ends and `seat`'s whole team wins.
pub fn team_wins(v: &Variant, seat: Seat, reason: EndReason) -> Outcome {
    Outcome::win(team_of(v, seat), reason)
}

/// The game ends and every team but `seat`'s wins (two teams: the other team).
pub fn team_loses(v: &Variant, seat: Seat, reason: EndReason) -> Outcome {
    Outcome::win(opponents_of(v, seat), reason)
}

// ---------------------------------------------------------------- draws and limits

/// Fifty moves each without a capture or a pawn move: the halfmove clock (plies since the last
/// capture or pawn move) has reached 50 times the number of seats taking turns. With seats
/// taking turns in rounds this is fifty rounds ("fifty moves each").
pub fn fifty_moves_each(pos: &Position) -> bool {
    pos.st.halfmove >= 50 * turn_takers(pos).max(1)
}

/// No mate is possible any more: no piece but kings is left outside the grey armies (a king
/// can never give check, so no king can be mated). Grey obstacles do not count.
pub fn kings_alone(pos: &Position) -> bool {
    let v = pos.variant;
    pos.board
        .iter()
        .all(|p| p.is_none() || p.owner() == GREY || v.is_royal(p.kind()))
}

/// The draw that has just arisen, if any: threefold repetition (by position hash), fifty
/// moves each ([`fifty_moves_each`]), or kings alone ([`kings_alone`]). The caller decides what
/// a draw means in its game (an end, points to the players still in, ...).
pub fn draw_reason(ctx: &Ctx) -> Option<EndReason> {
    if kings_alone(ctx.pos) {
        Some(EndReason::InsufficientMaterial)
    } else if ctx.repetitions() >= 3 {
        Some(EndReason::Repetition)
    } else if fifty_moves_each(ctx.pos) {
        Some(EndReason::FiftyMoves)
    } else {
        None
    }
}

// ---------------------------------------------------------------- walking kings

/// The set-up of the four-army games on the 8×8 board (chaturaji, four seasons): one army per
/// seat in `seats` order (colour, tag, facing), each its own team; no double step, en passant
/// or castling; a pawn promotes on the far edge in its own direction, to `promote_to` only.
pub fn four_armies(v: &mut Variant, seats: [(&'static str, char, u8); 4], promote_to: u8) {
    v.seats = seats
        .iter()
        .enumerate()
        .map(|(i, &(colour, tag, facing))| SeatDef {
            colour,
            tag,
            team: i as u8,
            facing,
        })
        .collect();
    for f in 0..4u8 {
        v.promotion_zone[f as usize] = crate::board::grid::line_from_back(&v.board, f, 7);
    }
    v.promote_to = vec![promote_to];
    v.ep = EpMode::None;
    v.castling = false;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prng_is_deterministic_and_spreads() {
        assert_eq!(prng(7, 3), prng(7, 3));
        assert_ne!(prng(7, 3), prng(7, 4));
        assert_ne!(prng(7, 3), prng(8, 3));
    }
}
