//! This thread's CPU time, for the benches that time work on a shared machine:
//! wall time counts other processes' turns too. Included by `#[path]` from each
//! bench that needs it (benches are separate crates).

/// This thread's CPU time in seconds (other processes' turns not counted), where
/// the platform has the clock.
#[cfg(unix)]
#[expect(
    unsafe_code,
    reason = "clock_gettime through libc: std has no per-thread CPU clock"
)]
pub(crate) fn thread_cpu_seconds() -> Option<f64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec for the call's duration.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then_some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
}

#[cfg(not(unix))]
pub(crate) fn thread_cpu_seconds() -> Option<f64> {
    None
}
