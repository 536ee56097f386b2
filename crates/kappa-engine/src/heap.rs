//! Heap models: how a pointer whose object is not a constant is resolved to objects, and (in
//! later techniques) how symbolic input heaps are built. [`ProgramHeap`] covers the memory the
//! program allocates itself: every pointer comes from `&x`, `malloc` or a string literal, so the
//! objects a symbolic pointer may refer to can be read off the term (the constants at the
//! leaves of its if-then-else and array-store structure).

use crate::memory::Memory;
use crate::state::State;
use crate::value::SVal;
use kappa_expr::{Op, Term};
use kappa_ir::CType;
use std::collections::BTreeSet;

pub trait HeapModel {
    fn name(&self) -> &'static str;

    /// The objects `obj` (an object-id term) may denote, each with the condition under which it
    /// does. `Err` when they cannot be determined.
    fn candidates(&self, mem: &Memory, obj: &Term) -> Result<Vec<(u32, Term)>, String>;

    /// The value of a pointer parameter of the entry function: a symbolic input heap.
    fn input_pointer(&mut self, st: &mut State, pointee: &CType, name: &str) -> Result<SVal, String>;
}

/// The constants an object-id term can evaluate to, when its structure tells.
pub fn possible_values(t: &Term) -> Option<BTreeSet<u64>> {
    fn go(t: &Term, out: &mut BTreeSet<u64>, depth: usize) -> bool {
        if depth > 10_000 {
            return false;
        }
        match t.op() {
            Op::BvConst(v) => {
                out.insert(v);
                true
            }
            Op::Ite => go(t.arg(1), out, depth + 1) && go(t.arg(2), out, depth + 1),
            Op::Select => array_values(t.arg(0), out, depth + 1),
            // Ids read back from a word of memory (`argv[i]` at a symbolic i): the id's bits.
            Op::ZExt(_) => go(t.arg(0), out, depth + 1),
            Op::Extract(hi, lo) => {
                let mut inner = BTreeSet::new();
                if !go(t.arg(0), &mut inner, depth + 1) {
                    return false;
                }
                let bits = hi - lo + 1;
                let m = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
                out.extend(inner.into_iter().map(|v| (v >> lo) & m));
                true
            }
            _ => false,
        }
    }
    fn array_values(a: &Term, out: &mut BTreeSet<u64>, depth: usize) -> bool {
        match a.op() {
            Op::Store => go(a.arg(2), out, depth + 1) && array_values(a.arg(0), out, depth + 1),
            Op::ConstArray(_) => go(a.arg(0), out, depth + 1),
            Op::Ite => array_values(a.arg(1), out, depth + 1) && array_values(a.arg(2), out, depth + 1),
            _ => false,
        }
    }
    let mut out = BTreeSet::new();
    go(t, &mut out, 0).then_some(out)
}

/// Memory the program allocates itself; no symbolic input heaps.
#[derive(Default)]
pub struct ProgramHeap;

impl HeapModel for ProgramHeap {
    fn name(&self) -> &'static str {
        "program"
    }

    fn candidates(&self, mem: &Memory, obj: &Term) -> Result<Vec<(u32, Term)>, String> {
        if let Some(id) = obj.as_bv() {
            return Ok(if mem.get(id as u32).is_some() { vec![(id as u32, Term::tt())] } else { Vec::new() });
        }
        let vals =
            possible_values(obj).ok_or_else(|| format!("a pointer whose object cannot be determined ({obj})"))?;
        Ok(vals
            .into_iter()
            .filter(|v| mem.get(*v as u32).is_some())
            .map(|v| (v as u32, obj.eq(&Term::bv(v, crate::value::OBJ_BITS))))
            .collect())
    }

    fn input_pointer(&mut self, _st: &mut State, _pointee: &CType, name: &str) -> Result<SVal, String> {
        Err(format!("pointer parameter `{name}` of the entry function (symbolic input heaps are not built yet)"))
    }
}
