//! Non-termination by lassos, for SV-COMP's `termination` ([`crate::Config::lassos`]).
//!
//! A path that reaches a loop head in a state it already had there, for some inputs, repeats
//! the iterations in between forever: given the same nondet values again, every branch of the
//! cycle is decided the same way and the state comes back once more. At each loop head the
//! state is compared with the path's last [`LASSO_WINDOW`] visits of that head: the same call
//! stack, the same live registers, globals and memory objects. When the path condition and the
//! equality of the two states are satisfiable together, the path ends in the error
//! `non_termination`; its test holds the inputs of the stem and of one turn of the cycle.
//!
//! Only what the engine can compare exactly is claimed: a cycle that allocates, a symbolic-size
//! object that changed, an input heap, a register written on one visit and not the other give
//! no lasso (and the path goes on).

use super::*;
use crate::state::{LassoSnap, LASSO_WINDOW};
use kappa_ir::analysis::{loop_headers, Liveness};

/// Objects larger than this that changed between two visits are not compared.
const MAX_COMPARED_BYTES: u64 = 4096;

/// The loop heads and live registers of every function, computed once per run.
pub(crate) struct Lassos {
    heads: Vec<Vec<Loc>>,
    live: Vec<Liveness>,
}

impl Lassos {
    pub(crate) fn new(prog: &Program) -> Lassos {
        Lassos {
            heads: prog.functions.iter().map(loop_headers).collect(),
            live: prog.functions.iter().map(Liveness::of).collect(),
        }
    }

    fn is_head(&self, f: FuncId, l: Loc) -> bool {
        self.heads.get(f.index()).is_some_and(|h| h.binary_search(&l).is_ok())
    }
}

fn same_value(a: &Option<SVal>, b: &Option<SVal>) -> Option<Term> {
    match (a, b) {
        (None, None) => Some(Term::tt()),
        (Some(SVal::Int(x)), Some(SVal::Int(y))) | (Some(SVal::Bool(x)), Some(SVal::Bool(y))) => Some(x.eq(y)),
        (Some(SVal::Ptr(x)), Some(SVal::Ptr(y))) => Some(x.eq(y)),
        _ => None,
    }
}

impl<'p> Engine<'p> {
    /// At a loop head: the condition under which the state equals one of the path's earlier
    /// visits of this head, if the solver finds it satisfiable with the path condition (the
    /// caller then ends the path in `non_termination`), with the number of edges between the
    /// two visits. Records this visit otherwise.
    pub(crate) fn lasso_at(&mut self, st: &mut State, fid: FuncId, loc: Loc) -> Option<(Term, u64)> {
        let lassos = self.lassos.as_ref()?;
        if !lassos.is_head(fid, loc) || !st.heap.is_empty() {
            return None;
        }
        // A state split or re-stepped at the head without taking an edge is the same visit.
        if st.lasso.last().is_some_and(|s| s.func == fid && s.loc == loc && s.depth == st.depth) {
            return None;
        }
        let live = &lassos.live[fid.index()];
        let candidates: Vec<(Term, u64)> = st
            .lasso
            .iter()
            .rev()
            .filter(|s| s.func == fid && s.loc == loc)
            .filter_map(|snap| Some((self.same_state(st, snap, live, loc)?, st.depth - snap.depth)))
            .filter(|(c, _)| !c.is_false())
            .collect();
        let mut found = None;
        for (cond, cycle) in candidates {
            if let SatResult::Sat = self.query(st, &cond) {
                found = Some((cond, cycle));
                break;
            }
        }
        if found.is_none() {
            let snap = LassoSnap {
                func: fid,
                loc,
                frames: st.frames.clone(),
                globals: st.globals.clone(),
                memory: st.memory.clone(),
                depth: st.depth,
            };
            let v = Rc::make_mut(&mut st.lasso);
            if v.len() >= LASSO_WINDOW {
                v.remove(0);
            }
            v.push(Rc::new(snap));
        }
        found
    }

    /// The condition under which `st` and `snap` are the same state (`None`: they cannot be, or
    /// cannot be compared).
    fn same_state(&self, st: &State, snap: &LassoSnap, live: &Liveness, loc: Loc) -> Option<Term> {
        if st.frames.len() != snap.frames.len() {
            return None;
        }
        let mut conds = Vec::new();
        let top = st.frames.len() - 1;
        for (i, (a, b)) in st.frames.iter().zip(&snap.frames).enumerate() {
            if Rc::ptr_eq(a, b) {
                continue;
            }
            if a.func != b.func
                || a.loc != b.loc
                || a.ret_to != b.ret_to
                || a.slots != b.slots
                || a.stack_objs != b.stack_objs
                || a.pending.is_some()
                || b.pending.is_some()
                || a.regs.len() != b.regs.len()
            {
                return None;
            }
            for (r, (x, y)) in a.regs.iter().zip(&b.regs).enumerate() {
                if i == top && !live.is_live(loc, r) {
                    continue;
                }
                conds.push(same_value(x, y)?);
            }
        }
        if !Rc::ptr_eq(&st.globals, &snap.globals) {
            if st.globals.len() != snap.globals.len() {
                return None;
            }
            for (x, y) in st.globals.iter().zip(snap.globals.iter()) {
                conds.push(same_value(x, y)?);
            }
        }
        conds.push(st.memory.same_as(&snap.memory, MAX_COMPARED_BYTES)?);
        Some(Term::and_all(conds))
    }
}
