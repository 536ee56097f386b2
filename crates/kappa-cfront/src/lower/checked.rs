//! GCC's checked integer arithmetic: `__builtin_{add,sub,mul}_overflow(a, b, &r)`, their typed
//! forms (`__builtin_sadd_overflow`, `__builtin_umulll_overflow`, …) and the `_p` forms (GCC
//! manual, "Built-in Functions to Perform Arithmetic with Overflow Checking"). The result is
//! the operation in infinite precision, stored wrapped to the type of `*r`; the call returns
//! 1 iff it did not fit. None of it is undefined behaviour, so no no-overflow check is made.
//!
//! kappa's expressions are at most 64 bits wide, so the exact result is not built as a wider
//! bit-vector: its low 64 bits (wrapping arithmetic) give the stored value, and whether it fits
//! is decided on 64-bit sign–magnitude pairs (magnitude overflow, then the range of the target).

use super::expr::{bool_to_int, root_of, static_object, MemPlace, Place, Value};
use super::Lowerer;
use crate::diag::Result;
use kappa_ir::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span as LSpan};

/// What a name of the family asks: the operation, the operands' type for the typed forms, and
/// whether it is a `_p` form (the third argument gives only a type; nothing is stored).
pub(crate) struct CheckedOp {
    op: BinOp,
    typed: Option<CType>,
    predicate: bool,
}

/// The checked-arithmetic builtin `name` is, if it is one.
pub(crate) fn checked_op(name: &str) -> Option<CheckedOp> {
    let rest = name.strip_prefix("__builtin_")?;
    let (rest, predicate) = match rest.strip_suffix("_overflow_p") {
        Some(r) => (r, true),
        None => (rest.strip_suffix("_overflow")?, false),
    };
    let op_of = |s: &str| match s {
        "add" => Some(BinOp::Add),
        "sub" => Some(BinOp::Sub),
        "mul" => Some(BinOp::Mul),
        _ => None,
    };
    if let Some(op) = op_of(rest) {
        return Some(CheckedOp { op, typed: None, predicate });
    }
    if predicate {
        return None;
    }
    let (signed, rest) = match rest.split_at_checked(1)? {
        ("s", r) => (true, r),
        ("u", r) => (false, r),
        _ => return None,
    };
    let (op, suffix) = rest.split_at_checked(3)?;
    let rank = match suffix {
        "" => IntRank::Int,
        "l" => IntRank::Long,
        "ll" => IntRank::LongLong,
        _ => return None,
    };
    Some(CheckedOp { op: op_of(op)?, typed: Some(CType::Int { rank, signed }), predicate: false })
}

impl<'a> Lowerer<'a> {
    /// Lowers a call of a checked-arithmetic builtin (see the module's comment).
    pub(crate) fn checked_arith(
        &mut self,
        name: &str,
        k: CheckedOp,
        args: &'a [Node<Expression>],
        span: &LSpan,
    ) -> Result<Value> {
        let sp = self.span(span);
        let v = self.int_args(args, 3, name, span)?;
        let mut ops = Vec::new();
        for (i, (x, t)) in v[..2].iter().enumerate() {
            if !matches!(t, CType::Int { .. }) {
                return Err(self.error(
                    &args[i].span,
                    format!("`{name}` of an operand of type `{}`, which is not an integer type", self.ty_str(t)),
                ));
            }
            ops.push(match &k.typed {
                Some(tt) => (self.convert(x.clone(), t, tt), tt.clone()),
                None => (x.clone(), t.clone()),
            });
        }
        let (p, pty) = v[2].clone();
        let target = if k.predicate { Some(pty.clone()) } else { pty.pointee().cloned() };
        let target = match target {
            Some(t @ CType::Int { .. }) if !matches!(t, CType::Int { rank: IntRank::Bool, .. }) => t,
            _ => {
                let want = if k.predicate { "an integer" } else { "a pointer to an integer" };
                return Err(self.error(
                    &args[2].span,
                    format!(
                        "the third argument of `{name}` has type `{}`, not {want} type other than _Bool",
                        self.ty_str(&pty)
                    ),
                ));
            }
        };
        if let (Some(tt), false) = (&k.typed, k.predicate) {
            if self.int_bits(tt) != self.int_bits(&target) || tt.is_signed() != target.is_signed() {
                return Err(self.error(
                    &args[2].span,
                    format!("the third argument of `{name}` must point to `{}`", self.ty_str(tt)),
                ));
            }
        }
        let (a, ta) = ops[0].clone();
        let (b, tb) = ops[1].clone();
        let (wa, wb, wt) = (self.int_bits(&ta), self.int_bits(&tb), self.int_bits(&target));
        let (sa, sb, st) = (ta.is_signed(), tb.is_signed(), target.is_signed());
        let xa = self.resize(a, wa, 64, sa);
        let xb = self.resize(b, wb, 64, sb);
        let wrapped = Expr::bin(k.op, xa.clone(), xb.clone());
        let overflow = super::expr::fold_or(overflows(k.op, (&xa, wa, sa), (&xb, wb, sb), wt, st));
        let flag = self.materialize(bool_to_int(overflow), &CType::INT, sp);
        if !k.predicate && self.no_eval == 0 {
            let value = super::expr::fold_or(self.resize(wrapped, 64, wt, st));
            let base = if static_object(&p).is_some() { None } else { Some(p.clone()) };
            let place = Place::Mem(MemPlace {
                bits: None,
                root: root_of(&p),
                addr: p,
                ty: target,
                base,
                checks: Vec::new(),
                span: args[2].span,
            });
            self.store(&place, value, sp);
        }
        Ok(Value::Scalar(flag, CType::INT))
    }
}

