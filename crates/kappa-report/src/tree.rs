//! The symbolic execution tree (the compact tree in compact mode: template nodes are boxes) as
//! the report draws it: recorded compactly while the run grows it, then cut down to a few
//! hundred nodes for Graphviz (the paths to errors first, then the top of the tree
//! breadth-first), each node carrying its source line.

use kappa_engine::NodeKind;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;
use std::rc::Rc;

/// The most nodes recorded (about 40 bytes each); past it nodes are only counted.
pub const MAX_RECORDED: usize = 200_000;
/// The most nodes drawn.
pub const MAX_DRAWN: usize = 150;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TreeNode {
    pub id: u64,
    pub parent: Option<u64>,
    pub func: String,
    /// Source line (0: none).
    pub line: u32,
    /// `normal`, `template`, `heap`, `failed`, `error`, `exit`, `abort`, `stopped`.
    pub kind: String,
    /// The error kind or the reason a path stopped.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// The branch condition when the parent forked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// The tree as written to `OUT/tree.json`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Tree {
    pub nodes: Vec<TreeNode>,
    /// Nodes past [`MAX_RECORDED`], not recorded.
    pub unrecorded: u64,
}

fn kind_name(k: &NodeKind) -> (&'static str, String) {
    match k {
        NodeKind::Normal => ("normal", String::new()),
        NodeKind::Template => ("template", String::new()),
        NodeKind::Heap => ("heap", String::new()),
        NodeKind::Failed => ("failed", String::new()),
        NodeKind::Error(e) => ("error", e.clone()),
        NodeKind::Exit => ("exit", String::new()),
        NodeKind::Abort => ("abort", String::new()),
        NodeKind::Stopped(r) => ("stopped", r.clone()),
    }
}

/// The line in the engine's location text `L4 (line 12)`.
fn line_of(loc: &str) -> u32 {
    loc.rsplit_once("(line ").and_then(|(_, r)| r.trim_end_matches(')').parse().ok()).unwrap_or(0)
}

/// A [`kappa_engine::TreeObserver`] that records the tree for the report; clones share it.
#[derive(Clone, Default)]
pub struct TreeRecorder(pub Rc<RefCell<Tree>>, Rc<RefCell<HashMap<u64, usize>>>);

impl TreeRecorder {
    pub fn tree(&self) -> Tree {
        self.0.borrow().clone()
    }
}

impl kappa_engine::TreeObserver for TreeRecorder {
    fn node(&mut self, id: u64, parent: Option<u64>, func: &str, loc: &str, label: Option<&str>, kind: NodeKind) {
        let mut t = self.0.borrow_mut();
        if t.nodes.len() >= MAX_RECORDED {
            t.unrecorded += 1;
            return;
        }
        let (k, detail) = kind_name(&kind);
        self.1.borrow_mut().insert(id, t.nodes.len());
        t.nodes.push(TreeNode {
            id,
            parent,
            func: func.to_string(),
            line: line_of(loc),
            kind: k.into(),
            detail,
            label: label.map(|l| l.chars().take(60).collect()),
        });
    }

    fn mark(&mut self, id: u64, kind: NodeKind) {
        if let Some(&i) = self.1.borrow().get(&id) {
            let (k, detail) = kind_name(&kind);
            let mut t = self.0.borrow_mut();
            t.nodes[i].kind = k.into();
            t.nodes[i].detail = detail;
        }
    }
}

/// The DOT of the drawn part of the tree, with each drawn node's line (for the click-to-source
/// links) and how many nodes were left out.
pub struct Drawn {
    pub dot: String,
    pub lines: BTreeMap<String, u32>,
    pub shown: usize,
    pub hidden: u64,
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', " ")
}

