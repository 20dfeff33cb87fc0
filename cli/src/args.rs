//! The command line, declared with clap: every command, its options and their types and
//! ranges. `rookery help` and `--help` print to stdout and exit 0; a usage error (an unknown
//! option, a missing or badly typed value, a level out of range) prints clap's message to stderr
//! and exits 2. Errors of the work itself (an unknown game id, a move that is not legal) exit 1.
//!
//! Commands whose parsing lives in their own module (`bench`, `match`, `uci`, `render`,
//! `selfplay`, `saved`) are validated here and then handed their raw arguments, so a new option
//! is added in two places: its declaration here (help, type) and its use in the module.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Bot levels: 0 plays random legal moves, 1 to `bot::LEVELS.len()` search.
pub const MAX_LEVEL: i64 = rookery_core::bot::LEVELS.len() as i64;

fn level_parser() -> clap::builder::RangedI64ValueParser<u8> {
    clap::value_parser!(u8).range(0..=MAX_LEVEL)
}

/// A comma-separated list of bot levels (`4,2`), each 0 to 8.
fn parse_levels(s: &str) -> Result<String, String> {
    for part in s.split(',') {
        // a multi-player method may follow the level: `8b` BRS+, `8p` paranoid
        let level = part.trim().trim_end_matches(['b', 'p']);
        match level.parse::<i64>() {
            Ok(l) if (0..=MAX_LEVEL).contains(&l) => {}
            _ => {
                return Err(format!(
                    "'{part}' is not a bot level (0 random, 1-{MAX_LEVEL} search, then b or p for BRS+ or paranoid)"
                ))
            }
        }
    }
    Ok(s.to_string())
}

#[derive(Parser, Debug)]
#[command(
    name = "rookery",
    version,
    about = "Rookery: the whole chess family in one program, 2 to 8 players on one device.",
    long_about = "Rookery: the whole chess family in one program, 2 to 8 players on one device.\n\
        `rookery play` is the terminal player; the other commands are tools for developers.",
    after_help = "Run `rookery help <command>` (or `rookery <command> --help`) for a command's options.",
    arg_required_else_help = true,
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal: the game list, a setup per game, every playable game.
    #[command(after_help = crate::play::KEYS)]
    Play(PlayArgs),
    /// Count the leaves of a game's move tree (the count alone on the last line).
    Perft(PerftArgs),
    /// List every game id: id, group, seats, playable or not.
    Games,
    /// Print a game's rules page.
    Rules(RulesArgs),
    /// Generate the apps' strings from assets/ (or check that they are up to date).
    I18n(I18nArgs),
    /// Random games with autosave until killed; prints `saved <id> <ply> <len> <status> <what>`.
    Selfplay(SelfplayArgs),
    /// The saved games of a database: list (`<id> <game-id> <ply> <status>`), check, export,
    /// import, delete.
    Saved(SavedArgs),
    /// Measurements: saved-game speed, perft speed, bot speed, board drawing speed.
    #[command(subcommand)]
    Bench(BenchCommand),
    /// Bot-against-bot series, seats rotated every game, with a score table.
    Match(MatchArgs),
    /// One bot move for a position of any game (a referee's driver, e.g. against 4pchess):
    /// prints `legal ...` (with --legal), `over ...` or `info ...` and `bestmove <move>`.
    Think(ThinkArgs),
    /// The bots as a UCI engine on stdin/stdout (UCI_Variant, Skill Level 1-8).
    Uci,
    /// The bots as a USI engine on stdin/stdout (shogi, minishogi; Skill Level 1-8).
    Usi,
    /// Draw a board scene to PNG or SVG, exactly as the apps paint it.
    Render(RenderArgs),
    /// Print a shell completion script (bash, zsh, fish).
    #[command(
        after_help = "bash: rookery completions bash > ~/.local/share/bash-completion/completions/rookery\n\
                      zsh:  rookery completions zsh > ~/.zfunc/_rookery\n\
                      fish: rookery completions fish > ~/.config/fish/completions/rookery.fish"
    )]
    Completions {
        /// The shell.
        shell: Shell,
    },
}

