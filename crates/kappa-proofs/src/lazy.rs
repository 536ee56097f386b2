//! Lazy annotation with subsumption (McMillan, "Lazy annotation for program testing and
//! verification", CAV 2010; Jaffar et al.'s TRACER, on which the PSS-CFG paper builds;
//! docs/design-proofs.md, "Lazy annotation").
//!
//! Two engine roles of one technique, sharing the [`Labels`]:
//!
//! - [`Annotations`], a `TreeObserver`, keeps the symbolic execution tree (node → parent, the
//!   IR edge it executed through the `edge` hook, its leaf kind);
//! - [`Subsumption`], a `Searcher` wrapper (depth-first underneath: labels exist only for
//!   finished subtrees), labels every node whose subtree is finished with the weakest liberal
//!   precondition of that subtree, keeps the labels at cut points (loop heads), and drops a
//!   state at a cut point whose path condition implies a label kept there for the same call
//!   string: it is *covered* (counted as `subsumed`), not held back, so the run can complete.
//!
//! A label of node n is a formula over the program's integer registers (one symbol per
//! variable, `kappa_wlp::VarSyms`) at n's state, built as the PSS-CFG paper's interpolants are
//! (section 4.1, `GenPSSCFG`'s annotation of a branch: the conjunction over the out-edges of
//! their weakest liberal preconditions, `false` below an edge no child took):
//! `L(n) = ∧_{e ∈ out(loc(n))} pre(e, L(child_e))`. Soundness is local, as in Lemma 1 of the
//! PSS-CFG paper: every label is a condition under which no error location is reachable from
//! its location, whatever the tree looks like — an edge without a child contributes
//! `pre(e, false)`, a leaf ends the program (`true`) or is not known to be safe (`false`: an
//! error, a stopped or undecided path, a heap split, a template), an error location is
//! `false`. Values read from outside (`Nondet`) become fresh symbols, universally quantified:
//! they only ever occur in positive positions (conjunctions and consequents of implications),
//! so "the state implies the label" is the one query `pc ∧ ¬label` unsatisfiable, whose fresh
//! symbols the negation makes existential. A covered state is safe because the label it
//! implies is; covering is only by finished nodes, so no label depends on a state it covers.
//!
//! Scope (the first step of the design): registers and global scalars. An operation on memory
//! keeps a label that does not mention what it writes; anything the formulas cannot express
//! (pointer conditions such as the front-end's memory guards, a call of a function already on
//! the call string, which would make two activations share the variables' symbols) gives
//! `false` — the strongest label, so nothing is covered by it.

use kappa_engine::tree::NodeKind;
use kappa_engine::value::SVal;
use kappa_engine::{Engine, Searcher, TreeObserver};
use kappa_expr::{Sort, Term};
use kappa_ir::analysis::{analyze_program, CycleOptions};
use kappa_ir::{EdgeId, Expr, FuncId, Loc, LocKind, Op, Program, Ty, VarId, VarKind};
use kappa_wlp::{term_of, VarSyms};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Labels kept per cut point and call string, newest last; the implication check tries at
/// most this many of them (the newest) per state — a cap in queries, not time.
const CHECKS_PER_STATE: usize = 8;
/// Labels larger than this (DAG nodes) are replaced by `false`: the implication queries of
/// larger ones cost more than exploring.
const MAX_LABEL_SIZE: usize = 20_000;

/// Loop closing: attempts per loop head and call string, at most (one more only when new
/// labels arrived at the loop's exits since the last one)…
const CLOSE_ATTEMPTS: u32 = 4;
/// …and validity queries of loop closing in one run, at most (work units, not time).
const CLOSE_QUERIES: u64 = 2_000;
/// Labels kept per loop exit target (the newest), whose disjunction the closing check uses.
const EXIT_LABELS: usize = 8;
/// Conjuncts of exit labels taken as candidates by loop closing: at most this many, each of
/// at most this many DAG nodes.
const LABEL_CANDIDATES: usize = 16;
const LABEL_CANDIDATE_SIZE: usize = 64;

/// The call string of a node: the call edges of the activations below the top one.
type CallString = Rc<Vec<(FuncId, EdgeId)>>;

/// A node of the tree, as the annotator sees it.
struct Node {
    parent: Option<u64>,
    /// The IR edge the node executed (none for the root and for nodes the annotator cannot
    /// label: templates, heap splits, undecided branches).
    edge: Option<(FuncId, EdgeId)>,
    calls: CallString,
    children: Vec<u64>,
    /// Not known safe: an error, a stopped or undecided path, a heap split, a template.
    bad: bool,
    finished_children: usize,
    /// The label of a finished node, until its parent's is computed.
    label: Option<Term>,
}

