//! Shogi and minishogi, as Fairy-Stockfish's `shogi` and `minishogi` play them
//! (docs/rules-decisions.md).
//!
//! Movement is data: direction-limited atoms (the gold's and silver's steps, the lance's
//! forward slide, the knight's forward leaps), promotion per kind into separate promoted kinds
//! that demote in hand, promotion zones with forced promotion where a piece would have no move,
//! drops with drop zones. The hooks hold nifu (`legal`), the pawn-drop mate (a mate by a dropped pawn
//! loses, `outcome`, as Fairy-Stockfish scores it), the check
//! streaks that perpetual check needs (`effects`), the impasse declaration (`extra_moves`: a
//! `Special` move, written as the king's move onto its own point), and the ends: no legal move
//! loses, sennichite (fourfold repetition draws, perpetual check loses), impasse.
//!
//! Notation: Fairy-Stockfish's FEN (hands in `[...]`, `+` before a promoted piece) and UCI move
//! text (`b2h8+`, `P@e5`) are the game's own; SFEN and USI are read and written here too.

use crate::board::rows::{self, in_case, seat_of_case, Cells, Cursor, Rows, Token};
use crate::board::{grid, Cell, CellSet, Leap, Line};
use crate::error::{Error, Result};
use crate::game::{EndReason, Outcome};
use crate::piece::{atoms::*, dirs, Piece, PieceType, Seat};
use crate::position::{Move, MoveKind, Position};
use crate::rules::xiangqi::{record_check, repetition};
use crate::rules::Rules;
use crate::variant::{HandRule, Hooks, Promotion, SeatDef, Variant};

pub const SHOGI_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
pub const MINISHOGI_START: &str = "rbsgk/4p/5/P4/KGSBR[-] w 0 1";

/// Piece kinds (index = kind). Promoted kinds carry the promoted flag and demote in hand.
pub mod kinds {
    pub const PAWN: u8 = 0;
    pub const LANCE: u8 = 1;
    pub const KNIGHT: u8 = 2;
    pub const SILVER: u8 = 3;
    pub const GOLD: u8 = 4;
    pub const BISHOP: u8 = 5;
    pub const ROOK: u8 = 6;
    pub const KING: u8 = 7;
    pub const TOKIN: u8 = 8;
    pub const PRO_LANCE: u8 = 9;
    pub const PRO_KNIGHT: u8 = 10;
    pub const PRO_SILVER: u8 = 11;
    pub const HORSE: u8 = 12;
    pub const DRAGON: u8 = 13;
}
use kinds::*;

/// Rule-state slot: 1 + the seat that declared impasse (0 = nobody); slots 0 and 1 hold the
/// check streaks of perpetual check.
const DECLARED: usize = 2;
/// Rule-state slot: 1 when the last move dropped a pawn (a mate by it loses: uchifuzume).
const PAWN_DROPPED: usize = 3;

/// Zones (indices into `Variant::zones`, per facing).
const PROMO: u8 = 1;
const LAST_RANK: u8 = 2;
const LAST_TWO: u8 = 3;
const NOT_LAST_RANK: u8 = 4;
const NOT_LAST_TWO: u8 = 5;

/// The unpromoted letter of a kind (promoted kinds are written `+` and this letter).
fn base_letter(kind: u8) -> char {
    b"PLNSGBRKPLNSBR"[kind as usize] as char
}

fn pieces() -> Vec<PieceType> {
    use dirs::*;
    let gold = || vec![step(Line::Orth), step(Line::Diag).only(FL | FR)];
    vec![
        PieceType::new('P', "pawn", vec![step(Line::Orth).only(F)]),
        PieceType::new('L', "lance", vec![slide(Line::Orth).only(F)]),
        PieceType::new('N', "knight", vec![leap(Leap::Knight).only(F)]),
        PieceType::new(
            'S',
            "silver",
            vec![step(Line::Diag), step(Line::Orth).only(F)],
        ),
        PieceType::new('G', "gold", gold()),
        PieceType::new('B', "bishop", vec![slide(Line::Diag)]),
        PieceType::new('R', "rook", vec![slide(Line::Orth)]),
        PieceType::new('K', "king", vec![step(Line::Orth), step(Line::Diag)]).royal(),
        PieceType::new('T', "tokin", gold()).demotes_to(PAWN),
        PieceType::new('U', "promoted lance", gold()).demotes_to(LANCE),
        PieceType::new('V', "promoted knight", gold()).demotes_to(KNIGHT),
        PieceType::new('W', "promoted silver", gold()).demotes_to(SILVER),
        PieceType::new('H', "horse", vec![slide(Line::Diag), step(Line::Orth)]).demotes_to(BISHOP),
        PieceType::new('D', "dragon", vec![slide(Line::Orth), step(Line::Diag)]).demotes_to(ROOK),
    ]
}

