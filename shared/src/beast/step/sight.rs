//! The sight: everything the looking reads, written down when a phase opens and left alone
//! until it closes, so the crew's threads may read it side by side. The phase owns what it
//! writes down ([`Snapshot`], its scratch, kept from tick to tick so that no tick allocates);
//! the roster owns the brains; [`Sight`] is the two read together, with the design, for one
//! phase. The view it reads is chosen here, once, by the design.

use crate::base::Valley;
use crate::beast::act::{self, Act, Here};
use crate::beast::creature::{Creature, Eye};
use crate::beast::design::Design;
use crate::beast::habitat::Habitat;
use crate::beast::kind::{ACTS, HIDDEN, INPUTS};
use crate::beast::look::fan::{Cast, Fan};
use crate::beast::look::gone::Gone;
use crate::beast::look::view::{Flat, Hashed, Rebuilt, Unringed, View};
use crate::beast::step::roster::{Brains, seat};
use crate::beast::step::times::Times;
use crate::beast::think::brain::Brain;
use crate::beast::think::minds::Minds;
use crate::beast::think::pack::LANES;
use crate::lanes::Isa;

/// What a phase writes down as it opens: the ground, the view, and every creature's cell, eye
/// and store. The phase's own, refilled at every open, never written between the open and the
/// close.
#[derive(Debug)]
pub struct Snapshot {
    /// The valley's ground, copied when its size changes: what a move is checked against.
    pub ground: Valley,
    /// The reading of the valley the phase opened on, in the view the design chose.
    pub view: Box<dyn View>,
    /// The second view the checks read under `--twice`; otherwise they read `view`.
    pub second: Option<Box<dyn View>>,
    /// Every creature's cell as the phase opened, in roster order.
    pub cells: Vec<(i64, i64)>,
    /// Every creature's eye as the phase opened, in roster order.
    pub eyes: Vec<Eye>,
    /// Every creature's store as the phase opened, in roster order.
    pub stores: Vec<f64>,
    /// For each pack, the first roster place that thinks with one of its brains, and after
    /// the last pack the crowd's size: pack p's creatures are places `starts[p]..starts[p + 1]`.
    /// Empty when the brains are kept apart.
    pub starts: Vec<u32>,
    /// Nobody is gone before the walk: the marks the fans are cast against.
    pub nobody: Gone,
}

impl Snapshot {
    /// The scratch of a phase of `design` for a crowd of `n`, in the view the design chose.
    pub fn new(design: Design, n: usize) -> Snapshot {
        Snapshot {
            ground: Valley::new(0, 1, 1),
            view: chosen(design),
            second: design.twice.then(|| chosen(design)),
            cells: Vec::new(),
            eyes: Vec::new(),
            stores: Vec::new(),
            // Room for every pack's start and the end, so no phase grows it.
            starts: Vec::with_capacity(n.div_ceil(LANES) + 1),
            nobody: Gone::default(),
        }
    }

    /// Writes down every creature of `live` as the phase opens, the packs' seats `brains`
    /// gives, and the view of `hab` they will all read.
    pub fn open(&mut self, live: &[Creature], brains: &Brains, hab: &Habitat, design: Design) {
        if self.ground.cols != hab.ground.cols || self.ground.rows != hab.ground.rows {
            self.ground = hab.ground.clone();
        }
        self.cells.clear();
        self.cells.extend(live.iter().map(Creature::cell));
        self.eyes.clear();
        self.eyes.extend(live.iter().map(Creature::eye));
        self.stores.clear();
        self.stores.extend(live.iter().map(|c| c.store));
        self.nobody.reset(live.len());
        self.seat_packs(brains);
        self.open_view(hab, design);
    }

    /// Works out which roster places each pack's creatures hold, for a phase about to open.
    fn seat_packs(&mut self, brains: &Brains) {
        self.starts.clear();
        if let Minds::Packed { packs, .. } = &brains.minds {
            let mut i = 0;
            for p in 0..packs.len() {
                while i < brains.brain_of.len() && (brains.brain_of[i] as usize) / LANES < p {
                    i += 1;
                }
                self.starts.push(i as u32);
            }
            self.starts.push(brains.brain_of.len() as u32);
        }
    }

    /// What the looking reads in the phase under way: this, with the roster's `brains`, the
    /// phase's `times`, and the design and instructions the phase was made with.
    pub fn sight<'a>(
        &'a self,
        brains: &'a Brains,
        times: &'a Times,
        design: Design,
        isa: Isa,
    ) -> Sight<'a> {
        Sight {
            design,
            isa,
            ground: &self.ground,
            view: &*self.view,
            second: self.second.as_deref(),
            cells: &self.cells,
            eyes: &self.eyes,
            stores: &self.stores,
            minds: &brains.minds,
            brain_of: &brains.brain_of,
            starts: &self.starts,
            nobody: &self.nobody,
            times,
        }
    }
}

