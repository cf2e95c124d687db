//! One creature: where it stands, which way it faces, what it has in store; and the eye it
//! looks through, taken when a phase opens.

/// One creature.
#[derive(Clone, Debug)]
pub struct Creature {
    /// Where it stands across, in cells (its cell is the floor).
    pub x: f64,
    /// Where it stands down, in cells.
    pub y: f64,
    /// Which way it faces, in radians.
    pub heading: f64,
    /// The cosine and sine of `heading`, worked out whenever the heading changes. A creature
    /// that does not turn reads them several times a tick (to look, to sense, to step) and
    /// would otherwise pay for the same two `libm` calls at every read. None for a creature
    /// founded under `--cosines`, which works them out at every read, as the first wiring did.
    kept: Option<(f64, f64)>,
    /// Grams it can still spend.
    pub store: f64,
    /// Grams it has eaten since it was founded.
    pub eaten: f64,
    /// Whether it ran its store down this phase; struck off when the phase closes.
    pub dead: bool,
}

impl Creature {
    /// A creature standing at (x, y), facing `heading`, with `store` grams and nothing eaten.
    pub fn new(x: f64, y: f64, heading: f64, store: f64) -> Creature {
        Creature { x, y, heading, kept: Some(facing(heading)), store, eaten: 0.0, dead: false }
    }

    // ANCHOR: facing
    /// The same creature keeping no cosine and sine: the retired design behind `--cosines`.
    pub fn forgetful(self) -> Creature {
        Creature { kept: None, ..self }
    }

    /// The cosine and sine of the heading: kept, or worked out now by a forgetful creature.
    #[inline]
    pub fn facing(&self) -> (f64, f64) {
        self.kept.unwrap_or_else(|| facing(self.heading))
    }

    /// Turns by `by` radians, and works out the cosine and sine of the new heading if it
    /// keeps them.
    pub fn turn(&mut self, by: f64) {
        self.heading += by;
        if let Some(k) = &mut self.kept {
            *k = facing(self.heading);
        }
    }
    // ANCHOR_END: facing

    /// The cell it stands on.
    pub fn cell(&self) -> (i64, i64) {
        (floor(self.x), floor(self.y))
    }

    /// Where it looks from and which way, for a fan or a check.
    pub fn eye(&self) -> Eye {
        Eye { x: self.x, y: self.y, facing: self.facing() }
    }
}

/// Where a creature's eye is and which way it faces: all a fan, and a check on a move, need
/// to know about the creature.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eye {
    /// Across, in cells.
    pub x: f64,
    /// Down, in cells.
    pub y: f64,
    /// The heading's cosine and sine.
    pub facing: (f64, f64),
}

impl Eye {
    /// The cell the eye is on.
    pub fn cell(&self) -> (i64, i64) {
        (floor(self.x), floor(self.y))
    }
}

/// The cosine and sine of a heading, from `libm`, so every machine gets the same bits.
pub fn facing(heading: f64) -> (f64, f64) {
    (libm::cos(heading), libm::sin(heading))
}

// ANCHOR: floor
/// The whole number at or below `v`, for the cell a place falls in. Exact for every place a
/// valley can hold, and a cast and a compare where `libm::floor` is a call.
#[inline]
pub fn floor(v: f64) -> i64 {
    let t = v as i64;
    if (t as f64) > v { t - 1 } else { t }
}
// ANCHOR_END: floor

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_agrees_with_libm() {
        for v in [-1.5, -1.0, -0.25, -0.0, 0.0, 0.3, 1.0, 1.999_999_999, 149.75, -1e-300] {
            assert_eq!(floor(v), libm::floor(v) as i64, "{v}");
        }
    }

    #[test]
    fn a_forgetful_creature_faces_the_same_way_to_the_bit() {
        let mut kept = Creature::new(3.5, 4.5, 0.7, 1.0);
        let mut forgetful = kept.clone().forgetful();
        for turn in [0.35, -0.35, 0.35, 0.35, 1e-3] {
            kept.turn(turn);
            forgetful.turn(turn);
            assert_eq!(kept.facing(), forgetful.facing());
            assert_eq!(kept.eye(), forgetful.eye());
        }
    }
}
