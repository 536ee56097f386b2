//! Recursion templates: section 5.2 of the early compact symbolic execution paper (Slaby,
//! Strejček, Trtík, "Compact Symbolic Execution", the version with recursion templates).
//!
//! A directly recursive function f with one recursive call c is two program parts:
//!
//! * the call phase, the cyclic path P from f's entry to c closed by the meta-edge of the call
//!   (the parameters get the arguments, f starts again). Its template (Algorithm 1 of the
//!   ATVA paper, on the pseudo-cycle P·c) gives, for κ recursive calls, the parameters of the
//!   innermost activation θ*[κ] and φ*[κ]; its exits are the edges leaving P (the base cases);
//! * the return phase, the path R from c's return point to f's exit, closed by the meta-edge of
//!   the return. The paper assumes R does not branch; then the returned value after κ returns is
//!   a progression of the innermost activation's value `r`. kappa describes `r` (R is the
//!   identity, `return f(..)`), `r + d` with d unchanged by the calls, and `r + u + k` with u a
//!   parameter that is an arithmetic progression of the calls (`return n + f(n - 1)`: the sum
//!   of the progression, exact modulo 2^w).
//!
//! Both phases share κ. Applying the call phase at f's entry gives successors whose top frame
//! is the innermost activation, marked with the special call-stack record (Algorithm 1 of the
//! early paper, lines for recursion templates): [`kappa_engine::state::PendingReturns`], the
//! return phase with κ and the outermost activation's parameters substituted. When that frame
//! returns, the engine applies it, so the κ returns happen at once.
//!
//! Handled only when exact: f has one recursive call and no other calls on P, no local memory
//! (its locals are registers), P and R do not write memory or globals, R does not branch or
//! read memory, and f returns an integer.

use crate::template::{self, at_width, step, Template, KBITS};
use kappa_engine::state::State;
use kappa_engine::value::SVal;
use kappa_engine::Engine;
use kappa_expr::{Sort, Term};
use kappa_ir::analysis::Cycle;
use kappa_ir::*;

/// The two program parts of a directly recursive function.
#[derive(Clone, Debug)]
pub struct Recursion {
    /// The call phase as a pseudo-cycle: P followed by the recursive call edge.
    pub cycle: Cycle,
    /// The return phase R: from the call's return point to f's exit.
    pub ret_path: Vec<EdgeId>,
    pub call: EdgeId,
}

/// The recursion of `f`, if it has the form recursion templates handle.
pub fn find(prog: &Program, f: &Function) -> Option<Recursion> {
    let calls: Vec<EdgeId> = (0..f.edges.len() as u32)
        .map(EdgeId)
        .filter(|&e| matches!(&f.edge(e).op, Op::Call { func, .. } if *func == f.id))
        .collect();
    let [call] = calls[..] else { return None };
    if !f.slots.is_empty() || !matches!(f.ret.map(|r| prog.var_ty(r)), Some(Ty::Int(_))) {
        return None;
    }
    let target = f.edge(call).src;
    // Locations from which the call is reachable (without passing the call itself).
    let mut reaches = vec![false; f.locs.len()];
    reaches[target.index()] = true;
    let mut work = vec![target];
    while let Some(l) = work.pop() {
        for &e in &f.inc[l.index()] {
            let src = f.edge(e).src;
            if e != call && !reaches[src.index()] {
                reaches[src.index()] = true;
                work.push(src);
            }
        }
    }
    // P: at each location exactly one edge keeps the call reachable; the others are exits.
    let (mut core, mut exits) = (Vec::new(), Vec::new());
    let mut at = f.entry;
    let mut seen = vec![false; f.locs.len()];
    while at != target {
        if std::mem::replace(&mut seen[at.index()], true) {
            return None;
        }
        let (on, off): (Vec<EdgeId>, Vec<EdgeId>) =
            f.out_edges(at).iter().partition(|&&e| reaches[f.edge(e).dst.index()]);
        let [next] = on[..] else { return None };
        if !matches!(f.edge(next).op, Op::Assume(_) | Op::Assign { .. } | Op::Skip | Op::Load { .. }) {
            return None;
        }
        core.push(next);
        exits.extend(off);
        at = f.edge(next).dst;
    }
    exits.extend(f.out_edges(target).iter().copied().filter(|&e| e != call));
    core.push(call);
    // R: straight from the return point to the exit, registers only.
    let mut ret_path = Vec::new();
    let mut at = f.edge(call).dst;
    while at != f.exit {
        let [e] = f.out_edges(at) else { return None };
        if !matches!(f.edge(*e).op, Op::Assign { .. } | Op::Skip | Op::Return(_)) || ret_path.len() > f.edges.len() {
            return None;
        }
        ret_path.push(*e);
        at = f.edge(*e).dst;
    }
    let writes_global = core.iter().chain(&ret_path).any(|&e| match &f.edge(e).op {
        Op::Assign { dst, .. } => matches!(prog.var(*dst).kind, VarKind::Global),
        _ => false,
    });
    if writes_global {
        return None;
    }
    Some(Recursion { cycle: Cycle { entry: f.entry, core, exits, circuit: u32::MAX }, ret_path, call })
}

