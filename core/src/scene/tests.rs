use super::*;
use crate::rules;

fn orientations(seats: usize) -> Vec<Orientation> {
    let mut v = Vec::new();
    for bottom in 0..seats as u8 {
        for (table, turn_pieces) in [(false, false), (true, true)] {
            v.push(Orientation {
                bottom,
                table,
                turn_pieces,
            });
        }
    }
    v
}

fn scene(id: &str, o: Orientation) -> Scene {
    for_game_id(id, None, &[], o, &Marks::default()).unwrap()
}

#[test]
fn every_game_id_has_a_scene_with_its_start_pieces() {
    for g in rules::catalogue() {
        let s = scene(g.id, Orientation::default());
        assert!(s.height > 0.3 && s.height < 3.0, "{}: {}", g.id, s.height);
        assert_eq!(s.bars.len(), g.seats as usize, "{}", g.id);
        let on_board = s
            .pieces
            .iter()
            .filter(|p| matches!(p.at, PieceAt::Cell(_)))
            .count();
        let expected = match g.id {
            "three-player" => 48,
            "four-player-ffa" | "four-player-teams" => 64,
            "eight-player-ffa" | "eight-player-pairs" | "eight-player-teams" => 128,
            "chaturaji" | "four-seasons" => 32,
            "makruk" | "ouk-chatrang" | "xiangqi" => 32,
            "sittuyin" => 16,
            "janggi" => 32,
            "shogi" => 40,
            "minishogi" => 12,
            _ => 32,
        };
        assert_eq!(on_board, expected, "{}", g.id);
        for p in &s.pieces {
            assert!(!p.glyph.is_empty(), "{}", g.id);
            assert!(s.armies.iter().any(|a| a.id == p.army), "{}", g.id);
        }
        // Everything lies inside the scene.
        for c in &s.cells {
            for p in &c.polygon {
                assert!(
                    p.x > 0.0 && p.x < 1.0 && p.y > 0.0 && p.y < s.height,
                    "{}",
                    g.id
                );
            }
        }
    }
}

#[test]
fn tapping_the_centre_of_every_cell_in_every_orientation_gives_that_cell() {
    let mut taps = 0;
    for g in rules::catalogue() {
        for o in orientations(g.seats as usize) {
            let s = scene(g.id, o);
            for c in &s.cells {
                assert_eq!(
                    s.hit(c.centre.x, c.centre.y),
                    Some(Hit::Cell(c.cell)),
                    "{} {:?} {}",
                    g.id,
                    o,
                    c.name
                );
                // Near each corner, just inside: still this cell.
                for v in &c.polygon {
                    let q = Point::new(
                        v.x + (c.centre.x - v.x) * 0.05,
                        v.y + (c.centre.y - v.y) * 0.05,
                    );
                    assert_eq!(
                        s.hit(q.x, q.y),
                        Some(Hit::Cell(c.cell)),
                        "{} {}",
                        g.id,
                        c.name
                    );
                }
                taps += 1;
            }
            for h in &s.hands {
                assert_eq!(
                    s.hit(h.centre.x, h.centre.y),
                    Some(Hit::Hand {
                        seat: h.seat,
                        slot: h.slot
                    })
                );
            }
            // Outside the board: the scene's corners and beyond.
            for (x, y) in [
                (0.001, 0.001),
                (0.999, 0.001),
                (0.001, s.height - 0.001),
                (0.999, s.height - 0.001),
                (-1.0, 0.5),
                (2.0, 2.0),
            ] {
                assert_eq!(s.hit(x, y), None, "{} {:?} ({x},{y})", g.id, o);
            }
        }
    }
    assert!(taps > 10_000, "{taps}");
}

#[test]
fn the_holes_of_the_cross_boards_hit_nothing() {
    // (board, cell, steps right, steps down) landing in a corner or a notch.
    for (id, base, i, j) in [
        ("four-player-ffa", "a4", 1.0, 2.0),
        ("eight-player-ffa", "a4", 1.0, 2.0),
        ("eight-player-ffa", "l4", 0.0, 2.0),
        ("eight-player-ffa", "d12", -2.0, 0.0),
    ] {
        for o in orientations(4) {
            let s = scene(id, o);
            let at = |n: &str| s.cells.iter().find(|c| c.name == n).unwrap().centre;
            // One file right and one rank down, as seen in this orientation.
            let (u, v) = (
                Point::new(at("e5").x - at("d5").x, at("e5").y - at("d5").y),
                Point::new(at("d4").x - at("d5").x, at("d4").y - at("d5").y),
            );
            let p = at(base);
            let q = Point::new(p.x + u.x * i + v.x * j, p.y + u.y * i + v.y * j);
            assert_eq!(s.hit(q.x, q.y), None, "{id} {base} {o:?}");
        }
    }
}

