//! Builds the [`Screen`] of a [`Table`]: the one place where what a viewer may see is applied.

use std::ops::Range;

use crate::board::{Cell, NO_CELL};
use crate::game::{Action, Game, Ply};
use crate::interact::{self, Pick};
use crate::message::{self, Message};
use crate::piece::{Seat, GREY, NEUTRAL};
use crate::position::{MoveKind, Position};
use crate::scene::{self, content, Marks, Orientation, Scene};
use crate::search::eval::Eval;
use crate::variant::Variant;
use crate::view::{self, View, Viewer};

use super::{
    action_text, Bar, ButtonView, Captured, EventKind, Follow, Host, LastEvent, Looker, MoveEntry,
    Pending, Phase, Place, Player, PromotionOption, ResultSheet, Screen, SeatState, Table,
};

/// Who plays each seat at this device, as `view` asks: a person's name, `None` for a bot. A
/// person without a name is named by seat, so two such people are two people.
fn people(players: &[Player]) -> Vec<Option<String>> {
    players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            p.bot.is_none().then(|| match p.name.as_str() {
                "" => format!("#{s}"),
                n => n.to_string(),
            })
        })
        .collect()
}

fn with_people<T>(host: &dyn Host, f: impl FnOnce(&[Option<&str>]) -> T) -> T {
    let people = people(&host.players());
    let names: Vec<Option<&str>> = people.iter().map(|n| n.as_deref()).collect();
    f(&names)
}

/// The seat the device must be handed to before anything is shown, if any.
pub(super) fn hand_over(t: &Table, host: &dyn Host) -> Option<Seat> {
    if matches!(t.looker, Looker::Seat(_)) || t.review.is_some() {
        return None;
    }
    let game = host.game();
    with_people(host, |names| {
        view::hand_over_to(game.position(), game.is_over(), names, t.shown)
    })
}

/// The seat whose view is shown (live position).
fn viewer_seat(t: &Table, host: &dyn Host) -> Seat {
    let pos = host.game().position();
    match t.looker {
        Looker::Seat(s) => s,
        Looker::Device | Looker::Table { .. } => {
            with_people(host, |names| view::shown_seat(pos, names, t.shown))
        }
    }
}

/// What the viewer may see of the live position: nothing during a hand-over, everything once
/// the game is over.
pub(super) fn view(t: &Table, host: &dyn Host) -> View {
    let game = host.game();
    if hand_over(t, host).is_some() {
        return View::nothing();
    }
    if game.is_over() {
        return View::of(game.position(), Viewer::Everyone).revealed();
    }
    View::of(game.position(), Viewer::Seat(viewer_seat(t, host)))
}

/// The view of the position shown (the live one, or an earlier one under review).
fn view_of(t: &Table, host: &dyn Host, pos: &Position) -> View {
    let game = host.game();
    if t.review.is_none() || game.is_over() {
        return view(t, host);
    }
    View::of(pos, Viewer::Seat(viewer_seat(t, host)))
}

/// The move entries of a game: ranges of plies, one per turn (a duck turn or a chain whose
/// steps are plies of the same mover while the turn stays with it is one entry).
fn entries(game: &Game) -> Vec<Range<usize>> {
    let plies = game.plies();
    let mut out: Vec<Range<usize>> = Vec::new();
    for (i, p) in plies.iter().enumerate() {
        let goes_on = i > 0
            && matches!(p.action, Action::Move(_))
            && plies[i - 1].mover == p.mover
            && plies[i - 1].after.st.step > 0;
        match out.last_mut() {
            Some(r) if goes_on => r.end = i + 1,
            _ => out.push(i..i + 1),
        }
    }
    out
}

pub(super) fn entry_count(game: &Game) -> usize {
    entries(game).len()
}

/// The position after `plies` plies.
fn position_after(game: &Game, plies: usize) -> &Position {
    match plies {
        0 => &game.start,
        n => &game.plies()[n - 1].after,
    }
}

/// The plies of the shown position's last entry, and the number of plies shown.
fn shown_plies(t: &Table, game: &Game) -> (Range<usize>, usize) {
    let all = entries(game);
    let n = t.review.unwrap_or(all.len()).min(all.len());
    match n {
        0 => (0..0, 0),
        n => {
            let r = all[n - 1].clone();
            let end = r.end;
            (r, end)
        }
    }
}

fn orientation(t: &Table, host: &dyn Host) -> Orientation {
    match t.looker {
        Looker::Table { turn_pieces } => Orientation {
            bottom: 0,
            table: true,
            turn_pieces,
        },
        _ => Orientation {
            bottom: viewer_seat(t, host),
            table: false,
            turn_pieces: false,
        },
    }
}

