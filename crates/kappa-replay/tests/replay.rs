//! Replay of hand-written programs: every input kind and every outcome kind. The tests are made
//! by running the program in the interpreter on chosen inputs, then replayed on the program
//! compiled by gcc; a deliberately wrong test must not match.

use kappa_interp::{run, run_main, Config, Outcome, Value, VecInput};
use kappa_ir::testcase::{InputKind, TestCase, TestOutcome};
use kappa_ir::{DataModel, Program};
use kappa_replay::{compile_harness, replay, testcase_from_run, Harness, Observed, Replay, ReplayError, ReplayOptions};
use std::path::{Path, PathBuf};

struct Prog {
    _dir: tempfile::TempDir,
    path: PathBuf,
    prog: Program,
    entry: String,
}

fn program(name: &str, src: &str) -> Prog {
    program_with(name, src, DataModel::LP64, "main")
}

/// The tests need a C compiler with the sanitizers (scripts/setup.sh installs gcc); without
/// them they fail.
fn require_sanitizers() {
    assert!(
        kappa_replay::sanitizers_available(&ReplayOptions::default(), DataModel::LP64),
        "the C compiler cannot build with -fsanitize=address,undefined: scripts/setup.sh installs gcc"
    );
}

fn program_with(name: &str, src: &str, dm: DataModel, entry: &str) -> Prog {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, src).unwrap();
    let opts = kappa_cfront::Options { data_model: dm, entries: vec![entry.to_string()], ..Default::default() };
    let prog = kappa_cfront::lower_file(&path, &opts).unwrap_or_else(|d| panic!("{name}: {d}"));
    Prog { _dir: dir, path, prog, entry: entry.to_string() }
}

impl Prog {
    /// A test from an interpreter run on these values and memory fills.
    fn test(&self, values: &[u64], fills: &[&[u8]]) -> TestCase {
        self.test_args(&[], values, fills)
    }

    fn test_args(&self, args: &[Value], values: &[u64], fills: &[&[u8]]) -> TestCase {
        let mut input = VecInput::new(values.to_vec()).with_fills(fills.iter().map(|f| f.to_vec()).collect());
        let r = if self.entry == "main" {
            run_main(&self.prog, &mut input, &Config::default())
        } else {
            let f = self.prog.functions.iter().position(|f| f.name == self.entry).unwrap();
            run(&self.prog, kappa_ir::FuncId(f as u32), args, &mut input, &Config::default())
        };
        let path = self.path.display().to_string();
        testcase_from_run(&self.prog, &path, &self.entry, args, &r).unwrap_or_else(|e| panic!("{e}: {:?}", r.outcome))
    }

    fn replay(&self, test: &TestCase) -> Replay {
        // The test goes through its JSON form, as it would from a file.
        let test = TestCase::from_json(&test.to_json()).unwrap();
        replay(&self.path, &test, &ReplayOptions::default()).unwrap_or_else(|e| panic!("replay: {e}"))
    }

    /// Replays the test: it must match; a copy with another outcome must not (one harness for
    /// both).
    fn check(&self, test: &TestCase) -> Replay {
        let test = TestCase::from_json(&test.to_json()).unwrap();
        let dm: DataModel = test.data_model.parse().unwrap();
        let h = compile_harness(&self.path, dm, &self.entry, &ReplayOptions::default())
            .unwrap_or_else(|e| panic!("harness: {e}"));
        let r = h.run(&test).unwrap_or_else(|e| panic!("replay: {e}"));
        assert!(r.matches, "{}\nobserved {:?}\nstderr:\n{}", r.explanation, r.observed, r.stderr);
        let mut wrong = test.clone();
        wrong.outcome = match &test.outcome {
            TestOutcome::Exit { code } => TestOutcome::Exit { code: code + 1 },
            TestOutcome::Abort => TestOutcome::Exit { code: 0 },
            TestOutcome::Error { error, location, message } => {
                let other = if error == "reach_error" { "assert" } else { "reach_error" };
                TestOutcome::Error { error: other.into(), location: location.clone(), message: message.clone() }
            }
            TestOutcome::Halted { .. } => TestOutcome::Exit { code: 255 },
        };
        let w = h.run(&wrong).unwrap();
        assert!(!w.matches, "a wrong test matched: {}", w.explanation);
        r
    }
}

