//! SAN in and out, PGN export and import: each test is named after the notation rule it proves.

use rookery_core::game::{EndReason, HouseRules};
use rookery_core::notation::{pgn, san};
use rookery_core::{rules, Action, Error, Game, Move};

fn chess(fen_text: &str) -> Game {
    Game::from_fen("chess", fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"))
}

/// The SAN of the move given in coordinate text.
fn san_of(g: &Game, coord: &str) -> String {
    let m = rookery_core::notation::movetext::parse(g.position(), coord)
        .unwrap_or_else(|e| panic!("{coord}: {e}"));
    san::write(g.position(), m)
}

fn coord(g: &Game, m: Move) -> String {
    g.move_text(m)
}

/// Reads SAN and answers the move in coordinate text.
fn read(g: &Game, text: &str) -> String {
    let m = san::parse(g.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    coord(g, m)
}

/// Plays SAN moves.
fn play(g: &mut Game, moves: &str) {
    for t in moves.split_whitespace() {
        let m = san::parse(g.position(), t).unwrap_or_else(|e| panic!("{t}: {e}"));
        g.play(m).unwrap();
    }
}

// ------------------------------------------------------------------ SAN

#[test]
fn san_names_pieces_by_letter_and_pawns_by_target_only() {
    let g = Game::new("chess").unwrap();
    assert_eq!(san_of(&g, "e2e4"), "e4");
    assert_eq!(san_of(&g, "g1f3"), "Nf3");
    assert_eq!(read(&g, "e4"), "e2e4");
    assert_eq!(read(&g, "Nc3"), "b1c3");
}

#[test]
fn san_disambiguates_by_file_when_the_files_differ() {
    let g = chess("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san_of(&g, "b1d2"), "Nbd2");
    assert_eq!(san_of(&g, "f3d2"), "Nfd2");
    assert_eq!(san_of(&g, "f3e5"), "Ne5"); // only one knight reaches e5
    assert_eq!(read(&g, "Nbd2"), "b1d2");
    assert_eq!(read(&g, "Nfd2"), "f3d2");
}

#[test]
fn san_disambiguates_by_rank_when_the_files_are_the_same() {
    let g = chess("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&g, "a1a3"), "R1a3");
    assert_eq!(san_of(&g, "a5a3"), "R5a3");
    assert_eq!(read(&g, "R5a3"), "a5a3");
}

#[test]
fn san_disambiguates_by_file_and_rank_when_neither_alone_names_the_piece() {
    // queens on a1, a3 and c1 all reach b2
    let g = chess("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    assert_eq!(san_of(&g, "a1b2"), "Qa1b2");
    assert_eq!(san_of(&g, "a3b2"), "Q3b2");
    assert_eq!(san_of(&g, "c1b2"), "Qcb2");
    assert_eq!(read(&g, "Qa1b2"), "a1b2");
    assert_eq!(read(&g, "Qa1xb2"), "a1b2"); // a superfluous capture mark is read too
}

#[test]
fn san_ignores_pinned_pieces_when_disambiguating() {
    // the knight on c3 is pinned by the bishop on a5: Ne2 is the g1 knight's only
    let g = chess("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san_of(&g, "g1e2"), "Ne2");
}

#[test]
fn san_marks_captures_with_x_and_pawn_captures_with_the_origin_file() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "e4 d5");
    assert_eq!(san_of(&g, "e4d5"), "exd5");
    play(&mut g, "exd5 Qxd5 Nc3");
    assert_eq!(san_of(&g, "d5a2"), "Qxa2");
}

#[test]
fn san_writes_en_passant_as_a_pawn_capture_and_reads_the_e_p_suffix() {
    let mut g = chess("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5");
    assert_eq!(san_of(&g, "e5d6"), "exd6");
    assert_eq!(read(&g, "exd6 e.p."), "e5d6");
    assert_eq!(read(&g, "exd6e.p."), "e5d6");
}

#[test]
fn san_writes_promotion_with_equals_and_the_piece_letter() {
    let g = chess("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&g, "a7a8q"), "a8=Q");
    assert_eq!(san_of(&g, "a7b8n"), "axb8=N");
    assert_eq!(san_of(&g, "a7b8q"), "axb8=Q+");
    assert_eq!(read(&g, "a8=R"), "a7a8r");
    assert_eq!(read(&g, "a8B"), "a7a8b");
    assert_eq!(read(&g, "axb8=N"), "a7b8n");
    // promotion is part of the move: a8 alone names no legal move
    assert!(matches!(
        san::parse(g.position(), "a8"),
        Err(Error::IllegalMove(_))
    ));
}

#[test]
fn san_writes_castling_as_o_o_and_o_o_o() {
    let g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&g, "e1g1"), "O-O");
    assert_eq!(san_of(&g, "e1c1"), "O-O-O");
    assert_eq!(read(&g, "O-O"), "e1g1");
    assert_eq!(read(&g, "0-0-0"), "e1c1");
}

#[test]
fn san_writes_chess960_castling_as_o_o_and_o_o_o_whatever_the_files() {
    let g = Game::from_fen("chess960", "4k3/8/8/8/8/8/8/RK5R w AH - 0 1").unwrap();
    let castles: Vec<(String, String)> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.kind == rookery_core::position::MoveKind::Castle)
        .map(|m| (coord(&g, m), san::write(g.position(), m)))
        .collect();
    assert!(castles.contains(&("b1h1".to_string(), "O-O".to_string())));
    assert!(castles.contains(&("b1a1".to_string(), "O-O-O".to_string())));
    assert_eq!(read(&g, "O-O-O"), "b1a1");
    // king already on g1
    let g = Game::from_fen("chess960", "4k3/8/8/8/8/8/8/6KR w H - 0 1").unwrap();
    assert_eq!(read(&g, "O-O"), "g1h1");
}

#[test]
fn san_adds_plus_for_check_and_hash_for_mate() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "e4 e5 Bc4 Nc6 Qh5 Nf6");
    assert_eq!(san_of(&g, "h5f7"), "Qxf7#");
    let g = chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&g, "a1a8"), "Ra8+");
    assert_eq!(read(&g, "Ra8+"), "a1a8");
    assert_eq!(read(&g, "Ra8#"), "a1a8"); // a wrong suffix does not stop reading
}

