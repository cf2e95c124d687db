//! Which design of the phase runs. With every switch off it is the phase as it now stands; each
//! switch puts one retired part back. The retired part sits beside the part that replaced it, as
//! a sibling function or type, and the switch is read in exactly one place, where the phase
//! picks between the two.
//!
//! A switch's doc comment is its only description: clap shows it in `--help`, the `designs`
//! subcommand prints it beside the digest of a run with that switch on, and the book prints that
//! table. Every switch under a round's heading keeps the digest and is part of `--was`; the two
//! under the last heading, [`RULES`], change a rule of the world, and the digest with them.
//! Nothing else lists the switches: the design as it stands is `Design::default()`, the first
//! wiring is what clap builds from `--was` ([`Design::was`]), and every table and check reads
//! the fields and headings off clap's description of this struct.
//!
//! Two switches conflict when one leaves the other nothing to change (there are no flat rows to
//! ring under `--maps`, no threads to keep under `--narrow`): clap refuses the pair rather than
//! quietly ignore one. `--was` conflicts with every single switch, since it already has them all.

use clap::Args;

pub use crate::shell::switches::RULES;

/// The heading of the first round's switches: the four changes the ledger counts.
pub const FIRST: &str = "The first round, four changes";
/// The heading of the second round's switches, each counted in instructions.
pub const SECOND: &str = "The second round, counted in instructions";
/// The heading of the split's switches: the looking done side by side.
pub const SPLIT: &str = "The split, looking side by side";
/// The heading of the third round's switches: four brains thinking at once in lanes.
pub const LANES: &str = "The third round, four brains at once";
/// The heading of the fourth round's switches: the walk itself on the crew, level by level.
pub const WALK: &str = "The fourth round, the walk by levels";

// ANCHOR: design
/// The phase's design, one switch a retired part, built from the command line by clap.
#[derive(Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Design {
    /// The phase as first wired: every switch of every round at once, on one thread
    #[arg(long)]
    pub was: bool,

    /// The view as two hash maps keyed by cell, not flat rows
    #[arg(long, help_heading = FIRST, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub maps: bool,
    /// A new view built every tick, not one view refilled
    #[arg(long, help_heading = FIRST, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub fresh: bool,
    /// A second view built every tick for the checks, not the one view handed on
    #[arg(long, help_heading = FIRST, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub twice: bool,
    /// Every check writes its refusal out in full for the picker to drop, not a yes or a no
    #[arg(long, help_heading = FIRST, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub wordy: bool,
    // ANCHOR_END: design
    /// A ray's cell found with the whole floor, not -1 for everything left of the grid
    #[arg(long, help_heading = SECOND, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub floor: bool,
    /// The heading's cosine and sine worked out at every read, not kept with the creature
    #[arg(long, help_heading = SECOND, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub cosines: bool,
    /// Flat rows with no ring of rock, each cell asked checked against the edges
    ///
    /// These are the rows as they stood before the second round. With no ring the quick cast
    /// cannot run, so they are cast stride by stride, asked about the plants near a cell one
    /// cell at a time, and refilled by working out every bare cell: --strides, --nine and
    /// --rebuilt come with them.
    #[arg(long, help_heading = SECOND, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with_all = ["was", "maps"])]
    pub unringed: bool,
    /// Every stride of a ray turned into a cell, not stepped from cell to cell by its edges
    #[arg(long, help_heading = SECOND, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with_all = ["was", "maps", "unringed"])]
    pub strides: bool,
    /// Whether a plant is near a cell asked of its nine cells, not read from one byte
    #[arg(long, help_heading = SECOND, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with_all = ["was", "maps", "unringed", "narrow"])]
    pub nine: bool,
    /// Each refill works out what every bare cell shows, not a copy of it
    #[arg(long, help_heading = SECOND, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with_all = ["was", "maps", "unringed"])]
    pub rebuilt: bool,
    /// A death slides every later brain down a place, not a short list of brain numbers
    #[arg(long, help_heading = SECOND, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub slide: bool,

    /// Each fan cast at its creature's turn in the walk, not every fan first on the crew
    #[arg(long, help_heading = SPLIT, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub narrow: bool,
    /// The fans cast on threads made for every phase, not threads kept for the whole run
    #[arg(long, help_heading = SPLIT, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with_all = ["was", "narrow"])]
    pub scoped: bool,
    /// A creature near a plant thinks its whole pass in its turn, none of it ahead
    #[arg(long, help_heading = SPLIT, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with_all = ["was", "narrow"])]
    pub whole: bool,

    /// Each brain thinks alone, one creature at a time, not four brains a pack in lanes
    #[arg(long, help_heading = LANES, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with = "was")]
    pub alone: bool,

    /// The whole walk in roster order on one thread, not level by level on the crew
    ///
    /// The walk as it stood before the fourth round: every creature's turn taken on the
    /// calling thread, one after the other, while the crew waits. Without it, a crew of two or
    /// more takes the turns a level at a time, each level's creatures side by side.
    #[arg(long, help_heading = WALK, default_value_if("was", "true", "true"))]
    #[arg(conflicts_with_all = ["was", "narrow", "scoped", "hasty", "loose"])]
    pub serial: bool,

    /// Bodies buried the moment they fall, not when the phase closes
    #[arg(long, help_heading = RULES, conflicts_with = "was")]
    pub hasty: bool,
    /// Fans cast first and never again, even near a death earlier in the walk
    #[arg(long, help_heading = RULES, conflicts_with_all = ["was", "narrow"])]
    pub loose: bool,
}

