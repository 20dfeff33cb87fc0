//! `rookery`: the terminal player and developer commands (the library `rookery_cli` holds them).

fn main() -> std::process::ExitCode {
    rookery_cli::main()
}