/// Where a node's state is after its edge: at a location (with the implicit assignment of a
/// call's result when the edge returned into a caller), or past the end of the program.
enum After {
    At {
        func: FuncId,
        loc: Loc,
        result: Option<(VarId, VarId)>,
    },
    End,
    /// Nothing the formulas follow (a return whose caller location is itself an exit).
    Unknown,
}

/// A loop head's data for loop closing: the loop's locations and the candidate invariants of
/// `candidates::pool` there, as formulas over the registers' symbols.
struct Closing {
    body: Vec<Loc>,
    cands: Vec<Term>,
    /// The targets of the loop's exit edges.
    targets: Vec<Loc>,
}

/// Label keys: a call string and a location.
type Key = (CallString, FuncId, Loc);

/// The shared state of the two roles: the tree, the labels at cut points, the counters.
pub struct Labels {
    prog: Rc<Program>,
    syms: VarSyms,
    /// The function each register belongs to (none for globals).
    owner: Vec<Option<FuncId>>,
    cut_points: HashSet<(FuncId, Loc)>,
    nodes: HashMap<u64, Node>,
    /// Nodes created since the last selection.
    fresh_nodes: Vec<u64>,
    /// Nodes of the states the searcher holds (with multiplicity).
    pending: HashMap<u64, u32>,
    kept: HashMap<Key, Vec<Term>>,
    /// Loop closing: per loop head, its locations and candidates; the exit edges of loops;
    /// the labels of finished nodes at the exits' targets (newest last); per head and call
    /// string, the attempts made and the exit labels there were at the last one.
    loops: HashMap<(FuncId, Loc), Closing>,
    exit_edges: HashSet<(FuncId, EdgeId)>,
    exit_kept: HashMap<Key, Vec<Term>>,
    attempts: HashMap<Key, (u32, u64)>,
    exit_labels_kept: u64,
    fresh_count: u64,
    /// Counters: states covered, labels kept at cut points, implication queries.
    pub subsumed: u64,
    pub labels_kept: u64,
    pub checks: u64,
    /// Loop closing: labels made by it (each covered a state) and its validity queries.
    pub closed: u64,
    pub close_queries: u64,
}

impl Labels {
    pub fn new(prog: &Program) -> Labels {
        let mut owner = vec![None; prog.vars.len()];
        for (i, v) in prog.vars.iter().enumerate() {
            owner[i] = match v.kind {
                VarKind::Global => None,
                VarKind::Param(f) | VarKind::Local(f) | VarKind::Temp(f) | VarKind::Ret(f) => Some(f),
            };
        }
        let mut cut_points = HashSet::new();
        let mut loops = HashMap::new();
        let mut exit_edges = HashSet::new();
        for (fi, a) in analyze_program(prog, &CycleOptions::default()).iter().enumerate() {
            for l in &a.loops.loops {
                let f = FuncId(fi as u32);
                cut_points.insert((f, l.header));
                let targets = l.exits.iter().map(|e| prog.func(f).edge(*e).dst).collect();
                loops.insert((f, l.header), Closing { body: l.body.clone(), cands: Vec::new(), targets });
                exit_edges.extend(l.exits.iter().map(|e| (f, *e)));
            }
        }
        let syms = VarSyms::new(prog);
        // The candidates of k-induction's pool (cut to its budget), without those that read
        // ghost registers (values at the loop's entry: the engine's program has none).
        let mut with_ghosts = prog.clone();
        for c in crate::candidates::cap(crate::candidates::pool(&mut with_ghosts)) {
            let Some(cl) = loops.get_mut(&(c.func, c.header)) else { continue };
            let mut known = c.ghosts.is_empty();
            c.atom.for_each_var(&mut |v| known = known && syms.try_get(v).is_some());
            if !known {
                continue;
            }
            if let Ok(t) = term_of(&c.atom, &|v| syms.get(v)) {
                if t.sort() == Sort::Bool && !cl.cands.contains(&t) {
                    cl.cands.push(t);
                }
            }
        }
        Labels {
            prog: Rc::new(prog.clone()),
            syms,
            owner,
            cut_points,
            nodes: HashMap::new(),
            fresh_nodes: Vec::new(),
            pending: HashMap::new(),
            kept: HashMap::new(),
            loops,
            exit_edges,
            exit_kept: HashMap::new(),
            attempts: HashMap::new(),
            exit_labels_kept: 0,
            fresh_count: 0,
            subsumed: 0,
            labels_kept: 0,
            checks: 0,
            closed: 0,
            close_queries: 0,
        }
    }

