//! Limits that come from outside the program: an interrupt (Ctrl-C, SIGTERM, through
//! [`kappa_solver::interrupt`]) and the memory cap.
//!
//! The memory cap is kept as KLEE keeps `--max-memory` (`Executor::checkMemoryUsage`): the
//! resident memory is measured the way the statistics measure it (`/proc/self/statm`), and when
//! it nears the cap, pending states chosen at random are dropped (each a stopped path, counted
//! in `states_dropped`) and the freed memory is handed back to the system, so that the run goes
//! on within the cap. Only when nothing is left to drop and the cap is passed does the run stop.

use super::*;
use crate::searcher::Searcher;

/// The reason in `incomplete` (first) when a run was interrupted.
pub const INTERRUPTED: &str = "interrupted";

/// How a state dropped by the memory cap ends (a stopped path, not an unsupported operation).
pub(crate) const MEMORY_DROP: &str = "dropped over the memory cap";

/// States are dropped from this fraction of the cap on…
const DROP_AT: f64 = 0.9;
/// …until the resident memory is below this fraction.
const DROP_TO: f64 = 0.8;
/// Memory is measured after this many new states, or this long after the last measurement.
const CHECK_STATES: u64 = 64;
const CHECK_EVERY: Duration = Duration::from_millis(20);

/// The memory cap's bookkeeping.
pub(crate) struct MemoryGuard {
    last_check: Instant,
    last_states: u64,
    /// Resident memory when the run started (MiB).
    base_mb: f64,
    rng: u64,
}

impl MemoryGuard {
    pub(crate) fn new(seed: u64) -> MemoryGuard {
        MemoryGuard { last_check: Instant::now(), last_states: 0, base_mb: crate::rss_mb(), rng: seed | 1 }
    }
}

impl<'p> Engine<'p> {
    /// An interrupt, or the memory cap passed with no state left to drop: the reason the run
    /// stops. Drops states to keep the cap.
    pub(crate) fn outside_limit(&mut self, searcher: &mut dyn Searcher) -> Option<String> {
        if kappa_solver::interrupt::requested() {
            return Some(INTERRUPTED.into());
        }
        let pending = searcher.len() as u64 + 1;
        self.stats.states_pending_max = self.stats.states_pending_max.max(pending);
        let g = &mut self.memory_guard;
        if self.stats.states_created < g.last_states + CHECK_STATES && g.last_check.elapsed() < CHECK_EVERY {
            return None;
        }
        g.last_check = Instant::now();
        g.last_states = self.stats.states_created;
        let mut rss = crate::rss_mb();
        if pending >= 100 && pending >= self.stats.states_pending_max {
            self.stats.memory_per_state_kb = ((rss - g.base_mb) * 1024.0 / pending as f64).max(0.0);
        }
        self.stats.peak_memory_mb = self.stats.peak_memory_mb.max(rss);
        let cap = self.cfg.limits.memory_mb? as f64;
        if rss > DROP_AT * cap {
            rss = self.drop_states(searcher, rss, cap);
        }
        if rss > cap {
            return Some(format!("memory limit of {cap} MB reached"));
        }
        None
    }

    /// Drops pending states at random until the resident memory is below `DROP_TO` of the cap
    /// or none is left; returns the resident memory afterwards.
    fn drop_states(&mut self, searcher: &mut dyn Searcher, mut rss: f64, cap: f64) -> f64 {
        let before = self.stats.states_dropped;
        for _ in 0..16 {
            let pending = searcher.len();
            if pending == 0 {
                break;
            }
            // The share of the memory the states hold that must go, at least a tenth.
            let held = (rss - self.memory_guard.base_mb).max(1.0);
            let frac = ((rss - DROP_TO * cap) / held).clamp(0.1, 1.0);
            let n = ((pending as f64 * frac).ceil() as usize).clamp(1, pending);
            for s in searcher.evict(n, &mut self.memory_guard.rng) {
                self.stats.states_dropped += 1;
                self.halted_test(&s, MEMORY_DROP);
                self.finish(s, Termination::Stopped(MEMORY_DROP.into()));
            }
            release_free_memory();
            rss = crate::rss_mb();
            if rss <= DROP_TO * cap {
                break;
            }
        }
        if self.stats.states_dropped > before {
            let reason = format!("memory cap of {cap} MB: {} states dropped", self.stats.states_dropped);
            match self.stats.incomplete.iter_mut().find(|r| r.starts_with("memory cap of")) {
                Some(r) => *r = reason,
                None => self.stats.incomplete.push(reason),
            }
        }
        rss
    }

    /// After the run, the limit that stopped it: an interrupt (also one that came during the
    /// last step) is the first reason of `incomplete`, the verdict's, and the queries it
    /// cancelled are not reasons of their own.
    pub(crate) fn note_limit(&mut self, hit: Option<String>) {
        // Queries the solver did not check because the deadline was too close are the time
        // limit's doing: the run reports its time limit, not the solver.
        // In its place among the reasons (an earlier one, an arguments bound, stays first).
        let refused = format!("solver unknown ({})", kappa_solver::DEADLINE);
        if let Some(at) = self.stats.incomplete.iter().position(|r| *r == refused) {
            // Those paths stopped: the run stays incomplete whatever limit is named.
            let time = hit.clone().filter(|h| h.starts_with("time limit")).or_else(|| self.time_limit_reason());
            let reason = time.unwrap_or_else(|| "time limit reached".into());
            if self.stats.incomplete.contains(&reason) {
                self.stats.incomplete.remove(at);
            } else {
                self.stats.incomplete[at] = reason;
            }
        }
        if kappa_solver::interrupt::requested() {
            let cancelled = format!("solver unknown ({})", kappa_solver::interrupt::REASON);
            self.stats.incomplete.retain(|r| *r != cancelled);
            self.stats.incomplete.insert(0, INTERRUPTED.into());
        }
        // A limit met before the interrupt (the depth limit) is named too.
        if let Some(reason) = hit.filter(|r| r != INTERRUPTED && !self.stats.incomplete.contains(r)) {
            self.stats.incomplete.push(reason);
        }
    }
}

/// Hands memory freed by dropped states back to the system: glibc keeps freed memory in its
/// arenas, where the resident size does not show it free.
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of the allocator.
    unsafe {
        libc::malloc_trim(0);
    }
}

impl Engine<'_> {
    /// The run's time limit passed or an interrupt came: work inside a step that can take long
    /// (a template's computation, a cycle's inner loops) gives up, and the run loop stops at
    /// the next state.
    pub fn out_of_time(&self) -> bool {
        kappa_solver::interrupt::requested() || self.cfg.limits.time.is_some_and(|t| self.start.elapsed() >= t)
    }
}
