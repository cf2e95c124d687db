//! What a ray meets on a cell: the answer every view gives, and the number a brain reads for it.

/// What a ray meets on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// Open ground with nobody and no plant on it: the ray goes on.
    Nothing,
    /// Another creature, alive and not marked gone.
    Creature,
    /// A plant, grams or none.
    Plant,
    /// Water.
    Water,
    /// Rock, or the edge of the valley.
    Rock,
}

impl Hit {
    /// The number the sensor row carries for it: creatures and plants above zero, water and
    /// rock below, nothing at zero.
    pub fn code(self) -> f64 {
        match self {
            Hit::Nothing => 0.0,
            Hit::Creature => 1.0,
            Hit::Plant => 0.5,
            Hit::Water => -0.5,
            Hit::Rock => -1.0,
        }
    }
}
