//! KIF, the Japanese shogi game record (Kifu for Windows; python-shogi reads it), for shogi
//! and minishogi games from their standard start.
//!
//! ```text
//! 手合割：平手
//! 先手：Alice
//! 後手：Bob
//! 手数----指手---------消費時間--
//!    1 ７六歩(77)
//!    2 ３四歩(33)
//!    3 ２二角成(88)
//!    4 同　銀(31)
//!    5 投了
//! まで4手で後手の勝ち
//! ```
//!
//! A move is its target (full-width file digit, kanji rank, or `同　` for the last move's
//! target), the moving piece in kanji, `成` for a promotion (`不成` when one was declined), `打`
//! for a drop, and the origin in ASCII digits (`(77)`). The end is `投了` (resignation),
//! `詰み` (mate), `切れ負け` (time) or `入玉勝ち` (the impasse declaration). The handicap line
//! names the start: `平手` (shogi) or `５五将棋` (minishogi). Board diagrams of set-up positions
//! and handicaps are neither written nor read: such a game is exported in Rookery's own text.
//!
//! Reading replays every move through [`Game`]; a bad or illegal move is [`Error::BadRecord`]
//! naming it and its number: `move 3 (５五角打): ...`.

use crate::board::Cell;
use crate::error::{Error, Result};
use crate::game::{Action, EndReason, Game};
use crate::position::{Move, MoveKind, Position};
use crate::variant::Variant;

/// A shogi game read from a KIF or CSA record.
#[derive(Clone, Debug)]
pub struct ShogiRecord {
    /// The game, replayed move by move, ended as the record's last line says.
    pub game: Game,
    /// The players' names (sente, gote) where the record gives them.
    pub names: Vec<Option<String>>,
    /// The event's name, or "Imported game".
    pub name: String,
}

const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
/// KIF's kanji of the shogi pieces, by the letter the game's variant gives each kind (`T` the
/// tokin, `U`, `V`, `W` the promoted lance, knight and silver, `H` the horse, `D` the dragon).
const PIECES: [(char, char); 14] = [
    ('P', '歩'),
    ('L', '香'),
    ('N', '桂'),
    ('S', '銀'),
    ('G', '金'),
    ('B', '角'),
    ('R', '飛'),
    ('K', '玉'),
    ('T', 'と'),
    ('U', '杏'),
    ('V', '圭'),
    ('W', '全'),
    ('H', '馬'),
    ('D', '龍'),
];

fn bad(msg: impl Into<String>) -> Error {
    Error::BadRecord(msg.into())
}

/// The game whose records are written in `form` on a board `width` wide (KIF and CSA name the
/// board, not the game).
pub(crate) fn game_for(form: crate::variant::RecordForm, width: i16) -> Result<&'static str> {
    crate::rules::catalogue()
        .into_iter()
        .filter_map(|g| crate::rules::variant(g.id).ok())
        .find(|v| v.facts.record_forms().contains(&form) && v.board.width == width)
        .map(|v| v.id)
        .ok_or_else(|| {
            bad(format!(
                "no game is written as {} on a board {width} wide",
                form.name()
            ))
        })
}

/// The handicap line's name of a board's standard start.
fn handicap(width: i16) -> &'static str {
    if width == 5 {
        "５五将棋"
    } else {
        "平手"
    }
}

/// A cell's (file, rank) numbers as shogi names them: files from sente's right, ranks from
/// the top, both from 1.
pub(crate) fn numbers(pos: &Position, c: Cell) -> (i16, i16) {
    let t = &pos.variant.board;
    let cell = &t.cells[c as usize];
    (t.width - cell.x, t.height - cell.y)
}

/// The cell of shogi's (file, rank) numbers, if the board has it.
pub(crate) fn cell_at(pos: &Position, file: i16, rank: i16) -> Option<Cell> {
    let t = &pos.variant.board;
    if !(1..=t.width).contains(&file) || !(1..=t.height).contains(&rank) {
        return None;
    }
    t.at(t.width - file, t.height - rank)
}

