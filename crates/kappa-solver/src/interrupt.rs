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