fn line_of(src: &str, needle: &str) -> u32 {
    src.lines().position(|l| l.contains(needle)).expect("needle") as u32 + 1
}

fn expect_error(test: &TestCase, kind: &str, line: u32) {
    match &test.outcome {
        TestOutcome::Error { error, location, .. } => {
            assert_eq!(error, kind);
            let l: u32 = location.rsplit(':').nth(1).unwrap().parse().unwrap();
            assert_eq!(l, line, "{location}");
        }
        o => panic!("expected {kind}, the interpreter gave {o:?}"),
    }
}

fn replay_error(r: &Replay, kind: &str, line: u32) {
    match &r.observed {
        Observed::Error { kind: k, line: l, .. } => {
            assert_eq!(k.name(), kind);
            assert_eq!(*l, line);
        }
        o => panic!("expected {kind}, observed {o:?}"),
    }
}

const NONDETS: &str = "extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
";

#[test]
fn exit_codes_from_every_nondet_type() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}
int main(void) {{
  int a = __VERIFIER_nondet_int();
  unsigned b = __VERIFIER_nondet_uint();
  char c = __VERIFIER_nondet_char();
  unsigned char d = __VERIFIER_nondet_uchar();
  short e = __VERIFIER_nondet_short();
  unsigned short f = __VERIFIER_nondet_ushort();
  long g = __VERIFIER_nondet_long();
  unsigned long h = __VERIFIER_nondet_ulong();
  _Bool i = __VERIFIER_nondet_bool();
  __VERIFIER_assume(a != 99);
  long s = a + (long)b + c + d + e + f + g + (long)h + i;
  return (int)(s ^ (s >> 7)) & 0x7f;
}}
"
    );
    let p = program("exit.c", &src);
    let vals = [5, 0xffff_fff0, 0x80, 0xff, 0x8000, 0xffff, (-3i64) as u64, 1 << 40, 1];
    let t = p.test(&vals, &[]);
    assert!(matches!(t.outcome, TestOutcome::Exit { .. }));
    assert_eq!(t.inputs.len(), 9);
    assert!(t.inputs.iter().all(|i| i.kind == InputKind::Nondet));
    assert_eq!(t.inputs[2].name, "__VERIFIER_nondet_char");
    assert_eq!(t.inputs[2].signed, -128);
    let r = p.check(&t);
    assert_eq!(r.inputs_consumed, Some(9));
    // Another vector, another exit code.
    let t2 = p.test(&[1, 2, 3, 4, 5, 6, 7, 8, 0], &[]);
    p.check(&t2);
}

#[test]
fn abort_and_exit() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}#include <stdlib.h>
int main(void) {{
  int x = __VERIFIER_nondet_int();
  if (x > 10) abort();
  if (x < 0) exit(3);
  return 0;
}}
"
    );
    let p = program("abort.c", &src);
    let t = p.test(&[11], &[]);
    assert_eq!(t.outcome, TestOutcome::Abort);
    assert_eq!(p.check(&t).observed, Observed::Abort);
    let t = p.test(&[(-1i64) as u64], &[]);
    assert_eq!(t.outcome, TestOutcome::Exit { code: 3 });
    p.check(&t);
}

#[test]
fn reach_error_is_reported_at_the_call_not_in_its_abort() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}#include <stdlib.h>
void reach_error(void) {{ abort(); }}
void check(int c) {{ if (!c) {{ reach_error(); }} }}
int main(void) {{
  int x = __VERIFIER_nondet_int();
  check(x != 42);
  return 0;
}}
"
    );
    let p = program("reach.c", &src);
    let t = p.test(&[42], &[]);
    let line = line_of(&src, "{ reach_error(); }");
    expect_error(&t, "reach_error", line);
    let r = p.check(&t);
    replay_error(&r, "reach_error", line);
    // The path that does not reach the error exits normally.
    let t = p.test(&[41], &[]);
    assert_eq!(t.outcome, TestOutcome::Exit { code: 0 });
    p.check(&t);
}

