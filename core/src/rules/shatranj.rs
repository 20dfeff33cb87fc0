//! The old chess family on 8×8: chaturanga, shatranj, makruk, ouk chatrang (Fairy-Stockfish
//! `cambodian`) and sittuyin. One [`Rules`] implementation serves all five; a game is its
//! [`Params`] (data): king capture or check, the bare-king rule, whether stalemate loses, the
//! counting rule, the n-move rule, the first-move rights of ouk chatrang and sittuyin's setup
//! phase and promotion. Rules as `../shared/rules/DECISIONS.md`, REFERENCE §9–§10 and
//! Fairy-Stockfish (the oracle) play them; see docs/rules-decisions.md.
//!
//! Rule-state slots (`State::rule`): 0 = counting limit in plies (0 = no count), 1 = counting
//! ply, 2 = first-move rights (ouk chatrang; one bit per entry of [`GATES`], hashed).

use crate::board::rows::{self, in_case, seat_of_case, Cells, Cursor, Rows, Token};
use crate::board::{grid, Cell, CellSet, Leap, Line, NO_CELL};
use crate::error::{Error, Result};
use crate::game::{Ctx, EndReason, Outcome};
use crate::piece::{atoms::*, dirs, Atom, Piece, PieceType, Seat};
use crate::position::{Move, MoveKind, Position};
use crate::rules::{NodeState, Rules};
use crate::variant::{HandRule, Hooks, SeatDef, Variant};

/// Piece kinds of every game of the family (index = kind; letters differ per game).
pub mod kinds {
    pub const PAWN: u8 = 0;
    pub const KNIGHT: u8 = 1;
    /// Alfil (chaturanga, shatranj) or khon / elephant (makruk, ouk chatrang, sittuyin).
    pub const BISHOP: u8 = 2;
    pub const ROOK: u8 = 3;
    /// Fers (chaturanga, shatranj), met (makruk, ouk chatrang), general (sittuyin).
    pub const FERS: u8 = 4;
    pub const KING: u8 = 5;
}
use kinds::*;

/// The counting rule of a game (Fairy-Stockfish `countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    None,
    /// Makruk: board's honour 64, pieces' honour 8/16/22/32/44/64.
    Makruk,
    /// Ouk chatrang: only with three pieces or fewer; 63 and 7/15/21/31/43/63.
    Cambodian,
    /// Sittuyin (ASEAN rules): a bare king without pawns on the board: 16/44/64.
    Asean,
}

/// Which kind of count runs (shown to the players).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountKind {
    /// The counting side still has pieces besides its king (no pawns on the board).
    BoardsHonour,
    /// The counting side has a bare king.
    PiecesHonour,
}

/// The running count of a position, for the shells to show: who counts, the limit and the
/// current number, both in moves of the counting side (Fairy-Stockfish keeps plies; a move
/// here is two plies, rounded up). The game is drawn when `current` passes `limit` without
/// mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub kind: CountKind,
    /// The seat that counts (the weaker side).
    pub counted_by: Seat,
    pub limit: u16,
    pub current: u16,
    /// The same in plies, as Fairy-Stockfish's FEN writes them.
    pub limit_plies: u16,
    pub current_plies: u16,
}