/// The cells of the last `n` ranks for each facing (north: the top ranks).
fn far_ranks(t: &crate::board::Topology, n: i16) -> Vec<CellSet> {
    let mut z = vec![CellSet::EMPTY; t.pawns.len()];
    for i in 0..n {
        for f in [grid::NORTH, grid::SOUTH] {
            // the far edge of a facing is the back edge of the opposite facing
            let back = grid::line_from_back(t, (f + 2) % 4, i);
            for c in back.iter() {
                z[f as usize].insert(c);
            }
        }
    }
    z
}

fn complement(t: &crate::board::Topology, z: &[CellSet]) -> Vec<CellSet> {
    z.iter()
        .map(|s| (0..t.len() as Cell).filter(|&c| !s.contains(c)).collect())
        .collect()
}

fn build(id: &'static str, size: i16, zone_depth: i16) -> Variant {
    let board = grid::build(if size == 9 { "9x9" } else { "5x5" }, size, size, |_, _| {
        false
    });
    let mut v = Variant::base(id, &ShogiRules, board, pieces());
    v.seats = SeatDef::white_and_black();
    // sente is "Black" in shogi's own terms, gote "White" (as the board scene names them)
    v.seats[0].colour = "black";
    v.seats[1].colour = "white";
    let t = &v.board;
    let facings = t.pawns.len();
    let last = far_ranks(t, 1);
    let last_two = far_ranks(t, 2);
    v.zones = vec![
        vec![CellSet::EMPTY; facings],
        far_ranks(t, zone_depth),
        last.clone(),
        last_two.clone(),
        complement(t, &last),
        complement(t, &last_two),
    ];
    let promo = |to: u8, forced: u8| {
        Some(Promotion {
            to: vec![to],
            zone: PROMO,
            from_zone_too: true,
            forced,
        })
    };
    v.promotion = vec![None; 14];
    v.promotion[PAWN as usize] = promo(TOKIN, LAST_RANK);
    v.promotion[LANCE as usize] = promo(PRO_LANCE, LAST_RANK);
    v.promotion[KNIGHT as usize] = promo(PRO_KNIGHT, LAST_TWO);
    v.promotion[SILVER as usize] = promo(PRO_SILVER, 0);
    v.promotion[BISHOP as usize] = promo(HORSE, 0);
    v.promotion[ROOK as usize] = promo(DRAGON, 0);
    let mut drop_zone = vec![0; 14];
    drop_zone[PAWN as usize] = NOT_LAST_RANK;
    drop_zone[LANCE as usize] = NOT_LAST_RANK;
    drop_zone[KNIGHT as usize] = NOT_LAST_TWO;
    v.hand = Some(HandRule {
        captures_to_hand: true,
        drops: true,
        drop_zone,
    });
    v.hooks = Hooks {
        extra_moves: true,
        filter: true,
        effects: true,
        ..Hooks::default()
    };
    v.rule_hashed = 1 << DECLARED;
    v.promotion_plus = true;
    v.coordinates = crate::variant::Coordinates::FilesFromRight;
    v.start_fen = if size == 9 {
        SHOGI_START
    } else {
        MINISHOGI_START
    }
    .to_string();
    v.finish()
}

/// Shogi: 9×9, promotion zone the last three ranks.
pub fn shogi_variant() -> Variant {
    build("shogi", 9, 3)
}

/// Minishogi: 5×5, promotion zone the last rank; no lances or knights.
pub fn minishogi_variant() -> Variant {
    build("minishogi", 5, 1)
}

fn bad(msg: impl Into<String>) -> Error {
    Error::BadFen(msg.into())
}

/// The letter a piece is written with in FEN / SFEN (`+` and the base letter if promoted).
fn piece_text(p: Piece) -> String {
    let l = in_case(base_letter(p.kind()), p.owner());
    if p.kind() >= TOKIN {
        format!("+{l}")
    } else {
        l.to_string()
    }
}

