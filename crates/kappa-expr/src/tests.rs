use crate::eval::{eval, Value};
use crate::memory::{Frame, SymMemory, SymState};
use crate::term::{mask, signed, Elem, Op, Sort, SymId, Term};
use proptest::prelude::*;
use std::collections::HashMap;

/// A reference AST, evaluated by a naive interpreter and built through the smart constructors:
/// the two must agree on every input, or a simplification is wrong.
#[derive(Clone, Debug)]
enum Ast {
    Var(usize),
    Const(u64),
    Bin(u8, Box<Ast>, Box<Ast>),
    Un(u8, Box<Ast>),
    Ite(Box<Ast>, Box<Ast>, Box<Ast>, u8),
    /// Read of an array built by stores at (index, value) pairs over the symbolic array.
    ReadArr(Vec<(Ast, Ast)>, Box<Ast>),
    Ext(Box<Ast>, u8),
}

const W: u32 = 8;

fn reference(a: &Ast, env: &[u64; 3], arr: &dyn Fn(u64) -> u64) -> u64 {
    let m = mask(W);
    match a {
        Ast::Var(i) => env[*i] & m,
        Ast::Const(c) => c & m,
        Ast::Bin(op, x, y) => {
            let (x, y) = (reference(x, env, arr), reference(y, env, arr));
            let (sx, sy) = (signed(x, W), signed(y, W));
            (match op % 13 {
                0 => x.wrapping_add(y),
                1 => x.wrapping_sub(y),
                2 => x.wrapping_mul(y),
                3 => x.checked_div(y).unwrap_or(m),
                4 => x.checked_rem(y).unwrap_or(x),
                5 => {
                    if y == 0 {
                        if sx < 0 {
                            1
                        } else {
                            m
                        }
                    } else {
                        sx.wrapping_div(sy) as u64
                    }
                }
                6 => {
                    if y == 0 {
                        x
                    } else {
                        sx.wrapping_rem(sy) as u64
                    }
                }
                7 => {
                    if y >= 8 {
                        0
                    } else {
                        x << y
                    }
                }
                8 => {
                    if y >= 8 {
                        0
                    } else {
                        x >> y
                    }
                }
                9 => {
                    if y >= 8 {
                        (sx >> 63) as u64
                    } else {
                        (sx >> y) as u64
                    }
                }
                10 => x & y,
                11 => x | y,
                _ => x ^ y,
            }) & m
        }
        Ast::Un(op, x) => {
            let x = reference(x, env, arr);
            (match op % 2 {
                0 => x.wrapping_neg(),
                _ => !x,
            }) & m
        }
        Ast::Ite(c, x, y, cmp) => {
            let (cv, xv, yv) = (reference(c, env, arr), reference(x, env, arr), reference(y, env, arr));
            let take = match cmp % 4 {
                0 => cv == xv,
                1 => cv < xv,
                2 => signed(cv, W) <= signed(xv, W),
                _ => cv > yv,
            };
            if take {
                xv
            } else {
                yv
            }
        }
        Ast::ReadArr(stores, idx) => {
            let i = reference(idx, env, arr);
            let mut v = arr(i);
            for (k, val) in stores {
                if reference(k, env, arr) == i {
                    v = reference(val, env, arr);
                }
            }
            v & m
        }
        Ast::Ext(x, how) => {
            let x = reference(x, env, arr);
            match how % 3 {
                // sign-extend to 16, add 1, truncate back
                0 => (signed(x, W) as u64).wrapping_add(1) & m,
                // concat with itself, take the high byte
                1 => x,
                // zero-extend and shift right by 4 in 16 bits
                _ => (x >> 4) & m,
            }
        }
    }
}