    /// The labels kept at a loop head of `func` (every call string, in their order: `kept` is a
    /// hash map, whose order changes from process to process), for the witness.
    pub fn labels_at(&self, func: FuncId, loc: Loc) -> Vec<Term> {
        let mut at: Vec<_> = self.kept.iter().filter(|((_, f, l), _)| (*f, *l) == (func, loc)).collect();
        at.sort_by(|a, b| a.0.cmp(b.0));
        at.into_iter().flat_map(|(_, v)| v.iter().cloned()).collect()
    }

    fn fresh(&mut self, w: u32) -> Term {
        self.fresh_count += 1;
        Term::fresh(&format!("lazy.in{}", self.fresh_count), Sort::Bv(w))
    }

    /// The formula of an IR expression over the registers' symbols, if it has one.
    fn formula(&self, e: &Expr) -> Option<Term> {
        let mut ok = true;
        e.for_each_var(&mut |v| ok &= self.syms.try_get(v).is_some());
        if !ok {
            return None;
        }
        term_of(e, &|v| self.syms.get(v)).ok()
    }

    /// The registers a formula mentions (one traversal, for all the checks of one edge).
    fn mentioned(&self, phi: &Term) -> HashSet<VarId> {
        if phi.is_const() {
            return HashSet::new();
        }
        phi.free_symbols().into_iter().filter_map(|s| self.syms.var_of(s)).collect()
    }

    /// `psi[e / v]`, or `None` when `e` has no formula and `psi` mentions `v`.
    fn assign(&self, psi: &Term, v: VarId, e: &Expr) -> Option<Term> {
        match self.formula(e) {
            Some(t) => Some(self.syms.subst(psi, &[(v, t)])),
            None => (!self.mentioned(psi).contains(&v)).then(|| psi.clone()),
        }
    }

    /// `∀x. psi[x / v]`: `v` replaced by a fresh (universal) symbol.
    fn havoc(&mut self, psi: &Term, vs: &[VarId]) -> Option<Term> {
        let m = self.mentioned(psi);
        let mut pairs = Vec::new();
        for &v in vs {
            if !m.contains(&v) {
                continue;
            }
            let Ty::Int(w) = self.prog.var_ty(v) else { return None };
            pairs.push((v, self.fresh(w)));
        }
        Some(self.syms.subst(psi, &pairs))
    }

    /// The weakest liberal precondition of one edge's operation (`None`: not expressible,
    /// the caller takes `false`).
    fn pre(&mut self, func: FuncId, e: EdgeId, psi: &Term) -> Option<Term> {
        let prog = Rc::clone(&self.prog);
        let f = prog.func(func);
        match &f.edge(e).op {
            Op::Skip | Op::Halt { .. } => Some(psi.clone()),
            Op::Assume(c) => {
                if psi.is_true() {
                    return Some(Term::tt());
                }
                Some(self.formula(c)?.implies(psi))
            }
            Op::Assign { dst, value } => self.assign(psi, *dst, value),
            Op::Nondet { dst, .. } => self.havoc(psi, &[*dst]),
            Op::Output { dst, .. } => match dst {
                Some(d) => self.havoc(psi, &[*d]),
                None => Some(psi.clone()),
            },
            // Memory is not in the formulas: what does not mention the register a load writes
            // holds for any contents, and stores, copies and frees change no register. Their
            // failures are guard edges before them (or errors of the engine: `false` leaves).
            Op::Load { dst, .. } => (!self.mentioned(psi).contains(dst)).then(|| psi.clone()),
            Op::Store { .. } | Op::MemCopy { .. } | Op::Free { .. } => Some(psi.clone()),
            Op::Alloc { target, .. } => match target {
                kappa_ir::AllocTarget::Fresh(v) if self.mentioned(psi).contains(v) => None,
                _ => Some(psi.clone()),
            },
            Op::Call { dst: _, func: g, args } => {
                // The callee's registers are undefined at its entry, its parameters get the
                // arguments (the result is assigned where the callee returns, `After::At`).
                let callee = prog.func(*g);
                let others: Vec<VarId> = callee.vars.iter().copied().filter(|v| !callee.params.contains(v)).collect();
                let psi = self.havoc(psi, &others)?;
                let m = self.mentioned(&psi);
                let mut pairs = Vec::new();
                for (p, a) in callee.params.iter().zip(args) {
                    if m.contains(p) {
                        pairs.push((*p, self.formula(a)?));
                    }
                }
                Some(self.syms.subst(&psi, &pairs))
            }
            Op::Return(v) => match (v, f.ret) {
                (Some(v), Some(r)) => self.assign(psi, r, v),
                _ => Some(psi.clone()),
            },
        }
    }

