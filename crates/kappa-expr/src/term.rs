//! Hash-consed terms. Two structurally equal terms are the same allocation, so equality and
//! hashing are by identity and a term DAG shares every common subterm. Construction goes through
//! smart constructors that fold constants and apply local rewrites (KLEE's expression builder
//! plays the same role), so that the engine rarely sees `x + 0` or `select(store(a, 1, v), 1)`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::rc::{Rc, Weak};

/// The sort of an array's index or element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    Bool,
    Bv(u32),
    Int,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    Bool,
    /// Bit-vectors of the given width (1..=64 for constants; wider terms may appear in concats).
    Bv(u32),
    /// Unbounded integers: the loop parameters κ of compact symbolic execution.
    Int,
    Array(Elem, Elem),
}

impl Sort {
    pub fn width(self) -> u32 {
        match self {
            Sort::Bv(w) => w,
            _ => 0,
        }
    }

    pub fn from_elem(e: Elem) -> Sort {
        match e {
            Elem::Bool => Sort::Bool,
            Elem::Bv(w) => Sort::Bv(w),
            Elem::Int => Sort::Int,
        }
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn e(x: &Elem) -> String {
            match x {
                Elem::Bool => "Bool".into(),
                Elem::Bv(w) => format!("(_ BitVec {w})"),
                Elem::Int => "Int".into(),
            }
        }
        match self {
            Sort::Bool => write!(f, "Bool"),
            Sort::Bv(w) => write!(f, "(_ BitVec {w})"),
            Sort::Int => write!(f, "Int"),
            Sort::Array(i, v) => write!(f, "(Array {} {})", e(i), e(v)),
        }
    }
}

/// A symbol: an input, an initial value of a variable, a loop parameter κ, a bound variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymId(pub u32);

#[derive(Clone, Debug)]
pub struct SymInfo {
    pub name: Rc<str>,
    pub sort: Sort,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    BoolConst(bool),
    BvConst(u64),
    IntConst(i64),
    Var(SymId),
    Not,
    And,
    Or,
    Ite,
    Eq,
    BvNeg,
    BvNot,
    BvAdd,
    BvSub,
    BvMul,
    BvUDiv,
    BvSDiv,
    BvURem,
    BvSRem,
    BvShl,
    BvLShr,
    BvAShr,
    BvAnd,
    BvOr,
    BvXor,
    BvUlt,
    BvUle,
    BvSlt,
    BvSle,
    Concat,
    Extract(u32, u32),
    ZExt(u32),
    SExt(u32),
    IntAdd,
    IntSub,
    IntMul,
    IntLe,
    IntLt,
    /// Integer to bit-vector of the given width (modulo 2^width).
    IntToBv(u32),
    /// Bit-vector read as a non-negative integer.
    BvToNat,
    Select,
    Store,
    /// The array with every element equal to the argument.
    ConstArray(Elem),
    /// ∀ bound variables (all arguments but the last) . body (the last argument).
    Forall,
    /// λ bound variable (the first argument) . body (the second): the array whose element at
    /// each index is the body with the variable bound to the index.
    Lambda,
}

pub struct Node {
    pub op: Op,
    pub args: Box<[Term]>,
    pub sort: Sort,
    id: u64,
    hash: u64,
    /// A `Forall` occurs in the term (kept per node: the solver asks it of every query, whose
    /// path condition may have thousands of constraints).
    quantified: bool,
}

/// Dropped without recursion: a term built over millions of iterations (a byte sum unrolled
/// classically) is a chain that deep, and the default drop would overflow the stack.
impl Drop for Node {
    fn drop(&mut self) {
        // (After the thread's end, when the counter is gone, nothing is counted.)
        let _ = LIVE.try_with(|n| n.set(n.get().wrapping_sub(1)));
        if self.args.iter().all(|a| Rc::strong_count(&a.0) > 1) {
            return;
        }
        let mut stack: Vec<Term> = std::mem::take(&mut self.args).into_vec();
        while let Some(t) = stack.pop() {
            if let Ok(mut n) = Rc::try_unwrap(t.0) {
                stack.extend(std::mem::take(&mut n.args).into_vec());
            }
        }
    }
}

/// A term: a cheap handle to a shared, immutable node.
#[derive(Clone)]
pub struct Term(Rc<Node>);

