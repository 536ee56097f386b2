//! The symbolic execution tree of the algorithm, kept as the paper keeps its set S of facts
//! (section 3, "tree transformation rules"): `edge` (a feasible transition, [`Node::op`] from
//! the parent), `inf_edge` ([`NodeKind::Infeasible`]), `merged` ([`NodeKind::Merged`]; and
//! [`NodeKind::Back`] for the transition into a loop header explored with its invariant), and
//! `in_slice`, computed from the dependency sets ([`crate::deps`]).

use kappa_ir::{ErrorKind, Expr, FuncId, Loc, NondetOrigin, Span, VarId};

pub(crate) type NodeId = u32;

/// Where a node is: a location in a call context, or one of the virtual points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum At {
    Loc(Loc),
    /// The end of the program. For a property, every ending without an error is this point (the
    /// property does not tell them apart); for targets, the entry function's return.
    End,
    /// An execution the `assume` at this location stops (`__VERIFIER_assume` failing).
    Blocked(Loc),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PointKey {
    pub ctx: u32,
    pub at: At,
}

/// A call context: calls are inlined, so a program point is a location plus the calls that lead
/// to its function.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    pub parent: Option<u32>,
    pub func: FuncId,
    /// The call edge in the parent's function.
    pub call: Option<kappa_ir::EdgeId>,
}

/// The operation of a transition, in the paper's language: assignments and `assume`s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TOp {
    Root,
    Skip,
    /// One assignment, or the parameters of an inlined call (evaluated before any is written).
    Assign(Vec<(VarId, Expr)>),
    /// `x := nondet()`: an input.
    Havoc(VarId, NondetOrigin),
    /// A branching transition `assume c`.
    Assume(Expr),
    /// An `assume` that holds on every execution without undefined behaviour (the front-end's
    /// checks of divisions and shifts): not a branch of the program, never in the slice.
    Guard(Expr),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Terminal {
    /// The end of the program (see [`At::End`]).
    End,
    Error {
        kind: ErrorKind,
        message: String,
    },
    Abort,
    Exit(Option<Expr>),
    Blocked,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NodeKind {
    /// Being explored.
    Open,
    /// One successor (`SYMEXEC`).
    Straight,
    /// Successors through `assume` transitions (`SPLIT`); infeasible ones are
    /// [`NodeKind::Infeasible`] children.
    Branch,
    /// Merged with an already annotated node of the same program point.
    Merged(NodeId),
    /// The transition back to the header of the loop being explored (an ancestor).
    Back(NodeId),
    Terminal(Terminal),
    Infeasible,
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub point: u32,
    pub parent: Option<NodeId>,
    /// The transition from the parent into this node.
    pub op: TOp,
    /// Source position of that transition.
    pub span: Span,
    pub kind: NodeKind,
    pub children: Vec<NodeId>,
    /// A loop header, explored with the loop invariant.
    pub header: bool,
    /// A branch one of whose ways is an execution the `assume` stops: that way ends the
    /// program, so the branch's region extends to the end of its function.
    pub blocked_way: bool,
}

impl Node {
    pub fn is_leaf_link(&self) -> Option<NodeId> {
        match self.kind {
            NodeKind::Merged(c) | NodeKind::Back(c) => Some(c),
            _ => None,
        }
    }
}

/// The annotated tree.
#[derive(Default)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    pub points: Vec<PointKey>,
    pub ctxs: Vec<Ctx>,
    /// Nodes in the order their exploration finished (children before parents).
    pub finish_order: Vec<NodeId>,
}

impl Tree {
    pub fn node(&self, n: NodeId) -> &Node {
        &self.nodes[n as usize]
    }

    pub fn key(&self, n: NodeId) -> PointKey {
        self.points[self.nodes[n as usize].point as usize]
    }

    pub fn func_of(&self, n: NodeId) -> FuncId {
        self.ctxs[self.key(n).ctx as usize].func
    }

    /// The node a leaf link stands for (itself otherwise).
    pub fn resolve(&self, n: NodeId) -> NodeId {
        self.node(n).is_leaf_link().unwrap_or(n)
    }
}
