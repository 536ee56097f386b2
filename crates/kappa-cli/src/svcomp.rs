//! The SV-COMP front of `kappa verify`: task definitions (`kappa verify TASK.yml`), property
//! files and names (`--property valid-memsafety`), the verdict of each property from the errors
//! a run found, undefined behaviour under `--ub stop`, confirmation of violations by replay.

use crate::{explore, ExploreOpts, FrontOpts};
use kappa_cfront::DiagKind;
use kappa_engine::{LeakCheck, Mode, RunReport};
use kappa_ir::testcase::InputKind;
use kappa_ir::ErrorKind;
use kappa_svcomp::property::Class;
use kappa_svcomp::{task, Property, Task, Verdict};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What a path that hits undefined behaviour (an error that is not the property's) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum UbMode {
    /// kappa's default: the UB is reported, and a `true` is not given (`unknown (undefined
    /// behaviour: …)`).
    Report,
    /// SV-COMP's semantics: the path ends there, the UB is a warning with its test, and the
    /// verdict is the property's alone.
    Stop,
}

/// Options of `kappa verify` beyond those of `run`.
#[derive(clap::Args, Clone, Debug)]
pub struct VerifyOpts {
    /// The property: unreach-call, valid-memsafety, valid-memcleanup, no-overflow,
    /// termination, or an SV-COMP .prp file. For a task file, the default is each property of
    /// the task.
    #[arg(long)]
    pub property: Option<String>,
    /// Undefined behaviour that is not the property's: `report` it and give no `true`, or
    /// `stop` the path there (SV-COMP's semantics; the default for tasks checking
    /// unreach-call).
    #[arg(long, value_enum)]
    pub ub: Option<UbMode>,
    /// Validate this violation witness (GraphML or YAML 2.0) instead of searching: follow its
    /// waypoints and confirm the violation on the real program.
    #[arg(long, value_name = "W")]
    pub witness: Option<PathBuf>,
    /// Slice the program first (the path-sensitively sliced CFG for unreach-call) and verify
    /// the slice; a counterexample is confirmed on the original program.
    #[arg(long)]
    pub slice: bool,
    /// Write no witnesses: a `true` then costs no check of invariant candidates.
    #[arg(long)]
    pub no_witnesses: bool,
    /// Proof techniques tried when exploration is incomplete (docs/design-proofs.md),
    /// comma-separated: `summaries` (of recursive functions), `kind` (k-induction with
    /// invariants, for loops), `lazy` (lazy annotation with subsumption; by name only, not in
    /// `all`), `all`, `none`.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "all")]
    pub proof: Vec<ProofKind>,
}

/// A proof technique of `--proof`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProofKind {
    Summaries,
    Kind,
    Lazy,
    All,
    None,
}

impl VerifyOpts {
    /// Whether `--proof` enables the technique.
    pub fn proves(&self, k: ProofKind) -> bool {
        !self.proof.contains(&ProofKind::None) && (self.proof.contains(&ProofKind::All) || self.proof.contains(&k))
    }
}

/// The error kinds a run for the property stops at.
fn violation_kinds(p: &Property) -> Vec<ErrorKind> {
    ErrorKind::all().into_iter().filter(|k| matches!(p.classify(k.name()), Class::Violation(_))).collect()
}

/// The part of the time left that lazy annotation gets (after k-induction and its base case,
/// or first when it is asked for by name): its exploration finds violations too.
const LAZY_SHARE: f64 = 0.5;

/// One property to check, with the expected verdict when a task gives it.
struct Check {
    property: Property,
    expected: Option<Verdict>,
}

/// `kappa verify FILE.c|TASK.yml`.
pub fn verify(front: FrontOpts, ex: ExploreOpts, vo: VerifyOpts) -> ExitCode {
    if let Err(e) = ex.inputs.spec() {
        eprintln!("kappa: {e}");
        return ExitCode::from(1);
    }
    let mut front = front;
    let mut checks = Vec::new();
    let from_task = task::is_task_file(&front.file);
    if from_task {
        let t = match Task::load(&front.file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("kappa: {e}");
                return ExitCode::from(2);
            }
        };
        match t.program() {
            Ok(p) => front.file = p.to_path_buf(),
            Err(e) => {
                eprintln!("kappa: {e}");
                return ExitCode::from(2);
            }
        }
        front.data_model = t.data_model;
        let wanted = match &vo.property {
            Some(arg) => match Property::from_arg(arg) {
                Ok(p) => Some(p),
                Err(e) => {
                    eprintln!("kappa: {e}");
                    return ExitCode::from(1);
                }
            },
            None => None,
        };
        for tp in &t.properties {
            if wanted.as_ref().is_some_and(|w| *w != tp.property) || tp.property.is_coverage() {
                continue;
            }
            checks.push(Check { property: tp.property.clone(), expected: tp.expected.clone() });
        }
        if let (Some(w), true) = (wanted, checks.is_empty()) {
            // A property the task does not list: checked all the same, nothing expected.
            checks.push(Check { property: w, expected: None });
        }
        if checks.is_empty() {
            eprintln!("kappa: {}: the task lists no property kappa verifies", t.path.display());
            return ExitCode::from(2);
        }
    } else {
        let p = match Property::from_arg(vo.property.as_deref().unwrap_or("unreach-call")) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("kappa: {e}");
                return ExitCode::from(1);
            }
        };
        if p.is_coverage() {
            eprintln!("kappa: {} is a Test-Comp goal: use `kappa testgen FILE.c --goal {}`", p.name(), p.name());
            return ExitCode::from(1);
        }
        checks.push(Check { property: p, expected: None });
    }
    if let Some(w) = &vo.witness {
        let Some(c) = checks.first() else { return ExitCode::from(2) };
        return match validate(&front, w, Some(&c.property)) {
            Ok(v) => {
                println!("{}", v.verdict.result_line());
                ExitCode::SUCCESS
            }
            Err(code) => code,
        };
    }
    let several = checks.len() > 1;
    for c in &checks {
        // Tasks check unreach-call with SV-COMP's semantics of undefined behaviour.
        let ub = vo.ub.unwrap_or(if from_task && matches!(c.property, Property::UnreachCall { .. }) {
            UbMode::Stop
        } else {
            UbMode::Report
        });
        if several {
            println!("property {}:", c.property.name());
        }
        let mut ex = ex.clone();
        if several {
            ex.out = ex.out.join(c.property.name());
        }
        // One deadline for every phase of the check, the front-end included (issue 20).
        crate::signals::set_deadline(ex.max_time);
        // The phases' work budgets are sized from the nominal time (crate::phase).
        crate::phase::set_run_time(ex.max_time);
        crate::phase::take();
        crate::signals::provisional(Verdict::Unknown("timeout".into()).result_line());
        crate::signals::on_interrupt(Verdict::Unknown(kappa_engine::engine::INTERRUPTED.into()).result_line());
        crate::signals::watch_deadline();
        match verify_one(&front, &ex, &c.property, ub, &vo) {
            Ok(v) => {
                if let Some(want) = &c.expected {
                    let how = match task::agrees(want, &v) {
                        Some(true) => "kappa agrees",
                        Some(false) => "kappa DISAGREES",
                        None => "kappa did not decide",
                    };
                    println!("expected verdict: {} ({how})", want.short());
                }
                crate::signals::print_result(&v.result_line());
            }
            Err(code) => return code,
        }
    }
    ExitCode::SUCCESS
}

