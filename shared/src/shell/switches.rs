//! A chapter's switches as the command line and the `designs` table read them: each switch's
//! flag, what it puts back and its part, taken from the design's table (`base::switchboard`),
//! and the design clap builds from a set of flags.
//!
//! Every chapter's `Design` is made from one table, and its flags from the same table, so a
//! switch added to a `Design` shows up in the chapter's `--help`, in its `designs` table and,
//! once blessed, in the book, with nothing else to edit. A switch's part is a type: the table's
//! sections and which of them may move the digest ([`Part::moves_digest`]) are read from the
//! part, never from the heading `--help` shows it under.

use clap::{Args, Command, FromArgMatches};

pub use crate::base::switchboard::{Part, RULES, Stages};

/// A chapter's design as its command line takes it: clap's flags, and the switches they are
/// built from, each with its part.
pub trait Designed: Args + FromArgMatches {
    /// The chapter's stages.
    type Stage: Stages;

    /// Every switch, in the order `--help` lists them.
    fn switches() -> Vec<Switch<Self::Stage>>;
}

/// One switch of a design, as the `designs` table lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Switch<S> {
    /// The flag, `--maps`.
    pub flag: String,
    /// What it puts back: the first paragraph of its doc comment.
    pub puts_back: String,
    /// The part of the design it belongs to, or none for a flag of every part (`--was`).
    pub part: Option<Part<S>>,
}

impl<S: Stages> Switch<S> {
    /// Whether it may move the digest: a rule may, a retired part keeps it.
    pub fn moves_digest(&self) -> bool {
        self.part.is_some_and(Part::moves_digest)
    }
}

fn command<D: Args>() -> Command {
    D::augment_args(Command::new("designs").no_binary_name(true))
}

/// Every switch of `D`, in the order the table declares them.
pub fn switches<D: Designed>() -> Vec<Switch<D::Stage>> {
    D::switches()
}

/// `D` as the command line builds it from these flags, conflicts checked.
pub fn with<D: Args + FromArgMatches>(flags: &[&str]) -> Result<D, clap::Error> {
    D::from_arg_matches(&command::<D>().try_get_matches_from(flags)?)
}

/// As many of `flags` as go together, taken in order: a flag that clap says conflicts with
/// one already taken (it would change nothing with that one on) is left out.
pub fn together<'a, D: Args + FromArgMatches>(flags: &[&'a str]) -> Vec<&'a str> {
    together_on::<D>(&[], flags)
}

/// [`together`] on top of the flags of a base, which are always kept and not returned.
pub fn together_on<'a, D: Args + FromArgMatches>(
    base: &[&'a str],
    flags: &[&'a str],
) -> Vec<&'a str> {
    let mut taken = base.to_vec();
    for &f in flags {
        taken.push(f);
        if with::<D>(&taken).is_err() {
            taken.pop();
        }
    }
    taken.split_off(base.len())
}

/// A run of switches of one part, and the part.
pub type Group<S> = (Option<Part<S>>, Vec<Switch<S>>);

