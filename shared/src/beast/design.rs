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
//!
//! `--as-of STAGE` turns on every switch of the stages after that one, the same way `--was`
//! turns on all of them: it is the phase as that stage of the chapter left it. The stages go in
//! the order the chapter made them, which is not the order of `--help`: the split came before
//! the second round. A switch the stage already has on is refused beside it, and so is a flag
//! that one of those switches leaves nothing to change; that check is [`Staged`]'s.

use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches, ValueEnum};

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

/// A stage of the chapter, in the order it was made: what `--as-of` and `designs --only` name.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// The first round: the four changes the ledger counts
    First,
    /// The split: the fans cast ahead, side by side
    Split,
    /// The second round, counted in instructions
    Second,
    /// The third round: four brains at once in lanes
    Third,
    /// The fourth round: the walk by levels, the design as it stands
    Fourth,
}

impl Stage {
    /// The heading its switches are listed under.
    pub fn heading(self) -> &'static str {
        match self {
            Stage::First => FIRST,
            Stage::Split => SPLIT,
            Stage::Second => SECOND,
            Stage::Third => LANES,
            Stage::Fourth => WALK,
        }
    }

    /// The stage whose switches are listed under `heading`, if it is a stage's.
    pub fn of(heading: &str) -> Option<Stage> {
        Stage::value_variants().iter().copied().find(|s| s.heading() == heading)
    }

    /// What the command line calls it: `first`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::First => "first",
            Stage::Split => "split",
            Stage::Second => "second",
            Stage::Third => "third",
            Stage::Fourth => "fourth",
        }
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

/// What turns a split's switch on: `--was`, or `--as-of` the stage before the split.
const SPLIT_BACK: [(&str, &str, &str); 2] = [("was", "true", "true"), ("as_of", "first", "true")];
/// What turns a second round's switch on: `--was`, or `--as-of` a stage before that round.
const SECOND_BACK: [(&str, &str, &str); 3] =
    [("was", "true", "true"), ("as_of", "first", "true"), ("as_of", "split", "true")];
/// What turns a third round's switch on: `--was`, or `--as-of` any earlier stage.
const THIRD_BACK: [(&str, &str, &str); 4] = [
    ("was", "true", "true"),
    ("as_of", "first", "true"),
    ("as_of", "split", "true"),
    ("as_of", "second", "true"),
];
/// What turns a fourth round's switch on: `--was`, or `--as-of` any earlier stage.
const FOURTH_BACK: [(&str, &str, &str); 5] = [
    ("was", "true", "true"),
    ("as_of", "first", "true"),
    ("as_of", "split", "true"),
    ("as_of", "second", "true"),
    ("as_of", "third", "true"),
];

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
    #[arg(long, help_heading = SECOND, default_value_ifs(SECOND_BACK))]
    #[arg(conflicts_with = "was")]
    pub floor: bool,
    /// The heading's cosine and sine worked out at every read, not kept with the creature
    #[arg(long, help_heading = SECOND, default_value_ifs(SECOND_BACK))]
    #[arg(conflicts_with = "was")]
    pub cosines: bool,
    /// Flat rows with no ring of rock, each cell asked checked against the edges
    ///
    /// These are the rows as they stood before the second round. With no ring the quick cast
    /// cannot run, so they are cast stride by stride, asked about the plants near a cell one
    /// cell at a time, and refilled by working out every bare cell: --strides, --nine and
    /// --rebuilt come with them.
    #[arg(long, help_heading = SECOND, default_value_ifs(SECOND_BACK))]
    #[arg(conflicts_with_all = ["was", "maps"])]
    pub unringed: bool,
    /// Every stride of a ray turned into a cell, not stepped from cell to cell by its edges
    #[arg(long, help_heading = SECOND, default_value_ifs(SECOND_BACK))]
    #[arg(conflicts_with_all = ["was", "maps", "unringed"])]
    pub strides: bool,
    /// Whether a plant is near a cell asked of its nine cells, not read from one byte
    #[arg(long, help_heading = SECOND, default_value_ifs(SECOND_BACK))]
    #[arg(conflicts_with_all = ["was", "maps", "unringed", "narrow"])]
    pub nine: bool,
    /// Each refill works out what every bare cell shows, not a copy of it
    #[arg(long, help_heading = SECOND, default_value_ifs(SECOND_BACK))]
    #[arg(conflicts_with_all = ["was", "maps", "unringed"])]
    pub rebuilt: bool,
    /// A death slides every later brain down a place, not a short list of brain numbers
    #[arg(long, help_heading = SECOND, default_value_ifs(SECOND_BACK))]
    #[arg(conflicts_with = "was")]
    pub slide: bool,

    /// Each fan cast at its creature's turn in the walk, not every fan first on the crew
    #[arg(long, help_heading = SPLIT, default_value_ifs(SPLIT_BACK))]
    #[arg(conflicts_with = "was")]
    pub narrow: bool,
    /// The fans cast on threads made for every phase, not threads kept for the whole run
    #[arg(long, help_heading = SPLIT, default_value_ifs(SPLIT_BACK))]
    #[arg(conflicts_with_all = ["was", "narrow"])]
    pub scoped: bool,
    /// A creature near a plant thinks its whole pass in its turn, none of it ahead
    #[arg(long, help_heading = SPLIT, default_value_ifs(SPLIT_BACK))]
    #[arg(conflicts_with_all = ["was", "narrow"])]
    pub whole: bool,

    /// Each brain thinks alone, one creature at a time, not four brains a pack in lanes
    #[arg(long, help_heading = LANES, default_value_ifs(THIRD_BACK))]
    #[arg(conflicts_with = "was")]
    pub alone: bool,

    /// The whole walk in roster order on one thread, not level by level on the crew
    ///
    /// The walk as it stood before the fourth round: every creature's turn taken on the
    /// calling thread, one after the other, while the crew waits. Without it, a crew of two or
    /// more takes the turns a level at a time, each level's creatures side by side.
    #[arg(long, help_heading = WALK, default_value_ifs(FOURTH_BACK), conflicts_with = "was")]
    pub serial: bool,

    /// Bodies buried the moment they fall, not when the phase closes
    #[arg(long, help_heading = RULES, conflicts_with = "was")]
    pub hasty: bool,
    /// Fans cast first and never again, even near a death earlier in the walk
    #[arg(long, help_heading = RULES, conflicts_with_all = ["was", "narrow"])]
    pub loose: bool,

    /// The phase as a stage of the chapter left it: every switch of the later stages on
    ///
    /// The stages go in the order the chapter made them, as listed below; the fourth is the
    /// design as it stands. A switch of a later stage is on already, so it is refused beside
    /// this, and so is a flag one of those switches leaves nothing to change.
    #[arg(long, value_name = "STAGE", value_enum, conflicts_with = "was")]
    pub as_of: Option<Stage>,
}

