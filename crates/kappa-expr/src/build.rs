//! Smart constructors: every term the engine builds goes through them. They fold constants with
//! SMT-LIB semantics (division by zero included), flatten and order conjunctions, normalise
//! `x + c` forms (which the template computation of compact SE looks for) and resolve reads of
//! arrays written at constant indices.

use crate::term::{mask, signed, Elem, Op, Sort, Term};
use std::collections::HashMap;

/// At most this many (ite, value) pairs are pushed down by one `Term::eq` (see there).
const EQ_PUSH_LIMIT: usize = 1 << 16;

fn bv_fold(op: Op, a: u64, b: u64, w: u32) -> u64 {
    let m = mask(w);
    let (sa, sb) = (signed(a, w), signed(b, w));
    let r = match op {
        Op::BvAdd => a.wrapping_add(b),
        Op::BvSub => a.wrapping_sub(b),
        Op::BvMul => a.wrapping_mul(b),
        Op::BvUDiv => a.checked_div(b).unwrap_or(m),
        Op::BvURem => a.checked_rem(b).unwrap_or(a),
        Op::BvSDiv => {
            if b == 0 {
                if sa < 0 {
                    1
                } else {
                    m
                }
            } else {
                sa.wrapping_div(sb) as u64
            }
        }
        Op::BvSRem => {
            if b == 0 {
                a
            } else {
                sa.wrapping_rem(sb) as u64
            }
        }
        Op::BvShl => {
            if b >= u64::from(w) {
                0
            } else {
                a << b
            }
        }
        Op::BvLShr => {
            if b >= u64::from(w) {
                0
            } else {
                a >> b
            }
        }
        Op::BvAShr => {
            if b >= u64::from(w) {
                (sa >> 63) as u64
            } else {
                (sa >> b) as u64
            }
        }
        Op::BvAnd => a & b,
        Op::BvOr => a | b,
        Op::BvXor => a ^ b,
        _ => unreachable!("not a binary bit-vector operation: {op:?}"),
    };
    r & m
}

impl Term {
    // ---- booleans ----

    pub fn not(&self) -> Term {
        match self.op() {
            Op::BoolConst(b) => Term::bool(!b),
            Op::Not => self.arg(0).clone(),
            _ => Term::mk(Op::Not, vec![self.clone()], Sort::Bool),
        }
    }

    pub fn and(&self, other: &Term) -> Term {
        Term::and_all([self.clone(), other.clone()])
    }

    pub fn or(&self, other: &Term) -> Term {
        Term::or_all([self.clone(), other.clone()])
    }

    pub fn implies(&self, other: &Term) -> Term {
        self.not().or(other)
    }

    /// Conjunction, flattened, without duplicates or `true`, ordered by term id.
    pub fn and_all(items: impl IntoIterator<Item = Term>) -> Term {
        Term::nary(Op::And, items)
    }

    pub fn or_all(items: impl IntoIterator<Item = Term>) -> Term {
        Term::nary(Op::Or, items)
    }

    fn nary(op: Op, items: impl IntoIterator<Item = Term>) -> Term {
        let (unit, zero) = if op == Op::And { (true, false) } else { (false, true) };
        let mut flat: Vec<Term> = Vec::new();
        let mut stack: Vec<Term> = items.into_iter().collect();
        stack.reverse();
        while let Some(t) = stack.pop() {
            match t.op() {
                Op::BoolConst(b) if b == unit => {}
                Op::BoolConst(_) => return Term::bool(zero),
                o if o == op => stack.extend(t.args().iter().rev().cloned()),
                _ => flat.push(t),
            }
        }
        flat.sort();
        flat.dedup();
        // x and (not x)
        for t in &flat {
            if t.op() == Op::Not && flat.binary_search(t.arg(0)).is_ok() {
                return Term::bool(zero);
            }
        }
        match flat.len() {
            0 => Term::bool(unit),
            1 => flat.pop().unwrap_or_else(|| Term::bool(unit)),
            _ => Term::mk(op, flat, Sort::Bool),
        }
    }

    pub fn ite(c: &Term, a: &Term, b: &Term) -> Term {
        if let Some(v) = c.as_bool() {
            return if v { a.clone() } else { b.clone() };
        }
        if a == b {
            return a.clone();
        }
        if c.op() == Op::Not {
            return Term::ite(c.arg(0), b, a);
        }
        if a.sort() == Sort::Bool {
            match (a.as_bool(), b.as_bool()) {
                (Some(true), Some(false)) => return c.clone(),
                (Some(false), Some(true)) => return c.not(),
                (Some(true), None) => return c.or(b),
                (Some(false), None) => return c.not().and(b),
                (None, Some(true)) => return c.not().or(a),
                (None, Some(false)) => return c.and(a),
                _ => {}
            }
        }
        // ite(c, ite(c, x, y), z) = ite(c, x, z)
        let a = if a.op() == Op::Ite && a.arg(0) == c { a.arg(1) } else { a };
        let b = if b.op() == Op::Ite && b.arg(0) == c { b.arg(2) } else { b };
        Term::mk(Op::Ite, vec![c.clone(), a.clone(), b.clone()], a.sort())
    }

    pub fn eq(&self, other: &Term) -> Term {
        self.eq_in(other, &mut HashMap::new())
    }