/// Shells with completion scripts.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    /// Open this game's setup at start (see `rookery games`).
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
    /// The saved-games database (default: $XDG_DATA_HOME/rookery or ~/.local/share/rookery).
    #[arg(long, value_name = "DIR", conflicts_with = "no_save")]
    pub db: Option<PathBuf>,
    /// Do not save games.
    #[arg(long)]
    pub no_save: bool,
    /// The language of the screens (en, sk); by default LC_ALL, LC_MESSAGES or LANG.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// Start from this position (FEN, or the game's own position notation).
    #[arg(long, value_name = "POSITION")]
    pub fen: Option<String>,
    /// The Chess960 start number (0-959; 518 is the usual chess position).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..960))]
    pub start: Option<u32>,
    /// No terminal: play these moves and print the board.
    #[arg(long, value_name = "MOVES")]
    pub script: Option<String>,
    /// No terminal: bots of this level (0 random, 1-8 search) play every seat to the end.
    #[arg(long, value_name = "LEVEL", value_parser = level_parser())]
    pub bots: Option<u8>,
    /// With --script/--bots: stop after this many plies.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub max_plies: usize,
    /// With --script/--bots: the seed of the bots and of random rules.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game id.
    pub game: String,
    /// The depth in turns.
    pub depth: u32,
    /// Start from this position.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Moves to play first, separated by spaces.
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// Print `<move>: <count>` for every first move.
    #[arg(long)]
    pub divide: bool,
    /// The tree: the game's rules (players go out, games end) or movement alone (what
    /// Fairy-Stockfish counts). Default: movement for two players, rules for more.
    #[arg(long, value_enum)]
    pub tree: Option<Tree>,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Tree {
    Rules,
    Movement,
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The game id.
    pub game: String,
    /// The language (en, sk).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
}

