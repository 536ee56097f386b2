//! `kappa verify --proof kind`: k-induction with invariants (`kappa_proofs::kind`) for programs
//! whose loops exploration cannot finish. The step program (every loop cut at its head, the
//! candidates of `kappa_proofs::candidates` checked on entry and on the back edges, assumed
//! after a havoc of what the loop writes) is explored; candidates whose checks fail are
//! dropped (Houdini) until none fails. A complete exploration with no other error proves the
//! program; the invariants that proved it go into the correctness witness, which is validated
//! by the same proof of the program instrumented with them as assertions at their heads.
//!
//! The work is budgeted in states and solver queries (not time), so the same program gives the
//! same answer on a loaded machine; `--max-time` bounds it from outside.

use crate::{explore, ExploreOpts, FrontOpts};
use kappa_engine::RunReport;
use kappa_proofs::candidates::{self, Candidate, Rank};
use kappa_proofs::kind::{self, Houdini, Round};
use kappa_proofs::lseg;
use kappa_svcomp::Property;

/// States all step programs of one proof may create… The proofs of the benchmarks and the corpus
/// took at most 297 states and 1379 queries (apache_get_tag, fragtest); a failed proof costs the
/// whole budget before exploration starts (60,000 states took 35 s on a loop body of 25
/// branches, adder8_loop.c), so the budget is some ten times what proofs take, not more.
const PROOF_STATES: u64 = 3_000;
/// …and solver queries they may make.
const PROOF_QUERIES: u64 = 8_000;
/// Z3's work units for one query (Z3's rlimit).
const PROOF_RLIMIT: u64 = 10_000_000;

/// The invariants that proved a program: the pool and which candidates stayed.
pub struct Proof {
    /// The program with the candidates' ghost registers.
    pub program: kappa_ir::Program,
    pub cands: Vec<Candidate>,
    pub active: Vec<bool>,
    pub rounds: u32,
    /// The k of the step case that proved it (`kind::step_case_k`).
    pub k: usize,
}

/// The largest k tried (`kind::step_case_k`): k grows from 1 while the step case of the
/// previous k reaches an error in a complete exploration, within the proof's one work budget.
pub const MAX_K: usize = 3;

/// Proves `prog` safe for `p` by k-induction with k up to `max_k` (at most [`MAX_K`]), or says
/// why not.
pub fn prove(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    max_k: usize,
) -> Result<Proof, String> {
    if !matches!(p, Property::UnreachCall { .. }) {
        return Err(format!("k-induction proves unreach-call only, not {}", p.name()));
    }
    refine(front, prog, p, ex, Houdini::new, max_k)
}

/// The Houdini refinement of the candidate pool of `prog` (with the refinement `houdini`
/// makes for the pool's size) until no active candidate's check fails: the proof, or why not.
fn refine(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    houdini: fn(usize) -> Houdini,
    max_k: usize,
) -> Result<Proof, String> {
    if !kind::has_loops(prog) {
        return Err("the program has no loop".into());
    }
    let (mut ext, lists) = numeric_program(prog)?;
    let mut cands = capped_pool(&mut ext, |_| true);
    cands.extend(lists);
    let mut deferred: Vec<usize> = (0..cands.len()).filter(|&k| cands[k].rank == Rank::PostCondition).collect();
    // The search for invariants gets, under `--max-time T`, the work of half of what the short
    // exploration's share leaves of T (crate::phase), so that the plain exploration after a
    // failed proof keeps the other half; the wall clock is the backstop.
    let mut budget = Budget::new();
    if let Some(b) = crate::phase::Budget::of_part(0.5, crate::phase::after_quick()) {
        budget.units = Some(b.units);
        budget.until = Some(std::time::Instant::now() + b.backstop);
    }
    // k = 1, 2, … (Beyer, Dangl and Wendler, CAV 2015, §3: k grows while the step case fails).
    // A larger k starts from the candidates the previous k left active, the deferred ones
    // included: a failed k = 1 cost 6 step programs on `sum_of_counter_safe` and each larger k
    // as many again from the whole pool, while what survived k is k-inductive, so also
    // (k + 1)-inductive, and one or two rounds settle it. (Candidates refuted at k that only
    // a larger k would keep are lost: a weaker proof, never a wrong one.) Larger k only for a
    // program where some loop takes it (`window_loops`).
    let max_k = if kind::window_loops(&ext) > 0 { max_k.clamp(1, MAX_K) } else { 1 };
    let mut h = houdini(cands.len());
    for k in 1..=max_k {
        match refine_k(front, &ext, p, ex, &cands, &mut h, &deferred, k, &mut budget) {
            Ok(()) => return Ok(Proof { program: ext, cands, active: h.active, rounds: h.rounds, k }),
            // The step case reached an error of the program in a complete exploration: a
            // larger k may exclude the havocked states that lead there.
            Err((why, complete)) if complete && k < max_k => {
                // The deferred candidates are back in (or were refuted) after a failure.
                deferred.clear();
                if std::env::var_os("KAPPA_KIND_DEBUG").is_some() {
                    eprintln!("kind: k = {k} not proved ({why}); k = {}", k + 1);
                }
            }
            Err((why, _)) => return Err(why),
        }
    }
    Err("internal error: no k tried".into())
}

