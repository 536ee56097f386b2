//! Running compact (and classic) symbolic execution on C source and observing the tree.

#![allow(dead_code)]

use kappa_engine::state::State;
use kappa_engine::{Config, Engine, Limits, Mode, NodeKind, RunReport, Termination, TreeObserver};
use kappa_expr::{SymId, Term};
use kappa_ir::Program;
use std::cell::RefCell;
use std::rc::Rc;

pub fn lower(src: &str) -> Program {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("p.c");
    std::fs::write(&path, src).expect("write");
    kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).unwrap_or_else(|d| panic!("{d}"))
}

#[derive(Clone, Debug)]
pub struct Node {
    pub id: u64,
    pub parent: Option<u64>,
    pub loc: String,
    pub label: Option<String>,
    pub kind: NodeKind,
}

pub struct Leaf {
    pub node: u64,
    pub state: State,
    pub how: Termination,
}

#[derive(Default)]
pub struct Tree {
    pub nodes: Vec<Node>,
    pub leaves: Vec<Leaf>,
}

impl Tree {
    pub fn node(&self, id: u64) -> &Node {
        self.nodes.iter().find(|n| n.id == id).expect("node")
    }

    pub fn template_nodes(&self) -> Vec<&Node> {
        self.nodes.iter().filter(|n| n.kind == NodeKind::Template).collect()
    }

    pub fn children(&self, id: u64) -> Vec<&Node> {
        self.nodes.iter().filter(|n| n.parent == Some(id)).collect()
    }

    /// Leaves that completed (exit, abort or error), not stopped ones.
    pub fn completed(&self) -> impl Iterator<Item = &Leaf> {
        self.leaves.iter().filter(|l| !matches!(l.how, Termination::Stopped(_)))
    }
}

struct Observer(Rc<RefCell<Tree>>);

impl TreeObserver for Observer {
    fn node(&mut self, id: u64, parent: Option<u64>, _func: &str, loc: &str, label: Option<&str>, kind: NodeKind) {
        self.0.borrow_mut().nodes.push(Node {
            id,
            parent,
            loc: loc.to_string(),
            label: label.map(str::to_string),
            kind,
        });
    }

    fn mark(&mut self, id: u64, kind: NodeKind) {
        let mut t = self.0.borrow_mut();
        if let Some(n) = t.nodes.iter_mut().find(|n| n.id == id) {
            // Template nodes stay marked as such when they are leaves too.
            if n.kind != NodeKind::Template {
                n.kind = kind;
            }
        }
    }

    fn leaf(&mut self, id: u64, state: &State, how: &Termination) {
        self.0.borrow_mut().leaves.push(Leaf { node: id, state: state.clone(), how: how.clone() });
    }
}

pub fn config(mode: Mode) -> Config {
    Config {
        mode,
        record_tree: true,
        limits: Limits { time: Some(std::time::Duration::from_secs(120)), ..Limits::default() },
        ..Config::default()
    }
}

/// Explores `prog` (inlining small calls in loops in compact mode, as `kappa` does).
pub fn explore(prog: &Program, cfg: Config) -> (RunReport, Tree) {
    let compact = cfg.mode == Mode::Compact;
    let mut p = prog.clone();
    if compact {
        kappa_compact::inline_calls_in_loops(&mut p);
        p.validate().expect("valid after inlining");
    }
    let solver = kappa_solver::default_chain(cfg.solver_timeout);
    let tree = Rc::new(RefCell::new(Tree::default()));
    let report = {
        let mut e = Engine::new(&p, cfg, solver);
        if compact {
            // The paper's algorithm: every cycle with a template is summarised, short or not,
            // and the templates' work is not earned by exploring first.
            let mut c = kappa_compact::Compact::default();
            c.unroll_short_loops = false;
            c.base_work = kappa_compact::TEMPLATE_WORK;
            e.set_templates(Box::new(c));
        }
        e.add_observer(Box::new(Observer(tree.clone())));
        e.run(&mut |_, _| {})
    };
    let t = std::mem::take(&mut *tree.borrow_mut());
    (report, t)
}

/// The symbols of `terms` whose names start with `prefix`, in creation order.
pub fn symbols_named(terms: &[Term], prefix: &str) -> Vec<SymId> {
    let mut out: Vec<SymId> =
        terms.iter().flat_map(|t| t.symbols()).filter(|s| Term::sym_info(*s).name.starts_with(prefix)).collect();
    out.sort();
    out.dedup();
    out
}