/// The nodes to draw: the paths from the root to the first error leaves, then breadth-first
/// from the root, up to `cap`; each drawn node with children left out gets a `+N` node saying
/// how many nodes its hidden subtrees hold.
pub fn draw(tree: &Tree, cap: usize) -> Drawn {
    let index: HashMap<u64, usize> = tree.nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
    let mut children: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut roots = Vec::new();
    for (i, n) in tree.nodes.iter().enumerate() {
        match n.parent.filter(|p| index.contains_key(p)) {
            Some(p) => children.entry(p).or_default().push(i),
            None => roots.push(i),
        }
    }
    // Subtree sizes, children after parents in recording order.
    let mut size = vec![1u64; tree.nodes.len()];
    for i in (0..tree.nodes.len()).rev() {
        if let Some(p) = tree.nodes[i].parent.and_then(|p| index.get(&p)) {
            size[*p] += size[i];
        }
    }
    let mut shown: HashSet<usize> = HashSet::new();
    let mut order = Vec::new();
    fn add(i: usize, shown: &mut HashSet<usize>, order: &mut Vec<usize>) {
        if shown.insert(i) {
            order.push(i);
        }
    }
    // Error paths first (half of the budget at most; the end of a path nearest its leaf if it
    // is longer).
    let budget = cap / 2;
    for (i, n) in tree.nodes.iter().enumerate() {
        if n.kind != "error" || shown.len() >= budget {
            continue;
        }
        let mut path = vec![i];
        let mut cur = n.parent;
        while let Some(p) = cur.and_then(|p| index.get(&p)) {
            path.push(*p);
            cur = tree.nodes[*p].parent;
        }
        let fresh = path.iter().filter(|k| !shown.contains(k)).count();
        if shown.len() + fresh > budget && !shown.is_empty() {
            continue;
        }
        for &k in path.iter().take(budget).rev() {
            add(k, &mut shown, &mut order);
        }
    }
    let mut queue: std::collections::VecDeque<usize> = roots.into();
    while let Some(i) = queue.pop_front() {
        if shown.len() >= cap {
            break;
        }
        add(i, &mut shown, &mut order);
        queue.extend(children.get(&tree.nodes[i].id).into_iter().flatten());
    }
    let mut dot = String::from(
        "digraph tree {\n  graph [ranksep=0.3, nodesep=0.2];\n  node [fontname=\"monospace\", fontsize=10, height=0.3];\n  edge [fontname=\"monospace\", fontsize=8, arrowsize=0.5];\n",
    );
    let mut lines = BTreeMap::new();
    let mut hidden = tree.unrecorded;
    for &i in &order {
        let n = &tree.nodes[i];
        let (shape, style) = match n.kind.as_str() {
            "template" => ("box", ", style=\"rounded,bold\""),
            "heap" => ("hexagon", ", color=blue, fontcolor=blue"),
            "failed" => ("ellipse", ", style=dashed"),
            "error" => ("doubleoctagon", ", color=red, fontcolor=red"),
            "exit" => ("doublecircle", ""),
            "abort" => ("doublecircle", ", style=dotted"),
            "stopped" => ("ellipse", ", style=dotted"),
            _ => ("ellipse", ""),
        };
        let mut text = if n.line > 0 { format!("{}:{}", n.func, n.line) } else { n.func.clone() };
        if !n.detail.is_empty() {
            text += &format!("\\n{}", esc(&n.detail.chars().take(30).collect::<String>()));
        }
        let id = format!("tn{}", n.id);
        let tip = format!("{} {}", n.kind, text.replace("\\n", " "));
        let _ = writeln!(
            dot,
            "  {id} [id=\"{id}\", class=\"tnode\", label=\"{}\", tooltip=\"{}\", shape={shape}{style}];",
            esc(&text).replace("\\\\n", "\\n"),
            esc(&tip)
        );
        if n.line > 0 {
            lines.insert(id.clone(), n.line);
        }
        if let Some(p) = n.parent.and_then(|p| index.get(&p)).filter(|p| shown.contains(p)) {
            let label = n.label.as_deref().map(|l| format!(" [label=\"{}\"]", esc(l))).unwrap_or_default();
            let _ = writeln!(dot, "  tn{} -> {id}{label};", tree.nodes[*p].id);
        }
        let left: u64 =
            children.get(&n.id).into_iter().flatten().filter(|c| !shown.contains(*c)).map(|c| size[*c]).sum();
        if left > 0 {
            hidden += left;
            let _ = writeln!(
                dot,
                "  more{0} [label=\"+{left}\", shape=plaintext, fontcolor=gray40, tooltip=\"{left} nodes not drawn\"];\n  {id} -> more{0} [style=dotted, color=gray60];",
                n.id
            );
        }
    }
    dot.push_str("}\n");
    Drawn { dot, lines, shown: order.len(), hidden }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_engine::TreeObserver;

    /// A full binary tree of the given depth, one error leaf at the far right.
    fn binary(depth: u32) -> Tree {
        let mut r = TreeRecorder::default();
        let mut next = 1u64;
        let mut level = vec![1u64];
        r.node(1, None, "main", "L0 (line 1)", None, NodeKind::Normal);
        for d in 0..depth {
            let mut new = Vec::new();
            for &p in &level {
                for arm in 0..2 {
                    next += 1;
                    r.node(
                        next,
                        Some(p),
                        "main",
                        &format!("L{d} (line {})", d + 2),
                        Some(&format!("c{arm}")),
                        NodeKind::Normal,
                    );
                    new.push(next);
                }
            }
            level = new;
        }
        r.mark(next, NodeKind::Error("reach_error".into()));
        r.tree()
    }

    #[test]
    fn large_trees_are_cut_with_the_error_path_kept() {
        let t = binary(12);
        assert_eq!(t.nodes.len(), (1 << 13) - 1);
        let d = draw(&t, MAX_DRAWN);
        assert!(d.shown <= MAX_DRAWN, "{} drawn", d.shown);
        assert_eq!(d.shown as u64 + d.hidden, t.nodes.len() as u64);
        let err = t.nodes.last().map(|n| n.id).unwrap_or(0);
        assert!(d.dot.contains(&format!("tn{err} [")), "the error leaf is drawn");
        assert_eq!(d.lines.get(&format!("tn{err}")), Some(&13));
        assert!(d.dot.contains("nodes not drawn"));
    }

    #[test]
    fn small_trees_are_drawn_whole() {
        let t = binary(3);
        let d = draw(&t, MAX_DRAWN);
        assert_eq!((d.shown, d.hidden), (15, 0));
        assert!(!d.dot.contains("more"));
    }
}
