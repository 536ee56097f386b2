//! `cargo bench -p kappa-cli --bench ir_speed`: how long `kappa ir` takes on a generated
//! 5,000-line preprocessed file (glibc header noise plus many functions with loops, arrays,
//! structs, switches and calls). Reports the median of several runs of the front-end and of the
//! whole command.

use std::fmt::Write;
use std::process::Command;
use std::time::{Duration, Instant};

/// A preprocessed C file of about `lines` lines.
fn generate(lines: usize) -> String {
    let mut s = String::new();
    // Real header noise when a preprocessor is around, as SV-COMP .i files have it.
    let hdr = std::env::temp_dir().join("kappa-bench-hdr.c");
    let _ = std::fs::write(&hdr, "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <assert.h>\n");
    if let Ok(out) = Command::new("gcc").arg("-E").arg(&hdr).output() {
        if out.status.success() {
            s.push_str(&String::from_utf8_lossy(&out.stdout));
        }
    }
    s.push_str("extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) { abort(); }\n");
    s.push_str("struct pt { int x; int y; long tag; };\n");
    let mut k = 0;
    while s.lines().count() < lines {
        let _ = write!(
            s,
            r#"
static int table{k}[16] = {{1, 2, 3, 4, 5, 6, 7, 8}};
int f{k}(int n, struct pt *p) {{
    int acc = 0;
    unsigned char c = (unsigned char)n;
    for (int i = 0; i < n && i < 16; i++) {{
        acc += table{k}[i] * (i % 3 == 0 ? 2 : 1);
        if (acc > 1000) break;
    }}
    switch (n & 3) {{
    case 0: acc ^= 0x5a; break;
    case 1: acc <<= 2;
    case 2: acc -= c; break;
    default: acc = -acc;
    }}
    while (p && p->x < acc) {{ p->x += 3; p->tag = p->tag * 2 + 1; }}
    return acc + (p ? p->y : 0);
}}
"#
        );
        k += 1;
    }
    s.push_str(
        "int main(void) {\n    struct pt q = {0, 1, 2};\n    int n = __VERIFIER_nondet_int();\n    int r = 0;\n",
    );
    for i in 0..k {
        let _ = writeln!(s, "    r += f{i}(n, &q);");
    }
    s.push_str("    if (r == 12345) reach_error();\n    return 0;\n}\n");
    s
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let src = generate(5000);
    let lines = src.lines().count();
    let path = std::env::temp_dir().join("kappa-bench-5000.i");
    std::fs::write(&path, &src).expect("write the generated file");
    let opts = kappa_cfront::Options::default();
    let runs = 7;
    let mut front = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let p = kappa_cfront::lower_file(&path, &opts).expect("the generated program lowers");
        let _text = kappa_ir::print::Printer::new(&p).program();
        front.push(t.elapsed());
    }
    let exe = env!("CARGO_BIN_EXE_kappa");
    let mut whole = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let out = Command::new(exe).arg("ir").arg(&path).output().expect("run kappa");
        assert!(out.status.success(), "kappa ir failed: {}", String::from_utf8_lossy(&out.stderr));
        whole.push(t.elapsed());
    }
    let (f, w) = (median(front), median(whole));
    println!("kappa ir on a generated preprocessed file of {lines} lines ({} bytes):", src.len());
    println!("  front-end + printing, in process: median {:.1} ms over {runs} runs", f.as_secs_f64() * 1e3);
    println!("  `kappa ir FILE.i` as a command:   median {:.1} ms over {runs} runs", w.as_secs_f64() * 1e3);
    println!("  {:.0} lines per second", lines as f64 / w.as_secs_f64());
}
