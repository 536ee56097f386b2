//! Hand-built IR programs (the C front-end is tested against gcc separately).

use crate::*;
use kappa_ir::expr::{BinOp, CastOp, Expr, UnOp};
use kappa_ir::*;
use BinOp::*;

// ---- a small IR builder ----

struct B {
    p: Program,
}

impl B {
    fn new() -> B {
        B::with_model(DataModel::LP64)
    }

    fn with_model(dm: DataModel) -> B {
        B { p: Program { data_model: dm, files: vec!["t.c".into()], ..Program::default() } }
    }

    fn func(&mut self, name: &str) -> FuncId {
        let id = FuncId(self.p.functions.len() as u32);
        let loc = |kind| LocInfo { kind, span: Span::default() };
        self.p.functions.push(Function {
            name: name.into(),
            id,
            locs: vec![loc(LocKind::Normal), loc(LocKind::Exit)],
            entry: Loc(0),
            exit: Loc(1),
            ..Function::default()
        });
        if name == "main" {
            self.p.main = Some(id);
        }
        id
    }

    fn f(&mut self, f: FuncId) -> &mut Function {
        &mut self.p.functions[f.index()]
    }

    fn var(&mut self, name: &str, ty: Ty, kind: VarKind) -> VarId {
        let id = VarId(self.p.vars.len() as u32);
        let ctype = match ty {
            Ty::Ptr => CType::ptr_to(CType::Void),
            _ => CType::LONG,
        };
        self.p.vars.push(VarInfo { name: name.into(), ty, ctype, kind, span: Span::default() });
        id
    }

    fn param(&mut self, f: FuncId, name: &str, ty: Ty) -> VarId {
        let v = self.var(name, ty, VarKind::Param(f));
        self.f(f).params.push(v);
        self.f(f).vars.push(v);
        v
    }

    fn local(&mut self, f: FuncId, name: &str, ty: Ty) -> VarId {
        let v = self.var(name, ty, VarKind::Local(f));
        self.f(f).vars.push(v);
        v
    }

    fn ret(&mut self, f: FuncId, ty: Ty) -> VarId {
        let v = self.var("ret", ty, VarKind::Ret(f));
        self.f(f).ret = Some(v);
        self.f(f).vars.push(v);
        v
    }

    fn global(&mut self, name: &str, ty: Ty, init: Option<Expr>) -> VarId {
        let v = self.var(name, ty, VarKind::Global);
        if let Some(value) = init {
            self.p.globals.push(GlobalInit { var: v, value });
        }
        v
    }

    fn obj(&mut self, name: &str, kind: ObjKind, size: Option<u64>) -> ObjId {
        let id = ObjId(self.p.objects.len() as u32);
        self.p.objects.push(ObjInfo { name: name.into(), ctype: CType::INT, kind, size, span: Span::default() });
        id
    }

    fn string(&mut self, s: &str) -> ObjId {
        let mut bytes = s.as_bytes().to_vec();
        bytes.push(0);
        let n = bytes.len() as u64;
        self.obj("str", ObjKind::StringLit { bytes }, Some(n))
    }

    fn slot(&mut self, f: FuncId, name: &str, size: u64) -> ObjId {
        let o = self.obj(name, ObjKind::Local(f), Some(size));
        self.f(f).slots.push(o);
        o
    }

    fn loc(&mut self, f: FuncId, kind: LocKind) -> Loc {
        let fun = self.f(f);
        fun.locs.push(LocInfo { kind, span: Span { file: 0, line: fun.locs.len() as u32, col: 1, ..Span::default() } });
        Loc(fun.locs.len() as u32 - 1)
    }

    fn edge(&mut self, f: FuncId, src: Loc, dst: Loc, op: Op) {
        self.f(f).edges.push(Edge { src, dst, op, span: Span::default() });
    }

    /// Appends `ops` as a straight line from `from`; returns the last location.
    fn seq(&mut self, f: FuncId, from: Loc, ops: Vec<Op>) -> Loc {
        let mut cur = from;
        for op in ops {
            let next = self.loc(f, LocKind::Normal);
            self.edge(f, cur, next, op);
            cur = next;
        }
        cur
    }

    fn ret_edge(&mut self, f: FuncId, from: Loc, e: Option<Expr>) {
        let exit = self.f(f).exit;
        self.edge(f, from, exit, Op::Return(e));
    }

    /// Straight-line body from the entry, then `return e`.
    fn body(&mut self, f: FuncId, ops: Vec<Op>, e: Option<Expr>) {
        let entry = self.f(f).entry;
        let last = self.seq(f, entry, ops);
        self.ret_edge(f, last, e);
    }

    fn build(mut self) -> Program {
        for f in &mut self.p.functions {
            f.index_edges();
        }
        if let Err(e) = self.p.validate() {
            panic!("test program does not validate: {e}");
        }
        self.p
    }

    /// Builds without validation or edge index (for malformed programs; the interpreter indexes
    /// edges itself).
    fn build_raw(self) -> Program {
        self.p
    }
}

fn v(x: VarId) -> Expr {
    Expr::Var(x)
}
fn c32(x: i64) -> Expr {
    Expr::int(x.into(), 32)
}
fn c64(x: i64) -> Expr {
    Expr::int(x.into(), 64)
}
fn c8(x: i64) -> Expr {
    Expr::int(x.into(), 8)
}
fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}
fn addr(o: ObjId) -> Expr {
    Expr::AddrOf(o)
}
fn padd(p: Expr, k: i64) -> Expr {
    Expr::ptr_add(p, c64(k))
}
fn assign(dst: VarId, value: Expr) -> Op {
    Op::Assign { dst, value }
}
fn store(ptr: Expr, value: Expr) -> Op {
    Op::Store { ptr, value }
}
fn load(dst: VarId, ptr: Expr) -> Op {
    Op::Load { dst, ptr }
}
fn alloc_slot(o: ObjId, size: u64) -> Op {
    Op::Alloc { target: AllocTarget::Slot(o), region: Region::Stack, size: c64(size as i64), init: AllocInit::Zero }
}
fn printf(args: Vec<Expr>) -> Op {
    Op::Output { kind: OutputKind::Printf, args, dst: None }
}
fn b2i(c: Expr) -> Expr {
    Expr::ite(c, c32(1), c32(0))
}

fn cfg() -> Config {
    Config { check_determinism: true, ..Config::default() }
}

/// Runs `main` on zero inputs, with the recursive evaluator and with the iterative one for every
/// expression; both must agree.
fn run0(p: &Program) -> RunResult {
    let r = run_main(p, &mut ZeroInput, &cfg());
    let r2 = Interpreter::with_recursive_depth(p, 0).run_main(&mut ZeroInput, &cfg());
    assert_eq!(
        (&r.outcome, &r.output, r.steps, &r.inputs, r.ret),
        (&r2.outcome, &r2.output, r2.steps, &r2.inputs, r2.ret)
    );
    r
}

fn stuck_reason(r: &RunResult) -> &str {
    match &r.outcome {
        Outcome::Stuck(m) => m,
        o => panic!("expected Stuck, got {o:?}"),
    }
}

/// `f(a, b) = a op b` on `width`-bit integers (comparisons give 1/0 as i32); the result.
fn binop_result(op: BinOp, a: i128, b: i128, width: u32) -> Outcome2 {
    let mut bd = B::new();
    let f = bd.func("f");
    let pa = bd.param(f, "a", Ty::Int(width));
    let pb = bd.param(f, "b", Ty::Int(width));
    let cmp = op.is_comparison();
    let r = bd.ret(f, if cmp { Ty::Int(32) } else { Ty::Int(width) });
    let e = bin(op, v(pa), v(pb));
    bd.body(f, vec![], Some(if cmp { b2i(e) } else { e }));
    let p = bd.build();
    let _ = r;
    let res = run(&p, f, &[Value::int(a, width), Value::int(b, width)], &mut ZeroInput, &cfg());
    match (res.outcome, res.ret) {
        (Outcome::Exit(_), Some(Value::Int { bits, .. })) => Outcome2::Val(bits),
        (Outcome::Stuck(m), _) => Outcome2::Stuck(m),
        (o, r) => panic!("unexpected {o:?} {r:?}"),
    }
}