/// Houdini over the pool with the step case for `k` (in `h`): `Ok` when the active candidates
/// prove the program, else why not and whether the last exploration was complete.
#[allow(clippy::too_many_arguments)]
fn refine_k(
    front: &FrontOpts,
    ext: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    cands: &[Candidate],
    h: &mut Houdini,
    deferred: &[usize],
    k: usize,
    budget: &mut Budget,
) -> Result<(), (String, bool)> {
    // The disjunctions (`g || a`, the loop's condition or a postcondition) wait until the
    // proof without them fails by reaching an error of the program: their checks after a step
    // make Z3 reason about the exit (`i < n || a + b == 3 * n` after `i += 1`: a product that
    // must not wrap), which cost `bhmr2007`'s proof seconds it did not need them for.
    for &d in deferred {
        h.active[d] = false;
    }
    let mut waiting = !deferred.is_empty();
    loop {
        if crate::signals::interrupted() {
            return Err(("interrupted".into(), false));
        }
        match explore_step(front, ext, p, ex, cands, h, budget, k).map_err(|e| (e, false))? {
            (Round::Proved, _) => return Ok(()),
            (Round::Refuted(_), _) => continue,
            // Complete, but an error reached: the candidates still active and the disjunctions
            // again (a smaller start than the whole pool: the refuted stay out, as any subset
            // that ends inductive is a proof).
            (Round::Failed(_), report) if waiting && report.stats.incomplete.is_empty() => {
                waiting = false;
                for &d in deferred {
                    h.active[d] = true;
                }
            }
            (Round::Failed(why), report) => return Err((why, report.stats.incomplete.is_empty())),
        }
    }
}

/// The program k-induction proves: `prog` itself where its step case is supported, else its
/// list-segment abstraction (`kappa_proofs::lseg`: nodes replaced by ghost lengths) with the
/// abstraction's candidates, or why neither applies.
fn numeric_program(prog: &kappa_ir::Program) -> Result<(kappa_ir::Program, Vec<Candidate>), String> {
    match kind::step_case(prog, &[], &[]) {
        Ok(_) => Ok((prog.clone(), Vec::new())),
        Err(why) => {
            let abs = lseg::abstract_lists(prog).map_err(|no| format!("{why}; no list abstraction: {no}"))?;
            kind::step_case(&abs.program, &[], &[])?;
            let cands = lseg::candidates(&abs);
            Ok((abs.program, cands))
        }
    }
}

/// The candidate pool of `prog` (its ghosts added to `prog`) with the candidates `keep`
/// accepts, cut to the pool's work budget (`candidates::cap`, most useful kinds first).
fn capped_pool(prog: &mut kappa_ir::Program, keep: impl Fn(&Candidate) -> bool) -> Vec<Candidate> {
    let mut all = candidates::pool(prog);
    all.retain(keep);
    let n = all.len();
    let cands = candidates::cap(all);
    if std::env::var_os("KAPPA_KIND_DEBUG").is_some() {
        eprintln!("kind: {} candidates, {} kept by the pool's budget", n, cands.len());
    }
    cands
}

/// What is left of a proof's work.
struct Budget {
    states: u64,
    queries: u64,
    /// Z3's work units over all step programs (under `--max-time`: its share as work).
    units: Option<u64>,
    /// The end of the proof's share of `--max-time`, if it has one.
    until: Option<std::time::Instant>,
}

impl Budget {
    fn new() -> Self {
        Budget { states: PROOF_STATES, queries: PROOF_QUERIES, units: None, until: None }
    }
}

/// One exploration of the step program of `prog` with `h`'s active candidates, judged.
#[allow(clippy::too_many_arguments)]
fn explore_step(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    cands: &[Candidate],
    h: &mut Houdini,
    budget: &mut Budget,
    k: usize,
) -> Result<(Round, RunReport), String> {
    let report = explore_step_report(front, prog, p, ex, cands, &h.active, budget, k)?;
    let errors = report.stats.errors.iter().map(|e| (e.message.as_str(), e.location.clone()));
    let round = h.judge_pool(cands, errors, &report.stats.incomplete);
    Ok((round, report))
}

