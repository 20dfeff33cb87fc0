//! The `rookery` program for the tests of this package (crash.rs, assets.rs): the CLI library's
//! own `main`, so the tests run exactly the shipped code without compiling cli/src/main.rs here.

fn main() -> std::process::ExitCode {
    rookery_cli::main()
}