/// What one game of the family is, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// FEN letters of the kinds P N B R F K (upper case).
    pub letters: [char; 6],
    pub names: [&'static str; 6],
    /// The start position (Fairy-Stockfish FEN).
    pub start_fen: &'static str,
    /// The seats' colours (sittuyin: red and black; FEN still `w`/`b`).
    pub colours: [&'static str; 2],
    /// No check: a king may be left attacked and taking it wins (chaturanga, DECISIONS).
    pub king_capture: bool,
    /// A bare king loses unless it bares the other king at once (shatranj).
    pub bare_king: bool,
    /// The player without a move loses (otherwise stalemate is a draw).
    pub stalemate_loses: bool,
    pub counting: Counting,
    /// The n-move rule in moves (0 = none).
    pub move_rule: u32,
    /// Pawns promote on this many ranks from the far end (1 = last rank, 3 = makruk's 6th).
    /// 0: sittuyin's promotion (a move of its own, on the diagonal squares).
    pub promotion_ranks: i16,
    /// Ouk chatrang: the king's first-move knight leap and the met's double step.
    pub first_moves: bool,
    /// Sittuyin: the pieces start in hand and are placed first (own three ranks, rooks on the
    /// back rank).
    pub setup: bool,
}

pub const CHATURANGA: Params = Params {
    letters: ['P', 'N', 'B', 'R', 'Q', 'K'],
    names: ["pawn", "knight", "alfil", "rook", "fers", "king"],
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    colours: ["white", "black"],
    king_capture: true,
    bare_king: false,
    stalemate_loses: true,
    counting: Counting::None,
    move_rule: 70,
    promotion_ranks: 1,
    first_moves: false,
    setup: false,
};

pub const SHATRANJ: Params = Params {
    letters: ['P', 'N', 'B', 'R', 'Q', 'K'],
    names: ["pawn", "knight", "alfil", "rook", "fers", "king"],
    start_fen: "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
    colours: ["white", "black"],
    king_capture: false,
    bare_king: true,
    stalemate_loses: true,
    counting: Counting::None,
    move_rule: 70,
    promotion_ranks: 1,
    first_moves: false,
    setup: false,
};

pub const MAKRUK: Params = Params {
    letters: ['P', 'N', 'S', 'R', 'M', 'K'],
    names: ["bia", "knight", "khon", "rook", "met", "king"],
    start_fen: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    colours: ["white", "black"],
    king_capture: false,
    bare_king: false,
    stalemate_loses: false,
    counting: Counting::Makruk,
    move_rule: 0,
    promotion_ranks: 3,
    first_moves: false,
    setup: false,
};

pub const OUK_CHATRANG: Params = Params {
    letters: ['P', 'N', 'S', 'R', 'M', 'K'],
    names: ["bia", "knight", "khon", "rook", "met", "king"],
    start_fen: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
    colours: ["white", "black"],
    king_capture: false,
    bare_king: false,
    stalemate_loses: false,
    counting: Counting::Cambodian,
    move_rule: 0,
    promotion_ranks: 3,
    first_moves: true,
    setup: false,
};

pub const SITTUYIN: Params = Params {
    letters: ['P', 'N', 'S', 'R', 'F', 'K'],
    names: ["bia", "knight", "elephant", "rook", "general", "king"],
    start_fen: "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    colours: ["red", "black"],
    king_capture: false,
    bare_king: false,
    stalemate_loses: false,
    counting: Counting::Asean,
    move_rule: 50,
    promotion_ranks: 0,
    first_moves: false,
    setup: true,
};

/// The games of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruleset {
    Chaturanga,
    Shatranj,
    Makruk,
    OukChatrang,
    Sittuyin,
}

static RULES: [ShatranjRules; 5] = [
    ShatranjRules(CHATURANGA),
    ShatranjRules(SHATRANJ),
    ShatranjRules(MAKRUK),
    ShatranjRules(OUK_CHATRANG),
    ShatranjRules(SITTUYIN),
];

/// The rules of a game of the family.
pub fn rules(r: Ruleset) -> &'static ShatranjRules {
    &RULES[r as usize]
}

/// First-move rights of ouk chatrang: (seat, cell name) per bit of rule slot 2.
pub const GATES: [(Seat, &str); 4] = [(0, "d1"), (0, "e1"), (1, "d8"), (1, "e8")];

const SLOT_LIMIT: usize = 0;
const SLOT_PLY: usize = 1;
const SLOT_GATES: usize = 2;
/// The seat that counts, plus one (0 = not known: a count read from a FEN).
const SLOT_SIDE: usize = 3;

