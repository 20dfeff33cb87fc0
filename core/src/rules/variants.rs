//! The chess variants of the first catalogue group: antichess, atomic, crazyhouse, duck chess
//! and fog of war (lichess / chess.com rules, as Fairy-Stockfish plays them; see
//! `../shared/rules/DECISIONS.md`). Each is chess's data with a few changes (a non-royal king,
//! a king that cannot capture, hands, the duck) and the hooks its rules need: forced capture,
//! explosions, the duck's placement, king capture. Their notation is Fairy-Stockfish's FEN
//! (holdings `[...]`, promoted pieces marked `~`, the duck `*`).

use crate::board::{grid, Cell, CellSet, NO_CELL};
use crate::error::{Error, Result};
use crate::game::{Action, Choice, Ctx, EndReason, Outcome};
use crate::notation::fen;
use crate::piece::{self, atoms::*, chess::*, Atom, Mode, Piece, PieceType, Seat, NEUTRAL};
use crate::position::{CastleDef, Ep, Move, MoveKind, Position};
use crate::rules::{two_player_standings, Rules, Standing};
use crate::variant::{EpMode, Family, HandRule, Hooks, SeatDef, Variant};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The duck's piece kind in duck chess (owned by no seat: `Piece::neutral(DUCK)`).
pub const DUCK: u8 = 6;

/// Which variant's rules a family value carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Captures compulsory, the king an ordinary piece, no pieces or no moves wins.
    Antichess,
    /// Captures explode; kings cannot capture; an exploded king loses.
    Atomic,
    /// Captured pieces go to hand and may be dropped.
    Crazyhouse,
    /// A move, then the duck; no check; taking the king wins; no move wins.
    Duck,
    /// No check; taking the king wins; each seat sees only what its pieces reach.
    Fog,
}

/// The rules of one chess variant.
pub struct VariantRules(pub Rule);

pub static ANTICHESS: VariantRules = VariantRules(Rule::Antichess);
pub static ATOMIC: VariantRules = VariantRules(Rule::Atomic);
pub static CRAZYHOUSE: VariantRules = VariantRules(Rule::Crazyhouse);
pub static DUCK_RULES: VariantRules = VariantRules(Rule::Duck);
pub static FOG: VariantRules = VariantRules(Rule::Fog);

/// The orthodox pieces with the changes of a variant.
fn pieces(rule: Rule) -> Vec<PieceType> {
    let mut p = piece::orthodox();
    match rule {
        // the king is an ordinary piece (a commoner): no check, several kings after promotion
        Rule::Antichess => p[KING as usize].royal = false,
        // a king never captures
        Rule::Atomic => {
            p[KING as usize].atoms = vec![
                step(crate::board::Line::Orth).mode(Mode::MoveOnly),
                step(crate::board::Line::Diag).mode(Mode::MoveOnly),
            ]
        }
        // a promoted piece goes back to hand as a pawn
        Rule::Crazyhouse => {
            for k in [KNIGHT, BISHOP, ROOK, QUEEN] {
                p[k as usize].demotes_to = Some(PAWN);
            }
        }
        Rule::Duck => p.push(PieceType::new('*', "duck", Vec::<Atom>::new())),
        Rule::Fog => {}
    }
    p
}

