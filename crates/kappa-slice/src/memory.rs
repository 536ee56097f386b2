//! Memory as cells (docs/design-memory-interpolants.md): a lowering of the program into an
//! equivalent one without memory operations, so that the PSS-CFG's interpolants, merging
//! conditions and dependency equations (which are over program variables) apply to arrays,
//! structs and pointers unchanged.
//!
//! * Every object the program accesses (global, string literal, local slot, heap allocation site
//!   that runs at most once) is split into cells, one integer variable per scalar leaf of its C
//!   type: struct fields and array elements are cells, so dependence is field sensitive.
//! * A pointer is an integer, `object id << 32 | byte offset` (null is 0).
//! * An Andersen points-to analysis (flow insensitive, over the IR) gives the objects each
//!   pointer may point to. A load reads an `ite` over the cells of those objects that have its
//!   width. A store writes each such cell `c := ite(p == &c, v, c)`. So a store is a dependence
//!   only of the cells it may reach, and one that reaches nothing the targets need is sliced
//!   away.
//! * An access that is in bounds but matches no cell (type punning, C11 6.5p7) takes an
//!   `out_of_bounds` error location of its own. It is then listed among the undefined behaviour
//!   the slice's guarantee excludes, never silently mis-sliced.

use crate::SliceError;
use kappa_ir::analysis::{dominators, natural_loops};
use kappa_ir::*;
use std::collections::{BTreeSet, HashMap};

/// Cells per object at most: larger arrays are refused (the array-theory step of the design is
/// not built).
const MAX_CELLS: usize = 256;

#[derive(Clone, Debug)]
struct Cell {
    off: u64,
    width: u32,
    var: VarId,
}

/// An abstract object: a static object or a heap allocation site.
#[derive(Clone, Debug)]
struct AObj {
    name: String,
    size: u64,
    /// `None` until cells are made (only for objects some access may reach), and for summaries.
    cells: Option<Vec<Cell>>,
    string: bool,
    heap: bool,
    /// A heap allocation site that may run several times: pointers to its objects carry an
    /// instance number in their top 16 bits (see [`MASK48`]).
    multi: bool,
    /// Why the object is a summary (its contents are not cells: loads read unknown values,
    /// stores are dropped), or `None`.
    summary: Option<String>,
    /// The size of an allocation whose size is not a constant, as a variable: of the one object
    /// of a site that runs once, or of the most recent object of a site that may run several
    /// times (see `sized`).
    size_var: Option<VarId>,
    /// For a site that may run several times with a size that is not a constant: the address of
    /// the object whose size `size_var` holds (its most recent one). The bounds of the others
    /// are over-approximated both ways, as their liveness is ([`Life`]).
    sized: Option<VarId>,
    /// For a heap site some `free` may reach: the cells that track which of its objects are
    /// allocated (see [`Life`]).
    life: Option<Life>,
}

/// The liveness of a heap allocation site's objects, as cells (global variables, 0 at the
/// start), so that use after free and double free are checks the slice keeps (C11 7.22.3:
/// a freed object's lifetime has ended; 6.2.4p2: using a pointer to it is undefined).
/// A site that runs at most once has one object: `live` says whether it is allocated. A site
/// that may run several times (its objects told apart by instance numbers, see [`MASK48`])
/// tracks its most recent object exactly (`last`, its address, and `live`) and the others by
/// `older`: set once an object other than the most recent one may be dead. The checks are then
/// over-approximated both ways: such an object may be dead (the check may fail) and may be
/// allocated (the execution may go on).
#[derive(Clone, Copy, Debug)]
struct Life {
    live: VarId,
    last: Option<VarId>,
    older: Option<VarId>,
}

/// A pointer without its instance number: object id (bits 32–47) and offset (bits 0–31).
/// Pointers into static objects and single heap sites have instance 0; into a summarised heap
/// site, the instance is an arbitrary number chosen at the allocation, so two of its objects
/// may or may not be the same object (an over-approximation of `malloc`'s fresh addresses).
const MASK48: u64 = 0xffff_ffff_ffff;

/// Where in an object a pointer may point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
enum Off {
    Exact(u64),
    /// Somewhere in `[lo, hi)` at `lo` plus a multiple of the stride (an array indexed by a
    /// value: the stride is the constant factor of the index's byte offset, so that an access
    /// through `&a[i]` reaches the same field of every element, not every cell of the array).
    Range(u64, u64, u64),
    Any,
}

type Pts = BTreeSet<(usize, Off)>;

/// Widening: an object with `Any`, or with more than a few offsets (pointer arithmetic in a
/// loop), is pointed to anywhere.
fn normalize(s: Pts, objs: &[AObj]) -> Pts {
    let mut per: HashMap<usize, Vec<Off>> = HashMap::new();
    for (a, o) in s {
        per.entry(a).or_default().push(o);
    }
    let mut out = Pts::new();
    // Any order: into a set, each object on its own.
    #[allow(clippy::iter_over_hash_type)]
    for (a, offs) in per {
        let size = objs[a].size;
        let wild = offs.len() > 8
            || offs.iter().any(|o| match o {
                Off::Any => true,
                Off::Exact(x) => *x > size,
                Off::Range(lo, hi, _) => lo > hi || *lo > size,
            });
        if wild {
            out.insert((a, Off::Any));
        } else {
            // A range that runs past the object's end (a field of an element indexed by a
            // value: `&a[i] + 12`) ends at it: no cell lies beyond.
            out.extend(offs.into_iter().map(|o| match o {
                Off::Range(lo, hi, st) => (a, Off::Range(lo, hi.min(size), st)),
                o => (a, o),
            }));
        }
    }
    out
}

