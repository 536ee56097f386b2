//! Evaluation of terms under an assignment of their symbols: how models become concrete test
//! inputs, and how tests check that a model satisfies a path condition.

use crate::term::{mask, signed, Op, SymId, Term};
use std::collections::{BTreeMap, HashMap};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Bv(u64, u32),
    Int(i64),
    /// An array: explicit entries over a default.
    Array(Box<Value>, BTreeMap<ValueKey, Value>),
}

/// Hashes term ids (unique numbers): a multiplication spreads them, where SipHash cost more
/// than the evaluation it served.
#[derive(Default)]
pub struct IdHasher(u64);

impl std::hash::Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A map keyed by term ids ([`IdHasher`]).
pub type BuildIdHasher = std::hash::BuildHasherDefault<IdHasher>;

/// Array indices, ordered.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ValueKey {
    Bool(bool),
    Bv(u64),
    Int(i64),
}

impl Value {
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_bv(&self) -> Option<u64> {
        match self {
            Value::Bv(v, _) => Some(*v),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(v) => Some(*v),
            _ => None,
        }
    }

    /// The value as an array index (`None` for an array).
    pub fn key(&self) -> Option<ValueKey> {
        match self {
            Value::Bool(b) => Some(ValueKey::Bool(*b)),
            Value::Bv(v, _) => Some(ValueKey::Bv(*v)),
            Value::Int(v) => Some(ValueKey::Int(*v)),
            Value::Array(..) => None,
        }
    }
}

/// The value of `t` when every symbol `s` has the value `env(s)`; `None` if some symbol has no
/// value, or the term contains a quantifier.
pub fn eval(t: &Term, env: &dyn Fn(SymId) -> Option<Value>) -> Option<Value> {
    let mut budget = SMALL_TERM;
    match eval_small(t, env, &mut budget) {
        Ok(v) => v,
        Err(TooBig) => eval_shared(t, env),
    }
}

/// Nodes [`eval_small`] visits before it leaves a term to [`eval_shared`].
const SMALL_TERM: u32 = 64;

struct TooBig;

/// [`eval`] by recursion, without a memo: most terms evaluated are a path condition's
/// constraints, each a few nodes (`a[i] != key`), which the counterexample cache evaluates
/// under every model it tries. Their memo (a hash map per call) was most of the work:
/// linsearch300 `--jobs 2`, 325,000 calls at 6,200 instructions each, 15% of the run's. A
/// shared subterm is visited once per occurrence here, so the visits are bounded, and a term
/// that needs more is evaluated by [`eval_shared`], which visits each node once.
fn eval_small(t: &Term, env: &dyn Fn(SymId) -> Option<Value>, budget: &mut u32) -> Result<Option<Value>, TooBig> {
    if *budget == 0 {
        return Err(TooBig);
    }
    *budget -= 1;
    let args = t.args();
    if args.is_empty() {
        return Ok(apply(t, &[], env));
    }
    if matches!(t.op(), Op::Forall | Op::Lambda) {
        return Ok(None);
    }
    if args.len() > 3 {
        return Err(TooBig);
    }
    if let Some(v) = select_through_stores(t, env) {
        return Ok(Some(v));
    }
    let mut vals = [Value::Bool(false), Value::Bool(false), Value::Bool(false)];
    for (slot, a) in vals.iter_mut().zip(args) {
        match eval_small(a, env, budget)? {
            Some(v) => *slot = v,
            None => return Ok(None),
        }
    }
    Ok(apply(t, &vals[..args.len()], env))
}

/// [`eval`] over the term's DAG, each node once.
pub(crate) fn eval_shared(t: &Term, env: &dyn Fn(SymId) -> Option<Value>) -> Option<Value> {
    let mut memo: HashMap<u64, Value, BuildIdHasher> = HashMap::default();
    let mut stack: Vec<(Term, bool)> = vec![(t.clone(), false)];
    while let Some((x, expanded)) = stack.pop() {
        if memo.contains_key(&x.id()) {
            continue;
        }
        if !expanded && !x.args().is_empty() {
            if matches!(x.op(), Op::Forall | Op::Lambda) {
                return None;
            }
            if let Some(v) = select_through_stores(&x, env) {
                memo.insert(x.id(), v);
                continue;
            }
            stack.push((x.clone(), true));
            for a in x.args() {
                stack.push((a.clone(), false));
            }
            continue;
        }
        let args: Vec<Value> = x.args().iter().map(|a| memo.get(&a.id()).cloned()).collect::<Option<_>>()?;
        let v = apply(&x, &args, env)?;
        memo.insert(x.id(), v);
    }
    memo.remove(&t.id())
}