/// The variant of a game of the family.
pub fn variant(id: &'static str, r: Ruleset) -> Variant {
    let p = rules(r).0;
    let board = grid::standard();
    let l = p.letters;
    let n = p.names;
    let fers = vec![step(Line::Diag)];
    let bishop = if l[2] == 'B' {
        vec![leap(Leap::Alfil)]
    } else {
        // khon: one step diagonally or straight forward (shogi's silver)
        vec![step(Line::Diag), step(Line::Orth).only(dirs::F)]
    };
    let pieces = vec![
        PieceType::new(l[0], n[0], vec![Atom::Pawn]),
        PieceType::new(l[1], n[1], vec![leap(Leap::Knight)]),
        PieceType::new(l[2], n[2], bishop),
        PieceType::new(l[3], n[3], vec![slide(Line::Orth)]),
        PieceType::new(l[4], n[4], fers),
        PieceType::new(l[5], n[5], vec![step(Line::Orth), step(Line::Diag)]).royal(),
    ];
    let mut v = Variant::base(id, rules(r), board, pieces);
    v.seats = SeatDef::white_and_black();
    v.seats[0].colour = p.colours[0];
    v.seats[1].colour = p.colours[1];
    if p.promotion_ranks > 0 {
        let mut zone = vec![CellSet::EMPTY; 4];
        for i in 0..p.promotion_ranks {
            for (f, back) in [(grid::NORTH, grid::SOUTH), (grid::SOUTH, grid::NORTH)] {
                let line = grid::line_from_back(&v.board, back, i);
                zone[f as usize] = zone[f as usize].union(&line);
            }
        }
        v.promotion_zone = zone;
        v.promote_to = vec![FERS];
    }
    v.royal_check = !p.king_capture;
    v.start_fen = p.start_fen.to_string();
    v.hooks = Hooks {
        extra_moves: p.first_moves || p.setup,
        filter: p.king_capture || p.bare_king || p.setup,
        effects: p.first_moves || p.setup || p.counting != Counting::None,
        verify_all: false,
        // first-move rights and the count are rule state; the set-up's phase is not judged
        // here
        effects_keep_board: !p.setup,
        node_state: true,
        ..Hooks::default()
    };
    if p.first_moves {
        v.rule_hashed = 1 << SLOT_GATES;
    }
    if p.setup {
        v.hand = Some(HandRule {
            captures_to_hand: false,
            drops: false,
            drop_zone: Vec::new(),
        });
    }
    v.finish()
}

/// The rules of one game of the family (its [`Params`]).
pub struct ShatranjRules(pub Params);

/// Pieces on the board: per seat the number of pieces of each kind and in all.
#[derive(Clone, Copy, Default)]
struct Material {
    kinds: [[u8; 6]; 2],
    all: [u8; 2],
}

impl Material {
    fn of(pos: &Position) -> Material {
        let mut m = Material::default();
        for s in 0..2u8 {
            for c in pos.pieces_of(s).iter() {
                let k = pos.at(c).kind() as usize;
                if k < 6 {
                    m.kinds[s as usize][k] += 1;
                }
                m.all[s as usize] += 1;
            }
        }
        m
    }
    fn pawns(&self) -> u8 {
        self.kinds[0][PAWN as usize] + self.kinds[1][PAWN as usize]
    }
    fn count(&self, s: Seat, k: u8) -> u8 {
        self.kinds[s as usize][k as usize]
    }
}

/// Fairy-Stockfish's `count_limit` for the side `s`: the limit of its count in moves, 0 when
/// it does not count.
fn count_limit(rule: Counting, m: &Material, s: Seat) -> u16 {
    let o = 1 - s;
    let mine = m.all[s as usize];
    let theirs = m.all[o as usize];
    let (r, k, n) = (m.count(o, ROOK), m.count(o, BISHOP), m.count(o, KNIGHT));
    match rule {
        Counting::None => 0,
        Counting::Makruk => {
            if m.pawns() > 0 || theirs == 1 {
                0
            } else if mine > 1 {
                64
            } else if r > 1 {
                8
            } else if r == 1 {
                16
            } else if k > 1 {
                22
            } else if n > 1 {
                32
            } else if k == 1 {
                44
            } else {
                64
            }
        }
        Counting::Cambodian => {
            if mine > 3 || theirs == 1 {
                0
            } else if mine > 1 {
                63
            } else if m.pawns() > 0 {
                0
            } else if r > 1 {
                7
            } else if r == 1 {
                15
            } else if k > 1 {
                21
            } else if n > 1 {
                31
            } else if k == 1 {
                43
            } else {
                63
            }
        }
        Counting::Asean => {
            if m.pawns() > 0 || mine > 1 {
                0
            } else if r > 0 {
                16
            } else if k > 0 {
                44
            } else if n > 0 {
                64
            } else {
                0
            }
        }
    }
}