#[derive(Debug, PartialEq)]
enum Outcome2 {
    Val(u64),
    Stuck(String),
}

fn val(op: BinOp, a: i128, b: i128, w: u32) -> u64 {
    match binop_result(op, a, b, w) {
        Outcome2::Val(x) => x,
        Outcome2::Stuck(m) => panic!("{op:?} {a} {b} i{w}: stuck: {m}"),
    }
}

// ---- arithmetic ----

#[test]
fn every_binop_on_bitvectors() {
    let m32 = u64::from(u32::MAX);
    let cases: &[(BinOp, i128, i128, u32, u64)] = &[
        (Add, 0x7fff_ffff, 1, 32, 0x8000_0000),
        (Add, -1, 1, 32, 0),
        (Add, 200, 100, 8, 44),
        (Sub, 0, 1, 32, m32),
        (Sub, 5, 7, 64, u64::MAX - 1),
        (Mul, 0x10000, 0x10000, 32, 0),
        (Mul, -3, 7, 32, (-21i64 as u64) & m32),
        (Mul, 1 << 40, 1 << 30, 64, 0),
        (UDiv, -1, 2, 32, 0x7fff_ffff),
        (URem, -1, 10, 32, 5),
        (SDiv, -7, 2, 32, (-3i64 as u64) & m32),
        (SDiv, 7, -2, 32, (-3i64 as u64) & m32),
        (SDiv, -7, -2, 32, 3),
        (SRem, -7, 2, 32, m32),
        (SRem, 7, -2, 32, 1),
        (SRem, -7, -2, 32, m32),
        (SDiv, i64::MIN as i128, 2, 64, (i64::MIN / 2) as u64),
        (SDiv, -128, 3, 8, (-42i64 as u64) & 0xff),
        (Shl, 1, 31, 32, 0x8000_0000),
        (Shl, 1, 32, 32, 0),
        (Shl, 1, 63, 64, 1 << 63),
        (Shl, 1, 64, 64, 0),
        (Shl, 1, -1, 32, 0),
        (LShr, -1, 31, 32, 1),
        (LShr, -1, 32, 32, 0),
        (LShr, -1, 0, 32, m32),
        (AShr, -8, 1, 32, (-4i64 as u64) & m32),
        (AShr, i32::MIN as i128, 31, 32, m32),
        (AShr, i32::MIN as i128, 32, 32, m32),
        (AShr, i32::MIN as i128, 1000, 32, m32),
        (AShr, 0x4000_0000, 32, 32, 0),
        (AShr, -1, 63, 64, u64::MAX),
        (And, 0b1100, 0b1010, 8, 0b1000),
        (Or, 0b1100, 0b1010, 8, 0b1110),
        (Xor, 0b1100, 0b1010, 8, 0b0110),
        (Eq, 3, 3, 32, 1),
        (Ne, 3, 3, 32, 0),
        (Ult, -1, 1, 32, 0),
        (Slt, -1, 1, 32, 1),
        (Ule, 1, 1, 16, 1),
        (Sle, -2, -3, 16, 0),
        (Ugt, -1, 1, 64, 1),
        (Sgt, -1, 1, 64, 0),
        (Uge, 0, 0, 8, 1),
        (Sge, -128, 127, 8, 0),
    ];
    for &(op, a, b, w, want) in cases {
        assert_eq!(val(op, a, b, w), want, "{op:?} {a} {b} i{w}");
    }
}

#[test]
fn division_guards_reached_are_stuck() {
    for op in [UDiv, SDiv, URem, SRem] {
        assert!(matches!(binop_result(op, 5, 0, 32), Outcome2::Stuck(m) if m.contains("division by zero")));
    }
    for op in [SDiv, SRem] {
        assert!(matches!(binop_result(op, i32::MIN as i128, -1, 32), Outcome2::Stuck(m) if m.contains("overflow")));
        assert!(matches!(binop_result(op, i64::MIN as i128, -1, 64), Outcome2::Stuck(_)));
    }
    // The unsigned ones have no overflow.
    assert_eq!(val(UDiv, i32::MIN as i128, -1, 32), 0);
}

#[test]
fn unary_ops_casts_and_ite() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let x = bd.local(f, "x", Ty::Int(8));
    let s = bd.global("s", Ty::Int(64), None);
    let fmt = bd.string("%d %d %d %d %lld %lld %d %d %d\n");
    let ops = vec![
        assign(x, c8(-56)), // 0xc8
        assign(s, Expr::cast(CastOp::SExt, 64, v(x))),
        printf(vec![
            addr(fmt),
            Expr::cast(CastOp::ZExt, 32, v(x)),                      // 200
            Expr::cast(CastOp::SExt, 32, v(x)),                      // -56
            Expr::cast(CastOp::Trunc, 32, c64(0x1_0000_0005)),       // 5
            Expr::un(UnOp::Neg, c32(i32::MIN.into())),               // INT_MIN
            v(s),                                                    // -56
            Expr::un(UnOp::BitNot, c64(0)),                          // -1
            Expr::ite(bin(Slt, v(x), c8(0)), c32(1), c32(2)),        // 1
            b2i(Expr::un(UnOp::Not, bin(Eq, v(x), c8(0)))),          // 1
            b2i(bin(Xor, Expr::Bool(true), bin(Ne, v(x), c8(-56)))), // 1
        ]),
    ];
    bd.body(f, ops, Some(c32(0)));
    let p = bd.build();
    let r = run0(&p);
    assert_eq!(r.outcome, Outcome::Exit(0));
    assert_eq!(r.output_str(), "200 -56 5 -2147483648 -56 -1 1 1 1\n");
}

// ---- control ----

/// `s = 0; for (i = 1; i <= n; i++) s += i; return s;`
fn sum_program(n: i64) -> Program {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let i = bd.local(f, "i", Ty::Int(32));
    let s = bd.local(f, "s", Ty::Int(32));
    let entry = bd.f(f).entry;
    let head = bd.seq(f, entry, vec![assign(s, c32(0)), assign(i, c32(1))]);
    let body = bd.loc(f, LocKind::Normal);
    let done = bd.loc(f, LocKind::Normal);
    bd.edge(f, head, body, Op::Assume(bin(Sle, v(i), c32(n))));
    bd.edge(f, head, done, Op::Assume(bin(Sgt, v(i), c32(n))));
    let l = bd.seq(f, body, vec![assign(s, bin(Add, v(s), v(i)))]);
    bd.edge(f, l, head, assign(i, bin(Add, v(i), c32(1))));
    bd.ret_edge(f, done, Some(v(s)));
    bd.build()
}

#[test]
fn loop_sums_one_to_ten() {
    let r = run0(&sum_program(10));
    assert_eq!(r.outcome, Outcome::Exit(55));
    assert_eq!(r.ret, Some(Value::int(55, 32)));
    // 2 initial assignments, 10 iterations of 3 edges, the exit test and the return.
    assert_eq!(r.steps, 2 + 10 * 3 + 2);
}

#[test]
fn step_limit_stops_the_run() {
    let p = sum_program(1_000_000);
    let r = run_main(&p, &mut ZeroInput, &Config { max_steps: 1000, ..cfg() });
    assert!(matches!(r.outcome, Outcome::Limit(ref m) if m.contains("step limit")), "{:?}", r.outcome);
    assert_eq!(r.steps, 1000);
    // Exactly enough steps is fine.
    let p = sum_program(10);
    let r = run_main(&p, &mut ZeroInput, &Config { max_steps: 34, ..cfg() });
    assert_eq!(r.outcome, Outcome::Exit(55));
}

