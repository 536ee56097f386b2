//! Summaries of non-recursive callees (issue 24: "calls without inlining everything"). The
//! explorer inlines calls (the paper's section 5), so a callee is explored again in every
//! context it is called in; in driver-like programs most calls are of logging, statistics,
//! checksum and configuration helpers that the criterion does not depend on, and they multiply
//! the contexts.
//!
//! Before the exploration every callee is analysed once, context-insensitively, for what it may
//! do to the criterion: a backward closure over the whole program (Weiser's equations, with
//! mod/ref sets of variables and memory cells, and control dependence through each branch's
//! region up to its post-dominator; Horwitz, Reps and Binkley's summary edges for the
//! input-output dependence of a call are the parameters the callee's relevant transitions
//! read). A transition is relevant when it
//!
//! * leads to an error of the property (`reach_error`, a failing `assert`) or stops the program
//!   (`exit`, `abort`, a failing `assume`: how the program ends is observed);
//! * writes a relevant variable or cell (a target, or one a relevant transition reads);
//! * is a branch whose region (up to its immediate post-dominator) has a relevant transition;
//! * calls a function that has a relevant transition, or assigns a relevant variable the call's
//!   result.
//!
//! A call that is not relevant is replaced by `skip`: the callee cannot end the program, and
//! nothing it writes is read by anything the criterion depends on, so the call's effect on the
//! criterion is the identity, which is the summary the PSS-CFG uses for it (its interpolant is
//! `true` and its dependency set empty). As for every transition the slice removes, an endless
//! loop in the callee is not kept (slicing preserves the terminating executions, Weiser's
//! convention and the paper's). The undefined behaviour the callee's checks could detect is not
//! explored: a check is listed as possible ([`crate::SliceResult::undefined_behaviour`]; the
//! slice is equivalent on the executions without it, as everywhere else) when it can fail in
//! some calling context. The contexts are those of the value analysis (`values.rs`: per call
//! site, calls from other callees included, the values each variable may hold — a pointer
//! argument `&d->st` with `d` a caller's local is one address, and the object's size then
//! decides the bounds check); the check's condition, with the variables in their sets, goes to
//! the solver per context. Where that analysis gives up (its budget, recursion), the check is
//! decided with every variable free.

use crate::formula::VarSyms;
use kappa_expr::Term;
use kappa_ir::analysis::post_dominators;
use kappa_ir::*;
use kappa_solver::{Query, SatResult};
use std::collections::{BTreeSet, HashMap, HashSet};

/// The program with the irrelevant calls replaced by `skip`.
pub(crate) struct Summarised {
    pub prog: Program,
    /// Calls replaced.
    pub calls: u64,
    /// Possible undefined behaviour in the callees of the calls replaced (not explored).
    pub ub: Vec<String>,
    /// Variables the calls replaced may write (the calls' results, the callees' and theirs):
    /// after a replaced call the explorer's values of them are not the program's.
    pub clobbered: BTreeSet<VarId>,
}

fn ends_program(func: &Function, l: Loc) -> bool {
    match &func.loc(l).kind {
        LocKind::Error { kind, .. } => kind.aborts_program(),
        LocKind::Halt => true,
        _ => false,
    }
}

