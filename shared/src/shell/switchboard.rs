//! Any chapter's design on the command line, built from its table (`base::switchboard`): one
//! flag a switch, described by its doc comment, listed under its part's heading and refused
//! beside the switches it has nothing to change next to. The headings are set from the parts
//! here and never read back: what reads the switches takes their parts from the table.
//!
//! A chapter whose design is no more than its switches (chapters 1 and 2) gets all of its
//! command line from [`design_flags!`](crate::design_flags); chapter 3's adds `--was` and
//! `--as-of` on top (`shell::design`).

use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Command};

use super::switches::Switch;
use crate::base::switchboard::Switchboard;

#[doc(hidden)]
pub use clap;

/// A doc comment as clap's derive shows it: the first paragraph, its lines joined and a final
/// point dropped, as the help; every paragraph, when there are more, as the long help.
pub fn help(doc: &[&str]) -> (String, Option<String>) {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut lines: Vec<&str> = Vec::new();
    for line in doc.iter().map(|l| l.trim()).chain([""]) {
        if line.is_empty() {
            if !lines.is_empty() {
                paragraphs.push(std::mem::take(&mut lines).join(" "));
            }
        } else {
            lines.push(line);
        }
    }
    let mut short = paragraphs.first().cloned().unwrap_or_default();
    if short.ends_with('.') && !short.ends_with("..") {
        short.pop();
    }
    let long = (paragraphs.len() > 1).then(|| paragraphs.join("\n\n"));
    (short, long)
}

/// One flag for each switch of `B`, in the table's order: described by its doc comment, under
/// its part's heading, and refused beside the switches it has nothing to change next to.
pub fn arguments<B: Switchboard>() -> Vec<Arg> {
    let mut all = Vec::new();
    for s in B::SWITCHES {
        let (short, long_help) = help(s.doc);
        let mut a = Arg::new(s.name)
            .long(s.long)
            .action(ArgAction::SetTrue)
            .help(short)
            .help_heading(s.part.heading())
            .conflicts_with_all(s.beside.iter().copied());
        if let Some(long_help) = long_help {
            a = a.long_help(long_help);
        }
        all.push(a);
    }
    all
}

/// `cmd` with `args`, gathered in one group named for the design as clap's derive names it.
pub fn augment(cmd: Command, group: &'static str, args: Vec<Arg>) -> Command {
    let ids: Vec<clap::Id> = args.iter().map(|a| a.get_id().clone()).collect();
    cmd.group(ArgGroup::new(group).multiple(true).args(ids)).args(args)
}

/// Every switch of `B` set as `m` gives it.
pub fn read<B: Switchboard>(design: &mut B, m: &ArgMatches) {
    for s in B::SWITCHES {
        *(s.field)(design) = m.try_get_one::<bool>(s.name).ok().flatten().copied().unwrap_or(false);
    }
}

/// Every switch of `B` as the `designs` table lists it: its flag, what it puts back, and its
/// part, taken from the table.
pub fn listed<B: Switchboard>() -> Vec<Switch<B::Stage>> {
    B::SWITCHES
        .iter()
        .map(|s| Switch {
            flag: format!("--{}", s.long),
            puts_back: help(s.doc).0,
            part: Some(s.part),
        })
        .collect()
}

/// The command line of a design made by [`switches!`](crate::switches) that is no more than
/// its switches: clap's `Args` and `FromArgMatches` for it, and the list the `designs` table
/// reads, all from its table.
#[macro_export]
macro_rules! design_flags {
    ($design:ident) => {
        impl $crate::shell::switchboard::clap::Args for $design {
            fn augment_args(
                cmd: $crate::shell::switchboard::clap::Command,
            ) -> $crate::shell::switchboard::clap::Command {
                let args = $crate::shell::switchboard::arguments::<$design>();
                $crate::shell::switchboard::augment(cmd, stringify!($design), args)
            }

            fn augment_args_for_update(
                cmd: $crate::shell::switchboard::clap::Command,
            ) -> $crate::shell::switchboard::clap::Command {
                <$design as $crate::shell::switchboard::clap::Args>::augment_args(cmd)
            }

            fn group_id() -> Option<$crate::shell::switchboard::clap::Id> {
                Some($crate::shell::switchboard::clap::Id::from(stringify!($design)))
            }
        }

        impl $crate::shell::switchboard::clap::FromArgMatches for $design {
            fn from_arg_matches(
                m: &$crate::shell::switchboard::clap::ArgMatches,
            ) -> Result<Self, $crate::shell::switchboard::clap::Error> {
                let mut design = $design::default();
                $crate::shell::switchboard::read(&mut design, m);
                Ok(design)
            }

            fn update_from_arg_matches(
                &mut self,
                m: &$crate::shell::switchboard::clap::ArgMatches,
            ) -> Result<(), $crate::shell::switchboard::clap::Error> {
                $crate::shell::switchboard::read(self, m);
                Ok(())
            }
        }

        impl $crate::shell::switches::Designed for $design {
            type Stage = <$design as $crate::base::switchboard::Switchboard>::Stage;

            fn switches() -> Vec<$crate::shell::switches::Switch<Self::Stage>> {
                $crate::shell::switchboard::listed::<$design>()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::switchboard::{NoStage, Part};
    use crate::shell::switches::{switches, with};

    #[test]
    fn a_doc_comment_is_shown_as_clap_derive_shows_one() {
        assert_eq!(help(&[" One line."]), ("One line".into(), None));
        let two = help(&[" First line", " goes on.", "", " Second", " paragraph."]);
        assert_eq!(
            two,
            ("First line goes on".into(), Some("First line goes on.\n\nSecond paragraph.".into()))
        );
    }

    crate::switches! {
        /// A design of two rules.
        pub struct Rules, stages NoStage {}
        /// A rule of two words
        two_words: Part::Rule, beside [];
        /// Another
        another: Part::Rule, beside ["two_words"];
    }
    crate::design_flags!(Rules);

    /// The flags, their help and their headings are the table's, and so are the parts the
    /// `designs` table reads: the same as a derive of the struct would give.
    #[test]
    fn the_flags_are_the_tables() {
        let cmd = <Rules as clap::Args>::augment_args(Command::new("rules"));
        let heads: Vec<_> =
            cmd.get_arguments().map(|a| (a.get_long(), a.get_help_heading())).collect();
        let rules = Some(crate::base::switchboard::RULES);
        assert_eq!(heads, [(Some("two-words"), rules), (Some("another"), rules)]);
        let s = switches::<Rules>();
        assert_eq!(
            (s[0].flag.as_str(), s[0].puts_back.as_str()),
            ("--two-words", "A rule of two words")
        );
        assert!(s.iter().all(|s| s.part == Some(Part::Rule)));
        assert_eq!(
            with::<Rules>(&["--two-words"]).unwrap(),
            Rules { two_words: true, another: false }
        );
        let refused = with::<Rules>(&["--two-words", "--another"]).unwrap_err();
        assert_eq!(refused.kind(), clap::error::ErrorKind::ArgumentConflict);
    }
}
