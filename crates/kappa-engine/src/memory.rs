//! Symbolic memory: objects of bytes. Writes at constant offsets are kept per byte (so that a
//! value stored and read back at the same place is the same term, without any array in sight);
//! a symbolic offset flushes them into an SMT array of bytes. A parallel shadow records which
//! object a stored pointer refers to, so that pointers survive a trip through memory.

use crate::value::{Pointer, SVal, OBJ_BITS};
use kappa_expr::{Elem, Sort, Term};
use kappa_ir::Ty;
use std::collections::BTreeMap;
use std::rc::Rc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    Global,
    StringLit,
    /// A local slot or an `alloca`, freed when the frame at this depth returns.
    Stack {
        depth: usize,
    },
    Heap,
}

/// The bytes of an object (or its pointer shadow).
#[derive(Clone, Debug)]
pub struct Contents {
    /// Bytes written at constant offsets since the last flush; they override `array`.
    cells: BTreeMap<u64, Term>,
    /// Everything else, as an array from offsets to elements.
    array: Term,
    pw: u32,
    elem: u32,
}

impl Contents {
    pub fn constant(value: u64, pw: u32, elem: u32) -> Contents {
        Contents { cells: BTreeMap::new(), array: Term::const_array(Elem::Bv(pw), &Term::bv(value, elem)), pw, elem }
    }

    pub fn symbolic(array: Term, pw: u32, elem: u32) -> Contents {
        Contents { cells: BTreeMap::new(), array, pw, elem }
    }

    /// Moves the constant-offset bytes into the array.
    fn flush(&mut self) {
        let cells = std::mem::take(&mut self.cells);
        for (k, v) in cells {
            self.array = self.array.store(&Term::bv(k, self.pw), &v);
        }
    }

    /// The element at `off + i` for `i < n`.
    pub fn read(&mut self, off: &Term, n: u64) -> Vec<Term> {
        match off.as_bv() {
            Some(base) => (0..n)
                .map(|i| {
                    let k = base.wrapping_add(i);
                    self.cells.get(&k).cloned().unwrap_or_else(|| self.array.select(&Term::bv(k, self.pw)))
                })
                .collect(),
            None => {
                self.flush();
                (0..n).map(|i| self.array.select(&off.bvadd(&Term::bv(i, self.pw)))).collect()
            }
        }
    }

    pub fn write(&mut self, off: &Term, items: &[Term]) {
        match off.as_bv() {
            Some(base) => {
                for (i, v) in items.iter().enumerate() {
                    self.cells.insert(base.wrapping_add(i as u64), v.clone());
                }
            }
            None => {
                self.flush();
                for (i, v) in items.iter().enumerate() {
                    self.array = self.array.store(&off.bvadd(&Term::bv(i as u64, self.pw)), v);
                }
            }
        }
    }

    /// The whole contents as one array term (constant-offset bytes stored into the array).
    pub fn as_array(&self) -> Term {
        let mut a = self.array.clone();
        for (k, v) in &self.cells {
            a = a.store(&Term::bv(*k, self.pw), v);
        }
        a
    }

    /// The width of elements.
    pub fn elem_width(&self) -> u32 {
        self.elem
    }

    /// Replaces everything by `value` (for `free`, which forgets the contents).
    pub fn clear(&mut self, value: u64) {
        *self = Contents::constant(value, self.pw, self.elem);
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
    pub readonly: bool,
    pub data: Contents,
    /// Object ids of pointers stored here, at the offset of their first byte.
    pub ptrs: Contents,
}

impl Object {
    pub fn new(id: u32, name: &str, kind: ObjectKind, size: Term, data: Contents, pw: u32) -> Object {
        Object {
            id,
            name: name.into(),
            kind,
            size,
            alive: true,
            readonly: false,
            data,
            ptrs: Contents::constant(0, pw, OBJ_BITS),
        }
    }

    /// Reads a value of type `ty` at `off` (little-endian).
    pub fn load(&mut self, off: &Term, ty: Ty, pw: u32) -> SVal {
        let bytes = match ty {
            Ty::Int(w) => u64::from(w.div_ceil(8)),
            _ => u64::from(pw / 8),
        };
        let b = self.data.read(off, bytes);
        let mut v = b[b.len() - 1].clone();
        for x in b.iter().rev().skip(1) {
            v = v.concat(x);
        }
        match ty {
            Ty::Ptr => {
                let obj = self.ptrs.read(off, 1).remove(0);
                SVal::Ptr(Pointer { obj, off: v })
            }
            Ty::Int(w) if w % 8 != 0 => SVal::Int(v.extract(w - 1, 0)),
            _ => SVal::Int(v),
        }
    }

    /// Writes a value at `off`.
    pub fn store(&mut self, off: &Term, v: &SVal, pw: u32) {
        let (bits, obj) = match v {
            SVal::Int(t) => (t.clone(), Term::bv(0, OBJ_BITS)),
            SVal::Ptr(p) => (p.off.clone(), p.obj.clone()),
            SVal::Bool(b) => (b.bool_to_bv(8), Term::bv(0, OBJ_BITS)),
        };
        let w = bits.width();
        let n = w.div_ceil(8);
        let bits = if w % 8 != 0 { bits.zext(n * 8) } else { bits };
        let bytes: Vec<Term> = (0..n).map(|i| bits.extract(8 * i + 7, 8 * i)).collect();
        self.data.write(off, &bytes);
        let mut shadow = vec![Term::bv(0, OBJ_BITS); n as usize];
        shadow[0] = obj;
        let _ = pw;
        self.ptrs.write(off, &shadow);
    }

    /// The concrete size, if it is one.
    pub fn size_const(&self) -> Option<u64> {
        self.size.as_bv()
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
}

/// The sort of byte arrays indexed by offsets of pointer width.
pub fn byte_array_sort(pw: u32) -> Sort {
    Sort::Array(Elem::Bv(pw), Elem::Bv(8))
}
