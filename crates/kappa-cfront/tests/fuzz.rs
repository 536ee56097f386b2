//! Fuzzing the front-end with proptest: whatever the input, lowering returns a program that
//! validates or one diagnostic — never a panic, never an internal error.

use kappa_cfront::{lower_preprocessed, Options};
use proptest::prelude::*;

fn assert_handled(src: &str) {
    match lower_preprocessed("fuzz.c", src, &Options::default()) {
        Ok(p) => assert!(p.validate().is_ok()),
        Err(d) => assert!(!d.message.contains("internal error"), "internal error on input:\n{src}\n{d}"),
    }
}

/// A valid C program built from random integer expressions over variables of mixed types.
fn program() -> impl Strategy<Value = String> {
    let types = prop::sample::select(vec![
        "char",
        "unsigned char",
        "short",
        "unsigned short",
        "int",
        "unsigned",
        "long",
        "unsigned long",
        "long long",
        "unsigned long long",
        "_Bool",
    ]);
    let leaf = prop_oneof![
        (0..4usize).prop_map(|i| format!("v{i}")),
        any::<i32>().prop_map(|c| format!("{c}")),
        (0u32..40).prop_map(|c| format!("{c}u")),
        Just("a[v0 & 3]".to_string()),
        Just("*p".to_string()),
    ];
    let ops = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", "<=", "==", "!=", "&&", "||"];
    let expr = leaf.prop_recursive(4, 24, 2, move |inner| {
        prop_oneof![
            (inner.clone(), prop::sample::select(ops.to_vec()), inner.clone())
                .prop_map(|(a, o, b)| format!("({a} {o} {b})")),
            inner.clone().prop_map(|a| format!("(- {a})")),
            inner.clone().prop_map(|a| format!("(~{a})")),
            inner.clone().prop_map(|a| format!("(!{a})")),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| format!("({c} ? {a} : {b})")),
            (prop::sample::select(vec!["char", "unsigned short", "int", "unsigned long", "long long"]), inner)
                .prop_map(|(t, a)| format!("(({t}){a})")),
        ]
    });
    (prop::collection::vec(types, 4), prop::collection::vec(expr, 1..6)).prop_map(|(tys, exprs)| {
        let mut s = String::from("int __VERIFIER_nondet_int(void);\nint a[4];\nint main(void) {\n");
        for (i, t) in tys.iter().enumerate() {
            s.push_str(&format!("  {t} v{i} = __VERIFIER_nondet_int();\n"));
        }
        s.push_str("  int *p = &a[1];\n");
        for (i, e) in exprs.iter().enumerate() {
            s.push_str(&format!("  v{} = {e};\n  if ({e}) v{} += 1; else a[2]++;\n", i % 4, (i + 1) % 4));
        }
        s.push_str("  return (int)v0;\n}\n");
        s
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_crash(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        assert_handled(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_programs_lower(src in program()) {
        let r = lower_preprocessed("gen.c", &src, &Options::default());
        prop_assert!(r.is_ok(), "{:?}\n{}", r.err(), src);
    }

    /// Deleting, duplicating or swapping tokens of a valid program gives bad input that must
    /// be reported, not crash.
    #[test]
    fn mutated_programs_never_crash(src in program(), cuts in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3), 1..4)) {
        let mut toks: Vec<&str> = src.split_inclusive(|c: char| c.is_whitespace() || "();{}[],".contains(c)).collect();
        for (ix, kind) in cuts {
            if toks.is_empty() { break; }
            let i = ix.index(toks.len());
            match kind {
                0 => { toks.remove(i); }
                1 => { let t = toks[i]; toks.insert(i, t); }
                _ => { let j = (i + 1) % toks.len(); toks.swap(i, j); }
            }
        }
        assert_handled(&toks.concat());
    }
}

#[test]
fn deep_nesting_is_handled() {
    let depth = 2000;
    let src = format!("int main(void) {{ int x = {}1{}; return x; }}", "(".repeat(depth), ")".repeat(depth));
    assert_handled(&src);
    let src = format!("int main(void) {{ int x = 0; {} x++; {} return x; }}", "{".repeat(depth), "}".repeat(depth));
    assert_handled(&src);
}
