//! Templates of inner loops inside the template of an outer loop.
//!
//! The core of a cycle through a nested loop is an elementary circuit: it passes the inner
//! loop's entry once and leaves the inner loop at once. Its template alone describes only the
//! outer iterations in which the inner loop runs zero times; every other path goes through an
//! exit into the inner loop and is explored from there. Where the inner loop is a counting loop
//! this loses the point of templates: `for (i..n) for (j..n) s++` is never summarised.
//!
//! An inner loop is summarised inside the outer core when that is exact: its template (ATVA
//! 2013, Algorithm 1) has a single feasible exit, reads no inputs, and the number of iterations
//! κ* is a term of the state at its entry, proved by the solver to be *the* number of
//! iterations for every such state:
//!
//!   ∀τ < κ*: θ*[τ]⟨φ⟩   (each of the first κ* iterations runs)  and   φ_x[κ*]  (then it exits),
//!
//! and an iteration cannot both continue and exit. The outer core then steps over the inner
//! loop by the parametric state θ_x[κ*] — one path per outer iteration, as in the real program —
//! and the progression rules see the inner loop's effect (`s += n` per outer iteration).
//!
//! Candidates for κ* come from the exit condition's comparisons `x0 + c·κ ⋈ n` (n free of κ):
//! `n - x0`, `x0 - n`, guarded by `x0 < n` or `x0 > n`, signed or unsigned, and `+1` for the
//! non-strict forms; the solver rejects every candidate that is not exact.

use crate::template::{self, Exit, Template, Var, KBITS};
use kappa_engine::state::State;
use kappa_engine::Engine;
use kappa_expr::Op as TOp;
use kappa_expr::{Sort, SymId, Term};
use kappa_ir::analysis::Cycle;
use kappa_ir::*;
use kappa_solver::{Query, SatResult};
use std::collections::{HashMap, HashSet};

/// Nesting depth up to which inner loops are summarised inside outer cores.
pub const MAX_DEPTH: u32 = 3;

/// An inner loop stepped over inside an outer core.
#[derive(Clone, Debug)]
pub struct InnerLoop {
    pub entry: Loc,
    /// The edges from the entry through the exit edge taken: the outer core's path when the
    /// inner loop runs zero times.
    pub path: Vec<EdgeId>,
    /// θ_I of the inner template.
    pub init: Vec<(Var, Term)>,
    pub kappa: Term,
    /// θ_x of the inner template's exit.
    pub theta: Vec<(Var, Term)>,
    pub loc: Loc,
    /// κ*: the number of iterations, over the inner template's initial symbols.
    pub count: Term,
    /// Edges that belong to the inner loop: no longer exits of the outer cycle.
    pub absorbed: HashSet<EdgeId>,
}

impl InnerLoop {
    /// Steps over the inner loop: the state at its entry becomes θ_x[κ*] composed with it.
    pub fn apply(&self, eng: &Engine<'_>, st: &mut State) {
        let mut sub: HashMap<SymId, Term> = HashMap::new();
        for (v, init) in &self.init {
            if let (Some(s), Some(val)) = (init.as_var(), template::value_of(eng, st, *v)) {
                sub.insert(s, val);
            }
        }
        let count = self.count.substitute(&sub);
        if let Some(k) = self.kappa.as_var() {
            sub.insert(k, count);
        }
        let mut memo = HashMap::new();
        let values: Vec<(Var, Term)> = self.theta.iter().map(|(v, t)| (*v, t.subst_memo(&sub, &mut memo))).collect();
        for (v, t) in values {
            template::set_value(eng, st, v, t);
        }
        st.frame_mut().loc = self.loc;
    }
}

/// The inner loops of `outer` that can be stepped over exactly (see the module documentation).
/// `cycles` are the function's cycles; `shape` is a state at the outer entry (only its shape
/// matters).
pub fn inner_loops(
    eng: &mut Engine<'_>,
    shape: &State,
    outer: &Cycle,
    cycles: &[(u32, Cycle)],
    depth: u32,
) -> Vec<InnerLoop> {
    if depth >= MAX_DEPTH {
        return Vec::new();
    }
    let prog = eng.program();
    let (fid, _) = shape.loc();
    let f = prog.func(fid);
    let mut out = Vec::new();
    let core_locs: Vec<Loc> = outer.locs(f).collect();
    for (pos, &l) in core_locs.iter().enumerate().skip(1) {
        // The cycles entered at l that stay inside the outer loop.
        let inner: Vec<&(u32, Cycle)> =
            cycles.iter().filter(|(_, c)| c.entry == l && !c.locs(f).any(|x| x == outer.entry)).collect();
        let [(id, cycle)] = inner[..] else { continue };
        let mut at = shape.clone();
        at.frame_mut().loc = l;
        let Ok(mut t) = template::compute_nested(eng, &at, *id, cycle, cycles, depth + 1) else { continue };
        if !t.sites.is_empty() || template::filter_exits(eng, &mut t).is_err() {
            continue;
        }
        let [exit] = &t.exits[..] else { continue };
        // The exit's path must be the outer core's continuation from l.
        let Some(prefix) = cycle.prefix_to(f, f.edge(exit.edge).src) else { continue };
        let mut path = prefix.to_vec();
        path.push(exit.edge);
        if !outer.core[pos..].starts_with(&path) {
            continue;
        }
        let Some(count) = trip_count(eng, &mut at, &t, exit) else { continue };
        let on_outer: HashSet<EdgeId> = outer.core.iter().copied().collect();
        let absorbed =
            cycle.core.iter().chain(&cycle.exits).copied().filter(|e| !on_outer.contains(e)).collect::<HashSet<_>>();
        out.push(InnerLoop {
            entry: l,
            path,
            init: t.init.clone(),
            kappa: t.kappa.clone(),
            theta: exit.theta.clone(),
            loc: exit.loc,
            count,
            absorbed,
        });
    }
    out
}