/// Whether the game starts from its board's standard start (the only start these records
/// write).
pub(crate) fn standard_start(game: &Game) -> Result<()> {
    let v = game.variant;
    let standard = Game::new(v.id)?;
    if standard.start.hash() != game.start.hash() {
        return Err(Error::BadInput(format!(
            "this {} game starts from a set-up position, which KIF and CSA are not written \
             with here: export it in Rookery's text",
            v.id
        )));
    }
    Ok(())
}

/// Writes a shogi or minishogi game (at its cursor) as KIF; `names` are sente's and gote's.
pub fn write(game: &Game, event: &str, names: &[&str]) -> Result<String> {
    standard_start(game)?;
    let v = game.variant;
    let mut out = String::new();
    out.push_str("#KIF version=2.0 encoding=UTF-8\n");
    out.push_str(&format!("棋戦：{event}\n"));
    out.push_str(&format!("手合割：{}\n", handicap(v.board.width)));
    out.push_str(&format!("先手：{}\n", names.first().unwrap_or(&"")));
    out.push_str(&format!("後手：{}\n", names.get(1).unwrap_or(&"")));
    out.push_str("手数----指手---------消費時間--\n");
    let mut before = &game.start;
    let mut n = 0;
    let mut last_to = None;
    let mut ended = false;
    for ply in game.plies() {
        n += 1;
        let text = match ply.action {
            Action::Move(m) if m.kind == MoveKind::Special => "入玉勝ち".to_string(),
            Action::Move(m) if m.kind == MoveKind::Drop || m.from != m.to => {
                let t = move_text(before, m, last_to);
                last_to = Some(m.to);
                t
            }
            Action::Move(_) => {
                return Err(Error::BadInput(format!(
                    "move {n} ({}) has no KIF word",
                    ply.text
                )))
            }
            Action::Resign(_) => "投了".to_string(),
            Action::Timeout(_) => "切れ負け".to_string(),
            _ => {
                n -= 1;
                before = &ply.after;
                continue;
            }
        };
        ended = !matches!(ply.action, Action::Move(m) if m.kind != MoveKind::Special);
        out.push_str(&format!("{n:>4} {text}\n"));
        before = &ply.after;
    }
    let moves = game
        .plies()
        .iter()
        .filter(|p| matches!(p.action, Action::Move(m) if m.kind != MoveKind::Special))
        .count();
    if let Some(o) = game.outcome() {
        if !ended && o.reason == EndReason::Checkmate {
            out.push_str(&format!("{:>4} 詰み\n", n + 1));
        }
        match o.winners.as_slice() {
            [w] => out.push_str(&format!(
                "まで{moves}手で{}の勝ち\n",
                if *w == 0 { "先手" } else { "後手" }
            )),
            _ => out.push_str(&format!("まで{moves}手で持将棋\n")),
        }
    }
    Ok(out)
}

fn kanji(v: &Variant, kind: u8) -> char {
    let letter = v.pieces.get(kind as usize).map(|p| p.letter);
    PIECES
        .iter()
        .find(|(l, _)| Some(*l) == letter)
        .map_or('？', |(_, c)| *c)
}

fn move_text(pos: &Position, m: Move, last_to: Option<Cell>) -> String {
    let (f, r) = numbers(pos, m.to);
    let target = if last_to == Some(m.to) {
        "同　".to_string()
    } else {
        format!("{}{}", FILES[f as usize - 1], RANKS[r as usize - 1])
    };
    if m.kind == MoveKind::Drop {
        return format!("{target}{}打", kanji(pos.variant, m.aux));
    }
    let piece = kanji(pos.variant, pos.at(m.from).kind());
    let could_promote = pos
        .legal_moves()
        .iter()
        .any(|o| o.from == m.from && o.to == m.to && o.promo != m.promo);
    let promotion = match (m.promo > 0, could_promote) {
        (true, _) => "成",
        (false, true) => "不成",
        _ => "",
    };
    let (ff, fr) = numbers(pos, m.from);
    format!("{target}{piece}{promotion}({ff}{fr})")
}