/// The engine's configuration for a property.
pub fn configure(cfg: &mut kappa_engine::Config, p: &Property) {
    cfg.violation_kinds = violation_kinds(p);
    cfg.leak_check = match p {
        Property::ValidMemsafety => LeakCheck::Memtrack,
        Property::ValidMemcleanup => LeakCheck::Memcleanup,
        _ => LeakCheck::Off,
    };
    if *p == Property::Termination {
        // Loop templates summarise every number of iterations, also of a loop that never
        // exits: only classic exploration, which ends only when every path did, shows
        // termination.
        cfg.mode = Mode::Classic;
        cfg.lassos = true;
    }
}

/// The front-end's options for a property (overflow checks for `no-overflow`).
pub fn front_options(front: &FrontOpts, p: &Property) -> kappa_cfront::Options {
    let mut o = crate::front_options(front);
    o.overflow_checks = *p == Property::NoOverflow;
    o
}

fn verify_one(
    front: &FrontOpts,
    ex: &ExploreOpts,
    p: &Property,
    ub: UbMode,
    vo: &VerifyOpts,
) -> Result<Verdict, ExitCode> {
    let prog = match kappa_libc::lower_file(&front.file, &front_options(front, p)) {
        Ok(prog) => prog,
        Err(d) if d.kind == DiagKind::Unsupported => {
            eprintln!("{d}");
            return Ok(Verdict::Unknown(format!("unsupported: {}", d.message)));
        }
        Err(d) => {
            eprintln!("{d}");
            return Err(ExitCode::from(2));
        }
    };
    let mut ex = ex.clone();
    if *p == Property::Termination {
        ex.mode = "classic".into();
    }
    // The exploration gets what the front-end left of the time limit.
    ex.max_time = crate::signals::seconds_left();
    if vo.slice {
        if !matches!(p, Property::UnreachCall { .. }) {
            eprintln!(
                "kappa: note: --slice: the slicer's property is unreach-call, not {}; verifying the original program",
                p.name()
            );
        } else {
            match crate::slice::verify_sliced(front, &ex, &prog) {
                // No witness: the slice's verdict is not tied to the original's locations.
                Ok(v) => {
                    return Ok(match v {
                        explore::Verdict::True => Verdict::True,
                        explore::Verdict::False => Verdict::False(p.name().into()),
                        explore::Verdict::Unknown(r) => Verdict::Unknown(r),
                    })
                }
                Err(time_left) => ex.max_time = time_left,
            }
        }
    }
    let summaries = vo.proves(ProofKind::Summaries) && crate::prove_summary::applies(&prog);
    // k-induction (issue 21) where summaries do not apply and its step case does.
    let kind_by_name = vo.proof.contains(&ProofKind::Kind);
    let kind = vo.proves(ProofKind::Kind) && !summaries && crate::prove_kind::applies(&prog, p, kind_by_name);
    // Lazy annotation (issue 21), asked for by name only (`--proof lazy`; not in `all` until
    // the default chain is measured with it): after k-induction and its base case leave the
    // program undecided, or first without k-induction.
    let lazy_by_name = vo.proof.contains(&ProofKind::Lazy);
    let lazy = lazy_by_name && !summaries && crate::prove_lazy::applies(&prog, p);
    let mut lazy_proved = false;
    let mut setup = explore::setup(front, &ex, &prog);
    for n in &setup.notes {
        eprintln!("kappa: note: {n}");
    }
    configure(&mut setup.cfg, p);
    crate::inputs::nondet_main(&mut setup.cfg.program_inputs);
    let full = setup.cfg.clone();
    if summaries {
        crate::prove_summary::first_share(&mut setup.cfg);
    }
    // A short exploration on a work budget first: what it decides (it ends, or reaches a
    // violation that has a test to replay) needs no proof. A violation without a test that
    // replays (the model's query ran out of the short budget) goes on to k-induction and its
    // base case. (The engine checks a test's model against its path condition and asks again
    // with more work when it is not a model of it: big_array_search's input array, left at
    // its defaults by the short budget, once needed a second exploration here, issue kind10.)
    let decided = |r: &RunReport| matches!(verdict_of(p, r, ub), Verdict::True);
    let quick = if kind { Some(crate::prove_kind::quick_exploration(&prog, &setup.cfg, &ex)) } else { None };
    // Stopped by nothing but queries left unknown within its per-query budget (no error, no
    // state, query or time limit): the templates summarised every loop and the plain
    // exploration decides with the full per-query budget, so after a failed proof it gets
    // nearly all the time left, after a short base case only (gsv2008: one quantified query
    // of 32 M units, 4 s, that the base case's share of a 10 s run left too little time
    // for; gsv2008_bug: a violation ten iterations deep, 47 queries of the base case).
    let nearly = quick.as_ref().is_some_and(|(r, _)| crate::prove_kind::only_unknown_queries(r));
    // A violation reached by the short exploration: the base case will most likely confirm it,
    // so k-induction tries k = 1 only and does not make the bug wait for the larger windows.
    let reached = quick.as_ref().is_some_and(|(r, _)| !r.stats.errors.is_empty());
    let max_k = if reached { 1 } else { crate::prove_kind::MAX_K };
    // A violation of the property reached by the short exploration is most likely a bug (a
    // path to the error that the exploration found feasible), which no proof can stand
    // against; only its test may be missing. One whose test replays decides now (`false`,
    // issue 21, "verify answers late"); only a replayed test decides, as after any phase.
    let mut confirmed = false;
    let quick = match quick {
        Some(q) if decided(&q.0) => Some(q),
        Some(q) => match verdict_of(p, &q.0, ub) {
            v @ Verdict::False(_) => {
                let v = confirm(front, &prog, p, &q.0, v);
                if std::env::var_os("KAPPA_KIND_DEBUG").is_some() {
                    eprintln!("kind: the violation before k-induction: {}", v.result_line());
                }
                confirmed = matches!(v, Verdict::False(_));
                confirmed.then_some(q)
            }
            _ => None,
        },
        _ => None,
    };
    // Then k-induction (issue 21), budgeted by work; not proved, the plain exploration gets
    // the time left. Proved, the run's report is that of the validating exploration. Asked for
    // by name (`--proof kind`), it runs after a confirmed violation too (k = 1): the user asked
    // why the program is not proved (the guide's lseg_cycle); the verdict stays the violation's.
    let kind_report = if kind && (quick.is_none() || (kind_by_name && confirmed)) {
        crate::prove_kind::before_exploration(front, &prog, p, &ex, vo.no_witnesses, kind_by_name, max_k)
    } else {
        None
    };
    // (A confirmed violation replayed on the compiled program: no proof outweighs it.)
    let proved = kind_report.is_some() && quick.is_none();
    let (mut report, mut dot) = match (quick, kind_report) {
        (Some(q), _) => q,
        (None, Some(r)) => (r, None),
        // Not proved: k-induction's base case (bugs a few iterations deep, by work), then
        // the plain exploration with the time left.
        (None, None) if kind => {
            use crate::prove_kind::BaseShare;
            let share = if nearly { BaseShare::Short } else { BaseShare::Full };
            match crate::prove_kind::base_case(front, &prog, p, &ex, share) {
                Some((base, dot)) if !matches!(verdict_of(p, &base, ub), Verdict::Unknown(_)) => (base, dot),
                _ if nearly => plain(&prog, crate::prove_summary::the_rest(setup.cfg), &ex),
                _ => lazy_or_explore(front, &prog, p, &ex, lazy, setup.cfg, &mut lazy_proved),
            }
        }
        (None, None) if lazy => lazy_or_explore(front, &prog, p, &ex, true, setup.cfg, &mut lazy_proved),
        (None, None) => plain(&prog, setup.cfg, &ex),
    };
    let mut verdict = if proved || lazy_proved { Verdict::True } else { verdict_of(p, &report, ub) };
    if summaries && matches!(verdict, Verdict::Unknown(_)) && report.stats.errors.is_empty() {
        match crate::prove_summary::verdict(front, &prog, p, &ex) {
            Some(v) => verdict = v,
            None if crate::signals::interrupted() => {}
            None => {
                // Not proved: the plain exploration again, with all the time left.
                (report, dot) = plain(&prog, crate::prove_summary::the_rest(full.clone()), &ex);
                verdict = verdict_of(p, &report, ub);
            }
        }
    }
    if let Verdict::True = &verdict {
        crate::signals::provisional(verdict.result_line());
    }
    if let Verdict::False(_) = &verdict {
        // (Confirmed already: the short exploration's violation or its second exploration's.)
        if !confirmed {
            verdict = confirm(front, &prog, p, &report, verdict);
        }
        if crate::signals::interrupted() && !matches!(verdict, Verdict::False(_)) {
            // The replay was killed by the interrupt, not refuted.
            verdict = Verdict::Unknown(kappa_engine::engine::INTERRUPTED.into());
        }
        crate::signals::provisional(verdict.result_line());
    }
    // Witnesses are written in what the time limit leaves; the verdict does not wait for them.
    if let (Verdict::False(sub), false) = (&verdict, vo.no_witnesses) {
        match write_violation_witnesses(front, &prog, p, sub, &report, &ex.out) {
            Ok(files) => println!("witness: {}", files.join(", ")),
            Err(e) => eprintln!("kappa: no violation witness: {e}"),
        }
    }
    if verdict == Verdict::True && !vo.no_witnesses && !proved {
        let mut wx = ex.clone();
        wx.max_time = crate::signals::seconds_left();
        match write_correctness_witnesses(front, &prog, p, &wx, &report.stats, lazy_proved) {
            Ok(files) => println!("witness: {}", files.join(", ")),
            Err(e) => eprintln!("kappa: no correctness witness: {e}"),
        }
    }
    if let (Some(_), true) = (&ex.tree, proved || lazy_proved) {
        // The verdict is the proof's: no exploration of the program made a tree.
        let by = if proved { "the k-induction proof" } else { "the lazy annotation proof" };
        eprintln!("kappa: note: no tree written: the verdict comes from {by}, not an exploration");
    }
    if let (Some(path), Some(dot)) = (&ex.tree, dot) {
        if let Err(e) = explore::write_tree(path, &dot) {
            eprintln!("kappa: {e}");
        }
    }
    if let Some(path) = &ex.stats_json {
        if let Err(e) = explore::write_stats_named(path, &report, verdict.short()) {
            eprintln!("kappa: {e}");
        } else if let Err(e) = add_phases(path) {
            eprintln!("kappa: {e}");
        }
    }
    if !ex.quiet {
        explore::print_report(&prog, &report, &ex.out, ex.verbose);
    } else {
        for a in &report.stats.assumptions {
            println!("assumption: {a}");
        }
    }
    if ub == UbMode::Stop {
        for e in report.stats.errors.iter().filter(|e| p.classify(&e.kind) == Class::Ub) {
            let test = e.test.as_ref().map(|t| format!(" [test {}]", ex.out.join(t).display())).unwrap_or_default();
            println!(
                "warning: undefined behaviour ({}) at {}: the path ends there (--ub stop){test}",
                e.kind, e.location
            );
        }
    }
    let reason = if let Verdict::Unknown(r) = &verdict { Some(r.clone()) } else { None };
    crate::report::finish("verify", front, &ex, &report, verdict.short(), reason);
    Ok(verdict)
}

