//! `rookery render`: draws a board scene to PNG or SVG, exactly as the apps paint it.

use std::time::Instant;

use rookery_core::scene::{self, Marks, Orientation};

use crate::flag_value;

pub const USAGE: &str =
    "rookery render <game-id> [--fen F] [--moves \"M1 M2 ...\"] [--seat N] [--table] \
[--turn-pieces] [--symbols] [--fog SEAT] [--select CELL] [--size PX] -o FILE.png|FILE.svg
       rookery render --all DIR [--size PX]   every game id's start position as DIR/<id>.png
       rookery bench render [--game ID] [--size PX] [--runs N]   scene + PNG speed";

pub fn cmd_render(args: &[String]) -> Result<(), String> {
    let size: u32 = flag_value(args, "--size")
        .map(|s| s.parse().map_err(|_| format!("bad --size '{s}'")))
        .transpose()?
        .unwrap_or(1024);
    if let Some(dir) = flag_value(args, "--all") {
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        for g in rookery_core::rules::catalogue() {
            let s = scene::for_game_id(g.id, None, &[], Orientation::default(), &Marks::default())
                .map_err(|e| e.to_string())?;
            let path = format!("{dir}/{}.png", g.id);
            let png = rookery_render::png(&s, size)?;
            std::fs::write(&path, png).map_err(|e| format!("{path}: {e}"))?;
            println!("{path}");
        }
        return Ok(());
    }
    let Some(game) = args.first().filter(|a| !a.starts_with("--")) else {
        return Err(USAGE.to_string());
    };
    let out = flag_value(args, "-o")
        .or_else(|| flag_value(args, "--out"))
        .ok_or_else(|| format!("missing -o FILE\n{USAGE}"))?;
    let s = build(game, args)?;
    write(&s, &out, size)
}

fn build(game: &str, args: &[String]) -> Result<scene::Scene, String> {
    let seat: u8 = flag_value(args, "--seat")
        .map(|s| s.parse().map_err(|_| format!("bad --seat '{s}'")))
        .transpose()?
        .unwrap_or(0);
    let o = Orientation {
        bottom: seat,
        table: args.iter().any(|a| a == "--table"),
        turn_pieces: args.iter().any(|a| a == "--turn-pieces"),
    };
    let fen = flag_value(args, "--fen");
    let moves: Vec<String> = flag_value(args, "--moves")
        .map(|m| m.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    let mut marks = Marks {
        symbols: args.iter().any(|a| a == "--symbols"),
        ..Marks::default()
    };
    let playable = rookery_core::rules::variant(game).is_ok();
    if playable {
        let mut g = match &fen {
            Some(f) => rookery_core::Game::from_fen(game, f),
            None => rookery_core::Game::new(game),
        }
        .map_err(|e| e.to_string())?;
        for m in &moves {
            g.act_text(m).map_err(|e| e.to_string())?;
        }
        if let Some(cell) = flag_value(args, "--select") {
            let c = g
                .position()
                .variant
                .board
                .cell(&cell)
                .ok_or_else(|| format!("no cell '{cell}'"))?;
            marks.selected = Some(c);
            marks.targets = g
                .legal_moves()
                .into_iter()
                .filter(|m| m.from == c)
                .map(|m| m.to)
                .collect();
        }
        if let Some(f) = flag_value(args, "--fog") {
            let seat: u8 = f.parse().map_err(|_| format!("bad --fog '{f}'"))?;
            marks.fog = scene::fog_for(&g, seat);
        }
        return scene::for_game(&g, o, &marks).map_err(|e| e.to_string());
    }
    scene::for_game_id(game, fen.as_deref(), &moves, o, &marks).map_err(|e| e.to_string())
}

fn write(s: &scene::Scene, out: &str, size: u32) -> Result<(), String> {
    let bytes = if out.ends_with(".svg") {
        rookery_render::svg(s, size).into_bytes()
    } else {
        rookery_render::png(s, size)?
    };
    std::fs::write(out, bytes).map_err(|e| format!("{out}: {e}"))
}

/// `rookery bench render`: median time to build the scene and to render it to PNG.
pub fn cmd_bench_render(args: &[String]) -> Result<(), String> {
    let game = flag_value(args, "--game").unwrap_or_else(|| "eight-player-ffa".into());
    let size: u32 = flag_value(args, "--size")
        .and_then(|s| s.parse().ok())
        .unwrap_or(2048);
    let runs: usize = flag_value(args, "--runs")
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut t_scene = Vec::new();
    let mut t_png = Vec::new();
    let mut bytes = 0;
    for _ in 0..runs {
        let t0 = Instant::now();
        let s = scene::for_game_id(&game, None, &[], Orientation::default(), &Marks::default())
            .map_err(|e| e.to_string())?;
        let t1 = Instant::now();
        bytes = rookery_render::png(&s, size)?.len();
        let t2 = Instant::now();
        t_scene.push((t1 - t0).as_secs_f64() * 1e3);
        t_png.push((t2 - t1).as_secs_f64() * 1e3);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        v[v.len() / 2]
    };
    println!(
        "{game} at {size} px, {runs} runs: scene {:.2} ms, SVG+PNG {:.1} ms (median), PNG {} bytes",
        median(&mut t_scene),
        median(&mut t_png),
        bytes
    );
    Ok(())
}