/// The count running in `pos`, if any (makruk, ouk chatrang, sittuyin): what the shells show.
pub fn counting(pos: &Position) -> Option<Count> {
    // the game's ruleset: the one whose rules the variant carries
    let p = RULES
        .iter()
        .find(|r| std::ptr::addr_eq(*r as *const ShatranjRules, pos.variant.rules()))?
        .0;
    let limit = pos.st.rule[SLOT_LIMIT];
    if p.counting == Counting::None || limit == 0 {
        return None;
    }
    let ply = pos.st.rule[SLOT_PLY];
    let m = Material::of(pos);
    // the side that started the count; from a FEN: the bare king, else the side with fewer
    // pieces
    let side = pos.st.rule[SLOT_SIDE];
    let counted_by = if side > 0 {
        side as Seat - 1
    } else if m.all[0] == 1 {
        0
    } else if m.all[1] == 1 {
        1
    } else if m.all[0] <= m.all[1] {
        0
    } else {
        1
    };
    let kind = if m.all[counted_by as usize] == 1 {
        CountKind::PiecesHonour
    } else {
        CountKind::BoardsHonour
    };
    Some(Count {
        kind,
        counted_by,
        limit: limit / 2,
        current: ply.div_ceil(2),
        limit_plies: limit,
        current_plies: ply,
    })
}

/// The rows of the FEN: pieces one after another, empty runs of one digit.
const JOINED: Cells = Cells::Joined { multi_digit: false };

fn bad(msg: impl Into<String>) -> Error {
    Error::BadFen(msg.into())
}

impl ShatranjRules {
    fn gate_cells(&self, v: &Variant) -> [Cell; 4] {
        // read from the grid by coordinates (the name lookup hashes a string: too slow for
        // every move), checked against the cell's name
        GATES.map(|(_, name)| {
            let b = name.as_bytes();
            let (x, y) = (
                b[0].wrapping_sub(b'a') as i16,
                b[1].wrapping_sub(b'1') as i16,
            );
            match v.board.at(x, y) {
                Some(c) if v.board.name(c) == name => c,
                _ => v.board.cell(name).unwrap_or(NO_CELL),
            }
        })
    }

    /// The bare-king end (Fairy-Stockfish's extinction rule with `extinctionClaim`): the side
    /// to move loses when bared and the opponent keeps two pieces besides its king (it cannot
    /// bare back at once); it wins when the opponent was bared and did not bare it back.
    fn bare_king_end(&self, pos: &Position) -> Option<Outcome> {
        if !self.0.bare_king {
            return None;
        }
        let stm = pos.turn();
        let n = |s: Seat| pos.pieces_of(s).len();
        for c in [1 - stm, stm] {
            let need = 2 + (c == stm) as usize;
            if n(c) <= 1 && n(1 - c) >= need {
                return Some(Outcome::win(vec![1 - c], EndReason::BareKing));
            }
        }
        None
    }

    /// A finished position (king taken, bare king): no move is legal below it.
    fn ended(&self, pos: &Position) -> bool {
        (self.0.king_capture && (pos.king(0).is_none() || pos.king(1).is_none()))
            || self.bare_king_end(pos).is_some()
    }

    /// Sittuyin: the promotions of the side to move (a move of its own: the pawn becomes a
    /// general on its square or on an empty cell diagonally next to it, only while the player
    /// has no general, on the marked diagonal squares unless it is the player's last pawn, and
    /// the new general may attack no enemy piece).
    fn sittuyin_promotions(&self, pos: &Position, out: &mut Vec<Move>) {
        let v = pos.variant;
        let t = &v.board;
        let s = pos.turn();
        let mut pawns = Vec::new();
        for c in pos.pieces_of(s).iter() {
            match pos.at(c).kind() {
                FERS => return,
                PAWN => pawns.push(c),
                _ => {}
            }
        }
        let only = pawns.len() == 1;
        for from in pawns {
            let (x, y) = (t.cells[from as usize].x, t.cells[from as usize].y);
            let ry = if s == 0 { y } else { 7 - y };
            let marked = ry == 7 - x.min(7 - x);
            if !(only || marked) {
                continue;
            }
            let mut targets = vec![from];
            for to in t.neighbours(from, Line::Diag) {
                if pos.at(to).is_none() {
                    targets.push(to);
                }
            }
            for to in targets {
                let attacks_enemy = t.neighbours(to, Line::Diag).iter().any(|&a| {
                    let q = pos.at(a);
                    q.is_seated() && q.owner() != s
                });
                if !attacks_enemy {
                    out.push(Move {
                        from,
                        to,
                        promo: FERS + 1,
                        kind: MoveKind::Special,
                        aux: 0,
                    });
                }
            }
        }
    }

