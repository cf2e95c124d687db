//! The list of a chapter's subcommands, written once for all three: `world::subcommands!`
//! declares each subcommand's module, makes the chapter's `Mode` enum (what clap parses) from
//! the modules' `Args`, and hands each parsed subcommand to the chapter's own `Run` trait,
//! which the caller must have in scope under that name.

/// The subcommands in `--help`'s order, a line each, `Name(module)`: the line declares
/// `pub mod module;` (the chapter's `src/module.rs` or `src/module/mod.rs`, as a `mod` line
/// would), whose `Args` is the subcommand's flags and is handed to its `Run`. So a new
/// subcommand is its module and one line here, with no `mod` line beside it. `cargo fmt`
/// does not look inside a macro, so `just fmt` and `just lint` hand the chapters' files to
/// rustfmt themselves.
#[macro_export]
macro_rules! subcommands {
    ($($name:ident($module:ident),)*) => {
        $(pub mod $module;)*

        #[derive(::clap::Subcommand, Debug)]
        pub enum Mode {
            $($name($module::Args),)*
        }

        impl Mode {
            fn command(&self) -> &dyn Run {
                match self {
                    $(Mode::$name(args) => args,)*
                }
            }
        }
    };
}