    /// `eq` with a memo of the ite push-downs done so far, keyed by (ite id, value id): the
    /// ite-chains of reads at symbolic offsets share their branches (a DAG), and without it
    /// pushing the equality down visits every path, exponentially many in the depth.
    fn eq_in(&self, other: &Term, memo: &mut HashMap<(u64, u64), Term>) -> Term {
        let (a, b) = (self, other);
        if a == b {
            return Term::tt();
        }
        if a.is_const() && b.is_const() {
            return Term::bool(false);
        }
        if a.sort() == Sort::Bool {
            if let Some(v) = a.as_bool() {
                return if v { b.clone() } else { b.not() };
            }
            if let Some(v) = b.as_bool() {
                return if v { a.clone() } else { a.not() };
            }
        }
        // (x + c1) == c2  ⇒  x == c2 - c1
        if let (Op::BvAdd, Some(c2)) = (a.op(), b.as_bv()) {
            if let Some(c1) = a.arg(1).as_bv() {
                let w = a.width();
                return a.arg(0).eq_in(&Term::bv(c2.wrapping_sub(c1), w), memo);
            }
        }
        if let (Some(_), Op::BvAdd) = (a.as_bv(), b.op()) {
            return b.eq_in(a, memo);
        }
        for (x, y) in [(a, b), (b, a)] {
            let Some(c) = y.as_bv() else { continue };
            let w = x.width();
            // x·2^s == c  ⇒  the low w−s bits of x are c >> s (false if c has a low bit set):
            // an index scaled to a byte offset, compared with the offset of an object's cell.
            if let Some(k) = (x.op() == Op::BvMul).then(|| x.arg(1).as_bv()).flatten() {
                let s = k.trailing_zeros();
                if k.is_power_of_two() && (1..w).contains(&s) {
                    if c & mask(s) != 0 {
                        return Term::ff();
                    }
                    return x.arg(0).extract(w - 1 - s, 0).eq_in(&Term::bv(c >> s, w - s), memo);
                }
            }
            // ext(y)·k == c with y of w0 bits and k < 2^(w−w0): the product cannot wrap, so
            // y == c / k if k divides c and the quotient fits in w0 bits, else false: an index
            // scaled by an element size (`&a[i]` with 76-byte elements) compared with the
            // address of a cell.
            if let Some(k) = (x.op() == Op::BvMul).then(|| x.arg(1).as_bv()).flatten() {
                let e = x.arg(0);
                if let (Op::ZExt(_) | Op::SExt(_), true) = (e.op(), k > 1 && w <= 64) {
                    let w0 = e.arg(0).width();
                    if w0 < w && (k as u128) < (1u128 << (w - w0)) {
                        let q = if e.op() == Op::SExt(w) {
                            let cs = signed(c, w);
                            (cs % k as i64 == 0)
                                .then(|| cs / k as i64)
                                .filter(|q| (-(1i64 << (w0 - 1))..(1i64 << (w0 - 1))).contains(q))
                                .map(|q| q as u64 & mask(w0))
                        } else {
                            (c % k == 0).then(|| c / k).filter(|q| w0 >= 64 || *q < 1u64 << w0)
                        };
                        return match q {
                            Some(q) => e.arg(0).eq_in(&Term::bv(q, w0), memo),
                            None => Term::ff(),
                        };
                    }
                }
            }
            // zext(x) == c, sext(x) == c  ⇒  x == c's low bits (false if c is not an extension).
            if let Op::ZExt(_) | Op::SExt(_) = x.op() {
                let inner = x.arg(0);
                let low = Term::bv(c, inner.width());
                let back = if matches!(x.op(), Op::ZExt(_)) { low.zext(w) } else { low.sext(w) };
                return if back.as_bv() == Some(c) { inner.eq_in(&low, memo) } else { Term::ff() };
            }
        }
        // ite(c, k1, k2) == k with constants decides on c.
        for (x, y) in [(a, b), (b, a)] {
            if x.op() == Op::Ite && y.is_const() && x.arg(1).is_const() && x.arg(2).is_const() {
                let (t, e) = (x.arg(1) == y, x.arg(2) == y);
                return match (t, e) {
                    (true, true) => Term::tt(),
                    (true, false) => x.arg(0).clone(),
                    (false, true) => x.arg(0).not(),
                    (false, false) => Term::ff(),
                };
            }
        }
        // ite(c, x, y) == v with v not an ite: ite(c, x == v, y == v). Reads at symbolic
        // offsets are ite-chains over an object's cells; compared with a value they become a
        // boolean case split, which Z3's core decides lazily, instead of a bit-blasted mux.
        // Memoised per (ite, v), so the cost is linear in the DAG; past EQ_PUSH_LIMIT pairs
        // (the value can change on the way down, `x + c == k`) `ite == v` is kept as is.
        for (x, y) in [(a, b), (b, a)] {
            if x.op() == Op::Ite && y.op() != Op::Ite && !matches!(x.sort(), Sort::Bool | Sort::Array(..)) {
                if let Some(t) = memo.get(&(x.id(), y.id())) {
                    return t.clone();
                }
                if memo.len() >= EQ_PUSH_LIMIT {
                    break;
                }
                let t = Term::ite(x.arg(0), &x.arg(1).eq_in(y, memo), &x.arg(2).eq_in(y, memo));
                memo.insert((x.id(), y.id()), t.clone());
                return t;
            }
        }
        let (a, b) = if a > b { (b, a) } else { (a, b) };
        Term::mk(Op::Eq, vec![a.clone(), b.clone()], Sort::Bool)
    }

    pub fn ne(&self, other: &Term) -> Term {
        self.eq(other).not()
    }

    // ---- bit-vectors ----

    pub fn bvneg(&self) -> Term {
        if let Some(v) = self.as_bv() {
            return Term::bv(v.wrapping_neg(), self.width());
        }
        if self.op() == Op::BvNeg {
            return self.arg(0).clone();
        }
        Term::mk(Op::BvNeg, vec![self.clone()], self.sort())
    }