/// The cells a ply's mark covers: a move's cells on the board, a castling's king destination.
fn ply_cells(before: &Position, p: &Ply) -> Vec<Cell> {
    let Action::Move(m) = p.action else {
        return Vec::new();
    };
    let mut cells = vec![m.from, m.to];
    if m.kind == MoveKind::Castle {
        if let Some(d) = before.castles.get(m.aux as usize) {
            cells.push(d.king_to);
        }
    }
    cells.retain(|&c| c != NO_CELL);
    cells
}

/// The board scene of the shown position.
pub(super) fn scene_of(t: &Table, host: &dyn Host) -> Scene {
    let game = host.game();
    let (last, shown) = shown_plies(t, game);
    let pos = position_after(game, shown);
    let view = view_of(t, host, pos);
    let live = t.review.is_none();
    let mut marks = Marks {
        symbols: t.symbols,
        ..Marks::default()
    };
    for i in last {
        let p = &game.plies()[i];
        if view.sees_ply(p) {
            let before = position_after(game, i);
            marks
                .last_move
                .extend(ply_cells(before, p).into_iter().filter(|&c| view.sees(c)));
        }
    }
    let v = game.variant;
    if v.royal_check {
        for s in 0..v.seat_count() as Seat {
            if pos.is_in_play(s) && pos.in_check(s) {
                if let Some(k) = pos.king(s).filter(|&k| view.sees(k)) {
                    marks.checked.push(k);
                }
            }
        }
    }
    if live && !game.is_over() {
        marks.selected = t.ui.selected_cell().filter(|&c| view.sees(c));
        marks.targets = t.ui.visible_targets(game, &view);
    }
    if !view.is_full() {
        marks.fog = (0..v.board.len() as Cell).map(|c| !view.sees(c)).collect();
    }
    let def = scene::boards::board_of(game.variant);
    let mut content = content::from_position(&def, pos);
    if !view.is_full() {
        content.board.retain(|(c, _)| view.sees(*c));
        for (s, hand) in content.hands.iter_mut().enumerate() {
            if view.seat() != Some(s as Seat) {
                for slot in hand.iter_mut() {
                    slot.1 = 0;
                }
            }
        }
    }
    scene::build(&def, &content, orientation(t, host), &marks)
}

/// The name of a seat for messages: the player's name, else its army's colour name key (the
/// shells translate an argument that is a message key).
fn seat_name(game: &Game, players: &[Player], s: Seat) -> String {
    match players.get(s as usize) {
        Some(p) if !p.name.is_empty() => p.name.clone(),
        _ => colour_key(game, s),
    }
}

fn colour_key(game: &Game, s: Seat) -> String {
    game.variant
        .seats
        .get(s as usize)
        .map_or("colour-grey".to_string(), |d| {
            format!("colour-{}", d.colour)
        })
}

/// Per ply, the pieces of the other seats (and grey armies) that left the board: a capture,
/// an explosion. Nothing when no piece left (a union formed, a set-up choice, a promotion).
fn taken(before: &Position, after: &Position, mover: Seat) -> Vec<(Seat, u8)> {
    let others = |pos: &Position| {
        let mut out: Vec<(Seat, u8)> = Vec::new();
        for c in 0..pos.variant.board.len() as Cell {
            let p = pos.at(c);
            if p.is_none() || p.owner() == NEUTRAL {
                continue;
            }
            match p.union_kinds() {
                Some((a, b)) => {
                    for (k, s) in [(a, 0), (b, 1)] {
                        if s != mover {
                            out.push((s, k));
                        }
                    }
                }
                None if p.owner() != mover => out.push((p.owner(), p.kind())),
                None => {}
            }
        }
        out
    };
    let (b, a) = (others(before), others(after));
    if a.len() >= b.len() {
        return Vec::new();
    }
    let mut left = a;
    let mut gone = Vec::new();
    for x in b {
        // an army turned grey keeps its pieces: match them by kind in any grey or seat owner
        match left
            .iter()
            .position(|y| y.1 == x.1 && (y.0 == x.0 || y.0 == GREY))
        {
            Some(i) => {
                left.swap_remove(i);
            }
            None => gone.push(x),
        }
    }
    gone
}

