//! Symbolic memory: objects of bytes.
//!
//! An object's contents ([`Contents`]) are kept in two parts:
//!
//! * **cells**: values written (or initialised) at constant offsets, each of its own width (a
//!   struct field, an array element, a byte), never overlapping. A value stored and read back at
//!   the same place is the same term, without any array in sight.
//! * **the array**: everything else, as an SMT array from element index to element. The element
//!   is `stride` bytes wide: an `int` array is an array of 32-bit words, so that reading `a[i]` is
//!   one `select` instead of four byte reads concatenated (issue 12: word-level arrays for
//!   objects accessed at one size and alignment).
//!
//! Accesses at symbolic offsets depend on the object's size. A **small** object (constant size
//! of at most [`SMALL_OBJECT_BYTES`]) is expanded into cells of the access width, and the access
//! becomes an if-then-else over them: `board[r][c]` on a 4×4 board is a 16-way `ite` of words,
//! a quantifier- and array-free term Z3 decides by bit-blasting. Larger objects (or objects of
//! symbolic size) move their cells into the array and use `select`/`store`.
//!
//! A parallel shadow records which object a stored pointer refers to (its object id, zero-extended
//! to the pointer's width, at the pointer's offset), so that pointers survive a trip through
//! memory; storing an integer over it clears it.

use crate::value::{Pointer, SVal, OBJ_BITS};
use kappa_expr::{Elem, Op, Sort, Term};
use kappa_ir::Ty;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Objects of constant size up to this many bytes are read and written at symbolic offsets
/// through if-then-else terms over their cells.
pub const SMALL_OBJECT_BYTES: u64 = 256;

/// Widest cell (bytes): scalars are at most 8 bytes; wider reads are assembled from cells.
const MAX_CELL: u64 = 8;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    Global,
    StringLit,
    /// A local slot or an `alloca`, freed when the frame at this depth returns.
    Stack {
        depth: usize,
    },
    Heap,
    /// An object of the entry function's symbolic input heap (heap models, POSE): allocated by
    /// the caller, so `free` may release it.
    Input,
}

/// The bytes of an object (or its pointer shadow).
#[derive(Clone, Debug)]
pub struct Contents {
    /// Values at constant byte offsets (each 1 to 8 bytes wide, non-overlapping); they override
    /// `array`.
    cells: BTreeMap<u64, Term>,
    /// Everything else: element index → element of `stride` bytes.
    array: Term,
    stride: u32,
    pw: u32,
    /// The object's size, when small and constant: symbolic offsets become ite-terms over cells.
    small: Option<u64>,
    /// When `Some(g)`, the cells are exactly the g-byte chunks of the whole (small) object.
    chunked: Option<u32>,
    /// Nothing but zeros was ever written (the pointer shadow of an object holding no pointer):
    /// writes of zeros are skipped.
    zero: bool,
    /// [`Contents::as_array`]'s term, kept until the next write: compact mode asks for it at
    /// every visit of a loop head, and building the store chain was a third of a tokenizer's
    /// run (issue 22, json_tokens). Reads reorganise the cells (flush, chunk) but not what
    /// they hold, so they keep it.
    whole: std::cell::OnceCell<Term>,
}

/// The sort of arrays from element index (pointer width) to elements of `stride` bytes.
pub fn array_sort(pw: u32, stride: u32) -> Sort {
    Sort::Array(Elem::Bv(pw), Elem::Bv(8 * stride))
}

/// The sort of byte arrays indexed by offsets of pointer width.
pub fn byte_array_sort(pw: u32) -> Sort {
    array_sort(pw, 1)
}

/// The element width (bytes) of an object of C type `t`: the scalar an array is made of, the
/// scalar itself, or bytes for structs, unions and anything unknown.
pub fn stride_of(layout: &kappa_ir::types::Layout<'_>, t: &kappa_ir::CType) -> u32 {
    use kappa_ir::CType;
    let mut t = t;
    while let CType::Array(e, _) = t {
        t = e;
    }
    match t {
        CType::Int { .. } | CType::Pointer(_) => layout.size_of(t).map_or(1, |s| s as u32),
        _ => 1,
    }
}

