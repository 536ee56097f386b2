//! Prints the generated program of a seed: `cargo run -p kappa-gen --example gen -- SEED [--det] [--bool]`
//! (`--bool` also reads `__VERIFIER_nondet_bool()`, as the differential tests do).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(0);
    let cfg =
        kappa_gen::GenConfig { nondet_bool: args.iter().any(|a| a == "--bool"), ..kappa_gen::GenConfig::default() };
    if args.iter().any(|a| a == "--det") {
        print!("{}", kappa_gen::generate_deterministic(seed, &cfg));
    } else {
        print!("{}", kappa_gen::generate(seed, &cfg));
    }
}