    pub fn bvnot(&self) -> Term {
        if let Some(v) = self.as_bv() {
            return Term::bv(!v, self.width());
        }
        if self.op() == Op::BvNot {
            return self.arg(0).clone();
        }
        Term::mk(Op::BvNot, vec![self.clone()], self.sort())
    }

    pub fn bvadd(&self, other: &Term) -> Term {
        let w = self.width();
        let (mut a, mut b) = (self.clone(), other.clone());
        if a.as_bv().is_some() && b.as_bv().is_none() {
            std::mem::swap(&mut a, &mut b);
        }
        match (a.as_bv(), b.as_bv()) {
            (Some(x), Some(y)) => return Term::bv(bv_fold(Op::BvAdd, x, y, w), w),
            (None, Some(0)) => return a,
            (None, Some(y)) => {
                // (x + c1) + c2 = x + (c1 + c2)
                if a.op() == Op::BvAdd {
                    if let Some(c1) = a.arg(1).as_bv() {
                        return a.arg(0).bvadd(&Term::bv(c1.wrapping_add(y), w));
                    }
                }
            }
            _ => {
                // (x + c) + y = (x + y) + c keeps constants outermost.
                if a.op() == Op::BvAdd && a.arg(1).as_bv().is_some() {
                    return a.arg(0).bvadd(&b).bvadd(a.arg(1));
                }
                if b.op() == Op::BvAdd && b.arg(1).as_bv().is_some() {
                    return a.bvadd(b.arg(0)).bvadd(b.arg(1));
                }
                if b.op() == Op::BvNeg && b.arg(0) == &a {
                    return Term::bv(0, w);
                }
                // (x / d) * d + x % d = x, for the signed and the unsigned pairs and every d
                // (division by zero and overflow included, in SMT-LIB semantics). Bit-blasted,
                // the identity is out of Z3's reach within seconds at 32 bits.
                for (m, r) in [(&a, &b), (&b, &a)] {
                    let div = match r.op() {
                        Op::BvSRem => Op::BvSDiv,
                        Op::BvURem => Op::BvUDiv,
                        _ => continue,
                    };
                    if m.op() != Op::BvMul {
                        continue;
                    }
                    let (x, d) = (r.arg(0), r.arg(1));
                    let q = |t: &Term| t.op() == div && t.arg(0) == x && t.arg(1) == d;
                    if (q(m.arg(0)) && m.arg(1) == d) || (q(m.arg(1)) && m.arg(0) == d) {
                        return x.clone();
                    }
                }
            }
        }
        Term::mk(Op::BvAdd, vec![a, b], Sort::Bv(w))
    }

    pub fn bvsub(&self, other: &Term) -> Term {
        let w = self.width();
        if self == other {
            return Term::bv(0, w);
        }
        match (self.as_bv(), other.as_bv()) {
            (Some(x), Some(y)) => Term::bv(bv_fold(Op::BvSub, x, y, w), w),
            (_, Some(y)) => self.bvadd(&Term::bv(y.wrapping_neg(), w)),
            _ => {
                // (x + c) - x = c
                if self.op() == Op::BvAdd && self.arg(0) == other {
                    return self.arg(1).clone();
                }
                Term::mk(Op::BvSub, vec![self.clone(), other.clone()], Sort::Bv(w))
            }
        }
    }

    pub fn bvmul(&self, other: &Term) -> Term {
        let w = self.width();
        let (mut a, mut b) = (self.clone(), other.clone());
        if a.as_bv().is_some() && b.as_bv().is_none() {
            std::mem::swap(&mut a, &mut b);
        }
        match (a.as_bv(), b.as_bv()) {
            (Some(x), Some(y)) => Term::bv(bv_fold(Op::BvMul, x, y, w), w),
            (None, Some(0)) => Term::bv(0, w),
            (None, Some(1)) => a,
            (None, Some(y)) if a.op() == Op::BvMul && a.arg(1).as_bv().is_some() => {
                let c1 = a.arg(1).as_bv().unwrap_or(1);
                a.arg(0).bvmul(&Term::bv(c1.wrapping_mul(y), w))
            }
            _ => Term::narrowed(Op::BvMul, &a, &b).unwrap_or_else(|| Term::mk(Op::BvMul, vec![a, b], Sort::Bv(w))),
        }
    }

    /// `k` when the value of `t` as an unsigned number fits in its low `k` bits for syntactic
    /// reasons (a zero extension, a constant).
    fn unsigned_bits(t: &Term) -> Option<u32> {
        match t.op() {
            Op::ZExt(_) => Some(t.arg(0).width()),
            Op::BvConst(v) => Some((64 - v.leading_zeros()).max(1)),
            _ => None,
        }
    }

    /// `k` when `t` as a signed number fits in `k` bits (a sign extension, a constant).
    fn signed_bits(t: &Term) -> Option<u32> {
        match t.op() {
            Op::SExt(_) => Some(t.arg(0).width()),
            Op::ZExt(_) => Some(t.arg(0).width() + 1),
            Op::BvConst(v) => {
                let s = signed(v, t.width());
                Some(65 - (s ^ (s >> 63)).leading_zeros())
            }
            _ => None,
        }
    }

    /// Both operands are non-negative as signed numbers.
    fn both_nonneg(a: &Term, b: &Term) -> bool {
        let w = a.width();
        Term::unsigned_bits(a).is_some_and(|k| k < w) && Term::unsigned_bits(b).is_some_and(|k| k < w)
    }

