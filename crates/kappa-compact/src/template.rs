//! Template computation: Algorithm 1 of "Compact Symbolic Execution" (Slaby, Strejček, Trtík,
//! ATVA 2013), section 3.2.
//!
//! The core π of a cycle (π, e, X) is executed once from a state whose every variable holds
//! its initial symbol a̲ (θ_I). From the one-iteration memory θ the progression rules derive
//! θ*[κ], the memory after κ iterations; the quantified path condition
//! φ*[κ] = κ ≥ 0 ∧ ∀τ (0 ≤ τ < κ → θ*[τ]⟨φ⟩) describes the iterations; and each feasible exit
//! edge (u, x) gives a parametric state (x, θ*[κ] ◇ θ', φ*[κ] ∧ θ*[κ]⟨φ'⟩).
//!
//! Beyond the paper: variables are registers (pointers as object and offset), global
//! registers, and the contents of memory objects (arrays of bytes). A `__VERIFIER_nondet_*`
//! read inside the cycle is the element `IN[it]` of a fresh input array indexed by the
//! iteration number `it`, so that the template stays exact and tests can list every value.
//!
//! The parameter κ (and τ, and `it`) is a 64-bit bit-vector rather than an unbounded integer:
//! Z3 reasons far better about quantified bit-vector formulas than about `int2bv` mixes. This is
//! exact for cycles whose variables are progressions modulo 2^w (w ≤ 64): their values repeat
//! with a period dividing 2^64, so a path that leaves the cycle does so within 2^64 iterations.
//! A cycle that reads inputs could in principle iterate longer; such paths (2^64 iterations) are
//! the only ones a template does not describe.

use crate::nested::{inner_loops, InnerLoop};
use kappa_engine::state::State;
use kappa_engine::value::{Pointer, SVal, OBJ_BITS};
use kappa_engine::Engine;
use kappa_expr::Op as TOp;
use kappa_expr::{Elem, Sort, SymId, Term};
use kappa_ir::analysis::Cycle;
use kappa_ir::testcase::InputKind;
use kappa_ir::*;
use kappa_solver::{Query, SatResult};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Something θ maps: a register (a pointer as two parts) or a memory object's contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Var {
    Reg(VarId, Part),
    /// The bytes of an object (`false`) or its pointer shadow (`true`).
    Obj(u32, bool),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    Int,
    PtrObj,
    PtrOff,
}

/// An input site inside the cycle: each iteration reads `array[it]` there.
#[derive(Clone, Debug)]
pub struct Site {
    pub edge: EdgeId,
    pub kind: InputKind,
    pub origin: NondetOrigin,
    pub ty: Ty,
    pub span: Span,
    pub array: Term,
}

/// One parametric state of a template: (x, θ_x[κ], φ_x[κ]).
#[derive(Clone, Debug)]
pub struct Exit {
    /// The exit edge x.
    pub edge: EdgeId,
    pub loc: Loc,
    /// Values of the variables that differ from their initial symbols.
    pub theta: Vec<(Var, Term)>,
    /// The quantifier-free part of φ_x: κ ≥ 0 and the exit path's condition.
    pub rest: Term,
    /// `∀τ (0 ≤ τ < κ → body)`, as (τ, body).
    pub forall: Option<(Term, Term)>,
    /// Input sites of the exit path's prefix (read in iteration κ).
    pub prefix_sites: Vec<usize>,
    pub label: String,
}

/// A template (e, M) for a cycle.
#[derive(Clone, Debug)]
pub struct Template {
    pub cycle: u32,
    pub entry: Loc,
    pub kappa: Term,
    /// θ_I: the initial symbol of every variable.
    pub init: Vec<(Var, Term)>,
    pub sites: Vec<Site>,
    /// Sites read by every iteration of the core, in order (indices into `sites`).
    pub core_sites: Vec<usize>,
    pub exits: Vec<Exit>,
    /// Whether the infeasible exits have been dropped ([`filter_exits`]).
    pub filtered: bool,
    /// `∀τ (0 ≤ τ < κ → body)` of every exit, as (τ, body).
    pub forall: Option<(Term, Term)>,
    /// The initial symbols the body of `forall` mentions: only their values are needed to
    /// decide an iteration's condition at a state (see `Condition::of`).
    pub forall_syms: std::collections::HashSet<SymId>,
    /// For the call phase of a recursion template ([`crate::recursion`]): the return phase,
    /// as (hole, value) — the value the outermost of κ+1 activations returns when the innermost
    /// returns `hole`, over the initial symbols and κ.
    pub returns: Option<(Term, Term)>,
}

impl Exit {
    /// φ_x[κ] as one term.
    pub fn phi(&self, kappa: &Term) -> Term {
        self.phi_with(kappa, true)
    }

