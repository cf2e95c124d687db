//! A valley of creatures: plants that grow and get eaten, animals that look, think and act,
//! and the phase that steps all of them once a tick.
//!
//! One idea a file, and each file uses only the ones named before it here: `kind` holds the numbers
//! every creature shares, `design` the switches that put retired parts of the phase back,
//! `brain` the small network each creature carries, `minds` the crowd's brains four to a
//! pack, `creature` one creature and its eye,
//! `habitat` the valley they live in, `view` the reading of it taken when a phase opens, `fan`
//! the rays a creature looks with, `sense` the row of numbers its brain reads, `act` the six
//! things it can do, `crew` the looking done ahead on several threads, and `roster` the crowd
//! and its phase.

pub mod act;
pub mod brain;
pub mod creature;
pub mod crew;
pub mod design;
pub mod fan;
pub mod habitat;
pub mod kind;
pub mod minds;
pub mod roster;
pub mod sense;
pub mod view;

pub use act::Act;
pub use brain::Brain;
pub use creature::Creature;
pub use design::Design;
pub use habitat::Habitat;
pub use roster::{Moment, Roster, World};
pub use view::{Hit, View};

/// Stream numbers. Each random part of the creature world draws from its own.
pub const PLANT_STREAM: u64 = 11;
pub const SCATTER_STREAM: u64 = 12;
pub const WEATHER_STREAM: u64 = 13;
pub const BRAIN_STREAM: u64 = 14;

#[cfg(test)]
mod tests {
    /// The modules in the order they may use each other: each only the ones before it.
    const ORDER: [(&str, &str); 12] = [
        ("kind", include_str!("kind.rs")),
        ("design", include_str!("design.rs")),
        ("brain", include_str!("brain.rs")),
        ("minds", include_str!("minds.rs")),
        ("creature", include_str!("creature.rs")),
        ("habitat", include_str!("habitat.rs")),
        ("view", include_str!("view.rs")),
        ("fan", include_str!("fan.rs")),
        ("sense", include_str!("sense.rs")),
        ("act", include_str!("act.rs")),
        ("crew", include_str!("crew.rs")),
        ("roster", include_str!("roster.rs")),
    ];

    #[test]
    fn the_modules_use_each_other_in_one_direction_only() {
        for (i, (name, text)) in ORDER.iter().enumerate() {
            // Tests may reach anywhere; the code above them may not.
            let code = text.split("#[cfg(test)]").next().unwrap_or(text);
            for (later, _) in &ORDER[i..] {
                for used in [format!("super::{later}"), format!("beast::{later}")] {
                    assert!(!code.contains(&used), "{name} uses {later}, which comes after it");
                }
            }
        }
    }
}