/// What the looking may read: the ground, the view, and every creature's eye, store and
/// brain as the phase opened, and the design they are all read by. Nothing here is written
/// between the phase's open and its end; the threads of the crew each read it at once.
#[derive(Clone, Copy)]
pub struct Sight<'a> {
    /// The design every part of the phase is read by.
    pub design: Design,
    /// The instructions the lanes run on.
    pub isa: Isa,
    /// The valley's ground: what a move is checked against.
    pub ground: &'a Valley,
    /// The reading of the valley the phase opened on, in the view the design chose.
    pub view: &'a dyn View,
    /// The second view the checks read under `--twice`; otherwise they read `view`.
    pub second: Option<&'a dyn View>,
    /// Every creature's cell as the phase opened, in roster order.
    pub cells: &'a [(i64, i64)],
    /// Every creature's eye as the phase opened, in roster order.
    pub eyes: &'a [Eye],
    /// Every creature's store as the phase opened, in roster order.
    pub stores: &'a [f64],
    /// Every brain the roster was founded with ([`Brains`]).
    pub minds: &'a Minds,
    /// For each roster place, which of the brains it thinks with.
    pub brain_of: &'a [u32],
    /// Where each pack's creatures start in the roster ([`Snapshot::starts`]).
    pub starts: &'a [u32],
    /// Nobody is gone before the walk: the marks the fans are cast against.
    pub nobody: &'a Gone,
    /// The phase's times thread by thread, when the run handed it a clock; every thread that
    /// looks or walks reads the sight, so each writes its own lane here.
    pub times: &'a Times,
}

impl Sight<'_> {
    /// Where roster place `i`'s glance is kept when the looking is cut into `crew` stripes:
    /// which stripe, and where in it. With packs, a pack's four lanes sit side by side.
    #[inline]
    pub fn seat(&self, i: usize, crew: usize) -> (usize, usize) {
        seat(self.minds, self.brain_of, i, crew)
    }

    /// The pack roster place `i`'s brain is in, if the brains are packed.
    #[inline]
    pub fn pack_of(&self, i: usize) -> Option<usize> {
        match self.minds {
            Minds::Packed { .. } => Some(self.brain_of[i] as usize / LANES),
            Minds::Alone(_) => None,
        }
    }

    /// Roster place `i`'s whole pass over `row`.
    #[inline]
    pub fn think(&self, i: usize, row: &[f64; INPUTS]) -> [f64; ACTS] {
        self.minds.think(self.isa, self.brain_of[i] as usize, row)
    }

    /// The rest of roster place `i`'s pass, from the sums the settled inputs left.
    #[inline]
    pub fn finish(&self, i: usize, sums: &[f64; HIDDEN], row: &[f64; INPUTS]) -> [f64; ACTS] {
        self.minds.finish(self.isa, self.brain_of[i] as usize, sums, row)
    }

    /// A copy of the brain roster place `i` thinks with.
    pub fn brain(&self, i: usize) -> Brain {
        self.minds.brain(self.brain_of[i] as usize)
    }

    /// The view the checks read.
    pub fn checked(&self) -> &dyn View {
        self.second.unwrap_or(self.view)
    }

    /// Casts roster place `i`'s fan against the view, leaving out everyone marked `gone`, by
    /// the cast the design asks for. Every fan of the phase is cast here, and never inlined,
    /// so that a profile counts the whole of casting under this one name.
    #[inline(never)]
    pub fn cast(&self, i: usize, gone: &Gone, fan: &mut Fan) {
        let how = if self.design.floor {
            Cast::Floored
        } else if self.design.strides {
            Cast::Strides
        } else {
            Cast::Quick
        };
        self.view.cast(self.ground, self.eyes[i], i as u32, gone, fan, how);
    }

    /// The picker's question for roster place `i`, standing at `eye` with `store` grams:
    /// may it take action `a` now? Asked as a yes or a no, or (`--wordy`) as a refusal in full.
    pub fn allows(&self, i: usize, eye: &Eye, store: f64, a: Act, here: Here) -> bool {
        if self.design.wordy {
            act::legal(eye, store, i as u32, a, here).is_ok()
        } else {
            act::can(eye, store, a, here)
        }
    }
}

// ANCHOR: open
// ANCHOR: rows
/// The view a phase reads under `design`: the flat rows as they stand, or the retired view one
/// of the view's switches puts back, each read here in one line.
fn chosen(design: Design) -> Box<dyn View> {
    if design.maps {
        Box::new(Hashed::default())
    } else if design.unringed {
        Box::new(Unringed::default())
    } else if design.rebuilt {
        Box::new(Rebuilt::default())
    } else {
        Box::new(Flat::default())
    }
}
// ANCHOR_END: rows

impl Snapshot {
    /// The view the phase opens on. Under the current design the one view is refilled in
    /// place and nothing is built; `--fresh` empties it first, as a new one would be, and
    /// `--twice` refills a second one, emptied, for the checks.
    pub fn open_view(&mut self, hab: &Habitat, design: Design) {
        if design.fresh {
            self.view.renew();
        }
        self.view.refill(hab, &self.cells);
        if let Some(second) = &mut self.second {
            second.renew();
            second.refill(hab, &self.cells);
        }
    }
}
// ANCHOR_END: open
