//! The minimum distance to uncovered code of KLEE's coverage-new searcher (`md2u`, KLEE's
//! `StatsTracker::computeReachableUncovered`): per location, the fewest edges to an edge whose
//! branch or line no state has reached yet, through the callees of the calls on the way; for a
//! state, the best of its frames, each after the shortest way back to it from the frames above.
//! Only the program's own branches and lines are targets: the C library model's (`printf`'s
//! format parser has more branches than most utilities) are not what a user measures, and gcov
//! does not count them.

use kappa_ir::analysis::{CoverageMap, ItemId, ItemSet};
use kappa_ir::{Op, Program};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// No way there.
pub(crate) const FAR: u32 = u32::MAX / 4;

pub(crate) struct Distances {
    /// Per function, per location: the incoming edges (source, edge index).
    inc: Vec<Vec<Vec<(u32, u32)>>>,
    /// Per function, per location: the fewest edges to the function's exit, calls counted
    /// with their callee's way through (fixed for a program).
    to_exit: Vec<Vec<u32>>,
    /// Per function, per location: the fewest edges to an uncovered edge of this activation or
    /// of a function it calls.
    to_uncovered: Vec<Vec<u32>>,
    /// The program's own branch and line items (not the C library model's): the targets.
    own: Vec<ItemId>,
    /// Of which reached when `to_uncovered` was computed.
    pub(crate) reached: usize,
}

fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(FAR)
}

