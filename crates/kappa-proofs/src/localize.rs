//! Lists kept in globals and changed by helper functions (a queue's `enqueue` and `dequeue` on
//! `front` / `back` globals): the list abstraction of [`crate::lseg`] works per function, on
//! registers local to it, so before it the program is brought into that form without changing
//! what it does:
//!
//! - calls from `main` to *leaf* functions (no calls, no local memory slots, not from a library)
//!   are inlined (`kappa_compact::inline::inline_one`: parameters assigned, returns assign the
//!   result), until none is left or a bound is reached;
//! - a global register that no function reachable from `main` other than `main` itself mentions
//!   any more becomes a local of `main`, assigned its initial value (zero or NULL when it has no
//!   initialiser) on `main`'s entry. `main` must not be called by any function, so it is entered
//!   once and the local lives as long as the global did.
//!
//! Functions no longer reachable from `main` are left as they were (they still name the
//! globals) and [`reachable_from_main`] lets the abstraction skip them.

use kappa_ir::expr::Expr;
use kappa_ir::{EdgeId, FuncId, LocInfo, LocKind, Op, Program, Ty, VarId, VarInfo, VarKind};
use std::collections::{BTreeMap, BTreeSet};

/// At most this many calls are inlined into `main`.
const MAX_INLINED: usize = 64;

fn callees(f: &kappa_ir::Function) -> impl Iterator<Item = (usize, FuncId)> + '_ {
    f.edges.iter().enumerate().filter_map(|(i, e)| match &e.op {
        Op::Call { func, .. } => Some((i, *func)),
        _ => None,
    })
}

/// The functions reachable from `main` through calls, `main` included (empty without `main`).
pub fn reachable_from_main(prog: &Program) -> BTreeSet<FuncId> {
    let mut seen = BTreeSet::new();
    let mut work: Vec<FuncId> = prog.main.into_iter().collect();
    while let Some(f) = work.pop() {
        if seen.insert(f) {
            work.extend(callees(prog.func(f)).map(|(_, g)| g));
        }
    }
    seen
}

/// The variables an operation reads or writes.
fn op_vars(op: &Op, out: &mut BTreeSet<VarId>) {
    let mut look = |e: &Expr| {
        e.for_each_var(&mut |v| {
            out.insert(v);
        })
    };
    match op {
        Op::Assume(c) | Op::Assign { value: c, .. } => look(c),
        Op::Load { ptr, .. } | Op::Free { ptr } => look(ptr),
        Op::Store { ptr, value } => {
            look(ptr);
            look(value)
        }
        Op::MemCopy { dst, src, size } => {
            look(dst);
            look(src);
            look(size)
        }
        Op::Alloc { size, .. } => look(size),
        Op::Call { args, .. } | Op::Output { args, .. } => args.iter().for_each(&mut look),
        Op::Return(Some(e)) | Op::Halt { code: Some(e), .. } => look(e),
        _ => {}
    }
    if let Some(d) = op.def() {
        out.insert(d);
    }
}

