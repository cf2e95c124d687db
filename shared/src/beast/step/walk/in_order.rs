//! The walk in roster order: every creature's turn on the walk's own thread, one after the
//! other, against the view the phase opened on and the grams as they stand when its turn
//! comes. It keeps no scratch of its own.

use super::turn::{Walking, choose};
use crate::beast::act;
use crate::beast::kind::{INPUTS, UPKEEP};
use crate::beast::step::ahead::Glance;

/// The walk: every creature in roster order takes its turn, its fan the one looked ahead (cast
/// again near an earlier death) or, when nothing was looked ahead, cast now.
pub(super) fn walk(w: Walking) {
    let Walking { sight, stripes, ahead, crew, live, hab, deaths, count, .. } = w;
    let mut mine = Glance::BLANK;
    let mut row = [0.0; INPUTS];
    for (i, c) in live.iter_mut().enumerate() {
        let g = if ahead {
            let (stripe, at) = sight.seat(i, crew);
            let g = &mut stripes[stripe][at];
            count.ahead(sight, i, g);
            deaths.look_again(sight, i, g, count);
            g
        } else {
            mine.cast(sight, i, &deaths.gone);
            &mut mine
        };
        count.read(g);
        let choice = choose(sight, hab, i, c, g, &mut row, count);
        act::perform(c, choice, sight.view, hab);
        c.store -= UPKEEP;
        count.creature_ticks += 1;
        if c.store <= 0.0 {
            deaths.fall(sight, hab, i, c);
        }
    }
}
