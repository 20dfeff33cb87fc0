//! Four Seasons chess (Acedrex de los quatro tiempos), REFERENCE §5 with the defaults of
//! DECISIONS.md "Chaturaji, Four Seasons"; docs/rules-decisions.md "Four Seasons Chess".
//!
//! Four players on 8×8, each with a king, a rook, a knight, a bishop (alfil) and four pawns in
//! a corner, the pawns split two and two: two walk along the player's file side, two along its
//! rank side. Seats in turn order (counter-clockwise, as the manuscript's seasons): 0 = Green
//! (spring; Ka8 Rb8 Na7 Bb7, pawns a6 b6 down, c8 c7 right), 1 = Red (summer; Ka1 Rb1 Na2 Bb2,
//! pawns a3 b3 up, c1 c2 right), 2 = Black (autumn; Kh1 Rg1 Nh2 Bg2, pawns g3 h3 up, f1 f2
//! left), 3 = White (winter; Kh8 Rg8 Nh7 Bg7, pawns h6 g6 down, f8 f7 left).
//!
//! The game as data ([`variant`]): shatranj pieces — the bishop is an alfil (a leap of exactly
//! two cells diagonally), a pawn steps one cell in its own direction (each pawn carries its
//! facing, so one player's pawns walk two ways) and captures one cell diagonally forward, with
//! no double step and no en passant, and promotes at the far edge in its direction to a general
//! (fers: one step diagonally); no castling; the usual check rules against every opponent.
//!
//! Its own rules ([`after_action`], built from [`multi`]): no dice, no points.
//! - **Mate** is judged after every move for every player, all on the same position
//!   ([`multi::MateTiming::EveryMove`]). The mated king leaves the board and the player who made
//!   the move takes over the rest of that army ([`multi::hand_over`]; pawns keep walking their
//!   way); no extra turn.
//! - **A king left in check** (checks bind only the player who gives them: a check by one
//!   player is answered on the checked player's turn) may be taken by a player who moves
//!   before that: the taker gets the army as a mater would.
//! - **Stalemate** is judged when the player's turn comes: the player is out and its army goes,
//!   as by mate, to the player whose move left it without a move.
//! - **Resignation and time-out**: the player is out and its army, king included, turns grey
//!   (obstacles anyone may capture).
//! - **The last king wins.** Threefold repetition, fifty moves each without capture or pawn
//!   move, kings alone, and the move-limit house rule end the game drawn.
//!
//! Positions are written in FEN8 ([`crate::notation::fen8`]); a pawn walking the other way than
//! its player's default carries a facing mark (`rP^`).

use crate::board::grid;
use crate::board::{Leap, Line};
use crate::error::Result;
use crate::game::{Action, Ctx, EndReason, OutReason, Outcome};
use crate::notation::fen8;
use crate::piece::{atoms::*, Atom, Piece, PieceType, Seat};
use crate::position::Position;
use crate::rules::multi::{self, MateTiming, Mobility};
use crate::variant::Variant;

pub const ID: &str = "four-seasons";

pub const GREEN: Seat = 0;
pub const RED: Seat = 1;
pub const BLACK: Seat = 2;
pub const WHITE: Seat = 3;

/// Piece kinds of four seasons.
pub const PAWN: u8 = 0;
pub const KNIGHT: u8 = 1;
pub const ALFIL: u8 = 2;
pub const ROOK: u8 = 3;
pub const GENERAL: u8 = 4;
pub const KING: u8 = 5;

/// The start position (REFERENCE §5) in FEN8, Green to move. Default facings: Green south,
/// Red east, Black north, White west; the other pawn pair of each player carries a mark.
pub const START: &str = "G-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-1-\
gK,gR,gP>,2,wP,wR,wK/gN,gB,gP>,2,wP,wB,wN/gP,gP,4,wPv,wPv/8/8/\
rP^,rP^,4,bP,bP/rN,rB,rP,2,bP<,bB,bN/rK,rR,rP,2,bP<,bR,bK";

/// Pawn, knight, bishop (alfil), rook, general (fers), king.
pub fn pieces() -> Vec<PieceType> {
    vec![
        PieceType::new('P', "pawn", vec![Atom::Pawn]),
        PieceType::new('N', "knight", vec![leap(Leap::Knight)]),
        PieceType::new('B', "alfil", vec![leap(Leap::Alfil)]),
        PieceType::new('R', "rook", vec![slide(Line::Orth)]),
        PieceType::new('F', "general", vec![step(Line::Diag)]),
        PieceType::new('K', "king", vec![step(Line::Orth), step(Line::Diag)]).royal(),
    ]
}