    /// φ_x[κ] without its quantifier (but with the instances of it): a quantifier-free
    /// consequence of φ_x[κ], so that its unsatisfiability is φ_x[κ]'s.
    pub fn phi_relaxed(&self, kappa: &Term) -> Term {
        self.phi_with(kappa, false)
    }

    fn phi_with(&self, kappa: &Term, quantified: bool) -> Term {
        match &self.forall {
            Some((tau, body)) => {
                let mut parts = vec![self.rest.clone()];
                if quantified {
                    parts.push(Term::forall(std::slice::from_ref(tau), &tau.bvult(kappa).implies(body)));
                }
                // Instances of the quantifier that proofs usually need (Z3 does not find them
                // by itself in bit-vector formulas): they are implied, so adding them is sound.
                for inst in instances(tau, body, kappa) {
                    let sub = std::collections::HashMap::from([(tau.as_var().unwrap_or(SymId(0)), inst.clone())]);
                    parts.push(inst.bvult(kappa).implies(&body.substitute(&sub)));
                }
                Term::and_all(parts)
            }
            None => self.rest.clone(),
        }
    }
}

/// Width of κ, τ and the iteration index.
pub const KBITS: u32 = 64;

/// κ as a bit-vector of width `w`.
pub fn at_width(k: &Term, w: u32) -> Term {
    if w == KBITS {
        k.clone()
    } else if w < KBITS {
        k.extract(w - 1, 0)
    } else {
        k.zext(w)
    }
}

/// Values of τ worth instantiating ∀τ (τ < κ → body) with: the first and the last iteration,
/// and, for each comparison `a + τ_w ⋈ r` of the body with τ-free `a` and `r`, the iteration
/// where the two sides meet (and its neighbours): the instance that refutes a loop running past
/// its bound.
pub fn instances(tau: &Term, body: &Term, kappa: &Term) -> Vec<Term> {
    let mut out = vec![Term::bv(0, KBITS), kappa.bvsub(&Term::bv(1, KBITS))];
    let Some(ts) = tau.as_var() else { return out };
    let has_tau = |t: &Term| t.symbols().contains(&ts);
    let mut seen = HashSet::new();
    let mut stack = vec![body.clone()];
    while let Some(t) = stack.pop() {
        if !seen.insert(t.id()) || out.len() > 24 {
            continue;
        }
        let cmp = matches!(t.op(), TOp::Eq | TOp::BvUlt | TOp::BvUle | TOp::BvSlt | TOp::BvSle);
        if cmp && t.arg(0).sort() != Sort::Bool && matches!(t.arg(0).sort(), Sort::Bv(_)) {
            for (l, r) in [(t.arg(0), t.arg(1)), (t.arg(1), t.arg(0))] {
                if has_tau(r) || !has_tau(l) {
                    continue;
                }
                // l = a + trunc(τ) or l = trunc(τ).
                let (a, tpart) = if l.op() == TOp::BvAdd && has_tau(l.arg(0)) != has_tau(l.arg(1)) {
                    if has_tau(l.arg(0)) {
                        (Some(l.arg(1).clone()), l.arg(0).clone())
                    } else {
                        (Some(l.arg(0).clone()), l.arg(1).clone())
                    }
                } else {
                    (None, l.clone())
                };
                let is_tau = tpart == *tau
                    || (tpart.op() == TOp::Extract(tpart.width().saturating_sub(1), 0) && tpart.arg(0) == tau);
                if !is_tau {
                    continue;
                }
                let diff = match &a {
                    Some(a) => r.bvsub(a),
                    None => r.clone(),
                };
                let meet = diff.zext(KBITS);
                for d in [0u64, 1, u64::MAX] {
                    out.push(meet.bvadd(&Term::bv(d, KBITS)));
                }
            }
        }
        stack.extend(t.args().iter().cloned());
    }
    out
}

/// The initial symbolic state at the cycle's entry, in the shape of a real state.
struct Start {
    state: State,
    init: BTreeMap<Var, Term>,
    by_sym: HashMap<SymId, Var>,
}

fn bv_sort(t: Ty, pw: u32) -> Sort {
    match t {
        Ty::Int(w) => Sort::Bv(w),
        _ => Sort::Bv(pw),
    }
}