/// One exploration of the step program of `prog` for `k` with the `active` candidates.
#[allow(clippy::too_many_arguments)]
fn explore_step_report(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    cands: &[Candidate],
    active: &[bool],
    budget: &mut Budget,
    k: usize,
) -> Result<RunReport, String> {
    let mut cx = ex.clone();
    // A check explores the whole checked program, in one engine (its work budget is one run's).
    (cx.shard, cx.jobs) = (None, Some(1));
    cx.out = ex.out.join("kind");
    // The step program is acyclic: nothing for loop templates to summarise.
    cx.mode = "classic".into();
    cx.quiet = true;
    cx.tree = None;
    cx.stats_json = None;
    cx.max_time = match budget.until {
        Some(u) => Some(u.saturating_duration_since(std::time::Instant::now()).as_secs_f64()),
        None => crate::signals::seconds_left(),
    };
    if crate::signals::interrupted() || cx.max_time.is_some_and(|t| t <= 0.0) {
        return Err("the time limit was reached".into());
    }
    if budget.states == 0 || budget.queries == 0 || budget.units == Some(0) {
        return Err("the work budget of the proof is used up".into());
    }
    let step = kind::step_case_k(prog, cands, active, k)?;
    cx.max_states = Some(budget.states);
    let mut setup = explore::setup(front, &cx, &step);
    crate::svcomp::configure(&mut setup.cfg, p);
    crate::inputs::nondet_main(&mut setup.cfg.program_inputs);
    setup.cfg.test_dir = None;
    setup.cfg.solver_rlimit = Some(PROOF_RLIMIT);
    setup.cfg.limits.queries = Some(budget.queries);
    setup.cfg.limits.work = budget.units;
    let (report, _) = explore::explore(&step, setup.cfg, &cx, false);
    crate::phase::record(&format!("k-induction step (k = {k})"), &report);
    budget.states = budget.states.saturating_sub(report.stats.states_created);
    budget.queries = budget.queries.saturating_sub(report.stats.solver_queries);
    budget.units = budget.units.map(|u| u.saturating_sub(report.stats.solver_work));
    if std::env::var_os("KAPPA_KIND_DEBUG").is_some() {
        for (k, c) in cands.iter().enumerate().filter(|(k, _)| active[*k]) {
            eprintln!("kind: candidate {k}: {:?} {:?} {:?}", c.text, c.rank, c.atom);
        }
        eprintln!(
            "kind: {} states, {} queries ({} unknown), {} work, {:.2} s (solver {:.2} s), incomplete {:?}",
            report.stats.states_created,
            report.stats.solver_queries,
            report.stats.solver_unknown,
            report.stats.solver_work,
            report.stats.time_s,
            report.stats.solver_time_s,
            report.stats.incomplete
        );
    }
    Ok(report)
}

/// Loop-head invariants of `prog` for the slicer (`verify --slice`, `kappa slice`): the
/// candidates of the pool over the registers that checks of undefined behaviour read, over the
/// slicer's program with memory as cells and the loops that call functions writing globals cut
/// ([`kappa_slice::invariants::invariant_program`]: there a loop that writes an array writes
/// registers, so its step case is supported), checked by Houdini: the step program is explored
/// and every candidate whose check fails on some path is dropped, until none fails. Unlike a
/// proof of safety, other errors of the step program do not matter: a path that reaches one
/// stops there, as the execution does (and the slicer's guarantee excludes executions with
/// undefined behaviour). What stays is inductive, and each atom holds at its head on every
/// execution. Budgeted as a proof (states and queries), and by `until`; an incomplete
/// exploration gives nothing.
pub fn slice_invariants(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    ex: &ExploreOpts,
    until: Option<std::time::Instant>,
) -> Result<Vec<kappa_slice::LoopInvariant>, String> {
    let cells = kappa_slice::invariants::invariant_program(prog, &front.entry).map_err(|e| e.to_string())?;
    if !kind::has_loops(&cells) {
        return Ok(Vec::new());
    }
    let mut ext = cells;
    // The slicer needs the invariants that discharge checks of undefined behaviour (an index
    // below an array's length): only atoms over registers such checks read in the loop's
    // function are kept. Fewer candidates, fewer and cheaper rounds.
    let checked = check_registers(&ext);
    let cands = capped_pool(&mut ext, |c| {
        let mut ok = c.ghosts.is_empty();
        c.atom.for_each_var(&mut |v| ok &= checked.contains(&(c.func, v)));
        ok
    });
    let mut budget = Budget::new();
    budget.until = until;
    let p = Property::UnreachCall { func: "reach_error".into() };
    let mut h = Houdini::for_invariants(cands.len());
    loop {
        if !h.active.iter().any(|a| *a) {
            return Ok(Vec::new());
        }
        match explore_step(front, &ext, &p, ex, &cands, &mut h, &mut budget, 1)?.0 {
            Round::Proved => break,
            Round::Refuted(_) => continue,
            Round::Failed(why) => return Err(why),
        }
    }
    Ok(cands
        .into_iter()
        .zip(h.active)
        .filter(|(_, a)| *a)
        .map(|(c, _)| kappa_slice::LoopInvariant { func: c.func, header: c.header, atom: c.atom })
        .collect())
}

