//! Dependencies on the finished tree (section 3, "dependency computation via abstract
//! interpretation"): Weiser's data dependences (equations 1–2) and control dependences
//! (equation 3: a branching transition is in the slice if a transition between it and its
//! nearest post-dominator is), solved as a fixpoint over the tree with its merge and loop links
//! ("we keep making calls to GenPSSCFG until there is no change in S").

use crate::genpss::uses;
use crate::prep::Prepared;
use crate::tree::*;
use kappa_ir::VarId;
use std::collections::{BTreeSet, HashSet};
use std::rc::Rc;

/// The part of the tree between a branch node and its nearest post-dominator (`infl`, and
/// `mergepoint` for rule 3).
pub(crate) struct Region {
    /// A transition in it is in the slice (or an ending the criterion observes).
    pub has_slice: bool,
    /// The nodes where it ends: at the post-dominator, or where the program ends.
    pub frontier: Vec<NodeId>,
    /// It goes back into a loop whose exploration is not finished (while exploring).
    pub leaks: bool,
}

/// Whether reaching this terminal is itself part of the criterion.
pub(crate) fn observable(t: &Terminal, property: bool) -> bool {
    match t {
        Terminal::End => false,
        Terminal::Error { .. } => true,
        Terminal::Abort | Terminal::Exit(_) | Terminal::Blocked => !property,
    }
}

/// Walks the region of branch node `b`. `edge_in_slice(x)` says whether the transition into
/// tree node `x` is in the slice.
pub(crate) fn region(
    tree: &Tree,
    pre: &Prepared,
    b: NodeId,
    property: bool,
    edge_in_slice: &dyn Fn(NodeId) -> bool,
    follow_back: bool,
) -> Region {
    let key = tree.key(b);
    let At::Loc(loc) = key.at else {
        return Region { has_slice: true, frontier: Vec::new(), leaks: false };
    };
    let fid = tree.func_of(b);
    let func = pre.func(fid);
    let pd = if tree.node(b).blocked_way { None } else { pre.facts(fid).postdom.idom(loc) };
    let at_pd = |k: PointKey| -> bool {
        k.ctx == key.ctx
            && match pd {
                Some(p) => k.at == At::Loc(p),
                None => k.at == At::Loc(func.exit),
            }
    };
    let mut r = Region { has_slice: false, frontier: Vec::new(), leaks: false };
    let mut seen: HashSet<NodeId> = HashSet::new();
    let mut stack: Vec<(NodeId, bool)> = Vec::new();
    for &c in tree.node(b).children.iter().rev() {
        stack.push((c, false));
    }
    while let Some((x, counted)) = stack.pop() {
        let node = tree.node(x);
        if node.kind == NodeKind::Infeasible {
            continue;
        }
        if counted && edge_in_slice(x) {
            r.has_slice = true;
            return r;
        }
        if let NodeKind::Back(_) = node.kind {
            if !follow_back {
                r.leaks = true;
                continue;
            }
        }
        let s = tree.resolve(x);
        let sn = tree.node(s);
        if let NodeKind::Terminal(t) = &sn.kind {
            if observable(t, property) {
                r.has_slice = true;
                return r;
            }
            if !r.frontier.contains(&s) {
                r.frontier.push(s);
            }
            continue;
        }
        if at_pd(tree.key(s)) {
            if !r.frontier.contains(&s) {
                r.frontier.push(s);
            }
            continue;
        }
        if !seen.insert(s) {
            continue;
        }
        for &c in sn.children.iter().rev() {
            stack.push((c, true));
        }
    }
    r
}

/// The final dependency sets and slice facts.
pub(crate) struct Slice {
    pub deps: Vec<Rc<BTreeSet<VarId>>>,
    pub branch_in_slice: Vec<bool>,
    /// For branch nodes removed by rule 3: the node both sides lead to.
    pub tree_sliced: Vec<Option<NodeId>>,
    /// Branches out of the slice kept because their sides do not meet in one node.
    pub kept_unmerged: Vec<bool>,
    /// A node of the end of the program (for targets: the entry function's return).
    pub end: Option<NodeId>,
}

impl Slice {
    pub fn edge_in_slice(&self, tree: &Tree, x: NodeId) -> bool {
        let node = tree.node(x);
        match &node.op {
            TOp::Assign(ps) => ps.iter().any(|(v, _)| self.deps[x as usize].contains(v)),
            TOp::Havoc(v, _) => self.deps[x as usize].contains(v),
            TOp::Assume(_) => node.parent.is_some_and(|p| self.branch_in_slice[p as usize]),
            TOp::Guard(_) | TOp::Skip | TOp::Root => false,
        }
    }
}

fn feasible_children(tree: &Tree, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
    tree.node(n).children.iter().copied().filter(move |c| tree.node(*c).kind != NodeKind::Infeasible)
}

