//! Constant folding of IR expressions: integer constant expressions, address constants of
//! static initialisers, and constant branch conditions.

use kappa_ir::expr::{mask, to_signed};
use kappa_ir::{BinOp, CastOp, Expr, UnOp};

/// The value of an expression without variables, as `Int`, `Bool`, `Null`, `AddrOf` or
/// `PtrAdd(AddrOf, Int)`; `None` if it is not constant (or divides by zero).
pub(crate) fn fold(e: &Expr) -> Option<Expr> {
    Some(match e {
        Expr::Int { .. } | Expr::Bool(_) | Expr::Null | Expr::AddrOf(_) => e.clone(),
        Expr::Var(_) => return None,
        Expr::Un(op, a) => match (op, fold(a)?) {
            (UnOp::Not, Expr::Bool(b)) => Expr::Bool(!b),
            (UnOp::Neg, Expr::Int { bits, width }) => Expr::uint(bits.wrapping_neg(), width),
            (UnOp::BitNot, Expr::Int { bits, width }) => Expr::uint(!bits, width),
            _ => return None,
        },
        Expr::Bin(op, a, b) => {
            let (a, b) = (fold(a)?, fold(b)?);
            match (&a, &b) {
                (Expr::Int { bits: x, width }, Expr::Int { bits: y, .. }) => int_bin(*op, *x, *y, *width)?,
                (Expr::Bool(x), Expr::Bool(y)) => match op {
                    BinOp::And => Expr::Bool(*x && *y),
                    BinOp::Or => Expr::Bool(*x || *y),
                    BinOp::Xor | BinOp::Ne => Expr::Bool(x != y),
                    BinOp::Eq => Expr::Bool(x == y),
                    _ => return None,
                },
                _ => {
                    // Pointer constants compare equal only when they are the same address.
                    let (pa, pb) = (ptr_parts(&a)?, ptr_parts(&b)?);
                    match op {
                        BinOp::Eq => Expr::Bool(pa == pb),
                        BinOp::Ne => Expr::Bool(pa != pb),
                        _ => return None,
                    }
                }
            }
        }
        Expr::Cast(op, w, a) => match fold(a)? {
            Expr::Int { bits, width } => match op {
                CastOp::Trunc | CastOp::ZExt => Expr::uint(bits, *w),
                CastOp::SExt => Expr::int(to_signed(bits, width) as i128, *w),
            },
            _ => return None,
        },
        Expr::Ite(c, a, b) => match fold(c)? {
            Expr::Bool(true) => fold(a)?,
            Expr::Bool(false) => fold(b)?,
            _ => return None,
        },
        Expr::PtrAdd(p, o) => {
            let Expr::Int { bits: off, width } = fold(o)? else { return None };
            match fold(p)? {
                Expr::AddrOf(obj) => {
                    if off == 0 {
                        Expr::AddrOf(obj)
                    } else {
                        Expr::ptr_add(Expr::AddrOf(obj), Expr::uint(off, width))
                    }
                }
                Expr::PtrAdd(base, o2) => {
                    let Expr::Int { bits: off2, .. } = *o2 else { return None };
                    let sum = off.wrapping_add(off2) & mask(width);
                    if sum == 0 {
                        *base
                    } else {
                        Expr::ptr_add(*base, Expr::uint(sum, width))
                    }
                }
                _ => return None,
            }
        }
        Expr::PtrDiff(p, q) => {
            let (pa, pb) = (ptr_parts(&fold(p)?)?, ptr_parts(&fold(q)?)?);
            if pa.0 != pb.0 {
                return None;
            }
            let width = match (p.as_ref(), q.as_ref()) {
                (Expr::PtrAdd(_, o), _) | (_, Expr::PtrAdd(_, o)) => match o.as_ref() {
                    Expr::Int { width, .. } => *width,
                    _ => return None,
                },
                _ => return None,
            };
            Expr::uint(pa.1.wrapping_sub(pb.1), width)
        }
        Expr::Live(_) | Expr::InBounds(..) | Expr::Writable(_) | Expr::Freeable(_) => return None,
    })
}

