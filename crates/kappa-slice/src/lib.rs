//! The path-sensitively sliced CFG (PSS-CFG) of Jaffar and Murali, "A Path-Sensitively Sliced
//! Control Flow Graph", FSE 2014 (`../shared/papers/path-sensitively-sliced-cfg.txt`).
//!
//! Given a program and target variables (or a property: reaching `reach_error()`), [`slice`]
//!
//! 1. explores the program symbolically, depth first, annotating every node of the symbolic
//!    execution tree with an interpolant, a dependency set and witness formulas, and merging a
//!    state with an annotated node of the same program point when that loses nothing
//!    (`GenPSSCFG`, section 4.1; [`genpss`]);
//! 2. solves the dependency equations over the tree, loops included ([`deps`]);
//! 3. applies rules 1–3 — straight-line slicing, infeasible path removal, tree slicing — to get
//!    the PSS-CFG (section 4.2; [`rules`]);
//! 4. decompiles it to compilable C with `#line` directives ([`decompile`]).
//!
//! The slice is equivalent to the program on the targets (Theorem 2): for every input both end
//! the same way and, at the end of the entry function, give the targets the same values. For a
//! property the targets are the ending itself: an input reaches an error location in the slice
//! exactly when it does in the program. Inputs are matched by where they are read (`#line` keeps
//! the original lines): the slice reads fewer of them. Executions with undefined behaviour are
//! outside the guarantee, as in SV-COMP; [`SliceResult::undefined_behaviour`] lists what the
//! exploration found possible.
//!
//! The fragment is the paper's (section 3): integer variables, assignments, branches, loops and
//! calls (inlined; a call whose callee cannot affect the criterion, found by one
//! context-insensitive analysis of every function, is not explored at all: `summary.rs`),
//! extended to memory by [`memory`]: arrays, structs, pointers and heap objects
//! allocated once become cells, one variable per scalar
//! (`docs/design-memory-interpolants.md`). Memory that cannot be cells (heap allocation sites in
//! loops, large arrays, unions) is summarised, and recursive calls become summaries of their
//! callees ([`recursion`]): the slice is then an over-approximation, and
//! [`SliceResult::approximations`] says what it reads as unknown. Other constructs are refused
//! with [`SliceError::Unsupported`], naming the construct.
//!
//! [`slice_static`] gives the static slice of the same program (the CFG itself, merging at every
//! opportunity; Weiser's slice), the paper's baseline.

// Same input, same output: a `for` over a `std` hash map or set visits it in its
// `RandomState`'s order, another in every process; each one left says why its order is free.
#![warn(clippy::iter_over_hash_type)]

mod atoms;
pub mod check;
pub mod confirm;
mod decompile;
mod deps;
mod formula;
pub mod gen;
mod genpss;
pub mod invariants;
mod memory;
mod prep;
mod recursion;
mod rules;
mod summary;
mod tree;
mod values;

use genpss::{Explorer, Mode};
use kappa_ir::*;
use std::fmt;
use std::time::{Duration, Instant};

/// What the slice must preserve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// The values of these variables (locals of the entry function or globals) when the entry
    /// function returns, and how the program ends.
    Targets(Vec<String>),
    /// Whether `reach_error()` (or a failing `assert`) is reached.
    UnreachCall,
}

#[derive(Clone, Debug)]
pub struct SliceOptions {
    pub entry: String,
    /// Stop building the PSS-CFG after this long.
    pub max_time: Option<Duration>,
    /// Stop after this many nodes of the symbolic execution tree (all rounds of the
    /// exploration together).
    pub max_nodes: Option<u64>,
    /// Stop once the work (Z3's rlimit units, and one unit per term made: all rounds together)
    /// passes this: a budget that does not depend on the machine's load.
    pub max_work: Option<u64>,
    /// Per solver query.
    pub solver_timeout: Option<Duration>,
    /// Also write the annotated symbolic execution tree as DOT.
    pub tree_dot: bool,
    /// Loop-head invariants proved by the caller (see [`LoopInvariant`]): the exploration
    /// assumes them at their heads, so checks of undefined behaviour they imply (an index
    /// bounded by the loop's condition and a lower bound) are not listed, and they weaken the
    /// heads' interpolants (states that reach a head satisfy them).
    pub invariants: Vec<LoopInvariant>,
    /// Assume at each loop head the value sets of what the loop modifies, from the slicer's own
    /// value analysis (`values.rs`: small sets of constants, every calling context joined).
    pub value_facts: bool,
    /// Stop with [`SliceError::UndefinedBehaviour`] as soon as a possible undefined behaviour
    /// is found (a check that may fail, in the exploration or in a summarised callee), instead
    /// of listing it in [`SliceResult::undefined_behaviour`]: for a caller that cannot use a
    /// slice with any (`kappa verify --slice` verifies the original program then), the rest of
    /// the construction is wasted.
    pub stop_at_undefined_behaviour: bool,
}

