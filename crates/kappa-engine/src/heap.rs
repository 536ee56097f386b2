//! Heap models: how the entry function's symbolic input heap is built and how pointers that may
//! denote several objects are resolved (POSE, Braione et al., `../shared/papers/pose-path-optimal-heap.txt`).
//!
//! The engine keeps the input heap of each state ([`InputHeap`]): every *input reference* the
//! path has met (a pointer parameter of the entry function, or a pointer field of an input
//! object) is a symbol ρ standing for an object identity — the paper's symbolic locations — and
//! every input object dereferenced so far is *materialised* as a memory object of its type. A
//! [`HeapModel`] (the techniques of `kappa-heap`) decides how references are resolved:
//!
//! * by **refinement** (the paper's ⇝ relation, section 3.2): before the edges of a location
//!   that use a reference, the state may be split into alternatives (null, alias of an object
//!   seen so far, fresh object) — what lazy and lazier# initialisation do;
//! * by **aliasing terms**: a reference may alias the objects of [`HeapModel::may_alias`] without
//!   any fork. The fields of its object start as if-then-else terms over those objects (getfield
//!   r1/r2), and a write through it updates each of them under the condition that they alias
//!   (putfield, mergeClauses) — what POSE does.
//!
//! Object identities of input objects lie in a range of their *type class* (the pointee type,
//! after typedefs): ρ is 0 (null) or in [2^31 + c·2^20, 2^31 + (c+1)·2^20) for class c, so that
//! references of different types never alias and never equal an object the program allocates
//! (whose ids are below 2^31). Two references denote the same input object exactly when their
//! symbols are equal: the concrete heap of a test is read off a model by grouping references by
//! value.

use crate::memory::Memory;
use crate::value::OBJ_BITS;
use kappa_expr::{Op, SymId, Term};
use kappa_ir::CType;
use std::collections::{BTreeSet, HashMap};

/// Object ids of input objects start here; the program's own objects are numbered below it.
pub const INPUT_ID_BASE: u64 = 1 << 31;
/// log2 of the number of ids in a type class's range.
pub const CLASS_BITS: u32 = 20;

/// A scalar piece of an input object's type: an integer, or a pointer (`pointee` its type).
#[derive(Clone, Debug)]
pub struct InputField {
    /// `val`, `next`, `data[2]`, `inner.x` (empty for a scalar object).
    pub name: String,
    pub offset: u64,
    pub bytes: u64,
    pub pointee: Option<CType>,
}

/// A type class of input objects: what every reference of the class points to.
#[derive(Clone, Debug)]
pub struct InputClass {
    pub ctype: CType,
    /// C spelling of the type (`struct node`), or `char[16]` for buffers.
    pub name: String,
    pub size: u64,
    /// Element width of the object's array part (see [`crate::memory`]).
    pub stride: u32,
    pub fields: Vec<InputField>,
    /// A `char` buffer whose last byte is 0 (a string of at most `size - 1` characters).
    pub terminated: bool,
}

/// The classes of a run; numbers are stable across states.
#[derive(Clone, Debug, Default)]
pub struct InputTypes {
    pub classes: Vec<InputClass>,
    index: HashMap<CType, usize>,
}

impl InputTypes {
    pub fn get(&self, t: &CType) -> Option<usize> {
        self.index.get(t).copied()
    }

    pub fn insert(&mut self, c: InputClass) -> Result<usize, String> {
        if self.classes.len() >= 1 << (OBJ_BITS - 1 - CLASS_BITS) {
            return Err("too many types of input objects".into());
        }
        let t = c.ctype.clone();
        self.classes.push(c);
        self.index.insert(t, self.classes.len() - 1);
        Ok(self.classes.len() - 1)
    }

    /// ρ = 0 or ρ in the id range of the class.
    pub fn domain(&self, class: usize, r: &Term) -> Term {
        let tag = (INPUT_ID_BASE >> CLASS_BITS) + class as u64;
        r.eq(&Term::bv(0, OBJ_BITS))
            .or(&r.bvlshr(&Term::bv(u64::from(CLASS_BITS), OBJ_BITS)).eq(&Term::bv(tag, OBJ_BITS)))
    }
}

/// Where a reference comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefOrigin {
    /// Parameter `index` of the entry function.
    Param { index: usize, name: String },
    /// The pointer field at `offset` of input object `object` (as it was before the program ran).
    Field { object: usize, offset: u64 },
}

