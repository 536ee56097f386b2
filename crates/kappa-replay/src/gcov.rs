//! Coverage of a test suite on the real program, as gcov measures it, next to kappa's own
//! figure for the same tests.
//!
//! [`replay_suite`] replays every test (compiled with the sanitizers, as [`crate::replay`] does:
//! does each recorded outcome happen?), then runs them all again on the program compiled with
//! `--coverage` and no sanitizers (their checks would count as branches), and reads the counts
//! with `gcov --json-format` (`$KAPPA_GCOV`, default `gcov`; gcc's). Only the program's own
//! files are counted (those holding function bodies), not the replay harness. Branches are
//! gcov's: each arc out of a conditional jump, as `lcov` and `gcov -b` count them; lines are those
//! gcov finds code on (it also counts a function's opening and closing lines, which kappa does
//! not).
//!
//! kappa's figure ([`kappa_coverage`]) runs the same tests in the IR interpreter and counts the
//! IR's coverage items they take ([`kappa_ir::analysis::CoverageMap`]): the program's
//! conditions, lines with operations, functions.

use crate::{Harness, Replay, ReplayError, ReplayOptions};
use kappa_interp::{Config, Interpreter, Value, VecInput};
use kappa_ir::analysis::coverage::Counts;
use kappa_ir::analysis::{CoverageMap, ItemSet};
use kappa_ir::testcase::{InputKind, TestCase};
use kappa_ir::{DataModel, Program, Ty};
use std::path::Path;
use std::process::Command;

/// Covered and total, per kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    pub lines: (u64, u64),
    pub branches: (u64, u64),
    pub functions: (u64, u64),
}

/// gcov's counts for one source file.
#[derive(Clone, Debug, Default)]
pub struct FileCoverage {
    pub file: String,
    /// Per line with code: executions.
    pub lines: Vec<(u32, u64)>,
    /// Per branch arc: its line and how often it was taken.
    pub branches: Vec<(u32, u64)>,
    /// Per function: name and calls.
    pub functions: Vec<(String, u64)>,
}

/// What gcov measured.
#[derive(Clone, Debug, Default)]
pub struct GcovReport {
    pub files: Vec<FileCoverage>,
    pub total: Figures,
}

/// The replay of a suite.
#[derive(Debug)]
pub struct SuiteReplay {
    /// Per test, in order: the replay with the sanitizers (outcome compared).
    pub replays: Vec<Result<Replay, ReplayError>>,
    /// gcov's coverage of the suite (an error if the coverage build or gcov failed).
    pub gcov: Result<GcovReport, String>,
    /// kappa's figure for the same tests.
    pub kappa: Counts,
}

/// Replays every test of a suite (all for one program, data model and entry) and measures the
/// suite's coverage with gcov and with kappa's IR interpreter.
pub fn replay_suite(source: &Path, tests: &[TestCase], opts: &ReplayOptions) -> Result<SuiteReplay, ReplayError> {
    let Some(first) = tests.first() else { return Err(ReplayError::NotReplayable("no tests".into())) };
    let dm: DataModel = first.data_model.parse().map_err(ReplayError::NotReplayable)?;
    crate::given_all_files(source, first, opts)?;
    let harness = Harness::build(source, dm, &first.entry, opts)?;
    let replays: Vec<Result<Replay, ReplayError>> = tests.iter().map(|t| harness.run(t)).collect();
    let kappa = kappa_coverage(harness.program(), tests);
    let gcov = measure(harness.program().clone(), &first.entry, tests, opts).map_err(|e| e.to_string());
    Ok(SuiteReplay { replays, gcov, kappa })
}

/// gcov's coverage of the tests on the program at `source` (lowered for the first test's data
/// model and entry).
pub fn gcov_coverage(source: &Path, tests: &[TestCase], opts: &ReplayOptions) -> Result<GcovReport, ReplayError> {
    let Some(first) = tests.first() else { return Err(ReplayError::NotReplayable("no tests".into())) };
    let dm: DataModel = first.data_model.parse().map_err(ReplayError::NotReplayable)?;
    let fopts = kappa_cfront::Options {
        data_model: dm,
        include_dirs: opts.include_dirs.clone(),
        defines: opts.defines.clone(),
        entries: vec![first.entry.clone()],
        units: opts.units.clone(),
        ..Default::default()
    };
    let prog = kappa_libc::lower_file(source, &fopts).map_err(ReplayError::Frontend)?;
    measure(prog, &first.entry, tests, opts)
}