/// Lazy annotation (where `lazy`, which is asked for by name, so its failure is noted) on its
/// share of the time: its report when it proves the program (`lazy_proved` set) or reaches a
/// violation; otherwise (or without `lazy`) the plain exploration with the time left.
fn lazy_or_explore(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    lazy: bool,
    cfg: kappa_engine::Config,
    lazy_proved: &mut bool,
) -> (RunReport, Option<String>) {
    use crate::prove_lazy::Outcome;
    if lazy {
        match crate::prove_lazy::prove(front, prog, p, ex, LAZY_SHARE, true) {
            Outcome::Proved(r) => {
                *lazy_proved = true;
                return (r, None);
            }
            Outcome::Violation(r) => return (r, None),
            Outcome::Undecided => {}
        }
    }
    plain(prog, crate::prove_summary::the_rest(cfg), ex)
}

/// The plain exploration of the program, recorded as a phase.
fn plain(prog: &kappa_ir::Program, cfg: kappa_engine::Config, ex: &ExploreOpts) -> (RunReport, Option<String>) {
    let (report, dot) = explore::explore(prog, cfg, ex, true);
    crate::phase::record("exploration", &report);
    (report, dot)
}

/// Adds `phases` to the statistics file: what each phase's exploration did (states, queries,
/// Z3's work units, template work, why it stopped), in the order they ran; the file's other
/// statistics are the last exploration's (docs/spec-extensions.md, "More statistics").
fn add_phases(path: &Path) -> Result<(), String> {
    let phases = crate::phase::take();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // Appended as the last key, so that the others keep their order.
    let Some(body) = text.trim_end().strip_suffix('}') else {
        return Err(format!("{}: not a JSON object", path.display()));
    };
    let list: serde_json::Value = phases.iter().map(crate::phase::PhaseWork::to_json).collect();
    let list = serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?.replace('\n', "\n  ");
    let json = format!("{},\n  \"phases\": {list}\n}}\n", body.trim_end());
    std::fs::write(path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The verdict a run supports for the property, before replay confirms a violation.
fn verdict_of(p: &Property, report: &RunReport, ub: UbMode) -> Verdict {
    let s = &report.stats;
    if let Some(sub) = s.errors.iter().find_map(|e| match p.classify(&e.kind) {
        Class::Violation(sub) => Some(sub),
        _ => None,
    }) {
        return Verdict::False(sub.into());
    }
    if ub == UbMode::Report {
        if let Some(e) = s.errors.iter().find(|e| p.classify(&e.kind) == Class::Ub) {
            return Verdict::Unknown(format!("undefined behaviour: {} at {}", e.kind, e.location));
        }
    }
    match explore::main_reason(&s.incomplete) {
        Some(r) if r.starts_with("time limit") => Verdict::Unknown("timeout".into()),
        Some(r) => Verdict::Unknown(r.clone()),
        None => Verdict::True,
    }
}

/// A violation stands only with a test that replays on the real program, where a C compiler
/// is available (SPEC.md). A lasso (`termination`) cannot be replayed to its end: the concrete
/// interpreter confirms it, finding the loop head's state repeated on the test's inputs.
fn confirm(front: &FrontOpts, prog: &kappa_ir::Program, p: &Property, report: &RunReport, verdict: Verdict) -> Verdict {
    let Some(v) = report.stats.errors.iter().find(|e| matches!(p.classify(&e.kind), Class::Violation(_))) else {
        return Verdict::Unknown("no counterexample".into());
    };
    let Some(test) = &v.testcase else {
        return Verdict::Unknown("no test for the counterexample (solver unknown)".into());
    };
    if v.kind == kappa_ir::ErrorKind::NonTermination.name() {
        let tr = kappa_svcomp::trace::trace_test_within(prog, test, &witness_trace_limits());
        return match &tr.run.outcome {
            kappa_interp::Outcome::Error { kind: kappa_ir::ErrorKind::NonTermination, .. } => verdict,
            kappa_interp::Outcome::Limit(why) => Verdict::Unknown(format!("the lasso was not confirmed: {why}")),
            o => Verdict::Unknown(format!("the lasso was not confirmed: its test's concrete run ended in {o:?}")),
        };
    }
    match explore::confirm_by_replay(front, test) {
        Ok(()) => verdict,
        Err(why) => Verdict::Unknown(why),
    }
}

/// Writes `witness.graphml` and `witness.yml` into the output directory, from the trace of the
/// violation's test in the concrete interpreter (the run must end in the violation).
fn write_violation_witnesses(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    sub: &str,
    report: &RunReport,
    out: &Path,
) -> Result<Vec<String>, String> {
    use kappa_svcomp::{trace, witness};
    let v = report
        .stats
        .errors
        .iter()
        .find(|e| matches!(p.classify(&e.kind), Class::Violation(_)))
        .ok_or("no violation")?;
    let test = v.testcase.as_ref().ok_or("the violation has no test")?;
    let limits = witness_trace_limits();
    let tr = trace::trace_test_within(prog, test, &limits);
    if let kappa_interp::Outcome::Limit(why) = &tr.run.outcome {
        return Err(format!(
            "the interpreter's run of the counterexample, which the witness is made of, stopped: {why}"
        ));
    }
    let ends_right = match &tr.run.outcome {
        kappa_interp::Outcome::Error { kind, .. } if p.classify(kind.name()) == Class::Violation(static_sub(sub)) => {
            true
        }
        _ => matches!(sub, "valid-memtrack" | "valid-memcleanup") && ends_program(p, &tr.run.outcome),
    };
    if !ends_right {
        return Err(format!("the interpreter's run of the test ended in {:?}", tr.run.outcome));
    }
    if *p == Property::Termination {
        return write_termination_witness(front, prog, &tr, out);
    }
    let mut tr = tr;
    if matches!(sub, "valid-memtrack" | "valid-memcleanup") {
        // A leak: the target is the allocation of the lost block (also where the run ends in an
        // error call that aborts).
        if let Some(span) = prog_span(prog, &v.location) {
            tr.run.outcome = kappa_interp::Outcome::Error {
                kind: v.kind.parse().map_err(|e: String| e)?,
                message: v.message.clone(),
                func: prog.main.ok_or("no main")?,
                loc: kappa_ir::Loc(0),
                span,
            };
        }
    }
    if tr.values_only || tr.steps.len() > MAX_WITNESS_STEPS {
        tr.keep_values_only();
        if tr.steps.len() > MAX_WITNESS_STEPS {
            return Err(format!(
                "the counterexample reads {} nondet values, more than a witness of {MAX_WITNESS_STEPS} steps holds",
                tr.steps.len()
            ));
        }
        println!("note: the counterexample is longer than {MAX_WITNESS_STEPS} steps: the witnesses give only its nondet values");
    }
    let meta = witness::Meta::new(&front.file, front.data_model, &p.violated_spec(sub))?;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let g = out.join("witness.graphml");
    let y = out.join("witness.yml");
    std::fs::write(&g, witness::violation_graphml(&meta, &tr))
        .map_err(|e| format!("cannot write {}: {e}", g.display()))?;
    std::fs::write(&y, witness::violation_yaml(&meta, prog, &tr))
        .map_err(|e| format!("cannot write {}: {e}", y.display()))?;
    // The witnesses' own check: the run on their values (as the execution-based validator
    // makes it) reaches the violation. Values of uninitialised memory are not in either
    // format, so a counterexample that depends on them is not carried by its witnesses. A
    // witness of values only (a run of more than MAX_WITNESS_STEPS steps) is not run again:
    // the check would record every step of that long run.
    let check = kappa_interp::Config { max_steps: limits.max_steps, deadline: limits.deadline, ..Default::default() };
    for w in [&g, &y].into_iter().filter(|_| !tr.values_only) {
        let why = match kappa_svcomp::validate::read_witness(w) {
            Ok(wp) => {
                let f = kappa_svcomp::validate::follow(prog, &wp, &check);
                match (f.deviations.first(), &f.trace.run.outcome) {
                    (_, kappa_interp::Outcome::Limit(_)) => None,
                    (Some(d), _) => Some(d.clone()),
                    (None, kappa_interp::Outcome::Error { .. }) => None,
                    (None, _) if matches!(sub, "valid-memtrack" | "valid-memcleanup") => None,
                    (None, o) => Some(format!("the run ends without an error ({o:?})")),
                }
            }
            Err(e) => Some(e),
        };
        if let Some(why) = why {
            let uninit: Vec<&str> = test
                .inputs
                .iter()
                .filter(|i| matches!(i.kind, InputKind::Uninit | InputKind::Memory))
                .map(|i| i.name.as_str())
                .collect();
            let mut causes = Vec::new();
            if !uninit.is_empty() {
                causes.push(format!("reads uninitialised memory ({})", uninit.join(", ")));
            }
            if !test.program_inputs.is_default() {
                causes.push("has a command line, standard input or files".to_string());
            }
            let cause = if causes.is_empty() {
                String::new()
            } else {
                format!("; the counterexample {}, which no witness format carries", causes.join(" and "))
            };
            // On standard output, with the `witness:` line (before the `RESULT:` line).
            println!("note: the witness {} does not lead to the violation: {why}{cause}", w.display());
        }
    }
    Ok(vec![g.display().to_string(), y.display().to_string()])
}

/// The GraphML witness of a lasso (a stem to the loop head and the cycle back to it, marked
/// `cyclehead`), checked as the validator would: the run on its values, watched for a repeated
/// state, must come back to the head in the same state. YAML 2.0 has no lasso, so there is
/// only the GraphML file.
fn write_termination_witness(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    tr: &kappa_svcomp::trace::Trace,
    out: &Path,
) -> Result<Vec<String>, String> {
    use kappa_svcomp::witness;
    let head = match &tr.run.outcome {
        kappa_interp::Outcome::Error { span, .. } => span.line,
        o => return Err(format!("the interpreter's run of the test ended in {o:?}")),
    };
    if tr.steps.len() > MAX_WITNESS_STEPS {
        return Err(format!("the lasso is longer than a witness of {MAX_WITNESS_STEPS} steps"));
    }
    let meta = witness::Meta::new(&front.file, front.data_model, &Property::Termination.violated_spec("termination"))?;
    let text = witness::termination_graphml(&meta, tr, head)
        .ok_or("the interpreter's run did not place the start of the lasso's cycle")?;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let g = out.join("witness.graphml");
    std::fs::write(&g, text).map_err(|e| format!("cannot write {}: {e}", g.display()))?;
    let limits = witness_trace_limits();
    let check = kappa_interp::Config { max_steps: limits.max_steps, deadline: limits.deadline, ..Default::default() };
    let why = match kappa_svcomp::validate::read_witness(&g) {
        Ok(wp) => {
            let f = kappa_svcomp::validate::follow(prog, &wp, &check);
            match (f.deviations.first(), &f.trace.run.outcome) {
                (_, kappa_interp::Outcome::Limit(_)) => None,
                (Some(d), _) => Some(d.clone()),
                (None, kappa_interp::Outcome::Error { kind: ErrorKind::NonTermination, .. }) => None,
                (None, o) => Some(format!("the run does not repeat its state ({o:?})")),
            }
        }
        Err(e) => Some(e),
    };
    if let Some(why) = why {
        println!("note: the witness {} does not lead to the lasso: {why}", g.display());
    }
    eprintln!("kappa: note: no YAML witness: the 2.0 format has no lasso");
    Ok(vec![g.display().to_string()])
}

/// Whether a run of the interpreter ended the program where the leak checks of `p` look
/// (docs/spec-extensions.md, "Memory at the end"): `main` returned, `exit()`, `abort()`, or an
/// error call that is not `p`'s violation (`reach_error()` and a failed `assert` abort).
fn ends_program(p: &Property, outcome: &kappa_interp::Outcome) -> bool {
    match outcome {
        kappa_interp::Outcome::Exit(_) | kappa_interp::Outcome::Abort => true,
        kappa_interp::Outcome::Error { kind, .. } => kind.aborts_program() && p.classify(kind.name()) == Class::Ends,
        _ => false,
    }
}

/// Steps of the longest witness written in full (branches, calls, returns, values).
const MAX_WITNESS_STEPS: usize = 10_000;

/// Edges of the interpreter's run a witness is made from: a fixed amount of work, so that the
/// same counterexample gets the same witness on any machine, and the time limit besides.
const MAX_WITNESS_RUN: u64 = 50_000_000;

fn witness_trace_limits() -> kappa_svcomp::trace::TraceLimits {
    kappa_svcomp::trace::TraceLimits {
        max_steps: MAX_WITNESS_RUN,
        full_steps: MAX_WITNESS_STEPS,
        deadline: crate::signals::time_left().map(|d| std::time::Instant::now() + d),
    }
}

fn static_sub(sub: &str) -> &'static str {
    ["unreach-call", "valid-deref", "valid-free", "valid-memtrack", "valid-memcleanup", "no-overflow", "termination"]
        .into_iter()
        .find(|s| *s == sub)
        .unwrap_or("")
}

/// The span of a `file:line:col` location of the program.
fn prog_span(prog: &kappa_ir::Program, loc: &str) -> Option<kappa_ir::Span> {
    let (file, line, col) = crate::explore::split_location(loc)?;
    let f = prog.files.iter().position(|x| x == file)? as u32;
    Some(kappa_ir::Span { file: f, line, col, ..Default::default() })
}

/// The outcome of validating a witness.
pub struct Validation {
    pub verdict: Verdict,
    /// The replay's explanation, or why the witness was not confirmed.
    pub explanation: String,
}

/// Execution-based validation: the witness's values drive the program in the interpreter; the
/// run must follow the witness and end in a violation of the property, and that run, made a
/// test, must replay on the real program. `property` defaults to the witness's specification.
pub fn validate(front: &FrontOpts, witness: &Path, property: Option<&Property>) -> Result<Validation, ExitCode> {
    use kappa_svcomp::validate as v;
    let wp = match v::read_witness(witness) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("kappa: {e}");
            return Err(ExitCode::from(2));
        }
    };
    let from_witness = wp.specification.as_deref().and_then(|s| Property::from_spec(s).ok());
    let mut front = front.clone();
    if let Some(dm) = wp.data_model {
        front.data_model = dm;
    }
    let front = &front;
    let p = property.cloned().or(from_witness).unwrap_or(Property::UnreachCall { func: "reach_error".into() });
    let prog = match kappa_libc::lower_file(&front.file, &front_options(front, &p)) {
        Ok(prog) => prog,
        Err(d) => {
            eprintln!("{d}");
            return Err(ExitCode::from(2));
        }
    };
    let unconfirmed = |why: String| Validation {
        verdict: Verdict::Unknown(format!("witness not confirmed: {why}")),
        explanation: why,
    };
    let followed = v::follow(&prog, &wp, &kappa_interp::Config::default());
    for l in &followed.missing {
        eprintln!("kappa: note: the witness gives no value for the input at line {l}: 0 was used");
    }
    if let Some(d) = followed.deviations.first() {
        return Ok(unconfirmed(d.clone()));
    }
    let run = &followed.trace.run;
    let leak = matches!(p, Property::ValidMemsafety | Property::ValidMemcleanup) && ends_program(&p, &run.outcome);
    let sub = match &run.outcome {
        _ if leak => {
            if p == Property::ValidMemcleanup {
                "valid-memcleanup"
            } else {
                "valid-memtrack"
            }
        }
        kappa_interp::Outcome::Error { kind, .. } => match p.classify(kind.name()) {
            Class::Violation(s) => s,
            _ => return Ok(unconfirmed(format!("the run ends in {kind}, which does not violate {}", p.name()))),
        },
        o => return Ok(unconfirmed(format!("the run ends without a violation ({o:?})"))),
    };
    // A lasso is confirmed as `verify` confirms it, by the interpreter: its run on the witness's
    // values came back to the loop head in the state it had there, and a compiled program that
    // never ends (reading the cycle's values again and again) cannot be run to a verdict.
    if let kappa_interp::Outcome::Error { kind: ErrorKind::NonTermination, message, span, .. } = &run.outcome {
        return Ok(Validation {
            verdict: Verdict::False(sub.into()),
            explanation: format!(
                "the run on the witness's values comes back to the loop head at line {} in the same state ({message}); \
                 confirmed by kappa's interpreter, which compares whole states",
                span.line
            ),
        });
    }
    let name = front.file.display().to_string();
    let mut test = match kappa_replay::testcase_from_run(&prog, &name, "main", &[], run) {
        Ok(t) => t,
        Err(e) => return Ok(unconfirmed(e)),
    };
    if leak {
        let Some(line) = wp.target else {
            return Ok(unconfirmed("a leak witness must name the allocation as its target".into()));
        };
        let kind = if sub == "valid-memcleanup" { ErrorKind::MemoryNotFreed } else { ErrorKind::MemoryLeak };
        test.outcome = kappa_ir::testcase::TestOutcome::Error {
            error: kind.name().into(),
            location: format!("{name}:{line}:1"),
            message: String::new(),
        };
    }
    let opts = kappa_replay::ReplayOptions {
        include_dirs: front.include.clone(),
        defines: front.define.clone(),
        units: front.units.clone(),
        ..Default::default()
    };
    match kappa_replay::replay(&front.file, &test, &opts) {
        Ok(r) if r.matches => Ok(Validation { verdict: Verdict::False(sub.into()), explanation: r.explanation }),
        Ok(r) => Ok(unconfirmed(format!("the real program did not confirm it: {}", r.explanation))),
        Err(e) => Ok(Validation {
            verdict: Verdict::Unknown(format!("witness followed in the interpreter, not replayed: {e}")),
            explanation: e.to_string(),
        }),
    }
}