/// `t` is syntactically a multiple of `g` (modulo 2^w, which preserves divisibility by powers
/// of two).
pub fn aligned(t: &Term, g: u64) -> bool {
    if g <= 1 {
        return true;
    }
    match t.op() {
        Op::BvConst(v) => v % g == 0,
        Op::BvMul => t.args().iter().any(|a| a.as_bv().is_some_and(|c| c % g == 0)),
        Op::BvShl => t.arg(1).as_bv().is_some_and(|c| c >= 64 || (1u64 << c).is_multiple_of(g)),
        Op::BvAnd => t.args().iter().any(|a| a.as_bv().is_some_and(|c| c & (g - 1) == 0)),
        Op::BvAdd | Op::BvSub => t.args().iter().all(|a| aligned(a, g)),
        Op::BvNeg => aligned(t.arg(0), g),
        Op::Ite => aligned(t.arg(1), g) && aligned(t.arg(2), g),
        _ => false,
    }
}

/// `t / s` as a term, when `t` is built from values of at most 32 bits times multiples of
/// `s` (array offsets `4 * sext(i) + 16 * sext(j) - 4`), with a bound on the magnitude of every
/// intermediate value: below 2^62 nothing wraps, so the quotient is exact as an integer and the
/// element `4 * sext(i)` addresses is `sext(i)` (and not `(4 * sext(i) mod 2^64) >> 2`, which
/// differs for negative `i`, where the access is out of bounds anyway).
fn exact_quotient(t: &Term, s: u64) -> Option<(Term, u64)> {
    let w = t.width();
    let small = |a: &Term| match a.op() {
        Op::SExt(_) | Op::ZExt(_) if a.arg(0).width() <= 32 => Some(1u64 << 32),
        _ => None,
    };
    match t.op() {
        Op::BvConst(v) => {
            let v = kappa_expr::signed(v, w);
            (v % s as i64 == 0).then(|| (Term::bv_signed(v / s as i64, w), v.unsigned_abs()))
        }
        Op::BvMul => {
            let (k, a) = match (t.arg(0).as_bv(), t.arg(1).as_bv()) {
                (_, Some(k)) => (k, t.arg(0)),
                (Some(k), _) => (k, t.arg(1)),
                _ => return None,
            };
            let k = kappa_expr::signed(k, w);
            if k % s as i64 != 0 || k.unsigned_abs() >= 1 << 28 {
                return None;
            }
            let q = k / s as i64;
            let m = small(a)?.checked_mul(k.unsigned_abs())?;
            Some((if q == 1 { a.clone() } else { a.bvmul(&Term::bv_signed(q, w)) }, m))
        }
        Op::BvAdd => {
            let (a, ma) = exact_quotient(t.arg(0), s)?;
            let (b, mb) = exact_quotient(t.arg(1), s)?;
            Some((a.bvadd(&b), ma.checked_add(mb)?))
        }
        Op::Ite => {
            let (a, ma) = exact_quotient(t.arg(1), s)?;
            let (b, mb) = exact_quotient(t.arg(2), s)?;
            Some((Term::ite(t.arg(0), &a, &b), ma.max(mb)))
        }
        _ => None,
    }
}

/// Concatenates little-endian pieces (lowest address first).
fn concat_le(pieces: Vec<Term>) -> Term {
    let mut it = pieces.into_iter();
    let Some(mut acc) = it.next() else { panic!("concat of nothing") };
    for p in it {
        acc = p.concat(&acc);
    }
    acc
}

fn bytes_of(t: &Term) -> u64 {
    u64::from(t.width() / 8)
}

