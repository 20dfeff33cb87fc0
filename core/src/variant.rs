//! A game as configuration: board, piece types, seats, zones, and which rule family hooks in.
//!
//! A [`Variant`] is built once per game id and lives for the program (`&'static`), so a
//! [`crate::position::Position`] can point at it for free.

use crate::board::{Cell, CellSet, Line, Topology, LINE_KINDS, NO_CELL};
use crate::piece::{Atom, Piece, PieceType, Seat};

/// Piece kinds a hand can hold (kinds 0..HAND_KINDS).
pub const HAND_KINDS: usize = 16;

/// Who may capture en passant, and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpMode {
    None,
    /// Only the next move (two-player chess; three-player: the next player, right away).
    NextMove,
    /// Any opponent, until the player who double-stepped moves again (four-player FFA).
    UntilMoverAgain,
    /// The next player, through every step of their turn (Paco Ŝako: a pawn freed in the
    /// middle of a chain may take); the chance expires when that turn ends.
    WholeTurn,
}

/// What a move that takes a live opposing royal piece owes its own king, in games where moves
/// may not leave the mover's king attacked (`Variant::royal_check`; docs/rules-decisions.md
/// "Taking a king while in check").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingTake {
    /// Like any other move: it must leave the mover's king unattacked.
    Guarded,
    /// Taking a king ends the game (four-player teams), so no position follows in which the
    /// mover's king could be taken: the move is legal whatever it leaves attacked.
    EndsGame,
    /// The king's owner goes out with it and the army turns grey, and grey pieces give no
    /// check (four-player free for all, eight-player chess): only the attacks of other seats
    /// count against the mover's king.
    VictimGreys,
}

/// How a piece kind promotes (per kind, so shogi's pieces and chess's pawns are the same data).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// Kinds it may become, in menu order.
    pub to: Vec<u8>,
    /// Zone (index into `Variant::zones`, per facing) a move must end in to promote.
    pub zone: u8,
    /// A move that starts in the zone may promote too (shogi).
    pub from_zone_too: bool,
    /// Zone where the piece must promote (it would have no move left there); 0 = never forced.
    /// Chess pawns: the same zone as `zone`.
    pub forced: u8,
}

/// Which of the family's hooks the move generator and `make` must call for this game. The
/// hooks themselves are in `rules::Rules` (every family implements all of them); these flags
/// only spare the games that do not need a hook the cost of calling it per node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    /// `Rules::extra_moves`: pass, duck placement, setup moves, other than drops from hand.
    pub extra_moves: bool,
    /// `Rules::legal`: legality beyond "the own king is not left attacked".
    pub filter: bool,
    /// `Rules::effects`: what a move does beyond moving pieces (explosions, ...).
    pub effects: bool,
    /// Every move's king safety must be tested (effects can expose the king from afar).
    pub verify_all: bool,
    /// The family's effects of board moves (`Move::is_board_move`) change only rule state
    /// (check streaks, counters), never the board, seats or the side to move, so the
    /// king-safety test of such a move makes it without them (`Position::make_probe`).
    pub effects_keep_board: bool,
    /// `Rules::node_state`: the filter reuses what it computes once per node
    /// (`Rules::legal_at`).
    pub node_state: bool,
    /// `Rules::after_action` reads the game's record (`Ctx::earlier`: eight-player chess's
    /// mate credit), so a search (`tree::Tree`) keeps the plies of its path.
    pub record: bool,
    /// A turn is counted by the distinct positions it can end in, not by its step sequences
    /// (Paco Ŝako: several chains can end in one position; its reference counts positions).
    /// Perft of whole turns (`movegen::perft_turns`) deduplicates a node's turn ends by hash.
    pub turn_ends: bool,
}

