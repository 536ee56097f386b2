//! Symbolic values of IR registers. A pointer is a pair (object, offset), as in the IR and the
//! concrete interpreter: the object is a 32-bit id (0 for null), the offset a bit-vector of
//! pointer width. Comparisons and arithmetic follow the interpreter exactly, so that a test the
//! engine predicts is what the interpreter (and gcc) observe.

use kappa_expr::Term;

/// Width of object ids.
pub const OBJ_BITS: u32 = 32;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pointer {
    pub obj: Term,
    pub off: Term,
}

impl Pointer {
    pub fn null(pw: u32) -> Pointer {
        Pointer { obj: Term::bv(0, OBJ_BITS), off: Term::bv(0, pw) }
    }

    pub fn to_obj(id: u32, pw: u32) -> Pointer {
        Pointer { obj: Term::bv(u64::from(id), OBJ_BITS), off: Term::bv(0, pw) }
    }

    pub fn concrete_obj(&self) -> Option<u32> {
        self.obj.as_bv().map(|v| v as u32)
    }

    pub fn add(&self, k: &Term) -> Pointer {
        Pointer { obj: self.obj.clone(), off: self.off.bvadd(k) }
    }

    pub fn eq(&self, o: &Pointer) -> Term {
        self.obj.eq(&o.obj).and(&self.off.eq(&o.off))
    }

    /// `self < other` as the interpreter orders pointers: by object, then by the offset read as
    /// a signed number (so that `a - 1 < a`, as in gcc-compiled code).
    pub fn lt(&self, o: &Pointer, or_equal: bool) -> Term {
        let off = if or_equal { self.off.bvsle(&o.off) } else { self.off.bvslt(&o.off) };
        self.obj.bvult(&o.obj).or(&self.obj.eq(&o.obj).and(&off))
    }

    pub fn ite(c: &Term, a: &Pointer, b: &Pointer) -> Pointer {
        Pointer { obj: Term::ite(c, &a.obj, &b.obj), off: Term::ite(c, &a.off, &b.off) }
    }
}

/// The value of an expression or register.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SVal {
    /// A bit-vector of the IR type's width.
    Int(Term),
    Ptr(Pointer),
    /// A boolean (conditions; never stored).
    Bool(Term),
}

impl SVal {
    pub fn int(&self) -> Option<&Term> {
        match self {
            SVal::Int(t) => Some(t),
            _ => None,
        }
    }

    pub fn ptr(&self) -> Option<&Pointer> {
        match self {
            SVal::Ptr(p) => Some(p),
            _ => None,
        }
    }

    pub fn bool(&self) -> Option<&Term> {
        match self {
            SVal::Bool(t) => Some(t),
            _ => None,
        }
    }

    pub fn ite(c: &Term, a: &SVal, b: &SVal) -> Option<SVal> {
        Some(match (a, b) {
            (SVal::Int(x), SVal::Int(y)) => SVal::Int(Term::ite(c, x, y)),
            (SVal::Bool(x), SVal::Bool(y)) => SVal::Bool(Term::ite(c, x, y)),
            (SVal::Ptr(x), SVal::Ptr(y)) => SVal::Ptr(Pointer::ite(c, x, y)),
            _ => return None,
        })
    }

    /// Every term the value is made of.
    pub fn terms(&self) -> Vec<&Term> {
        match self {
            SVal::Int(t) | SVal::Bool(t) => vec![t],
            SVal::Ptr(p) => vec![&p.obj, &p.off],
        }
    }
}