#[test]
fn verifier_error_and_bodyless_verifier_assert() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}extern void __VERIFIER_error(void);
extern void __VERIFIER_assert(int);
int main(void) {{
  int x = __VERIFIER_nondet_int();
  if (x == 7) __VERIFIER_error();
  __VERIFIER_assert(x != 8 && x != 9);
  return 1;
}}
"
    );
    let p = program("verr.c", &src);
    let t = p.test(&[7], &[]);
    expect_error(&t, "reach_error", line_of(&src, "__VERIFIER_error();"));
    p.check(&t);
    let t = p.test(&[9], &[]);
    expect_error(&t, "reach_error", line_of(&src, "__VERIFIER_assert(x"));
    p.check(&t);
    p.check(&p.test(&[10], &[]));
}

#[test]
fn failing_assert_from_assert_h() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}#include <assert.h>
int main(void) {{
  int x = __VERIFIER_nondet_int();
  int y = x * 2;
  assert(y != 10);
  return 0;
}}
"
    );
    let p = program("assert.c", &src);
    let t = p.test(&[5], &[]);
    let line = line_of(&src, "assert(y");
    expect_error(&t, "assert", line);
    let r = p.check(&t);
    replay_error(&r, "assert", line);
    assert!(r.stderr.contains("Assertion `y != 10' failed"), "{}", r.stderr);
}

#[test]
fn bodyless_assert() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}void assert(int);
int main(void) {{
  long x = __VERIFIER_nondet_long();
  assert(x);
  return 0;
}}
"
    );
    let p = program("bassert.c", &src);
    let t = p.test(&[0], &[]);
    expect_error(&t, "assert", line_of(&src, "assert(x)"));
    p.check(&t);
    // 2^32: non-zero although its low 32 bits are zero.
    p.check(&p.test(&[1 << 32], &[]));
}

#[test]
fn division_errors() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}int main(void) {{
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int q = x / y;
  long r = (long)x % (long)(y + 1);
  return (int)(q + r) & 0x7f;
}}
"
    );
    let p = program("div.c", &src);
    let t = p.test(&[10, 0], &[]);
    expect_error(&t, "div_by_zero", line_of(&src, "x / y"));
    replay_error(&p.check(&t), "div_by_zero", line_of(&src, "x / y"));
    let t = p.test(&[0x8000_0000, 0xffff_ffff], &[]);
    expect_error(&t, "div_overflow", line_of(&src, "x / y"));
    replay_error(&p.check(&t), "div_overflow", line_of(&src, "x / y"));
    let t = p.test(&[10, 0xffff_ffff], &[]);
    expect_error(&t, "div_by_zero", line_of(&src, "% (long)"));
    p.check(&t);
    p.check(&p.test(&[100, 7], &[]));
}

#[test]
fn out_of_bounds_on_a_local_array() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}int main(void) {{
  int a[4] = {{1, 2, 3, 4}};
  int i = __VERIFIER_nondet_int();
  if (i < 0) return 0;
  return a[i];
}}
"
    );
    let p = program("oob.c", &src);
    let t = p.test(&[4], &[]);
    expect_error(&t, "out_of_bounds", line_of(&src, "return a[i]"));
    replay_error(&p.check(&t), "out_of_bounds", line_of(&src, "return a[i]"));
    p.check(&p.test(&[3], &[]));
}

