//! The result screen: places and points of a finished game, as the game's rules rank them
//! (`Rules::standings`: by points in the multi-player games, winners first).

use rookery_core::interact;

use crate::error::RookeryError;
use crate::session::GameSession;

/// One seat's place in a finished game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SeatStanding {
    pub seat: u8,
    /// 1 = first; seats that tie share a place.
    pub place: u8,
    pub points: i32,
    /// The points as the game shows them (three-player chess: quarter points, `1¾`).
    pub points_text: String,
}

#[uniffi::export]
impl GameSession {
    /// Places and points of every seat once the game is over (by place, then seat); empty
    /// while it is being played.
    pub fn standings(&self) -> Result<Vec<SeatStanding>, RookeryError> {
        self.read_game(|g| {
            let mut out: Vec<SeatStanding> = g
                .standings()
                .unwrap_or_default()
                .into_iter()
                .map(|s| SeatStanding {
                    seat: s.seat,
                    place: s.place,
                    points: s.points,
                    points_text: interact::score_text(g, s.points),
                })
                .collect();
            out.sort_by_key(|s| (s.place, s.seat));
            out
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::catalogue::default_house_rules;
    use crate::session::{GameSession, SeatConfig};

    fn people(n: usize) -> Vec<SeatConfig> {
        (0..n)
            .map(|i| SeatConfig::Person {
                name: format!("P{i}"),
            })
            .collect()
    }

    #[test]
    fn standings_are_empty_while_playing_and_rank_the_winner_first() {
        let s = GameSession::new("chess".into(), people(2), default_house_rules(), 1).unwrap();
        assert!(s.standings().unwrap().is_empty());
        s.act(crate::screen::ScreenIntent::Resign { seat: 0 })
            .unwrap();
        let st = s.standings().unwrap();
        assert_eq!(st.len(), 2);
        assert_eq!((st[0].seat, st[0].place), (1, 1));
        assert_eq!((st[1].seat, st[1].place), (0, 2));
    }

    #[test]
    fn standings_of_a_four_player_game_follow_points() {
        let s = GameSession::new(
            "four-player-ffa".into(),
            people(4),
            default_house_rules(),
            1,
        )
        .unwrap();
        for seat in 0..3 {
            s.act(crate::screen::ScreenIntent::Resign { seat }).unwrap();
        }
        let st = s.standings().unwrap();
        assert_eq!(st.len(), 4);
        assert_eq!(st[0].place, 1);
        assert!(st.windows(2).all(|w| w[0].place <= w[1].place));
        assert!(st.iter().all(|x| x.points_text == x.points.to_string()));
    }
}