    /// Division, remainder and product of operands extended from fewer bits computed at the
    /// narrower width and extended back (issue 12, solver strategy): exact identities, and the
    /// bit-blasted divider shrinks with the square of the width — nested `%` of values an
    /// assumption bounds to 0..50 goes from seconds to milliseconds. Constant-only operations
    /// are folded before this is tried.
    fn narrowed(op: Op, a: &Term, b: &Term) -> Option<Term> {
        let w = a.width();
        if w > 64 || (a.is_const() && b.is_const()) || (op == Op::BvMul && (a.is_const() || b.is_const())) {
            return None;
        }
        match op {
            Op::BvURem | Op::BvUDiv | Op::BvMul => {
                let (ka, kb) = (Term::unsigned_bits(a)?, Term::unsigned_bits(b)?);
                let k = if op == Op::BvMul { ka + kb } else { ka.max(kb) };
                if k >= w {
                    return None;
                }
                let (na, nb) = (a.zext(k), b.zext(k));
                Some(match op {
                    Op::BvURem => na.bvurem(&nb).zext(w),
                    Op::BvMul => na.bvmul(&nb).zext(w),
                    // x / 0 is all ones at either width.
                    _ => Term::ite(&nb.eq(&Term::bv(0, k)), &Term::bv(mask(w), w), &na.bvudiv(&nb).zext(w)),
                })
            }
            // |x rem y| < |y| and has the sign of x, x rem 0 = x: the remainder fits where the
            // operands do (the one overflow, MIN rem -1, is 0 at both widths).
            Op::BvSRem => {
                let k = Term::signed_bits(a)?.max(Term::signed_bits(b)?);
                if k >= w {
                    return None;
                }
                Some(a.extract(k - 1, 0).bvsrem(&b.extract(k - 1, 0)).sext(w))
            }
            _ => None,
        }
    }

    fn bv_binop(op: Op, a: &Term, b: &Term) -> Term {
        let w = a.width();
        if let (Some(x), Some(y)) = (a.as_bv(), b.as_bv()) {
            return Term::bv(bv_fold(op, x, y, w), w);
        }
        Term::mk(op, vec![a.clone(), b.clone()], Sort::Bv(w))
    }

    /// k when `d` is the constant 2^k with 1 ≤ k ≤ w-2 (so that it is positive as signed).
    fn pow2(d: &Term) -> Option<u64> {
        let c = d.as_bv()?;
        let k = u64::from(c.trailing_zeros());
        (c.is_power_of_two() && k >= 1 && k + 2 <= u64::from(d.width())).then_some(k)
    }

    pub fn bvudiv(&self, d: &Term) -> Term {
        if d.as_bv() == Some(1) {
            return self.clone();
        }
        if let (None, Some(k)) = (self.as_bv(), Term::pow2(d)) {
            return self.bvlshr(&Term::bv(k, self.width()));
        }
        if let Some(t) = Term::narrowed(Op::BvUDiv, self, d) {
            return t;
        }
        Term::bv_binop(Op::BvUDiv, self, d)
    }

    pub fn bvsdiv(&self, d: &Term) -> Term {
        if d.as_bv() == Some(1) {
            return self.clone();
        }
        if let (None, Some(k)) = (self.as_bv(), Term::pow2(d)) {
            // Rounding towards zero: negative dividends get 2^k - 1 added before the shift.
            let w = self.width();
            let bias = self.bvashr(&Term::bv(u64::from(w) - 1, w)).bvlshr(&Term::bv(u64::from(w) - k, w));
            return self.bvadd(&bias).bvashr(&Term::bv(k, w));
        }
        if Term::both_nonneg(self, d) {
            return self.bvudiv(d);
        }
        Term::bv_binop(Op::BvSDiv, self, d)
    }

    pub fn bvurem(&self, d: &Term) -> Term {
        if d.as_bv() == Some(1) {
            return Term::bv(0, self.width());
        }
        if let (None, Some(k)) = (self.as_bv(), Term::pow2(d)) {
            return self.bvand(&Term::bv((1u64 << k) - 1, self.width()));
        }
        if let Some(t) = Term::narrowed(Op::BvURem, self, d) {
            return t;
        }
        Term::bv_binop(Op::BvURem, self, d)
    }

    pub fn bvsrem(&self, d: &Term) -> Term {
        if d.as_bv() == Some(1) {
            return Term::bv(0, self.width());
        }
        if let (None, Some(k)) = (self.as_bv(), Term::pow2(d)) {
            let w = self.width();
            return self.bvsub(&self.bvsdiv(d).bvshl(&Term::bv(k, w)));
        }
        if Term::both_nonneg(self, d) {
            return self.bvurem(d);
        }
        if let Some(t) = Term::narrowed(Op::BvSRem, self, d) {
            return t;
        }
        Term::bv_binop(Op::BvSRem, self, d)
    }

    fn shift(op: Op, a: &Term, b: &Term) -> Term {
        let w = a.width();
        match b.as_bv() {
            Some(0) => a.clone(),
            Some(s) if s >= u64::from(w) && op != Op::BvAShr => Term::bv(0, w),
            _ => Term::bv_binop(op, a, b),
        }
    }

    pub fn bvshl(&self, s: &Term) -> Term {
        Term::shift(Op::BvShl, self, s)
    }

    pub fn bvlshr(&self, s: &Term) -> Term {
        Term::shift(Op::BvLShr, self, s)
    }

    pub fn bvashr(&self, s: &Term) -> Term {
        Term::shift(Op::BvAShr, self, s)
    }

    pub fn bvand(&self, other: &Term) -> Term {
        let w = self.width();
        let (mut a, mut b) = (self.clone(), other.clone());
        if a.as_bv().is_some() {
            std::mem::swap(&mut a, &mut b);
        }
        if a == b {
            return a;
        }
        match b.as_bv() {
            Some(0) => Term::bv(0, w),
            Some(m) if m == mask(w) => a,
            _ => Term::bv_binop(Op::BvAnd, &a, &b),
        }
    }