/// `kappa replay FILE.c WITNESS`: the witness made a test and run (execution-based validation).
pub fn replay_witness(front: &FrontOpts, witness: &Path) -> ExitCode {
    match validate(front, witness, None) {
        Ok(v) => {
            println!("{}", v.explanation);
            match v.verdict {
                Verdict::False(sub) => {
                    println!("witness confirmed: false({sub})");
                    println!("REPLAY: match");
                }
                Verdict::Unknown(why) if why.starts_with("witness not confirmed") => {
                    println!("REPLAY: mismatch ({why})");
                }
                Verdict::Unknown(why) => println!("REPLAY: not run ({why})"),
                Verdict::True => println!("REPLAY: mismatch (no violation)"),
            }
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}

/// Whether a file given to `kappa replay` is a witness rather than a kappa test.
pub fn is_witness_file(p: &Path) -> bool {
    matches!(p.extension().and_then(|e| e.to_str()), Some("graphml" | "yml" | "yaml" | "xml"))
}

/// Options of `kappa testgen`.
#[derive(clap::Args, Clone, Debug)]
pub struct TestgenOpts {
    /// The Test-Comp goal: coverage-error-call, coverage-branches, or a COVER .prp file.
    #[arg(long, default_value = "coverage-branches")]
    pub goal: String,
    /// Also write the suite as OUT/test-suite.zip.
    #[arg(long)]
    pub zip: bool,
}

/// A branch of the program: the function, the branch's source offset, the direction.
type BranchId = (String, u32, bool);

/// The branches of the program's own functions (two-way branches that are not kappa's checks),
/// each direction counted.
fn program_branches(prog: &kappa_ir::Program) -> usize {
    use kappa_ir::{LocKind, Op};
    let mut n = 0;
    for (i, f) in prog.functions.iter().enumerate() {
        if prog.is_library(kappa_ir::FuncId(i as u32)) {
            continue;
        }
        for l in 0..f.locs.len() {
            let out = f.out_edges(kappa_ir::Loc(l as u32));
            let two_way = out.len() == 2 && out.iter().all(|x| matches!(f.edge(*x).op, Op::Assume(_)));
            let check = out.iter().any(|x| {
                matches!(&f.loc(f.edge(*x).dst).kind, LocKind::Error { kind, .. }
                    if !kind.aborts_program())
            });
            if two_way && !check && f.edge(out[0]).span.is_known() {
                n += 2;
            } else if out.len() > 2 && !check && f.edge(out[0]).span.is_known() {
                // A `switch`: each arm is a branch, as Test-Comp's validator counts them.
                n += out.len();
            }
        }
    }
    n
}

/// `kappa testgen FILE.c --goal …`: a Test-Comp test suite.
pub fn testgen(front: FrontOpts, ex: ExploreOpts, to: TestgenOpts) -> ExitCode {
    use kappa_svcomp::{testcomp, trace, witness};
    let goal = match Property::from_arg(&to.goal) {
        Ok(p) if p.is_coverage() => p,
        Ok(p) => {
            eprintln!("kappa: {} is not a Test-Comp goal (coverage-error-call or coverage-branches)", p.name());
            return ExitCode::from(1);
        }
        Err(e) => {
            eprintln!("kappa: {e}");
            return ExitCode::from(1);
        }
    };
    if let Err(e) = ex.inputs.spec() {
        eprintln!("kappa: {e}");
        return ExitCode::from(1);
    }
    // One deadline for the front-end, the exploration and the suite, with the watchdog `run`
    // and `verify` have: a phase that does not end in time is cut by it (and after a signal by
    // the grace period), with the line below; no suite is written then.
    crate::signals::arm_exploration(ex.max_time, |why| format!("exploration incomplete: {why}; no test suite written"));
    let prog = match kappa_libc::lower_file(&front.file, &crate::front_options(&front)) {
        Ok(p) => p,
        Err(d) => {
            crate::signals::disarm();
            eprintln!("{d}");
            return ExitCode::from(2);
        }
    };
    let error_goal = matches!(goal, Property::CoverageErrorCall { .. });
    // The suite is made in what the exploration leaves of --max-time (a tenth of it, at most
    // 5 s, is kept for choosing and writing the suite).
    let mut ex = ex;
    let suite_reserve = ex.max_time.map_or(std::time::Duration::ZERO, |t| {
        std::time::Duration::from_secs_f64(t / 10.0)
            .clamp(std::time::Duration::from_millis(200), std::time::Duration::from_secs(5))
    });
    // `incomplete` names the user's limit, as `run`'s does (not the exploration's share of it).
    let shown = ex.max_time.map(std::time::Duration::from_secs_f64);
    ex.max_time = crate::signals::seconds_left_reserving(suite_reserve);
    ex.coverage_goal = true;
    let mut setup = explore::setup(&front, &ex, &prog);
    explore::reserve_halt_time(&mut setup.cfg);
    setup.cfg.limits.time_shown = shown;
    setup.cfg.violation_kinds = vec![ErrorKind::ReachError, ErrorKind::Assert];
    // No nondeterministic command line (unlike `verify`): Test-Comp's validators run the program
    // with none (argc = 1) and feed only the __VERIFIER_nondet_* calls, so a test may not
    // depend on main's arguments (docs/spec-extensions.md, "Test-Comp suites").
    let (report, _) = explore::explore(&prog, setup.cfg, &ex, error_goal);
    let files = explore::test_files(&ex.out.join("tests"));
    let tests: Vec<kappa_ir::testcase::TestCase> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .filter_map(|t| kappa_ir::testcase::TestCase::from_json(&t).ok())
        .collect();
    let reaches_error = |t: &kappa_ir::testcase::TestCase| matches!(&t.outcome, kappa_ir::testcase::TestOutcome::Error { error, .. } if error == "reach_error" || error == "assert");
    // The suite: for the error call, the tests that reach it; for branches, each test that
    // covers a branch (direction) no earlier test of the suite covers.
    let mut covered: std::collections::HashSet<BranchId> = std::collections::HashSet::new();
    let mut arms: std::collections::HashSet<(String, usize)> = std::collections::HashSet::new();
    let mut suite = Vec::new();
    for t in &tests {
        if crate::signals::out_of_time() && !suite.is_empty() {
            // The rest of the tests are not traced: each is a run of the interpreter.
            println!("note: the time limit was reached: the suite is made of the first tests only");
            break;
        }
        if error_goal {
            if reaches_error(t) {
                suite.push(t);
                break;
            }
            continue;
        }
        let tr = trace::trace_test(&prog, t);
        let mut new = false;
        for s in &tr.steps {
            if let trace::StepKind::Branch { taken } = s.kind {
                new |= covered.insert((s.func.clone(), s.span.offset, taken));
            }
        }
        for a in tr.arms {
            new |= arms.insert(a);
        }
        if new {
            suite.push(t);
        }
    }
    let dir = ex.out.join("test-suite");
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("kappa: cannot create {}: {e}", dir.display());
        return ExitCode::from(3);
    }
    let mut meta = match witness::Meta::new(&front.file, front.data_model, &goal.prp_text()) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("kappa: {e}");
            return ExitCode::from(2);
        }
    };
    meta.creation_time = testcomp::now();
    let mut written: Vec<(String, Vec<u8>)> =
        vec![("test-suite/metadata.xml".into(), testcomp::metadata_xml(&meta, &front.entry).into_bytes())];
    for (k, t) in suite.iter().enumerate() {
        let inputs: Vec<testcomp::TestInput> = t
            .inputs
            .iter()
            .filter(|i| i.kind == kappa_ir::testcase::InputKind::Nondet && i.name.starts_with("__VERIFIER_nondet_"))
            .map(|i| testcomp::TestInput {
                callee: i.name.clone(),
                value: i.value,
                ty: i
                    .ty
                    .strip_prefix('i')
                    .and_then(|w| w.parse().ok())
                    .map_or(kappa_ir::Ty::Int(64), kappa_ir::Ty::Int),
            })
            .collect();
        let mut xml = testcomp::testcase_xml(&inputs, reaches_error(t));
        if !t.program_inputs.argv.is_empty() {
            xml = with_command_line(&xml, t);
        }
        written.push((format!("test-suite/test-{:04}.xml", k + 1), xml.into_bytes()));
    }
    for (name, data) in &written {
        let path = ex.out.join(name);
        if let Err(e) = std::fs::write(&path, data) {
            eprintln!("kappa: cannot write {}: {e}", path.display());
            return ExitCode::from(3);
        }
    }
    // The suite is written: the report follows, printed by the command, not the watchdog.
    crate::signals::disarm();
    if to.zip {
        let z = ex.out.join("test-suite.zip");
        if let Err(e) = std::fs::write(&z, testcomp::zip(&written)) {
            eprintln!("kappa: cannot write {}: {e}", z.display());
            return ExitCode::from(3);
        }
        println!("test suite: {}", z.display());
    }
    let s = &report.stats;
    println!(
        "test suite: {} tests in {} (of {} tests of {} explored paths)",
        suite.len(),
        dir.display(),
        tests.len(),
        s.paths_completed
    );
    if error_goal {
        match suite.first() {
            Some(_) => println!("goal: the error call is covered (test-suite/test-0001.xml)"),
            None => println!("goal: the error call is not covered"),
        }
    } else {
        println!("branches covered: {} of {}", covered.len() + arms.len(), program_branches(&prog));
    }
    if !s.incomplete.is_empty() {
        println!("exploration incomplete: {}", s.incomplete.join("; "));
    }
    if let Some(p) = &ex.stats_json {
        // The exploration's statistics, with its verdict as `run` gives it.
        if let Err(e) = explore::write_stats(p, &report, &explore::verdict_of(&report)) {
            eprintln!("kappa: {e}");
        }
    }
    let summary = format!("{} tests in the suite", suite.len());
    crate::report::finish("testgen", &front, &ex, &report, summary, None);
    println!("RESULT: done");
    ExitCode::SUCCESS
}