impl Contents {
    /// All zeros, as arrays of `stride`-byte elements.
    pub fn zeroed(pw: u32, stride: u32, small: Option<u64>) -> Contents {
        let stride = stride.max(1);
        Contents {
            cells: BTreeMap::new(),
            array: Term::const_array(Elem::Bv(pw), &Term::bv(0, 8 * stride)),
            stride,
            pw,
            small: small.filter(|s| *s <= SMALL_OBJECT_BYTES),
            chunked: None,
            zero: true,
            whole: Default::default(),
        }
    }

    /// Contents given by an array (of any element width): used for the contents of memory
    /// inputs and by compact symbolic execution, whose templates see whole arrays. Accesses at
    /// symbolic offsets stay on the array (no expansion into cells).
    pub fn symbolic(array: Term, pw: u32) -> Contents {
        let stride = match array.sort() {
            Sort::Array(_, Elem::Bv(w)) => (w / 8).max(1),
            _ => 1,
        };
        Contents {
            cells: BTreeMap::new(),
            array,
            stride,
            pw,
            small: None,
            chunked: None,
            zero: false,
            whole: Default::default(),
        }
    }

    /// The same kind of contents (size, expansion) with new values given by an array.
    pub fn with_array(&self, array: Term) -> Contents {
        let mut c = Contents::symbolic(array, self.pw);
        c.small = self.small;
        c
    }

    /// The same contents, expanded into cells at symbolic offsets when the object is small
    /// (`size` bytes).
    pub fn expandable(mut self, size: Option<u64>) -> Contents {
        self.small = size.filter(|s| *s <= SMALL_OBJECT_BYTES);
        self
    }

    /// Bytes per element of the array part.
    /// Nothing but zeros was ever written (for a pointer shadow: no pointer is stored here).
    pub fn only_zeros(&self) -> bool {
        self.zero
    }

    pub fn stride(&self) -> u32 {
        self.stride
    }

    /// Replaces everything by zeros (for `free` and dead frames, which forget the contents).
    pub fn clear(&mut self) {
        *self = Contents::zeroed(self.pw, self.stride, self.small);
    }

    /// The `n` bytes at constant offset `o`.
    pub fn read_at(&self, o: u64, n: u64) -> Term {
        self.read_const(o, n)
    }

    /// The `n` bytes at `off`, as one term of `8n` bits (little-endian).
    pub fn read(&mut self, off: &Term, n: u64) -> Term {
        if let Some(o) = off.as_bv() {
            return self.read_const(o, n);
        }
        if self.zero {
            return Term::bv(0, (8 * n) as u32);
        }
        if let Some(size) = self.small {
            let g = if aligned(off, n) && size % n == 0 { n } else { 1 };
            self.chunk(g as u32);
            return if g == n {
                self.ite_read(off, g)
            } else {
                concat_le((0..n).map(|i| self.ite_read(&off.bvadd(&Term::bv(i, self.pw)), 1)).collect())
            };
        }
        self.flush();
        let s = u64::from(self.stride);
        if n.is_multiple_of(s) && aligned(off, s) {
            return concat_le((0..n / s).map(|i| self.array.select(&self.index(&self.at(off, i * s)))).collect());
        }
        concat_le((0..n).map(|i| self.byte_at(&self.at(off, i))).collect())
    }