/// A proved invariant of a loop head: `atom` holds whenever an execution of the program from
/// the entry function (with the entry's parameters and every input arbitrary) arrives at
/// `header` of `func`, on executions without undefined behaviour before that arrival. Over
/// registers of the program (an atom that reads one of the memory lowering's cells, or
/// a variable a summarised call may write, is not used). The caller must prove it, e.g. by
/// Houdini's inductive check over [`cells_program`] (kappa-cli does, with kappa_proofs): an
/// atom that is only a candidate makes the slice wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopInvariant {
    pub func: FuncId,
    pub header: Loc,
    pub atom: Expr,
}

impl Default for SliceOptions {
    fn default() -> Self {
        SliceOptions {
            entry: "main".into(),
            max_time: None,
            max_nodes: None,
            max_work: None,
            solver_timeout: Some(kappa_solver::QUERY_TIMEOUT_BACKSTOP),
            tree_dot: false,
            invariants: Vec::new(),
            value_facts: true,
            stop_at_undefined_behaviour: false,
        }
    }
}

/// Statistics of one slicing run (the columns of the paper's Table 1a and more).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct SliceStats {
    /// `pss` or `static`.
    pub kind: String,
    /// Locations and edges of the functions the entry reaches.
    pub cfg_nodes: u64,
    pub cfg_edges: u64,
    /// Paths of the program with calls inlined, from the entry to an end or back to a loop
    /// header (so each path through a loop body counts once).
    pub cfg_paths: f64,
    /// Calls whose callee cannot affect the criterion, summarised as `skip` instead of being
    /// explored in every context (`summary.rs`).
    pub calls_summarised: u64,
    /// Nodes of the symbolic execution tree built (merged nodes included).
    pub tree_nodes: u64,
    pub merges: u64,
    pub merge_checks: u64,
    pub infeasible_edges: u64,
    pub loops: u64,
    /// The PSS-CFG: statements, branches and ends, and the edges between them.
    pub pss_nodes: u64,
    pub pss_edges: u64,
    /// Paths of the PSS-CFG (of the decompiled program), counted in the same way.
    pub pss_paths: f64,
    pub rule1: u64,
    pub rule2: u64,
    pub rule3: u64,
    /// Branches out of the slice kept because their sides did not merge (rule 3 needs them to).
    pub kept_unmerged: u64,
    pub solver_queries: u64,
    /// Work of all rounds of the exploration: Z3 rlimit units and terms made (see
    /// [`SliceOptions::max_work`]).
    pub work: u64,
    pub time_s: f64,
    /// Lines of code of the decompiled program (no blank lines, comments, directives).
    pub lines: u64,
    /// Conditional expressions (`c ? a : b`) in the decompiled program: loads and stores
    /// through pointers the slice could not resolve to one cell, printed as chains over the
    /// candidate cells' integer-encoded addresses (design-memory-interpolants.md). Each is a
    /// case split for a verifier of the slice that the original's memory model resolves by
    /// aliasing; `verify --slice` compares them with the original's code lines.
    pub conditionals: u64,
    /// The deepest nesting of conditional expressions in the decompiled program.
    pub conditional_depth: u64,
}

