//! The object-instance memory: bytes, the pointer shadow, liveness, accounting.

use crate::{limit, stuck, Value, INVALID_OBJ, R};
use kappa_ir::expr::mask;
use std::collections::BTreeMap;

/// Bookkeeping charged to the memory limit for every instance ever created (also after it died:
/// its size and kind are kept so that predicates on dangling pointers stay exact).
pub const INSTANCE_OVERHEAD: u64 = 32;

/// What kind of storage an instance is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Instance 0, the target of the null pointer: never alive, no bytes.
    Null,
    /// Globals in memory, and the `argv` block built by `run_main`.
    Global,
    /// String literals: read-only.
    Str,
    /// Local slots and stack allocations: die when their frame is popped.
    Stack,
    /// `malloc`ed blocks: die when freed.
    Heap,
}

/// A pointer as stored in the shadow map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PtrVal {
    pub obj: u32,
    pub off: u64,
}

#[derive(Clone, PartialEq, Eq)]
struct Data {
    bytes: Vec<u8>,
    /// Offset → pointer whose encoded bytes start there and are still intact.
    ptrs: BTreeMap<u64, PtrVal>,
}

#[derive(Clone, PartialEq, Eq)]
struct Inst {
    size: u64,
    kind: Kind,
    /// `None` once dead (and for the null instance): the bytes are dropped.
    data: Option<Box<Data>>,
}

/// The whole memory at one moment ([`Memory::snapshot`]).
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct MemorySnapshot(Vec<Inst>);

pub(crate) struct Memory {
    insts: Vec<Inst>,
    /// Bytes of live instances plus the per-instance overhead.
    used: u64,
    max: u64,
    /// Pointer width in bits and bytes.
    pub pw: u32,
    pub pbytes: u64,
}

impl Memory {
    pub fn new(pw: u32, max: u64) -> Memory {
        Memory {
            insts: vec![Inst { size: 0, kind: Kind::Null, data: None }],
            used: 0,
            max,
            pw,
            pbytes: u64::from(pw / 8),
        }
    }

    /// Creates a zero-filled live instance.
    pub fn alloc(&mut self, kind: Kind, size: u64) -> R<u32> {
        let need = size.saturating_add(INSTANCE_OVERHEAD);
        if self.used.saturating_add(need) > self.max {
            return limit(format!(
                "memory limit of {} bytes exceeded (allocating {size} bytes with {} in use)",
                self.max, self.used
            ));
        }
        let id = u32::try_from(self.insts.len()).ok().filter(|&i| i < INVALID_OBJ);
        let Some(id) = id else { return limit("too many memory objects") };
        let Ok(n) = usize::try_from(size) else { return limit("allocation larger than the address space") };
        self.used += need;
        self.insts.push(Inst { size, kind, data: Some(Box::new(Data { bytes: vec![0; n], ptrs: BTreeMap::new() })) });
        Ok(id)
    }

    /// Every instance with its size, kind and contents, to compare two moments of a run (a
    /// lasso, [`crate::Config::lassos`]); `None` when more than `max_bytes` are in use.
    pub fn snapshot(&self, max_bytes: u64) -> Option<MemorySnapshot> {
        (self.used <= max_bytes).then(|| MemorySnapshot(self.insts.clone()))
    }

    /// Marks an instance dead and drops its bytes. Killing a dead instance does nothing.
    pub fn kill(&mut self, id: u32) {
        if let Some(inst) = self.insts.get_mut(id as usize) {
            if inst.data.take().is_some() {
                self.used = self.used.saturating_sub(inst.size);
            }
        }
    }

    fn inst(&self, id: u32) -> Option<&Inst> {
        self.insts.get(id as usize)
    }

    pub fn set_kind(&mut self, id: u32, kind: Kind) {
        if let Some(i) = self.insts.get_mut(id as usize) {
            i.kind = kind;
        }
    }

    pub fn kind(&self, id: u32) -> Option<Kind> {
        self.inst(id).map(|i| i.kind)
    }