/// What players hold in hand (crazyhouse, shogi, sittuyin's setup).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandRule {
    /// Captured pieces go to the capturer's hand (demoted: `PieceType::unpromoted`).
    pub captures_to_hand: bool,
    /// Pieces in hand may be dropped on empty cells as a move.
    pub drops: bool,
    /// Per kind: zone (index into `Variant::zones`, per facing) a drop must land in; 0 = anywhere.
    pub drop_zone: Vec<u8>,
}

/// A seat's fixed data.
#[derive(Clone, Debug)]
pub struct SeatDef {
    /// Colour id ("white", "red", ...); display names live in assets/.
    pub colour: &'static str,
    /// One-letter tag used in notations (w, b, r, y, g, ...).
    pub tag: char,
    /// Team index; seats with the same team are partners and never capture or attack each other.
    pub team: u8,
    /// The facing of this seat's pawns at the start.
    pub facing: u8,
}

impl SeatDef {
    /// White (facing north, moving first) and Black (facing south): the seats of every
    /// two-player grid game.
    pub fn white_and_black() -> Vec<SeatDef> {
        vec![
            SeatDef {
                colour: "white",
                tag: 'w',
                team: 0,
                facing: crate::board::grid::NORTH,
            },
            SeatDef {
                colour: "black",
                tag: 'b',
                team: 1,
                facing: crate::board::grid::SOUTH,
            },
        ]
    }
}

/// The three groups of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    ChessVariants,
    ChessFamily,
    MorePlayers,
}

/// How the screen draws a game's board beyond its cells (`scene::boards`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Chequered squares (the hexagon of three-player chess) and Western pieces.
    Western,
    /// Pieces on the points of the lines, with the river (xiangqi).
    Xiangqi,
    /// Pieces on the points of the lines, no river (janggi).
    Janggi,
    /// Shogi's board: plain squares, promotion zones `zone` rows deep.
    Shogi { zone: i16 },
}

/// What shells and tools need to know of a game beyond its rules: one registry row
/// (`rules::GAMES`) gives them; test-only variants keep [`Facts::CHESS_LIKE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The catalogue's section.
    pub group: Group,
    /// Fairy-Stockfish's `UCI_Variant` name (with `UCI_Chess960` where the game has numbered
    /// starts); None where Fairy-Stockfish lacks the game.
    pub uci: Option<&'static str>,
    /// The `USI_Variant` name shogi GUIs and engines use; None for games USI does not play.
    pub usi: Option<&'static str>,
    /// The PGN `Variant` tag: python-chess's name for the chess variants it knows
    /// (`Chess960`, `antichess`, ...), Fairy-Stockfish's for the others (`xiangqi`,
    /// `cambodian`, ...), PGN4's for four-player chess; None for standard chess.
    pub pgn_variant: Option<&'static str>,
    /// Further `Variant` tag values that name the game in its records (PGN4's `Solo`).
    pub pgn_aliases: &'static [&'static str],
    /// The standard start other programs' records name (PGN4's `StartFen4 "4PC"`) where it is
    /// laid out otherwise than Rookery's start, in the game's own notation (chess.com's
    /// four-player start of today); None where the two agree.
    pub record_start: Option<&'static str>,
    /// SAN names every move of the game (`notation::san::fits`).
    pub san: bool,
    /// The form of the game's exported record, the standard one.
    pub record: RecordForm,
    /// Further forms its record may be exported in (shogi: CSA); Rookery's text is always one.
    pub more_records: &'static [RecordForm],
    /// SAN marks a check (`+`, `#`) although the rules let a king be left attacked, as the
    /// other programs that know the game write it (chaturanga: Fairy-Stockfish plays it with
    /// checkmate). Games whose rules forbid it always mark checks.
    pub marks_checks: bool,
    /// How its board is drawn.
    pub look: Look,
    /// Its pieces' art set: the first part of their images' names in assets/pieces/
    /// (`western-pawn.svg`).
    pub art: &'static str,
    /// The order of the hand slots the screen shows (piece letters); "" = the non-royal kinds
    /// in kind order.
    pub hand_slots: &'static str,
    /// Pawns change direction during play (the screen marks every pawn's way).
    pub pawns_turn: bool,
    /// The board's centre diagonals are drawn (four seasons).
    pub centre_diagonals: bool,
    /// Score points per game point (three-player chess keeps quarters: 4); 1 = whole points.
    pub score_unit: i32,
}

