fn main() -> std::process::ExitCode {
    world::shell::cli::main("bodies", bodies::run)
}
