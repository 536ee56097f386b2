//! Live registers and the locations where a path can come back: what two states at one location
//! must agree on to behave alike from there. A register is live at a location when some path
//! from it reads the register before writing it; a dead one cannot change what happens next.
//!
//! Used to recognise a *lasso* for SV-COMP's `termination` (the engine's symbolic check and the
//! interpreter's concrete confirmation): a loop head reached twice on one path with equal live
//! registers, globals and memory repeats forever.

use super::{dominators, natural_loops};
use crate::program::{Function, Loc, VarId};
use std::collections::HashMap;

/// The live registers of each location of one function, as positions in [`Function::vars`]
/// (the function's own registers; globals are not tracked here).
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    live: Vec<Vec<bool>>,
}

impl Liveness {
    /// Backward may-analysis to a fixpoint: `live(src) ⊇ uses(e) ∪ (live(dst) \ def(e))`.
    pub fn of(f: &Function) -> Liveness {
        let pos: HashMap<VarId, usize> = f.vars.iter().enumerate().map(|(i, v)| (*v, i)).collect();
        let n = f.vars.len();
        let mut live = vec![vec![false; n]; f.locs.len()];
        let edges: Vec<(usize, usize, Option<usize>, Vec<usize>)> = f
            .edges
            .iter()
            .filter(|e| e.src.index() < f.locs.len() && e.dst.index() < f.locs.len())
            .map(|e| {
                let mut uses = Vec::new();
                e.op.for_each_use(&mut |v| uses.extend(pos.get(&v)));
                (e.src.index(), e.dst.index(), e.op.def().and_then(|v| pos.get(&v).copied()), uses)
            })
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for (src, dst, def, uses) in edges.iter().rev() {
                let add: Vec<usize> = (0..n)
                    .filter(|&r| !live[*src][r] && (uses.contains(&r) || (live[*dst][r] && *def != Some(r))))
                    .collect();
                for r in add {
                    live[*src][r] = true;
                    changed = true;
                }
            }
        }
        Liveness { live }
    }

    /// Is the register at position `reg` of [`Function::vars`] live at `l`? (Out of range:
    /// live, the safe answer.)
    pub fn is_live(&self, l: Loc, reg: usize) -> bool {
        self.live.get(l.index()).and_then(|v| v.get(reg).copied()).unwrap_or(true)
    }
}

/// The headers of the natural loops of `f`, sorted: where a non-terminating path comes back.
pub fn loop_headers(f: &Function) -> Vec<Loc> {
    let dom = dominators(f);
    let mut h: Vec<Loc> = natural_loops(f, &dom).loops.iter().map(|l| l.header).collect();
    h.sort();
    h.dedup();
    h
}
