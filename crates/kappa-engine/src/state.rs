//! Execution states (l, θ, φ) of the engine: a call stack of frames (location and registers),
//! memory, the path condition, and what the path read (for its test).

use crate::memory::Memory;
use crate::value::SVal;
use kappa_expr::Term;
use kappa_ir::{FuncId, Loc, NondetOrigin, ObjId, Span, Ty, VarId};
use std::collections::HashMap;
use std::rc::Rc;

#[derive(Clone, Debug)]
pub struct Frame {
    pub func: FuncId,
    pub loc: Loc,
    /// Registers of the function, indexed by their position in `Function::vars`.
    pub regs: Vec<Option<SVal>>,
    /// This activation's instance of each local memory slot.
    pub slots: HashMap<ObjId, u32>,
    /// Where the caller continues and which register receives the result.
    pub ret_to: Option<(Loc, Option<VarId>)>,
    /// The special call-stack record of a recursion template (early compact SE paper,
    /// section 3): this activation stands for κ+1 nested ones, and when it returns, the κ
    /// pending returns happen at once.
    pub pending: Option<Rc<PendingReturns>>,
    /// Where this activation is in its function's loops (the paper's loop-path stack, section
    /// 3.2 of Gao and Lumetta), from its first edge on; it lives in the frame so that forks
    /// share it with the frame.
    pub loop_cursor: Option<kappa_ir::analysis::LoopCursor>,
    /// The stack objects this activation allocated (its slots' instances, its `alloca`s): a
    /// return kills exactly these, whatever deeper activations allocated in between.
    pub stack_objs: Vec<u32>,
}

/// The effect of the κ returns a recursion template left pending: the value the outermost
/// activation returns, as a term of the value the innermost one returns (`hole`).
#[derive(Debug)]
pub struct PendingReturns {
    pub hole: kappa_expr::SymId,
    pub ret: Term,
}

/// A value the path reads from outside: an input of its test.
#[derive(Clone, Debug)]
pub struct InputRecord {
    pub kind: kappa_ir::testcase::InputKind,
    pub origin: NondetOrigin,
    pub ty: Ty,
    pub span: Span,
    /// The symbol standing for the value (an array of bytes for memory contents).
    pub sym: Term,
    /// Bytes, for memory contents.
    pub size: u64,
    /// For inputs read inside a loop summarised by a template: all of them at once.
    pub iterated: Option<Rc<IteratedInputs>>,
}

/// The inputs of κ iterations of a cycle (compact symbolic execution): iteration τ reads
/// `array[τ]` at each site of the core, in core order; then the exit path reads `array[κ]` at
/// the sites of its prefix.
#[derive(Clone, Debug)]
pub struct IteratedInputs {
    /// The number of iterations (an integer term).
    pub kappa: Term,
    pub core: Vec<IteratedSite>,
    pub prefix: Vec<IteratedSite>,
}

#[derive(Clone, Debug)]
pub struct IteratedSite {
    pub kind: kappa_ir::testcase::InputKind,
    pub origin: NondetOrigin,
    pub ty: Ty,
    pub span: Span,
    /// An array from iteration numbers (integers) to values.
    pub array: Term,
}

/// The path condition: a list of constraints shared between forks until one of them grows it.
#[derive(Clone, Debug, Default)]
pub struct PathCondition {
    items: Rc<Vec<Term>>,
}

impl PathCondition {
    pub fn push(&mut self, c: Term) {
        if c.is_true() {
            return;
        }
        Rc::make_mut(&mut self.items).push(c);
    }

    pub fn constraints(&self) -> &[Term] {
        &self.items
    }

    pub fn conjunction(&self) -> Term {
        Term::and_all(self.items.iter().cloned())
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

#[derive(Clone, Debug)]
pub struct State {
    pub id: u64,
    /// The call stack. Frames are shared between the states a fork makes and copied only when
    /// written (the top one, usually): a fork deep in a recursion copies pointers, not the
    /// registers of every activation (issue 12).
    pub frames: Vec<Rc<Frame>>,
    pub globals: Rc<Vec<Option<SVal>>>,
    pub memory: Memory,
    pub pc: PathCondition,
    /// Inputs in the order the path read them.
    pub inputs: Rc<Vec<InputRecord>>,
    /// Edges executed so far.
    pub depth: u64,
    /// The node of the symbolic execution tree this state is at.
    pub node: u64,
    /// Counter for naming symbols of this path.
    pub next_sym: u32,
    /// Execute this location classically for this many more visits, without asking the template
    /// provider ([`crate::template::Applied::Unroll`]).
    pub skip_templates: Option<(FuncId, Loc, u32)>,
    /// The cycle whose template was applied last on this path.
    pub last_cycle: Option<u32>,
    /// The entry function's symbolic input heap: references and materialised input objects.
    pub heap: Rc<crate::heap::InputHeap>,
    /// Where each heap block (`malloc`, `calloc`, …) of the path was allocated: object id and
    /// the program's call (for leak reports).
    pub alloc_sites: Rc<Vec<(u32, Span)>>,
    /// What the path covered, and where it is in its loops.
    pub coverage: crate::engine::coverage::PathCoverage,
    /// How the state was made from the initial state ([`crate::trail`]).
    pub trail: crate::trail::Trail,
    /// A step on the way to this state computed or applied a loop template (compact mode):
    /// under `--jobs` it is not handed to another worker, which would have to compute the
    /// template again to replay the step (docs/design-parallel.md, "Status").
    pub pinned: bool,
    /// Lazy feasibility (`--jobs`, docs/design-parallel.md): the out-edge of the state's
    /// location this state is to take, and its guard, whose feasibility nobody has checked
    /// yet. Its step checks it first: an infeasible state ends there with no path, no test,
    /// no tree node and no coverage; a feasible one takes the edge and counts as the fork's
    /// two states ([`State::provisional`]).
    pub unchecked: Option<(kappa_ir::EdgeId, kappa_expr::Term)>,
    /// Made by a fork whose other side is [`State::unchecked`]: this state and its first step
    /// count (`states_created`, `states_explored`) only when the other side turns out
    /// feasible, as one engine, which checks both sides at the fork, counts a branch with one
    /// feasible side as no new state.
    pub provisional: bool,
    /// The path's last visits of loop heads, for a lasso (SV-COMP's `termination`, only with
    /// [`crate::Config::lassos`]): the latest [`LASSO_WINDOW`] at most.
    pub lasso: Rc<Vec<Rc<LassoSnap>>>,
}

/// How many earlier loop-head visits a state at a loop head is compared with: a lasso whose
/// cycle passes the head more often is not found.
pub const LASSO_WINDOW: usize = 8;

/// A state at a loop head, as far as what happens next depends on it.
#[derive(Debug)]
pub struct LassoSnap {
    pub func: FuncId,
    pub loc: Loc,
    pub frames: Vec<Rc<Frame>>,
    pub globals: Rc<Vec<Option<SVal>>>,
    pub memory: Memory,
    /// The path's depth (edges) at the visit.
    pub depth: u64,
}

impl State {
    pub fn frame(&self) -> &Frame {
        &self.frames[self.frames.len() - 1]
    }

    pub fn frame_mut(&mut self) -> &mut Frame {
        let n = self.frames.len() - 1;
        Rc::make_mut(&mut self.frames[n])
    }

    pub fn loc(&self) -> (FuncId, Loc) {
        let f = self.frame();
        (f.func, f.loc)
    }

    pub fn push_input(&mut self, r: InputRecord) {
        Rc::make_mut(&mut self.inputs).push(r);
    }
}
