//! Coverage as `kappa run` shows it: the summary line, the progress display, the lcov
//! tracefile of `--coverage`.

use kappa_engine::report::Coverage;

fn ratio(covered: u64, total: u64) -> String {
    if total == 0 {
        format!("{covered}/{total}")
    } else {
        format!("{covered}/{total} ({:.1}%)", 100.0 * covered as f64 / total as f64)
    }
}

/// `branches 14/16 (87.5%), lines 12/12 (100.0%), loop paths 5/9 (55.6%)`.
pub fn summary_line(c: &Coverage) -> String {
    format!(
        "branches {}, lines {}, loop paths {}",
        ratio(c.branches_covered, c.branches_total),
        ratio(c.lines_covered, c.lines_total),
        ratio(c.loop_paths_covered, c.loop_paths_total)
    )
}