/// Builds the state θ_I: the real state's shape (frames, objects, sizes, which objects pointers
/// refer to) with every value replaced by a fresh initial symbol.
fn start(eng: &Engine<'_>, real: &State) -> Start {
    let prog = eng.program();
    let pw = prog.ptr_bits();
    let mut st = real.clone();
    st.pc = Default::default();
    st.inputs = Default::default();
    let mut init = BTreeMap::new();
    let (fid, _) = real.loc();
    let f = prog.func(fid);
    let fresh = |st: &mut State, name: &str, sort: Sort| eng.fresh(st, &format!("{name}_0"), sort);
    let mut regs: Vec<VarId> = f.vars.clone();
    regs.extend(prog.global_vars());
    for v in regs {
        let name = prog.var(v).name.clone();
        let Some(val) = eng.reg_value(real, v) else {
            // Not yet written (declared inside the loop): the core writes it before reading
            // it, and after the cycle it holds its value of the last iteration.
            if let Ty::Int(w) = prog.var(v).ty {
                let s = fresh(&mut st, &name, Sort::Bv(w));
                init.insert(Var::Reg(v, Part::Int), s.clone());
                eng.set_reg_value(&mut st, v, SVal::Int(s));
            }
            continue;
        };
        let new = match val {
            SVal::Int(t) => {
                let s = fresh(&mut st, &name, t.sort());
                init.insert(Var::Reg(v, Part::Int), s.clone());
                SVal::Int(s)
            }
            SVal::Ptr(p) => {
                // The object a pointer refers to stays as in the real state when it is known: the
                // template is then exact for states of this shape.
                let obj = if p.obj.as_bv().is_some() {
                    p.obj.clone()
                } else {
                    let s = fresh(&mut st, &format!("{name}.obj"), Sort::Bv(OBJ_BITS));
                    init.insert(Var::Reg(v, Part::PtrObj), s.clone());
                    s
                };
                let off = fresh(&mut st, &format!("{name}.off"), Sort::Bv(pw));
                init.insert(Var::Reg(v, Part::PtrOff), off.clone());
                SVal::Ptr(Pointer { obj, off })
            }
            SVal::Bool(_) => continue,
        };
        eng.set_reg_value(&mut st, v, new);
    }
    let ids: Vec<u32> = st.memory.ids().collect();
    for id in ids {
        let Some(o) = st.memory.get(id) else { continue };
        let name = o.name.to_string();
        // Arrays of the object's own element width: a word array stays a word array.
        let (ds, ps) = (o.data.stride(), o.ptrs.stride());
        let data = fresh(&mut st, &name, kappa_engine::memory::array_sort(pw, ds));
        let ptrs = fresh(&mut st, &format!("{name}.ptrs"), kappa_engine::memory::array_sort(pw, ps));
        if let Some(o) = st.memory.get_mut(id) {
            o.data = kappa_engine::memory::Contents::symbolic(data.clone(), pw);
            o.ptrs = kappa_engine::memory::Contents::symbolic(ptrs.clone(), pw);
        }
        init.insert(Var::Obj(id, false), data);
        init.insert(Var::Obj(id, true), ptrs);
    }
    let by_sym = init.iter().filter_map(|(v, t)| t.as_var().map(|s| (s, *v))).collect();
    Start { state: st, init, by_sym }
}

/// The value of a variable in a state.
pub fn value_of(eng: &Engine<'_>, st: &State, v: Var) -> Option<Term> {
    match v {
        Var::Reg(r, part) => match (eng.reg_value(st, r)?, part) {
            (SVal::Int(t), Part::Int) => Some(t),
            (SVal::Ptr(p), Part::PtrObj) => Some(p.obj),
            (SVal::Ptr(p), Part::PtrOff) => Some(p.off),
            _ => None,
        },
        Var::Obj(id, shadow) => {
            let o = st.memory.get(id)?;
            Some(if shadow { o.ptrs.as_array() } else { o.data.as_array() })
        }
    }
}

/// Sets a variable in a state.
pub fn set_value(eng: &Engine<'_>, st: &mut State, v: Var, t: Term) {
    let pw = eng.program().ptr_bits();
    match v {
        Var::Reg(r, part) => {
            let new = match (eng.reg_value(st, r), part) {
                (_, Part::Int) => SVal::Int(t),
                (Some(SVal::Ptr(p)), Part::PtrObj) => SVal::Ptr(Pointer { obj: t, off: p.off }),
                (Some(SVal::Ptr(p)), Part::PtrOff) => SVal::Ptr(Pointer { obj: p.obj, off: t }),
                (_, Part::PtrObj) => SVal::Ptr(Pointer { obj: t, off: Term::bv(0, pw) }),
                (_, Part::PtrOff) => SVal::Ptr(Pointer { obj: Term::bv(0, OBJ_BITS), off: t }),
            };
            eng.set_reg_value(st, r, new);
        }
        Var::Obj(id, shadow) => {
            if let Some(o) = st.memory.get_mut(id) {
                if shadow {
                    o.ptrs = o.ptrs.with_array(t);
                } else {
                    o.data = o.data.with_array(t);
                }
            }
        }
    }
}