    /// Where node `n`'s state is after its edge.
    fn after(&self, n: &Node) -> After {
        // The root (and nodes without an edge, which are `bad` anyway) gets no label.
        let Some((func, e)) = n.edge else { return After::Unknown };
        let f = self.prog.func(func);
        let edge = f.edge(e);
        match &edge.op {
            Op::Halt { .. } => After::End,
            Op::Call { func: g, .. } => After::At { func: *g, loc: self.prog.func(*g).entry, result: None },
            Op::Return(_) => {
                let Some(&(cf, ce)) = n.calls.last() else { return After::End };
                let caller = self.prog.func(cf);
                let call = caller.edge(ce);
                if !matches!(caller.loc(call.dst).kind, LocKind::Normal) {
                    return After::Unknown;
                }
                let result = match (&call.op, f.ret) {
                    (Op::Call { dst: Some(d), .. }, Some(r)) => Some((*d, r)),
                    (Op::Call { dst: Some(_), .. }, None) => return After::Unknown,
                    _ => None,
                };
                After::At { func: cf, loc: call.dst, result }
            }
            _ => After::At { func, loc: edge.dst, result: None },
        }
    }

    /// The label of a node whose subtree is finished, from its children's labels.
    fn label_of(&mut self, id: u64) -> Term {
        let Some(n) = self.nodes.get(&id) else { return Term::ff() };
        if n.bad {
            return Term::ff();
        }
        let (func, loc, result) = match self.after(n) {
            After::End => return Term::tt(),
            After::Unknown => return Term::ff(),
            After::At { func, loc, result } => (func, loc, result),
        };
        let prog = Rc::clone(&self.prog);
        let f = prog.func(func);
        match f.loc(loc).kind {
            LocKind::Normal => {}
            // An error location (or a halt location without its edge) is not safe; exits are
            // entered by `Return` edges only, whose node is `After::End` or in the caller.
            _ => return Term::ff(),
        }
        let mut by_edge: HashMap<EdgeId, Term> = HashMap::new();
        for c in n.children.clone() {
            let Some(child) = self.nodes.get_mut(&c) else { return Term::ff() };
            let l = child.label.take().unwrap_or_else(Term::ff);
            match child.edge {
                Some((cf, ce)) if cf == func && f.edge(ce).src == loc && !by_edge.contains_key(&ce) => {
                    by_edge.insert(ce, l);
                }
                _ => return Term::ff(),
            }
        }
        let mut parts = Vec::new();
        for &e in f.out_edges(loc) {
            let below = by_edge.remove(&e).unwrap_or_else(Term::ff);
            match self.pre(func, e, &below) {
                Some(t) if t.is_false() => return Term::ff(),
                Some(t) => parts.push(t),
                None => return Term::ff(),
            }
        }
        let mut l = Term::and_all(parts);
        if let Some((dst, r)) = result {
            l = match self.assign(&l, dst, &Expr::Var(r)) {
                Some(t) => t,
                None => return Term::ff(),
            };
        }
        if l.dag_size() > MAX_LABEL_SIZE {
            return Term::ff();
        }
        l
    }

    /// The cut point a node's state is at, with its call string (none after a `Return`, whose
    /// call string still has the activation it left).
    fn cut_key(&self, n: &Node) -> Option<(CallString, FuncId, Loc)> {
        let (func, e) = n.edge?;
        if matches!(self.prog.func(func).edge(e).op, Op::Return(_)) {
            return None;
        }
        match self.after(n) {
            After::At { func, loc, result: None } if self.cut_points.contains(&(func, loc)) => {
                Some((Rc::clone(&n.calls), func, loc))
            }
            _ => None,
        }
    }

    /// The target of a loop exit a node's state is at, with its call string: where labels are
    /// kept for loop closing (the node executed the exit edge).
    fn exit_key(&self, n: &Node) -> Option<Key> {
        let (func, e) = n.edge?;
        if !self.exit_edges.contains(&(func, e)) || matches!(self.prog.func(func).edge(e).op, Op::Return(_)) {
            return None;
        }
        match self.after(n) {
            After::At { func: g, loc, result: None } if g == func => Some((Rc::clone(&n.calls), func, loc)),
            _ => None,
        }
    }

    /// Whether a node executed the exit edge of a loop (its state is explored first).
    fn is_exit(&self, id: u64) -> bool {
        self.nodes.get(&id).and_then(|n| n.edge).is_some_and(|fe| self.exit_edges.contains(&fe))
    }

    /// `t` with its fresh (universal) symbols renamed apart: the disjunction of two labels
    /// that share a fresh symbol would quantify it once over both, a weaker formula than the
    /// disjunction of the two quantified labels.
    fn renamed_apart(&mut self, t: &Term) -> Term {
        let mut map = HashMap::new();
        for s in t.free_symbols() {
            if self.syms.var_of(s).is_none() {
                let w = Term::var(s).width();
                let x = self.fresh(w);
                map.insert(s, x);
            }
        }
        if map.is_empty() {
            t.clone()
        } else {
            t.substitute(&map)
        }
    }

