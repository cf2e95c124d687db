//! The list of a chapter's subcommands, written once for all three: `world::subcommands!` makes
//! the chapter's `Mode` enum (what clap parses) and hands each parsed subcommand to the
//! chapter's own `Run` trait, which the caller must have in scope under that name.

/// The subcommands, each its module's `Args`, in `--help`'s order, each handed to its `Run`.
#[macro_export]
macro_rules! subcommands {
    ($($name:ident($args:ty),)*) => {
        #[derive(::clap::Subcommand, Debug)]
        pub enum Mode {
            $($name($args),)*
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
