//! The board scene for the apps: records mirroring `rookery_core::scene`, so both shells paint
//! the same polygons, lines, labels, bars and pieces and send touches back through the same
//! hit test. Coordinates: x 0..1 across the scene, y down 0..`height`; colours 0xAARRGGBB.
//!
//! A game's scene comes with its screen (`GameSession.screen().scene`, fog of war applied by
//! the core); a tap at a scene point goes back as `ScreenIntent.At(x, y)`. `board_scene` draws
//! any catalogue game's start position (previews), `scene_hit_test` says what a point hits.

use rookery_core::scene::{self as core, Colour, Orientation, Point};

use crate::error::{guard, RookeryError};

#[derive(Debug, Clone, Copy, PartialEq, uniffi::Record)]
pub struct ScenePoint {
    pub x: f32,
    pub y: f32,
}

/// How the board is turned: `bottom` = the seat at the bottom (pass the seat to move for
/// "face the player to move"); `table` = bars face their own players; `turn_pieces` = in
/// table mode pieces face their owners (shogi's always do).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct SceneOrientation {
    pub bottom: u8,
    pub table: bool,
    pub turn_pieces: bool,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SceneArmy {
    pub id: String,
    pub body: u32,
    pub ink: u32,
    pub mark: u32,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SceneRegion {
    pub polygon: Vec<ScenePoint>,
    pub colour: u32,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SceneStroke {
    pub points: Vec<ScenePoint>,
    pub closed: bool,
    pub width: f32,
    pub colour: u32,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SceneDot {
    pub centre: ScenePoint,
    pub radius: f32,
    pub colour: u32,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SceneLabel {
    pub text: String,
    pub at: ScenePoint,
    pub size: f32,
    pub colour: u32,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SceneCell {
    pub cell: String,
    /// Outline and hit area.
    pub polygon: Vec<ScenePoint>,
    pub centre: ScenePoint,
    /// None on xiangqi/janggi boards (pieces stand on points; only lines are drawn).
    pub fill: Option<u32>,
    pub last_move: bool,
    pub selected: bool,
    pub target: bool,
    pub capture: bool,
    pub fog: bool,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SceneHandSlot {
    pub seat: u8,
    pub slot: u8,
    pub polygon: Vec<ScenePoint>,
    pub centre: ScenePoint,
    pub glyph: String,
    pub count: u32,
    /// The piece kind's letter: `ScreenIntent::TapHand(letter)` selects it.
    pub letter: String,
}

/// Where a seat's bar (name, score, clock, out state) goes: `width`×`height` centred on
/// `centre`, turned `rotation` degrees clockwise.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SceneSeatBar {
    pub seat: u8,
    pub colour_id: String,
    pub centre: ScenePoint,
    pub width: f32,
    pub height: f32,
    pub rotation: f32,
    pub to_move: bool,
    pub playing: bool,
    pub score: i32,
}

/// A piece: image `glyph` (assets/pieces/<glyph>.svg) in army `army`'s colours.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct ScenePiece {
    /// The cell it stands on, or None in a hand (then `hand_seat`/`hand_slot`).
    pub cell: Option<String>,
    pub hand_seat: Option<u8>,
    pub hand_slot: Option<u8>,
    pub centre: ScenePoint,
    pub size: f32,
    pub glyph: String,
    /// The letter(s) the game writes it with (a union: both).
    pub letter: String,
    pub army: String,
    /// Its owner seat (none: grey, a union, the duck).
    pub owner: Option<u8>,
    pub rotation: f32,
    pub grey: bool,
    pub selected: bool,
    pub checked: bool,
    pub last_move: bool,
    pub capture_target: bool,
    /// A pawn's walking direction where it varies: degrees clockwise from screen-up.
    pub walk: Option<f32>,
}

/// Everything the game screen paints, in one coordinate space.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct BoardScene {
    pub game_id: String,
    /// `chequered`, `points`, `shogi` or `hexagon`.
    pub kind: String,
    pub width: f32,
    pub height: f32,
    pub background: u32,
    pub armies: Vec<SceneArmy>,
    pub rotation: f32,
    pub regions: Vec<SceneRegion>,
    pub cells: Vec<SceneCell>,
    pub lines: Vec<SceneStroke>,
    pub dots: Vec<SceneDot>,
    pub labels: Vec<SceneLabel>,
    pub hands: Vec<SceneHandSlot>,
    pub bars: Vec<SceneSeatBar>,
    pub pieces: Vec<ScenePiece>,
}

/// What a point of the scene hits.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum SceneHit {
    Cell { cell: String },
    Hand { seat: u8, slot: u8 },
}

fn pt(p: Point) -> ScenePoint {
    ScenePoint { x: p.x, y: p.y }
}

fn pts(v: &[Point]) -> Vec<ScenePoint> {
    v.iter().map(|&p| pt(p)).collect()
}

fn col(c: Colour) -> u32 {
    c.argb()
}

fn orientation(o: SceneOrientation) -> Orientation {
    Orientation {
        bottom: o.bottom,
        table: o.table,
        turn_pieces: o.turn_pieces,
    }
}

fn cell_rec(c: &core::SceneCell) -> SceneCell {
    SceneCell {
        cell: c.name.clone(),
        polygon: pts(&c.polygon),
        centre: pt(c.centre),
        fill: c.fill.map(col),
        last_move: c.last_move,
        selected: c.selected,
        target: c.target,
        capture: c.capture,
        fog: c.fog,
    }
}

fn piece_rec(s: &core::Scene, p: &core::ScenePiece) -> ScenePiece {
    let (cell, hand_seat, hand_slot) = match p.at {
        core::PieceAt::Cell(c) => (Some(s.cells[c as usize].name.clone()), None, None),
        core::PieceAt::Hand { seat, slot } => (None, Some(seat), Some(slot)),
    };
    ScenePiece {
        cell,
        hand_seat,
        hand_slot,
        centre: pt(p.centre),
        size: p.size,
        glyph: p.glyph.clone(),
        letter: p.letter.clone(),
        army: p.army.clone(),
        owner: p.owner,
        rotation: p.rotation,
        grey: p.grey,
        selected: p.selected,
        checked: p.checked,
        last_move: p.last_move,
        capture_target: p.capture_target,
        walk: p.walk,
    }
}

fn bar_rec(b: &core::SeatBar) -> SceneSeatBar {
    SceneSeatBar {
        seat: b.seat,
        colour_id: b.colour_id.clone(),
        centre: pt(b.centre),
        width: b.width,
        height: b.height,
        rotation: b.rotation,
        to_move: b.to_move,
        playing: b.playing,
        score: b.score,
    }
}

fn hand_rec(h: &core::HandSlot) -> SceneHandSlot {
    SceneHandSlot {
        seat: h.seat,
        slot: h.slot,
        polygon: pts(&h.polygon),
        centre: pt(h.centre),
        glyph: h.glyph.clone(),
        count: h.count,
        letter: h.letter.to_string(),
    }
}

pub(crate) fn scene_rec(s: &core::Scene) -> BoardScene {
    BoardScene {
        game_id: s.game_id.clone(),
        kind: match s.kind {
            core::BoardKind::Chequered => "chequered",
            core::BoardKind::Points { .. } => "points",
            core::BoardKind::Shogi { .. } => "shogi",
            core::BoardKind::Hexagon => "hexagon",
        }
        .to_owned(),
        width: s.width,
        height: s.height,
        background: col(s.background),
        armies: s
            .armies
            .iter()
            .map(|a| SceneArmy {
                id: a.id.clone(),
                body: col(a.body),
                ink: col(a.ink),
                mark: col(a.mark),
            })
            .collect(),
        rotation: s.rotation,
        regions: s
            .regions
            .iter()
            .map(|r| SceneRegion {
                polygon: pts(&r.polygon),
                colour: col(r.colour),
            })
            .collect(),
        cells: s.cells.iter().map(cell_rec).collect(),
        lines: s
            .lines
            .iter()
            .map(|l| SceneStroke {
                points: pts(&l.points),
                closed: l.closed,
                width: l.width,
                colour: col(l.colour),
            })
            .collect(),
        dots: s
            .dots
            .iter()
            .map(|d| SceneDot {
                centre: pt(d.centre),
                radius: d.radius,
                colour: col(d.colour),
            })
            .collect(),
        labels: s
            .labels
            .iter()
            .map(|l| SceneLabel {
                text: l.text.clone(),
                at: pt(l.at),
                size: l.size,
                colour: col(l.colour),
            })
            .collect(),
        hands: s.hands.iter().map(hand_rec).collect(),
        bars: s.bars.iter().map(bar_rec).collect(),
        pieces: s.pieces.iter().map(|p| piece_rec(s, p)).collect(),
    }
}

/// The scene of a catalogue id's start position, e.g. for the new-game screen.
#[uniffi::export]
pub fn board_scene(
    game_id: String,
    orientation: SceneOrientation,
    symbols: bool,
) -> Result<BoardScene, RookeryError> {
    guard(|| {
        let marks = core::Marks {
            symbols,
            ..Default::default()
        };
        core::for_game_id(&game_id, None, &[], self::orientation(orientation), &marks)
            .map(|s| scene_rec(&s))
            .map_err(|e| RookeryError::bad_input(e.to_string()))
    })
}

/// Hit test on a scene record the app holds: the cell or hand slot under (x, y), None
/// outside every cell (a point is a cell only inside its polygon).
#[uniffi::export]
pub fn scene_hit_test(scene: &BoardScene, x: f32, y: f32) -> Option<SceneHit> {
    let q = Point::new(x, y);
    let inside = |poly: &[ScenePoint]| {
        let v: Vec<Point> = poly.iter().map(|p| Point::new(p.x, p.y)).collect();
        core::contains(&v, q)
    };
    if let Some(c) = scene.cells.iter().find(|c| inside(&c.polygon)) {
        return Some(SceneHit::Cell {
            cell: c.cell.clone(),
        });
    }
    scene
        .hands
        .iter()
        .find(|h| inside(&h.polygon))
        .map(|h| SceneHit::Hand {
            seat: h.seat,
            slot: h.slot,
        })
}

#[cfg(test)]
mod tests {
    use crate::catalogue::default_house_rules;
    use crate::screen::ScreenLooker;
    use crate::session::{GameSession, SeatConfig};

    #[test]
    fn a_fog_of_war_scene_holds_nothing_the_viewer_cannot_see() {
        let people = (0..2)
            .map(|i| SeatConfig::Person {
                name: format!("P{i}"),
            })
            .collect();
        let s = GameSession::new("fog-of-war".into(), people, default_house_rules(), 1).unwrap();
        let scene = s.set_looker(ScreenLooker::Seat { seat: 0 }).unwrap().scene;
        let cell = |n: &str| scene.cells.iter().find(|c| c.cell == n).unwrap().clone();
        assert!(cell("e7").fog && cell("e8").fog);
        assert!(!cell("e2").fog && !cell("e4").fog);
        assert!(scene
            .pieces
            .iter()
            .all(|p| !matches!(p.cell.as_deref(), Some("e7") | Some("e8"))));
        // Chess shows everything.
        let chess = GameSession::new(
            "chess".into(),
            (0..2).map(|_| SeatConfig::Bot { level: 1 }).collect(),
            default_house_rules(),
            1,
        )
        .unwrap();
        assert!(chess.screen().unwrap().scene.cells.iter().all(|c| !c.fog));
    }
}