#[test]
fn heap_errors() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}#include <stdlib.h>
int main(void) {{
  int k = __VERIFIER_nondet_int();
  int *p = malloc(2 * sizeof(int));
  p[0] = 1; p[1] = 2;
  if (k == 1) {{ free(p); return p[0]; }}
  if (k == 2) {{ free(p); free(p); return 0; }}
  if (k == 3) {{ return p[k]; }}
  if (k == 4) {{ free(p + 1); return 0; }}
  free(p);
  return 0;
}}
"
    );
    let p = program("heap.c", &src);
    let t = p.test(&[1], &[]);
    expect_error(&t, "invalid_deref", line_of(&src, "return p[0]"));
    replay_error(&p.check(&t), "invalid_deref", line_of(&src, "return p[0]"));
    let t = p.test(&[2], &[]);
    expect_error(&t, "invalid_free", line_of(&src, "free(p); free(p)"));
    replay_error(&p.check(&t), "invalid_free", line_of(&src, "free(p); free(p)"));
    let t = p.test(&[3], &[]);
    expect_error(&t, "out_of_bounds", line_of(&src, "return p[k]"));
    p.check(&t);
    let t = p.test(&[4], &[]);
    expect_error(&t, "invalid_free", line_of(&src, "free(p + 1)"));
    p.check(&t);
    p.check(&p.test(&[0], &[]));
}

#[test]
fn null_dereference() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}struct node {{ int v; struct node *next; }};
int main(void) {{
  struct node n = {{ 1, 0 }};
  struct node *p = &n;
  int k = __VERIFIER_nondet_int();
  if (k) p = p->next;
  return p->v;
}}
"
    );
    let p = program("null.c", &src);
    let t = p.test(&[1], &[]);
    expect_error(&t, "null_deref", line_of(&src, "return p->v"));
    replay_error(&p.check(&t), "null_deref", line_of(&src, "return p->v"));
    // A field at an offset from null: ASan's SEGV near address zero, or UBSan.
    let src2 = src.replace("return p->v;", "return p->next != 0;");
    let p2 = program("null2.c", &src2);
    let t = p2.test(&[1], &[]);
    expect_error(&t, "null_deref", line_of(&src2, "return p->next"));
    p2.check(&t);
}

#[test]
fn uninitialised_locals() {
    require_sanitizers();
    let src = "#include <stdlib.h>
struct pair { int a; short b; };
int f(int k) {
  int u, v = 3;
  int *q;
  int arr[3], w;
  struct pair s;
  for (int j; ; ) { j = 0; break; }
  q = &v;
  if (k) q = 0;
  return u + v + w + arr[1] + s.b + (q != 0);
}
int main(void) {
  int r = f(0);
  return r & 0x7f;
}
";
    let p = program("uninit.c", src);
    let arr = [1u8, 0, 0, 0, 7, 0, 0, 0, 2, 0, 0, 0];
    let s = [9u8, 0, 0, 0, 0x11, 0, 0xaa, 0xbb];
    let t = p.test(&[10, 0, 20, 33], &[&arr, &s]);
    let kinds: Vec<(InputKind, &str)> = t.inputs.iter().map(|i| (i.kind, i.name.as_str())).collect();
    assert_eq!(
        kinds,
        [
            (InputKind::Uninit, "u"),
            (InputKind::Uninit, "q"),
            (InputKind::Memory, "arr"),
            (InputKind::Uninit, "w"),
            (InputKind::Memory, "s"),
            (InputKind::Uninit, "j"),
        ]
    );
    assert_eq!(t.outcome, TestOutcome::Exit { code: (10 + 3 + 20 + 7 + 0x11 + 1) & 0x7f });
    let r = p.check(&t);
    assert_eq!(r.inputs_consumed, Some(6));
}

