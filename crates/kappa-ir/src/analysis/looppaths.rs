//! Loop paths, the coverage unit of loop state pruning (Gao and Lumetta, "Loop Path Reduction by
//! State Pruning", ASE 2018, section 3.1–3.3).
//!
//! For each natural loop: its head-to-head (H2H) paths, simple cycles from the header back to it,
//! and its head-to-exit (H2E) paths, from the header to an exit without passing the header again.
//! They are computed innermost first with every inner loop abstracted as one node whose
//! successors are its exit edges (the paper's `getpath`, Fig. 4), so that a loop's paths do not
//! multiply with its inner loops' iterations.
//!
//! A path is written as the sequence of its *decision edges*, the edges where an execution of
//! the loop's own body chooses: the directions of the program's conditions whose source lies in
//! the loop but in none of its inner loops ([`EdgeRole::Branch`]), the exit edges of its
//! immediate inner loops (the abstract node's successors), and the edge that closes the path (a
//! back edge, or an exit). Between two decision edges the way is forced, so the sequence names
//! the path. The failing sides of the front-end's checks (bounds, null, division) are no part
//! of any path: an execution taking one ends in an error at once, and in a correct program they
//! are never taken (counting them would make every loop of a correct program keep an uncoverable
//! path, which is the paper's "uncoverable path" case).
//!
//! Paths are stored in a trie per loop ([`PathTrie`]); an execution's position in its loops
//! ([`LoopCursor`]) is a node of each trie, advanced edge by edge ([`LoopPaths::advance`]), so
//! "is the current path a prefix of an uncovered path" (section 3.4) is a look-up.

use super::coverage::EdgeRole;
use super::loops::{LoopForest, LoopId};
use crate::program::{EdgeId, Function, Loc};

