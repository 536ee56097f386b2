//! `GenPSSCFG` (section 4.1, Fig. 2): depth-first symbolic execution that, on the way back,
//! annotates every node with
//!
//! * its [`Interpolant`]: a formula over the program variables at the node that every state
//!   must satisfy for the infeasible paths below the node to stay infeasible (weakest liberal
//!   preconditions of the infeasible transitions, carried backwards by substitution);
//! * its [`DependencySet`] with a witness formula per variable (Definition of witness paths):
//!   the path condition, over the variables at the node, of a feasible path along which the
//!   variable affects the targets.
//!
//! Before a state is explored it is merged, if possible, with an already annotated node of the
//! same program point (the merging conditions, Definition "Merging conditions"): (a) its path
//! condition implies the node's interpolant (so its feasible paths are a subset, Lemma 1) and
//! (b) every witness formula of the node is satisfiable in its context (so the node's dependency
//! set is exactly what exploring the state would give, Theorem 1).
//!
//! Loops follow `SPLIT`: a loop header is explored once per context with a loop invariant, the
//! state in which the variables the loop may modify are arbitrary and every other constraint is
//! kept; the transition back into the header links to it. Dependencies through loops are a
//! fixpoint computed afterwards ([`crate::deps`]).

use crate::formula::{term_of, VarSyms};
use crate::prep::Prepared;
use crate::tree::*;
use crate::{Criterion, SliceError};
use kappa_expr::{Op as TermOp, Sort, Term};
use kappa_ir::*;
use kappa_solver::{Query, SatResult, Solver};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::rc::Rc;
use std::time::Instant;

/// An interpolant (Definition "Interpolant"): over the program variables at a node, with fresh
/// symbols standing for values the path reads (universally quantified: a state implies the
/// interpolant only if it does for every such value).
pub(crate) type Interpolant = Term;

/// The dependency set of a node, each variable with its witness formula (the path condition of
/// its `WitnessPath`, over the variables at the node; fresh symbols are existential).
pub(crate) type DependencySet = Rc<BTreeMap<VarId, Term>>;

type VarSet = Rc<BTreeSet<VarId>>;

/// How the out-edges of a location are explored.
#[derive(Clone, Debug)]
enum Succ {
    Straight(EdgeId),
    /// An `assume` implied on executions without undefined behaviour.
    Guard(EdgeId),
    /// Branching transitions; `blocked` is the condition under which none holds (a non
    /// exhaustive `assume`), if it can hold.
    Branch {
        edges: Vec<EdgeId>,
        blocked: Option<Expr>,
    },
    /// Every way on is undefined behaviour.
    Dead,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// The path-sensitively sliced CFG.
    Pss,
    /// Merging at every opportunity, no infeasibility: the CFG itself, i.e. a static slice.
    Static,
}

#[derive(Default, Clone, Debug)]
pub(crate) struct Counters {
    pub merges: u64,
    pub infeasible: u64,
    pub loops_widened: u64,
    pub merge_checks: u64,
}

pub(crate) struct Explorer<'a, 'p> {
    pub pre: &'a Prepared<'p>,
    prog: &'p Program,
    pub mode: Mode,
    pub property: bool,
    pub targets: Vec<VarId>,
    pub syms: VarSyms,
    solver: Box<dyn Solver>,
    /// The merging conditions' solver: one Z3 call per query, bounded by [`MERGE_WORK`]
    /// (the main chain retries a hard query with case splits and narrowing, several
    /// million units for one condition). A condition it does not decide is not met: the
    /// state is explored instead of merged, which costs only the size of the tree.
    merge_solver: Box<dyn Solver>,
    /// Merging condition (a)'s first try, on the abstraction of its atoms' arguments
    /// ([`crate::atoms`]), bounded by [`ABSTRACT_WORK`].
    abstract_solver: Box<dyn Solver>,
    atoms: crate::atoms::AtomAbstraction,
    /// Per point of the tree: the abstract tries that failed and those that proved a goal.
    abstract_tally: HashMap<u32, (u32, u32)>,
    pub tree: Tree,
    pub psi: Vec<Interpolant>,
    pub deps: Vec<DependencySet>,
    /// Back transitions below a node to headers above it: a node can only absorb states that
    /// are inside the same loops (see [`Explorer::try_merge`]).
    open: Vec<Rc<Vec<NodeId>>>,
    /// Branch nodes whose transitions are in the slice (equation 3), as far as known while
    /// exploring.
    pub branch_in_slice: Vec<bool>,
    finished: Vec<bool>,
    active: Vec<bool>,
    store: Vec<Term>,
    undo: Vec<(VarId, Term)>,
    pc: Vec<Term>,
    point_index: HashMap<PointKey, u32>,
    ctx_index: HashMap<(u32, EdgeId), u32>,
    at_point: Vec<Vec<NodeId>>,
    headers_on_path: HashMap<u32, NodeId>,
    succ_cache: HashMap<(FuncId, Loc), Succ>,
    pub counters: Counters,
    /// Undefined behaviour the exploration found possible (the slice assumes none happens).
    pub ub: BTreeSet<String>,
    budget: Budget,
    /// [`Term::made`] when the round began.
    terms_at_start: u64,
    fresh: u32,
    /// Per function: the locations from which something relevant to the criterion can be
    /// reached (with `true`: a check of undefined behaviour not yet in [`Explorer::ub`]), and
    /// those from which its exit can be. The `true` entries are dropped when `ub` grows.
    relevance: HashMap<(FuncId, bool), (Vec<bool>, Vec<bool>)>,
    relevant_at: HashMap<(PointKey, bool), bool>,
    irrelevant_here: bool,
    /// Branch locations whose infeasible sides must be kept in interpolants (a relaxation
    /// there did not hold, see [`Relaxation`]).
    pub strict: std::collections::HashSet<(FuncId, Loc)>,
    /// No relaxation anywhere.
    pub all_strict: bool,
    /// Stop with [`SliceError::UndefinedBehaviour`] at the first possible undefined behaviour
    /// found (see [`crate::SliceOptions::stop_at_undefined_behaviour`]).
    pub stop_at_ub: bool,
    side_defs_cache: HashMap<(FuncId, Loc, EdgeId), Option<VarSet>>,
    /// Proved invariants of loop heads ([`crate::LoopInvariant`]), assumed at the heads.
    pub invariants: HashMap<(FuncId, Loc), Vec<Expr>>,
    may_stop_cache: HashMap<FuncId, bool>,
    /// Per point: the queries made since a node of it was last entered and their solver work
    /// (for [`Explorer::profile`]; queries after a child returns count at the child's point).
    work_at: HashMap<u32, (u64, u64)>,
    cur_point: u32,
    /// What the current query is for (a merge check, a check of undefined behaviour, a branch's
    /// or a guard's feasibility), and per kind the queries and their solver work (by name: the
    /// profile lists them in this order, the same in every process).
    query_kind: &'static str,
    kind_work: BTreeMap<&'static str, (u64, u64)>,
    pub relaxations: Vec<Relaxation>,
    /// `KAPPA_SLICE_MERGE_LOG`: one line per state that looks for a node to merge with and per
    /// merging check (sizes, outcomes and work of the conditions), on stderr.
    merge_log: bool,
}

/// The work (Z3 resource units) one merging condition gets: one Z3 call, no case splits or
/// retries (the main chain's, which took up to 5 million units for one condition on
/// floppy_queue). Conditions over memory need it: those of floppy_queue's request loop take
/// 0.3–3 million each, and a merge not made there costs the rest of the loop body again.
pub(crate) const MERGE_WORK: u64 = 3_000_000;

/// The work of the abstract first try of a goal of merging condition (a) ([`crate::atoms`]):
/// propositional structure over comparisons of symbols, which Z3 decides in a few thousand
/// units; past this the goal itself is checked.
pub(crate) const ABSTRACT_WORK: u64 = 100_000;

/// The abstract tries at a point of the tree that may fail before the first success there; past
/// them the abstraction is not tried at that point.
const ABSTRACT_TRIES: u32 = 4;

/// The limits of one round of the exploration.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Budget {
    pub deadline: Option<Instant>,
    pub max_nodes: Option<u64>,
    /// Work units: solver work (Z3 rlimit units) and terms made.
    pub max_work: Option<u64>,
}

/// What the rounds so far used of the [`Budget`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Spent {
    pub nodes: u64,
    pub work: u64,
}

/// An infeasible side of a branch left out of its interpolant. Its code (in the flowgraph, up
/// to the branch's post-dominator) cannot stop the program and writes nothing the node `k`
/// where the feasible side arrives depends on or its interpolant mentions, and the feasible
/// side has no transition in the slice: a state taking it arrives at `k` with the same values
/// of `k`'s dependencies and satisfies `k`'s interpolant, so the side need not stay
/// infeasible for a merged state. Checked again on the final dependencies
/// ([`crate::deps::Slice`]); where it fails the exploration is redone without it.
#[derive(Clone, Debug)]
pub(crate) struct Relaxation {
    pub branch: NodeId,
    pub at: (FuncId, Loc),
    pub meet: NodeId,
    pub defs: Rc<BTreeSet<VarId>>,
}

