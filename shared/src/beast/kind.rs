//! The numbers every creature of the one kind shares: how far it sees, how it bites, what
//! its body weighs and what each tick and each action costs it.

/// How far a ray runs, in cells.
pub const SIGHT: f64 = 12.0;
/// How far a ray advances between two questions to the view, in cells.
pub const STRIDE: f64 = 0.25;
/// Questions a ray asks at most: sight over stride.
pub const STEPS: usize = 48;
/// Rays in a fan.
pub const FAN: usize = 9;
/// The angle between two neighbouring rays, in radians: the fan covers 120 degrees.
pub const RAY_GAP: f64 = std::f64::consts::PI / 12.0;

/// The most grams one bite takes off a plant.
pub const BITE: f64 = 0.5;
/// Half the side of the square a bite reaches over: 1 means the 3x3 cells around.
pub const REACH: i64 = 1;
/// What a body weighs, in grams: what goes into the litter when it is buried.
pub const BULK: f64 = 40.0;
/// The store a creature is founded with, in grams.
pub const STORE: f64 = 3.4;
/// Grams charged every tick for being alive, whatever the creature does.
pub const UPKEEP: f64 = 0.02;

/// A step forward, in cells.
pub const STEP: f64 = 0.5;
/// A dash forward, in cells.
pub const DASH: f64 = 1.0;
/// A turn, in radians.
pub const TURN: f64 = 0.35;

/// Numbers in the sensor row.
pub const INPUTS: usize = 24;
/// Hidden units in a brain, each squashed by `tanh`.
pub const HIDDEN: usize = 12;
/// Actions the brain chooses among, one score each.
pub const ACTS: usize = 6;
/// Entries of the sensor row before this one are settled when a phase opens (the fan, the
/// store, the heading); from here on they are grams read live, which an earlier bite can move.
pub const SETTLED: usize = 21;
