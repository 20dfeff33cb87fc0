//! A screen as plain text, language-independent (message keys with their arguments): what the
//! screen fixture (`tests/data/screens.txt`) compares in every shell's tests.

use std::fmt::Write;

use crate::message::Message;
use crate::scene::PieceAt;

use super::{Bar, Pending, Screen, SeatState};

/// A message as `key{name=value,...}`.
pub fn message(m: &Message) -> String {
    if m.args.is_empty() {
        return m.key.to_string();
    }
    let args: Vec<String> = m.args.iter().map(|(n, v)| format!("{n}={v}")).collect();
    format!("{}{{{}}}", m.key, args.join(","))
}

fn bar(b: &Bar) -> String {
    let mut s = format!("{} {}", b.seat, b.colour);
    if !b.name.is_empty() {
        let _ = write!(s, " \"{}\"", b.name);
    }
    if let Some(l) = b.bot {
        let _ = write!(s, " bot{l}");
    }
    if b.to_move {
        s.push_str(" to-move");
    }
    if b.thinking {
        s.push_str(" thinking");
    }
    match b.state {
        SeatState::Playing => {}
        SeatState::WalkingKing => s.push_str(" walking-king"),
        SeatState::Out => s.push_str(" out"),
    }
    if !b.partners.is_empty() {
        let p: Vec<String> = b.partners.iter().map(|p| p.to_string()).collect();
        let _ = write!(s, " partners={}", p.join(","));
    }
    if let Some(sc) = &b.score {
        let _ = write!(s, " score={sc}");
    }
    let _ = write!(s, " material={}", b.material);
    if b.lead > 0 {
        let _ = write!(s, " lead={}", b.lead);
    }
    if !b.captured.is_empty() {
        let c: Vec<&str> = b.captured.iter().map(|c| c.letter.as_str()).collect();
        let _ = write!(s, " captured={}", c.join(""));
    }
    s
}

impl Screen {
    /// The screen as text: status, phase, pending, buttons, bars, the board's pieces, marks,
    /// hands, the move list, review, notices and result.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "status: {}", message(&self.status));
        if let Some(p) = &self.phase {
            let _ = writeln!(s, "phase: {} / {}", message(&p.what), message(&p.hint));
        }
        match &self.pending {
            None => {}
            Some(Pending::HandOver { seat }) => {
                let _ = writeln!(s, "pending: hand over to {seat}");
            }
            Some(Pending::Promotion { options }) => {
                let l: Vec<&str> = options.iter().map(|o| o.letter.as_str()).collect();
                let _ = writeln!(s, "pending: promotion {}", l.join(","));
            }
            Some(Pending::Moves { options }) => {
                let _ = writeln!(s, "pending: moves {}", options.join(","));
            }
        }
        for (i, b) in self.buttons.iter().enumerate() {
            let _ = writeln!(s, "button {i}: {} [{}]", message(&b.label), b.text);
        }
        for b in &self.bars {
            let _ = writeln!(s, "bar {}", bar(b));
        }
        // the board: every piece as `cell=<owner><letter>` (owner: seat number, `-` grey, `*`
        // neutral, `u` a union of two seats), in the scene's cell order; fogged cells
        let mut pieces = Vec::new();
        for c in &self.scene.cells {
            for p in &self.scene.pieces {
                if p.at == PieceAt::Cell(c.cell) {
                    let owner = match p.owner {
                        Some(o) => o.to_string(),
                        None if p.army == "neutral" => "*".into(),
                        None if p.letter.chars().count() > 1 => "u".into(),
                        None => "-".into(),
                    };
                    pieces.push(format!("{}={owner}{}", c.name, p.letter));
                }
            }
        }
        let _ = writeln!(s, "board: {}", pieces.join(" "));
        let names = |f: &dyn Fn(&crate::scene::SceneCell) -> bool| {
            let l: Vec<&str> = self
                .scene
                .cells
                .iter()
                .filter(|c| f(c))
                .map(|c| c.name.as_str())
                .collect();
            l.join(",")
        };
        let checked: Vec<String> = self
            .scene
            .pieces
            .iter()
            .filter(|p| p.checked)
            .filter_map(|p| match p.at {
                PieceAt::Cell(c) => self.scene.cells.iter().find(|x| x.cell == c),
                _ => None,
            })
            .map(|c| c.name.clone())
            .collect();
        let _ = writeln!(
            s,
            "marks: fog={} selected={} targets={} last={} check={}",
            names(&|c| c.fog),
            names(&|c| c.selected),
            names(&|c| c.target),
            names(&|c| c.last_move),
            checked.join(",")
        );
        let hands: Vec<String> = self
            .scene
            .hands
            .iter()
            .filter(|h| h.count > 0)
            .map(|h| format!("{}:{}x{}", h.seat, h.letter, h.count))
            .collect();
        if !hands.is_empty() {
            let _ = writeln!(s, "hands: {}", hands.join(" "));
        }
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|m| match &m.note {
                Some(n) => format!("{}.{} {} ({})", m.number, m.seat, m.text, message(n)),
                None => format!("{}.{} {}", m.number, m.seat, m.text),
            })
            .collect();
        let _ = writeln!(s, "moves: {}", moves.join(" | "));
        if let Some(r) = self.review {
            let _ = writeln!(s, "review: {r}");
        }
        for n in &self.notices {
            let _ = writeln!(s, "notice: {}", message(n));
        }
        if let Some(r) = &self.result {
            let places: Vec<String> = r
                .places
                .iter()
                .map(|p| match &p.points {
                    Some(pts) => format!("{}:{}({pts})", p.place, p.seat),
                    None => format!("{}:{}", p.place, p.seat),
                })
                .collect();
            let _ = writeln!(
                s,
                "result: {} / {} places={} follow={:?}",
                message(&r.headline),
                message(&r.reason),
                places.join(","),
                r.follow
            );
        }
        let _ = writeln!(s, "undo={} redo={}", self.can_undo, self.can_redo);
        s
    }
}
