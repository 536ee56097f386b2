//! `cargo bench -p kappa-cli --bench engine_speed [-- PATHS_LOG2]`: classic symbolic execution
//! on bounded programs with thousands of paths. Reports states and queries per second and the
//! share of time spent outside the solver; then a depth-first run over a program with about
//! 100,000 paths (2^17) and its peak memory.

use kappa_engine::{Config, Engine, Mode, SearchKind};
use std::fmt::Write;
use std::time::Instant;

/// `n` input-dependent branches in sequence, with arithmetic between them: 2^n paths. With
/// `hard`, the accumulator is multiplied at each step, which makes the final check costly for
/// the solver (a bit-vector multiplication chain).
fn branches(n: usize, hard: bool) -> String {
    let mut s = String::from(
        "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) {}\nint main(void) {\n  int acc = 0;\n",
    );
    for i in 0..n {
        let update = if hard { format!("acc = acc * 3 + x{i}") } else { format!("acc = acc + x{i} - {i}") };
        let _ = writeln!(
            s,
            "  int x{i} = __VERIFIER_nondet_int();\n  if (x{i} > {i}) {update}; else acc ^= {};",
            i * 7 + 1
        );
    }
    s.push_str("  if (acc == 123456789) reach_error();\n  return acc & 1;\n}\n");
    s
}

/// `n` independent input tests counted in two accumulators: 2^n paths whose queries the
/// independence layer keeps small (the memory benchmark: many paths, little solving).
fn counts(n: usize) -> String {
    let mut s = String::from(
        "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) {}\nint main(void) {\n  int count = 0, sum = 0;\n",
    );
    for i in 0..n {
        let _ = writeln!(s, "  int x{i} = __VERIFIER_nondet_int();\n  if (x{i} > {i}) {{ count++; sum += x{i} & 7; }}");
    }
    let _ = writeln!(s, "  if (count == {n} && sum == 1000) reach_error();\n  return count;\n}}");
    s
}

/// Loops over an array with branches inside: a typical SV-COMP shape.
fn array_loop(n: usize) -> String {
    format!(
        "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) {{}}\nint main(void) {{\n  int a[{n}]; int pos = 0, neg = 0;\n  for (int i = 0; i < {n}; i++) a[i] = __VERIFIER_nondet_int();\n  for (int i = 0; i < {n}; i++) {{ if (a[i] > 0) pos++; else if (a[i] < 0) neg++; }}\n  if (pos + neg > {n}) reach_error();\n  return pos;\n}}\n"
    )
}

fn lower(src: &str) -> kappa_ir::Program {
    let dir = std::env::temp_dir().join(format!("kappa-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("p.c");
    std::fs::write(&path, src).expect("write");
    kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).expect("lowers")
}

fn run(name: &str, src: &str, search: SearchKind, write_tests: bool) {
    let prog = lower(src);
    let out = std::env::temp_dir().join(format!("kappa-bench-out-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let cfg =
        Config { mode: Mode::Classic, search, test_dir: write_tests.then(|| out.join("tests")), ..Config::default() };
    let solver = kappa_solver::default_chain(cfg.solver_timeout);
    let mut e = Engine::new(&prog, cfg, solver);
    let t = Instant::now();
    let r = e.run(&mut |_, _| {});
    let secs = t.elapsed().as_secs_f64();
    let s = &r.stats;
    println!(
        "{name:<28} {:>8} paths {:>9} states {:>8} queries  {:>7.2} s  {:>9.0} states/s {:>8.0} queries/s  outside solver {:>4.1}%  peak {:>6.1} MB",
        s.paths_completed,
        s.states_created,
        s.solver_queries,
        secs,
        s.states_created as f64 / secs,
        s.solver_queries as f64 / secs,
        100.0 * (1.0 - s.solver_time_s / secs).max(0.0),
        kappa_engine::peak_rss_mb(),
    );
    let _ = std::fs::remove_dir_all(&out);
}

fn main() {
    let big: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(17);
    println!("classic symbolic execution, one run each (tests written to a temporary directory)");
    run("12 branches, bfs", &branches(12, false), SearchKind::Bfs, true);
    run("12 branches, dfs", &branches(12, false), SearchKind::Dfs, true);
    run("8 branches, multiplications", &branches(8, true), SearchKind::Dfs, true);
    run("array loop n=7, dfs", &array_loop(7), SearchKind::Dfs, true);
    run(&format!("{big} counted branches, dfs"), &counts(big), SearchKind::Dfs, true);
}
