//! Traditional notation in the move list (`notation::traditional`): xiangqi WXF, shogi Western.
//! Under a second.

use rookery_core::notation::traditional::{move_list, Style};
use rookery_core::Game;

fn list(id: &str, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut g = match fen {
        Some(f) => Game::from_fen(id, f).unwrap(),
        None => Game::new(id).unwrap(),
    };
    for m in moves {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(
        move_list(&g, Style::Coordinate),
        g.texts(),
        "coordinate style = saved text"
    );
    move_list(&g, Style::Traditional)
}

#[test]
fn xiangqi_wxf_counts_files_from_each_players_right_and_ranks_for_straight_moves() {
    // 炮二平五 马8进7 (the central cannon), 马二进三 马2进3, 车一进一
    assert_eq!(
        list("xiangqi", None, &["h3e3", "h10g8", "h1g3", "b10c8", "i1i2"]),
        ["C2.5", "H8+7", "H2+3", "H2+3", "R1+1"]
    );
    // backwards and sideways of black: 炮8退1 then 炮8平7 after a red waiting move
    assert_eq!(
        list("xiangqi", None, &["a1a2", "h8h9", "a2a1", "h9g9"]),
        ["R9+1", "C8-1", "R9-1", "C8.7"]
    );
}

#[test]
fn xiangqi_wxf_tandem_pieces_are_front_and_rear() {
    let f = "4k4/4a4/9/9/9/4R4/9/9/4R4/3K5 w - - 0 1";
    assert_eq!(list("xiangqi", Some(f), &["e5g5"]), ["R+.3"]);
    assert_eq!(list("xiangqi", Some(f), &["e2e1"]), ["R--1"]);
    // three pawns on a file: front +, middle by its file, rear -
    let p = "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(list("xiangqi", Some(p), &["c8d8"]), ["P+.6"]);
    assert_eq!(list("xiangqi", Some(p), &["c7d7"]), ["P7.6"]);
    assert_eq!(list("xiangqi", Some(p), &["c6d6"]), ["P-.6"]);
}

#[test]
fn shogi_western_notation_shows_captures_drops_promotion_and_origin_only_when_ambiguous() {
    // 7g7f 3c3d 8h2b+ 3a2b B*4e
    assert_eq!(
        list("shogi", None, &["c3c4", "g7g6", "b2h8+", "g9h8", "B@f5"]),
        ["P-7f", "P-3d", "Bx2b+", "Sx2b", "B*4e"]
    );
    // declining a promotion is written with =
    assert_eq!(
        list("shogi", None, &["c3c4", "g7g6", "b2h8"]),
        ["P-7f", "P-3d", "Bx2b="]
    );
    // both golds can reach 5h: the origin square tells them apart
    assert_eq!(list("shogi", None, &["d1e2"]), ["G6i-5h"]);
}

#[test]
fn other_games_keep_coordinate_text_in_the_traditional_style() {
    assert_eq!(list("janggi", None, &[]), Vec::<String>::new());
    assert_eq!(list("makruk", None, &["e3e4"]), ["e3e4"]);
}

#[test]
fn the_readable_move_list_is_san_in_chess_the_traditional_form_in_xiangqi_and_shogi_and_coordinates_elsewhere(
) {
    use rookery_core::notation::traditional::readable_list;
    let played = |id: &str, moves: &[&str]| {
        let mut g = Game::new(id).unwrap();
        for m in moves {
            g.play_text(m).unwrap_or_else(|e| panic!("{id} {m}: {e}"));
        }
        readable_list(&g)
    };
    assert_eq!(
        played(
            "chess",
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1"]
        ),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O"]
    );
    assert_eq!(
        played("atomic", &["e2e4", "d7d5", "e4d5"]),
        ["e4", "d5", "exd5"]
    );
    assert_eq!(played("xiangqi", &["h3e3", "h10g8"]), ["C2.5", "H8+7"]);
    assert_eq!(played("shogi", &["c3c4", "g7g6"]), ["P-7f", "P-3d"]);
    // no traditional form of its own here: the coordinate text players type
    let g = {
        let mut g = Game::new("makruk").unwrap();
        g.play_text("e3e4").unwrap();
        g
    };
    assert_eq!(readable_list(&g), g.texts());
}
