//! The sound promotion check's lookahead (section 3.4.2 of Gao and Lumetta, made exact enough to
//! rule out branches no path can take): can a postponed state still take a frontier edge?
//!
//! The paper checks the frontier node's condition on the postponed state's present values,
//! which loses branches the state reaches only after its variables change (Fig. 1(b)); havocking
//! every variable that may change keeps them but cannot rule out an uncoverable branch (a clamp
//! or an earlier test excludes it, not the variables' types). The lookahead follows the state's
//! possible futures in its activation of the edge's function `g`, on the control flow with the
//! back edges removed (a DAG: `g` must be reducible), and asks the solver once whether the
//! state's path condition allows any of them to take the edge.
//!
//! Every future path from the state's location `l` to the edge's source `t` is of one of these
//! kinds (the decomposition is why the check is sound):
//!
//! * (a) it takes no back edge of a loop containing `l`: a DAG path from `l`, run on the
//!   state's present values;
//! * (b) it takes a back edge of a loop containing `l`; let `M` be the outermost such loop and
//!   `H` its header. Until its last visit of `H` the path stays inside `M` (leaving `M` and
//!   coming back would take a back edge of a loop around `M`), so only the registers defined
//!   in `M`'s body can differ from their present values there: those are *havocked* (fresh
//!   symbols), bounded by the invariants below. From that last visit on, the path is a DAG
//!   path from `H`.
//!
//! Along a DAG path, assignments are evaluated, assume conditions conjoined, loads, calls'
//! results and other definitions give fresh values (an over-approximation), and where the path
//! enters a loop at its header `H'` the same argument applies to `H'`'s last visit: the
//! registers defined in its body are havocked. The edge is coverable only if the path
//! condition and the disjunction over all these paths of (their conditions ∧ the edge's
//! condition) is satisfiable; each disjunct over-approximates a set of real paths, so an
//! unsatisfiable query proves that no path of the state takes the edge.
//!
//! *Monotone registers.* A register `v` whose definitions in a loop's body are only
//! `v = v + k` (`k > 0` a constant) and `v = e` (`e` over registers the body does not define)
//! keeps `v >= min(v0, e...)` (signed, `v0` its value when the check starts from it) at every
//! point of the loop's execution, *if no increment wraps*. kappa's semantics wrap (as
//! `-fwrapv`), so the invariant is claimed only under a proof: each increment must be guarded
//! by a test `v <= B` or `v < B` (`B` over registers the body does not define) that holds on
//! every path from the function's entry to the increment with neither `v` nor `B`'s registers
//! redefined in between (a must-data-flow fact); then `v + k` cannot wrap when `B <= MAX - k`,
//! and the invariant is added as `(∧ B <= MAX - k) → v >= min(...)`, which is true of every
//! real execution whatever the solver picks for `B`.
//!
//! The check gives up (the caller falls back to the havoc-everything check) when `g` is
//! irreducible, when a loop body or a path calls a function (callees may change globals),
//! or when there are more than [`MAX_PATHS`] paths.

use kappa_engine::state::State;
use kappa_engine::value::{Pointer, SVal, OBJ_BITS};
use kappa_engine::Engine;
use kappa_expr::{Sort, Term};
use kappa_ir::analysis::{dominators, edge_roles, natural_loops, EdgeRole, LoopForest, LoopId};
use kappa_ir::{BinOp, EdgeId, Expr, FuncId, Function, Loc, Op, Program, Ty, VarId, VarKind};
use kappa_solver::SatResult;
use std::collections::HashMap;
use std::rc::Rc;

/// Paths (disjuncts) per check before the lookahead gives up.
pub const MAX_PATHS: usize = 64;
/// Edges followed per check before the lookahead gives up.
const MAX_STEPS: usize = 4096;

/// What the loops of a function let the lookahead claim.
struct Facts {
    forest: LoopForest,
    roles: Vec<EdgeRole>,
    /// Per loop: the registers its body defines; `None` when the body calls a function.
    defs: Vec<Option<Vec<VarId>>>,
    /// Per loop: its monotone registers.
    mono: Vec<HashMap<VarId, Mono>>,
}

/// A register that only grows in a loop (see the module comment).
struct Mono {
    /// The values it is set to (`v = e`).
    inits: Vec<Expr>,
    /// Per increment `v = v + k`: the bound `B` of its guard and `k` (`B <= MAX - k`: no wrap).
    bounds: Vec<(Expr, u64)>,
}

