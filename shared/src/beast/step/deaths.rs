//! The deaths of a phase: who is gone, where they stood, who is still to bury, and the fans a
//! death makes cast again.

use crate::beast::creature::{Creature, Eye};
use crate::beast::habitat::Habitat;
use crate::beast::look::fan;
use crate::beast::look::gone::Gone;
use crate::beast::step::ahead::Glance;
use crate::beast::step::count::Count;
use crate::beast::step::sight::Sight;

/// The deaths of the phase under way: which roster places are gone, the cells they stood on
/// when it opened, and the ones still to bury when it closes. Room for every creature to die is
/// asked for once, so a phase never grows these.
#[derive(Default)]
pub(super) struct Deaths {
    /// Whether each roster place has died in this phase.
    pub(super) gone: Gone,
    /// The cells the dead stood on as the phase opened, in the order they fell.
    pub(super) cells: Vec<(i64, i64)>,
    /// The roster places of the dead still to bury when the phase closes.
    pub(super) unburied: Vec<u32>,
}

impl Deaths {
    // ANCHOR: again
    /// Casts roster place `i`'s fan again if a creature died within its sight earlier in the
    /// walk, unless the design casts fans once and never again.
    pub(super) fn look_again(&self, sight: &Sight, i: usize, g: &mut Glance, count: &mut Count) {
        let near = Deaths::seen(sight, sight.eyes[i], &self.cells);
        Deaths::look_again_if(near, sight, i, g, &self.gone, count);
    }

    // ANCHOR: seen
    /// Whether a death on one of `cells` may have touched the fan from `eye`, so that the fan
    /// must be cast again: the one test every walk asks, in order, by levels and by bands. The
    /// sight is for a design that would choose another test; today every design takes this one.
    pub(super) fn seen(sight: &Sight, eye: Eye, cells: &[(i64, i64)]) -> bool {
        let _ = sight.design;
        fan::within_sight(eye, cells)
    }
    // ANCHOR_END: seen

    /// The same, for a walk that works out for itself whether a death was `near`, against the
    /// marks `gone`.
    pub(super) fn look_again_if(
        near: bool,
        sight: &Sight,
        i: usize,
        g: &mut Glance,
        gone: &Gone,
        count: &mut Count,
    ) {
        if !sight.design.loose && near {
            g.cast(sight, i, gone);
            count.recast += 1;
        }
    }
    // ANCHOR_END: again

    // ANCHOR: fall
    /// Roster place `i` has run its store down: nobody sees it from now on, and it is buried
    /// when the phase closes, or at once under the design that buried the dead as they fell.
    pub(super) fn fall(&mut self, sight: &Sight, hab: &mut Habitat, i: usize, c: &mut Creature) {
        self.gone.mark(i);
        if sight.design.hasty {
            c.dead = true;
            self.cells.push(sight.cells[i]);
            let (x, y) = c.cell();
            hab.bury(x, y, sight.view.stand(x, y));
        } else {
            self.fell(sight, i, c);
        }
    }

    /// Roster place `i`'s death written down once its mark is set: its cell among the phase's
    /// dead, and its body among those to bury when the phase closes. The walk by bands marks
    /// its dead as they fall and writes the rest down here when every band is done.
    pub(super) fn fell(&mut self, sight: &Sight, i: usize, c: &mut Creature) {
        c.dead = true;
        self.cells.push(sight.cells[i]);
        self.unburied.push(i as u32);
    }
    // ANCHOR_END: fall
}
