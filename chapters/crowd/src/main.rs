#[global_allocator]
static LEDGER: world::beast::ledger::Counting = world::beast::ledger::Counting;

fn main() -> std::process::ExitCode {
    world::shell::cli::main("crowd", crowd::run)
}