/// The whole screen.
pub(super) fn screen(t: &Table, host: &dyn Host) -> Screen {
    let game = host.game();
    let v = game.variant;
    let players = host.players();
    let handing = hand_over(t, host);
    let (last, shown) = shown_plies(t, game);
    let pos = position_after(game, shown);
    let view = view_of(t, host, pos);
    let live = t.review.is_none();
    let name = |s: Seat| seat_name(game, &players, s);
    let eval = Eval::of(v);

    // captures up to the shown position, as this viewer may know them
    let mut captured: Vec<Vec<Captured>> = vec![Vec::new(); v.seat_count()];
    let def = Some(scene::boards::board_of(game.variant));
    if handing.is_none() {
        for (i, p) in game.plies()[..shown].iter().enumerate() {
            let before = position_after(game, i);
            for (owner, kind) in taken(before, &p.after, p.mover) {
                let known =
                    view.is_full() || view.seat() == Some(p.mover) || view.seat() == Some(owner);
                if !known || kind as usize >= v.pieces.len() {
                    continue;
                }
                let army_seat = if owner == GREY { p.mover } else { owner };
                let (glyph, army) = match &def {
                    Some(d) if (army_seat as usize) < d.seats.len() => (
                        content::kind_glyph(d, v, kind, army_seat),
                        if owner == GREY {
                            "grey".to_string()
                        } else {
                            d.seats[army_seat as usize].0.to_string()
                        },
                    ),
                    _ => (String::new(), String::new()),
                };
                if let Some(list) = captured.get_mut(p.mover as usize) {
                    list.push(Captured {
                        glyph,
                        army,
                        letter: v.letter(kind).to_string(),
                    });
                }
            }
        }
    }

    let over = game.is_over() && live;
    let turn = pos.turn();
    let bars: Vec<Bar> = (0..v.seat_count() as Seat)
        .map(|s| {
            let p = players
                .get(s as usize)
                .cloned()
                .unwrap_or(Player::person(""));
            let to_move = !game.is_over() && live && s == turn && pos.is_in_play(s);
            let material = if handing.is_some() {
                0
            } else {
                let board: i32 = pos
                    .pieces_of(s)
                    .iter()
                    .filter(|&c| view.sees(c))
                    .filter_map(|c| eval.value.get(pos.at(c).kind() as usize))
                    .sum();
                let hand: i32 = (0..eval.value.len().min(crate::position::HAND_KINDS))
                    .map(|k| pos.in_hand(s, k as u8) as i32 * eval.value[k])
                    .sum();
                (board + hand + 50).div_euclid(100)
            };
            Bar {
                seat: s,
                name: p.name.clone(),
                colour: colour_key(game, s),
                army: def
                    .as_ref()
                    .and_then(|d| d.seats.get(s as usize))
                    .map_or(String::new(), |a| a.0.to_string()),
                bot: p.bot,
                to_move,
                thinking: to_move && p.bot.is_some() && !game.choice_pending(),
                state: if !pos.is_in_play(s) {
                    SeatState::Out
                } else if !crate::rules::multi::is_active(pos, s) {
                    SeatState::WalkingKing
                } else {
                    SeatState::Playing
                },
                partners: (0..v.seat_count() as Seat)
                    .filter(|&o| o != s && v.allied(o, s))
                    .collect(),
                clock: t.clock.filter(|c| c.seat == s && live),
                score: v
                    .points
                    .then(|| interact::score_text(game, pos.scores[s as usize])),
                material,
                lead: 0,
                captured: std::mem::take(&mut captured[s as usize]),
            }
        })
        .collect();
    let bars = with_leads(bars, v, handing.is_none() && view.is_full());

    // the move list, one entry per turn, in the game's notation as the viewer may read it
    let texts = if handing.is_some() {
        Vec::new()
    } else {
        view.readable_texts(game)
    };
    let mut moves = Vec::new();
    if handing.is_none() {
        let mut number = game.start.st.fullmove.max(1);
        let mut prev: Option<Seat> = None;
        for r in entries(game) {
            let seat = game.plies()[r.start].mover;
            if prev.is_some_and(|p| seat <= p) {
                number += 1;
            }
            prev = Some(seat);
            let text = r
                .clone()
                .map(|i| texts.get(i).cloned().unwrap_or_default())
                .collect::<Vec<_>>()
                .join(" ");
            let text = if text.split(' ').all(|w| w == "?") {
                "?".to_string()
            } else {
                text
            };
            let note = match game.plies()[r.start].action {
                Action::Resign(s) => Some(Message::new("moves-resigns").with("player", name(s))),
                Action::Timeout(s) => Some(Message::new("moves-timed-out").with("player", name(s))),
                Action::Choose(c) => Some(Message::new("event-chosen").with(
                    "choice",
                    match c {
                        crate::game::Choice::End => "choice-end".to_string(),
                        crate::game::Choice::PlayOnGrey => "choice-grey".to_string(),
                        crate::game::Choice::PlayOnGiveTo(s) => name(s),
                    },
                )),
                Action::Move(_) => None,
            };
            moves.push(MoveEntry {
                number,
                seat,
                text,
                note,
            });
        }
    }

    // what is pending
    let pending = if let Some(seat) = handing {
        Some(Pending::HandOver { seat })
    } else if live && !t.ui.pending().is_empty() {
        let offered = t.ui.pending();
        Some(match interact::promotion_letters(game, offered) {
            Some(letters) => Pending::Promotion {
                options: letters
                    .into_iter()
                    .zip(offered)
                    .map(|(letter, m)| {
                        let kind = m.promotion().unwrap_or(pos.at(m.from).kind());
                        let (glyph, army) = scene::piece_look(game, kind, turn).unwrap_or_default();
                        PromotionOption {
                            letter,
                            glyph,
                            army,
                        }
                    })
                    .collect(),
            },
            None => Pending::Moves {
                options: offered
                    .iter()
                    .map(|&m| crate::notation::traditional::readable(pos, m))
                    .collect(),
            },
        })
    } else {
        None
    };

    let buttons: Vec<ButtonView> = if live && handing.is_none() {
        interact::buttons(game, name)
            .into_iter()
            .map(|b| ButtonView {
                text: action_text(game, &b.action),
                label: b.label,
            })
            .collect()
    } else {
        Vec::new()
    };

    let phase = if live && handing.is_none() && !game.is_over() {
        phase(t, game, pos, &buttons)
    } else {
        None
    };

    // notices: the refusal of the last intent, else what the rules did after the last action
    let mut notices: Vec<Message> = t.notice.iter().cloned().collect();
    if notices.is_empty() && handing.is_none() {
        for i in last.clone() {
            let p = &game.plies()[i];
            if view.sees_ply(p) || view.is_full() {
                notices.extend(
                    p.events
                        .iter()
                        .filter_map(|e| message::event_message(game, e, name)),
                );
            }
        }
    }

    let result = over.then(|| result_sheet(game, &players)).flatten();
    let status = status(game, &players, pos, live, shown, handing, &result);
    Screen {
        game_id: game.id(),
        viewer: if handing.is_some() || view.is_full() {
            None
        } else {
            view.seat()
        },
        scene: scene_of(t, host),
        bars,
        status,
        phase,
        pending,
        buttons,
        moves,
        review: t.review,
        notices,
        result,
        can_undo: live && game.ply_count() > 0,
        can_redo: live && game.redo_count() > 0,
        last_event: if handing.is_some() {
            None
        } else {
            last_event(game, &self::view(t, host))
        },
    }
}