    /// Writes `v` (a whole number of bytes) at `off`.
    pub fn write(&mut self, off: &Term, v: &Term) {
        self.whole = Default::default();
        if self.zero {
            if v.as_bv() == Some(0) {
                return;
            }
            self.zero = false;
        }
        let n = bytes_of(v);
        if let Some(o) = off.as_bv() {
            self.write_const(o, v.clone());
            return;
        }
        if let Some(size) = self.small {
            let g = if aligned(off, n) && size % n == 0 { n } else { 1 };
            self.chunk(g as u32);
            let pieces: Vec<(Term, Term)> = if g == n {
                vec![(off.clone(), v.clone())]
            } else {
                (0..n).map(|i| (off.bvadd(&Term::bv(i, self.pw)), v.extract(8 * i as u32 + 7, 8 * i as u32))).collect()
            };
            for (at, val) in pieces {
                let (at, bits) = self.narrow_offset(&at);
                for (k, cell) in self.cells.iter_mut() {
                    *cell = Term::ite(&at.eq(&Term::bv(*k, bits)), &val, cell);
                }
            }
            return;
        }
        self.flush();
        let s = u64::from(self.stride);
        if n.is_multiple_of(s) && aligned(off, s) {
            for i in 0..n / s {
                let piece = v.extract((8 * s * (i + 1) - 1) as u32, (8 * s * i) as u32);
                self.array = self.array.store(&self.index(&self.at(off, i * s)), &piece);
            }
            return;
        }
        for i in 0..n {
            self.set_byte_at(&self.at(off, i), &v.extract(8 * i as u32 + 7, 8 * i as u32));
        }
    }

    fn at(&self, off: &Term, k: u64) -> Term {
        off.bvadd(&Term::bv(k, self.pw))
    }

    /// The element holding byte `o` of the array, and the byte's bit position in it (a term of
    /// the element's width).
    fn element_of_byte(&self, o: &Term) -> (Term, Term) {
        let s = u64::from(self.stride);
        let e = o.bvlshr(&Term::bv(u64::from(s.trailing_zeros()), self.pw));
        let ew = 8 * self.stride;
        let low = o.bvand(&Term::bv(s - 1, self.pw)).bvshl(&Term::bv(3, self.pw));
        let shift = if ew <= self.pw { low.extract(ew - 1, 0) } else { low.zext(ew) };
        (e, shift)
    }

    /// The byte at a symbolic offset whose alignment is not known, read inside its element (the
    /// array keeps its element width).
    fn byte_at(&self, o: &Term) -> Term {
        if self.stride == 1 {
            return self.array.select(o);
        }
        let (e, shift) = self.element_of_byte(o);
        self.array.select(&e).bvlshr(&shift).extract(7, 0)
    }

    fn set_byte_at(&mut self, o: &Term, b: &Term) {
        if self.stride == 1 {
            self.array = self.array.store(o, b);
            return;
        }
        let ew = 8 * self.stride;
        let (e, shift) = self.element_of_byte(o);
        let old = self.array.select(&e);
        let keep = Term::bv(0xff, ew).bvshl(&shift).bvnot();
        let new = old.bvand(&keep).bvor(&b.zext(ew).bvshl(&shift));
        self.array = self.array.store(&e, &new);
    }

    /// The element index of an offset that is a multiple of the stride.
    fn index(&self, off: &Term) -> Term {
        let s = u64::from(self.stride);
        if s == 1 {
            return off.clone();
        }
        match exact_quotient(off, s) {
            Some((q, magnitude)) if magnitude < 1 << 62 => q,
            _ => off.bvlshr(&Term::bv(u64::from(s.trailing_zeros()), self.pw)),
        }
    }

    /// The whole contents as one array of `stride`-byte elements (cells moved into it).
    pub fn as_array(&self) -> Term {
        self.whole
            .get_or_init(|| {
                let mut c = self.clone();
                c.flush();
                c.array
            })
            .clone()
    }

    fn read_const(&self, o: u64, n: u64) -> Term {
        if let Some(v) = self.cells.get(&o) {
            if bytes_of(v) == n {
                return v.clone();
            }
        }
        let end = o.saturating_add(n);
        let mut pieces = Vec::new();
        let mut pos = o;
        for (&s, v) in self.cells.range(o.saturating_sub(MAX_CELL - 1)..end) {
            let len = bytes_of(v);
            if s + len <= pos {
                continue;
            }
            if s > pos {
                pieces.push(self.array_bytes(pos, s));
                pos = s;
            }
            let (a, b) = (pos - s, end.min(s + len) - s);
            pieces.push(v.extract((8 * b - 1) as u32, (8 * a) as u32));
            pos = s + b;
        }
        if pos < end {
            pieces.push(self.array_bytes(pos, end));
        }
        concat_le(pieces)
    }