impl<'a, 'p> Explorer<'a, 'p> {
    pub fn new(
        pre: &'a Prepared<'p>,
        mode: Mode,
        criterion: &Criterion,
        targets: Vec<VarId>,
        solver: Box<dyn Solver>,
        budget: Budget,
    ) -> Self {
        let prog = pre.prog;
        let syms = VarSyms::new(prog);
        // The initial store: globals at their initial values, everything else arbitrary.
        let mut store: Vec<Term> = prog
            .vars
            .iter()
            .map(|v| match v.ty {
                Ty::Int(w) => Term::fresh(&format!("init.{}", v.name), Sort::Bv(w)),
                _ => Term::ff(),
            })
            .collect();
        for g in prog.global_vars() {
            if let Ty::Int(w) = prog.var_ty(g) {
                store[g.index()] = Term::bv(0, w);
            }
        }
        for gi in &prog.globals {
            if let Ok(t) = term_of(&gi.value, &|_| Term::ff()) {
                store[gi.var.index()] = t;
            }
        }
        let tree = Tree { ctxs: vec![Ctx { parent: None, func: pre.entry, call: None }], ..Tree::default() };
        let mut merge_solver: Box<dyn Solver> = Box::new(kappa_solver::IndependenceSolver::new(
            kappa_solver::CachingSolver::new(kappa_solver::Z3Solver::new()),
        ));
        merge_solver.set_rlimit(Some(MERGE_WORK));
        merge_solver.set_timeout(Some(kappa_solver::QUERY_TIMEOUT_BACKSTOP));
        let mut abstract_solver: Box<dyn Solver> = Box::new(kappa_solver::IndependenceSolver::new(
            kappa_solver::CachingSolver::new(kappa_solver::Z3Solver::new()),
        ));
        abstract_solver.set_rlimit(Some(ABSTRACT_WORK));
        abstract_solver.set_timeout(Some(kappa_solver::QUERY_TIMEOUT_BACKSTOP));
        Explorer {
            pre,
            prog,
            mode,
            property: matches!(criterion, Criterion::UnreachCall),
            targets,
            syms,
            solver,
            merge_solver,
            abstract_solver,
            atoms: crate::atoms::AtomAbstraction::default(),
            abstract_tally: HashMap::new(),
            tree,
            psi: Vec::new(),
            deps: Vec::new(),
            open: Vec::new(),
            branch_in_slice: Vec::new(),
            finished: Vec::new(),
            active: Vec::new(),
            store,
            undo: Vec::new(),
            pc: Vec::new(),
            point_index: HashMap::new(),
            ctx_index: HashMap::new(),
            at_point: Vec::new(),
            headers_on_path: HashMap::new(),
            succ_cache: HashMap::new(),
            counters: Counters::default(),
            ub: BTreeSet::new(),
            budget,
            terms_at_start: Term::made(),
            fresh: 0,
            relevance: HashMap::new(),
            relevant_at: HashMap::new(),
            irrelevant_here: false,
            strict: std::collections::HashSet::new(),
            all_strict: false,
            stop_at_ub: false,
            side_defs_cache: HashMap::new(),
            invariants: HashMap::new(),
            may_stop_cache: HashMap::new(),
            work_at: HashMap::new(),
            cur_point: 0,
            query_kind: "other",
            kind_work: BTreeMap::new(),
            relaxations: Vec::new(),
            merge_log: std::env::var_os("KAPPA_SLICE_MERGE_LOG").is_some(),
        }
    }

    /// Where the exploration's nodes went (`KAPPA_SLICE_DEBUG`): per function, the nodes, the
    /// contexts (inlined calls) and the merged nodes; the points with the most explored nodes.
    pub fn profile(&self) -> String {
        use std::fmt::Write;
        let mut per: HashMap<FuncId, (u64, u64, u64)> = HashMap::new();
        let mut per_point: HashMap<u32, u64> = HashMap::new();
        for n in &self.tree.nodes {
            let key = self.tree.points[n.point as usize];
            let f = self.tree.ctxs[key.ctx as usize].func;
            let e = per.entry(f).or_default();
            e.0 += 1;
            if matches!(n.kind, NodeKind::Merged(_)) {
                e.2 += 1;
            } else if matches!(key.at, At::Loc(_)) {
                *per_point.entry(n.point).or_default() += 1;
            }
        }
        for c in &self.tree.ctxs {
            per.entry(c.func).or_default().1 += 1;
        }
        let mut o = format!(
            "slicer profile: {} nodes, {} contexts, {} merges, {} merge checks, {} queries, work {} (solver {})\n",
            self.tree.nodes.len(),
            self.tree.ctxs.len(),
            self.counters.merges,
            self.counters.merge_checks,
            self.solver_queries(),
            self.work(),
            self.solver.work()
        );
        o += &format!("  merging conditions: {} queries\n", self.merge_solver.stats().queries);
        // Ties broken by function, point and name: the maps' order is `RandomState`'s, another
        // in every process, and the profile should read the same from one run to the next.
        let mut v: Vec<_> = per.into_iter().collect();
        v.sort_by_key(|(f, c)| (std::cmp::Reverse(c.0), *f));
        for (f, (n, c, m)) in v.iter().take(12) {
            let _ = writeln!(o, "  {:>8} nodes {:>6} contexts {:>7} merged  {}", n, c, m, self.prog.func(*f).name);
        }
        for (k, (q, w)) in &self.kind_work {
            let _ = writeln!(o, "  kind {k}: {q} queries, solver work {w}");
        }
        let mut costly: Vec<_> = self.work_at.iter().collect();
        costly.sort_by_key(|(p, w)| (std::cmp::Reverse(w.1), **p));
        for (p, (q, w)) in costly.iter().take(15) {
            let key = self.tree.points[**p as usize];
            let f = self.prog.func(self.tree.ctxs[key.ctx as usize].func);
            let place = match key.at {
                At::Loc(l) => format!("{} {l} (line {})", f.name, f.loc(l).span.line),
                _ => "end".into(),
            };
            let _ = writeln!(o, "  solver work {w:>9} in {q:>4} queries at {place}, ctx {}", key.ctx);
        }
        let mut pts: Vec<_> = per_point.into_iter().collect();
        pts.sort_by_key(|(p, c)| (std::cmp::Reverse(*c), *p));
        for (p, c) in pts.iter().take(12) {
            let key = self.tree.points[*p as usize];
            let f = self.tree.ctxs[key.ctx as usize].func;
            if let At::Loc(l) = key.at {
                let func = self.prog.func(f);
                let _ = writeln!(
                    o,
                    "  {:>8} explored at {} {l} (line {}), ctx {}",
                    c,
                    func.name,
                    func.loc(l).span.line,
                    key.ctx
                );
            }
        }
        o
    }

    pub fn solver_queries(&self) -> u64 {
        self.solver.stats().queries + self.merge_solver.stats().queries + self.abstract_solver.stats().queries
    }

    fn point(&mut self, ctx: u32, at: At) -> u32 {
        let key = PointKey { ctx, at };
        if let Some(&p) = self.point_index.get(&key) {
            return p;
        }
        let p = self.tree.points.len() as u32;
        self.tree.points.push(key);
        self.point_index.insert(key, p);
        self.at_point.push(Vec::new());
        p
    }

    fn new_node(&mut self, parent: Option<NodeId>, point: u32, op: TOp, span: Span, kind: NodeKind) -> NodeId {
        let id = self.tree.nodes.len() as NodeId;
        self.tree.nodes.push(Node {
            point,
            parent,
            op,
            span,
            kind,
            children: Vec::new(),
            header: false,
            blocked_way: false,
        });
        self.psi.push(Term::tt());
        self.deps.push(Rc::new(BTreeMap::new()));
        self.open.push(Rc::new(Vec::new()));
        self.branch_in_slice.push(false);
        self.finished.push(false);
        self.active.push(false);
        if let Some(p) = parent {
            self.tree.nodes[p as usize].children.push(id);
        }
        id
    }

    fn fresh_sym(&mut self, base: &str, w: u32) -> Term {
        self.fresh += 1;
        Term::fresh(&format!("{base}#{}", self.fresh), Sort::Bv(w))
    }

    fn assign(&mut self, v: VarId, t: Term) {
        let old = std::mem::replace(&mut self.store[v.index()], t);
        self.undo.push((v, old));
    }

    fn restore(&mut self, mark: usize) {
        while self.undo.len() > mark {
            let (v, t) = self.undo.pop().expect("undo entry");
            self.store[v.index()] = t;
        }
    }

    fn eval(&self, e: &Expr) -> Term {
        let store = &self.store;
        term_of(e, &|v| store[v.index()].clone()).unwrap_or_else(|_| Term::ff())
    }

    fn check(&mut self, cond: &Term) -> SatResult {
        if let Some(b) = cond.as_bool() {
            return if b { SatResult::Sat } else { SatResult::Unsat };
        }
        let merge = self.query_kind.starts_with("merge");
        let solver = if merge { &mut self.merge_solver } else { &mut self.solver };
        let before = solver.work();
        let r = solver.check(&Query { pc: &self.pc, cond: cond.clone() });
        let d = solver.work().saturating_sub(before);
        let w = self.work_at.entry(self.cur_point).or_default();
        w.0 += 1;
        w.1 += d;
        let k = self.kind_work.entry(self.query_kind).or_default();
        k.0 += 1;
        k.1 += d;
        r
    }