/// A Test-Comp test case with a comment that gives the test's command line: the format carries
/// only nondet values, and Test-Comp's harness runs `main` without arguments, so a test whose
/// path needs arguments (main's arguments are nondeterministic under `testgen`) covers its
/// branches only when run with them (`kappa replay` of the kappa test does).
fn with_command_line(xml: &str, t: &kappa_ir::testcase::TestCase) -> String {
    let args: Vec<String> = t.program_inputs.argv.iter().map(|a| format!("\"{}\"", a.text)).collect();
    // `--` may not appear in an XML comment.
    let comment = format!(
        "<!-- kappa: this test's command line is argv = {{{}}}; the format has no command line -->",
        args.join(", ").replace("--", "-\\x2d")
    );
    xml.replacen("<testcase", &format!("{comment}\n<testcase"), 1)
}

/// Which candidate invariants hold at their loop heads: explorations of the program with the
/// active candidates checked at their heads ([`kappa_svcomp::invariants::instrument`]), each
/// dropping the candidates a path refuted, until one completes with no check failing. An
/// incomplete exploration refutes nothing, so keeps no candidate: checks at the heads of nested
/// loops can keep the inner loop from being summarised, so when the check of all heads is
/// incomplete, each head is checked on its own.
///
/// The checks are budgeted by work, not time (issue 20), so that the same program and options
/// give the same witness on any machine load: all explorations together create at most
/// [`CHECK_PER_PROOF`] times the states and make at most as many times the solver queries of
/// the run that proved the program (at least [`CHECK_MIN_STATES`] and [`CHECK_MIN_QUERIES`]),
/// and each query gets [`CHECK_RLIMIT`] units of Z3's work. The time limit (what is left of
/// `--max-time`) still bounds them from outside.
fn check_candidates(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    proof: &kappa_engine::Stats,
    cands: &[kappa_svcomp::invariants::Candidate],
    lazy: bool,
) -> Vec<bool> {
    let mut cx = ex.clone();
    // A check explores the whole checked program, in one engine (its work budget is one run's).
    (cx.shard, cx.jobs) = (None, Some(1));
    cx.out = ex.out.join("invariant-check");
    cx.quiet = true;
    cx.tree = None;
    cx.stats_json = None;
    let mut budget = CheckBudget {
        states: proof.states_created.saturating_mul(CHECK_PER_PROOF).max(CHECK_MIN_STATES),
        queries: proof.solver_queries.saturating_mul(CHECK_PER_PROOF).max(CHECK_MIN_QUERIES),
    };
    let all = vec![true; cands.len()];
    if let Ok(holds) = check_subset(front, prog, p, &mut cx, &mut budget, cands, all, lazy) {
        return holds;
    }
    let mut heads: Vec<(u32, u32)> = cands.iter().map(|c| (c.func.0, c.header.0)).collect();
    heads.sort_unstable();
    heads.dedup();
    let mut holds = vec![false; cands.len()];
    let mut incomplete = Vec::new();
    for h in heads {
        let active: Vec<bool> = cands.iter().map(|c| (c.func.0, c.header.0) == h).collect();
        match check_subset(front, prog, p, &mut cx, &mut budget, cands, active, lazy) {
            Ok(ok) => holds.iter_mut().zip(ok).for_each(|(x, y)| *x |= y),
            Err(why) => incomplete.push(format!(
                "line {}: {why}",
                cands.iter().find(|c| (c.func.0, c.header.0) == h).map_or(0, |c| c.span.line)
            )),
        }
    }
    if !incomplete.is_empty() {
        eprintln!(
            "kappa: note: the check of the loop invariants is incomplete ({}): the witness says `1` there",
            incomplete.join("; ")
        );
    }
    holds
}

