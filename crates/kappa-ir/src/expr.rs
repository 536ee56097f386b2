//! Pure expressions over IR variables. They never read memory, never fail and have no side
//! effects: loads, calls and error checks are separate edges of the flowgraph, so that evaluating
//! an expression is the same in every backend (interpreter, symbolic engine, decompiler).

use crate::program::{ObjId, VarId};
use crate::types::Ty;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum UnOp {
    /// Two's complement negation of an integer.
    Neg,
    /// Bitwise complement of an integer.
    BitNot,
    /// Negation of a boolean.
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Division and remainder; the front-end guards them against a zero divisor (and the signed
    /// ones against `MIN / -1`) before the edge that evaluates them.
    UDiv,
    SDiv,
    URem,
    SRem,
    /// Shifts follow SMT-LIB: an amount of at least the width gives 0 (or the sign for `AShr`).
    Shl,
    LShr,
    AShr,
    /// Bitwise on integers, logical on booleans.
    And,
    Or,
    Xor,
    /// Comparisons give `Bool`. `Eq`/`Ne` and the unsigned ones also compare pointers.
    Eq,
    Ne,
    Ult,
    Ule,
    Ugt,
    Uge,
    Slt,
    Sle,
    Sgt,
    Sge,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(self, Eq | Ne | Ult | Ule | Ugt | Uge | Slt | Sle | Sgt | Sge)
    }

    pub fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            UDiv => "/u",
            SDiv => "/s",
            URem => "%u",
            SRem => "%s",
            Shl => "<<",
            LShr => ">>u",
            AShr => ">>s",
            And => "&",
            Or => "|",
            Xor => "^",
            Eq => "==",
            Ne => "!=",
            Ult => "<u",
            Ule => "<=u",
            Ugt => ">u",
            Uge => ">=u",
            Slt => "<s",
            Sle => "<=s",
            Sgt => ">s",
            Sge => ">=s",
        }
    }

    /// The comparison that holds exactly when this one does not.
    pub fn negated(self) -> Option<BinOp> {
        use BinOp::*;
        Some(match self {
            Eq => Ne,
            Ne => Eq,
            Ult => Uge,
            Ule => Ugt,
            Ugt => Ule,
            Uge => Ult,
            Slt => Sge,
            Sle => Sgt,
            Sgt => Sle,
            Sge => Slt,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CastOp {
    ZExt,
    SExt,
    Trunc,
}

/// A pure expression. Every node has a type ([`Expr::ty`]); constructors check nothing, the
/// front-end builds well-typed trees and [`crate::Program::validate`] checks them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Expr {
    /// An integer constant; `bits` holds the value truncated to `width` bits.
    Int {
        bits: u64,
        width: u32,
    },
    Bool(bool),
    Var(VarId),
    /// The null pointer.
    Null,
    /// The address of an object: a global, a string literal, or a local memory slot of the
    /// current frame.
    AddrOf(ObjId),
    Un(UnOp, Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Cast(CastOp, u32, Box<Expr>),
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Pointer plus a byte offset of pointer width (wrapping).
    PtrAdd(Box<Expr>, Box<Expr>),
    /// Byte distance of two pointers into the same object, of pointer width.
    PtrDiff(Box<Expr>, Box<Expr>),
    /// The pointer refers to an object that is still allocated (not freed, frame not popped).
    /// False for null.
    Live(Box<Expr>),
    /// `n` bytes starting at the pointer lie inside its object.
    InBounds(Box<Expr>, Box<Expr>),
    /// The pointer's object may be written (string literals may not).
    Writable(Box<Expr>),
    /// The pointer is what `malloc` returned for a live heap object (offset 0).
    Freeable(Box<Expr>),
}

impl Expr {
    pub fn int(value: i128, width: u32) -> Expr {
        Expr::Int { bits: (value as u64) & mask(width), width }
    }

    pub fn uint(value: u64, width: u32) -> Expr {
        Expr::Int { bits: value & mask(width), width }
    }

    pub fn var(v: VarId) -> Expr {
        Expr::Var(v)
    }

    pub fn un(op: UnOp, a: Expr) -> Expr {
        Expr::Un(op, Box::new(a))
    }

    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }

    pub fn cast(op: CastOp, width: u32, a: Expr) -> Expr {
        Expr::Cast(op, width, Box::new(a))
    }

    pub fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
        Expr::Ite(Box::new(c), Box::new(a), Box::new(b))
    }

    pub fn ptr_add(p: Expr, off: Expr) -> Expr {
        Expr::PtrAdd(Box::new(p), Box::new(off))
    }

    /// Boolean negation, folding constants and flipping comparisons so printed checks read well.
    pub fn negate(self) -> Expr {
        match self {
            Expr::Bool(b) => Expr::Bool(!b),
            Expr::Un(UnOp::Not, a) => *a,
            Expr::Bin(op, a, b) => match op.negated() {
                Some(neg) => Expr::Bin(neg, a, b),
                None => Expr::Un(UnOp::Not, Box::new(Expr::Bin(op, a, b))),
            },
            e => Expr::Un(UnOp::Not, Box::new(e)),
        }
    }

    pub fn and(self, other: Expr) -> Expr {
        match (self, other) {
            (Expr::Bool(true), e) | (e, Expr::Bool(true)) => e,
            (Expr::Bool(false), _) | (_, Expr::Bool(false)) => Expr::Bool(false),
            (a, b) => Expr::bin(BinOp::And, a, b),
        }
    }

    pub fn or(self, other: Expr) -> Expr {
        match (self, other) {
            (Expr::Bool(false), e) | (e, Expr::Bool(false)) => e,
            (Expr::Bool(true), _) | (_, Expr::Bool(true)) => Expr::Bool(true),
            (a, b) => Expr::bin(BinOp::Or, a, b),
        }
    }

    /// The type of the expression, given the types of variables.
    pub fn ty(&self, var_ty: &dyn Fn(VarId) -> Ty, ptr_bits: u32) -> Ty {
        match self {
            Expr::Int { width, .. } => Ty::Int(*width),
            Expr::Bool(_) => Ty::Bool,
            Expr::Var(v) => var_ty(*v),
            Expr::Null | Expr::AddrOf(_) | Expr::PtrAdd(..) => Ty::Ptr,
            Expr::Un(UnOp::Not, _) => Ty::Bool,
            Expr::Un(_, a) => a.ty(var_ty, ptr_bits),
            Expr::Bin(op, a, _) => {
                if op.is_comparison() {
                    Ty::Bool
                } else {
                    a.ty(var_ty, ptr_bits)
                }
            }
            Expr::Cast(_, w, _) => Ty::Int(*w),
            Expr::Ite(_, a, _) => a.ty(var_ty, ptr_bits),
            Expr::PtrDiff(..) => Ty::Int(ptr_bits),
            Expr::Live(_) | Expr::InBounds(..) | Expr::Writable(_) | Expr::Freeable(_) => Ty::Bool,
        }
    }

    /// The constant value if this is an integer literal.
    pub fn as_const(&self) -> Option<u64> {
        match self {
            Expr::Int { bits, .. } => Some(*bits),
            _ => None,
        }
    }

    /// Calls `f` on every variable the expression reads.
    pub fn for_each_var(&self, f: &mut dyn FnMut(VarId)) {
        self.walk(&mut |e| {
            if let Expr::Var(v) = e {
                f(*v)
            }
        });
    }

    /// The expression with each variable `map` gives a value for replaced by that value.
    pub fn subst(&self, map: &dyn Fn(VarId) -> Option<Expr>) -> Expr {
        let s = |x: &Expr| Box::new(x.subst(map));
        match self {
            Expr::Var(v) => map(*v).unwrap_or_else(|| self.clone()),
            Expr::Int { .. } | Expr::Bool(_) | Expr::Null | Expr::AddrOf(_) => self.clone(),
            Expr::Un(op, a) => Expr::Un(*op, s(a)),
            Expr::Bin(op, a, b) => Expr::Bin(*op, s(a), s(b)),
            Expr::Cast(op, w, a) => Expr::Cast(*op, *w, s(a)),
            Expr::Ite(c, a, b) => Expr::Ite(s(c), s(a), s(b)),
            Expr::PtrAdd(a, b) => Expr::PtrAdd(s(a), s(b)),
            Expr::PtrDiff(a, b) => Expr::PtrDiff(s(a), s(b)),
            Expr::Live(a) => Expr::Live(s(a)),
            Expr::InBounds(a, b) => Expr::InBounds(s(a), s(b)),
            Expr::Writable(a) => Expr::Writable(s(a)),
            Expr::Freeable(a) => Expr::Freeable(s(a)),
        }
    }

    /// Pre-order traversal of all sub-expressions.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match self {
            Expr::Int { .. } | Expr::Bool(_) | Expr::Var(_) | Expr::Null | Expr::AddrOf(_) => {}
            Expr::Un(_, a) | Expr::Cast(_, _, a) | Expr::Live(a) | Expr::Writable(a) | Expr::Freeable(a) => a.walk(f),
            Expr::Bin(_, a, b) | Expr::PtrAdd(a, b) | Expr::PtrDiff(a, b) | Expr::InBounds(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Expr::Ite(c, a, b) => {
                c.walk(f);
                a.walk(f);
                b.walk(f);
            }
        }
    }
}

/// All-ones mask of the given width (1..=64).
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Reads `bits` (of `width` bits) as a signed number.
pub fn to_signed(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        let shift = 64 - width;
        ((bits << shift) as i64) >> shift
    }
}