    /// Bytes `from..to` of the array part.
    fn array_bytes(&self, from: u64, to: u64) -> Term {
        let s = u64::from(self.stride);
        let mut pieces = Vec::new();
        let mut pos = from;
        while pos < to {
            let e = pos / s;
            let elem = self.array.select(&Term::bv(e, self.pw));
            let (a, b) = (pos - e * s, to.min((e + 1) * s) - e * s);
            pieces.push(elem.extract((8 * b - 1) as u32, (8 * a) as u32));
            pos = e * s + b;
        }
        concat_le(pieces)
    }

    fn write_const(&mut self, o: u64, v: Term) {
        let n = bytes_of(&v);
        let end = o.saturating_add(n);
        let over: Vec<(u64, Term)> = self
            .cells
            .range(o.saturating_sub(MAX_CELL - 1)..end)
            .filter(|(s, c)| **s + bytes_of(c) > o)
            .map(|(s, c)| (*s, c.clone()))
            .collect();
        for (s, c) in over {
            self.cells.remove(&s);
            let len = bytes_of(&c);
            if s < o {
                self.cells.insert(s, c.extract((8 * (o - s) - 1) as u32, 0));
            }
            if s + len > end {
                self.cells.insert(end, c.extract((8 * len - 1) as u32, (8 * (end - s)) as u32));
            }
        }
        if let Some(g) = self.chunked {
            if !o.is_multiple_of(u64::from(g)) || n != u64::from(g) {
                self.chunked = None;
            }
        }
        if n > MAX_CELL {
            // Wider values (copies of several fields) are kept as 8-byte pieces.
            let mut at = 0;
            while at < n {
                let k = (n - at).min(MAX_CELL);
                self.cells.insert(o + at, v.extract((8 * (at + k) - 1) as u32, (8 * at) as u32));
                at += k;
            }
            self.chunked = None;
        } else {
            self.cells.insert(o, v);
        }
    }

    /// Makes the cells of a small object exactly its `g`-byte chunks.
    fn chunk(&mut self, g: u32) {
        if self.chunked == Some(g) {
            return;
        }
        let Some(size) = self.small else { return };
        let g64 = u64::from(g);
        let chunks: BTreeMap<u64, Term> = (0..size / g64).map(|k| (k * g64, self.read_const(k * g64, g64))).collect();
        self.cells = chunks;
        self.chunked = Some(g);
    }

    /// `ite(off == 0, c0, ite(off == g, c1, …))` over the chunks (the in-bounds check before
    /// every access makes the last chunk the value for any other offset).
    fn ite_read(&self, off: &Term, g: u64) -> Term {
        let mut it = self.cells.iter().rev();
        let Some((_, last)) = it.next() else { return Term::bv(0, (8 * g) as u32) };
        let mut acc = last.clone();
        let (off, bits) = self.narrow_offset(off);
        for (k, c) in it {
            acc = Term::ite(&off.eq(&Term::bv(*k, bits)), c, &acc);
        }
        acc
    }

    /// A symbolic offset into this small object, compared with its cells' offsets: an access
    /// at `off` happens only where it is in bounds (the IR checks it first), so `off` is below
    /// the object's size and its low ⌈log₂ size⌉ bits decide which cell it is; computed at that
    /// width ([`Term::low_bits`]) the comparisons need no 64-bit arithmetic.
    fn narrow_offset(&self, off: &Term) -> (Term, u32) {
        match self.small {
            Some(size) if size > 1 => {
                let bits = (64 - (size - 1).leading_zeros()).min(self.pw);
                (off.low_bits(bits), bits)
            }
            _ => (off.clone(), self.pw),
        }
    }