fn measure(prog: Program, entry: &str, tests: &[TestCase], opts: &ReplayOptions) -> Result<GcovReport, ReplayError> {
    let own: Vec<String> = {
        let mut v: Vec<String> =
            prog.functions.iter().filter_map(|f| prog.files.get(f.span.file as usize).cloned()).collect();
        v.sort();
        v.dedup();
        v
    };
    let copts = ReplayOptions { coverage: true, sanitizers: false, ..opts.clone() };
    let harness = Harness::from_program(prog, entry, &copts)?;
    // The outcome does not matter here: every run adds its counts to the .gcda file.
    let mut failed = None;
    for t in tests {
        if let Err(e) = harness.run(t) {
            failed.get_or_insert(e);
        }
    }
    // One .gcda per translation unit (`prog.i`, and `prog1.i`, … for a program of several files).
    let mut gcda: Vec<std::path::PathBuf> = std::fs::read_dir(harness.dir())
        .map_err(|e| ReplayError::Io(format!("cannot read {}: {e}", harness.dir().display())))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "gcda"))
        .collect();
    gcda.sort();
    if gcda.is_empty() {
        return Err(ReplayError::Io(match failed {
            Some(e) => format!("no coverage data was written: {e}"),
            None => "no coverage data was written".into(),
        }));
    }
    let gcov = std::env::var("KAPPA_GCOV").ok().filter(|s| !s.is_empty()).unwrap_or_else(|| "gcov".into());
    let out = Command::new(&gcov)
        .args(["--json-format", "--stdout", "--branch-probabilities"])
        .args(&gcda)
        .current_dir(harness.dir())
        .output()
        .map_err(|e| ReplayError::NoCompiler(format!("cannot run `{gcov}`: {e}")))?;
    if !out.status.success() {
        return Err(ReplayError::Io(format!(
            "`{gcov}` failed: {}",
            String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("")
        )));
    }
    parse(&String::from_utf8_lossy(&out.stdout), &own)
}

/// Reads gcov's JSON (one document per line with `--stdout`), keeping the files in `own`.
fn parse(text: &str, own: &[String]) -> Result<GcovReport, ReplayError> {
    let canon = |f: &str| std::fs::canonicalize(f).map(|p| p.display().to_string()).unwrap_or_else(|_| f.to_string());
    let own: Vec<String> = own.iter().map(|o| canon(o)).collect();
    let mut report = GcovReport::default();
    for doc in text.lines().filter(|l| l.trim_start().starts_with('{')) {
        let v: serde_json::Value =
            serde_json::from_str(doc).map_err(|e| ReplayError::Io(format!("unreadable gcov output: {e}")))?;
        for f in v["files"].as_array().into_iter().flatten() {
            let name = f["file"].as_str().unwrap_or_default();
            if !own.iter().any(|o| crate::same_file(o, &canon(name))) {
                continue;
            }
            let mut fc = FileCoverage { file: name.to_string(), ..FileCoverage::default() };
            for l in f["lines"].as_array().into_iter().flatten() {
                let line = l["line_number"].as_u64().unwrap_or(0) as u32;
                fc.lines.push((line, l["count"].as_u64().unwrap_or(0)));
                for b in l["branches"].as_array().into_iter().flatten() {
                    if !b["throw"].as_bool().unwrap_or(false) {
                        fc.branches.push((line, b["count"].as_u64().unwrap_or(0)));
                    }
                }
            }
            for func in f["functions"].as_array().into_iter().flatten() {
                let name = func["name"].as_str().unwrap_or_default().to_string();
                fc.functions.push((name, func["execution_count"].as_u64().unwrap_or(0)));
            }
            let t = &mut report.total;
            let count = |v: &[(u32, u64)]| (v.iter().filter(|x| x.1 > 0).count() as u64, v.len() as u64);
            let (a, b) = count(&fc.lines);
            t.lines = (t.lines.0 + a, t.lines.1 + b);
            let (a, b) = count(&fc.branches);
            t.branches = (t.branches.0 + a, t.branches.1 + b);
            let fa = fc.functions.iter().filter(|x| x.1 > 0).count() as u64;
            t.functions = (t.functions.0 + fa, t.functions.1 + fc.functions.len() as u64);
            report.files.push(fc);
        }
    }
    Ok(report)
}

/// kappa's coverage of the tests: each run in the IR interpreter, the items of the edges it
/// takes (loop paths are not counted: they need the order of the edges).
pub fn kappa_coverage(prog: &Program, tests: &[TestCase]) -> Counts {
    let map = CoverageMap::new(prog);
    let interp = Interpreter::new(prog);
    let mut covered = ItemSet::with_capacity(map.len());
    for t in tests {
        let values: Vec<u64> = t
            .inputs
            .iter()
            .filter(|i| i.kind != InputKind::Memory && i.kind != InputKind::Param)
            .map(|i| i.value)
            .collect();
        let fills: Vec<Vec<u8>> =
            t.inputs.iter().filter(|i| i.kind == InputKind::Memory).map(|i| i.bytes.clone()).collect();
        let mut input = VecInput::new(values).with_fills(fills);
        let config = Config { record_edges: true, ..Config::default() };
        let Some(entry) = prog.func_by_name(&t.entry) else { continue };
        let run = if prog.main == Some(entry.id) {
            interp.run_main(&mut input, &config)
        } else {
            let args: Option<Vec<Value>> = entry
                .params
                .iter()
                .enumerate()
                .map(|(k, p)| match prog.var_ty(*p) {
                    Ty::Int(w) => Some(Value::uint(t.args.get(k).map_or(0, |a| a.value), w)),
                    _ => None,
                })
                .collect();
            let Some(args) = args else { continue };
            interp.run(entry.id, &args, &mut input, &config)
        };
        for (f, e) in run.edges {
            covered.extend(map.edge_items(f, e));
            let func = prog.func(f);
            if func.edge(e).src == func.entry {
                covered.insert(map.funcs[f.index()].item);
            }
        }
    }
    map.counts(&covered)
}
