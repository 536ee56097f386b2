//! Stopping a run from outside (Ctrl-C, SIGTERM): a process-wide request that makes every later
//! query answer `unknown (interrupted)` at once, and that cancels the query Z3 is running through
//! Z3's interrupt API (`Z3_interrupt`, in Z3 4.8 as in later versions).
//!
//! Z3's own SIGINT handling (its `ctrl_c` parameter, on by default) would turn a Ctrl-C during a
//! check into a cancelled query and swallow the signal; [`crate::Z3Solver`] turns it off, so the
//! signal reaches the program's handler, which calls [`request`] from an ordinary thread (a
//! signal handler may not call Z3).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The Z3 contexts of the threads that made a [`crate::Z3Solver`] (raw `Z3_context` pointers).
/// Each stays alive while it is listed: the thread's [`Registration`] holds a handle to it and
/// takes it off the list (under the lock [`request`] holds) before letting it go.
static CONTEXTS: Mutex<Vec<usize>> = Mutex::new(Vec::new());

/// A thread's entry in [`CONTEXTS`], removed when the thread ends.
struct Registration {
    ctx: Option<z3::Context>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        if let Some(ctx) = self.ctx.take() {
            let c = ctx.get_z3_context().as_ptr() as usize;
            let mut ctxs = CONTEXTS.lock().unwrap_or_else(|e| e.into_inner());
            ctxs.retain(|&x| x != c);
            drop(ctxs);
            drop(ctx);
        }
    }
}

thread_local! {
    static REGISTRATION: std::cell::RefCell<Registration> =
        const { std::cell::RefCell::new(Registration { ctx: None }) };
}

/// Why queries answer `unknown` after [`request`].
pub const REASON: &str = "interrupted";

/// Asks every solver of the process to stop: running Z3 checks are cancelled, later queries
/// answer `unknown (interrupted)` without reaching Z3. Safe to call from any thread (not from
/// a signal handler).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
    interrupt_contexts();
    // Z3 4.8 acts on `Z3_interrupt` only while a check runs (it calls the running check's
    // handler, and forgets the call otherwise): a thread that looked at the request just before
    // it was made and starts its check just after would run the whole check (factor.c: 10 s).
    // The interrupt is repeated until the request is forgotten.
    if !REPEATING.swap(true, Ordering::SeqCst) {
        let spawned = std::thread::Builder::new().name("kappa-interrupt".into()).spawn(|| loop {
            while REQUESTED.load(Ordering::SeqCst) {
                std::thread::sleep(REPEAT_EVERY);
                interrupt_contexts();
            }
            REPEATING.store(false, Ordering::SeqCst);
            // A request made again while this thread was leaving.
            if !REQUESTED.load(Ordering::SeqCst) || REPEATING.swap(true, Ordering::SeqCst) {
                return;
            }
        });
        if spawned.is_err() {
            REPEATING.store(false, Ordering::SeqCst);
        }
    }
}

/// Whether the thread repeating [`request`]'s interrupts runs.
static REPEATING: AtomicBool = AtomicBool::new(false);

/// How often [`request`]'s interrupt is repeated.
const REPEAT_EVERY: std::time::Duration = std::time::Duration::from_millis(10);

/// Cancels the check each registered context runs, if any.
fn interrupt_contexts() {
    let ctxs = CONTEXTS.lock().unwrap_or_else(|e| e.into_inner());
    for &c in ctxs.iter() {
        if let Some(ctx) = std::ptr::NonNull::new(c as *mut z3_sys::_Z3_context) {
            // SAFETY: `ctx` is a live context (see `CONTEXTS`); Z3_interrupt is meant to be
            // called from another thread than the one running the check.
            unsafe { z3_sys::Z3_interrupt(ctx) };
        }
    }
}

/// Has [`request`] been called?
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Forgets an earlier request (for a library user that runs again in the same process).
pub fn clear() {
    REQUESTED.store(false, Ordering::SeqCst);
}

/// Records the calling thread's Z3 context, so that [`request`] can cancel its checks.
pub(crate) fn register_thread_context() {
    let _ = REGISTRATION.try_with(|r| {
        let mut r = r.borrow_mut();
        if r.ctx.is_some() {
            return;
        }
        let ctx = z3::Context::thread_local();
        CONTEXTS.lock().unwrap_or_else(|e| e.into_inner()).push(ctx.get_z3_context().as_ptr() as usize);
        r.ctx = Some(ctx);
    });
}