/// `fact(n) = n <= 1 ? 1 : n * fact(n - 1)`, main returns `fact(n)`.
fn fact_program(n: i64) -> Program {
    let mut bd = B::new();
    let fact = bd.func("fact");
    let pn = bd.param(fact, "n", Ty::Int(64));
    bd.ret(fact, Ty::Int(64));
    let t = bd.local(fact, "t", Ty::Int(64));
    let entry = bd.f(fact).entry;
    let base = bd.loc(fact, LocKind::Normal);
    let rec = bd.loc(fact, LocKind::Normal);
    bd.edge(fact, entry, base, Op::Assume(bin(Sle, v(pn), c64(1))));
    bd.edge(fact, entry, rec, Op::Assume(bin(Sgt, v(pn), c64(1))));
    bd.ret_edge(fact, base, Some(c64(1)));
    let l = bd.seq(fact, rec, vec![Op::Call { dst: Some(t), func: fact, args: vec![bin(Sub, v(pn), c64(1))] }]);
    bd.ret_edge(fact, l, Some(bin(Mul, v(pn), v(t))));

    let main = bd.func("main");
    bd.ret(main, Ty::Int(32));
    let r = bd.local(main, "r", Ty::Int(64));
    let fmt = bd.string("%lld\n");
    bd.body(
        main,
        vec![Op::Call { dst: Some(r), func: fact, args: vec![c64(n)] }, printf(vec![addr(fmt), v(r)])],
        Some(Expr::cast(CastOp::Trunc, 32, v(r))),
    );
    bd.build()
}

#[test]
fn recursive_factorial() {
    let r = run0(&fact_program(5));
    assert_eq!(r.outcome, Outcome::Exit(120));
    assert_eq!(r.output_str(), "120\n");
    let r = run0(&fact_program(20));
    assert_eq!(r.output_str(), "2432902008176640000\n");
    assert_eq!(r.outcome, Outcome::Exit(2432902008176640000u64 as i32));
}

#[test]
fn call_depth_limit() {
    let r = run_main(&fact_program(1000), &mut ZeroInput, &Config { max_depth: 100, ..cfg() });
    assert!(matches!(r.outcome, Outcome::Limit(ref m) if m.contains("depth")), "{:?}", r.outcome);
    let r = run_main(&fact_program(1000), &mut ZeroInput, &Config { max_depth: 1001, ..cfg() });
    assert_eq!(r.outcome, Outcome::Exit(0)); // 1000! mod 2^64 == 0
}

#[test]
fn error_location_exit_and_abort() {
    // if (x == 0) reach_error(); else if (x == 1) exit(3); else abort();
    let build = || {
        let mut bd = B::new();
        let f = bd.func("main");
        bd.ret(f, Ty::Int(32));
        let x = bd.local(f, "x", Ty::Int(32));
        let entry = bd.f(f).entry;
        let l = bd.seq(
            f,
            entry,
            vec![Op::Nondet { dst: x, origin: NondetOrigin::Call { name: "__VERIFIER_nondet_int".into() } }],
        );
        let err = bd.loc(f, LocKind::Error { kind: ErrorKind::ReachError, message: "reach_error() called".into() });
        let other = bd.loc(f, LocKind::Normal);
        let one = bd.loc(f, LocKind::Normal);
        let rest = bd.loc(f, LocKind::Normal);
        let h1 = bd.loc(f, LocKind::Halt);
        let h2 = bd.loc(f, LocKind::Halt);
        bd.edge(f, l, err, Op::Assume(bin(Eq, v(x), c32(0))));
        bd.edge(f, l, other, Op::Assume(bin(Ne, v(x), c32(0))));
        bd.edge(f, other, one, Op::Assume(bin(Eq, v(x), c32(1))));
        bd.edge(f, other, rest, Op::Assume(bin(Ne, v(x), c32(1))));
        bd.edge(f, one, h1, Op::Halt { kind: HaltKind::Exit, code: Some(c32(3)) });
        bd.edge(f, rest, h2, Op::Halt { kind: HaltKind::Abort, code: None });
        (bd.build(), err)
    };
    let (p, err) = build();
    let r = run_main(&p, &mut VecInput::new(vec![0]), &cfg());
    match r.outcome {
        Outcome::Error { kind, ref message, func, loc, span } => {
            assert_eq!(kind, ErrorKind::ReachError);
            assert_eq!(message, "reach_error() called");
            assert_eq!(func, FuncId(0));
            assert_eq!(loc, err);
            assert_eq!(span.line, err.0);
        }
        ref o => panic!("{o:?}"),
    }
    assert_eq!(run_main(&p, &mut VecInput::new(vec![1]), &cfg()).outcome, Outcome::Exit(3));
    assert_eq!(run_main(&p, &mut VecInput::new(vec![2]), &cfg()).outcome, Outcome::Abort);
    let r = run_main(&p, &mut VecInput::new(vec![]), &cfg());
    assert!(stuck_reason(&r).contains("input exhausted"));
}

#[test]
fn assume_violated_and_nondeterminism_check() {
    let mut bd = B::new();
    let f = bd.func("main");
    let x = bd.local(f, "x", Ty::Int(32));
    let entry = bd.f(f).entry;
    let l = bd.seq(f, entry, vec![Op::Nondet { dst: x, origin: NondetOrigin::Call { name: "n".into() } }]);
    let a = bd.loc(f, LocKind::Normal);
    let b = bd.loc(f, LocKind::Normal);
    bd.edge(f, l, a, Op::Assume(bin(Sgt, v(x), c32(0))));
    bd.edge(f, l, b, Op::Assume(bin(Sgt, v(x), c32(5))));
    bd.ret_edge(f, a, None);
    bd.ret_edge(f, b, None);
    let p = bd.build();
    assert_eq!(run_main(&p, &mut VecInput::new(vec![0]), &cfg()).outcome, Outcome::AssumeViolated);
    assert_eq!(run_main(&p, &mut VecInput::new(vec![3]), &cfg()).outcome, Outcome::Exit(0));
    let r = run_main(&p, &mut VecInput::new(vec![7]), &cfg());
    assert!(stuck_reason(&r).contains("both enabled"));
    // Without the check the first enabled edge wins.
    let r = run_main(&p, &mut VecInput::new(vec![7]), &Config::default());
    assert_eq!(r.outcome, Outcome::Exit(0));
    assert_eq!(r.last_loc, Some((f, Loc(1))));
}

#[test]
fn nondet_values_are_recorded_and_replayed() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let a = bd.local(f, "a", Ty::Int(32));
    let c = bd.local(f, "c", Ty::Int(8));
    let p = bd.local(f, "p", Ty::Ptr);
    let fmt = bd.string("%d %d\n");
    let o = |n: &str| NondetOrigin::Call { name: n.into() };
    bd.body(
        f,
        vec![
            Op::Nondet { dst: a, origin: o("__VERIFIER_nondet_int") },
            Op::Nondet { dst: c, origin: o("__VERIFIER_nondet_char") },
            Op::Nondet { dst: p, origin: NondetOrigin::Uninit { var: "p".into() } },
            printf(vec![addr(fmt), v(a), Expr::cast(CastOp::SExt, 32, v(c))]),
        ],
        Some(b2i(Expr::Live(Box::new(v(p))))),
    );
    let prog = bd.build();
    let r = run_main(&prog, &mut VecInput::new(vec![(-5i64) as u64, 0x1ff, 0]), &cfg());
    assert_eq!(r.outcome, Outcome::Exit(0));
    assert_eq!(r.output_str(), "-5 -1\n");
    assert_eq!(
        r.inputs,
        vec![
            (o("__VERIFIER_nondet_int"), Ty::Int(32), 0xffff_fffb),
            (o("__VERIFIER_nondet_char"), Ty::Int(8), 0xff),
            (NondetOrigin::Uninit { var: "p".into() }, Ty::Ptr, 0),
        ]
    );
    // Random inputs replay exactly.
    for seed in 0..20 {
        let r1 = run_main(&prog, &mut RandomInput::new(seed), &cfg());
        let r2 = run_main(&prog, &mut VecInput::replay(&r1), &cfg());
        assert_eq!(r1.output, r2.output);
        assert_eq!(r1.outcome, r2.outcome);
        assert_eq!(r1.inputs, r2.inputs);
        // A random non-null pointer is invalid: not live.
        assert_eq!(r1.outcome, Outcome::Exit(0));
    }
    assert_ne!(
        run_main(&prog, &mut RandomInput::new(1), &cfg()).output,
        run_main(&prog, &mut RandomInput::new(2), &cfg()).output
    );
}

