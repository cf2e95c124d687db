#[global_allocator]
static LEDGER: world::ledger::Counting = world::ledger::Counting;

fn main() -> std::process::ExitCode {
    world::cli::main("crowd", crowd::run)
}