    pub fn bvor(&self, other: &Term) -> Term {
        let w = self.width();
        let (mut a, mut b) = (self.clone(), other.clone());
        if a.as_bv().is_some() {
            std::mem::swap(&mut a, &mut b);
        }
        if a == b {
            return a;
        }
        match b.as_bv() {
            Some(0) => a,
            Some(m) if m == mask(w) => Term::bv(m, w),
            _ => Term::bv_binop(Op::BvOr, &a, &b),
        }
    }

    pub fn bvxor(&self, other: &Term) -> Term {
        let w = self.width();
        let (mut a, mut b) = (self.clone(), other.clone());
        if a.as_bv().is_some() {
            std::mem::swap(&mut a, &mut b);
        }
        if a == b {
            return Term::bv(0, w);
        }
        match b.as_bv() {
            Some(0) => a,
            _ => Term::bv_binop(Op::BvXor, &a, &b),
        }
    }

    fn cmp(op: Op, a: &Term, b: &Term) -> Term {
        let w = a.width();
        if let (Some(x), Some(y)) = (a.as_bv(), b.as_bv()) {
            let (sx, sy) = (signed(x, w), signed(y, w));
            return Term::bool(match op {
                Op::BvUlt => x < y,
                Op::BvUle => x <= y,
                Op::BvSlt => sx < sy,
                _ => sx <= sy,
            });
        }
        if a == b {
            return Term::bool(matches!(op, Op::BvUle | Op::BvSle));
        }
        match (op, a.as_bv(), b.as_bv()) {
            (Op::BvUlt, _, Some(0)) => return Term::ff(),
            (Op::BvUle, Some(0), _) => return Term::tt(),
            (Op::BvUle, _, Some(m)) if m == mask(w) => return Term::tt(),
            (Op::BvUlt, Some(m), _) if m == mask(w) => return Term::ff(),
            _ => {}
        }
        // A scaled index against a constant is a range of the index (see `scaled_ule`):
        // `t ≤ m`, `t < m` = `t ≤ m-1`, `m ≤ t` = `¬(t ≤ m-1)`, `m < t` = `¬(t ≤ m)`.
        let ranged = match (op, a.as_bv(), b.as_bv()) {
            (Op::BvUle, None, Some(m)) => Term::scaled_ule(a, m),
            (Op::BvUlt, None, Some(m)) => Term::scaled_ule(a, m - 1),
            (Op::BvUle, Some(m), None) => Term::scaled_ule(b, m - 1).map(|t| t.not()),
            (Op::BvUlt, Some(m), None) => Term::scaled_ule(b, m).map(|t| t.not()),
            _ => None,
        };
        if let Some(t) = ranged {
            return t;
        }
        Term::mk(op, vec![a.clone(), b.clone()], Sort::Bool)
    }

    /// `k·ext(y) + c ≤ m` (unsigned, at `t`'s width `w ≤ 64`; `y` of `w0 < w` bits, `k ≥ 1`,
    /// `c` and `m` constants) as a range of `y`, when it is exactly one: the integer
    /// `T = k·Y + c` (`Y` the value of `y`, signed for a sign extension; `c` read as signed)
    /// stays below `2^w`, and a negative `T` wraps to above `m`, so `t ≤ m` iff `0 ≤ T ≤ m`.
    /// A pointer `&a[i] + f` is such a term (the memory of the slicer, issue 24): its bounds
    /// check becomes a check of `i` at `i`'s width, not of 64-bit products and shifts.
    fn scaled_ule(t: &Term, m: u64) -> Option<Term> {
        let w = t.width();
        if w > 64 {
            return None;
        }
        let (x, c) = match t.op() {
            Op::BvAdd => (t.arg(0), t.arg(1).as_bv()?),
            _ => (t, 0),
        };
        let (e, k) = match x.op() {
            Op::BvMul => (x.arg(0), x.arg(1).as_bv()?),
            _ => (x, 1),
        };
        let sext = match e.op() {
            Op::SExt(_) => true,
            Op::ZExt(_) => false,
            _ => return None,
        };
        let y = e.arg(0);
        let w0 = y.width();
        if k == 0 || w0 >= w || w0 > 63 {
            return None;
        }
        let (ymin, ymax): (i128, i128) =
            if sext { (-(1i128 << (w0 - 1)), (1i128 << (w0 - 1)) - 1) } else { (0, (1i128 << w0) - 1) };
        let (k, c, m, two_w) = (k as i128, signed(c, w) as i128, m as i128, 1i128 << w);
        let (tmin, tmax) = (k * ymin + c, k * ymax + c);
        if tmax >= two_w || tmin <= m - two_w {
            return None;
        }
        // 0 ≤ k·Y + c ≤ m: ceil(-c/k) ≤ Y ≤ floor((m-c)/k).
        let lo = (-c).div_euclid(k) + i128::from((-c).rem_euclid(k) != 0);
        let hi = (m - c).div_euclid(k);
        let (lo, hi) = (lo.max(ymin), hi.min(ymax));
        if lo > hi {
            return Some(Term::ff());
        }
        let bv = |v: i128| Term::bv(v as u64 & mask(w0), w0);
        let mut r = Term::tt();
        if lo > ymin {
            r = if sext { bv(lo).bvsle(y) } else { bv(lo).bvule(y) };
        }
        if hi < ymax {
            r = r.and(&if sext { y.bvsle(&bv(hi)) } else { y.bvule(&bv(hi)) });
        }
        Some(r)
    }