/// The variant of a game id of this module.
pub fn variant(id: &'static str, rule: Rule) -> Variant {
    let family = match rule {
        Rule::Antichess => Family::Antichess,
        Rule::Atomic => Family::Atomic,
        Rule::Crazyhouse => Family::Crazyhouse,
        Rule::Duck => Family::Duck,
        Rule::Fog => Family::FogOfWar,
    };
    let board = grid::standard();
    let mut v = Variant::base(id, family, board, pieces(rule));
    v.seats = SeatDef::white_and_black();
    let n = grid::NORTH as usize;
    let s = grid::SOUTH as usize;
    v.double_step = vec![CellSet::EMPTY; 4];
    v.promotion_zone = vec![CellSet::EMPTY; 4];
    v.double_step[n] = grid::line_from_back(&v.board, grid::NORTH, 1);
    v.double_step[s] = grid::line_from_back(&v.board, grid::SOUTH, 1);
    v.promotion_zone[n] = grid::line_from_back(&v.board, grid::SOUTH, 0);
    v.promotion_zone[s] = grid::line_from_back(&v.board, grid::NORTH, 0);
    v.promote_to = vec![QUEEN, ROOK, BISHOP, KNIGHT];
    v.ep = EpMode::NextMove;
    v.castling = true;
    v.start_fen = START_FEN.to_string();
    match rule {
        Rule::Antichess => {
            v.promote_to.push(KING);
            v.castling = false;
            v.royal_check = false;
            v.hooks.filter = true;
            v.start_fen = START_FEN.replace("KQkq", "-");
        }
        Rule::Atomic => {
            // king safety is the atomic kind (adjacent kings, explosions): the filter decides
            v.royal_check = false;
            v.hooks = Hooks {
                filter: true,
                effects: true,
                ..Hooks::default()
            };
        }
        Rule::Crazyhouse => {
            // zone 1: where a pawn may be dropped (not the first or last rank)
            let empty = vec![CellSet::EMPTY; 4];
            let mut inner = empty.clone();
            let middle: CellSet = (0..64)
                .filter(|&c| (1..=6).contains(&v.board.cells[c as usize].y))
                .collect();
            inner[n] = middle;
            inner[s] = middle;
            v.zones = vec![empty, inner];
            let mut drop_zone = vec![0; 6];
            drop_zone[PAWN as usize] = 1;
            v.hand = Some(HandRule {
                captures_to_hand: true,
                drops: true,
                drop_zone,
            });
            v.start_fen = START_FEN.replace(" w", "[] w");
        }
        Rule::Duck => {
            v.royal_check = false;
            v.steps_per_turn = 2;
            v.hooks = Hooks {
                extra_moves: true,
                filter: true,
                ..Hooks::default()
            };
        }
        Rule::Fog => {
            v.royal_check = false;
            v.hooks.filter = true;
        }
    }
    v.finish()
}

// ------------------------------------------------------------------------------------- FEN

fn bad(msg: impl Into<String>) -> Error {
    Error::BadFen(msg.into())
}

