//! How a world is run, apart from what it computes: worked out once from the command line and
//! handed to every world a run founds.

use super::design::Design;
use crate::lanes::Isa;

/// How a run is carried out: how many threads the fans are cast on and which instructions the
/// brains' lanes run on. Neither moves a bit of the run, only its speed; both are decided once,
/// where the command line is read, and never again (no world picks an instruction set of its
/// own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The threads the fans are cast on, the walk's own among them: the crew, at least one.
    pub crew: usize,
    /// The instructions the lanes run on.
    pub isa: Isa,
}

impl Settings {
    /// A crew of `crew` threads (one at the least) with the lanes on `isa`.
    pub fn new(crew: usize, isa: Isa) -> Settings {
        Settings { crew: crew.max(1), isa }
    }

    /// The same settings with another crew: for a run that sets crews side by side.
    pub fn with_crew(self, crew: usize) -> Settings {
        Settings::new(crew, self.isa)
    }

    /// The threads a phase of `design` looks on: the crew, or the walk's own thread alone when
    /// the design casts each fan in its creature's turn (`--narrow`). The one place narrowness
    /// turns into a thread count.
    pub fn threads(self, design: Design) -> usize {
        if design.narrow { 1 } else { self.crew }
    }
}