#[derive(Default)]
pub(crate) struct Lookahead {
    facts: HashMap<FuncId, Option<Rc<Facts>>>,
    /// Per (function, location `t`): the locations reaching `t` on DAG edges.
    to: HashMap<(FuncId, Loc), Rc<Vec<bool>>>,
}

impl Lookahead {
    /// Whether state `st`, whose top frame runs `g`, may take edge `e` of `g`: `Some(false)`
    /// when the solver proves it cannot, `Some(true)` when it may, `None` when the lookahead
    /// does not apply (see the module comment). Asks at most one solver query.
    pub fn may_take(&mut self, eng: &mut Engine<'_>, st: &State, g: FuncId, e: EdgeId) -> Option<bool> {
        self.may_take_from(eng, st, g, e, true)
    }

    /// Whether state `st` may take edge `e` of its top frame's function `g` before it goes round
    /// a loop again (case (a) of the module comment alone): the rest of the present iteration
    /// of every loop around it.
    pub fn may_take_now(&mut self, eng: &mut Engine<'_>, st: &State, g: FuncId, e: EdgeId) -> Option<bool> {
        self.may_take_from(eng, st, g, e, false)
    }

    fn may_take_from(&mut self, eng: &mut Engine<'_>, st: &State, g: FuncId, e: EdgeId, later: bool) -> Option<bool> {
        let prog = eng.program();
        let top = st.frames.last()?;
        if top.func != g {
            return None;
        }
        let facts = self.facts(prog, g)?;
        let func = prog.func(g);
        let edge = func.edge(e);
        let to_t = self.to(prog, g, edge.src, &facts);
        let mut walk = Walk {
            func,
            facts: &facts,
            t: edge.src,
            cond: match &edge.op {
                Op::Assume(c) => Some(c),
                _ => None,
            },
            to_t: &to_t,
            out: Vec::new(),
            steps: 0,
            next_sym: st.next_sym,
        };
        let l = top.loc;
        // (a) The state's present iteration.
        if to_t[l.index()] {
            walk.walk(eng, st.clone(), l, l, Vec::new())?;
        }
        // (b) Through the last visit of the header of each loop around `l`.
        let mut around = if later { facts.forest.innermost(l) } else { None };
        while let Some(id) = around {
            let lp = facts.forest.get(id);
            if to_t[lp.header.index()] {
                let mut sim = st.clone();
                let mut conds = Vec::new();
                walk.havoc_loop(eng, &mut sim, id, &mut conds)?;
                walk.walk(eng, sim, lp.header, lp.header, conds)?;
            }
            around = lp.parent;
        }
        if walk.out.is_empty() {
            return Some(false);
        }
        let q = Term::or_all(std::mem::take(&mut walk.out));
        Some(eng.check(st, &q) != SatResult::Unsat)
    }

    fn facts(&mut self, prog: &Program, g: FuncId) -> Option<Rc<Facts>> {
        self.facts.entry(g).or_insert_with(|| Facts::new(prog, prog.func(g)).map(Rc::new)).clone()
    }

    fn to(&mut self, prog: &Program, g: FuncId, t: Loc, facts: &Facts) -> Rc<Vec<bool>> {
        self.to
            .entry((g, t))
            .or_insert_with(|| {
                let f = prog.func(g);
                let mut seen = vec![false; f.locs.len()];
                seen[t.index()] = true;
                let mut work = vec![t];
                while let Some(v) = work.pop() {
                    for &e in f.in_edges(v) {
                        if !facts.dag_edge(e) {
                            continue;
                        }
                        let u = f.edge(e).src;
                        if !seen[u.index()] {
                            seen[u.index()] = true;
                            work.push(u);
                        }
                    }
                }
                Rc::new(seen)
            })
            .clone()
    }
}

impl Facts {
    /// `None` when the function's control flow is irreducible (a cycle without a back edge).
    fn new(prog: &Program, f: &Function) -> Option<Facts> {
        let forest = natural_loops(f, &dominators(f));
        let roles = edge_roles(f);
        if !acyclic_without_back_edges(f, &forest) {
            return None;
        }
        let mut defs = Vec::new();
        let mut mono = Vec::new();
        for id in forest.ids() {
            let body = &forest.get(id).body;
            let in_body: Vec<EdgeId> =
                (0..f.edges.len() as u32).map(EdgeId).filter(|&e| body.binary_search(&f.edge(e).src).is_ok()).collect();
            if in_body.iter().any(|&e| matches!(f.edge(e).op, Op::Call { .. })) {
                defs.push(None);
                mono.push(HashMap::new());
                continue;
            }
            let mut vs: Vec<VarId> = in_body.iter().filter_map(|&e| f.edge(e).op.def()).collect();
            vs.sort_unstable();
            vs.dedup();
            mono.push(vs.iter().filter_map(|&v| monotone(prog, f, &in_body, &vs, v).map(|m| (v, m))).collect());
            defs.push(Some(vs));
        }
        Some(Facts { forest, roles, defs, mono })
    }

