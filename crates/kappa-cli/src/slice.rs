//! `kappa slice` (the path-sensitively sliced CFG, decompiled to C) and `kappa verify --slice`
//! (verify the slice; confirm a counterexample on the original program).

use crate::explore::{self, Verdict};
use crate::{ExploreOpts, FrontOpts};
use clap::Args;
use kappa_slice::{Criterion, SliceError, SliceOptions, SliceResult};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Clone)]
pub struct SliceArgs {
    /// Target variables: their values when the entry function returns (globals or its locals).
    #[arg(long, value_delimiter = ',', value_name = "VAR[,VAR…]")]
    pub target: Vec<String>,
    /// Slice for a property instead: unreach-call (or an SV-COMP .prp file stating it).
    #[arg(long, value_name = "PROP")]
    pub property: Option<String>,
    /// Write the decompiled program here (default: standard output).
    #[arg(short = 'o', value_name = "OUT.c")]
    pub output: Option<PathBuf>,
    /// Write the PSS-CFG as Graphviz DOT (.svg/.png rendered with Graphviz).
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Write the annotated symbolic execution tree (merges dashed green) as DOT.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Write the statistics as JSON.
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "S")]
    pub max_time: Option<f64>,
    /// Stop after this many nodes of the symbolic execution tree.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop after this much work (Z3 rlimit units and terms made; the same on a busy machine).
    #[arg(long, value_name = "UNITS")]
    pub max_work: Option<u64>,
    /// The static slice instead (the CFG itself: no path sensitivity), for comparison.
    #[arg(long = "static")]
    pub static_slice: bool,
    /// Do not prove loop-head invariants first (Houdini over kappa's candidate pool), nor assume
    /// at the heads the value sets of the slicer's own value analysis: the slicer assumes both
    /// at the heads so that the checks of undefined behaviour in loop bodies (an index bounded
    /// by the loop) are not listed.
    #[arg(long)]
    pub no_invariants: bool,
    /// Write an HTML page (DIR/index.html): the figures, the PSS-CFG drawn by Graphviz with each
    /// node linked to its line of the program, the decompiled slice.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
}

fn criterion(a: &SliceArgs) -> Result<Criterion, String> {
    match (&a.property, a.target.is_empty()) {
        (Some(_), false) => Err("give either --target or --property, not both".into()),
        (Some(p), true) => match kappa_svcomp::Property::from_arg(p)? {
            kappa_svcomp::Property::UnreachCall { .. } => Ok(Criterion::UnreachCall),
            other => Err(format!("the slicer's property is unreach-call, not {}", other.name())),
        },
        (None, false) => Ok(Criterion::Targets(a.target.clone())),
        (None, true) => Err("give the target variables (--target x,y) or a property (--property unreach-call)".into()),
    }
}

fn describe(r: &SliceResult, original_lines: u64) -> String {
    let s = &r.stats;
    let what = if s.kind == "static" { "static slice" } else { "PSS-CFG" };
    let calls = if s.calls_summarised > 0 {
        format!(
            "callee summaries: {} calls not explored (their callees cannot affect the criterion)\n",
            s.calls_summarised
        )
    } else {
        String::new()
    };
    format!(
        "original: {} locations, {} edges, {} paths; {} lines\n\
         symbolic execution tree: {} nodes, {} merges, {} infeasible transitions, {} loop headers\n\
         {calls}{what}: {} nodes, {} edges, {} paths; rule 1: {}, rule 2: {}, rule 3: {}\n\
         decompiled: {} lines, {} conditional expressions nested up to {} deep\n\
         time: {:.2} s ({} solver queries, {} units of work)",
        s.cfg_nodes,
        s.cfg_edges,
        s.cfg_paths,
        original_lines,
        s.tree_nodes,
        s.merges,
        s.infeasible_edges,
        s.loops,
        s.pss_nodes,
        s.pss_edges,
        s.pss_paths,
        s.rule1,
        s.rule2,
        s.rule3,
        s.lines,
        s.conditionals,
        s.conditional_depth,
        s.time_s,
        s.solver_queries,
        s.work
    )
}