#[derive(Args, Debug)]
pub struct I18nArgs {
    /// Only compare: exit 1 when the generated strings are stale.
    #[arg(long)]
    pub check: bool,
    /// The repository (default: the one this program was built from).
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Where to write (default: the repository).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// The saved-games database.
    #[arg(long, value_name = "DIR")]
    pub db: PathBuf,
    /// The game id.
    #[arg(long, value_name = "ID", default_value = crate::DEFAULT_GAME)]
    pub game: String,
    /// The seed (default: the clock).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

#[derive(Args, Debug)]
pub struct SavedArgs {
    /// What to do: `list` (the default) prints every saved game, `check` loads each one too.
    #[arg(value_enum)]
    pub action: Option<SavedAction>,
    /// The saved-games database (default: the terminal player's, $XDG_DATA_HOME/rookery or
    /// ~/.local/share/rookery).
    #[arg(long, value_name = "DIR")]
    pub db: Option<PathBuf>,
    /// Load every game and say which are damaged (exit 1 if any).
    #[arg(long, group = "what")]
    pub check: bool,
    /// Print a saved game as JSON.
    #[arg(long, value_name = "ID", group = "what")]
    pub export: Option<u64>,
    /// Print a saved game in the record form other programs read: PGN (two-player games, with
    /// the Variant tag python-chess or Fairy-Stockfish knows), KIF (shogi, minishogi), PGN4
    /// (four-player chess); games no other program knows (three- and eight-player chess,
    /// chaturaji, four seasons, friendly) in Rookery's own text.
    #[arg(long, value_name = "ID", group = "what")]
    pub export_standard: Option<u64>,
    /// With --export-standard: another form the game is written in (`csa` for shogi) or
    /// `rookery` (Rookery's own text).
    #[arg(long = "as", value_name = "FORM", requires = "export_standard")]
    pub form: Option<String>,
    /// Import a game record: Rookery's text (--export), PGN, PGN4, KIF or CSA. A record with a
    /// bad move is refused, naming the move and its number, and nothing is saved.
    #[arg(long, value_name = "FILE", group = "what")]
    pub import: Option<PathBuf>,
    /// Delete a saved game.
    #[arg(long, value_name = "ID", group = "what")]
    pub delete: Option<u64>,
}

/// The word forms of `rookery saved` (`rookery saved list`, `rookery saved check`).
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum SavedAction {
    /// Print `<id> <game-id> <ply> <status>` per saved game.
    List,
    /// Load every game and say which are damaged (exit 1 if any); the same as --check.
    Check,
}

#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Autosave latency per move, listing and loading time, database size.
    Store {
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        #[arg(long, value_name = "N")]
        games: Option<usize>,
        #[arg(long, value_name = "N")]
        moves: Option<usize>,
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        /// fdatasync after every save too.
        #[arg(long)]
        sync: bool,
    },
    /// Perft speed against Fairy-Stockfish.
    Perft {
        #[arg(long, value_name = "N")]
        depth: Option<u32>,
        #[arg(long)]
        quick: bool,
        /// The Fairy-Stockfish binary (default: $FAIRY_STOCKFISH or /usr/games/fairy-stockfish).
        #[arg(long, value_name = "PATH")]
        fsf: Option<PathBuf>,
        /// The Python with pyffish, for the games Debian's Fairy-Stockfish lacks
        /// (default: $PYFFISH_PYTHON).
        #[arg(long, value_name = "PYTHON")]
        pyffish: Option<PathBuf>,
    },
    /// Bot time per move and nodes per second.
    Bot {
        #[arg(long, value_name = "LEVEL", value_parser = level_parser())]
        level: Option<u8>,
        /// Game ids, comma-separated (default: every playable game).
        #[arg(long, value_name = "ID,ID")]
        games: Option<String>,
        #[arg(long, value_name = "N")]
        plies: Option<usize>,
        /// Measure from this position instead of a mid-game of each game.
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,
        /// Moves played from the position of --fen, space-separated, in coordinate text.
        #[arg(long, value_name = "MOVES", requires = "fen")]
        moves: Option<String>,
        /// Search to this depth instead of the level's budget (nodes per second and how the
        /// tree was cut).
        #[arg(long, value_name = "D")]
        depth: Option<u8>,
        /// Time N bots moving one after the other (a round of the table).
        #[arg(long, value_name = "N")]
        round: Option<usize>,
        /// Start a search with no limit, cancel it after MS and print how long it took to stop.
        #[arg(long, value_name = "MS")]
        cancel_after: Option<u64>,
        /// The multi-player method: b (BRS+) or p (paranoid); default the game's own.
        #[arg(long, value_name = "b|p")]
        method: Option<String>,
        /// Time the level's cap on the thread's CPU time instead of the wall clock (the depth
        /// a level reaches at its real cap, on a loaded machine).
        #[arg(long)]
        cpu_time: bool,
    },
    /// The evaluation term by term (two-player games), seat 0 less seat 1: a header line,
    /// then `FEN;target;phase;counts per kind;centre;each term's middlegame and endgame
    /// share;value` per position (what tests/python/eval_fit.py fits).
    Eval {
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        /// One position (default: the game's start).
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,
        /// A file of `FEN;target` lines (the target, e.g. Stockfish's value, is copied through).
        #[arg(long, value_name = "FILE", conflicts_with = "fen")]
        file: Option<PathBuf>,
    },
    /// Board scene and PNG speed.
    Render {
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        #[arg(long, value_name = "PX")]
        size: Option<u32>,
        #[arg(long, value_name = "N")]
        runs: Option<usize>,
    },
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
    /// Bot levels, comma-separated, one per entrant (0 random, 1-8 search). A level may end
    /// in `b` (BRS+) or `p` (paranoid) to compare the multi-player methods (default: the
    /// game's own).
    #[arg(long, value_name = "L1,L2", value_parser = parse_levels)]
    pub players: Option<String>,
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// A fixed node budget per move (reproducible) instead of each level's time cap.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// The same time cap per move for every level (milliseconds) instead of each level's own.
    #[arg(long, value_name = "MS", conflicts_with = "nodes")]
    pub movetime: Option<u64>,
    /// Every level its own time cap times F (e.g. 0.25), so levels keep their ordering in less
    /// time.
    #[arg(long, value_name = "F", conflicts_with_all = ["nodes", "movetime"])]
    pub time_scale: Option<f64>,
    /// Time each move's cap on the CPU time of the bot's thread instead of the wall clock, so
    /// a loaded machine gives every level its whole cap (a series then takes longer).
    #[arg(long, conflicts_with = "nodes")]
    pub cpu_time: bool,
    /// Every bot move searches from empty tables instead of those its seat's last move left
    /// (to measure what keeping them gains).
    #[arg(long)]
    pub fresh_tables: bool,
    /// Every kept-table search is searched again from empty tables (not played): the same
    /// positions measured both ways (mean depth, nodes and CPU time on stderr).
    #[arg(long, conflicts_with = "fresh_tables")]
    pub compare_fresh: bool,
    #[arg(long, value_name = "N")]
    pub move_limit: Option<u32>,
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Play our bot against this UCI engine (Fairy-Stockfish) instead of bots against bots.
    #[arg(long, value_name = "PATH", group = "opponent")]
    pub engine: Option<PathBuf>,
    /// Play our bot against the Fairy-Stockfish compiled into pyffish, run by this Python
    /// (it plays atomic, duck and chaturanga, which the Debian engine lacks).
    #[arg(long, value_name = "PYTHON", group = "opponent")]
    pub pyffish: Option<String>,
    /// The engine's fixed search depth.
    #[arg(long, value_name = "D", requires = "opponent")]
    pub engine_depth: Option<u32>,
    /// Our bot's level against the engine.
    #[arg(long, value_name = "LEVEL", value_parser = level_parser(), requires = "opponent")]
    pub level: Option<u8>,
    /// Random plies at the start of each game (seeded openings): against the engine shared by
    /// each pair of games, between bots by each cycle of games that seats the entrants in every
    /// different way.
    #[arg(long, value_name = "N")]
    pub random_plies: Option<usize>,
}

