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
    AllocInit, AllocTarget, CType, Edge, ErrorKind, FuncId, Function, Loc, LocInfo, LocKind, NondetOrigin, ObjId, Op,
    Program, Region, Span, Ty, VarId, VarInfo, VarKind,
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
/// The value of a link register that holds the address of the `k`-th root slot is `ROOT + k`
/// (a link to a node's next field holds the node's position).
const ROOT: i128 = (1 << 30) + 16;
/// Constants of a field invariant, at most.
const MAX_FIELD_VALUES: usize = 8;

/// The abstraction of one function.
#[derive(Clone, Debug)]
pub struct FuncLists {
    pub func: FuncId,
    /// The positions of the list's first and last nodes.
    pub first: VarId,
    pub last: VarId,
    /// 1 when the list is a cycle.
    pub cyc: VarId,
    /// The ghosts of the root slots (the position each holds) and of the link registers, and
    /// the codes of the roots' addresses.
    pub roots: Vec<VarId>,
    pub links: Vec<VarId>,
    pub root_codes: Vec<i128>,
    /// The flags of the constants of the data fields that some linked node holds.
    pub seen: Vec<VarId>,
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
    // Lists in globals, changed by helper functions: inlined into `main`, made its locals.
    let localized = crate::localize::localize(prog);
    let prog = localized.as_ref().unwrap_or(prog);
    // With `main` reached from nowhere, what it does not call never runs (the helpers inlined).
    let reach = crate::localize::reachable_from_main(prog);
    let mut p = prog.clone();
    let mut funcs = Vec::new();
    for fi in 0..prog.functions.len() {
        let fid = FuncId(fi as u32);
        if prog.is_library(fid) || (localized.is_some() && !reach.contains(&fid)) {
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
    /// One of the constants the program stores there (every store checked), and of those one
    /// that a linked node got: a ghost flag per constant (0: no node of the list got it; set
    /// when a node holding it is linked or it is stored into a linked node, never cleared), so
    /// that k-induction can show that a constant is never linked (`len < N ? 3 : 2` in a loop
    /// while `len < N`); with the fresh node's value (of the field's type) until it is linked.
    Consts { values: Vec<i128>, seen: Vec<VarId>, value: VarId },
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
    /// The last load of the field from a list node: its position (a pseudo list register, so
    /// that it moves with the node; [`LOST`] after a store into the field) and the value, of
    /// the field's type: a second load of the same node gives the same value.
    lpos: VarId,
    lval: VarId,
    ty: Ty,
}

struct Rw<'a> {
    prog: &'a Program,
    lists: BTreeSet<VarId>,
    pos: BTreeMap<VarId, VarId>,
    first: VarId,
    last: VarId,
    /// The position the fresh node's next points to ([`LOST`] while it is not set): a pseudo
    /// list register, so that insertions shift it with the nodes.
    fnpos: VarId,
    /// 1 when the list is a cycle (the last node's next is the first), else 0.
    cyc: VarId,
    /// Link registers (`struct node **`) with their ghosts: a node's position for the address
    /// of its next field, `ROOT + k` for the address of the k-th root slot.
    links: BTreeMap<VarId, VarId>,
    /// Root slots (a `struct node *` local whose address is taken) with the ghost of the
    /// position they hold and their code `ROOT + k`.
    roots: BTreeMap<ObjId, (VarId, i128)>,
    next_off: u64,
    data: BTreeMap<u64, DataField>,
    min_size: u64,
}

fn int(c: i128) -> Expr {
    Expr::int(c, W)
}

/// The constant `c` of an integer type (`W` bits for another).
fn const_of(c: i128, t: Ty) -> Expr {
    match t {
        Ty::Int(w) => Expr::int(c, w),
        _ => int(c),
    }
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

    /// Whether `e` reads a list or link register or takes a root slot's address.
    fn tracked(&self, e: &Expr) -> bool {
        let mut m = false;
        e.walk(&mut |x| match x {
            Expr::Var(v) => m |= self.lists.contains(v) || self.links.contains_key(v),
            Expr::AddrOf(o) => m |= self.roots.contains_key(o),
            _ => {}
        });
        m
    }

    /// A link register or a root slot's address.
    fn linkish(&self, e: &Expr) -> bool {
        match e {
            Expr::Var(v) => self.links.contains_key(v),
            Expr::AddrOf(o) => self.roots.contains_key(o),
            _ => false,
        }
    }

    /// The link register's value is a root slot's address, or a list node's next field.
    fn link_valid(&self, l: VarId) -> Expr {
        let g = Expr::Var(self.links[&l]);
        let at_root = self.roots.values().map(|(_, k)| eq(g.clone(), int(*k))).fold(Expr::Bool(false), or);
        or(at_root, self.in_list(g))
    }

    /// The position the pointer at the link register's address holds.
    fn through_link(&self, l: VarId) -> Expr {
        let g = Expr::Var(self.links[&l]);
        self.roots.values().fold(self.succ(g.clone()), |e, (r, k)| Expr::ite(eq(g.clone(), int(*k)), Expr::Var(*r), e))
    }

    /// The position is a live node of the list.
    fn in_list(&self, p: Expr) -> Expr {
        and(sle(self.f(), p.clone()), sle(p, self.l()))
    }

    /// The pointer is a node (fresh, or live in the list).
    fn node(&self, x: VarId) -> Expr {
        or(eq(self.p(x), int(FRESH)), self.in_list(self.p(x)))
    }

    /// The position of the next node of the list node at `p`: `p + 1` (NULL, `last + 1`, after
    /// the last node of an acyclic list), the first node after the last of a cycle.
    fn succ(&self, p: Expr) -> Expr {
        let wrap = and(eq(Expr::Var(self.cyc), int(1)), eq(p.clone(), self.l()));
        Expr::ite(wrap, self.f(), add(p, 1))
    }

    /// A condition over list pointers as one over their positions.
    fn cond(&self, e: &Expr) -> Result<Expr, String> {
        if !self.tracked(e) {
            return Ok(e.clone());
        }
        let guarded = |p: &Expr, end: u64| -> Result<Expr, String> {
            let ptr_bytes = u64::from(self.prog.ptr_bits() / 8);
            match p {
                Expr::AddrOf(o) if self.roots.contains_key(o) && end <= ptr_bytes => return Ok(Expr::Bool(true)),
                Expr::Var(l) if self.links.contains_key(l) && end <= ptr_bytes => return Ok(self.link_valid(*l)),
                _ if self.linkish(p) => return Err("an access of more than a pointer through a link".into()),
                _ => {}
            }
            let Some((x, off)) = root(p, &self.lists) else {
                return Err("a guard of an access through a list pointer that is not a field".into());
            };
            if offset(&off).saturating_add(end) > self.min_size {
                return Err("an access beyond a node".into());
            }
            Ok(self.node(x))
        };
        match e {
            // A link is the address of a root slot or of a node's field: never NULL.
            Expr::Bin(op @ (BinOp::Eq | BinOp::Ne), a, b) if self.linkish(a) || self.linkish(b) => match (&**a, &**b) {
                (Expr::Null, _) | (_, Expr::Null) => Ok(Expr::Bool(*op == BinOp::Ne)),
                _ => Err("a link (a pointer to a list pointer) is compared with other than NULL".into()),
            },
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
            Expr::Ite(c, a, b) if !self.tracked(a) && !self.tracked(b) => {
                Ok(Expr::ite(self.cond(c)?, (**a).clone(), (**b).clone()))
            }
            _ => Err("a list pointer is used other than in an equality, a guard or an access".into()),
        }
    }

    /// The checks that the list registers `e` reads have a value the abstraction knows.
    fn known(&self, e: &Expr, steps: &mut Vec<Step>) {
        let mut seen = BTreeSet::new();
        e.for_each_var(&mut |v| {
            let g = self.pos.get(&v).or(self.links.get(&v));
            if let Some(g) = g.filter(|_| seen.insert(v)) {
                steps.push(Step::Check(
                    bin(BinOp::Ne, Expr::Var(*g), int(LOST)),
                    "kappa lseg: a list pointer of a value the abstraction lost",
                ));
            }
        });
    }

    fn set_all(&self, steps: &mut Vec<Step>, f: impl Fn(Expr) -> Expr) {
        let extra =
            self.links.values().chain(self.roots.values().map(|(g, _)| g)).chain(self.data.values().map(|d| &d.lpos));
        for &g in self.pos.values().chain([&self.fnpos]).chain(extra) {
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
            if let FieldInv::Consts { values, seen, value } = &d.inv {
                for (k, flag) in values.iter().zip(seen) {
                    let got = eq(Expr::Var(*value), const_of(*k, d.ty));
                    s.push(Step::Op(Op::Assign { dst: *flag, value: Expr::ite(got, int(1), Expr::Var(*flag)) }));
                }
            }
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
        s.push(Step::Op(Op::Assign { dst: self.fnpos, value: int(LOST) }));
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

    /// Inserts the fresh node after the list node at `q` (its next was set to q's next): the
    /// positions after q, NULL's included, move up by one, the fresh node takes `q + 1`. A
    /// position invariant of the nodes after q no longer holds (they moved): it breaks, unless q
    /// is the last node (an append).
    fn insert_after(&self, s: &mut Vec<Step>, q: Expr) {
        s.push(Step::Check(sle(self.l(), int(MAX_POS)), "kappa lseg: a list too long"));
        let (l, at) = (self.l(), add(q.clone(), 1));
        let after = |g: Expr| and(bin(BinOp::Slt, q.clone(), g.clone()), sle(g, add(l.clone(), 1)));
        self.set_all(s, |g| Expr::ite(after(g.clone()), add(g.clone(), 1), g));
        for d in self.data.values() {
            if let FieldInv::Position { set, .. } = d.inv {
                let moved = bin(BinOp::Slt, q.clone(), l.clone());
                s.push(Step::Op(Op::Assign { dst: set, value: Expr::ite(moved, int(2), Expr::Var(set)) }));
            }
        }
        s.push(Step::Op(Op::Assign { dst: self.last, value: add(self.l(), 1) }));
        self.link(s, at);
    }

    /// A store of `value` into the next field of the node at position `xp`: a push at the front,
    /// an insertion after a node (a push at the back is one), closing a cycle, or the fresh
    /// node's next waiting for its predecessor's store; anything else fails a check.
    fn store_next(&self, xp: Expr, value: &Expr, s: &mut Vec<Step>) -> Result<(), String> {
        self.known(value, s);
        let zp = self.pos_of(value)?;
        let (f, l) = (self.f(), self.l());
        let fresh = eq(xp.clone(), int(FRESH));
        let nonempty = sle(f.clone(), l.clone());
        let empty = eq(f.clone(), add(l.clone(), 1));
        let acyclic = eq(Expr::Var(self.cyc), int(0));
        let znull = eq(zp.clone(), self.null());
        // Push-front: the fresh node's next is the first node of an acyclic list
        // (no node points to the first one, so the fresh node is now the list's
        // first; in a cycle the last node does, and this is only a pending next).
        let front_g = and(fresh.clone(), and(nonempty.clone(), and(eq(zp.clone(), f.clone()), acyclic.clone())));
        let mut front = Vec::new();
        self.prepend(&mut front);
        // The fresh node's next is NULL and the list empty: it is the list.
        let only_g = and(fresh.clone(), and(znull.clone(), empty.clone()));
        let mut only = Vec::new();
        self.append(&mut only);
        // The fresh node's next is itself and the list empty: a cycle of one node.
        let selfloop_g = and(fresh.clone(), and(eq(zp.clone(), int(FRESH)), empty));
        let mut selfloop = Vec::new();
        self.append(&mut selfloop);
        selfloop.push(Step::Op(Op::Assign { dst: self.cyc, value: int(1) }));
        // Otherwise a fresh node's next (a list node, or NULL) waits for the store
        // that links it after its predecessor.
        let pending_g = and(
            fresh,
            and(
                or(self.in_list(zp.clone()), and(znull, nonempty.clone())),
                and(front_g.clone().negate(), only_g.clone().negate()),
            ),
        );
        let pending = vec![Step::Op(Op::Assign { dst: self.fnpos, value: zp.clone() })];
        // Insertion after a list node x: the fresh node whose pending next is x's
        // next takes x + 1; the nodes after x (and NULL) move up by one.
        let insert_g = and(
            self.in_list(xp.clone()),
            and(eq(zp.clone(), int(FRESH)), eq(Expr::Var(self.fnpos), self.succ(xp.clone()))),
        );
        let mut insert = Vec::new();
        self.insert_after(&mut insert, xp.clone());
        // Closing a cycle: the last node's next (NULL) becomes the first node.
        let close_g = and(and(nonempty, acyclic), and(eq(xp, l), eq(zp, f)));
        let close = vec![Step::Op(Op::Assign { dst: self.cyc, value: int(1) })];
        s.push(Step::Cases(
            vec![
                (front_g, front),
                (only_g, only),
                (selfloop_g, selfloop),
                (pending_g, pending),
                (insert_g, insert),
                (close_g, close),
            ],
            "kappa lseg: a store into next other than a push, an insertion after a node or closing a cycle",
        ));
        Ok(())
    }

    /// The replacement of one operation, `None` if it does not touch the lists.
    fn op(&self, op: &Op) -> Result<Option<Vec<Step>>, String> {
        let touches = match op {
            Op::Skip | Op::Halt { code: None, .. } => false,
            op => {
                let mut m = op.def().is_some_and(|d| self.lists.contains(&d) || self.links.contains_key(&d))
                    || matches!(op, Op::Alloc { target: AllocTarget::Slot(o), .. } if self.roots.contains_key(o));
                let mut look = |e: &Expr| m |= self.tracked(e);
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
        let pos_of = |e: &Expr| self.pos_of(e);
        match op {
            // A root slot is (re)created holding NULL, or an unknown value.
            Op::Alloc { target: AllocTarget::Slot(o), init, .. } if self.roots.contains_key(o) => {
                let value = if *init == AllocInit::Zero { self.null() } else { int(LOST) };
                s.push(Step::Op(Op::Assign { dst: self.roots[o].0, value }));
            }
            Op::Assign { dst, value } if self.links.contains_key(dst) => {
                let g = self.links[dst];
                let v = match value {
                    Expr::AddrOf(o) if self.roots.contains_key(o) => int(self.roots[o].1),
                    Expr::Var(y) if self.links.contains_key(y) => Expr::Var(self.links[y]),
                    Expr::PtrAdd(a, off) => match (&**a, &**off) {
                        (Expr::Var(x), Expr::Int { bits, .. }) if self.lists.contains(x) && *bits == self.next_off => {
                            self.known(a, &mut s);
                            let xp = self.p(*x);
                            s.push(Step::Check(
                                self.in_list(xp.clone()),
                                "kappa lseg: the address of next of a node not in the list",
                            ));
                            xp
                        }
                        _ => return Err("a link is the address of other than a node's next".into()),
                    },
                    _ => return Err("a link is assigned other than a root's or a next field's address".into()),
                };
                s.push(Step::Op(Op::Assign { dst: g, value: v }));
            }
            Op::Load { dst, ptr } if self.linkish(ptr) => {
                let Some(&g) = self.pos.get(dst) else {
                    return Err("a list pointer is loaded into a register that is not one".into());
                };
                let value = match ptr {
                    Expr::AddrOf(o) => Expr::Var(self.roots[o].0),
                    Expr::Var(l) => {
                        self.known(ptr, &mut s);
                        s.push(Step::Check(
                            self.link_valid(*l),
                            "kappa lseg: a load through a link to no list pointer",
                        ));
                        self.through_link(*l)
                    }
                    _ => return Err("internal error: a link that is neither a register nor a root".into()),
                };
                s.push(Step::Op(Op::Assign { dst: g, value }));
            }
            Op::Store { ptr, value } if self.linkish(ptr) => {
                self.known(value, &mut s);
                match ptr {
                    Expr::AddrOf(o) => s.push(Step::Op(Op::Assign { dst: self.roots[o].0, value: pos_of(value)? })),
                    Expr::Var(l) => {
                        self.known(ptr, &mut s);
                        let g = Expr::Var(self.links[l]);
                        let mut cases = Vec::new();
                        for (r, k) in self.roots.values() {
                            let set = vec![Step::Op(Op::Assign { dst: *r, value: pos_of(value)? })];
                            cases.push((eq(g.clone(), int(*k)), set));
                        }
                        let mut next = Vec::new();
                        self.store_next(g.clone(), value, &mut next)?;
                        cases.push((self.in_list(g), next));
                        s.push(Step::Cases(cases, "kappa lseg: a store through a link to no list pointer"));
                    }
                    _ => return Err("internal error: a link that is neither a register nor a root".into()),
                }
            }
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
                s.push(Step::Op(Op::Assign { dst: self.fnpos, value: int(LOST) }));
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
                    s.push(Step::Op(Op::Assign { dst: self.pos[dst], value: self.succ(xp) }));
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
                        (FieldInv::Consts { values, seen, value }, t) if t == d.ty => {
                            let linked = values
                                .iter()
                                .zip(seen)
                                .map(|(k, flag)| {
                                    and(bin(BinOp::Ne, Expr::Var(*flag), int(0)), eq(v.clone(), const_of(*k, t)))
                                })
                                .fold(Expr::Bool(false), or);
                            Some(Expr::ite(fresh, eq(v.clone(), Expr::Var(*value)), linked))
                        }
                        (FieldInv::Position { c, set, value }, _) => Some(Expr::ite(
                            fresh,
                            eq(v.clone(), Expr::Var(*value)),
                            or(
                                bin(BinOp::Ne, Expr::Var(*set), int(1)),
                                eq(v.clone(), bin(BinOp::Add, xp.clone(), Expr::Var(*c))),
                            ),
                        )),
                        _ => None,
                    };
                    if let Some(known) = known {
                        s.push(Step::Op(Op::Assume(or(unset, known))));
                    }
                    if self.prog.var_ty(*dst) == d.ty {
                        let again = and(eq(Expr::Var(d.lpos), xp.clone()), self.in_list(xp.clone()));
                        s.push(Step::Op(Op::Assume(or(again.negate(), eq(v.clone(), Expr::Var(d.lval))))));
                        s.push(Step::Op(Op::Assign { dst: d.lpos, value: xp.clone() }));
                        s.push(Step::Op(Op::Assign { dst: d.lval, value: v.clone() }));
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
                    self.store_next(xp, value, &mut s)?;
                } else {
                    if mentions(value, &self.lists) {
                        return Err("a list pointer is stored into a data field".into());
                    }
                    let Some(d) = self.data.get(&off) else {
                        return Err("a store into a node at an offset that is not a field".into());
                    };
                    let fresh = eq(xp.clone(), int(FRESH));
                    match &d.inv {
                        FieldInv::Consts { values, seen, value: v } => {
                            let w = match self.prog.expr_ty(value) {
                                Ty::Int(w) if Ty::Int(w) == d.ty => w,
                                _ => return Err("a data field of a node stored with another type".into()),
                            };
                            let is = |c: &i128| eq(value.clone(), Expr::int(*c, w));
                            let phi = values.iter().map(is).reduce(or).unwrap_or(Expr::Bool(false));
                            s.push(Step::Check(phi, "kappa lseg: a store breaks the field invariant"));
                            // The fresh node keeps its value until linked; a linked node's
                            // constant is seen at once.
                            let keep = Expr::ite(fresh.clone(), value.clone(), Expr::Var(*v));
                            s.push(Step::Op(Op::Assign { dst: *v, value: keep }));
                            for (k, flag) in values.iter().zip(seen) {
                                let got = and(fresh.clone().negate(), is(k));
                                s.push(Step::Op(Op::Assign {
                                    dst: *flag,
                                    value: Expr::ite(got, int(1), Expr::Var(*flag)),
                                }));
                            }
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
                    s.push(Step::Op(Op::Assign { dst: d.lpos, value: int(LOST) }));
                }
            }
            Op::Free { ptr: ptr @ Expr::Var(x) } if self.lists.contains(x) => {
                self.known(ptr, &mut s);
                let first =
                    and(and(eq(self.p(*x), self.f()), sle(self.f(), self.l())), eq(Expr::Var(self.cyc), int(0)));
                s.push(Step::Check(first, "kappa lseg: a free of other than the first node of an acyclic list"));
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

/// The occurrences of root-slot addresses in `e` that a link abstraction understands: under a
/// guard (`live`, `inbounds`, `writable`) or compared with NULL, through `!`, `&&`, `||`.
fn guarded_addrs(e: &Expr, out: &mut Vec<ObjId>) {
    match e {
        Expr::Live(a) | Expr::Writable(a) | Expr::InBounds(a, _) => {
            if let Expr::AddrOf(o) = &**a {
                out.push(*o)
            }
        }
        Expr::Bin(BinOp::Eq | BinOp::Ne, a, b) => match (&**a, &**b) {
            (Expr::AddrOf(o), Expr::Null) | (Expr::Null, Expr::AddrOf(o)) => out.push(*o),
            _ => {}
        },
        Expr::Un(UnOp::Not, a) => guarded_addrs(a, out),
        Expr::Bin(BinOp::And | BinOp::Or, a, b) => {
            guarded_addrs(a, out);
            guarded_addrs(b, out)
        }
        _ => {}
    }
}

/// The root slots of `f` among its local slots: a slot of one pointer, of the C type of a list
/// register, whose address is only loaded from, stored to, guarded, compared with NULL or
/// assigned to a register (a link, `struct node **pp = &head`).
fn root_slots(prog: &Program, f: &Function, lists: &BTreeSet<VarId>) -> BTreeSet<ObjId> {
    let types: Vec<&CType> = lists.iter().map(|x| &prog.var(*x).ctype).collect();
    let ptr_bytes = u64::from(prog.ptr_bits() / 8);
    let mut all: BTreeMap<ObjId, usize> = BTreeMap::new();
    let mut ok: BTreeMap<ObjId, usize> = BTreeMap::new();
    for e in &f.edges {
        let mut count = |x: &Expr| {
            x.walk(&mut |y| {
                if let Expr::AddrOf(o) = y {
                    *all.entry(*o).or_default() += 1
                }
            })
        };
        match &e.op {
            Op::Assume(c) | Op::Assign { value: c, .. } => count(c),
            Op::Load { ptr, .. } | Op::Free { ptr } => count(ptr),
            Op::Store { ptr, value } => {
                count(ptr);
                count(value)
            }
            Op::MemCopy { dst, src, size } => {
                count(dst);
                count(src);
                count(size)
            }
            Op::Alloc { size, .. } => count(size),
            Op::Call { args, .. } | Op::Output { args, .. } => args.iter().for_each(count),
            Op::Return(Some(x)) | Op::Halt { code: Some(x), .. } => count(x),
            _ => {}
        }
        let mut good = Vec::new();
        match &e.op {
            Op::Load { ptr: Expr::AddrOf(o), .. } | Op::Assign { value: Expr::AddrOf(o), .. } => good.push(*o),
            Op::Store { ptr: Expr::AddrOf(o), value } if !matches!(value, Expr::AddrOf(_)) => good.push(*o),
            Op::Assume(c) => guarded_addrs(c, &mut good),
            _ => {}
        }
        for o in good {
            *ok.entry(o).or_default() += 1;
        }
    }
    f.slots
        .iter()
        .copied()
        .filter(|o| {
            let info = &prog.objects[o.index()];
            info.size == Some(ptr_bytes) && types.contains(&&info.ctype) && all.get(o) == ok.get(o)
        })
        .collect()
}

/// The list registers, link registers and root slots of `f`: [`list_registers`] closed, with
/// the root slots, under the links to roots and to next fields and what is loaded through them.
fn list_shape(prog: &Program, f: &Function) -> (BTreeSet<VarId>, BTreeSet<VarId>, BTreeSet<ObjId>) {
    let mut lists = list_registers(prog, f, &BTreeSet::new());
    if lists.is_empty() {
        return (lists, BTreeSet::new(), BTreeSet::new());
    }
    let roots = root_slots(prog, f, &lists);
    let mut links = BTreeSet::new();
    loop {
        let before = (lists.len(), links.len());
        for e in &f.edges {
            match &e.op {
                Op::Assign { dst, value } => match value {
                    Expr::AddrOf(o) if roots.contains(o) => {
                        links.insert(*dst);
                    }
                    Expr::Var(y) if links.contains(y) => {
                        links.insert(*dst);
                    }
                    // `pp = &x->next`: the address of a node's field (checked to be next's).
                    Expr::PtrAdd(a, off) if matches!((&**a, &**off), (Expr::Var(x), Expr::Int { .. }) if lists.contains(x)) =>
                    {
                        links.insert(*dst);
                    }
                    _ => {}
                },
                Op::Load { dst, ptr: Expr::AddrOf(o) } if roots.contains(o) => {
                    lists.insert(*dst);
                }
                Op::Load { dst, ptr: Expr::Var(l) } if links.contains(l) => {
                    lists.insert(*dst);
                }
                Op::Store { ptr: Expr::AddrOf(o), value: Expr::Var(y) } if roots.contains(o) => {
                    lists.insert(*y);
                }
                Op::Store { ptr: Expr::Var(l), value: Expr::Var(y) } if links.contains(l) => {
                    lists.insert(*y);
                }
                _ => {}
            }
        }
        lists = list_registers(prog, f, &lists);
        lists.retain(|x| !links.contains(x));
        if (lists.len(), links.len()) == before {
            return (lists, links, roots);
        }
    }
}

/// The list registers of `f`: what its heap allocations are assigned to (and `seed`), closed
/// under copies, loads through them and equalities with them.
fn list_registers(prog: &Program, f: &Function, seed: &BTreeSet<VarId>) -> BTreeSet<VarId> {
    let mut lists: BTreeSet<VarId> = f
        .edges
        .iter()
        .filter_map(|e| match &e.op {
            Op::Alloc { target: AllocTarget::Fresh(x), region: Region::Heap, .. } => Some(*x),
            _ => None,
        })
        .chain(seed.iter().copied())
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
    let (lists, links, roots) = list_shape(prog, f0);
    if lists.is_empty() {
        return Ok(None);
    }
    let at = |why: &str| format!("{} in {}", why, f0.name);
    for &x in lists.iter().chain(&links) {
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
    let mut flags = Vec::new();
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
        let ty = Ty::Int((fl.bytes * 8) as u32);
        let inv = if all && values.len() <= MAX_FIELD_VALUES {
            let values: Vec<i128> = values.into_iter().collect();
            let seen: Vec<VarId> = values.iter().map(|k| ghost(p, fid, format!("lseg$seen{off}_{k}"), span)).collect();
            flags.extend(&seen);
            let value = ghost(p, fid, format!("lseg$value{off}"), span);
            p.vars[value.index()].ty = ty;
            FieldInv::Consts { values, seen, value }
        } else if fl.bytes == u64::from(W / 8) {
            let c = ghost(p, fid, format!("lseg$c{off}"), span);
            let set = ghost(p, fid, format!("lseg$cset{off}"), span);
            offsets.push((c, set));
            let value = ghost(p, fid, format!("lseg$value{off}"), span);
            FieldInv::Position { c, set, value }
        } else {
            FieldInv::Any
        };
        let lpos = ghost(p, fid, format!("lseg$lpos{off}"), span);
        let lval = ghost(p, fid, format!("lseg$lval{off}"), span);
        p.vars[lval.index()].ty = ty;
        data.insert(off, DataField { written, inv, lpos, lval, ty });
    }
    let first = ghost(p, fid, "lseg$first".into(), span);
    let last = ghost(p, fid, "lseg$last".into(), span);
    let fnpos = ghost(p, fid, "lseg$fnpos".into(), span);
    let cyc = ghost(p, fid, "lseg$cyc".into(), span);
    let mut pos = BTreeMap::new();
    for &x in &lists {
        let g = ghost(p, fid, format!("{}$pos", prog.var(x).name), span);
        pos.insert(x, g);
    }
    let links: BTreeMap<VarId, VarId> =
        links.iter().map(|&l| (l, ghost(p, fid, format!("{}$link", prog.var(l).name), span))).collect();
    let roots: BTreeMap<ObjId, (VarId, i128)> = roots
        .iter()
        .enumerate()
        .map(|(k, &o)| (o, (ghost(p, fid, format!("{}$pos", prog.objects[o.index()].name), span), ROOT + k as i128)))
        .collect();
    let rw = Rw { prog, lists, pos, first, last, fnpos, cyc, links, roots, next_off, data, min_size };
    if std::env::var_os("KAPPA_KIND_DEBUG").is_some() {
        for v in p.functions[fid.index()].vars.iter().filter(|v| p.vars[v.index()].name.contains('$')) {
            eprintln!("lseg: {v:?} is {}", p.vars[v.index()].name);
        }
    }
    let mut f = std::mem::take(&mut p.functions[fid.index()]);
    let result = rewrite(&rw, &mut f, f0);
    let fl = FuncLists {
        func: fid,
        first,
        last,
        cyc,
        pos: rw.pos.iter().map(|(a, b)| (*a, *b)).collect(),
        roots: rw.roots.values().map(|(g, _)| *g).collect(),
        links: rw.links.values().copied().collect(),
        root_codes: rw.roots.values().map(|(_, k)| *k).collect(),
        offsets,
        seen: flags,
    };
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
        Step::Op(Op::Assign { dst: rw.fnpos, value: int(LOST) }),
        Step::Op(Op::Assign { dst: rw.cyc, value: int(0) }),
    ];
    for &g in rw.pos.values().chain(rw.links.values()).chain(rw.roots.values().map(|(g, _)| g)) {
        init.push(Step::Op(Op::Assign { dst: g, value: int(LOST) }));
    }
    for d in rw.data.values() {
        init.push(Step::Op(Op::Assign { dst: d.written, value: int(0) }));
        init.push(Step::Op(Op::Assign { dst: d.lpos, value: int(LOST) }));
        if let Ty::Int(w) = d.ty {
            init.push(Step::Op(Op::Assign { dst: d.lval, value: Expr::int(0, w) }));
        }
        if let FieldInv::Position { c, set, value } = d.inv {
            for g in [c, set, value] {
                init.push(Step::Op(Op::Assign { dst: g, value: int(0) }));
            }
        }
        if let FieldInv::Consts { seen, value, .. } = &d.inv {
            for &g in seen {
                init.push(Step::Op(Op::Assign { dst: g, value: int(0) }));
            }
            init.push(Step::Op(Op::Assign { dst: *value, value: const_of(0, d.ty) }));
        }
    }
    let entry = new_loc(f, LocKind::Normal, f0.loc(f0.entry).span);
    let old = f.entry;
    f.entry = entry;
    chain(f, None, entry, old, init, f0.loc(f0.entry).span);
    // A list pointer that the rewriting missed would be read as a pointer of no object.
    for e in &f.edges {
        let mut left = false;
        let mut look = |x: &Expr| left |= rw.tracked(x);
        match &e.op {
            Op::Assume(c) | Op::Assign { value: c, .. } => look(c),
            Op::Load { ptr, .. } | Op::Free { ptr } => look(ptr),
            Op::Store { ptr, value } => {
                look(ptr);
                look(value)
            }
            _ => {}
        }
        if left || e.op.def().is_some_and(|d| rw.lists.contains(&d) || rw.links.contains_key(&d)) {
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
            add_c(eq(Expr::Var(fl.cyc), int(0)));
            add_c(eq(Expr::Var(fl.cyc), int(1)));
            let written: BTreeSet<VarId> =
                f.edges.iter().filter(|e| l.contains(e.src)).filter_map(|e| e.op.def()).collect();
            for g in fl.pos.iter().map(|(_, g)| *g).chain(fl.roots.iter().copied()) {
                let g = Expr::Var(g);
                add_c(sle(first.clone(), g.clone()));
                add_c(sle(g.clone(), null.clone()));
                add_c(sle(g.clone(), last.clone()));
                add_c(eq(g.clone(), first.clone()));
                add_c(eq(g.clone(), last.clone()));
                add_c(eq(g.clone(), null.clone()));
                add_c(or(eq(g, last.clone()), eq(first.clone(), null.clone())));
            }
            for &l in &fl.links {
                let l = Expr::Var(l);
                let node = and(sle(first.clone(), l.clone()), sle(l.clone(), last.clone()));
                let root = fl.root_codes.iter().map(|k| eq(l.clone(), int(*k))).fold(Expr::Bool(false), or);
                add_c(or(root, node.clone()));
                // A link that walked from a root: at the root, or at a node of the list that
                // the root reaches (the root holds the first node).
                for (&r, &k) in fl.roots.iter().zip(&fl.root_codes) {
                    add_c(or(eq(l.clone(), int(k)), and(node.clone(), eq(Expr::Var(r), first.clone()))));
                }
            }
            for &flag in &fl.seen {
                add_c(eq(Expr::Var(flag), int(0)));
            }
            for &(c, set) in &fl.offsets {
                add_c(eq(bin(BinOp::Add, Expr::Var(c), first.clone()), int(0)));
                add_c(sle(Expr::Var(set), int(1)));
                add_c(sle(int(0), Expr::Var(set)));
                add_c(or(eq(Expr::Var(set), int(1)), eq(first.clone(), null.clone())));
            }
            for &v in &written {
                let info = prog.var(v);
                // A counter with a value at the head: assigned before the loop too (a variable
                // declared in the body has none there), as `candidates::loop_candidates` asks.
                let outside =
                    f.edges.iter().any(|e| e.op.def() == Some(v) && !(l.contains(e.src) && l.contains(e.dst)));
                if info.ty != Ty::Int(W) || !matches!(info.kind, VarKind::Local(_)) || !outside {
                    continue;
                }
                add_c(eq(bin(BinOp::Add, Expr::Var(v), first.clone()), null.clone()));
                // The nodes taken off the front so far (`first` starts at 0 and grows by one at
                // each free of the first node).
                add_c(eq(Expr::Var(v), first.clone()));
                // The same past a first node allocated before the loop (a sentinel, a head
                // node): one node more than the counter counts.
                add_c(eq(bin(BinOp::Add, Expr::Var(v), first.clone()), last.clone()));
                for &(_, g) in fl.pos.iter().filter(|(_, g)| written.contains(g)) {
                    add_c(eq(bin(BinOp::Add, Expr::Var(v), first.clone()), Expr::Var(g)));
                    add_c(eq(add(bin(BinOp::Add, Expr::Var(v), first.clone()), 1), Expr::Var(g)));
                    // A walk around a cycle from the first node's successor: it ends where it
                    // wraps to the first node, having counted the nodes after it.
                    let wrapped = and(
                        eq(Expr::Var(g), first.clone()),
                        eq(bin(BinOp::Add, Expr::Var(v), first.clone()), last.clone()),
                    );
                    add_c(or(eq(add(bin(BinOp::Add, Expr::Var(v), first.clone()), 1), Expr::Var(g)), wrapped));
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
            "kappa lseg: a store into next other than a push, an insertion after a node or closing a cycle",
            "kappa lseg: a node linked before its fields are written",
            "kappa lseg: a free of other than the first node of an acyclic list",
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
            // A global that a function other than `main` (recursive: not inlined) reads.
            (
                "struct node *keep; int depth(int d) { return d > 0 ? depth(d - 1) : keep != 0; }\n\
              int main(void) { BUILD keep = head; return depth(len); }",
                "not a pointer local",
            ),
            ("int main(void) { BUILD struct node *q = head + 1; return q != 0; }", "other than a node's next"),
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
