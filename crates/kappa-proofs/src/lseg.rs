//! A list-segment abstraction with ghost positions (docs/design-proofs.md, "Lists: what each
//! program needs"): a numeric abstraction of the heap in the style of THOR (Magill et al.,
//! POPL 2010) whose numeric program the k-induction of [`crate::kind`] proves as it is.
//!
//! The shape supported: in one function, the nodes its `malloc`s create form a single acyclic
//! list, built by push-front (`n->next = head`) or push-back (`n->next = NULL; tail->next =
//! n`) and taken apart from the front (`free(head)`). The list's nodes have consecutive
//! *positions* `first..=last` (ghosts `lseg$first`, `lseg$last`; empty when `last == first -
//! 1`), and every pointer register that may hold a node (the *list registers*) gets a ghost
//! `x$pos`: a node's position, `last + 1` for NULL (so `p = p->next` is `p$pos + 1` also from
//! the last node), below `first` for a freed node, [`FRESH`] for the one node not linked yet,
//! [`LOST`] for a value the abstraction lost (a use of it fails). Since the list is one chain a
//! position names one node, so `p == q` is `p$pos == q$pos`, and the front-end's guards
//! (`live`, `inbounds`, `freeable`) are ranges of positions. Push-back gives the fresh node
//! `last + 1` (the NULL pointers move to `last + 2`), push-front shifts the positions by one
//! and gives it `first`, so positions only grow. The other fields of a node are abstracted by
//! a field invariant: the constants the program stores there when it stores only constants
//! (every store checked), else `data == pos + c` with c fixed by the first node linked (a node
//! that does not fit breaks it for good: from then on loads know nothing); a load gives a fresh
//! value satisfying it.
//!
//! Soundness is in what the abstract program *checks*, not what it assumes (each check is an
//! error location of the abstract program, so a k-induction proof must show it never fails):
//! a store into `next` is a push at the front (into the fresh node, of the first node), the
//! fresh node's next set to NULL (it becomes the list if that is empty), or a push at the back
//! (into the last node, of the fresh node whose next is NULL), after every data field of the
//! fresh node was written; `free` is of the first node; a load of `next` is of a live node;
//! every store into a constant field keeps its invariant; no position
//! passes 2^29 (no wrap-around); no use of a lost value. What is refused outright (the
//! abstraction is not built): a list pointer passed to or returned from a function, stored
//! anywhere but a node's `next`, compared other than for equality, moved by pointer
//! arithmetic, accesses at other offsets than the fields, a global or parameter list pointer.
//! Every execution of the original program then has an execution of the abstract program that
//! reaches the same errors (the ghosts follow the positions exactly, the data loads
//! over-approximate), so a proof of the abstract program is one of the original.

use crate::candidates::{Candidate, Rank};
use kappa_ir::analysis::{analyze_program, CycleOptions};
use kappa_ir::expr::{BinOp, Expr, UnOp};
use kappa_ir::{
    AllocTarget, CType, Edge, ErrorKind, FuncId, Function, Loc, LocInfo, LocKind, NondetOrigin, Op, Program, Region,
    Span, Ty, VarId, VarInfo, VarKind,
};
use std::collections::{BTreeMap, BTreeSet};

/// Width of the ghost registers (that of `int`, so that they relate to the program's counters).
const W: u32 = 32;
/// A position above this is refused by a check (the ghosts must not wrap around).
const MAX_POS: i128 = 1 << 29;
/// The position of the one fresh node not linked yet.
const FRESH: i128 = 1 << 30;
/// The position of a pointer whose value the abstraction lost (any use fails a check).
const LOST: i128 = (1 << 30) + 1;
/// Constants of a field invariant, at most.
const MAX_FIELD_VALUES: usize = 8;

/// The abstraction of one function.
#[derive(Clone, Debug)]
pub struct FuncLists {
    pub func: FuncId,
    /// The positions of the list's first and last nodes.
    pub first: VarId,
    pub last: VarId,
    /// Each list register with its position ghost.
    pub pos: Vec<(VarId, VarId)>,
    /// The constants c of the position invariants `data == pos + c`, with their states.
    pub offsets: Vec<(VarId, VarId)>,
}

/// The abstract program (a numeric program: no node is allocated any more) and its ghosts.
#[derive(Clone, Debug)]
pub struct Abstraction {
    pub program: Program,
    pub funcs: Vec<FuncLists>,
}

/// The abstract program of `prog`, or why its lists do not fit the abstraction. `Err` also
/// when no function allocates nodes (nothing to abstract).
pub fn abstract_lists(prog: &Program) -> Result<Abstraction, String> {
    let mut p = prog.clone();
    let mut funcs = Vec::new();
    for fi in 0..prog.functions.len() {
        let fid = FuncId(fi as u32);
        if prog.is_library(fid) {
            continue;
        }
        if let Some(fl) = abstract_function(prog, &mut p, fid)? {
            funcs.push(fl);
        }
    }
    if funcs.is_empty() {
        return Err("no function allocates list nodes".into());
    }
    p.validate().map_err(|e| format!("internal error: the list abstraction is not valid: {e}"))?;
    Ok(Abstraction { program: p, funcs })
}

