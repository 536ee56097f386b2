//! Inlining of small leaf functions called inside loops. A cycle whose core calls a function
//! cannot be summarised (the callee may branch inside one iteration); SV-COMP loops call
//! `__VERIFIER_assert(c)` all the time. Replacing such calls by the callee's flowgraph makes
//! the check part of the cycle, with its error location as an exit.
//!
//! Only functions without calls, loops, local memory or exits are inlined, so that nothing
//! observable changes: the error locations keep their spans, hence tests and replay are the same.

use kappa_ir::analysis::{dominators, natural_loops};
use kappa_ir::*;
use std::collections::{HashMap, HashSet};

/// Largest callee (in edges) that is inlined.
const MAX_EDGES: usize = 200;

fn inlinable(f: &Function) -> bool {
    if f.edges.len() > MAX_EDGES || !f.slots.is_empty() {
        return false;
    }
    if f.edges.iter().any(|e| matches!(e.op, Op::Call { .. } | Op::Alloc { .. } | Op::Halt { .. })) {
        return false;
    }
    let dom = dominators(f);
    natural_loops(f, &dom).loops.is_empty()
}

/// Inlines calls in loop bodies; returns how many.
pub fn inline_calls_in_loops(prog: &mut Program) -> usize {
    let mut count = 0;
    for fi in 0..prog.functions.len() {
        // Calls inside loops of this function.
        let f = &prog.functions[fi];
        let dom = dominators(f);
        let loops = natural_loops(f, &dom);
        let in_loop: HashSet<Loc> = loops.loops.iter().flat_map(|l| l.body.iter().copied()).collect();
        let calls: Vec<EdgeId> = f
            .edge_ids()
            .filter(|e| {
                let edge = f.edge(*e);
                in_loop.contains(&edge.src)
                    && match &edge.op {
                        Op::Call { func, .. } => func.index() != fi && inlinable(&prog.functions[func.index()]),
                        _ => false,
                    }
            })
            .collect();
        for e in calls {
            inline_one(prog, FuncId(fi as u32), e);
            count += 1;
        }
    }
    count
}

/// Replaces the call edge `call` of `caller` by a copy of the callee's flowgraph (its variables
/// renamed into the caller, its returns assigning the call's result), recording each copied edge's
/// origin. The callee must not be the caller.
pub fn inline_one(prog: &mut Program, caller: FuncId, call: EdgeId) {
    let ce = prog.functions[caller.index()].edges[call.index()].clone();
    let Op::Call { dst, func, args } = ce.op else { return };
    let callee = prog.functions[func.index()].clone();
    // Copies of the callee's variables in the caller.
    let mut vmap: HashMap<VarId, VarId> = HashMap::new();
    for v in &callee.vars {
        let info = prog.vars[v.index()].clone();
        let kind = match info.kind {
            VarKind::Temp(_) | VarKind::Ret(_) => VarKind::Temp(caller),
            _ => VarKind::Local(caller),
        };
        let name = format!("{}.{}", callee.name, info.name);
        prog.vars.push(VarInfo { name, kind, ..info });
        let nv = VarId((prog.vars.len() - 1) as u32);
        prog.functions[caller.index()].vars.push(nv);
        vmap.insert(*v, nv);
    }
    let g = &mut prog.functions[caller.index()];
    let base = g.locs.len() as u32;
    for l in &callee.locs {
        let kind = match &l.kind {
            LocKind::Exit => LocKind::Normal,
            k => k.clone(),
        };
        g.locs.push(LocInfo { kind, span: l.span });
    }
    let at = |l: Loc| Loc(base + l.0);
    // The call edge becomes the assignment of the arguments to the parameters.
    let mut first = true;
    let mut cur = ce.src;
    let params: Vec<(VarId, Expr)> = callee.params.iter().zip(args).map(|(p, a)| (vmap[p], a)).collect();
    let mut new_edges = Vec::new();
    for (p, a) in params {
        let next = Loc(g.locs.len() as u32);
        g.locs.push(LocInfo { kind: LocKind::Normal, span: ce.span });
        new_edges.push(Edge { src: cur, dst: next, op: Op::Assign { dst: p, value: a }, span: ce.span });
        cur = next;
        first = false;
    }
    let _ = first;
    new_edges.push(Edge { src: cur, dst: at(callee.entry), op: Op::Skip, span: ce.span });
    // The callee's edges, variables renamed; returns assign the result and go back. Each copy
    // remembers its original (through the original's own origin, if it is a copy itself).
    let first_copy = new_edges.len();
    for e in &callee.edges {
        let op = rename_op(&e.op, &vmap);
        match op {
            Op::Return(v) => {
                let target = ce.dst;
                match (v, dst) {
                    (Some(v), Some(d)) => new_edges.push(Edge {
                        src: at(e.src),
                        dst: target,
                        op: Op::Assign { dst: d, value: v },
                        span: e.span,
                    }),
                    _ => new_edges.push(Edge { src: at(e.src), dst: target, op: Op::Skip, span: e.span }),
                }
            }
            op => new_edges.push(Edge { src: at(e.src), dst: at(e.dst), op, span: e.span }),
        }
    }
    // The original call edge is replaced; the others are appended.
    let appended_from = g.edges.len();
    g.edges[call.index()] = new_edges.remove(0);
    g.edges.extend(new_edges);
    g.index_edges();
    for (k, e) in callee.edge_ids().enumerate() {
        // new_edges[first_copy + k] is at appended_from + first_copy + k - 1 (its first
        // element went to the call's place, and first_copy >= 1).
        let copy = EdgeId((appended_from + first_copy + k - 1) as u32);
        let origin = prog.edge_origin.get(&(func, e)).copied().unwrap_or((func, e));
        prog.edge_origin.insert((caller, copy), origin);
    }
}

fn rename_op(op: &Op, m: &HashMap<VarId, VarId>) -> Op {
    let r = |e: &Expr| rename(e, m);
    let v = |x: &VarId| *m.get(x).unwrap_or(x);
    match op {
        Op::Skip => Op::Skip,
        Op::Assume(c) => Op::Assume(r(c)),
        Op::Assign { dst, value } => Op::Assign { dst: v(dst), value: r(value) },
        Op::Nondet { dst, origin } => Op::Nondet { dst: v(dst), origin: origin.clone() },
        Op::Load { dst, ptr } => Op::Load { dst: v(dst), ptr: r(ptr) },
        Op::Store { ptr, value } => Op::Store { ptr: r(ptr), value: r(value) },
        Op::MemCopy { dst, src, size } => Op::MemCopy { dst: r(dst), src: r(src), size: r(size) },
        Op::Alloc { target, region, size, init } => {
            let target = match target {
                AllocTarget::Fresh(x) => AllocTarget::Fresh(v(x)),
                t => *t,
            };
            Op::Alloc { target, region: *region, size: r(size), init: *init }
        }
        Op::Free { ptr } => Op::Free { ptr: r(ptr) },
        Op::Call { dst, func, args } => {
            Op::Call { dst: dst.map(|d| v(&d)), func: *func, args: args.iter().map(r).collect() }
        }
        Op::Return(x) => Op::Return(x.as_ref().map(r)),
        Op::Halt { kind, code } => Op::Halt { kind: *kind, code: code.as_ref().map(r) },
        Op::Output { kind, args, dst } => {
            Op::Output { kind: *kind, args: args.iter().map(r).collect(), dst: dst.map(|d| v(&d)) }
        }
    }
}

fn rename(e: &Expr, m: &HashMap<VarId, VarId>) -> Expr {
    e.subst(&|v| m.get(&v).map(|w| Expr::Var(*w)))
}