/// What the live game's last action did, as `view` (the live view) may know it: a check only
/// of a king the viewer sees, a capture only of a piece the viewer's seat took or lost (as
/// the bars' captured pieces), else only a move.
fn last_event(game: &Game, view: &View) -> Option<LastEvent> {
    let n = game.ply_count();
    let p = game.plies().last()?;
    let after = &p.after;
    let v = game.variant;
    let check = || {
        v.royal_check
            && (0..v.seat_count() as Seat).any(|s| {
                after.is_in_play(s)
                    && after.in_check(s)
                    && after.king(s).is_some_and(|k| view.sees(k))
            })
    };
    let known =
        |owner: Seat| view.is_full() || view.seat() == Some(p.mover) || view.seat() == Some(owner);
    let kind = if game.is_over() {
        EventKind::End
    } else if check() {
        EventKind::Check
    } else if taken(position_after(game, n - 1), after, p.mover)
        .iter()
        .any(|&(owner, _)| known(owner))
    {
        EventKind::Capture
    } else {
        EventKind::Move
    };
    Some(LastEvent {
        plies: n as u32,
        kind,
    })
}

/// The phase of the turn in words, with its hint, from what the legal moves are.
fn phase(t: &Table, game: &Game, pos: &Position, buttons: &[ButtonView]) -> Option<Phase> {
    let msg = |what: &'static str, hint: &'static str| Phase {
        what: Message::new(what),
        hint: Message::new(hint),
    };
    if game.choice_pending() {
        return Some(msg("phase-decide", "hint-decide"));
    }
    if !t.ui.pending().is_empty() {
        return Some(match interact::promotion_letters(game, t.ui.pending()) {
            Some(_) => msg("phase-promote", "hint-promote"),
            None => msg("phase-choose-move", "hint-choose-move"),
        });
    }
    let legal = game.legal_moves();
    let tappable: Vec<_> = legal
        .iter()
        .filter(|&&m| crate::rules::button(pos, m).is_none())
        .collect();
    if !tappable.is_empty() && tappable.iter().all(|m| m.kind == MoveKind::Place) {
        let letter = tappable
            .first()
            .map(|m| m.aux)
            .and_then(|k| game.variant.pieces.get(k as usize))
            .map(|p| p.name)
            .unwrap_or("piece");
        return Some(Phase {
            what: Message::new("phase-place").with("piece", format!("piece-{letter}")),
            hint: Message::new("hint-place"),
        });
    }
    if pos.st.phase != 0 {
        if tappable.is_empty() && !buttons.is_empty() {
            return Some(msg("phase-setup-choose", "hint-setup-choose"));
        }
        if !tappable.is_empty() && tappable.iter().all(|m| m.kind == MoveKind::Drop) {
            return Some(msg("phase-setup-place", "hint-setup-place"));
        }
    }
    // a turn that goes on after a step (a chain of friendly chess)
    if pos.st.step > 0 {
        return Some(msg("phase-chain", "hint-chain"));
    }
    if let Some(Pick::Hand(_)) = t.ui.picked() {
        return Some(msg("phase-drop", "hint-drop"));
    }
    None
}