fn build(a: &Ast, vars: &[Term; 3], arr: &Term) -> Term {
    match a {
        Ast::Var(i) => vars[*i].clone(),
        Ast::Const(c) => Term::bv(*c, W),
        Ast::Bin(op, x, y) => {
            let (x, y) = (build(x, vars, arr), build(y, vars, arr));
            match op % 13 {
                0 => x.bvadd(&y),
                1 => x.bvsub(&y),
                2 => x.bvmul(&y),
                3 => x.bvudiv(&y),
                4 => x.bvurem(&y),
                5 => x.bvsdiv(&y),
                6 => x.bvsrem(&y),
                7 => x.bvshl(&y),
                8 => x.bvlshr(&y),
                9 => x.bvashr(&y),
                10 => x.bvand(&y),
                11 => x.bvor(&y),
                _ => x.bvxor(&y),
            }
        }
        Ast::Un(op, x) => {
            let x = build(x, vars, arr);
            match op % 2 {
                0 => x.bvneg(),
                _ => x.bvnot(),
            }
        }
        Ast::Ite(c, x, y, cmp) => {
            let (cv, xv, yv) = (build(c, vars, arr), build(x, vars, arr), build(y, vars, arr));
            let cond = match cmp % 4 {
                0 => cv.eq(&xv),
                1 => cv.bvult(&xv),
                2 => cv.bvsle(&xv),
                _ => cv.bvugt(&yv),
            };
            Term::ite(&cond, &xv, &yv)
        }
        Ast::ReadArr(stores, idx) => {
            let mut a = arr.clone();
            for (k, v) in stores {
                a = a.store(&build(k, vars, arr), &build(v, vars, arr));
            }
            a.select(&build(idx, vars, arr))
        }
        Ast::Ext(x, how) => {
            let x = build(x, vars, arr);
            match how % 3 {
                0 => x.sext(16).bvadd(&Term::bv(1, 16)).extract(7, 0),
                1 => x.concat(&x).extract(15, 8),
                _ => x.zext(16).bvlshr(&Term::bv(4, 16)).extract(7, 0),
            }
        }
    }
}

fn ast() -> impl Strategy<Value = Ast> {
    let leaf = prop_oneof![
        (0usize..3).prop_map(Ast::Var),
        prop_oneof![Just(0u64), Just(1), Just(255), Just(128), any::<u64>()].prop_map(Ast::Const)
    ];
    leaf.prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            (any::<u8>(), inner.clone(), inner.clone()).prop_map(|(o, a, b)| Ast::Bin(o, Box::new(a), Box::new(b))),
            (any::<u8>(), inner.clone()).prop_map(|(o, a)| Ast::Un(o, Box::new(a))),
            (inner.clone(), inner.clone(), inner.clone(), any::<u8>()).prop_map(|(c, a, b, k)| Ast::Ite(
                Box::new(c),
                Box::new(a),
                Box::new(b),
                k
            )),
            (prop::collection::vec((inner.clone(), inner.clone()), 0..3), inner.clone())
                .prop_map(|(s, i)| Ast::ReadArr(s, Box::new(i))),
            (inner, any::<u8>()).prop_map(|(a, k)| Ast::Ext(Box::new(a), k)),
        ]
    })
}

fn array_value(seed: u64) -> Value {
    let mut entries = std::collections::BTreeMap::new();
    for i in 0..256u64 {
        entries.insert(crate::eval::ValueKey::Bv(i), Value::Bv((i.wrapping_mul(seed | 1) ^ seed) & 0xff, W));
    }
    Value::Array(Box::new(Value::Bv(0, W)), entries)
}

/// A random term over fresh `x`, `y`, `z` and an array `A`, with values for them: `env` and
/// [`array_value`]`(seed)`.
struct Sample {
    t: Term,
    vars: [Term; 3],
    syms: Vec<SymId>,
    asym: SymId,
    env: [u64; 3],
    arrv: Value,
}

impl Sample {
    fn new(a: &Ast, env: [u64; 3], seed: u64) -> Sample {
        let vars = [Term::fresh("x", Sort::Bv(W)), Term::fresh("y", Sort::Bv(W)), Term::fresh("z", Sort::Bv(W))];
        let arr = Term::fresh("A", Sort::Array(Elem::Bv(W), Elem::Bv(W)));
        let t = build(a, &vars, &arr);
        let syms = vars.iter().map(|v| v.as_var().unwrap()).collect();
        Sample { t, vars, syms, asym: arr.as_var().unwrap(), env, arrv: array_value(seed) }
    }

    fn value(&self, s: SymId) -> Option<Value> {
        if s == self.asym {
            return Some(self.arrv.clone());
        }
        self.syms.iter().position(|x| *x == s).map(|i| Value::Bv(self.env[i] & mask(W), W))
    }
}

