//! Four-player chess on the 160-cell cross (seeds 001 and 004; DECISIONS.md "Four-player
//! chess"; REFERENCE §3; docs/rules-decisions.md "Four-player chess"): free for all
//! (`four-player-ffa`) and teams (`four-player-teams`).
//!
//! Seats in turn order (clockwise): 0 = Red (bottom, pawns north), 1 = Blue (left, east),
//! 2 = Yellow (top, south), 3 = Green (right, west). Setup as chess.com: Red Qg1 Kh1, Blue Qa7
//! Ka8, Yellow Kg14 Qh14, Green Kn7 Qn8. Pawns double-step from their player's 2nd rank. Castling:
//! the king goes two squares towards the rook, the rook to the square the king crossed
//! ([`castle_defs`]); a FEN4 position castles from where its kings and rooks stand
//! ([`castling`]), so chess.com's newer layout ([`CHESS_COM_START_FEN4`]: Blue Qa8 Ka7, Green
//! Kn8 Qn7) castles as it does there. En passant: any opponent, until the double-stepper moves
//! again.
//!
//! **Free for all.** Everyone against everyone, for points ([`piece_value`], [`check_bonus`]).
//! Checkmate and stalemate are decided after every move for every player
//! ([`multi::MateTiming::EveryMove`]). A mated or stalemated player, or one whose king is
//! taken, is out and their army turns grey. A player who resigns or runs out of time is out
//! too, but their king stays and walks at random on their turns ([`multi::start_walking`]).
//! The game ends when three players are out or two are left more than 20 points apart; a draw
//! (repetition, fifty moves each, kings alone) gives everyone still in 10 points and ends it.
//! At every end the highest score wins.
//!
//! **Teams.** Red and Yellow against Blue and Green; partners never capture or attack each
//! other. Promotion on the 11th rank to Q, R, B or N. Mate and stalemate are decided only when
//! the player's turn comes ([`multi::MateTiming::OnTurn`]); the first team to mate an opponent
//! or take a king wins; stalemate is a draw; resignation or time-out loses for the team.
//!
//! Positions are written in chess.com FEN4 ([`crate::notation::fen4`]), games in PGN4
//! ([`crate::notation::pgn4`]).

use crate::board::{grid, Cell, Topology};
use crate::error::Result;
use crate::game::{Action, Ctx, EndReason, OutReason, Outcome};
use crate::notation::fen4;
use crate::piece::{self, chess::*, Piece, Seat};
use crate::position::{CastleDef, Position};
use crate::rules::multi::{self, MateTiming, Mobility};
use crate::variant::{EpMode, KingTake, SeatDef, Variant};

pub const FFA: &str = "four-player-ffa";
pub const TEAMS: &str = "four-player-teams";

pub const RED: Seat = 0;
pub const BLUE: Seat = 1;
pub const YELLOW: Seat = 2;
pub const GREEN: Seat = 3;

/// Points for mating a player (free for all).
pub const MATE_POINTS: i32 = 20;
/// Points every player still in scores at a stalemate or a draw (free for all).
pub const DRAW_POINTS: i32 = 10;
/// Two players left more than this many points apart end the game (free for all).
pub const LEAD_TO_END: i32 = 20;

/// The chess.com start position (REFERENCE §3.2).
pub const START_FEN4: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/\
bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";

/// chess.com's start position today (its FEN4 `4PC`): as [`START_FEN4`] with Blue's and
/// Green's king and queen swapped (Blue Qa8 Ka7, Green Kn8 Qn7), the layout of the 4pchess
/// engine (REFERENCE §3.1). Rookery's own games start from [`START_FEN4`]; this one is read for
/// imported records and positions.
pub const CHESS_COM_START_FEN4: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/\
bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";

/// Builds `four-player-ffa` or `four-player-teams`.
pub fn variant(id: &'static str) -> Variant {
    let teams = id == TEAMS;
    let rules = if teams { &RULES_TEAMS } else { &RULES_FFA };
    let board = grid::four_player();
    let mut v = Variant::base(id, rules, board, piece::orthodox());
    v.points = !teams;
    let seat = |colour, tag, team, facing| SeatDef {
        colour,
        tag,
        team,
        facing,
    };
    v.seats = vec![
        seat("red", 'r', 0, grid::NORTH),
        seat("blue", 'b', 1, grid::EAST),
        seat("yellow", 'y', if teams { 0 } else { 2 }, grid::SOUTH),
        seat("green", 'g', if teams { 1 } else { 3 }, grid::WEST),
    ];
    // FFA: the 8th rank, the first line past the centre; teams: the 11th rank.
    let promotion_index = if teams { 10 } else { 7 };
    for f in 0..4u8 {
        v.double_step[f as usize] = grid::line_from_back(&v.board, f, 1);
        v.promotion_zone[f as usize] = grid::line_from_back(&v.board, f, promotion_index);
    }
    v.promote_to = if teams {
        vec![QUEEN, ROOK, BISHOP, KNIGHT]
    } else {
        vec![QUEEN]
    };
    v.ep = EpMode::UntilMoverAgain;
    v.castling = true;
    v.royal_check = true;
    // taking a king while in check (docs/rules-decisions.md): in teams it ends the game; in
    // free for all the king's owner goes out and the army greys, and grey pieces give no check
    v.king_take = if teams {
        KingTake::EndsGame
    } else {
        KingTake::VictimGreys
    };
    v.start_fen = START_FEN4.to_string();
    v.finish()
}

