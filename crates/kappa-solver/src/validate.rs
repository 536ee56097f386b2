//! Does a model satisfy the constraints it answers? Checked with kappa's own evaluator, as
//! KLEE's `ValidatingSolver` (lib/Solver/ValidatingSolver.cpp) checks the counterexample of
//! every query by evaluating the query's constraints under it before it is used.
//!
//! Why it is needed: a `sat` answer's model is assembled by several layers, and some of them
//! may leave part of it out. Arrays are the usual case: in a model of a quantified query
//! (compact symbolic execution's φ*[κ] = ∀τ. 0 ≤ τ < κ → θ*[τ]⟨φ⟩, ATVA 2013, section 3.2)
//! [`crate::InstantiatingSolver`] finds the scalars first and then the arrays from the
//! quantifier-free expansion; when that second query runs out of its work budget, or the
//! expansion has too many instances, only the scalars are known and the arrays are at their
//! defaults. A test written from such a model does not follow its path (issue kind10:
//! `big_array_search`, the input array of 102,400 chars left at zeros).
//!
//! Unlike [`kappa_expr::eval`], the evaluator here decides bounded quantifiers
//! `∀τ. ¬(τ <u c) ∨ body` (and `τ ≤u c`) by evaluating the body at every τ below the value of
//! `c`, and reads arrays by reference: a body that reads an array of 10^5 elements at τ costs a
//! lookup per instance, not a copy of the array. Terms that do not depend on the bound
//! variable are evaluated once for all instances. Its cost is counted in work units (a node
//! evaluated, an array element copied, an instance), never in time: the same model and
//! constraints get the same answer on a busy machine.

use crate::Model;
use kappa_expr::{Op, Sort, SymId, Term, Value, ValueKey};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

/// What the evaluation of constraints under a model found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelCheck {
    /// Every constraint is true under the model (symbols it leaves out at their
    /// [`crate::default_value`], as [`Model::eval_completed`] reads them).
    Holds,
    /// Some constraint is false: the model is not a model of the constraints.
    Fails,
    /// The evaluator cannot tell (an operation it does not evaluate, a bit-vector wider than
    /// 64 bits, an unbounded quantifier, or the work budget spent); the reason.
    Undecided(String),
}

/// Work units the engine's check of a test's model may spend: some 10^5 instances of a
/// template's condition of a few dozen nodes (`big_array_search`: 102,400 instances, 2.5 M
/// units), a fraction of a second.
pub const MODEL_CHECK_WORK: u64 = 16_000_000;

/// Evaluates `constraints` under `model` within `work` units (see the module documentation):
/// [`ModelCheck::Fails`] as soon as one is false.
pub fn check_model<'a>(model: &Model, constraints: impl IntoIterator<Item = &'a Term>, work: u64) -> ModelCheck {
    let t0 = std::time::Instant::now();
    let r = check_model_(model, constraints, work);
    if std::env::var_os("KAPPA_MODEL_DEBUG").is_some() {
        eprintln!("model: checked in {:?}: {r:?}", t0.elapsed());
    }
    r
}

fn check_model_<'a>(model: &Model, constraints: impl IntoIterator<Item = &'a Term>, work: u64) -> ModelCheck {
    let constraints: Vec<&Term> = constraints.into_iter().collect();
    let mut c = Checker::new(model, work, &constraints);
    let mut undecided = None;
    for t in constraints {
        match c.eval(t) {
            Ok(V::S(Value::Bool(true))) => {}
            Ok(V::S(Value::Bool(false))) => return ModelCheck::Fails,
            Ok(_) => return ModelCheck::Undecided(format!("not a formula: {t}")),
            // Another constraint may still be false: a failure is certain, an undecided one not.
            Err(why) if why == OUT_OF_WORK => return ModelCheck::Undecided(why),
            Err(why) => {
                undecided.get_or_insert(why);
            }
        }
    }
    match undecided {
        Some(why) => ModelCheck::Undecided(why),
        None => ModelCheck::Holds,
    }
}

const OUT_OF_WORK: &str = "the model check's work budget is spent";

/// A value during the check: arrays shared, not copied.
#[derive(Clone, Debug)]
enum V {
    S(Value),
    A(Rc<Arr>),
}

