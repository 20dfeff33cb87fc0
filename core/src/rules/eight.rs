//! Eight-player chess on 516 squares (seeds 000 and 002, DECISIONS.md "Eight-player chess"):
//! free for all (`eight-player-ffa`), pairs (`eight-player-pairs`) and teams
//! (`eight-player-teams`). The three modes share board, setup and movement; they differ in who
//! is allied with whom (the variant's seat teams) and in the family hook after each action.
//!
//! Seats in turn order (clockwise): 0 White, 1 Red, 2 Blue, 3 Yellow, 4 Purple, 5 Orange,
//! 6 Green, 7 Black. Position notation: FEN8 ([`crate::notation::fen8`]).
//!
//! **Rules** (built on [`crate::rules::multi`]): checkmate and stalemate are decided only when
//! the player's turn comes ([`MateTiming::OnTurn`]), so the players before may still save the
//! king or steal the mate. A king left capturable on another player's turn may be taken. A
//! player who is mated, stalemated, loses the king or resigns (or runs out of time) is out: the
//! army turns grey and stays as obstacles anyone may take for nothing.
//!
//! Free for all and pairs score points ([`piece_value`], [`MATE_POINTS`]); pairs count the
//! points of both partners ([`pair_points`]). The mate's 25 go to [`mate_credit`]; stalemate
//! and resignation points as [`stalemate_points`] and [`resignation_points`] say. The game ends
//! when one player (pair) is left or when one of the last two players (pairs) leads the other by
//! [`LEAD_TO_END`] or more and nobody is ahead of it (the other then gets 25). Repetition, fifty
//! rounds and kings alone give 25 to every player still in and end the game. Places go by points.
//!
//! Teams (White, Blue, Purple, Green against Red, Yellow, Orange, Black) score nothing: the
//! first team to put three opponents out by mate, king capture, resignation or time-out wins;
//! two stalemated players of one team, repetition, fifty rounds and kings alone draw.
//!
//! Once no person at the board is still playing ([`Game::no_person_playing`](crate::game::Game::no_person_playing)) the players may
//! end the game by agreement ([`crate::game::Game::end_by_agreement`]): places by points, a draw
//! in teams.

use crate::board::{grid, Cell};
use crate::error::Result;
use crate::game::{Action, Choice, Ctx, EndReason, Event, OutReason, Outcome};
use crate::notation::fen8::{self, CastleSquares};
use crate::piece::{self, chess::*, Piece, Seat};
use crate::position::Position;
use crate::rules::multi::{self, MateTiming, Mobility};
use crate::variant::{EpMode, KingTake, SeatDef, Variant};

/// Points for checkmating a player, and the king's value.
pub const MATE_POINTS: i32 = 25;
/// One of the last two players (pairs) leading by this much ends the game.
pub const LEAD_TO_END: i32 = 26;
/// Points shared at a stalemate by another or a resignation, and given each at a draw.
pub const SHARE_POINTS: i32 = 25;

/// Game ids of the three modes.
pub const FFA: &str = "eight-player-ffa";
pub const PAIRS: &str = "eight-player-pairs";
pub const TEAMS: &str = "eight-player-teams";

/// Colour id, tag, pawn facing, the back-rank cell at the player's left (x, y) and the order of
/// the back rank seen from the player, left to right (DECISIONS.md).
const SEATS: [(&str, char, u8, (i16, i16), &str); 8] = [
    ("white", 'w', grid::NORTH, (13, 0), "RNBKQBNR"), // n1..u1
    ("red", 'r', grid::NORTH, (3, 0), "RNBQKBNR"),    // d1..k1
    ("blue", 'b', grid::EAST, (0, 10), "RNBKQBNR"),   // a11..a4
    ("yellow", 'y', grid::EAST, (0, 20), "RNBQKBNR"), // a21..a14
    ("purple", 'p', grid::SOUTH, (10, 23), "RNBKQBNR"), // k24..d24
    ("orange", 'o', grid::SOUTH, (20, 23), "RNBQKBNR"), // u24..n24
    ("green", 'g', grid::WEST, (23, 13), "RNBKQBNR"), // x14..x21
    ("black", 'k', grid::WEST, (23, 3), "RNBQKBNR"),  // x4..x11
];

