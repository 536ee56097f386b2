//! kappa's symbolic execution engine (King's classic symbolic execution, section 2 and
//! Algorithm 2 of the compact symbolic execution paper) over the flowgraph IR.
//!
//! Extension points, each a trait: [`Searcher`] (state selection), [`HeapModel`] (pointers to
//! several objects, symbolic input heaps), [`TemplateProvider`] (loop summaries of compact
//! symbolic execution) and [`TreeObserver`] (the symbolic execution tree). Everything else is in
//! [`Config`].

pub mod config;
pub mod engine;
pub mod heap;
pub mod memory;
pub mod pool;
pub mod report;
pub mod searcher;
pub mod state;
pub mod template;
pub mod trail;
pub mod tree;
pub mod value;

pub use config::{
    Config, HaltTests, HeapKind, LeakCheck, Limits, Mode, NondetMain, ProgramInputSpec, SearchKind, Share, TestPolicy,
};
pub use engine::coverage::{CoverageParts, CoverageTracker, LoopPosition, PathCoverage};
pub use engine::{Engine, Termination};
pub use heap::{HeapModel, ProgramHeap};
pub use pool::WorkerPool;
pub use report::{RunReport, Stats};
pub use searcher::Searcher;
pub use template::{NoTemplates, TemplateProvider};
pub use tree::{NodeKind, TreeObserver, TreeRecorder};

/// The CPU time of the calling thread, in seconds (0 if the clock is not available): a
/// worker's share of a `--jobs` run, for diagnosis ([`report::WorkerShare`]).
pub fn thread_cpu_s() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec to write; the clock id is a constant of the platform.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    if r != 0 {
        return 0.0;
    }
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Resident memory of this process in MiB (0 where /proc is not available).
pub fn rss_mb() -> f64 {
    let Ok(s) = std::fs::read_to_string("/proc/self/statm") else { return 0.0 };
    let pages: f64 = s.split_whitespace().nth(1).and_then(|x| x.parse().ok()).unwrap_or(0.0);
    pages * 4096.0 / (1024.0 * 1024.0)
}

/// Peak resident memory of this process in MiB.
pub fn peak_rss_mb() -> f64 {
    let Ok(s) = std::fs::read_to_string("/proc/self/status") else { return rss_mb() };
    s.lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
        .unwrap_or_else(rss_mb)
}