/// An array value: its elements at some indices over a default.
#[derive(Debug)]
struct Arr {
    default: Value,
    entries: BTreeMap<ValueKey, Value>,
}

struct Checker<'m> {
    model: &'m Model,
    left: u64,
    /// The symbols some quantifier or λ of the constraints binds.
    binders: HashSet<SymId>,
    /// Per term id, the binders free in the term (most terms: none).
    bound_free: HashMap<u64, Rc<[SymId]>>,
    /// The empty set of binders, shared.
    none: Rc<[SymId]>,
    /// A buffer for the arguments of an operation.
    vals: Vec<Value>,
    /// The bound variables in scope with their values, innermost last.
    bound: Vec<(SymId, Value)>,
    /// `memos[0]`: values of terms with no bound variable free, for the whole check;
    /// `memos[d]`: of terms whose innermost free bound variable is `bound[d - 1]`, for its
    /// present value.
    memos: Vec<HashMap<u64, V>>,
}

impl<'m> Checker<'m> {
    fn new(model: &'m Model, work: u64, constraints: &[&Term]) -> Self {
        let mut binders = HashSet::new();
        let mut seen = HashSet::new();
        let mut stack: Vec<Term> = constraints.iter().map(|t| (*t).clone()).collect();
        while let Some(x) = stack.pop() {
            if !seen.insert(x.id()) {
                continue;
            }
            if matches!(x.op(), Op::Forall | Op::Lambda) {
                let n = x.args().len();
                binders.extend(x.args()[..n.saturating_sub(1)].iter().filter_map(Term::as_var));
            }
            stack.extend(x.args().iter().cloned());
        }
        Checker {
            model,
            left: work,
            binders,
            bound_free: HashMap::new(),
            none: Rc::from(Vec::new()),
            vals: Vec::new(),
            bound: Vec::new(),
            memos: vec![HashMap::new()],
        }
    }

    fn spend(&mut self, n: u64) -> Result<(), String> {
        self.left = self.left.checked_sub(n).ok_or_else(|| OUT_OF_WORK.to_string())?;
        Ok(())
    }