    pub fn live(&self, id: u32) -> bool {
        self.inst(id).is_some_and(|i| i.data.is_some())
    }

    /// `n` bytes at `off` lie inside the instance (dead or alive); false for null and invalid
    /// pointers.
    pub fn in_bounds(&self, id: u32, off: u64, n: u64) -> bool {
        match self.inst(id) {
            Some(i) if i.kind != Kind::Null => off.checked_add(n).is_some_and(|end| end <= i.size),
            _ => false,
        }
    }

    pub fn writable(&self, id: u32) -> bool {
        matches!(self.kind(id), Some(Kind::Global | Kind::Stack | Kind::Heap))
    }

    pub fn freeable(&self, id: u32, off: u64) -> bool {
        off == 0 && self.kind(id) == Some(Kind::Heap) && self.live(id)
    }

    /// The integer a pointer's bytes hold in memory. Instance `i` is placed at `i << 32` (LP64)
    /// or `i << 20` (ILP32); the encoding need not be injective, the shadow keeps the identity.
    /// Invalid pointers keep their raw bits in `off`.
    pub fn encode(&self, obj: u32, off: u64) -> u64 {
        let base = match obj {
            INVALID_OBJ => 0,
            _ if self.pw >= 64 => u64::from(obj) << 32,
            _ => u64::from(obj) << 20,
        };
        base.wrapping_add(off) & mask(self.pw)
    }

    /// Checks an access of `n` bytes and returns the instance data and the start index.
    fn access(&self, obj: u32, off: u64, n: u64, what: &str) -> R<(&Data, usize)> {
        let Some(inst) = self.inst(obj).filter(|i| i.kind != Kind::Null) else {
            return stuck(format!("{what} through a null or invalid pointer (missing check)"));
        };
        let Some(data) = &inst.data else { return stuck(format!("{what} of a dead object (missing check)")) };
        if off.checked_add(n).is_none_or(|end| end > inst.size) {
            return stuck(format!(
                "{what} of {n} bytes at offset {off} of an object of {} bytes (missing check)",
                inst.size
            ));
        }
        Ok((data, off as usize))
    }

    fn access_mut(&mut self, obj: u32, off: u64, n: u64, what: &str) -> R<(&mut Data, usize)> {
        self.access(obj, off, n, what)?;
        let inst = &mut self.insts[obj as usize];
        if inst.kind == Kind::Str {
            return stuck(format!("{what} into a string literal (missing check)"));
        }
        match &mut inst.data {
            Some(d) => Ok((d, off as usize)),
            None => stuck(format!("{what} of a dead object")),
        }
    }

    pub fn read_int(&self, obj: u32, off: u64, nbytes: u64) -> R<u64> {
        let (d, at) = self.access(obj, off, nbytes, "load")?;
        let mut v = 0u64;
        for (i, b) in d.bytes[at..at + nbytes as usize].iter().enumerate().take(8) {
            v |= u64::from(*b) << (8 * i);
        }
        Ok(v)
    }

    /// Loads a pointer: the recorded pointer if intact, null if all bytes are zero, otherwise an
    /// invalid pointer carrying the raw bits.
    pub fn read_ptr(&self, obj: u32, off: u64) -> R<Value> {
        let (d, at) = self.access(obj, off, self.pbytes, "load")?;
        if let Some(p) = d.ptrs.get(&off) {
            return Ok(Value::Ptr { obj: p.obj, off: p.off });
        }
        let raw = le_bits(&d.bytes[at..at + self.pbytes as usize]);
        Ok(if raw == 0 { Value::NULL } else { Value::Ptr { obj: INVALID_OBJ, off: raw } })
    }

    pub fn write_int(&mut self, obj: u32, off: u64, nbytes: u64, bits: u64) -> R<()> {
        let pb = self.pbytes;
        let (d, at) = self.access_mut(obj, off, nbytes, "store")?;
        clear_shadow(&mut d.ptrs, off, nbytes, pb);
        for (i, b) in d.bytes[at..at + nbytes as usize].iter_mut().enumerate() {
            *b = if i < 8 { (bits >> (8 * i)) as u8 } else { 0 };
        }
        Ok(())
    }