    pub fn bvult(&self, o: &Term) -> Term {
        Term::cmp(Op::BvUlt, self, o)
    }

    pub fn bvule(&self, o: &Term) -> Term {
        Term::cmp(Op::BvUle, self, o)
    }

    pub fn bvslt(&self, o: &Term) -> Term {
        Term::cmp(Op::BvSlt, self, o)
    }

    pub fn bvsle(&self, o: &Term) -> Term {
        Term::cmp(Op::BvSle, self, o)
    }

    pub fn bvugt(&self, o: &Term) -> Term {
        o.bvult(self)
    }

    pub fn bvuge(&self, o: &Term) -> Term {
        o.bvule(self)
    }

    pub fn bvsgt(&self, o: &Term) -> Term {
        o.bvslt(self)
    }

    pub fn bvsge(&self, o: &Term) -> Term {
        o.bvsle(self)
    }

    /// `hi ++ lo`: `self` becomes the high bits.
    pub fn concat(&self, lo: &Term) -> Term {
        let (wh, wl) = (self.width(), lo.width());
        let w = wh + wl;
        if let (Some(h), Some(l)) = (self.as_bv(), lo.as_bv()) {
            if w <= 64 {
                return Term::bv((h << wl) | l, w);
            }
        }
        // extract(x, h, m+1) ++ extract(x, m, l) = extract(x, h, l)
        if let (Op::Extract(h1, l1), Op::Extract(h2, l2)) = (self.op(), lo.op()) {
            if self.arg(0) == lo.arg(0) && l1 == h2 + 1 {
                return self.arg(0).extract(h1, l2);
            }
        }
        // ite(c, a, b) ++ ite(c, d, e) = ite(c, a ++ d, b ++ e): the bytes of one field read
        // from an object whose contents depend on aliasing (POSE) form one ite again.
        if self.op() == Op::Ite && lo.op() == Op::Ite && self.arg(0) == lo.arg(0) {
            return Term::ite(self.arg(0), &self.arg(1).concat(lo.arg(1)), &self.arg(2).concat(lo.arg(2)));
        }
        // extract(x, h, m+1) ++ (extract(x, m, l) ++ y) = extract(x, h, l) ++ y
        if let (Op::Extract(h1, l1), Op::Concat) = (self.op(), lo.op()) {
            if let Op::Extract(h2, l2) = lo.arg(0).op() {
                if lo.arg(0).arg(0) == self.arg(0) && l1 == h2 + 1 {
                    return self.arg(0).extract(h1, l2).concat(lo.arg(1));
                }
            }
        }
        Term::mk(Op::Concat, vec![self.clone(), lo.clone()], Sort::Bv(w))
    }

    /// Bits `hi` down to `lo` (inclusive).
    pub fn extract(&self, hi: u32, lo: u32) -> Term {
        let w = hi - lo + 1;
        if lo == 0 && hi + 1 == self.width() {
            return self.clone();
        }
        if let Some(v) = self.as_bv() {
            return Term::bv(v >> lo, w);
        }
        match self.op() {
            Op::Extract(_, l0) => self.arg(0).extract(hi + l0, lo + l0),
            Op::Concat => {
                let (h, l) = (self.arg(0), self.arg(1));
                let wl = l.width();
                if hi < wl {
                    l.extract(hi, lo)
                } else if lo >= wl {
                    h.extract(hi - wl, lo - wl)
                } else {
                    Term::mk(Op::Extract(hi, lo), vec![self.clone()], Sort::Bv(w))
                }
            }
            Op::ZExt(_) | Op::SExt(_) => {
                let inner = self.arg(0);
                let wi = inner.width();
                if hi < wi {
                    inner.extract(hi, lo)
                } else if lo == 0 {
                    if self.op() == Op::ZExt(self.width()) {
                        inner.zext(w)
                    } else {
                        inner.sext(w)
                    }
                } else if self.op() == Op::ZExt(self.width()) && lo >= wi {
                    Term::bv(0, w)
                } else {
                    Term::mk(Op::Extract(hi, lo), vec![self.clone()], Sort::Bv(w))
                }
            }
            // extract(x >> c, h, l) = extract(x, h + c, l + c)
            Op::BvLShr if self.arg(1).as_bv().is_some_and(|c| c + u64::from(hi) < u64::from(self.width())) => {
                let c = self.arg(1).as_bv().unwrap_or(0) as u32;
                self.arg(0).extract(hi + c, lo + c)
            }
            // Into an ite when the extraction simplifies in both arms: ids of POSE's ite
            // references are zero-extended into pointer words and extracted back, and
            // `x == ite(c, x, y)` only simplifies once the extract is gone.
            Op::Ite if extract_folds(self.arg(1), hi, lo, 8) && extract_folds(self.arg(2), hi, lo, 8) => {
                Term::ite(self.arg(0), &self.arg(1).extract(hi, lo), &self.arg(2).extract(hi, lo))
            }
            _ => Term::mk(Op::Extract(hi, lo), vec![self.clone()], Sort::Bv(w)),
        }
    }

    /// The low `k` bits of a bit-vector term, computed at width `k`: arithmetic modulo 2^w is
    /// arithmetic modulo 2^k on the low bits, so sums, products, negations, left shifts and
    /// bitwise operations are narrowed operand by operand (down to the extensions and
    /// extractions that fold). A 64-bit address computation `16·sext(r) + 4·sext(c)` compared
    /// with a cell's offset becomes a few 6-bit adders. At most `LOW_BITS_NODES` nodes are
    /// narrowed; below that the plain extract is kept.
    pub fn low_bits(&self, k: u32) -> Term {
        let mut budget = LOW_BITS_NODES;
        self.low_bits_within(k, &mut budget)
    }

