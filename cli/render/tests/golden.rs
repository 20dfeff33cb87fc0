//! Golden images: the start position of every game id and mid-game positions with marks,
//! rendered small and compared with tests/golden/*.png with a tolerance (anti-aliasing and
//! float rounding may differ between machines; a changed board or piece does not pass).
//!
//! Regenerate after an intended change: `ROOKERY_UPDATE_GOLDEN=1 cargo test -p rookery-render
//! --release --test golden`, look at the images, commit them.

use std::path::PathBuf;

use rookery_core::scene::{self, Marks, Orientation, Scene};
use rookery_core::Game;

const WIDTH: u32 = 240;
/// A pixel differs when one channel differs by more than this.
const CHANNEL_TOLERANCE: u8 = 40;
/// At most this share of pixels may differ.
const PIXEL_SHARE: f64 = 0.01;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn check(name: &str, s: &Scene) {
    let got = rookery_render::pixmap(s, WIDTH).unwrap();
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("ROOKERY_UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        got.save_png(&path).unwrap();
        return;
    }
    let want = resvg::tiny_skia::Pixmap::load_png(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (ROOKERY_UPDATE_GOLDEN=1 writes it)",
            path.display()
        )
    });
    assert_eq!(
        (got.width(), got.height()),
        (want.width(), want.height()),
        "{name}: size"
    );
    let differing = got
        .data()
        .chunks(4)
        .zip(want.data().chunks(4))
        .filter(|(a, b)| {
            a.iter()
                .zip(b.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count();
    let share = differing as f64 / (got.width() * got.height()) as f64;
    assert!(
        share <= PIXEL_SHARE,
        "{name}: {:.2}% of the pixels differ from {}",
        share * 100.0,
        path.display()
    );
}

fn game(id: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(id).unwrap();
    for m in moves {
        g.act_text(m).unwrap();
    }
    g
}

fn cell(g: &Game, name: &str) -> u16 {
    g.position().variant.board.cell(name).unwrap()
}

#[test]
fn start_position_of_every_game_id() {
    for g in rookery_core::rules::catalogue() {
        let s =
            scene::for_game_id(g.id, None, &[], Orientation::default(), &Marks::default()).unwrap();
        check(&format!("start-{}", g.id), &s);
    }
}

#[test]
fn square_board_with_check_last_move_and_targets() {
    let g = game("chess", &["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"]);
    let marks = Marks {
        selected: Some(cell(&g, "e8")),
        targets: vec![],
        ..Marks::default()
    };
    check(
        "mid-chess-check",
        &scene::for_game(&g, Orientation::default(), &marks).unwrap(),
    );
    let g = game("chess", &["e2e4", "d7d5"]);
    let from = cell(&g, "e4");
    let marks = Marks {
        selected: Some(from),
        targets: g
            .legal_moves()
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect(),
        ..Marks::default()
    };
    check(
        "mid-chess-targets",
        &scene::for_game(&g, Orientation::default(), &marks).unwrap(),
    );
}

#[test]
fn fog_of_war_hides_what_white_cannot_see() {
    let g = game("fog-of-war", &["e2e4", "d7d5", "e4d5"]);
    let marks = Marks {
        fog: scene::fog_for(&g, 1),
        ..Marks::default()
    };
    let o = Orientation {
        bottom: 1,
        ..Orientation::default()
    };
    check("mid-fog-black", &scene::for_game(&g, o, &marks).unwrap());
}

#[test]
fn four_player_grey_army_in_table_mode() {
    let g = game("four-player-ffa", &["h2h3", "resign:1", "h13h12"]);
    let o = Orientation {
        bottom: 0,
        table: true,
        turn_pieces: true,
    };
    check(
        "mid-four-grey-table",
        &scene::for_game(&g, o, &Marks::default()).unwrap(),
    );
}

#[test]
fn eight_player_after_moves_facing_the_player_to_move() {
    let g = game("eight-player-ffa", &["q2q4", "h2h4"]);
    let o = Orientation {
        bottom: g.position().turn(),
        ..Orientation::default()
    };
    check(
        "mid-eight-face",
        &scene::for_game(&g, o, &Marks::default()).unwrap(),
    );
}

#[test]
fn three_player_pawns_and_turned_board() {
    let g = game("three-player", &["e2e4", "h11h9"]);
    let o = Orientation {
        bottom: 2,
        ..Orientation::default()
    };
    check(
        "mid-three-black",
        &scene::for_game(&g, o, &Marks::default()).unwrap(),
    );
}

#[test]
fn xiangqi_janggi_and_shogi_positions() {
    // Xiangqi after a cannon move that checks, with the marks given by hand (not playable yet).
    let def = scene::board_def("xiangqi").unwrap();
    let t = def.topology();
    let c = |n: &str| t.cell(n).unwrap();
    let marks = Marks {
        last_move: vec![c("h3"), c("e3")],
        checked: vec![c("e10")],
        ..Marks::default()
    };
    let s = scene::for_game_id(
        "xiangqi",
        Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"),
        &[],
        Orientation::default(),
        &marks,
    )
    .unwrap();
    check("mid-xiangqi-check", &s);
    let s = scene::for_game_id(
        "janggi",
        None,
        &[],
        Orientation {
            bottom: 1,
            ..Orientation::default()
        },
        &Marks {
            symbols: true,
            ..Marks::default()
        },
    )
    .unwrap();
    check("mid-janggi-symbols", &s);
    let s = scene::for_game_id(
        "shogi",
        Some("lnsgk2nl/1r4sb1/pppppp+Ppp/9/9/2P6/PP1PPPP1P/1B5R1/LNSGKGSNL[PPp]"),
        &[],
        Orientation::default(),
        &Marks::default(),
    )
    .unwrap();
    check("mid-shogi-hands", &s);
    let s = scene::for_game_id(
        "crazyhouse",
        Some("r1bqkb1r/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R[Nb] b"),
        &[],
        Orientation::default(),
        &Marks::default(),
    )
    .unwrap();
    check("mid-crazyhouse-pockets", &s);
}