/// The node pointer and constant offset an access goes through, if it goes through a list
/// register.
fn root(e: &Expr, lists: &BTreeSet<VarId>) -> Option<(VarId, Expr)> {
    match e {
        Expr::Var(x) if lists.contains(x) => Some((*x, Expr::uint(0, 64))),
        Expr::PtrAdd(a, off) => match (&**a, &**off) {
            (Expr::Var(x), Expr::Int { .. }) if lists.contains(x) => Some((*x, (**off).clone())),
            _ => None,
        },
        _ => None,
    }
}

fn offset(e: &Expr) -> u64 {
    match e {
        Expr::Int { bits, .. } => *bits,
        _ => u64::MAX,
    }
}

fn mentions(e: &Expr, lists: &BTreeSet<VarId>) -> bool {
    let mut m = false;
    e.for_each_var(&mut |v| m |= lists.contains(&v));
    m
}

/// The constants an expression may have, through temporaries assigned only constants.
fn constants(f: &Function, e: &Expr, depth: u32, out: &mut BTreeSet<i128>) -> bool {
    match e {
        Expr::Int { bits, width } => {
            out.insert(kappa_ir::expr::to_signed(*bits, *width) as i128);
            true
        }
        Expr::Ite(_, a, b) => constants(f, a, depth, out) && constants(f, b, depth, out),
        Expr::Var(v) if depth > 0 => {
            let defs: Vec<&Op> = f.edges.iter().map(|e| &e.op).filter(|op| op.def() == Some(*v)).collect();
            !defs.is_empty()
                && defs.iter().all(|op| match op {
                    Op::Assign { value, .. } => constants(f, value, depth - 1, out),
                    _ => false,
                })
        }
        _ => false,
    }
}

/// A field of the nodes: its width in bytes and whether it holds a pointer (the `next` field).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Field {
    bytes: u64,
    ptr: bool,
}