/// A read of a chain of stores at constant indices (a constant table: `<ctype.h>`'s, 768
/// stores) found by walking the chain, instead of building the array a store at a time, which
/// copies it at every store.
fn select_through_stores(x: &Term, env: &dyn Fn(SymId) -> Option<Value>) -> Option<Value> {
    if x.op() != Op::Select || x.arg(0).op() != Op::Store {
        return None;
    }
    let i = eval(x.arg(1), env)?.key()?;
    let mut a = x.arg(0).clone();
    loop {
        match a.op() {
            Op::Store => {
                let j = match a.arg(1).op() {
                    Op::BvConst(v) => ValueKey::Bv(v),
                    _ => return None,
                };
                if j == i {
                    return eval(a.arg(2), env);
                }
                a = a.arg(0).clone();
            }
            Op::ConstArray(_) => return eval(a.arg(0), env),
            _ => return None,
        }
    }
}

/// The value of the node `t` given its arguments' values `a` (`env` for a symbol).
pub fn apply(t: &Term, a: &[Value], env: &dyn Fn(SymId) -> Option<Value>) -> Option<Value> {
    let w = t.width();
    // Values are 64-bit: wider bit-vectors cannot be evaluated.
    if w > 64 {
        return None;
    }
    let bv = |i: usize| a[i].as_bv();
    let b = |i: usize| a[i].as_bool();
    let int = |i: usize| a[i].as_int();
    let m = mask(w.clamp(1, 64));
    let sbv = |v: u64| Some(Value::Bv(v & m, w));
    Some(match t.op() {
        Op::BoolConst(v) => Value::Bool(v),
        Op::BvConst(v) => Value::Bv(v, w),
        Op::IntConst(v) => Value::Int(v),
        Op::Var(s) => return env(s),
        Op::Not => Value::Bool(!b(0)?),
        Op::And => Value::Bool(a.iter().map(|x| x.as_bool()).collect::<Option<Vec<_>>>()?.into_iter().all(|x| x)),
        Op::Or => Value::Bool(a.iter().map(|x| x.as_bool()).collect::<Option<Vec<_>>>()?.into_iter().any(|x| x)),
        Op::Ite => {
            if b(0)? {
                a[1].clone()
            } else {
                a[2].clone()
            }
        }
        Op::Eq => Value::Bool(a[0] == a[1]),
        Op::BvNeg => return sbv(bv(0)?.wrapping_neg()),
        Op::BvNot => return sbv(!bv(0)?),
        Op::BvAdd
        | Op::BvSub
        | Op::BvMul
        | Op::BvUDiv
        | Op::BvSDiv
        | Op::BvURem
        | Op::BvSRem
        | Op::BvShl
        | Op::BvLShr
        | Op::BvAShr
        | Op::BvAnd
        | Op::BvOr
        | Op::BvXor => {
            // Reuse the constant folder: it has SMT-LIB semantics for every corner.
            let r = Term::apply(t.op(), &[Term::bv(bv(0)?, w), Term::bv(bv(1)?, w)], t.sort());
            return sbv(r.as_bv()?);
        }
        Op::BvUlt => Value::Bool(bv(0)? < bv(1)?),
        Op::BvUle => Value::Bool(bv(0)? <= bv(1)?),
        Op::BvSlt => {
            let w0 = t.arg(0).width();
            Value::Bool(signed(bv(0)?, w0) < signed(bv(1)?, w0))
        }
        Op::BvSle => {
            let w0 = t.arg(0).width();
            Value::Bool(signed(bv(0)?, w0) <= signed(bv(1)?, w0))
        }
        Op::Concat => {
            let wl = t.arg(1).width();
            if w > 64 {
                return None;
            }
            return sbv((bv(0)? << wl) | bv(1)?);
        }
        Op::Extract(_, lo) => return sbv(bv(0)? >> lo),
        Op::ZExt(_) => return sbv(bv(0)?),
        Op::SExt(_) => return sbv(signed(bv(0)?, t.arg(0).width()) as u64),
        Op::IntAdd => Value::Int(int(0)?.checked_add(int(1)?)?),
        Op::IntSub => Value::Int(int(0)?.checked_sub(int(1)?)?),
        Op::IntMul => Value::Int(int(0)?.checked_mul(int(1)?)?),
        Op::IntLe => Value::Bool(int(0)? <= int(1)?),
        Op::IntLt => Value::Bool(int(0)? < int(1)?),
        Op::IntToBv(_) => return sbv(int(0)? as u64),
        Op::BvToNat => Value::Int(i64::try_from(bv(0)?).ok()?),
        Op::Select => match &a[0] {
            Value::Array(def, entries) => entries.get(&a[1].key()?).cloned().unwrap_or_else(|| (**def).clone()),
            _ => return None,
        },
        Op::Store => match &a[0] {
            Value::Array(def, entries) => {
                let mut e = entries.clone();
                e.insert(a[1].key()?, a[2].clone());
                Value::Array(def.clone(), e)
            }
            _ => return None,
        },
        Op::ConstArray(_) => Value::Array(Box::new(a[0].clone()), BTreeMap::new()),
        Op::Forall | Op::Lambda => return None,
    })
}