#[test]
fn san_reads_annotation_marks_and_optional_parts() {
    let g = Game::new("chess").unwrap();
    for text in ["e4!", "e4!!", "e4?!", "Pe4", "e2e4", "Pe2e4"] {
        assert_eq!(read(&g, text), "e2e4", "{text}");
    }
    assert_eq!(read(&g, "Ngf3"), "g1f3"); // superfluous disambiguation
}

#[test]
fn san_reading_errors_are_typed_bad_move_text_or_illegal_move() {
    let g = chess("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    for text in ["", "Zf3", "Nz9", "N", "hello", "Nd", "Kx", "e2e4e5"] {
        assert!(
            matches!(san::parse(g.position(), text), Err(Error::BadMoveText(_))),
            "{text:?}"
        );
    }
    // ambiguous: two knights reach d2
    assert!(matches!(
        san::parse(g.position(), "Nd2"),
        Err(Error::BadMoveText(m)) if m.contains("ambiguous")
    ));
    for text in ["Nd5", "Qd1", "O-O", "e4", "Ke3"] {
        assert!(
            matches!(san::parse(g.position(), text), Err(Error::IllegalMove(_))),
            "{text:?}"
        );
    }
}

#[test]
fn san_round_trips_every_legal_move_of_seeded_random_games() {
    for (id, seed) in [("chess", 11u64), ("chess960", 12)] {
        let mut rng = seed;
        let mut next = move || {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (rng >> 33) as usize
        };
        for game_no in 0..6 {
            let start = (id == "chess960").then(|| (next() % 960) as u32);
            let mut g = Game::with_options(id, HouseRules::default(), 0, start).unwrap();
            for _ in 0..120 {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mut seen = std::collections::HashSet::new();
                for &m in &legal {
                    let s = san::write(g.position(), m);
                    assert!(seen.insert(s.clone()), "{id} game {game_no}: {s} twice");
                    assert_eq!(san::parse(g.position(), &s), Ok(m), "{id}: {s}");
                }
                g.play(legal[next() % legal.len()]).unwrap();
            }
        }
    }
}