/// The recursion template of `rec` for states shaped like `real` (at f's entry): the call
/// phase's template with the return phase in [`Template::returns`].
pub fn compute(eng: &mut Engine<'_>, real: &State, id: u32, rec: &Recursion) -> Result<Template, String> {
    let mut t = template::compute(eng, real, id, &rec.cycle)?;
    let prog = eng.program();
    let (fid, _) = real.loc();
    let f = prog.func(fid);
    // One activation from θ_I: P, then the return point with the callee's value `hole`.
    let mut st = real.clone();
    for (v, init) in &t.init {
        template::set_value(eng, &mut st, *v, init.clone());
    }
    let (p, call) = rec.cycle.core.split_at(rec.cycle.core.len() - 1);
    for &e in p {
        eng.exec_straight(&mut st, fid, e)?;
    }
    let Op::Call { dst, args, .. } = &f.edge(call[0]).op else { return Err("no recursive call".into()) };
    let next: Vec<SVal> = args.iter().map(|a| eng.eval_expr(&st, a)).collect::<Result<_, _>>()?;
    let ret_var = f.ret.ok_or("no return value")?;
    let Ty::Int(w) = prog.var_ty(ret_var) else { return Err("a non-integer return value".into()) };
    let hole = eng.fresh(&mut st, "ret", Sort::Bv(w));
    if let Some(d) = dst {
        eng.set_reg_value(&mut st, *d, SVal::Int(hole.clone()));
    }
    for &e in &rec.ret_path {
        match &f.edge(e).op {
            Op::Return(Some(v)) => {
                let val = eng.eval_expr(&st, v)?;
                eng.set_reg_value(&mut st, ret_var, val);
                st.frame_mut().loc = f.edge(e).dst;
            }
            Op::Return(None) => st.frame_mut().loc = f.edge(e).dst,
            _ => {
                eng.exec_straight(&mut st, fid, e)?;
            }
        }
    }
    let Some(SVal::Int(g)) = eng.reg_value(&st, ret_var) else { return Err("the return value is not set".into()) };
    // The parameters: initial symbol and value in the next activation.
    let params: Vec<(Term, Term)> = f
        .params
        .iter()
        .zip(&next)
        .filter_map(|(p, v)| {
            let init = t.init.iter().find(|(x, _)| *x == template::Var::Reg(*p, template::Part::Int))?.1.clone();
            match v {
                SVal::Int(n) => Some((init, n.clone())),
                _ => None,
            }
        })
        .collect();
    // Only parameters the calls do not change: locals, globals and memory may differ between
    // the activations or be changed by the innermost one before the returns.
    let invariant =
        |d: &Term| d.symbols().iter().all(|s| params.iter().any(|(i0, n)| i0.as_var() == Some(*s) && n == i0));
    let kappa = t.kappa.clone();
    // Σ over the κ returns of the step d each adds.
    let total = |d: &Term| -> Result<Term, String> {
        if invariant(d) {
            Ok(d.bvmul(&at_width(&kappa, w)))
        } else {
            sum_over_calls(d, &params, &kappa, w)
                .ok_or_else(|| format!("the value returned changes in a way no rule describes ({d})"))
        }
    };
    let sum = if g == hole {
        None
    } else if let Some(d) = step(&g, &hole) {
        Some(total(&d)?)
    } else if g.op() == kappa_expr::Op::BvSub && g.arg(0) == &hole {
        // `f(..) - d`: each return subtracts d.
        Some(total(g.arg(1))?.bvneg())
    } else {
        return Err("the value returned is not the callee's plus a progression".into());
    };
    let ret = match sum {
        Some(s) => hole.bvadd(&s),
        None => hole.clone(),
    };
    t.returns = Some((hole, ret));
    Ok(t)
}

/// Σ_{d<κ} (u_d + k) for a parameter u with u_{d+1} = u_d + c: κ(u_0 + k) + c·κ(κ-1)/2 modulo
/// 2^w (w < 64, see the sum rule of [`template`]).
fn sum_over_calls(d: &Term, params: &[(Term, Term)], kappa: &Term, w: u32) -> Option<Term> {
    if w >= KBITS {
        return None;
    }
    params.iter().find_map(|(u0, next)| {
        if u0.sort() != Sort::Bv(w) {
            return None;
        }
        let k = offset(d, u0)?;
        let c = offset(next, u0)?;
        Some(template::sum_of_steps(u0, k, c, kappa))
    })
}

/// `t` is `a + k` for a constant k (or `a`): k.
fn offset(t: &Term, a: &Term) -> Option<u64> {
    if t == a {
        return Some(0);
    }
    let d = step(t, a)?;
    d.as_bv()
}