fn original_lines(path: &Path) -> u64 {
    std::fs::read_to_string(path).map(|t| kappa_slice::code_lines(&t)).unwrap_or(0)
}

fn stats_json(r: &SliceResult, original_lines: u64) -> serde_json::Value {
    let mut v = serde_json::to_value(&r.stats).unwrap_or_default();
    if let Some(o) = v.as_object_mut() {
        o.insert("original_lines".into(), original_lines.into());
        o.insert("undefined_behaviour".into(), r.undefined_behaviour.clone().into());
        o.insert("approximations".into(), r.approximations.clone().into());
    }
    v
}

/// `kappa slice`.
pub fn run_slice(front: &FrontOpts, a: &SliceArgs) -> ExitCode {
    let crit = match criterion(a) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kappa: {e}");
            return ExitCode::from(1);
        }
    };
    let prog = match crate::load(front) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let start = Instant::now();
    let invariants = if a.static_slice || a.no_invariants {
        Vec::new()
    } else {
        let until = a.max_time.map(|t| start + Duration::from_secs_f64(t * INVARIANT_TIME_SHARE));
        invariants(front, &explore_defaults(), &prog, until)
    };
    let opts = SliceOptions {
        entry: front.entry.clone(),
        max_time: a.max_time.map(|t| Duration::from_secs_f64(t).saturating_sub(start.elapsed())),
        max_nodes: a.max_nodes,
        max_work: a.max_work,
        tree_dot: a.tree.is_some(),
        invariants,
        value_facts: !a.no_invariants,
        ..SliceOptions::default()
    };
    let result = if a.static_slice {
        kappa_slice::slice_static(&prog, &crit, &opts)
    } else {
        kappa_slice::slice(&prog, &crit, &opts)
    };
    let r = match result {
        Ok(r) => r,
        Err(SliceError::Limit(m)) => {
            eprintln!("kappa: {m}: no slice written (the exploration is incomplete)");
            return ExitCode::SUCCESS;
        }
        Err(SliceError::Internal(m)) => {
            eprintln!("kappa: internal error of the slicer: {m}");
            return ExitCode::from(3);
        }
        Err(e) => {
            eprintln!("kappa: {e}");
            return ExitCode::from(2);
        }
    };
    let lines = original_lines(&front.file);
    let summary = describe(&r, lines);
    match &a.output {
        Some(o) => {
            if let Err(e) = std::fs::write(o, &r.c_source) {
                eprintln!("kappa: cannot write {}: {e}", o.display());
                return ExitCode::from(2);
            }
            println!("{summary}");
            println!("written to {}", o.display());
        }
        None => {
            print!("{}", r.c_source);
            eprintln!("{summary}");
        }
    }
    for u in &r.undefined_behaviour {
        eprintln!("kappa: note: possible undefined behaviour: {u}; the slice is equivalent on executions without it");
    }
    for m in &r.approximations {
        eprintln!(
            "kappa: note: the slice reads unknown values from {m}: it over-approximates the program (a `true` holds for the program, a `false` needs confirming)"
        );
    }
    if let Some(p) = &a.dot {
        if let Err(e) = explore::write_tree(p, &r.dot) {
            eprintln!("kappa: {e}");
        }
    }
    if let (Some(p), Some(t)) = (&a.tree, &r.tree_dot) {
        if let Err(e) = explore::write_tree(p, t) {
            eprintln!("kappa: {e}");
        }
    }
    if let Some(dir) = &a.report {
        let source = std::fs::read_to_string(&front.file).ok();
        let notes: Vec<String> = r
            .undefined_behaviour
            .iter()
            .map(|u| format!("possible undefined behaviour: {u}; the slice is equivalent on executions without it"))
            .collect();
        let argv = crate::report::argv();
        let page = kappa_report::slice::SlicePage {
            argv: &argv,
            file: &front.file.display().to_string(),
            source: source.as_deref(),
            summary: &summary,
            dot: &r.dot,
            c_source: &r.c_source,
            notes: &notes,
        };
        match kappa_report::slice::write(&page, dir) {
            Ok(p) => eprintln!("report: {}", p.display()),
            Err(e) => eprintln!("kappa: no report: {e}"),
        }
    }
    if let Some(p) = &a.stats_json {
        let json = serde_json::to_string_pretty(&stats_json(&r, lines)).unwrap_or_default();
        if let Err(e) = std::fs::write(p, json + "\n") {
            eprintln!("kappa: cannot write {}: {e}", p.display());
        }
    }
    ExitCode::SUCCESS
}

