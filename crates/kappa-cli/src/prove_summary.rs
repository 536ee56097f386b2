//! `kappa verify --proof summaries`: proofs of programs with recursion on nondet arguments by
//! function summaries (`kappa_proofs::summary`, docs/design-proofs.md). The check program is
//! explored again and again, each time without the candidates a path refuted (Houdini), until
//! an exploration completes with no error: then every summary holds and `main`, run with the
//! calls replaced by them, reaches no error.
//!
//! The explorations are budgeted by work (states, solver queries, Z3's rlimit per query), as the
//! invariant check of correctness witnesses is, so that the answer does not depend on the
//! machine's load; what is left of `--max-time` bounds them from outside.

use crate::{explore, ExploreOpts, FrontOpts};
use kappa_proofs::summary;
use kappa_svcomp::Property;

/// States all explorations of one proof may create…
const STATES: u64 = 200_000;
/// …solver queries they may make…
const QUERIES: u64 = 50_000;
/// …Z3's work units per query (about half a second of work)…
const RLIMIT: u64 = 10_000_000;
/// …and rounds of refinement.
const ROUNDS: usize = 40;

/// What a proof by summaries established.
pub struct Proof {
    /// One line per summarised function: its precondition and summary.
    pub summaries: Vec<String>,
    /// Explorations of the check program.
    pub rounds: usize,
    /// Candidates proved, of those tried.
    pub proved: usize,
    pub tried: usize,
}

/// Whether the program has recursion that summaries may prove (cheap: no exploration); a note
/// says why not when it has recursion they do not handle.
pub fn applies(prog: &kappa_ir::Program) -> bool {
    match summary::plan(prog) {
        Ok(_) => true,
        Err(why) => {
            if why != summary::NO_RECURSION {
                eprintln!("kappa: note: no proof by summaries: {why}");
            }
            false
        }
    }
}

/// Proves the program safe for `p` (unreach-call only) by summaries of its recursive
/// functions, or says why not.
pub fn prove(front: &FrontOpts, prog: &kappa_ir::Program, p: &Property, ex: &ExploreOpts) -> Result<Proof, String> {
    if !matches!(p, Property::UnreachCall { .. }) {
        return Err(format!("summaries prove unreach-call only, not {}", p.name()));
    }
    let plan = summary::plan(prog)?;
    if std::env::var_os("KAPPA_DEBUG_SUMMARY").is_some() {
        eprintln!("summary: {:?} s left at the start", crate::signals::seconds_left());
    }
    let mut active = vec![true; plan.cands.len()];
    let mut cx = ex.clone();
    // A check explores the whole checked program, in one engine (its work budget is one run's).
    (cx.shard, cx.jobs) = (None, Some(1));
    cx.out = ex.out.join("summary-check");
    cx.quiet = true;
    cx.tree = None;
    cx.stats_json = None;
    let (mut states, mut queries, mut units) = (STATES, QUERIES, None);
    // The proof gets the work of half of the time after the exploration's tenth
    // (crate::phase): when it fails, the plain exploration runs again with the time left, which
    // may end on recursion of bounded depth (rec_gcd with arguments up to 50: 3.5 s of
    // exploration, which five rounds of failing checks took before). The wall clock is a
    // backstop.
    let budget = crate::phase::Budget::of_part(0.5, crate::phase::run_time().unwrap_or(0.0) / 10.0);
    let share = budget.map(|b| std::time::Instant::now() + b.backstop);
    if let Some(b) = budget {
        (states, queries, units) = (states.min(b.states), queries.min(b.queries), Some(b.units));
    }
    for round in 1..=ROUNDS {
        cx.max_time = crate::signals::seconds_left_reserving(std::time::Duration::from_millis(500))
            .map(|t| share.map_or(t, |s| t.min(s.saturating_duration_since(std::time::Instant::now()).as_secs_f64())));
        if crate::signals::interrupted() || cx.max_time.is_some_and(|t| t <= 0.0) {
            return Err("the time limit was reached".into());
        }
        if states == 0 || queries == 0 || units == Some(0) {
            return Err("the work budget is used up".into());
        }
        cx.max_states = Some(states);
        let checked = summary::instrument(prog, &plan, &active);
        checked.validate().map_err(|e| format!("internal error: {e}"))?;
        let mut setup = explore::setup(front, &cx, &checked);
        crate::svcomp::configure(&mut setup.cfg, p);
        setup.cfg.entry = summary::ENTRY.into();
        setup.cfg.test_dir = None;
        setup.cfg.solver_rlimit = Some(RLIMIT);
        setup.cfg.limits.queries = Some(queries);
        setup.cfg.limits.work = units;
        let (report, _) = explore::explore(&checked, setup.cfg, &cx, false);
        crate::phase::record("summaries check", &report);
        if std::env::var_os("KAPPA_DEBUG_SUMMARY").is_some() {
            eprintln!(
                "summary round {round}: {} active, {} states, {} queries, {:.2} s, {} errors, incomplete {:?}",
                active.iter().filter(|a| **a).count(),
                report.stats.states_created,
                report.stats.solver_queries,
                report.stats.time_s,
                report.stats.errors.len(),
                report.stats.incomplete
            );
        }
        states = states.saturating_sub(report.stats.states_created);
        queries = queries.saturating_sub(report.stats.solver_queries);
        units = units.map(|u| u.saturating_sub(report.stats.solver_work));
        if !report.stats.incomplete.is_empty() {
            return Err(format!("the check is incomplete: {}", report.stats.incomplete.join("; ")));
        }
        let refuted: Vec<usize> = report
            .stats
            .errors
            .iter()
            .filter_map(|e| summary::refuted_candidate(&e.message))
            .filter(|k| active.get(*k) == Some(&true))
            .collect();
        if refuted.is_empty() {
            if let Some(e) = report.stats.errors.first() {
                // An error under the summaries: perhaps a real one (the plain exploration
                // confirms those), perhaps the summaries are too weak.
                return Err(format!("an error under the summaries: {} at {}", e.kind, e.location));
            }
            return Ok(Proof {
                summaries: summary::describe(prog, &plan, &active),
                rounds: round,
                proved: active.iter().filter(|a| **a).count(),
                tried: active.len(),
            });
        }
        for k in refuted {
            active[k] = false;
        }
    }
    Err(format!("no inductive summaries after {ROUNDS} rounds"))
}

