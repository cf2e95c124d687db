//! Chapter 3's design on the command line: clap's description of [`Design`], built from the
//! design's own tables ([`SWITCHES`] and [`HISTORY`]), so the simulation needs no clap and the
//! command line lists exactly what the table holds.
//!
//! Each switch is a flag under its part's heading, described by its doc comment, as in every
//! chapter (`shell::switchboard`); here it is also refused beside `--was`.
//! `--was` turns on every stage's switches, and `--as-of STAGE` those of every later stage, the
//! same way: by clap's `default_value_if`, so what clap builds is [`Design::was`] and
//! [`Design::as_of`] (a test holds it so). A switch the stage already has on is refused beside
//! `--as-of`, and so is a flag that one of those switches leaves nothing to change; that check
//! is [`Staged`]'s.

use clap::builder::{EnumValueParser, PossibleValue};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, ValueEnum};

use super::switchboard::{self, help};
use super::switches::{Designed, Switch};
use crate::beast::design::{Design, HISTORY, Part, SWITCHES, Stage};

impl ValueEnum for Stage {
    fn value_variants<'a>() -> &'a [Self] {
        &Stage::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.step().about))
    }
}

/// What turns a switch of `stage` on: `--was`, or `--as-of` any stage before it.
fn turned_on_by(stage: Stage) -> Vec<(&'static str, &'static str, Option<&'static str>)> {
    let mut by = vec![("was", "true", Some("true"))];
    by.extend(HISTORY.iter().filter(|s| s.stage < stage).map(|s| ("as_of", s.name, Some("true"))));
    by
}

/// What `--was` puts back, its help.
const WAS: &str = "The phase as first wired: every switch of every round at once, on one thread";

/// Every argument of the design, in the order `--help` lists them.
fn arguments() -> Vec<Arg> {
    let mut all = vec![Arg::new("was").long("was").action(ArgAction::SetTrue).help(WAS)];
    for (s, a) in SWITCHES.iter().zip(switchboard::arguments::<Design>()) {
        let a = a.conflicts_with("was");
        all.push(match s.part {
            Part::Stage(stage) => a.default_value_ifs(turned_on_by(stage)),
            Part::Aside(_) => a.default_value_if("was", "true", Some("true")),
            Part::Rule => a,
        });
    }
    let (short, long) = help(&[
        "The phase as a stage of the chapter left it: every switch of the later stages on",
        "",
        "The stages go in the order the chapter made them, as listed below; the last is the",
        "design as it stands. A switch of a later stage is on already, so it is refused beside",
        "this, and so is a flag one of those switches leaves nothing to change.",
    ]);
    let mut as_of = Arg::new("as_of")
        .long("as-of")
        .value_name("STAGE")
        .value_parser(EnumValueParser::<Stage>::new())
        .action(ArgAction::Set)
        .conflicts_with("was")
        .help(short);
    if let Some(long) = long {
        as_of = as_of.long_help(long);
    }
    all.push(as_of);
    all
}

impl Args for Design {
    fn augment_args(cmd: Command) -> Command {
        switchboard::augment(cmd, "Design", arguments())
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Design::augment_args(cmd)
    }

    fn group_id() -> Option<clap::Id> {
        Some(clap::Id::from("Design"))
    }
}

impl FromArgMatches for Design {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut d = Design::default();
        d.update_from_arg_matches(m)?;
        Ok(d)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.was = m.try_get_one::<bool>("was").ok().flatten().copied().unwrap_or(false);
        switchboard::read(self, m);
        self.as_of = m.try_get_one::<Stage>("as_of").ok().flatten().copied();
        Ok(())
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
    let switch = |name: &str| SWITCHES.iter().find(|s| s.name == name);
    // Whether the switch named `name` belongs to a stage after this one: the stage has it on.
    let later = |name: &str| matches!(switch(name), Some(s) if matches!(s.part, Part::Stage(t) if t > stage));
    let refuse = |flag: &str, why: &str| {
        let as_of = stage.name();
        let msg = format!("the argument '{flag}' cannot be used with '--as-of {as_of}': {why}");
        Err(super::one_line::conflict(msg))
    };
    let moot =
        |on: &str| format!("{} has --{on} on, which leaves it nothing to change", stage.left_it());
    for s in SWITCHES.iter().filter(|s| given(s.name)) {
        let flag = format!("--{}", s.long);
        if later(s.name) {
            return refuse(&flag, &format!("{} has it on already", stage.left_it()));
        }
        // A switch of no stage (an aside or a rule), on under no `--as-of`, that a switch of a
        // later stage leaves with nothing to do.
        let staged = matches!(s.part, Part::Stage(_));
        if let Some(b) = s.beside.iter().find(|b| !staged && later(b)) {
            return refuse(&flag, &moot(switch(b).map_or(b, |b| b.long)));
        }
    }
    for (id, switch) in OUTSIDE {
        if given(id) && later(switch) {
            return refuse(&format!("--{id}"), &moot(switch));
        }
    }
    Ok(())
}

