//! Dominators and post-dominators (Cooper, Harvey and Kennedy, "A Simple, Fast Dominance
//! Algorithm", 2001). The iterative algorithm needs only a reverse postorder and converges in a
//! couple of passes on flowgraphs of structured code, which makes it near-linear in practice.
//! The resulting tree is numbered in pre- and postorder so that `dominates` is an O(1) interval
//! test rather than a walk up the tree.

use super::Cfg;
use crate::program::{Function, Loc};

const NONE: u32 = u32::MAX;

/// A dominator tree (or post-dominator tree) over the locations of one function.
///
/// For dominators the root is the function's entry. For post-dominators the root is a virtual
/// exit, not a location, that every sink location (exit, error, halt, or without out-edges)
/// leads to: the locations it immediately post-dominates are the [`DomTree::roots`], and their
/// [`DomTree::idom`] is `None`.
///
/// "Reachable" means reachable from the entry for dominators, and able to reach a sink for
/// post-dominators (the locations of an infinite loop without exit are not). Unreachable
/// locations have no immediate dominator, dominate nothing and are dominated by nothing.
#[derive(Clone, Debug)]
pub struct DomTree {
    /// Number of real locations; for post-dominators node `n` is the virtual exit.
    n: usize,
    /// Immediate dominator per node; `NONE` for the root and for unreachable nodes.
    idom: Vec<u32>,
    /// The root node: the entry, or the virtual exit `n`.
    root: u32,
    /// Children per node in the tree, in increasing location order (the virtual exit's
    /// children are the roots).
    children: Vec<Vec<Loc>>,
    /// Preorder and postorder numbers in the tree; `NONE` for unreachable nodes.
    pre: Vec<u32>,
    post: Vec<u32>,
    /// See [`DomTree::roots`].
    roots: Vec<Loc>,
}

/// The dominator tree of `f`, rooted at its entry: `a` dominates `b` when every path from the
/// entry to `b` passes `a`.
pub fn dominators(f: &Function) -> DomTree {
    let g = Cfg::new(f);
    let succ: Vec<Vec<u32>> = g.out.iter().map(|es| es.iter().map(|&e| g.dst(e)).collect()).collect();
    let pred: Vec<Vec<u32>> = g.inc.iter().map(|es| es.iter().map(|&e| g.src(e)).collect()).collect();
    match g.entry {
        Some(entry) => DomTree::compute(g.n, g.n, entry, &succ, &pred),
        None => DomTree::empty(g.n, g.n),
    }
}

/// The post-dominator tree of `f`: `a` post-dominates `b` when every path from `b` to a sink
/// location passes `a`. Computed as the dominator tree of the reversed flowgraph from the
/// virtual exit.
pub fn post_dominators(f: &Function) -> DomTree {
    let g = Cfg::new(f);
    let n = g.n;
    // Reversed graph over n + 1 nodes; node n is the virtual exit.
    let mut succ: Vec<Vec<u32>> = g.inc.iter().map(|es| es.iter().map(|&e| g.src(e)).collect()).collect();
    let mut pred: Vec<Vec<u32>> = g.out.iter().map(|es| es.iter().map(|&e| g.dst(e)).collect()).collect();
    succ.push((0..n as u32).filter(|&v| g.sink[v as usize]).collect());
    pred.push(Vec::new());
    for (p, &sink) in pred.iter_mut().zip(&g.sink) {
        if sink {
            p.push(n as u32);
        }
    }
    DomTree::compute(n, n + 1, n as u32, &succ, &pred)
}

impl DomTree {
    fn empty(n: usize, nodes: usize) -> Self {
        DomTree {
            n,
            idom: vec![NONE; nodes],
            root: NONE,
            children: vec![Vec::new(); nodes],
            pre: vec![NONE; nodes],
            post: vec![NONE; nodes],
            roots: Vec::new(),
        }
    }