impl Design {
    /// The phase as first wired: what `--was` builds, every switch of every round, read off the
    /// switches' own `default_value_if`, so no list of them is kept by hand.
    pub fn was() -> Design {
        crate::shell::switches::with(&["--was"]).expect("--was builds a design on its own")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Command, FromArgMatches};

    fn parse(flags: &[&str]) -> Result<Design, clap::Error> {
        let m = Design::augment_args(Command::new("d").no_binary_name(true))
            .try_get_matches_from(flags)?;
        Design::from_arg_matches(&m)
    }

    #[test]
    fn was_puts_back_every_round_and_no_rule() {
        assert_eq!(parse(&[]).unwrap(), Design::default());
        assert_eq!(parse(&["--maps"]).unwrap(), Design { maps: true, ..Design::default() });
        let was = format!("{:?}", Design::was());
        for s in crate::shell::switches::switches::<Design>() {
            let field = s.flag.trim_start_matches("--").replace('-', "_");
            let on = was.contains(&format!(" {field}: true"));
            let rule = crate::shell::switches::moves_digest(s.heading.as_deref());
            assert_eq!(on, !rule, "{} under {:?}", s.flag, s.heading);
        }
    }

    #[test]
    fn conflicting_switches_are_refused() {
        for bad in [
            &["--was", "--maps"][..],
            &["--was", "--slide"],
            &["--was", "--hasty"],
            &["--was", "--loose"],
            &["--narrow", "--loose"],
            &["--narrow", "--scoped"],
            &["--maps", "--unringed"],
            &["--maps", "--nine"],
            &["--unringed", "--strides"],
            &["--was", "--alone"],
            &["--was", "--serial"],
            &["--serial", "--narrow"],
            &["--serial", "--scoped"],
            &["--serial", "--hasty"],
            &["--serial", "--loose"],
        ] {
            let e = parse(bad).unwrap_err();
            assert_eq!(e.kind(), clap::error::ErrorKind::ArgumentConflict, "{bad:?}");
        }
        assert!(parse(&["--maps", "--fresh", "--twice", "--wordy"]).is_ok());
        assert!(parse(&["--narrow", "--hasty"]).is_ok());
    }
}