/// The time limits of the Z3 checks running now, kept by one thread of kappa's instead of Z3's
/// `timeout` parameter. Z3 4.8 runs a check with a timeout under a `scoped_timer`, which hands
/// the check to a timer thread at its start and waits for that thread, yielding, at its end:
/// with every core busy (two workers of `--jobs` on two cores) each check then waits for the
/// timer thread to be scheduled. Counted with `perf stat` on bench/parallel/branchy12.c
/// (`--jobs 2`, every check under the 120 s backstop): 173,024 context switches, 730 with no
/// timer (docs/benchmarks.md). Here a check costs a lock and an entry in a list; the thread
/// sleeps until the earliest limit and cancels an overdue check with `Z3_interrupt` (which
/// cancels the check its context runs, and nothing after it).
struct Timed {
    /// (context, limit, ticket, interrupted) of each running check with a limit.
    checks: Vec<(usize, std::time::Instant, u64, bool)>,
    tickets: u64,
    /// When the thread wakes next (`None`: it waits for a check; it has not started yet
    /// when `started` is false).
    wakes: Option<std::time::Instant>,
    started: bool,
}

static TIMED: Mutex<Timed> = Mutex::new(Timed { checks: Vec::new(), tickets: 0, wakes: None, started: false });
static TIMED_CHANGED: std::sync::Condvar = std::sync::Condvar::new();

fn timed() -> std::sync::MutexGuard<'static, Timed> {
    TIMED.lock().unwrap_or_else(|e| e.into_inner())
}

/// A check of the calling thread's context with a time limit, for as long as it lives.
pub(crate) struct TimedCheck {
    ticket: Option<u64>,
}

impl TimedCheck {
    /// The check may take until `limit` from now (`None`: no limit). The thread's context must
    /// be registered ([`register_thread_context`]).
    pub(crate) fn start(limit: Option<std::time::Duration>) -> TimedCheck {
        let ctx = REGISTRATION.try_with(|r| r.borrow().ctx.as_ref().map(|c| c.get_z3_context().as_ptr() as usize));
        let (Some(limit), Ok(Some(ctx))) = (limit, ctx) else { return TimedCheck { ticket: None } };
        let Some(until) = std::time::Instant::now().checked_add(limit) else { return TimedCheck { ticket: None } };
        let mut t = timed();
        t.tickets += 1;
        let ticket = t.tickets;
        t.checks.push((ctx, until, ticket, false));
        if !t.started {
            t.started = true;
            if std::thread::Builder::new().name("kappa-z3-timer".into()).spawn(watch_limits).is_err() {
                t.started = false;
                t.checks.pop();
                return TimedCheck { ticket: None };
            }
        } else if t.wakes.is_none_or(|w| until < w) {
            TIMED_CHANGED.notify_one();
        }
        TimedCheck { ticket: Some(ticket) }
    }

    /// Whether the check was cancelled for its limit (Z3 then says "canceled").
    pub(crate) fn timed_out(&self) -> bool {
        let Some(ticket) = self.ticket else { return false };
        timed().checks.iter().any(|c| c.2 == ticket && c.3)
    }
}

impl Drop for TimedCheck {
    fn drop(&mut self) {
        if let Some(ticket) = self.ticket {
            // Under the lock the timer thread interrupts with: the context is not interrupted
            // once the check is over.
            timed().checks.retain(|c| c.2 != ticket);
        }
    }
}

/// The timer thread: interrupts the checks past their limits, then sleeps until the next limit
/// or until a check with an earlier one starts.
fn watch_limits() {
    let mut t = timed();
    loop {
        let now = std::time::Instant::now();
        for c in t.checks.iter_mut().filter(|c| !c.3 && c.1 <= now) {
            if let Some(ctx) = std::ptr::NonNull::new(c.0 as *mut z3_sys::_Z3_context) {
                // SAFETY: the check is running (its entry is removed, under this lock, before
                // its thread goes on), so its thread's context is alive; Z3_interrupt is meant
                // to be called from another thread than the one running the check.
                unsafe { z3_sys::Z3_interrupt(ctx) };
            }
            c.3 = true;
        }
        t.wakes = t.checks.iter().filter(|c| !c.3).map(|c| c.1).min();
        t = match t.wakes {
            Some(w) => {
                TIMED_CHANGED.wait_timeout(t, w.saturating_duration_since(now)).unwrap_or_else(|e| e.into_inner()).0
            }
            None => TIMED_CHANGED.wait(t).unwrap_or_else(|e| e.into_inner()),
        };
    }
}