/// At most this many paths are listed per loop; a loop with more gets none
/// ([`LoopPathSet::incomplete`]).
pub const MAX_PATHS_PER_LOOP: usize = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopPathKind {
    /// Header to header: one iteration.
    HeadToHead,
    /// Header to an exit edge: the last iteration.
    HeadToExit,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopPath {
    pub kind: LoopPathKind,
    /// The decision edges, in order; the last one closes the path.
    pub edges: Vec<EdgeId>,
}

/// The paths of one loop.
#[derive(Clone, Debug, Default)]
pub struct LoopPathSet {
    pub paths: Vec<LoopPath>,
    pub trie: PathTrie,
    /// The loop's decision edges, sorted.
    pub decisions: Vec<EdgeId>,
    /// Why the paths are not listed (then `paths` is empty and executions of the loop have no
    /// position in it).
    pub incomplete: Option<String>,
}

impl LoopPathSet {
    pub fn is_decision(&self, e: EdgeId) -> bool {
        self.decisions.binary_search(&e).is_ok()
    }
}

/// The loop paths of one function, indexed like [`LoopForest::loops`].
#[derive(Clone, Debug, Default)]
pub struct LoopPaths {
    pub loops: Vec<LoopPathSet>,
}

/// Paths of one loop as a trie of decision edges. Node 0 is the root (the header, no decision
/// taken yet); every path ends at a leaf of its own.
#[derive(Clone, Debug, Default)]
pub struct PathTrie {
    nodes: Vec<TrieNode>,
    /// The node each path ends at.
    leaves: Vec<u32>,
}

#[derive(Clone, Debug, Default)]
struct TrieNode {
    children: Vec<(EdgeId, u32)>,
    parent: Option<u32>,
    /// The path ending here.
    path: Option<u32>,
    /// Paths through this node.
    below: u32,
}

impl PathTrie {
    pub const ROOT: u32 = 0;

    fn build(paths: &[LoopPath]) -> PathTrie {
        let mut t = PathTrie { nodes: vec![TrieNode::default()], leaves: Vec::with_capacity(paths.len()) };
        for (i, p) in paths.iter().enumerate() {
            let mut n = 0u32;
            t.nodes[0].below += 1;
            for &e in &p.edges {
                n = match t.step(n, e) {
                    Some(c) => c,
                    None => {
                        let c = t.nodes.len() as u32;
                        t.nodes.push(TrieNode { parent: Some(n), ..TrieNode::default() });
                        t.nodes[n as usize].children.push((e, c));
                        c
                    }
                };
                t.nodes[n as usize].below += 1;
            }
            t.nodes[n as usize].path = Some(i as u32);
            t.leaves.push(n);
        }
        t
    }

    /// The node after decision `e` at node `n`, if some path goes that way.
    pub fn step(&self, n: u32, e: EdgeId) -> Option<u32> {
        self.nodes.get(n as usize)?.children.iter().find(|(x, _)| *x == e).map(|(_, c)| *c)
    }

    /// The decisions taken at node `n`, each with the node it leads to.
    pub fn children(&self, n: u32) -> &[(EdgeId, u32)] {
        self.nodes.get(n as usize).map_or(&[], |x| &x.children)
    }

    /// The path that ends at node `n`.
    pub fn path_at(&self, n: u32) -> Option<u32> {
        self.nodes.get(n as usize).and_then(|x| x.path)
    }

    /// The node path `p` ends at.
    pub fn leaf(&self, p: u32) -> Option<u32> {
        self.leaves.get(p as usize).copied()
    }

    pub fn parent(&self, n: u32) -> Option<u32> {
        self.nodes.get(n as usize).and_then(|x| x.parent)
    }

    /// Number of paths through node `n` (all of them at the root).
    pub fn paths_below(&self, n: u32) -> u32 {
        self.nodes.get(n as usize).map_or(0, |x| x.below)
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// Where an execution of one function activation is in its loops: the loops it is inside,
/// outermost first, each with its node in that loop's [`PathTrie`] (`None`: unknown, because the
/// loop's paths are not listed or the execution got there in a way no path describes, such as a
/// loop summary of compact symbolic execution).
pub type LoopCursor = Vec<(LoopId, Option<u32>)>;

/// Computes the loop paths of `f`; `roles` are [`super::coverage::edge_roles`] of `f`.
pub fn loop_paths(f: &Function, loops: &LoopForest, roles: &[EdgeRole]) -> LoopPaths {
    let mut out = LoopPaths { loops: vec![LoopPathSet::default(); loops.loops.len()] };
    // Innermost first: deeper loops before their parents (the abstraction of an inner loop only
    // needs its exits, but the order is the paper's).
    let mut order: Vec<LoopId> = loops.ids().collect();
    order.sort_by_key(|&l| std::cmp::Reverse(loops.get(l).depth));
    for l in order {
        out.loops[l.index()] = paths_of(f, loops, roles, l);
    }
    out
}

fn usable(roles: &[EdgeRole], e: EdgeId) -> bool {
    roles.get(e.index()).is_some_and(|r| *r != EdgeRole::CheckFail)
}

/// The child of `l` whose body contains `v` (`v` lies in `l`'s body but not in its own part).
fn child_containing(loops: &LoopForest, l: LoopId, v: Loc) -> Option<LoopId> {
    let mut c = loops.innermost(v)?;
    while loops.get(c).parent != Some(l) {
        c = loops.get(c).parent?;
    }
    Some(c)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Node {
    Own(Loc),
    Inner(LoopId),
}

fn paths_of(f: &Function, loops: &LoopForest, roles: &[EdgeRole], l: LoopId) -> LoopPathSet {
    let lp = loops.get(l);
    let mut decisions: Vec<EdgeId> = Vec::new();
    for &x in &lp.body {
        if loops.innermost(x) == Some(l) {
            for &e in f.out_edges(x) {
                if roles[e.index()] == EdgeRole::Branch {
                    decisions.push(e);
                }
            }
        }
    }
    for &c in &lp.children {
        decisions.extend(loops.get(c).exits.iter().copied().filter(|&e| usable(roles, e)));
    }
    decisions.extend(lp.back_edges.iter().copied());
    decisions.extend(lp.exits.iter().copied().filter(|&e| usable(roles, e)));
    decisions.sort_unstable();
    decisions.dedup();
    let is_decision = |e: EdgeId| decisions.binary_search(&e).is_ok();

    // Depth-first over the loop body with inner loops collapsed. `on_path` detects cycles that
    // avoid the header: control flow that is no natural loop (the paper excludes it).
    let mut paths: Vec<LoopPath> = Vec::new();
    let mut incomplete = None;
    let succs = |n: Node| -> Vec<EdgeId> {
        match n {
            Node::Own(x) => f.out_edges(x).iter().copied().filter(|&e| usable(roles, e)).collect(),
            Node::Inner(c) => loops.get(c).exits.iter().copied().filter(|&e| usable(roles, e)).collect(),
        }
    };
    // Frames: a node's successor edges, the next one to try, whether a decision was pushed on
    // entering it.
    struct Frame {
        succs: Vec<EdgeId>,
        next: usize,
        pushed: bool,
    }
    let mut stack = vec![Frame { succs: succs(Node::Own(lp.header)), next: 0, pushed: false }];
    let mut on_path: Vec<Node> = vec![Node::Own(lp.header)];
    let mut edges: Vec<EdgeId> = Vec::new();
    'dfs: while let Some(top) = stack.last_mut() {
        if top.next == top.succs.len() {
            let done = stack.pop().expect("non-empty");
            on_path.pop();
            if done.pushed {
                edges.pop();
            }
            continue;
        }
        let e = top.succs[top.next];
        top.next += 1;
        let v = f.edge(e).dst;
        let dec = is_decision(e);
        let closes = if v == lp.header {
            Some(LoopPathKind::HeadToHead)
        } else if !lp.contains(v) {
            Some(LoopPathKind::HeadToExit)
        } else {
            None
        };
        if let Some(kind) = closes {
            let mut p = edges.clone();
            p.push(e);
            paths.push(LoopPath { kind, edges: p });
            if paths.len() > MAX_PATHS_PER_LOOP {
                incomplete = Some(format!("more than {MAX_PATHS_PER_LOOP} paths"));
                break 'dfs;
            }
            continue;
        }
        let next = if loops.innermost(v) == Some(l) {
            Node::Own(v)
        } else {
            match child_containing(loops, l, v) {
                Some(c) if loops.get(c).header == v => Node::Inner(c),
                _ => {
                    incomplete = Some("control enters an inner loop other than through its header".into());
                    break 'dfs;
                }
            }
        };
        if on_path.contains(&next) {
            incomplete = Some("a cycle in the body that is no natural loop".into());
            break 'dfs;
        }
        if dec {
            edges.push(e);
        }
        on_path.push(next);
        stack.push(Frame { succs: succs(next), next: 0, pushed: dec });
    }
    if incomplete.is_some() {
        paths.clear();
    }
    let trie = PathTrie::build(&paths);
    LoopPathSet { paths, trie, decisions, incomplete }
}

impl LoopPaths {
    /// The cursor of an execution standing at `l` without having come along an edge (a
    /// function's entry): inside the loops containing `l`, at the root of the one `l` heads.
    pub fn cursor_at(&self, loops: &LoopForest, l: Loc) -> LoopCursor {
        let mut chain = chain(loops, l);
        if let Some(last) = chain.last_mut() {
            if loops.get(last.0).header == l && self.loops[last.0.index()].incomplete.is_none() {
                last.1 = Some(PathTrie::ROOT);
            }
        }
        chain
    }

    /// Advances `cur` over the executed edge `e` of `f`, calling `covered(loop, path)` for each
    /// loop path the edge completes (innermost first). Section 3.3 of the paper (Fig. 6), on
    /// edges: a decision edge extends the current path of the innermost loop; a back edge
    /// completes an H2H path and starts the next iteration; an exit edge completes an H2E path,
    /// pops the loop and counts as the abstract inner node's decision in the enclosing loop;
    /// arriving at a header from outside pushes its loop.
    pub fn advance(
        &self,
        f: &Function,
        loops: &LoopForest,
        cur: &mut LoopCursor,
        e: EdgeId,
        covered: &mut dyn FnMut(LoopId, u32),
    ) {
        let Some(edge) = f.edges.get(e.index()) else { return };
        let (u, v) = (edge.src, edge.dst);
        resync(loops, cur, u);
        while let Some(&(l, node)) = cur.last() {
            let set = &self.loops[l.index()];
            let lp = loops.get(l);
            let node = if set.is_decision(e) { node.and_then(|n| set.trie.step(n, e)) } else { node };
            if v == lp.header {
                if let Some(p) = node.and_then(|n| set.trie.path_at(n)) {
                    covered(l, p);
                }
                let restart = set.incomplete.is_none().then_some(PathTrie::ROOT);
                if let Some(top) = cur.last_mut() {
                    top.1 = restart;
                }
                return;
            }
            if !lp.contains(v) {
                if let Some(p) = node.and_then(|n| set.trie.path_at(n)) {
                    covered(l, p);
                }
                cur.pop();
                continue;
            }
            if let Some(top) = cur.last_mut() {
                top.1 = node;
            }
            break;
        }
        if let Some(h) = loops.loop_with_header(v) {
            if cur.last().map(|x| x.0) != Some(h) {
                let mut want = chain(loops, v);
                for (i, entry) in want.iter_mut().enumerate() {
                    if let Some(have) = cur.get(i) {
                        if have.0 == entry.0 {
                            entry.1 = have.1;
                        }
                    }
                }
                if let Some(last) = want.last_mut() {
                    last.1 = self.loops[h.index()].incomplete.is_none().then_some(PathTrie::ROOT);
                }
                *cur = want;
            }
        }
    }

    /// Total number of listed paths.
    pub fn total(&self) -> usize {
        self.loops.iter().map(|s| s.paths.len()).sum()
    }
}

/// The loops containing `l`, outermost first, positions unknown.
fn chain(loops: &LoopForest, l: Loc) -> LoopCursor {
    let mut v = Vec::new();
    let mut c = loops.innermost(l);
    while let Some(x) = c {
        v.push((x, None));
        c = loops.get(x).parent;
    }
    v.reverse();
    v
}

/// Makes the cursor name the loops containing `u`, keeping the positions of those it already
/// had right (an execution that moved without edges, such as a loop summary, loses the others).
fn resync(loops: &LoopForest, cur: &mut LoopCursor, u: Loc) {
    let inner = loops.innermost(u);
    if cur.last().map(|x| x.0) == inner && cur.len() == inner.map_or(0, |i| loops.get(i).depth as usize) {
        return;
    }
    let mut want = chain(loops, u);
    for (i, entry) in want.iter_mut().enumerate() {
        match cur.get(i) {
            Some(have) if have.0 == entry.0 => entry.1 = have.1,
            _ => break,
        }
    }
    *cur = want;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::coverage::edge_roles;
    use crate::analysis::{dominators, natural_loops};
    use crate::expr::Expr;
    use crate::program::{Edge, ErrorKind, LocInfo, LocKind, Op, Span};

    /// Locations named by characters (the first is the entry, `x` the exit, `!` an
    /// out-of-bounds error); edges `"ab"`, branches get `assume true`.
    fn graph(names: &str, edges: &[&str]) -> (Function, Vec<char>) {
        let names: Vec<char> = names.chars().collect();
        let locs = names
            .iter()
            .map(|&c| LocInfo {
                kind: match c {
                    'x' => LocKind::Exit,
                    '!' => LocKind::Error { kind: ErrorKind::OutOfBounds, message: "oob".into() },
                    _ => LocKind::Normal,
                },
                span: Span::default(),
            })
            .collect();
        let mut f = Function { name: "t".into(), locs, ..Function::default() };
        for e in edges {
            let cs: Vec<char> = e.chars().collect();
            let at = |c: char| Loc(names.iter().position(|&n| n == c).expect("known") as u32);
            let op = if cs[1] == 'x' { Op::Return(None) } else { Op::Assume(Expr::Bool(true)) };
            f.edges.push(Edge { src: at(cs[0]), dst: at(cs[1]), op, span: Span::default() });
        }
        f.index_edges();
        (f, names)
    }

    fn show(f: &Function, names: &[char], p: &LoopPath) -> String {
        p.edges
            .iter()
            .map(|&e| format!("{}{}", names[f.edge(e).src.index()], names[f.edge(e).dst.index()]))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn analyse(f: &Function) -> (LoopForest, LoopPaths) {
        let loops = natural_loops(f, &dominators(f));
        let roles = edge_roles(f);
        let paths = loop_paths(f, &loops, &roles);
        (loops, paths)
    }

    /// `a: while (*) { b: if (*) c else d; e }`: two H2H paths (through c and d), one H2E.
    #[test]
    fn a_loop_with_a_branch_has_two_h2h_paths_and_one_h2e() {
        let (f, n) = graph("sabcdex", &["sa", "ab", "ax", "bc", "bd", "ce", "de", "ea"]);
        let (loops, lp) = analyse(&f);
        let set = &lp.loops[0];
        let mut got: Vec<String> = set.paths.iter().map(|p| format!("{:?}: {}", p.kind, show(&f, &n, p))).collect();
        got.sort();
        assert_eq!(got, vec!["HeadToExit: ax", "HeadToHead: ab bc ea", "HeadToHead: ab bd ea"]);
        // An execution going round through c, then leaving.
        let mut cur = lp.cursor_at(&loops, f.entry);
        let mut seen = Vec::new();
        for name in ["sa", "ab", "bc", "ce", "ea", "ax"] {
            let e = f
                .edge_ids()
                .find(|&e| format!("{}{}", n[f.edge(e).src.index()], n[f.edge(e).dst.index()]) == name)
                .unwrap();
            lp.advance(&f, &loops, &mut cur, e, &mut |l, p| {
                seen.push(show(&f, &n, &lp.loops[l.index()].paths[p as usize]))
            });
        }
        assert_eq!(seen, vec!["ab bc ea", "ax"]);
        assert!(cur.is_empty());
    }

    /// Nested loops: the inner loop is one node of the outer loop, whose successors are the
    /// inner loop's exits (here two: its condition and a `break`).
    #[test]
    fn inner_loops_are_abstracted_by_their_exits() {
        // a: outer header; b: inner header; c: inner body with a break to d; d: after the inner
        // loop; b -> d is the inner condition's exit.
        let (f, n) = graph("sabcdex", &["sa", "ab", "ax", "bc", "bd", "cb", "cd", "de", "ea"]);
        let (_loops, lp) = analyse(&f);
        let inner = lp.loops.iter().find(|s| s.paths.iter().any(|p| show(&f, &n, p) == "bd")).expect("inner loop");
        let mut got: Vec<String> = inner.paths.iter().map(|p| show(&f, &n, p)).collect();
        got.sort();
        assert_eq!(got, vec!["bc cb", "bc cd", "bd"]);
        let outer = lp.loops.iter().find(|s| s.paths.iter().any(|p| show(&f, &n, p) == "ax")).expect("outer loop");
        let mut got: Vec<String> = outer.paths.iter().map(|p| show(&f, &n, p)).collect();
        got.sort();
        // The two ways out of the inner loop are two outer paths; the inner iterations are not.
        assert_eq!(got, vec!["ab bd ea", "ab cd ea", "ax"]);
    }

    /// The failing side of a check is no path, and the check no decision.
    #[test]
    fn checks_are_not_decisions() {
        let (f, n) = graph("sab!cx", &["sa", "ab", "ax", "b!", "bc", "ca"]);
        let (_loops, lp) = analyse(&f);
        let mut got: Vec<String> = lp.loops[0].paths.iter().map(|p| show(&f, &n, p)).collect();
        got.sort();
        assert_eq!(got, vec!["ab ca", "ax"]);
    }
}