/// The limits of the plain exploration of a program summaries may prove: the work of a tenth
/// of the time (crate::phase; the wall clock a backstop). It finds errors soon but cannot end
/// on recursion of unbounded depth; the proof gets the rest, and when it fails the plain
/// exploration runs again with what is left ([`the_rest`]).
pub fn first_share(cfg: &mut kappa_engine::Config) {
    if std::env::var_os("KAPPA_DEBUG_SUMMARY").is_some() {
        eprintln!("summary: {:?} s left before the plain exploration", crate::signals::seconds_left());
    }
    match crate::phase::run_time().and_then(|t| crate::phase::Budget::of_share(t / 10.0)) {
        Some(b) => b.limit(cfg),
        None => {
            cfg.limits.time = cfg.limits.time.map(|t| t / 10);
            limit_solver(cfg);
        }
    }
    budget_without_time(cfg);
}

/// Work the plain exploration before a proof may do when the run has no time limit (states
/// created, solver queries): a tenth of forever would never end on the recursion or loops the
/// proof is for (`kappa verify mccarthy91.c` ran for good). Work, not time, so that the same
/// program gets the same answer on any machine.
pub const FIRST_SHARE_WORK: (u64, u64) = (20_000, 5_000);

/// Without a time limit, the exploration before a proof ends after [`FIRST_SHARE_WORK`].
pub fn budget_without_time(cfg: &mut kappa_engine::Config) {
    if cfg.limits.time.is_none() {
        let (states, queries) = FIRST_SHARE_WORK;
        cfg.limits.states = Some(cfg.limits.states.map_or(states, |s| s.min(states)));
        cfg.limits.queries = Some(cfg.limits.queries.map_or(queries, |q| q.min(queries)));
    }
}

/// The configuration `cfg` with the time that is left.
pub fn the_rest(mut cfg: kappa_engine::Config) -> kappa_engine::Config {
    cfg.limits.time = crate::signals::time_left();
    limit_solver(&mut cfg);
    cfg
}

fn limit_solver(cfg: &mut kappa_engine::Config) {
    if let Some(t) = cfg.limits.time {
        cfg.solver_timeout = Some(cfg.solver_timeout.map_or(t, |s| s.min(t)));
    }
}

/// `true` when a proof by summaries succeeds on a program the plain exploration left
/// `unknown` (the summaries are printed), else `None` with a note on why.
pub fn verdict(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
) -> Option<kappa_svcomp::Verdict> {
    match prove(front, prog, p, ex) {
        Ok(proof) => {
            for s in &proof.summaries {
                println!("summary: {s}");
            }
            println!(
                "proof: by function summaries ({} of {} candidates proved, {} rounds)",
                proof.proved, proof.tried, proof.rounds
            );
            Some(kappa_svcomp::Verdict::True)
        }
        Err(why) => {
            eprintln!("kappa: note: no proof by summaries: {why}");
            None
        }
    }
}
