//! Natural loops. A back edge is an edge `t → h` whose target dominates its source; the natural
//! loop of `h` is `h` plus every location that reaches a latch `t` without passing `h`. Loops
//! with the same header are merged into one, as a C `continue` produces a second back edge to
//! the same header. Natural loops with different headers are either disjoint or nested, so they
//! form a forest by body containment.
//!
//! Natural loops are what the source calls loops; the paper's cycles ([`super::Cycles`]) are
//! finer (one per path through the loop body and entry location) and are what templates are
//! computed for. Cycles that belong to no natural loop come from irreducible control flow and
//! are reported by [`super::Sccs`].

use super::dom::DomTree;
use super::Cfg;
use crate::program::{EdgeId, Function, Loc};
use std::fmt;

/// Indexes [`LoopForest::loops`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopId(pub u32);

impl LoopId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for LoopId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "loop{}", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaturalLoop {
    pub header: Loc,
    /// The back edges `t → header`, in edge order.
    pub back_edges: Vec<EdgeId>,
    /// The header and every location reaching a latch without passing the header, sorted.
    /// Only locations reachable from the entry are included.
    pub body: Vec<Loc>,
    /// Edges from a body location to a location outside the body, in edge order.
    pub exits: Vec<EdgeId>,
    /// The innermost loop strictly containing this one.
    pub parent: Option<LoopId>,
    /// Loops whose parent this is, in id order.
    pub children: Vec<LoopId>,
    /// Nesting depth: 1 for an outermost loop.
    pub depth: u32,
}

impl NaturalLoop {
    pub fn contains(&self, l: Loc) -> bool {
        self.body.binary_search(&l).is_ok()
    }
}

/// The natural loops of a function and their nesting.
#[derive(Clone, Debug, Default)]
pub struct LoopForest {
    /// Ordered by the dominator-tree preorder of their headers, so a loop's parent always has a
    /// smaller id than the loop.
    pub loops: Vec<NaturalLoop>,
    /// Innermost loop per location.
    innermost: Vec<Option<LoopId>>,
    /// Per edge: is it a back edge?
    back: Vec<bool>,
}

/// Finds the natural loops of `f`; `dom` must be [`super::dominators`] of `f`.
pub fn natural_loops(f: &Function, dom: &DomTree) -> LoopForest {
    let g = Cfg::new(f);
    let mut back = vec![false; f.edges.len()];
    // Headers with their back edges, by header location.
    let mut latches: Vec<Vec<EdgeId>> = vec![Vec::new(); g.n];
    for (i, is_back) in back.iter_mut().enumerate() {
        let (t, h) = (g.src[i], g.dst[i]);
        if t != u32::MAX && dom.dominates(Loc(h), Loc(t)) {
            *is_back = true;
            latches[h as usize].push(EdgeId(i as u32));
        }
    }
    let mut headers: Vec<Loc> = (0..g.n as u32).map(Loc).filter(|h| !latches[h.index()].is_empty()).collect();
    // Dominator-tree preorder: an enclosing loop's header strictly dominates the inner header.
    let mut pre_of = vec![0u32; g.n];
    let mut k = 0u32;
    let mut stack: Vec<Loc> = dom.roots().iter().rev().copied().collect();
    while let Some(v) = stack.pop() {
        pre_of[v.index()] = k;
        k += 1;
        stack.extend(dom.children(v).iter().rev().copied());
    }
    headers.sort_by_key(|h| pre_of[h.index()]);

    // Bodies, by a backward search from the latches that stops at the header.
    let mut mark = vec![u32::MAX; g.n];
    let mut loops: Vec<NaturalLoop> = Vec::with_capacity(headers.len());
    for (id, &h) in headers.iter().enumerate() {
        let id = id as u32;
        mark[h.index()] = id;
        let mut body = vec![h];
        let mut work: Vec<u32> = Vec::new();
        for &e in &latches[h.index()] {
            let t = g.src(e);
            if mark[t as usize] != id {
                mark[t as usize] = id;
                body.push(Loc(t));
                work.push(t);
            }
        }
        while let Some(v) = work.pop() {
            for &e in &g.inc[v as usize] {
                let p = g.src(e);
                if mark[p as usize] != id && dom.is_reachable(Loc(p)) {
                    mark[p as usize] = id;
                    body.push(Loc(p));
                    work.push(p);
                }
            }
        }
        body.sort_unstable();
        let mut exits: Vec<EdgeId> = body
            .iter()
            .flat_map(|l| g.out[l.index()].iter().copied())
            .filter(|&e| mark[g.dst(e) as usize] != id)
            .collect();
        exits.sort_unstable();
        loops.push(NaturalLoop {
            header: h,
            back_edges: latches[h.index()].clone(),
            body,
            exits,
            parent: None,
            children: Vec::new(),
            depth: 1,
        });
    }

    // Nesting: visit loops from the largest body down; the innermost loop seen so far at a
    // header is the parent (bodies are disjoint or nested, and a strict sub-loop is smaller).
    let mut by_size: Vec<usize> = (0..loops.len()).collect();
    by_size.sort_by_key(|&i| (std::cmp::Reverse(loops[i].body.len()), i));
    let mut innermost: Vec<Option<LoopId>> = vec![None; g.n];
    for &i in &by_size {
        let parent = innermost[loops[i].header.index()];
        loops[i].parent = parent;
        for l in &loops[i].body {
            innermost[l.index()] = Some(LoopId(i as u32));
        }
    }
    // Parents precede children in id order, so depths can be filled in one pass.
    for i in 0..loops.len() {
        if let Some(p) = loops[i].parent {
            loops[i].depth = loops[p.index()].depth + 1;
            loops[p.index()].children.push(LoopId(i as u32));
        }
    }
    LoopForest { loops, innermost, back }
}

impl LoopForest {
    pub fn get(&self, id: LoopId) -> &NaturalLoop {
        &self.loops[id.index()]
    }

    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    pub fn ids(&self) -> impl Iterator<Item = LoopId> {
        (0..self.loops.len() as u32).map(LoopId)
    }

    /// Outermost loops.
    pub fn roots(&self) -> impl Iterator<Item = LoopId> + '_ {
        self.ids().filter(|&i| self.get(i).parent.is_none())
    }

    /// The innermost loop containing `l`.
    pub fn innermost(&self, l: Loc) -> Option<LoopId> {
        self.innermost.get(l.index()).copied().flatten()
    }

    /// Number of loops containing `l`.
    pub fn depth(&self, l: Loc) -> u32 {
        self.innermost(l).map_or(0, |i| self.get(i).depth)
    }

    /// The loop whose header is `h`.
    pub fn loop_with_header(&self, h: Loc) -> Option<LoopId> {
        self.innermost(h).filter(|&i| self.get(i).header == h)
    }

    pub fn is_back_edge(&self, e: EdgeId) -> bool {
        self.back.get(e.index()).copied().unwrap_or(false)
    }

    /// All back edges, in edge order.
    pub fn back_edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        self.back.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| EdgeId(i as u32))
    }
}