/// Castling options of the four seats from Rookery's start ([`START_FEN4`]), in the order seat 0
/// king side, seat 0 queen side, seat 1 king side, ... (index = 2 × seat + side; side 0 = king
/// side = `O-O`). REFERENCE §3.1: the king goes two squares towards the rook, the rook lands on
/// the square the king crossed. [`castle_from_position`] derives the same cells from that start.
pub fn castle_defs(t: &Topology) -> Vec<CastleDef> {
    let c = |name: &str| -> Cell { t.cell(name).expect("four-player cell") };
    // (seat, side, king from, rook from, king to, rook to)
    let table: [(Seat, u8, &str, &str, &str, &str); 8] = [
        (RED, 0, "h1", "k1", "j1", "i1"),
        (RED, 1, "h1", "d1", "f1", "g1"),
        (BLUE, 0, "a8", "a11", "a10", "a9"),
        (BLUE, 1, "a8", "a4", "a6", "a7"),
        (YELLOW, 0, "g14", "d14", "e14", "f14"),
        (YELLOW, 1, "g14", "k14", "i14", "h14"),
        (GREEN, 0, "n7", "n4", "n5", "n6"),
        (GREEN, 1, "n7", "n11", "n9", "n8"),
    ];
    table
        .iter()
        .map(|&(s, side, kf, rf, kt, rt)| CastleDef::new(t, s, side, c(kf), c(rf), c(kt), c(rt)))
        .collect()
}

/// The cells of `seat`'s back line (its 1st rank: Red d1–k1, Blue a4–a11, Yellow d14–k14,
/// Green n4–n11), in order of rising file or rank.
pub fn back_line(v: &Variant, seat: Seat) -> Vec<Cell> {
    let t = &v.board;
    let (w, h) = (t.width, t.height);
    (0..w.max(h))
        .filter_map(|i| match v.seats[seat as usize].facing {
            grid::NORTH => t.at(i, 0),
            grid::EAST => t.at(0, i),
            grid::SOUTH => t.at(i, h - 1),
            _ => t.at(w - 1, i),
        })
        .collect()
}

/// The castling option of `seat` on `side` (0 = king side, `O-O`; 1 = queen side, `O-O-O`) as
/// the pieces stand, as Chess960 does for two players: the seat's king on its back line, and
/// the outermost rook of the seat on that line on the king side (towards the end of the line
/// nearer to the king, i.e. in the half of the line the king stands in) or on the other side.
/// The king goes two squares towards that rook and the rook lands on the square the king crossed
/// (REFERENCE §3.1). None when there is no such king or rook, or when the rook stands next to
/// the king (the king cannot go two squares towards it).
///
/// From [`START_FEN4`] this gives [`castle_defs`]. From [`CHESS_COM_START_FEN4`] Blue castles
/// Ka7-a5 (king side, rook a4-a6) and Ka7-a9 (queen side, rook a11-a8), Green Kn8-n10 (king
/// side, rook n11-n9) and Kn8-n6 (queen side, rook n4-n7), as chess.com and 4pchess do.
pub fn castle_from_position(pos: &Position, seat: Seat, side: u8) -> Option<CastleDef> {
    let v = pos.variant;
    let line = back_line(v, seat);
    let own = |c: Cell, kind: u8| {
        let p = pos.at(c);
        p.is_some() && !p.is_grey() && p.owner() == seat && p.kind() == kind
    };
    let k = line.iter().position(|&c| own(c, KING))?;
    // the king side is the end of the line nearer to the king
    let king_side_up = 2 * k + 1 > line.len();
    let up = king_side_up == (side == 0);
    let r = if up {
        (k + 1..line.len()).rev().find(|&i| own(line[i], ROOK))?
    } else {
        (0..k).find(|&i| own(line[i], ROOK))?
    };
    if r.abs_diff(k) < 2 {
        return None;
    }
    let (king_to, rook_to) = if up {
        (line[k + 2], line[k + 1])
    } else {
        (line[k - 2], line[k - 1])
    };
    Some(CastleDef::new(
        &v.board, seat, side, line[k], line[r], king_to, rook_to,
    ))
}