/// Runs a path of straight edges from a state, reading inputs as `IN[it]`; returns the guards.
#[allow(clippy::too_many_arguments)]
fn run_path(
    eng: &mut Engine<'_>,
    st: &mut State,
    fid: FuncId,
    edges: &[EdgeId],
    it: &Term,
    sites: &mut Vec<Site>,
    read: &mut Vec<usize>,
    inner: &[InnerLoop],
) -> Result<Vec<Term>, String> {
    let prog = eng.program();
    let pw = prog.ptr_bits();
    let f = prog.func(fid);
    let mut guards = Vec::new();
    let mut i = 0;
    while i < edges.len() {
        if let Some(l) = inner.iter().find(|l| l.entry == st.loc().1 && edges[i..].starts_with(&l.path)) {
            l.apply(eng, st);
            i += l.path.len();
            continue;
        }
        let eid = edges[i];
        i += 1;
        let e = f.edge(eid);
        match &e.op {
            Op::Nondet { dst, origin } => {
                let ty = prog.var_ty(*dst);
                let k = site_index(eng, st, sites, eid, e, origin.clone(), ty, pw);
                read.push(k);
                let v = sites[k].array.select(it);
                let val = match ty {
                    Ty::Ptr => SVal::Ptr(Pointer { obj: Term::bv(0, OBJ_BITS), off: v.clone() }),
                    _ => SVal::Int(v.clone()),
                };
                // A _Bool holds 0 or 1 (as the engine constrains its inputs).
                if matches!(prog.var(*dst).ctype, CType::Int { rank: IntRank::Bool, .. }) {
                    guards.push(v.bvule(&Term::bv(1, v.width())));
                }
                eng.set_reg_value(st, *dst, val);
                st.frame_mut().loc = e.dst;
            }
            Op::Call { func, args, .. } if *func == fid => {
                // The meta-edge of a recursion template's call phase (early compact SE paper,
                // section 5.2): the parameters get the arguments, and the callee starts.
                let vals = args.iter().map(|a| eng.eval_expr(st, a)).collect::<Result<Vec<_>, _>>()?;
                for (p, v) in f.params.iter().zip(vals) {
                    eng.set_reg_value(st, *p, v);
                }
                st.frame_mut().loc = f.entry;
            }
            Op::Output { dst, .. } => {
                // What output returns is an arbitrary non-negative count: an input per iteration.
                if let Some(d) = dst {
                    if let Ty::Int(w) = prog.var_ty(*d) {
                        let origin = NondetOrigin::Call { name: "printf".into() };
                        let k = site_index(eng, st, sites, eid, e, origin, Ty::Int(w), pw);
                        sites[k].kind = InputKind::Param; // not an input of the test
                        let v = sites[k].array.select(it);
                        guards.push(v.bvsge(&Term::bv(0, w)));
                        eng.set_reg_value(st, *d, SVal::Int(v));
                    }
                }
                st.frame_mut().loc = e.dst;
            }
            _ => {
                if let Some(g) = eng.exec_straight(st, fid, eid)? {
                    guards.push(g);
                }
            }
        }
    }
    guards.extend(st.pc.constraints().iter().cloned());
    st.pc = Default::default();
    Ok(guards)
}

#[allow(clippy::too_many_arguments)]
fn site_index(
    eng: &Engine<'_>,
    st: &mut State,
    sites: &mut Vec<Site>,
    eid: EdgeId,
    e: &Edge,
    origin: NondetOrigin,
    ty: Ty,
    pw: u32,
) -> usize {
    if let Some(k) = sites.iter().position(|s| s.edge == eid) {
        return k;
    }
    let w = match bv_sort(ty, pw) {
        Sort::Bv(w) => w,
        _ => pw,
    };
    let name = match &origin {
        NondetOrigin::Call { name } => name.trim_start_matches("__VERIFIER_nondet_").to_string(),
        NondetOrigin::Uninit { var } => var.clone(),
    };
    let array = eng.fresh(st, &format!("IN_{name}"), Sort::Array(Elem::Bv(KBITS), Elem::Bv(w)));
    let kind = match origin {
        NondetOrigin::Call { .. } => InputKind::Nondet,
        NondetOrigin::Uninit { .. } => InputKind::Uninit,
    };
    sites.push(Site { edge: eid, kind, origin, ty, span: e.span, array });
    sites.len() - 1
}

/// `t` is `a + c` for a constant c: the value of an arithmetic progression.
fn progression(t: &Term, a: &Term) -> Option<u64> {
    if t == a {
        return Some(0);
    }
    if t.op() == TOp::BvAdd && t.arg(0) == a {
        return t.arg(1).as_bv();
    }
    // `c++` on a narrow type: the low bits of a wider sum (see [`step`]).
    if t.op() != TOp::BvAdd {
        return step(t, a)?.as_bv();
    }
    None
}

