//! A chapter's design as one table, the same in every chapter: each switch's field, the part of
//! the design it belongs to, the switches beside which it has nothing to change, and its doc
//! comment. The [`switches!`](crate::switches) macro makes the design's struct and the table
//! from one list, and everything else reads the table: the command line sets each flag's heading
//! from its part, and the `designs` table groups and judges the switches by their parts. A part
//! is a type, so nothing ever reads one back out of a heading.

use std::fmt::Debug;

/// The heading, in every chapter, of the switches that change a rule of the world rather than
/// put a retired part back: the only ones that may move the digest.
pub const RULES: &str = "Other rules, which move the digest";

/// The stages of one chapter, in the order it made them: a retired part of a stage keeps the
/// digest, and the stage's switches are listed under its heading.
pub trait Stages: Copy + Eq + Ord + Debug + 'static {
    /// The heading its switches are listed under in `--help` and in the `designs` table.
    fn heading(self) -> &'static str;
}

/// The stages of a chapter that keeps no retired part, only other rules: there are none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NoStage {}

impl Stages for NoStage {
    fn heading(self) -> &'static str {
        match self {}
    }
}

/// Where a switch belongs: a stage of the chapter, whose retired parts keep the digest, or the
/// other rules, which move it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<S> {
    /// A retired part of this stage: on under `--was`, and under `--as-of` any earlier stage.
    Stage(S),
    /// A retired part of no stage of the chapter (a reader's own, say), listed under this
    /// heading of its own: on under `--was` only.
    Aside(&'static str),
    /// Another rule of the world, which moves the digest: on only when asked for.
    Rule,
}

impl<S: Stages> Part<S> {
    /// The heading its switches are listed under.
    pub fn heading(self) -> &'static str {
        match self {
            Part::Stage(stage) => stage.heading(),
            Part::Aside(heading) => heading,
            Part::Rule => RULES,
        }
    }

    /// Whether its switches may move the digest: a rule's do, and every retired part's keep it.
    pub fn moves_digest(self) -> bool {
        matches!(self, Part::Rule)
    }
}

/// One switch of a design `D`, whose stages are `S`, as the table gives it.
#[derive(Clone, Copy, Debug)]
pub struct Switch<D: 'static, S: 'static> {
    /// Its field: `three_passes`.
    pub name: &'static str,
    /// Its flag without the dashes, the field with dashes for the underscores: `three-passes`.
    pub long: &'static str,
    /// The stage it belongs to, an aside, or the rules.
    pub part: Part<S>,
    /// The switches beside which it has nothing to change, so the two are refused together.
    pub beside: &'static [&'static str],
    /// Its doc comment, line by line: the first paragraph says what it puts back.
    pub doc: &'static [&'static str],
    /// Its field in a design.
    pub field: fn(&mut D) -> &mut bool,
}

/// A design made by [`switches!`](crate::switches): a struct of switches and its table.
pub trait Switchboard: Copy + Default + 'static {
    /// The chapter's stages.
    type Stage: Stages;
    /// Every switch, in the order `--help` lists them.
    const SWITCHES: &'static [Switch<Self, Self::Stage>];

    /// Whether the switch named `name` is on, if there is one so named.
    fn has(mut self, name: &str) -> Option<bool> {
        Self::SWITCHES.iter().find(|s| s.name == name).map(|s| *(s.field)(&mut self))
    }
}

/// `name` with dashes for its underscores, as clap's derive makes a flag of a field: worked out
/// as the table is compiled, so a switch's flag is as fixed as its field's name.
pub const fn dashed<const N: usize>(name: &str) -> [u8; N] {
    let (mut out, bytes, mut i) = ([0; N], name.as_bytes(), 0);
    while i < N {
        out[i] = if bytes[i] == b'_' { b'-' } else { bytes[i] };
        i += 1;
    }
    out
}

/// A chapter's design struct and its [`Switchboard`] table from one list: the struct (its doc
/// comment, its name, the type of its stages and any fields it has besides the switches), then
/// each switch's doc comment, field, part and the switches beside which it has nothing to
/// change.
#[macro_export]
macro_rules! switches {
    (
        $(#[$meta:meta])*
        pub struct $design:ident, stages $stage:ty {
            $($(#[$extra_meta:meta])* pub $extra:ident: $extra_ty:ty,)*
        }
        $($(#[doc = $doc:literal])+ $name:ident: $part:expr, beside [$($b:literal),*];)+
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $design {
            $($(#[$extra_meta])* pub $extra: $extra_ty,)*
            $($(#[doc = $doc])+ pub $name: bool,)+
        }

        impl $crate::base::switchboard::Switchboard for $design {
            type Stage = $stage;
            const SWITCHES: &'static [$crate::base::switchboard::Switch<$design, $stage>] = &[$(
                $crate::base::switchboard::Switch {
                    name: stringify!($name),
                    long: {
                        const NAME: &str = stringify!($name);
                        const LONG: [u8; NAME.len()] = $crate::base::switchboard::dashed(NAME);
                        match ::core::str::from_utf8(&LONG) {
                            Ok(long) => long,
                            Err(_) => panic!("a field's name is UTF-8"),
                        }
                    },
                    part: $part,
                    beside: &[$($b),*],
                    doc: &[$($doc),+],
                    field: |d| &mut d.$name,
                },
            )+];
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The demo's two stages, under one heading.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub enum Round {
        /// The older.
        Old,
        /// The newer.
        New,
    }

    impl Stages for Round {
        fn heading(self) -> &'static str {
            "One heading for both"
        }
    }

    switches! {
        /// A design of three switches.
        pub struct Demo, stages Round {
            /// Not a switch.
            pub other: u8,
        }
        /// The old road
        road: Part::Stage(Round::Old), beside [];
        /// The old bridge
        bridge: Part::Stage(Round::New), beside ["road"];
        /// Another rule
        rule: Part::Rule, beside [];
    }

    #[test]
    fn the_table_and_the_struct_come_from_one_list() {
        let names: Vec<&str> = Demo::SWITCHES.iter().map(|s| s.name).collect();
        assert_eq!(names, ["road", "bridge", "rule"]);
        assert_eq!(Demo::SWITCHES.iter().map(|s| s.long).collect::<Vec<_>>(), names);
        let mut d = Demo::default();
        *(Demo::SWITCHES[1].field)(&mut d) = true;
        assert_eq!(d, Demo { bridge: true, ..Demo::default() });
        assert_eq!(
            (d.has("bridge"), d.has("road"), d.has("nowhere")),
            (Some(true), Some(false), None)
        );
        assert_eq!(Demo::SWITCHES[1].beside, ["road"]);
        assert_eq!(Demo::SWITCHES[2].doc, [" Another rule"]);
    }

    #[test]
    fn a_part_is_its_type_not_its_heading() {
        let [old, new, rule] = [0, 1, 2].map(|i| Demo::SWITCHES[i].part);
        // Two stages under one heading are still two stages, and an aside under the rules'
        // heading is still no rule.
        assert_eq!(old.heading(), new.heading());
        assert_ne!(old, new);
        assert!(rule.moves_digest() && rule.heading() == RULES);
        let aside: Part<Round> = Part::Aside(RULES);
        assert!(!aside.moves_digest() && aside.heading() == RULES);
    }
}