/// The registers that checks of undefined behaviour read (the conditions of the transitions
/// into their error locations), with their functions.
fn check_registers(prog: &kappa_ir::Program) -> std::collections::HashSet<(kappa_ir::FuncId, kappa_ir::VarId)> {
    let mut out = std::collections::HashSet::new();
    for f in &prog.functions {
        for e in &f.edges {
            if let (kappa_ir::LocKind::Error { kind, .. }, kappa_ir::Op::Assume(c)) = (&f.loc(e.dst).kind, &e.op) {
                if !kind.aborts_program() {
                    c.for_each_var(&mut |v| {
                        out.insert((f.id, v));
                    });
                }
            }
        }
    }
    out
}

/// The check of a proof's witness: the program with each invariant of the witness (the
/// active candidates that have a C form) checked at its loop head
/// (`invariants::instrument`), and the same k-induction run on it: one step program with the
/// proof's invariants, in which neither a candidate nor an instrumented check may fail.
fn validate(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    proof: &Proof,
) -> Result<RunReport, String> {
    use kappa_svcomp::invariants;
    let checks: Vec<invariants::Candidate> = proof
        .cands
        .iter()
        .zip(&proof.active)
        .filter(|(c, a)| **a && c.ghosts.is_empty())
        .filter_map(|(c, _)| {
            Some(invariants::Candidate {
                func: c.func,
                header: c.header,
                span: prog.func(c.func).loc(c.header).span,
                atom: c.atom.clone(),
                text: c.text.clone()?,
            })
        })
        .collect();
    let instrumented = invariants::instrument(&proof.program, &checks, &vec![true; checks.len()]);
    let mut h = Houdini { active: proof.active.clone(), ..Houdini::new(0) };
    match explore_step(front, &instrumented, p, ex, &proof.cands, &mut h, &mut Budget::new(), proof.k)? {
        (Round::Proved, report) => Ok(report),
        (Round::Refuted(ks), _) => Err(format!("{} candidates fail", ks.len())),
        (Round::Failed(why), _) => Err(why),
    }
}

/// With `KAPPA_KIND_DEBUG` set, what a phase of the proof explored.
fn debug_phase(phase: &str, report: &RunReport) {
    if std::env::var_os("KAPPA_KIND_DEBUG").is_some() {
        let s = &report.stats;
        eprintln!(
            "kind: {phase}: {} states, {} queries, {} work, {} template work, {:.2} s, {} errors, incomplete {:?}",
            s.states_created,
            s.solver_queries,
            s.solver_work,
            s.templates.work,
            s.time_s,
            s.errors.len(),
            s.incomplete
        );
    }
}

/// States the short exploration before k-induction may create…
const QUICK_STATES: u64 = 500;
/// …and solver queries it may make, each of at most [`QUICK_RLIMIT`] of Z3's work units, and
/// [`QUICK_WORK`] units in all: 500 queries of 2 M units each took 54 s on a program whose
/// queries are quantified (`kind_counters.c`).
const QUICK_QUERIES: u64 = 500;
const QUICK_RLIMIT: u64 = 2_000_000;
const QUICK_WORK: u64 = 20_000_000;
/// The backstop without `--max-time`: ten times what a full-budget query of the short
/// exploration takes on a quiet machine (`step3_bug`'s 2 M units: 0.7-1.1 s), so that such a
/// run is bounded by work and does the same work on a loaded machine (issue 21, "same input,
/// same answer": the 2 s cut `step3_bug`'s short exploration at load 7, and the plain
/// exploration after it did 3.67 M or 3.71 M units). Queries whose units do not bound their
/// time still meet it (`lazy_subset_sum`: 6.6 M units in 30 s), so not more: each second of it
/// is a second more of such runs (that one: 2 s before, 10 s now).
const QUICK_BACKSTOP: std::time::Duration = std::time::Duration::from_secs(10);