    /// A sufficient condition for safety at `loc` (a loop exit's target, same call string):
    /// the disjunction of the labels kept there (each is one), `false` without any.
    fn exit_label(&mut self, calls: &CallString, func: FuncId, loc: Loc) -> Term {
        let labels = self.exit_kept.get(&(Rc::clone(calls), func, loc)).cloned().unwrap_or_default();
        let parts: Vec<Term> = labels.iter().map(|l| self.renamed_apart(l)).collect();
        Term::or_all(parts)
    }

    /// One iteration's weakest liberal precondition at loop head `key` for `psi` at the head:
    /// over every path of the loop's body from the head back to it (where `psi` must hold) or
    /// out of the loop (where the labels kept at the exit's target must hold; with `exits`
    /// false, anything), an error location `false` (docs/design-proofs.md, "Closing loops").
    /// `None` where the body is not a DAG below the head (an inner loop) or has an operation the formulas do not follow
    /// (calls, returns, halts, memory operations, pointer conditions).
    fn iteration_wlp(&mut self, key: &Key, psi: &Term, exits: bool) -> Option<Term> {
        let (calls, func, h) = (&key.0, key.1, key.2);
        let prog = Rc::clone(&self.prog);
        let f = prog.func(func);
        let body = self.loops.get(&(func, h))?.body.clone();
        let inside = |x: Loc| body.binary_search(&x).is_ok();
        let mut w: HashMap<Loc, Term> = HashMap::new();
        let mut open: HashSet<Loc> = HashSet::new();
        // Post-order over the body's locations below the head (`true`: successors done).
        let mut stack = vec![(h, false)];
        while let Some((at, done)) = stack.pop() {
            if !done {
                if w.contains_key(&at) || open.contains(&at) {
                    continue;
                }
                open.insert(at);
                stack.push((at, true));
                for &e in f.out_edges(at) {
                    let d = f.edge(e).dst;
                    if d == h || !inside(d) || w.contains_key(&d) {
                        continue;
                    }
                    if open.contains(&d) {
                        // A cycle that avoids the head: an inner loop.
                        return None;
                    }
                    stack.push((d, false));
                }
                continue;
            }
            let mut parts = Vec::new();
            for &e in f.out_edges(at) {
                let edge = f.edge(e);
                // Register operations only: a call's callee, a return, a halt are not followed,
                // and an operation on memory may fail in the engine without an error edge.
                if !matches!(
                    edge.op,
                    Op::Skip | Op::Assume(_) | Op::Assign { .. } | Op::Nondet { .. } | Op::Output { .. }
                ) {
                    return None;
                }
                let d = edge.dst;
                let post = if !matches!(f.loc(d).kind, LocKind::Normal) {
                    Term::ff()
                } else if d == h {
                    psi.clone()
                } else if inside(d) {
                    w.get(&d)?.clone()
                } else if exits {
                    self.exit_label(calls, func, d)
                } else {
                    Term::tt()
                };
                parts.push(self.pre(func, e, &post)?);
            }
            let t = Term::and_all(parts);
            if t.dag_size() > MAX_LABEL_SIZE {
                return None;
            }
            open.remove(&at);
            w.insert(at, t);
        }
        w.remove(&h)
    }

    /// Labels every node whose subtree has finished since the last selection, bottom-up: a
    /// node with no children whose state the searcher no longer holds (it ended, was covered,
    /// or had no feasible successor), then each parent whose children are all labelled.
    fn propagate(&mut self) {
        let mut work: Vec<u64> = Vec::new();
        for id in std::mem::take(&mut self.fresh_nodes) {
            if self.nodes.get(&id).is_some_and(|n| n.children.is_empty()) && !self.pending.contains_key(&id) {
                work.push(id);
            }
        }
        while let Some(id) = work.pop() {
            let l = match self.nodes.get_mut(&id).and_then(|n| n.label.take()) {
                // A covered node: its label is the covering one.
                Some(l) => l,
                None => self.label_of(id),
            };
            let Some(n) = self.nodes.get(&id) else { continue };
            if !l.is_false() {
                if let Some(key) = self.cut_key(n) {
                    let v = self.kept.entry(key).or_default();
                    if !v.contains(&l) {
                        v.push(l.clone());
                        self.labels_kept += 1;
                    }
                }
                if let Some(key) = self.exit_key(n) {
                    let v = self.exit_kept.entry(key).or_default();
                    if !v.contains(&l) {
                        v.push(l.clone());
                        self.exit_labels_kept += 1;
                        if v.len() > EXIT_LABELS {
                            v.remove(0);
                        }
                    }
                }
            }
            // The children's records are not needed once their labels are in this one.
            for c in n.children.clone() {
                self.nodes.remove(&c);
            }
            let parent = self.nodes.get(&id).and_then(|n| n.parent);
            match parent.and_then(|p| self.nodes.get_mut(&p).map(|pn| (p, pn))) {
                Some((p, pn)) => {
                    pn.finished_children += 1;
                    if pn.finished_children == pn.children.len() {
                        work.push(p);
                    }
                    if let Some(n) = self.nodes.get_mut(&id) {
                        n.label = Some(l);
                    }
                }
                None => {
                    self.nodes.remove(&id);
                }
            }
        }
    }