impl Facts {
    /// Every form the game's record is exported in: the standard one first, then the
    /// others (Rookery's own text, which every game has, only where it is the standard one).
    pub fn record_forms(&self) -> Vec<RecordForm> {
        let mut out = vec![self.record];
        out.extend(self.more_records);
        out
    }

    /// The facts of a two-player chess-like game (SAN, PGN, a Western board), and of the
    /// variants outside the registry (test-only games).
    pub const CHESS_LIKE: Facts = Facts {
        group: Group::ChessVariants,
        uci: None,
        usi: None,
        pgn_variant: None,
        pgn_aliases: &[],
        record_start: None,
        san: true,
        record: RecordForm::Pgn,
        more_records: &[],
        marks_checks: false,
        look: Look::Western,
        art: "western",
        hand_slots: "",
        pawns_turn: false,
        centre_diagonals: false,
        score_unit: 1,
    };
}

/// Everything that defines one game mode.
pub struct Variant {
    pub id: &'static str,
    /// The family's rules (see [`crate::rules::Rules`]).
    pub rules: &'static dyn crate::rules::Rules,
    /// Its registry row's facts (see [`Facts`]).
    pub facts: Facts,
    pub board: Topology,
    pub pieces: Vec<PieceType>,
    pub seats: Vec<SeatDef>,
    /// Per pawn facing: cells a pawn may double-step from.
    pub double_step: Vec<CellSet>,
    /// Per pawn facing: cells where a pawn promotes.
    pub promotion_zone: Vec<CellSet>,
    /// Piece kinds a pawn may promote to, in menu order.
    pub promote_to: Vec<u8>,
    /// Zones (palace, own half, promotion zones), each one cell set per facing. Index 0 is
    /// "anywhere" and never read; `finish` adds the pawns' promotion zone.
    pub zones: Vec<Vec<CellSet>>,
    /// Per kind: how it promotes (filled by `finish` for pawns from `promotion_zone` and
    /// `promote_to` unless a game set it).
    pub promotion: Vec<Option<Promotion>>,
    /// Hands and drops; None in games without hands.
    pub hand: Option<HandRule>,
    /// Moves per turn: 1, or 2 for duck chess (a move, then the duck).
    pub steps_per_turn: u8,
    /// Which hooks of the family run (see [`Hooks`]).
    pub hooks: Hooks,
    /// How many numbered start positions the game has (Chess960: 960), and the default one.
    pub starts: (u32, u32),
    /// Castling is written as the king taking its own rook (Chess960, Shredder FEN).
    pub castle_king_takes_rook: bool,
    /// Move text marks a promotion with `+` instead of the new piece's letter (shogi:
    /// `b2h8+`; no suffix = no promotion), as Fairy-Stockfish writes it.
    pub promotion_plus: bool,
    /// Kinds that may not serve as the screen of a hop, and kinds a hop may not capture (bit
    /// per kind; janggi: the cannon neither jumps over nor takes a cannon).
    pub hop_screen_barred: u64,
    pub hop_capture_barred: u64,
    /// Bit mask of the rule-state slots (`State::rule`) that are part of the position's hash.
    pub rule_hashed: u8,
    pub ep: EpMode,
    /// Castling exists in this game.
    pub castling: bool,
    /// Moves may not leave the mover's own royal piece attacked.
    pub royal_check: bool,
    /// What a move that takes an opposing king owes its own king (with `royal_check`).
    pub king_take: KingTake,
    /// Start position in the game's own notation (FEN for chess-like games).
    pub start_fen: String,
    /// The game scores points (multi-player free for all, pairs, chaturaji): the screen shows
    /// each seat's score.
    pub points: bool,
    /// How the game's players name the board's files and ranks (the board's labels and the
    /// game's own notation; saved games keep the board's internal cell names).
    pub coordinates: Coordinates,
    // Derived attack tables (filled by `finish`).
    pub(crate) slider_mask: [u64; LINE_KINDS],
    pub(crate) stepper_mask: [u64; LINE_KINDS],
    pub(crate) hop_mask: [u64; LINE_KINDS],
    /// Kinds with atoms limited by direction or zone (checked atom by atom in attack tests).
    pub(crate) special_mask: u64,
    /// Kinds with a promotion rule.
    pub(crate) promo_mask: u64,
    pub(crate) special_leap_kinds: Vec<crate::board::Leap>,
    /// Some piece leaps over legs (xiangqi and janggi horses and elephants).
    pub(crate) has_legs: bool,
    /// Some piece hops over a screen (cannons): a move onto a line with the king can expose it.
    pub(crate) has_hoppers: bool,
    /// Kinds with a hop atom.
    pub(crate) hopper_mask: u64,
    /// Per line kind, kinds limited by direction or zone (`special_mask`) that may capture
    /// along it: by a slide of any range (a neighbour), by a slide longer than one cell (a
    /// farther cell), by a hop. The attack test asks their atoms only where these say.
    pub(crate) special_near: [u64; LINE_KINDS],
    pub(crate) special_far: [u64; LINE_KINDS],
    pub(crate) special_hop: [u64; LINE_KINDS],
    /// Per king cell (in games with legs or hoppers): the cells a piece may leave only after a
    /// king-safety test, the cells on a line with it and the legs of every leap that reaches it.
    pub(crate) exposure: Vec<CellSet>,
    /// Kinds that may also promote when a move starts in their zone.
    pub(crate) promo_from_mask: u64,
    /// Per kind and facing (`kind * facings + facing`): the cells of the kind's promotion zone.
    promo_cells: Vec<CellSet>,
    pub(crate) leap_masks: Vec<(crate::board::Leap, u64)>,
    pub(crate) pawn_mask: u64,
    pub(crate) royal_mask: u64,
    pub(crate) pawn_facings: u8,
    pub(crate) team_of: [u8; 16],
}

