//! Charts over a run's time: samples taken through the engine's progress callback
//! (`Engine::run(progress)`), at an interval of their own, independent of the terminal display.

use kappa_engine::Stats;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// One point of the charts.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Sample {
    /// Seconds since the run started.
    pub t: f64,
    pub paths: u64,
    pub errors: u64,
    pub pending: u64,
    pub states: u64,
    /// Coverage the states reached so far (the progress display's figure).
    pub branches_covered: u64,
    pub branches_total: u64,
    pub lines_covered: u64,
    pub lines_total: u64,
    pub solver_s: f64,
    pub queries: u64,
    pub memory_mb: f64,
}

/// The most samples kept: past it every other one is dropped and the interval doubles, so a
/// long run costs a bounded file and a bounded chart.
pub const MAX_SAMPLES: usize = 1000;

/// Takes a sample at most every `interval` (250 ms to start with). With `--jobs`, each worker
/// reports its own counters ([`Sampler::observe_worker`]) and a sample is their sum (coverage:
/// the most of one worker, a lower bound of their union, which is only known at the end).
pub struct Sampler {
    start: Instant,
    interval: Duration,
    last: Option<Instant>,
    samples: Vec<Sample>,
    /// The last counters of each worker.
    workers: Vec<Sample>,
}

impl Default for Sampler {
    fn default() -> Self {
        Sampler::new(Duration::from_millis(250))
    }
}

impl Sampler {
    pub fn new(interval: Duration) -> Sampler {
        Sampler { start: Instant::now(), interval, last: None, samples: Vec::new(), workers: Vec::new() }
    }

    /// Called from the progress callback: records a sample when the interval has passed.
    pub fn observe(&mut self, s: &Stats, pending: usize) {
        self.observe_worker(0, s, pending);
    }

    /// Called from worker `k`'s progress callback: keeps its counters, and records a sample of
    /// all workers' when the interval has passed.
    pub fn observe_worker(&mut self, k: usize, s: &Stats, pending: usize) {
        if self.workers.len() <= k {
            self.workers.resize(k + 1, Sample::default());
        }
        self.workers[k] = self.counters(s, pending);
        let now = Instant::now();
        if self.last.is_some_and(|l| now.duration_since(l) < self.interval) {
            return;
        }
        self.last = Some(now);
        let mut sum =
            Sample { t: self.start.elapsed().as_secs_f64(), memory_mb: kappa_engine::rss_mb(), ..Sample::default() };
        for w in &self.workers {
            sum.paths += w.paths;
            sum.errors += w.errors;
            sum.pending += w.pending;
            sum.states += w.states;
            sum.solver_s += w.solver_s;
            sum.queries += w.queries;
            if w.branches_covered >= sum.branches_covered {
                (sum.branches_covered, sum.branches_total) = (w.branches_covered, w.branches_total);
            }
            if w.lines_covered >= sum.lines_covered {
                (sum.lines_covered, sum.lines_total) = (w.lines_covered, w.lines_total);
            }
        }
        self.samples.push(sum);
        if self.samples.len() > MAX_SAMPLES {
            let kept: Vec<Sample> = self.samples.iter().step_by(2).cloned().collect();
            self.samples = kept;
            self.interval *= 2;
        }
    }

    /// The last sample, from the run's final statistics.
    pub fn finish(&mut self, s: &Stats) {
        let last = Sample { memory_mb: kappa_engine::rss_mb(), ..self.counters(s, 0) };
        self.samples.push(last);
    }

    /// A run's counters (no memory figure).
    fn counters(&self, s: &Stats, pending: usize) -> Sample {
        let c = &s.coverage;
        Sample {
            t: self.start.elapsed().as_secs_f64(),
            paths: s.paths_completed,
            errors: s.paths_error,
            pending: pending as u64,
            states: s.states_created,
            branches_covered: c.branches_covered,
            branches_total: c.branches_total,
            lines_covered: c.lines_covered,
            lines_total: c.lines_total,
            solver_s: s.solver_time_s,
            queries: s.solver_queries,
            memory_mb: 0.0,
        }
    }

    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_stay_bounded_and_ordered() {
        let mut s = Sampler::new(Duration::ZERO);
        let mut st = Stats::default();
        for k in 0..3000 {
            st.paths_completed = k;
            s.observe(&st, 1);
        }
        assert!(s.samples().len() <= MAX_SAMPLES);
        assert!(s.samples().windows(2).all(|w| w[0].paths < w[1].paths && w[0].t <= w[1].t));
        assert_eq!(s.samples()[0].paths, 0);
    }

    #[test]
    fn workers_are_summed() {
        let mut s = Sampler::new(Duration::ZERO);
        let stats = |paths, branches| {
            let mut st = Stats { paths_completed: paths, ..Stats::default() };
            st.coverage.branches_covered = branches;
            st
        };
        let (a, b) = (stats(3, 5), stats(4, 2));
        s.observe_worker(1, &b, 2);
        s.observe_worker(0, &a, 1);
        let last = s.samples().last().cloned().unwrap_or_default();
        assert_eq!((last.paths, last.pending, last.branches_covered), (7, 3, 5));
    }
}