proptest! {
    // A fixed seed keeps CI deterministic; KAPPA_PROPTEST_SEED=N explores other inputs.
    #![proptest_config(ProptestConfig {
        cases: 2000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(
            std::env::var("KAPPA_PROPTEST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x006b_6170_7061),
        ),
        .. ProptestConfig::default()
    })]

    #[test]
    fn simplification_preserves_meaning(a in ast(), env in any::<[u64; 3]>(), seed in any::<u64>()) {
        let sample = Sample::new(&a, env, seed);
        let (t, arrv) = (&sample.t, &sample.arrv);
        let envf = |s: SymId| sample.value(s);
        let got = eval(t, &envf);
        let want = reference(&a, &env, &|i| match arrv { Value::Array(_, e) => e.get(&crate::eval::ValueKey::Bv(i)).and_then(Value::as_bv).unwrap_or(0), _ => 0 });
        prop_assert_eq!(got, Some(Value::Bv(want, W)), "term {}", t);
    }

    /// Both evaluators of `eval` (by recursion for small terms, over the DAG for others) agree.
    #[test]
    fn both_evaluators_agree(a in ast(), env in any::<[u64; 3]>(), seed in any::<u64>()) {
        let sample = Sample::new(&a, env, seed);
        let (t, vars) = (&sample.t, &sample.vars);
        let envf = |s: SymId| sample.value(s);
        let c = Term::eq(t, &vars[0]);
        prop_assert_eq!(eval(&c, &envf), crate::eval::eval_shared(&c, &envf), "term {}", c);
    }

    /// `Term::low_bits(k)` computes the low k bits of any term at width k.
    #[test]
    fn low_bits_are_the_low_bits(a in ast(), env in any::<[u64; 3]>(), seed in any::<u64>(), k in 1u32..W) {
        let sample = Sample::new(&a, env, seed);
        let t = &sample.t;
        let envf = |s: SymId| sample.value(s);
        let low = t.low_bits(k);
        prop_assert_eq!(low.width(), k);
        let whole = eval(t, &envf).and_then(|v| v.as_bv());
        prop_assert_eq!(eval(&low, &envf), whole.map(|v| Value::Bv(v & mask(k), k)), "term {} low {}", t, low);
    }
}

/// An address computation narrowed for a cell comparison: no 64-bit operation is left.
#[test]
fn low_bits_narrow_an_address_computation() {
    let (r, c) = (Term::fresh("r", Sort::Bv(32)), Term::fresh("c", Sort::Bv(32)));
    let off =
        r.bvadd(&Term::bv(mask(32), 32)).sext(64).bvmul(&Term::bv(16, 64)).bvadd(&c.sext(64).bvmul(&Term::bv(4, 64)));
    let low = off.low_bits(6);
    let mut wide = false;
    let mut stack = vec![low.clone()];
    while let Some(t) = stack.pop() {
        wide |= matches!(t.sort(), Sort::Bv(w) if w > 32);
        stack.extend(t.args().iter().cloned());
    }
    assert!(!wide, "{low}");
    // Extensions of narrower values than the bits asked for, at every value.
    let x = Term::fresh("x", Sort::Bv(3));
    let sym = x.as_var().unwrap();
    for v in 0..8u64 {
        let env = |s: SymId| (s == sym).then_some(Value::Bv(v, 3));
        for (t, k) in [(x.sext(8), 5), (x.zext(8), 5), (x.sext(8).bvadd(&Term::bv(3, 8)), 6)] {
            let want = eval(&t, &env).and_then(|v| v.as_bv()).map(|w| Value::Bv(w & mask(k), k));
            assert_eq!(eval(&t.low_bits(k), &env), want, "{t} at {v}");
        }
    }
}

#[test]
fn hash_consing_shares_equal_terms() {
    let x = Term::fresh("x", Sort::Bv(32));
    let a = x.bvadd(&Term::bv(1, 32));
    let b = x.bvadd(&Term::bv(1, 32));
    assert_eq!(a, b);
    assert_eq!(a.id(), b.id());
    // x + 1 + 2 is x + 3, and (x + 3) == 5 is x == 2.
    let c = a.bvadd(&Term::bv(2, 32));
    assert_eq!(c, x.bvadd(&Term::bv(3, 32)));
    assert_eq!(c.eq(&Term::bv(5, 32)), x.eq(&Term::bv(2, 32)));
}

