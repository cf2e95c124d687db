//! The view as first wired (`--maps`): two hash maps keyed by cell, kept beside the flat rows
//! that replaced them.

use super::View;
use crate::base::{Land, Valley};
use crate::beast::habitat::Habitat;
use crate::beast::look::gone::Gone;
use crate::beast::look::hit::Hit;

// ANCHOR: hashed
/// The view as first wired: two hash maps keyed by cell, one giving the plant there and the
/// other the creatures there. Only ever looked up, never walked, so its order cannot leak into
/// a result.
#[allow(
    clippy::disallowed_types,
    reason = "the retired design the chapter measures: looked up by cell, never walked"
)]
#[derive(Clone, Debug, Default)]
pub struct Hashed {
    stand: std::collections::HashMap<(i64, i64), u32>,
    crowd: std::collections::HashMap<(i64, i64), Vec<u32>>,
}

impl Hashed {
    /// What a ray meets on cell (x, y): every lookup hashes the pair of coordinates, once
    /// for the creatures and once more for a plant.
    pub fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &Gone) -> Hit {
        let land = ground.at(x, y);
        let off = x < 0 || y < 0 || x >= ground.cols as i64 || y >= ground.rows as i64;
        if off {
            return Hit::Rock;
        }
        if let Some(here) = self.crowd.get(&(x, y))
            && here.iter().any(|&c| c != me && !gone.is(c as usize))
        {
            return Hit::Creature;
        }
        match land {
            Land::Water => Hit::Water,
            Land::Rock => Hit::Rock,
            Land::Ground if self.stand.contains_key(&(x, y)) => Hit::Plant,
            Land::Ground => Hit::Nothing,
        }
    }
    // ANCHOR_END: hashed

    /// Empties both maps and fills them again. Clearing keeps the maps' tables but not the
    /// lists of creatures in them, which are made again cell by cell.
    pub fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        self.stand.clear();
        self.crowd.clear();
        for (i, st) in hab.stands.iter().enumerate() {
            self.stand.insert((st.x, st.y), i as u32);
        }
        for (i, &c) in cells.iter().enumerate() {
            self.crowd.entry(c).or_default().push(i as u32);
        }
    }

    /// The plant on cell (x, y), as an index into the habitat's stands: one more lookup.
    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.stand.get(&(x, y)).copied()
    }
}

impl View for Hashed {
    fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        Hashed::refill(self, hab, cells);
    }

    #[inline]
    fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &Gone) -> Hit {
        Hashed::at(self, ground, x, y, me, gone)
    }

    #[inline]
    fn stand(&self, x: i64, y: i64) -> Option<u32> {
        Hashed::stand(self, x, y)
    }

    fn renew(&mut self) {
        *self = Hashed::default();
    }
}