/// Reads Fairy-Stockfish's FEN of these variants: `~` after a promoted piece, `*` the duck,
/// holdings in brackets after the board (`[QPpp]`, `[]` or none), `KQkq` or Shredder castling
/// letters. Unlike chess, a side may have no king (antichess: any number; a finished game of the
/// others: none).
pub fn parse(v: &'static Variant, text: &str) -> Result<Position> {
    let t = &v.board;
    let f: Vec<&str> = text.split_whitespace().collect();
    if f.is_empty() {
        return Err(bad("empty FEN"));
    }
    let (board, holdings) = match f[0].find('[') {
        Some(i) => {
            let rest = &f[0][i + 1..];
            let h = rest
                .strip_suffix(']')
                .ok_or_else(|| bad("holdings without ']'"))?;
            (&f[0][..i], Some(h))
        }
        None => (f[0], None),
    };
    let mut pos = Position::empty(v);
    let mut rows: Vec<&str> = board.split('/').collect();
    // holdings may also be written as a rank after the last (`.../RNBQKBNR/Qp`)
    let mut holdings = holdings;
    if holdings.is_none() && v.hand.is_some() && rows.len() == t.height as usize + 1 {
        holdings = rows.pop();
    }
    if rows.len() != t.height as usize {
        return Err(bad(format!("{} ranks, expected {}", rows.len(), t.height)));
    }
    let mut ducks = 0;
    for (ri, row) in rows.iter().enumerate() {
        let y = t.height - 1 - ri as i16;
        let mut x: i16 = 0;
        let mut last = NO_CELL;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut n = d;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2);
                    chars.next();
                }
                if n == 0 || n > (t.width - x) as u32 {
                    return Err(bad(format!("empty count {n} on rank {}", y + 1)));
                }
                x += n as i16;
                last = NO_CELL;
                continue;
            }
            if ch == '~' {
                if last == NO_CELL {
                    return Err(bad("'~' without a piece"));
                }
                let p = pos.board[last as usize];
                pos.board[last as usize] = p.with_promoted(true);
                continue;
            }
            let kind = v
                .piece_by_letter(ch)
                .ok_or_else(|| bad(format!("unknown piece '{ch}'")))?;
            let c = t
                .at(x, y)
                .ok_or_else(|| bad(format!("rank {} is too long", y + 1)))?;
            pos.board[c as usize] = if ch == '*' {
                ducks += 1;
                Piece::neutral(kind)
            } else {
                let seat = if ch.is_ascii_uppercase() { 0 } else { 1 };
                Piece::new(kind, seat, v.seats[seat as usize].facing)
            };
            last = c;
            x += 1;
        }
        if x != t.width {
            return Err(bad(format!(
                "rank {} has {} files, expected {}",
                y + 1,
                x,
                t.width
            )));
        }
    }
    if ducks > 1 {
        return Err(bad("more than one duck"));
    }
    pos.st.turn = match f.get(1).copied().unwrap_or("w") {
        "w" => 0,
        "b" => 1,
        s => return Err(bad(format!("side to move '{s}'"))),
    };
    pos.refresh();
    if let Some(h) = holdings {
        if v.hand.is_none() && !h.is_empty() {
            return Err(bad("this game has no hands"));
        }
        for ch in h.chars().filter(|&c| c != '-') {
            let kind = v
                .piece_by_letter(ch)
                .filter(|&k| k != KING && ch != '*')
                .ok_or_else(|| bad(format!("piece '{ch}' in hand")))?;
            let seat = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let n = pos.in_hand(seat, kind);
            if n == u8::MAX {
                return Err(bad("too many pieces in hand"));
            }
            pos.set_hand(seat, kind, n + 1);
        }
    }
    // a royal king per side, except in a position whose game is over (king taken or exploded)
    for s in 0..2u8 {
        let kings = (0..t.len() as Cell)
            .filter(|&c| {
                let p = pos.at(c);
                p.is_seated() && p.owner() == s && v.is_royal(p.kind())
            })
            .count();
        if kings > 1 {
            return Err(bad(format!(
                "{} kings for {}",
                kings, v.seats[s as usize].colour
            )));
        }
    }
    for c in 0..t.len() as Cell {
        let p = pos.at(c);
        let y = t.cells[c as usize].y;
        if p.is_seated() && p.kind() == PAWN && (y == 0 || y == t.height - 1) {
            return Err(bad(format!("pawn on {}", t.name(c))));
        }
    }
    if v.castling {
        let (defs, rights) = castling_from_fen(&pos, f.get(2).copied().unwrap_or("-"))?;
        pos.set_castles(defs, rights);
    } else if f.get(2).is_some_and(|s| *s != "-") {
        return Err(bad("this game has no castling"));
    }
    if let Some(ep) = f.get(3).filter(|s| **s != "-") {
        let target = t
            .cell(ep)
            .ok_or_else(|| bad(format!("en passant square '{ep}'")))?;
        // the pawn of the side not to move; in a turn of two steps (the duck still to place)
        // the side to move's own
        let behind = |s: Seat| t.pawns[v.seats[s as usize].facing as usize].push[target as usize];
        let mut mover = 1 - pos.st.turn;
        if v.steps_per_turn > 1 && behind(mover) != NO_CELL && pos.at(behind(mover)).is_none() {
            mover = pos.st.turn;
        }
        let pawn = behind(mover);
        let ok = pawn != NO_CELL
            && pos.at(pawn).is_seated()
            && pos.at(pawn).kind() == PAWN
            && pos.at(pawn).owner() == mover
            && pos.at(target).is_none();
        if ok {
            pos.st.ep[mover as usize] = Ep {
                target,
                pawn,
                hashed: pos.ep_capturable(target, mover),
            };
        }
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
    if v.royal_check && pos.in_check(1 - pos.st.turn) {
        return Err(bad("the side not to move is in check"));
    }
    Ok(pos)
}

fn castling_from_fen(pos: &Position, s: &str) -> Result<(Vec<CastleDef>, u16)> {
    let v = pos.variant;
    let t = &v.board;
    let mut defs: Vec<CastleDef> = Vec::new();
    if s == "-" {
        return Ok((defs, 0));
    }
    for ch in s.chars() {
        let seat = if ch.is_ascii_uppercase() { 0u8 } else { 1 };
        let back = if seat == 0 { 0 } else { t.height - 1 };
        let king = (0..t.width)
            .filter_map(|x| t.at(x, back))
            .find(|&c| {
                let p = pos.at(c);
                p.is_seated() && p.owner() == seat && p.kind() == KING
            })
            .ok_or_else(|| {
                bad(format!(
                    "castling right '{ch}' without a king on the back rank"
                ))
            })?;
        let kx = t.cells[king as usize].x;
        let is_rook = |x: i16| {
            let p = pos.at(t.at(x, back).unwrap());
            p.is_seated() && p.owner() == seat && p.kind() == ROOK
        };
        let rx = match ch.to_ascii_lowercase() {
            'k' => (kx + 1..t.width).rev().find(|&x| is_rook(x)),
            'q' => (0..kx).find(|&x| is_rook(x)),
            c @ 'a'..='h' => Some((c as u8 - b'a') as i16).filter(|&x| is_rook(x)),
            _ => return Err(bad(format!("castling letter '{ch}'"))),
        }
        .ok_or_else(|| bad(format!("castling right '{ch}' without its rook")))?;
        let d = fen::chess_castle(pos, seat, king, t.at(rx, back).unwrap());
        if defs.iter().any(|e| e.seat == d.seat && e.side == d.side) {
            return Err(bad(format!("castling right '{ch}' given twice")));
        }
        defs.push(d);
    }
    let rights = (1u16 << defs.len()) - 1;
    Ok((defs, rights))
}