/// The team of each seat in a mode: free for all, every seat alone; pairs, partners opposite
/// (seat and seat + 4); teams, every second seat.
fn team(id: &str, seat: usize) -> u8 {
    match id {
        PAIRS => (seat % 4) as u8,
        TEAMS => (seat % 2) as u8,
        _ => seat as u8,
    }
}

/// The player's right hand, as a grid step: facing turned clockwise.
fn right_of(facing: u8) -> (i16, i16) {
    grid::facing_step((facing + 1) % 4)
}

/// The eight back-rank cells of a seat, from the player's left, and its pawn cells.
fn army_cells(seat: usize) -> ([(i16, i16); 8], [(i16, i16); 8]) {
    let (_, _, facing, (x0, y0), _) = SEATS[seat];
    let (rx, ry) = right_of(facing);
    let (fx, fy) = grid::facing_step(facing);
    let mut back = [(0, 0); 8];
    let mut pawns = [(0, 0); 8];
    for i in 0..8 {
        back[i] = (x0 + rx * i as i16, y0 + ry * i as i16);
        pawns[i] = (back[i].0 + fx, back[i].1 + fy);
    }
    (back, pawns)
}

/// The start position in FEN8.
pub fn start_fen() -> String {
    let mut grid_toks: Vec<Vec<Option<String>>> = vec![vec![None; 24]; 24];
    for (s, &(_, tag, _, _, order)) in SEATS.iter().enumerate() {
        let (back, pawns) = army_cells(s);
        for (i, letter) in order.chars().enumerate() {
            let (x, y) = back[i];
            grid_toks[y as usize][x as usize] = Some(format!("{tag}{letter}"));
            let (x, y) = pawns[i];
            grid_toks[y as usize][x as usize] = Some(format!("{tag}P"));
        }
    }
    let mut rows = Vec::new();
    for y in (0..24).rev() {
        let mut toks: Vec<String> = Vec::new();
        let mut empty = 0;
        for cell in &grid_toks[y] {
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
    let ones = vec!["1"; 8].join(",");
    let zeros = vec!["0"; 8].join(",");
    format!("W-{zeros}-{ones}-{ones}-{zeros}-0-1-{}", rows.join("/"))
}

/// Builds the variant of one of the three modes.
pub fn variant(id: &'static str) -> Variant {
    let rules = if id == FFA { &RULES_FFA } else { &RULES_TEAMS };
    let mut v = Variant::base(id, rules, grid::eight_player(), piece::orthodox());
    // teams keep no score
    v.points = id != TEAMS;
    v.seats = SEATS
        .iter()
        .enumerate()
        .map(|(i, &(colour, tag, facing, _, _))| SeatDef {
            colour,
            tag,
            team: team(id, i),
            facing,
        })
        .collect();
    for f in 0..4u8 {
        // double step from the pawns' start line; promotion on the player's own 11th rank
        v.double_step[f as usize] = grid::line_from_back(&v.board, f, 1);
        v.promotion_zone[f as usize] = grid::line_from_back(&v.board, f, 10);
    }
    v.promote_to = vec![QUEEN, ROOK, BISHOP, KNIGHT];
    v.ep = EpMode::None;
    v.castling = true;
    // mate credit and the teams' stalemate count read the game's record
    v.hooks.record = true;
    // a king that may be taken is taken even by a player in check, where its army (grey once
    // its owner is out) was the only one giving that check (docs/rules-decisions.md)
    v.king_take = KingTake::VictimGreys;
    v.start_fen = start_fen();
    v.finish()
}

/// Each seat's king cell and its king-side and queen-side rook cells at the start. The king
/// side is the side without the queen.
pub fn castle_squares(v: &Variant) -> Vec<CastleSquares> {
    let t = &v.board;
    let cell = |(x, y): (i16, i16)| -> Cell { t.at(x, y).expect("army cell") };
    (0..8)
        .map(|s| {
            let (back, _) = army_cells(s);
            let order: Vec<char> = SEATS[s].4.chars().collect();
            let k = order.iter().position(|&c| c == 'K').unwrap_or(0);
            let q = order.iter().position(|&c| c == 'Q').unwrap_or(0);
            let (king_rook, queen_rook) = if q > k { (0, 7) } else { (7, 0) };
            (cell(back[k]), cell(back[king_rook]), cell(back[queen_rook]))
        })
        .collect()
}

/// Reads a FEN8 position of one of the eight-player variants.
pub fn parse(v: &'static Variant, text: &str) -> Result<Position> {
    fen8::parse(v, &castle_squares(v), text)
}

/// Writes a position as FEN8.
pub fn write(pos: &Position) -> String {
    fen8::write(pos)
}

/// The seat with this colour id (tests, tools).
pub fn seat_of(colour: &str) -> Option<Seat> {
    SEATS.iter().position(|s| s.0 == colour).map(|i| i as Seat)
}

// ---------------------------------------------------------------- points

/// Points for capturing `p`: pawn 1, knight 2, bishop 5, rook 7, queen 10, king 25; a promoted
/// piece is worth what it now is; grey pieces (of players who are out) 0.
pub fn piece_value(p: Piece) -> i32 {
    if p.is_none() || p.is_grey() {
        return 0;
    }
    match p.kind() {
        PAWN => 1,
        KNIGHT => 2,
        BISHOP => 5,
        ROOK => 7,
        QUEEN => 10,
        KING => MATE_POINTS,
        _ => 0,
    }
}

/// The points of `seat`'s side: its own in free for all and teams, its pair's in pairs.
pub fn pair_points(pos: &Position, seat: Seat) -> i32 {
    multi::team_of(pos.variant, seat)
        .iter()
        .map(|&s| pos.scores[s as usize])
        .sum()
}

/// The sides of a game (teams of the variant: eight single seats, four pairs or two teams),
/// each as its seats, in seat order of their first seat.
fn sides(v: &Variant) -> Vec<Vec<Seat>> {
    let mut out: Vec<Vec<Seat>> = Vec::new();
    for s in 0..v.seat_count() as Seat {
        if !out.iter().any(|side| v.allied(side[0], s)) {
            out.push(multi::team_of(v, s));
        }
    }
    out
}

/// Whether a side still has a player in the game.
fn side_active(pos: &Position, side: &[Seat]) -> bool {
    side.iter().any(|&s| multi::is_active(pos, s))
}

/// The seat of a side that receives points given to the side: the first of `prefer` on that
/// side, else its first player still in, else its first seat.
fn receiver(pos: &Position, side: &[Seat], prefer: &[Seat]) -> Seat {
    prefer
        .iter()
        .copied()
        .find(|s| side.contains(s))
        .or_else(|| side.iter().copied().find(|&s| multi::is_active(pos, s)))
        .unwrap_or(side[0])
}

/// Gives `total` shared among `sides`: floor(total / number of sides) each.
fn share(ctx: &mut Ctx, sides: &[(Vec<Seat>, Seat)], total: i32, why: &str) {
    if sides.is_empty() {
        return;
    }
    let each = total / sides.len() as i32;
    for (_, seat) in sides {
        ctx.score(*seat, each, why);
    }
}

// ---------------------------------------------------------------- looking back

/// The record of the game so far as (mover, action, position before, position after), the
/// current action last (its "after" is the position as the hook has left it so far).
fn record<'a>(ctx: &'a Ctx) -> Vec<(Seat, Action, &'a Position, &'a Position)> {
    let mut out = Vec::with_capacity(ctx.earlier.len() + 1);
    let mut prev = ctx.start;
    for p in ctx.earlier {
        out.push((p.mover, p.action, prev, &p.after));
        prev = &p.after;
    }
    out.push((ctx.before.turn(), ctx.action, ctx.before, &*ctx.pos));
    out
}

/// Who turned `seat` from having a legal move into having none, each position judged as if
/// `seat` were to move: looks at the positions since `seat`'s own last move (that move
/// included) and returns the mover of the last move after which `seat` could not move though
/// it could before. `Some(seat)` if its own move did it; `None` if that is unknown (the game
/// started from a position where it already could not move, or no move did it).
pub fn stuck_by(ctx: &Ctx, seat: Seat) -> Option<Seat> {
    let rec = record(ctx);
    let own = rec
        .iter()
        .rposition(|(m, a, _, _)| *m == seat && matches!(a, Action::Move(_)));
    let first = own.unwrap_or(0);
    let free = |p: &Position| multi::mobility(p, seat) == Mobility::Free;
    let mut was_free = match own {
        Some(_) => true, // it was to move and moved: it had a legal move
        None => free(rec[0].2),
    };
    let mut culprit = None;
    for (mover, action, _, after) in &rec[first..] {
        let now_free = free(after);
        if was_free && !now_free {
            culprit = matches!(action, Action::Move(_)).then_some(*mover);
        }
        was_free = now_free;
    }
    culprit
}

/// Who scores the mate of `seat` (DECISIONS.md): the opponent whose move last turned `seat`
/// from having a legal move into being mated ([`stuck_by`]); if that mover was `seat` itself
/// or a partner (or is unknown), the last opponent whose piece gives check, i.e. the checking
/// opponent who moves last before `seat`.
pub fn mate_credit(ctx: &Ctx, seat: Seat) -> Option<Seat> {
    let v = ctx.pos.variant;
    match stuck_by(ctx, seat) {
        Some(m) if !v.allied(m, seat) => Some(m),
        _ => multi::checking_seats(ctx.pos, seat).last().copied(),
    }
}

/// The points each seat took from `victim`'s pieces so far in the game.
pub fn taken_from(ctx: &Ctx, victim: Seat) -> [i32; 8] {
    let mut took = [0; 8];
    for (mover, action, before, _) in record(ctx) {
        if let Action::Move(m) = action {
            if let Some((_, p)) = before.captured_piece(m) {
                if !p.is_grey() && p.owner() == victim {
                    took[mover as usize] += piece_value(p);
                }
            }
        }
    }
    took
}

/// Resignation (or time-out) of `r` in free for all and pairs: its 25 points go to the player
/// (pair) who took the most points from it; tied players (pairs) get floor(25 / their number)
/// each; if nobody took anything, the players (pairs) still playing share it the same way.
/// Within a pair the points go to the partner who took more (the first in turn order on a tie).
pub fn resignation_points(ctx: &mut Ctx, r: Seat) {
    let v = ctx.pos.variant;
    let took = taken_from(ctx, r);
    let others: Vec<Vec<Seat>> = sides(v)
        .into_iter()
        .filter(|side| !side.contains(&r))
        .collect();
    let total = |side: &[Seat]| side.iter().map(|&s| took[s as usize]).sum::<i32>();
    let best = others.iter().map(|s| total(s)).max().unwrap_or(0);
    let chosen: Vec<(Vec<Seat>, Seat)> = if best > 0 {
        others
            .into_iter()
            .filter(|side| total(side) == best)
            .map(|side| {
                let top = side.iter().map(|&s| took[s as usize]).max().unwrap_or(0);
                let prefer: Vec<Seat> = side
                    .iter()
                    .copied()
                    .filter(|&s| took[s as usize] == top)
                    .collect();
                let seat = receiver(ctx.pos, &side, &prefer);
                (side, seat)
            })
            .collect()
    } else {
        others
            .into_iter()
            .filter(|side| side_active(ctx.pos, side))
            .map(|side| {
                let seat = receiver(ctx.pos, &side, &[]);
                (side, seat)
            })
            .collect()
    };
    share(ctx, &chosen, SHARE_POINTS, "resignation");
}

/// Stalemate of `seat` in free for all and pairs: if its own move (pairs: its own or its
/// partner's) left it without a move, it (its pair) scores 25; otherwise every other player
/// still playing (pairs: every opponent still playing) scores floor(25 / their number).
pub fn stalemate_points(ctx: &mut Ctx, seat: Seat) {
    let v = ctx.pos.variant;
    match stuck_by(ctx, seat) {
        Some(m) if v.allied(m, seat) => ctx.score(seat, SHARE_POINTS, "stalemated themselves"),
        _ => {
            let rest: Vec<(Vec<Seat>, Seat)> = multi::active_seats(ctx.pos)
                .into_iter()
                .filter(|&s| !v.allied(s, seat))
                .map(|s| (vec![s], s))
                .collect();
            share(ctx, &rest, SHARE_POINTS, "stalemate");
        }
    }
}

// ---------------------------------------------------------------- ends

/// The outcome by points: the side (player or pair) with the most points wins; ties win
/// together.
pub fn points_outcome(pos: &Position, reason: EndReason) -> Outcome {
    let v = pos.variant;
    let all = sides(v);
    let best = all
        .iter()
        .map(|s| pair_points(pos, s[0]))
        .max()
        .unwrap_or(0);
    let mut winners: Vec<Seat> = all
        .into_iter()
        .filter(|s| pair_points(pos, s[0]) == best)
        .flatten()
        .collect();
    winners.sort_unstable();
    Outcome::win(winners, reason)
}

/// Seats that went out by stalemate so far (they do not count towards a teams win).
fn stalemated_seats(ctx: &Ctx) -> Vec<Seat> {
    ctx.earlier
        .iter()
        .flat_map(|p| p.events.iter())
        .chain(ctx.events.iter())
        .filter_map(|e| match e {
            Event::Out {
                seat,
                reason: OutReason::Stalemate,
            } => Some(*seat),
            _ => None,
        })
        .collect()
}

/// Whether the game is over after a player went out (or at any time), and how.
fn end_check(ctx: &mut Ctx) -> Option<Outcome> {
    let v = ctx.pos.variant;
    if !v.points {
        let stalemated = stalemated_seats(ctx);
        for side in sides(v) {
            if side.iter().filter(|s| stalemated.contains(s)).count() >= 2 {
                return Some(Outcome::draw(EndReason::Stalemate));
            }
        }
        for side in sides(v) {
            let put_out = multi::opponents_of(v, side[0])
                .into_iter()
                .filter(|&s| !ctx.pos.is_in_play(s) && !stalemated.contains(&s))
                .count();
            if put_out >= 3 {
                // the reason of the out that made the third
                let reason = match ctx.events.iter().rev().find_map(|e| match e {
                    Event::Out { reason, .. } => Some(*reason),
                    _ => None,
                }) {
                    Some(OutReason::Checkmate) => EndReason::Checkmate,
                    Some(OutReason::KingCaptured) => EndReason::KingCaptured,
                    Some(OutReason::Resignation) => EndReason::Resignation,
                    Some(OutReason::Timeout) => EndReason::Timeout,
                    _ => EndReason::Points,
                };
                return Some(Outcome::win(side, reason));
            }
        }
        return None;
    }
    let left: Vec<Vec<Seat>> = sides(v)
        .into_iter()
        .filter(|side| side_active(ctx.pos, side))
        .collect();
    if left.len() <= 1 {
        return Some(points_outcome(ctx.pos, EndReason::Points));
    }
    if left.len() == 2 {
        let (a, b) = (
            pair_points(ctx.pos, left[0][0]),
            pair_points(ctx.pos, left[1][0]),
        );
        let other = if a >= b { 1 } else { 0 };
        let top = a.max(b);
        // "nobody is ahead": no player (pair), in or out, has more points than the leader
        let nobody_ahead = sides(v).iter().all(|s| pair_points(ctx.pos, s[0]) <= top);
        if (a - b).abs() >= LEAD_TO_END && nobody_ahead {
            let seat = receiver(ctx.pos, &left[other], &[]);
            ctx.score(seat, SHARE_POINTS, "left behind");
            return Some(points_outcome(ctx.pos, EndReason::Points));
        }
    }
    None
}

/// The outcome when the players end the game by agreement: places by points (teams: a draw).
pub fn agreed_outcome(pos: &Position) -> Outcome {
    if !pos.variant.points {
        Outcome::draw(EndReason::Agreement)
    } else {
        points_outcome(pos, EndReason::Agreement)
    }
}

// ---------------------------------------------------------------- the hook

/// The rules of the eight-player modes (free for all; `RULES_TEAMS` for pairs and teams).
pub const RULES: multi::MultiRules = multi::MultiRules {
    start: multi::start_from_fen,
    parse,
    write,
    after_action,
    choices: multi::no_choices,
    castling_from_flags: None,
    end_by_agreement: true,
    by_points: true,
};

/// Free for all: the highest score wins.
pub static RULES_FFA: multi::MultiRules = RULES;
/// Teams (and pairs): the last team left wins.
pub static RULES_TEAMS: multi::MultiRules = multi::MultiRules {
    by_points: false,
    ..RULES
};

/// The rules after every action, for all three modes.
pub fn after_action(ctx: &mut Ctx) -> Option<Outcome> {
    let v = ctx.pos.variant;
    let scoring = v.points;
    let anchor;
    match ctx.action {
        Action::Move(m) => {
            let mover = ctx.before.turn();
            anchor = mover;
            if let Some((_, victim)) = ctx.before.captured_piece(m) {
                let king = v.is_live_king(victim);
                if scoring {
                    let why = if king { "king captured" } else { "capture" };
                    ctx.score(mover, piece_value(victim), why);
                }
                if king {
                    multi::put_out(ctx, victim.owner(), OutReason::KingCaptured);
                }
            }
        }
        Action::Resign(s) | Action::Timeout(s) => {
            anchor = ctx.pos.turn();
            let reason = if matches!(ctx.action, Action::Resign(_)) {
                OutReason::Resignation
            } else {
                OutReason::Timeout
            };
            multi::put_out(ctx, s, reason);
            if scoring {
                resignation_points(ctx, s);
            }
        }
        Action::Choose(Choice::End) => return Some(agreed_outcome(ctx.pos)),
        Action::Choose(_) => return None,
    }
    multi::fix_turn(ctx.pos, anchor);
    if let Some(o) = end_check(ctx) {
        return Some(o);
    }
    // mate and stalemate of the player whose turn it is; the turn then passes on
    while let Some(&(s, mobility)) = multi::stuck_seats(ctx.pos, MateTiming::OnTurn).first() {
        match mobility {
            Mobility::Free => break,
            Mobility::Checkmated => {
                if scoring {
                    if let Some(c) = mate_credit(ctx, s) {
                        ctx.score(c, MATE_POINTS, "checkmate");
                    }
                }
                multi::put_out(ctx, s, OutReason::Checkmate);
            }
            Mobility::Stalemated => {
                if scoring {
                    stalemate_points(ctx, s);
                }
                multi::put_out(ctx, s, OutReason::Stalemate);
            }
        }
        multi::fix_turn(ctx.pos, s);
        if let Some(o) = end_check(ctx) {
            return Some(o);
        }
    }
    if let Some(reason) = multi::draw_reason(ctx) {
        if !scoring {
            return Some(Outcome::draw(reason));
        }
        multi::score_each_active(ctx, SHARE_POINTS, "draw");
        return Some(points_outcome(ctx.pos, reason));
    }
    if multi::move_limit_reached(ctx) {
        return Some(if scoring {
            points_outcome(ctx.pos, EndReason::MoveLimit)
        } else {
            Outcome::draw(EndReason::MoveLimit)
        });
    }
    None
}

#[cfg(test)]
#[path = "eight_tests.rs"]
mod tests;