#[test]
fn aggregates_declared_in_for_headers_and_in_loops() {
    require_sanitizers();
    let src = "int main(void) {
  int sum = 0;
  for (int a[2], i = 0; i < 2; i++) { sum += a[i]; a[0] = 5; }
  for (int k = 0; k < 3; k++) { int b[2]; sum += b[k & 1]; }
  return sum & 0x7f;
}
";
    let p = program("forhdr.c", src);
    let t = p.test(
        &[],
        &[&[1, 0, 0, 0, 2, 0, 0, 0], &[3, 0, 0, 0, 4, 0, 0, 0], &[5, 0, 0, 0, 0, 0, 0, 0], &[6, 0, 0, 0, 0, 0, 0, 0]],
    );
    assert_eq!(t.outcome, TestOutcome::Exit { code: 12 });
    assert_eq!(t.inputs.len(), 4);
    p.check(&t);
}

#[test]
fn malloced_memory_is_an_input() {
    require_sanitizers();
    let src = "#include <stdlib.h>
int main(void) {
  unsigned char *p = malloc(4);
  int *q = malloc(0);
  int s = p[0] + p[3];
  free(p);
  free(q);
  return s & 0x7f;
}
";
    let p = program("malloc.c", src);
    let t = p.test(&[], &[&[3, 100, 100, 4]]);
    assert_eq!(t.inputs.len(), 1);
    assert_eq!(t.inputs[0].kind, InputKind::Memory);
    assert_eq!(t.inputs[0].name, "malloc");
    assert_eq!(t.outcome, TestOutcome::Exit { code: 7 });
    p.check(&t);
}

#[test]
fn entry_function_with_parameters() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}int main(void) {{ return __VERIFIER_nondet_int(); }}
int helper(int a) {{ return a * 3; }}
int f(int a, unsigned char b, long c, int *p) {{
  int x = __VERIFIER_nondet_int();
  if (p != 0) return 1;
  return (helper(a) + b + (int)c + x) & 0x7f;
}}
"
    );
    let p = program_with("entry.c", &src, DataModel::LP64, "f");
    let args = [Value::int(5, 32), Value::int(200, 8), Value::int(-7, 64), Value::NULL];
    let t = p.test_args(&args, &[11], &[]);
    assert_eq!(t.args.len(), 4);
    assert_eq!(t.outcome, TestOutcome::Exit { code: (15 + 200 - 7 + 11) & 0x7f });
    p.check(&t);
}

#[test]
fn divergence_when_the_test_has_too_few_inputs() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}int main(void) {{
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  return x + y;
}}
"
    );
    let p = program("diverge.c", &src);
    let mut t = p.test(&[1, 2], &[]);
    t.inputs.pop();
    let r = p.replay(&t);
    assert!(!r.matches);
    match &r.observed {
        Observed::Diverged(m) => assert!(m.contains("only 1 inputs"), "{m}"),
        o => panic!("{o:?}"),
    }
    // Inputs swapped between sites: the first site is asked while the test names the second.
    let mut t = p.test(&[1, 2], &[]);
    t.inputs.swap(0, 1);
    let r = p.replay(&t);
    assert!(matches!(r.observed, Observed::Diverged(_)), "{:?}", r.observed);
}

#[test]
fn a_test_for_another_program_is_not_replayable() {
    require_sanitizers();
    let src = format!("{NONDETS}int main(void) {{ return __VERIFIER_nondet_int(); }}\n");
    let p = program("other.c", &src);
    let mut t = p.test(&[1], &[]);
    t.inputs[0].offset += 1;
    match replay(&p.path, &t, &ReplayOptions::default()) {
        Err(ReplayError::NotReplayable(m)) => assert!(m.contains("not an input site"), "{m}"),
        r => panic!("{r:?}"),
    }
}