/// Writes Fairy-Stockfish's FEN of these variants (see [`parse`]): crazyhouse's promoted pieces
/// marked `~` and its holdings `[QRBNPqrbnp]` (white, then black, queen first), the duck `*`.
pub fn write(pos: &Position) -> String {
    let v = pos.variant;
    let t = &v.board;
    let mut s = String::new();
    for y in (0..t.height).rev() {
        let mut empty = 0;
        for x in 0..t.width {
            let p = t.at(x, y).map(|c| pos.at(c)).unwrap_or_default();
            if p.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s += &empty.to_string();
                empty = 0;
            }
            let l = v.letter(p.kind());
            s.push(if p.owner() == 0 || p.owner() == NEUTRAL {
                l
            } else {
                l.to_ascii_lowercase()
            });
            if p.promoted() && v.hand.is_some() {
                s.push('~');
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        if y > 0 {
            s.push('/');
        }
    }
    if v.hand.is_some() {
        s.push('[');
        for seat in 0..2u8 {
            for k in (0..v.pieces.len() as u8).rev() {
                for _ in 0..pos.in_hand(seat, k) {
                    let l = v.letter(k);
                    s.push(if seat == 0 { l } else { l.to_ascii_lowercase() });
                }
            }
        }
        s.push(']');
    }
    // the castling field and the rest as chess writes them
    let chess = fen::write(pos, false);
    let rest = chess.split_once(' ').map(|(_, r)| r).unwrap_or("");
    let shredder = pos.castles.iter().any(|d| {
        let rx = t.cells[d.rook_from as usize].x;
        let kx = t.cells[d.king_from as usize].x;
        kx != 4 || (rx != 0 && rx != 7)
    });
    if shredder {
        let chess = fen::write(pos, true);
        let rest = chess.split_once(' ').map(|(_, r)| r).unwrap_or("");
        return format!("{s} {rest}");
    }
    format!("{s} {rest}")
}

// ------------------------------------------------------------------------------- the rules

/// Whether `m` takes something (en passant included).
fn is_capture(pos: &Position, m: Move) -> bool {
    match m.kind {
        MoveKind::EnPassant => true,
        MoveKind::Normal => pos.enemy_of(pos.turn(), pos.at(m.to)),
        _ => false,
    }
}

thread_local! {
    /// Antichess: whether the side to move can capture, for the position with this hash (the
    /// filter is asked once per move of a node; this answers all of them with one scan).
    static CAN_CAPTURE: std::cell::Cell<(u64, bool)> = const { std::cell::Cell::new((0, false)) };
}

/// Whether the side to move has a capture (a pseudo-legal one: antichess has no check).
pub fn can_capture(pos: &Position) -> bool {
    let h = pos.hash() ^ 0x5bd1_e995_u64.wrapping_mul(pos.turn() as u64 + 1);
    let (key, val) = CAN_CAPTURE.with(|c| c.get());
    if key == h && h != 0 {
        return val;
    }
    let mut out = Vec::with_capacity(64);
    for c in pos.pieces_of(pos.turn()).iter() {
        pos.piece_moves(c, pos.at(c), &mut out);
    }
    let any = out.iter().any(|&m| is_capture(pos, m));
    CAN_CAPTURE.with(|c| c.set((h, any)));
    any
}

/// Whether two cells touch (a king's step apart).
fn adjacent(pos: &Position, a: Cell, b: Cell) -> bool {
    let t = &pos.variant.board;
    let (ca, cb) = (&t.cells[a as usize], &t.cells[b as usize]);
    a != b && (ca.x - cb.x).abs() <= 1 && (ca.y - cb.y).abs() <= 1
}

/// Atomic check: `seat`'s king is attacked by a piece that could take it, and the enemy king
/// does not stand next to it (taking it would explode the taker's own king too).
pub fn atomic_in_check(pos: &Position, seat: Seat) -> bool {
    let Some(k) = pos.king(seat) else {
        return false;
    };
    atomic_attacked(pos, k, seat)
}

/// Whether `c` is attacked in atomic chess for `seat`'s king standing there.
fn atomic_attacked(pos: &Position, c: Cell, seat: Seat) -> bool {
    if let Some(ek) = pos.king(1 - seat) {
        if adjacent(pos, c, ek) {
            return false;
        }
    }
    pos.attacked(c, seat)
}

/// The cells around `c` and `c` itself (an explosion's reach).
fn blast(pos: &Position, c: Cell) -> impl Iterator<Item = Cell> + '_ {
    let t = &pos.variant.board;
    let (x, y) = (t.cells[c as usize].x, t.cells[c as usize].y);
    (-1..=1).flat_map(move |dx| (-1..=1).filter_map(move |dy| t.at(x + dx, y + dy)))
}