    /// The work of this round: the solver's (Z3 rlimit units) and the terms made (one unit
    /// each; the interpolants, substitutions and merge conditions).
    pub fn work(&self) -> u64 {
        self.solver.work() + Term::made().saturating_sub(self.terms_at_start)
    }

    fn limits(&self) -> Result<(), SliceError> {
        // A signal (kappa-cli asks the solver to stop): the slicer stops too.
        if kappa_solver::interrupt::requested() {
            return Err(SliceError::Limit("interrupted while building the PSS-CFG".into()));
        }
        if let Some(d) = self.budget.deadline {
            if Instant::now() >= d {
                return Err(SliceError::Limit("time limit reached while building the PSS-CFG".into()));
            }
        }
        if let Some(m) = self.budget.max_nodes {
            if self.tree.nodes.len() as u64 > m {
                return Err(SliceError::Limit(format!("node limit of {m} reached while building the PSS-CFG")));
            }
        }
        if let Some(m) = self.budget.max_work {
            if self.work() > m {
                return Err(SliceError::Limit(format!("work limit of {m} units reached while building the PSS-CFG")));
            }
        }
        Ok(())
    }

    /// Explores the program from the entry function.
    pub fn run(&mut self) -> Result<(), SliceError> {
        let entry = self.pre.func(self.pre.entry);
        let p = self.point(0, At::Loc(entry.entry));
        let root = self.new_node(None, p, TOp::Root, entry.span, NodeKind::Open);
        // The entry function's parameters are inputs.
        for v in entry.params.clone() {
            if let Ty::Int(w) = self.prog.var_ty(v) {
                let t = self.fresh_sym(&self.prog.var(v).name.clone(), w);
                self.store[v.index()] = t;
            }
        }
        self.visit(root)
    }

    /// `GenPSSCFG(σ)`.
    fn visit(&mut self, n: NodeId) -> Result<(), SliceError> {
        self.limits()?;
        let key = self.tree.key(n);
        self.cur_point = self.tree.nodes[n as usize].point;
        self.active[n as usize] = true;
        let done = self.visit_inner(n, key);
        self.active[n as usize] = false;
        done?;
        self.finished[n as usize] = true;
        self.tree.finish_order.push(n);
        let point = self.tree.nodes[n as usize].point;
        if self.mergeable(key) && !matches!(self.tree.nodes[n as usize].kind, NodeKind::Merged(_) | NodeKind::Back(_)) {
            self.at_point[point as usize].push(n);
        }
        Ok(())
    }

    fn mergeable(&self, key: PointKey) -> bool {
        match key.at {
            At::End | At::Blocked(_) => true,
            At::Loc(l) => {
                let f = self.tree.ctxs[key.ctx as usize].func;
                let func = self.pre.func(f);
                self.pre.facts(f).join[l.index()] || func.is_sink(l) || self.pre.facts(f).loop_mods.contains_key(&l)
            }
        }
    }

    fn visit_inner(&mut self, n: NodeId, key: PointKey) -> Result<(), SliceError> {
        let point = self.tree.nodes[n as usize].point;
        if let NodeKind::Terminal(t) = &self.tree.nodes[n as usize].kind {
            let t = t.clone();
            // Merging terminal nodes of one point keeps one node per way the program ends.
            if self.try_merges(n, point)? {
                return Ok(());
            }
            self.annotate_terminal(n, &t);
            return Ok(());
        }
        let At::Loc(loc) = key.at else { return Ok(()) };
        let fid = self.tree.ctxs[key.ctx as usize].func;
        let func = self.pre.func(fid);
        let is_header = self.pre.facts(fid).loop_mods.contains_key(&loc);
        if is_header {
            if let Some(&h) = self.headers_on_path.get(&point) {
                self.tree.nodes[n as usize].kind = NodeKind::Back(h);
                self.psi[n as usize] = Term::tt();
                self.deps[n as usize] = self.deps[h as usize].clone();
                self.open[n as usize] = Rc::new(vec![h]);
                return Ok(());
            }
        }
        // Nothing the criterion observes can happen from here on: every state of this point
        // behaves the same for it, whatever its infeasible paths.
        let relevant = self.relevant(key)?;
        self.irrelevant_here = !relevant;
        let merged = self.mergeable(key) && self.try_merges(n, point)?;
        self.irrelevant_here = false;
        if merged {
            return Ok(());
        }
        let mark = self.undo.len();
        if is_header {
            // The loop invariant of `SPLIT`: what the loop may modify is arbitrary.
            self.tree.nodes[n as usize].header = true;
            self.counters.loops_widened += 1;
            if self.mode == Mode::Pss {
                for v in self.pre.facts(fid).loop_mods[&loc].clone() {
                    if let Ty::Int(w) = self.prog.var_ty(v) {
                        let t = self.fresh_sym(&format!("loop.{}", self.prog.var(v).name), w);
                        self.assign(v, t);
                    }
                }
            }
            self.headers_on_path.insert(point, n);
        }
        // The loop's proved invariants hold in every state that arrives here: assumed (the
        // loop invariant of `SPLIT` made stronger, so that the body's checks of undefined
        // behaviour see the bounds of its indices).
        let pcm = self.pc.len();
        let mut inv = Term::tt();
        if is_header && self.mode == Mode::Pss {
            for a in self.invariants.get(&(fid, loc)).cloned().unwrap_or_default() {
                let t = self.eval(&a);
                if !t.is_true() {
                    inv = inv.and(&self.syms.formula(&a));
                    self.pc.push(t);
                }
            }
        }
        let r = self.successors(n, key, fid, func, loc);
        self.pc.truncate(pcm);
        if is_header {
            self.headers_on_path.remove(&point);
        }
        r?;
        self.annotate(n);
        if !relevant && self.mode == Mode::Pss {
            self.psi[n as usize] = Term::tt();
        }
        if is_header && self.mode == Mode::Pss {
            // Every state that arrives here satisfies the invariants (they are assumed): it
            // needs to imply the interpolant only under them.
            if !inv.is_true() {
                self.psi[n as usize] = inv.implies(&self.psi[n as usize]);
            }
            // The interpolant holds for every value of what the loop modifies, so it holds at
            // every iteration once it holds at the first.
            let mods: Vec<VarId> = self.pre.facts(fid).loop_mods[&loc].clone();
            let mut pairs = Vec::new();
            for v in mods {
                if let Ty::Int(w) = self.prog.var_ty(v) {
                    pairs.push((v, self.fresh_sym("q", w)));
                }
            }
            self.psi[n as usize] = self.syms.subst(&self.psi[n as usize], &pairs);
        }
        if is_header {
            let open: Vec<NodeId> = self.open[n as usize].iter().copied().filter(|&h| h != n).collect();
            self.open[n as usize] = Rc::new(open);
        }
        self.restore(mark);
        Ok(())
    }