#[test]
fn ilp32() {
    require_sanitizers();
    assert!(
        kappa_replay::sanitizers_available(&ReplayOptions::default(), DataModel::ILP32),
        "cc -m32 with the sanitizers does not work: scripts/setup.sh installs gcc-multilib"
    );
    let src = format!(
        "{NONDETS}#include <stdlib.h>
int main(void) {{
  long x = __VERIFIER_nondet_long();
  unsigned long y = __VERIFIER_nondet_ulong();
  long *p = malloc(sizeof(long) * 2);
  p[0] = x; p[1] = (long)y;
  if (sizeof(long) != 4) return 100;
  return (int)((p[0] + p[1]) & 0x7f) + (x / (long)y);
}}
"
    );
    let p = program_with("ilp32.c", &src, DataModel::ILP32, "main");
    let t = p.test(&[0x1_0000_0005, 0x3], &[&[0; 8]]);
    assert_eq!(t.data_model, "ILP32");
    assert_eq!(t.outcome, TestOutcome::Exit { code: 8 + 1 });
    p.check(&t);
    let t = p.test(&[0x8000_0000, 0xffff_ffff], &[&[0; 8]]);
    expect_error(&t, "div_overflow", line_of(&src, "x / (long)y"));
    p.check(&t);
}

#[test]
fn harness_runs_many_tests_and_keeps_files() {
    require_sanitizers();
    let src = format!("{NONDETS}int main(void) {{ int x = __VERIFIER_nondet_int(); return 10 / x; }}\n");
    let p = program("many.c", &src);
    let keep = tempfile::tempdir().unwrap();
    let opts = ReplayOptions { keep: Some(keep.path().to_path_buf()), ..ReplayOptions::default() };
    let h = Harness::build(&p.path, DataModel::LP64, "main", &opts).unwrap();
    for x in [1u64, 2, 5, 0] {
        let t = p.test(&[x], &[]);
        let r = h.run(&t).unwrap();
        assert!(r.matches, "{}", r.explanation);
    }
    let kept: Vec<String> = std::fs::read_dir(keep.path())
        .unwrap()
        .flat_map(|d| std::fs::read_dir(d.unwrap().path()).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(kept.iter().any(|f| f == "prog.i"), "{kept:?}");
    assert!(kept.iter().any(|f| f == "run3.err"), "{kept:?}");
    assert!(Path::new(h.dir()).join("prog.i").exists());
}

#[test]
fn without_sanitizers_signals_stand_in() {
    require_sanitizers();
    let src = format!(
        "{NONDETS}int main(void) {{
  int x = __VERIFIER_nondet_int();
  int *p = 0;
  if (x == 1) return *p;
  return 10 / x;
}}
"
    );
    let p = program("nosan.c", &src);
    let opts = ReplayOptions { sanitizers: false, ..ReplayOptions::default() };
    for x in [0u64, 1] {
        let t = p.test(&[x], &[]);
        let r = replay(&p.path, &t, &opts).unwrap();
        assert!(!r.sanitizers);
        assert!(r.matches, "{}", r.explanation);
        assert!(r.explanation.contains("could not be checked"), "{}", r.explanation);
    }
}

#[test]
fn stdout_is_captured_and_outcome_matches_the_interpreter() {
    require_sanitizers();
    let src = "#include <stdio.h>
int main(void) {
  for (int i = 0; i < 3; i++) printf(\"%d,\", i * i);
  puts(\"done\");
  return 4;
}
";
    let p = program("print.c", src);
    let mut input = VecInput::new(vec![]);
    let run = run_main(&p.prog, &mut input, &Config::default());
    assert_eq!(run.outcome, Outcome::Exit(4));
    let t = testcase_from_run(&p.prog, &p.path.display().to_string(), "main", &[], &run).unwrap();
    let r = p.check(&t);
    assert_eq!(r.stdout, run.output_str());
}

/// `__VERIFIER_nondet_bool()` read from any 8-bit input is 0 or 1, as C's conversion makes it:
/// the interpreter and the compiled program agree on a test with the value 2.
#[test]
fn nondet_bool_is_normalised() {
    require_sanitizers();
    let p = program(
        "bool.c",
        "extern _Bool __VERIFIER_nondet_bool(void);\nint main(void) { _Bool b = __VERIFIER_nondet_bool(); int x = b; return x; }\n",
    );
    let t = p.test(&[2], &[]);
    assert_eq!(t.outcome, TestOutcome::Exit { code: 1 }, "the interpreter sees a _Bool of value 2");
    p.check(&t);
}