    fn low_bits_within(&self, k: u32, budget: &mut u32) -> Term {
        let w = self.width();
        if k >= w {
            return self.clone();
        }
        if *budget == 0 || self.is_const() {
            return self.extract(k - 1, 0);
        }
        *budget -= 1;
        let args = self.args();
        match self.op() {
            Op::BvAdd => args.iter().map(|a| a.low_bits_within(k, budget)).reduce(|a, b| a.bvadd(&b)),
            Op::BvMul => args.iter().map(|a| a.low_bits_within(k, budget)).reduce(|a, b| a.bvmul(&b)),
            Op::BvAnd => args.iter().map(|a| a.low_bits_within(k, budget)).reduce(|a, b| a.bvand(&b)),
            Op::BvOr => args.iter().map(|a| a.low_bits_within(k, budget)).reduce(|a, b| a.bvor(&b)),
            Op::BvXor => args.iter().map(|a| a.low_bits_within(k, budget)).reduce(|a, b| a.bvxor(&b)),
            Op::BvSub => Some(args[0].low_bits_within(k, budget).bvsub(&args[1].low_bits_within(k, budget))),
            Op::BvNeg => Some(args[0].low_bits_within(k, budget).bvneg()),
            Op::BvNot => Some(args[0].low_bits_within(k, budget).bvnot()),
            Op::BvShl => args[1].as_bv().map(|c| {
                let x = args[0].low_bits_within(k, budget);
                if c >= u64::from(k) {
                    Term::bv(0, k)
                } else {
                    x.bvshl(&Term::bv(c, k))
                }
            }),
            Op::ZExt(_) | Op::SExt(_) => {
                let inner = &args[0];
                Some(if k <= inner.width() {
                    inner.low_bits_within(k, budget)
                } else if matches!(self.op(), Op::ZExt(_)) {
                    inner.zext(k)
                } else {
                    inner.sext(k)
                })
            }
            Op::Ite => {
                Some(Term::ite(&args[0], &args[1].low_bits_within(k, budget), &args[2].low_bits_within(k, budget)))
            }
            _ => None,
        }
        .unwrap_or_else(|| self.extract(k - 1, 0))
    }

    pub fn zext(&self, w: u32) -> Term {
        let w0 = self.width();
        if w == w0 {
            return self.clone();
        }
        if w < w0 {
            return self.extract(w - 1, 0);
        }
        if let Some(v) = self.as_bv() {
            if w <= 64 {
                return Term::bv(v, w);
            }
        }
        if let Op::ZExt(_) = self.op() {
            return self.arg(0).zext(w);
        }
        Term::mk(Op::ZExt(w), vec![self.clone()], Sort::Bv(w))
    }

    pub fn sext(&self, w: u32) -> Term {
        let w0 = self.width();
        if w == w0 {
            return self.clone();
        }
        if w < w0 {
            return self.extract(w - 1, 0);
        }
        if let Some(v) = self.as_bv() {
            if w <= 64 {
                return Term::bv(signed(v, w0) as u64, w);
            }
        }
        if let Op::SExt(_) = self.op() {
            return self.arg(0).sext(w);
        }
        Term::mk(Op::SExt(w), vec![self.clone()], Sort::Bv(w))
    }

    /// The boolean as a bit-vector 1 or 0.
    pub fn bool_to_bv(&self, w: u32) -> Term {
        Term::ite(self, &Term::bv(1, w), &Term::bv(0, w))
    }

    // ---- integers ----

    pub fn iadd(&self, o: &Term) -> Term {
        match (self.as_int(), o.as_int()) {
            (Some(a), Some(b)) if a.checked_add(b).is_some() => Term::int(a + b),
            (Some(0), _) => o.clone(),
            (_, Some(0)) => self.clone(),
            _ => Term::mk(Op::IntAdd, vec![self.clone(), o.clone()], Sort::Int),
        }
    }

    pub fn isub(&self, o: &Term) -> Term {
        match (self.as_int(), o.as_int()) {
            (Some(a), Some(b)) if a.checked_sub(b).is_some() => Term::int(a - b),
            (_, Some(0)) => self.clone(),
            _ if self == o => Term::int(0),
            _ => Term::mk(Op::IntSub, vec![self.clone(), o.clone()], Sort::Int),
        }
    }

    pub fn imul(&self, o: &Term) -> Term {
        match (self.as_int(), o.as_int()) {
            (Some(a), Some(b)) if a.checked_mul(b).is_some() => Term::int(a * b),
            (Some(0), _) | (_, Some(0)) => Term::int(0),
            (Some(1), _) => o.clone(),
            (_, Some(1)) => self.clone(),
            _ => Term::mk(Op::IntMul, vec![self.clone(), o.clone()], Sort::Int),
        }
    }

    pub fn ile(&self, o: &Term) -> Term {
        match (self.as_int(), o.as_int()) {
            (Some(a), Some(b)) => Term::bool(a <= b),
            _ if self == o => Term::tt(),
            _ => Term::mk(Op::IntLe, vec![self.clone(), o.clone()], Sort::Bool),
        }
    }

    pub fn ilt(&self, o: &Term) -> Term {
        match (self.as_int(), o.as_int()) {
            (Some(a), Some(b)) => Term::bool(a < b),
            _ if self == o => Term::ff(),
            _ => Term::mk(Op::IntLt, vec![self.clone(), o.clone()], Sort::Bool),
        }
    }

