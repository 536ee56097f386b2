//! A list-segment abstraction with ghost lengths (docs/design-proofs.md, "Lists: what each
//! program needs"): a numeric abstraction of the heap in the style of THOR (Magill et al.,
//! POPL 2010) whose numeric program the k-induction of [`crate::kind`] proves as it is.
//!
//! The first step supports one shape: in one function, the nodes its `malloc`s create form a
//! single acyclic list built by push-front (`n->next = head`) and taken apart from the front
//! (`free(head)`). Every pointer register that may hold a node (the *list registers*) gets a
//! ghost integer `x$len`: the number of nodes from x to NULL following `next` (0 for NULL),
//! `-1` for the one fresh node not linked yet, `-2` for a value the abstraction lost (a use of
//! it fails). A ghost `lseg$n` is the length of the list; nodes at a distance above it are
//! freed. Since the list is one chain, a distance names one node, so `p == q` is
//! `p$len == q$len`, `p = p->next` is `p$len = p$len - 1`, and the front-end's guards (`live`,
//! `inbounds`, `freeable`) are ranges of the distance. The other fields of a node are
//! abstracted by a field invariant (the constants the program stores there, when it stores
//! only constants): a load gives a fresh value satisfying it.
//!
//! Soundness is in what the abstract program *checks*, not what it assumes (each check is an
//! error location of the abstract program, so a k-induction proof must show it never fails):
//! a store into `next` must be into the fresh node, of the list's first node (or NULL for an
//! empty list), after every other field of the fresh node was written; `free` must be of the
//! list's first node; a load of `next` must be of a live list node; every store into a data
//! field must satisfy the field invariant; no use of a lost value. What is refused outright
//! (the abstraction is not built): a list pointer passed to or returned from a function, stored
//! anywhere but a node's `next`, compared other than for equality, moved by pointer arithmetic,
//! accesses at other offsets than the fields, a global or parameter list pointer. Every
//! execution of the original program then has an execution of the abstract program that
//! reaches the same errors (the ghosts follow the distances exactly, the data loads
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
/// A list longer than this is refused by a check (the ghosts must not wrap around).
const MAX_LEN: i128 = 1 << 30;
/// Constants of a field invariant, at most.
const MAX_FIELD_VALUES: usize = 8;

