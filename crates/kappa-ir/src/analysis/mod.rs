//! Graph analyses of a function's flowgraph, shared by the later stages of kappa.
//!
//! * [`DomTree`]: dominators and post-dominators. Post-dominators are taken relative to a
//!   virtual exit that every sink location leads to, because a C function has several ways to
//!   stop (its exit, error locations, `exit()`/`abort()`), and a join point is only meaningful if
//!   it is passed on the way to *any* of them.
//! * [`LoopForest`]: natural loops (back edges, bodies, exit edges, nesting).
//! * [`Sccs`]: strongly connected components, with irreducible regions (cycles without a back
//!   edge, which `goto` can create) flagged, since natural loops do not describe them.
//! * [`Cycles`]: the elementary cycles of Definition 1 of the ATVA 2013 compact symbolic
//!   execution paper (core, entry location, exit edges), on which templates are computed.
//! * [`LoopPaths`]: the head-to-head and head-to-exit paths of each natural loop, inner loops
//!   abstracted (loop state pruning, Gao and Lumetta, ASE 2018).
//! * [`CoverageMap`]: branches, lines, functions and loop paths as a user counts coverage, with
//!   the checks the front-end adds told apart from the program's conditions ([`EdgeRole`]).
//!
//! All results are indexed by the function's own [`Loc`](crate::Loc) and [`EdgeId`]. The analyses read only
//! [`Function::locs`], [`Function::edges`] and [`Function::entry`]: they do not trust
//! [`Function::out`]/[`Function::inc`] to be up to date, ignore edges whose endpoints are out of
//! range, and never panic on odd graphs (unreachable locations, locations without edges, an
//! entry that is also a sink, an entry out of range, no locations at all).
//!
//! Everything but cycle enumeration is near-linear in the size of the flowgraph; cycle
//! enumeration is exponential in the worst case and therefore capped ([`CycleOptions`]).

pub mod coverage;
mod cycles;
mod dom;
mod liveness;
pub mod looppaths;
mod loops;
mod scc;
#[cfg(test)]
mod tests;

pub use coverage::{edge_roles, CoverageMap, EdgeRole, ItemId, ItemKind, ItemSet};
pub use cycles::{enumerate_cycles, Cycle, CycleOptions, Cycles};
pub use dom::{dominators, post_dominators, DomTree};
pub use liveness::{loop_headers, Liveness};
pub use looppaths::{loop_paths, LoopCursor, LoopPath, LoopPathKind, LoopPathSet, LoopPaths, PathTrie};
pub use loops::{natural_loops, LoopForest, LoopId, NaturalLoop};
pub use scc::{strongly_connected_components, Scc, Sccs};

use crate::program::{EdgeId, Function, LocKind, Program};

/// All analyses of one function.
#[derive(Clone, Debug)]
pub struct FunctionAnalysis {
    /// Dominators, rooted at the function's entry.
    pub dom: DomTree,
    /// Post-dominators, rooted at a virtual exit that every sink location leads to.
    pub postdom: DomTree,
    /// Natural loops and their nesting.
    pub loops: LoopForest,
    /// Non-trivial strongly connected components.
    pub sccs: Sccs,
    /// Elementary cycles (Definition 1 of the paper), possibly truncated.
    pub cycles: Cycles,
}

impl FunctionAnalysis {
    /// Runs every analysis with the default cycle cap.
    pub fn new(f: &Function) -> Self {
        Self::with_options(f, &CycleOptions::default())
    }

    pub fn with_options(f: &Function, opts: &CycleOptions) -> Self {
        let dom = dominators(f);
        let postdom = post_dominators(f);
        let loops = natural_loops(f, &dom);
        let sccs = strongly_connected_components(f, &loops);
        let cycles = enumerate_cycles(f, opts);
        FunctionAnalysis { dom, postdom, loops, sccs, cycles }
    }
}

/// Analyses every function of the program; the result is indexed by [`crate::FuncId`].
pub fn analyze_program(prog: &Program, opts: &CycleOptions) -> Vec<FunctionAnalysis> {
    prog.functions.iter().map(|f| FunctionAnalysis::with_options(f, opts)).collect()
}

/// Adjacency rebuilt from [`Function::edges`], so that the analyses neither depend on
/// [`Function::index_edges`] having been called nor index out of range on malformed edges.
pub(crate) struct Cfg {
    /// Number of locations.
    pub n: usize,
    /// The entry, if it is in range.
    pub entry: Option<u32>,
    /// Outgoing and incoming edges per location, in edge order.
    pub out: Vec<Vec<EdgeId>>,
    pub inc: Vec<Vec<EdgeId>>,
    /// Source and target per edge; `u32::MAX` for an edge with an endpoint out of range (such
    /// an edge appears in no adjacency list).
    pub src: Vec<u32>,
    pub dst: Vec<u32>,
    /// Locations that end an execution of the function: exit, error and halt locations, and
    /// any location without outgoing edges.
    pub sink: Vec<bool>,
}

impl Cfg {
    pub fn new(f: &Function) -> Self {
        let n = f.locs.len();
        let mut out = vec![Vec::new(); n];
        let mut inc = vec![Vec::new(); n];
        let mut src = Vec::with_capacity(f.edges.len());
        let mut dst = Vec::with_capacity(f.edges.len());
        for (i, e) in f.edges.iter().enumerate() {
            let id = EdgeId(i as u32);
            if e.src.index() < n && e.dst.index() < n {
                out[e.src.index()].push(id);
                inc[e.dst.index()].push(id);
                src.push(e.src.0);
                dst.push(e.dst.0);
            } else {
                src.push(u32::MAX);
                dst.push(u32::MAX);
            }
        }
        let sink = (0..n).map(|v| !matches!(f.locs[v].kind, LocKind::Normal) || out[v].is_empty()).collect();
        let entry = (f.entry.index() < n).then_some(f.entry.0);
        Cfg { n, entry, out, inc, src, dst, sink }
    }

    pub fn dst(&self, e: EdgeId) -> u32 {
        self.dst[e.index()]
    }

    pub fn src(&self, e: EdgeId) -> u32 {
        self.src[e.index()]
    }

    /// Locations reachable from the entry.
    pub fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.n];
        let Some(entry) = self.entry else { return seen };
        let mut stack = vec![entry];
        seen[entry as usize] = true;
        while let Some(v) = stack.pop() {
            for &e in &self.out[v as usize] {
                let w = self.dst(e);
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        seen
    }
}

/// A per-function fact closed over calls: each function's `direct` value joined with the
/// values of every function it may call, transitively (a fixpoint; `join` adds its second
/// argument into its first and says whether that changed it). What a function may write, with
/// what its callees write.
pub fn close_over_calls<T>(prog: &crate::Program, mut direct: Vec<T>, join: impl Fn(&mut T, &T) -> bool) -> Vec<T>
where
    T: Clone,
{
    loop {
        let mut changed = false;
        for (i, f) in prog.functions.iter().enumerate() {
            for e in &f.edges {
                if let crate::Op::Call { func, .. } = &e.op {
                    if func.index() != i {
                        let callee = direct[func.index()].clone();
                        changed |= join(&mut direct[i], &callee);
                    }
                }
            }
        }
        if !changed {
            return direct;
        }
    }
}