/// A form of game record: the standard ones other programs read, or Rookery's own text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordForm {
    /// PGN (two-player games), with the `Variant` tag of [`Facts::pgn_variant`].
    Pgn,
    /// chess.com PGN4 (four-player chess).
    Pgn4,
    /// KIF, the Japanese shogi record (Kifu for Windows, python-shogi).
    Kif,
    /// CSA, the Computer Shogi Association's record.
    Csa,
    /// Rookery's own text form (games no other program knows; `store::text`), and every
    /// game's lossless form.
    Rookery,
}

impl RecordForm {
    /// The form's name as a command line and the apps name it (`pgn`, `kif`, ...).
    pub fn name(self) -> &'static str {
        match self {
            RecordForm::Pgn => "pgn",
            RecordForm::Pgn4 => "pgn4",
            RecordForm::Kif => "kif",
            RecordForm::Csa => "csa",
            RecordForm::Rookery => "rookery",
        }
    }

    /// The form a name names (case ignored).
    pub fn from_name(name: &str) -> Option<RecordForm> {
        [
            RecordForm::Pgn,
            RecordForm::Pgn4,
            RecordForm::Kif,
            RecordForm::Csa,
            RecordForm::Rookery,
        ]
        .into_iter()
        .find(|f| f.name().eq_ignore_ascii_case(name))
    }
}

/// How players name a grid board's files and ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinates {
    /// Files `a`, `b`, ... from the first seat's left, ranks `1`, `2`, ... from its side (the
    /// board's own cell names).
    Algebraic,
    /// Files numbered from the first seat's right (`9` ... `1` on a 9-wide board), ranks
    /// lettered from the far side (`a` ... `i`): shogi, as USI and Western notation write it.
    FilesFromRight,
}