// ------------------------------------------------------------------ PGN

/// The Opera Game, Paul Morphy against the Duke of Brunswick and Count Isouard, Paris 1858.
const OPERA_GAME: &str = r#"[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
"#;

/// The Immortal Game, Adolf Anderssen against Lionel Kieseritzky, London 1851, with the
/// comments, annotations and a variation a database would carry.
const IMMORTAL_GAME: &str = r#"[Event "London"]
[Site "London ENG"]
[Date "1851.06.21"]
[Round "?"]
[White "Adolf Anderssen"]
[Black "Lionel Kieseritzky"]
[Result "1-0"]
[ECO "C33"]

% an escape line that readers skip
1.e4 e5 2.f4 exf4 3.Bc4 Qh4+ 4.Kf1 b5 {the Bryan Counter-Gambit} 5.Bxb5 Nf6
6.Nf3 Qh6 7.d3 Nh5 8.Nh4 Qg5 9.Nf5 c6 10.g4 Nf6 11.Rg1! cxb5 12.h4 Qg6 13.h5
Qg5 14.Qf3 Ng8 15.Bxf4 Qf6 16.Nc3 Bc5 17.Nd5 Qxb2 18.Bd6!! $1 Bxg1 (18...Qxa1+
19.Ke2 Qxg1 (19...Bxg1?)) 19.e5 Qxa1+ 20.Ke2 Na6 ; the knight comes too late
21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7# 1-0
"#;

#[test]
fn pgn_import_replays_the_opera_game_to_its_recorded_mate() {
    let r = pgn::read(OPERA_GAME).unwrap();
    assert_eq!(r.tag("White"), Some("Paul Morphy"));
    assert_eq!(r.result, "1-0");
    assert_eq!(r.game.ply_count(), 33);
    let o = r.game.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Checkmate, vec![0])
    );
    assert_eq!(pgn::result_token(&r.game), "1-0");
}

#[test]
fn pgn_import_skips_comments_nags_variations_and_escape_lines() {
    let r = pgn::read(IMMORTAL_GAME).unwrap();
    assert_eq!(r.game.ply_count(), 45);
    assert_eq!(r.game.outcome().unwrap().reason, EndReason::Checkmate);
    assert_eq!(r.tag("ECO"), Some("C33"));
}

#[test]
fn pgn_export_writes_the_seven_tag_roster_move_numbers_and_the_result() {
    let r = pgn::read(OPERA_GAME).unwrap();
    let tags = [
        ("Event", "Paris"),
        ("Site", "Paris FRA"),
        ("Date", "1858.??.??"),
        ("White", "Paul Morphy"),
        ("Black", "Duke Karl / Count Isouard"),
    ];
    let text = pgn::write(&r.game, &tags).unwrap();
    let head: Vec<&str> = text.lines().take(7).collect();
    assert_eq!(
        head,
        vec![
            "[Event \"Paris\"]",
            "[Site \"Paris FRA\"]",
            "[Date \"1858.??.??\"]",
            "[Round \"?\"]",
            "[White \"Paul Morphy\"]",
            "[Black \"Duke Karl / Count Isouard\"]",
            "[Result \"1-0\"]",
        ]
    );
    assert!(text.contains("1. e4 e5 2. Nf3 d6"));
    assert!(text.contains("11. Bxb5+ Nbd7 12. O-O-O Rd8"));
    assert!(text.trim_end().ends_with("17. Rd8# 1-0"));
    assert!(text.lines().all(|l| l.len() < 80));
    // the same moves as the record, token for token
    let moves = |t: &str| -> Vec<String> {
        t.split("\n\n")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    assert_eq!(moves(&text), moves(OPERA_GAME));
}

#[test]
fn pgn_round_trip_keeps_every_move_and_the_outcome() {
    for record in [OPERA_GAME, IMMORTAL_GAME] {
        let a = pgn::read(record).unwrap();
        let text = pgn::write(&a.game, &[]).unwrap();
        let b = pgn::read(&text).unwrap();
        assert_eq!(a.game.texts(), b.game.texts());
        assert_eq!(a.game.position(), b.game.position());
        assert_eq!(a.game.outcome(), b.game.outcome());
        assert_eq!(pgn::write(&b.game, &[]).unwrap(), text);
    }
}

#[test]
fn pgn_of_a_chess960_game_carries_variant_setup_and_fen_tags() {
    let mut g = Game::with_options("chess960", HouseRules::default(), 0, Some(0)).unwrap();
    for _ in 0..30 {
        let Some(&m) = g.legal_moves().first() else {
            break;
        };
        g.play(m).unwrap();
    }
    let text = pgn::write(&g, &[]).unwrap();
    assert!(text.contains("[Variant \"Chess960\"]"));
    assert!(text.contains("[SetUp \"1\"]"));
    assert!(text.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]"));
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.game.id(), "chess960");
    assert_eq!(back.game.texts(), g.texts());
    // X-FEN castling letters in the FEN tag are read too
    let xfen = text.replace("w HFhf", "w KQkq");
    assert_eq!(pgn::read(&xfen).unwrap().game.texts(), g.texts());
}