impl PartialEq for Term {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}
impl Eq for Term {}

impl Hash for Term {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.id.hash(state)
    }
}

impl PartialOrd for Term {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Term {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.id.cmp(&other.0.id)
    }
}

struct Pool {
    table: HashMap<u64, Vec<Weak<Node>>>,
    next_id: u64,
    inserted: usize,
    prune_at: usize,
    syms: Vec<SymInfo>,
}

thread_local! {
    /// Terms of this thread alive now (made and not yet dropped): what the term pool holds
    /// (issue 23, the memory statistics).
    static LIVE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static POOL: RefCell<Pool> = RefCell::new(Pool { table: HashMap::new(), next_id: 0, inserted: 0, prune_at: 1 << 16, syms: Vec::new() });
}

fn mix(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x100_0000_01b3).rotate_left(29) ^ (x >> 7)
}

fn hash_op(op: &Op, args: &[Term], sort: Sort) -> u64 {
    let mut s = std::collections::hash_map::DefaultHasher::new();
    op.hash(&mut s);
    sort.hash(&mut s);
    let mut h = s.finish();
    for a in args {
        h = mix(h, a.0.id.wrapping_add(1));
    }
    h
}

/// All-ones mask of a width (1..=64).
pub fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// A `w`-bit value read as signed.
pub fn signed(v: u64, w: u32) -> i64 {
    if w >= 64 {
        v as i64
    } else {
        ((v << (64 - w)) as i64) >> (64 - w)
    }
}

impl Term {
    /// The unique node for `op(args)`; no simplification.
    /// How many distinct terms this thread has made so far: a measure of work that does not
    /// depend on the machine's load (the slicer's budget counts it).
    pub fn made() -> u64 {
        POOL.with(|p| p.borrow().next_id)
    }

    /// How many terms of this thread are alive (held by a state, a cache, another term).
    pub fn live() -> u64 {
        LIVE.with(|n| n.get())
    }

    /// Symbols this thread has made (never freed: their ids index the table of names).
    pub fn symbols_made() -> u64 {
        POOL.with(|p| p.borrow().syms.len() as u64)
    }

    /// Estimated bytes of a live term: its node (with the `Rc`'s counts), two arguments'
    /// handles, and its weak handle in the pool's table with that table's share.
    pub const LIVE_BYTES: u64 = (std::mem::size_of::<Node>() + 16 + 16 + 24) as u64;

