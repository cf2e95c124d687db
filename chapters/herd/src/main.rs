fn main() -> std::process::ExitCode {
    world::shell::cli::main("herd", herd::run)
}
