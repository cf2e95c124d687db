//! Which instructions the lanes run on, chosen once at run time.
//!
//! The default build targets plain x86-64, whose registers hold two doubles. Most machines
//! this book runs on also have AVX2, whose registers hold four; the lane code is the same
//! source either way, compiled twice: once for the plain target and once inside a function
//! marked `#[target_feature(enable = "avx2")]`, where the compiler may use the wide registers.
//! Only `avx2` is enabled, never `fma`, so no multiply and add are ever fused and both
//! versions give the same bits.
//!
//! Calling a function compiled for AVX2 on a CPU without it would be undefined behaviour, so
//! that call is `unsafe`, and this file is the only one allowed to make it.
#![allow(unsafe_code)]

/// An instruction set the lane code can run on. Only this file can make one that needs a CPU
/// feature, and only after asking the CPU, so holding an `Isa` proves it can be used here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isa(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Whatever the build targets: SSE2 on a default x86-64 build.
    Plain,
    /// 256-bit registers, without fused multiply-add.
    #[cfg_attr(
        not(any(target_arch = "x86", target_arch = "x86_64")),
        expect(dead_code, reason = "only an x86 CPU has AVX2, so elsewhere nothing makes one")
    )]
    Avx2,
}

impl Isa {
    /// The build's own target, which every CPU the binary starts on can run.
    pub const PLAIN: Isa = Isa(Kind::Plain);

    /// AVX2, if this CPU has it.
    pub fn avx2() -> Option<Isa> {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if std::is_x86_feature_detected!("avx2") {
            return Some(Isa(Kind::Avx2));
        }
        None
    }

    /// The widest this CPU runs.
    pub fn best() -> Isa {
        Isa::avx2().unwrap_or(Isa::PLAIN)
    }

    /// Every instruction set this CPU runs, plain first: what the tests and benches compare.
    pub fn every() -> Vec<Isa> {
        std::iter::once(Isa::PLAIN).chain(Isa::avx2()).collect()
    }

    /// The instruction set called `name` (`plain`, `avx2`, or `best` for the widest here),
    /// or a sentence saying why it cannot be had.
    pub fn named(name: &str) -> Result<Isa, String> {
        match name {
            "plain" => Ok(Isa::PLAIN),
            "best" => Ok(Isa::best()),
            "avx2" => Isa::avx2().ok_or_else(|| "this CPU has no AVX2: use plain".to_string()),
            _ => Err(format!("no instruction set called {name:?}: use plain, avx2 or best")),
        }
    }

    /// A short name for benches and reports.
    pub fn name(self) -> &'static str {
        match self.0 {
            Kind::Plain => "plain",
            Kind::Avx2 => "avx2",
        }
    }

    // ANCHOR: run
    /// Runs `f` compiled for this instruction set. `f` should be a closure marked
    /// `#[inline(always)]` over code marked the same, so that all of it is compiled inside the
    /// AVX2 function rather than called from it.
    #[inline(always)]
    pub fn run<R>(self, f: impl FnOnce() -> R) -> R {
        match self.0 {
            Kind::Plain => f(),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            // SAFETY: an `Isa` of kind `Avx2` is made only by `Isa::avx2`, after
            // `is_x86_feature_detected!("avx2")` said this CPU has it.
            Kind::Avx2 => unsafe { avx2(f) },
            #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
            Kind::Avx2 => f(),
        }
    }
    // ANCHOR_END: run
}

/// `f`, compiled with AVX2 enabled (and FMA not).
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[target_feature(enable = "avx2")]
unsafe fn avx2<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_comes_first_and_best_is_the_widest() {
        let every = Isa::every();
        assert_eq!(every[0], Isa::PLAIN);
        assert_eq!(Isa::best(), *every.last().expect("plain is always there"));
        assert_eq!(Isa::PLAIN.run(|| 6 * 7), 42);
        assert_eq!(Isa::best().run(|| 6 * 7), 42);
    }

    #[test]
    fn names_go_both_ways() {
        for isa in Isa::every() {
            assert_eq!(Isa::named(isa.name()), Ok(isa));
        }
        assert_eq!(Isa::named("best"), Ok(Isa::best()));
        assert!(Isa::named("sse9").unwrap_err().contains("plain, avx2 or best"));
    }
}