fn kind_of_letter(v: &Variant, ch: char, promoted: bool) -> Option<u8> {
    let up = ch.to_ascii_uppercase();
    let k = (0..=KING).find(|&k| base_letter(k) == up)?;
    let small = v.board.width < 9;
    if small && matches!(k, LANCE | KNIGHT) {
        return None;
    }
    if promoted {
        v.promotion[k as usize].as_ref().map(|p| p.to[0])
    } else {
        Some(k)
    }
}

/// The rows of FEN and SFEN: pieces one after another, empty runs of any number of digits.
const JOINED: Cells = Cells::Joined { multi_digit: true };

/// Reads the board part (ranks from the top, `+` before promoted pieces).
fn parse_board(v: &'static Variant, board: &str, pos: &mut Position) -> Result<()> {
    let token = |cur: &mut Cursor| {
        let plus = cur.eat('+');
        let ch = match cur.next() {
            Some('+') if plus => return Err(bad("'++'")),
            Some(ch) if !ch.is_ascii_digit() => ch,
            _ => return Err(bad("'+' without a piece")),
        };
        let kind = kind_of_letter(v, ch, plus).ok_or_else(|| {
            bad(format!(
                "unknown piece '{}{ch}'",
                if plus { "+" } else { "" }
            ))
        })?;
        let seat = seat_of_case(ch);
        Ok(Token::Piece(
            Piece::new(kind, seat, v.seats[seat as usize].facing).with_promoted(plus),
        ))
    };
    rows::read(board, &Rows::grid(&v.board), JOINED, token, |c, p| {
        pos.board[c as usize] = p;
        Ok(())
    })
}

/// Reads hand text: FSF's letters (`PPnb`, `-` or empty) or SFEN's counts (`2P3pR`).
fn parse_hand(v: &'static Variant, hand: &str, pos: &mut Position) -> Result<()> {
    if hand == "-" || hand.is_empty() {
        return Ok(());
    }
    let mut count = 0u32;
    for ch in hand.chars() {
        if let Some(d) = ch.to_digit(10) {
            // saturating: a long run of digits is "too many", not an overflow (found by fuzzing)
            count = count.saturating_mul(10).saturating_add(d);
            continue;
        }
        let k = kind_of_letter(v, ch, false)
            .filter(|&k| k != KING)
            .ok_or_else(|| bad(format!("hand piece '{ch}'")))?;
        let s = seat_of_case(ch);
        let n = (pos.in_hand(s, k) as u32).saturating_add(count.max(1));
        if n > 40 {
            return Err(bad("too many pieces in hand"));
        }
        pos.hands[s as usize][k as usize] = n as u8;
        count = 0;
    }
    Ok(())
}

fn validate(v: &'static Variant, mut pos: Position) -> Result<Position> {
    let t = &v.board;
    pos.refresh();
    for s in 0..2u8 {
        let kings = (0..t.len() as Cell)
            .filter(|&c| {
                let p = pos.at(c);
                p.is_some() && p.owner() == s && p.kind() == KING
            })
            .count();
        if kings != 1 {
            return Err(bad(format!(
                "{kings} kings for {}",
                v.seats[s as usize].colour
            )));
        }
    }
    // a piece without a move (pawn or lance on the last rank, knight on the last two)
    for c in 0..t.len() as Cell {
        let p = pos.at(c);
        if let Some(pr) = p
            .is_some()
            .then(|| v.promotion[p.kind() as usize].as_ref())
            .flatten()
        {
            if pr.forced != 0 && v.in_zone(pr.forced, p.facing(), c) {
                return Err(bad(format!("a piece without a move on {}", t.name(c))));
            }
        }
    }
    if pos.in_check(1 - pos.st.turn) {
        return Err(bad("the side not to move is in check"));
    }
    Ok(pos)
}