/// Whether a seat has lost its king (taken, or exploded).
fn king_gone(pos: &Position) -> Option<Seat> {
    (0..2).find(|&s| pos.king(s).is_none())
}

/// Threefold repetition and the fifty-move rule.
fn draw_by_rule(pos: &Position, history: &[u64]) -> Option<Outcome> {
    let h = pos.hash();
    if history.iter().filter(|&&x| x == h).count() >= 2 {
        return Some(Outcome::draw(EndReason::Repetition));
    }
    if pos.st.halfmove >= 100 {
        return Some(Outcome::draw(EndReason::FiftyMoves));
    }
    None
}

/// Fog of war: the cells `seat` sees — the cells of its own pieces, every cell one of its
/// pieces can move to (captures included; no check exists in fog of war, so these are the
/// pseudo-legal moves, castling included), and an enemy pawn it may take en passant.
/// Everything else is hidden from that seat (REFERENCE §7; DECISIONS: fog-of-war). Works for
/// either seat whoever is to move.
pub fn visible_cells(pos: &Position, seat: Seat) -> CellSet {
    let mut seen = *pos.pieces_of(seat);
    let mut p = pos.clone();
    if p.turn() != seat {
        // the moves of `seat` as if it were to move (en passant chances stay as they are)
        p.set_turn(seat);
    }
    let mut out = Vec::new();
    p.pseudo_moves(&mut out);
    for m in out {
        if m.to == NO_CELL {
            continue;
        }
        match m.kind {
            MoveKind::Castle => {
                let d = &p.castles[m.aux as usize];
                seen.insert(d.king_to);
                seen.insert(d.rook_to);
            }
            MoveKind::EnPassant => {
                seen.insert(m.to);
                seen.insert(p.st.ep[m.aux as usize].pawn);
            }
            _ => seen.insert(m.to),
        }
    }
    seen
}

