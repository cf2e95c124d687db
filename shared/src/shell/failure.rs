//! How a run ends early, as every binary says it: a wrong command line (exit code 2) or a run
//! that could not finish (exit code 1), each one line. Its own file, so the parts of the shell
//! that say it (`report`, `usage`) need not depend on `cli`, which calls them.

/// Why a run ended early.
#[derive(Debug)]
pub enum Failure {
    /// The command line was wrong (exit code 2): the message says what and where to look.
    Usage(String),
    /// The command line was fine but the run could not finish (exit code 1).
    Run(String),
}

impl Failure {
    /// The line a reader sees on stderr, after the binary's name.
    pub fn message(&self) -> &str {
        match self {
            Failure::Usage(m) | Failure::Run(m) => m,
        }
    }

    /// The exit code a binary ends with.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Run(_) => 1,
        }
    }
}