    /// Edges a DAG path may take: no back edge, no failing side of a check (it ends the path).
    fn dag_edge(&self, e: EdgeId) -> bool {
        !self.forest.is_back_edge(e) && self.roles[e.index()] != EdgeRole::CheckFail
    }
}

fn acyclic_without_back_edges(f: &Function, forest: &LoopForest) -> bool {
    let n = f.locs.len();
    let mut indeg = vec![0usize; n];
    for (i, e) in f.edges.iter().enumerate() {
        if !forest.is_back_edge(EdgeId(i as u32)) {
            indeg[e.dst.index()] += 1;
        }
    }
    let mut work: Vec<usize> = (0..n).filter(|&i| indeg[i] == 0).collect();
    let mut done = 0;
    while let Some(u) = work.pop() {
        done += 1;
        for &e in f.out_edges(Loc(u as u32)) {
            if forest.is_back_edge(e) {
                continue;
            }
            let v = f.edge(e).dst.index();
            indeg[v] -= 1;
            if indeg[v] == 0 {
                work.push(v);
            }
        }
    }
    done == n
}

/// Registers of an expression, or `None` if it reads a global.
fn locals_of(prog: &Program, e: &Expr) -> Option<Vec<VarId>> {
    let mut vs = Vec::new();
    e.for_each_var(&mut |v| vs.push(v));
    vs.iter().all(|&v| prog.var(v).kind != VarKind::Global).then_some(vs)
}

/// Whether `v` only grows in the loop whose body edges are `in_body` and whose defined
/// registers are `defined` (see the module comment).
fn monotone(prog: &Program, f: &Function, in_body: &[EdgeId], defined: &[VarId], v: VarId) -> Option<Mono> {
    if prog.var(v).kind == VarKind::Global {
        return None;
    }
    let unchanging =
        |e: &Expr| locals_of(prog, e).is_some_and(|vs| vs.iter().all(|u| defined.binary_search(u).is_err()));
    let mut m = Mono { inits: Vec::new(), bounds: Vec::new() };
    for &x in in_body {
        let edge = f.edge(x);
        if edge.op.def() != Some(v) {
            continue;
        }
        let Op::Assign { value, .. } = &edge.op else { return None };
        if let Expr::Bin(BinOp::Add, a, b) = value {
            if let (Expr::Var(u), Expr::Int { bits, width }) = (a.as_ref(), b.as_ref()) {
                if *u == v && *bits > 0 && *width <= 64 && *bits < 1u64 << (*width - 1) {
                    let bound = guard(f, v, x, &unchanging)?;
                    m.bounds.push((bound, *bits));
                    continue;
                }
            }
        }
        if unchanging(value) {
            m.inits.push(value.clone());
        } else {
            return None;
        }
    }
    Some(m)
}

/// The bound `B` of a test `v <= B` or `v < B` (signed) that holds whenever increment `x` of
/// `v` runs: on every path from the entry to `x`'s source the test was passed and neither `v`
/// nor a register of `B` redefined since (a must-data-flow fact, computed to its greatest
/// fixpoint).
fn guard(f: &Function, v: VarId, x: EdgeId, unchanging: &dyn Fn(&Expr) -> bool) -> Option<Expr> {
    for (i, e) in f.edges.iter().enumerate() {
        let Op::Assume(c) = &e.op else { continue };
        let bound = match c {
            Expr::Bin(BinOp::Sle | BinOp::Slt, a, b) if **a == Expr::Var(v) => b.as_ref(),
            Expr::Bin(BinOp::Sge | BinOp::Sgt, b, a) if **a == Expr::Var(v) => b.as_ref(),
            _ => continue,
        };
        if !unchanging(bound) {
            continue;
        }
        let mut kills = vec![v];
        bound.for_each_var(&mut |u| kills.push(u));
        if holds_at(f, EdgeId(i as u32), &kills, f.edge(x).src) {
            return Some(bound.clone());
        }
    }
    None
}