/// `t` is a sum with the addend `a` once: the sum `d` of the other addends. A sum computed wider
/// and truncated to `a`'s width (C's `c = c + b` on `unsigned char`: the low 8 bits of
/// `zext(c) + zext(b)`) counts too: its low bits are `a + d` truncated, modulo 2^w.
pub(crate) fn step(t: &Term, a: &Term) -> Option<Term> {
    if let (TOp::Extract(hi, 0), Sort::Bv(w)) = (t.op(), a.sort()) {
        if hi + 1 == w {
            let wide = t.arg(0);
            let ext = [a.zext(wide.width()), a.sext(wide.width())];
            return ext.iter().find_map(|e| step(wide, e)).map(|d| d.extract(hi, 0));
        }
    }
    let mut addends = Vec::new();
    let mut stack = vec![t.clone()];
    while let Some(x) = stack.pop() {
        if x.op() == TOp::BvAdd {
            stack.extend(x.args().iter().cloned());
        } else {
            addends.push(x);
        }
    }
    let at = addends.iter().position(|x| x == a)?;
    addends.remove(at);
    let mut rest = addends.into_iter();
    let first = rest.next()?;
    Some(rest.fold(first, |s, x| s.bvadd(&x)))
}

/// Σ_{τ<κ} d[τ] when the step `d` is `u + k` for a variable `u` that is itself an arithmetic
/// progression `u0 + c·τ` (`s += i; i++`): κ·(u0 + k) + c·κ(κ-1)/2, modulo 2^w. κ(κ-1) is even
/// and computed modulo 2^64, so halving it is exact modulo 2^63, enough for w < 64.
fn sum_of_progression(d: &Term, theta: &BTreeMap<Var, Term>, s0: &Start, kappa: &Term) -> Option<Term> {
    let w = d.width();
    // In the variables' order, not the hash map's: the template's terms must not depend on a
    // per-process hash seed (same input, same answer).
    let vars = s0.init.iter().filter(|(v, t)| t.as_var().is_some_and(|s| s0.by_sym.get(&s) == Some(*v)));
    vars.map(|(u, _)| u).find_map(|u| {
        let u0 = &s0.init[u];
        if u0.sort() != Sort::Bv(w) {
            return None;
        }
        let k = progression(d, u0)?;
        let c = progression(theta.get(u)?, u0)?;
        if c == 0 {
            return None;
        }
        Some(sum_of_steps(u0, k, c, kappa))
    })
}

/// Σ_{τ<κ} (u0 + k + c·τ) = κ·(u0 + k) + c·κ(κ-1)/2, modulo 2^w (w < 64, the width of u0).
pub(crate) fn sum_of_steps(u0: &Term, k: u64, c: u64, kappa: &Term) -> Term {
    let w = u0.width();
    let pairs = kappa.bvmul(&kappa.bvsub(&Term::bv(1, KBITS))).bvlshr(&Term::bv(1, KBITS));
    let kw = at_width(kappa, w);
    kw.bvmul(&u0.bvadd(&Term::bv(k, w))).bvadd(&Term::bv(c, w).bvmul(&at_width(&pairs, w)))
}

/// `t` is `a * 2^k` (or `a << k`): a geometric progression of ratio 2^k.
fn doubling(t: &Term, a: &Term) -> Option<u64> {
    match t.op() {
        TOp::BvMul if t.arg(0) == a => {
            t.arg(1).as_bv().filter(|c| c.is_power_of_two()).map(|c| u64::from(c.trailing_zeros()))
        }
        TOp::BvShl if t.arg(0) == a => t.arg(1).as_bv(),
        _ => None,
    }
}

/// The symbols of a term that stand for initial values of variables.
fn initial_vars(t: &Term, by_sym: &HashMap<SymId, Var>) -> Vec<Var> {
    t.symbols().into_iter().filter_map(|s| by_sym.get(&s).copied()).collect()
}

/// Computes the template of a cycle for states shaped like `real` (Algorithm 1). `Err` says why
/// the cycle gets no template.
pub fn compute(eng: &mut Engine<'_>, real: &State, cycle_id: u32, cycle: &Cycle) -> Result<Template, String> {
    compute_nested(eng, real, cycle_id, cycle, &[], 0)
}