/// Whether `a op b`, computed exactly, lies outside the range of the `wt`-bit integer type
/// (`st`: signed). The operands are given extended to 64 bits, with their own width and
/// signedness.
fn overflows(op: BinOp, (a, wa, sa): (&Expr, u32, bool), (b, wb, sb): (&Expr, u32, bool), wt: u32, st: bool) -> Expr {
    let u = |v: u64| Expr::uint(v, 64);
    let max_t = if st { (1u64 << (wt - 1)) - 1 } else { kappa_ir::expr::mask(wt) };
    // |min| of the target: 2^(wt-1) when signed, 0 when unsigned.
    let min_mag = if st { 1u64 << (wt - 1) } else { 0 };
    let exact = Expr::bin(op, a.clone(), b.clone());
    if wa <= 32 && wb <= 32 {
        if op == BinOp::Mul && !sa && !sb && wa == 32 && wb == 32 {
            // Below 2^64 as an unsigned product.
            return if wt == 64 && !st { Expr::Bool(false) } else { Expr::bin(BinOp::Ugt, exact, u(max_t)) };
        }
        // Every other sum, difference and product of 32-bit operands is exact in i64.
        let below = Expr::bin(BinOp::Slt, exact.clone(), Expr::int(-(min_mag as i128), 64));
        let above = if wt == 64 && !st {
            Expr::Bool(false)
        } else {
            Expr::bin(BinOp::Sgt, exact, Expr::int(max_t as i128, 64))
        };
        return below.or(above);
    }
    // Sign and magnitude of each operand; a difference adds the negated right operand.
    let sign_mag = |x: &Expr, signed: bool| -> (Expr, Expr) {
        if !signed {
            return (Expr::Bool(false), x.clone());
        }
        let neg = Expr::bin(BinOp::Slt, x.clone(), u(0));
        (neg.clone(), Expr::ite(neg, Expr::un(UnOp::Neg, x.clone()), x.clone()))
    };
    let (na, ma) = sign_mag(a, sa);
    let (nb, mb) = sign_mag(b, sb);
    let nb = if op == BinOp::Sub { nb.negate() } else { nb };
    let (neg, mag, mag_overflow) = match op {
        BinOp::Mul => {
            let m = Expr::bin(BinOp::Mul, ma.clone(), mb.clone());
            let zero = |x: &Expr| Expr::bin(BinOp::Eq, x.clone(), u(0));
            let divisor = Expr::ite(zero(&mb), u(1), mb.clone());
            let ovf = zero(&mb).negate().and(Expr::bin(BinOp::Ugt, ma, Expr::bin(BinOp::UDiv, u(u64::MAX), divisor)));
            (Expr::bin(BinOp::Xor, na, nb), m, ovf)
        }
        _ => {
            // Same signs: the magnitudes add (a carry is an overflow); else they subtract and
            // the larger one gives the sign.
            let differ = Expr::bin(BinOp::Xor, na.clone(), nb.clone());
            let sum = Expr::bin(BinOp::Add, ma.clone(), mb.clone());
            let carry = Expr::bin(BinOp::Ult, sum.clone(), ma.clone());
            let a_ge = Expr::bin(BinOp::Uge, ma.clone(), mb.clone());
            let diff = Expr::ite(
                a_ge.clone(),
                Expr::bin(BinOp::Sub, ma.clone(), mb.clone()),
                Expr::bin(BinOp::Sub, mb.clone(), ma.clone()),
            );
            let larger_neg = a_ge.clone().and(na.clone()).or(a_ge.clone().negate().and(nb));
            let neg = differ.clone().and(larger_neg).or(differ.clone().negate().and(na));
            let mag = Expr::ite(differ.clone(), diff, sum);
            (neg, mag, differ.negate().and(carry))
        }
    };
    let fits = Expr::ite(neg, Expr::bin(BinOp::Ule, mag.clone(), u(min_mag)), Expr::bin(BinOp::Ule, mag, u(max_t)));
    mag_overflow.or(fits.negate())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_the_family() {
        let k = checked_op("__builtin_add_overflow").unwrap();
        assert!(k.op == BinOp::Add && k.typed.is_none() && !k.predicate);
        let k = checked_op("__builtin_mul_overflow_p").unwrap();
        assert!(k.op == BinOp::Mul && k.typed.is_none() && k.predicate);
        let k = checked_op("__builtin_uaddl_overflow").unwrap();
        assert!(k.op == BinOp::Add && k.typed == Some(CType::ULONG));
        let k = checked_op("__builtin_smulll_overflow").unwrap();
        assert!(k.op == BinOp::Mul && k.typed == Some(CType::Int { rank: IntRank::LongLong, signed: true }));
        let k = checked_op("__builtin_ssub_overflow").unwrap();
        assert!(k.op == BinOp::Sub && k.typed == Some(CType::INT));
        for bad in ["__builtin_div_overflow", "__builtin_sadd_overflow_p", "__builtin_saddq_overflow", "__builtin_add"]
        {
            assert!(checked_op(bad).is_none(), "{bad}");
        }
    }
}
