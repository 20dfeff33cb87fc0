//! The crossterm event loop: raw mode, the alternate screen and mouse reporting on; draw,
//! wait up to 50 ms for an event, let bots and clocks tick; restore the terminal on the way
//! out (ratatui's panic hook restores it on a panic too).

use std::io::{stdout, IsTerminal};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::DefaultTerminal;

use super::app::App;
use super::ui;

pub fn run(app: &mut App) -> Result<(), String> {
    if !std::io::stdin().is_terminal() || !stdout().is_terminal() {
        return Err("rookery play needs a terminal (use --script for a run without one)".into());
    }
    let mut terminal = ratatui::try_init().map_err(|e| format!("terminal: {e}"))?;
    let _ = execute!(stdout(), EnableMouseCapture);
    let r = event_loop(&mut terminal, app);
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    r
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App) -> Result<(), String> {
    while !app.quit {
        terminal
            .draw(|f| ui::draw(f, app))
            .map_err(|e| format!("terminal: {e}"))?;
        if event::poll(Duration::from_millis(50)).map_err(|e| e.to_string())? {
            match event::read().map_err(|e| e.to_string())? {
                Event::Key(k) => app.handle_key(k, Instant::now()),
                Event::Mouse(m) => app.mouse(m, Instant::now()),
                _ => {}
            }
        }
        app.tick(Instant::now());
    }
    Ok(())
}
