//! Arithmetic in lanes: one number per lane, several lanes per instruction, and in every lane
//! exactly the operations, in exactly the order, that the one-number code does. A leaf: it
//! knows numbers, not brains (`beast::pack` and `beast::one` put brains in lanes).
//!
//! A lane computes what the scalar code computes because IEEE arithmetic rounds each add,
//! multiply and divide the same way whether it runs alone or beside three others. What could
//! break the bits is anything that changes the operations themselves: fused multiply-adds,
//! reassociated sums, or a branch taken differently. So nothing here fuses (the `fma` feature
//! is never enabled), sums keep their written order, and every branch of the scalar code
//! becomes a mask that picks, lane by lane, the value the branch would have produced.
//!
//! - [`lane`]: `Lanes` and `Mask`, the lane type and its masks.
//! - [`cpu`]: `Isa`, the one place that chooses between plain x86-64 and AVX2 at run time.
//! - [`expm1`] and [`tanh`]: the port of the pinned `libm::tanh`, lane by lane.

pub mod cpu;
pub mod expm1;
pub mod lane;
pub mod tanh;

pub use cpu::Isa;
pub use lane::{Lanes, Mask};