fn status(
    game: &Game,
    players: &[Player],
    pos: &Position,
    live: bool,
    shown: usize,
    handing: Option<Seat>,
    result: &Option<ResultSheet>,
) -> Message {
    let name = |s: Seat| seat_name(game, players, s);
    if let Some(s) = handing {
        return Message::new("screen-hand-over").with("player", name(s));
    }
    if !live {
        return Message::new("screen-reviewing").with("ply", shown);
    }
    if let Some(r) = result {
        return r.headline.clone();
    }
    if game.choice_pending() {
        return Message::new("status-choose");
    }
    let turn = pos.turn();
    let checked = game.variant.royal_check && pos.in_check(turn);
    let bot = players.get(turn as usize).is_some_and(|p| p.bot.is_some());
    Message::new(match (bot, checked) {
        (true, _) => "screen-thinking",
        (false, true) => "screen-to-move-check",
        (false, false) => "status-to-move",
    })
    .with("player", name(turn))
}

fn result_sheet(game: &Game, players: &[Player]) -> Option<ResultSheet> {
    let o = game.outcome()?;
    let name = |s: Seat| seat_name(game, players, s);
    let headline = match o.winners.as_slice() {
        [] => Message::new("result-draw"),
        [one] => Message::new("result-wins-one").with("player", name(*one)),
        many => Message::new("result-wins-many").with(
            "players",
            many.iter().map(|&s| name(s)).collect::<Vec<_>>().join(", "),
        ),
    };
    let v = game.variant;
    let mut places: Vec<Place> = if v.seat_count() > 2 {
        game.standings()
            .unwrap_or_default()
            .into_iter()
            .map(|st| Place {
                seat: st.seat,
                place: st.place,
                points: v.points.then(|| interact::score_text(game, st.points)),
            })
            .collect()
    } else {
        Vec::new()
    };
    places.sort_by_key(|p| (p.place, p.seat));
    let mut follow = vec![Follow::Rematch, Follow::NewGame];
    if !crate::view::limits_view(v) || game.is_over() {
        follow.push(Follow::Export);
    }
    Some(ResultSheet {
        winners: o.winners.clone(),
        reason: Message::new(message::end_key(o.reason)),
        headline,
        places,
        follow,
    })
}

/// Fills each bar's material lead: the pawns a seat still playing is ahead of the strongest
/// opponent still playing (partners are not opponents), 0 when it is not ahead. Shown only
/// where the viewer sees every piece (`shown`): in fog of war, or before a hand-over, a lead
/// would be worked out from what the viewer cannot see.
fn with_leads(mut bars: Vec<Bar>, v: &Variant, shown: bool) -> Vec<Bar> {
    if !shown {
        return bars;
    }
    let leads: Vec<i32> = bars
        .iter()
        .map(|b| {
            let strongest = bars
                .iter()
                .filter(|o| o.seat != b.seat && !v.allied(o.seat, b.seat))
                .filter(|o| o.state != SeatState::Out)
                .map(|o| o.material)
                .max();
            match strongest {
                Some(m) if b.state != SeatState::Out => (b.material - m).max(0),
                _ => 0,
            }
        })
        .collect();
    for (b, l) in bars.iter_mut().zip(leads) {
        b.lead = l;
    }
    bars
}
