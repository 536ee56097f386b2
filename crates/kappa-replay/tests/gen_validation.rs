//! Generated programs: interpreter against gcc through replay (see `common/campaign.rs`).

mod common;

use common::campaign::Campaign;
use kappa_gen::GenConfig;
use kappa_ir::DataModel;
use kappa_replay::{sanitizers_available, ReplayOptions};

fn threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).min(4)
}

fn check(c: Campaign) {
    assert!(
        sanitizers_available(&ReplayOptions::default(), DataModel::LP64),
        "the C compiler cannot build with -fsanitize=address,undefined: scripts/setup.sh installs gcc"
    );
    let st = c.run();
    if let Some(s) = st.skipped.first() {
        eprintln!("{} programs skipped, e.g. {s}", st.skipped.len());
    }
    eprintln!("{}", st.summary());
    for m in &st.mismatches {
        eprintln!("MISMATCH {m}");
    }
    assert!(st.mismatches.is_empty(), "{} mismatches (see above); {}", st.mismatches.len(), st.summary());
    assert!(st.replayed > 0);
}

#[test]
fn generated_programs_replay_like_the_interpreter_runs_them() {
    check(Campaign {
        seeds: 0..60,
        runs_per_program: 4,
        ilp32_every: 10,
        det_every: 2,
        threads: threads(),
        cfg: GenConfig::default(),
        failures: std::env::var_os("KAPPA_GEN_FAILURES").map(Into::into),
        verbose: false,
    });
}

/// A longer campaign: `KAPPA_GEN_SEEDS=START..END cargo test --release -p kappa-replay --test
/// gen_validation -- --ignored` (bench/gen_replay.sh runs it).
#[test]
#[ignore]
fn generated_programs_long_campaign() {
    let range = std::env::var("KAPPA_GEN_SEEDS").unwrap_or_else(|_| "1000..3000".into());
    let (a, b) = range.split_once("..").expect("KAPPA_GEN_SEEDS=START..END");
    check(Campaign {
        seeds: a.trim().parse().expect("start")..b.trim().parse().expect("end"),
        runs_per_program: 8,
        ilp32_every: 3,
        det_every: 1,
        threads: threads(),
        cfg: GenConfig::default(),
        failures: std::env::var_os("KAPPA_GEN_FAILURES").map(Into::into),
        verbose: true,
    });
}