    pub fn write_ptr(&mut self, obj: u32, off: u64, p: PtrVal) -> R<()> {
        let enc = self.encode(p.obj, p.off);
        let pb = self.pbytes;
        let (d, at) = self.access_mut(obj, off, pb, "store")?;
        clear_shadow(&mut d.ptrs, off, pb, pb);
        for (i, b) in d.bytes[at..at + pb as usize].iter_mut().enumerate() {
            *b = (enc >> (8 * i)) as u8;
        }
        if p.obj != INVALID_OBJ && !(p.obj == 0 && p.off == 0) {
            d.ptrs.insert(off, p);
        }
        Ok(())
    }

    /// Overwrites the bytes of a live instance (nondet fill); clears its pointer shadow there.
    pub fn write_bytes(&mut self, obj: u32, off: u64, bytes: &[u8]) -> R<()> {
        let pb = self.pbytes;
        let n = bytes.len() as u64;
        let (d, at) = self.access_mut(obj, off, n, "store")?;
        clear_shadow(&mut d.ptrs, off, n, pb);
        d.bytes[at..at + bytes.len()].copy_from_slice(bytes);
        Ok(())
    }

    /// memmove of `n` bytes, pointer shadow included.
    pub fn copy(&mut self, dst: (u32, u64), src: (u32, u64), n: u64) -> R<()> {
        let pb = self.pbytes;
        let (sd, sat) = self.access(src.0, src.1, n, "memcpy read")?;
        let bytes = sd.bytes[sat..sat + n as usize].to_vec();
        let moved: Vec<(u64, PtrVal)> = if sd.ptrs.is_empty() || n < pb {
            Vec::new()
        } else {
            sd.ptrs.range(src.1..=src.1 + (n - pb)).map(|(k, p)| (k - src.1, *p)).collect()
        };
        let (dd, dat) = self.access_mut(dst.0, dst.1, n, "memcpy write")?;
        clear_shadow(&mut dd.ptrs, dst.1, n, pb);
        dd.bytes[dat..dat + n as usize].copy_from_slice(&bytes);
        for (rel, p) in moved {
            dd.ptrs.insert(dst.1 + rel, p);
        }
        Ok(())
    }

    /// Reads a NUL-terminated string (without the NUL), or at most `max` bytes; every byte read
    /// must be inside a live instance.
    pub fn read_cstr(&self, obj: u32, off: u64, max: Option<u64>) -> R<Vec<u8>> {
        let (d, at) = self.access(obj, off, 0, "string read")?;
        let avail = &d.bytes[at..];
        let limit = max.map_or(avail.len(), |m| usize::try_from(m).unwrap_or(usize::MAX).min(avail.len()));
        match avail[..limit].iter().position(|&b| b == 0) {
            Some(i) => Ok(avail[..i].to_vec()),
            None if max.is_some_and(|m| m <= avail.len() as u64) => Ok(avail[..limit].to_vec()),
            None => stuck(format!(
                "string read runs past the end of its object ({} bytes from offset {off}) without a NUL",
                avail.len()
            )),
        }
    }
}

fn le_bits(bytes: &[u8]) -> u64 {
    bytes.iter().take(8).enumerate().fold(0, |v, (i, b)| v | u64::from(*b) << (8 * i))
}

/// Forgets recorded pointers whose bytes overlap `[off, off + n)`.
fn clear_shadow(ptrs: &mut BTreeMap<u64, PtrVal>, off: u64, n: u64, pb: u64) {
    if ptrs.is_empty() || n == 0 {
        return;
    }
    let lo = off.saturating_sub(pb.saturating_sub(1));
    let hi = off.saturating_add(n);
    let dead: Vec<u64> = ptrs.range(lo..hi).map(|(k, _)| *k).collect();
    for k in dead {
        ptrs.remove(&k);
    }
}