/// The share of `--max-time` the proof of loop invariants for the slicer may use (it is
/// budgeted in states and queries too, as a k-induction proof).
const INVARIANT_TIME_SHARE: f64 = 0.15;

/// The exploration options of `kappa verify` by default (`kappa slice` has none of its own).
fn explore_defaults() -> ExploreOpts {
    use clap::Parser;
    #[derive(Parser)]
    struct Defaults {
        #[command(flatten)]
        ex: ExploreOpts,
    }
    Defaults::parse_from(["kappa"]).ex
}

/// Proved loop-head invariants for the slicer (`prove_kind::slice_invariants`); none, with a
/// note, when the proof cannot be made.
fn invariants(
    front: &FrontOpts,
    ex: &ExploreOpts,
    prog: &kappa_ir::Program,
    until: Option<Instant>,
) -> Vec<kappa_slice::LoopInvariant> {
    match crate::prove_kind::slice_invariants(front, prog, ex, until) {
        Ok(v) => v,
        Err(why) => {
            eprintln!("kappa: note: no loop invariants for the slicer: {why}");
            Vec::new()
        }
    }
}

/// `verify --slice`: the most tree nodes the slicer may build. The development drivers of
/// bench/drivers need at most 7,171 (netdev_ring_bug; docs/benchmarks.md, issue 24's third
/// session).
const SLICE_NODES: u64 = 20_000;
/// `verify --slice`: the most work (Z3 rlimit units and terms made, all rounds) the slicer may
/// use. The development drivers of bench/drivers need up to 18.7 M (serial_cancel_bug; then
/// 14.8 M serial_cancel, 9.7 M netdev_ring_bug, 6.8 M floppy_queue, below 1 M the others;
/// docs/benchmarks.md, issue 24's third session): this is that with a margin of a quarter.
/// Slicing that cannot finish is also bounded by a quarter of `--max-time`, and stops at the
/// first possible undefined behaviour (`stop_at_undefined_behaviour`), past which the slice
/// would not be used.
const SLICE_WORK: u64 = 24_000_000;
/// `verify --slice`: the share of `--max-time` the slicer may use.
const SLICE_TIME_SHARE: f64 = 0.25;
/// `verify --slice`: the share of the time left after slicing that verifying the slice may
/// use; without a verdict there, the original is verified with the rest.
const SLICE_VERIFY_SHARE: f64 = 0.5;

/// `kappa verify --slice`: the verdict found on the slice, or `Err(time left)` when the
/// original program must be verified instead (the slicer could not finish, or the program may
/// have undefined behaviour, which the slice does not keep). Prints its report. After a signal
/// (SIGINT, SIGTERM) there is no fallback: `unknown (interrupted)`.
pub fn verify_sliced(front: &FrontOpts, ex: &ExploreOpts, prog: &kappa_ir::Program) -> Result<Verdict, Option<f64>> {
    let start = Instant::now();
    let left = || ex.max_time.map(|t| (t - start.elapsed().as_secs_f64()).max(0.01));
    match verify_sliced_inner(front, ex, prog, start) {
        Some(v) => Ok(v),
        // Interrupted while slicing (the slicer's queries are cancelled, so it gives up): the
        // verdict is the interrupt's, not a fresh start on the original.
        None if crate::signals::interrupted() => Ok(Verdict::Unknown(kappa_engine::engine::INTERRUPTED.into())),
        None => Err(left()),
    }
}