    /// Sittuyin's setup drops of the side to move: its own three ranks, rooks on the back rank.
    fn setup_drops(&self, pos: &Position, out: &mut Vec<Move>) {
        let v = pos.variant;
        let t = &v.board;
        let s = pos.turn();
        for k in 0..6u8 {
            if pos.in_hand(s, k) == 0 {
                continue;
            }
            let ranks = if k == ROOK { 1 } else { 3 };
            for c in 0..t.len() as Cell {
                let y = t.cells[c as usize].y;
                let ry = if s == 0 { y } else { 7 - y };
                if ry < ranks && pos.at(c).is_none() {
                    out.push(Move::drop(k, c));
                }
            }
        }
    }

    /// Ouk chatrang's first moves: the king's knight leap to the next rank (not in check, onto
    /// an empty cell) and the met's double step forward (over anything, onto an empty cell).
    fn first_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let v = pos.variant;
        let t = &v.board;
        let s = pos.turn();
        let rights = pos.st.rule[SLOT_GATES];
        let gates = self.gate_cells(v);
        let fwd: i16 = if s == 0 { 1 } else { -1 };
        for (i, &(seat, _)) in GATES.iter().enumerate() {
            let c = gates[i];
            if seat != s || rights >> i & 1 == 0 || c == NO_CELL {
                continue;
            }
            let p = pos.at(c);
            if !p.is_seated() || p.owner() != s {
                continue;
            }
            let (x, y) = (t.cells[c as usize].x, t.cells[c as usize].y);
            match p.kind() {
                KING if !pos.in_check(s) => {
                    for dx in [-2, 2] {
                        if let Some(to) = t.at(x + dx, y + fwd) {
                            if pos.at(to).is_none() {
                                out.push(Move::new(c, to));
                            }
                        }
                    }
                }
                FERS => {
                    if let Some(to) = t.at(x, y + 2 * fwd) {
                        if pos.at(to).is_none() {
                            out.push(Move::new(c, to));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Makruk, ouk chatrang and ASEAN counting after a move (Fairy-Stockfish `do_move`).
    fn update_count(&self, pos: &mut Position, m: Move, captured: Piece) {
        let rule = self.0.counting;
        let mut limit = pos.st.rule[SLOT_LIMIT];
        let mut ply = pos.st.rule[SLOT_PLY];
        let mut side = pos.st.rule[SLOT_SIDE];
        if limit != 0 {
            ply += 1;
        }
        let promotion = m.promo != 0;
        // without a capture or promotion, a count can start only for a side with few enough
        // pieces (`count_limit` is 0 otherwise): the material is not counted then
        let quiet = captured.is_none() && !promotion;
        let few = match rule {
            Counting::Cambodian => 3,
            Counting::Asean => 1,
            Counting::Makruk | Counting::None => usize::MAX,
        };
        let may_start = !quiet || pos.pieces_of(1 - pos.turn()).len() <= few;
        if (limit == 0 && may_start) || !quiet {
            let us = pos.turn();
            let them = 1 - us;
            let mat = Material::of(pos);
            if rule != Counting::Asean
                && captured.is_some()
                && captured.kind() == PAWN
                && mat.all[us as usize] == 1
                && mat.pawns() == 0
            {
                let cl = count_limit(rule, &mat, us);
                if cl != 0 {
                    limit = 2 * cl;
                    ply = 2 * (mat.all[0] + mat.all[1]) as u16 - 1;
                    side = us as u16 + 1;
                }
            }
            if limit == 0 || ((captured.is_some() || promotion) && mat.all[them as usize] == 1) {
                let cl = count_limit(rule, &mat, them);
                if cl != 0 {
                    limit = 2 * cl;
                    side = them as u16 + 1;
                    ply = if rule == Counting::Asean || mat.all[them as usize] > 1 {
                        0
                    } else {
                        2 * (mat.all[0] + mat.all[1]) as u16
                    };
                }
            }
        }
        pos.set_rule(SLOT_LIMIT, limit);
        pos.set_rule(SLOT_PLY, ply);
        pos.set_rule(SLOT_SIDE, side);
    }

    /// Sittuyin (Fairy-Stockfish, rule 3.9 c.7): a king and one pawn, not in check, whose only
    /// moves are promotions: a draw.
    fn only_promotions_left(&self, pos: &mut Position) -> bool {
        let s = pos.turn();
        let mine = pos.pieces_of(s);
        if mine.len() != 2 || !mine.iter().any(|c| pos.at(c).kind() == PAWN) || pos.in_check(s) {
            return false;
        }
        let mut out = Vec::new();
        pos.legal_into(&mut out);
        !out.is_empty() && out.iter().all(|m| m.kind == MoveKind::Special)
    }

    /// The game-level draws: counting, the n-move rule, threefold repetition, two bare kings.
    fn draws(&self, pos: &Position, history: &[u64]) -> Option<Outcome> {
        let limit = pos.st.rule[SLOT_LIMIT];
        if self.0.counting != Counting::None && limit != 0 && pos.st.rule[SLOT_PLY] > limit {
            let reason = match counting(pos).map(|c| c.kind) {
                Some(CountKind::PiecesHonour) => EndReason::PiecesHonour,
                _ => EndReason::BoardsHonour,
            };
            return Some(Outcome::draw(reason));
        }
        if self.0.move_rule > 0 && pos.st.halfmove >= 2 * self.0.move_rule {
            return Some(Outcome::draw(EndReason::FiftyMoves));
        }
        if crate::rules::duel::repeated_twice(pos, history) {
            return Some(Outcome::draw(EndReason::Repetition));
        }
        if pos.pieces_of(0).len() == 1 && pos.pieces_of(1).len() == 1 {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        None
    }
}

impl Rules for ShatranjRules {
    /// Fairy-Stockfish's FEN: pieces in hand in brackets (sittuyin), the first-move rights of
    /// ouk chatrang in the castling field (`DEde`), and while a count runs its limit in the en
    /// passant field and its ply in the halfmove field (both in plies).
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        let p = &self.0;
        let t = &v.board;
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.is_empty() {
            return Err(bad("empty FEN"));
        }
        let mut pos = Position::empty(v);
        let (placement, hand) = match f[0].split_once('[') {
            Some((b, h)) => (
                b,
                Some(h.strip_suffix(']').ok_or_else(|| bad("unclosed hand"))?),
            ),
            None => (f[0], None),
        };
        // single-digit empty runs; Fairy-Stockfish's `~` marks are ignored
        let token = |cur: &mut Cursor| {
            let ch = cur.next().unwrap_or('~');
            if ch == '~' {
                return Ok(Token::Mark);
            }
            let kind = v
                .piece_by_letter(ch)
                .ok_or_else(|| bad(format!("unknown piece '{ch}'")))?;
            let seat = seat_of_case(ch);
            Ok(Token::Piece(Piece::new(
                kind,
                seat,
                v.seats[seat as usize].facing,
            )))
        };
        rows::read(placement, &Rows::grid(t), JOINED, token, |c, q| {
            pos.board[c as usize] = q;
            Ok(())
        })?;
        if let Some(h) = hand {
            if !p.setup {
                return Err(bad("this game has no hands"));
            }
            for ch in h.chars() {
                let kind = v
                    .piece_by_letter(ch)
                    .ok_or_else(|| bad(format!("unknown piece '{ch}' in hand")))?;
                pos.hands[seat_of_case(ch) as usize][kind as usize] += 1;
            }
        }
        pos.st.turn = match f.get(1).copied().unwrap_or("w") {
            "w" => 0,
            "b" => 1,
            s => return Err(bad(format!("side to move '{s}'"))),
        };
        pos.refresh();
        for s in 0..2u8 {
            let kings = pos
                .pieces_of(s)
                .iter()
                .filter(|&c| pos.at(c).kind() == KING)
                .count()
                + pos.in_hand(s, KING) as usize;
            if kings > 1 || (kings == 0 && !p.king_capture) {
                return Err(bad(format!(
                    "{kings} kings for {}",
                    v.seats[s as usize].colour
                )));
            }
        }
        let rights = f.get(2).copied().unwrap_or("-");
        if rights != "-" {
            if !p.first_moves {
                return Err(bad(format!(
                    "castling field '{rights}' in a game without castling"
                )));
            }
            let mut bits = 0u16;
            for ch in rights.chars() {
                let seat = seat_of_case(ch);
                let file = ch.to_ascii_lowercase();
                let i = GATES
                    .iter()
                    .position(|&(s, name)| s == seat && name.starts_with(file))
                    .ok_or_else(|| bad(format!("first-move right '{ch}'")))?;
                bits |= 1 << i;
            }
            pos.set_rule(SLOT_GATES, bits);
        }
        let num = |i: usize, d: u32| -> Result<u32> {
            match f.get(i) {
                None => Ok(d),
                Some(s) => s.parse().map_err(|_| bad(format!("bad number '{s}'"))),
            }
        };
        let third = f.get(3).copied().unwrap_or("-");
        let mut limit = 0u32;
        if third != "-" {
            if p.counting == Counting::None || !third.bytes().all(|b| b.is_ascii_digit()) {
                // no en passant in these games; Fairy-Stockfish ignores the square too
                if t.cell(third).is_none() {
                    return Err(bad(format!("en passant square '{third}'")));
                }
            } else {
                limit = num(3, 0)?;
            }
        }
        let mut halfmove = num(4, 0)?;
        pos.st.fullmove = num(5, 1)?.max(1);
        if limit > 0 {
            if limit > u16::MAX as u32 || halfmove > u16::MAX as u32 {
                return Err(bad("counting out of range"));
            }
            pos.set_rule(SLOT_LIMIT, limit as u16);
            if halfmove > 0 {
                pos.set_rule(SLOT_PLY, halfmove as u16);
                halfmove = 0;
            }
        }
        pos.st.halfmove = halfmove;
        if p.setup && pos.hands[pos.st.turn as usize].iter().any(|&n| n > 0) {
            pos.set_phase(1);
        }
        pos.st.hash = pos.compute_hash();
        if !p.king_capture && pos.in_check(1 - pos.st.turn) {
            return Err(bad("the side not to move is in check"));
        }
        Ok(pos)
    }

    fn write(&self, pos: &Position) -> String {
        let p = &self.0;
        let v = pos.variant;
        let t = &v.board;
        let mut s = rows::write(&Rows::grid(t), JOINED, |c, s| {
            let q = pos.at(c);
            if q.is_some() {
                let l = v.letter(q.kind());
                s.push(in_case(l, q.owner()));
            }
        });
        if p.setup {
            // Fairy-Stockfish's order: king, elephant, general, rook, knight, pawn
            s.push('[');
            for seat in 0..2u8 {
                for k in [KING, BISHOP, FERS, ROOK, KNIGHT, PAWN] {
                    let l = v.letter(k);
                    let l = in_case(l, seat);
                    for _ in 0..pos.in_hand(seat, k) {
                        s.push(l);
                    }
                }
            }
            s.push(']');
        }
        s.push_str(if pos.turn() == 0 { " w " } else { " b " });
        let rights = pos.st.rule[SLOT_GATES];
        let mut r = String::new();
        for (i, &(seat, name)) in GATES.iter().enumerate() {
            if p.first_moves && rights >> i & 1 == 1 {
                let f = name.chars().next().unwrap();
                r.push(if seat == 0 { f.to_ascii_uppercase() } else { f });
            }
        }
        s += if r.is_empty() { "-" } else { &r };
        let limit = pos.st.rule[SLOT_LIMIT];
        if limit != 0 {
            s += &format!(" {limit} {}", pos.st.rule[SLOT_PLY]);
        } else {
            s += &format!(" - {}", pos.st.halfmove);
        }
        s += &format!(" {}", pos.st.fullmove);
        s
    }

    fn extra_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if pos.st.step != 0 {
            return;
        }
        if pos.st.phase == 1 {
            self.setup_drops(pos, out);
            return;
        }
        if self.0.first_moves {
            self.first_moves(pos, out);
        }
        if self.0.setup {
            self.sittuyin_promotions(pos, out);
        }
    }

    fn legal(&self, pos: &mut Position, m: Move) -> bool {
        if self.ended(pos) {
            return false;
        }
        if m.kind == MoveKind::Special {
            let s = pos.turn();
            let u = pos.make(m);
            let check = pos.in_check(1 - s);
            pos.unmake(m, &u);
            return !check;
        }
        true
    }
    /// Whether the game has ended (value 1), asked once per node rather than per move.
    fn node_state(&self, pos: &mut Position) -> NodeState {
        NodeState {
            value: self.ended(pos) as u64,
            ..NodeState::default()
        }
    }
    /// [`Rules::legal`] with the node's end known.
    fn legal_at(&self, pos: &mut Position, m: Move, node: &NodeState) -> bool {
        if node.value != 0 {
            return false;
        }
        if m.kind == MoveKind::Special {
            return self.legal(pos, m);
        }
        true
    }

    /// Sittuyin: setup bookkeeping and promotion; ouk chatrang: first-move rights; the count.
    fn effects(&self, pos: &mut Position, m: Move, captured: Piece) {
        let p = &self.0;
        let v = pos.variant;
        let s = pos.turn();
        if m.kind == MoveKind::Special {
            let f = v.seats[s as usize].facing;
            pos.set(m.from, Piece::NONE);
            pos.set(m.to, Piece::new(FERS, s, f).with_promoted(true));
            pos.st.halfmove = 0;
        }
        if p.setup {
            let next_holds = pos.hands[1 - s as usize].iter().any(|&n| n > 0);
            let phase = next_holds as u8;
            if pos.st.phase != phase {
                pos.set_phase(phase);
            }
        }
        if p.first_moves {
            let mut rights = pos.st.rule[SLOT_GATES];
            if rights != 0 {
                let gates = self.gate_cells(v);
                let t = &v.board;
                for (i, &(seat, _)) in GATES.iter().enumerate() {
                    if rights >> i & 1 == 0 {
                        continue;
                    }
                    let c = gates[i];
                    if (seat == s && c == m.from) || (seat != s && c == m.to) {
                        rights &= !(1 << i);
                        continue;
                    }
                    // a rook moving onto the line of a king that still has its leap takes it
                    if seat != s && m.is_board_move() && pos.at(m.to).kind() == ROOK {
                        let k = pos.at(c);
                        let (a, b) = (&t.cells[c as usize], &t.cells[m.to as usize]);
                        if k.is_seated()
                            && k.owner() == seat
                            && k.kind() == KING
                            && (a.x == b.x || a.y == b.y)
                        {
                            rights &= !(1 << i);
                        }
                    }
                }
                pos.set_rule(SLOT_GATES, rights);
            }
        }
        if p.counting != Counting::None && pos.st.phase == 0 {
            self.update_count(pos, m, captured);
        }
    }

    /// What a search sees: the king taken, the bare king, mate, stalemate (lost where the
    /// game says so), then counting, the n-move rule, repetition and two bare kings.
    fn outcome(&self, pos: &mut Position, history: &[u64]) -> Option<Outcome> {
        let p = &self.0;
        let stm = pos.turn();
        if pos.st.phase != 0 {
            return None;
        }
        if p.king_capture {
            for s in 0..2 {
                if pos.king(s).is_none() {
                    return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
                }
            }
        }
        if let Some(o) = self.bare_king_end(pos) {
            return Some(o);
        }
        if !pos.any_legal_move() {
            if !p.king_capture && pos.in_check(stm) {
                return Some(Outcome::win(vec![1 - stm], EndReason::Checkmate));
            }
            return Some(if p.stalemate_loses {
                Outcome::win(vec![1 - stm], EndReason::Stalemate)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        if p.setup && self.only_promotions_left(pos) {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        self.draws(pos, history)
    }

    /// Resignation and time-out (a flag fall draws when the opponent has a bare king), then
    /// the position's own outcome.
    /// A flag fall against a bare king draws.
    fn timeout(&self, ctx: &mut Ctx, s: Seat) -> Outcome {
        let bare = ctx.pos.pieces_of(1 - s).len() <= 1
            && ctx.pos.hands[1 - s as usize].iter().all(|&n| n == 0);
        if bare {
            Outcome::draw(EndReason::Timeout)
        } else {
            Outcome::win(vec![1 - s], EndReason::Timeout)
        }
    }
}

#[cfg(test)]
mod tests;
