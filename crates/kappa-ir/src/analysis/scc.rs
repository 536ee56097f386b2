//! Strongly connected components (Tarjan, iterative so that long flowgraphs cannot overflow the
//! stack), and irreducible regions.
//!
//! Every cycle through a back edge lies inside the natural loop of that back edge's header. A
//! cycle with no back edge on it is not described by any natural loop: it can be entered at more
//! than one location (a `goto` into a loop body). Such cycles are exactly the cycles of the
//! flowgraph with the back edges removed, so an SCC is flagged irreducible when it still contains
//! a cycle after removing them.

use super::loops::LoopForest;
use super::Cfg;
use crate::program::{EdgeId, Function, Loc};

/// A non-trivial strongly connected component: more than one location, or one with a self-loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scc {
    /// Sorted.
    pub locs: Vec<Loc>,
    /// Locations of the component entered from outside it: the target of an edge from another
    /// reachable location, or the function's entry. Sorted. More than one entry means the
    /// component is not a single natural loop.
    pub entries: Vec<Loc>,
    /// Reachable from the function's entry (a component is reachable as a whole or not at all).
    pub reachable: bool,
    /// Contains a cycle through no back edge, i.e. not covered by any natural loop. Only
    /// reachable components are classified; unreachable ones are never flagged.
    pub irreducible: bool,
}

/// The non-trivial SCCs of a function.
#[derive(Clone, Debug, Default)]
pub struct Sccs {
    /// In Tarjan's output order: a component comes before every component that reaches it.
    pub sccs: Vec<Scc>,
    /// Index into `sccs` per location, `u32::MAX` if in no non-trivial component.
    of: Vec<u32>,
}

impl Sccs {
    /// The non-trivial component containing `l`, as an index into [`Sccs::sccs`].
    pub fn scc_of(&self, l: Loc) -> Option<usize> {
        self.of.get(l.index()).filter(|&&i| i != u32::MAX).map(|&i| i as usize)
    }

    /// Whether `l` lies on a cycle of the flowgraph.
    pub fn on_cycle(&self, l: Loc) -> bool {
        self.scc_of(l).is_some()
    }

    /// Whether the (reachable part of the) function has irreducible control flow.
    pub fn has_irreducible(&self) -> bool {
        self.sccs.iter().any(|s| s.irreducible)
    }
}

/// Non-trivial SCCs of `f`; `loops` must be [`super::natural_loops`] of `f` (its back edges
/// decide irreducibility).
pub fn strongly_connected_components(f: &Function, loops: &LoopForest) -> Sccs {
    let g = Cfg::new(f);
    let reach = g.reachable();
    let all: Vec<u32> = (0..g.n as u32).collect();
    let active = vec![true; g.n];
    let mut tj = Tarjan::new(g.n);
    let comps = tj.run(&g, &all, &active, |_| true);

    let mut of = vec![u32::MAX; g.n];
    let mut sccs = Vec::new();
    for comp in comps {
        if !is_nontrivial(&g, &comp) {
            continue;
        }
        let idx = sccs.len() as u32;
        for &v in &comp {
            of[v as usize] = idx;
        }
        let mut locs: Vec<Loc> = comp.iter().map(|&v| Loc(v)).collect();
        locs.sort_unstable();
        let reachable = reach[comp[0] as usize];
        sccs.push(Scc { locs, entries: Vec::new(), reachable, irreducible: false });
    }
    for (i, scc) in sccs.iter_mut().enumerate() {
        let entries: Vec<Loc> = scc
            .locs
            .iter()
            .copied()
            .filter(|&l| {
                Some(l.0) == g.entry
                    || g.inc[l.index()].iter().any(|&e| {
                        let p = g.src(e) as usize;
                        reach[p] && of[p] != i as u32
                    })
            })
            .collect();
        scc.entries = entries;
    }

    // Cycles left in the reachable graph once back edges are removed are irreducible. Self-loops
    // are always back edges, so only components of two or more locations count.
    let reach_nodes: Vec<u32> = all.iter().copied().filter(|&v| reach[v as usize]).collect();
    for comp in tj.run(&g, &reach_nodes, &reach, |e| !loops.is_back_edge(e)) {
        if comp.len() > 1 {
            let i = of[comp[0] as usize];
            if i != u32::MAX {
                sccs[i as usize].irreducible = true;
            }
        }
    }
    Sccs { sccs, of }
}

/// Whether a component has a cycle: more than one location, or a self-loop.
pub(crate) fn is_nontrivial(g: &Cfg, comp: &[u32]) -> bool {
    match comp {
        [] => false,
        [v] => g.out[*v as usize].iter().any(|&e| g.dst(e) == *v),
        _ => true,
    }
}

/// Reusable workspace for Tarjan's algorithm on subgraphs of one flowgraph: the per-location
/// arrays are allocated once and reset only where a run touched them, so that running it on many
/// small subgraphs (as Johnson's algorithm does) costs the size of the subgraphs only.
pub(crate) struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
}

impl Tarjan {
    pub fn new(n: usize) -> Self {
        Tarjan { index: vec![u32::MAX; n], low: vec![0; n], on_stack: vec![false; n] }
    }

    /// SCCs (all of them, trivial ones included) of the subgraph induced by `nodes`, all of
    /// which must be `active`, following only edges to active locations for which `follow`
    /// holds. Components come in reverse topological order.
    pub fn run(&mut self, g: &Cfg, nodes: &[u32], active: &[bool], follow: impl Fn(EdgeId) -> bool) -> Vec<Vec<u32>> {
        let mut comps = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        let mut call: Vec<(u32, usize)> = Vec::new();
        let mut counter = 0u32;
        for &root in nodes {
            if self.index[root as usize] != u32::MAX {
                continue;
            }
            self.index[root as usize] = counter;
            self.low[root as usize] = counter;
            counter += 1;
            stack.push(root);
            self.on_stack[root as usize] = true;
            call.push((root, 0));
            while let Some(top) = call.last_mut() {
                let (v, i) = (top.0 as usize, top.1);
                if let Some(&e) = g.out[v].get(i) {
                    top.1 += 1;
                    let w = g.dst(e) as usize;
                    if !active[w] || !follow(e) {
                        continue;
                    }
                    if self.index[w] == u32::MAX {
                        self.index[w] = counter;
                        self.low[w] = counter;
                        counter += 1;
                        stack.push(w as u32);
                        self.on_stack[w] = true;
                        call.push((w as u32, 0));
                    } else if self.on_stack[w] {
                        self.low[v] = self.low[v].min(self.index[w]);
                    }
                    continue;
                }
                call.pop();
                if let Some(&(p, _)) = call.last() {
                    self.low[p as usize] = self.low[p as usize].min(self.low[v]);
                }
                if self.low[v] == self.index[v] {
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        self.on_stack[w as usize] = false;
                        comp.push(w);
                        if w as usize == v {
                            break;
                        }
                    }
                    comps.push(comp);
                }
            }
        }
        for &v in nodes {
            self.index[v as usize] = u32::MAX;
        }
        comps
    }
}