// ---- memory ----

#[test]
fn slots_store_load_and_pointer_shadow() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let x = bd.slot(f, "x", 4);
    let pp = bd.slot(f, "pp", 8);
    let q = bd.local(f, "q", Ty::Ptr);
    let y = bd.local(f, "y", Ty::Int(32));
    let raw = bd.local(f, "raw", Ty::Int(64));
    let b = bd.local(f, "b", Ty::Int(8));
    let fmt = bd.string("%d %d %d %d %d %d %d %d\n");
    let ops = vec![
        alloc_slot(x, 4),
        alloc_slot(pp, 8),
        store(addr(x), c32(0x1234_5678)),
        load(b, padd(addr(x), 1)), // little-endian: 0x56
        store(addr(pp), addr(x)),
        load(q, addr(pp)),
        load(y, v(q)),
        load(raw, addr(pp)), // the encoding: instance << 32
        printf(vec![
            addr(fmt),
            Expr::cast(CastOp::ZExt, 32, v(b)),
            v(y),
            b2i(bin(Eq, v(q), addr(x))),
            b2i(Expr::Live(Box::new(v(q)))),
            Expr::cast(CastOp::Trunc, 32, v(raw)),
            b2i(bin(Ne, Expr::cast(CastOp::Trunc, 32, bin(LShr, v(raw), c64(32))), c32(0))),
            // Partially overwritten pointer: invalid, not live.
            c32(0),
            c32(0),
        ]),
        store(padd(addr(pp), 3), c8(7)),
        load(q, addr(pp)),
        assign(y, b2i(Expr::Live(Box::new(v(q))))),
        store(addr(pp), c64(0)),
        load(q, addr(pp)),
        printf(vec![addr(fmt), v(y), b2i(bin(Eq, v(q), Expr::Null)), c32(0), c32(0), c32(0), c32(0), c32(0), c32(0)]),
    ];
    bd.body(f, ops, Some(c32(0)));
    let p = bd.build();
    let r = run0(&p);
    assert_eq!(r.outcome, Outcome::Exit(0), "{}", r.output_str());
    assert_eq!(r.output_str(), "86 305419896 1 1 0 1 0 0\n0 1 0 0 0 0 0 0\n");
}

#[test]
fn memcopy_copies_bytes_and_pointers_with_memmove_semantics() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let x = bd.slot(f, "x", 4);
    let s1 = bd.slot(f, "s1", 16); // struct { int *p; int v; }
    let s2 = bd.slot(f, "s2", 16);
    let arr = bd.slot(f, "arr", 8);
    let q = bd.local(f, "q", Ty::Ptr);
    let y = bd.local(f, "y", Ty::Int(32));
    let z = bd.local(f, "z", Ty::Int(64));
    let fmt = bd.string("%d %d %llx\n");
    let cp = |d: Expr, s: Expr, n: i64| Op::MemCopy { dst: d, src: s, size: c64(n) };
    let ops = vec![
        alloc_slot(x, 4),
        alloc_slot(s1, 16),
        alloc_slot(s2, 16),
        alloc_slot(arr, 8),
        store(addr(x), c32(99)),
        store(addr(s1), addr(x)),
        store(padd(addr(s1), 8), c32(5)),
        cp(addr(s2), addr(s1), 16),
        load(q, addr(s2)),
        load(y, v(q)),
        // arr = 01 02 03 04 05 06 07 08; memmove(arr + 2, arr, 6) -> 01 02 01 02 03 04 05 06
        store(addr(arr), c64(0x0807_0605_0403_0201)),
        cp(padd(addr(arr), 2), addr(arr), 6),
        load(z, addr(arr)),
        printf(vec![addr(fmt), v(y), b2i(bin(Eq, v(q), addr(x))), v(z)]),
        // A copy of half a pointer is no pointer.
        cp(addr(s2), addr(s1), 4),
        cp(padd(addr(s1), 4), padd(addr(s2), 4), 4), // s1's pointer bytes rewritten by a copy
        load(q, addr(s1)),
        printf(vec![addr(fmt), b2i(Expr::Live(Box::new(v(q)))), c32(0), c64(0)]),
    ];
    bd.body(f, ops, Some(c32(0)));
    let r = run0(&bd.build());
    assert_eq!(r.outcome, Outcome::Exit(0), "{}", r.output_str());
    assert_eq!(r.output_str(), "99 1 605040302010201\n0 0 0\n");
}

/// Evaluates boolean probes after a heap allocation, prints them as 0/1.
#[test]
fn heap_alloc_free_live_and_bounds() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let p = bd.local(f, "p", Ty::Ptr);
    let s = bd.string("abc");
    let fmt = bd.string("%d%d%d%d%d%d%d%d %d%d%d%d %d%d\n");
    let bx = Box::new;
    let ib = |e: Expr, n: i64| b2i(Expr::InBounds(bx(e), bx(c64(n))));
    let ops = vec![
        Op::Alloc { target: AllocTarget::Fresh(p), region: Region::Heap, size: c64(8), init: AllocInit::Zero },
        printf(vec![
            addr(fmt),
            b2i(Expr::Live(bx(v(p)))),
            b2i(Expr::Freeable(bx(v(p)))),
            b2i(Expr::Freeable(bx(padd(v(p), 1)))),
            b2i(Expr::Writable(bx(v(p)))),
            ib(padd(v(p), 4), 4),
            ib(padd(v(p), 5), 4),
            ib(padd(v(p), -1), 1),
            ib(padd(v(p), 8), 0),
            b2i(Expr::Writable(bx(addr(s)))),
            b2i(Expr::Live(bx(Expr::Null))),
            b2i(Expr::Live(bx(padd(Expr::Null, 16)))),
            ib(v(p), -1),
            b2i(bin(Ult, v(p), padd(v(p), 1))),
            b2i(bin(Eq, Expr::PtrDiff(bx(padd(v(p), 3)), bx(v(p))), c64(3))),
        ]),
        Op::Free { ptr: v(p) },
        printf(vec![
            addr(fmt),
            b2i(Expr::Live(bx(v(p)))),
            b2i(Expr::Freeable(bx(v(p)))),
            ib(v(p), 8), // dead objects keep their size
            c32(0),
            c32(0),
            c32(0),
            c32(0),
            c32(0),
            c32(0),
            c32(0),
            c32(0),
            c32(0),
            c32(0),
            c32(0),
        ]),
        Op::Free { ptr: v(p) }, // a double free the IR did not guard
    ];
    bd.body(f, ops, Some(c32(0)));
    let r = run0(&bd.build());
    assert_eq!(r.output_str(), "11011001 0000 11\n00100000 0000 00\n");
    assert!(stuck_reason(&r).contains("not freeable"));
}