/// κ*, the number of iterations of a template with the single exit `exit` as a term of its
/// initial symbols, proved exact by the solver; `None` if no candidate is.
pub fn trip_count(eng: &mut Engine<'_>, scratch: &mut State, t: &Template, exit: &Exit) -> Option<Term> {
    let ks = t.kappa.as_var()?;
    let at = |term: &Term, k: &Term| term.substitute(&HashMap::from([(ks, k.clone())]));
    let k2 = eng.fresh(scratch, "kappa_any", Sort::Bv(KBITS));
    let continues = |k: &Term| -> Term {
        match &exit.forall {
            Some((tau, body)) => tau.as_var().map(|s| body.substitute(&HashMap::from([(s, k.clone())]))),
            None => None,
        }
        .unwrap_or_else(Term::tt)
    };
    // No iteration both continues and exits (the loop is deterministic at its branches).
    let both = continues(&k2).and(&at(&exit.rest, &k2));
    if eng.solver().check(&Query { pc: &[], cond: both }) != SatResult::Unsat {
        return None;
    }
    let tau = eng.fresh(scratch, "tau_any", Sort::Bv(KBITS));
    for cand in candidates(&exit.rest, &t.kappa) {
        // Iteration κ* does not exit, or some iteration before it stops: a counterexample.
        // Two queries: Z3 answers the two halves much faster than their disjunction.
        let no_exit = at(&exit.rest, &cand).not();
        if eng.solver().check(&Query { pc: &[], cond: no_exit }) != SatResult::Unsat {
            continue;
        }
        let stops_early = tau.bvult(&cand).and(&continues(&tau).not());
        if eng.solver().check(&Query { pc: &[], cond: stops_early }) == SatResult::Unsat {
            return Some(cand);
        }
    }
    None
}

/// Candidate counts from the comparisons of the exit condition (see the module documentation).
fn candidates(rest: &Term, kappa: &Term) -> Vec<Term> {
    let Some(ks) = kappa.as_var() else { return Vec::new() };
    let has_k = |t: &Term| t.symbols().contains(&ks);
    let zero_k = HashMap::from([(ks, Term::bv(0, KBITS))]);
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = vec![rest.clone()];
    while let Some(t) = stack.pop() {
        if !seen.insert(t.id()) || out.len() > 64 {
            continue;
        }
        let cmp = matches!(t.op(), TOp::Eq | TOp::BvUlt | TOp::BvUle | TOp::BvSlt | TOp::BvSle);
        if cmp && matches!(t.arg(0).sort(), Sort::Bv(_)) {
            for (p, n) in [(t.arg(0), t.arg(1)), (t.arg(1), t.arg(0))] {
                if !has_k(p) || has_k(n) {
                    continue;
                }
                let x0 = p.substitute(&zero_k);
                let up = n.bvsub(&x0).zext(KBITS);
                let down = x0.bvsub(n).zext(KBITS);
                let one = Term::bv(1, KBITS);
                let zero = Term::bv(0, KBITS);
                out.push(up.clone());
                out.push(down.clone());
                out.push(Term::ite(&x0.bvslt(n), &up, &zero));
                out.push(Term::ite(&x0.bvult(n), &up, &zero));
                out.push(Term::ite(&n.bvslt(&x0), &down, &zero));
                out.push(Term::ite(&n.bvult(&x0), &down, &zero));
                out.push(Term::ite(&x0.bvsle(n), &up.bvadd(&one), &zero));
                out.push(Term::ite(&x0.bvule(n), &up.bvadd(&one), &zero));
                out.push(Term::ite(&n.bvsle(&x0), &down.bvadd(&one), &zero));
                out.push(Term::ite(&n.bvule(&x0), &down.bvadd(&one), &zero));
            }
        }
        stack.extend(t.args().iter().cloned());
    }
    out
}
