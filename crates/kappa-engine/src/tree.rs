//! The symbolic execution tree, observed as it grows: one node per executed edge, as the papers
//! draw it (nodes labelled by locations, branching edges by their conditions). Observers see
//! every node; [`TreeRecorder`] keeps them for `--tree` output.

use std::fmt::Write;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Normal,
    /// A state produced by applying a loop template (compact symbolic execution).
    Template,
    /// A state produced by the heap model's refinement (lazy initialisation's cases).
    Heap,
    /// Feasibility undecided by the solver (Algorithm 2, lines 23–25).
    Failed,
    Error(String),
    Exit,
    Abort,
    /// Stopped by a limit or an unsupported operation.
    Stopped(String),
}

pub trait TreeObserver {
    /// A node for a state at `loc` of `func`, child of `parent` (none for the root); `label` is
    /// the branch condition when the parent forked.
    fn node(&mut self, id: u64, parent: Option<u64>, func: &str, loc: &str, label: Option<&str>, kind: NodeKind);
    /// A node turned out to be a leaf of the given kind.
    fn mark(&mut self, id: u64, kind: NodeKind);
    /// The IR edge node `id` executed (called right after [`TreeObserver::node`] for the nodes
    /// of executed edges; nodes of templates, heap splits and undecided branches have none):
    /// what weakest preconditions over the tree need (lazy annotation, docs/design-proofs.md,
    /// "Extension points used").
    fn edge(&mut self, _id: u64, _func: kappa_ir::FuncId, _edge: kappa_ir::EdgeId) {}
    /// The state of a leaf, as its path ends (after `mark`): what tests of the tree's leaves
    /// (Theorems 2 and 3 of the compact symbolic execution paper) look at.
    fn leaf(&mut self, _id: u64, _state: &crate::state::State, _how: &crate::engine::Termination) {}
}

struct Node {
    id: u64,
    parent: Option<u64>,
    text: String,
    label: Option<String>,
    kind: NodeKind,
    /// Created by a heap model's refinement (drawn as a dashed blue edge).
    heap: bool,
}

/// Keeps the whole tree for rendering.
#[derive(Default)]
pub struct TreeRecorder {
    nodes: Vec<Node>,
    index: std::collections::HashMap<u64, usize>,
}

impl TreeObserver for TreeRecorder {
    fn node(&mut self, id: u64, parent: Option<u64>, func: &str, loc: &str, label: Option<&str>, kind: NodeKind) {
        self.index.insert(id, self.nodes.len());
        let heap = kind == NodeKind::Heap;
        self.nodes.push(Node {
            id,
            parent,
            text: format!("{func}:{loc}"),
            label: label.map(str::to_string),
            kind,
            heap,
        });
    }

    fn mark(&mut self, id: u64, kind: NodeKind) {
        if let Some(&i) = self.index.get(&id) {
            self.nodes[i].kind = kind;
        }
    }
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

impl TreeRecorder {
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Graphviz DOT: locations as nodes, branch conditions on forking edges; template nodes
    /// drawn as boxes, error leaves red, failed leaves dashed, forks of the heap model (lazy
    /// initialisation's cases) as dashed blue edges into blue hexagons.
    pub fn to_dot(&self) -> String {
        let mut s = String::from("digraph tree {\n  node [fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n");
        for n in &self.nodes {
            let (shape, extra, text) = match &n.kind {
                NodeKind::Normal => ("ellipse", String::new(), n.text.clone()),
                NodeKind::Template => ("box", ", style=\"rounded,bold\"".into(), n.text.clone()),
                NodeKind::Heap => ("hexagon", ", color=blue, fontcolor=blue".into(), n.text.clone()),
                NodeKind::Failed => ("ellipse", ", style=dashed".into(), format!("{}\\nfailed", n.text)),
                NodeKind::Error(k) => {
                    ("doubleoctagon", ", color=red, fontcolor=red".into(), format!("{}\\n{}", n.text, esc(k)))
                }
                NodeKind::Exit => ("doublecircle", String::new(), n.text.clone()),
                NodeKind::Abort => ("doublecircle", ", style=dotted".into(), format!("{}\\nabort", n.text)),
                NodeKind::Stopped(r) => ("ellipse", ", style=dotted".into(), format!("{}\\n{}", n.text, esc(r))),
            };
            let _ =
                writeln!(s, "  n{} [label=\"{}\", shape={shape}{extra}];", n.id, esc(&text).replace("\\\\n", "\\n"));
        }
        for n in &self.nodes {
            if let Some(p) = n.parent {
                match &n.label {
                    Some(l) if n.heap => {
                        let _ = writeln!(
                            s,
                            "  n{p} -> n{} [label=\"{}\", style=dashed, color=blue, fontcolor=blue];",
                            n.id,
                            esc(l)
                        );
                    }
                    Some(l) => {
                        let _ = writeln!(s, "  n{p} -> n{} [label=\"{}\"];", n.id, esc(l));
                    }
                    None => {
                        let _ = writeln!(s, "  n{p} -> n{};", n.id);
                    }
                }
            }
        }
        s.push_str("}\n");
        s
    }
}