impl Design {
    // ANCHOR: levels_hold
    /// Whether the walk may go by levels: fans cast first on kept threads, and every death seen
    /// by the fans near it and buried when the phase closes. Under `--hasty` a burial feeds a
    /// plant mid-walk, and under `--loose` fans miss deaths; the levels are not made for either.
    /// It sits here, beside the switches, so that each switch is still read once in the phase.
    pub fn levels_hold(self) -> bool {
        !(self.narrow || self.scoped || self.serial || self.hasty || self.loose)
    }
    // ANCHOR_END: levels_hold

    /// The phase as first wired: what `--was` builds, every switch of every round, read off the
    /// switches' own `default_value_if`, so no list of them is kept by hand.
    pub fn was() -> Design {
        crate::shell::switches::with(&["--was"]).expect("--was builds a design on its own")
    }
}

/// A [`Design`] as the command line gave it, checked against `--as-of`: clap can refuse a pair
/// of flags but not a flag beside one value of another, so this refuses a switch the stage has
/// on already, and a flag one of those switches leaves nothing to change. Every subcommand that
/// takes a design flattens this, so the check is made in the one place a design is parsed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Staged(pub Design);

/// The one flag outside the design that a switch leaves nothing to change: there is no crew
/// for the fans when each is cast in the walk.
const OUTSIDE: [(&str, &str); 1] = [("crew", "narrow")];

fn refuse_beside_stage(m: &ArgMatches) -> Result<(), clap::Error> {
    let Some(stage) = m.try_get_one::<Stage>("as_of").ok().flatten().copied() else {
        return Ok(());
    };
    // Not every subcommand that takes a design has every flag of OUTSIDE: asking for one it
    // lacks is an error clap's debug build panics on.
    let given = |id: &str| {
        m.try_contains_id(id).unwrap_or(false)
            && m.value_source(id) == Some(ValueSource::CommandLine)
    };
    let cmd = Design::augment_args(Command::new("design"));
    let later = |a: &clap::Arg| {
        a.get_help_heading().and_then(Stage::of).is_some_and(|s| s > stage)
            && matches!(a.get_action(), clap::ArgAction::SetTrue)
    };
    let refuse = |flag: &str, why: &str| {
        let as_of = stage.name();
        let msg = format!("the argument '{flag}' cannot be used with '--as-of {as_of}': {why}");
        Err(clap::Error::raw(ErrorKind::ArgumentConflict, msg))
    };
    let moot =
        |on: &str| format!("{} has --{on} on, which leaves it nothing to change", stage.left_it());
    for a in cmd.get_arguments() {
        let (id, flag) = (a.get_id().as_str(), format!("--{}", a.get_long().unwrap_or_default()));
        if !given(id) {
            continue;
        }
        if later(a) {
            return refuse(&flag, &format!("{} has it on already", stage.left_it()));
        }
        // A switch of no stage, a rule, that a switch of a later stage leaves with nothing to do.
        let rule = a.get_help_heading().and_then(Stage::of).is_none();
        let conflicts = cmd.get_arg_conflicts_with(a);
        if let Some(b) = conflicts.into_iter().find(|b| rule && later(b)) {
            return refuse(&flag, &moot(b.get_long().unwrap_or_default()));
        }
    }
    for (id, switch) in OUTSIDE {
        let on = cmd.get_arguments().find(|a| a.get_id() == switch);
        if given(id) && on.is_some_and(later) {
            return refuse(&format!("--{id}"), &moot(switch));
        }
    }
    Ok(())
}