    /// Moves the cells into the array.
    fn flush(&mut self) {
        if self.cells.is_empty() {
            return;
        }
        let s = u64::from(self.stride);
        let mut elems: Vec<u64> = Vec::new();
        for (&o, c) in &self.cells {
            let (first, last) = (o / s, (o + bytes_of(c) - 1) / s);
            for e in first..=last {
                if elems.last() != Some(&e) {
                    elems.push(e);
                }
            }
        }
        let mut array = self.array.clone();
        for e in elems {
            array = array.store(&Term::bv(e, self.pw), &self.read_const(e * s, s));
        }
        self.array = array;
        self.cells.clear();
        self.chunked = None;
    }
}

#[derive(Clone, Debug)]
pub struct Object {
    pub id: u32,
    pub name: Rc<str>,
    pub kind: ObjectKind,
    /// Size in bytes, of pointer width.
    pub size: Term,
    pub alive: bool,
    /// The object is dead when this holds: a `free` through a pointer that may denote several
    /// objects frees each of them under the condition that the pointer denotes it.
    pub freed_if: Term,
    pub readonly: bool,
    pub data: Contents,
    /// Object ids of pointers stored here, zero-extended to the pointer's width.
    pub ptrs: Contents,
}

impl Object {
    pub fn new(id: u32, name: &str, kind: ObjectKind, size: Term, data: Contents, pw: u32) -> Object {
        let data = data.expandable(size.as_bv());
        let ptrs = Contents::zeroed(pw, data.stride(), size.as_bv());
        Object { id, name: name.into(), kind, size, alive: true, freed_if: Term::ff(), readonly: false, data, ptrs }
    }

    /// `alive` and not freed: what the IR's `live(p)` asks.
    pub fn live(&self) -> Term {
        Term::bool(self.alive).and(&self.freed_if.not())
    }

    /// Reads a value of type `ty` at `off` (little-endian).
    pub fn load(&mut self, off: &Term, ty: Ty, pw: u32) -> SVal {
        let n = match ty {
            Ty::Int(w) => u64::from(w.div_ceil(8)),
            _ => u64::from(pw / 8),
        };
        let v = self.data.read(off, n);
        match ty {
            Ty::Ptr => {
                let obj = self.ptrs.read(off, n).extract(OBJ_BITS - 1, 0);
                SVal::Ptr(Pointer { obj, off: v })
            }
            Ty::Int(w) if w % 8 != 0 => SVal::Int(v.extract(w - 1, 0)),
            _ => SVal::Int(v),
        }
    }

    /// Writes a value at `off`.
    pub fn store(&mut self, off: &Term, v: &SVal, pw: u32) {
        let (bits, obj) = match v {
            SVal::Int(t) => (t.clone(), None),
            SVal::Ptr(p) => (p.off.clone(), Some(p.obj.clone())),
            SVal::Bool(b) => (b.bool_to_bv(8), None),
        };
        let w = bits.width();
        let n = w.div_ceil(8);
        let bits = if w % 8 != 0 { bits.zext(n * 8) } else { bits };
        self.data.write(off, &bits);
        let shadow = match obj {
            Some(o) => o.zext(8 * n),
            None => Term::bv(0, 8 * n),
        };
        let _ = pw;
        self.ptrs.write(off, &shadow);
    }

    /// The concrete size, if it is one.
    pub fn size_const(&self) -> Option<u64> {
        self.size.as_bv()
    }
}

/// Dead copies of shared stack objects, by the live object they replace (held, so that its
/// address names it as long as the entry lives).
#[derive(Default)]
pub struct Graves {
    by_live: std::collections::HashMap<*const Object, (Rc<Object>, Rc<Object>)>,
}

/// Entries [`Graves`] keeps before it starts afresh (it is a cache).
const GRAVES_MAX: usize = 1 << 16;

