//! A campaign of generated programs replayed against the interpreter (see
//! `tests/common/campaign.rs`): `cargo run --release -p kappa-replay --example gen_campaign --
//! START END [--runs N] [--threads N] [--ilp32-every K] [--det-every K] [--keep DIR] [--nondet-bool]`. Prints the mismatches and a summary; exits
//! with 1 if there is any mismatch.

#[path = "../tests/common/campaign.rs"]
mod campaign;

use campaign::Campaign;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let opt = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let start = num(0, 0);
    let end = num(1, start + 100);
    let threads = opt("--threads")
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2));
    let c = Campaign {
        seeds: start..end,
        runs_per_program: opt("--runs").and_then(|s| s.parse().ok()).unwrap_or(8),
        ilp32_every: opt("--ilp32-every").and_then(|s| s.parse().ok()).unwrap_or(3),
        det_every: opt("--det-every").and_then(|s| s.parse().ok()).unwrap_or(1),
        threads,
        cfg: kappa_gen::GenConfig { nondet_bool: args.iter().any(|a| a == "--nondet-bool"), ..Default::default() },
        failures: opt("--keep").map(Into::into),
        verbose: true,
    };
    let t = std::time::Instant::now();
    let st = c.run();
    println!("seeds {start}..{end}: {} in {:.1}s", st.summary(), t.elapsed().as_secs_f64());
    if !st.mismatches.is_empty() {
        std::process::exit(1);
    }
}
