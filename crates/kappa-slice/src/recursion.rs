//! Recursion as callee summaries (issue 24). The slicer inlines calls (the paper's section 5),
//! which recursion makes endless; a call that closes a cycle of the call graph is replaced by a
//! summary of the callee built from its mod set:
//!
//! * the callee may reach an error or stop the program (transitively): a nondeterministic
//!   choice leads there;
//! * otherwise it returns: every global and memory cell it (transitively) may write gets an
//!   unknown value, and so does the call's result.
//!
//! The callee's own registers (locals and parameters) are not havocked: an activation's writes
//! to them cannot be seen by the caller's activation. The summary has every behaviour of the
//! call and maybe more, so the slice of the summarised program is an over-approximation, which
//! [`crate::SliceResult::approximations`] names. The remaining call graph has no cycle.

use kappa_ir::*;
use std::collections::{BTreeSet, HashMap};

/// What a call of each function may do, its callees included.
#[derive(Clone, Default, PartialEq)]
struct Effect {
    /// Globals and memory cells it may write.
    writes: BTreeSet<VarId>,
    /// An error of the property (reach_error, assert) it may reach.
    error: Option<(ErrorKind, String)>,
    /// How it may stop the program.
    halt: Option<HaltKind>,
}

/// The program with each recursive call replaced by its callee's summary, and what was
/// summarised, or `None` if the entry reaches no recursion. `first_cell` is the first variable
/// that the memory lowering created (cells); variables before it that are locals or parameters
/// are registers.
pub(crate) fn summarise(prog: &Program, entry: &str, first_cell: usize) -> Option<(Program, Vec<String>)> {
    let entry = prog.functions.iter().position(|f| f.name == entry && !f.locs.is_empty()).map(|i| FuncId(i as u32))?;
    // Depth-first from the entry: a call to a function on the stack closes a cycle.
    let mut back: BTreeSet<(FuncId, EdgeId)> = BTreeSet::new();
    let mut state: HashMap<FuncId, u8> = HashMap::new();
    let mut funcs = Vec::new();
    let mut stack: Vec<(FuncId, usize)> = vec![(entry, 0)];
    state.insert(entry, 1);
    while let Some((f, i)) = stack.pop() {
        let func = prog.func(f);
        if i == func.edges.len() {
            state.insert(f, 2);
            funcs.push(f);
            continue;
        }
        stack.push((f, i + 1));
        if let Op::Call { func: g, .. } = &func.edges[i].op {
            if prog.func(*g).locs.is_empty() {
                // Refused by name later.
                continue;
            }
            match state.get(g) {
                Some(1) => {
                    back.insert((f, EdgeId(i as u32)));
                }
                Some(_) => {}
                None => {
                    state.insert(*g, 1);
                    stack.push((*g, 0));
                }
            }
        }
    }
    if back.is_empty() {
        return None;
    }
    let register = |v: VarId| v.index() < first_cell && !matches!(prog.var(v).kind, VarKind::Global);
    // Effects to the fixpoint (the call graph has cycles).
    let mut eff: HashMap<FuncId, Effect> = funcs.iter().map(|f| (*f, Effect::default())).collect();
    loop {
        let mut changed = false;
        for &f in &funcs {
            let func = prog.func(f);
            let mut e = eff[&f].clone();
            for l in &func.locs {
                if let LocKind::Error { kind, message } = &l.kind {
                    if kind.aborts_program() && e.error.is_none() {
                        e.error = Some((*kind, message.clone()));
                    }
                }
            }
            for edge in &func.edges {
                if let Some(d) = edge.op.def() {
                    if !register(d) {
                        e.writes.insert(d);
                    }
                }
                match &edge.op {
                    Op::Halt { kind, .. } => e.halt = e.halt.or(Some(*kind)),
                    Op::Call { func: g, .. } => {
                        if let Some(c) = eff.get(g) {
                            e.writes.extend(c.writes.iter().copied());
                            if e.error.is_none() {
                                e.error = c.error.clone();
                            }
                            e.halt = e.halt.or(c.halt);
                        }
                    }
                    _ => {}
                }
            }
            if e != eff[&f] {
                eff.insert(f, e);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = prog.clone();
    let mut what = Vec::new();
    for &(f, id) in &back {
        let edge = prog.func(f).edge(id).clone();
        let Op::Call { dst, func: g, .. } = &edge.op else { continue };
        let e = &eff[g];
        what.push(format!(
            "the recursive call of `{}` at {} (a summary of the callee: its result and what it may write)",
            prog.func(*g).name,
            prog.fmt_span(edge.span)
        ));
        let span = edge.span;
        let origin = NondetOrigin::Uninit { var: format!("result of {}", prog.func(*g).name) };
        let choice = VarId(out.vars.len() as u32);
        out.vars.push(VarInfo {
            name: format!("outcome{}_{}", span.line, choice.index()),
            ty: Ty::Int(8),
            ctype: CType::Int { rank: IntRank::Char, signed: false },
            kind: VarKind::Local(f),
            span,
        });
        let func = &mut out.functions[f.index()];
        func.vars.push(choice);
        let new_loc = |func: &mut Function, kind: LocKind| {
            func.locs.push(LocInfo { kind, span });
            Loc(func.locs.len() as u32 - 1)
        };
        let chosen = new_loc(func, LocKind::Normal);
        let returns = new_loc(func, LocKind::Normal);
        let mut edges = vec![
            Edge { src: edge.src, dst: chosen, op: Op::Nondet { dst: choice, origin: origin.clone() }, span },
            Edge {
                src: chosen,
                dst: returns,
                op: Op::Assume(Expr::bin(BinOp::Eq, Expr::Var(choice), Expr::uint(0, 8))),
                span,
            },
        ];
        if let Some((kind, message)) = &e.error {
            let err = new_loc(func, LocKind::Error { kind: *kind, message: message.clone() });
            edges.push(Edge {
                src: chosen,
                dst: err,
                op: Op::Assume(Expr::bin(BinOp::Eq, Expr::Var(choice), Expr::uint(1, 8))),
                span,
            });
        }
        if let Some(kind) = e.halt {
            let before = new_loc(func, LocKind::Normal);
            let halt = new_loc(func, LocKind::Halt);
            edges.push(Edge {
                src: chosen,
                dst: before,
                op: Op::Assume(Expr::bin(BinOp::Eq, Expr::Var(choice), Expr::uint(2, 8))),
                span,
            });
            edges.push(Edge { src: before, dst: halt, op: Op::Halt { kind, code: None }, span });
        }
        let mut at = returns;
        for v in e.writes.iter().copied().chain(*dst) {
            let next = new_loc(func, LocKind::Normal);
            edges.push(Edge { src: at, dst: next, op: Op::Nondet { dst: v, origin: origin.clone() }, span });
            at = next;
        }
        edges.push(Edge { src: at, dst: edge.dst, op: Op::Skip, span });
        func.edges[id.index()] = edges.remove(0);
        func.edges.extend(edges);
        func.index_edges();
    }
    Some((out, what))
}

/// A function that can call itself (through its callees), if any.
pub(crate) fn recursive_function(prog: &Program) -> Option<FuncId> {
    let callees = |f: FuncId| -> Vec<FuncId> {
        prog.func(f)
            .edges
            .iter()
            .filter_map(|e| match &e.op {
                Op::Call { func, .. } => Some(*func),
                _ => None,
            })
            .collect()
    };
    (0..prog.functions.len()).map(|i| FuncId(i as u32)).find(|&f| {
        let mut seen: BTreeSet<FuncId> = BTreeSet::new();
        let mut stack = callees(f);
        while let Some(g) = stack.pop() {
            if g == f {
                return true;
            }
            if seen.insert(g) {
                stack.extend(callees(g));
            }
        }
        false
    })
}