/// Solves the dependency equations over the whole tree. A branch whose region has no
/// transition in the slice is removed by rule 3 if both sides meet in one node; if they do not,
/// the branch must stay and its condition joins the slice.
pub(crate) fn finalize(tree: &Tree, pre: &Prepared, property: bool, targets: &[VarId]) -> Slice {
    let n = tree.nodes.len();
    let empty: Rc<BTreeSet<VarId>> = Rc::new(BTreeSet::new());
    let mut s = Slice {
        deps: vec![empty.clone(); n],
        branch_in_slice: vec![false; n],
        tree_sliced: vec![None; n],
        kept_unmerged: vec![false; n],
        end: tree
            .nodes
            .iter()
            .position(|x| x.kind == NodeKind::Terminal(Terminal::End))
            .map(|i| tree.resolve(i as NodeId)),
    };
    let criterion: Rc<BTreeSet<VarId>> =
        Rc::new(if property { BTreeSet::new() } else { targets.iter().copied().collect() });
    loop {
        // Data dependences, to a fixpoint (loops make the tree cyclic).
        loop {
            let mut changed = false;
            for &x in &tree.finish_order {
                let d = node_deps(tree, &s, x, property, &criterion, &empty);
                if *d != *s.deps[x as usize] {
                    s.deps[x as usize] = d;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // Control dependences.
        let live = live_nodes(tree, &s, property);
        let mut changed = false;
        for &x in &tree.finish_order {
            if tree.node(x).kind != NodeKind::Branch || s.branch_in_slice[x as usize] {
                continue;
            }
            if feasible_children(tree, x).count() < 2 {
                continue;
            }
            let r = region(tree, pre, x, property, &|y| s.edge_in_slice(tree, y), true);
            if !r.has_slice && r.frontier.len() != 1 && s.end.is_some() && !live[x as usize] {
                // Nothing below matters: every way leads to the end, the targets untouched.
                s.tree_sliced[x as usize] = s.end;
            } else if r.has_slice || r.frontier.len() != 1 {
                s.branch_in_slice[x as usize] = true;
                s.kept_unmerged[x as usize] = !r.has_slice;
                s.tree_sliced[x as usize] = None;
                changed = true;
            } else {
                s.tree_sliced[x as usize] = Some(r.frontier[0]);
            }
        }
        if !changed {
            break;
        }
    }
    s
}

/// The nodes from which a transition in the slice or an ending the criterion observes can be
/// reached (through merge and loop links). From the others every execution ends at the end of
/// the program (or runs forever) without doing anything the criterion sees.
fn live_nodes(tree: &Tree, s: &Slice, property: bool) -> Vec<bool> {
    let n = tree.nodes.len();
    let mut preds: Vec<Vec<NodeId>> = vec![Vec::new(); n];
    let mut live = vec![false; n];
    let mut work = Vec::new();
    for (i, node) in tree.nodes.iter().enumerate() {
        let x = i as NodeId;
        if let Some(p) = node.parent {
            preds[x as usize].push(p);
        }
        if let Some(t) = node.is_leaf_link() {
            preds[t as usize].push(x);
        }
        let seed = match &node.kind {
            NodeKind::Terminal(t) => observable(t, property),
            _ => false,
        } || (matches!(node.op, TOp::Assign(_) | TOp::Havoc(..)) && s.edge_in_slice(tree, x));
        if seed && node.kind != NodeKind::Infeasible {
            live[i] = true;
            work.push(x);
        }
    }
    while let Some(x) = work.pop() {
        for &p in &preds[x as usize] {
            if !live[p as usize] {
                live[p as usize] = true;
                work.push(p);
            }
        }
    }
    live
}

fn node_deps(
    tree: &Tree,
    s: &Slice,
    x: NodeId,
    property: bool,
    criterion: &Rc<BTreeSet<VarId>>,
    empty: &Rc<BTreeSet<VarId>>,
) -> Rc<BTreeSet<VarId>> {
    let node = tree.node(x);
    match &node.kind {
        NodeKind::Terminal(Terminal::End) => criterion.clone(),
        NodeKind::Terminal(Terminal::Exit(Some(code))) if !property => Rc::new(uses(code).into_iter().collect()),
        NodeKind::Terminal(_) | NodeKind::Infeasible | NodeKind::Open => empty.clone(),
        NodeKind::Merged(c) | NodeKind::Back(c) => s.deps[*c as usize].clone(),
        NodeKind::Straight => {
            let m = node.children[0];
            dpre(&tree.node(m).op, &s.deps[m as usize])
        }
        NodeKind::Branch => {
            let mut d: BTreeSet<VarId> = BTreeSet::new();
            for c in feasible_children(tree, x) {
                d.extend(s.deps[c as usize].iter().copied());
                if s.branch_in_slice[x as usize] {
                    if let TOp::Assume(cond) = &tree.node(c).op {
                        d.extend(uses(cond));
                    }
                }
            }
            Rc::new(d)
        }
    }
}

/// `dpre` on sets (equations 1–2).
pub(crate) fn dpre(op: &TOp, d: &Rc<BTreeSet<VarId>>) -> Rc<BTreeSet<VarId>> {
    match op {
        TOp::Assign(ps) => {
            if !ps.iter().any(|(v, _)| d.contains(v)) {
                return d.clone();
            }
            let mut out: BTreeSet<VarId> = (**d).clone();
            for (v, _) in ps {
                out.remove(v);
            }
            for (v, e) in ps {
                if d.contains(v) {
                    out.extend(uses(e));
                }
            }
            Rc::new(out)
        }
        TOp::Havoc(v, _) => {
            if !d.contains(v) {
                return d.clone();
            }
            let mut out = (**d).clone();
            out.remove(v);
            Rc::new(out)
        }
        _ => d.clone(),
    }
}
