//! Heap models for the entry function's symbolic input heap, behind the engine's
//! [`HeapModel`] extension point: the three algorithms of the POSE paper's comparison
//! (Braione, Denaro, Pezzè et al., `../shared/papers/pose-path-optimal-heap.txt`).
//!
//! * [`Pose`] (path-optimal symbolic execution, section 3): never forks on the heap. A
//!   dereferenced reference is materialised at once (getfield r1), its fields starting as
//!   ite-terms over the type-compatible objects it may alias (r2, [`HeapModel::may_alias`]);
//!   reads through ite-references read both objects (c2); writes update every type-compatible
//!   object under the condition that it is the one written (putfield, mergeClauses). The engine
//!   forks only at the program's own branches, and pointers into several objects of the
//!   program's own heap are ite-terms too.
//! * [`Lazy`] (generalized symbolic execution, Khurshid, Păsăreanu and Visser, TACAS 2003,
//!   section 2 of the paper): on first use, a reference forks into null, an alias of each
//!   type-compatible object seen so far, or a fresh object; a reference field is initialised
//!   when it is read.
//! * [`Lazier`] (lazier# initialisation, Deng, Lee and Robby): references stay abstract when
//!   copied; a comparison with null is an ordinary branch (null / non-null); a dereference falls
//!   back to the lazy enumeration.
//!
//! Under the lazy models a pointer that may denote several of the program's own objects splits
//! the state, one successor per object (the engine's behaviour before POSE).

use kappa_engine::heap::{enumerate, Alternative, Binding, HeapModel, InputHeap, RefUse, Resolution};
use kappa_engine::HeapKind;

/// The heap model of a `--heap` option.
pub fn model(kind: HeapKind) -> Box<dyn HeapModel> {
    match kind {
        HeapKind::Pose => Box::new(Pose),
        HeapKind::Lazy => Box::new(Lazy),
        HeapKind::Lazier => Box::new(Lazier),
    }
}

fn unbound(heap: &InputHeap, r: usize) -> bool {
    heap.refs[r].binding == Binding::Unbound
}

/// Path-optimal symbolic execution (section 3 of the paper).
pub struct Pose;

impl HeapModel for Pose {
    fn name(&self) -> &'static str {
        "pose"
    }

    fn refines_uses(&self) -> bool {
        false
    }

    /// r1: a dereferenced (or `nonnull`, at entry) reference is bound to a new object, with
    /// no fork.
    fn refine(&mut self, heap: &InputHeap, uses: &[RefUse]) -> Vec<Alternative> {
        match uses.iter().find(|u| matches!(u, RefUse::Deref(_) | RefUse::Entry(_)) && unbound(heap, u.reference())) {
            Some(u) => vec![Alternative { resolve: vec![(u.reference(), Resolution::Materialise)] }],
            None => Vec::new(),
        }
    }

    /// The alias set: every type-compatible object materialised so far.
    fn may_alias(&self, heap: &InputHeap, r: usize) -> Vec<usize> {
        heap.objects_of(heap.refs[r].class).collect()
    }

    fn split_program_pointers(&self) -> bool {
        false
    }
}

/// Generalized symbolic execution with lazy initialisation.
pub struct Lazy;

impl HeapModel for Lazy {
    fn name(&self) -> &'static str {
        "lazy"
    }

    /// Any first use — a comparison, a dereference, the entry of a `nonnull` parameter —
    /// enumerates null, the aliases and a fresh object.
    fn refine(&mut self, heap: &InputHeap, uses: &[RefUse]) -> Vec<Alternative> {
        match uses.iter().find(|u| unbound(heap, u.reference())) {
            Some(u) => enumerate(heap, u.reference()),
            None => Vec::new(),
        }
    }

    /// A reference field is initialised when it is read.
    fn refine_loaded(&mut self, heap: &InputHeap, loaded: &[usize]) -> Vec<Alternative> {
        match loaded.iter().find(|&&r| unbound(heap, r)) {
            Some(&r) => enumerate(heap, r),
            None => Vec::new(),
        }
    }

    fn may_alias(&self, _heap: &InputHeap, _r: usize) -> Vec<usize> {
        Vec::new()
    }

    fn split_program_pointers(&self) -> bool {
        true
    }
}

/// Lazier# initialisation.
pub struct Lazier;

impl HeapModel for Lazier {
    fn name(&self) -> &'static str {
        "lazier"
    }

    /// Only dereferences (and `nonnull` parameters at entry) enumerate; comparisons with null
    /// are the program's own branches, which split null / non-null.
    fn refine(&mut self, heap: &InputHeap, uses: &[RefUse]) -> Vec<Alternative> {
        match uses.iter().find(|u| matches!(u, RefUse::Deref(_) | RefUse::Entry(_)) && unbound(heap, u.reference())) {
            Some(u) => enumerate(heap, u.reference()),
            None => Vec::new(),
        }
    }

    fn may_alias(&self, _heap: &InputHeap, _r: usize) -> Vec<usize> {
        Vec::new()
    }

    fn split_program_pointers(&self) -> bool {
        true
    }
}