/// Whether every path from `f`'s entry to `at` takes `gen` with no edge defining one of
/// `kills` after it.
fn holds_at(f: &Function, gen: EdgeId, kills: &[VarId], at: Loc) -> bool {
    let n = f.locs.len();
    let mut fact = vec![true; n];
    fact[f.entry.index()] = false;
    let out = |fact: &[bool], e: EdgeId| -> bool {
        let edge = f.edge(e);
        if e == gen {
            true
        } else if edge.op.def().is_some_and(|d| kills.contains(&d)) {
            false
        } else {
            fact[edge.src.index()]
        }
    };
    loop {
        let mut changed = false;
        for l in 0..n {
            if l == f.entry.index() || !fact[l] {
                continue;
            }
            if f.in_edges(Loc(l as u32)).iter().any(|&e| !out(&fact, e)) {
                fact[l] = false;
                changed = true;
            }
        }
        if !changed {
            return fact[at.index()];
        }
    }
}

/// Whether an expression reads memory predicates (the passing sides of checks).
pub(crate) fn reads_memory(e: &Expr) -> bool {
    let mut memory = false;
    e.walk(&mut |x| {
        memory |= matches!(x, Expr::Live(_) | Expr::Writable(_) | Expr::Freeable(_) | Expr::InBounds(..));
    });
    memory
}

/// One check's path enumeration.
struct Walk<'a> {
    func: &'a Function,
    facts: &'a Facts,
    t: Loc,
    cond: Option<&'a Expr>,
    to_t: &'a [bool],
    /// One conjunction per path reaching `t`, the edge's condition included.
    out: Vec<Term>,
    steps: usize,
    /// Fresh symbols are numbered across all paths, so that no name is reused.
    next_sym: u32,
}

