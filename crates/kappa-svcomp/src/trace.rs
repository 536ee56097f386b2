//! The path of a test as a witness sees it: the program's branches, calls, returns and the
//! values of its `__VERIFIER_nondet_*` calls, taken from a run of the concrete interpreter
//! ([`kappa_interp::Tracer`]) on the test's inputs. Steps inside the C library model are left
//! out: a witness speaks of the program's source.

use kappa_interp::{Config, InputSource, Interpreter, Outcome, RunResult, Tracer, VecInput};
use kappa_ir::testcase::{InputKind, TestCase};
use kappa_ir::{ErrorKind, FuncId, LocKind, NondetOrigin, Op, Program, Span, Ty};
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// A call of a function of the program (`callee`).
    Enter { callee: String },
    /// `callee` returned to the call at this step's span.
    Return { callee: String },
    /// A two-way branch of the program: `taken` is the condition's value.
    Branch { taken: bool },
    /// `callee` (a `__VERIFIER_nondet_*` function) returned `value` (the bits, of type `ty`).
    Nondet { callee: String, value: u64, ty: Ty },
}

/// One step of a path: what happened, where (the span of the program's source), in which
/// function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub kind: StepKind,
    pub span: Span,
    pub func: String,
}

/// A traced run.
#[derive(Clone, Debug)]
pub struct Trace {
    pub steps: Vec<Step>,
    pub run: RunResult,
    /// The run was longer than the steps recorded in full ([`TraceLimits::full_steps`]): only
    /// the values of the nondet calls are in `steps`.
    pub values_only: bool,
    /// The arms of the program's multi-way branches (`switch`) the run took, as the function
    /// and the edge's index in it: not steps (a witness has no waypoint for them), but
    /// branches a test suite covers (Test-Comp's validator counts each case).
    pub arms: std::collections::HashSet<(String, usize)>,
    /// A lasso's run (`non_termination`): the index in `steps` where its cycle starts, at the
    /// loop head whose state the run repeated; `steps` from there on are the cycle.
    pub cycle_start: Option<usize>,
}

/// Loop-head visits a trace remembers to place the start of a lasso's cycle: more than the
/// interpreter compares a visit with.
const LASSO_MARKS: usize = 32;

/// What a trace may cost: a witness is written within the command's time limit, and a run of
/// billions of steps must neither take it all nor keep a step each in memory.
#[derive(Clone, Copy, Debug)]
pub struct TraceLimits {
    /// Edges the interpreter may take.
    pub max_steps: u64,
    /// Steps kept in full (branches, calls, returns); past them only nondet values are kept.
    pub full_steps: usize,
    /// The run stops (a `Limit` outcome) at this instant.
    pub deadline: Option<std::time::Instant>,
}

impl Default for TraceLimits {
    fn default() -> Self {
        TraceLimits { max_steps: 50_000_000, full_steps: usize::MAX, deadline: None }
    }
}

impl Trace {
    /// Keeps only the values of the nondet calls: a long run (a loop of a million iterations)
    /// would give a witness of a million branches, which the values alone determine.
    pub fn keep_values_only(&mut self) {
        self.steps.retain(|s| matches!(s.kind, StepKind::Nondet { .. }));
        self.values_only = true;
    }

    /// Where the run ended in an error (the witness's target) and in which function.
    pub fn target(&self) -> Option<(Span, FuncId)> {
        match &self.run.outcome {
            Outcome::Error { span, func, .. } => Some((*span, *func)),
            _ => None,
        }
    }
}

/// Records the steps of a run. The `k`-th nondet edge reads the `k`-th input, whose value is
/// filled in from the run's inputs afterwards.
struct Recorder<'p> {
    prog: &'p Program,
    steps: Vec<Step>,
    /// Per nondet edge of the program: (index in `steps`, index of the input).
    nondet: Vec<(usize, usize)>,
    inputs_read: usize,
    /// Calls in progress: the callee, the call's span, whether the step is the program's.
    calls: Vec<(FuncId, Span, bool)>,
    /// The line of the nondet call about to read its value (for inputs chosen by line).
    pending_line: Rc<RefCell<Option<(u32, String)>>>,
    /// Past this many steps, only nondet steps are recorded.
    full_steps: usize,
    values_only: bool,
    arms: std::collections::HashSet<(String, usize)>,
    /// With lassos watched: each function's loop heads (sorted), the edges taken so far, and
    /// the last visits of a loop head as (edges taken, steps recorded).
    heads: Option<Vec<Vec<u32>>>,
    edges_taken: u64,
    marks: std::collections::VecDeque<(u64, usize)>,
}