#[derive(Clone, Debug)]
pub struct SliceResult {
    /// The decompiled program.
    pub c_source: String,
    /// The PSS-CFG as Graphviz DOT.
    pub dot: String,
    /// The annotated symbolic execution tree as DOT (with [`SliceOptions::tree_dot`]).
    pub tree_dot: Option<String>,
    pub stats: SliceStats,
    /// Undefined behaviour some execution may have (`div_by_zero at f.c:3:9 (…)`): the slice
    /// is equivalent on the executions without it.
    pub undefined_behaviour: Vec<String>,
    /// Memory whose contents the slice reads as unknown values (objects that are not split into
    /// cells: heap sites that may run several times, arrays of more than 256 cells, …). When
    /// not empty, the slice is not equivalent but an over-approximation: on the targets it has
    /// every behaviour of the program (a `true` of the slice holds for the program), and maybe
    /// more (a `false` must be confirmed on the program).
    pub approximations: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SliceError {
    /// Bad input: no such entry function or target.
    Input(String),
    /// Outside the fragment the slicer handles.
    Unsupported {
        message: String,
        location: Option<String>,
    },
    /// A limit stopped the construction.
    Limit(String),
    /// A possible undefined behaviour was found with
    /// [`SliceOptions::stop_at_undefined_behaviour`] set (what and where).
    UndefinedBehaviour(String),
    Internal(String),
}

impl fmt::Display for SliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SliceError::Input(m) => write!(f, "{m}"),
            SliceError::Unsupported { message, location: Some(l) } => {
                write!(f, "{l}: unsupported by the slicer: {message}")
            }
            SliceError::Unsupported { message, location: None } => write!(f, "unsupported by the slicer: {message}"),
            SliceError::Limit(m) => write!(f, "{m}"),
            SliceError::UndefinedBehaviour(m) => write!(f, "possible undefined behaviour ({m})"),
            SliceError::Internal(m) => write!(f, "internal error of the slicer: {m}"),
        }
    }
}

impl std::error::Error for SliceError {}

/// Lines of code: not blank, not only a comment, not a preprocessor directive.
pub fn code_lines(text: &str) -> u64 {
    let mut in_comment = false;
    let mut n = 0;
    for line in text.lines() {
        let t = line.trim();
        if in_comment {
            if let Some(i) = t.find("*/") {
                in_comment = false;
                if t[i + 2..].trim().is_empty() {
                    continue;
                }
                n += 1;
            }
            continue;
        }
        if t.is_empty() || t.starts_with("//") || t.starts_with('#') {
            continue;
        }
        if t.starts_with("/*") {
            if !t.contains("*/") {
                in_comment = true;
            }
            if t.ends_with("*/") || !t.contains("*/") {
                continue;
            }
        }
        n += 1;
    }
    n
}

/// Work units (state entries visited) of the value analysis (`values.rs`); past it the
/// summarised callees' checks are decided with their variables free, and loop heads get no
/// facts from it.
const VALUES_BUDGET: u64 = 10_000_000;

/// The PSS-CFG of the program for the criterion, decompiled.
pub fn slice(prog: &Program, criterion: &Criterion, opts: &SliceOptions) -> Result<SliceResult, SliceError> {
    run(prog, criterion, opts, Mode::Pss)
}

/// The program the slicer explores before its call summaries: memory lowered to cells (one
/// integer variable per scalar of an object; pointers become integers; `docs/design-memory-
/// interpolants.md`), or the program itself if it uses no memory. Its functions, loop heads and
/// the variables of the original keep their ids, so invariants proved over it are
/// [`LoopInvariant`]s of the original for [`SliceOptions::invariants`]. It has no memory
/// operations (a loop that writes an array writes cells), which is what an inductive check
/// of loop invariants needs; where memory is summarised it over-approximates the program.
/// The program is made valid IR for the engine: `return;` (which the slicer's lowering writes
/// as `skip`) is a return again, and the cells of a function's local objects that other
/// functions access through pointers become global variables (each allocation of the object
/// still makes them arbitrary or zero, as for the object). With recursion that would share one
/// frame's cells with another's, so a program with recursion is refused.
pub fn cells_program(prog: &Program, entry: &str) -> Result<Program, SliceError> {
    let Some(l) = memory::lower(prog, entry)? else { return Ok(prog.clone()) };
    let mut p = l.prog;
    if let Some(f) = recursion::recursive_function(&p) {
        return Err(SliceError::Unsupported {
            message: format!("recursion (`{}`) with memory as cells", p.func(f).name),
            location: None,
        });
    }
    let mut foreign = std::collections::BTreeSet::new();
    for f in &mut p.functions {
        let exit = f.exit;
        for e in f.edges.iter_mut() {
            if e.dst == exit && matches!(e.op, Op::Skip) {
                e.op = Op::Return(None);
            }
        }
    }
    for f in &p.functions {
        let mut note = |v: VarId| {
            if matches!(p.vars[v.index()].kind, VarKind::Local(g) if g != f.id) {
                foreign.insert(v);
            }
        };
        for e in &f.edges {
            e.op.for_each_use(&mut note);
            if let Some(d) = e.op.def() {
                note(d);
            }
        }
    }
    for v in foreign {
        if let VarKind::Local(g) = p.vars[v.index()].kind {
            p.functions[g.index()].vars.retain(|x| *x != v);
        }
        p.vars[v.index()].kind = VarKind::Global;
    }
    p.validate().map_err(|e| SliceError::Internal(format!("the program with memory as cells is not valid: {e}")))?;
    Ok(p)
}