    /// The label instantiated in a state: registers of the top frame and globals by their
    /// values; any other register (a caller's, or one without an integer value) by a fresh
    /// symbol, i.e. for all its values.
    fn instantiate(&mut self, eng: &Engine<'_>, st: &kappa_engine::state::State, phi: &Term) -> Term {
        let top = st.frames.last().map(|f| f.func);
        let mut map = HashMap::new();
        for s in phi.free_symbols() {
            let Some(v) = self.syms.var_of(s) else { continue };
            let own = self.owner[v.index()];
            let val = if own.is_none() || own == top { eng.reg_value(st, v) } else { None };
            let t = match val {
                Some(SVal::Int(t)) if t.sort() == Term::var(s).sort() => t,
                _ => {
                    let w = Term::var(s).width();
                    self.fresh(w)
                }
            };
            map.insert(s, t);
        }
        phi.substitute(&map)
    }
}

/// The tree observer of lazy annotation.
pub struct Annotations(pub Rc<RefCell<Labels>>);

impl TreeObserver for Annotations {
    fn node(&mut self, id: u64, parent: Option<u64>, _func: &str, _loc: &str, _label: Option<&str>, kind: NodeKind) {
        let mut l = self.0.borrow_mut();
        let calls = parent.and_then(|p| l.nodes.get(&p)).map(|p| Rc::clone(&p.calls)).unwrap_or_default();
        let bad = !matches!(kind, NodeKind::Normal) || parent.is_some_and(|p| !l.nodes.contains_key(&p));
        if let Some(p) = parent.and_then(|p| l.nodes.get_mut(&p)) {
            p.children.push(id);
        }
        l.nodes.insert(
            id,
            Node { parent, edge: None, calls, children: Vec::new(), bad, finished_children: 0, label: None },
        );
        l.fresh_nodes.push(id);
    }

    fn edge(&mut self, id: u64, func: FuncId, edge: EdgeId) {
        let mut l = self.0.borrow_mut();
        let prog = Rc::clone(&l.prog);
        let Some(parent) = l.nodes.get(&id).and_then(|n| n.parent) else { return };
        // The parent's activations, less the one its `Return` left.
        let parent_returned = l
            .nodes
            .get(&parent)
            .and_then(|p| p.edge)
            .is_some_and(|(pf, pe)| matches!(prog.func(pf).edge(pe).op, Op::Return(_)));
        let Some(n) = l.nodes.get_mut(&id) else { return };
        let mut calls: Vec<(FuncId, EdgeId)> = n.calls.as_ref().clone();
        if parent_returned {
            calls.pop();
        }
        if let Op::Call { func: g, .. } = &prog.func(func).edge(edge).op {
            // A second activation of a function would share its registers' symbols.
            if *g == func
                || calls.iter().any(|(cf, ce)| {
                    *cf == *g || matches!(prog.func(*cf).edge(*ce).op, Op::Call { func: h, .. } if h == *g)
                })
            {
                n.bad = true;
            }
            calls.push((func, edge));
        }
        n.calls = Rc::new(calls);
        n.edge = Some((func, edge));
    }

    fn mark(&mut self, id: u64, kind: NodeKind) {
        if !matches!(kind, NodeKind::Exit | NodeKind::Abort | NodeKind::Normal) {
            if let Some(n) = self.0.borrow_mut().nodes.get_mut(&id) {
                // Sticky: a leak found at an exit marks the node an error, then the rest exit.
                n.bad = true;
            }
        }
    }
}

/// The searcher of lazy annotation: the base searcher's states, less those covered by a label.
/// A state that has just left a loop is taken before the base searcher's: the exit's subtree
/// finishes before the next iteration is explored, so that its labels are there for closing
/// the loop at the next arrival at the head.
pub struct Subsumption {
    base: Box<dyn Searcher>,
    exits: Vec<kappa_engine::state::State>,
    labels: Rc<RefCell<Labels>>,
}