    pub fn int_to_bv(&self, w: u32) -> Term {
        if let Some(v) = self.as_int() {
            return Term::bv(v as u64, w);
        }
        if self.op() == Op::BvToNat && self.arg(0).width() == w {
            return self.arg(0).clone();
        }
        Term::mk(Op::IntToBv(w), vec![self.clone()], Sort::Bv(w))
    }

    pub fn bv_to_nat(&self) -> Term {
        if let Some(v) = self.as_bv() {
            if v <= i64::MAX as u64 {
                return Term::int(v as i64);
            }
        }
        Term::mk(Op::BvToNat, vec![self.clone()], Sort::Int)
    }

    // ---- arrays ----

    pub fn const_array(index: Elem, value: &Term) -> Term {
        let elem = match value.sort() {
            Sort::Bool => Elem::Bool,
            Sort::Bv(w) => Elem::Bv(w),
            _ => Elem::Int,
        };
        Term::mk(Op::ConstArray(index), vec![value.clone()], Sort::Array(index, elem))
    }

    /// `a[i]`, looking through stores at indices known to be equal or different.
    pub fn select(&self, i: &Term) -> Term {
        let Sort::Array(_, elem) = self.sort() else { panic!("select from a non-array {self}") };
        let mut a = self.clone();
        let mut steps = 0;
        loop {
            match a.op() {
                Op::Store => {
                    let (j, v) = (a.arg(1), a.arg(2));
                    if j == i {
                        return v.clone();
                    }
                    let different = match (j.as_bv(), i.as_bv()) {
                        (Some(x), Some(y)) => x != y,
                        _ => differ_by_constant(j, i),
                    };
                    if different && steps < 4096 {
                        a = a.arg(0).clone();
                        steps += 1;
                        continue;
                    }
                    break;
                }
                Op::ConstArray(_) => return a.arg(0).clone(),
                // β-reduction: (λx. body)[i] = body[x := i].
                Op::Lambda => {
                    if let Some(x) = a.arg(0).as_var() {
                        return a.arg(1).substitute(&HashMap::from([(x, i.clone())]));
                    }
                    break;
                }
                Op::Ite if i.is_const() || a.arg(1).op() != Op::Store || a.arg(2).op() != Op::Store => {
                    return Term::ite(a.arg(0), &a.arg(1).select(i), &a.arg(2).select(i));
                }
                _ => break,
            }
        }
        Term::mk(Op::Select, vec![a, i.clone()], Sort::from_elem(elem))
    }

    pub fn store(&self, i: &Term, v: &Term) -> Term {
        // store(store(a, i, x), i, y) = store(a, i, y)
        if self.op() == Op::Store && self.arg(1) == i {
            return self.arg(0).store(i, v);
        }
        if self.select(i) == *v {
            return self.clone();
        }
        Term::mk(Op::Store, vec![self.clone(), i.clone(), v.clone()], self.sort())
    }

    /// λ var . body: the array mapping each index (of `var`'s sort) to `body`; a constant
    /// array when the body does not mention the variable.
    pub fn lambda(var: &Term, body: &Term) -> Term {
        let ix = match var.sort() {
            Sort::Bool => Elem::Bool,
            Sort::Bv(w) => Elem::Bv(w),
            _ => Elem::Int,
        };
        let Some(x) = var.as_var() else { panic!("λ over a non-variable {var}") };
        if !body.symbols().contains(&x) {
            return Term::const_array(ix, body);
        }
        let elem = match body.sort() {
            Sort::Bool => Elem::Bool,
            Sort::Bv(w) => Elem::Bv(w),
            _ => Elem::Int,
        };
        Term::mk(Op::Lambda, vec![var.clone(), body.clone()], Sort::Array(ix, elem))
    }

    // ---- quantifiers ----

    /// ∀ vars . body, dropping it when the body does not mention the variables.
    pub fn forall(vars: &[Term], body: &Term) -> Term {
        if body.is_const() {
            return body.clone();
        }
        let syms = body.symbols();
        let used: Vec<Term> = vars.iter().filter(|v| v.as_var().is_some_and(|s| syms.contains(&s))).cloned().collect();
        if used.is_empty() {
            return body.clone();
        }
        let mut args = used;
        args.push(body.clone());
        Term::mk(Op::Forall, args, Sort::Bool)
    }
}

/// `x + c1` and `x + c2` with c1 != c2 (or `x` and `x + c`) are different.
fn differ_by_constant(a: &Term, b: &Term) -> bool {
    let split = |t: &Term| -> (Term, u64) {
        if t.op() == Op::BvAdd {
            if let Some(c) = t.arg(1).as_bv() {
                return (t.arg(0).clone(), c);
            }
        }
        (t.clone(), 0)
    };
    let (x, c1) = split(a);
    let (y, c2) = split(b);
    x == y && c1 != c2
}

/// Whether `t.extract(hi, lo)` leaves no extract node at the top: constants, extensions whose
/// inner term covers the bits, concatenations split at the bits, and ites of those.
/// Nodes [`Term::low_bits`] narrows at most.
const LOW_BITS_NODES: u32 = 64;

fn extract_folds(t: &Term, hi: u32, lo: u32, depth: u32) -> bool {
    match t.op() {
        _ if t.is_const() => true,
        Op::ZExt(_) | Op::SExt(_) => {
            let wi = t.arg(0).width();
            hi < wi || (matches!(t.op(), Op::ZExt(_)) && lo >= wi)
        }
        Op::Concat => {
            let wl = t.arg(1).width();
            hi < wl || lo >= wl
        }
        Op::Ite if depth > 0 => {
            extract_folds(t.arg(1), hi, lo, depth - 1) && extract_folds(t.arg(2), hi, lo, depth - 1)
        }
        _ => false,
    }
}