/// The short exploration of `verify` before k-induction (issue 21): the plain exploration
/// (`cfg`, compact mode by default) on a small work budget ([`QUICK_STATES`],
/// [`QUICK_QUERIES`], [`QUICK_RLIMIT`] per query, [`QUICK_WORK`]), under `--max-time T` less:
/// the work of its share of T, a tenth and at most 2 s ([`crate::phase`]: Z3's units do not
/// bound the time of every query, the same program spent 15.8 s within [`QUICK_WORK`], so the
/// wall clock is a backstop, [`crate::phase::BACKSTOP`] times the share; [`QUICK_BACKSTOP`]
/// without a time limit). Where
/// templates summarise the loops the exploration ends in a few queries (`uchar_wrap_safe`: 11)
/// while the proof's failed Houdini rounds and its base case cost seconds; where it does not
/// end, the budget is all it costs. The report, for the caller to judge as the base case's.
pub fn quick_exploration(
    prog: &kappa_ir::Program,
    cfg: &kappa_engine::Config,
    ex: &ExploreOpts,
) -> (RunReport, Option<String>) {
    let budget = crate::phase::quick_share().and_then(crate::phase::Budget::of_share);
    bounded_exploration(prog, cfg, ex, (QUICK_WORK, QUICK_RLIMIT), budget, "short exploration")
}

/// The search of [`quick_exploration`]: at most [`QUICK_STATES`]
/// states and [`QUICK_QUERIES`] queries, `work` units in all and `rlimit` per query without
/// `--max-time`; under it, the phase's `budget` as work (compact mode's quantified template
/// queries run at 1.3 to 5 M units a second — gsv2008's query of 2 M units took 1.4 s on the
/// quiet machine, 2.7 s at load 4 — where the rate of crate::phase is the step programs': half
/// the budget's units, and a quarter of them for one query, keep it well within the backstop).
/// Not decided, the run goes on: no tests for the states it leaves pending.
fn bounded_exploration(
    prog: &kappa_ir::Program,
    cfg: &kappa_engine::Config,
    ex: &ExploreOpts,
    (work, rlimit): (u64, u64),
    budget: Option<crate::phase::Budget>,
    phase: &str,
) -> (RunReport, Option<String>) {
    let mut cfg = cfg.clone();
    cfg.limits.states = Some(cfg.limits.states.map_or(QUICK_STATES, |m| m.min(QUICK_STATES)));
    cfg.limits.queries = Some(cfg.limits.queries.map_or(QUICK_QUERIES, |m| m.min(QUICK_QUERIES)));
    cfg.limits.work = Some(cfg.limits.work.map_or(work, |m| m.min(work)));
    cfg.solver_rlimit = Some(cfg.solver_rlimit.map_or(rlimit, |r| r.min(rlimit)));
    match budget {
        Some(b) => {
            b.limit(&mut cfg);
            cfg.limits.work = cfg.limits.work.map(|w| w.min(b.units / 2));
            cfg.solver_rlimit = cfg.solver_rlimit.map(|r| r.min(b.units / 4).max(1));
        }
        None => {
            let t = QUICK_BACKSTOP;
            cfg.limits.time = Some(cfg.limits.time.map_or(t, |l| l.min(t)));
            cfg.solver_timeout = Some(cfg.solver_timeout.map_or(t, |s| s.min(t)));
        }
    }
    cfg.halt_tests.queries = 0;
    let (report, dot) = explore::explore(prog, cfg, ex, true);
    debug_phase(phase, &report);
    crate::phase::record(phase, &report);
    (report, dot)
}

/// Whether the short exploration stopped only on solver queries left unknown within their
/// per-query work budget ([`QUICK_RLIMIT`]): no error, every other incompleteness absent — no
/// state, query, work or time limit of the exploration itself, and no query cut by time.
/// Counts, not time, decide the order that follows (issue 21, "same input, same answer"): a
/// query cut by the short exploration's wall-clock cap says "timeout" when the timer cuts the
/// check a little before the cap and the exploration then ends with no state left, and the
/// report says "time limit" when the check runs up to the cap — which of the two depends on
/// the machine's load (`gsv2008_bug`: 2 runs in 20 took the other order, one of them
/// answered `unknown`). Both are the cap, so neither skips the base case.
pub fn only_unknown_queries(report: &RunReport) -> bool {
    let s = &report.stats;
    let by_work = |r: &str| {
        r.strip_prefix("solver unknown (")
            .and_then(|why| why.strip_suffix(')'))
            .is_some_and(|why| why != WALL_CLOCK_UNKNOWN && !kappa_solver::stopped_by_run(why))
    };
    s.errors.is_empty() && !s.incomplete.is_empty() && s.incomplete.iter().all(|r| by_work(r))
}

/// The reason of a query the solver's wall-clock timer cut ([`kappa_solver::Z3Solver`] words
/// it as Z3's own timer does).
const WALL_CLOCK_UNKNOWN: &str = "timeout";