impl Distances {
    pub(crate) fn new(prog: &Program, map: &CoverageMap) -> Distances {
        let mut own: Vec<ItemId> = Vec::new();
        for (k, fc) in map.funcs.iter().enumerate() {
            if !prog.is_library(kappa_ir::FuncId(k as u32)) {
                own.extend(fc.branch.iter().chain(&fc.line).flatten());
            }
        }
        own.sort();
        own.dedup();
        let inc = prog
            .functions
            .iter()
            .map(|f| {
                let mut inc = vec![Vec::new(); f.locs.len()];
                for (i, e) in f.edges.iter().enumerate() {
                    if let Some(v) = inc.get_mut(e.dst.index()) {
                        v.push((e.src.0, i as u32));
                    }
                }
                inc
            })
            .collect();
        let mut d = Distances {
            inc,
            to_exit: prog.functions.iter().map(|f| vec![FAR; f.locs.len()]).collect(),
            to_uncovered: prog.functions.iter().map(|f| vec![FAR; f.locs.len()]).collect(),
            own,
            reached: usize::MAX,
        };
        // The exits first: a call's way through depends on its callee's, so iterate to the
        // fixed point (values only decrease).
        loop {
            let mut changed = false;
            for (k, f) in prog.functions.iter().enumerate() {
                let mut seed = vec![FAR; f.locs.len()];
                if let Some(x) = seed.get_mut(f.exit.index()) {
                    *x = 0;
                }
                let new = d.backward(prog, k, seed);
                if new != d.to_exit[k] {
                    d.to_exit[k] = new;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        d
    }

    /// How many of the program's own branches and lines are in `reached`.
    pub(crate) fn count(&self, reached: &ItemSet) -> usize {
        self.own.iter().filter(|&&i| reached.contains(i)).count()
    }

    /// Recomputes the distances to the program's own branches and lines not in `reached`.
    pub(crate) fn update(&mut self, prog: &Program, map: &CoverageMap, reached: &ItemSet) {
        self.reached = self.count(reached);
        for v in &mut self.to_uncovered {
            v.iter_mut().for_each(|x| *x = FAR);
        }
        let own = &self.own;
        let uncovered = |i: Option<ItemId>| i.is_some_and(|i| !reached.contains(i) && own.binary_search(&i).is_ok());
        loop {
            let mut changed = false;
            for (k, f) in prog.functions.iter().enumerate() {
                let Some(fc) = map.funcs.get(k) else { continue };
                // Where the way ends: an uncovered edge, or a call into uncovered code.
                let mut seed = vec![FAR; f.locs.len()];
                for (i, e) in f.edges.iter().enumerate() {
                    let Some(s) = seed.get_mut(e.src.index()) else { continue };
                    let here = if uncovered(fc.branch.get(i).copied().flatten())
                        || uncovered(fc.line.get(i).copied().flatten())
                    {
                        1
                    } else if let Op::Call { func, .. } = &e.op {
                        let g = func.index();
                        let entry = prog.functions.get(g).map(|c| c.entry.index());
                        add(1, entry.and_then(|l| self.to_uncovered.get(g)?.get(l).copied()).unwrap_or(FAR))
                    } else {
                        FAR
                    };
                    *s = (*s).min(here);
                }
                let new = self.backward(prog, k, seed);
                if new != self.to_uncovered[k] {
                    self.to_uncovered[k] = new;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Shortest ways backwards from the `seed` distances of function `k` (Dijkstra); an edge
    /// costs 1, a call 1 and its callee's way from entry to exit.
    fn backward(&self, prog: &Program, k: usize, mut dist: Vec<u32>) -> Vec<u32> {
        let f = &prog.functions[k];
        let mut heap: BinaryHeap<Reverse<(u32, u32)>> =
            dist.iter().enumerate().filter(|(_, &d)| d < FAR).map(|(l, &d)| Reverse((d, l as u32))).collect();
        while let Some(Reverse((d, l))) = heap.pop() {
            if d > dist[l as usize] {
                continue;
            }
            for &(src, e) in &self.inc[k][l as usize] {
                let w = match &f.edges[e as usize].op {
                    Op::Call { func, .. } => {
                        let g = func.index();
                        let entry = prog.functions.get(g).map(|c| c.entry.index());
                        add(1, entry.and_then(|l| self.to_exit.get(g)?.get(l).copied()).unwrap_or(FAR))
                    }
                    _ => 1,
                };
                let nd = add(d, w);
                if let Some(x) = dist.get_mut(src as usize) {
                    if nd < *x {
                        *x = nd;
                        heap.push(Reverse((nd, src)));
                    }
                }
            }
        }
        dist
    }

    /// The state's distance to uncovered code: from its location in the top frame, or from
    /// where each caller continues, after the way out of the frames above.
    pub(crate) fn of_state(&self, st: &crate::state::State) -> u32 {
        let mut best = FAR;
        let mut out = 0u32;
        let n = st.frames.len();
        for k in (0..n).rev() {
            let fr = &st.frames[k];
            let loc = if k + 1 == n {
                fr.loc
            } else {
                match st.frames[k + 1].ret_to {
                    Some((l, _)) => l,
                    None => break,
                }
            };
            let f = fr.func.index();
            let get = |t: &Vec<Vec<u32>>| t.get(f).and_then(|v| v.get(loc.index())).copied().unwrap_or(FAR);
            best = best.min(add(out, get(&self.to_uncovered)));
            out = add(out, get(&self.to_exit));
            if out >= FAR {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_ir::analysis::ItemKind;

    const PROGRAM: &str = "extern int __VERIFIER_nondet_int(void);
static int f(int a) {
    if (a > 3)
        return 1;
    return 2;
}
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = f(x);
    return y;
}
";

    fn lower() -> Program {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.c");
        std::fs::write(&path, PROGRAM).unwrap();
        kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).unwrap()
    }

    #[test]
    fn distances_lead_into_the_callee_to_its_uncovered_branch_and_nowhere_after_it() {
        let prog = lower();
        let map = CoverageMap::new(&prog);
        let f = prog.functions.iter().position(|x| x.name == "f").unwrap();
        let main = prog.functions.iter().position(|x| x.name == "main").unwrap();
        let mut all = ItemSet::with_capacity(map.len());
        for i in 0..map.len() as u32 {
            all.insert(ItemId(i));
        }
        let mut d = Distances::new(&prog, &map);
        d.update(&prog, &map, &all);
        assert!(d.to_uncovered.iter().flatten().all(|&x| x == FAR), "everything is covered");

        // Leave `if (a > 3)`'s two directions (line 3) and `return 1;` (line 4) uncovered.
        let mut reached = ItemSet::with_capacity(map.len());
        for i in 0..map.len() as u32 {
            let id = ItemId(i);
            let skip = match map.kind(id) {
                ItemKind::Branch => map.branch(id).is_some_and(|b| b.line == 3),
                ItemKind::Line => map.line(id).is_some_and(|l| l.line == 4),
                _ => false,
            };
            if !skip {
                reached.insert(id);
            }
        }
        d.update(&prog, &map, &reached);
        assert_eq!(d.reached, d.own.len() - 3);
        let (fe, me) = (prog.functions[f].entry.index(), prog.functions[main].entry.index());
        let in_f = d.to_uncovered[f][fe];
        let in_main = d.to_uncovered[main][me];
        assert!((1..FAR).contains(&in_f), "{in_f}");
        // From main's entry: the edges to the call, the call, then f's way.
        assert!(in_main > in_f && in_main < FAR, "{in_main} vs {in_f}");
        // After the call returns, nothing uncovered is reachable.
        let call = prog.functions[main].edges.iter().find(|e| matches!(e.op, Op::Call { .. })).unwrap();
        assert_eq!(d.to_uncovered[main][call.dst.index()], FAR);
        assert_eq!(d.to_uncovered[main][call.src.index()], 1 + in_f);
        // f's exit is reachable from its entry; main's through the call's way across f.
        assert!(d.to_exit[f][fe] < FAR);
        assert!(d.to_exit[main][me] > d.to_exit[f][fe]);
    }
}