/// The static slice (Weiser's, on the CFG with calls inlined) for the same criterion, through
/// the same machinery: merging at every opportunity and no infeasible paths.
pub fn slice_static(prog: &Program, criterion: &Criterion, opts: &SliceOptions) -> Result<SliceResult, SliceError> {
    run(prog, criterion, opts, Mode::Static)
}

fn run(prog: &Program, criterion: &Criterion, opts: &SliceOptions, mode: Mode) -> Result<SliceResult, SliceError> {
    // Deep trees recurse deeply; terms and the solver are per thread, so everything runs on one
    // thread with room for the recursion.
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("kappa-slice".into())
            .stack_size(1 << 30)
            .spawn_scoped(s, || run_here(prog, criterion, opts, mode))
            .map_err(|e| SliceError::Internal(format!("cannot start the slicer's thread: {e}")))?
            .join()
            .map_err(|_| SliceError::Internal("the slicer's thread panicked".into()))?
    })
}

fn resolve_targets(prog: &Program, entry: FuncId, names: &[String]) -> Result<Vec<VarId>, SliceError> {
    let mut out = Vec::new();
    for name in names {
        let name = name.trim();
        let find = |pred: &dyn Fn(&VarInfo) -> bool| {
            prog.vars.iter().enumerate().filter(|(_, v)| v.name == name && pred(v)).map(|(i, _)| VarId(i as u32)).min()
        };
        let v = find(&|v| matches!(v.kind, VarKind::Local(f) | VarKind::Param(f) if f == entry))
            .or_else(|| find(&|v| v.kind == VarKind::Global))
            .ok_or_else(|| {
                SliceError::Input(format!(
                    "no variable `{name}` among the globals and the locals of `{}`",
                    prog.func(entry).name
                ))
            })?;
        if !matches!(prog.var_ty(v), Ty::Int(_)) {
            return Err(SliceError::Input(format!("target `{name}` is not an integer variable")));
        }
        out.push(v);
    }
    Ok(out)
}