    pub fn mk(op: Op, args: Vec<Term>, sort: Sort) -> Term {
        let h = hash_op(&op, &args, sort);
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            if let Some(bucket) = p.table.get_mut(&h) {
                let mut dead = false;
                for w in bucket.iter() {
                    match w.upgrade() {
                        Some(n)
                            if n.op == op
                                && n.sort == sort
                                && n.args.len() == args.len()
                                && n.args.iter().zip(&args).all(|(a, b)| a == b) =>
                        {
                            return Term(n);
                        }
                        Some(_) => {}
                        None => dead = true,
                    }
                }
                // A term made and dropped over and over (`true`, a constant) would otherwise
                // leave a dead entry per making in its bucket until the next pruning, and each
                // making would scan them all.
                if dead {
                    bucket.retain(|w| w.strong_count() > 0);
                }
            }
            let id = p.next_id;
            p.next_id += 1;
            let quantified = op == Op::Forall || args.iter().any(|a| a.0.quantified);
            let node = Rc::new(Node { op, args: args.into_boxed_slice(), sort, id, hash: h, quantified });
            LIVE.with(|n| n.set(n.get() + 1));
            p.table.entry(h).or_default().push(Rc::downgrade(&node));
            // Drop table entries of dead terms now and then, so that long runs do not leak.
            p.inserted += 1;
            if p.inserted > p.prune_at {
                p.table.retain(|_, b| {
                    b.retain(|w| w.strong_count() > 0);
                    !b.is_empty()
                });
                let live: usize = p.table.values().map(Vec::len).sum();
                p.inserted = 0;
                p.prune_at = (2 * live).max(1 << 16);
            }
            Term(node)
        })
    }

    pub fn op(&self) -> Op {
        self.0.op
    }

    pub fn args(&self) -> &[Term] {
        &self.0.args
    }

    pub fn arg(&self, i: usize) -> &Term {
        &self.0.args[i]
    }

    pub fn sort(&self) -> Sort {
        self.0.sort
    }

    pub fn width(&self) -> u32 {
        self.0.sort.width()
    }

    /// A number unique to this term for the life of the thread.
    pub fn id(&self) -> u64 {
        self.0.id
    }

    pub fn structural_hash(&self) -> u64 {
        self.0.hash
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.0.op {
            Op::BoolConst(b) => Some(b),
            _ => None,
        }
    }

    pub fn as_bv(&self) -> Option<u64> {
        match self.0.op {
            Op::BvConst(v) => Some(v),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self.0.op {
            Op::IntConst(v) => Some(v),
            _ => None,
        }
    }

    pub fn as_var(&self) -> Option<SymId> {
        match self.0.op {
            Op::Var(s) => Some(s),
            _ => None,
        }
    }

    pub fn is_const(&self) -> bool {
        matches!(self.0.op, Op::BoolConst(_) | Op::BvConst(_) | Op::IntConst(_))
    }

    pub fn is_true(&self) -> bool {
        self.as_bool() == Some(true)
    }

    pub fn is_false(&self) -> bool {
        self.as_bool() == Some(false)
    }

    // ---- symbols ----

    /// A new symbol, distinct from every other even with the same name.
    pub fn fresh_sym(name: &str, sort: Sort) -> SymId {
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            p.syms.push(SymInfo { name: name.into(), sort });
            SymId((p.syms.len() - 1) as u32)
        })
    }

    /// How many symbols this thread has made: the ids of those made later are at least this
    /// (a mark, to tell the symbols a computation made from those it was given).
    pub fn syms_made() -> u32 {
        POOL.with(|p| p.borrow().syms.len() as u32)
    }

    pub fn sym_info(s: SymId) -> SymInfo {
        POOL.with(|p| p.borrow().syms[s.0 as usize].clone())
    }

    /// The sort of a symbol ([`Term::sym_info`] without copying its name).
    pub fn sym_sort(s: SymId) -> Sort {
        POOL.with(|p| p.borrow().syms[s.0 as usize].sort)
    }

    pub fn var(s: SymId) -> Term {
        let sort = Term::sym_sort(s);
        Term::mk(Op::Var(s), Vec::new(), sort)
    }

    /// A fresh symbol as a term.
    pub fn fresh(name: &str, sort: Sort) -> Term {
        Term::var(Term::fresh_sym(name, sort))
    }

    // ---- constants ----

    pub fn bool(b: bool) -> Term {
        Term::mk(Op::BoolConst(b), Vec::new(), Sort::Bool)
    }

    pub fn tt() -> Term {
        Term::bool(true)
    }

    pub fn ff() -> Term {
        Term::bool(false)
    }

    pub fn bv(v: u64, w: u32) -> Term {
        assert!((1..=64).contains(&w), "bit-vector constant of width {w}");
        Term::mk(Op::BvConst(v & mask(w)), Vec::new(), Sort::Bv(w))
    }

    pub fn bv_signed(v: i64, w: u32) -> Term {
        Term::bv(v as u64, w)
    }

    pub fn int(v: i64) -> Term {
        Term::mk(Op::IntConst(v), Vec::new(), Sort::Int)
    }

    /// Number of nodes of the DAG (shared nodes counted once).
    pub fn dag_size(&self) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![self.clone()];
        while let Some(t) = stack.pop() {
            if seen.insert(t.id()) {
                stack.extend(t.args().iter().cloned());
            }
        }
        seen.len()
    }

    /// The symbols occurring in the term (free or bound).
    pub fn symbols(&self) -> Vec<SymId> {
        let mut seen = std::collections::HashSet::new();
        let mut out = std::collections::BTreeSet::new();
        let mut stack = vec![self.clone()];
        while let Some(t) = stack.pop() {
            if !seen.insert(t.id()) {
                continue;
            }
            if let Op::Var(s) = t.op() {
                out.insert(s);
            }
            stack.extend(t.args().iter().cloned());
        }
        out.into_iter().collect()
    }

    /// The symbols occurring free (not bound by a quantifier).
    pub fn free_symbols(&self) -> Vec<SymId> {
        fn go(
            t: &Term,
            bound: &mut Vec<SymId>,
            seen: &mut std::collections::HashSet<(u64, usize)>,
            out: &mut std::collections::BTreeSet<SymId>,
        ) {
            if !seen.insert((t.id(), bound.len())) {
                return;
            }
            match t.op() {
                Op::Var(s) if !bound.contains(&s) => {
                    out.insert(s);
                }
                Op::Forall | Op::Lambda => {
                    let (vars, body) = t.args().split_at(t.args().len() - 1);
                    let n = bound.len();
                    bound.extend(vars.iter().filter_map(Term::as_var));
                    go(&body[0], bound, seen, out);
                    bound.truncate(n);
                }
                _ => {
                    for a in t.args() {
                        go(a, bound, seen, out);
                    }
                }
            }
        }
        let mut out = std::collections::BTreeSet::new();
        go(self, &mut Vec::new(), &mut std::collections::HashSet::new(), &mut out);
        out.into_iter().collect()
    }

    /// Whether a `Forall` occurs (λ-terms are not quantifiers: they define arrays).
    pub fn has_quantifier(&self) -> bool {
        self.0.quantified
    }
}