/// Whether a text looks like a KIF record (its move table's header or its `手合割`, `先手`
/// lines).
pub fn looks_like(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("手数----") || l.starts_with("手合割：") || l.starts_with("先手：")
    })
}

/// The piece kind a kanji (or the two-kanji forms `成銀`, `成桂`, `成香`) names.
fn kind_of(v: &Variant, text: &str) -> Option<(u8, usize)> {
    for (two, letter) in [("成銀", 'W'), ("成桂", 'V'), ("成香", 'U')] {
        if text.starts_with(two) {
            return Some((v.piece_by_letter(letter)?, two.len()));
        }
    }
    let first = text.chars().next()?;
    let c = match first {
        '王' => '玉',
        '竜' => '龍',
        c => c,
    };
    PIECES
        .iter()
        .find(|(_, k)| *k == c)
        .and_then(|(l, _)| Some((v.piece_by_letter(*l)?, first.len_utf8())))
}

/// A digit, full width or ASCII, or a kanji numeral.
fn digit(c: char) -> Option<i16> {
    if let Some(d) = c.to_digit(10) {
        return Some(d as i16);
    }
    FILES
        .iter()
        .position(|&f| f == c)
        .or_else(|| RANKS.iter().position(|&r| r == c))
        .map(|i| i as i16 + 1)
}

/// The legal move of `pos` a KIF move text names; `last_to` is the previous move's target.
fn parse_move(pos: &Position, text: &str, last_to: Option<Cell>) -> Result<Move> {
    let unreadable = || Error::BadMoveText(text.to_string());
    let mut rest = text;
    let to = if let Some(r) = rest.strip_prefix('同') {
        rest = r.trim_start_matches(['　', ' ']);
        last_to.ok_or_else(|| Error::BadMoveText(format!("{text}: no move before")))?
    } else {
        let mut chars = rest.chars();
        let f = chars.next().and_then(digit).ok_or_else(unreadable)?;
        let r = chars.next().and_then(digit).ok_or_else(unreadable)?;
        rest = chars.as_str();
        cell_at(pos, f, r).ok_or_else(|| Error::BadMoveText(format!("{text}: no square {f}{r}")))?
    };
    let (kind, len) = kind_of(pos.variant, rest).ok_or_else(unreadable)?;
    rest = &rest[len..];
    let (promote, drop) = if let Some(r) = rest.strip_prefix("不成") {
        rest = r;
        (false, false)
    } else if let Some(r) = rest.strip_prefix('成') {
        rest = r;
        (true, false)
    } else if let Some(r) = rest.strip_prefix('打') {
        rest = r;
        (false, true)
    } else {
        (false, false)
    };
    // the origin `(77)`; a time after it, or after a drop, says nothing about the move
    let origin: Vec<char> = rest.chars().take(4).collect();
    let from = match origin.as_slice() {
        ['(', f, r, ')'] if f.is_ascii_digit() && r.is_ascii_digit() => {
            let (f, r) = (
                digit(*f).ok_or_else(unreadable)?,
                digit(*r).ok_or_else(unreadable)?,
            );
            Some(cell_at(pos, f, r).ok_or_else(unreadable)?)
        }
        _ => None,
    };
    let found: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.to == to
                && if m.kind == MoveKind::Drop {
                    drop && m.aux == kind
                } else {
                    !drop
                        && m.from != m.to
                        && m.kind != MoveKind::Special
                        && pos.at(m.from).kind() == kind
                        && from.is_none_or(|f| f == m.from)
                        && (m.promo > 0) == promote
                }
        })
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(Error::IllegalMove(text.to_string())),
        _ => Err(Error::BadMoveText(format!(
            "{text}: ambiguous ({} moves fit)",
            found.len()
        ))),
    }
}