/// `prog` with `main`'s leaf callees inlined and the globals only `main` then uses made its
/// locals; `None` when nothing changed (no `main`, `main` called, no such global).
pub fn localize(prog: &Program) -> Option<Program> {
    let main = prog.main?;
    if prog.functions.iter().any(|f| callees(f).any(|(_, g)| g == main)) {
        return None;
    }
    let leaf = |p: &Program, g: FuncId| {
        let f = p.func(g);
        g != main && !p.is_library(g) && f.slots.is_empty() && callees(f).next().is_none()
    };
    let mut p = prog.clone();
    let before = p.vars.len();
    let mut inlined = 0;
    while inlined < MAX_INLINED {
        let m = p.func(main);
        let Some((i, _)) = callees(m).find(|(_, g)| leaf(&p, *g)) else { break };
        kappa_compact::inline::inline_one(&mut p, main, EdgeId(i as u32));
        inlined += 1;
    }
    // The callees' locals are the call's temporaries in `main` (no invariant is sought over
    // them at `main`'s loop heads, where they have no value before the call).
    for v in &mut p.vars[before..] {
        if v.kind == VarKind::Local(main) {
            v.kind = VarKind::Temp(main);
        }
    }
    // The globals `main` mentions and no other reachable function does.
    let reach = reachable_from_main(&p);
    let mut used: BTreeMap<FuncId, BTreeSet<VarId>> = BTreeMap::new();
    for &g in &reach {
        let set = used.entry(g).or_default();
        for e in &p.func(g).edges {
            op_vars(&e.op, set);
        }
    }
    let others: BTreeSet<VarId> =
        used.iter().filter(|(g, _)| **g != main).flat_map(|(_, s)| s.iter().copied()).collect();
    let globals: Vec<VarId> =
        used[&main].iter().copied().filter(|v| p.var(*v).kind == VarKind::Global && !others.contains(v)).collect();
    if globals.is_empty() {
        return None;
    }
    let mut map = BTreeMap::new();
    let mut init = Vec::new();
    for &g in &globals {
        let info = p.var(g).clone();
        let local = VarId(p.vars.len() as u32);
        p.vars.push(VarInfo { name: info.name.clone(), kind: VarKind::Local(main), ..info.clone() });
        p.functions[main.index()].vars.push(local);
        map.insert(g, local);
        let value = match p.globals.iter().find(|gi| gi.var == g) {
            Some(gi) => gi.value.clone(),
            None => match info.ty {
                Ty::Ptr => Expr::Null,
                Ty::Int(w) => Expr::int(0, w),
                Ty::Bool => Expr::Bool(false),
            },
        };
        init.push((local, value));
    }
    let f = &mut p.functions[main.index()];
    let sub = |e: &Expr| e.subst(&|v| map.get(&v).map(|l| Expr::Var(*l)));
    let var = |v: &VarId| *map.get(v).unwrap_or(v);
    for e in &mut f.edges {
        e.op = match &e.op {
            Op::Assume(c) => Op::Assume(sub(c)),
            Op::Assign { dst, value } => Op::Assign { dst: var(dst), value: sub(value) },
            Op::Nondet { dst, origin } => Op::Nondet { dst: var(dst), origin: origin.clone() },
            Op::Load { dst, ptr } => Op::Load { dst: var(dst), ptr: sub(ptr) },
            Op::Store { ptr, value } => Op::Store { ptr: sub(ptr), value: sub(value) },
            Op::MemCopy { dst, src, size } => Op::MemCopy { dst: sub(dst), src: sub(src), size: sub(size) },
            Op::Alloc { target, region, size, init } => {
                let target = match target {
                    kappa_ir::AllocTarget::Fresh(x) => kappa_ir::AllocTarget::Fresh(var(x)),
                    t => *t,
                };
                Op::Alloc { target, region: *region, size: sub(size), init: *init }
            }
            Op::Free { ptr } => Op::Free { ptr: sub(ptr) },
            Op::Call { dst, func, args } => {
                Op::Call { dst: dst.map(|d| var(&d)), func: *func, args: args.iter().map(sub).collect() }
            }
            Op::Return(x) => Op::Return(x.as_ref().map(sub)),
            Op::Halt { kind, code } => Op::Halt { kind: *kind, code: code.as_ref().map(sub) },
            Op::Output { kind, args, dst } => {
                Op::Output { kind: *kind, args: args.iter().map(sub).collect(), dst: dst.map(|d| var(&d)) }
            }
            Op::Skip => Op::Skip,
        };
    }
    // The initial values, on a chain of new locations before the old entry.
    let span = f.loc(f.entry).span;
    let mut at = f.entry;
    for (local, value) in init.into_iter().rev() {
        f.locs.push(LocInfo { kind: LocKind::Normal, span });
        let start = kappa_ir::Loc(f.locs.len() as u32 - 1);
        f.edges.push(kappa_ir::Edge { src: start, dst: at, op: Op::Assign { dst: local, value }, span });
        at = start;
    }
    f.entry = at;
    f.index_edges();
    p.validate().ok()?;
    Some(p)
}