/// States the base case may create…
const BASE_STATES: u64 = 2_000;
/// …and solver queries it may make, each of at most [`BASE_RLIMIT`] of Z3's work units.
const BASE_QUERIES: u64 = 1_000;
const BASE_RLIMIT: u64 = 2_000_000;
/// Edges a path of the base case may run: its bugs are a few iterations deep, and its states,
/// queries and Z3's units do not count the classic iterations of a loop with no branch on an
/// input (`big_array_search`: 102,400 iterations storing a nondet char, 512,918 edges and 22 s
/// of the base case on the quiet machine, 149 s for the debug build at load 13, in 205 states
/// and 305 queries). 100,000 edges took 1.5 s there at load 13; a path stopped by the depth
/// leaves the base case undecided (the plain exploration follows), never `true`.
const BASE_DEPTH: u64 = 100_000;
/// The short base case's states and queries ([`BaseShare::Short`]): `gsv2008_bug`'s violation,
/// ten iterations deep (`y = 1`: `x` reaches 5 after 10), takes 23 states and 47 queries.
const SHORT_BASE_STATES: u64 = 200;
const SHORT_BASE_QUERIES: u64 = 100;

/// How much of the run the base case gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaseShare {
    /// [`BASE_STATES`], [`BASE_QUERIES`] and a quarter of the time left.
    Full,
    /// [`SHORT_BASE_STATES`], [`SHORT_BASE_QUERIES`] and a tenth of the time left: before the
    /// plain exploration that gets the rest when the short exploration stopped only on queries
    /// its per-query budget left unknown ([`only_unknown_queries`]). Whether a query of the
    /// short exploration reaches its work budget before the exploration's wall-clock cap
    /// depends on the machine's speed and load; with a short base case on both sides of that
    /// edge, a bug a few iterations deep is found either way (issue 21, "same input, same
    /// answer").
    Short,
}

/// The base case of k-induction (Beyer, Dangl and Wendler, CAV 2015, §3: the first k
/// iterations from the initial states), run after a failed proof: a classic exploration of
/// the original program bounded by work ([`BASE_STATES`], [`BASE_QUERIES`], [`BASE_RLIMIT`]
/// per query, [`BASE_DEPTH`] edges per path) and by a quarter of the time `--max-time` leaves (less with [`BaseShare::Short`]). Classic mode forks each
/// iteration and keeps its queries small, where compact mode's templates make queries
/// (`x + k * y + k * (k - 1) / 2`) that the solver may not decide in the time left: so bugs a
/// few iterations deep are found early and deterministically. The report, for the caller to
/// judge (an error of the property, or a complete exploration, decides the program; the
/// counterexample is confirmed by replay as any other); then the plain exploration gets the
/// time left, and its run replaces the base case's tests in the output directory.
/// With `--tree`, the tree of this exploration of the original program comes back too: when
/// the base case decides, it is the run's tree.
pub fn base_case(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    share: BaseShare,
) -> Option<(RunReport, Option<String>)> {
    if crate::signals::out_of_time() {
        return None;
    }
    let (states, queries, part) = match share {
        BaseShare::Full => (BASE_STATES, BASE_QUERIES, 4.0),
        BaseShare::Short => (SHORT_BASE_STATES, SHORT_BASE_QUERIES, 10.0),
    };
    // Under `--max-time T`, the work of its part of what the short exploration's share leaves
    // of T (crate::phase), the wall clock a backstop.
    let budget = crate::phase::Budget::of_part(1.0 / part, crate::phase::after_quick());
    let mut cx = ex.clone();
    cx.mode = "classic".into();
    cx.max_states = Some(ex.max_states.map_or(states, |m| m.min(states)));
    if let Some(b) = &budget {
        cx.max_time = Some(b.backstop.as_secs_f64());
    }
    cx.stats_json = None;
    let mut setup = explore::setup(front, &cx, prog);
    crate::svcomp::configure(&mut setup.cfg, p);
    crate::inputs::nondet_main(&mut setup.cfg.program_inputs);
    setup.cfg.solver_rlimit = Some(BASE_RLIMIT);
    setup.cfg.limits.queries = Some(queries);
    setup.cfg.limits.depth = Some(setup.cfg.limits.depth.map_or(BASE_DEPTH, |d| d.min(BASE_DEPTH)));
    match &budget {
        Some(b) => b.limit(&mut setup.cfg),
        None => {
            if let Some(t) = setup.cfg.limits.time {
                setup.cfg.solver_timeout = Some(setup.cfg.solver_timeout.map_or(t, |s| s.min(t)));
            }
        }
    }
    let (report, dot) = explore::explore(prog, setup.cfg, &cx, true);
    debug_phase("base case", &report);
    crate::phase::record("base case", &report);
    Some((report, dot))
}