    /// `MERGE`: the node becomes a link to an annotated node of its point if the merging
    /// conditions hold.
    fn try_merges(&mut self, n: NodeId, point: u32) -> Result<bool, SliceError> {
        let cands: Vec<NodeId> = self.at_point[point as usize].iter().rev().copied().collect();
        if self.merge_log {
            eprintln!("MS node={n} point={point} cands={} work={}", cands.len(), self.work());
        }
        for c in cands {
            if self.try_merge(c)? {
                self.tree.nodes[n as usize].kind = NodeKind::Merged(c);
                self.psi[n as usize] = self.psi[c as usize].clone();
                self.deps[n as usize] = self.deps[c as usize].clone();
                self.open[n as usize] = self.open[c as usize].clone();
                self.counters.merges += 1;
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn try_merge(&mut self, c: NodeId) -> Result<bool, SliceError> {
        if !self.finished[c as usize] {
            return Ok(false);
        }
        // The node's subtree goes back to headers of loops the current state must be in too:
        // its states at those headers are instances of the headers' invariants.
        if self.open[c as usize].iter().any(|&h| !self.active[h as usize]) {
            return Ok(false);
        }
        if self.mode == Mode::Static || self.irrelevant_here {
            return Ok(true);
        }
        self.counters.merge_checks += 1;
        // The merging conditions (section 4.1, Definition "Merging conditions") are a
        // conjunction, so their order is free: (b) first. Its witness formulas are small and
        // satisfiable in most contexts (the counterexample cache answers many), while (a) is
        // an implication whose proof (an unsatisfiable query over the whole interpolant)
        // costs the most; on the development drivers 70% of the work of (a) went to
        // candidates whose witnesses then failed (docs/benchmarks.md, issue 24, ninth step).
        // (b) every witness formula is satisfiable in this context.
        self.query_kind = "merge-b";
        let w0 = self.merge_solver.work();
        let mut seen = std::collections::HashSet::new();
        let mut b = true;
        for w in self.deps[c as usize].clone().values() {
            if !seen.insert(w.id()) {
                continue;
            }
            let wi = self.syms.instantiate(w, &self.store);
            if !self.check(&wi).is_sat() {
                b = false;
                break;
            }
        }
        let wb = self.merge_solver.work() - w0;
        // (a) the path condition implies the interpolant.
        let mut a = SatResult::Unknown("not checked".into());
        let mut psi = Term::tt();
        let mut ngoals = 0;
        if b {
            self.query_kind = "merge-a";
            psi = self.syms.instantiate(&self.psi[c as usize], &self.store);
            a = if psi.is_true() {
                SatResult::Unsat
            } else {
                let goals = implication_goals(&psi);
                ngoals = goals.len();
                if split_into_goals(&psi) {
                    self.check_goals(&goals, w0 + wb)
                } else {
                    self.check_whole(&psi, &goals)
                }
            };
        }
        if self.merge_log {
            eprintln!(
                "MC point={} cand={} psi_id={} psi_size={} inst_id={} inst_size={} pc={} b={b} nb={} wb={wb} goals={ngoals} a={} wa={}",
                self.cur_point,
                c,
                self.psi[c as usize].id(),
                self.psi[c as usize].dag_size(),
                psi.id(),
                psi.dag_size(),
                self.pc.len(),
                seen.len(),
                format!("{a:?}").replace(' ', "_"),
                self.merge_solver.work() - w0 - wb
            );
        }
        Ok(b && a.is_unsat())
    }

    /// Merging condition (a) by its goals ([`implication_goals`]): the path condition implies
    /// the interpolant iff it implies each goal. A goal that is a constraint of the path
    /// condition (or one of its own assumptions) holds without a query; the others are checked
    /// smallest first, each as its own query, so that the independence layer passes on only the
    /// constraints over the goal's own symbols and the caches see the goals that recur across
    /// candidates and states. The first goal not proved ends the check; past [`MERGE_WORK`] for
    /// the whole condition (from `w0`, the merge solver's work when the check began) it is
    /// undecided, as one query at that limit would be.
    fn check_goals(&mut self, goals: &[Goal], w0: u64) -> SatResult {
        for g in self.open_goals(goals) {
            if self.merge_solver.work().saturating_sub(w0) > MERGE_WORK {
                return SatResult::Unknown("merging condition (a): work limit".into());
            }
            let q = g.query();
            if self.check_abstract(&q) {
                continue;
            }
            let before = self.merge_solver.work();
            let r = self.check(&q);
            if self.merge_log && self.merge_solver.work() - before > 100_000 {
                let abs = self.atoms.abstract_constraints(&self.pc, &q);
                eprintln!(
                    "MG work={} r={r:?}\n  pc={:?}\n  q={:?}\n  abs={:?}",
                    self.merge_solver.work() - before,
                    self.pc,
                    q,
                    abs
                );
            }
            if !r.is_unsat() {
                return r;
            }
        }
        SatResult::Unsat
    }

    /// The goals that do not hold without a query (a constraint of the path condition, or one
    /// of the goal's own assumptions), smallest first; each is checked as `assume ∧ ¬goal`
    /// ([`Goal::query`]), made only when its turn comes.
    fn open_goals<'g>(&self, goals: &'g [Goal]) -> Vec<&'g Goal> {
        let known: std::collections::HashSet<u64> = self.pc.iter().map(|t| t.id()).collect();
        let mut order: Vec<(usize, &Goal)> = goals.iter().map(|g| (g.size(), g)).collect();
        order.sort_by_key(|(n, _)| *n);
        order
            .into_iter()
            .filter(|(_, g)| !known.contains(&g.goal.id()) && !g.assume.iter().any(|a| a.id() == g.goal.id()))
            .map(|(_, g)| g)
            .collect()
    }

    /// Merging condition (a) as one query, `pc ∧ ¬ψ` (see [`split_into_goals`]), unless the
    /// caches already decide it by its goals: every goal a path constraint or proved by the
    /// caches (a query they saw, or a superset of an unsatisfiable one), or one goal with a
    /// model there (the counterexample cache: a model of a recent query that satisfies this
    /// one), which ends the check as the goal's own query would. Probing the caches costs no
    /// solver work. The query is `ψ` itself, not the conjunction of the goals left: rebuilt
    /// from the goals (assumptions repeated) it cost netdev_ring 1.7 times the work.
    fn check_whole(&mut self, psi: &Term, goals: &[Goal]) -> SatResult {
        let mut open = false;
        for g in self.open_goals(goals) {
            match self.merge_solver.check_cached(&Query { pc: &self.pc, cond: g.query() }) {
                Some(SatResult::Sat) => return SatResult::Sat,
                Some(SatResult::Unsat) => {}
                _ => open = true,
            }
        }
        if !open {
            return SatResult::Unsat;
        }
        self.check(&psi.not())
    }

    /// Whether the abstraction of the query `pc ∧ cond` ([`crate::atoms`]) is unsatisfiable,
    /// which proves the query unsatisfiable. `false` says nothing.
    ///
    /// Where the abstraction does not pay it is not tried: after [`ABSTRACT_TRIES`] failures at
    /// a point of the tree without a success there (on netdev_ring every abstract query was
    /// satisfiable, 1.1 M units of waste; on serial_cancel they prove the costliest conditions).
    fn check_abstract(&mut self, cond: &Term) -> bool {
        let tally = self.abstract_tally.entry(self.cur_point).or_default();
        if tally.1 == 0 && tally.0 >= ABSTRACT_TRIES {
            return false;
        }
        let Some((pc, cond)) = self.atoms.abstract_constraints(&self.pc, cond) else { return false };
        if cond.is_false() {
            return true;
        }
        let before = self.abstract_solver.work();
        let r = self.abstract_solver.check(&Query { pc: &pc, cond: cond.clone() });
        let d = self.abstract_solver.work().saturating_sub(before);
        let w = self.work_at.entry(self.cur_point).or_default();
        w.0 += 1;
        w.1 += d;
        let k = self.kind_work.entry("merge-a-abstract").or_default();
        k.0 += 1;
        k.1 += d;
        if self.merge_log {
            eprintln!("MA work={d} r={r:?} size={}", cond.dag_size());
        }
        let tally = self.abstract_tally.entry(self.cur_point).or_default();
        if r.is_unsat() {
            tally.1 += 1;
        } else {
            tally.0 += 1;
        }
        r.is_unsat()
    }

    fn succ_kind(&mut self, fid: FuncId, loc: Loc) -> Result<Succ, SliceError> {
        if let Some(s) = self.succ_cache.get(&(fid, loc)) {
            return Ok(s.clone());
        }
        let func = self.pre.func(fid);
        let out = func.out_edges(loc).to_vec();
        let s = if out.is_empty() {
            Succ::Dead
        } else if out.len() == 1 && !matches!(func.edge(out[0]).op, Op::Assume(_)) {
            Succ::Straight(out[0])
        } else {
            if out.iter().any(|e| !matches!(func.edge(*e).op, Op::Assume(_))) {
                return Err(SliceError::Unsupported {
                    message: "a location with several successors that are not branch conditions".into(),
                    location: Some(self.prog.fmt_span(func.loc(loc).span)),
                });
            }
            let ub = |e: &EdgeId| match &func.loc(func.edge(*e).dst).kind {
                LocKind::Error { kind, .. } => !matches!(kind, ErrorKind::ReachError | ErrorKind::Assert),
                _ => false,
            };
            let kept: Vec<EdgeId> = out.iter().copied().filter(|e| !ub(e)).collect();
            if kept.len() < out.len() {
                if kept.is_empty() {
                    Succ::Dead
                } else if kept.len() == 1 {
                    Succ::Guard(kept[0])
                } else {
                    Succ::Branch { edges: kept, blocked: None }
                }
            } else {
                let conds: Vec<Term> = kept.iter().map(|e| self.cond_formula(func.edge(*e))).collect();
                // The branch conditions must exclude each other: a C branch takes one way.
                for i in 0..conds.len() {
                    for j in i + 1..conds.len() {
                        let both = conds[i].and(&conds[j]);
                        if !matches!(self.solver.check(&Query { pc: &[], cond: both }), SatResult::Unsat) {
                            return Err(SliceError::Unsupported {
                                message: "a branch whose conditions overlap".into(),
                                location: Some(self.prog.fmt_span(func.loc(loc).span)),
                            });
                        }
                    }
                }
                let any = Term::or_all(conds.iter().cloned());
                let blocked = match self.solver.check(&Query { pc: &[], cond: any.not() }) {
                    SatResult::Unsat => None,
                    _ => {
                        let mut b: Option<Expr> = None;
                        for e in &kept {
                            if let Op::Assume(c) = &func.edge(*e).op {
                                b = Some(match b {
                                    None => c.clone(),
                                    Some(x) => x.or(c.clone()),
                                });
                            }
                        }
                        b.map(Expr::negate)
                    }
                };
                Succ::Branch { edges: kept, blocked }
            }
        };
        self.succ_cache.insert((fid, loc), s.clone());
        Ok(s)
    }

    fn cond_formula(&self, e: &Edge) -> Term {
        match &e.op {
            Op::Assume(c) => self.syms.formula(c),
            _ => Term::tt(),
        }
    }

    /// The undefined behaviour an edge into a check's error location stands for
    /// (`out_of_bounds at f.c:3:9 (…)`), with the edge's condition; `None` for other edges.
    fn ub_of(&self, func: &'p Function, e: EdgeId) -> Option<(String, &'p Expr)> {
        let edge = func.edge(e);
        match (&func.loc(edge.dst).kind, &edge.op) {
            (LocKind::Error { kind, message }, Op::Assume(c))
                if !matches!(kind, ErrorKind::ReachError | ErrorKind::Assert) =>
            {
                let at = self.prog.fmt_span(func.loc(edge.dst).span);
                Some((format!("{} at {at} ({message})", kind.name()), c))
            }
            _ => None,
        }
    }

    /// Whether a check of undefined behaviour at this location may fail and is not yet in
    /// [`Explorer::ub`]. A state that merges must not skip such a check: interpolants and the
    /// relevance of points take these checks in (see [`Explorer::annotate`]).
    fn open_ub_at(&self, func: &'p Function, loc: Loc) -> bool {
        func.out_edges(loc).iter().any(|e| self.ub_of(func, *e).is_some_and(|(w, _)| !self.ub.contains(&w)))
    }

    /// Notes undefined behaviour the front-end's checks at this location could detect; with
    /// [`Explorer::stop_at_ub`], the first one found ends the exploration.
    fn note_ub(&mut self, fid: FuncId, loc: Loc) -> Result<(), SliceError> {
        if self.mode == Mode::Static {
            return Ok(());
        }
        let func = self.pre.func(fid);
        for &e in func.out_edges(loc) {
            let Some((what, c)) = self.ub_of(func, e) else { continue };
            if self.ub.contains(&what) {
                continue;
            }
            let t = self.eval(c);
            self.query_kind = "check";
            if !self.check(&t).is_unsat() {
                if self.stop_at_ub {
                    return Err(SliceError::UndefinedBehaviour(what));
                }
                self.ub.insert(what);
                // What reaches an open check has changed.
                self.relevance.retain(|k, _| !k.1);
                self.relevant_at.retain(|k, _| !k.1);
            }
        }
        Ok(())
    }

    fn successors(
        &mut self,
        n: NodeId,
        key: PointKey,
        fid: FuncId,
        func: &'p Function,
        loc: Loc,
    ) -> Result<(), SliceError> {
        match &func.loc(loc).kind {
            LocKind::Exit => {
                let ctx = self.tree.ctxs[key.ctx as usize].clone();
                let (Some(parent), Some(call)) = (ctx.parent, ctx.call) else {
                    // The entry function's return is a terminal node (`loc_node`).
                    return Err(SliceError::Internal("the end was not made a terminal".into()));
                };
                // Back in the caller after the inlined call.
                let pfunc = self.pre.func(self.tree.ctxs[parent as usize].func);
                let ce = pfunc.edge(call);
                let Op::Call { dst, .. } = &ce.op else { return Err(SliceError::Internal("not a call".into())) };
                let (op, mark) = match (dst, func.ret) {
                    (Some(d), Some(r)) => {
                        let mark = self.undo.len();
                        let t = self.store[r.index()].clone();
                        self.assign(*d, t);
                        (TOp::Assign(vec![(*d, Expr::Var(r))]), mark)
                    }
                    _ => (TOp::Skip, self.undo.len()),
                };
                self.tree.nodes[n as usize].kind = NodeKind::Straight;
                let next = self.loc_node(n, parent, ce.dst, op, ce.span);
                let r = self.visit(next);
                self.restore(mark);
                return r;
            }
            LocKind::Normal => {}
            _ => return Err(SliceError::Internal("a sink location that is not a terminal".into())),
        }
        let succ = self.succ_kind(fid, loc)?;
        match succ {
            Succ::Dead => {
                self.note_ub(fid, loc)?;
                self.tree.nodes[n as usize].kind = NodeKind::Infeasible;
                self.psi[n as usize] = Term::ff();
                Ok(())
            }
            Succ::Straight(e) => {
                self.tree.nodes[n as usize].kind = NodeKind::Straight;
                self.straight(n, key.ctx, func, e)
            }
            Succ::Guard(e) => {
                self.note_ub(fid, loc)?;
                let edge = func.edge(e);
                let Op::Assume(c) = &edge.op else { return Err(SliceError::Internal("guard".into())) };
                self.tree.nodes[n as usize].kind = NodeKind::Straight;
                let t = if self.mode == Mode::Pss { self.eval(c) } else { Term::tt() };
                self.query_kind = "guard";
                let feasible = if self.mode == Mode::Pss { !self.check(&t).is_unsat() } else { true };
                let child = self.loc_node(n, key.ctx, edge.dst, TOp::Guard(c.clone()), edge.span);
                if !feasible {
                    self.tree.nodes[child as usize].kind = NodeKind::Infeasible;
                    self.psi[child as usize] = Term::ff();
                    self.finished[child as usize] = true;
                    self.tree.finish_order.push(child);
                    self.counters.infeasible += 1;
                    return Ok(());
                }
                let pcm = self.pc.len();
                if self.mode == Mode::Pss && !self.implied(&t) {
                    self.pc.push(t);
                }
                let r = self.visit(child);
                self.pc.truncate(pcm);
                r
            }
            Succ::Branch { edges, blocked } => {
                // Checks among several ways on (none in what the front-end writes today).
                self.note_ub(fid, loc)?;
                self.tree.nodes[n as usize].kind = NodeKind::Branch;
                let mut ways: Vec<(Expr, Option<Loc>, Span)> = edges
                    .iter()
                    .map(|e| {
                        let edge = func.edge(*e);
                        let Op::Assume(c) = &edge.op else { unreachable!("branch edges are assumes") };
                        (c.clone(), Some(edge.dst), edge.span)
                    })
                    .collect();
                if let Some(b) = blocked {
                    ways.push((b, None, func.loc(loc).span));
                    self.tree.nodes[n as usize].blocked_way = true;
                }
                let terms: Vec<Term> = ways
                    .iter()
                    .map(|(c, _, _)| if self.mode == Mode::Pss { self.eval(c) } else { Term::tt() })
                    .collect();
                let feasible = self.feasibility(&terms);
                let nfeas = feasible.iter().filter(|f| **f).count();
                for (i, (c, dst, span)) in ways.into_iter().enumerate() {
                    let child = match dst {
                        Some(d) => self.loc_node(n, key.ctx, d, TOp::Assume(c), span),
                        None => {
                            let at = if self.property { At::End } else { At::Blocked(loc) };
                            let p = self.point(if self.property { 0 } else { key.ctx }, at);
                            self.new_node(Some(n), p, TOp::Assume(c), span, NodeKind::Terminal(Terminal::Blocked))
                        }
                    };
                    if !feasible[i] {
                        self.tree.nodes[child as usize].kind = NodeKind::Infeasible;
                        self.psi[child as usize] = Term::ff();
                        self.finished[child as usize] = true;
                        self.tree.finish_order.push(child);
                        self.counters.infeasible += 1;
                        continue;
                    }
                    let pcm = self.pc.len();
                    if nfeas > 1 && self.mode == Mode::Pss {
                        self.pc.push(terms[i].clone());
                    }
                    let r = self.visit(child);
                    self.pc.truncate(pcm);
                    r?;
                }
                Ok(())
            }
        }
    }

    fn implied(&mut self, t: &Term) -> bool {
        t.is_true() || self.check(&t.not()).is_unsat()
    }

    /// Which branching transitions are feasible. The conditions exclude each other and (with
    /// the blocked way) cover everything, so the last feasible one needs no query.
    fn feasibility(&mut self, terms: &[Term]) -> Vec<bool> {
        if self.mode == Mode::Static {
            return vec![true; terms.len()];
        }
        self.query_kind = "branch";
        let mut res = vec![false; terms.len()];
        let mut any = false;
        for i in 0..terms.len() {
            if i + 1 == terms.len() && !any {
                res[i] = true;
                break;
            }
            // Unknown counts as feasible: only a proved infeasibility removes a path.
            res[i] = !self.check(&terms[i]).is_unsat();
            any |= res[i];
        }
        res
    }

    /// A node for a location in a context: a terminal if the location ends the program.
    fn loc_node(&mut self, parent: NodeId, ctx: u32, loc: Loc, op: TOp, span: Span) -> NodeId {
        let fid = self.tree.ctxs[ctx as usize].func;
        let func = self.pre.func(fid);
        let term = match &func.loc(loc).kind {
            LocKind::Error { kind, message } => Some(Terminal::Error { kind: *kind, message: message.clone() }),
            LocKind::Exit if ctx == 0 => Some(Terminal::End),
            _ => None,
        };
        match term {
            Some(Terminal::End) => {
                let at = if self.property { At::End } else { At::Loc(loc) };
                let p = self.point(0, at);
                self.new_node(Some(parent), p, op, span, NodeKind::Terminal(Terminal::End))
            }
            Some(t) => {
                let p = self.point(ctx, At::Loc(loc));
                self.new_node(Some(parent), p, op, span, NodeKind::Terminal(t))
            }
            None => {
                let p = self.point(ctx, At::Loc(loc));
                self.new_node(Some(parent), p, op, span, NodeKind::Open)
            }
        }
    }

    /// `SYMEXEC` over one transition.
    fn straight(&mut self, n: NodeId, ctx: u32, func: &'p Function, e: EdgeId) -> Result<(), SliceError> {
        let edge = func.edge(e);
        let mark = self.undo.len();
        let pcm = self.pc.len();
        let pss = self.mode == Mode::Pss;
        let child = match &edge.op {
            Op::Skip | Op::Return(None) | Op::Output { .. } => self.loc_node(n, ctx, edge.dst, TOp::Skip, edge.span),
            Op::Assign { dst, value } => {
                if pss {
                    let t = self.eval(value);
                    self.assign(*dst, t);
                }
                self.loc_node(n, ctx, edge.dst, TOp::Assign(vec![(*dst, value.clone())]), edge.span)
            }
            Op::Return(Some(v)) => match func.ret {
                Some(r) => {
                    if pss {
                        let t = self.eval(v);
                        self.assign(r, t);
                    }
                    self.loc_node(n, ctx, edge.dst, TOp::Assign(vec![(r, v.clone())]), edge.span)
                }
                None => self.loc_node(n, ctx, edge.dst, TOp::Skip, edge.span),
            },
            Op::Nondet { dst, origin } => {
                if pss {
                    if let Ty::Int(w) = self.prog.var_ty(*dst) {
                        let t = self.fresh_sym(&self.prog.var(*dst).name.clone(), w);
                        // A _Bool input holds 0 or 1.
                        if matches!(self.prog.var(*dst).ctype, CType::Int { rank: IntRank::Bool, .. }) {
                            self.pc.push(t.bvule(&Term::bv(1, w)));
                        }
                        self.assign(*dst, t);
                    }
                }
                self.loc_node(n, ctx, edge.dst, TOp::Havoc(*dst, origin.clone()), edge.span)
            }
            Op::Call { func: g, args, .. } => {
                let callee = self.pre.func(*g);
                let key = (ctx, e);
                let nctx = match self.ctx_index.get(&key) {
                    Some(&c) => c,
                    None => {
                        let c = self.tree.ctxs.len() as u32;
                        self.tree.ctxs.push(Ctx { parent: Some(ctx), func: *g, call: Some(e) });
                        self.ctx_index.insert(key, c);
                        c
                    }
                };
                let pairs: Vec<(VarId, Expr)> = callee.params.iter().copied().zip(args.iter().cloned()).collect();
                if pss {
                    let vals: Vec<Term> = pairs.iter().map(|(_, a)| self.eval(a)).collect();
                    for ((p, _), t) in pairs.iter().zip(vals) {
                        self.assign(*p, t);
                    }
                }
                self.loc_node(n, nctx, callee.entry, TOp::Assign(pairs), edge.span)
            }
            Op::Halt { kind, code } => {
                let t = match kind {
                    HaltKind::Abort => Terminal::Abort,
                    HaltKind::Exit => Terminal::Exit(code.clone()),
                };
                let p = if self.property { self.point(0, At::End) } else { self.point(ctx, At::Loc(edge.dst)) };
                let t = if self.property { Terminal::End } else { t };
                self.new_node(Some(n), p, TOp::Skip, edge.span, NodeKind::Terminal(t))
            }
            Op::Assume(_)
            | Op::Load { .. }
            | Op::Store { .. }
            | Op::MemCopy { .. }
            | Op::Alloc { .. }
            | Op::Free { .. } => return Err(SliceError::Internal("unexpected straight operation".into())),
        };
        let r = self.visit(child);
        self.pc.truncate(pcm);
        self.restore(mark);
        r
    }
}

/// The variables an expression reads.
pub(crate) fn uses(e: &Expr) -> Vec<VarId> {
    let mut v = Vec::new();
    e.for_each_var(&mut |x| v.push(x));
    v
}

impl<'a, 'p> Explorer<'a, 'p> {
    /// Interpolant and dependencies of a terminal node: the criterion (the targets at the end;
    /// for a property, nothing: reaching an error location is itself in the slice).
    fn annotate_terminal(&mut self, n: NodeId, t: &Terminal) {
        self.psi[n as usize] = Term::tt();
        let mut d = BTreeMap::new();
        match t {
            Terminal::End if !self.property => {
                for v in &self.targets {
                    d.insert(*v, Term::tt());
                }
            }
            Terminal::Exit(Some(code)) if !self.property => {
                for v in uses(code) {
                    d.insert(v, Term::tt());
                }
            }
            _ => {}
        }
        self.deps[n as usize] = Rc::new(d);
    }