impl fmt::Debug for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn go(t: &Term, f: &mut fmt::Formatter<'_>, budget: &mut usize) -> fmt::Result {
            if *budget == 0 {
                return write!(f, "…");
            }
            *budget -= 1;
            match t.op() {
                Op::BoolConst(b) => write!(f, "{b}"),
                Op::BvConst(v) => {
                    let w = t.width();
                    let s = signed(v, w);
                    if s < 0 && s > -4096 {
                        write!(f, "{s}:{w}")
                    } else {
                        write!(f, "{v}:{w}")
                    }
                }
                Op::IntConst(v) => write!(f, "{v}"),
                Op::Var(s) => write!(f, "{}", Term::sym_info(s).name),
                op => {
                    let name = match op {
                        Op::Not => "not".to_string(),
                        Op::And => "and".into(),
                        Op::Or => "or".into(),
                        Op::Ite => "ite".into(),
                        Op::Eq => "=".into(),
                        Op::BvNeg => "bvneg".into(),
                        Op::BvNot => "bvnot".into(),
                        Op::BvAdd => "bvadd".into(),
                        Op::BvSub => "bvsub".into(),
                        Op::BvMul => "bvmul".into(),
                        Op::BvUDiv => "bvudiv".into(),
                        Op::BvSDiv => "bvsdiv".into(),
                        Op::BvURem => "bvurem".into(),
                        Op::BvSRem => "bvsrem".into(),
                        Op::BvShl => "bvshl".into(),
                        Op::BvLShr => "bvlshr".into(),
                        Op::BvAShr => "bvashr".into(),
                        Op::BvAnd => "bvand".into(),
                        Op::BvOr => "bvor".into(),
                        Op::BvXor => "bvxor".into(),
                        Op::BvUlt => "bvult".into(),
                        Op::BvUle => "bvule".into(),
                        Op::BvSlt => "bvslt".into(),
                        Op::BvSle => "bvsle".into(),
                        Op::Concat => "concat".into(),
                        Op::Extract(h, l) => format!("(_ extract {h} {l})"),
                        Op::ZExt(w) => format!("(_ zero_extend_to {w})"),
                        Op::SExt(w) => format!("(_ sign_extend_to {w})"),
                        Op::IntAdd => "+".into(),
                        Op::IntSub => "-".into(),
                        Op::IntMul => "*".into(),
                        Op::IntLe => "<=".into(),
                        Op::IntLt => "<".into(),
                        Op::IntToBv(w) => format!("(_ int2bv {w})"),
                        Op::BvToNat => "bv2nat".into(),
                        Op::Select => "select".into(),
                        Op::Store => "store".into(),
                        Op::ConstArray(_) => "const-array".into(),
                        Op::Forall => "forall".into(),
                        Op::Lambda => "lambda".into(),
                        _ => format!("{op:?}"),
                    };
                    write!(f, "({name}")?;
                    for a in t.args() {
                        write!(f, " ")?;
                        go(a, f, budget)?;
                    }
                    write!(f, ")")
                }
            }
        }
        let mut budget = 400;
        go(self, f, &mut budget)
    }
}