impl Coordinates {
    /// The label of file `x` (0 = the first seat's left) on a board `width` wide.
    pub fn file(self, x: i16, width: i16) -> String {
        match self {
            Coordinates::Algebraic => crate::board::grid::file_name(x).to_string(),
            Coordinates::FilesFromRight => (width - x).to_string(),
        }
    }

    /// The label of rank `y` (0 = the first seat's side) on a board `height` high.
    pub fn rank(self, y: i16, height: i16) -> String {
        match self {
            Coordinates::Algebraic => (y + 1).to_string(),
            Coordinates::FilesFromRight => ((b'a' + (height - 1 - y) as u8) as char).to_string(),
        }
    }

    /// A cell as the players name it: `e4`, or shogi's `7g` (file, then rank).
    pub fn cell(self, t: &crate::board::Topology, c: crate::board::Cell) -> String {
        let ci = &t.cells[c as usize];
        match self {
            Coordinates::Algebraic => t.name(c).to_string(),
            Coordinates::FilesFromRight => {
                format!("{}{}", self.file(ci.x, t.width), self.rank(ci.y, t.height))
            }
        }
    }

    /// The cell a player's name means (the inverse of [`Coordinates::cell`]).
    pub fn parse_cell(self, t: &crate::board::Topology, name: &str) -> Option<crate::board::Cell> {
        match self {
            Coordinates::Algebraic => t.cell(name),
            Coordinates::FilesFromRight => {
                let digits: String = name.chars().take_while(|c| c.is_ascii_digit()).collect();
                let rest = &name[digits.len()..];
                let file: i16 = digits.parse().ok()?;
                let mut chars = rest.chars();
                let r = chars.next().filter(|c| c.is_ascii_lowercase())?;
                if chars.next().is_some() || file < 1 || file > t.width {
                    return None;
                }
                let from_top = r as i16 - 'a' as i16;
                if from_top >= t.height {
                    return None;
                }
                t.at(t.width - file, t.height - 1 - from_top)
            }
        }
    }
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Variant({})", self.id)
    }
}