/// What a reference is known to denote on this path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    /// Nothing decided (lazier#: possibly known non-null through the path condition).
    Unbound,
    /// Resolved to null (lazy initialisation).
    Null,
    /// Reads and writes through the reference go to this input object.
    Object(usize),
}

#[derive(Clone, Debug)]
pub struct InputRef {
    /// ρ: a symbol of [`OBJ_BITS`] bits, the identity of the object the reference denotes.
    pub sym: Term,
    pub class: usize,
    pub origin: RefOrigin,
    pub binding: Binding,
}

/// An input object materialised on this path.
#[derive(Clone, Debug)]
pub struct InputObject {
    /// The reference it was materialised for: its symbol is the object's identity.
    pub reference: usize,
    pub class: usize,
    /// Memory object holding its current contents.
    pub mem: u32,
    /// The initial value of each field of the type: fresh symbols, or (pointers) the field's
    /// reference symbol. What a test reports for the object when it is the first of its alias
    /// group to be materialised.
    pub fields: Vec<(u64, u64, Term)>,
    /// The array of the bytes outside the fields (padding).
    pub padding: Term,
}

/// The symbolic input heap of a state.
#[derive(Clone, Debug, Default)]
pub struct InputHeap {
    pub refs: Vec<InputRef>,
    by_sym: HashMap<SymId, usize>,
    pub objects: Vec<InputObject>,
    /// Object terms freed through input references, with their class: objects materialised
    /// later are dead if they alias one of them.
    pub freed: Vec<(usize, Term)>,
}

impl InputHeap {
    pub fn add_ref(&mut self, r: InputRef) -> usize {
        if let Some(s) = r.sym.as_var() {
            self.by_sym.insert(s, self.refs.len());
        }
        self.refs.push(r);
        self.refs.len() - 1
    }

    /// The reference a symbol stands for.
    pub fn ref_of(&self, t: &Term) -> Option<usize> {
        t.as_var().and_then(|s| self.by_sym.get(&s).copied())
    }

    /// The identity term of an input object.
    pub fn identity(&self, object: usize) -> &Term {
        &self.refs[self.objects[object].reference].sym
    }

    /// The input objects of a class, in the order they were materialised.
    pub fn objects_of(&self, class: usize) -> impl Iterator<Item = usize> + '_ {
        self.objects.iter().enumerate().filter(move |(_, o)| o.class == class).map(|(i, _)| i)
    }

    /// Unbound references occurring in a term.
    pub fn unbound_in(&self, t: &Term) -> Vec<usize> {
        if self.refs.iter().all(|r| r.binding != Binding::Unbound) {
            return Vec::new();
        }
        let mut out: Vec<usize> = t
            .symbols()
            .into_iter()
            .filter_map(|s| self.by_sym.get(&s).copied())
            .filter(|&r| self.refs[r].binding == Binding::Unbound)
            .collect();
        out.sort();
        out
    }

    pub fn is_empty(&self) -> bool {
        self.refs.is_empty()
    }
}

/// How a reference is used by the edges about to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefUse {
    /// Compared (with null or another reference) by a branch condition.
    Compare(usize),
    /// Dereferenced by a load, store, copy or free.
    Deref(usize),
    /// A `nonnull` parameter, resolved at entry in parameter order (as Java's receiver is).
    Entry(usize),
}

impl RefUse {
    pub fn reference(self) -> usize {
        match self {
            RefUse::Compare(r) | RefUse::Deref(r) | RefUse::Entry(r) => r,
        }
    }
}

/// What a reference is resolved to in one alternative of a refinement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    Null,
    /// The input object it aliases.
    Alias(usize),
    /// A new object, distinct from every object of its class seen so far.
    Fresh,
    /// A new object whose fields may alias the objects of [`HeapModel::may_alias`] (POSE's r1).
    Materialise,
}

/// One alternative of a refinement: the references it resolves (the engine adds the matching
/// assumptions to the path condition: ρ = 0, ρ = ρ', ρ ∉ {0, ρ', …}).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative {
    pub resolve: Vec<(usize, Resolution)>,
}

/// A heap model: a technique deciding how input references are resolved.
pub trait HeapModel {
    fn name(&self) -> &'static str;

    /// Whether [`HeapModel::refine`] may split states at the edges that use references (the
    /// engine then looks for such uses before every location's edges).
    fn refines_uses(&self) -> bool {
        true
    }