/// `None` if no call can be replaced (or the program has operations the slicer refuses later).
/// Variables from `first_new_var` on are the memory lowering's (cells, unknown values).
pub(crate) fn summarise(
    prog: &Program,
    entry: FuncId,
    targets: &[VarId],
    first_new_var: usize,
    values: Option<&crate::values::Values>,
) -> Option<Summarised> {
    let funcs = crate::memory::reachable(prog, entry);
    if funcs.len() < 2 {
        return None;
    }
    let syms = VarSyms::new(prog);
    let mut solver = kappa_solver::default_chain(Some(kappa_solver::QUERY_TIMEOUT_BACKSTOP));
    // Per function: for each branch location (several `assume` transitions out), the edges of
    // its region, and whether it may block (no condition holds: a failing `assume`).
    struct Branch {
        at: Loc,
        region: Vec<EdgeId>,
        blocks: bool,
    }
    let mut branches: HashMap<FuncId, Vec<Branch>> = HashMap::new();
    for &f in &funcs {
        let func = prog.func(f);
        if func.locs.is_empty() {
            return None;
        }
        for e in &func.edges {
            if matches!(
                e.op,
                Op::Load { .. } | Op::Store { .. } | Op::MemCopy { .. } | Op::Alloc { .. } | Op::Free { .. }
            ) {
                return None;
            }
        }
        let pd = post_dominators(func);
        let mut out = Vec::new();
        for l in func.loc_ids() {
            let es = func.out_edges(l);
            if !es.iter().any(|e| matches!(func.edge(*e).op, Op::Assume(_))) {
                continue;
            }
            let stop = pd.idom(l);
            let mut region = Vec::new();
            let mut seen = HashSet::new();
            let mut stack: Vec<EdgeId> = es.to_vec();
            while let Some(x) = stack.pop() {
                if !seen.insert(x) {
                    continue;
                }
                region.push(x);
                let d = func.edge(x).dst;
                if Some(d) != stop {
                    stack.extend(func.out_edges(d).iter().copied());
                }
            }
            // A check of undefined behaviour is not a branch of the slice (the slice assumes
            // none happens: the explorer takes its other side as a guard, never in the slice).
            if es.iter().any(
                |e| matches!(&func.loc(func.edge(*e).dst).kind, LocKind::Error { kind, .. } if !kind.aborts_program()),
            ) {
                continue;
            }
            // A branch blocks (a failing `assume`) if its conditions may all fail.
            let blocks = {
                let conds: Vec<Term> = es
                    .iter()
                    .map(|e| match &func.edge(*e).op {
                        Op::Assume(c) => syms.formula(c),
                        _ => Term::tt(),
                    })
                    .collect();
                let none = Term::or_all(conds).not();
                let mut ok = |t: Term| matches!(solver.check(&Query { pc: &[], cond: t }), SatResult::Unsat);
                // The memory lowering's `h := nondet; assume P(h)` (a pointer read from summarised
                // memory is null or one the points-to analysis allows; an instance of a heap
                // site): the assumption only restricts the value the model picks, and with
                // `h = 0` it holds whatever the state (checked), so it blocks no state.
                let picked = |e: &Edge| match &e.op {
                    Op::Nondet { dst, .. } if dst.index() >= first_new_var && e.dst == l => Some(*dst),
                    _ => None,
                };
                let incoming: Vec<Option<VarId>> = func.edges.iter().filter(|e| e.dst == l).map(picked).collect();
                let witness = match incoming.as_slice() {
                    [Some(h)] => match prog.var_ty(*h) {
                        Ty::Int(w) => Some(syms.subst(&none, &[(*h, Term::bv(0, w))])),
                        _ => None,
                    },
                    _ => None,
                };
                !ok(none) && !witness.is_some_and(&mut ok)
            };
            out.push(Branch { at: l, region, blocks });
        }
        branches.insert(f, out);
    }
    let mut rv: HashSet<VarId> = targets.iter().copied().collect();
    let mut rel: HashMap<FuncId, Vec<bool>> =
        funcs.iter().map(|f| (*f, vec![false; prog.func(*f).edges.len()])).collect();
    let mut has_rel: HashSet<FuncId> = HashSet::new();
    loop {
        let mut changed = false;
        for &f in &funcs {
            let func = prog.func(f);
            let mut r = rel[&f].clone();
            for (i, e) in func.edges.iter().enumerate() {
                if r[i] {
                    continue;
                }
                r[i] = ends_program(func, e.dst)
                    || match &e.op {
                        Op::Halt { .. } => true,
                        Op::Call { func: g, dst, .. } => has_rel.contains(g) || dst.is_some_and(|d| rv.contains(&d)),
                        Op::Return(Some(_)) => func.ret.is_some_and(|v| rv.contains(&v)),
                        op => op.def().is_some_and(|d| rv.contains(&d)),
                    };
            }
            for b in &branches[&f] {
                let outs = func.out_edges(b.at);
                if outs.iter().all(|e| r[e.index()]) {
                    continue;
                }
                if b.blocks || b.region.iter().any(|e| r[e.index()]) {
                    for e in outs {
                        r[e.index()] = true;
                    }
                }
            }
            // What the relevant transitions read is relevant.
            for (i, e) in func.edges.iter().enumerate() {
                if !r[i] {
                    continue;
                }
                let mut read: Vec<VarId> = Vec::new();
                match &e.op {
                    Op::Assign { value, .. } => read.extend(crate::genpss::uses(value)),
                    Op::Assume(c) => read.extend(crate::genpss::uses(c)),
                    Op::Return(Some(v)) => read.extend(crate::genpss::uses(v)),
                    Op::Halt { code: Some(c), .. } => read.extend(crate::genpss::uses(c)),
                    Op::Call { func: g, dst, args } => {
                        let callee = prog.func(*g);
                        if dst.is_some_and(|d| rv.contains(&d)) {
                            read.extend(callee.ret);
                        }
                        for (p, a) in callee.params.iter().zip(args) {
                            if rv.contains(p) {
                                read.extend(crate::genpss::uses(a));
                            }
                        }
                    }
                    _ => {}
                }
                for v in read {
                    changed |= rv.insert(v);
                }
            }
            if r != rel[&f] {
                changed = true;
                if r.iter().any(|x| *x) {
                    has_rel.insert(f);
                }
                rel.insert(f, r);
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = prog.clone();
    let mut calls = 0;
    let mut skipped: BTreeSet<FuncId> = BTreeSet::new();
    let mut clobbered: BTreeSet<VarId> = BTreeSet::new();
    for &f in &funcs {
        let r = &rel[&f];
        let func = &mut out.functions[f.index()];
        for (i, e) in func.edges.iter_mut().enumerate() {
            if let Op::Call { func: g, dst, .. } = &e.op {
                if !r[i] {
                    skipped.insert(*g);
                    clobbered.extend(*dst);
                    e.op = Op::Skip;
                    calls += 1;
                }
            }
        }
    }
    if calls == 0 {
        return None;
    }
    // Undefined behaviour the skipped callees (and theirs) could have, in the contexts they are
    // called in: the values each variable may hold at the check (`values.rs`, over every call
    // site), or, where that analysis gives up, with every variable free.
    let mut ub = BTreeSet::new();
    let mut stack: Vec<FuncId> = skipped.into_iter().collect();
    let mut seen: HashSet<FuncId> = stack.iter().copied().collect();
    while let Some(g) = stack.pop() {
        let func = prog.func(g);
        clobbered.extend(func.params.iter().copied());
        clobbered.extend(func.ret);
        clobbered.extend(func.edges.iter().filter_map(|e| e.op.def()));
        for l in func.loc_ids() {
            if let LocKind::Error { kind, message } = &func.loc(l).kind {
                // A check no values of the variables can fail (an index that is a remainder
                // by the length, …) is left out.
                let can_fail = func.edges.iter().filter(|e| e.dst == l).any(|e| match &e.op {
                    Op::Assume(c) => {
                        // Per calling context that may reach the check with values that fail it,
                        // those values (none: no context can fail it).
                        let contexts = match values {
                            Some(vs) => vs.may_take(prog, g, e, c),
                            None => vec![Vec::new()],
                        };
                        contexts.iter().any(|sets| {
                            let pc: Result<Vec<Term>, _> =
                                sets.iter().map(|x| crate::formula::term_of(x, &|v| syms.get(v))).collect();
                            match (crate::formula::term_of(c, &|v| syms.get(v)), pc) {
                                (Ok(t), Ok(pc)) => {
                                    !matches!(solver.check(&Query { pc: &pc, cond: t }), SatResult::Unsat)
                                }
                                _ => true,
                            }
                        })
                    }
                    _ => true,
                });
                if !kind.aborts_program() && can_fail {
                    ub.insert(format!(
                        "{} at {} ({message}; in `{}`, a call the slicer summarised)",
                        kind.name(),
                        prog.fmt_span(func.loc(l).span),
                        func.name
                    ));
                }
            }
        }
        for e in &func.edges {
            if let Op::Call { func: h, .. } = &e.op {
                if seen.insert(*h) {
                    stack.push(*h);
                }
            }
        }
    }
    Some(Summarised { prog: out, calls, ub: ub.into_iter().collect(), clobbered })
}
