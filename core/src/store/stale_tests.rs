//! A rename while a copy of the game is open (the apps rename from the home screen while a
//! session of the game lives on): the copy's next save must not bring the old name back. Found
//! by the Kotlin concurrency test (tests/kotlin/.../ConcurrencyTest.kt).

use super::*;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "rookery-stale-{name}-{}-{}",
        std::process::id(),
        now_ms()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_rename_survives_every_later_save_of_an_open_copy() {
    let dir = temp_dir("rename");
    let store = GameStore::open(&dir).unwrap();
    let mut s = store.create("old", &Setup::new("chess").unwrap()).unwrap();
    type Step = fn(&GameStore, &mut SavedGame);
    let steps: [(&str, Step); 5] = [
        ("a move", |st, s| st.act_text(s, "e2e4").unwrap()),
        ("an undo", |st, s| st.undo(s).unwrap()),
        ("a redo", |st, s| st.redo(s).unwrap()),
        ("a seat change", |st, s| {
            st.set_seat(s, 1, SeatInfo::bot("Bot", 1)).unwrap()
        }),
        ("an end", |st, s| st.finish(s, None).unwrap()),
    ];
    for (i, (what, step)) in steps.iter().enumerate() {
        let name = format!("renamed {i}");
        store.rename(s.id, &name).unwrap();
        step(&store, &mut s);
        assert_eq!(store.summary(s.id).unwrap().name, name, "after {what}");
        assert_eq!(s.name, name, "the copy after {what}");
        assert_eq!(store.load(s.id).unwrap().name, name);
    }
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