    /// Refinement before the out-edges of a location that use input references: the
    /// alternatives the state is split into (none: go on unchanged).
    fn refine(&mut self, heap: &InputHeap, uses: &[RefUse]) -> Vec<Alternative>;

    /// Refinement of references just loaded from an input object (generalized symbolic
    /// execution initialises a reference field when it is read).
    fn refine_loaded(&mut self, heap: &InputHeap, loaded: &[usize]) -> Vec<Alternative> {
        let _ = (heap, loaded);
        Vec::new()
    }

    /// The input objects reference `r` may denote without a fork, besides the one it is bound to
    /// (POSE's alias set): its object's fields start as ite-terms over them and writes through
    /// it update them under the condition that they alias.
    fn may_alias(&self, heap: &InputHeap, r: usize) -> Vec<usize>;

    /// Whether a pointer that may denote several objects of the program's own heap splits the
    /// state (one successor per object) instead of being read and written through ite-terms.
    fn split_program_pointers(&self) -> bool;
}

/// The enumeration of lazy initialisation for reference `r` (Khurshid, Păsăreanu and Visser,
/// TACAS 2003): null, an alias of each type-compatible object seen so far, or a fresh object.
pub fn enumerate(heap: &InputHeap, r: usize) -> Vec<Alternative> {
    let class = heap.refs[r].class;
    let mut out = vec![Alternative { resolve: vec![(r, Resolution::Null)] }];
    for o in heap.objects_of(class) {
        out.push(Alternative { resolve: vec![(r, Resolution::Alias(o))] });
    }
    out.push(Alternative { resolve: vec![(r, Resolution::Fresh)] });
    out
}

/// The program's own heap only: pointers to several objects are ite-terms, and input references
/// are never resolved (dereferencing one stops the path: the engine needs a heap model of
/// `kappa-heap` for input heaps).
#[derive(Default)]
pub struct ProgramHeap;

impl HeapModel for ProgramHeap {
    fn name(&self) -> &'static str {
        "program"
    }

    fn refines_uses(&self) -> bool {
        false
    }

    fn refine(&mut self, _heap: &InputHeap, _uses: &[RefUse]) -> Vec<Alternative> {
        Vec::new()
    }

    fn may_alias(&self, _heap: &InputHeap, _r: usize) -> Vec<usize> {
        Vec::new()
    }

    fn split_program_pointers(&self) -> bool {
        false
    }
}

/// The leaves of an object-id term: the constants and symbols it can evaluate to, through its
/// if-then-else structure and arrays of pointers (`None` when the structure does not tell).
pub fn leaves(t: &Term) -> Option<Vec<Term>> {
    fn go(t: &Term, out: &mut BTreeSet<Term>, depth: usize) -> bool {
        if depth > 10_000 {
            return false;
        }
        match t.op() {
            Op::BvConst(_) | Op::Var(_) => {
                out.insert(t.clone());
                true
            }
            Op::Ite => go(t.arg(1), out, depth + 1) && go(t.arg(2), out, depth + 1),
            Op::Select => array_values(t.arg(0), out, depth + 1),
            // A pointer's object read back from memory: the id zero-extended to the width of the
            // stored pointer, then cut back.
            Op::Extract(_, 0) | Op::ZExt(_) => go(t.arg(0), out, depth + 1),
            Op::Concat if t.arg(0).as_bv() == Some(0) => go(t.arg(1), out, depth + 1),
            _ => false,
        }
    }
    fn array_values(a: &Term, out: &mut BTreeSet<Term>, depth: usize) -> bool {
        match a.op() {
            Op::Store => go(a.arg(2), out, depth + 1) && array_values(a.arg(0), out, depth + 1),
            Op::ConstArray(_) => go(a.arg(0), out, depth + 1),
            Op::Ite => array_values(a.arg(1), out, depth + 1) && array_values(a.arg(2), out, depth + 1),
            _ => false,
        }
    }
    let mut out = BTreeSet::new();
    go(t, &mut out, 0).then(|| out.into_iter().map(|x| x.extract(OBJ_BITS - 1, 0)).collect())
}

/// Which objects of `mem` the constant leaves denote (the program's own objects).
pub fn program_objects(mem: &Memory, leaf: &Term) -> Option<u32> {
    let id = leaf.as_bv()?;
    (id != 0 && id < INPUT_ID_BASE && mem.get(id as u32).is_some()).then_some(id as u32)
}
