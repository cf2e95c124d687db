//! The system allocator held to one rule for large blocks, so a run's peak memory is the
//! memory its live data needs.

/// The size from which glibc maps a block on its own, and hands it back when it is freed: its
/// own starting value, 128 KiB.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MAPPED_FROM: i32 = 128 * 1024;

/// Holds glibc's threshold for mapping a block alone where it starts. Left to itself, glibc
/// raises that threshold each time a mapped block is freed, up to 32 MiB, and later blocks
/// below it come from a heap that keeps what is freed for reuse. A run that founds one large
/// world after another (`crowd crew --clock` at 150,000 creatures) then held 530 MB for worlds
/// of about 320 MB, one at a time. Set once, the threshold no longer moves. It changes where
/// blocks live, never what any of them holds, so no bit of any run moves with it.
#[allow(unsafe_code)]
pub fn settle() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` sets a tuning parameter of the allocator and touches no block; it is
    // called at the top of `main`, before any thread that could allocate starts.
    unsafe {
        nix::libc::mallopt(nix::libc::M_MMAP_THRESHOLD, MAPPED_FROM);
    }
}