    /// The binders free in `t` (computed once per term, bottom-up, without recursion: terms can
    /// be deep).
    fn free_binders(&mut self, t: &Term) -> Rc<[SymId]> {
        if let Some(f) = self.bound_free.get(&t.id()) {
            return f.clone();
        }
        let none = self.none.clone();
        if self.binders.is_empty() {
            return none;
        }
        let mut stack = vec![(t.clone(), false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.bound_free.contains_key(&x.id()) {
                continue;
            }
            if !expanded && !x.args().is_empty() {
                stack.push((x.clone(), true));
                stack.extend(x.args().iter().map(|a| (a.clone(), false)));
                continue;
            }
            let mut f: Vec<SymId> = match x.op() {
                Op::Var(s) if self.binders.contains(&s) => vec![s],
                _ => Vec::new(),
            };
            for a in x.args() {
                if let Some(af) = self.bound_free.get(&a.id()) {
                    f.extend(af.iter().copied());
                }
            }
            if matches!(x.op(), Op::Forall | Op::Lambda) {
                let n = x.args().len();
                let own: Vec<SymId> = x.args()[..n.saturating_sub(1)].iter().filter_map(Term::as_var).collect();
                f.retain(|s| !own.contains(s));
            }
            f.sort_unstable();
            f.dedup();
            let f = if f.is_empty() { none.clone() } else { Rc::from(f) };
            self.bound_free.insert(x.id(), f);
        }
        self.bound_free.get(&t.id()).cloned().unwrap_or(none)
    }

    /// The memo level of `t`: 0 if no bound variable is free in it, else one more than the
    /// position of its innermost free bound variable in scope.
    fn level(&mut self, t: &Term) -> Result<usize, String> {
        if self.binders.is_empty() {
            return Ok(0);
        }
        let free = self.free_binders(t);
        let mut lvl = 0;
        for s in free.iter() {
            let p = self.bound.iter().rposition(|(b, _)| b == s).ok_or_else(|| format!("unbound variable in {t}"))?;
            lvl = lvl.max(p + 1);
        }
        Ok(lvl)
    }

    fn memo(&mut self, t: &Term) -> Result<Option<V>, String> {
        let l = self.level(t)?;
        Ok(self.memos[l].get(&t.id()).cloned())
    }

    /// The value of `t` with the bound variables in scope.
    fn eval(&mut self, t: &Term) -> Result<V, String> {
        let mut stack = vec![(t.clone(), false)];
        while let Some((x, expanded)) = stack.pop() {
            let lvl = self.level(&x)?;
            if self.memos[lvl].contains_key(&x.id()) {
                continue;
            }
            if !expanded {
                match x.op() {
                    Op::Forall => {
                        let v = self.forall(&x)?;
                        self.memos[lvl].insert(x.id(), V::S(Value::Bool(v)));
                        continue;
                    }
                    Op::Lambda => return Err(format!("a λ-array not read: {x}")),
                    _ => {}
                }
                stack.push((x.clone(), true));
                let lambda_read = x.op() == Op::Select && x.arg(0).op() == Op::Lambda;
                for (i, a) in x.args().iter().enumerate() {
                    if !(lambda_read && i == 0) {
                        stack.push((a.clone(), false));
                    }
                }
                continue;
            }
            self.spend(1)?;
            let v = self.apply(&x)?;
            self.memos[lvl].insert(x.id(), v);
        }
        self.memo(t)?.ok_or_else(|| format!("no value of {t}"))
    }

    fn arg(&mut self, t: &Term, i: usize) -> Result<V, String> {
        let a = t.args().get(i).ok_or_else(|| format!("missing argument {i} of {t}"))?;
        self.memo(a)?.ok_or_else(|| format!("no value of {a}"))
    }

    fn scalar_arg(&mut self, t: &Term, i: usize) -> Result<Value, String> {
        match self.arg(t, i)? {
            V::S(v) => Ok(v),
            V::A(_) => Err(format!("argument {i} of {t} is an array")),
        }
    }

    /// The value of a node whose arguments are evaluated (a λ read's index only).
    fn apply(&mut self, x: &Term) -> Result<V, String> {
        match x.op() {
            Op::Var(s) => {
                if let Some((_, v)) = self.bound.iter().rev().find(|(b, _)| *b == s) {
                    return Ok(V::S(v.clone()));
                }
                let sort = Term::sym_sort(s);
                let v = self
                    .model
                    .get(s)
                    .cloned()
                    .or_else(|| crate::default_value(sort))
                    .ok_or_else(|| format!("no value of {x} (sort {sort})"))?;
                Ok(match v {
                    Value::Array(default, entries) => {
                        self.spend(entries.len() as u64)?;
                        V::A(Rc::new(Arr { default: *default, entries }))
                    }
                    v => V::S(v),
                })
            }
            Op::Select if x.arg(0).op() == Op::Lambda => {
                let i = self.scalar_arg(x, 1)?;
                let lam = x.arg(0);
                let var = lam.args().first().and_then(Term::as_var).ok_or_else(|| format!("malformed λ: {lam}"))?;
                let body = lam.args().get(1).ok_or_else(|| format!("malformed λ: {lam}"))?.clone();
                self.within(var, i, |c| c.eval(&body))
            }
            Op::Forall | Op::Lambda => Err(format!("a binder out of place: {x}")),
            _ => {
                let args = (0..x.args().len()).map(|i| self.arg(x, i)).collect::<Result<Vec<_>, String>>()?;
                self.combine(x, &args)
            }
        }
    }

    /// The value of a node that is not a symbol, a binder or a read of a λ, given its
    /// arguments' values.
    fn combine(&mut self, x: &Term, args: &[V]) -> Result<V, String> {
        let scalar = |i: usize| match args.get(i) {
            Some(V::S(v)) => Ok(v),
            _ => Err(format!("argument {i} of {x} is not a scalar")),
        };
        let array = |i: usize| match args.get(i) {
            Some(V::A(a)) => Ok(a),
            _ => Err(format!("argument {i} of {x} is not an array")),
        };
        match x.op() {
            Op::ConstArray(_) => Ok(V::A(Rc::new(Arr { default: scalar(0)?.clone(), entries: BTreeMap::new() }))),
            Op::Select => {
                let a = array(0)?;
                let k = scalar(1)?.key().ok_or("an array index that is an array")?;
                Ok(V::S(a.entries.get(&k).unwrap_or(&a.default).clone()))
            }
            Op::Store => {
                let a = array(0)?;
                let k = scalar(1)?.key().ok_or("an array index that is an array")?;
                let v = scalar(2)?.clone();
                self.spend(a.entries.len() as u64)?;
                let mut entries = a.entries.clone();
                entries.insert(k, v);
                Ok(V::A(Rc::new(Arr { default: a.default.clone(), entries })))
            }
            Op::Ite => {
                let Value::Bool(c) = scalar(0)? else { return Err(format!("condition of {x}")) };
                args.get(if *c { 1 } else { 2 }).cloned().ok_or_else(|| format!("malformed {x}"))
            }
            // Extensional equality of arrays is not decided by their entries and defaults
            // (a small index sort may have every index among the entries).
            Op::Eq if matches!(x.arg(0).sort(), Sort::Array(..)) => Err(format!("equality of arrays: {x}")),
            Op::Var(_) | Op::Forall | Op::Lambda => Err(format!("not a combination: {x}")),
            _ => {
                // The common bit-vector operations here; kappa_expr's `apply` folds them by
                // building a term (interned: a hash-table lookup per instance).
                let w = x.width();
                if let (Some(V::S(Value::Bv(a, _))), Some(V::S(Value::Bv(b, _))), true) =
                    (args.first(), args.get(1), (1..=64).contains(&w))
                {
                    let m = kappa_expr::mask(w);
                    let r = match x.op() {
                        Op::BvAdd => Some(a.wrapping_add(*b)),
                        Op::BvSub => Some(a.wrapping_sub(*b)),
                        Op::BvMul => Some(a.wrapping_mul(*b)),
                        Op::BvAnd => Some(a & b),
                        Op::BvOr => Some(a | b),
                        Op::BvXor => Some(a ^ b),
                        _ => None,
                    };
                    if let Some(r) = r {
                        return Ok(V::S(Value::Bv(r & m, w)));
                    }
                }
                let mut vals = std::mem::take(&mut self.vals);
                vals.clear();
                for i in 0..args.len() {
                    vals.push(scalar(i)?.clone());
                }
                let r = kappa_expr::eval::apply(x, &vals, &|_| None);
                self.vals = vals;
                r.map(V::S).ok_or_else(|| format!("not evaluable: {x}"))
            }
        }
    }

    /// `f` with `var` bound to `value` in a scope of its own (its terms' values forgotten
    /// after).
    fn within<T>(
        &mut self,
        var: SymId,
        value: Value,
        f: impl FnOnce(&mut Self) -> Result<T, String>,
    ) -> Result<T, String> {
        self.bound.push((var, value));
        self.memos.push(HashMap::new());
        let r = f(self);
        self.memos.pop();
        self.bound.pop();
        r
    }

    /// `∀τ. ¬(τ <u c) ∨ body` (or `¬(τ ≤u c)`): the body at every τ up to the value of `c`.
    fn forall(&mut self, x: &Term) -> Result<bool, String> {
        let [var, body] = x.args() else { return Err(format!("a quantifier of several variables: {x}")) };
        let tau = var.as_var().ok_or_else(|| format!("malformed quantifier: {x}"))?;
        let Sort::Bv(w) = Term::sym_sort(tau) else { return Err(format!("a quantifier over integers: {x}")) };
        let (c, inclusive) =
            crate::instantiate::guard(body, tau).ok_or_else(|| format!("an unbounded quantifier: {x}"))?;
        let c = c.clone();
        let Value::Bv(n, _) = self.eval_scalar(&c)? else { return Err(format!("bound of {x}")) };
        let count = if inclusive { n.checked_add(1).ok_or("a quantifier over every bit-vector")? } else { n };
        if let Some(mut body) = self.compile(body, tau)? {
            return self.run(&mut body, w, count);
        }
        self.bound.push((tau, Value::Bv(0, w)));
        self.memos.push(HashMap::new());
        let mut r = Ok(true);
        for i in 0..count {
            if let Err(e) = self.spend(1) {
                r = Err(e);
                break;
            }
            if let Some(b) = self.bound.last_mut() {
                b.1 = Value::Bv(i, w);
            }
            if let Some(m) = self.memos.last_mut() {
                m.clear();
            }
            match self.eval(body) {
                Ok(V::S(Value::Bool(true))) => {}
                Ok(V::S(Value::Bool(false))) => {
                    r = Ok(false);
                    break;
                }
                Ok(_) => {
                    r = Err(format!("body of {x} is not a formula"));
                    break;
                }
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        self.memos.pop();
        self.bound.pop();
        r
    }

    /// The body of `∀τ` as a list of steps over slots: the subterms that do not depend on τ
    /// evaluated once, in slots of their own, and those that do in the order of their
    /// arguments (no hashing per instance: `big_array_search`'s 102,400 instances). `None`
    /// when a binder or a λ read depends on τ (the general evaluation then does it).
    fn compile(&mut self, body: &Term, tau: SymId) -> Result<Option<Compiled>, String> {
        let mut slot: HashMap<u64, usize> = HashMap::new();
        let mut c = Compiled { slots: Vec::new(), steps: Vec::new(), tau: usize::MAX };
        let mut stack = vec![(body.clone(), false)];
        while let Some((x, expanded)) = stack.pop() {
            if slot.contains_key(&x.id()) {
                continue;
            }
            let free = self.free_binders(&x);
            if !free.contains(&tau) {
                let v = self.eval(&x)?;
                slot.insert(x.id(), c.slots.len());
                c.slots.push(v);
                continue;
            }
            if x.as_var() == Some(tau) {
                c.tau = c.slots.len();
                slot.insert(x.id(), c.slots.len());
                c.slots.push(V::S(Value::Bool(false)));
                continue;
            }
            if matches!(x.op(), Op::Forall | Op::Lambda | Op::Var(_)) || has_lambda_read(&x) {
                return Ok(None);
            }
            if !expanded {
                stack.push((x.clone(), true));
                stack.extend(x.args().iter().map(|a| (a.clone(), false)));
                continue;
            }
            let args = x.args().iter().map(|a| slot.get(&a.id()).copied()).collect::<Option<Vec<_>>>();
            let args = args.ok_or_else(|| format!("unevaluated argument of {x}"))?;
            slot.insert(x.id(), c.slots.len());
            c.steps.push(Step { term: x.clone(), args, out: c.slots.len() });
            c.slots.push(V::S(Value::Bool(false)));
        }
        if c.tau == usize::MAX || c.steps.is_empty() {
            return Ok(None);
        }
        Ok(Some(c))
    }

    /// `∀τ < count` of a compiled body: false at the first τ where the body is.
    fn run(&mut self, c: &mut Compiled, w: u32, count: u64) -> Result<bool, String> {
        let n = c.steps.len() as u64;
        let mut args: Vec<V> = Vec::new();
        for i in 0..count {
            self.spend(n + 1)?;
            c.slots[c.tau] = V::S(Value::Bv(i, w));
            for s in &c.steps {
                args.clear();
                args.extend(s.args.iter().map(|&a| c.slots[a].clone()));
                c.slots[s.out] = self.combine(&s.term, &args)?;
            }
            match c.steps.last().map(|s| &c.slots[s.out]) {
                Some(V::S(Value::Bool(true))) => {}
                Some(V::S(Value::Bool(false))) => return Ok(false),
                _ => return Err("the body of a quantifier is not a formula".into()),
            }
        }
        Ok(true)
    }

    fn eval_scalar(&mut self, t: &Term) -> Result<Value, String> {
        match self.eval(t)? {
            V::S(v) => Ok(v),
            V::A(_) => Err(format!("{t} is an array")),
        }
    }
}

/// A quantifier's body ready for its instances ([`Checker::compile`]).
struct Compiled {
    slots: Vec<V>,
    /// In the order of evaluation: the body is the last.
    steps: Vec<Step>,
    /// The slot of the bound variable.
    tau: usize,
}

struct Step {
    term: Term,
    args: Vec<usize>,
    out: usize,
}

/// `t` reads a λ-array.
fn has_lambda_read(t: &Term) -> bool {
    t.op() == Op::Select && t.arg(0).op() == Op::Lambda
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bv(v: u64, w: u32) -> Term {
        Term::bv(v, w)
    }

    /// `∀τ. τ <u k → A[τ] ≠ c`, the condition of a search loop's template, with `A[k] = c`
    /// and `k ≥ 100` (big_array_search's error path in small).
    fn search_query() -> (Vec<Term>, SymId, SymId, SymId) {
        let a = Term::fresh("A_kind10", Sort::Array(kappa_expr::Elem::Bv(64), kappa_expr::Elem::Bv(8)));
        let c = Term::fresh("c_kind10", Sort::Bv(8));
        let k = Term::fresh("k_kind10", Sort::Bv(64));
        let tau = Term::fresh("tau_kind10", Sort::Bv(64));
        let body = tau.bvult(&k).not().or(&a.select(&tau).eq(&c).not());
        let all = Term::forall(std::slice::from_ref(&tau), &body);
        let pc = vec![all, a.select(&k).eq(&c), k.bvuge(&bv(100, 64)), k.bvult(&bv(2000, 64))];
        let id = |t: &Term| t.as_var().expect("a symbol");
        (pc, id(&a), id(&c), id(&k))
    }

    fn array(default: u64, entries: &[(u64, u64)]) -> Value {
        Value::Array(
            Box::new(Value::Bv(default, 8)),
            entries.iter().map(|&(i, v)| (ValueKey::Bv(i), Value::Bv(v, 8))).collect(),
        )
    }

    /// The model a partial answer gave: the scalars right, the array at its default. The
    /// check finds it false; the model with the array filled in holds.
    #[test]
    fn a_model_with_the_array_at_its_defaults_fails_and_the_full_one_holds() {
        let (pc, a, c, k) = search_query();
        let mut m = Model::new();
        m.insert(c, Value::Bv(7, 8));
        m.insert(k, Value::Bv(150, 64));
        assert_eq!(check_model(&m, &pc, MODEL_CHECK_WORK), ModelCheck::Fails);
        m.insert(a, array(1, &[(150, 7)]));
        assert_eq!(check_model(&m, &pc, MODEL_CHECK_WORK), ModelCheck::Holds);
        // A match before k: the quantifier is false at τ = 42.
        m.insert(a, array(1, &[(42, 7), (150, 7)]));
        assert_eq!(check_model(&m, &pc, MODEL_CHECK_WORK), ModelCheck::Fails);
    }

    /// The work is counted: a budget smaller than the instances leaves the check undecided,
    /// never `Fails` or `Holds`.
    #[test]
    fn the_check_is_bounded_by_its_work() {
        let (pc, a, c, k) = search_query();
        let mut m = Model::new();
        m.insert(c, Value::Bv(7, 8));
        m.insert(k, Value::Bv(1500, 64));
        m.insert(a, array(1, &[(1500, 7)]));
        assert_eq!(check_model(&m, &pc, MODEL_CHECK_WORK), ModelCheck::Holds);
        assert!(matches!(check_model(&m, &pc, 1000), ModelCheck::Undecided(_)));
    }

    /// Reads of a λ-array bind its variable; wide bit-vectors and array equalities are left
    /// undecided rather than guessed.
    #[test]
    fn lambdas_are_read_and_what_eval_cannot_decide_is_undecided() {
        let x = Term::fresh("x_kind10", Sort::Bv(64));
        let y = Term::fresh("y_kind10", Sort::Bv(64));
        let lam = Term::lambda(&x, &x.bvadd(&bv(1, 64)));
        // (`select` β-reduces; the read as the solver may meet it, built as it is)
        let read = Term::mk(Op::Select, vec![lam.clone(), y.clone()], Sort::Bv(64)).eq(&bv(5, 64));
        assert_eq!(read.arg(0).arg(0).op(), Op::Lambda);
        let mut m = Model::new();
        m.insert(y.as_var().expect("a symbol"), Value::Bv(4, 64));
        assert_eq!(check_model(&m, std::slice::from_ref(&read), 1000), ModelCheck::Holds);
        m.insert(y.as_var().expect("a symbol"), Value::Bv(3, 64));
        assert_eq!(check_model(&m, &[read], 1000), ModelCheck::Fails);
        let a = Term::fresh("A2_kind10", Sort::Array(kappa_expr::Elem::Bv(1), kappa_expr::Elem::Bv(8)));
        let b = Term::fresh("B2_kind10", Sort::Array(kappa_expr::Elem::Bv(1), kappa_expr::Elem::Bv(8)));
        assert!(matches!(check_model(&Model::new(), &[a.eq(&b)], 1000), ModelCheck::Undecided(_)));
    }
}