impl FromArgMatches for Staged {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        refuse_beside_stage(m)?;
        Design::from_arg_matches(m).map(Staged)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        refuse_beside_stage(m)?;
        self.0.update_from_arg_matches(m)
    }
}

impl Args for Staged {
    fn augment_args(cmd: Command) -> Command {
        Design::augment_args(cmd)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Design::augment_args_for_update(cmd)
    }

    fn group_id() -> Option<clap::Id> {
        Design::group_id()
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
        ] {
            let e = parse(bad).unwrap_err();
            assert_eq!(e.kind(), clap::error::ErrorKind::ArgumentConflict, "{bad:?}");
        }
        assert!(parse(&["--maps", "--fresh", "--twice", "--wordy"]).is_ok());
        assert!(parse(&["--narrow", "--hasty"]).is_ok());
    }

    fn staged(flags: &[&str]) -> Result<Design, clap::Error> {
        crate::shell::switches::with::<Staged>(flags).map(|s| s.0)
    }

    #[test]
    fn as_of_turns_on_every_switch_of_the_later_stages_and_no_other() {
        for &stage in Stage::value_variants() {
            let d = format!("{:?}", staged(&["--as-of", stage.name()]).unwrap());
            for s in crate::shell::switches::switches::<Design>() {
                let field = s.flag.trim_start_matches("--").replace('-', "_");
                let on = d.contains(&format!(" {field}: true"));
                let later = s.heading.as_deref().and_then(Stage::of).is_some_and(|h| h > stage);
                assert_eq!(on, later, "{} with --as-of {}", s.flag, stage.name());
            }
        }
        let every = Stage::value_variants().iter().map(|s| s.heading());
        let rounds =
            crate::shell::switches::by_heading(crate::shell::switches::switches::<Design>());
        let named: Vec<&str> = rounds.iter().filter_map(|(h, _)| h.as_deref()).collect();
        assert!(every.clone().all(|h| named.contains(&h)), "every stage has a heading");
        let third = staged(&["--as-of", "third"]).unwrap();
        assert_eq!(third, Design { as_of: Some(Stage::Third), serial: true, ..Design::default() });
        let fourth = staged(&["--as-of", "fourth"]).unwrap();
        assert_eq!(fourth, Design { as_of: Some(Stage::Fourth), ..Design::default() });
        let first = staged(&["--as-of", "first"]).unwrap();
        assert_eq!(first, Design { as_of: None, ..Design::was() }.without_first_round());
    }

    impl Design {
        fn without_first_round(self) -> Design {
            let first = Some(Stage::First);
            Design {
                was: false,
                maps: false,
                fresh: false,
                twice: false,
                wordy: false,
                as_of: first,
                ..self
            }
        }
    }

    #[test]
    fn as_of_refuses_what_it_has_on_and_what_that_leaves_nothing_to_do() {
        for bad in [
            &["--as-of", "first", "--floor"][..],
            &["--as-of", "first", "--narrow"],
            &["--as-of", "first", "--loose"],
            &["--as-of", "split", "--alone"],
            &["--as-of", "second", "--alone"],
            &["--as-of", "first", "--was"],
            &["--as-of", "third", "--serial"],
        ] {
            let e = staged(bad).unwrap_err();
            assert_eq!(e.kind(), clap::error::ErrorKind::ArgumentConflict, "{bad:?}");
        }
        for good in [
            &["--as-of", "first", "--maps"][..],
            &["--as-of", "first", "--hasty"],
            &["--as-of", "split", "--narrow"],
            &["--as-of", "split", "--loose"],
            &["--as-of", "second", "--unringed"],
            &["--as-of", "third", "--alone"],
            &["--as-of", "third", "--hasty"],
            &["--as-of", "fourth", "--serial"],
        ] {
            assert!(staged(good).is_ok(), "{good:?}");
        }
    }
}