#[test]
fn frames_kill_their_stack_objects() {
    // int *g(void) { int x; alloca'd y; return &x; } main: p = g(); live(p)?
    let mut bd = B::new();
    let g = bd.func("g");
    bd.ret(g, Ty::Ptr);
    let x = bd.slot(g, "x", 4);
    let a = bd.local(g, "a", Ty::Ptr);
    let gp = bd.global("gp", Ty::Ptr, None);
    bd.body(
        g,
        vec![
            alloc_slot(x, 4),
            Op::Alloc { target: AllocTarget::Fresh(a), region: Region::Stack, size: c64(4), init: AllocInit::Zero },
            assign(gp, v(a)),
        ],
        Some(addr(x)),
    );
    let main = bd.func("main");
    bd.ret(main, Ty::Int(32));
    let p = bd.local(main, "p", Ty::Ptr);
    let h = bd.local(main, "h", Ty::Ptr);
    bd.body(
        main,
        vec![
            Op::Alloc { target: AllocTarget::Fresh(h), region: Region::Heap, size: c64(4), init: AllocInit::Zero },
            Op::Call { dst: Some(p), func: g, args: vec![] },
        ],
        Some(bin(
            Add,
            bin(Add, b2i(Expr::Live(Box::new(v(p)))), b2i(Expr::Live(Box::new(v(gp))))),
            b2i(Expr::Live(Box::new(v(h)))),
        )),
    );
    let r = run0(&bd.build());
    assert_eq!(r.outcome, Outcome::Exit(1));
}

#[test]
fn pointers_one_before_the_start_compare_below_it() {
    // int a[3] = {1, 2, 3}; for (p = a + 2; p >= a; p--) printf("%d", *p);
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let a = bd.slot(f, "a", 12);
    let p = bd.local(f, "p", Ty::Ptr);
    let x = bd.local(f, "x", Ty::Int(32));
    let fmt = bd.string("%d");
    let entry = bd.f(f).entry;
    let head = bd.seq(
        f,
        entry,
        vec![
            alloc_slot(a, 12),
            store(addr(a), c32(1)),
            store(padd(addr(a), 4), c32(2)),
            store(padd(addr(a), 8), c32(3)),
            assign(p, padd(addr(a), 8)),
        ],
    );
    let body = bd.loc(f, LocKind::Normal);
    let done = bd.loc(f, LocKind::Normal);
    bd.edge(f, head, body, Op::Assume(bin(Uge, v(p), addr(a))));
    bd.edge(f, head, done, Op::Assume(bin(Ult, v(p), addr(a))));
    let l = bd.seq(f, body, vec![load(x, v(p)), printf(vec![addr(fmt), v(x)])]);
    bd.edge(f, l, head, assign(p, padd(v(p), -4)));
    bd.ret_edge(f, done, Some(b2i(Expr::InBounds(Box::new(v(p)), Box::new(c64(0))))));
    let r = run0(&bd.build());
    assert_eq!(r.output_str(), "321");
    // The pointer one before the start is not in bounds, even for 0 bytes.
    assert_eq!(r.outcome, Outcome::Exit(0));
}

#[test]
fn slot_realloc_kills_the_previous_instance() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let x = bd.slot(f, "x", 4);
    let p = bd.local(f, "p", Ty::Ptr);
    bd.body(
        f,
        vec![alloc_slot(x, 4), assign(p, addr(x)), alloc_slot(x, 4)],
        Some(bin(Add, b2i(Expr::Live(Box::new(v(p)))), b2i(bin(Eq, v(p), addr(x))))),
    );
    assert_eq!(run0(&bd.build()).outcome, Outcome::Exit(0));
}

#[test]
fn globals_and_initialisers() {
    let mut bd = B::new();
    let s = bd.string("hi");
    // struct { int a; char *s; char *t; long b; } g = { 7, "hi", "hi" + 1, -1 };
    let g = bd.obj(
        "g",
        ObjKind::Global {
            init: vec![
                InitItem { offset: 0, value: c32(7) },
                InitItem { offset: 8, value: addr(s) },
                InitItem { offset: 16, value: padd(addr(s), 1) },
                InitItem { offset: 24, value: c64(-1) },
            ],
        },
        Some(32),
    );
    let counter = bd.global("counter", Ty::Int(32), Some(c32(40)));
    let zero = bd.global("zero", Ty::Int(16), None);
    let gp = bd.global("gp", Ty::Ptr, Some(padd(addr(g), 24)));
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let a = bd.local(f, "a", Ty::Int(32));
    let ps = bd.local(f, "ps", Ty::Ptr);
    let pt = bd.local(f, "pt", Ty::Ptr);
    let b = bd.local(f, "b", Ty::Int(64));
    let fmt = bd.string("%d %s %s %ld %d %d\n");
    bd.body(
        f,
        vec![
            load(a, addr(g)),
            load(ps, padd(addr(g), 8)),
            load(pt, padd(addr(g), 16)),
            load(b, v(gp)),
            assign(counter, bin(Add, v(counter), c32(2))),
            printf(vec![addr(fmt), v(a), v(ps), v(pt), v(b), v(counter), Expr::cast(CastOp::ZExt, 32, v(zero))]),
        ],
        Some(v(counter)),
    );
    let r = run0(&bd.build());
    assert_eq!(r.output_str(), "7 hi i -1 42 0\n");
    assert_eq!(r.outcome, Outcome::Exit(42));
}

#[test]
fn nondet_memory_is_filled_and_replayed() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let x = bd.slot(f, "x", 4);
    let p = bd.local(f, "p", Ty::Ptr);
    let a = bd.local(f, "a", Ty::Int(32));
    let b = bd.local(f, "b", Ty::Int(32));
    let fmt = bd.string("%u %u\n");
    bd.body(
        f,
        vec![
            Op::Alloc { target: AllocTarget::Slot(x), region: Region::Stack, size: c64(4), init: AllocInit::Nondet },
            Op::Alloc { target: AllocTarget::Fresh(p), region: Region::Heap, size: c64(4), init: AllocInit::Nondet },
            load(a, addr(x)),
            load(b, v(p)),
            printf(vec![addr(fmt), v(a), v(b)]),
        ],
        Some(c32(0)),
    );
    let prog = bd.build();
    let r = run_main(&prog, &mut RandomInput::new(7), &cfg());
    assert_eq!(r.fills.len(), 2);
    assert_eq!(r.fills[0].0, NondetOrigin::Uninit { var: "x".into() });
    assert_eq!(r.fills[1].0, NondetOrigin::Uninit { var: "malloc".into() });
    let a = u32::from_le_bytes(r.fills[0].1[..4].try_into().unwrap());
    let b = u32::from_le_bytes(r.fills[1].1[..4].try_into().unwrap());
    assert_eq!(r.output_str(), format!("{a} {b}\n"));
    let r2 = run_main(&prog, &mut VecInput::replay(&r), &cfg());
    assert_eq!(r2.output, r.output);
    assert_eq!(run0(&prog).output_str(), "0 0\n");
}

#[test]
fn main_gets_argc_and_argv() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let argc = bd.param(f, "argc", Ty::Int(32));
    let argv = bd.param(f, "argv", Ty::Ptr);
    let a0 = bd.local(f, "a0", Ty::Ptr);
    let a1 = bd.local(f, "a1", Ty::Ptr);
    let fmt = bd.string("%s %d\n");
    bd.body(
        f,
        vec![
            load(a0, v(argv)),
            load(a1, padd(v(argv), 8)),
            printf(vec![addr(fmt), v(a0), b2i(bin(Eq, v(a1), Expr::Null))]),
        ],
        Some(v(argc)),
    );
    let r = run0(&bd.build());
    assert_eq!(r.output_str(), "prog 1\n");
    assert_eq!(r.outcome, Outcome::Exit(1));
}