    /// `dwlp` and `dpre` of one transition (the tails of `SPLIT` and `SYMEXEC`).
    fn pre_of(&mut self, op: &TOp, psi: &Term, deps: &DependencySet) -> (Term, DependencySet) {
        let pairs: Vec<(VarId, Term)> = match op {
            TOp::Assign(pairs) => pairs.iter().map(|(v, e)| (*v, self.syms.formula(e))).collect(),
            TOp::Havoc(v, _) => match self.prog.var_ty(*v) {
                Ty::Int(w) => vec![(*v, self.fresh_sym("in", w))],
                _ => Vec::new(),
            },
            TOp::Assume(c) | TOp::Guard(c) => {
                let c = self.syms.formula(c);
                let psi = c.implies(psi);
                let d: BTreeMap<VarId, Term> = deps.iter().map(|(v, w)| (*v, c.and(w))).collect();
                return (psi, Rc::new(d));
            }
            TOp::Root | TOp::Skip => return (psi.clone(), deps.clone()),
        };
        let psi = self.syms.subst(psi, &pairs);
        let mut memo: HashMap<u64, Term> = HashMap::new();
        let mut sub = |w: &Term| -> Term {
            if let Some(t) = memo.get(&w.id()) {
                return t.clone();
            }
            let t = self.syms.subst(w, &pairs);
            memo.insert(w.id(), t.clone());
            t
        };
        let mut d = BTreeMap::new();
        let defs: Vec<VarId> = match op {
            TOp::Assign(ps) => ps.iter().map(|(v, _)| *v).collect(),
            TOp::Havoc(v, _) => vec![*v],
            _ => Vec::new(),
        };
        // Weiser's equations: a variable the transition defines is replaced by what it uses.
        for (v, w) in deps.iter() {
            if defs.contains(v) {
                continue;
            }
            d.insert(*v, sub(w));
        }
        if let TOp::Assign(ps) = op {
            for (x, e) in ps {
                if let Some(w) = deps.get(x) {
                    let w = sub(w);
                    for u in uses(e) {
                        d.entry(u).or_insert_with(|| w.clone());
                    }
                }
            }
        }
        (psi, Rc::new(d))
    }