/// States and queries the explorations of the invariant check may make, per state and query
/// of the proof…
const CHECK_PER_PROOF: u64 = 4;
/// …and at least these many.
const CHECK_MIN_STATES: u64 = 2_000;
const CHECK_MIN_QUERIES: u64 = 400;
/// Z3's work units for one query of the invariant check (Z3's rlimit; about half a second of
/// work).
const CHECK_RLIMIT: u64 = 10_000_000;

/// The part of the time limit the invariant check leaves to the rest of the command.
const CHECK_RESERVE: std::time::Duration = std::time::Duration::from_millis(500);

/// What is left of the invariant check's work.
struct CheckBudget {
    states: u64,
    queries: u64,
}

/// The candidates among `active` that hold (see [`check_candidates`]); `Err`: an exploration
/// was incomplete. With `lazy`, the explorations are lazy annotation's (the program was proved
/// by it: a plain exploration of it does not end), so a candidate holds when lazy annotation
/// proves the instrumented program's checks unreachable.
#[allow(clippy::too_many_arguments)]
fn check_subset(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    cx: &mut ExploreOpts,
    budget: &mut CheckBudget,
    cands: &[kappa_svcomp::invariants::Candidate],
    mut active: Vec<bool>,
    lazy: bool,
) -> Result<Vec<bool>, String> {
    use kappa_svcomp::invariants;
    while active.contains(&true) {
        // The check leaves some of the time limit to what comes after it (the witness, the
        // statistics, the report).
        cx.max_time = crate::signals::seconds_left_reserving(CHECK_RESERVE);
        if crate::signals::interrupted() || cx.max_time.is_some_and(|t| t <= 0.0) {
            return Err("the time limit was reached".into());
        }
        if budget.states == 0 || budget.queries == 0 {
            return Err("the work budget of the check is used up".into());
        }
        cx.max_states = Some(budget.states);
        let checked = invariants::instrument(prog, cands, &active);
        checked.validate().map_err(|e| format!("internal error: {e}"))?;
        let mut setup = explore::setup(front, cx, &checked);
        configure(&mut setup.cfg, p);
        crate::inputs::nondet_main(&mut setup.cfg.program_inputs);
        setup.cfg.test_dir = None;
        setup.cfg.solver_rlimit = Some(CHECK_RLIMIT);
        setup.cfg.limits.queries = Some(budget.queries);
        let report = if lazy {
            crate::prove_lazy::explore_lazy(&checked, setup.cfg, cx)
        } else {
            explore::explore(&checked, setup.cfg, cx, false).0
        };
        budget.states = budget.states.saturating_sub(report.stats.states_created);
        budget.queries = budget.queries.saturating_sub(report.stats.solver_queries);
        if !report.stats.incomplete.is_empty() {
            return Err(report.stats.incomplete.join("; "));
        }
        let refuted: Vec<usize> = report
            .stats
            .errors
            .iter()
            .filter_map(|e| invariants::refuted_candidate(&e.message))
            .filter(|k| active.get(*k) == Some(&true))
            .collect();
        if refuted.is_empty() {
            break;
        }
        for k in refuted {
            active[k] = false;
        }
    }
    Ok(active)
}

