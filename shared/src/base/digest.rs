//! Fingerprints of the world's numbers.
//!
//! A picture can only say whether two runs look alike. A digest over the raw bits of every
//! number says whether they *are* alike, down to the last bit of the last float.

use sha2::{Digest as _, Sha256};

/// A running SHA-256 over numbers fed to it in an order the caller fixes.
#[derive(Clone, Default)]
pub struct Digest(Sha256);

impl Digest {
    /// A digest of nothing yet.
    pub fn new() -> Digest {
        Digest(Sha256::new())
    }

    /// The 64 bits of a float exactly as the machine holds them, big-endian. `-0.0` and `0.0`
    /// differ here, and so do two NaNs with different payloads: this is about bits, not values.
    pub fn f64(&mut self, x: f64) -> &mut Digest {
        self.0.update(x.to_bits().to_be_bytes());
        self
    }

    /// The 64 bits of a whole number, big-endian: for counts and sizes beside the floats.
    pub fn u64(&mut self, x: u64) -> &mut Digest {
        self.0.update(x.to_be_bytes());
        self
    }

    /// Bytes as they are: for pixels.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Digest {
        self.0.update(b);
        self
    }

    /// The first `n` bytes of the digest as lower-case hex (16 hex for the book's state hashes).
    pub fn hex(&self, n: usize) -> String {
        let sum = self.0.clone().finalize();
        sum[..n].iter().map(|b| format!("{b:02x}")).collect()
    }
}

// ANCHOR: bodies
/// The book's state hash for bodies: every position and velocity, body by body, x before y.
pub fn bodies(bodies: &[crate::Body]) -> String {
    let mut d = Digest::new();
    for b in bodies {
        d.f64(b.pos.x).f64(b.pos.y).f64(b.vel.x).f64(b.vel.y);
    }
    d.hex(8)
}
// ANCHOR_END: bodies

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Body, Vec2};

    #[test]
    fn one_bit_changes_the_digest() {
        let a = [Body::new(Vec2::new(1.0, 2.0), Vec2::ZERO)];
        let b = [Body::new(Vec2::new(1.0, f64::from_bits(2.0f64.to_bits() + 1)), Vec2::ZERO)];
        assert_ne!(bodies(&a), bodies(&b));
        assert_eq!(bodies(&a).len(), 16);
    }

    #[test]
    fn known_value_of_the_empty_digest() {
        // SHA-256 of nothing begins e3b0c442 98fc1c14: a guard against a changed hasher.
        assert_eq!(Digest::new().hex(8), "e3b0c44298fc1c14");
    }

    #[test]
    fn negative_zero_is_not_zero() {
        let mut a = Digest::new();
        let mut b = Digest::new();
        assert_ne!(a.f64(0.0).hex(8), b.f64(-0.0).hex(8));
    }
}