    /// The annotation of an explored node from its children's.
    fn annotate(&mut self, n: NodeId) {
        let node = &self.tree.nodes[n as usize];
        let children = node.children.clone();
        let kind = node.kind.clone();
        let mut open: Vec<NodeId> = Vec::new();
        for c in &children {
            open.extend(self.open[*c as usize].iter().copied());
        }
        open.sort_unstable();
        open.dedup();
        self.open[n as usize] = Rc::new(open);
        if self.mode == Mode::Static {
            return;
        }
        match kind {
            NodeKind::Straight => {
                let m = children[0];
                let op = self.tree.nodes[m as usize].op.clone();
                let (psi_m, deps) = (self.psi[m as usize].clone(), self.deps[m as usize].clone());
                let (mut psi, deps) = self.pre_of(&op, &psi_m, &deps);
                if let TOp::Guard(c) = &op {
                    // A check whose failure is not listed yet: a state that merges here must
                    // pass it too (`c ∧ ψ` instead of `c ⇒ ψ`), or undefined behaviour on
                    // merged paths would go unlisted.
                    let key = self.tree.key(n);
                    if let At::Loc(l) = key.at {
                        let func = self.pre.func(self.tree.ctxs[key.ctx as usize].func);
                        if self.open_ub_at(func, l) {
                            psi = self.syms.formula(c).and(&psi_m);
                        }
                    }
                }
                self.psi[n as usize] = psi;
                self.deps[n as usize] = deps;
            }
            NodeKind::Branch => {
                let feasible: Vec<NodeId> = children
                    .iter()
                    .copied()
                    .filter(|c| self.tree.nodes[*c as usize].kind != NodeKind::Infeasible)
                    .collect();
                // Interpolant: the conjunction over the branching transitions of their weakest
                // liberal preconditions (false below an infeasible one).
                let same = feasible.len() == children.len()
                    && feasible.windows(2).all(|w| self.psi[w[0] as usize].id() == self.psi[w[1] as usize].id());
                let mut parts = Vec::new();
                let mut d: BTreeMap<VarId, Term> = BTreeMap::new();
                let relaxed = self.relaxable_meet(n, &children, &feasible);
                for &c in &children {
                    let TOp::Assume(cond) = &self.tree.nodes[c as usize].op else { continue };
                    let cf = self.syms.formula(cond);
                    let mut psi_c = self.psi[c as usize].clone();
                    if self.tree.nodes[c as usize].kind == NodeKind::Infeasible {
                        if let Some((k, at)) = relaxed {
                            if let Some(defs) = self.side_defs(at.0, at.1, c) {
                                let psi_k = self.psi[k as usize].clone();
                                let touched = self.deps[k as usize].keys().any(|v| defs.contains(v))
                                    || defs.iter().any(|v| self.syms.mentions(&psi_k, *v));
                                if !touched {
                                    psi_c = psi_k;
                                    self.relaxations.push(Relaxation { branch: n, at, meet: k, defs });
                                }
                            }
                        }
                    }
                    parts.push(cf.implies(&psi_c));
                    for (v, w) in self.deps[c as usize].iter() {
                        d.entry(*v).or_insert_with(|| cf.and(w));
                    }
                }
                // Checks not listed yet: a state that merges here must pass them.
                let key = self.tree.key(n);
                let mut checks = Vec::new();
                if let At::Loc(l) = key.at {
                    let func = self.pre.func(self.tree.ctxs[key.ctx as usize].func);
                    for &e in func.out_edges(l) {
                        if let Some((w, c)) = self.ub_of(func, e) {
                            if !self.ub.contains(&w) {
                                checks.push(self.syms.formula(c).not());
                            }
                        }
                    }
                }
                self.psi[n as usize] = if same && !feasible.is_empty() && checks.is_empty() {
                    self.psi[feasible[0] as usize].clone()
                } else {
                    Term::and_all(parts.into_iter().chain(checks))
                };
                // Control dependence (equation 3), as far as the subtree shows.
                if feasible.len() > 1 {
                    let r =
                        crate::deps::region(&self.tree, self.pre, n, self.property, &|x| self.edge_in_slice(x), false);
                    if r.has_slice || r.frontier.len() != 1 {
                        self.branch_in_slice[n as usize] = true;
                        for &c in &feasible {
                            let TOp::Assume(cond) = &self.tree.nodes[c as usize].op else { continue };
                            let cf = self.syms.formula(cond);
                            let w = self.deps[c as usize].values().next().cloned().unwrap_or_else(Term::tt);
                            for u in uses(cond) {
                                d.entry(u).or_insert_with(|| cf.and(&w));
                            }
                        }
                    }
                }
                self.deps[n as usize] = Rc::new(d);
            }
            _ => {}
        }
    }