#[test]
fn the_chosen_seat_sits_at_the_bottom() {
    for g in rules::catalogue() {
        for o in orientations(g.seats as usize) {
            let s = scene(g.id, o);
            let mine = s.bars.iter().find(|b| b.seat == o.bottom).unwrap();
            let lowest = s.bars.iter().map(|b| b.centre.y).fold(f32::MIN, f32::max);
            assert!(mine.centre.y > lowest - 0.02, "{} {:?}", g.id, o);
            let board_bottom = s
                .cells
                .iter()
                .flat_map(|c| c.polygon.iter().map(|p| p.y))
                .fold(f32::MIN, f32::max);
            assert!(mine.centre.y > board_bottom, "{} {:?}", g.id, o);
        }
    }
}

#[test]
fn table_mode_turns_bars_and_pieces_towards_their_owners() {
    let o = Orientation {
        bottom: 0,
        table: true,
        turn_pieces: true,
    };
    let s = scene("four-player-ffa", o);
    let rot: Vec<f32> = s.bars.iter().map(|b| b.rotation).collect();
    // Red bottom, Blue left, Yellow top, Green right.
    assert_eq!(rot, vec![0.0, 90.0, 180.0, 270.0]);
    let yellow_king = s
        .pieces
        .iter()
        .find(|p| p.army == "yellow" && p.glyph == "western-king")
        .unwrap();
    assert_eq!(yellow_king.rotation, 180.0);
    let face = scene("four-player-ffa", Orientation::default());
    assert!(face.pieces.iter().all(|p| p.rotation == 0.0));
    // Shogi always turns the pieces.
    let sh = scene("shogi", Orientation::default());
    assert!(sh.pieces.iter().any(|p| p.rotation == 180.0));
}

#[test]
fn three_player_pawns_walk_towards_the_centre_and_on() {
    let s = scene("three-player", Orientation::default());
    let white_pawns: Vec<&ScenePiece> = s
        .pieces
        .iter()
        .filter(|p| p.army == "white" && p.glyph == "western-pawn")
        .collect();
    assert_eq!(white_pawns.len(), 8);
    for p in white_pawns {
        let w = p.walk.unwrap();
        assert!(
            !(30.0..=330.0).contains(&w),
            "white pawns walk up the screen: {w}"
        );
    }
    // Chess pawns carry no walking arrow.
    let c = scene("chess", Orientation::default());
    assert!(c.pieces.iter().all(|p| p.walk.is_none()));
}

#[test]
fn marks_reach_cells_and_pieces() {
    let mut g = Game::new("chess").unwrap();
    for m in ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"] {
        g.play_text(m).unwrap();
    }
    let e1 = g.position().variant.board.cell("e8").unwrap();
    let s = for_game(&g, Orientation::default(), &Marks::default()).unwrap();
    let king = s.pieces.iter().find(|p| p.at == PieceAt::Cell(e1)).unwrap();
    assert!(king.checked);
    let h5 = g.position().variant.board.cell("h5").unwrap();
    assert!(s.cells[h5 as usize].last_move);
    // Fog (the rules' view): nothing is hidden in chess; in fog of war White sees its own
    // half and its targets, not Black's back rank.
    assert!(fog_for(&g, 0).is_empty());
    let mut g = Game::new("fog-of-war").unwrap();
    for m in ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"] {
        g.play_text(m).unwrap();
    }
    let fog = fog_for(&g, 0);
    let s = for_game(
        &g,
        Orientation::default(),
        &Marks {
            fog,
            ..Marks::default()
        },
    )
    .unwrap();
    let a8 = g.position().variant.board.cell("a8").unwrap();
    assert!(s.cells[a8 as usize].fog);
    assert!(!s.pieces.iter().any(|p| p.at == PieceAt::Cell(a8)));
}

#[test]
fn hands_are_slots_with_counts() {
    let s = for_game_id(
        "shogi",
        Some("lnsgkgsnl/1r5b1/pppppppp1/9/9/9/1PPPPPPPP/1B5R1/LNSGKGSNL[PPp]"),
        &[],
        Orientation::default(),
        &Marks::default(),
    )
    .unwrap();
    assert_eq!(s.hands.len(), 14);
    let counts: Vec<u32> = s.hands.iter().map(|h| h.count).collect();
    assert_eq!(&counts[..7], &[2, 0, 0, 0, 0, 0, 0]);
    assert_eq!(&counts[7..], &[1, 0, 0, 0, 0, 0, 0]);
    let in_hand = s
        .pieces
        .iter()
        .filter(|p| matches!(p.at, PieceAt::Hand { .. }))
        .count();
    assert_eq!(in_hand, 2);
}