/// The switches in runs of the same part, in order: the table's sections.
pub fn by_part<S: Stages>(all: Vec<Switch<S>>) -> Vec<Group<S>> {
    let mut groups: Vec<Group<S>> = Vec::new();
    for s in all {
        match groups.last_mut() {
            Some((p, g)) if *p == s.part => g.push(s),
            _ => groups.push((s.part, vec![s])),
        }
    }
    groups
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::shell::designs::{Run, Slice, Table, report, report_slice};

    /// A stage of the demo design.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub enum Round {
        /// The one round.
        One,
    }

    impl Stages for Round {
        fn heading(self) -> &'static str {
            "A round"
        }
    }

    crate::switches! {
        /// A design of four switches and a rule, the way a chapter writes one.
        pub struct Demo, stages Round {}
        /// The old road. More words only --help shows
        road: Part::Stage(Round::One), beside [];
        /// The old bridge, which the old road makes moot
        bridge: Part::Stage(Round::One), beside ["road"];
        /// The old lamps
        lamp: Part::Stage(Round::One), beside [];
        /// Another rule
        rule: Part::Rule, beside [];
    }
    crate::design_flags!(Demo);

    #[test]
    fn switches_come_from_the_table_in_order() {
        let s = switches::<Demo>();
        let flags: Vec<&str> = s.iter().map(|s| s.flag.as_str()).collect();
        assert_eq!(flags, ["--road", "--bridge", "--lamp", "--rule"]);
        assert_eq!(s[1].puts_back, "The old bridge, which the old road makes moot");
        assert_eq!(s[1].part, Some(Part::Stage(Round::One)));
        assert!(s[3].moves_digest() && !s[0].moves_digest());
        let parts: Vec<_> = by_part(s).into_iter().map(|(p, g)| (p, g.len())).collect();
        assert_eq!(parts, [(Some(Part::Stage(Round::One)), 3), (Some(Part::Rule), 1)]);
    }

    #[test]
    fn together_leaves_out_what_conflicts() {
        assert_eq!(together::<Demo>(&["--road", "--bridge"]), ["--road"]);
        assert_eq!(together::<Demo>(&["--bridge", "--rule"]), ["--bridge", "--rule"]);
        let road = with::<Demo>(&["--road", "--lamp"]).unwrap();
        assert_eq!(road, Demo { road: true, lamp: true, ..Demo::default() });
        assert!(with::<Demo>(&["--road", "--bridge"]).is_err());
    }

    /// Two stages under one heading, and an aside under the rules' heading.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub enum Twins {
        /// The older.
        Old,
        /// The newer.
        New,
    }

    impl Stages for Twins {
        fn heading(self) -> &'static str {
            "Twin rounds"
        }
    }

    crate::switches! {
        /// A design whose headings would mislead anything that read a part back from one.
        pub struct Twin, stages Twins {}
        /// The old
        old: Part::Stage(Twins::Old), beside [];
        /// The new
        new: Part::Stage(Twins::New), beside [];
        /// An aside that keeps the digest, under the rules' heading
        aside: Part::Aside(RULES), beside [];
        /// A rule
        rule: Part::Rule, beside [];
    }
    crate::design_flags!(Twin);

    /// The table's sections and judgements come from the parts, not from the headings `--help`
    /// shows: read from the headings, the twin rounds would be one section with an "at once"
    /// row, and the aside would be taken for a rule.
    #[test]
    fn a_part_is_never_read_back_from_its_heading() {
        let listed = switches::<Twin>();
        let parts: Vec<_> = listed.iter().map(|s| s.part).collect();
        let want =
            [Part::Stage(Twins::Old), Part::Stage(Twins::New), Part::Aside(RULES), Part::Rule];
        assert_eq!(parts, want.map(Some));
        assert_eq!(
            listed.iter().map(Switch::moves_digest).collect::<Vec<_>>(),
            [false, false, false, true]
        );
        let mut out = Vec::new();
        let t = Table { package: "twin", run: "go", about: "a twin run", unit: "ms" };
        let only = Slice { only: Some(Twins::New), ..Slice::default() };
        report_slice::<Twin>(&mut out, &t, &only, false, |d| {
            let digest = if d.rule { "0000000000000001" } else { "0000000000000000" };
            Ok(Run { digest: digest.into(), time: 1.0 })
        })
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.ends_with("  Twin rounds\n  --new    0000000000000000  no\n"), "{text}");
        let mut out = Vec::new();
        report::<Twin>(&mut out, &t, false, |_| Ok(Run { digest: "0".repeat(16), time: 1.0 }))
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("  Twin rounds\n").count(), 2, "{text}");
        assert_eq!(text.matches(&format!("  {RULES}\n")).count(), 2, "{text}");
        assert!(!text.contains("at once"), "{text}");
    }
}