/// Reads a KIF record of shogi or minishogi and replays it.
pub fn read(text: &str) -> Result<ShogiRecord> {
    let mut names: Vec<Option<String>> = vec![None, None];
    let mut name = "Imported game".to_string();
    let mut width = 9;
    let mut moves: Vec<(usize, String)> = Vec::new();
    for line in text.lines() {
        let line = line.trim_end_matches(['\r', '　', ' ']);
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('*') {
            continue;
        }
        if trimmed.starts_with('|') || trimmed.starts_with('+') {
            return Err(bad(
                "a KIF board diagram (a set-up position) is not read here; import the game in \
                 Rookery's text",
            ));
        }
        if let Some((key, value)) = trimmed.split_once('：') {
            let value = value.trim_matches(['　', ' ']).to_string();
            match key {
                "先手" | "下手" => names[0] = Some(value).filter(|v| !v.is_empty()),
                "後手" | "上手" => names[1] = Some(value).filter(|v| !v.is_empty()),
                "棋戦" if !value.is_empty() => name = value,
                "手合割" => {
                    width = match value.as_str() {
                        "平手" => 9,
                        "５五将棋" | "5五将棋" => 5,
                        other => {
                            return Err(bad(format!("handicap 手合割：{other} is not read here")))
                        }
                    }
                }
                "先手の持駒" | "後手の持駒" | "下手の持駒" | "上手の持駒" => {
                    return Err(bad(
                        "a KIF board diagram (a set-up position) is not read here; import the \
                         game in Rookery's text",
                    ))
                }
                _ => {}
            }
            continue;
        }
        let digits = trimmed.chars().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            continue; // the table's header, `まで…` and other lines that say nothing new
        }
        let number: usize = trimmed[..digits]
            .parse()
            .map_err(|_| bad(line.to_string()))?;
        let text = trimmed[digits..]
            .trim_start()
            .split([' ', '\t'])
            .next()
            .unwrap_or_default();
        moves.push((number, text.to_string()));
    }
    let mut game = Game::new(game_for(crate::variant::RecordForm::Kif, width)?)?;
    let mut last_to = None;
    for (number, text) in moves {
        // the move as written, without a time glued to it (`７六歩(77)( 0:01/00:00:01)`)
        let shown = match text.match_indices('(').find(|(i, _)| {
            let o: Vec<char> = text[*i..].chars().take(4).collect();
            !matches!(o.as_slice(), ['(', f, r, ')'] if f.is_ascii_digit() && r.is_ascii_digit())
        }) {
            Some((i, _)) => &text[..i],
            None => text.as_str(),
        };
        let label = format!("move {number} ({shown})");
        let turn = game.position().turn();
        let over = game.is_over();
        match shown {
            // an end written after a mate the moves reached
            "投了" | "切れ負け" | "詰み" if over => break,
            "投了" => {
                game.act(Action::Resign(turn))
                    .map_err(|e| bad(format!("{label}: {e}")))?;
                break;
            }
            "切れ負け" => {
                game.act(Action::Timeout(turn))
                    .map_err(|e| bad(format!("{label}: {e}")))?;
                break;
            }
            "詰み" | "中断" | "千日手" | "持将棋" => break,
            "入玉勝ち" => {
                let m = game
                    .position()
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.kind == MoveKind::Special)
                    .ok_or_else(|| bad(format!("{label}: no declaration is possible here")))?;
                game.play(m).map_err(|e| bad(format!("{label}: {e}")))?;
                break;
            }
            _ => {}
        }
        if game.is_over() {
            return Err(bad(format!("{label}: the game is already over")));
        }
        let m = parse_move(game.position(), &text, last_to)
            .map_err(|e| bad(format!("{label}: {e}")))?;
        game.play(m).map_err(|e| bad(format!("{label}: {e}")))?;
        last_to = Some(m.to);
    }
    Ok(ShogiRecord { game, names, name })
}