fn run_here(prog: &Program, criterion: &Criterion, opts: &SliceOptions, mode: Mode) -> Result<SliceResult, SliceError> {
    let start = Instant::now();
    // Memory becomes cells (variables) first; variable ids and types of integers are kept, so
    // targets are resolved in the original.
    let original = prog;
    let mut approximations = Vec::new();
    let mut owned: Option<Program> = None;
    if let Some(l) = memory::lower(prog, &opts.entry)? {
        approximations = l.approximations;
        owned = Some(l.prog);
    }
    // Then recursive calls become summaries of their callees.
    let base = owned.as_ref().unwrap_or(prog);
    if let Some((p, what)) = recursion::summarise(base, &opts.entry, prog.vars.len()) {
        approximations.extend(what);
        owned = Some(p);
    }
    let unsummarised = owned.as_ref().unwrap_or(prog);
    let entry_id = unsummarised
        .functions
        .iter()
        .position(|f| f.name == opts.entry && !f.locs.is_empty())
        .map(|i| FuncId(i as u32))
        .ok_or_else(|| SliceError::Input(format!("no function `{}` with a body in the program", opts.entry)))?;
    let targets = match criterion {
        Criterion::Targets(names) => {
            if names.is_empty() {
                return Err(SliceError::Input("no target variable given".into()));
            }
            resolve_targets(original, entry_id, names)?
        }
        Criterion::UnreachCall => Vec::new(),
    };
    // Then calls that cannot affect the criterion are summarised as `skip` (their callees are
    // analysed once, not explored in every context).
    let mut calls_summarised = 0;
    let mut summary_ub = Vec::new();
    let mut summarised: Option<Program> = None;
    let mut clobbered = std::collections::BTreeSet::new();
    // The values each variable may hold at each location (all calling contexts joined): they
    // decide the summarised callees' checks in their contexts, and give facts at loop heads.
    let values = values::analyse(unsummarised, entry_id, VALUES_BUDGET, opts.max_time.map(|t| start + t));
    if let Some(s) = summary::summarise(unsummarised, entry_id, &targets, original.vars.len(), values.as_ref()) {
        calls_summarised = s.calls;
        summary_ub = s.ub;
        if let (true, Some(u)) = (opts.stop_at_undefined_behaviour, summary_ub.first()) {
            return Err(SliceError::UndefinedBehaviour(u.clone()));
        }
        clobbered = s.clobbered;
        summarised = Some(s.prog);
    }
    // The caller's invariants, over the original's registers that no replaced call writes.
    let mut invariants: std::collections::HashMap<(FuncId, Loc), Vec<Expr>> = std::collections::HashMap::new();
    if mode == Mode::Pss {
        for inv in &opts.invariants {
            let mut ok = true;
            inv.atom.for_each_var(&mut |v| ok &= v.index() < original.vars.len() && !clobbered.contains(&v));
            if ok {
                invariants.entry((inv.func, inv.header)).or_default().push(inv.atom.clone());
            }
        }
    }
    let prog = summarised.as_ref().unwrap_or(unsummarised);
    let pre = prep::prepare(prog, &opts.entry)?;
    // The value sets of what each loop modifies hold at its head in every execution (the
    // analysis covers them all): assumed there like proved invariants. Not of variables a
    // replaced call writes (the explorer's values of them are not the program's).
    if mode == Mode::Pss && opts.value_facts {
        if let Some(vs) = &values {
            // Any order: one entry of the map per loop head, and `facts` only reads.
            #[allow(clippy::iter_over_hash_type)]
            for (f, facts) in &pre.facts {
                #[allow(clippy::iter_over_hash_type)]
                for (head, mods) in &facts.loop_mods {
                    let vars: Vec<VarId> = mods.iter().copied().filter(|v| !clobbered.contains(v)).collect();
                    let got = vs.facts(prog, *f, *head, &vars);
                    if !got.is_empty() {
                        invariants.entry((*f, *head)).or_default().extend(got);
                    }
                }
            }
        }
    }
    let deadline = opts.max_time.map(|t| start + t);
    let property = matches!(criterion, Criterion::UnreachCall);
    let mut strict = std::collections::HashSet::new();
    let mut rounds = 0;
    // The budgets are for all rounds together: each round gets what the earlier ones left.
    let mut spent = genpss::Spent::default();
    let (ex, slice) = loop {
        let solver = kappa_solver::default_chain(opts.solver_timeout);
        let budget = genpss::Budget {
            deadline,
            max_nodes: opts.max_nodes.map(|m| m.saturating_sub(spent.nodes)),
            max_work: opts.max_work.map(|m| m.saturating_sub(spent.work)),
        };
        let mut ex = Explorer::new(&pre, mode, criterion, targets.clone(), solver, budget);
        ex.invariants = invariants.clone();
        ex.strict = strict.clone();
        ex.all_strict = rounds >= 6;
        ex.stop_at_ub = opts.stop_at_undefined_behaviour;
        let done = ex.run();
        if std::env::var_os("KAPPA_SLICE_DEBUG").is_some() {
            eprintln!("{}", ex.profile());
        }
        done?;
        spent.nodes += ex.tree.nodes.len() as u64;
        spent.work += ex.work();
        let slice = deps::finalize(&ex.tree, &pre, property, &targets);
        // Infeasible sides left out of interpolants must still be irrelevant with the final
        // dependencies; where one is not, explore again keeping it.
        let failed: Vec<(FuncId, Loc)> = ex
            .relaxations
            .iter()
            .filter(|r| !relaxation_holds(&ex.tree, &pre, &slice, property, r))
            .map(|r| r.at)
            .collect();
        if failed.is_empty() {
            break (ex, slice);
        }
        strict.extend(failed);
        rounds += 1;
    };
    let pss = rules::transform(&ex.tree, &slice);
    let entry = prog.func(pre.entry);
    let mut dec = decompile::Decompiler::new(prog, &pss, entry);
    dec.prepare(&targets);
    let dot = dec.dot();
    let reachable = pss.reachable();
    let pss_edges: usize = reachable.iter().map(|p| pss.succs(*p).len()).sum();
    // The CFG's figures are of the program with every call (summarised ones too).
    let (cfg_nodes, cfg_edges) = memory::reachable(unsummarised, pre.entry)
        .iter()
        .map(|f| (unsummarised.func(*f).locs.len() as u64, unsummarised.func(*f).edges.len() as u64))
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let mut stats = SliceStats {
        kind: match mode {
            Mode::Pss => "pss".into(),
            Mode::Static => "static".into(),
        },
        cfg_nodes,
        cfg_edges,
        cfg_paths: cfg_paths(unsummarised, pre.entry),
        calls_summarised,
        tree_nodes: ex.tree.nodes.len() as u64,
        merges: ex.counters.merges,
        merge_checks: ex.counters.merge_checks,
        infeasible_edges: ex.counters.infeasible,
        loops: ex.counters.loops_widened,
        pss_nodes: reachable.len() as u64,
        pss_edges: pss_edges as u64,
        pss_paths: pss.paths(),
        rule1: pss.rules.rule1,
        rule2: pss.rules.rule2,
        rule3: pss.rules.rule3,
        kept_unmerged: pss.rules.kept_unmerged,
        solver_queries: ex.solver_queries(),
        work: spent.work,
        time_s: 0.0,
        lines: 0,
        conditionals: 0,
        conditional_depth: 0,
    };
    let what = match criterion {
        Criterion::Targets(t) => format!("the values of {} when `{}` returns", t.join(", "), entry.name),
        Criterion::UnreachCall => "whether reach_error() is reached".to_string(),
    };
    let file = prog.files.first().cloned().unwrap_or_default();
    let mut header = format!(
        "/* {} of {file} with respect to {what}\n   (Jaffar and Murali, \"A Path-Sensitively Sliced Control Flow Graph\", FSE 2014).\n   Written by `kappa slice`; the #line directives refer to the original program. */\n",
        if mode == Mode::Pss { "Path-sensitively sliced program (PSS-CFG)" } else { "Static slice" },
    );
    if !approximations.is_empty() {
        header.push_str("/* An over-approximation, not an equivalent program: it reads unknown values from\n   ");
        header.push_str(&approximations.join(";\n   "));
        header
            .push_str(".\n   A `true` of this program holds for the original; a `false` must be confirmed on it. */\n");
    }
    let (c_source, conditionals, depth) = dec.program(&header);
    stats.lines = code_lines(&c_source);
    stats.conditionals = conditionals;
    stats.conditional_depth = depth;
    let tree_dot = opts.tree_dot.then(|| tree_to_dot(prog, &ex, &slice));
    stats.time_s = start.elapsed().as_secs_f64();
    Ok(SliceResult {
        c_source,
        dot,
        tree_dot,
        stats,
        undefined_behaviour: ex.ub.iter().cloned().chain(summary_ub).collect(),
        approximations,
    })
}