/// Whether k-induction may prove `prog` for `p` (cheap: no exploration): the property is
/// unreach-call, the program has a loop and its step case is supported (no loop writes memory
/// or calls a function that may). Where it does not apply, the plain exploration keeps all the
/// time; with `note` (k-induction asked for by name), a note says why not.
pub fn applies(prog: &kappa_ir::Program, p: &Property, note: bool) -> bool {
    if !matches!(p, Property::UnreachCall { .. }) || !kind::has_loops(prog) {
        return false;
    }
    match numeric_program(prog) {
        Ok(_) => true,
        Err(why) => {
            if note {
                eprintln!("kappa: note: no k-induction: {why}");
            }
            false
        }
    }
}

/// The proof phase of `verify`, before the plain exploration (where [`applies`]): the report of
/// the exploration that validated the proof's invariants when k-induction proves the program
/// (`proof:` printed, the witness written unless `--no-witnesses`), `None` otherwise — then
/// the plain exploration gets the time left. The proof is budgeted by work; on a program with
/// a bug the step case reaches the error in its first exploration and the proof ends there.
/// With `note` (k-induction asked for by name), a note says why a proof failed.
pub fn before_exploration(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    no_witnesses: bool,
    note: bool,
    max_k: usize,
) -> Option<RunReport> {
    let proof = match prove(front, prog, p, ex, max_k) {
        Ok(proof) => proof,
        Err(why) => {
            // Quiet by default (the exploration decides most programs); asked for by name, why.
            if note {
                eprintln!("kappa: note: k-induction: not proved: {why}");
            }
            return None;
        }
    };
    let report = match validate(front, prog, p, ex, &proof) {
        Ok(report) => report,
        Err(why) => {
            eprintln!("kappa: note: k-induction: the invariants of the proof do not validate ({why}): not used");
            return None;
        }
    };
    let kept = proof.active.iter().filter(|a| **a).count();
    println!(
        "proof: k-induction (k = {}) with {kept} of {} candidate invariants, {} step programs explored",
        proof.k,
        proof.cands.len(),
        proof.rounds
    );
    if !no_witnesses {
        let inv_at = |f, h| kind::invariant_text(&proof.cands, &proof.active, f, h);
        match crate::svcomp::write_invariant_witnesses(front, prog, p, &ex.out, &inv_at) {
            Ok(files) => println!("witness: {}", files.join(", ")),
            Err(e) => eprintln!("kappa: no correctness witness: {e}"),
        }
    }
    Some(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The front-end and exploration options of `kappa verify FILE --out DIR`.
    fn opts(file: &std::path::Path, out: &std::path::Path) -> (FrontOpts, ExploreOpts) {
        use clap::Parser;
        let cli = crate::Cli::try_parse_from(
            ["kappa", "verify", file.to_str().unwrap_or(""), "--out"].into_iter().chain(out.to_str()),
        )
        .expect("the arguments parse");
        match cli.command {
            crate::Command::Verify { front, explore, .. } => (front, explore),
            _ => unreachable!("a verify command"),
        }
    }

    /// The proof of a program of tests/programs/proofs, or why not.
    fn prove_file(name: &str) -> Result<Proof, String> {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/proofs").join(name);
        let (front, ex) = opts(&file, &dir.path().join("out"));
        let p = Property::UnreachCall { func: "reach_error".into() };
        let prog = kappa_libc::lower_file(&front.file, &crate::svcomp::front_options(&front, &p)).expect("it lowers");
        prove(&front, &prog, &p, &ex, MAX_K)
    }

    #[test]
    fn k_grows_until_the_step_case_holds_and_no_k_proves_a_bug_past_the_base_case() {
        let proof = prove_file("kind_k2.c").expect("proved");
        assert_eq!(proof.k, 2);
        // Its bug needs five iterations, more than the base case of any k tried runs.
        let why = prove_file("kind_k2_exit_bug.c").err().expect("not proved");
        assert!(why.contains("reach_error"), "{why}");
        // A loop k = 1 proves stays at k = 1.
        assert_eq!(prove_file("kind_counters.c").expect("proved").k, 1);
    }

    #[test]
    fn only_a_short_exploration_stopped_by_unknown_queries_alone_skips_the_base_case() {
        let report = |incomplete: &[&str], errors: usize| {
            let mut r = RunReport::default();
            r.stats.incomplete = incomplete.iter().map(|s| s.to_string()).collect();
            let error = kappa_engine::report::ErrorEntry {
                kind: "assert".into(),
                location: "t.c:3".into(),
                test: None,
                message: "reach_error() is called".into(),
                paths: 1,
                testcase: None,
            };
            r.stats.errors = vec![error; errors];
            r
        };
        // Z3's words for a query that ran out of its work limit (rlimit), and a quantified
        // query given up: counted, not timed.
        assert!(only_unknown_queries(&report(&["solver unknown (max. resource limit exceeded)"], 0)));
        assert!(only_unknown_queries(&report(&["solver unknown (canceled)"], 0)));
        assert!(only_unknown_queries(&report(&["solver unknown ((incomplete quantifiers))"], 0)));
        assert!(!only_unknown_queries(&report(&[], 0)), "complete: decided, not nearly");
        assert!(!only_unknown_queries(&report(&["solver unknown (canceled)", "query limit of 500 reached"], 0)));
        assert!(!only_unknown_queries(&report(&["time limit of 0.95s reached"], 0)));
        assert!(!only_unknown_queries(&report(&["solver unknown (canceled)"], 1)), "an error: the base case");
        // Cut by the wall-clock cap, whichever of the two ways the report words it: the same
        // order follows (gsv2008_bug took the other one in 2 of 20 runs on a loaded machine).
        assert!(!only_unknown_queries(&report(&["solver unknown (timeout)"], 0)));
        assert!(!only_unknown_queries(&report(&["solver unknown (the run's time limit)"], 0)));
    }

    #[test]
    fn the_short_base_case_finds_a_bug_ten_iterations_deep() {
        // gsv2008_bug: y = 1 leaves the loop after ten iterations with y = 11. The short base
        // case runs before the plain exploration when the short exploration stopped on its
        // per-query work budget; the long one when its time cap cut it. Both find the bug, by
        // the same exploration (work-bounded, no --max-time here): the same answer and counts
        // on either side of the machine-dependent edge between the two orders.
        let dir = tempfile::tempdir().expect("a temporary directory");
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/proofs/gsv2008_bug.c");
        let (front, ex) = opts(&file, &dir.path().join("out"));
        let p = Property::UnreachCall { func: "reach_error".into() };
        let prog = kappa_libc::lower_file(&front.file, &crate::svcomp::front_options(&front, &p)).expect("it lowers");
        let counts = |share| {
            let (r, _) = base_case(&front, &prog, &p, &ex, share).expect("the base case runs");
            assert_eq!(r.stats.errors.len(), 1, "{share:?}: {:?}", r.stats.incomplete);
            assert!(r.stats.errors[0].message.contains("reach_error"), "{:?}", r.stats.errors);
            (r.stats.solver_queries, r.stats.states_created, r.stats.paths_completed)
        };
        let short = counts(BaseShare::Short);
        assert!(short.0 <= SHORT_BASE_QUERIES && short.1 <= SHORT_BASE_STATES, "{short:?}");
        assert_eq!(counts(BaseShare::Full), short);
    }

    #[test]
    fn invariants_hold_also_in_a_program_with_a_bug() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let file = dir.path().join("t.c");
        std::fs::write(
            &file,
            "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
             int main(void) {\n  int n = __VERIFIER_nondet_int();\n  if (n < 0 || n > 1000) return 0;\n  \
             int i = 0, s = 0;\n  while (i < n) {\n    if (s == 10) reach_error();\n    s = s + 2;\n    i = i + 1;\n  }\n  \
             return s;\n}\n",
        )
        .expect("the program is written");
        let (front, ex) = opts(&file, &dir.path().join("out"));
        let p = Property::UnreachCall { func: "reach_error".into() };
        let prog = kappa_libc::lower_file(&front.file, &crate::svcomp::front_options(&front, &p)).expect("it lowers");
        let proof = refine(&front, &prog, &p, &ex, Houdini::for_invariants, MAX_K).expect("the invariants are found");
        let mut ext = prog.clone();
        let pool = candidates::pool(&mut ext);
        let atom = |text: &str| pool.iter().find(|c| c.text.as_deref() == Some(text)).map(|c| c.atom.clone());
        let kept_cands = proof.cands.iter().zip(&proof.active).filter(|(c, a)| **a && c.ghosts.is_empty());
        let atoms: Vec<_> = kept_cands.clone().map(|(c, _)| c.atom.clone()).collect();
        let heads: std::collections::BTreeSet<_> = kept_cands.map(|(c, _)| (c.func, c.header)).collect();
        let kept = atom("s - 2 * i == 0").expect("the pool has the linear equality");
        assert!(atoms.contains(&kept), "{atoms:?}");
        // Houdini dropped what is not inductive (the pool guesses bounds from the constants).
        assert!(atoms.len() < pool.iter().filter(|c| c.ghosts.is_empty()).count(), "{atoms:?}");
        assert_eq!(heads.len(), 1, "one loop head");
        // What a proof of safety refuses (the step case reaches reach_error), the invariants
        // keep: the bug is real (s == 10 after five iterations).
        assert!(prove(&front, &prog, &p, &ex, MAX_K).is_err());
    }
}