impl Recorder<'_> {
    /// Records a step that is not a nondet value, unless the trace has become values-only.
    fn push(&mut self, step: Step) {
        if self.values_only {
            return;
        }
        self.steps.push(step);
        if self.steps.len() > self.full_steps {
            // Keep the nondet steps only, and where each now is.
            let mut at = vec![usize::MAX; self.steps.len()];
            let mut kept = Vec::new();
            for (i, s) in self.steps.drain(..).enumerate() {
                if matches!(s.kind, StepKind::Nondet { .. }) {
                    at[i] = kept.len();
                    kept.push(s);
                }
            }
            self.steps = kept;
            for (pos, _) in &mut self.nondet {
                *pos = at[*pos];
            }
            self.values_only = true;
        }
    }
}

impl Tracer for Recorder<'_> {
    fn edge(&mut self, func: FuncId, edge: usize) {
        let prog = self.prog;
        let f = prog.func(func);
        let e = &f.edges[edge];
        self.edges_taken += 1;
        self.record(func, edge);
        // The interpreter compares its state at a loop head before taking the next edge, after
        // as many edges as taken now (a call's destination is reached only after the callee).
        let head = self.heads.as_ref().is_some_and(|h| {
            !matches!(e.op, Op::Call { .. }) && h.get(func.index()).is_some_and(|h| h.binary_search(&e.dst.0).is_ok())
        });
        if head {
            if self.marks.len() >= LASSO_MARKS {
                self.marks.pop_front();
            }
            self.marks.push_back((self.edges_taken, self.steps.len()));
        }
    }

    fn returned(&mut self, func: FuncId) {
        self.record_return(func);
    }
}

impl Recorder<'_> {
    fn record(&mut self, func: FuncId, edge: usize) {
        let prog = self.prog;
        let f = prog.func(func);
        let e = &f.edges[edge];
        let own = !prog.is_library(func);
        match &e.op {
            Op::Nondet { origin, .. } => {
                let k = self.inputs_read;
                self.inputs_read += 1;
                if let (NondetOrigin::Call { name }, true) = (origin, own) {
                    *self.pending_line.borrow_mut() = Some((e.span.line, name.clone()));
                    self.nondet.push((self.steps.len(), k));
                    self.steps.push(Step {
                        kind: StepKind::Nondet { callee: name.clone(), value: 0, ty: Ty::Int(32) },
                        span: e.span,
                        func: f.name.clone(),
                    });
                } else {
                    *self.pending_line.borrow_mut() = None;
                }
            }
            Op::Call { func: callee, .. } => {
                let theirs = own && !prog.is_library(*callee);
                self.calls.push((*callee, e.span, theirs));
                if theirs && !self.values_only {
                    self.push(Step {
                        kind: StepKind::Enter { callee: prog.func(*callee).name.clone() },
                        span: e.span,
                        func: f.name.clone(),
                    });
                }
            }
            Op::Assume(_) if own && !self.values_only => {
                let out = f.out_edges(e.src);
                let two_way = out.len() == 2 && out.iter().all(|x| matches!(f.edge(*x).op, Op::Assume(_)));
                // Branches into the error locations of kappa's checks (bounds, null, division,
                // overflow, …) are not the program's; a call of `reach_error` is.
                let check = out.iter().any(|x| {
                    matches!(&f.loc(f.edge(*x).dst).kind, LocKind::Error { kind, .. }
                        if !matches!(kind, ErrorKind::ReachError | ErrorKind::Assert))
                });
                if two_way && !check && e.span.is_known() {
                    let taken = out.first().is_some_and(|x| x.index() == edge);
                    self.push(Step { kind: StepKind::Branch { taken }, span: e.span, func: f.name.clone() });
                } else if out.len() > 2 && !check && e.span.is_known() {
                    self.arms.insert((f.name.clone(), edge));
                }
            }
            _ => {}
        }
    }

    fn record_return(&mut self, func: FuncId) {
        let Some((callee, span, theirs)) = self.calls.pop() else { return };
        if theirs && callee == func && !self.values_only {
            let caller = self.prog.functions.iter().find(|g| g.edges.iter().any(|e| e.span == span));
            self.push(Step {
                kind: StepKind::Return { callee: self.prog.func(callee).name.clone() },
                span,
                func: caller.map(|g| g.name.clone()).unwrap_or_default(),
            });
        }
    }
}

