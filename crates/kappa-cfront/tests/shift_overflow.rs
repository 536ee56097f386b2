//! SV-COMP's no-overflow on `<<` (audit10): a signed left shift whose value `l * 2^k` does not fit
//! its type is an overflow (C11 6.5.7p4; the property counts every operation of signed result type
//! whose value is out of range). Before audit10 the front-end checked `+ - *` and unary `-` only, and
//! `1 << 31` was `true`. Constant operands fold the check, so each case below says whether the
//! folded condition leaves an overflow location; a symbolic amount always leaves one.

use kappa_cfront::{lower_preprocessed, Options};
use kappa_ir::{DataModel, ErrorKind, LocKind};

/// The number of overflow locations of `<<` in the lowered program.
fn shift_overflow_sites(src: &str, model: DataModel, checks: bool) -> usize {
    let opts = Options { data_model: model, overflow_checks: checks, ..Options::default() };
    let prog = lower_preprocessed("shift.c", src, &opts).unwrap_or_else(|d| panic!("{src}: {d:?}"));
    prog.functions
        .iter()
        .flat_map(|f| &f.locs)
        .filter(
            |l| matches!(&l.kind, LocKind::Error { kind: ErrorKind::Overflow, message } if message.contains("(<<)")),
        )
        .count()
}

fn sites(expr: &str, model: DataModel) -> usize {
    shift_overflow_sites(&format!("int main(void) {{ long r = {expr}; return r != 0; }}\n"), model, true)
}

#[test]
fn constant_shifts_overflow_exactly_when_the_value_leaves_the_type() {
    for (expr, overflows) in [
        ("1 << 30", false),
        ("1 << 31", true),
        ("3 << 29", false),
        ("3 << 30", true),
        ("0x7fff << 16", false),
        ("0xffff << 16", true),
        ("-1 << 31", false),
        ("-2 << 30", false),
        ("-3 << 30", true),
        ("0 << 31", false),
        ("1L << 62", false),
        ("1L << 63", true),
        ("1u << 31", false),
        ("-8 >> 1", false),
        ("(short)1 << 20", false),
    ] {
        assert_eq!(sites(expr, DataModel::LP64) > 0, overflows, "{expr} (LP64)");
    }
    // `long` is 32 bits in ILP32.
    assert_eq!(sites("1L << 40", DataModel::ILP32), 0, "an amount past the width is not an overflow of the value");
    assert!(sites("1L << 31", DataModel::ILP32) > 0);
}

#[test]
fn a_symbolic_amount_is_checked_and_unsigned_or_unchecked_shifts_are_not() {
    let src = "int __VERIFIER_nondet_int(void);\nint main(void) { int k = __VERIFIER_nondet_int(); unsigned u = k;\n  int a = 1 << k; unsigned b = u << k; int c = a >> k; a <<= k; return a + b + c; }\n";
    assert_eq!(shift_overflow_sites(src, DataModel::LP64, true), 2, "`1 << k` and `a <<= k`");
    assert_eq!(shift_overflow_sites(src, DataModel::LP64, false), 0, "without overflow checks");
}

/// The error locations of shift amounts out of range (sound11), by kind.
fn amount_sites(src: &str, model: DataModel, checks: bool) -> (usize, usize) {
    let opts = Options { data_model: model, overflow_checks: checks, ..Options::default() };
    let prog = lower_preprocessed("shift.c", src, &opts).unwrap_or_else(|d| panic!("{src}: {d:?}"));
    let mut n = (0, 0);
    for l in prog.functions.iter().flat_map(|f| &f.locs) {
        match &l.kind {
            LocKind::Error { kind: ErrorKind::Overflow, message } if message.starts_with("shift amount") => n.0 += 1,
            LocKind::Error { kind: ErrorKind::ShiftAmount, .. } => n.1 += 1,
            _ => {}
        }
    }
    n
}

#[test]
fn shift_amounts_outside_the_width_are_undefined_behaviour_or_an_overflow() {
    let expr = |e: &str| {
        format!("int __VERIFIER_nondet_int(void);\nint main(void) {{ int k = __VERIFIER_nondet_int(); unsigned u = k; long r = {e}; return r != 0; }}\n")
    };
    // A symbolic amount: a signed `<<` is an overflow under the checks, anything else UB.
    assert_eq!(amount_sites(&expr("1 << k"), DataModel::LP64, true), (1, 0));
    assert_eq!(amount_sites(&expr("1 << k"), DataModel::LP64, false), (0, 1));
    assert_eq!(amount_sites(&expr("u << k"), DataModel::LP64, true), (0, 1));
    assert_eq!(amount_sites(&expr("u >> k"), DataModel::LP64, false), (0, 1));
    assert_eq!(amount_sites(&expr("k >> k"), DataModel::LP64, true), (0, 1));
    // A long amount (wider than the int it shifts), and a negative one.
    assert_eq!(amount_sites(&expr("u << (long)k"), DataModel::LP64, false), (0, 1));
    // Constant amounts fold: in range, none; 32 for `int` or -1, one.
    assert_eq!(amount_sites(&expr("u << 31"), DataModel::LP64, false), (0, 0));
    assert_eq!(amount_sites(&expr("1L << 40"), DataModel::LP64, true), (0, 0));
    assert_eq!(amount_sites(&expr("1L << 40"), DataModel::ILP32, true), (1, 0));
    assert_eq!(amount_sites(&expr("u << 32"), DataModel::LP64, false), (0, 1));
    assert_eq!(amount_sites(&expr("u >> -1"), DataModel::LP64, false), (0, 1));
}