#[test]
fn ilp32_pointers_wrap_at_32_bits() {
    let mut bd = B::with_model(DataModel::ILP32);
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let x = bd.slot(f, "x", 8);
    let p = bd.local(f, "p", Ty::Ptr);
    let q = bd.local(f, "q", Ty::Ptr);
    let fmt = bd.string("%d %d %ld %zu\n");
    let k = |n: i64| Expr::int(n.into(), 32);
    bd.body(
        f,
        vec![
            alloc_slot32(x, 8),
            assign(p, Expr::ptr_add(addr(x), k(-4))),
            assign(q, Expr::ptr_add(v(p), k(8))),
            store(v(q), v(p)), // a pointer is 4 bytes here
            load(p, v(q)),
            printf(vec![
                addr(fmt),
                b2i(Expr::InBounds(Box::new(v(q)), Box::new(k(4)))),
                b2i(Expr::InBounds(Box::new(v(p)), Box::new(k(1)))),
                Expr::PtrDiff(Box::new(v(p)), Box::new(addr(x))),
                Expr::PtrDiff(Box::new(addr(x)), Box::new(v(p))),
            ]),
        ],
        Some(c32(0)),
    );
    let r = run0(&bd.build());
    assert_eq!(r.outcome, Outcome::Exit(0), "{:?}", r.outcome);
    assert_eq!(r.output_str(), "1 0 -4 4\n");
}

fn alloc_slot32(o: ObjId, size: u64) -> Op {
    Op::Alloc { target: AllocTarget::Slot(o), region: Region::Stack, size: Expr::uint(size, 32), init: AllocInit::Zero }
}

// ---- output ----