impl Staged {
    /// Refuses a switch `--as-of` has on already, and a flag one of those switches leaves
    /// nothing to change, among every flag of `m`. A chapter whose subcommand also takes such a
    /// flag (chapter 3's `--crew`) calls this on the subcommand's whole matches, before its
    /// derive takes the flag out of them.
    pub fn check(m: &ArgMatches) -> Result<(), clap::Error> {
        refuse_beside_stage(m)
    }
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

/// The switches the `designs` table lists: `--was`, every switch at once and of no part, then
/// the table's.
fn listed() -> Vec<Switch<Stage>> {
    let was = Switch { flag: "--was".into(), puts_back: WAS.into(), part: None };
    std::iter::once(was).chain(switchboard::listed::<Design>()).collect()
}

impl Designed for Design {
    type Stage = Stage;

    fn switches() -> Vec<Switch<Stage>> {
        listed()
    }
}

impl Designed for Staged {
    type Stage = Stage;

    fn switches() -> Vec<Switch<Stage>> {
        listed()
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

    /// What clap builds from `--was` and from `--as-of` is what the design's table says.
    #[test]
    fn the_command_line_builds_the_tables_designs() {
        assert_eq!(parse(&["--was"]).unwrap(), Design::was());
        for stage in Stage::ALL {
            assert_eq!(staged(&["--as-of", stage.name()]).unwrap(), Design::as_of(stage));
        }
        let all = crate::shell::switches::switches::<Design>();
        assert_eq!(all[0].flag, "--was");
        assert_eq!(all.len(), SWITCHES.len() + 1);
        for (s, t) in all[1..].iter().zip(SWITCHES) {
            assert_eq!(s.flag, format!("--{}", t.name));
            assert_eq!(s.puts_back, help(t.doc).0);
        }
    }

    /// clap's headings are set from the table's parts, and the list the `designs` table reads
    /// takes each switch's part from the table, not from the heading.
    #[test]
    fn the_headings_are_set_from_the_parts() {
        let cmd = Design::augment_args(Command::new("d"));
        let listed = crate::shell::switches::switches::<Staged>();
        for (s, l) in SWITCHES.iter().zip(&listed[1..]) {
            let a = cmd.get_arguments().find(|a| a.get_id() == s.name).unwrap();
            assert_eq!(a.get_help_heading(), Some(s.part.heading()), "{}", s.name);
            assert_eq!(l.part, Some(s.part), "{}", s.name);
        }
        assert_eq!((listed[0].flag.as_str(), listed[0].part), ("--was", None));
    }

    #[test]
    fn was_puts_back_every_round_and_no_rule() {
        assert_eq!(parse(&[]).unwrap(), Design::default());
        assert_eq!(parse(&["--maps"]).unwrap(), Design { maps: true, ..Design::default() });
        let was = format!("{:?}", Design::was());
        for s in crate::shell::switches::switches::<Design>() {
            let field = s.flag.trim_start_matches("--").replace('-', "_");
            let on = was.contains(&format!(" {field}: true"));
            assert_eq!(on, !s.moves_digest(), "{} of {:?}", s.flag, s.part);
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
            &["--was", "--levels"],
            &["--serial", "--levels"],
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
                let later = matches!(s.part, Some(Part::Stage(h)) if h > stage);
                assert_eq!(on, later, "{} with --as-of {}", s.flag, stage.name());
            }
        }
        let rounds = crate::shell::switches::by_part(crate::shell::switches::switches::<Design>());
        let parts: Vec<_> = rounds.iter().filter_map(|(p, _)| *p).collect();
        let every = Stage::value_variants().iter().map(|&s| Part::Stage(s));
        assert!(every.clone().all(|p| parts.contains(&p)), "every stage has switches");
        let third = staged(&["--as-of", "third"]).unwrap();
        let (serial, levels) = (true, true);
        assert_eq!(
            third,
            Design { as_of: Some(Stage::Third), serial, levels, ..Design::default() }
        );
        let fourth = staged(&["--as-of", "fourth"]).unwrap();
        assert_eq!(fourth, Design { as_of: Some(Stage::Fourth), levels, ..Design::default() });
        let fifth = staged(&["--as-of", "fifth"]).unwrap();
        assert_eq!(fifth, Design { as_of: Some(Stage::Fifth), ..Design::default() });
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
            &["--as-of", "fourth", "--levels"],
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
            &["--as-of", "fifth", "--levels"],
        ] {
            assert!(staged(good).is_ok(), "{good:?}");
        }
    }
}
