//! Prints a generated program and its slices:
//! `cargo run -p kappa-slice --example slice_gen -- SEED [ERROR_PERCENT [memory|calls|memory,calls]]`.
use kappa_slice::gen::{generate, GenConfig};
use kappa_slice::{slice, Criterion, SliceOptions};

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut cfg = GenConfig::default();
    if let Some(p) = std::env::args().nth(2).and_then(|s| s.parse().ok()) {
        cfg.error_percent = p;
    }
    let extra = std::env::args().nth(3).unwrap_or_default();
    cfg.memory = extra.split(',').any(|a| a == "memory");
    cfg.calls = extra.split(',').any(|a| a == "calls");
    let g = generate(seed, &cfg);
    let dir = std::env::temp_dir().join(format!("kappa-slice-gen-{seed}"));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("gen{seed}.c"));
    std::fs::write(&path, &g.source).expect("write");
    println!("{}", g.source);
    let prog = match kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()) {
        Ok(p) => p,
        Err(d) => {
            eprintln!("{d}");
            std::process::exit(2)
        }
    };
    for crit in [Criterion::Targets(g.targets.clone()), Criterion::UnreachCall] {
        match slice(&prog, &crit, &SliceOptions::default()) {
            Ok(r) => println!("{}\n{:?}\n", r.c_source, r.stats),
            Err(e) => println!("{e}"),
        }
    }
}