impl Walk<'_> {
    /// DAG paths from `u` to `t` (`start`: where this walk began, not havocked again).
    fn walk(&mut self, eng: &mut Engine<'_>, mut sim: State, u: Loc, start: Loc, mut conds: Vec<Term>) -> Option<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return None;
        }
        if u != start {
            if let Some(id) = self.facts.forest.loop_with_header(u) {
                self.havoc_loop(eng, &mut sim, id, &mut conds)?;
            }
        }
        if u == self.t {
            if self.out.len() >= MAX_PATHS {
                return None;
            }
            if let Some(c) = self.cond {
                if let Ok(SVal::Bool(b)) = eng.eval_expr(&sim, c) {
                    conds.push(b);
                }
            }
            self.out.push(Term::and_all(conds));
            return Some(());
        }
        for &e in self.func.out_edges(u) {
            let edge = self.func.edge(e);
            if !self.facts.dag_edge(e) || !self.to_t[edge.dst.index()] {
                continue;
            }
            let mut s = sim.clone();
            let mut c = conds.clone();
            match &edge.op {
                Op::Skip | Op::Store { .. } | Op::MemCopy { .. } | Op::Free { .. } => {}
                // Memory predicates (the passing sides of checks) would be evaluated on the
                // present memory, which the way may change: left out (weaker, still sound).
                Op::Assume(x) if reads_memory(x) => {}
                Op::Assume(x) => {
                    if let Ok(SVal::Bool(b)) = eng.eval_expr(&s, x) {
                        if b.is_false() {
                            continue;
                        }
                        c.push(b);
                    }
                }
                Op::Assign { dst, value } => match eng.eval_expr(&s, value) {
                    Ok(v) => eng.set_reg_value(&mut s, *dst, v),
                    Err(_) => self.havoc(eng, &mut s, *dst),
                },
                Op::Call { .. } => return None,
                op => {
                    if let Some(d) = op.def() {
                        self.havoc(eng, &mut s, d);
                    }
                }
            }
            self.walk(eng, s, edge.dst, start, c)?;
        }
        Some(())
    }

    fn havoc(&mut self, eng: &Engine<'_>, st: &mut State, v: VarId) {
        st.next_sym = self.next_sym;
        let prog = eng.program();
        let val = match prog.var_ty(v) {
            Ty::Int(w) => SVal::Int(eng.fresh(st, "lookahead", Sort::Bv(w))),
            Ty::Bool => SVal::Bool(eng.fresh(st, "lookahead", Sort::Bool)),
            Ty::Ptr => SVal::Ptr(Pointer {
                obj: eng.fresh(st, "lookahead", Sort::Bv(OBJ_BITS)),
                off: eng.fresh(st, "lookahead", Sort::Bv(prog.ptr_bits())),
            }),
        };
        self.next_sym = st.next_sym;
        eng.set_reg_value(st, v, val);
    }

    /// The registers loop `id`'s body defines, at the loop header's last visit: fresh, with
    /// the invariants of the monotone ones (conjoined to `conds`). `None` if the body calls.
    fn havoc_loop(&mut self, eng: &Engine<'_>, sim: &mut State, id: LoopId, conds: &mut Vec<Term>) -> Option<()> {
        let defs = self.facts.defs[id.index()].as_ref()?;
        let mut claims = Vec::new();
        for &v in defs {
            if eng.program().var(v).kind == VarKind::Global {
                continue;
            }
            let Some(m) = self.facts.mono[id.index()].get(&v) else { continue };
            let Ty::Int(w) = eng.program().var_ty(v) else { continue };
            let int = |e: &Expr| match eng.eval_expr(sim, e) {
                Ok(SVal::Int(t)) => Some(t),
                _ => None,
            };
            let Some(SVal::Int(now)) = eng.reg_value(sim, v) else { continue };
            let Some(mut lows) = m.inits.iter().map(int).collect::<Option<Vec<Term>>>() else { continue };
            lows.push(now);
            let max = (1u64 << (w - 1)) - 1;
            let Some(safe) = m
                .bounds
                .iter()
                .map(|(b, k)| int(b).map(|b| b.bvsle(&Term::bv(max - k, w))))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            claims.push((v, lows, safe));
        }
        for &v in defs {
            self.havoc(eng, sim, v);
        }
        for (v, lows, safe) in claims {
            let Some(SVal::Int(new)) = eng.reg_value(sim, v) else { continue };
            let lower = Term::or_all(lows.iter().map(|m| new.bvsge(m)));
            conds.push(Term::and_all(safe).implies(&lower));
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n()` is an input.
    fn facts(src: &str) -> (Program, Option<Facts>) {
        let src = format!("extern int __VERIFIER_nondet_int(void);\n{}", src.replace("n()", "__VERIFIER_nondet_int()"));
        let prog = kappa_cfront::lower_preprocessed("t.c", &src, &kappa_cfront::Options::default()).expect("lowers");
        let f = prog.functions.iter().find(|f| f.name == "main").expect("main");
        let facts = Facts::new(&prog, f);
        (prog, facts)
    }

    /// The monotone registers of the (only or outer) loop, by name, with their bounds printed.
    fn monotone_of(src: &str) -> Vec<(String, usize, usize)> {
        let (prog, facts) = facts(src);
        let facts = facts.expect("reducible");
        let outer = facts.forest.roots().next().expect("a loop");
        let mut out: Vec<(String, usize, usize)> = facts.mono[outer.index()]
            .iter()
            .map(|(v, m)| (prog.var(*v).name.clone(), m.inits.len(), m.bounds.len()))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_guarded_counter_is_monotone() {
        let m = monotone_of(
            "int main(void) { int lo = n(), hi = n(), s = 0;\n\
             for (int i = lo; i <= hi; i++) s = s + 1;\n return s; }",
        );
        // `i` grows under `i <= hi`; `s` grows without a guard (it may wrap): not claimed.
        assert_eq!(m, vec![("i".to_string(), 0, 1)]);
    }

    #[test]
    fn a_nested_counter_reset_in_the_outer_loop_is_monotone_with_its_start() {
        let m = monotone_of(
            "int main(void) { int c0 = n(), s = 0;\n\
             for (int r = 0; r < 3; r++) for (int c = c0; c < 5; c++) s++;\n return s; }",
        );
        assert_eq!(m, vec![("c".to_string(), 1, 1), ("r".to_string(), 0, 1)]);
    }

    #[test]
    fn a_counter_set_from_a_changing_register_is_not_monotone() {
        let m = monotone_of(
            "int main(void) { int x = 0, y = n();\n\
             for (int k = 0; k < 3; k++) { if (x < 9) x++; if (y > 2) x = y; y = y - 1; }\n return x; }",
        );
        assert_eq!(m, vec![("k".to_string(), 0, 1)]);
    }

    #[test]
    fn the_guard_must_hold_on_every_path_to_the_increment() {
        // `i < 9` guards one path to `i++` only.
        let m = monotone_of(
            "int main(void) { int i = n(), b = n();\n\
             while (b > 0) { if (b == 3 || i < 9) i++; b--; }\n return i; }",
        );
        assert!(m.iter().all(|(v, ..)| v != "i"), "{m:?}");
    }

    #[test]
    fn irreducible_control_flow_is_not_looked_ahead() {
        let (_, facts) = facts(
            "int main(void) { int x = n();\n\
             if (x) goto b;\n a: x--;\n b: if (x > 0) goto a;\n return x; }",
        );
        // The loop a/b has two entries; with back edges removed it is still a cycle.
        assert!(facts.is_none());
    }
}