/// Reads Fairy-Stockfish's shogi FEN (`board[hand] w 0 1`, `board[hand] w - - 0 1`).
pub fn parse_fen(v: &'static Variant, text: &str) -> Result<Position> {
    let f: Vec<&str> = text.split_whitespace().collect();
    if f.is_empty() {
        return Err(bad("empty FEN"));
    }
    let mut pos = Position::empty(v);
    let (board, hand) = match f[0].find('[') {
        Some(i) => {
            let h = f[0][i + 1..]
                .strip_suffix(']')
                .ok_or_else(|| bad("hand without ']'"))?;
            (&f[0][..i], h)
        }
        None => (f[0], ""),
    };
    parse_board(v, board, &mut pos)?;
    if hand.chars().any(|c| c.is_ascii_digit()) {
        return Err(bad("counts in a FEN hand"));
    }
    parse_hand(v, hand, &mut pos)?;
    pos.st.turn = match f.get(1).copied().unwrap_or("w") {
        "w" => 0,
        "b" => 1,
        s => return Err(bad(format!("side to move '{s}'"))),
    };
    let nums: Vec<&str> = f.iter().skip(2).copied().filter(|s| *s != "-").collect();
    if nums.len() > 2 {
        return Err(bad("too many fields"));
    }
    let num = |i: usize, d: u32| -> Result<u32> {
        match nums.get(i) {
            None => Ok(d),
            Some(s) => s.parse().map_err(|_| bad(format!("bad number '{s}'"))),
        }
    };
    pos.st.halfmove = num(0, 0)?;
    pos.st.fullmove = num(1, 1)?.max(1);
    validate(v, pos)
}

fn board_text(pos: &Position) -> String {
    rows::write(&Rows::grid(&pos.variant.board), JOINED, |c, s| {
        let p = pos.at(c);
        if p.is_some() {
            s.push_str(&piece_text(p));
        }
    })
}

/// Writes Fairy-Stockfish's shogi FEN (hand order as the engine writes it: G N L P S R B).
pub fn write_fen(pos: &Position) -> String {
    let mut hand = String::new();
    for s in 0..2u8 {
        for k in [GOLD, KNIGHT, LANCE, PAWN, SILVER, ROOK, BISHOP] {
            let l = in_case(base_letter(k), s);
            for _ in 0..pos.in_hand(s, k) {
                hand.push(l);
            }
        }
    }
    format!(
        "{}[{}] {} - - {} {}",
        board_text(pos),
        hand,
        if pos.turn() == 0 { 'w' } else { 'b' },
        pos.st.halfmove,
        pos.st.fullmove
    )
}

/// Whether `text` looks like SFEN (four fields, no hand brackets).
fn is_sfen(text: &str) -> bool {
    let f: Vec<&str> = text.split_whitespace().collect();
    f.len() == 4 && !f[0].contains('[') && f[3].parse::<u32>().is_ok()
}

/// Reads SFEN (`board b|w hand ply`): `b` = sente (Rookery's first seat) to move.
pub fn parse_sfen(v: &'static Variant, text: &str) -> Result<Position> {
    let f: Vec<&str> = text.split_whitespace().collect();
    if f.len() < 3 {
        return Err(bad("SFEN needs board, side and hand"));
    }
    let mut pos = Position::empty(v);
    parse_board(v, f[0], &mut pos)?;
    pos.st.turn = match f[1] {
        "b" => 0,
        "w" => 1,
        s => return Err(bad(format!("side to move '{s}'"))),
    };
    parse_hand(v, f[2], &mut pos)?;
    let ply: u32 = match f.get(3) {
        Some(s) => s.parse().map_err(|_| bad(format!("bad number '{s}'")))?,
        None => 1,
    };
    pos.st.fullmove = ply.max(1).saturating_sub(1) / 2 + 1;
    validate(v, pos)
}

