//! How a world is run, apart from what it computes: worked out once from the command line and
//! handed to every world a run founds.

use crate::beast::design::Design;
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
    /// The machine's cores, read once, when the settings are made.
    pub cores: usize,
}

/// The most threads a crew may have: what the command lines accept, and what the walk by bands
/// keeps room on its stack for.
pub const MOST_CREW: usize = 256;

/// The cores this machine gives the run; one where it will not say.
fn machine_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

impl Settings {
    /// A crew of `crew` threads (one at the least, [`MOST_CREW`] at the most) with the lanes on
    /// `isa`.
    pub fn new(crew: usize, isa: Isa) -> Settings {
        Settings { crew: crew.clamp(1, MOST_CREW), isa, cores: machine_cores() }
    }

    /// The crew a command line asked for, or one thread a core of this machine when it asked
    /// for none, with the lanes on `isa`: the settings of a chapter's run, worked out once.
    pub fn asked(crew: Option<usize>, isa: Isa) -> Settings {
        let cores = machine_cores();
        Settings { crew: crew.unwrap_or(cores).clamp(1, MOST_CREW), isa, cores }
    }

    /// The same settings with another crew: for a run that sets crews side by side.
    pub fn with_crew(self, crew: usize) -> Settings {
        Settings { crew: crew.clamp(1, MOST_CREW), ..self }
    }

    /// Whether a thread of the crew waiting for work stays awake a while before it sleeps:
    /// only when the crew has a core a thread, since otherwise its waiting takes the core of
    /// the thread it waits for.
    pub fn awake(self) -> bool {
        self.crew <= self.cores
    }

    /// How a phase of `design` casts its fans: in each creature's turn on the walk's own thread
    /// (`--narrow`), or every fan ahead on the crew, on threads made for each phase
    /// (`--scoped`) or kept for the run. The one place either switch is read.
    pub fn look(self, design: Design) -> Look {
        if design.narrow {
            Look::InTurn
        } else if design.scoped {
            Look::Scoped(self.crew)
        } else {
            Look::Kept(self.crew)
        }
    }

    /// The threads a phase of `design` looks on: the crew, or the walk's own thread alone when
    /// the design casts each fan in its creature's turn ([`Settings::look`]).
    pub fn threads(self, design: Design) -> usize {
        self.look(design).threads()
    }
}

/// How a phase casts its fans ([`Settings::look`]), worked out once when the phase is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Each fan in its creature's turn, on the walk's own thread (`--narrow`).
    InTurn,
    /// Every fan ahead, on this many threads made for each phase (`--scoped`).
    Scoped(usize),
    /// Every fan ahead, on this many threads kept for the whole run.
    Kept(usize),
}

impl Look {
    /// The threads the look runs on, the walk's own among them.
    pub fn threads(self) -> usize {
        match self {
            Look::InTurn => 1,
            Look::Scoped(crew) | Look::Kept(crew) => crew,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crew_stays_awake_only_with_a_core_a_thread_and_narrowness_is_one_thread() {
        let two = Settings { crew: 2, isa: Isa::best(), cores: 2 };
        assert!(two.awake());
        assert!(!two.with_crew(3).awake(), "three threads on two cores sleep while they wait");
        assert_eq!(two.with_crew(0).crew, 1, "a crew has one thread at the least");
        assert_eq!(Settings::asked(None, Isa::best()).crew, machine_cores());
        assert_eq!(Settings::asked(Some(5), Isa::best()).crew, 5);
        assert_eq!(two.threads(Design { narrow: true, ..Design::default() }), 1);
        assert_eq!(two.threads(Design::default()), 2);
        assert_eq!(two.look(Design { scoped: true, ..Design::default() }), Look::Scoped(2));
        assert_eq!(two.look(Design::default()), Look::Kept(2));
    }
}
