//! Equivalence of generated programs and their decompiled slices, compiled with gcc and run on
//! random inputs (the full run of several hundred programs is `bench/slice_equiv.sh`).

use kappa_slice::check::{gcc_available, Checker};
use kappa_slice::gen::{generate, GenConfig};
use kappa_slice::{slice, Criterion, SliceOptions};

fn check_seed(seed: u64, runs: u64, memory: bool, calls: bool) -> Result<(String, u64), String> {
    // Odd seeds call reach_error() more often, so that property slices have errors to keep.
    let cfg = GenConfig { error_percent: if seed % 2 == 1 { 14 } else { 6 }, memory, calls, ..GenConfig::default() };
    let g = generate(seed, &cfg);
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let path = dir.path().join(format!("gen{seed}.c"));
    std::fs::write(&path, &g.source).map_err(|e| e.to_string())?;
    let prog =
        kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).map_err(|d| format!("lowering: {d}"))?;
    let mut checker = Checker::new(dir.path(), &g.source, &g.targets, runs)?;
    let mut report = String::new();
    let mut summarised = 0;
    for (crit, property) in [(Criterion::Targets(g.targets.clone()), false), (Criterion::UnreachCall, true)] {
        let r = slice(&prog, &crit, &SliceOptions::default()).map_err(|e| format!("seed {seed}: {e}\n{}", g.source))?;
        let targets = if property { Vec::new() } else { g.targets.clone() };
        let cmp = checker.compare(&r.c_source, &targets, property)?;
        if !cmp.mismatches.is_empty() {
            return Err(format!(
                "seed {seed} ({crit:?}): {} of {runs} runs differ, e.g. {:?}\n--- original\n{}\n--- slice\n{}",
                cmp.mismatches.len(),
                cmp.mismatches[0],
                g.source,
                r.c_source
            ));
        }
        report.push_str(&format!(
            "seed {seed} {crit:?}: {:?} lines {} paths {} -> {}, calls summarised {}\n",
            cmp.endings, r.stats.lines, r.stats.cfg_paths, r.stats.pss_paths, r.stats.calls_summarised
        ));
        summarised += r.stats.calls_summarised;
    }
    Ok((report, summarised))
}

#[test]
fn generated_programs_agree_with_their_slices() {
    campaign("KAPPA_SLICE_EQUIV", 32, false, false);
}

/// The same with structs reached through a pointer, arrays indexed by values, pointers to locals
/// and struct assignments (the slicer's memory cells).
#[test]
fn generated_programs_with_memory_agree_with_their_slices() {
    campaign("KAPPA_SLICE_EQUIV_MEMORY", 16, true, false);
}

/// The same with calls of logging, statistics and flag helpers for their effects, with and
/// without memory (a struct of counters written through a pointer): the calls that cannot
/// affect the criterion are summarised, the others explored. Some calls must be summarised.
#[test]
fn generated_programs_with_calls_agree_with_their_slices() {
    let summarised =
        campaign("KAPPA_SLICE_EQUIV_CALLS", 3, false, true) + campaign("KAPPA_SLICE_EQUIV_CALLS", 3, true, true);
    assert!(summarised > 0, "no call was summarised");
}

/// The number of calls summarised over all seeds and both criteria.
fn campaign(var: &str, default: u64, memory: bool, calls: bool) -> u64 {
    assert!(gcc_available(), "gcc is needed (scripts/setup.sh installs it)");
    let n: u64 = std::env::var(var).ok().and_then(|s| s.parse().ok()).unwrap_or(default);
    let mut failures = Vec::new();
    let seeds: Vec<u64> = match std::env::var("KAPPA_SLICE_SEEDS") {
        Ok(s) => s.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
        Err(_) => (0..n).collect(),
    };
    let mut summarised = 0;
    for &seed in &seeds {
        match check_seed(seed, 250, memory, calls) {
            Ok((r, k)) => {
                print!("{r}");
                summarised += k;
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{} of {n} programs fail:\n{}", failures.len(), failures.join("\n\n"));
    summarised
}