    /// Cooper–Harvey–Kennedy over `nodes` nodes with the given adjacency, from `root`.
    fn compute(n: usize, nodes: usize, root: u32, succ: &[Vec<u32>], pred: &[Vec<u32>]) -> Self {
        let mut t = Self::empty(n, nodes);
        t.root = root;

        // Postorder by an iterative depth-first search.
        let mut po_num = vec![NONE; nodes];
        let mut order: Vec<u32> = Vec::new();
        let mut visited = vec![false; nodes];
        let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
        visited[root as usize] = true;
        while let Some(top) = stack.last_mut() {
            let (v, i) = (top.0, top.1);
            if let Some(&w) = succ[v as usize].get(i) {
                top.1 += 1;
                if !visited[w as usize] {
                    visited[w as usize] = true;
                    stack.push((w, 0));
                }
            } else {
                po_num[v as usize] = order.len() as u32;
                order.push(v);
                stack.pop();
            }
        }

        let idom = &mut t.idom;
        idom[root as usize] = root;
        let mut changed = true;
        while changed {
            changed = false;
            for &v in order.iter().rev().skip(1) {
                let mut new = NONE;
                for &p in &pred[v as usize] {
                    if idom[p as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE { p } else { intersect(idom, &po_num, p, new) };
                }
                if new != NONE && idom[v as usize] != new {
                    idom[v as usize] = new;
                    changed = true;
                }
            }
        }
        idom[root as usize] = NONE;

        for (v, &d) in idom.iter().enumerate() {
            if d != NONE {
                t.children[d as usize].push(Loc(v as u32));
            }
        }

        // Number the tree for O(1) dominance queries.
        let (mut pre_c, mut post_c) = (0u32, 0u32);
        let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
        t.pre[root as usize] = pre_c;
        pre_c += 1;
        while let Some(top) = stack.last_mut() {
            let (v, i) = (top.0, top.1);
            if let Some(&c) = t.children[v as usize].get(i) {
                top.1 += 1;
                t.pre[c.index()] = pre_c;
                pre_c += 1;
                stack.push((c.0, 0));
            } else {
                t.post[v as usize] = post_c;
                post_c += 1;
                stack.pop();
            }
        }
        t.roots = if (root as usize) < n { vec![Loc(root)] } else { t.children[root as usize].clone() };
        t
    }

    fn node(&self, l: Loc) -> Option<usize> {
        (l.index() < self.n && self.pre[l.index()] != NONE).then_some(l.index())
    }

    /// Reachable from the entry (dominators) or reaching a sink (post-dominators).
    pub fn is_reachable(&self, l: Loc) -> bool {
        self.node(l).is_some()
    }

    /// The immediate (post-)dominator. `None` for the entry, for unreachable locations, and for
    /// post-dominator roots (immediately post-dominated by the virtual exit only).
    pub fn idom(&self, l: Loc) -> Option<Loc> {
        let v = self.node(l)?;
        let d = self.idom[v];
        (d != NONE && (d as usize) < self.n).then_some(Loc(d))
    }

    /// Whether `a` (post-)dominates `b`; reflexive. False if either is unreachable.
    pub fn dominates(&self, a: Loc, b: Loc) -> bool {
        match (self.node(a), self.node(b)) {
            (Some(a), Some(b)) => self.pre[a] <= self.pre[b] && self.post[b] <= self.post[a],
            _ => false,
        }
    }

    /// Whether `a` (post-)dominates `b` and differs from it.
    pub fn strictly_dominates(&self, a: Loc, b: Loc) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The locations `l` immediately (post-)dominates, in increasing order.
    pub fn children(&self, l: Loc) -> &[Loc] {
        match self.node(l) {
            Some(v) => &self.children[v],
            None => &[],
        }
    }

    /// The tops of the tree: the entry for dominators (nothing if the entry is out of range),
    /// the locations immediately post-dominated by the virtual exit for post-dominators.
    pub fn roots(&self) -> &[Loc] {
        &self.roots
    }

    /// `l` and its (post-)dominators, innermost first, up to the root of the tree. Empty for an
    /// unreachable location; the virtual exit is not included.
    pub fn dominators(&self, l: Loc) -> impl Iterator<Item = Loc> + '_ {
        let mut cur = self.node(l).map(|v| v as u32);
        std::iter::from_fn(move || {
            let v = cur.filter(|&v| (v as usize) < self.n)?;
            let d = self.idom[v as usize];
            cur = (d != NONE).then_some(d);
            Some(Loc(v))
        })
    }

    /// The nearest common (post-)dominator of `a` and `b`, if both are reachable and it is a
    /// location (not the virtual exit).
    pub fn common_dominator(&self, a: Loc, b: Loc) -> Option<Loc> {
        self.node(b)?;
        self.dominators(a).find(|&d| self.dominates(d, b))
    }
}

fn intersect(idom: &[u32], po: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while po[a as usize] < po[b as usize] {
            a = idom[a as usize];
        }
        while po[b as usize] < po[a as usize] {
            b = idom[b as usize];
        }
    }
    a
}