fn relaxation_holds(
    tree: &tree::Tree,
    pre: &prep::Prepared,
    s: &deps::Slice,
    property: bool,
    r: &genpss::Relaxation,
) -> bool {
    if s.deps[r.meet as usize].iter().any(|v| r.defs.contains(v)) {
        return false;
    }
    let reg = deps::region(tree, pre, r.branch, property, &|y| s.edge_in_slice(tree, y), true);
    !reg.has_slice && reg.frontier == [tree.resolve(r.meet)]
}

/// Paths from the entry to an end or back to a loop header, with calls inlined.
fn cfg_paths(prog: &Program, entry: FuncId) -> f64 {
    use std::collections::HashMap;
    // Per function: (paths returning, paths ending inside) from each location.
    fn func_paths(prog: &Program, f: FuncId, memo: &mut HashMap<FuncId, (f64, f64)>) -> (f64, f64) {
        if let Some(r) = memo.get(&f) {
            return *r;
        }
        let func = prog.func(f);
        let n = func.locs.len();
        let mut state = vec![0u8; n];
        let mut val = vec![(0f64, 0f64); n];
        fn go(
            prog: &Program,
            func: &Function,
            l: usize,
            state: &mut [u8],
            val: &mut [(f64, f64)],
            memo: &mut HashMap<FuncId, (f64, f64)>,
        ) {
            state[l] = 1;
            let loc = Loc(l as u32);
            let mut acc = match func.loc(loc).kind {
                LocKind::Exit => (1.0, 0.0),
                LocKind::Error { .. } | LocKind::Halt => (0.0, 1.0),
                LocKind::Normal => (0.0, 0.0),
            };
            for &e in func.out_edges(loc) {
                let edge = func.edge(e);
                let d = edge.dst.index();
                if state[d] == 0 {
                    go(prog, func, d, state, val, memo);
                }
                if state[d] != 2 {
                    // Back to a loop header: the end of one path through the loop's body.
                    acc.1 += 1.0;
                    continue;
                }
                let (r, t) = val[d];
                match &edge.op {
                    Op::Call { func: g, .. } => {
                        let (gr, gt) = func_paths(prog, *g, memo);
                        acc.0 += gr * r;
                        acc.1 += gr * t + gt;
                    }
                    _ => {
                        acc.0 += r;
                        acc.1 += t;
                    }
                }
            }
            val[l] = acc;
            state[l] = 2;
        }
        let r = if n == 0 {
            (1.0, 0.0)
        } else {
            go(prog, func, func.entry.index(), &mut state, &mut val, memo);
            val[func.entry.index()]
        };
        memo.insert(f, r);
        r
    }
    let (r, t) = func_paths(prog, entry, &mut HashMap::new());
    r + t
}