impl Graves {
    fn dead_copy(&mut self, live: &Rc<Object>) -> Rc<Object> {
        if let Some((_, dead)) = self.by_live.get(&Rc::as_ptr(live)) {
            return dead.clone();
        }
        if self.by_live.len() >= GRAVES_MAX {
            self.by_live.clear();
        }
        let mut dead = Object {
            id: live.id,
            name: live.name.clone(),
            kind: live.kind.clone(),
            size: live.size.clone(),
            alive: false,
            freed_if: live.freed_if.clone(),
            readonly: live.readonly,
            data: live.data.clone(),
            ptrs: live.ptrs.clone(),
        };
        dead.data.clear();
        let dead = Rc::new(dead);
        self.by_live.insert(Rc::as_ptr(live), (live.clone(), dead.clone()));
        dead
    }
}

/// All objects of a state, shared with its forks until one of them writes (copy on write).
#[derive(Clone, Debug, Default)]
pub struct Memory {
    objects: Vec<Option<Rc<Object>>>,
}

impl Memory {
    pub fn new() -> Memory {
        // Id 0 is null's object: never allocated.
        Memory { objects: vec![None] }
    }

    pub fn next_id(&self) -> u32 {
        self.objects.len() as u32
    }

    pub fn add(&mut self, o: Object) -> u32 {
        let id = o.id;
        debug_assert_eq!(id as usize, self.objects.len());
        self.objects.push(Some(Rc::new(o)));
        id
    }

    pub fn get(&self, id: u32) -> Option<&Object> {
        self.objects.get(id as usize).and_then(|o| o.as_deref())
    }

    /// Marks a stack object dead when its frame returns and drops its contents. An object
    /// another state shares is replaced by a dead copy from `graves`, made once for all the
    /// states sharing it: returning through a recursion that forked deep down must neither copy
    /// every activation's locals nor make a dead copy of them per state.
    pub fn kill(&mut self, id: u32, graves: &mut Graves) {
        let Some(Some(o)) = self.objects.get_mut(id as usize) else { return };
        if !o.alive {
            return;
        }
        if let Some(live) = Rc::get_mut(o) {
            live.alive = false;
            live.data.clear();
            return;
        }
        *o = graves.dead_copy(o);
    }

