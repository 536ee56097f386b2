//! The phases of `verify` under `--max-time T` budgeted by work, not wall time (the charter's
//! "same input, same answer"; docs/spec-extensions.md, "The time limit").
//!
//! Each phase before the plain exploration (the short exploration, k-induction's step
//! programs, its base case, the exploration before a proof by summaries and the proof, lazy
//! annotation) has a nominal share of `T` (not of the time left, which depends on how fast the
//! earlier phases ran). The share is turned into a budget of work by fixed rates — Z3's work
//! units (rlimit), solver queries and states per second, measured on this project's machine
//! when quiet (docs/benchmarks.md, "Phases budgeted by work") — so that the same task does the
//! same work in every phase on a quiet or a loaded machine. The wall-clock share stays only as
//! a backstop, [`BACKSTOP`] times the share (so well above the work budget's quiet time); the
//! deadline of `--max-time` is the one hard wall limit.

use std::sync::Mutex;
use std::time::Duration;

/// Z3's work units (rlimit counts) per second of a phase: what the k-induction step programs
/// and the short explorations of bench/proofs did on the quiet machine (1.0 to 6.8 M units/s;
/// the budget is sized so that the proofs that fit their share before still fit; the slow end
/// is what [`BACKSTOP`] is for).
pub const UNITS_PER_SECOND: u64 = 4_000_000;
/// Solver queries per second of a phase: classic explorations of small queries (k-induction's
/// base case) made 130 to 2,000 per second on the quiet machine; `id_build_bug`'s violation
/// needs 673 queries of the base case, a quarter of a 10 s run (the base case's fixed cap of
/// 1,000 queries stays the bound there).
pub const QUERIES_PER_SECOND: u64 = 500;
/// States created per second of a phase.
pub const STATES_PER_SECOND: u64 = 500;
/// The wall-clock backstop of a phase, in multiples of its share: a phase that stays within
/// its work budget ends well before it on a quiet machine and also with the machine twice as
/// busy; what it cuts is a phase whose work Z3 does not count (a quantified query)…
pub const BACKSTOP: u32 = 3;
/// …and at most this part of the time left, so that the phases after it keep half
/// (`cggmp2005_bug`: k-induction's step programs on a machine three times slower took all the
/// time, and the base case that finds the violation in 0.01 s got none; `spamassassin_bug`,
/// with three quarters: its counterexample's replay got too little). For k-induction this is
/// the wall-clock share it had before its budget was work.
pub const BACKSTOP_OF_LEFT: f64 = 0.5;

/// `--max-time` of the check (its nominal T), set when the check starts.
static RUN_TIME: Mutex<Option<f64>> = Mutex::new(None);

/// Sets the nominal time of the check (`--max-time`; none: no limit, the phases keep their
/// fixed work budgets and backstops).
pub fn set_run_time(t: Option<f64>) {
    *RUN_TIME.lock().unwrap_or_else(|e| e.into_inner()) = t.map(|t| t.max(0.0));
}

/// The nominal time of the check (`--max-time`), if it has one.
pub fn run_time() -> Option<f64> {
    *RUN_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// The work budget of a phase whose share is `seconds` of the nominal time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Z3's work units over all the phase's queries.
    pub units: u64,
    pub queries: u64,
    pub states: u64,
    /// The wall-clock backstop: [`BACKSTOP`] times the share, at most [`BACKSTOP_OF_LEFT`] of
    /// the time left.
    pub backstop: Duration,
}

impl Budget {
    /// The budget of a share of `seconds` (of the nominal time), or `None` without `--max-time`.
    pub fn of_share(seconds: f64) -> Option<Budget> {
        run_time()?;
        let s = seconds.max(0.0);
        let backstop = Duration::from_secs_f64(s * f64::from(BACKSTOP));
        let left = crate::signals::time_left().map_or(backstop, |l| l.mul_f64(BACKSTOP_OF_LEFT));
        Some(Budget {
            units: (UNITS_PER_SECOND as f64 * s) as u64,
            queries: ((QUERIES_PER_SECOND as f64 * s) as u64).max(1),
            states: ((STATES_PER_SECOND as f64 * s) as u64).max(1),
            backstop: backstop.min(left),
        })
    }

    /// The budget of `part` of the nominal time less `before` seconds (the shares of the
    /// phases before it), or `None` without `--max-time`.
    pub fn of_part(part: f64, before: f64) -> Option<Budget> {
        let t = run_time()?;
        Budget::of_share((t - before).max(0.0) * part)
    }

    /// Caps the engine's configuration by the budget (the smaller of each limit), the
    /// backstop as its time limit and the solver's timeout.
    pub fn limit(&self, cfg: &mut kappa_engine::Config) {
        let l = &mut cfg.limits;
        l.work = Some(l.work.map_or(self.units, |w| w.min(self.units)));
        l.queries = Some(l.queries.map_or(self.queries, |q| q.min(self.queries)));
        l.states = Some(l.states.map_or(self.states, |q| q.min(self.states)));
        l.time = Some(l.time.map_or(self.backstop, |t| t.min(self.backstop)));
        cfg.solver_timeout = Some(cfg.solver_timeout.map_or(self.backstop, |s| s.min(self.backstop)));
    }
}

/// The nominal share of the short exploration before k-induction: a tenth of the time, at most
/// 2 s (its share before it was budgeted by work).
pub fn quick_share() -> Option<f64> {
    run_time().map(|t| (t / 10.0).min(2.0))
}

/// The time before the proofs: the short exploration's share when there is one.
pub fn after_quick() -> f64 {
    quick_share().unwrap_or(0.0)
}

/// What each phase of the run did (for `--stats-json`'s `phases`): same counts on a quiet and
/// a loaded machine is what the budgets are for.
#[derive(Clone, Debug)]
pub struct PhaseWork {
    pub phase: String,
    pub states_created: u64,
    pub solver_queries: u64,
    pub solver_work: u64,
    pub template_work: u64,
    /// Wall time (the one count here that depends on the machine's load).
    pub time_s: f64,
    /// Why the phase's exploration stopped before it ended (empty: it ended).
    pub incomplete: Vec<String>,
}

static PHASES: Mutex<Vec<PhaseWork>> = Mutex::new(Vec::new());

/// Records what a phase's exploration did.
pub fn record(phase: &str, report: &kappa_engine::RunReport) {
    let s = &report.stats;
    let w = PhaseWork {
        phase: phase.into(),
        states_created: s.states_created,
        solver_queries: s.solver_queries,
        solver_work: s.solver_work,
        template_work: s.templates.work,
        time_s: s.time_s,
        incomplete: s.incomplete.clone(),
    };
    if std::env::var_os("KAPPA_PHASES").is_some() {
        // Also when the statistics file is not written (the deadline's last resort).
        eprintln!("{}", w.to_json());
    }
    PHASES.lock().unwrap_or_else(|e| e.into_inner()).push(w);
}

impl PhaseWork {
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "phase": self.phase,
            "states_created": self.states_created,
            "solver_queries": self.solver_queries,
            "solver_work": self.solver_work,
            "template_work": self.template_work,
            "time_s": (self.time_s * 1000.0).round() / 1000.0,
            "incomplete": self.incomplete,
        })
    }
}

/// The phases recorded since the last call (one check's).
pub fn take() -> Vec<PhaseWork> {
    std::mem::take(&mut *PHASES.lock().unwrap_or_else(|e| e.into_inner()))
}
