//! `kappa verify --proof lazy`: lazy annotation with subsumption (`kappa_proofs::lazy`;
//! McMillan, CAV 2010; docs/design-proofs.md, "Lazy annotation"). A classic depth-first
//! exploration in which every finished, error-free subtree labels its root with its weakest
//! liberal precondition, and a state at a loop head whose path condition implies a label kept
//! there is covered (dropped, counted as `subsumed`). A complete exploration with no error
//! proves the program; the correctness witness's invariants are the candidates that a lazy
//! exploration of the program instrumented with them as checks at their heads does not refute
//! (`svcomp::write_correctness_witnesses` with the lazy explorer).
//!
//! The work is budgeted in states and solver queries (not time); `--max-time` bounds it from
//! outside.

use crate::{explore, ExploreOpts, FrontOpts};
use kappa_engine::{Config, Mode, RunReport, SearchKind};
use kappa_proofs::lazy::{Annotations, Labels, Subsumption};
use kappa_svcomp::Property;
use std::cell::RefCell;
use std::rc::Rc;

/// States the proof's exploration may create…
const LAZY_STATES: u64 = 20_000;
/// …and solver queries it may make (feasibility and implication queries together).
const LAZY_QUERIES: u64 = 20_000;
/// Z3's work units for one query (Z3's rlimit).
const LAZY_RLIMIT: u64 = 10_000_000;

/// Whether lazy annotation may prove `prog` for `p` (cheap, no exploration): unreach-call, and
/// no recursion (the labels name each function's registers once; a second activation of a
/// function would need its own).
pub fn applies(prog: &kappa_ir::Program, p: &Property) -> bool {
    matches!(p, Property::UnreachCall { .. }) && !kappa_proofs::summary::is_recursive(prog)
}

/// Explores `prog` with `cfg` (classic, depth-first) under lazy annotation; the run's report
/// (the searcher's counters `subsumed`, `labels`, `subsumption_checks` in its statistics).
pub fn explore_lazy(prog: &kappa_ir::Program, mut cfg: Config, ex: &ExploreOpts) -> RunReport {
    cfg.mode = Mode::Classic;
    cfg.search = SearchKind::Dfs;
    cfg.lassos = false;
    // Every edge returns the state to the searcher, so that it sees the state at each loop
    // head it passes (a state runs through a head without forking there).
    cfg.step_budget = 1;
    let labels = Rc::new(RefCell::new(Labels::new(prog)));
    let mut engine = explore::engine(prog, cfg, ex, None);
    engine
        .set_searcher(Box::new(Subsumption::new(kappa_engine::searcher::by_kind(SearchKind::Dfs, 0), labels.clone())));
    engine.add_observer(Box::new(Annotations(labels)));
    engine.run(&mut |_, _| {})
}

/// What the lazy exploration decided.
pub enum Outcome {
    /// Complete with no error: the program is safe (`proof:` printed).
    Proved(RunReport),
    /// A violation was reached (its test written, for the replay that confirms it).
    Violation(RunReport),
    Undecided,
}

/// The proof phase of `verify`: the lazy exploration, on at most `share` of the time left and
/// its work budget. Undecided, the plain exploration gets the time left.
pub fn prove(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    share: f64,
    note: bool,
) -> Outcome {
    if crate::signals::out_of_time() {
        return Outcome::Undecided;
    }
    let mut cx = ex.clone();
    (cx.shard, cx.jobs) = (None, Some(1));
    cx.mode = "classic".into();
    cx.quiet = true;
    cx.tree = None;
    cx.stats_json = None;
    cx.max_states = Some(ex.max_states.map_or(LAZY_STATES, |m| m.min(LAZY_STATES)));
    // Under `--max-time T`, the work of `share` of what the short exploration's share leaves
    // of T (crate::phase), the wall clock a backstop.
    let budget = crate::phase::Budget::of_part(share, crate::phase::after_quick());
    cx.max_time = match &budget {
        Some(b) => Some(b.backstop.as_secs_f64()),
        None => crate::signals::seconds_left().map(|t| t * share),
    };
    let mut setup = explore::setup(front, &cx, prog);
    crate::svcomp::configure(&mut setup.cfg, p);
    crate::inputs::nondet_main(&mut setup.cfg.program_inputs);
    setup.cfg.stop_at_first_violation = true;
    setup.cfg.solver_rlimit = Some(LAZY_RLIMIT);
    setup.cfg.limits.queries = Some(LAZY_QUERIES);
    if let Some(b) = &budget {
        // Lazy annotation's states and queries (its implication checks) are many and cheap:
        // its own caps, the share's units.
        setup.cfg.limits.work = Some(b.units);
        setup.cfg.limits.time = Some(b.backstop);
    }
    let report = explore_lazy(prog, setup.cfg, &cx);
    crate::phase::record("lazy annotation", &report);
    let s = &report.stats;
    let counter = |k: &str| s.searcher.get(k).copied().unwrap_or(0);
    if std::env::var_os("KAPPA_LAZY_DEBUG").is_some() {
        eprintln!(
            "lazy: {} states, {} queries, {} subsumed, {} labels, {} checks, errors {}, incomplete {:?}",
            s.states_created,
            s.solver_queries,
            counter("subsumed"),
            counter("labels"),
            counter("subsumption_checks"),
            s.errors.len(),
            s.incomplete
        );
    }
    if !s.errors.is_empty() {
        return Outcome::Violation(report);
    }
    if !s.incomplete.is_empty() {
        if note {
            eprintln!("kappa: note: lazy annotation: not proved: {}", s.incomplete.join("; "));
        }
        return Outcome::Undecided;
    }
    println!(
        "proof: lazy annotation, {} states explored, {} covered by labels ({} labels at loop heads)",
        s.states_created,
        counter("subsumed"),
        counter("labels")
    );
    Outcome::Proved(report)
}