    /// Mutable access, copying the object if another state shares it.
    pub fn get_mut(&mut self, id: u32) -> Option<&mut Object> {
        self.objects.get_mut(id as usize).and_then(|o| o.as_mut()).map(Rc::make_mut)
    }

    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.objects.iter().enumerate().filter(|(_, o)| o.is_some()).map(|(i, _)| i as u32)
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.len() <= 1
    }

    /// The condition under which `self` and `other` are the same memory: the same objects
    /// (none allocated in between), each as alive, of the same size and contents. `None` when
    /// they cannot be (an object more or less, a liveness changed) or an object that differs
    /// is larger than `max_bytes` or of symbolic size (not compared: no claim is made). For a
    /// lasso (SV-COMP's `termination`).
    pub fn same_as(&self, other: &Memory, max_bytes: u64) -> Option<Term> {
        if self.objects.len() != other.objects.len() {
            return None;
        }
        let mut conds = Vec::new();
        for (a, b) in self.objects.iter().zip(&other.objects) {
            let (a, b) = match (a, b) {
                (None, None) => continue,
                (Some(a), Some(b)) if Rc::ptr_eq(a, b) => continue,
                (Some(a), Some(b)) => (a, b),
                _ => return None,
            };
            if a.alive != b.alive || a.readonly != b.readonly {
                return None;
            }
            conds.push(a.freed_if.eq(&b.freed_if));
            conds.push(a.size.eq(&b.size));
            if !a.alive {
                continue;
            }
            let n = a.size_const().filter(|&n| n <= max_bytes && Some(n) == b.size_const())?;
            for (x, y) in [(&a.data, &b.data), (&a.ptrs, &b.ptrs)] {
                if x.only_zeros() && y.only_zeros() {
                    continue;
                }
                let step = u64::from(x.stride()).max(1);
                let step = if step == u64::from(y.stride()) && n % step == 0 { step } else { 1 };
                for o in (0..n).step_by(step as usize) {
                    conds.push(x.read_at(o, step).eq(&y.read_at(o, step)));
                }
            }
            if conds.last().is_some_and(Term::is_false) {
                return None;
            }
        }
        Some(Term::and_all(conds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(v: u64, bits: u32) -> Term {
        Term::bv(v, bits)
    }

    /// `as_array` keeps its term between writes (compact mode asks for it at every loop head),
    /// and a write, at a constant or a symbolic offset, gives a new one.
    #[test]
    fn whole_array_follows_writes() {
        let mut c = Contents::zeroed(64, 1, None);
        c.write(&w(0, 64), &w(5, 8));
        let first = c.as_array();
        assert_eq!(c.as_array(), first);
        assert_eq!(first.select(&w(0, 64)), w(5, 8));
        let _ = c.read(&w(0, 64), 1);
        assert_eq!(c.as_array().select(&w(0, 64)), w(5, 8));
        c.write(&w(0, 64), &w(6, 8));
        assert_eq!(c.as_array().select(&w(0, 64)), w(6, 8));
        let i = Term::fresh("i", Sort::Bv(64));
        let v = Term::fresh("v", Sort::Bv(8));
        c.write(&i, &v);
        assert_eq!(c.as_array().select(&i), v);
        let mut d = c.clone();
        d.write(&w(1, 64), &w(9, 8));
        assert_eq!(d.as_array().select(&w(1, 64)), w(9, 8));
        assert_ne!(c.as_array(), d.as_array());
    }

    #[test]
    fn fields_read_back_whole() {
        let mut c = Contents::zeroed(64, 1, Some(16));
        let x = Term::fresh("x", Sort::Bv(32));
        c.write(&w(4, 64), &x);
        assert_eq!(c.read(&w(4, 64), 4), x);
        assert_eq!(c.read(&w(5, 64), 1), x.extract(15, 8));
        assert_eq!(c.read(&w(0, 64), 4), w(0, 32));
        // Overwriting one byte splits the cell.
        c.write(&w(5, 64), &w(7, 8));
        let r = c.read(&w(4, 64), 4);
        assert_eq!(r.extract(15, 8), w(7, 8));
        assert_eq!(r.extract(7, 0), x.extract(7, 0));
    }

    #[test]
    fn small_objects_use_ite_at_symbolic_offsets() {
        let mut c = Contents::zeroed(64, 4, Some(16));
        let i = Term::fresh("i", Sort::Bv(64));
        let off = i.bvmul(&w(4, 64));
        let v = Term::fresh("v", Sort::Bv(32));
        c.write(&off, &v);
        let r = c.read(&w(8, 64), 4);
        // In bounds of a 16-byte object only the offset's low 4 bits tell cells apart.
        assert_eq!(r, Term::ite(&off.low_bits(4).eq(&w(8, 4)), &v, &w(0, 32)));
        assert_eq!(r.to_string(), "(ite (= ((_ extract 1 0) i) -2:2) v 0:32)");
        assert!(!format!("{}", c.read(&off, 4)).contains("select"));
    }

    #[test]
    fn large_objects_use_word_arrays() {
        let a = Term::fresh("a", array_sort(64, 4));
        let mut c = Contents::symbolic(a.clone(), 64).expandable(Some(4000));
        let i = Term::fresh("i", Sort::Bv(64));
        let off = i.bvmul(&w(4, 64));
        let r = c.read(&off, 4);
        assert_eq!(r.op(), Op::Select);
        // A byte read at an unaligned symbolic offset is read inside its word.
        let r1 = c.read(&off.bvadd(&w(1, 64)), 1);
        assert_eq!(r1.width(), 8);
        assert_eq!(c.read(&w(4, 64), 4), a.select(&w(1, 64)));
    }
}