fn verify_sliced_inner(
    front: &FrontOpts,
    ex: &ExploreOpts,
    prog: &kappa_ir::Program,
    start: Instant,
) -> Option<Verdict> {
    // Slicing must not cost more than it may save: it gets a budget of work (tree nodes and
    // solver work, the same on a busy machine) and a share of the time limit, and past them the
    // original program is verified with the time left.
    let until = ex.max_time.map(|t| start + Duration::from_secs_f64(t * INVARIANT_TIME_SHARE));
    let invariants = invariants(front, ex, prog, until);
    let opts = SliceOptions {
        entry: front.entry.clone(),
        max_time: ex.max_time.map(|t| Duration::from_secs_f64(t * SLICE_TIME_SHARE)),
        max_nodes: Some(ex.max_states.unwrap_or(SLICE_NODES).min(SLICE_NODES)),
        max_work: Some(SLICE_WORK),
        invariants,
        // A slice that lists any is not used (below): stop at the first.
        stop_at_undefined_behaviour: true,
        ..SliceOptions::default()
    };
    let r = match kappa_slice::slice(prog, &Criterion::UnreachCall, &opts) {
        Ok(r) => r,
        Err(e) if crate::signals::interrupted() => {
            // No fallback after a signal (see `verify_sliced`).
            eprintln!("kappa: note: --slice: {e}");
            return None;
        }
        Err(SliceError::UndefinedBehaviour(u)) => {
            note_ub_fallback(&u);
            return None;
        }
        Err(e) => {
            eprintln!("kappa: note: --slice: {e}; verifying the original program");
            return None;
        }
    };
    if let Some(u) = r.undefined_behaviour.first() {
        note_ub_fallback(u);
        return None;
    }
    if let Err(e) = std::fs::create_dir_all(&ex.out) {
        eprintln!("kappa: cannot create {}: {e}", ex.out.display());
        return None;
    }
    let sliced_path = ex.out.join("sliced.c");
    if let Err(e) = std::fs::write(&sliced_path, &r.c_source) {
        eprintln!("kappa: cannot write {}: {e}", sliced_path.display());
        return None;
    }
    let s = &r.stats;
    println!(
        "slice: {} paths -> {} (PSS-CFG: {} nodes, {} merges, rules 1/2/3: {}/{}/{}; {:.2} s), verifying {}",
        s.cfg_paths,
        s.pss_paths,
        s.pss_nodes,
        s.merges,
        s.rule1,
        s.rule2,
        s.rule3,
        s.time_s,
        sliced_path.display()
    );
    // The slice is one C file, whatever the program's files were.
    let sfront = FrontOpts { file: sliced_path.clone(), more: Vec::new(), units: Vec::new(), ..front.clone() };
    let sprog = match kappa_libc::lower_file(&sliced_path, &crate::front_options(&sfront)) {
        Ok(p) => p,
        Err(d) => {
            eprintln!("kappa: internal error: the decompiled slice does not lower: {d}");
            return None;
        }
    };
    let mut ex2 = ex.clone();
    if let Some(t) = ex.max_time {
        let left = t - start.elapsed().as_secs_f64();
        if left <= 0.0 {
            return Some(Verdict::Unknown("timeout".into()));
        }
        // A slice can be harder to verify than the original (its loops are gotos over
        // integer-encoded cells, and it is explored without the proofs of `verify`): the
        // original keeps the other half.
        ex2.max_time = Some(left * SLICE_VERIFY_SHARE);
    }
    let setup = explore::setup(&sfront, &ex2, &sprog);
    let (report, dot) = explore::explore(&sprog, setup.cfg, &ex2, true);
    let mut verdict = explore::verdict_of(&report);
    if verdict == Verdict::False {
        verdict = confirm_on_original(front, ex, prog, &report);
        if verdict != Verdict::False && !r.approximations.is_empty() {
            // The slice over-approximates: its counterexample may be one the program has not.
            eprintln!(
                "kappa: note: --slice: the slice's counterexample is not one of the original program (the slice over-approximates {}); verifying the original program",
                r.approximations.join("; ")
            );
            return None;
        }
        if let (Verdict::Unknown(why), false) = (&verdict, crate::signals::interrupted()) {
            // An exact slice's counterexample is the original's (the PSS-CFG's guarantee), but
            // one that has no test or does not replay (a slicer bug: three inputs on one line
            // did not, 2026-12-03) must not cost the verdict the original can give.
            eprintln!(
                "kappa: note: --slice: the slice's counterexample was not confirmed on the original program ({why}); verifying the original program"
            );
            return None;
        }
    }
    if !r.approximations.is_empty() && matches!(verdict, Verdict::Unknown(_)) {
        // An unknown of an over-approximation says nothing more than the original would.
        eprintln!("kappa: note: --slice: no verdict on the over-approximating slice; verifying the original program");
        return None;
    }
    if let (Verdict::Unknown(why), false) = (&verdict, crate::signals::interrupted()) {
        eprintln!("kappa: note: --slice: no verdict on the slice ({why}); verifying the original program");
        return None;
    }
    if let (Some(path), Some(dot)) = (&ex.tree, dot) {
        if let Err(e) = explore::write_tree(path, &dot) {
            eprintln!("kappa: {e}");
        }
    }
    if let Some(p) = &ex.stats_json {
        if let Err(e) = explore::write_stats(p, &report, &verdict) {
            eprintln!("kappa: {e}");
        } else if let Ok(text) = std::fs::read_to_string(p) {
            // The slicer's statistics under `slice`.
            if let Ok(mut v) = serde_json::from_str::<serde_json::Value>(&text) {
                if let Some(o) = v.as_object_mut() {
                    o.insert("slice".into(), stats_json(&r, original_lines(&front.file)));
                }
                let _ = std::fs::write(p, serde_json::to_string_pretty(&v).unwrap_or_default() + "\n");
            }
        }
    }
    if !ex.quiet {
        explore::print_report(&sprog, &report, &ex.out, ex.verbose);
    }
    Some(verdict)
}

