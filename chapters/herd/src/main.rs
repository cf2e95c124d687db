fn main() -> std::process::ExitCode {
    world::cli::main("herd", herd::run)
}
