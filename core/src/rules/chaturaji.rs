//! Chaturaji as chess.com plays it, without dice (DECISIONS.md "Chaturaji, Four Seasons";
//! REFERENCE §4; docs/rules-decisions.md "Chaturaji").
//!
//! Four players on 8×8, each with a boat, a knight, a bishop, a king and four pawns in a corner.
//! Seats in turn order (clockwise): 0 = Red (a1 boat, b1 knight, c1 bishop, d1 king, pawns
//! a2–d2 walking north), 1 = Blue (a8 boat, a7 knight, a6 bishop, a5 king, pawns b8–b5 walking
//! east), 2 = Yellow (h8 boat, g8 knight, f8 bishop, e8 king, pawns h7–e7 walking south),
//! 3 = Green (h1 boat, h2 knight, h3 bishop, h4 king, pawns g1–g4 walking west).
//!
//! The game as data ([`variant`]): the boat moves as a rook and never castles; pawns step one
//! cell, with no double step and no en passant, and promote to a boat at the far edge; there is
//! no check (`royal_check = false`), so kings may move into attack and stay there, and a king
//! left attacked may be taken.
//!
//! Its own rules ([`after_action`], built from [`multi`]):
//! - captures score ([`piece_value`]): pawn 1, knight 3, king 3, bishop 5, boat 5; a move whose
//!   pieces then attack two kings scores 1 more, three kings 5 more ([`check_bonus`]);
//! - a captured king puts its player out: its turns are skipped and its pieces stay as dead
//!   (grey) obstacles that cannot move, block as pieces do, and are captured for 0, except the
//!   dead king, still worth 3. A player who resigns or runs out of time goes out the same way,
//!   king and all; a player with no move when the turn comes, too;
//! - the game ends when only one player is left (three kings captured); that player then scores
//!   3 for every dead king still on the board. With two left, the game ends as soon as one leads
//!   the other by more than the other could still gain ([`still_to_gain`]: every piece it could
//!   yet capture, pawns as boats, kings 3); the leader then scores 3 for every other king on the
//!   board. Threefold repetition, fifty moves each without capture or pawn move, and the
//!   move-limit house rule end the game too. At every end the highest score wins (players who
//!   are out included).
//!
//! Positions are written in FEN8 ([`crate::notation::fen8`]) without castling fields set.

use crate::board::grid;
use crate::error::Result;
use crate::game::{Action, Ctx, EndReason, OutReason, Outcome};
use crate::notation::fen8;
use crate::piece::{self, Piece, PieceType, Seat};
use crate::position::Position;
use crate::rules::multi::{self, MateTiming};
use crate::variant::Variant;

pub const ID: &str = "chaturaji";

pub const RED: Seat = 0;
pub const BLUE: Seat = 1;
pub const YELLOW: Seat = 2;
pub const GREEN: Seat = 3;

/// Piece kinds of chaturaji.
pub const PAWN: u8 = 0;
pub const KNIGHT: u8 = 1;
pub const BISHOP: u8 = 2;
pub const BOAT: u8 = 3;
pub const KING: u8 = 4;

/// Points for a king, live or dead.
pub const KING_POINTS: i32 = 3;

/// The start position (REFERENCE §4) in FEN8, Red to move.
pub const START: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-1-\
bR,bP,2,yK,yB,yN,yR/bN,bP,2,yP,yP,yP,yP/bB,bP,6/bK,bP,6/\
6,gP,gK/6,gP,gB/rP,rP,rP,rP,2,gP,gN/rR,rN,rB,rK,2,gP,gR";

/// Pawn, knight, bishop, boat (a rook that never castles), king.
pub fn pieces() -> Vec<PieceType> {
    let mut p = piece::orthodox();
    p.remove(piece::chess::QUEEN as usize);
    p[BOAT as usize].name = "boat";
    p
}

/// Builds the `chaturaji` variant.
pub fn variant() -> Variant {
    let mut v = Variant::base(ID, &RULES, grid::standard(), pieces());
    v.points = true;
    // promotion at the far edge, to a boat only; no double step
    multi::four_armies(
        &mut v,
        [
            ("red", 'r', grid::NORTH),
            ("blue", 'b', grid::EAST),
            ("yellow", 'y', grid::SOUTH),
            ("green", 'g', grid::WEST),
        ],
        BOAT,
    );
    v.royal_check = false;
    v.start_fen = START.to_string();
    v.finish()
}

/// Reads a chaturaji position (FEN8, no castling).
pub fn parse(v: &'static Variant, text: &str) -> Result<Position> {
    fen8::parse(v, &[], text)
}

/// Writes a chaturaji position as FEN8.
pub fn write(pos: &Position) -> String {
    fen8::write(pos)
}

