//! The program over which loop-head invariants for the slicer are proved
//! ([`crate::SliceOptions::invariants`]): the slicer's program with memory as cells
//! ([`crate::cells_program`]), in which the loops that call a function writing globals (cells
//! are globals) are cut, and the locals the front-end renamed (`i.1`) have identifiers.
//!
//! The inductive check of k-induction (`kappa_proofs::kind::step_case`) havocs what a loop
//! writes, and does not support a loop that calls a function which may write globals or memory:
//! the whole program is then refused. A driver's harness loops over dispatch routines that write
//! the device extension, and so no loop of the driver (a buffer copy in a dispatch routine)
//! would get invariants. Here such a loop is cut at its head instead: on entry every register
//! its body writes and every global its callees may write (transitively) becomes arbitrary,
//! and its back edges end the path. Every state of a real execution at the head after some
//! iterations is one of the havocked states (what is not havocked is not written by the
//! loop), so the cut program has every behaviour of the program at the other loops' heads, and
//! maybe more: an invariant proved over it holds in the program. The cut loop itself gets no
//! invariant (it is no longer a loop).

use kappa_ir::analysis::{analyze_program, CycleOptions};
use kappa_ir::expr::Expr;
use kappa_ir::*;
use std::collections::BTreeSet;

/// Globals each function may write, its callees' included.
fn global_writes(prog: &Program) -> Vec<BTreeSet<VarId>> {
    let direct: Vec<BTreeSet<VarId>> = prog
        .functions
        .iter()
        .map(|f| {
            f.edges.iter().filter_map(|e| e.op.def()).filter(|v| matches!(prog.var(*v).kind, VarKind::Global)).collect()
        })
        .collect();
    kappa_ir::analysis::close_over_calls(prog, direct, |a, b| {
        let n = a.len();
        a.extend(b.iter().copied());
        a.len() != n
    })
}

/// [`crate::cells_program`] with every loop that calls a function writing globals cut at its
/// head (see the module's documentation).
pub fn invariant_program(prog: &Program, entry: &str) -> Result<Program, crate::SliceError> {
    let mut cells = crate::cells_program(prog, entry)?;
    // The candidate pool takes registers C can name: a local the front-end renamed (`i.1`,
    // the second `i` of a function) is given a name it can take.
    for v in cells.vars.iter_mut() {
        if matches!(v.kind, VarKind::Local(_) | VarKind::Param(_)) {
            v.name = v.name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        }
    }
    let writes = global_writes(&cells);
    let analyses = analyze_program(&cells, &CycleOptions::default());
    let mut p = cells.clone();
    for (fi, a) in analyses.iter().enumerate() {
        let f0 = &cells.functions[fi];
        for l in &a.loops.loops {
            let body: BTreeSet<Loc> = l.body.iter().copied().collect();
            let mut havoc: BTreeSet<VarId> = BTreeSet::new();
            let mut calls_writer = false;
            for e in &f0.edges {
                if !body.contains(&e.src) {
                    continue;
                }
                havoc.extend(e.op.def());
                if let Op::Call { func, .. } = &e.op {
                    let g = &writes[func.index()];
                    calls_writer |= !g.is_empty();
                    havoc.extend(g.iter().copied());
                }
            }
            if !calls_writer {
                continue;
            }
            if havoc.iter().any(|v| !matches!(cells.var_ty(*v), Ty::Int(_))) {
                // Not havocked faithfully: left to the step case, which refuses it.
                continue;
            }
            cut(&cells, &mut p.functions[fi], f0, l, &havoc);
        }
        p.functions[fi].index_edges();
    }
    p.validate().map_err(|e| crate::SliceError::Internal(format!("the program with loops cut is not valid: {e}")))?;
    Ok(p)
}

fn cut(prog: &Program, f: &mut Function, f0: &Function, l: &kappa_ir::analysis::NaturalLoop, havoc: &BTreeSet<VarId>) {
    let span = f0.loc(l.header).span;
    let new_loc = |f: &mut Function| {
        f.locs.push(LocInfo { kind: LocKind::Normal, span });
        Loc(f.locs.len() as u32 - 1)
    };
    let pre = new_loc(f);
    for e in f0.in_edges(l.header) {
        if !l.back_edges.contains(e) {
            f.edges[e.index()].dst = pre;
        }
    }
    if f.entry == l.header {
        f.entry = pre;
    }
    let mut at = pre;
    for v in havoc {
        let next = new_loc(f);
        let origin = NondetOrigin::Uninit { var: prog.var(*v).name.clone() };
        f.edges.push(Edge { src: at, dst: next, op: Op::Nondet { dst: *v, origin }, span });
        at = next;
    }
    f.edges.push(Edge { src: at, dst: l.header, op: Op::Skip, span });
    let dead = new_loc(f);
    for e in &l.back_edges {
        let latch = new_loc(f);
        f.edges[e.index()].dst = latch;
        f.edges.push(Edge { src: latch, dst: dead, op: Op::Assume(Expr::Bool(false)), span });
    }
}