impl Variant {
    /// Computes the derived attack tables; call once after filling the public fields.
    pub fn finish(mut self) -> Variant {
        assert!(self.pieces.len() <= 64, "at most 64 piece kinds");
        assert!(
            self.hand.is_none() || self.pieces.len() <= HAND_KINDS,
            "a game with hands has at most {} piece kinds",
            HAND_KINDS
        );
        self.pawn_facings = self.board.pawns.len() as u8;
        if self.zones.is_empty() {
            self.zones
                .push(vec![CellSet::EMPTY; self.pawn_facings as usize]);
        }
        self.promotion.resize(self.pieces.len(), None);
        let pawn_zone = self.zones.len() as u8;
        let mut pawn_zone_used = false;
        use crate::board::Leap;
        self.has_legs = self.pieces.iter().any(|t| {
            t.atoms.iter().any(|a| {
                matches!(
                    a,
                    Atom::Leap {
                        leap: Leap::Horse | Leap::Elephant | Leap::JanggiElephant,
                        ..
                    }
                )
            })
        });
        for (k, t) in self.pieces.iter().enumerate() {
            let bit = 1u64 << k;
            if t.royal {
                self.royal_mask |= bit;
            }
            if t.atoms.iter().any(|a| !a.is_plain()) {
                self.special_mask |= bit;
            }
            if t.atoms.contains(&Atom::Pawn)
                && self.promotion[k].is_none()
                && !self.promote_to.is_empty()
            {
                self.promotion[k] = Some(Promotion {
                    to: self.promote_to.clone(),
                    zone: pawn_zone,
                    from_zone_too: false,
                    forced: pawn_zone,
                });
                pawn_zone_used = true;
            }
            if self.promotion[k].is_some() {
                self.promo_mask |= bit;
            }
            if self.special_mask & bit != 0 {
                // checked atom by atom (`Position::attacked`), not through the fast tables
                for a in &t.atoms {
                    match *a {
                        Atom::Slide {
                            line, range, mode, ..
                        } if mode.captures() => {
                            self.special_near[line as usize] |= bit;
                            if range != 1 {
                                self.special_far[line as usize] |= bit;
                            }
                        }
                        Atom::Hop { line, mode, .. } if mode.captures() => {
                            self.special_hop[line as usize] |= bit
                        }
                        Atom::Pawn => self.pawn_mask |= bit,
                        Atom::Leap { leap, .. } if !self.special_leap_kinds.contains(&leap) => {
                            self.special_leap_kinds.push(leap)
                        }
                        _ => {}
                    }
                }
                continue;
            }
            for a in &t.atoms {
                match *a {
                    Atom::Slide {
                        line, range, mode, ..
                    } if mode.captures() => {
                        if range == 0 {
                            self.slider_mask[line as usize] |= bit
                        } else {
                            assert_eq!(range, 1, "slides of range > 1 not supported yet");
                            self.stepper_mask[line as usize] |= bit
                        }
                    }
                    Atom::Hop { line, mode, .. } if mode.captures() => {
                        self.hop_mask[line as usize] |= bit
                    }
                    Atom::Leap { leap, mode, .. } if mode.captures() => {
                        match self.leap_masks.iter_mut().find(|(l, _)| *l == leap) {
                            Some((_, m)) => *m |= bit,
                            None => self.leap_masks.push((leap, bit)),
                        }
                    }
                    Atom::Pawn => self.pawn_mask |= bit,
                    _ => {}
                }
            }
        }
        if pawn_zone_used {
            let z = self.promotion_zone.clone();
            self.zones.push(z);
        }
        let nf = self.pawn_facings as usize;
        self.promo_cells = vec![CellSet::EMPTY; self.pieces.len() * nf];
        for (k, pr) in self.promotion.iter().enumerate() {
            if let Some(pr) = pr {
                for f in 0..nf {
                    self.promo_cells[k * nf + f] = self.zones[pr.zone as usize][f];
                }
                if pr.from_zone_too {
                    self.promo_from_mask |= 1 << k;
                }
            }
        }
        self.team_of = [255; 16];
        for (i, s) in self.seats.iter().enumerate() {
            self.team_of[i] = s.team;
        }
        for (k, t) in self.pieces.iter().enumerate() {
            if t.atoms.iter().any(|a| matches!(a, Atom::Hop { .. })) {
                self.hopper_mask |= 1 << k;
            }
        }
        self.has_hoppers = self.hopper_mask != 0;
        if self.has_legs || self.has_hoppers {
            let mut leaps: Vec<Leap> = Vec::new();
            for t in &self.pieces {
                for a in &t.atoms {
                    if let Atom::Leap { leap, .. } = *a {
                        if !leaps.contains(&leap) {
                            leaps.push(leap);
                        }
                    }
                }
            }
            let b = &self.board;
            self.exposure = (0..b.len() as Cell)
                .map(|k| {
                    let mut set = CellSet::EMPTY;
                    for r in b.rays(k) {
                        for &c in b.ray_cells(r) {
                            set.insert(c);
                        }
                    }
                    for &leap in &leaps {
                        for lt in b.leaps_to(leap, k) {
                            for leg in [lt.leg, lt.leg2] {
                                if leg != NO_CELL {
                                    set.insert(leg);
                                }
                            }
                        }
                    }
                    set
                })
                .collect();
        }
        self
    }