/// Writes the correctness witnesses (`witness.yml`: an `invariant_set`, `witness.graphml`) of a
/// program proved for `p`: at each loop head, the conjunction of the candidate invariants that
/// an exploration of the program with each candidate checked at its loop head did not refute
/// (that exploration must be complete), else `1`.
fn write_correctness_witnesses(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    ex: &ExploreOpts,
    proof: &kappa_engine::Stats,
    lazy: bool,
) -> Result<Vec<String>, String> {
    use kappa_svcomp::invariants;
    let cands = invariants::candidates(prog);
    let holds = check_candidates(front, prog, p, ex, proof, &cands, lazy);
    // One invariant per loop head: the conjunction of what holds there.
    write_invariant_witnesses(front, prog, p, &ex.out, &|fi, header| {
        let parts: Vec<&str> = cands
            .iter()
            .zip(&holds)
            .filter(|(c, h)| **h && c.func == fi && c.header == header)
            .map(|(c, _)| c.text.as_str())
            .collect();
        if parts.is_empty() {
            "1".into()
        } else {
            parts.join(" && ")
        }
    })
}

/// Writes the correctness witnesses (`witness.yml`, `witness.graphml`) with the invariant
/// `inv_at(function, head)` at each loop head of the program's own functions, and prints them.
pub(crate) fn write_invariant_witnesses(
    front: &FrontOpts,
    prog: &kappa_ir::Program,
    p: &Property,
    out: &Path,
    inv_at: &dyn Fn(kappa_ir::FuncId, kappa_ir::Loc) -> String,
) -> Result<Vec<String>, String> {
    use kappa_svcomp::witness;
    let analyses = kappa_ir::analysis::analyze_program(prog, &kappa_ir::analysis::CycleOptions::default());
    let mut invs = Vec::new();
    for (fi, (f, a)) in prog.functions.iter().zip(&analyses).enumerate() {
        if prog.is_library(kappa_ir::FuncId(fi as u32)) {
            continue;
        }
        for l in &a.loops.loops {
            let span = f.loc(l.header).span;
            if !span.is_known() {
                continue;
            }
            invs.push(witness::Invariant {
                file: prog.files.get(span.file as usize).cloned().unwrap_or_default(),
                line: span.line,
                column: span.col,
                function: f.name.clone(),
                expr: inv_at(kappa_ir::FuncId(fi as u32), l.header),
            });
        }
    }
    let meta = witness::Meta::new(&front.file, front.data_model, &p.prp_text())?;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let g = out.join("witness.graphml");
    let y = out.join("witness.yml");
    std::fs::write(&g, witness::correctness_graphml(&meta, &invs))
        .map_err(|e| format!("cannot write {}: {e}", g.display()))?;
    std::fs::write(&y, witness::correctness_yaml(&meta, &invs))
        .map_err(|e| format!("cannot write {}: {e}", y.display()))?;
    for i in &invs {
        println!("invariant at {}:{} ({}): {}", i.file, i.line, i.function, i.expr);
    }
    Ok(vec![g.display().to_string(), y.display().to_string()])
}