#[test]
fn reads_over_writes_at_constant_indices_resolve() {
    let a = Term::fresh("mem", Sort::Array(Elem::Bv(64), Elem::Bv(8)));
    let i = Term::fresh("i", Sort::Bv(64));
    let v = Term::fresh("v", Sort::Bv(8));
    let s = a.store(&Term::bv(4, 64), &v).store(&Term::bv(5, 64), &Term::bv(7, 8));
    assert_eq!(s.select(&Term::bv(4, 64)), v);
    assert_eq!(s.select(&Term::bv(3, 64)), a.select(&Term::bv(3, 64)));
    // i and i + 1 differ: the read of i + 1 skips the store at i.
    let s2 = a.store(&i, &v);
    assert_eq!(s2.select(&i.bvadd(&Term::bv(1, 64))), a.select(&i.bvadd(&Term::bv(1, 64))));
    // A 32-bit value stored as bytes and read back is the value.
    let x = Term::fresh("x", Sort::Bv(32));
    let mut m = a.clone();
    for k in 0..4u32 {
        m = m.store(&Term::bv(u64::from(k), 64), &x.extract(8 * k + 7, 8 * k));
    }
    let back = m
        .select(&Term::bv(3, 64))
        .concat(&m.select(&Term::bv(2, 64)))
        .concat(&m.select(&Term::bv(1, 64)))
        .concat(&m.select(&Term::bv(0, 64)));
    assert_eq!(back, x);
}

#[test]
fn conjunctions_are_flat_and_detect_contradictions() {
    let p = Term::fresh("p", Sort::Bool);
    let q = Term::fresh("q", Sort::Bool);
    assert_eq!(p.and(&q).and(&p), p.and(&q));
    assert!(p.and(&p.not()).is_false());
    assert!(p.or(&p.not()).is_true());
    assert_eq!(Term::ite(&p, &Term::tt(), &Term::ff()), p);
}

/// θ over two integer variables a, b of 32 bits.
fn frame() -> std::rc::Rc<Frame<&'static str>> {
    Frame::new([("a", "a".to_string(), Sort::Bv(32)), ("b", "b".to_string(), Sort::Bv(32))])
}

#[test]
fn composition_follows_the_paper() {
    let f = frame();
    let a0 = f.initial(&"a").unwrap().clone();
    let b0 = f.initial(&"b").unwrap().clone();
    // θ1: a := b + 1;  θ2: b := a * 2
    let mut t1 = SymMemory::identity(&f);
    t1.set("a", b0.bvadd(&Term::bv(1, 32)));
    let mut t2 = SymMemory::identity(&f);
    t2.set("b", a0.bvmul(&Term::bv(2, 32)));
    // θ1 ◇ θ2: a = b0 + 1, b = (b0 + 1) * 2
    let c = t1.compose(&t2);
    assert_eq!(c.get(&"a").unwrap(), b0.bvadd(&Term::bv(1, 32)));
    assert_eq!(c.get(&"b").unwrap(), b0.bvadd(&Term::bv(1, 32)).bvmul(&Term::bv(2, 32)));
    // θ1⟨a > 5⟩ = b0 + 1 > 5
    let phi = a0.bvsgt(&Term::bv(5, 32));
    assert_eq!(t1.apply(&phi), b0.bvadd(&Term::bv(1, 32)).bvsgt(&Term::bv(5, 32)));
    // s1 ◇ s2 for states: the path condition of s2 is seen through θ1.
    let s1 = SymState { loc: 1, mem: t1.clone(), pc: b0.bvslt(&Term::bv(10, 32)) };
    let s2 = SymState { loc: 2, mem: t2.clone(), pc: a0.bvsgt(&Term::bv(5, 32)) };
    let s = s1.compose(&s2);
    assert_eq!(s.loc, 2);
    assert_eq!(s.pc, b0.bvslt(&Term::bv(10, 32)).and(&b0.bvadd(&Term::bv(1, 32)).bvsgt(&Term::bv(5, 32))));
}

