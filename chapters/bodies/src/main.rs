fn main() -> std::process::ExitCode {
    world::cli::main("bodies", bodies::run)
}
