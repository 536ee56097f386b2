//! Counterexamples found on a slice, carried over to the original program.
//!
//! A test of the decompiled slice lists the inputs it read with their sites; thanks to the
//! `#line` directives the sites are lines of the original program. The original is run in the
//! interpreter with each read answered by the slice's value read at the same line and
//! occurrence (reads the slice dropped get 0: the slice is equivalent whatever they are); if it
//! reaches an error, the run becomes a test of the original program, which the caller replays
//! with the real compiler before reporting `false`.

use kappa_interp::{InputSource, Interpreter, Outcome, Value};
use kappa_ir::testcase::{InputKind, TestCase};
use kappa_ir::*;
use std::collections::{HashMap, VecDeque};

/// The line of a `file:line:col` site.
fn site_line(site: &str) -> Option<u32> {
    let mut parts = site.rsplitn(3, ':');
    let _col = parts.next()?;
    parts.next()?.parse().ok()
}

const TAG: char = '\u{1}';

/// Answers each read from the values the slice read at the same line, in order: inputs of
/// one `__VERIFIER_nondet_X` function per line, uninitialised variables per line.
struct ByLine {
    values: HashMap<(u32, String), VecDeque<u64>>,
}

fn key_of(origin: &NondetOrigin) -> (u32, String) {
    let (tagged, kind) = match origin {
        NondetOrigin::Call { name } => (name.as_str(), None),
        NondetOrigin::Uninit { var } => (var.as_str(), Some("uninit")),
    };
    let (name, line) = tagged.rsplit_once(TAG).unwrap_or((tagged, "0"));
    (line.parse().unwrap_or(0), kind.unwrap_or(name).to_string())
}

impl InputSource for ByLine {
    fn next(&mut self, origin: &NondetOrigin, _ty: Ty) -> Option<u64> {
        Some(self.values.get_mut(&key_of(origin)).and_then(|q| q.pop_front()).unwrap_or(0))
    }
}

/// The test of the original program that does what the slice's test does, if the original
/// reaches an error on it. `program` is the file name to record in the test.
pub fn translate(original: &Program, entry: &str, program: &str, slice_test: &TestCase) -> Result<TestCase, String> {
    let mut values: HashMap<(u32, String), VecDeque<u64>> = HashMap::new();
    for i in &slice_test.inputs {
        let kind = match i.kind {
            InputKind::Nondet => i.name.clone(),
            InputKind::Uninit => "uninit".to_string(),
            k => return Err(format!("the slice's test has an input kappa cannot carry over ({k:?})")),
        };
        let line = site_line(&i.site).ok_or_else(|| format!("input site `{}` has no line", i.site))?;
        values.entry((line, kind)).or_default().push_back(i.value);
    }
    // A copy of the original whose inputs name their lines.
    let mut tagged = original.clone();
    for f in &mut tagged.functions {
        for e in &mut f.edges {
            let line = e.span.line;
            if let Op::Nondet { origin, .. } = &mut e.op {
                match origin {
                    NondetOrigin::Call { name } => *name = format!("{name}{TAG}{line}"),
                    NondetOrigin::Uninit { var } => *var = format!("{var}{TAG}{line}"),
                }
            }
        }
    }
    let entry_id = original
        .functions
        .iter()
        .position(|f| f.name == entry)
        .map(|i| FuncId(i as u32))
        .ok_or_else(|| format!("no function `{entry}`"))?;
    let interp = Interpreter::new(&tagged);
    let config = kappa_interp::Config { max_steps: 50_000_000, ..kappa_interp::Config::default() };
    let mut input = ByLine { values };
    let args: Vec<Value> = original
        .func(entry_id)
        .params
        .iter()
        .zip(&slice_test.args)
        .map(|(p, a)| match original.var_ty(*p) {
            Ty::Int(w) => Value::uint(a.value, w),
            _ => Value::uint(a.value, 64),
        })
        .collect();
    let run = if entry == "main" && original.main == Some(entry_id) {
        interp.run_main(&mut input, &config)
    } else {
        interp.run(entry_id, &args, &mut input, &config)
    };
    match &run.outcome {
        Outcome::Error { kind: ErrorKind::ReachError | ErrorKind::Assert, .. } => {}
        other => return Err(format!("the original program does not reach the error on these inputs ({other:?})")),
    }
    kappa_replay::testcase_from_run(original, program, entry, &args, &run)
}