#[test]
fn pgn_of_chess960_castling_round_trips_for_every_start() {
    // every start: clear the back rank between king and rooks, castle both sides, read back
    for n in (0..960).step_by(7) {
        let fen = rules::chess::chess960_fen(n).unwrap();
        let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
        // keep only kings and rooks on the back ranks (pawns stay to screen the files)
        let keep_kr = |rank: &str| -> String {
            let mut out = String::new();
            let mut empty = 0;
            for c in rank.chars() {
                if "KRkr".contains(c) {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        };
        let ranks: Vec<&str> = fields[0].split('/').collect();
        fields[0] = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{}",
            keep_kr(ranks[0]),
            keep_kr(ranks[7])
        );
        let start = fields.join(" ");
        let mut g = Game::from_fen("chess960", &start).unwrap();
        // White castles on the first side it may (O-O first), Black on the last
        let mut written = Vec::new();
        for last in [false, true] {
            let mut castles: Vec<Move> = g
                .legal_moves()
                .into_iter()
                .filter(|m| m.kind == rookery_core::position::MoveKind::Castle)
                .collect();
            castles.sort_by_key(|m| g.position().castles[m.aux as usize].side);
            let m = if last {
                castles.last()
            } else {
                castles.first()
            };
            let m = *m.unwrap_or_else(|| panic!("{n}: no castling in {start}"));
            written.push(san::write(g.position(), m));
            g.play(m).unwrap();
        }
        let text = pgn::write(&g, &[]).unwrap();
        assert!(
            text.contains(&format!("1. {} {}", written[0], written[1])),
            "{n}: {text}"
        );
        assert!(written.iter().all(|w| w == "O-O" || w == "O-O-O"));
        let back = pgn::read(&text).unwrap();
        assert_eq!(back.game.position(), g.position(), "{n}");
    }
}

#[test]
fn pgn_of_a_game_from_a_set_up_position_carries_setup_and_fen_and_numbers_black_first() {
    let mut g = chess("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
    play(&mut g, "Kd7 e4 Ke6");
    let text = pgn::write(&g, &[]).unwrap();
    assert!(text.contains("[SetUp \"1\"]"));
    assert!(text.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]"));
    assert!(!text.contains("[Variant"));
    assert!(text.contains("40... Kd7 41. e4 Ke6 *"), "{text}");
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.game.texts(), g.texts());
    assert_eq!(back.result, "*");
}

#[test]
fn pgn_of_a_resigned_game_ends_with_the_result_and_imports_as_a_resignation() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "e4 e5");
    g.act(Action::Resign(1)).unwrap();
    let text = pgn::write(&g, &[]).unwrap();
    assert!(text.contains("[Result \"1-0\"]"));
    assert!(text.trim_end().ends_with("1-0"));
    let back = pgn::read(&text).unwrap();
    let o = back.game.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::Resignation, vec![0])
    );
}

#[test]
fn pgn_of_a_time_forfeit_says_so_in_the_termination_tag() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "e4");
    g.act(Action::Timeout(1)).unwrap();
    let text = pgn::write(&g, &[]).unwrap();
    assert!(text.contains("[Termination \"time forfeit\"]"));
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.game.outcome().unwrap().reason, EndReason::Timeout);
}

