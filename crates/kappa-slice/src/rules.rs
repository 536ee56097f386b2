//! The transformation of the annotated tree into the PSS-CFG (section 4.2, Fig. 3), applied
//! from the root:
//!
//! * **Rule 1, straight-line slicing**: an assignment not in the slice is removed.
//! * **Rule 2, infeasible path removal**: a branch point with one feasible transition is
//!   replaced by that transition's target.
//! * **Rule 3, tree slicing**: a branch point neither of whose transitions is in the slice, and
//!   whose sides end in one merged node at the nearest post-dominator (`mergepoint`), is
//!   replaced by that node: the whole branch goes (Theorem 2 says the sides need not be equal).
//!
//! Merge and loop links of the tree become edges into the node they link to, so the result is a
//! graph: the PSS-CFG.

use crate::deps::Slice;
use crate::tree::*;
use kappa_ir::{Expr, NondetOrigin, Span, VarId};
use std::collections::HashMap;

pub(crate) type PId = usize;

#[derive(Clone, Debug)]
pub(crate) enum PKind {
    Assign(Vec<(VarId, Expr)>, PId),
    Havoc(VarId, NondetOrigin, PId),
    Branch(Vec<(Expr, Span, PId)>),
    Terminal(Terminal),
    /// Nothing (contracted away; a cycle of them is a loop doing nothing).
    Skip(PId),
}

#[derive(Clone, Debug)]
pub(crate) struct PNode {
    pub kind: PKind,
    /// Where the statement is in the original program.
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Rules {
    pub rule1: u64,
    pub rule2: u64,
    pub rule3: u64,
    /// Branches out of the slice that stay because their sides do not meet in one node.
    pub kept_unmerged: u64,
}

pub(crate) struct Pss {
    pub nodes: Vec<PNode>,
    pub root: PId,
    pub rules: Rules,
}

struct Builder<'a> {
    tree: &'a Tree,
    slice: &'a Slice,
    nodes: Vec<PNode>,
    memo: HashMap<NodeId, PId>,
    rules: Rules,
}

impl Builder<'_> {
    fn alloc(&mut self, kind: PKind, span: Span, tree: NodeId) -> PId {
        let _ = tree;
        self.nodes.push(PNode { kind, span });
        self.nodes.len() - 1
    }

    /// The PSS-CFG node of the tree node's state.
    fn build(&mut self, x: NodeId) -> PId {
        let s = self.tree.resolve(x);
        if let Some(&p) = self.memo.get(&s) {
            return p;
        }
        let node = self.tree.node(s);
        // A placeholder first: loops come back here.
        let me = self.alloc(PKind::Skip(usize::MAX), node.span, s);
        self.memo.insert(s, me);
        let kind = match &node.kind {
            NodeKind::Terminal(t) => PKind::Terminal(t.clone()),
            NodeKind::Straight => {
                let m = node.children[0];
                let next = self.build(m);
                let child = self.tree.node(m);
                let in_slice = self.slice.edge_in_slice(self.tree, m);
                match &child.op {
                    TOp::Assign(ps) if in_slice => {
                        let kept: Vec<(VarId, Expr)> =
                            ps.iter().filter(|(v, _)| self.slice.deps[m as usize].contains(v)).cloned().collect();
                        if kept.len() < ps.len() {
                            self.rules.rule1 += 1;
                        }
                        let st = self.alloc(PKind::Assign(kept, next), child.span, m);
                        PKind::Skip(st)
                    }
                    TOp::Havoc(v, o) if in_slice => {
                        let st = self.alloc(PKind::Havoc(*v, o.clone(), next), child.span, m);
                        PKind::Skip(st)
                    }
                    TOp::Assign(_) | TOp::Havoc(..) => {
                        self.rules.rule1 += 1;
                        PKind::Skip(next)
                    }
                    _ => PKind::Skip(next),
                }
            }
            NodeKind::Branch => {
                let feasible: Vec<NodeId> =
                    node.children.iter().copied().filter(|c| self.tree.node(*c).kind != NodeKind::Infeasible).collect();
                if feasible.len() == 1 {
                    if feasible.len() < node.children.len() {
                        self.rules.rule2 += 1;
                    }
                    PKind::Skip(self.build(feasible[0]))
                } else if let (false, Some(k)) =
                    (self.slice.branch_in_slice[s as usize], self.slice.tree_sliced[s as usize])
                {
                    self.rules.rule3 += 1;
                    PKind::Skip(self.build(k))
                } else {
                    if self.slice.kept_unmerged[s as usize] {
                        self.rules.kept_unmerged += 1;
                    }
                    let mut ways = Vec::new();
                    for c in feasible {
                        let TOp::Assume(cond) = &self.tree.node(c).op else { continue };
                        let cond = cond.clone();
                        let span = self.tree.node(c).span;
                        let t = self.build(c);
                        ways.push((cond, span, t));
                    }
                    PKind::Branch(ways)
                }
            }
            NodeKind::Infeasible | NodeKind::Open | NodeKind::Merged(_) | NodeKind::Back(_) => {
                PKind::Terminal(Terminal::Blocked)
            }
        };
        self.nodes[me].kind = kind;
        me
    }
}