/// A constant every offset `e` can add within an object is a multiple of (1 if none is known):
/// the element size of an index the front end scaled (`sext(i) * 76`, `i << 2`). Exactly the
/// factor when the index is a value of at most 32 bits extended (the product cannot wrap);
/// otherwise the factor's power of two (what survives arithmetic modulo 2^64). The result only
/// filters the cells an access is compared with, so it never needs to be exact: an access
/// that matches none of them fails its [`MISMATCH`] guard.
fn stride(prog: &Program, e: &Expr) -> u64 {
    let scaled = |a: &Expr, c: u64| {
        let narrow = matches!(a, Expr::Cast(CastOp::SExt | CastOp::ZExt, _, x) if matches!(prog.expr_ty(x), Ty::Int(w) if w <= 32));
        if c == 0 {
            1
        } else if narrow && c < 1 << 31 {
            c
        } else {
            1 << c.trailing_zeros()
        }
    };
    match e {
        Expr::Bin(BinOp::Mul, a, b) => match (fold_const(a), fold_const(b)) {
            (_, Some(c)) => scaled(a, c),
            (Some(c), _) => scaled(b, c),
            _ => 1,
        },
        Expr::Bin(BinOp::Shl, _, b) => match fold_const(b) {
            Some(n) if n < 64 => 1 << n,
            _ => 1,
        },
        _ => 1,
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn fold_const(e: &Expr) -> Option<u64> {
    match e {
        Expr::Int { bits, .. } => Some(*bits),
        Expr::Bin(BinOp::Add, a, b) => Some(fold_const(a)?.wrapping_add(fold_const(b)?)),
        Expr::Bin(BinOp::Mul, a, b) => Some(fold_const(a)?.wrapping_mul(fold_const(b)?)),
        Expr::Cast(CastOp::SExt, _, a) => match **a {
            Expr::Int { bits, width } => Some(kappa_ir::expr::to_signed(bits, width) as u64),
            _ => None,
        },
        Expr::Cast(CastOp::ZExt, _, a) => fold_const(a),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Node {
    Var(VarId),
    Content(usize),
}

fn unsupported(prog: &Program, span: Span, what: impl Into<String>) -> SliceError {
    SliceError::Unsupported { message: what.into(), location: span.is_known().then(|| prog.fmt_span(span)) }
}

fn int(v: u64) -> Expr {
    Expr::uint(v, 64)
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

fn base(id: usize) -> u64 {
    ((id as u64) + 1) << 32
}

/// `p` points into object `a` (any instance, any offset).
fn in_obj(p: &Expr, a: usize) -> Expr {
    let id = bin(BinOp::And, bin(BinOp::LShr, p.clone(), int(32)), int(0xffff));
    bin(BinOp::Eq, id, int((a as u64) + 1))
}

/// `p` is the address `addr` of object `a`'s cell (for a summarised site: of any instance).
fn at_addr(p: &Expr, multi: bool, addr: u64) -> Expr {
    if multi {
        bin(BinOp::Eq, bin(BinOp::And, p.clone(), int(MASK48)), int(addr))
    } else {
        bin(BinOp::Eq, p.clone(), int(addr))
    }
}

/// Whether the program uses memory at all in the functions `entry` reaches (if not, it is
/// sliced as it is).
fn uses_memory(prog: &Program, funcs: &[FuncId]) -> bool {
    funcs.iter().any(|f| {
        let func = prog.func(*f);
        !func.slots.is_empty()
            || func.params.iter().chain(func.vars.iter()).any(|v| prog.var_ty(*v) == Ty::Ptr)
            || func.edges.iter().any(|e| {
                matches!(
                    e.op,
                    Op::Load { .. } | Op::Store { .. } | Op::MemCopy { .. } | Op::Alloc { .. } | Op::Free { .. }
                )
            })
    })
}

/// Functions reachable from `entry` through calls, by id.
pub(crate) fn reachable(prog: &Program, entry: FuncId) -> Vec<FuncId> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![entry];
    while let Some(f) = stack.pop() {
        if !seen.insert(f) {
            continue;
        }
        for e in &prog.func(f).edges {
            if let Op::Call { func: g, .. } = &e.op {
                stack.push(*g);
            }
        }
    }
    seen.into_iter().collect()
}

/// How many times a call of the entry may run each function: 0, 1 or 2 (meaning "several").
fn instances(prog: &Program, entry: FuncId, funcs: &[FuncId]) -> HashMap<FuncId, u32> {
    let mut in_loop: HashMap<FuncId, Vec<bool>> = HashMap::new();
    for &f in funcs {
        let func = prog.func(f);
        let dom = dominators(func);
        let mut mark = vec![false; func.locs.len()];
        for l in natural_loops(func, &dom).loops {
            for x in l.body {
                mark[x.index()] = true;
            }
        }
        in_loop.insert(f, mark);
    }
    let mut count: HashMap<FuncId, u32> = HashMap::new();
    count.insert(entry, 1);
    // Propagate along call edges; recursion (refused later) makes every count "several".
    for _ in 0..=funcs.len() {
        let mut next: HashMap<FuncId, u32> = HashMap::new();
        next.insert(entry, 1);
        for &f in funcs {
            let c = count.get(&f).copied().unwrap_or(0);
            if c == 0 {
                continue;
            }
            let func = prog.func(f);
            for e in &func.edges {
                if let Op::Call { func: g, .. } = &e.op {
                    let add = if in_loop[&f][e.src.index()] { 2 } else { c };
                    let x = next.entry(*g).or_insert(0);
                    *x = (*x + add).min(2);
                }
            }
        }
        next.insert(entry, next[&entry].min(2));
        if next == count {
            break;
        }
        count = next;
    }
    count
}

struct Lowering<'p> {
    prog: &'p Program,
    out: Program,
    objs: Vec<AObj>,
    /// Static object → abstract object.
    static_obj: HashMap<ObjId, usize>,
    /// (function, edge) of a heap allocation site → abstract object.
    heap_site: HashMap<(FuncId, EdgeId), usize>,
    pts: HashMap<Node, Pts>,
}

impl<'p> Lowering<'p> {
    fn pts_var(&self, v: VarId) -> Pts {
        self.pts.get(&Node::Var(v)).cloned().unwrap_or_default()
    }

    /// The objects a pointer expression may point to.
    fn pts_expr(&self, e: &Expr) -> BTreeSet<usize> {
        self.pts_off(e).into_iter().map(|(a, _)| a).collect()
    }

    /// The objects and offsets a pointer expression may point to. Offsets are only a filter of
    /// the cells an access may reach: an access that reaches none of them fails its guard
    /// ([`MISMATCH`]), so imprecision here never makes a slice silently wrong.
    fn pts_off(&self, e: &Expr) -> Pts {
        match e {
            Expr::Null => Pts::new(),
            Expr::AddrOf(o) => Pts::from([(self.static_obj[o], Off::Exact(0))]),
            Expr::Var(v) if self.prog.var_ty(*v) == Ty::Ptr => self.pts_var(*v),
            Expr::Ite(_, a, b) => {
                let mut s = self.pts_off(a);
                s.extend(self.pts_off(b));
                s
            }
            Expr::PtrAdd(a, k) => {
                let k_expr = k;
                let k = fold_const(k);
                let mut s = Pts::new();
                for (o, off) in self.pts_off(a) {
                    let off = match (off, k) {
                        (Off::Exact(x), Some(k)) => Off::Exact(x.wrapping_add(k)),
                        (Off::Range(lo, hi, st), Some(k)) => Off::Range(lo.wrapping_add(k), hi.wrapping_add(k), st),
                        // Indexing from the start of an array stays in that array.
                        (Off::Exact(x), None) => match self.array_at(o, x) {
                            Some(size) => Off::Range(x, x + size, stride(self.prog, k_expr)),
                            None => Off::Any,
                        },
                        // An array in each of a few elements (`a[i].buf[j]`): each on its own.
                        (Off::Range(lo, hi, st), None) if st > 1 && lo <= hi && (hi - lo).div_ceil(st) <= 8 => {
                            for x in (lo..hi).step_by(st as usize) {
                                s.insert((
                                    o,
                                    self.array_at(o, x)
                                        .map_or(Off::Any, |size| Off::Range(x, x + size, stride(self.prog, k_expr))),
                                ));
                            }
                            continue;
                        }
                        (Off::Range(lo, hi, st), None) => Off::Range(lo, hi, gcd(st, stride(self.prog, k_expr))),
                        (Off::Any, _) => Off::Any,
                    };
                    s.insert((o, off));
                }
                normalize(s, &self.objs)
            }
            _ => {
                let mut s = Pts::new();
                e.walk(&mut |x| match x {
                    Expr::AddrOf(o) => {
                        s.insert((self.static_obj[o], Off::Any));
                    }
                    Expr::Var(v) if self.prog.var_ty(*v) == Ty::Ptr => {
                        s.extend(self.pts_var(*v).into_iter().map(|(a, _)| (a, Off::Any)))
                    }
                    _ => {}
                });
                normalize(s, &self.objs)
            }
        }
    }

    /// The size of the largest array of the object's type that starts at the offset.
    fn array_at(&self, a: usize, off: u64) -> Option<u64> {
        let rev = self.static_obj.iter().find(|(_, b)| **b == a).map(|(o, _)| *o)?;
        let layout = self.prog.layout();
        let mut best = None;
        fn walk(l: &Layout<'_>, structs: &[StructDef], t: &CType, at: u64, off: u64, best: &mut Option<u64>) {
            match t {
                CType::Array(elem, ArrayLen::Fixed(n)) => {
                    let Some(es) = l.size_of(elem) else { return };
                    if at == off {
                        *best = Some(best.unwrap_or(0).max(es * n));
                    }
                    if es > 0 && off >= at && off < at + es * n {
                        let i = (off - at) / es;
                        walk(l, structs, elem, at + i * es, off, best);
                    }
                }
                CType::Struct(id) => {
                    for f in &structs[id.0 as usize].fields {
                        walk(l, structs, &f.ty, at + f.offset, off, best);
                    }
                }
                _ => {}
            }
        }
        walk(&layout, &self.prog.structs, &self.prog.obj(rev).ctype, 0, off, &mut best);
        best
    }

    fn add(&mut self, n: Node, s: &Pts) -> bool {
        let cur = self.pts.get(&n).cloned().unwrap_or_default();
        let mut next = cur.clone();
        next.extend(s.iter().copied());
        let next = normalize(next, &self.objs);
        if next == cur {
            return false;
        }
        self.pts.insert(n, next);
        true
    }

    fn content(&self, objs: &BTreeSet<usize>) -> Pts {
        let mut s = Pts::new();
        for o in objs {
            if let Some(c) = self.pts.get(&Node::Content(*o)) {
                s.extend(c.iter().copied());
            }
        }
        s
    }

    /// Andersen's analysis: inclusion constraints solved by iteration to the fixpoint.
    fn points_to(&mut self, funcs: &[FuncId]) {
        let prog = self.prog;
        for (i, o) in prog.objects.iter().enumerate() {
            if let ObjKind::Global { init } = &o.kind {
                let a = self.static_obj[&ObjId(i as u32)];
                for it in init {
                    let s = self.pts_off(&it.value);
                    self.add(Node::Content(a), &s);
                }
            }
        }
        for gi in &prog.globals {
            if prog.var_ty(gi.var) == Ty::Ptr {
                let s = self.pts_off(&gi.value);
                self.add(Node::Var(gi.var), &s);
            }
        }
        loop {
            let mut changed = false;
            for &f in funcs {
                let func = prog.func(f);
                for (i, e) in func.edges.iter().enumerate() {
                    match &e.op {
                        Op::Assign { dst, value } if prog.var_ty(*dst) == Ty::Ptr => {
                            let s = self.pts_off(value);
                            changed |= self.add(Node::Var(*dst), &s);
                        }
                        Op::Load { dst, ptr } if prog.var_ty(*dst) == Ty::Ptr => {
                            let s = self.content(&self.pts_expr(ptr));
                            changed |= self.add(Node::Var(*dst), &s);
                        }
                        Op::Store { ptr, value } if prog.expr_ty(value) == Ty::Ptr => {
                            let s = self.pts_off(value);
                            for o in self.pts_expr(ptr) {
                                changed |= self.add(Node::Content(o), &s);
                            }
                        }
                        Op::MemCopy { dst, src, .. } => {
                            let s = self.content(&self.pts_expr(src));
                            for o in self.pts_expr(dst) {
                                changed |= self.add(Node::Content(o), &s);
                            }
                        }
                        Op::Alloc { target: AllocTarget::Fresh(v), .. } => {
                            if let Some(&a) = self.heap_site.get(&(f, EdgeId(i as u32))) {
                                changed |= self.add(Node::Var(*v), &Pts::from([(a, Off::Exact(0))]));
                            }
                        }
                        Op::Call { dst, func: g, args } => {
                            let callee = prog.func(*g);
                            for (p, a) in callee.params.iter().zip(args) {
                                if prog.var_ty(*p) == Ty::Ptr {
                                    let s = self.pts_off(a);
                                    changed |= self.add(Node::Var(*p), &s);
                                }
                            }
                            if let (Some(d), Some(r)) = (dst, callee.ret) {
                                if prog.var_ty(*d) == Ty::Ptr {
                                    let s = self.pts_var(r);
                                    changed |= self.add(Node::Var(*d), &s);
                                }
                            }
                        }
                        Op::Return(Some(v)) => {
                            if let Some(r) = func.ret {
                                if prog.var_ty(r) == Ty::Ptr {
                                    let s = self.pts_off(v);
                                    changed |= self.add(Node::Var(r), &s);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The scalar leaves of a C type: (offset, width in bits, name suffix).
    fn leaves(&self, t: &CType, off: u64, name: &str, out: &mut Vec<(u64, u32, String)>) -> Result<(), String> {
        let layout = self.prog.layout();
        match t {
            CType::Int { rank, .. } => out.push((off, self.prog.data_model.int_bits(*rank), name.to_string())),
            CType::Pointer(_) => out.push((off, 64, name.to_string())),
            CType::Array(elem, ArrayLen::Fixed(n)) => {
                let es = layout.size_of(elem).ok_or("an array of elements of unknown size")?;
                if *n as usize > MAX_CELLS {
                    return Err(format!("an array of {n} elements (more than the slicer's {MAX_CELLS} cells)"));
                }
                for i in 0..*n {
                    self.leaves(elem, off + i * es, &format!("{name}[{i}]"), out)?;
                    if out.len() > MAX_CELLS {
                        return Err(format!("an object of more than the slicer's {MAX_CELLS} cells"));
                    }
                }
            }
            CType::Array(..) => return Err("a variable-length or incomplete array".into()),
            CType::Struct(id) => {
                let s = &self.prog.structs[id.0 as usize];
                if s.is_union {
                    return Err("a union".into());
                }
                if !s.complete {
                    return Err("an incomplete struct".into());
                }
                for f in &s.fields {
                    let fname = f.name.clone().unwrap_or_else(|| "anon".into());
                    self.leaves(&f.ty, off + f.offset, &format!("{name}.{fname}"), out)?;
                }
            }
            CType::Float(_) => return Err("floating point".into()),
            CType::Void | CType::Function(_) => return Err("an object of no scalar type".into()),
        }
        Ok(())
    }

    /// The type of a heap object: the pointee type of the pointers that point to it, whose size
    /// divides the allocation's.
    fn heap_type(&self, a: usize, funcs: &[FuncId]) -> Result<CType, String> {
        let layout = self.prog.layout();
        let size = self.objs[a].size;
        let mut found: Option<CType> = None;
        let mut vars: Vec<VarId> = funcs.iter().flat_map(|f| self.prog.func(*f).vars.iter().copied()).collect();
        vars.extend(funcs.iter().flat_map(|f| self.prog.func(*f).params.iter().copied()));
        vars.extend(self.prog.global_vars());
        for v in vars {
            if !self.pts_var(v).iter().any(|(b, _)| *b == a) {
                continue;
            }
            let CType::Pointer(t) = &self.prog.var(v).ctype else { continue };
            if matches!(**t, CType::Void) {
                continue;
            }
            let Some(ts) = layout.size_of(t) else { continue };
            if ts == 0 || !size.is_multiple_of(ts) {
                continue;
            }
            let ty = if ts == size { (**t).clone() } else { CType::Array(t.clone(), ArrayLen::Fixed(size / ts)) };
            match &found {
                None => found = Some(ty),
                Some(f) if *f == ty => {}
                Some(_) => return Err("a heap object used at two different types".into()),
            }
        }
        found.ok_or_else(|| "a heap object whose type no pointer to it tells".into())
    }

    /// Makes the cells of every object some access may reach.
    fn make_cells(&mut self, funcs: &[FuncId], objkind: &HashMap<usize, VarKind>) -> Result<(), SliceError> {
        let prog = self.prog;
        let mut accessed: BTreeSet<usize> = BTreeSet::new();
        for &f in funcs {
            for e in &prog.func(f).edges {
                match &e.op {
                    Op::Load { ptr, .. } | Op::Store { ptr, .. } => accessed.extend(self.pts_expr(ptr)),
                    Op::MemCopy { dst, src, .. } => {
                        accessed.extend(self.pts_expr(dst));
                        accessed.extend(self.pts_expr(src));
                    }
                    Op::Alloc { target: AllocTarget::Slot(o), .. } => {
                        accessed.insert(self.static_obj[o]);
                    }
                    _ => {}
                }
            }
        }
        accessed.extend(self.heap_site.values().copied());
        let rev: HashMap<usize, ObjId> = self.static_obj.iter().map(|(o, a)| (*a, *o)).collect();
        for a in accessed {
            if self.objs[a].summary.is_some() {
                continue;
            }
            let name = self.objs[a].name.clone();
            // An object that cannot be split into cells is a summary: its loads read unknown
            // values (an over-approximation, see `SliceResult::approximations`).
            let (ty, span) = match rev.get(&a) {
                Some(o) => (prog.obj(*o).ctype.clone(), prog.obj(*o).span),
                None => match self.heap_type(a, funcs) {
                    Ok(t) => (t, Span::default()),
                    Err(m) => {
                        self.objs[a].summary = Some(format!("`{name}`, {m}"));
                        continue;
                    }
                },
            };
            let mut leaves = Vec::new();
            if self.objs[a].string {
                let bytes = match rev.get(&a).map(|o| &prog.obj(*o).kind) {
                    Some(ObjKind::StringLit { bytes }) => bytes.clone(),
                    _ => Vec::new(),
                };
                if bytes.len() > MAX_CELLS {
                    self.objs[a].summary = Some(format!(
                        "a string literal of {} bytes (more than the slicer's {MAX_CELLS} cells)",
                        bytes.len()
                    ));
                    continue;
                }
                for i in 0..bytes.len() {
                    leaves.push((i as u64, 8, format!("{name}[{i}]")));
                }
            } else if let Err(m) = self.leaves(&ty, 0, &name, &mut leaves) {
                self.objs[a].summary = Some(format!("`{name}`, {m}"));
                continue;
            }
            let kind = objkind.get(&a).copied().unwrap_or(VarKind::Global);
            let mut cells = Vec::new();
            for (off, width, cname) in leaves {
                let var = VarId(self.out.vars.len() as u32);
                let ctype = CType::Int {
                    rank: match width {
                        8 => IntRank::Char,
                        16 => IntRank::Short,
                        32 => IntRank::Int,
                        _ => IntRank::Long,
                    },
                    signed: false,
                };
                self.out.vars.push(VarInfo { name: cname, ty: Ty::Int(width), ctype, kind, span });
                if let VarKind::Local(f) = kind {
                    self.out.functions[f.index()].vars.push(var);
                }
                cells.push(Cell { off, width, var });
            }
            // Overlapping cells would be a union in disguise.
            let mut sorted: Vec<&Cell> = cells.iter().collect();
            sorted.sort_by_key(|c| c.off);
            if sorted.windows(2).any(|w| w[0].off + u64::from(w[0].width / 8) > w[1].off) {
                self.out.vars.truncate(self.out.vars.len() - cells.len());
                if let VarKind::Local(f) = kind {
                    let vs = &mut self.out.functions[f.index()].vars;
                    vs.truncate(vs.len() - cells.len());
                }
                self.objs[a].summary = Some(format!("`{name}`, which has overlapping scalars"));
                continue;
            }
            self.objs[a].cells = Some(cells);
        }
        Ok(())
    }

    fn cells(&self, a: usize) -> &[Cell] {
        self.objs[a].cells.as_deref().unwrap_or(&[])
    }

    /// The candidate cells of an access of `width` bits through `ptr`, with their addresses.
    fn candidates(&self, ptr: &Expr, width: u32) -> Vec<(u64, VarId)> {
        let mut v = Vec::new();
        for (a, off) in self.pts_off(ptr) {
            for c in self.cells(a) {
                let at = match off {
                    Off::Exact(x) => c.off == x,
                    Off::Range(lo, hi, st) => lo <= c.off && c.off < hi && (c.off - lo) % st.max(1) == 0,
                    Off::Any => true,
                };
                if c.width == width && at {
                    v.push((base(a) + c.off, c.var));
                }
            }
        }
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The cells of `width` bits of the objects `ptr` may point into, at any offset.
    fn candidates_anywhere(&self, ptr: &Expr, width: u32) -> Vec<(u64, VarId)> {
        let mut v = Vec::new();
        for a in self.pts_expr(ptr) {
            v.extend(self.cells(a).iter().filter(|c| c.width == width).map(|c| (base(a) + c.off, c.var)));
        }
        v
    }

    /// The expression with pointers as integers.
    fn tx(&self, e: &Expr) -> Expr {
        self.tx_pol(e, true)
    }

    /// [`Lowering::tx`] where `pos` says whether the expression is under an even number of
    /// negations: `live(p)` and `freeable(p)` become what may hold there (so that a check's
    /// failure and its success are each over-approximated, see [`Life`]).
    fn tx_pol(&self, e: &Expr, pos: bool) -> Expr {
        let b = |x: &Expr| Box::new(self.tx_pol(x, pos));
        match e {
            Expr::Un(UnOp::Not, a) => Expr::Un(UnOp::Not, Box::new(self.tx_pol(a, !pos))),
            Expr::Null => int(0),
            Expr::AddrOf(o) => int(base(self.static_obj[o])),
            Expr::PtrAdd(a, o) => Expr::Bin(BinOp::Add, b(a), b(o)),
            Expr::PtrDiff(a, o) => Expr::Bin(BinOp::Sub, b(a), b(o)),
            Expr::Int { .. } | Expr::Bool(_) | Expr::Var(_) => e.clone(),
            Expr::Un(op, a) => Expr::Un(*op, b(a)),
            Expr::Bin(op, x, y) => Expr::Bin(*op, b(x), b(y)),
            Expr::Cast(op, w, a) => Expr::Cast(*op, *w, b(a)),
            Expr::Ite(c, x, y) => Expr::Ite(b(c), b(x), b(y)),
            Expr::Live(p) => {
                let p2 = self.tx(p);
                // Not null: an object id above bits 32 (`p >> 32 != 0` written as a range of
                // `p`, which a scaled index turns into a range of the index).
                let mut c = bin(BinOp::Ule, int(1 << 32), p2.clone());
                for a in self.pts_expr(p) {
                    if self.objs[a].life.is_some() {
                        c = c.and(in_obj(&p2, a).negate().or(self.alive(&p2, a, pos)));
                    }
                }
                c
            }
            Expr::InBounds(p, n) => {
                let (p2, n2) = (self.tx(p), self.tx(n));
                let mut c = Expr::Bool(false);
                for a in self.pts_expr(p) {
                    let o = &self.objs[a];
                    if let (false, None, Some(n)) = (o.multi, o.size_var, fold(&n2, 64).as_const()) {
                        // `p - &a` in `[0, size - n]`: stronger than the general form below
                        // only for addresses with instance bits, which no pointer into a
                        // single object has; a pointer `&a[i] + f` makes it a range of `i`.
                        if n <= o.size {
                            c = c.or(bin(BinOp::Ule, bin(BinOp::Sub, p2.clone(), int(base(a))), int(o.size - n)));
                        }
                        continue;
                    }
                    let same = in_obj(&p2, a);
                    let off = bin(BinOp::And, p2.clone(), int(0xffff_ffff));
                    let size = match o.size_var {
                        Some(v) => Expr::Var(v),
                        None => int(o.size),
                    };
                    let mut fits = bin(BinOp::Ule, bin(BinOp::Add, off, n2.clone()), size);
                    if let Some(last) = o.sized {
                        // Only the most recent object's size is known: another one may be
                        // large enough (`pos`) and may be too small (not `pos`).
                        fits = Expr::ite(same_instance(&p2, &Expr::Var(last)), fits, Expr::Bool(pos));
                    }
                    c = c.or(same.and(fits));
                }
                c
            }
            Expr::Writable(p) => {
                let p2 = self.tx(p);
                let mut c = Expr::Bool(true);
                for a in self.pts_expr(p) {
                    if self.objs[a].string {
                        c = c.and(in_obj(&p2, a).negate());
                    }
                }
                c
            }
            Expr::Freeable(p) => {
                let p2 = self.tx(p);
                let mut c = Expr::Bool(false);
                for a in self.pts_expr(p) {
                    if self.objs[a].heap {
                        c = c.or(at_addr(&p2, self.objs[a].multi, base(a)).and(self.alive(&p2, a, pos)));
                    }
                }
                c
            }
        }
    }
}

impl Lowering<'_> {
    /// Heap sites some `free` may reach get the cells of their [`Life`].
    fn make_life(&mut self, funcs: &[FuncId]) {
        let prog = self.prog;
        let mut freed = BTreeSet::new();
        for &f in funcs {
            for e in &prog.func(f).edges {
                if let Op::Free { ptr } = &e.op {
                    freed.extend(self.pts_expr(ptr).into_iter().filter(|a| self.objs[*a].heap));
                }
            }
        }
        for a in freed {
            let name = self.objs[a].name.clone();
            let mut var = |what: &str, w: u32| {
                let v = VarId(self.out.vars.len() as u32);
                let ctype = if w == 64 { CType::ULONG } else { CType::Int { rank: IntRank::Char, signed: false } };
                self.out.vars.push(VarInfo {
                    name: format!("{name}.{what}"),
                    ty: Ty::Int(w),
                    ctype,
                    kind: VarKind::Global,
                    span: Span::default(),
                });
                v
            };
            let live = var("live", 8);
            let (last, older) =
                if self.objs[a].multi { (Some(var("last", 64)), Some(var("older_freed", 8))) } else { (None, None) };
            self.objs[a].life = Some(Life { live, last, older });
        }
    }

    /// Whether the object of site `a` that `p` points into may be allocated (`pos`), or must be
    /// (not `pos`).
    fn alive(&self, p: &Expr, a: usize, pos: bool) -> Expr {
        let Some(life) = self.objs[a].life else { return Expr::Bool(true) };
        let live = bin(BinOp::Eq, Expr::Var(life.live), Expr::uint(1, 8));
        match (life.last, life.older) {
            (Some(last), Some(older)) => {
                let others = if pos { Expr::Bool(true) } else { bin(BinOp::Eq, Expr::Var(older), Expr::uint(0, 8)) };
                Expr::ite(same_instance(p, &Expr::Var(last)), live, others)
            }
            _ => live,
        }
    }

    /// `free(p)`: the object `p` points to is no longer allocated.
    fn free_steps(&self, ptr: &Expr) -> Vec<Step> {
        let p = self.tx(ptr);
        let mut st = Vec::new();
        for a in self.pts_expr(ptr) {
            let Some(life) = self.objs[a].life else { continue };
            let here = in_obj(&p, a);
            let dead = Expr::uint(0, 8);
            match (life.last, life.older) {
                (Some(last), Some(older)) => {
                    let same = same_instance(&p, &Expr::Var(last));
                    st.push(Step::Op(Op::Assign {
                        dst: older,
                        value: Expr::ite(here.clone().and(same.clone().negate()), Expr::uint(1, 8), Expr::Var(older)),
                    }));
                    st.push(Step::Op(Op::Assign {
                        dst: life.live,
                        value: Expr::ite(here.and(same), dead, Expr::Var(life.live)),
                    }));
                }
                _ => {
                    st.push(Step::Op(Op::Assign { dst: life.live, value: Expr::ite(here, dead, Expr::Var(life.live)) }))
                }
            }
        }
        st
    }
}

/// Two pointers into a summarised heap site point into the same instance.
fn same_instance(p: &Expr, q: &Expr) -> Expr {
    bin(BinOp::Eq, bin(BinOp::LShr, p.clone(), int(48)), bin(BinOp::LShr, q.clone(), int(48)))
}

/// `ite(p == &c1, c1, ite(p == &c2, c2, … default))`.
fn select(p: &Expr, cands: &[(u64, VarId)], default: Expr) -> Expr {
    let mut e = default;
    for (addr, v) in cands.iter().rev() {
        e = Expr::ite(bin(BinOp::Eq, p.clone(), int(*addr)), Expr::Var(*v), e);
    }
    e
}

fn matches_any(p: &Expr, cands: &[(u64, VarId)]) -> Expr {
    let mut c = Expr::Bool(false);
    for (addr, _) in cands {
        c = c.or(bin(BinOp::Eq, p.clone(), int(*addr)));
    }
    c
}

/// One step of a lowered edge.
enum Step {
    Op(Op),
    /// Continue only if the condition holds; otherwise an `out_of_bounds` error location.
    Guard(Expr, &'static str),
}

const MISMATCH: &str = "access that does not match the declared type of the object (the slicer's memory model)";

/// A program with memory lowered to cells.
pub(crate) struct Lowered {
    pub prog: Program,
    /// The objects whose contents are summarised (read as unknown values): the lowered program
    /// then has every behaviour of the original and maybe more.
    pub approximations: Vec<String>,
}

/// The program with memory lowered to cells, or `None` if it uses no memory.
pub(crate) fn lower(prog: &Program, entry: &str) -> Result<Option<Lowered>, SliceError> {
    let Some(entry_id) =
        prog.functions.iter().position(|f| f.name == entry && !f.locs.is_empty()).map(|i| FuncId(i as u32))
    else {
        return Ok(None);
    };
    let funcs = reachable(prog, entry_id);
    // The decompiled slice would need the functions' addresses back as C expressions.
    if let Some(o) = prog.objects.iter().find(|o| matches!(o.kind, ObjKind::Function(_))) {
        return Err(unsupported(prog, o.span, format!("function pointers (the address of `{}`)", o.name)));
    }
    if funcs.iter().any(|f| prog.func(*f).locs.is_empty()) || !uses_memory(prog, &funcs) {
        // Calls without bodies are refused by name later.
        return Ok(None);
    }
    if prog.ptr_bits() != 64 {
        return Err(unsupported(prog, Span::default(), "memory in the ILP32 data model"));
    }
    for p in &prog.func(entry_id).params {
        if prog.var_ty(*p) == Ty::Ptr {
            return Err(unsupported(
                prog,
                prog.var(*p).span,
                format!("parameter `{}` is not an integer", prog.var(*p).name),
            ));
        }
    }
    let mut lw = Lowering {
        prog,
        out: prog.clone(),
        objs: Vec::new(),
        static_obj: HashMap::new(),
        heap_site: HashMap::new(),
        pts: HashMap::new(),
    };
    let mut objkind: HashMap<usize, VarKind> = HashMap::new();
    for (i, o) in prog.objects.iter().enumerate() {
        let a = lw.objs.len();
        lw.static_obj.insert(ObjId(i as u32), a);
        if let ObjKind::Local(f) = o.kind {
            objkind.insert(a, VarKind::Local(f));
        }
        lw.objs.push(AObj {
            name: o.name.clone(),
            size: o.size.unwrap_or(0),
            cells: None,
            string: matches!(o.kind, ObjKind::StringLit { .. }),
            heap: false,
            multi: false,
            summary: None,
            size_var: None,
            sized: None,
            life: None,
        });
    }
    if lw.objs.len() >= 0xfffe {
        return Err(unsupported(prog, Span::default(), "memory: more than 65,534 objects"));
    }
    let inst = instances(prog, entry_id, &funcs);
    for &f in &funcs {
        let func = prog.func(f);
        for (i, e) in func.edges.iter().enumerate() {
            if let Op::Alloc { target: AllocTarget::Fresh(_), size, .. } = &e.op {
                let dom = dominators(func);
                let in_loop = natural_loops(func, &dom).loops.iter().any(|l| l.body.contains(&e.src));
                let multi = in_loop || inst.get(&f).copied().unwrap_or(0) > 1;
                let site = prog.fmt_span(e.span);
                let name = format!("heap{}", site.rsplit(':').nth(1).unwrap_or(""));
                let mut summary = multi
                    .then(|| format!("`{name}`, the objects allocated at {site} (a site that may run several times)"));
                let (size, size_var, sized) = match size.as_const() {
                    Some(n) => (n, None, None),
                    None => {
                        if !multi {
                            summary = Some(format!("`{name}`, allocated at {site} with a size that is not a constant"));
                        }
                        let mut global = |what: &str| {
                            let var = VarId(lw.out.vars.len() as u32);
                            lw.out.vars.push(VarInfo {
                                name: format!("{name}.{what}"),
                                ty: Ty::Int(64),
                                ctype: CType::ULONG,
                                kind: VarKind::Global,
                                span: e.span,
                            });
                            var
                        };
                        let var = global("size");
                        // A site that runs several times: the size of its most recent object,
                        // and which object that is.
                        let sized = multi.then(|| global("sized"));
                        // Big enough for any offset the points-to analysis keeps exact.
                        (u64::from(u32::MAX), Some(var), sized)
                    }
                };
                if lw.objs.len() >= 0xfffe {
                    return Err(unsupported(prog, e.span, "memory: more than 65,534 objects"));
                }
                let a = lw.objs.len();
                lw.heap_site.insert((f, EdgeId(i as u32)), a);
                lw.objs.push(AObj {
                    name,
                    size,
                    cells: None,
                    string: false,
                    heap: true,
                    multi,
                    summary,
                    size_var,
                    sized,
                    life: None,
                });
            }
        }
    }
    lw.points_to(&funcs);
    lw.make_cells(&funcs, &objkind)?;
    lw.make_life(&funcs);
    // Pointers become 64-bit integers.
    for (i, v) in prog.vars.iter().enumerate() {
        if v.ty == Ty::Ptr {
            lw.out.vars[i].ty = Ty::Int(64);
            lw.out.vars[i].ctype = CType::ULONG;
        }
    }
    // Initial contents of the global objects and string literals.
    let mut globals = Vec::new();
    for gi in &prog.globals {
        globals.push(GlobalInit { var: gi.var, value: lw.tx(&gi.value) });
    }
    for (i, o) in prog.objects.iter().enumerate() {
        let a = lw.static_obj[&ObjId(i as u32)];
        let cells = lw.cells(a).to_vec();
        match &o.kind {
            ObjKind::Global { init } => {
                for it in init {
                    if let Some(c) = cells.iter().find(|c| c.off == it.offset) {
                        globals.push(GlobalInit { var: c.var, value: fold(&lw.tx(&it.value), c.width) });
                    }
                }
            }
            ObjKind::StringLit { bytes } => {
                for c in &cells {
                    globals.push(GlobalInit { var: c.var, value: Expr::uint(u64::from(bytes[c.off as usize]), 8) });
                }
            }
            ObjKind::Local(_) | ObjKind::Function(_) => {}
        }
    }
    lw.out.globals = globals;
    for &f in &funcs {
        let steps: Vec<(Edge, Vec<Step>)> = {
            let func = prog.func(f);
            let mut v = Vec::new();
            for (i, e) in func.edges.iter().enumerate() {
                v.push((e.clone(), lw.lower_op(f, EdgeId(i as u32), e)?));
            }
            v
        };
        let out = &mut lw.out.functions[f.index()];
        out.edges.clear();
        out.slots.clear();
        for (e, st) in steps {
            let mut src = e.src;
            let n = st.len();
            if n == 0 {
                out.edges.push(Edge { src, dst: e.dst, op: Op::Skip, span: e.span });
                continue;
            }
            for (k, s) in st.into_iter().enumerate() {
                let dst = if k + 1 == n {
                    e.dst
                } else {
                    out.locs.push(LocInfo { kind: LocKind::Normal, span: e.span });
                    Loc(out.locs.len() as u32 - 1)
                };
                match s {
                    Step::Op(op) => out.edges.push(Edge { src, dst, op, span: e.span }),
                    Step::Guard(c, msg) => {
                        out.locs.push(LocInfo {
                            kind: LocKind::Error { kind: ErrorKind::OutOfBounds, message: msg.to_string() },
                            span: e.span,
                        });
                        let err = Loc(out.locs.len() as u32 - 1);
                        out.edges.push(Edge { src, dst: err, op: Op::Assume(c.clone().negate()), span: e.span });
                        out.edges.push(Edge { src, dst, op: Op::Assume(c), span: e.span });
                    }
                }
                src = dst;
            }
        }
        out.index_edges();
    }
    let approximations =
        lw.objs.iter().filter_map(|o| o.summary.as_ref().map(|s| format!("the contents of {s}"))).collect();
    Ok(Some(Lowered { prog: lw.out, approximations }))
}

/// Folds a constant address expression (`base + k`) into an integer of the cell's width.
fn fold(e: &Expr, width: u32) -> Expr {
    fn val(e: &Expr) -> Option<u64> {
        match e {
            Expr::Int { bits, .. } => Some(*bits),
            Expr::Bin(BinOp::Add, a, b) => Some(val(a)?.wrapping_add(val(b)?)),
            Expr::Cast(_, _, a) => val(a),
            _ => None,
        }
    }
    match val(e) {
        Some(v) => Expr::uint(v, width),
        None => e.clone(),
    }
}

impl Lowering<'_> {
    /// The summarised objects a pointer may point into.
    fn summaries(&self, ptr: &Expr) -> Vec<usize> {
        self.pts_expr(ptr).into_iter().filter(|a| self.objs[*a].summary.is_some()).collect()
    }

    /// `p` points into one of the summarised objects.
    fn in_summaries(p: &Expr, sums: &[usize]) -> Expr {
        let mut c = Expr::Bool(false);
        for a in sums {
            c = c.or(in_obj(p, *a));
        }
        c
    }

    /// A new local variable of `f` (an unknown value read from a summary).
    fn fresh_local(&mut self, f: FuncId, name: String, width: u32, span: Span) -> VarId {
        let var = VarId(self.out.vars.len() as u32);
        let ctype = CType::Int { rank: if width == 64 { IntRank::Long } else { IntRank::Int }, signed: false };
        let (ty, ctype) = match width {
            8 => (Ty::Int(8), CType::Int { rank: IntRank::Char, signed: false }),
            16 => (Ty::Int(16), CType::Int { rank: IntRank::Short, signed: false }),
            w => (Ty::Int(w), ctype),
        };
        self.out.vars.push(VarInfo { name, ty, ctype, kind: VarKind::Local(f), span });
        self.out.functions[f.index()].vars.push(var);
        var
    }

    /// What a pointer read from a summarised object may be: null, or an address the points-to
    /// analysis says such objects may hold.
    fn pointer_content(&self, h: &Expr, sums: &[usize]) -> Expr {
        let mut c = bin(BinOp::Eq, h.clone(), int(0));
        for (b, off) in self.content(&sums.iter().copied().collect::<BTreeSet<usize>>()) {
            let multi = self.objs[b].multi;
            c = c.or(match off {
                Off::Exact(x) => at_addr(h, multi, base(b) + x),
                _ if multi => in_obj(h, b),
                _ => bin(BinOp::Eq, bin(BinOp::LShr, h.clone(), int(32)), int((b as u64) + 1)),
            });
        }
        c
    }

    /// An unknown value of `width` bits read from a summary at the edge `e`: the steps that make
    /// it, and the variable.
    fn unknown(&mut self, f: FuncId, e: &Edge, width: u32, what: &str) -> (Step, VarId) {
        let name = format!("unknown{}_{}", e.span.line, self.out.vars.len());
        let h = self.fresh_local(f, name, width, e.span);
        (Step::Op(Op::Nondet { dst: h, origin: NondetOrigin::Uninit { var: what.to_string() } }), h)
    }

    fn lower_op(&mut self, f: FuncId, id: EdgeId, e: &Edge) -> Result<Vec<Step>, SliceError> {
        let prog = self.prog;
        let width = |ty: Ty| match ty {
            Ty::Int(w) => w,
            _ => 64,
        };
        Ok(match &e.op {
            Op::Skip | Op::Return(None) | Op::Output { dst: None, .. } => Vec::new(),
            Op::Free { ptr } => self.free_steps(ptr),
            Op::Output { .. } => vec![Step::Op(e.op.clone())],
            Op::Assume(c) => vec![Step::Op(Op::Assume(self.tx(c)))],
            Op::Assign { dst, value } => vec![Step::Op(Op::Assign { dst: *dst, value: self.tx(value) })],
            Op::Nondet { dst, origin } => {
                if prog.var_ty(*dst) == Ty::Ptr && matches!(origin, NondetOrigin::Call { .. }) {
                    return Err(unsupported(prog, e.span, "a nondeterministic pointer"));
                }
                vec![Step::Op(e.op.clone())]
            }
            Op::Return(Some(v)) => vec![Step::Op(Op::Return(Some(self.tx(v))))],
            Op::Halt { kind, code } => {
                vec![Step::Op(Op::Halt { kind: *kind, code: code.as_ref().map(|c| self.tx(c)) })]
            }
            Op::Call { dst, func, args } => {
                vec![Step::Op(Op::Call { dst: *dst, func: *func, args: args.iter().map(|a| self.tx(a)).collect() })]
            }
            Op::Load { dst, ptr } => {
                let w = width(prog.var_ty(*dst));
                let cands = self.candidates(ptr, w);
                let sums = self.summaries(ptr);
                let p = self.tx(ptr);
                let guard = Step::Guard(matches_any(&p, &cands).or(Self::in_summaries(&p, &sums)), MISMATCH);
                if sums.is_empty() {
                    // With one candidate the guard already says the access is to it.
                    let value = match cands.as_slice() {
                        [(_, c)] => Expr::Var(*c),
                        _ => select(&p, &cands, Expr::uint(0, w)),
                    };
                    return Ok(vec![guard, Step::Op(Op::Assign { dst: *dst, value })]);
                }
                // From a summary: any value (for a pointer, any the points-to analysis allows).
                let (havoc, h) = self.unknown(f, e, w, "summarised memory");
                let mut st = vec![guard, havoc];
                if prog.var_ty(*dst) == Ty::Ptr {
                    let c = self.pointer_content(&Expr::Var(h), &sums);
                    st.push(Step::Op(Op::Assume(Self::in_summaries(&p, &sums).negate().or(c))));
                }
                st.push(Step::Op(Op::Assign { dst: *dst, value: select(&p, &cands, Expr::Var(h)) }));
                st
            }
            Op::Store { ptr, value } => {
                let w = width(prog.expr_ty(value));
                let cands = self.candidates(ptr, w);
                // A store into a summary is dropped: its loads read any value anyway.
                let sums = self.summaries(ptr);
                let p = self.tx(ptr);
                let v = self.tx(value);
                let mut st = vec![Step::Guard(matches_any(&p, &cands).or(Self::in_summaries(&p, &sums)), MISMATCH)];
                let known = match (fold(&p, 64), cands.as_slice()) {
                    (Expr::Int { bits, .. }, _) => Some(bits),
                    (_, [(addr, _)]) if sums.is_empty() => Some(*addr),
                    _ => None,
                };
                for (addr, c) in cands {
                    match known {
                        Some(k) if k == addr => st.push(Step::Op(Op::Assign { dst: c, value: v.clone() })),
                        Some(_) => {}
                        None => st.push(Step::Op(Op::Assign {
                            dst: c,
                            value: Expr::ite(bin(BinOp::Eq, p.clone(), int(addr)), v.clone(), Expr::Var(c)),
                        })),
                    }
                }
                st
            }
            Op::MemCopy { dst, src, size } => {
                let Some(n) = size.as_const() else {
                    return Err(unsupported(prog, e.span, "memory: a copy of a size that is not a constant"));
                };
                let (d, s) = (self.tx(dst), self.tx(src));
                let mut ok = Expr::Bool(true);
                let mut st = Vec::new();
                let sums = self.summaries(src);
                // Cells of a summary destination are not written (there are none).
                for a in self.pts_expr(dst) {
                    for c in self.cells(a).to_vec() {
                        let addr = int(base(a) + c.off);
                        let inside = bin(BinOp::Ule, d.clone(), addr.clone()).and(bin(
                            BinOp::Ult,
                            addr.clone(),
                            bin(BinOp::Add, d.clone(), int(n)),
                        ));
                        let from = bin(BinOp::Add, s.clone(), bin(BinOp::Sub, addr.clone(), d.clone()));
                        // Read at an offset from `src`: any cell of its objects may be it.
                        let cands = self.candidates_anywhere(src, c.width);
                        ok = ok.and(
                            inside.clone().negate().or(matches_any(&from, &cands)).or(Self::in_summaries(&from, &sums)),
                        );
                        let default = if sums.is_empty() {
                            Expr::uint(0, c.width)
                        } else {
                            let (havoc, h) = self.unknown(f, e, c.width, "summarised memory");
                            st.push(havoc);
                            Expr::Var(h)
                        };
                        st.push(Step::Op(Op::Assign {
                            dst: c.var,
                            value: Expr::ite(inside, select(&from, &cands, default), Expr::Var(c.var)),
                        }));
                    }
                }
                st.insert(0, Step::Guard(ok, MISMATCH));
                st
            }
            Op::Alloc { target, init, .. } => {
                let (a, mut st) = match target {
                    AllocTarget::Slot(o) => (self.static_obj[o], Vec::new()),
                    AllocTarget::Fresh(v) => {
                        let a = self.heap_site[&(f, id)];
                        let o = &self.objs[a];
                        let mut st = Vec::new();
                        if o.multi {
                            // Some instance of the site: an arbitrary number in the top bits.
                            st.push(Step::Op(Op::Nondet {
                                dst: *v,
                                origin: NondetOrigin::Uninit { var: format!("{} (an instance)", o.name) },
                            }));
                            let this = at_addr(&Expr::Var(*v), true, base(a));
                            st.push(Step::Op(Op::Assume(this)));
                        } else {
                            st.push(Step::Op(Op::Assign { dst: *v, value: int(base(a)) }));
                        }
                        if let (Some(sv), Op::Alloc { size, .. }) = (o.size_var, &e.op) {
                            st.push(Step::Op(Op::Assign { dst: sv, value: self.tx(size) }));
                            if let Some(last) = o.sized {
                                st.push(Step::Op(Op::Assign { dst: last, value: Expr::Var(*v) }));
                            }
                        }
                        if let Some(life) = o.life {
                            if let (Some(last), Some(older)) = (life.last, life.older) {
                                // The most recent object, if freed, becomes one of the others.
                                let was_freed = bin(BinOp::Ne, Expr::Var(last), int(0)).and(bin(
                                    BinOp::Eq,
                                    Expr::Var(life.live),
                                    Expr::uint(0, 8),
                                ));
                                st.push(Step::Op(Op::Assign {
                                    dst: older,
                                    value: Expr::ite(was_freed, Expr::uint(1, 8), Expr::Var(older)),
                                }));
                                st.push(Step::Op(Op::Assign { dst: last, value: Expr::Var(*v) }));
                            }
                            st.push(Step::Op(Op::Assign { dst: life.live, value: Expr::uint(1, 8) }));
                        }
                        (a, st)
                    }
                };
                for c in self.cells(a) {
                    st.push(Step::Op(match init {
                        AllocInit::Zero => Op::Assign { dst: c.var, value: Expr::uint(0, c.width) },
                        AllocInit::Nondet => {
                            Op::Nondet { dst: c.var, origin: NondetOrigin::Uninit { var: self.objs[a].name.clone() } }
                        }
                    }));
                }
                st
            }
        })
    }
}