/// The interpreter's configuration for a test (its command line, standard input and files).
fn config_of(test: &TestCase, limits: &TraceLimits) -> Config {
    // A lasso's test ends where the run would start repeating: the interpreter looks for it.
    let lassos = matches!(&test.outcome, kappa_ir::testcase::TestOutcome::Error { error, .. }
        if error == kappa_ir::ErrorKind::NonTermination.name());
    Config {
        program_inputs: test.program_inputs.clone(),
        max_steps: limits.max_steps,
        deadline: limits.deadline,
        lassos,
        ..Config::default()
    }
}

/// Runs `prog`'s `main` on the test's inputs and traces it.
pub fn trace_test(prog: &Program, test: &TestCase) -> Trace {
    trace_test_within(prog, test, &TraceLimits::default())
}

/// [`trace_test`] within limits of steps, memory and time.
pub fn trace_test_within(prog: &Program, test: &TestCase, limits: &TraceLimits) -> Trace {
    let values: Vec<u64> = test.inputs.iter().filter(|i| i.kind != InputKind::Memory).map(|i| i.value).collect();
    let fills: Vec<Vec<u8>> =
        test.inputs.iter().filter(|i| i.kind == InputKind::Memory).map(|i| i.bytes.clone()).collect();
    let mut input = VecInput::new(values).with_fills(fills);
    trace_full(prog, &mut input, &config_of(test, limits), Rc::default(), limits.full_steps)
}

/// Runs `main` with inputs from `input`, which may look at `line` (the line and callee of the
/// nondet call about to read) to choose its value.
pub fn trace_with(
    prog: &Program,
    input: &mut dyn InputSource,
    config: &Config,
    line: Rc<RefCell<Option<(u32, String)>>>,
) -> Trace {
    trace_full(prog, input, config, line, usize::MAX)
}

fn trace_full(
    prog: &Program,
    input: &mut dyn InputSource,
    config: &Config,
    line: Rc<RefCell<Option<(u32, String)>>>,
    full_steps: usize,
) -> Trace {
    let mut rec = Recorder {
        prog,
        steps: Vec::new(),
        nondet: Vec::new(),
        inputs_read: 0,
        calls: Vec::new(),
        pending_line: line,
        full_steps,
        values_only: false,
        arms: Default::default(),
        heads: config.lassos.then(|| {
            prog.functions.iter().map(|f| kappa_ir::analysis::loop_headers(f).iter().map(|l| l.0).collect()).collect()
        }),
        edges_taken: 0,
        marks: Default::default(),
    };
    let run = Interpreter::new(prog).run_main_traced(input, config, &mut rec);
    // Where the lasso's cycle starts, among the steps recorded in full.
    let mut cycle_start = match (run.lasso_start, rec.values_only) {
        (Some(at), false) => rec.marks.iter().find(|(taken, _)| *taken == at).map(|&(_, k)| k),
        _ => None,
    };
    let mut steps = rec.steps;
    let mut unread = vec![false; steps.len()];
    for (at, k) in rec.nondet {
        match (run.inputs.get(k), &mut steps[at].kind) {
            (Some((_, ty, v)), StepKind::Nondet { value, ty: t, .. }) => {
                *value = *v;
                *t = *ty;
            }
            _ => unread[at] = true,
        }
    }
    // A nondet edge whose input the run never got (the run stopped there) is no step.
    if let Some(c) = cycle_start.as_mut() {
        *c -= unread[..*c].iter().filter(|u| **u).count();
    }
    let mut k = 0;
    steps.retain(|_| {
        k += 1;
        !unread[k - 1]
    });
    Trace { steps, run, values_only: rec.values_only, arms: rec.arms, cycle_start }
}

/// A value of type `ty` as C reads it: signed for `__VERIFIER_nondet_int` and other signed
/// types, unsigned for `uint`, `ulong`, `size_t`, …, `_Bool` as 0 or 1.
pub fn c_value(callee: &str, value: u64, ty: Ty) -> i128 {
    let w = match ty {
        Ty::Int(w) => w,
        Ty::Bool => return i128::from(value & 1),
        Ty::Ptr => return i128::from(value),
    };
    let t = callee.strip_prefix("__VERIFIER_nondet_").unwrap_or(callee);
    let unsigned =
        t.starts_with('u') || t == "unsigned" || t == "size_t" || t == "bool" || t == "_Bool" || t == "pointer";
    let v = if w >= 64 { value } else { value & ((1u64 << w) - 1) };
    if unsigned || w == 0 {
        i128::from(v)
    } else {
        i128::from(kappa_ir::expr::to_signed(v, w))
    }
}
