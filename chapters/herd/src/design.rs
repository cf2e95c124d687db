//! The neighbour query's design: which query the walkers ask and how they hear what it finds,
//! a switch for each retired part.

use world::base::CELL;
use world::base::switchboard::{Part, Stages};
use world::flock::near::{self, Buckets, Everybody, Mailboxes, Query, TooWide, Unordered};
use world::flock::{Herd, Listen};
use world::shell::cli::Refused;

use crate::scene::{Rule, Scene, VALLEY_COLS, VALLEY_ROWS};

/// The chapter's rounds whose retired parts a switch puts back: the second, the mailboxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Round {
    /// The second round: the mailboxes, heard in one pass.
    Mailboxes,
}

impl Stages for Round {
    fn heading(self) -> &'static str {
        match self {
            Round::Mailboxes => "The mailboxes",
        }
    }
}

// ANCHOR: design
world::switches! {
    /// Which neighbour query the walkers ask and how they hear what it finds: with no switch,
    /// the mailboxes, heard in one pass. Each switch puts a retired part back, a sibling of the
    /// one it became; the first round is `--buckets --three-passes`.
    pub struct Design, stages Round {}
    /// The first round's query: the nine buckets around a walker, its candidates sorted, not
    /// the mailboxes
    buckets: Part::Stage(Round::Mailboxes), beside [];
    /// Every walker measured against every other, not only those in the cells around it
    everybody: Part::Stage(Round::Mailboxes), beside ["buckets"];
    /// The first round's tick: each walker's neighbours asked for in turn, copied out and
    /// walked once by each rule, not heard all at once into one tally each
    three_passes: Part::Stage(Round::Mailboxes), beside [];
    /// The buckets' candidates measured in bucket order, not sorted into index order
    unordered: Part::Rule, beside ["everybody", "buckets"];
}
// ANCHOR_END: design

impl Design {
    // ANCHOR: pick
    /// The query this design asks, for a field of `cols` by `rows` cells.
    pub fn query(self, cols: usize, rows: usize) -> Box<dyn Query> {
        if self.everybody {
            Box::new(Everybody::default())
        } else if self.unordered {
            Box::new(Unordered::new(cols, rows, CELL))
        } else if self.buckets {
            Box::new(Buckets::new(cols, rows, CELL))
        } else {
            Box::new(Mailboxes::new(cols, rows, CELL))
        }
    }

    /// How this design's tick hears the neighbours its query finds.
    pub fn listen(self) -> Listen {
        if self.three_passes { Listen::ThreePasses } else { Listen::OnePass }
    }
    // ANCHOR_END: pick

    /// The valley's herd of `scene`, hearing `rule`, built to this design.
    pub fn herd(self, scene: &Scene, rule: Rule) -> Herd<Box<dyn Query>> {
        let Scene { n, radius, seed, .. } = *scene;
        let query = self.query(VALLEY_COLS, VALLEY_ROWS);
        let weights = rule.weights();
        Herd::new(seed, n, VALLEY_COLS, VALLEY_ROWS, weights, radius, query)
            .listening(self.listen())
    }

    /// Refuses, before anything runs, a radius the buckets or the mailboxes would refuse on
    /// the first tick, by their own rule; everybody answers any radius. The refusal is a usage
    /// error naming the flags that would fix it: --everybody only where the run takes it
    /// (`takes_everybody`), and then with the flag it cannot go with dropped.
    pub fn fits(self, radius: f64, takes_everybody: bool) -> Result<(), Refused> {
        let or = match (takes_everybody, self.buckets, self.unordered) {
            (false, ..) => "",
            (true, true, _) => ", or drop --buckets for --everybody",
            (true, _, true) => ", or drop --unordered for --everybody",
            _ => ", or add --everybody",
        };
        match near::fits(radius, CELL) {
            Err(TooWide { cell, .. }) if !self.everybody => Err(Refused(format!(
                "--radius {radius} is wider than the {cell} px cells the buckets and the \
                 mailboxes look through, so they could miss neighbours: give --radius {cell} or \
                 less{or}"
            ))),
            _ => Ok(()),
        }
    }
}

world::design_flags!(Design);
