//! Which design of the phase runs. With every switch off it is the phase as it now stands; each
//! switch puts one retired part back. The retired part sits beside the part that replaced it, as
//! a sibling function or type, and the switch is read in exactly one place, where the phase
//! picks between the two.
//!
//! The design's history is one table, the `switches!` list below (every chapter's design is
//! made the same way, `base::switchboard`): each switch's field, the stage of the chapter it
//! belongs to (or [`Part::Rule`], for the two that change a rule of the world and the digest
//! with it), the switches beside which it has nothing to change, and its doc comment, which is
//! its only description. From that table come the [`Design`] struct, [`SWITCHES`],
//! [`Design::was`] and [`Design::as_of`]; the stages' order, names and headings are [`HISTORY`].
//! The command line is built from both tables elsewhere (`world::shell::design`), so the
//! simulation needs no command-line library: a page that runs the world in a browser reads the
//! same table.

use crate::base::switchboard::{self, Stages, Switchboard};

/// A stage of the chapter, in the order it was made: what `--as-of` and `designs --only` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// The first round: the four changes the ledger counts.
    First,
    /// The split: the fans cast ahead, side by side.
    Split,
    /// The second round, counted in instructions.
    Second,
    /// The third round: four brains at once in lanes.
    Third,
    /// The fourth round: the walk by levels.
    Fourth,
    /// The fifth round: the walk by bands, the design as it stands.
    Fifth,
}

/// One stage of the history: the word the command line names it by, the heading its switches
/// are listed under, and what it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The stage.
    pub stage: Stage,
    /// Its name on the command line: `first`.
    pub name: &'static str,
    /// The heading of its switches in `--help` and in the `designs` table.
    pub heading: &'static str,
    /// What it was, in a line.
    pub about: &'static str,
}

// ANCHOR: history
/// The chapter's stages in the order it made them.
pub const HISTORY: [Step; 6] = [
    step(
        Stage::First,
        "first",
        "The first round, four changes",
        "The first round: the four changes the ledger counts",
    ),
    step(
        Stage::Split,
        "split",
        "The split, looking side by side",
        "The split: the fans cast ahead, side by side",
    ),
    step(
        Stage::Second,
        "second",
        "The second round, counted in instructions",
        "The second round, counted in instructions",
    ),
    step(
        Stage::Third,
        "third",
        "The third round, four brains at once",
        "The third round: four brains at once in lanes",
    ),
    step(
        Stage::Fourth,
        "fourth",
        "The fourth round, the walk by levels",
        "The fourth round: the walk by levels",
    ),
    step(
        Stage::Fifth,
        "fifth",
        "The fifth round, the walk by bands",
        "The fifth round: the walk by bands, the design as it stands",
    ),
];
// ANCHOR_END: history

const fn step(
    stage: Stage,
    name: &'static str,
    heading: &'static str,
    about: &'static str,
) -> Step {
    Step { stage, name, heading, about }
}

impl Stage {
    /// Every stage, in the order made.
    pub const ALL: [Stage; 6] =
        [Stage::First, Stage::Split, Stage::Second, Stage::Third, Stage::Fourth, Stage::Fifth];

    /// Its row of [`HISTORY`].
    pub fn step(self) -> &'static Step {
        &HISTORY[self as usize]
    }

    /// The heading its switches are listed under.
    pub fn heading(self) -> &'static str {
        self.step().heading
    }

    /// What the command line calls it: `first`.
    pub fn name(self) -> &'static str {
        self.step().name
    }

    /// The design it names, for a report's heading: "the phase as the split left it".
    pub fn left_it(self) -> String {
        let what = match self {
            Stage::Split => "the split",
            s => &format!("the {} round", s.name()),
        };
        format!("the phase as {what} left it")
    }
}

impl Stages for Stage {
    fn heading(self) -> &'static str {
        Stage::heading(self)
    }
}

/// Where a switch of the phase belongs: a stage of the chapter, an aside, or the other rules.
pub type Part = switchboard::Part<Stage>;

/// One switch of the phase's design, as the table gives it.
pub type Switch = switchboard::Switch<Design, Stage>;

/// Every switch of the phase's design, in the order `--help` lists them.
pub const SWITCHES: &[Switch] = <Design as Switchboard>::SWITCHES;

use Stage::{Fifth, First, Fourth, Second, Split, Third};