/// Applies the rules and contracts the removed transitions.
pub(crate) fn transform(tree: &Tree, slice: &Slice) -> Pss {
    let mut b = Builder { tree, slice, nodes: Vec::new(), memo: HashMap::new(), rules: Rules::default() };
    let root = b.build(0);
    let mut nodes = b.nodes;
    // Contract chains of skips; a cycle of skips stays as one skip to itself.
    let n = nodes.len();
    let mut target: Vec<Option<PId>> = vec![None; n];
    for i in 0..n {
        let mut cur = i;
        let mut path = Vec::new();
        let t = loop {
            if let Some(t) = target[cur] {
                break t;
            }
            match nodes[cur].kind {
                PKind::Skip(next) => {
                    if path.contains(&cur) {
                        break cur;
                    }
                    path.push(cur);
                    cur = next;
                }
                _ => break cur,
            }
        };
        for p in path {
            target[p] = Some(t);
        }
        target[i] = Some(t);
    }
    let fix = |p: PId, target: &Vec<Option<PId>>| target[p].unwrap_or(p);
    for i in 0..n {
        let kind = match &nodes[i].kind {
            PKind::Assign(a, nx) => PKind::Assign(a.clone(), fix(*nx, &target)),
            PKind::Havoc(v, o, nx) => PKind::Havoc(*v, o.clone(), fix(*nx, &target)),
            PKind::Branch(ws) => PKind::Branch(ws.iter().map(|(c, s, t)| (c.clone(), *s, fix(*t, &target))).collect()),
            PKind::Skip(nx) if target[i] == Some(i) => PKind::Skip(*nx),
            k => k.clone(),
        };
        nodes[i].kind = kind;
    }
    let root = fix(root, &target);
    Pss { nodes, root, rules: b.rules }
}

impl Pss {
    pub fn succs(&self, p: PId) -> Vec<PId> {
        match &self.nodes[p].kind {
            PKind::Assign(_, n) | PKind::Havoc(_, _, n) | PKind::Skip(n) => vec![*n],
            PKind::Branch(ws) => ws.iter().map(|w| w.2).collect(),
            PKind::Terminal(_) => Vec::new(),
        }
    }

    /// The nodes reachable from the root, in depth-first preorder.
    pub fn reachable(&self) -> Vec<PId> {
        let mut seen = vec![false; self.nodes.len()];
        let mut order = Vec::new();
        let mut stack = vec![self.root];
        while let Some(p) = stack.pop() {
            if seen[p] {
                continue;
            }
            seen[p] = true;
            order.push(p);
            for s in self.succs(p).into_iter().rev() {
                stack.push(s);
            }
        }
        order
    }

    /// Paths from the root to an end or back to a loop header (a node on the way).
    pub fn paths(&self) -> f64 {
        let order = self.reachable();
        // Back edges: edges to a node on the current DFS path.
        let n = self.nodes.len();
        let mut state = vec![0u8; n];
        let mut count = vec![0f64; n];
        fn go(p: &Pss, x: PId, state: &mut [u8], count: &mut [f64]) {
            state[x] = 1;
            let mut c = 0f64;
            let succ = p.succs(x);
            if succ.is_empty() {
                c = 1.0;
            }
            for s in succ {
                match state[s] {
                    0 => {
                        go(p, s, state, count);
                        c += count[s];
                    }
                    2 => c += count[s],
                    _ => c += 1.0,
                }
            }
            count[x] = c;
            state[x] = 2;
        }
        let _ = order;
        go(self, self.root, &mut state, &mut count);
        count[self.root]
    }
}