/// Writes SFEN (hands in the usual order R B G S N L P, counts before letters).
pub fn write_sfen(pos: &Position) -> String {
    let mut hand = String::new();
    for s in 0..2u8 {
        for k in [ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN] {
            let n = pos.in_hand(s, k);
            if n == 0 {
                continue;
            }
            if n > 1 {
                hand += &n.to_string();
            }
            hand.push(in_case(base_letter(k), s));
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    let ply = 2 * (pos.st.fullmove - 1) + pos.turn() as u32 + 1;
    format!(
        "{} {} {} {}",
        board_text(pos),
        if pos.turn() == 0 { 'b' } else { 'w' },
        hand,
        ply
    )
}

/// The USI name of a cell: file number from the right, rank letter from the top.
fn usi_cell(t: &crate::board::Topology, c: Cell) -> String {
    crate::variant::Coordinates::FilesFromRight.cell(t, c)
}

fn usi_cell_parse(t: &crate::board::Topology, s: &[u8]) -> Option<Cell> {
    if s.len() != 2 {
        return None;
    }
    crate::variant::Coordinates::FilesFromRight.parse_cell(t, std::str::from_utf8(s).ok()?)
}

/// A move in USI: `7g7f`, `8h2b+`, `P*5e`.
pub fn write_usi(pos: &Position, m: Move) -> String {
    let t = &pos.variant.board;
    match m.kind {
        MoveKind::Drop => format!("{}*{}", base_letter(m.aux), usi_cell(t, m.to)),
        _ => format!(
            "{}{}{}",
            usi_cell(t, m.from),
            usi_cell(t, m.to),
            if m.promo > 0 { "+" } else { "" }
        ),
    }
}

/// Finds the legal move a USI text names.
pub fn parse_usi(pos: &Position, text: &str) -> Result<Move> {
    let t = &pos.variant.board;
    let s = text.trim().as_bytes();
    let bad = || Error::BadMoveText(text.to_string());
    let legal = pos.legal_moves();
    let found = if s.len() == 4 && s[1] == b'*' {
        let k = kind_of_letter(pos.variant, s[0] as char, false).ok_or_else(bad)?;
        let to = usi_cell_parse(t, &s[2..4]).ok_or_else(bad)?;
        legal
            .into_iter()
            .find(|m| m.kind == MoveKind::Drop && m.aux == k && m.to == to)
    } else if s.len() == 4 || (s.len() == 5 && s[4] == b'+') {
        let from = usi_cell_parse(t, &s[0..2]).ok_or_else(bad)?;
        let to = usi_cell_parse(t, &s[2..4]).ok_or_else(bad)?;
        let promo = s.len() == 5;
        legal.into_iter().find(|m| {
            m.kind != MoveKind::Drop && m.from == from && m.to == to && (m.promo > 0) == promo
        })
    } else {
        return Err(bad());
    };
    found.ok_or_else(|| Error::IllegalMove(text.to_string()))
}

/// Impasse (jishogi) by declaration, the 27-point rule (CSA / Fairy-Stockfish's
/// `shogi` 27-point rule): the declaring side's king stands in the promotion zone, it is not in
/// check, it has at least 10 other pieces in the zone, and its points (rook and bishop, promoted
/// or not, 5; every other piece but the king 1) in the zone and in hand reach 28 for sente,
/// 27 for gote. Whether `s` may declare now.
pub fn may_declare_impasse(pos: &Position, s: Seat) -> bool {
    let v = pos.variant;
    let Some(k) = pos.king(s) else { return false };
    let f = v.seats[s as usize].facing;
    if !v.in_zone(PROMO, f, k) || pos.in_check(s) {
        return false;
    }
    let big = |kind: u8| matches!(kind, BISHOP | ROOK | HORSE | DRAGON);
    let mut n = 0;
    let mut points = 0;
    for c in pos.pieces_of(s).iter() {
        let kind = pos.at(c).kind();
        if kind != KING && v.in_zone(PROMO, f, c) {
            n += 1;
            points += if big(kind) { 5 } else { 1 };
        }
    }
    for kind in 0..KING {
        points += pos.in_hand(s, kind) as i32 * if big(kind) { 5 } else { 1 };
    }
    let needed = if s == 0 { 28 } else { 27 };
    let full_size = v.board.width == 9;
    full_size && n >= 10 && points >= needed
}

/// Whether sennichite without perpetual check loses for sente instead of drawing: minishogi
/// (the 5×5 board), as Fairy-Stockfish's `minishogi` scores it.
/// The position's `times`-th occurrence: perpetual check loses, else sennichite.
fn sennichite(pos: &Position, history: &[u64], times: usize) -> Option<Outcome> {
    let sente_loses = repetition_loses_for_sente(pos.variant);
    repetition(pos, history, times, || {
        if sente_loses {
            Outcome::win(vec![1], EndReason::Sennichite)
        } else {
            Outcome::draw(EndReason::Sennichite)
        }
    })
}

fn repetition_loses_for_sente(v: &Variant) -> bool {
    v.board.width == 5
}

/// The rules of shogi and minishogi.
pub struct ShogiRules;

impl ShogiRules {
    /// Nifu: a pawn dropped on a file that holds an unpromoted pawn of the same player.
    fn nifu(pos: &Position, m: Move) -> bool {
        let t = &pos.variant.board;
        let s = pos.turn();
        let x = t.cells[m.to as usize].x;
        (0..t.height).any(|y| {
            let p = pos.at(t.at(x, y).unwrap());
            p.is_some() && p.owner() == s && p.kind() == PAWN
        })
    }
}

impl Rules for ShogiRules {
    /// Fairy-Stockfish's FEN, or SFEN (told apart by its four fields).
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        if is_sfen(text) {
            parse_sfen(v, text)
        } else {
            parse_fen(v, text)
        }
    }
    fn write(&self, pos: &Position) -> String {
        write_fen(pos)
    }
    /// The impasse declaration, while the side to move may make it: a `Special` move of the
    /// king onto its own point (`e8e8`), which ends the game in the declarer's favour.
    fn extra_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let s = pos.turn();
        if let Some(k) = pos.king(s) {
            if may_declare_impasse(pos, s) {
                out.push(Move {
                    from: k,
                    to: k,
                    promo: 0,
                    kind: MoveKind::Special,
                    aux: 0,
                });
            }
        }
    }
    /// Nifu. (A mate by a dropped pawn is a legal move that loses, as Fairy-Stockfish counts
    /// and scores it: see `outcome`.)
    /// The impasse declaration is a button.
    fn button(&self, _pos: &Position, m: Move) -> Option<crate::message::Message> {
        (m.kind == MoveKind::Special)
            .then(|| crate::message::Message::new(crate::message::button::DECLARE_IMPASSE))
    }
    fn legal(&self, pos: &mut Position, m: Move) -> bool {
        !(m.kind == MoveKind::Drop && m.aux == PAWN && Self::nifu(pos, m))
    }
    fn traditional(&self, pos: &Position, m: Move) -> Option<String> {
        (m.kind == MoveKind::Drop || m.from != m.to)
            .then(|| crate::notation::traditional::western_shogi(pos, m, false))
    }

    fn move_forms(&self, pos: &Position, m: Move) -> Vec<String> {
        if m.kind == MoveKind::Drop || m.from != m.to {
            vec![
                crate::notation::traditional::western_shogi(pos, m, true),
                write_usi(pos, m),
            ]
        } else {
            Vec::new()
        }
    }

    fn refusal(&self, pos: &Position, m: Move) -> Option<&'static str> {
        (m.kind == MoveKind::Drop && m.aux == PAWN && Self::nifu(pos, m))
            .then_some(crate::message::illegal::DROP_NIFU)
    }
    fn effects(&self, pos: &mut Position, m: Move, _captured: Piece) {
        let mover = pos.turn();
        if m.kind == MoveKind::Special {
            pos.set_rule(DECLARED, 1 + mover as u16);
            return;
        }
        let pawn_drop = (m.kind == MoveKind::Drop && m.aux == PAWN) as u16;
        if pos.st.rule[PAWN_DROPPED] != pawn_drop {
            pos.set_rule(PAWN_DROPPED, pawn_drop);
        }
        let check = pos.in_check(1 - mover);
        record_check(pos, mover, check);
    }
    /// No legal move loses; the fourth occurrence of a position: perpetual check loses, else a
    /// draw (sennichite; minishogi: the first player loses).
    fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome> {
        if pos.st.rule[DECLARED] > 0 {
            let declarer = pos.st.rule[DECLARED] as Seat - 1;
            return Some(Outcome::win(vec![declarer], EndReason::Impasse));
        }
        let to_move = pos.turn();
        if !pos.any_legal_move() {
            let check = pos.in_check(to_move);
            if check && pos.st.rule[PAWN_DROPPED] == 1 {
                // uchifuzume: the mate by a dropped pawn loses for the player who dropped it
                return Some(Outcome::win(vec![to_move], EndReason::PawnDropMate));
            }
            let reason = if check {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            return Some(Outcome::win(vec![1 - to_move], reason));
        }
        sennichite(pos, history, 4)
    }
    /// Perpetual check loses; otherwise sennichite (minishogi: sente loses).
    fn repeated(&self, pos: &Position, history: &[u64]) -> Option<Outcome> {
        sennichite(pos, history, 2)
    }
}