/// Builds the `four-seasons` variant.
pub fn variant() -> Variant {
    let mut v = Variant::base(ID, &RULES, grid::standard(), pieces());
    // promotion at the far edge in the pawn's direction, to a general; no double step
    multi::four_armies(
        &mut v,
        [
            ("green", 'g', grid::SOUTH),
            ("red", 'r', grid::EAST),
            ("black", 'b', grid::NORTH),
            ("white", 'w', grid::WEST),
        ],
        GENERAL,
    );
    v.royal_check = true;
    v.start_fen = START.to_string();
    v.finish()
}

/// Reads a four-seasons position (FEN8, no castling).
pub fn parse(v: &'static Variant, text: &str) -> Result<Position> {
    fen8::parse(v, &[], text)
}

/// Writes a four-seasons position as FEN8.
pub fn write(pos: &Position) -> String {
    fen8::write(pos)
}

/// Takes `seat` out: its king leaves the board, the rest of its army goes to `to` (pawns keep
/// their facing) or, without a taker, turns grey.
fn eliminate(ctx: &mut Ctx, seat: Seat, to: Option<Seat>, reason: OutReason) {
    if let Some(k) = ctx.pos.king(seat) {
        ctx.pos.set(k, Piece::NONE);
    }
    if let Some(to) = to.filter(|&t| t != seat && ctx.pos.is_in_play(t)) {
        multi::hand_over(ctx.pos, seat, to);
    }
    multi::put_out(ctx, seat, reason);
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
    by_points: false,
};

/// The rules after every action.
pub fn after_action(ctx: &mut Ctx) -> Option<Outcome> {
    // `anchor`: the turn passes on from this seat if the seat to move goes out;
    // `taker`: who takes over an army this action mates or stalemates
    let (anchor, taker) = match ctx.action {
        Action::Move(m) => {
            let mover = ctx.before.turn();
            // a king left in check by one player may be taken by another who moves first:
            // the taker gets that army as a mater would
            if let Some((_, victim)) = ctx.before.captured_piece(m) {
                if ctx.pos.variant.is_live_king(victim) {
                    eliminate(ctx, victim.owner(), Some(mover), OutReason::KingCaptured);
                }
            }
            (mover, Some(mover))
        }
        Action::Resign(s) | Action::Timeout(s) => {
            let reason = if matches!(ctx.action, Action::Resign(_)) {
                OutReason::Resignation
            } else {
                OutReason::Timeout
            };
            let anchor = ctx.pos.turn();
            multi::put_out(ctx, s, reason);
            (anchor, None)
        }
        Action::Choose(_) => return None,
    };
    multi::fix_turn(ctx.pos, anchor);
    while multi::active_seats(ctx.pos).len() > 1 {
        // mates: every player, judged on one position
        let mated: Vec<Seat> = multi::stuck_seats(ctx.pos, MateTiming::EveryMove)
            .into_iter()
            .filter(|&(_, m)| m == Mobility::Checkmated)
            .map(|(s, _)| s)
            .collect();
        if !mated.is_empty() {
            for s in mated {
                eliminate(ctx, s, taker, OutReason::Checkmate);
            }
            multi::fix_turn(ctx.pos, anchor);
            continue;
        }
        // stalemate: the player to move
        let t = ctx.pos.turn();
        if multi::mobility_of(ctx.pos, t) == Mobility::Stalemated {
            eliminate(ctx, t, taker, OutReason::Stalemate);
            multi::fix_turn(ctx.pos, t);
            continue;
        }
        break;
    }

    // ends
    let active = multi::active_seats(ctx.pos);
    if active.len() <= 1 {
        let reason = multi::last_out(ctx.events)
            .map(multi::end_reason_of)
            .unwrap_or(EndReason::Checkmate);
        return Some(Outcome::win(active, reason));
    }
    if let Some(reason) = multi::draw_reason(ctx) {
        return Some(Outcome::draw(reason));
    }
    if multi::move_limit_reached(ctx) {
        return Some(Outcome::draw(EndReason::MoveLimit));
    }
    None
}