#[test]
fn pgn_keeps_an_agreed_draw_as_the_record_result() {
    let mut g = Game::new("chess").unwrap();
    play(&mut g, "d4 d5");
    let text = pgn::write(&g, &[("Result", "1/2-1/2")]).unwrap();
    assert!(text.trim_end().ends_with("1. d4 d5 1/2-1/2"), "{text}");
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.result, "1/2-1/2");
    assert_eq!(back.game.ply_count(), 2);
}

#[test]
fn pgn_import_of_an_illegal_move_is_a_bad_record_naming_the_ply() {
    let text = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 Ke7 5. Qe2 Kf6 6. Ke3 *";
    match pgn::read(text) {
        Err(Error::BadRecord(m)) => {
            assert!(m.contains("ply 11"), "{m}");
            assert!(m.contains("Ke3"), "{m}");
        }
        other => panic!("{other:?}"),
    }
    // unreadable move
    match pgn::read("1. e4 e5 2. Nf9 *") {
        Err(Error::BadRecord(m)) => assert!(m.contains("ply 3"), "{m}"),
        other => panic!("{other:?}"),
    }
    // a move after mate
    match pgn::read("1. f3 e5 2. g4 Qh4# 3. a3 0-1") {
        Err(Error::BadRecord(m)) => assert!(m.contains("ply 5"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_stray_closing_brace_in_movetext_is_an_error_not_an_endless_loop() {
    // found by the `pgn` fuzz target: a `}` outside a comment made the movetext reader spin
    for text in ["1. e4 } e5 *", "[Event \"x\"]\n\n}", "1. e4 e5 2. Nf3}"] {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(pgn::read(text).map(|r| r.game.texts()));
        });
        let r = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("pgn::read({text:?}) does not return"));
        assert!(matches!(r, Err(Error::BadRecord(_))), "{text:?} gave {r:?}");
    }
}

#[test]
fn pgn_import_rejects_records_that_contradict_themselves() {
    for bad in [
        "1. f3 e5 2. g4 Qh4# 1-0",           // mate by black, says 1-0
        "[Result \"0-1\"]\n\n1. e4 e5 1-0",  // tag and token differ
        "[Event \"x\"\n\n1. e4 *",           // tag not closed
        "[Event x]\n\n1. e4 *",              // value not quoted
        "1. e4 {never closed *",             // comment not closed
        "1. e4 (1. d4 *",                    // variation not closed
        "[SetUp \"1\"]\n\n1. e4 *",          // SetUp without FEN
        "[Variant \"Chess960\"]\n\n1. e4 *", // 960 without FEN
        "[FEN \"8/8/8 w - - 0 1\"]\n\n*",    // bad FEN
        "[Variant \"Bughouse\"]\n\n1. e4 *", // unknown variant
    ] {
        assert!(
            matches!(pgn::read(bad), Err(Error::BadRecord(_))),
            "{bad:?} gave {:?}",
            pgn::read(bad).map(|r| r.game.texts())
        );
    }
}

#[test]
fn pgn_round_trips_seeded_random_games_of_chess_and_chess960() {
    for (id, seed) in [("chess", 3u64), ("chess960", 4)] {
        let mut rng = seed;
        let mut next = move || {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (rng >> 33) as usize
        };
        for _ in 0..8 {
            let start = (id == "chess960").then(|| (next() % 960) as u32);
            let mut g = Game::with_options(id, HouseRules::default(), 0, start).unwrap();
            for _ in 0..200 {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                g.play(legal[next() % legal.len()]).unwrap();
            }
            let text = pgn::write(&g, &[("White", "Seed \"quoted\" \\ name")]).unwrap();
            let back = pgn::read(&text).unwrap();
            assert_eq!(back.tag("White"), Some("Seed \"quoted\" \\ name"));
            assert_eq!(back.game.texts(), g.texts(), "{text}");
            assert_eq!(back.game.position(), g.position());
            assert_eq!(back.game.outcome(), g.outcome());
        }
    }
}
