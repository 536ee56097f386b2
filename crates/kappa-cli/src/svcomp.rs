//! The SV-COMP front of `kappa verify`: task definitions (`kappa verify TASK.yml`), property
//! files and names (`--property valid-memsafety`), the verdict of each property from the errors
//! a run found, undefined behaviour under `--ub stop`, confirmation of violations by replay.

use crate::{explore, ExploreOpts, FrontOpts};
use kappa_cfront::DiagKind;
use kappa_engine::{LeakCheck, Mode, RunReport};
use kappa_ir::ErrorKind;
use kappa_svcomp::{task, Property, Task, Verdict};
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
}

/// How an error kind counts for a property.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Class {
    /// It violates the property; the (sub-)property's name.
    Violation(&'static str),
    /// Undefined behaviour the property does not speak of.
    Ub,
    /// The path ends, and nothing is said (an abort through `reach_error` under a memory
    /// property, a division trap).
    Ends,
}

fn classify(p: &Property, kind: &str) -> Class {
    let Ok(k) = kind.parse::<ErrorKind>() else { return Class::Ub };
    use ErrorKind::*;
    match (p, k) {
        (Property::UnreachCall { .. } | Property::CoverageErrorCall { .. }, ReachError | Assert) => {
            Class::Violation("unreach-call")
        }
        (Property::ValidMemsafety, OutOfBounds | NullDeref | InvalidDeref) => Class::Violation("valid-deref"),
        (Property::ValidMemsafety, InvalidFree) => Class::Violation("valid-free"),
        (Property::ValidMemsafety, MemoryLeak) => Class::Violation("valid-memtrack"),
        (Property::ValidMemcleanup, MemoryNotFreed) => Class::Violation("valid-memcleanup"),
        (Property::NoOverflow, Overflow | DivOverflow) => Class::Violation("no-overflow"),
        // A division trap ends the run (SIGFPE): kappa has always let it end the path.
        (_, DivByZero | DivOverflow) => Class::Ends,
        // Outside unreach-call, `reach_error()` is a call that aborts.
        (p, ReachError | Assert) if !matches!(p, Property::UnreachCall { .. }) => Class::Ends,
        _ => Class::Ub,
    }
}

/// The error kinds a run for the property stops at.
fn violation_kinds(p: &Property) -> Vec<ErrorKind> {
    ErrorKind::all().into_iter().filter(|k| matches!(classify(p, k.name()), Class::Violation(_))).collect()
}

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
        match verify_one(&front, &ex, &c.property, ub) {
            Ok(v) => {
                if let Some(want) = &c.expected {
                    let how = match task::agrees(want, &v) {
                        Some(true) => "kappa agrees",
                        Some(false) => "kappa DISAGREES",
                        None => "kappa did not decide",
                    };
                    println!("expected verdict: {} ({how})", want.short());
                }
                println!("{}", v.result_line());
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
    }
}

/// The front-end's options for a property (overflow checks for `no-overflow`).
pub fn front_options(front: &FrontOpts, p: &Property) -> kappa_cfront::Options {
    let mut o = crate::front_options(front);
    o.overflow_checks = *p == Property::NoOverflow;
    o
}

fn verify_one(front: &FrontOpts, ex: &ExploreOpts, p: &Property, ub: UbMode) -> Result<Verdict, ExitCode> {
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
    let mut setup = explore::setup(front, &ex, &prog);
    for n in &setup.notes {
        eprintln!("kappa: note: {n}");
    }
    configure(&mut setup.cfg, p);
    let (report, dot) = explore::explore(&prog, setup.cfg, &ex, true);
    let mut verdict = verdict_of(p, &report, ub);
    if let Verdict::False(_) = &verdict {
        verdict = confirm(front, p, &report, verdict);
    }
    if let (Some(path), Some(dot)) = (&ex.tree, dot) {
        if let Err(e) = explore::write_tree(path, &dot) {
            eprintln!("kappa: {e}");
        }
    }
    if let Some(path) = &ex.stats_json {
        if let Err(e) = explore::write_stats_named(path, &report, verdict.short()) {
            eprintln!("kappa: {e}");
        }
    }
    if !ex.quiet {
        explore::print_report(&prog, &report, &ex.out);
    } else {
        for a in &report.stats.assumptions {
            println!("assumption: {a}");
        }
    }
    if ub == UbMode::Stop {
        for e in report.stats.errors.iter().filter(|e| classify(p, &e.kind) == Class::Ub) {
            let test = e.test.as_ref().map(|t| format!(" [test {}]", ex.out.join(t).display())).unwrap_or_default();
            println!(
                "warning: undefined behaviour ({}) at {}: the path ends there (--ub stop){test}",
                e.kind, e.location
            );
        }
    }
    Ok(verdict)
}

/// The verdict a run supports for the property, before replay confirms a violation.
fn verdict_of(p: &Property, report: &RunReport, ub: UbMode) -> Verdict {
    let s = &report.stats;
    if let Some(sub) = s.errors.iter().find_map(|e| match classify(p, &e.kind) {
        Class::Violation(sub) => Some(sub),
        _ => None,
    }) {
        return Verdict::False(sub.into());
    }
    if ub == UbMode::Report {
        if let Some(e) = s.errors.iter().find(|e| classify(p, &e.kind) == Class::Ub) {
            return Verdict::Unknown(format!("undefined behaviour: {} at {}", e.kind, e.location));
        }
    }
    match s.incomplete.first() {
        Some(r) if r.starts_with("time limit") => Verdict::Unknown("timeout".into()),
        Some(r) => Verdict::Unknown(r.clone()),
        None => Verdict::True,
    }
}

/// A violation stands only with a test that replays on the real program, where a C compiler
/// is available (SPEC.md).
fn confirm(front: &FrontOpts, p: &Property, report: &RunReport, verdict: Verdict) -> Verdict {
    let Some(v) = report.stats.errors.iter().find(|e| matches!(classify(p, &e.kind), Class::Violation(_))) else {
        return Verdict::Unknown("no counterexample".into());
    };
    let Some(test) = &v.testcase else {
        return Verdict::Unknown("no test for the counterexample (solver unknown)".into());
    };
    let opts = kappa_replay::ReplayOptions {
        include_dirs: front.include.clone(),
        defines: front.define.clone(),
        ..Default::default()
    };
    if !kappa_replay::compiler_available(&opts, front.data_model) {
        eprintln!(
            "kappa: note: no C compiler for {}: the counterexample is not confirmed by replay",
            front.data_model.name()
        );
        return verdict;
    }
    match kappa_replay::replay(&front.file, test, &opts) {
        Ok(r) if r.matches => verdict,
        Ok(r) => Verdict::Unknown(format!("counterexample did not replay: {}", r.explanation)),
        Err(e) => Verdict::Unknown(format!("counterexample could not be replayed: {e}")),
    }
}