/// Random memories built from a few assignment shapes.
fn memory(f: &std::rc::Rc<Frame<&'static str>>, shape: (u8, u8, u64)) -> SymMemory<&'static str> {
    let a0 = f.initial(&"a").unwrap().clone();
    let b0 = f.initial(&"b").unwrap().clone();
    let k = Term::bv(shape.2, 32);
    let mut m = SymMemory::identity(f);
    let e = |s: u8| match s % 5 {
        0 => a0.bvadd(&k),
        1 => b0.bvmul(&k),
        2 => Term::ite(&a0.bvslt(&b0), &a0, &b0.bvsub(&k)),
        3 => a0.bvxor(&b0),
        _ => k.clone(),
    };
    m.set("a", e(shape.0));
    m.set("b", e(shape.1));
    m
}

proptest! {
    /// Lemma 1 of the paper: (θ ◇ θ')⟨φ⟩ ≡ θ⟨θ'⟨φ⟩⟩, and ◇ is associative.
    #[test]
    fn composition_lemmas_hold(s1 in any::<(u8, u8, u64)>(), s2 in any::<(u8, u8, u64)>(), s3 in any::<(u8, u8, u64)>(), va in any::<u32>(), vb in any::<u32>()) {
        let f = frame();
        let (t1, t2, t3) = (memory(&f, s1), memory(&f, s2), memory(&f, s3));
        let a0 = f.initial(&"a").unwrap().clone();
        let b0 = f.initial(&"b").unwrap().clone();
        let phi = a0.bvult(&b0.bvadd(&Term::bv(3, 32)));
        let env = |s: SymId| -> Option<Value> {
            if Some(s) == a0.as_var() { Some(Value::Bv(u64::from(va), 32)) }
            else if Some(s) == b0.as_var() { Some(Value::Bv(u64::from(vb), 32)) } else { None }
        };
        let lhs = t1.compose(&t2).apply(&phi);
        let rhs = t1.apply(&t2.apply(&phi));
        prop_assert_eq!(eval(&lhs, &env), eval(&rhs, &env));
        let left = t1.compose(&t2).compose(&t3);
        let right = t1.compose(&t2.compose(&t3));
        for k in ["a", "b"] {
            prop_assert_eq!(eval(&left.get(&k).unwrap(), &env), eval(&right.get(&k).unwrap(), &env));
        }
    }
}

#[test]
fn instantiating_a_parameter() {
    let f = frame();
    let a0 = f.initial(&"a").unwrap().clone();
    let kappa = Term::fresh("kappa", Sort::Int);
    let mut m = SymMemory::identity(&f);
    // a after κ iterations of a += 2
    m.set("a", a0.bvadd(&kappa.int_to_bv(32).bvmul(&Term::bv(2, 32))));
    let s = SymState { loc: 0, mem: m, pc: kappa.ile(&Term::int(10)).and(&Term::int(0).ile(&kappa)) };
    let nu: HashMap<SymId, Term> = [(kappa.as_var().unwrap(), Term::int(3))].into();
    let s3 = s.instantiate(&nu);
    assert_eq!(s3.mem.get(&"a").unwrap(), a0.bvadd(&Term::bv(6, 32)));
    assert!(s3.pc.is_true());
    assert_eq!(Op::Forall, Term::forall(std::slice::from_ref(&kappa), &kappa.ile(&Term::int(3))).op());
}

/// Division, remainder and product of extended operands are computed at the narrower width
/// (`Term::narrowed`): exhaustively over 4-bit values extended to 8 bits, constants included,
/// the result equals the operation at 8 bits.
#[test]
fn narrowed_division_remainder_and_product_are_exact() {
    let (x, y) = (Term::fresh("x", Sort::Bv(4)), Term::fresh("y", Sort::Bv(4)));
    let (sx, sy) = (x.as_var().unwrap(), y.as_var().unwrap());
    let operand = |t: &Term, kind: u8| -> Term {
        match kind {
            0 => t.zext(8),
            1 => t.sext(8),
            c => Term::bv(u64::from(c), 8),
        }
    };
    // The reference interpreter's operation codes: udiv, urem, sdiv, srem, mul.
    let fold = |op: u8, a: u64, b: u64| -> u64 {
        let code = [3u8, 4, 5, 6, 2][op as usize];
        reference(&Ast::Bin(code, Box::new(Ast::Const(a)), Box::new(Ast::Const(b))), &[0; 3], &|_| 0)
    };
    let kinds = [0u8, 1, 3, 7, 10, 128, 200, 255];
    for op in 0..5u8 {
        for &ka in &kinds {
            for &kb in &kinds {
                let (a, b) = (operand(&x, ka), operand(&y, kb));
                let t = match op {
                    0 => a.bvudiv(&b),
                    1 => a.bvurem(&b),
                    2 => a.bvsdiv(&b),
                    3 => a.bvsrem(&b),
                    _ => a.bvmul(&b),
                };
                for vx in 0..16u64 {
                    for vy in 0..16u64 {
                        let env =
                            |s: SymId| (s == sx).then_some(Value::Bv(vx, 4)).or((s == sy).then_some(Value::Bv(vy, 4)));
                        let (av, bv) = (eval(&a, &env).and_then(|v| v.as_bv()), eval(&b, &env).and_then(|v| v.as_bv()));
                        let want = fold(op, av.unwrap(), bv.unwrap());
                        assert_eq!(
                            eval(&t, &env),
                            Some(Value::Bv(want, 8)),
                            "op {op} on {a} and {b} at x={vx} y={vy}: {t}"
                        );
                    }
                }
            }
        }
    }
    // The rewrite happens: a remainder of zero-extended bytes is an 4-bit remainder.
    assert_eq!(x.zext(8).bvsrem(&y.zext(8)), x.bvurem(&y).zext(8));
}

/// Comparisons of scaled and extended values with constants are rewritten to comparisons of the
/// operand (`4·sext(i) == 8` is `i == 2`, `6·sext(i) == -12` is `i == -2`: no product of a
/// narrow value wraps): exact at every value, checked exhaustively at 4 → 8 bits.
#[test]
fn scaled_and_extended_comparisons_with_constants_are_exact() {
    let x = Term::fresh("x", Sort::Bv(4));
    let sx = x.as_var().unwrap();
    let mut lhs = vec![x.zext(8), x.sext(8)];
    for k in [2u64, 4, 8, 16, 128, 6, 3, 5, 12, 15, 17, 255] {
        lhs.push(x.zext(8).bvmul(&Term::bv(k, 8)));
        lhs.push(x.sext(8).bvmul(&Term::bv(k, 8)));
    }
    for l in &lhs {
        for c in 0..256u64 {
            for (t, what) in [(l.eq(&Term::bv(c, 8)), "l == c"), (Term::bv(c, 8).eq(l), "c == l")] {
                for vx in 0..16u64 {
                    let env = |s: SymId| (s == sx).then_some(Value::Bv(vx, 4));
                    let want = eval(l, &env).and_then(|v| v.as_bv()) == Some(c);
                    assert_eq!(eval(&t, &env), Some(Value::Bool(want)), "{what} for {l} and {c} at x={vx}: {t}");
                }
            }
        }
    }
    // The rewrite happens: an index scaled to an offset compared with a cell's offset.
    assert_eq!(x.sext(8).bvmul(&Term::bv(4, 8)).eq(&Term::bv(8, 8)), x.eq(&Term::bv(2, 4)));
    // And for an element size that is not a power of two (`&a[i]` with 6-byte elements).
    assert_eq!(x.sext(8).bvmul(&Term::bv(6, 8)).eq(&Term::bv(244, 8)), x.eq(&Term::bv(14, 4)));
    assert_eq!(x.zext(8).bvmul(&Term::bv(6, 8)).eq(&Term::bv(7, 8)), Term::ff());
}

/// Unsigned comparisons of `k·ext(x) + c` with a constant are rewritten to a range of `x`
/// where that is exact (a pointer `&a[i] + f` against an object's bounds, issue 24): checked
/// exhaustively at 4 → 8 bits for every constant `m` and both sides and strictness.
#[test]
fn scaled_index_against_a_constant_is_a_range_of_the_index_exactly() {
    let x = Term::fresh("x", Sort::Bv(4));
    let sx = x.as_var().unwrap();
    let mut lhs = Vec::new();
    for k in [1u64, 2, 3, 4, 5, 6, 12, 15, 16, 17] {
        for c in [0u64, 1, 3, 7, 8, 16, 100, 127, 128, 200, 240, 250, 255] {
            for e in [x.zext(8), x.sext(8)] {
                lhs.push(e.bvmul(&Term::bv(k, 8)).bvadd(&Term::bv(c, 8)));
            }
        }
    }
    let mut rewritten = 0;
    for l in &lhs {
        for m in 0..256u64 {
            let mc = Term::bv(m, 8);
            let forms =
                [(l.bvule(&mc), "l <= m"), (l.bvult(&mc), "l < m"), (mc.bvule(l), "m <= l"), (mc.bvult(l), "m < l")];
            for (t, what) in forms {
                rewritten += usize::from(!matches!(t.op(), Op::BvUle | Op::BvUlt));
                for vx in 0..16u64 {
                    let env = |s: SymId| (s == sx).then_some(Value::Bv(vx, 4));
                    let v = eval(l, &env).and_then(|v| v.as_bv()).unwrap();
                    let want = match what {
                        "l <= m" => v <= m,
                        "l < m" => v < m,
                        "m <= l" => m <= v,
                        _ => m < v,
                    };
                    assert_eq!(eval(&t, &env), Some(Value::Bool(want)), "{what} for {l} and {m} at x={vx}: {t}");
                }
            }
        }
    }
    assert!(rewritten > lhs.len() * 256, "the rule fired {rewritten} times");
    // The rewrite happens: `4·sext(i) + 8 <= 20` is `-2 <= i <= 3`.
    let t = x.sext(8).bvmul(&Term::bv(4, 8)).bvadd(&Term::bv(8, 8)).bvule(&Term::bv(20, 8));
    assert_eq!(t, Term::bv(14, 4).bvsle(&x).and(&x.bvsle(&Term::bv(3, 4))));
}

#[test]
fn a_term_millions_of_operations_deep_is_dropped_without_recursion() {
    // A byte sum unrolled over many iterations is a chain this deep (issue 20): the default
    // drop recursed once per level and overflowed the stack.
    let b = Term::fresh("b", Sort::Bv(8));
    let mut t = Term::fresh("c", Sort::Bv(8));
    for _ in 0..1_000_000 {
        t = Term::mk(Op::BvAdd, vec![t, b.clone()], Sort::Bv(8));
    }
    drop(t);
}

#[test]
fn an_equality_with_an_ite_dag_stays_linear_and_exact() {
    // Two interleaved ite-chains of depth 40 sharing their branches: 2^40 paths, 80 ite nodes
    // (reads at symbolic offsets over cells that are themselves reads). Pushing `== v` down
    // every path never finished (issue 24); the result must be as small as the DAG and agree
    // with the comparison on every assignment tried.
    const DEPTH: usize = 40;
    let (a, b) = (Term::fresh("a", Sort::Bv(8)), Term::fresh("b", Sort::Bv(8)));
    let conds: Vec<(Term, Term)> =
        (0..DEPTH).map(|_| (Term::fresh("c", Sort::Bool), Term::fresh("d", Sort::Bool))).collect();
    let (mut t, mut u) = (a.clone(), b.bvadd(&Term::bv(1, 8)));
    for (c, d) in &conds {
        (t, u) = (Term::ite(c, &t, &u), Term::ite(d, &t, &u.bvadd(&Term::bv(3, 8))));
    }
    let v = Term::fresh("v", Sort::Bv(8));
    let k = Term::bv(7, 8);
    // Against a constant, `u + 3 == k` becomes `u == k - 3`: one value per level and node.
    let linear = 5 * 2 * DEPTH;
    let quadratic = 2 * DEPTH * DEPTH;
    for (x, y, bound) in
        [(&t, &v, linear), (&v, &t, linear), (&u, &v, linear), (&t, &k, quadratic), (&k, &u, quadratic)]
    {
        let e = x.eq(y);
        assert!(e.dag_size() <= bound, "{} nodes", e.dag_size());
        for seed in 0..64u64 {
            let env = |s: SymId| {
                let h = (s.0 as u64 ^ seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
                Some(match Term::sym_sort(s) {
                    Sort::Bool => Value::Bool(h & 1 == 1),
                    _ => Value::Bv(h & mask(8), 8),
                })
            };
            let (ex, ey) = (eval(x, &env), eval(y, &env));
            assert_eq!(eval(&e, &env), Some(Value::Bool(ex == ey)), "seed {seed}");
        }
    }
}

/// A term whose tree is exponentially larger than its DAG (each level adds the previous one to
/// itself) is evaluated over the DAG: 2^60 visits by recursion would not end.
#[test]
fn a_term_with_deep_sharing_is_evaluated_once_per_node() {
    let x = Term::fresh("x", Sort::Bv(W));
    let one = Term::bv(1, W);
    let (mut t, mut want) = (x.clone(), 3u64);
    for _ in 0..60 {
        let twice = Term::mk(Op::BvAdd, vec![t.clone(), t.clone()], Sort::Bv(W));
        t = Term::mk(Op::BvAdd, vec![twice, one.clone()], Sort::Bv(W));
        want = (2 * want + 1) & mask(W);
    }
    let s = x.as_var().unwrap();
    let env = |v: SymId| (v == s).then_some(Value::Bv(3, W));
    assert_eq!(eval(&t, &env), Some(Value::Bv(want, W)));
    let unknown = |_: SymId| None;
    assert_eq!(eval(&t, &unknown), None);
}