/// The abstraction of one function.
#[derive(Clone, Debug)]
pub struct FuncLists {
    pub func: FuncId,
    /// The list's length.
    pub n: VarId,
    /// Each list register with its length ghost.
    pub lens: Vec<(VarId, VarId)>,
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

/// One step of an edge's replacement: an operation, or a check failing into its own error
/// location.
enum Step {
    Op(Op),
    Check(Expr, &'static str),
}

struct Rw<'a> {
    prog: &'a Program,
    lists: BTreeSet<VarId>,
    lens: BTreeMap<VarId, VarId>,
    n: VarId,
    next_off: u64,
    /// Data fields: offset → (flag ghost of the fresh node, field invariant's constants).
    data: BTreeMap<u64, (VarId, Option<Vec<i128>>)>,
    min_size: u64,
}

fn int(c: i128) -> Expr {
    Expr::int(c, W)
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

impl Rw<'_> {
    fn len(&self, e: &Expr) -> Result<Expr, String> {
        match e {
            Expr::Null => Ok(int(0)),
            Expr::Var(x) if self.lists.contains(x) => Ok(Expr::Var(self.lens[x])),
            _ => Err("a list pointer is compared with or assigned a pointer that is not one".into()),
        }
    }

    fn listish(&self, e: &Expr) -> bool {
        matches!(e, Expr::Var(x) if self.lists.contains(x))
    }

    /// The pointer is a node (fresh, or live in the list).
    fn node(&self, x: VarId) -> Expr {
        let l = Expr::Var(self.lens[&x]);
        let live = bin(BinOp::And, bin(BinOp::Sle, int(1), l.clone()), bin(BinOp::Sle, l.clone(), Expr::Var(self.n)));
        bin(BinOp::Or, bin(BinOp::Eq, l, int(-1)), live)
    }

    /// A condition over list pointers as one over their lengths.
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
                Ok(bin(*op, self.len(a)?, self.len(b)?))
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
                    bin(BinOp::Ne, Expr::Var(self.lens[&v]), int(-2)),
                    "kappa lseg: a list pointer of a value the abstraction lost",
                ));
            }
        });
    }

    fn set_all(&self, steps: &mut Vec<Step>, f: impl Fn(Expr) -> Expr) {
        for &l in self.lens.values() {
            steps.push(Step::Op(Op::Assign { dst: l, value: f(Expr::Var(l)) }));
        }
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
        let n = Expr::Var(self.n);
        match op {
            Op::Assign { dst, value } if self.lists.contains(dst) => {
                s.push(Step::Op(Op::Assign { dst: self.lens[dst], value: self.len(value)? }));
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
                let fresh_lost = |l: Expr| Expr::ite(bin(BinOp::Eq, l.clone(), int(-1)), int(-2), l);
                self.set_all(&mut s, fresh_lost);
                let xl = self.lens[x];
                let origin = NondetOrigin::Uninit { var: format!("{}$len", self.prog.var(*x).name) };
                s.push(Step::Op(Op::Nondet { dst: xl, origin }));
                let l = Expr::Var(xl);
                s.push(Step::Op(Op::Assume(bin(
                    BinOp::Or,
                    bin(BinOp::Eq, l.clone(), int(-1)),
                    bin(BinOp::Eq, l, int(0)),
                ))));
                for (flag, _) in self.data.values() {
                    s.push(Step::Op(Op::Assign { dst: *flag, value: int(0) }));
                }
            }
            Op::Load { dst, ptr } => {
                let Some((x, off)) = root(ptr, &self.lists) else {
                    return Err("a load through a list pointer that is not of a field".into());
                };
                self.known(ptr, &mut s);
                let xl = Expr::Var(self.lens[&x]);
                s.push(Step::Check(self.node(x), "kappa lseg: a load from a pointer that is not a node"));
                let off = offset(&off);
                if off == self.next_off {
                    if !self.lists.contains(dst) {
                        return Err("a node's next is loaded into a register that is not a list pointer".into());
                    }
                    let in_list =
                        bin(BinOp::And, bin(BinOp::Sle, int(1), xl.clone()), bin(BinOp::Sle, xl.clone(), n.clone()));
                    s.push(Step::Check(in_list, "kappa lseg: next of a node not in the list"));
                    s.push(Step::Op(Op::Assign { dst: self.lens[dst], value: bin(BinOp::Sub, xl, int(1)) }));
                } else {
                    let Some((flag, values)) = self.data.get(&off) else {
                        return Err("a load of a node at an offset that is not a field".into());
                    };
                    let origin = NondetOrigin::Uninit { var: self.prog.var(*dst).name.clone() };
                    s.push(Step::Op(Op::Nondet { dst: *dst, origin }));
                    if let (Some(values), Ty::Int(w)) = (values, self.prog.var_ty(*dst)) {
                        let is = |c: &i128| bin(BinOp::Eq, Expr::Var(*dst), Expr::int(*c, w));
                        let phi =
                            values.iter().map(is).reduce(|a, b| bin(BinOp::Or, a, b)).unwrap_or(Expr::Bool(false));
                        // The fresh node's field not written yet: any value.
                        let unset =
                            bin(BinOp::And, bin(BinOp::Eq, xl, int(-1)), bin(BinOp::Eq, Expr::Var(*flag), int(0)));
                        s.push(Step::Op(Op::Assume(bin(BinOp::Or, unset, phi))));
                    }
                }
            }
            Op::Store { ptr, value } => {
                let Some((x, off)) = root(ptr, &self.lists) else {
                    return Err("a list pointer is stored other than into a node's next".into());
                };
                self.known(ptr, &mut s);
                let xl = Expr::Var(self.lens[&x]);
                s.push(Step::Check(self.node(x), "kappa lseg: a store into a pointer that is not a node"));
                let off = offset(&off);
                if off == self.next_off {
                    // Push-front: the fresh node's next is the list's first node.
                    self.known(value, &mut s);
                    let zl = self.len(value)?;
                    s.push(Step::Check(bin(BinOp::Eq, xl, int(-1)), "kappa lseg: a store into next of a linked node"));
                    s.push(Step::Check(
                        bin(BinOp::Eq, zl, n.clone()),
                        "kappa lseg: a node linked to other than the list's first node",
                    ));
                    for (flag, _) in self.data.values() {
                        s.push(Step::Check(
                            bin(BinOp::Eq, Expr::Var(*flag), int(1)),
                            "kappa lseg: a node linked before its fields are written",
                        ));
                    }
                    s.push(Step::Check(bin(BinOp::Slt, n.clone(), int(MAX_LEN)), "kappa lseg: a list too long"));
                    // Pointers to freed nodes are lost: the new node takes the first free distance.
                    let n0 = n.clone();
                    self.set_all(&mut s, |l| Expr::ite(bin(BinOp::Sgt, l.clone(), n0.clone()), int(-2), l));
                    s.push(Step::Op(Op::Assign { dst: self.n, value: bin(BinOp::Add, n.clone(), int(1)) }));
                    let n1 = n.clone();
                    self.set_all(&mut s, |l| Expr::ite(bin(BinOp::Eq, l.clone(), int(-1)), n1.clone(), l));
                } else {
                    if mentions(value, &self.lists) {
                        return Err("a list pointer is stored into a data field".into());
                    }
                    let Some((flag, values)) = self.data.get(&off) else {
                        return Err("a store into a node at an offset that is not a field".into());
                    };
                    if let Some(values) = values {
                        let w = match self.prog.expr_ty(value) {
                            Ty::Int(w) => w,
                            _ => return Err("a data field of a node that is not an integer".into()),
                        };
                        let is = |c: &i128| bin(BinOp::Eq, value.clone(), Expr::int(*c, w));
                        let phi =
                            values.iter().map(is).reduce(|a, b| bin(BinOp::Or, a, b)).unwrap_or(Expr::Bool(false));
                        s.push(Step::Check(phi, "kappa lseg: a store breaks the field invariant"));
                    }
                    let set = Expr::ite(bin(BinOp::Eq, xl, int(-1)), int(1), Expr::Var(*flag));
                    s.push(Step::Op(Op::Assign { dst: *flag, value: set }));
                }
            }
            Op::Free { ptr: ptr @ Expr::Var(x) } if self.lists.contains(x) => {
                self.known(ptr, &mut s);
                let xl = Expr::Var(self.lens[x]);
                let first = bin(BinOp::And, bin(BinOp::Eq, xl, n.clone()), bin(BinOp::Sle, int(1), n.clone()));
                s.push(Step::Check(first, "kappa lseg: a free of other than the list's first node"));
                s.push(Step::Op(Op::Assign { dst: self.n, value: bin(BinOp::Sub, n, int(1)) }));
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
    // The field invariants: the constants stored into each data field.
    let span = f0.span;
    let mut data = BTreeMap::new();
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
        let values = (all && values.len() <= MAX_FIELD_VALUES).then(|| values.into_iter().collect());
        let flag = ghost(p, fid, format!("lseg$set{off}"), span);
        data.insert(off, (flag, values));
    }
    let n = ghost(p, fid, "lseg$n".into(), span);
    let mut lens = BTreeMap::new();
    for &x in &lists {
        let g = ghost(p, fid, format!("{}$len", prog.var(x).name), span);
        lens.insert(x, g);
    }
    let rw = Rw { prog, lists, lens, n, next_off, data, min_size };
    let mut f = std::mem::take(&mut p.functions[fid.index()]);
    let result = rewrite(&rw, &mut f, f0);
    let fl = FuncLists { func: fid, n, lens: rw.lens.iter().map(|(a, b)| (*a, *b)).collect() };
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
    let mut init = vec![Step::Op(Op::Assign { dst: rw.n, value: int(0) })];
    for &l in rw.lens.values() {
        init.push(Step::Op(Op::Assign { dst: l, value: int(-2) }));
    }
    for (flag, _) in rw.data.values() {
        init.push(Step::Op(Op::Assign { dst: *flag, value: int(0) }));
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
    for (k, step) in steps.into_iter().enumerate() {
        let next = if k + 1 == count { dst } else { new_loc(f, LocKind::Normal, span) };
        let op = match step {
            Step::Op(op) => op,
            Step::Check(c, message) => {
                let err = new_loc(f, LocKind::Error { kind: ErrorKind::Assert, message: message.to_string() }, span);
                f.edges.push(Edge { src: at, dst: err, op: Op::Assume(c.clone().negate()), span });
                Op::Assume(c)
            }
        };
        match reuse.take() {
            Some(i) => f.edges[i] = Edge { src: at, dst: next, op, span },
            None => f.edges.push(Edge { src: at, dst: next, op, span }),
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
/// list pointer is in the list (`0 <= p$len <= lseg$n`) or at its front (`head$len ==
/// lseg$n`), and a counter the loop writes is the list's length, or that minus the distance
/// of a pointer the loop moves (`count + p$len == lseg$n`).
pub fn candidates(abs: &Abstraction) -> Vec<Candidate> {
    let prog = &abs.program;
    let analyses = analyze_program(prog, &CycleOptions::default());
    let mut out = Vec::new();
    for fl in &abs.funcs {
        let f = prog.func(fl.func);
        let n = Expr::Var(fl.n);
        for l in &analyses[fl.func.index()].loops.loops {
            let mut add = |atom: Expr| {
                out.push(Candidate {
                    func: fl.func,
                    header: l.header,
                    atom,
                    text: None,
                    ghosts: vec![],
                    rank: Rank::Template,
                })
            };
            add(bin(BinOp::Sle, int(0), n.clone()));
            let written: BTreeSet<VarId> =
                f.edges.iter().filter(|e| l.contains(e.src)).filter_map(|e| e.op.def()).collect();
            for &(_, g) in &fl.lens {
                let g = Expr::Var(g);
                add(bin(BinOp::Sle, int(0), g.clone()));
                add(bin(BinOp::Sle, g.clone(), n.clone()));
                add(bin(BinOp::Eq, g, n.clone()));
            }
            for &v in &written {
                let info = prog.var(v);
                if info.ty != Ty::Int(W) || !matches!(info.kind, VarKind::Local(_)) {
                    continue;
                }
                add(bin(BinOp::Eq, Expr::Var(v), n.clone()));
                for &(_, g) in fl.lens.iter().filter(|(_, g)| written.contains(g)) {
                    add(bin(BinOp::Eq, bin(BinOp::Add, Expr::Var(v), Expr::Var(g)), n.clone()));
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
            "kappa lseg: a store into next of a linked node",
            "kappa lseg: a node linked to other than the list's first node",
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