/// [`compute`], with the inner loops among the function's `cycles` stepped over where that is
/// exact ([`crate::nested`]); `depth` is the nesting depth of `cycle`.
pub fn compute_nested(
    eng: &mut Engine<'_>,
    real: &State,
    cycle_id: u32,
    cycle: &Cycle,
    cycles: &[(u32, Cycle)],
    depth: u32,
) -> Result<Template, String> {
    let prog = eng.program();
    let (fid, _) = real.loc();
    let f = prog.func(fid);
    let s0 = start(eng, real);
    let inner = if cycles.is_empty() { Vec::new() } else { inner_loops(eng, &s0.state, cycle, cycles, depth) };
    let absorbed: HashSet<EdgeId> = inner.iter().flat_map(|l| l.absorbed.iter().copied()).collect();
    let mut work = s0.state.clone();
    let it = eng.fresh(&mut work, "it", Sort::Bv(KBITS));
    let kappa = eng.fresh(&mut work, "kappa", Sort::Bv(KBITS));
    let mut sites = Vec::new();
    let mut core_sites = Vec::new();
    // Line 1: execute the core once.
    let mut one = s0.state.clone();
    let guards = run_path(eng, &mut one, fid, &cycle.core, &it, &mut sites, &mut core_sites, &inner)?;
    let phi = Term::and_all(guards);
    // Line 2: the iteration must be feasible.
    match eng.solver().check(&Query { pc: &[], cond: phi.clone() }) {
        SatResult::Sat => {}
        SatResult::Unsat => return Err("its core is infeasible".into()),
        SatResult::Unknown(r) => return Err(format!("the solver cannot decide its core ({r})")),
    }
    // Lines 3–19: θ*[κ] by the progression rules, to a fixpoint.
    let theta: BTreeMap<Var, Term> = s0.init.keys().filter_map(|v| value_of(eng, &one, *v).map(|t| (*v, t))).collect();
    let mut star: BTreeMap<Var, Term> = BTreeMap::new();
    let kappa_minus_1 = kappa.bvsub(&Term::bv(1, KBITS));
    loop {
        let mut changed = false;
        for (v, t) in &theta {
            if star.contains_key(v) {
                continue;
            }
            let a0 = &s0.init[v];
            let value = if let Some(c) = matches!(a0.sort(), Sort::Bv(_)).then(|| progression(t, a0)).flatten() {
                // Arithmetic progression a + c·κ (exact modulo 2^w).
                let w = a0.width();
                if c == 0 {
                    Some(a0.clone())
                } else {
                    Some(a0.bvadd(&Term::bv(c, w).bvmul(&at_width(&kappa, w))))
                }
            } else if let Some(d) = matches!(a0.sort(), Sort::Bv(_)).then(|| step(t, a0)).flatten().filter(|d| {
                // An increment that no iteration changes (`s += n`, n read but not written).
                d.symbols().iter().all(|x| s0.by_sym.get(x).is_some_and(|u| theta.get(u) == Some(&s0.init[u])))
            }) {
                Some(a0.bvadd(&d.bvmul(&at_width(&kappa, a0.width()))))
            } else if let Some(sum) = matches!(a0.sort(), Sort::Bv(w) if w < KBITS)
                .then(|| step(t, a0))
                .flatten()
                .and_then(|d| sum_of_progression(&d, &theta, &s0, &kappa))
            {
                Some(a0.bvadd(&sum))
            } else if let Some(k) = matches!(a0.sort(), Sort::Bv(_)).then(|| doubling(t, a0)).flatten() {
                // Geometric progression a·2^(kκ): zero once kκ reaches the width.
                let w = a0.width();
                let steps = u64::from(w).div_ceil(k.max(1));
                let big = Term::bv(steps, KBITS).bvule(&kappa);
                let amount = kappa.bvmul(&Term::bv(k, KBITS));
                Some(Term::ite(&big, &Term::bv(0, w), &a0.bvshl(&at_width(&amount, w))))
            } else if t == a0 {
                Some(a0.clone())
            } else if matches!(a0.sort(), Sort::Array(..)) {
                // Writes at an index moving by a fixed stride (a[i] = e; i++).
                let deps: Vec<Var> = initial_vars(t, &s0.by_sym).into_iter().filter(|d| d != v).collect();
                if deps.iter().all(|d| star.contains_key(d)) {
                    strided_writes(eng, t, a0, &phi, &theta, &star, &s0, &kappa, &it)
                } else {
                    None
                }
            } else {
                // The ite rule: a := g with every variable of g already described.
                let deps = initial_vars(t, &s0.by_sym);
                if deps.iter().all(|d| star.contains_key(d)) {
                    let mut sub: HashMap<SymId, Term> = HashMap::new();
                    for d in &deps {
                        if let (Some(s), Some(st)) = (s0.init[d].as_var(), star.get(d)) {
                            sub.insert(s, subst_kappa(st, &kappa, &kappa_minus_1));
                        }
                    }
                    if let Some(s) = it.as_var() {
                        sub.insert(s, kappa_minus_1.clone());
                    }
                    let g = t.substitute(&sub);
                    Some(Term::ite(&kappa.eq(&Term::bv(0, KBITS)).not(), &g, a0))
                } else {
                    None
                }
            };
            if let Some(value) = value {
                star.insert(*v, value);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Line 20: every variable must be described.
    if let Some((v, t)) = theta.iter().find(|(v, _)| !star.contains_key(v)) {
        return Err(format!("{} changes in a way no progression rule describes ({})", var_name(prog, v), short(t)));
    }
    // Line 21: φ*[κ] = κ ≥ 0 ∧ ∀τ (0 ≤ τ < κ → θ*[τ]⟨φ⟩) (κ ≥ 0 holds for bit-vectors).
    let tau = eng.fresh(&mut work, "tau", Sort::Bv(KBITS));
    let star_at = |k: &Term| -> HashMap<SymId, Term> {
        let mut m: HashMap<SymId, Term> = HashMap::new();
        for (v, t) in &star {
            if let Some(s) = s0.init[v].as_var() {
                m.insert(s, subst_kappa(t, &kappa, k));
            }
        }
        if let Some(s) = it.as_var() {
            m.insert(s, k.clone());
        }
        m
    };
    let body = phi.substitute(&star_at(&tau));
    let forall = if body.is_true() { None } else { Some((tau.clone(), body)) };
    let kappa_nonneg = Term::tt();
    // Lines 22–28: one parametric state per feasible exit edge.
    let at_kappa = star_at(&kappa);
    let mut exits = Vec::new();
    for &x in cycle.exits.iter().filter(|x| !absorbed.contains(x)) {
        let xe = f.edge(x);
        let Some(prefix) = cycle.prefix_to(f, xe.src) else { continue };
        let mut st = s0.state.clone();
        let mut prefix_sites = Vec::new();
        let mut path: Vec<EdgeId> = prefix.to_vec();
        path.push(x);
        let guards = match run_path(eng, &mut st, fid, &path, &it, &mut sites, &mut prefix_sites, &inner) {
            Ok(g) => g,
            Err(e) => return Err(format!("exit {} -> {}: {e}", xe.src, xe.dst)),
        };
        let phi_x = Term::and_all(guards).substitute(&at_kappa);
        let rest = kappa_nonneg.and(&phi_x);
        let mut theta_x = Vec::new();
        let mut memo = HashMap::new();
        for v in s0.init.keys() {
            let Some(t) = value_of(eng, &st, *v) else { continue };
            let composed = t.subst_memo(&at_kappa, &mut memo);
            if composed != s0.init[v] {
                theta_x.push((*v, composed));
            }
        }
        let exit = Exit {
            edge: x,
            loc: xe.dst,
            theta: theta_x,
            rest,
            forall: forall.clone(),
            prefix_sites,
            label: format!("κ iterations, exit {} -> {}", xe.src, xe.dst),
        };
        exits.push(exit);
    }
    Ok(Template {
        cycle: cycle_id,
        entry: cycle.entry,
        kappa,
        init: s0.init.into_iter().collect(),
        sites,
        core_sites,
        exits,
        filtered: false,
        forall_syms: forall.as_ref().map(|(_, body)| body.symbols().into_iter().collect()).unwrap_or_default(),
        forall,
        returns: None,
    })
}

/// Lines 26–27 of Algorithm 1: keeps the feasible exits; an undecided one spoils the template.
/// Done when the template is first applied, not when it is computed: templates of loops that are
/// unrolled classically never need it. Only the quantifier-free consequence of φ_x is checked:
/// quantified satisfiable queries are the expensive ones (Z3 must build array models through
/// MBQI), and an exit kept here is checked again, with the path condition, on every application.
pub fn filter_exits(eng: &mut Engine<'_>, t: &mut Template) -> Result<(), String> {
    let mut keep = Vec::new();
    for exit in std::mem::take(&mut t.exits) {
        match eng.solver().check(&Query { pc: &[], cond: exit.phi_relaxed(&t.kappa) }) {
            SatResult::Sat => keep.push(exit),
            SatResult::Unsat => {}
            SatResult::Unknown(r) => return Err(format!("the solver cannot decide {} ({r})", exit.label)),
        }
    }
    t.exits = keep;
    t.filtered = true;
    Ok(())
}

/// θ*[k]: the parameter κ replaced by a term.
/// The array after κ iterations of a core that stores into it at offsets moving by a constant
/// stride d per iteration, each iteration writing within [o, o + d) of its start offset o (so
/// iterations never overwrite each other), values not reading the array:
///
///   A*[κ] = λj. let r = j - o₀, τ = r / d, k = r mod d in
///           ite(r <u κ·d ∧ k written, value_k[τ], A₀[j])
///
/// where value_k[τ] is the byte stored at o + k in iteration τ. The stride is checked by the
/// solver under the core's condition φ (o after one iteration minus o is d), so along the κ
/// iterations, whose conditions φ*[κ] asserts, the offsets are o₀ + τ·d exactly.
#[allow(clippy::too_many_arguments)]
fn strided_writes(
    eng: &mut Engine<'_>,
    t: &Term,
    a0: &Term,
    phi: &Term,
    theta: &BTreeMap<Var, Term>,
    star: &BTreeMap<Var, Term>,
    s0: &Start,
    kappa: &Term,
    it: &Term,
) -> Option<Term> {
    let a_sym = a0.as_var()?;
    let Sort::Array(Elem::Bv(pw), _) = a0.sort() else { return None };
    // The stores, outermost (last) first, down to A₀.
    let mut stores: Vec<(Term, Term)> = Vec::new();
    let mut x = t.clone();
    while x.op() == TOp::Store {
        stores.push((x.arg(1).clone(), x.arg(2).clone()));
        x = x.arg(0).clone();
    }
    if x != *a0 || stores.is_empty() || stores.len() > 64 {
        return None;
    }
    if stores.iter().any(|(o, v)| o.symbols().contains(&a_sym) || v.symbols().contains(&a_sym)) {
        return None;
    }
    // Offsets relative to the innermost (first) store.
    let o0 = stores.last()?.0.clone();
    let mut bytes: Vec<(u64, Term)> = Vec::new();
    for (o, v) in &stores {
        let delta = o.bvsub(&o0).as_bv()?;
        if !bytes.iter().any(|(k, _)| *k == delta) {
            bytes.push((delta, v.clone()));
        }
    }
    // The stride: o after one iteration (its variables at their values after one iteration)
    // minus o, the same constant under φ.
    let one: HashMap<SymId, Term> =
        s0.init.iter().filter_map(|(v, a)| Some((a.as_var()?, theta.get(v)?.clone()))).collect();
    let step = o0.substitute(&one).bvsub(&o0);
    let d = match step.as_bv() {
        Some(d) => d,
        None => {
            let m = eng.solver().model(&Query { pc: &[], cond: phi.clone() }).ok()?;
            let d = m.eval_completed(&step)?.as_bv()?;
            let other = phi.and(&step.ne(&Term::bv(d, pw)));
            if eng.solver().check(&Query { pc: &[], cond: other }) != SatResult::Unsat {
                return None;
            }
            d
        }
    };
    if d == 0 || d >= 1 << 20 || bytes.iter().any(|(k, _)| *k >= d) {
        return None;
    }
    // λj …
    let j = Term::var(Term::fresh_sym("j", Sort::Bv(pw)));
    let r = j.bvsub(&o0);
    let dd = Term::bv(d, pw);
    let tau_w = r.bvudiv(&dd);
    let tau = at_width_from(&tau_w, pw);
    let k = r.bvurem(&dd);
    let mut at_tau: HashMap<SymId, Term> = HashMap::new();
    for (v, st) in star {
        if let Some(s) = s0.init[v].as_var() {
            at_tau.insert(s, subst_kappa(st, kappa, &tau));
        }
    }
    if let Some(s) = it.as_var() {
        at_tau.insert(s, tau.clone());
    }
    let old = a0.select(&j);
    let mut written = old.clone();
    for (delta, v) in bytes.iter().rev() {
        written = Term::ite(&k.eq(&Term::bv(*delta, pw)), &v.substitute(&at_tau), &written);
    }
    let inside = r.bvult(&at_width(kappa, pw).bvmul(&dd));
    Some(Term::lambda(&j, &Term::ite(&inside, &written, &old)))
}

/// A `w`-bit value as a κ-width (64-bit) one, zero-extended.
fn at_width_from(t: &Term, w: u32) -> Term {
    if w == KBITS {
        t.clone()
    } else if w < KBITS {
        t.zext(KBITS)
    } else {
        t.extract(KBITS - 1, 0)
    }
}

fn subst_kappa(t: &Term, kappa: &Term, k: &Term) -> Term {
    match kappa.as_var() {
        Some(s) => t.substitute(&HashMap::from([(s, k.clone())])),
        None => t.clone(),
    }
}

fn var_name(prog: &Program, v: &Var) -> String {
    match v {
        Var::Reg(r, Part::Int) => format!("`{}`", prog.var(*r).name),
        Var::Reg(r, Part::PtrObj) => format!("the object of `{}`", prog.var(*r).name),
        Var::Reg(r, Part::PtrOff) => format!("the offset of `{}`", prog.var(*r).name),
        Var::Obj(id, false) => format!("memory object {id}"),
        Var::Obj(id, true) => format!("the pointers in memory object {id}"),
    }
}

fn short(t: &Term) -> String {
    let s = t.to_string();
    if s.chars().count() > 80 {
        format!("{}…", s.chars().take(79).collect::<String>())
    } else {
        s
    }
}