#[derive(Args, Debug)]
pub struct ThinkArgs {
    /// The game id.
    #[arg(long, value_name = "ID")]
    pub game: String,
    /// Start from this position (FEN, or the game's own position notation such as FEN4).
    #[arg(long, value_name = "POSITION")]
    pub fen: Option<String>,
    /// Moves played from the start, space-separated, in coordinate text (`h2h4`, `h2-h4`,
    /// `e10-e11=Q`, `O-O`).
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// The bot's level.
    #[arg(long, value_name = "LEVEL", value_parser = level_parser(), default_value_t = 8)]
    pub level: u8,
    /// Time per move in milliseconds instead of the level's cap.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// A fixed node budget instead of a time cap (reproducible).
    #[arg(long, value_name = "N", conflicts_with = "movetime")]
    pub nodes: Option<u64>,
    /// Also print the legal moves of the side to move (`legal m1 m2 ...`).
    #[arg(long)]
    pub legal: bool,
    /// Stay running: answer stdin lines `go [moves ...]` (a move) and `legal [moves ...]`
    /// (the legal moves), each answer ending with `ok`; `quit` stops. Each seat's search
    /// tables are kept from one of its `go` requests to its next in the same game.
    #[arg(long, conflicts_with = "moves")]
    pub serve: bool,
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The game id.
    #[arg(required_unless_present = "all")]
    pub game: Option<String>,
    /// Every game id's start position as DIR/<id>.png.
    #[arg(long, value_name = "DIR", conflicts_with = "game")]
    pub all: Option<PathBuf>,
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// The seat looking at the board.
    #[arg(long, value_name = "N")]
    pub seat: Option<u8>,
    /// Seen from above a table (pieces face their owners).
    #[arg(long)]
    pub table: bool,
    #[arg(long)]
    pub turn_pieces: bool,
    #[arg(long)]
    pub symbols: bool,
    /// What this seat sees in fog of war.
    #[arg(long, value_name = "SEAT")]
    pub fog: Option<u8>,
    #[arg(long, value_name = "CELL")]
    pub select: Option<String>,
    #[arg(long, value_name = "PX")]
    pub size: Option<u32>,
    /// The file to write (.png or .svg).
    #[arg(
        short = 'o',
        long = "out",
        value_name = "FILE",
        required_unless_present = "all"
    )]
    pub out: Option<PathBuf>,
}

/// `--name=value` as two words, so the modules that read their own arguments see one form.
pub fn split_equals(args: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    for a in args {
        match a.split_once('=') {
            Some((name, value)) if a.starts_with("--") && !name.contains(' ') => {
                out.push(name.to_string());
                out.push(value.to_string());
            }
            _ => out.push(a),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_declaration_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn bot_levels_range_over_the_core_levels() {
        assert_eq!(MAX_LEVEL, 8);
        assert!(Cli::try_parse_from(["rookery", "play", "--bots", "8", "--script", ""]).is_ok());
        let e = Cli::try_parse_from(["rookery", "play", "--bots", "9"]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(parse_levels("4,2,0").is_ok());
        assert!(parse_levels("4,9").is_err());
        assert!(parse_levels("8b,8p,2").is_ok());
        assert!(parse_levels("8x").is_err());
    }

    #[test]
    fn equals_forms_split_into_two_words() {
        let v = split_equals(vec!["--db=/x=y".into(), "a=b".into(), "--fen".into()]);
        assert_eq!(v, ["--db", "/x=y", "a=b", "--fen"]);
    }
}