impl Subsumption {
    pub fn new(base: Box<dyn Searcher>, labels: Rc<RefCell<Labels>>) -> Self {
        Subsumption { base, exits: Vec::new(), labels }
    }

    /// Loop closing at a loop head (issue 21: "generalise labels across iterations … so that
    /// subsumption closes the loop"; docs/design-proofs.md, "Closing loops"). The PSS-CFG
    /// paper's procedure `Split` runs a loop header with a loop invariant to make the tree
    /// finite, widened from the header's state (the constraints the loop leaves unchanged);
    /// here the invariant is drawn from k-induction's pool and checked instead: the pool's
    /// candidates at the head that hold in the state, cut down (Houdini) to those that one iteration keeps, given the others; if their
    /// conjunction G implies its own one-iteration precondition — every path of the body
    /// from a state satisfying G returns to the head satisfying G, leaves the loop into a
    /// state satisfying a label kept at the exit's target, and reaches no error location — G
    /// is a sufficient condition for safety at the head (by induction on the iterations), so
    /// it is kept as a label there and covers the state. Tried when a state at the head is
    /// not covered by the labels kept there, and new labels arrived at the loop's exits.
    fn close(&mut self, eng: &mut Engine<'_>, st: &kappa_engine::state::State, key: Key) -> bool {
        let mut l = self.labels.borrow_mut();
        let Some((mut cands, targets)) = l.loops.get(&(key.1, key.2)).map(|c| (c.cands.clone(), c.targets.clone()))
        else {
            return false;
        };
        let pool = cands.len();
        // Candidates from the labels kept at the exits' targets: their top-level conjuncts
        // without universal symbols (a fact the exit needs over registers the loop may not
        // write at all, which no pool atom names: the PSS-CFG paper's constraints that stay
        // unchanged through the loop). Checked as the pool's are.
        for t in &targets {
            for lab in l.exit_kept.get(&(Rc::clone(&key.0), key.1, *t)).cloned().unwrap_or_default() {
                let parts = if lab.op() == kappa_expr::Op::And { lab.args().to_vec() } else { vec![lab] };
                for c in parts {
                    let own = c.free_symbols().iter().all(|s| l.syms.var_of(*s).is_some());
                    let small = c.dag_size() <= LABEL_CANDIDATE_SIZE;
                    if own && small && !c.is_const() && !cands.contains(&c) && cands.len() < pool + LABEL_CANDIDATES {
                        cands.push(c);
                    }
                }
            }
        }
        if l.close_queries >= CLOSE_QUERIES {
            return false;
        }
        let exits: u64 = l.exit_kept.iter().filter(|(k, _)| k.0 == key.0).map(|(_, v)| v.len() as u64).sum();
        let (tries, seen) = l.attempts.get(&key).copied().unwrap_or((0, 0));
        if exits == 0 || exits <= seen || tries >= CLOSE_ATTEMPTS {
            return false;
        }
        l.attempts.insert(key.clone(), (tries + 1, exits));
        let debug = std::env::var_os("KAPPA_LAZY_DEBUG").is_some();
        // The candidates that hold in the state.
        let mut g: Vec<usize> = Vec::new();
        drop(l);
        for (i, c) in cands.iter().enumerate() {
            let (holds, queried) = self.state_implies(eng, st, c);
            self.labels.borrow_mut().close_queries += u64::from(queried);
            if holds {
                g.push(i);
            }
        }
        let mut l = self.labels.borrow_mut();
        let held = g.len();
        if debug {
            for (i, c) in cands.iter().enumerate() {
                eprintln!("lazy: candidate {i}{}: {c}", if g.contains(&i) { " (holds)" } else { "" });
            }
        }
        // Houdini: drop the candidates one iteration does not keep under the others (on the
        // paths back to the head: the exits are the final check's).
        loop {
            let conj = Term::and_all(g.iter().map(|&i| cands[i].clone()));
            let mut keep = Vec::new();
            for &i in &g {
                let Some(w) = l.iteration_wlp(&key, &cands[i], false) else { return false };
                l.close_queries += 1;
                drop(l);
                let q = conj.and(&w.not());
                let r = eng.solver().check(&kappa_solver::Query::new(&[], q));
                l = self.labels.borrow_mut();
                if r.is_unsat() {
                    keep.push(i);
                }
            }
            if keep.len() == g.len() || l.close_queries >= CLOSE_QUERIES {
                g = keep;
                break;
            }
            g = keep;
        }
        // The check that makes G a label: G implies its one-iteration precondition.
        let conj = Term::and_all(g.iter().map(|&i| cands[i].clone()));
        let Some(w) = l.iteration_wlp(&key, &conj, true) else { return false };
        l.close_queries += 1;
        drop(l);
        let r = eng.solver().check(&kappa_solver::Query::new(&[], conj.and(&w.not())));
        let mut l = self.labels.borrow_mut();
        if debug {
            eprintln!(
                "lazy: closing at {:?}: {} candidates, {held} hold, {} kept by an iteration: {r:?}",
                (key.1, key.2),
                cands.len(),
                g.len()
            );
        }
        if !r.is_unsat() {
            if debug && w.dag_size() < 400 {
                eprintln!("lazy: not closed: {conj}\n  does not imply {w}");
            }
            return false;
        }
        if let Some(n) = l.nodes.get_mut(&st.node) {
            n.label = Some(conj.clone());
        }
        let v = l.kept.entry(key).or_default();
        if !v.contains(&conj) {
            v.push(conj);
            l.labels_kept += 1;
        }
        l.closed += 1;
        l.subsumed += 1;
        true
    }