#[test]
fn a_piece_looks_in_the_promotion_picker_as_the_board_draws_it() {
    let chess = Game::new("chess").unwrap();
    let queen = chess.variant.piece_by_letter('Q').unwrap();
    assert_eq!(
        piece_look(&chess, queen, 1).unwrap(),
        ("western-queen".to_string(), "black".to_string())
    );
    // shogi: a promoted kind is its base piece, promoted; sente's king is the jewel
    let shogi = Game::new("shogi").unwrap();
    let tokin = (0..shogi.variant.pieces.len() as u8)
        .find(|&k| {
            shogi.variant.pieces[k as usize]
                .demotes_to
                .is_some_and(|d| shogi.variant.letter(d) == 'P')
        })
        .unwrap();
    assert_eq!(
        piece_look(&shogi, tokin, 0).unwrap().0,
        "shogi-pawn-promoted"
    );
    // makruk's met is drawn as the fers
    let makruk = Game::new("makruk").unwrap();
    let met = makruk.variant.piece_by_letter('M').unwrap();
    assert_eq!(piece_look(&makruk, met, 0).unwrap().0, "western-fers");
    assert!(piece_look(&chess, 99, 0).is_err());
    assert!(piece_look(&chess, queen, 5).is_err());
}

/// The file (letters) and rank (digits) parts of a cell name as the moves write it (`h2`,
/// shogi's `7g`).
fn name_parts(name: &str) -> [String; 2] {
    [
        name.chars().filter(|c| c.is_ascii_alphabetic()).collect(),
        name.chars().filter(|c| c.is_ascii_digit()).collect(),
    ]
}

#[test]
fn coordinate_labels_name_the_cells_in_line_with_them_as_the_moves_write_them() {
    // in every orientation (a four-player board turned to the seat at its left has its
    // letters up the side, as in the move `h2h4` the right-hand seat's pawn steps sideways);
    // shogi names its cells its own way: `shogi_boards_are_labelled_as_shogi_players_read_them`
    for id in [
        "chess",
        "four-player-ffa",
        "four-player-teams",
        "eight-player-ffa",
    ] {
        let g = Game::new(id).unwrap();
        for o in orientations(g.variant.seat_count()) {
            let s = scene(id, o);
            let names: Vec<&str> = s.cells.iter().map(|c| c.name.as_str()).collect();
            // the scene's cell names are the ones the move text is written in
            for m in g.legal_moves().iter().take(4) {
                let text = crate::notation::movetext::write(g.position(), *m, false);
                let from = g.variant.board.name(m.from);
                let to = g.variant.board.name(m.to);
                assert_eq!(text, format!("{from}{to}"), "{id}");
                assert!(names.contains(&from) && names.contains(&to), "{id}: {text}");
            }
            let pitch = s
                .cells
                .windows(2)
                .map(|w| {
                    let (a, b) = (w[0].centre, w[1].centre);
                    ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
                })
                .fold(f32::MAX, f32::min);
            assert!(!s.labels.is_empty(), "{id}");
            for l in &s.labels {
                let column: Vec<&SceneCell> = s
                    .cells
                    .iter()
                    .filter(|c| (c.centre.x - l.at.x).abs() < pitch / 4.0)
                    .collect();
                let row: Vec<&SceneCell> = s
                    .cells
                    .iter()
                    .filter(|c| (c.centre.y - l.at.y).abs() < pitch / 4.0)
                    .collect();
                let line = match (column.is_empty(), row.is_empty()) {
                    (false, true) => column,
                    (true, false) => row,
                    _ => panic!(
                        "{id} {o:?}: label {} is in line with no single line of cells",
                        l.text
                    ),
                };
                let part = (0..2).find(|&i| line.iter().all(|c| name_parts(&c.name)[i] == l.text));
                assert!(
                    part.is_some(),
                    "{id} {o:?}: label {} beside {:?}",
                    l.text,
                    line.iter().map(|c| &c.name).collect::<Vec<_>>()
                );
            }
        }
    }
}

#[test]
fn three_player_labels_name_the_edge_cells_beside_them() {
    let g = Game::new("three-player").unwrap();
    for o in orientations(3) {
        let s = scene("three-player", o);
        assert!(!s.labels.is_empty());
        for l in &s.labels {
            let nearest = s
                .cells
                .iter()
                .min_by(|a, b| {
                    let d = |c: &SceneCell| {
                        (c.centre.x - l.at.x).powi(2) + (c.centre.y - l.at.y).powi(2)
                    };
                    d(a).total_cmp(&d(b))
                })
                .unwrap();
            assert!(
                name_parts(&nearest.name).contains(&l.text),
                "{o:?}: label {} beside {}",
                l.text,
                nearest.name
            );
            assert!(g.variant.board.cell(&nearest.name).is_some());
        }
    }
}