    /// Whether the transition into `x` is in the slice, from the annotations known so far.
    fn edge_in_slice(&self, x: NodeId) -> bool {
        let node = &self.tree.nodes[x as usize];
        match &node.op {
            TOp::Assign(ps) => ps.iter().any(|(v, _)| self.deps[x as usize].contains_key(v)),
            TOp::Havoc(v, _) => self.deps[x as usize].contains_key(v),
            TOp::Assume(_) => node.parent.is_some_and(|p| self.branch_in_slice[p as usize]),
            TOp::Guard(_) | TOp::Skip | TOp::Root => false,
        }
    }
}

impl Explorer<'_, '_> {
    /// Whether, from this point, some execution can do something the criterion observes: reach
    /// an error location, or (for targets) end otherwise than by returning, or write a target;
    /// or fail a check of undefined behaviour that is not listed yet (which the slice's list
    /// must have). A static over-approximation over the flowgraph, through calls and returns.
    fn relevant(&mut self, key: PointKey) -> Result<bool, SliceError> {
        Ok(self.reaches(key, false)? || (self.mode == Mode::Pss && self.reaches(key, true)?))
    }

    /// [`Explorer::relevant`] for the criterion (`ub` false) or the open checks (`ub` true).
    fn reaches(&mut self, key: PointKey, ub: bool) -> Result<bool, SliceError> {
        if let Some(&r) = self.relevant_at.get(&(key, ub)) {
            return Ok(r);
        }
        let r = match key.at {
            At::End | At::Blocked(_) => false,
            At::Loc(l) => {
                let ctx = self.tree.ctxs[key.ctx as usize].clone();
                let (rel, exit) = self.func_relevance(ctx.func, ub)?;
                if rel[l.index()] {
                    true
                } else if exit[l.index()] {
                    match (ctx.parent, ctx.call) {
                        (Some(p), Some(call)) => {
                            let pf = self.pre.func(self.tree.ctxs[p as usize].func);
                            let dst = pf.edge(call).dst;
                            self.reaches(PointKey { ctx: p, at: At::Loc(dst) }, ub)?
                        }
                        _ => false,
                    }
                } else {
                    false
                }
            }
        };
        self.relevant_at.insert((key, ub), r);
        Ok(r)
    }

    fn func_relevance(&mut self, f: FuncId, ub: bool) -> Result<(Vec<bool>, Vec<bool>), SliceError> {
        if let Some(r) = self.relevance.get(&(f, ub)) {
            return Ok(r.clone());
        }
        let func = self.pre.func(f);
        let n = func.locs.len();
        let mut rel = vec![false; n];
        for l in func.loc_ids() {
            let seed = match &func.loc(l).kind {
                LocKind::Error { kind, .. } => !ub && matches!(kind, ErrorKind::ReachError | ErrorKind::Assert),
                LocKind::Normal if ub => {
                    let mut s = self.open_ub_at(func, l);
                    for &e in func.out_edges(l) {
                        if let Op::Call { func: g, .. } = &func.edge(e).op {
                            let (grel, _) = self.func_relevance(*g, true)?;
                            s |= grel[self.pre.func(*g).entry.index()];
                        }
                    }
                    s
                }
                LocKind::Normal => {
                    let mut s = false;
                    for &e in func.out_edges(l) {
                        let edge = func.edge(e);
                        match &edge.op {
                            Op::Call { func: g, dst, .. } => {
                                let (grel, _) = self.func_relevance(*g, false)?;
                                s |= grel[self.pre.func(*g).entry.index()];
                                s |= !self.property && dst.is_some_and(|d| self.targets.contains(&d));
                            }
                            Op::Halt { .. } => s |= !self.property,
                            op => s |= !self.property && op.def().is_some_and(|d| self.targets.contains(&d)),
                        }
                    }
                    if !self.property && !s {
                        if let Succ::Branch { blocked: Some(_), .. } = self.succ_kind(f, l)? {
                            s = true;
                        }
                    }
                    s
                }
                _ => false,
            };
            rel[l.index()] = seed;
        }
        let back = |mut mark: Vec<bool>| {
            let mut changed = true;
            while changed {
                changed = false;
                for e in &func.edges {
                    if mark[e.dst.index()] && !mark[e.src.index()] {
                        mark[e.src.index()] = true;
                        changed = true;
                    }
                }
            }
            mark
        };
        let rel = back(rel);
        let mut exit = vec![false; n];
        exit[func.exit.index()] = true;
        let exit = back(exit);
        self.relevance.insert((f, ub), (rel.clone(), exit.clone()));
        Ok((rel, exit))
    }
}

impl Explorer<'_, '_> {
    /// For a branch node with infeasible sides: the node where its feasible sides meet, if they
    /// meet in one with no transition in the slice on the way (as far as the exploration
    /// shows), and the branch's location.
    fn relaxable_meet(&self, n: NodeId, children: &[NodeId], feasible: &[NodeId]) -> Option<(NodeId, (FuncId, Loc))> {
        if feasible.len() == children.len() || feasible.is_empty() || self.mode == Mode::Static || self.all_strict {
            return None;
        }
        let key = self.tree.key(n);
        let At::Loc(loc) = key.at else { return None };
        let fid = self.tree.ctxs[key.ctx as usize].func;
        if self.strict.contains(&(fid, loc)) || self.pre.facts(fid).postdom.idom(loc).is_none() {
            return None;
        }
        let r = crate::deps::region(&self.tree, self.pre, n, self.property, &|x| self.edge_in_slice(x), false);
        if r.has_slice || r.leaks || r.frontier.len() != 1 {
            return None;
        }
        let k = r.frontier[0];
        if !self.finished[k as usize] || matches!(self.tree.nodes[k as usize].kind, NodeKind::Terminal(_)) {
            return None;
        }
        Some((k, (fid, loc)))
    }

    /// What the code of an infeasible side `c` (a child of a branch at `loc`) may write before
    /// the branch's post-dominator, if it can only get there (no error, `exit`, `abort`, failing
    /// `assume` on the way, in the flowgraph).
    fn side_defs(&mut self, fid: FuncId, loc: Loc, c: NodeId) -> Option<Rc<BTreeSet<VarId>>> {
        let TOp::Assume(cond) = &self.tree.nodes[c as usize].op else { return None };
        let func = self.pre.func(fid);
        let e = *func.out_edges(loc).iter().find(|e| matches!(&func.edge(**e).op, Op::Assume(x) if x == cond))?;
        if let Some(r) = self.side_defs_cache.get(&(fid, loc, e)) {
            return r.clone();
        }
        let r = self.side_defs_uncached(fid, loc, e).map(Rc::new);
        self.side_defs_cache.insert((fid, loc, e), r.clone());
        r
    }

    fn side_defs_uncached(&mut self, fid: FuncId, loc: Loc, e: EdgeId) -> Option<BTreeSet<VarId>> {
        let func = self.pre.func(fid);
        let pd = self.pre.facts(fid).postdom.idom(loc)?;
        let mut defs = BTreeSet::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![func.edge(e).dst];
        while let Some(l) = stack.pop() {
            if l == pd || !seen.insert(l) {
                continue;
            }
            if !matches!(func.loc(l).kind, LocKind::Normal) {
                return None;
            }
            if let Succ::Branch { blocked: Some(_), .. } = self.succ_kind(fid, l).ok()? {
                return None;
            }
            // A side with a check not yet listed is not left out: a state for which the side
            // is feasible could fail the check.
            if self.open_ub_at(func, l) {
                return None;
            }
            for &x in func.out_edges(l) {
                let edge = func.edge(x);
                if let LocKind::Error { kind, .. } = &func.loc(edge.dst).kind {
                    if !matches!(kind, ErrorKind::ReachError | ErrorKind::Assert) {
                        continue;
                    }
                }
                match &edge.op {
                    Op::Halt { .. } => return None,
                    Op::Call { func: g, dst, .. } => {
                        if self.may_stop(*g) || self.func_relevance(*g, true).ok()?.0[self.pre.func(*g).entry.index()] {
                            return None;
                        }
                        let callee = self.pre.func(*g);
                        defs.extend(self.pre.facts(*g).writes.iter().copied());
                        defs.extend(callee.params.iter().copied());
                        defs.extend(callee.ret);
                        defs.extend(*dst);
                    }
                    Op::Return(Some(_)) => defs.extend(func.ret),
                    op => defs.extend(op.def()),
                }
                stack.push(edge.dst);
            }
        }
        Some(defs)
    }