/// One step of an edge's replacement: an operation, a check failing into its own error
/// location, or a choice between exclusive alternatives (each under its guard; when none
/// holds, the check fails with the message).
enum Step {
    Op(Op),
    Check(Expr, &'static str),
    Cases(Vec<(Expr, Vec<Step>)>, &'static str),
}

/// The invariant of a data field over every node of the list.
#[derive(Clone, Debug)]
enum FieldInv {
    /// Nothing known: loads are arbitrary.
    Any,
    /// One of the constants the program stores there.
    Consts(Vec<i128>),
    /// `data == pos + c`, c fixed by the first node linked: ghosts c, its state (0 not set, 1
    /// set: every linked node fits, 2 broken: a node did not fit, the invariant is not used any
    /// more), and the fresh node's value until it is linked.
    Position { c: VarId, set: VarId, value: VarId },
}

/// A data field's ghosts: whether the fresh node's field was written, and its invariant.
#[derive(Clone, Debug)]
struct DataField {
    written: VarId,
    inv: FieldInv,
}

struct Rw<'a> {
    prog: &'a Program,
    lists: BTreeSet<VarId>,
    pos: BTreeMap<VarId, VarId>,
    first: VarId,
    last: VarId,
    /// Whether the fresh node's next was set to NULL.
    fnext: VarId,
    next_off: u64,
    data: BTreeMap<u64, DataField>,
    min_size: u64,
}

fn int(c: i128) -> Expr {
    Expr::int(c, W)
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

fn eq(a: Expr, b: Expr) -> Expr {
    bin(BinOp::Eq, a, b)
}

fn and(a: Expr, b: Expr) -> Expr {
    bin(BinOp::And, a, b)
}

fn or(a: Expr, b: Expr) -> Expr {
    bin(BinOp::Or, a, b)
}

fn sle(a: Expr, b: Expr) -> Expr {
    bin(BinOp::Sle, a, b)
}

fn add(a: Expr, c: i128) -> Expr {
    bin(BinOp::Add, a, int(c))
}

impl Rw<'_> {
    fn f(&self) -> Expr {
        Expr::Var(self.first)
    }
    fn l(&self) -> Expr {
        Expr::Var(self.last)
    }
    fn null(&self) -> Expr {
        add(self.l(), 1)
    }
    fn p(&self, x: VarId) -> Expr {
        Expr::Var(self.pos[&x])
    }

    fn pos_of(&self, e: &Expr) -> Result<Expr, String> {
        match e {
            Expr::Null => Ok(self.null()),
            Expr::Var(x) if self.lists.contains(x) => Ok(self.p(*x)),
            _ => Err("a list pointer is compared with or assigned a pointer that is not one".into()),
        }
    }

    fn listish(&self, e: &Expr) -> bool {
        matches!(e, Expr::Var(x) if self.lists.contains(x))
    }

    /// The position is a live node of the list.
    fn in_list(&self, p: Expr) -> Expr {
        and(sle(self.f(), p.clone()), sle(p, self.l()))
    }

    /// The pointer is a node (fresh, or live in the list).
    fn node(&self, x: VarId) -> Expr {
        or(eq(self.p(x), int(FRESH)), self.in_list(self.p(x)))
    }

    /// A condition over list pointers as one over their positions.
    fn cond(&self, e: &Expr) -> Result<Expr, String> {
        if !mentions(e, &self.lists) {
            return Ok(e.clone());
        }
        let guarded = |p: &Expr, end: u64| -> Result<Expr, String> {
            let Some((x, off)) = root(p, &self.lists) else {
                return Err("a guard of an access through a list pointer that is not a field".into());
            };
            if offset(&off).saturating_add(end) > self.min_size {
                return Err("an access beyond a node".into());
            }
            Ok(self.node(x))
        };
        match e {
            Expr::Bin(op @ (BinOp::Eq | BinOp::Ne), a, b) if self.listish(a) || self.listish(b) => {
                Ok(bin(*op, self.pos_of(a)?, self.pos_of(b)?))
            }
            Expr::Live(p) | Expr::Writable(p) => guarded(p, 1),
            Expr::Freeable(p) => match &**p {
                Expr::Var(_) => guarded(p, 1),
                _ => Err("a free of a pointer into a node".into()),
            },
            Expr::InBounds(p, n) => match &**n {
                Expr::Int { bits, .. } => guarded(p, *bits),
                _ => Err("an access of a symbolic size to a node".into()),
            },
            Expr::Un(UnOp::Not, a) => Ok(Expr::un(UnOp::Not, self.cond(a)?)),
            Expr::Bin(op @ (BinOp::And | BinOp::Or), a, b) => Ok(bin(*op, self.cond(a)?, self.cond(b)?)),
            Expr::Ite(c, a, b) if !mentions(a, &self.lists) && !mentions(b, &self.lists) => {
                Ok(Expr::ite(self.cond(c)?, (**a).clone(), (**b).clone()))
            }
            _ => Err("a list pointer is used other than in an equality, a guard or an access".into()),
        }
    }

    /// The checks that the list registers `e` reads have a value the abstraction knows.
    fn known(&self, e: &Expr, steps: &mut Vec<Step>) {
        let mut seen = BTreeSet::new();
        e.for_each_var(&mut |v| {
            if self.lists.contains(&v) && seen.insert(v) {
                steps.push(Step::Check(
                    bin(BinOp::Ne, self.p(v), int(LOST)),
                    "kappa lseg: a list pointer of a value the abstraction lost",
                ));
            }
        });
    }

    fn set_all(&self, steps: &mut Vec<Step>, f: impl Fn(Expr) -> Expr) {
        for &g in self.pos.values() {
            steps.push(Step::Op(Op::Assign { dst: g, value: f(Expr::Var(g)) }));
        }
    }

    /// The fresh node becomes the list's node at `at` (the last position + 1 on an append, the
    /// first on a prepend, after the shift): its fields must be written and keep their
    /// invariants, and the pointers to it take the position.
    fn link(&self, s: &mut Vec<Step>, at: Expr) {
        for d in self.data.values() {
            s.push(Step::Check(
                eq(Expr::Var(d.written), int(1)),
                "kappa lseg: a node linked before its fields are written",
            ));
            if let FieldInv::Position { c, set, value } = d.inv {
                // The first node fixes c; a node that does not fit breaks the invariant for good.
                let fits = eq(Expr::Var(value), bin(BinOp::Add, at.clone(), Expr::Var(c)));
                let unset = eq(Expr::Var(set), int(0));
                let state = Expr::ite(unset.clone(), int(1), Expr::ite(fits, Expr::Var(set), int(2)));
                let fixed = Expr::ite(unset, bin(BinOp::Sub, Expr::Var(value), at.clone()), Expr::Var(c));
                s.push(Step::Op(Op::Assign { dst: set, value: state }));
                s.push(Step::Op(Op::Assign { dst: c, value: fixed }));
            }
        }
        self.set_all(s, |g| Expr::ite(eq(g.clone(), int(FRESH)), at.clone(), g));
    }

    /// Appends the fresh node after the last one (or as the only node of an empty list).
    fn append(&self, s: &mut Vec<Step>) {
        s.push(Step::Check(sle(self.l(), int(MAX_POS)), "kappa lseg: a list too long"));
        // NULL is `last + 1`: the pointers that hold it move with it.
        let null = self.null();
        self.set_all(s, |g| Expr::ite(eq(g.clone(), null.clone()), add(g.clone(), 1), g));
        s.push(Step::Op(Op::Assign { dst: self.last, value: add(self.l(), 1) }));
        self.link(s, self.l());
    }

    /// Prepends the fresh node before the first one: the nodes' positions shift by one (so
    /// `first` stays: positions only grow), the pointers to freed nodes are lost first.
    fn prepend(&self, s: &mut Vec<Step>) {
        s.push(Step::Check(sle(self.l(), int(MAX_POS)), "kappa lseg: a list too long"));
        let (f, l) = (self.f(), self.l());
        self.set_all(s, |g| Expr::ite(bin(BinOp::Slt, g.clone(), f.clone()), int(LOST), g));
        let shifted = |g: Expr| and(sle(f.clone(), g.clone()), sle(g, add(l.clone(), 1)));
        self.set_all(s, |g| Expr::ite(shifted(g.clone()), add(g.clone(), 1), g));
        s.push(Step::Op(Op::Assign { dst: self.last, value: add(self.l(), 1) }));
        for d in self.data.values() {
            if let FieldInv::Position { c, .. } = d.inv {
                s.push(Step::Op(Op::Assign { dst: c, value: add(Expr::Var(c), -1) }));
            }
        }
        self.link(s, self.f());
    }

    /// The replacement of one operation, `None` if it does not touch the lists.
    fn op(&self, op: &Op) -> Result<Option<Vec<Step>>, String> {
        let touches = match op {
            Op::Skip | Op::Halt { code: None, .. } => false,
            op => {
                let mut m = op.def().is_some_and(|d| self.lists.contains(&d));
                let mut look = |e: &Expr| m |= mentions(e, &self.lists);
                match op {
                    Op::Assume(c) => look(c),
                    Op::Assign { value, .. } => look(value),
                    Op::Load { ptr, .. } | Op::Free { ptr } => look(ptr),
                    Op::Store { ptr, value } => {
                        look(ptr);
                        look(value)
                    }
                    Op::MemCopy { dst, src, size } => {
                        look(dst);
                        look(src);
                        look(size)
                    }
                    Op::Alloc { size, .. } => look(size),
                    Op::Call { args, .. } | Op::Output { args, .. } => args.iter().for_each(look),
                    Op::Return(Some(e)) | Op::Halt { code: Some(e), .. } => look(e),
                    _ => {}
                }
                m
            }
        };
        if !touches {
            return Ok(None);
        }
        let mut s = Vec::new();
        match op {
            Op::Assign { dst, value } if self.lists.contains(dst) => {
                s.push(Step::Op(Op::Assign { dst: self.pos[dst], value: self.pos_of(value)? }));
            }
            Op::Assign { dst, value } => {
                self.known(value, &mut s);
                s.push(Step::Op(Op::Assign { dst: *dst, value: self.cond(value)? }));
            }
            Op::Assume(c) => {
                self.known(c, &mut s);
                s.push(Step::Op(Op::Assume(self.cond(c)?)));
            }
            Op::Alloc { target: AllocTarget::Fresh(x), region: Region::Heap, size: Expr::Int { .. }, .. }
                if self.lists.contains(x) =>
            {
                // An older fresh node not linked is lost (at most one fresh node is tracked).
                self.set_all(&mut s, |g| Expr::ite(eq(g.clone(), int(FRESH)), int(LOST), g));
                let xp = self.pos[x];
                let origin = NondetOrigin::Uninit { var: format!("{}$pos", self.prog.var(*x).name) };
                s.push(Step::Op(Op::Nondet { dst: xp, origin }));
                s.push(Step::Op(Op::Assume(or(eq(Expr::Var(xp), int(FRESH)), eq(Expr::Var(xp), self.null())))));
                for d in self.data.values() {
                    s.push(Step::Op(Op::Assign { dst: d.written, value: int(0) }));
                }
                s.push(Step::Op(Op::Assign { dst: self.fnext, value: int(0) }));
            }
            Op::Load { dst, ptr } => {
                let Some((x, off)) = root(ptr, &self.lists) else {
                    return Err("a load through a list pointer that is not of a field".into());
                };
                self.known(ptr, &mut s);
                let xp = self.p(x);
                s.push(Step::Check(self.node(x), "kappa lseg: a load from a pointer that is not a node"));
                let off = offset(&off);
                if off == self.next_off {
                    if !self.lists.contains(dst) {
                        return Err("a node's next is loaded into a register that is not a list pointer".into());
                    }
                    s.push(Step::Check(self.in_list(xp.clone()), "kappa lseg: next of a node not in the list"));
                    s.push(Step::Op(Op::Assign { dst: self.pos[dst], value: add(xp, 1) }));
                } else {
                    let Some(d) = self.data.get(&off) else {
                        return Err("a load of a node at an offset that is not a field".into());
                    };
                    let origin = NondetOrigin::Uninit { var: self.prog.var(*dst).name.clone() };
                    s.push(Step::Op(Op::Nondet { dst: *dst, origin }));
                    let v = Expr::Var(*dst);
                    let fresh = eq(xp.clone(), int(FRESH));
                    // The fresh node's field not written yet: any value.
                    let unset = and(fresh.clone(), eq(Expr::Var(d.written), int(0)));
                    let known = match (&d.inv, self.prog.var_ty(*dst)) {
                        (FieldInv::Consts(values), Ty::Int(w)) => {
                            let is = |c: &i128| eq(v.clone(), Expr::int(*c, w));
                            Some(values.iter().map(is).reduce(or).unwrap_or(Expr::Bool(false)))
                        }
                        (FieldInv::Position { c, set, value }, _) => Some(Expr::ite(
                            fresh,
                            eq(v.clone(), Expr::Var(*value)),
                            or(
                                bin(BinOp::Ne, Expr::Var(*set), int(1)),
                                eq(v.clone(), bin(BinOp::Add, xp, Expr::Var(*c))),
                            ),
                        )),
                        _ => None,
                    };
                    if let Some(known) = known {
                        s.push(Step::Op(Op::Assume(or(unset, known))));
                    }
                }
            }
            Op::Store { ptr, value } => {
                let Some((x, off)) = root(ptr, &self.lists) else {
                    return Err("a list pointer is stored other than into a node's next".into());
                };
                self.known(ptr, &mut s);
                let xp = self.p(x);
                s.push(Step::Check(self.node(x), "kappa lseg: a store into a pointer that is not a node"));
                let off = offset(&off);
                if off == self.next_off {
                    self.known(value, &mut s);
                    let zp = self.pos_of(value)?;
                    let (f, l) = (self.f(), self.l());
                    let fresh = eq(xp.clone(), int(FRESH));
                    let nonempty = sle(f.clone(), l.clone());
                    // Push-front: the fresh node's next is the list's first node.
                    let mut front = Vec::new();
                    self.prepend(&mut front);
                    // The fresh node's next is NULL: with the list empty it is the list,
                    // otherwise it waits to be appended.
                    let mut only = Vec::new();
                    self.append(&mut only);
                    let pending = vec![Step::Op(Op::Assign { dst: self.fnext, value: int(1) })];
                    // Push-back: the last node's next is the fresh node, whose next is NULL.
                    let mut back = Vec::new();
                    self.append(&mut back);
                    let zfresh = and(eq(zp.clone(), int(FRESH)), eq(Expr::Var(self.fnext), int(1)));
                    s.push(Step::Cases(
                        vec![
                            (and(fresh.clone(), and(nonempty.clone(), eq(zp.clone(), f.clone()))), front),
                            (
                                and(fresh.clone(), and(eq(zp.clone(), self.null()), eq(f.clone(), add(l.clone(), 1)))),
                                only,
                            ),
                            (and(fresh, and(eq(zp.clone(), self.null()), nonempty.clone())), pending),
                            (and(and(nonempty, eq(xp, l)), zfresh), back),
                        ],
                        "kappa lseg: a store into next other than a push at the front or the back",
                    ));
                } else {
                    if mentions(value, &self.lists) {
                        return Err("a list pointer is stored into a data field".into());
                    }
                    let Some(d) = self.data.get(&off) else {
                        return Err("a store into a node at an offset that is not a field".into());
                    };
                    let fresh = eq(xp.clone(), int(FRESH));
                    match &d.inv {
                        FieldInv::Consts(values) => {
                            let w = match self.prog.expr_ty(value) {
                                Ty::Int(w) => w,
                                _ => return Err("a data field of a node that is not an integer".into()),
                            };
                            let is = |c: &i128| eq(value.clone(), Expr::int(*c, w));
                            let phi = values.iter().map(is).reduce(or).unwrap_or(Expr::Bool(false));
                            s.push(Step::Check(phi, "kappa lseg: a store breaks the field invariant"));
                        }
                        FieldInv::Position { c, set, value: v } => {
                            // A store into a linked node that does not fit breaks the invariant.
                            let fits = eq(value.clone(), bin(BinOp::Add, xp.clone(), Expr::Var(*c)));
                            let broken = Expr::ite(or(fresh.clone(), fits), Expr::Var(*set), int(2));
                            s.push(Step::Op(Op::Assign {
                                dst: *set,
                                value: Expr::ite(eq(Expr::Var(*set), int(1)), broken, Expr::Var(*set)),
                            }));
                            let keep = Expr::ite(fresh.clone(), value.clone(), Expr::Var(*v));
                            s.push(Step::Op(Op::Assign { dst: *v, value: keep }));
                        }
                        FieldInv::Any => {}
                    }
                    let set = Expr::ite(fresh, int(1), Expr::Var(d.written));
                    s.push(Step::Op(Op::Assign { dst: d.written, value: set }));
                }
            }
            Op::Free { ptr: ptr @ Expr::Var(x) } if self.lists.contains(x) => {
                self.known(ptr, &mut s);
                let first = and(eq(self.p(*x), self.f()), sle(self.f(), self.l()));
                s.push(Step::Check(first, "kappa lseg: a free of other than the list's first node"));
                s.push(Step::Op(Op::Assign { dst: self.first, value: add(self.f(), 1) }));
            }
            _ => return Err("a list pointer is passed, returned, copied as memory or made otherwise".into()),
        }
        Ok(Some(s))
    }
}

fn new_loc(f: &mut Function, kind: LocKind, span: Span) -> Loc {
    f.locs.push(LocInfo { kind, span });
    Loc(f.locs.len() as u32 - 1)
}

fn ghost(p: &mut Program, fid: FuncId, name: String, span: Span) -> VarId {
    let v = VarId(p.vars.len() as u32);
    p.vars.push(VarInfo { name, ty: Ty::Int(W), ctype: CType::INT, kind: VarKind::Temp(fid), span });
    p.functions[fid.index()].vars.push(v);
    v
}

/// The list registers of `f`: what its heap allocations are assigned to, closed under copies,
/// loads through them and equalities with them.
fn list_registers(prog: &Program, f: &Function) -> BTreeSet<VarId> {
    let mut lists: BTreeSet<VarId> = f
        .edges
        .iter()
        .filter_map(|e| match &e.op {
            Op::Alloc { target: AllocTarget::Fresh(x), region: Region::Heap, .. } => Some(*x),
            _ => None,
        })
        .collect();
    if lists.is_empty() {
        return lists;
    }
    let ptr_var = |e: &Expr| match e {
        Expr::Var(v) if prog.var_ty(*v) == Ty::Ptr => Some(*v),
        _ => None,
    };
    loop {
        let before = lists.len();
        for e in &f.edges {
            let mut pairs: Vec<(VarId, VarId)> = Vec::new();
            match &e.op {
                Op::Assign { dst, value } => {
                    if let Some(y) = ptr_var(value) {
                        pairs.push((*dst, y));
                    }
                }
                Op::Load { dst, ptr } if prog.var_ty(*dst) == Ty::Ptr && root(ptr, &lists).is_some() => {
                    lists.insert(*dst);
                }
                Op::Store { ptr, value } if root(ptr, &lists).is_some() => {
                    if let Some(y) = ptr_var(value) {
                        lists.insert(y);
                    }
                }
                _ => {}
            }
            if let Op::Assume(c) | Op::Assign { value: c, .. } = &e.op {
                c.walk(&mut |x| {
                    if let Expr::Bin(BinOp::Eq | BinOp::Ne, a, b) = x {
                        if let (Some(a), Some(b)) = (ptr_var(a), ptr_var(b)) {
                            pairs.push((a, b));
                        }
                    }
                });
            }
            for (a, b) in pairs {
                if lists.contains(&a) || lists.contains(&b) {
                    lists.insert(a);
                    lists.insert(b);
                }
            }
        }
        if lists.len() == before {
            return lists;
        }
    }
}

/// Abstracts the lists of function `fid` into `p`: `None` if it allocates none.
fn abstract_function(prog: &Program, p: &mut Program, fid: FuncId) -> Result<Option<FuncLists>, String> {
    let f0 = prog.func(fid);
    let lists = list_registers(prog, f0);
    if lists.is_empty() {
        return Ok(None);
    }
    let at = |why: &str| format!("{} in {}", why, f0.name);
    for &x in &lists {
        if !matches!(prog.var(x).kind, VarKind::Local(g) | VarKind::Temp(g) if g == fid) || prog.var_ty(x) != Ty::Ptr {
            return Err(at(&format!("the list pointer {} is not a pointer local to the function", prog.var(x).name)));
        }
    }
    // The fields: every access through a list pointer, at a constant offset and width.
    let mut fields: BTreeMap<u64, Field> = BTreeMap::new();
    let mut min_size = u64::MAX;
    let bytes = |t: Ty| match t {
        Ty::Int(w) => Some(u64::from(w.div_ceil(8))),
        Ty::Ptr => Some(u64::from(prog.ptr_bits() / 8)),
        Ty::Bool => None,
    };
    for e in &f0.edges {
        let (ptr, ty) = match &e.op {
            Op::Load { dst, ptr } => (ptr, prog.var_ty(*dst)),
            Op::Store { ptr, value } => {
                let ptr_value = matches!(value, Expr::Null) || mentions(value, &lists);
                (ptr, if ptr_value { Ty::Ptr } else { prog.expr_ty(value) })
            }
            Op::Alloc { target: AllocTarget::Fresh(x), size, .. } if lists.contains(x) => {
                match size {
                    Expr::Int { bits, .. } => min_size = min_size.min(*bits),
                    _ => return Err(at("a node of a symbolic size")),
                }
                continue;
            }
            _ => continue,
        };
        let Some((_, off)) = root(ptr, &lists) else { continue };
        let Some(b) = bytes(ty) else { return Err(at("a boolean field")) };
        let field = Field { bytes: b, ptr: ty == Ty::Ptr };
        match fields.insert(offset(&off), field) {
            Some(old) if old != field => return Err(at("a node's field accessed with two types")),
            _ => {}
        }
    }
    let mut end = 0;
    for (off, fl) in &fields {
        if *off < end {
            return Err(at("overlapping fields of a node"));
        }
        end = off.saturating_add(fl.bytes);
    }
    if end > min_size {
        return Err(at("an access beyond a node"));
    }
    let ptrs: Vec<u64> = fields.iter().filter(|(_, fl)| fl.ptr).map(|(o, _)| *o).collect();
    let [next_off] = ptrs[..] else {
        return Err(at("list nodes need exactly one pointer field"));
    };
    // The field invariants: the constants stored into each data field, else (an `int`) the
    // position invariant.
    let span = f0.span;
    let mut data = BTreeMap::new();
    let mut offsets = Vec::new();
    for (&off, fl) in &fields {
        if fl.ptr {
            continue;
        }
        let mut values = BTreeSet::new();
        let mut all = true;
        for e in &f0.edges {
            if let Op::Store { ptr, value } = &e.op {
                if root(ptr, &lists).is_some_and(|(_, o)| offset(&o) == off) {
                    all &= constants(f0, value, 4, &mut values);
                }
            }
        }
        let written = ghost(p, fid, format!("lseg$set{off}"), span);
        let inv = if all && values.len() <= MAX_FIELD_VALUES {
            FieldInv::Consts(values.into_iter().collect())
        } else if fl.bytes == u64::from(W / 8) {
            let c = ghost(p, fid, format!("lseg$c{off}"), span);
            let set = ghost(p, fid, format!("lseg$cset{off}"), span);
            offsets.push((c, set));
            let value = ghost(p, fid, format!("lseg$value{off}"), span);
            FieldInv::Position { c, set, value }
        } else {
            FieldInv::Any
        };
        data.insert(off, DataField { written, inv });
    }
    let first = ghost(p, fid, "lseg$first".into(), span);
    let last = ghost(p, fid, "lseg$last".into(), span);
    let fnext = ghost(p, fid, "lseg$fnext".into(), span);
    let mut pos = BTreeMap::new();
    for &x in &lists {
        let g = ghost(p, fid, format!("{}$pos", prog.var(x).name), span);
        pos.insert(x, g);
    }
    let rw = Rw { prog, lists, pos, first, last, fnext, next_off, data, min_size };
    let mut f = std::mem::take(&mut p.functions[fid.index()]);
    let result = rewrite(&rw, &mut f, f0);
    let fl = FuncLists { func: fid, first, last, pos: rw.pos.iter().map(|(a, b)| (*a, *b)).collect(), offsets };
    f.index_edges();
    p.functions[fid.index()] = f;
    result.map_err(|e| at(&e))?;
    Ok(Some(fl))
}

/// Replaces every operation of `f` that touches the lists by its abstraction, and initialises
/// the ghosts on entry.
fn rewrite(rw: &Rw, f: &mut Function, f0: &Function) -> Result<(), String> {
    for (i, e) in f0.edges.iter().enumerate() {
        let Some(steps) = rw.op(&e.op)? else { continue };
        chain(f, Some(i), e.src, e.dst, steps, e.span);
    }
    let mut init = vec![
        Step::Op(Op::Assign { dst: rw.first, value: int(0) }),
        Step::Op(Op::Assign { dst: rw.last, value: int(-1) }),
        Step::Op(Op::Assign { dst: rw.fnext, value: int(0) }),
    ];
    for &g in rw.pos.values() {
        init.push(Step::Op(Op::Assign { dst: g, value: int(LOST) }));
    }
    for d in rw.data.values() {
        init.push(Step::Op(Op::Assign { dst: d.written, value: int(0) }));
        if let FieldInv::Position { c, set, value } = d.inv {
            for g in [c, set, value] {
                init.push(Step::Op(Op::Assign { dst: g, value: int(0) }));
            }
        }
    }
    let entry = new_loc(f, LocKind::Normal, f0.loc(f0.entry).span);
    let old = f.entry;
    f.entry = entry;
    chain(f, None, entry, old, init, f0.loc(f0.entry).span);
    // A list pointer that the rewriting missed would be read as a pointer of no object.
    for e in &f.edges {
        let mut left = false;
        let mut look = |x: &Expr| left |= mentions(x, &rw.lists);
        match &e.op {
            Op::Assume(c) | Op::Assign { value: c, .. } => look(c),
            Op::Load { ptr, .. } | Op::Free { ptr } => look(ptr),
            Op::Store { ptr, value } => {
                look(ptr);
                look(value)
            }
            _ => {}
        }
        if left || e.op.def().is_some_and(|d| rw.lists.contains(&d)) {
            return Err("internal error: a list pointer is left in the abstract program".into());
        }
    }
    Ok(())
}

/// The steps as a chain of edges from `src` to `dst`, reusing edge `reuse` for the first.
fn chain(f: &mut Function, reuse: Option<usize>, src: Loc, dst: Loc, steps: Vec<Step>, span: Span) {
    let mut at = src;
    let mut reuse = reuse;
    let count = steps.len();
    let mut put = |f: &mut Function, e: Edge| match reuse.take() {
        Some(i) => f.edges[i] = e,
        None => f.edges.push(e),
    };
    for (k, step) in steps.into_iter().enumerate() {
        let next = if k + 1 == count { dst } else { new_loc(f, LocKind::Normal, span) };
        let error = |f: &mut Function, message: &str| {
            new_loc(f, LocKind::Error { kind: ErrorKind::Assert, message: message.to_string() }, span)
        };
        match step {
            Step::Op(op) => put(f, Edge { src: at, dst: next, op, span }),
            Step::Check(c, message) => {
                put(f, Edge { src: at, dst: next, op: Op::Assume(c.clone()), span });
                let err = error(f, message);
                f.edges.push(Edge { src: at, dst: err, op: Op::Assume(c.negate()), span });
            }
            Step::Cases(cases, message) => {
                let none = cases.iter().map(|(g, _)| g.clone().negate()).reduce(and).unwrap_or(Expr::Bool(true));
                let err = error(f, message);
                put(f, Edge { src: at, dst: err, op: Op::Assume(none), span });
                for (guard, body) in cases {
                    let start = new_loc(f, LocKind::Normal, span);
                    f.edges.push(Edge { src: at, dst: start, op: Op::Assume(guard), span });
                    if body.is_empty() {
                        f.edges.push(Edge { src: start, dst: next, op: Op::Skip, span });
                    } else {
                        chain(f, None, start, next, body, span);
                    }
                }
            }
        }
        at = next;
    }
    if count == 0 {
        if let Some(i) = reuse {
            f.edges[i] = Edge { src, dst, op: Op::Skip, span };
        }
    }
}

/// Candidate invariants over the ghosts at the loop heads of the abstracted functions: each
/// list pointer is in the list or NULL (`first <= p$pos <= last + 1`), at its front, its end
/// or NULL, a counter the loop writes is the list's length, or the position of a pointer the
/// loop moves counted from the front (`count + first == p$pos`), a position invariant's
/// constant is the list's first position negated.
pub fn candidates(abs: &Abstraction) -> Vec<Candidate> {
    let prog = &abs.program;
    let analyses = analyze_program(prog, &CycleOptions::default());
    let mut out = Vec::new();
    for fl in &abs.funcs {
        let f = prog.func(fl.func);
        let (first, last) = (Expr::Var(fl.first), Expr::Var(fl.last));
        let null = add(last.clone(), 1);
        for l in &analyses[fl.func.index()].loops.loops {
            let mut add_c = |atom: Expr| {
                out.push(Candidate {
                    func: fl.func,
                    header: l.header,
                    atom,
                    text: None,
                    ghosts: vec![],
                    rank: Rank::Template,
                })
            };
            add_c(sle(first.clone(), null.clone()));
            add_c(sle(int(0), first.clone()));
            let written: BTreeSet<VarId> =
                f.edges.iter().filter(|e| l.contains(e.src)).filter_map(|e| e.op.def()).collect();
            for &(_, g) in &fl.pos {
                let g = Expr::Var(g);
                add_c(sle(first.clone(), g.clone()));
                add_c(sle(g.clone(), null.clone()));
                add_c(eq(g.clone(), first.clone()));
                add_c(eq(g.clone(), last.clone()));
                add_c(eq(g.clone(), null.clone()));
                add_c(or(eq(g, last.clone()), eq(first.clone(), null.clone())));
            }
            for &(c, set) in &fl.offsets {
                add_c(eq(bin(BinOp::Add, Expr::Var(c), first.clone()), int(0)));
                add_c(sle(Expr::Var(set), int(1)));
                add_c(sle(int(0), Expr::Var(set)));
                add_c(or(eq(Expr::Var(set), int(1)), eq(first.clone(), null.clone())));
            }
            for &v in &written {
                let info = prog.var(v);
                if info.ty != Ty::Int(W) || !matches!(info.kind, VarKind::Local(_)) {
                    continue;
                }
                add_c(eq(bin(BinOp::Add, Expr::Var(v), first.clone()), null.clone()));
                for &(_, g) in fl.pos.iter().filter(|(_, g)| written.contains(g)) {
                    add_c(eq(bin(BinOp::Add, Expr::Var(v), first.clone()), Expr::Var(g)));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(src: &str) -> Program {
        let head = "void *malloc(unsigned long); void free(void *); int __VERIFIER_nondet_int(void);\n\
                    struct node { int data; struct node *next; };\n";
        kappa_cfront::lower_preprocessed("t.c", &format!("{head}{src}"), &kappa_cfront::Options::default())
            .expect("the test program lowers")
    }

    const BUILD: &str = "struct node *head = 0; int len = 0;\n\
        while (__VERIFIER_nondet_int()) { struct node *n = malloc(sizeof *n); if (!n) return 0; n->data = 7; n->next = head; head = n; len++; }\n";

    #[test]
    fn a_push_front_list_becomes_a_numeric_program_with_checks() {
        let p = lower(&format!(
            "int main(void) {{ {BUILD} int c = 0; for (struct node *p = head; p; p = p->next) c++;\n\
             while (head) {{ struct node *q = head->next; free(head); head = q; }} return c; }}"
        ));
        let abs = abstract_lists(&p).expect("a push-front list");
        let f = abs.program.func_by_name("main").expect("main");
        let memory = |op: &Op| matches!(op, Op::Alloc { .. } | Op::Free { .. } | Op::Load { .. } | Op::Store { .. });
        assert!(!f.edges.iter().any(|e| memory(&e.op)), "no node is left in the abstract program");
        let checks: Vec<&str> = f
            .locs
            .iter()
            .filter_map(|l| match &l.kind {
                LocKind::Error { message, .. } if message.starts_with("kappa lseg") => Some(message.as_str()),
                _ => None,
            })
            .collect();
        for c in [
            "kappa lseg: a store into next other than a push at the front or the back",
            "kappa lseg: a node linked before its fields are written",
            "kappa lseg: a free of other than the list's first node",
            "kappa lseg: next of a node not in the list",
            "kappa lseg: a store breaks the field invariant",
        ] {
            assert!(checks.contains(&c), "{c}: {checks:?}");
        }
        assert_eq!(abs.funcs.len(), 1);
        assert!(!candidates(&abs).is_empty());
        assert!(crate::kind::step_case(&abs.program, &[], &[]).is_ok(), "its step case is supported");
    }

    #[test]
    fn list_pointers_that_escape_or_move_are_refused() {
        for (src, why) in [
            ("void g(struct node *p) { (void)p; }\n int main(void) { BUILD g(head); return len; }", "passed"),
            ("struct node *keep; int main(void) { BUILD keep = head; return len; }", "not a pointer local"),
            ("int main(void) { BUILD struct node *q = head + 1; return q != 0; }", "used other than"),
            (
                "int main(void) { BUILD struct node *q = malloc(sizeof *q); if (q < head) return 1; return 0; }",
                "used other than",
            ),
            (
                "struct node *mk(void) { struct node *n = malloc(sizeof *n); n->next = 0; return n; }\n\
              int main(void) { return mk() != 0; }",
                "returned",
            ),
        ] {
            let p = lower(&src.replace("BUILD", BUILD));
            let err = abstract_lists(&p).expect_err(src);
            assert!(err.contains(why), "{src}: {err}");
        }
        let two = "struct dn { int d; struct dn *next, *prev; };\n\
                   int main(void) { struct dn *h = 0; while (__VERIFIER_nondet_int()) { struct dn *n = malloc(sizeof *n); if (!n) return 0;\n\
                   n->d = 1; n->next = h; n->prev = 0; h = n; } return 0; }";
        let err = abstract_lists(&lower(two)).expect_err("two pointer fields");
        assert!(err.contains("exactly one pointer field"), "{err}");
    }
}