impl Rules for VariantRules {
    fn start_position(&self, v: &'static Variant, _n: u32) -> Result<Position> {
        parse(v, &v.start_fen)
    }
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        parse(v, text)
    }
    fn write(&self, pos: &Position) -> String {
        write(pos)
    }
    /// Duck chess: at a turn's second step the duck goes to any empty cell (it must move).
    fn extra_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.0 == Rule::Duck && pos.st.step == 1 {
            let from = (0..pos.board.len() as Cell)
                .find(|&c| {
                    let p = pos.at(c);
                    p.is_some() && p.owner() == NEUTRAL
                })
                .unwrap_or(NO_CELL);
            for c in 0..pos.board.len() as Cell {
                if pos.at(c).is_none() {
                    out.push(Move::place(DUCK, from, c));
                }
            }
        }
    }
    fn button(&self, _pos: &Position, _m: Move) -> Option<crate::message::Message> {
        None
    }
    fn legal(&self, pos: &mut Position, m: Move) -> bool {
        match self.0 {
            // captures are compulsory
            Rule::Antichess => is_capture(pos, m) || !can_capture(pos),
            // a finished game (a king taken) has no moves; the duck's placement still
            // completes the turn that took the king
            Rule::Duck => pos.st.step == 1 || king_gone(pos).is_none(),
            Rule::Fog => king_gone(pos).is_none(),
            Rule::Atomic => {
                if king_gone(pos).is_some() {
                    return false;
                }
                let s = pos.turn();
                if m.kind == MoveKind::Castle {
                    // not out of, through or into check (atomic check: kings side by side are
                    // never in check), tested with the king lifted off its cell, so that it
                    // does not shield the cells it crosses
                    // (its destination, unless it is where the king stands, is tested below in
                    // the position after castling, where the rook may shield it)
                    let d = &pos.castles[m.aux as usize];
                    let (path, king_to) = (d.king_path.clone(), d.king_to);
                    let king = pos.at(m.from);
                    pos.put(m.from, Piece::NONE);
                    let attacked = path
                        .iter()
                        .any(|&c| (c != king_to || c == m.from) && atomic_attacked(pos, c, s));
                    pos.put(m.from, king);
                    if attacked {
                        return false;
                    }
                }
                let u = pos.make(m);
                // the own king may not explode; the enemy king exploding wins at once; else
                // the own king may not be left in (atomic) check
                let ok = match (pos.king(s), pos.king(1 - s)) {
                    (None, _) => false,
                    (Some(_), None) => true,
                    (Some(_), Some(_)) => !atomic_in_check(pos, s),
                };
                pos.unmake(m, &u);
                ok
            }
            Rule::Crazyhouse => true,
        }
    }
    /// Atomic: a capture explodes the capturer, and every piece but a pawn on the eight cells
    /// around the target (kings too); castling rights of exploded cells are lost.
    fn effects(&self, pos: &mut Position, m: Move, captured: Piece) {
        if self.0 != Rule::Atomic || captured.is_none() {
            return;
        }
        let cells: Vec<Cell> = blast(pos, m.to).collect();
        for c in cells {
            let p = pos.at(c);
            if p.is_none() || (c != m.to && p.kind() == PAWN) {
                continue;
            }
            pos.set(c, Piece::NONE);
            let lost = pos.castle_mask[c as usize];
            if pos.st.castling & lost != 0 {
                pos.set_castling(pos.st.castling & !lost);
            }
        }
    }
    fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome> {
        let to_move = pos.turn();
        match self.0 {
            Rule::Antichess => {
                // no pieces left, or no move: the side to move wins (both are "cannot move";
                // the reason is the one of a game without a move, docs/rules-decisions.md)
                if pos.pieces_of(to_move).is_empty() || !pos.any_legal_move() {
                    return Some(Outcome::win(vec![to_move], EndReason::Stalemate));
                }
            }
            Rule::Atomic => {
                if let Some(s) = king_gone(pos) {
                    return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
                }
                if !pos.any_legal_move() {
                    return Some(if atomic_in_check(pos, to_move) {
                        Outcome::win(vec![1 - to_move], EndReason::Checkmate)
                    } else {
                        Outcome::draw(EndReason::Stalemate)
                    });
                }
                // two bare kings can never explode each other
                if (0..2).all(|s| pos.pieces_of(s).len() == 1) {
                    return Some(Outcome::draw(EndReason::InsufficientMaterial));
                }
            }
            Rule::Crazyhouse => {
                if !pos.any_legal_move() {
                    return Some(if pos.in_check(to_move) {
                        Outcome::win(vec![1 - to_move], EndReason::Checkmate)
                    } else {
                        Outcome::draw(EndReason::Stalemate)
                    });
                }
            }
            Rule::Duck => {
                if pos.st.step == 0 {
                    if let Some(s) = king_gone(pos) {
                        return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
                    }
                    // a player with no move wins (chess.com)
                    if !pos.any_legal_move() {
                        return Some(Outcome::win(vec![to_move], EndReason::Stalemate));
                    }
                } else {
                    return None;
                }
            }
            Rule::Fog => {
                if let Some(s) = king_gone(pos) {
                    return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
                }
                if !pos.any_legal_move() {
                    return Some(Outcome::draw(EndReason::Stalemate));
                }
            }
        }
        draw_by_rule(pos, history)
    }
    fn after_action(&self, ctx: &mut Ctx) -> Option<Outcome> {
        match ctx.action {
            Action::Resign(s) => Some(Outcome::win(vec![1 - s], EndReason::Resignation)),
            Action::Timeout(s) => Some(Outcome::win(vec![1 - s], EndReason::Timeout)),
            Action::Move(_) | Action::Choose(_) => {
                let o = self.outcome(ctx.pos, ctx.history);
                // the house rule's move limit (in actions) ends the game as a draw
                if o.is_none() && crate::rules::multi::move_limit_reached(ctx) {
                    return Some(Outcome::draw(EndReason::MoveLimit));
                }
                o
            }
        }
    }
    fn choices(&self, _pos: &Position) -> Vec<Choice> {
        Vec::new()
    }
    fn may_end_by_agreement(&self) -> bool {
        false
    }
    fn standings(&self, _pos: &Position, outcome: &Outcome) -> Vec<Standing> {
        two_player_standings(outcome)
    }
}

#[cfg(test)]
mod tests;