    /// Whether the state is covered by a label kept at its location for its call string.
    fn covered(&mut self, eng: &mut Engine<'_>, st: &kappa_engine::state::State) -> bool {
        let (func, loc) = st.loc();
        let l = self.labels.borrow_mut();
        if !l.cut_points.contains(&(func, loc)) || st.frames.iter().any(|f| f.pending.is_some()) {
            return false;
        }
        let Some(key) = l.nodes.get(&st.node).and_then(|n| l.cut_key(n)) else { return false };
        if (key.1, key.2) != (func, loc) {
            return false;
        }
        let labels = l.kept.get(&key).cloned().unwrap_or_default();
        let closable = l.loops.contains_key(&(func, loc));
        drop(l);
        for lab in labels.iter().rev().take(CHECKS_PER_STATE) {
            let (covered, queried) = self.state_implies(eng, st, lab);
            let mut l = self.labels.borrow_mut();
            l.checks += u64::from(queried);
            if covered {
                if let Some(n) = l.nodes.get_mut(&st.node) {
                    n.label = Some(lab.clone());
                }
                l.subsumed += 1;
                return true;
            }
        }
        closable && self.close(eng, st, key)
    }

    /// Whether the state's path condition implies `phi` instantiated in the state (see
    /// [`Labels::instantiate`]), and whether that took a solver query (none when the
    /// instantiation folds to a constant).
    fn state_implies(&self, eng: &mut Engine<'_>, st: &kappa_engine::state::State, phi: &Term) -> (bool, bool) {
        let inst = self.labels.borrow_mut().instantiate(eng, st, phi);
        match inst.as_bool() {
            Some(b) => (b, false),
            None => (eng.check(st, &inst.not()).is_unsat(), true),
        }
    }
}

impl Searcher for Subsumption {
    fn name(&self) -> &'static str {
        "lazy"
    }
    fn push(&mut self, s: kappa_engine::state::State) {
        let mut l = self.labels.borrow_mut();
        *l.pending.entry(s.node).or_default() += 1;
        if l.is_exit(s.node) {
            self.exits.push(s)
        } else {
            self.base.push(s)
        }
    }
    fn pop(&mut self) -> Option<kappa_engine::state::State> {
        let s = self.exits.pop().or_else(|| self.base.pop())?;
        let mut l = self.labels.borrow_mut();
        if let Some(c) = l.pending.get_mut(&s.node) {
            *c -= 1;
            if *c == 0 {
                l.pending.remove(&s.node);
            }
        }
        // Looked at again at the next selection: a step may end the path without a new node
        // (an error location, the entry function's exit) or find no feasible successor.
        l.fresh_nodes.push(s.node);
        Some(s)
    }
    fn len(&self) -> usize {
        self.base.len() + self.exits.len()
    }
    fn select(&mut self, eng: &mut Engine<'_>) -> Option<kappa_engine::state::State> {
        loop {
            let t0 = std::time::Instant::now();
            self.labels.borrow_mut().propagate();
            if std::env::var_os("KAPPA_LAZY_DEBUG").is_some() && t0.elapsed().as_millis() > 50 {
                eprintln!("lazy: propagate {:?}", t0.elapsed());
            }
            let s = self.pop()?;
            if !self.covered(eng, &s) {
                return Some(s);
            }
            // Covered: the node is finished, with the covering label (`pop` queued it).
        }
    }
    fn counters(&self) -> Vec<(&'static str, u64)> {
        let l = self.labels.borrow();
        vec![
            ("subsumed", l.subsumed),
            ("labels", l.labels_kept),
            ("subsumption_checks", l.checks),
            ("closed", l.closed),
            ("closing_queries", l.close_queries),
            ("exit_labels", l.exit_labels_kept),
        ]
    }
}