/// Runs `printf(fmt, args…)` where `Str(s)` arguments become string literals; returns the output
/// and printf's return value.
enum A {
    I(i64),
    L(i64),
    S(&'static str),
    Null,
}

fn printf_run(fmt: &str, args: &[A]) -> (String, i64) {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let n = bd.local(f, "n", Ty::Int(32));
    let fo = bd.string(fmt);
    let mut es = vec![addr(fo)];
    for a in args {
        es.push(match a {
            A::I(x) => c32(*x),
            A::L(x) => c64(*x),
            A::S(s) => addr(bd.string(s)),
            A::Null => Expr::Null,
        });
    }
    bd.body(f, vec![Op::Output { kind: OutputKind::Printf, args: es, dst: Some(n) }], Some(v(n)));
    let r = run0(&bd.build());
    match r.outcome {
        Outcome::Exit(c) => (r.output_str(), c.into()),
        o => panic!("printf({fmt:?}): {o:?}"),
    }
}

#[test]
fn printf_matches_glibc() {
    use A::*;
    // Expected strings produced by gcc/glibc on x86-64.
    let cases: Vec<(&str, Vec<A>, &str)> = vec![
        (
            "%5d|%-5d|%05d|%x|%#x|%u|%hhd|%lld|%c|%s|%.2s|%+d|% d|%*d\n",
            vec![
                I(42),
                I(42),
                I(-42),
                I(255),
                I(255),
                I(-1),
                I(300),
                L(-123456789012),
                I('A' as i64),
                S("hello"),
                S("hello"),
                I(7),
                I(7),
                I(6),
                I(42),
            ],
            "   42|42   |-0042|ff|0xff|4294967295|44|-123456789012|A|hello|he|+7| 7|    42\n",
        ),
        (
            "%i %o %X %#o %#X %.3d %.0d| %-+6d|%08.3x|%5s|%-5s|%5c|%%|%.*d|%-*d|\n",
            vec![
                I(i32::MIN.into()),
                I(8),
                I(48879),
                I(8),
                I(0),
                I(5),
                I(0),
                I(3),
                I(255),
                S("ab"),
                S("ab"),
                I('z' as i64),
                I(4),
                I(7),
                I(-4),
                I(9),
            ],
            "-2147483648 10 BEEF 010 0 005 | +3    |     0ff|   ab|ab   |    z|%|0007|9   |\n",
        ),
        (
            "%hd %hu %hhu %ld %lu %lx %zu %zd %jd %td %llx %lli\n",
            vec![
                I(70000),
                I(-1),
                I(-1),
                L(-5),
                L(-1),
                L(255),
                L(123),
                L(-1),
                L(-9),
                L(-10),
                L(0xdead_beef_cafe),
                L(-7),
            ],
            "4464 65535 255 -5 18446744073709551615 ff 123 -1 -9 -10 deadbeefcafe -7\n",
        ),
        ("[%s][%.3s][%p][%10p]\n", vec![Null, Null, Null, Null], "[(null)][][(nil)][     (nil)]\n"),
        (
            "%#.0o|%#5.3x|%08.3d|%-05d|% 05d|%+u|% u|%05s|%05c|%-8.3s|%.10s|\n",
            vec![I(0), I(10), I(-5), I(3), I(-3), I(5), I(5), S("ab"), I('x' as i64), S("abcdef"), S("ab")],
            "0|0x00a|    -005|3    |-0003|5|5|   ab|    x|abc     |ab|\n",
        ),
        (
            "%hhx %hho %hhX %#hhx %lld %llu %d %u\n",
            vec![I(-1), I(511), I(171), I(0), L(i64::MIN), L(-1), I(i32::MAX.into()), I(0)],
            "ff 377 AB 0 -9223372036854775808 18446744073709551615 2147483647 0\n",
        ),
        // An int passed for %ld is zero-extended, as x86-64 registers hold it.
        ("[%ld]\n", vec![I(-1)], "[4294967295]\n"),
        ("[%c%c]\n", vec![I(256 + 65), I(-190)], "[AB]\n"),
        ("no conversions\n", vec![], "no conversions\n"),
    ];
    for (fmt, args, want) in cases {
        let (out, n) = printf_run(fmt, &args);
        assert_eq!(out, want, "format {fmt:?}");
        assert_eq!(n, want.len() as i64, "return value of {fmt:?}");
    }
}

#[test]
fn printf_precision_bounds_unterminated_strings() {
    // char a[3] = "abc" (no NUL): "%.3s" is fine, "%s" runs off the object.
    let run_fmt = |fmt: &str| {
        let mut bd = B::new();
        let f = bd.func("main");
        let a = bd.slot(f, "a", 3);
        let fo = bd.string(fmt);
        bd.body(
            f,
            vec![
                alloc_slot(a, 3),
                store(addr(a), Expr::int(0x6261, 16)),
                store(padd(addr(a), 2), c8(0x63)),
                printf(vec![addr(fo), addr(a), addr(a), addr(a)]),
            ],
            None,
        );
        run0(&bd.build())
    };
    let r = run_fmt("%.3s|%.2s|%.9s");
    assert!(stuck_reason(&r).contains("without a NUL"), "{:?}", r.outcome);
    assert_eq!(r.output_str(), "abc|ab|");
    let r = run_fmt("[%.3s]");
    assert_eq!((r.outcome.clone(), r.output_str()), (Outcome::Exit(0), "[abc]".to_string()));
}

#[test]
fn printf_rejects_what_it_cannot_print() {
    for (fmt, args) in
        [("%f", vec![A::I(1)]), ("%d %d", vec![A::I(1)]), ("%Lf", vec![]), ("%ls", vec![A::Null]), ("abc%", vec![])]
    {
        let mut bd = B::new();
        let f = bd.func("main");
        let fo = bd.string(fmt);
        let mut es = vec![addr(fo)];
        for a in args {
            es.push(match a {
                A::I(x) => c32(x),
                _ => Expr::Null,
            });
        }
        bd.body(f, vec![printf(es)], None);
        let r = run0(&bd.build());
        assert!(matches!(r.outcome, Outcome::Stuck(_)), "{fmt}: {:?}", r.outcome);
    }
}

#[test]
fn printf_output_limit() {
    let mut bd = B::new();
    let f = bd.func("main");
    let fo = bd.string("%*d");
    bd.body(f, vec![printf(vec![addr(fo), c32(2_000_000_000), c32(1)])], None);
    let r = run_main(&bd.build(), &mut ZeroInput, &Config { max_output: 1000, ..cfg() });
    assert!(matches!(r.outcome, Outcome::Limit(_)), "{:?}", r.outcome);
}

#[test]
fn puts_and_putchar() {
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let a = bd.local(f, "a", Ty::Int(32));
    let b = bd.local(f, "b", Ty::Int(32));
    let s = bd.string("hello");
    let fmt = bd.string("%d %d\n");
    bd.body(
        f,
        vec![
            Op::Output { kind: OutputKind::Puts, args: vec![addr(s)], dst: Some(a) },
            Op::Output { kind: OutputKind::Putchar, args: vec![c32(0x141)], dst: Some(b) },
            Op::Output { kind: OutputKind::Putchar, args: vec![c32(10)], dst: None },
            printf(vec![addr(fmt), v(a), v(b)]),
        ],
        Some(c32(0)),
    );
    let r = run0(&bd.build());
    assert_eq!(r.output_str(), "hello\nA\n6 65\n");
}

// ---- robustness ----

#[test]
fn front_end_bugs_are_stuck_not_panics() {
    // Undefined register.
    let mut bd = B::new();
    let f = bd.func("main");
    bd.ret(f, Ty::Int(32));
    let x = bd.local(f, "x", Ty::Int(32));
    bd.body(f, vec![], Some(v(x)));
    assert!(stuck_reason(&run0(&bd.build())).contains("read before it is written"));

    // Address of a slot before its alloc; load out of bounds; store into a string literal.
    let mut bd = B::new();
    let f = bd.func("main");
    let s = bd.slot(f, "s", 4);
    let y = bd.local(f, "y", Ty::Int(32));
    bd.body(f, vec![load(y, addr(s))], None);
    assert!(stuck_reason(&run0(&bd.build())).contains("before its alloc"));
    let mut bd = B::new();
    let f = bd.func("main");
    let s = bd.slot(f, "s", 4);
    let y = bd.local(f, "y", Ty::Int(32));
    bd.body(f, vec![alloc_slot(s, 4), load(y, padd(addr(s), 1))], None);
    assert!(stuck_reason(&run0(&bd.build())).contains("missing check"));
    let mut bd = B::new();
    let f = bd.func("main");
    let s = bd.string("lit");
    bd.body(f, vec![store(addr(s), c8(1))], None);
    assert!(stuck_reason(&run0(&bd.build())).contains("string literal"));
    let mut bd = B::new();
    let f = bd.func("main");
    let y = bd.local(f, "y", Ty::Int(32));
    bd.body(f, vec![load(y, Expr::Null)], None);
    assert!(stuck_reason(&run0(&bd.build())).contains("null"));

    // Malformed IR: type errors, bad ids, bad widths, edges into nowhere.
    let bad_exprs = vec![
        bin(Add, c32(1), c64(1)),
        bin(Add, Expr::Bool(true), Expr::Bool(true)),
        bin(Slt, Expr::Null, Expr::Null),
        Expr::Int { bits: 1, width: 0 },
        Expr::Int { bits: 1, width: 65 },
        Expr::cast(CastOp::SExt, 0, c32(1)),
        Expr::cast(CastOp::SExt, 99, c32(1)),
        Expr::cast(CastOp::ZExt, 64, Expr::Null),
        Expr::Var(VarId(9999)),
        Expr::AddrOf(ObjId(9999)),
        Expr::ptr_add(Expr::Null, c32(1)),
        Expr::un(UnOp::Neg, Expr::Bool(true)),
        Expr::ite(c32(1), c32(1), c32(2)),
        Expr::Live(Box::new(c32(0))),
    ];
    for e in bad_exprs {
        let mut bd = B::new();
        let f = bd.func("main");
        bd.ret(f, Ty::Int(32));
        bd.body(f, vec![], Some(e.clone()));
        let r = run0(&bd.build_raw());
        assert!(matches!(r.outcome, Outcome::Stuck(_)), "{e:?}: {:?}", r.outcome);
    }
    let mut bd = B::new();
    let f = bd.func("main");
    let entry = bd.f(f).entry;
    bd.edge(f, entry, Loc(77), Op::Skip);
    bd.edge(f, Loc(88), entry, Op::Skip);
    bd.edge(f, entry, entry, Op::Call { dst: None, func: FuncId(42), args: vec![] });
    assert!(matches!(run0(&bd.build_raw()).outcome, Outcome::Stuck(_)));
    let mut bd = B::new();
    bd.func("main"); // no edges
    assert!(stuck_reason(&run0(&bd.build_raw())).contains("no out-edges"));
    let mut bd = B::new();
    let f = bd.func("main");
    bd.f(f).entry = Loc(50);
    assert!(matches!(run0(&bd.build_raw()).outcome, Outcome::Stuck(_)));
    assert!(matches!(run0(&Program::default()).outcome, Outcome::Stuck(_)));
}

#[test]
fn deep_expressions_evaluate_on_a_small_stack() {
    // 100000 nested additions and a 100000-deep chain of ite/and on a 256 KiB stack.
    let handle = std::thread::Builder::new().stack_size(256 << 10).spawn(|| {
        let mut e = c32(0);
        let mut c = Expr::Bool(true);
        for i in 0..100_000 {
            e = bin(Add, e, c32(1));
            c = if i % 2 == 0 {
                bin(And, Expr::Bool(true), c)
            } else {
                Expr::ite(Expr::Bool(true), c, Expr::Bool(false))
            };
        }
        let mut bd = B::new();
        let f = bd.func("main");
        bd.ret(f, Ty::Int(32));
        let entry = bd.f(f).entry;
        let l = bd.loc(f, LocKind::Normal);
        bd.edge(f, entry, l, Op::Assume(c));
        bd.ret_edge(f, l, Some(e));
        let p = bd.build_raw();
        let r = run_main(&p, &mut ZeroInput, &cfg());
        // Dropping a 100000-deep `Box` tree recurses; leak it instead.
        std::mem::forget(p);
        r.outcome
    });
    assert_eq!(handle.unwrap().join().unwrap(), Outcome::Exit(100_000));
}

#[test]
fn memory_limit() {
    let mut bd = B::new();
    let f = bd.func("main");
    let p = bd.local(f, "p", Ty::Ptr);
    let entry = bd.f(f).entry;
    // while (1) p = malloc(1 << 20);
    bd.edge(
        f,
        entry,
        entry,
        Op::Alloc { target: AllocTarget::Fresh(p), region: Region::Heap, size: c64(1 << 20), init: AllocInit::Zero },
    );
    let r = run_main(&bd.build(), &mut ZeroInput, &Config { max_memory: 64 << 20, ..cfg() });
    assert!(matches!(r.outcome, Outcome::Limit(ref m) if m.contains("memory")), "{:?}", r.outcome);
    assert_eq!(r.steps, 64); // the 64th allocation fails
                             // A huge size is a limit too, not an abort.
    let mut bd = B::new();
    let f = bd.func("main");
    let p = bd.local(f, "p", Ty::Ptr);
    bd.body(
        f,
        vec![Op::Alloc { target: AllocTarget::Fresh(p), region: Region::Heap, size: c64(-1), init: AllocInit::Nondet }],
        None,
    );
    assert!(matches!(run0(&bd.build()).outcome, Outcome::Limit(_)));
}

#[test]
fn many_steps_run_fast() {
    // 3 million steps; about a second in a debug build, far less optimised.
    let p = sum_program(1_000_000);
    let t = std::time::Instant::now();
    let r = run_main(&p, &mut ZeroInput, &Config::default());
    assert_eq!(r.steps, 3_000_004);
    assert_eq!(r.ret, Some(Value::int((1_000_000i128 * 1_000_001 / 2) as i32 as i128, 32)));
    eprintln!("3M steps in {:?}", t.elapsed());
}

/// Random programs, mostly ill-typed or malformed: whatever happens, no panic.
#[test]
fn random_programs_never_panic() {
    struct G(RandomInput);
    impl G {
        fn n(&mut self, k: u64) -> u64 {
            self.0.next_u64() % k
        }
        fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
            xs[self.n(xs.len() as u64) as usize].clone()
        }
        fn expr(&mut self, d: u32, nvars: u32, nobjs: u32) -> Expr {
            let k = if d == 0 { self.n(5) } else { self.n(17) };
            let sub = |g: &mut G| Box::new(g.expr(d.saturating_sub(1), nvars, nobjs));
            match k {
                0 => {
                    let w = self.pick(&[1, 8, 16, 32, 64, 64, 64, 0, 65]);
                    Expr::Int { bits: self.0.next_u64() >> self.n(64), width: w }
                }
                1 => Expr::Bool(self.n(2) == 0),
                2 => Expr::Var(VarId(self.n(u64::from(nvars) + 1) as u32)),
                3 => Expr::Null,
                4 => Expr::AddrOf(ObjId(self.n(u64::from(nobjs) + 1) as u32)),
                5 => Expr::Un(self.pick(&[UnOp::Neg, UnOp::BitNot, UnOp::Not]), sub(self)),
                6..=8 => {
                    let ops = [
                        Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor, Eq, Ne, Ult, Ule, Ugt,
                        Uge, Slt, Sle, Sgt, Sge,
                    ];
                    Expr::Bin(self.pick(&ops), sub(self), sub(self))
                }
                9 => Expr::Cast(
                    self.pick(&[CastOp::ZExt, CastOp::SExt, CastOp::Trunc]),
                    self.pick(&[8, 32, 64, 0, 70]),
                    sub(self),
                ),
                10 => Expr::Ite(sub(self), sub(self), sub(self)),
                11 => Expr::PtrAdd(sub(self), sub(self)),
                12 => Expr::PtrDiff(sub(self), sub(self)),
                13 => Expr::Live(sub(self)),
                14 => Expr::InBounds(sub(self), sub(self)),
                15 => Expr::Writable(sub(self)),
                _ => Expr::Freeable(sub(self)),
            }
        }
    }
    let mut g = G(RandomInput::new(12345));
    let mut seen = std::collections::BTreeMap::new();
    let mut total_steps = 0;
    for round in 0..5000 {
        let mut bd = B::with_model(if round % 3 == 0 { DataModel::ILP32 } else { DataModel::LP64 });
        let nf = 1 + g.n(2) as usize;
        let fs: Vec<FuncId> = (0..nf).map(|i| bd.func(if i == 0 { "main" } else { "g" })).collect();
        for &f in &fs {
            for i in 0..g.n(4) {
                let ty = g.pick(&[Ty::Int(32), Ty::Int(8), Ty::Int(64), Ty::Ptr, Ty::Bool, Ty::Int(0), Ty::Int(100)]);
                match g.n(4) {
                    0 => drop(bd.param(f, &format!("p{i}"), ty)),
                    1 if bd.f(f).ret.is_none() => drop(bd.ret(f, ty)),
                    _ => drop(bd.local(f, &format!("l{i}"), ty)),
                }
            }
            for i in 0..g.n(3) {
                bd.slot(f, &format!("s{i}"), g.n(16));
            }
            for _ in 0..g.n(6) {
                let kind = match g.n(8) {
                    0 => LocKind::Error { kind: ErrorKind::Assert, message: "a".into() },
                    1 => LocKind::Halt,
                    2 => LocKind::Exit,
                    _ => LocKind::Normal,
                };
                bd.loc(f, kind);
            }
        }
        bd.global("gv", g.pick(&[Ty::Int(32), Ty::Ptr]), None);
        bd.string("%d %s %p %x");
        let ngi = if round % 10 == 0 { g.n(3) } else { 0 };
        let gi = (0..ngi).map(|_| InitItem { offset: g.n(24), value: g.expr(1, 0, 3) }).collect();
        bd.obj("go", ObjKind::Global { init: gi }, Some(g.n(24)));
        let nvars = bd.p.vars.len() as u32;
        let nobjs = bd.p.objects.len() as u32;
        for &f in &fs {
            let nlocs = bd.f(f).locs.len() as u64;
            for _ in 0..(1 + g.n(12)) {
                let (src, dst) = (Loc(g.n(nlocs + 1) as u32), Loc(g.n(nlocs + 1) as u32));
                let e = |g: &mut G| g.expr(3, nvars, nobjs);
                let var = |g: &mut G| VarId(g.n(u64::from(nvars) + 1) as u32);
                let op = match g.n(16) {
                    0 => Op::Skip,
                    1..=3 => Op::Assume(e(&mut g)),
                    4 => Op::Assign { dst: var(&mut g), value: e(&mut g) },
                    5 => Op::Nondet { dst: var(&mut g), origin: NondetOrigin::Call { name: "n".into() } },
                    6 => Op::Load { dst: var(&mut g), ptr: e(&mut g) },
                    7 => Op::Store { ptr: e(&mut g), value: e(&mut g) },
                    8 => Op::MemCopy { dst: e(&mut g), src: e(&mut g), size: e(&mut g) },
                    9 => Op::Alloc {
                        target: if g.n(2) == 0 {
                            AllocTarget::Slot(ObjId(g.n(u64::from(nobjs) + 1) as u32))
                        } else {
                            AllocTarget::Fresh(var(&mut g))
                        },
                        region: g.pick(&[Region::Stack, Region::Heap]),
                        size: {
                            let x = e(&mut g);
                            g.pick(&[c64(8), c32(4), c64(-1), x])
                        },
                        init: g.pick(&[AllocInit::Zero, AllocInit::Nondet]),
                    },
                    10 => Op::Free { ptr: e(&mut g) },
                    11 => Op::Call {
                        dst: {
                            let x = var(&mut g);
                            g.pick(&[None, Some(x)])
                        },
                        func: FuncId(g.n(nf as u64 + 1) as u32),
                        args: (0..g.n(3)).map(|_| e(&mut g)).collect(),
                    },
                    12 => {
                        let x = e(&mut g);
                        Op::Return(g.pick(&[None, Some(x)]))
                    }
                    13 => {
                        let x = e(&mut g);
                        Op::Halt { kind: g.pick(&[HaltKind::Exit, HaltKind::Abort]), code: g.pick(&[None, Some(x)]) }
                    }
                    _ => Op::Output {
                        kind: g.pick(&[OutputKind::Printf, OutputKind::Puts, OutputKind::Putchar]),
                        args: (0..g.n(4)).map(|_| e(&mut g)).collect(),
                        dst: {
                            let x = var(&mut g);
                            g.pick(&[None, Some(x)])
                        },
                    },
                };
                bd.edge(f, src, dst, op);
            }
        }
        let p = bd.build_raw();
        let config = Config {
            max_steps: 300,
            max_memory: 1 << 16,
            max_output: 1 << 12,
            check_determinism: round % 2 == 0,
            ..Config::default()
        };
        let ip = Interpreter::new(&p);
        let _ = ip.run_main(&mut RandomInput::new(round), &config);
        let _ = ip.run_main(&mut ZeroInput, &config);
        let _ = Interpreter::with_recursive_depth(&p, 0).run_main(&mut RandomInput::new(round), &config);
        let args: Vec<Value> = p.functions[0]
            .params
            .iter()
            .map(|v| match p.var_ty(*v) {
                Ty::Int(w) => Value::int(1, w),
                Ty::Ptr => Value::NULL,
                Ty::Bool => Value::Bool(true),
            })
            .collect();
        let r = ip.run(FuncId(0), &args, &mut RandomInput::new(round), &config);
        let kind = format!("{:?}", r.outcome).chars().take_while(|c| c.is_alphanumeric()).collect::<String>();
        *seen.entry(kind).or_insert(0) += 1;
        total_steps += r.steps;
    }
    eprintln!("outcomes {seen:?}, {total_steps} steps");
}