/// Folds the constant parts of an expression: constant subterms become literals, and boolean
/// connectives with a constant operand collapse (`x && false` is `false`).
pub(crate) fn simplify(e: &Expr) -> Expr {
    if let Some(c) = fold(e) {
        return c;
    }
    match e {
        Expr::Bin(op @ (BinOp::And | BinOp::Or), a, b) => {
            let (a, b) = (simplify(a), simplify(b));
            match (op, &a, &b) {
                (BinOp::And, Expr::Bool(_), _) | (BinOp::And, _, Expr::Bool(_)) => a.and(b),
                (BinOp::Or, Expr::Bool(_), _) | (BinOp::Or, _, Expr::Bool(_)) => a.or(b),
                _ => Expr::bin(*op, a, b),
            }
        }
        Expr::Bin(op, a, b) => Expr::bin(*op, simplify(a), simplify(b)),
        Expr::Un(UnOp::Not, a) => simplify(a).negate(),
        Expr::Un(op, a) => Expr::un(*op, simplify(a)),
        Expr::Ite(c, a, b) => match simplify(c) {
            Expr::Bool(true) => simplify(a),
            Expr::Bool(false) => simplify(b),
            c => Expr::ite(c, simplify(a), simplify(b)),
        },
        _ => e.clone(),
    }
}

/// (object, offset) of a constant pointer; null is object `None`.
fn ptr_parts(e: &Expr) -> Option<(Option<kappa_ir::ObjId>, u64)> {
    match e {
        Expr::Null => Some((None, 0)),
        Expr::AddrOf(o) => Some((Some(*o), 0)),
        Expr::PtrAdd(b, o) => match (b.as_ref(), o.as_ref()) {
            (Expr::AddrOf(obj), Expr::Int { bits, .. }) => Some((Some(*obj), *bits)),
            _ => None,
        },
        _ => None,
    }
}

fn int_bin(op: BinOp, x: u64, y: u64, w: u32) -> Option<Expr> {
    let (sx, sy) = (to_signed(x, w), to_signed(y, w));
    let m = mask(w);
    let v = |r: u64| Expr::uint(r & m, w);
    Some(match op {
        BinOp::Add => v(x.wrapping_add(y)),
        BinOp::Sub => v(x.wrapping_sub(y)),
        BinOp::Mul => v(x.wrapping_mul(y)),
        BinOp::UDiv => v(x.checked_div(y)?),
        BinOp::URem => v(x.checked_rem(y)?),
        BinOp::SDiv => {
            if y == 0 {
                return None;
            }
            v(sx.wrapping_div(sy) as u64)
        }
        BinOp::SRem => {
            if y == 0 {
                return None;
            }
            v(sx.wrapping_rem(sy) as u64)
        }
        BinOp::Shl => v(if y >= u64::from(w) { 0 } else { x << y }),
        BinOp::LShr => v(if y >= u64::from(w) { 0 } else { x >> y }),
        BinOp::AShr => v(if y >= u64::from(w) { (sx >> 63) as u64 } else { (sx >> y) as u64 }),
        BinOp::And => v(x & y),
        BinOp::Or => v(x | y),
        BinOp::Xor => v(x ^ y),
        BinOp::Eq => Expr::Bool(x == y),
        BinOp::Ne => Expr::Bool(x != y),
        BinOp::Ult => Expr::Bool(x < y),
        BinOp::Ule => Expr::Bool(x <= y),
        BinOp::Ugt => Expr::Bool(x > y),
        BinOp::Uge => Expr::Bool(x >= y),
        BinOp::Slt => Expr::Bool(sx < sy),
        BinOp::Sle => Expr::Bool(sx <= sy),
        BinOp::Sgt => Expr::Bool(sx > sy),
        BinOp::Sge => Expr::Bool(sx >= sy),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_signed_division_and_shifts() {
        let e = Expr::bin(BinOp::SDiv, Expr::int(-7, 32), Expr::int(2, 32));
        assert_eq!(fold(&e), Some(Expr::int(-3, 32)));
        let e = Expr::bin(BinOp::SRem, Expr::int(-7, 32), Expr::int(2, 32));
        assert_eq!(fold(&e), Some(Expr::int(-1, 32)));
        let e = Expr::bin(BinOp::AShr, Expr::int(-8, 32), Expr::int(1, 32));
        assert_eq!(fold(&e), Some(Expr::int(-4, 32)));
        let e = Expr::bin(BinOp::UDiv, Expr::int(1, 32), Expr::int(0, 32));
        assert_eq!(fold(&e), None);
    }
}