    /// Whether a call of the function may end the program or stop the execution.
    fn may_stop(&mut self, f: FuncId) -> bool {
        if let Some(&r) = self.may_stop_cache.get(&f) {
            return r;
        }
        let func = self.pre.func(f);
        let mut r = false;
        for l in func.loc_ids() {
            match &func.loc(l).kind {
                LocKind::Error { kind: ErrorKind::ReachError | ErrorKind::Assert, .. } => r = true,
                LocKind::Halt => r = true,
                LocKind::Normal => {
                    if !matches!(
                        self.succ_kind(f, l),
                        Ok(Succ::Straight(_) | Succ::Guard(_) | Succ::Dead | Succ::Branch { blocked: None, .. })
                    ) {
                        r = true;
                    }
                    for &x in func.out_edges(l) {
                        if let Op::Call { func: g, .. } = &func.edge(x).op {
                            r |= self.may_stop(*g);
                        }
                    }
                }
                _ => {}
            }
        }
        self.may_stop_cache.insert(f, r);
        r
    }
}

/// Whether merging condition (a), `pc ⊨ ψ`, is checked by its goals ([`implication_goals`])
/// rather than as one query: only when `ψ` has an operation that Z3 bit-blasts at a cost
/// ([`crate::atoms::costly`]: a division, a remainder, a shift of a compound term, a product of
/// non-constants).
///
/// Why (docs/benchmarks.md, issue 24, branch `slice6`): each goal is a query of its own over
/// the part of the path condition it shares symbols with, and on the drivers those parts
/// overlap, so the split pays the path condition's bit-blasting once per goal. It pays back
/// where the whole formula is hard because of costly atoms: split off, each such atom is a
/// small query that the abstraction of [`crate::atoms`] usually decides, where Z3 otherwise
/// bit-blasts all of them together (serial_cancel: 0.4–1.5 M units whole, 40–170 k by goals).
/// Without costly atoms neither way is cheaper on every condition (on netdev_ring the whole
/// queries cost 3.0 M units in all against 3.9 M by goals, on netdev_ring_bug 6.3 M against
/// 4.5 M), and where conditions are many and cheap the split multiplies the queries (the
/// held-out drivers' slicing work went from 3.0 to 8.5 M units with it). The test is
/// syntactic, one walk of `ψ`'s DAG, with no work spent on a try that may be lost (a whole
/// query first within 100 k units cost 1.7–2.6 M in failed tries, branch `slice5`); both ways
/// decide the same implication.
fn split_into_goals(psi: &Term) -> bool {
    crate::atoms::costly(psi)
}

/// One goal of an implication `pc ⊨ ψ`: `pc ∧ assume ⊨ goal`.
#[derive(Clone, Debug)]
pub(crate) struct Goal {
    pub assume: Vec<Term>,
    pub goal: Term,
}

impl Goal {
    fn size(&self) -> usize {
        self.goal.dag_size() + self.assume.iter().map(|a| a.dag_size()).sum::<usize>()
    }

    /// The query that refutes the goal: `assume ∧ ¬goal` (with the path condition).
    fn query(&self) -> Term {
        Term::and_all(self.assume.iter().cloned().chain([self.goal.not()]))
    }
}

/// The goals of `pc ⊨ ψ`: `ψ` split at its conjunctions, and a disjunction `x ∨ (b ∧ c)` (the
/// `¬a ∨ …` of a loop head's assumed invariants, or of a check's guard) split into `¬x → b`
/// and `¬x → c` with `¬x` assumed. `pc ⊨ ψ` holds iff `pc ∧ assume ⊨ goal` holds for every
/// goal: the rewriting is propositional (`x ∧ y`, and `x ∨ (b ∧ c) ≡ (x ∨ b) ∧ (x ∨ c)`), so
/// the goals are exactly as strong as `ψ`. Smaller queries over fewer symbols are
/// what the independence layer and the caches work on (KLEE's constraint independence, applied
/// to the implication's conclusion as well as to the path condition).
/// The most goals [`implication_goals`] splits a formula into.
const MAX_GOALS: usize = 256;

pub(crate) fn implication_goals(psi: &Term) -> Vec<Goal> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), psi.clone())];
    while let Some((assume, t)) = stack.pop() {
        // The splitting unfolds the formula's DAG into a tree: past a number of goals the rest
        // stay whole.
        if out.len() + stack.len() >= MAX_GOALS {
            out.push(Goal { assume, goal: t });
            continue;
        }
        match t.op() {
            TermOp::And => {
                for x in t.args() {
                    stack.push((assume.clone(), x.clone()));
                }
            }
            TermOp::Or => {
                // x1 ∨ … ∨ (b ∧ c): assume ¬x1 … (the other disjuncts), prove b and c. With
                // several conjunctions among the disjuncts the largest is split.
                let split = t
                    .args()
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.op() == TermOp::And)
                    .max_by_key(|(_, x)| x.dag_size())
                    .map(|(i, _)| i);
                let Some(k) = split else {
                    out.push(Goal { assume, goal: t });
                    continue;
                };
                let mut assume = assume;
                for (i, x) in t.args().iter().enumerate() {
                    if i != k {
                        assume.push(x.not());
                    }
                }
                stack.push((assume, t.arg(k).clone()));
            }
            // ¬(x ∨ y) is ¬x ∧ ¬y.
            TermOp::Not if t.arg(0).op() == TermOp::Or => {
                for x in t.arg(0).args() {
                    stack.push((assume.clone(), x.not()));
                }
            }
            _ => out.push(Goal { assume, goal: t }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::{eval, Value};

    /// A pseudo-random formula over `syms` of and, or, not and implications, `depth` deep.
    fn formula(seed: &mut u64, syms: &[Term], depth: u32) -> Term {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let r = (*seed >> 33) as usize;
        if depth == 0 || r.is_multiple_of(7) {
            let s = syms[r / 7 % syms.len()].clone();
            return if r.is_multiple_of(2) { s } else { s.not() };
        }
        let a = formula(seed, syms, depth - 1);
        let b = formula(seed, syms, depth - 1);
        match r % 5 {
            0 | 1 => a.and(&b),
            2 => a.or(&b),
            3 => a.implies(&b),
            _ => a.or(&b).not(),
        }
    }

    /// Conditions are split into goals only when they have an atom Z3 bit-blasts at a cost.
    #[test]
    fn only_conditions_with_costly_atoms_are_split() {
        let h = Term::fresh("h", Sort::Bv(32));
        let c = Term::fresh("c", Sort::Bv(32));
        let in_range = |x: &Term| Term::bv(0, 32).bvsle(x).and(&x.bvsle(&Term::bv(7, 32)));
        let sum = h.bvadd(&c);
        assert!(!split_into_goals(&in_range(&sum).and(&h.eq(&c).not())));
        assert!(split_into_goals(&in_range(&sum.bvsrem(&Term::bv(8, 32))).and(&h.eq(&c).not())));
        assert!(split_into_goals(&in_range(&h.bvmul(&c))));
        assert!(!split_into_goals(&in_range(&h.bvmul(&Term::bv(3, 32)))));
    }

    /// The goals are exactly as strong as the formula: under every assignment of its symbols,
    /// the formula holds iff every goal's assumptions imply the goal.
    #[test]
    fn implication_goals_are_equivalent_to_the_formula() {
        let syms: Vec<Term> = (0..5).map(|i| Term::fresh(&format!("g{i}"), Sort::Bool)).collect();
        let ids: Vec<_> = syms.iter().map(|s| s.as_var().expect("a symbol")).collect();
        let mut seed = 7u64;
        let mut split = 0;
        for _ in 0..400 {
            let psi = formula(&mut seed, &syms, 4);
            let goals = implication_goals(&psi);
            if goals.len() > 1 || goals.iter().any(|g| !g.assume.is_empty()) {
                split += 1;
            }
            for bits in 0u32..32 {
                let env = |s| ids.iter().position(|&x| x == s).map(|i| Value::Bool(bits >> i & 1 == 1));
                let holds = |t: &Term| eval(t, &env).and_then(|v| v.as_bool()).expect("a closed formula");
                let by_goals = goals.iter().all(|g| !g.assume.iter().all(holds) || holds(&g.goal));
                assert_eq!(holds(&psi), by_goals, "{psi:?} at {bits:05b}");
            }
        }
        // The test exercises the splitting, not only single goals.
        assert!(split > 100, "only {split} formulas split");
    }
}