/// The castling options and rights of a position read from FEN4, whose flags per seat are
/// `king_side` and `queen_side`. A right stands when its flag is set, the seat is in the game
/// (not out, no walking king) and [`castle_from_position`] finds its king and rook; the option
/// is derived from their cells. Options without a right keep the cells of [`castle_defs`], so
/// the index of an option is always 2 × seat + side.
pub fn castling(pos: &Position, king_side: &[bool], queen_side: &[bool]) -> (Vec<CastleDef>, u16) {
    let mut defs = castle_defs(&pos.variant.board);
    let mut rights = 0u16;
    for seat in 0..4u8 {
        let playing = pos.is_in_play(seat) && pos.walking >> seat & 1 == 0;
        for side in 0..2u8 {
            let flags = if side == 0 { king_side } else { queen_side };
            if !(flags.get(seat as usize) == Some(&true) && playing) {
                continue;
            }
            if let Some(d) = castle_from_position(pos, seat, side) {
                let i = 2 * seat as usize + side as usize;
                defs[i] = d;
                rights |= 1 << i;
            }
        }
    }
    (defs, rights)
}

/// The start position.
pub fn start_position(v: &'static Variant) -> Result<Position> {
    fen4::parse(v, START_FEN4)
}

/// Points for capturing `p` in free for all: pawn 1, knight 3, bishop 5, rook 5, queen 9, a
/// promoted piece 1, king 20; grey pieces (of players who are out) 0.
pub fn piece_value(p: Piece) -> i32 {
    if p.is_none() || p.is_grey() {
        return 0;
    }
    if p.kind() == KING {
        return 20;
    }
    if p.promoted() {
        return 1;
    }
    match p.kind() {
        PAWN => 1,
        KNIGHT => 3,
        BISHOP | ROOK => 5,
        QUEEN => 9,
        _ => 0,
    }
}

/// Points for checking several kings with one move: two kings 5 (1 if every checked king is
/// checked by a queen), three kings 20 (5 with queens); a single check scores nothing.
pub fn check_bonus(kings: usize, by_queens: bool) -> i32 {
    match (kings, by_queens) {
        (0 | 1, _) => 0,
        (2, true) => 1,
        (2, false) => 5,
        (_, true) => 5,
        (_, false) => 20,
    }
}

/// Free for all: the highest score wins.
pub static RULES_FFA: multi::MultiRules = multi::MultiRules {
    start: start_position,
    parse: fen4::parse,
    write: fen4::write,
    after_action: after_action_ffa,
    choices: multi::no_choices,
    castling_from_flags: Some(castling),
    end_by_agreement: false,
    by_points: true,
};
/// Teams: the last team left wins.
pub static RULES_TEAMS: multi::MultiRules = multi::MultiRules {
    after_action: after_action_teams,
    by_points: false,
    ..RULES_FFA
};

// ---------------------------------------------------------------- free for all