// ANCHOR: design
crate::switches! {
    /// The phase's design, one switch a retired part: the table below, as a struct.
    pub struct Design, stages Stage {
        /// The phase as first wired: every switch of every stage on ([`Design::was`]).
        pub was: bool,
        /// The stage this is the design of, when one was named ([`Design::as_of`]).
        pub as_of: Option<Stage>,
    }
    /// The view as two hash maps keyed by cell, not flat rows
    maps: Part::Stage(First), beside [];
    /// A new view built every tick, not one view refilled
    fresh: Part::Stage(First), beside [];
    /// A second view built every tick for the checks, not the one view handed on
    twice: Part::Stage(First), beside [];
    /// Every check writes its refusal out in full for the picker to drop, not a yes or a no
    wordy: Part::Stage(First), beside [];
    // ANCHOR_END: design
    /// A ray's cell found with the whole floor, not -1 for everything left of the grid
    floor: Part::Stage(Second), beside [];
    /// The heading's cosine and sine worked out at every read, not kept with the creature
    cosines: Part::Stage(Second), beside [];
    /// Flat rows with no ring of rock, each cell asked checked against the edges
    ///
    /// These are the rows as they stood before the second round. With no ring the quick cast
    /// cannot run, so they are cast stride by stride, asked about the plants near a cell one
    /// cell at a time, and refilled by working out every bare cell: --strides, --nine and
    /// --rebuilt come with them.
    unringed: Part::Stage(Second), beside ["maps"];
    /// Every stride of a ray turned into a cell, not stepped from cell to cell by its edges
    strides: Part::Stage(Second), beside ["maps", "unringed"];
    /// Whether a plant is near a cell asked of its nine cells, not read from one byte
    nine: Part::Stage(Second), beside ["maps", "unringed", "narrow"];
    /// Each refill works out what every bare cell shows, not a copy of it
    rebuilt: Part::Stage(Second), beside ["maps", "unringed"];
    /// A death slides every later brain down a place, not a short list of brain numbers
    slide: Part::Stage(Second), beside [];
    /// Each fan cast at its creature's turn in the walk, not every fan first on the crew
    narrow: Part::Stage(Split), beside [];
    /// The fans cast on threads made for every phase, not threads kept for the whole run
    scoped: Part::Stage(Split), beside ["narrow"];
    /// A creature near a plant thinks its whole pass in its turn, none of it ahead
    whole: Part::Stage(Split), beside ["narrow"];
    /// Each brain thinks alone, one creature at a time, not four brains a pack in lanes
    alone: Part::Stage(Third), beside [];
    /// The whole walk in roster order on one thread, not level by level on the crew
    ///
    /// The walk as it stood before the fourth round: every creature's turn taken on the
    /// calling thread, one after the other, while the crew waits. Without it, a crew of two or
    /// more takes the turns a level at a time, each level's creatures side by side.
    serial: Part::Stage(Fourth), beside [];
    /// The walk level by level on the crew, not a band of rows a thread in roster order
    ///
    /// The walk as it stood before the fifth round: the levels worked out on one thread as the
    /// phase opens, then each level's turns shared out among the crew and taken side by side,
    /// with a wait for the whole crew at the end of every level. Without it, each thread takes
    /// its own band of rows in roster order and waits only where a creature on a seam depends
    /// on one of another band.
    levels: Part::Stage(Fifth), beside ["serial"];
    /// Bodies buried the moment they fall, not when the phase closes
    hasty: Part::Rule, beside [];
    /// Fans cast first and never again, even near a death earlier in the walk
    loose: Part::Rule, beside ["narrow"];
}

impl Design {
    // ANCHOR: levels_hold
    /// Whether the walk may go wide, by levels or by bands: fans cast first on kept threads,
    /// and every death seen by the fans near it and buried when the phase closes. Under
    /// `--hasty` a burial feeds a plant mid-walk, and under `--loose` fans miss deaths; the
    /// levels' rule, which both wide walks stand on, is made for neither.
    /// It sits here, beside the switches, so that each switch is still read once in the phase.
    pub fn levels_hold(self) -> bool {
        !(self.narrow || self.scoped || self.serial || self.hasty || self.loose)
    }
    // ANCHOR_END: levels_hold

    /// The phase as first wired: every switch of every stage on, and no rule.
    pub fn was() -> Design {
        let mut d = Design { was: true, ..Design::default() };
        for s in SWITCHES.iter().filter(|s| s.part != Part::Rule) {
            *(s.field)(&mut d) = true;
        }
        d
    }

    /// The phase as `stage` left it: every switch of the stages after it on.
    pub fn as_of(stage: Stage) -> Design {
        let mut d = Design { as_of: Some(stage), ..Design::default() };
        for s in SWITCHES {
            if matches!(s.part, Part::Stage(t) if t > stage) {
                *(s.field)(&mut d) = true;
            }
        }
        d
    }

    /// Whether the switch named `name` is on, if there is one so named.
    pub fn has(self, name: &str) -> Option<bool> {
        Switchboard::has(self, name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_is_in_the_order_made_and_every_stage_has_switches() {
        for (i, s) in HISTORY.iter().enumerate() {
            assert_eq!(s.stage as usize, i, "{s:?}");
            assert_eq!(Stage::ALL[i], s.stage);
            assert!(SWITCHES.iter().any(|w| w.part == Part::Stage(s.stage)), "{s:?}");
            assert_eq!(Part::Stage(s.stage).heading(), s.heading);
        }
    }

    #[test]
    fn was_is_every_stage_and_no_rule_and_as_of_only_the_later_stages() {
        let was = Design::was();
        for s in SWITCHES {
            assert_eq!(was.has(s.name), Some(s.part != Part::Rule), "{}", s.name);
            for stage in Stage::ALL {
                let later = matches!(s.part, Part::Stage(t) if t > stage);
                assert_eq!(Design::as_of(stage).has(s.name), Some(later), "{} {stage:?}", s.name);
            }
        }
        assert_eq!(
            Design::as_of(Stage::Fifth),
            Design { as_of: Some(Stage::Fifth), ..Design::default() }
        );
        assert_eq!(Design::default().has("nowhere"), None);
    }

    #[test]
    fn every_switch_it_has_nothing_to_change_beside_is_a_switch() {
        for s in SWITCHES {
            for b in s.beside {
                assert!(SWITCHES.iter().any(|w| w.name == *b), "{} beside {b}", s.name);
            }
            assert!(!s.doc.is_empty() && !s.doc[0].trim().is_empty(), "{}", s.name);
        }
    }
}