/// The annotated symbolic execution tree (as Fig. 1b draws it): each node with its location
/// and dependency set; merges as dashed green edges, the transitions back into loop headers
/// dotted, infeasible transitions red.
fn tree_to_dot(prog: &Program, ex: &Explorer, slice: &deps::Slice) -> String {
    use std::fmt::Write;
    use tree::*;
    let t = &ex.tree;
    let mut o = String::from("digraph se_tree {\n  node [fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n");
    let print = kappa_ir::print::Printer::new(prog);
    for (i, n) in t.nodes.iter().enumerate() {
        let key = t.points[n.point as usize];
        let place = match key.at {
            At::Loc(l) => {
                let f = prog.func(t.ctxs[key.ctx as usize].func);
                format!("{}:{l} (line {})", f.name, f.loc(l).span.line)
            }
            At::End => "end".into(),
            At::Blocked(l) => format!("assume fails at {l}"),
        };
        let deps: Vec<String> = slice.deps[i].iter().map(|v| prog.var(*v).name.clone()).collect();
        let (shape, extra) = match &n.kind {
            NodeKind::Infeasible => ("point", ", color=red"),
            NodeKind::Terminal(_) => ("doublecircle", ""),
            NodeKind::Merged(_) | NodeKind::Back(_) => ("ellipse", ", style=dashed"),
            NodeKind::Branch => ("diamond", ""),
            _ => ("ellipse", ""),
        };
        let label =
            if n.kind == NodeKind::Infeasible { String::new() } else { format!("{place}\\n{{{}}}", deps.join(", ")) };
        let _ = writeln!(o, "  t{i} [label=\"{}\", shape={shape}{extra}];", label.replace('"', "\\\""));
        if let Some(p) = n.parent {
            let op = match &n.op {
                TOp::Assign(ps) => ps
                    .iter()
                    .map(|(v, e)| format!("{} := {}", prog.var(*v).name, print.expr(e)))
                    .collect::<Vec<_>>()
                    .join("; "),
                TOp::Havoc(v, _) => format!("{} := nondet", prog.var(*v).name),
                TOp::Assume(c) => format!("assume {}", print.expr(c)),
                TOp::Guard(c) => format!("guard {}", print.expr(c)),
                TOp::Skip | TOp::Root => String::new(),
            };
            let color = if n.kind == NodeKind::Infeasible { ", color=red, fontcolor=red" } else { "" };
            let _ = writeln!(o, "  t{p} -> t{i} [label=\"{}\"{color}];", op.replace('\\', "\\\\").replace('"', "\\\""));
        }
        match n.kind {
            NodeKind::Merged(c) => {
                let _ = writeln!(o, "  t{i} -> t{c} [style=dashed, color=green, constraint=false];");
            }
            NodeKind::Back(h) => {
                let _ = writeln!(o, "  t{i} -> t{h} [style=dotted, constraint=false];");
            }
            _ => {}
        }
    }
    o.push_str("}\n");
    o
}