/// Free for all: scores, players going out, walking kings, ends and draws.
fn after_action_ffa(ctx: &mut Ctx) -> Option<Outcome> {
    let v = ctx.pos.variant;
    // `anchor`: the turn passes on from this seat if the seat to move goes out
    let anchor;
    // who is credited with a mate that this action brings about (None: see below)
    let mut mater: Option<Seat> = None;
    match ctx.action {
        Action::Move(m) => {
            let mover = ctx.before.turn();
            anchor = mover;
            // only a player still in scores; a walking king's moves score nothing
            let scoring = multi::is_active(ctx.before, mover);
            if scoring {
                mater = Some(mover);
            }
            if let Some((_, victim)) = ctx.before.captured_piece(m) {
                if v.is_live_king(victim) {
                    if scoring {
                        ctx.score(mover, piece_value(victim), "king captured");
                    }
                    multi::put_out(ctx, victim.owner(), OutReason::KingCaptured);
                } else if scoring {
                    ctx.score(mover, piece_value(victim), "capture");
                }
            }
            if scoring {
                let checked = ctx.pos.kings_attacked_by(mover);
                let by_queens = checked
                    .iter()
                    .all(|(_, cells)| cells.iter().any(|&c| ctx.pos.at(c).kind() == QUEEN));
                let bonus = check_bonus(checked.len(), by_queens);
                let why = if checked.len() >= 3 {
                    "triple check"
                } else {
                    "double check"
                };
                ctx.score(mover, bonus, why);
            }
        }
        Action::Resign(s) | Action::Timeout(s) => {
            anchor = ctx.pos.turn();
            let reason = if matches!(ctx.action, Action::Resign(_)) {
                OutReason::Resignation
            } else {
                OutReason::Timeout
            };
            multi::start_walking(ctx, s, reason);
        }
        Action::Choose(_) => return None,
    }

    // mate and stalemate, for every player, as if each were to move
    let stuck = multi::stuck_seats(ctx.pos, MateTiming::EveryMove);
    let mut stalemates = 0;
    for &(s, mobility) in &stuck {
        match mobility {
            Mobility::Checkmated => {
                // a mate that no move made (the resigner's own king, left without its army):
                // credited to the checking player who would move first
                let credit = mater.or_else(|| {
                    multi::checking_seats(ctx.pos, s)
                        .into_iter()
                        .find(|&c| multi::is_active(ctx.pos, c))
                });
                if let Some(c) = credit.filter(|&c| c != s) {
                    ctx.score(c, MATE_POINTS, "checkmate");
                }
                multi::put_out(ctx, s, OutReason::Checkmate);
            }
            Mobility::Stalemated => {
                multi::put_out(ctx, s, OutReason::Stalemate);
                stalemates += 1;
            }
            Mobility::Free => {}
        }
    }
    for _ in 0..stalemates {
        multi::score_each_active(ctx, DRAW_POINTS, "stalemate");
    }
    multi::fix_turn(ctx.pos, anchor);

    // ends
    let active = multi::active_seats(ctx.pos);
    if active.len() <= 1 {
        // the last player in scores 20 for every walking king still on the board: it would
        // be mated in the end (with two left, a resignation thus gives the other 20)
        if let [survivor] = active[..] {
            let walking = ctx.pos.walking.count_ones() as i32;
            ctx.score(survivor, MATE_POINTS * walking, "walking kings left");
        }
        return Some(multi::points_outcome(ctx.pos, EndReason::Points));
    }
    if active.len() == 2 {
        let (a, b) = (
            ctx.pos.scores[active[0] as usize],
            ctx.pos.scores[active[1] as usize],
        );
        if (a - b).abs() > LEAD_TO_END {
            return Some(multi::points_outcome(ctx.pos, EndReason::Points));
        }
    }
    if let Some(reason) = multi::draw_reason(ctx) {
        multi::score_each_active(ctx, DRAW_POINTS, "draw");
        return Some(multi::points_outcome(ctx.pos, reason));
    }
    if multi::move_limit_reached(ctx) {
        return Some(multi::points_outcome(ctx.pos, EndReason::MoveLimit));
    }
    None
}

// ---------------------------------------------------------------- teams

/// Teams: the first team to mate an opponent (on that opponent's turn) or take a king wins.
fn after_action_teams(ctx: &mut Ctx) -> Option<Outcome> {
    let v = ctx.pos.variant;
    match ctx.action {
        Action::Resign(s) | Action::Timeout(s) => {
            let (out, end) = if matches!(ctx.action, Action::Resign(_)) {
                (OutReason::Resignation, EndReason::Resignation)
            } else {
                (OutReason::Timeout, EndReason::Timeout)
            };
            ctx.events.push(crate::game::Event::Out {
                seat: s,
                reason: out,
            });
            return Some(multi::team_loses(v, s, end));
        }
        Action::Move(m) => {
            let mover = ctx.before.turn();
            if let Some((_, victim)) = ctx.before.captured_piece(m) {
                if v.is_live_king(victim) {
                    multi::put_out(ctx, victim.owner(), OutReason::KingCaptured);
                    return Some(multi::team_wins(v, mover, EndReason::KingCaptured));
                }
            }
        }
        Action::Choose(_) => return None,
    }
    for (s, mobility) in multi::stuck_seats(ctx.pos, MateTiming::OnTurn) {
        match mobility {
            Mobility::Checkmated => {
                ctx.events.push(crate::game::Event::Out {
                    seat: s,
                    reason: OutReason::Checkmate,
                });
                return Some(multi::team_loses(v, s, EndReason::Checkmate));
            }
            Mobility::Stalemated => return Some(Outcome::draw(EndReason::Stalemate)),
            Mobility::Free => {}
        }
    }
    if let Some(reason) = multi::draw_reason(ctx) {
        return Some(Outcome::draw(reason));
    }
    if multi::move_limit_reached(ctx) {
        return Some(Outcome::draw(EndReason::MoveLimit));
    }
    None
}