/// `verify --slice` falls back to the original program: the program may have undefined
/// behaviour, which a slice does not keep.
fn note_ub_fallback(u: &str) {
    eprintln!(
        "kappa: note: --slice: possible undefined behaviour ({u}), which a slice does not keep; verifying the original program"
    );
}

/// A counterexample of the slice counts only once it reaches the error in the original program:
/// its inputs are carried over by line, the original is run on them, and the resulting test is
/// replayed on the original compiled by the C compiler.
fn confirm_on_original(
    front: &FrontOpts,
    ex: &ExploreOpts,
    prog: &kappa_ir::Program,
    report: &kappa_engine::RunReport,
) -> Verdict {
    let Some(v) = report.violations().next() else { return Verdict::Unknown("no counterexample".into()) };
    let Some(test) = &v.testcase else {
        return Verdict::Unknown("no test for the counterexample (solver unknown)".into());
    };
    let name = front.file.display().to_string();
    let otest = match kappa_slice::confirm::translate(prog, &front.entry, &name, test) {
        Ok(t) => t,
        Err(e) => return Verdict::Unknown(format!("the slice's counterexample does not carry over: {e}")),
    };
    let path = ex.out.join("counterexample.json");
    if let Err(e) = std::fs::write(&path, otest.to_json() + "\n") {
        eprintln!("kappa: cannot write {}: {e}", path.display());
    }
    println!("counterexample for {}: {}", front.file.display(), path.display());
    explore::replay_verdict(front, &otest)
}