    /// A variant with the common defaults; the caller fills in what differs, then `finish`es.
    pub fn base(
        id: &'static str,
        rules: &'static dyn crate::rules::Rules,
        board: Topology,
        pieces: Vec<PieceType>,
    ) -> Self {
        let facings = board.pawns.len();
        Variant {
            id,
            rules,
            facts: Facts::CHESS_LIKE,
            board,
            pieces,
            seats: Vec::new(),
            double_step: vec![CellSet::EMPTY; facings],
            promotion_zone: vec![CellSet::EMPTY; facings],
            promote_to: Vec::new(),
            zones: Vec::new(),
            promotion: Vec::new(),
            hand: None,
            steps_per_turn: 1,
            hooks: Hooks::default(),
            coordinates: Coordinates::Algebraic,
            starts: (1, 0),
            castle_king_takes_rook: false,
            promotion_plus: false,
            hop_screen_barred: 0,
            hop_capture_barred: 0,
            rule_hashed: 0,
            ep: EpMode::None,
            castling: false,
            royal_check: true,
            king_take: KingTake::Guarded,
            start_fen: String::new(),
            points: false,
            slider_mask: [0; LINE_KINDS],
            stepper_mask: [0; LINE_KINDS],
            hop_mask: [0; LINE_KINDS],
            special_mask: 0,
            promo_mask: 0,
            special_leap_kinds: Vec::new(),
            has_legs: false,
            has_hoppers: false,
            hopper_mask: 0,
            special_near: [0; LINE_KINDS],
            special_far: [0; LINE_KINDS],
            special_hop: [0; LINE_KINDS],
            exposure: Vec::new(),
            promo_from_mask: 0,
            promo_cells: Vec::new(),
            leap_masks: Vec::new(),
            pawn_mask: 0,
            royal_mask: 0,
            pawn_facings: 0,
            team_of: [255; 16],
        }
    }

    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// Whether two seats are partners (same team). A seat is its own partner.
    #[inline]
    pub fn allied(&self, a: Seat, b: Seat) -> bool {
        self.team_of[a as usize] == self.team_of[b as usize]
    }

    pub fn is_royal(&self, kind: u8) -> bool {
        self.royal_mask >> kind & 1 == 1
    }

    /// Whether `p` is a live (not grey) royal piece.
    pub fn is_live_king(&self, p: Piece) -> bool {
        p.is_some() && !p.is_grey() && self.is_royal(p.kind())
    }

    pub fn piece_by_letter(&self, ch: char) -> Option<u8> {
        let up = ch.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up)
            .map(|k| k as u8)
    }

    /// The kind a captured piece takes in the capturer's hand (promoted pieces demote).
    pub fn in_hand_as(&self, p: crate::piece::Piece) -> u8 {
        let k = p.kind();
        match self.pieces[k as usize].demotes_to {
            Some(d) if p.promoted() => d,
            _ => k,
        }
    }

    pub fn letter(&self, kind: u8) -> char {
        self.pieces[kind as usize].letter
    }

    /// The promotion zone of kind `kind` for facing `f` (empty for kinds that never promote).
    #[inline]
    pub(crate) fn promotion_cells(&self, kind: u8, f: u8) -> &CellSet {
        &self.promo_cells[kind as usize * self.pawn_facings as usize + f as usize]
    }

    /// The leap kinds used by pieces with direction- or zone-limited atoms.
    pub(crate) fn special_leaps(&self) -> impl Iterator<Item = crate::board::Leap> + '_ {
        self.special_leap_kinds.iter().copied()
    }

    /// The zone `z` as seen by a piece of facing `facing` (zone 0 = every cell).
    #[inline]
    pub fn in_zone(&self, z: u8, facing: u8, c: crate::board::Cell) -> bool {
        z == 0 || self.zones[z as usize][facing as usize].contains(c)
    }

    /// The family's rules (see [`crate::rules::Rules`]).
    #[inline]
    pub fn rules(&self) -> &'static dyn crate::rules::Rules {
        self.rules
    }

    pub(crate) fn line_mask(&self, line: Line) -> (u64, u64) {
        (
            self.slider_mask[line as usize],
            self.stepper_mask[line as usize],
        )
    }
}