/// Points for capturing `p`: pawn 1, knight 3, bishop 5, boat 5 (a promoted boat too), king 3;
/// a dead (grey) piece 0, except a dead king, still 3.
pub fn piece_value(p: Piece) -> i32 {
    if p.is_none() {
        return 0;
    }
    if p.kind() == KING {
        return KING_POINTS;
    }
    if p.is_grey() {
        return 0;
    }
    match p.kind() {
        PAWN => 1,
        KNIGHT => 3,
        BISHOP | BOAT => 5,
        _ => 0,
    }
}

/// Points for attacking several kings with one move: two 1, three 5; one nothing.
pub fn check_bonus(kings: usize) -> i32 {
    match kings {
        0 | 1 => 0,
        2 => 1,
        _ => 5,
    }
}

/// The most points seat `s` could still gain: the value of every piece it may capture, an
/// unpromoted pawn counted as the boat it may become. Checks cannot add to it once only one
/// other king is live (the only use: two players left).
pub fn still_to_gain(pos: &Position, s: Seat) -> i32 {
    pos.board
        .iter()
        .filter(|&&p| pos.enemy_of(s, p))
        .map(|&p| {
            if p.kind() == PAWN && !p.is_grey() {
                piece_value(p.with_kind(BOAT))
            } else {
                piece_value(p)
            }
        })
        .sum()
}

/// Kings on the board other than `s`'s own (live or dead).
fn other_kings(pos: &Position, s: Seat) -> i32 {
    pos.board
        .iter()
        .filter(|p| p.is_some() && p.kind() == KING && p.owner() != s)
        .count() as i32
}

/// The rules of this family.
pub static RULES: multi::MultiRules = multi::MultiRules {
    start: multi::start_from_fen,
    parse,
    write,
    after_action,
    choices: multi::no_choices,
    castling_from_flags: None,
    end_by_agreement: false,
    by_points: true,
};

/// The rules after every action.
pub fn after_action(ctx: &mut Ctx) -> Option<Outcome> {
    let v = ctx.pos.variant;
    // the turn passes on from this seat if the seat to move goes out
    let anchor;
    match ctx.action {
        Action::Move(m) => {
            let mover = ctx.before.turn();
            anchor = mover;
            if let Some((_, victim)) = ctx.before.captured_piece(m) {
                let points = piece_value(victim);
                if v.is_live_king(victim) {
                    ctx.score(mover, points, "king captured");
                    multi::put_out(ctx, victim.owner(), OutReason::KingCaptured);
                } else if victim.is_grey() {
                    ctx.score(mover, points, "dead piece captured");
                } else {
                    ctx.score(mover, points, "capture");
                }
            }
            let checked = ctx.pos.kings_attacked_by(mover).len();
            let why = if checked >= 3 {
                "triple check"
            } else {
                "double check"
            };
            ctx.score(mover, check_bonus(checked), why);
        }
        Action::Resign(s) | Action::Timeout(s) => {
            anchor = ctx.pos.turn();
            let reason = if matches!(ctx.action, Action::Resign(_)) {
                OutReason::Resignation
            } else {
                OutReason::Timeout
            };
            multi::put_out(ctx, s, reason);
        }
        Action::Choose(_) => return None,
    }
    multi::fix_turn(ctx.pos, anchor);
    // a player who has no move when the turn comes is out (its army dead, its king worth 3)
    while multi::active_seats(ctx.pos).len() > 1 {
        let Some(&(s, _)) = multi::stuck_seats(ctx.pos, MateTiming::OnTurn).first() else {
            break;
        };
        multi::put_out(ctx, s, OutReason::Stalemate);
        multi::fix_turn(ctx.pos, s);
    }

    // ends
    let active = multi::active_seats(ctx.pos);
    if active.len() <= 1 {
        if let [last] = active[..] {
            let kings = other_kings(ctx.pos, last);
            ctx.score(last, KING_POINTS * kings, "kings left");
        }
        let reason = multi::last_out(ctx.events)
            .map(multi::end_reason_of)
            .unwrap_or(EndReason::Points);
        return Some(multi::points_outcome(ctx.pos, reason));
    }
    if let [a, b] = active[..] {
        let (lead, trail) = if ctx.pos.scores[a as usize] >= ctx.pos.scores[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let gap = ctx.pos.scores[lead as usize] - ctx.pos.scores[trail as usize];
        if gap > still_to_gain(ctx.pos, trail) {
            let kings = other_kings(ctx.pos, lead);
            ctx.score(lead, KING_POINTS * kings, "kings left");
            return Some(multi::points_outcome(ctx.pos, EndReason::Points));
        }
    }
    if ctx.repetitions() >= 3 {
        return Some(multi::points_outcome(ctx.pos, EndReason::Repetition));
    }
    if multi::fifty_moves_each(ctx.pos) {
        return Some(multi::points_outcome(ctx.pos, EndReason::FiftyMoves));
    }
    if multi::move_limit_reached(ctx) {
        return Some(multi::points_outcome(ctx.pos, EndReason::MoveLimit));
    }
    None
}
