//! Function pointers (issue 22, real code): a call through a pointer is lowered to a choice among
//! the functions of a compatible type whose address the program takes; the verdicts, the
//! counterexample's replay on the gcc-compiled program, and the targets each call may reach.

mod common;

use common::{kappa_at_root as kappa, last_line};

const S: &str = "tests/programs/svcomp";

#[test]
fn a_bug_behind_a_handler_table_is_found_and_replays() {
    let out = tempfile::tempdir().unwrap();
    let o = out.path().to_str().unwrap();
    let prog = format!("{S}/fnptr_dispatch_bug.c");
    let (stdout, stderr, code) = kappa(&["verify", "--max-time", "120", "--out", o, &prog]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(last_line(&stdout), "RESULT: false(unreach-call)", "{stdout}\n{stderr}");
    let test = std::fs::read_dir(out.path().join("tests")).unwrap().flatten().map(|e| e.path()).next().unwrap();
    let (r, e, _) = kappa(&["replay", &prog, test.to_str().unwrap()]);
    assert_eq!(last_line(&r), "REPLAY: match", "{r}\n{e}");
    let (stdout, stderr, _) =
        kappa(&["verify", "--max-time", "120", "--out", o, &format!("{S}/fnptr_dispatch_safe.c")]);
    assert_eq!(last_line(&stdout), "RESULT: true", "{stdout}\n{stderr}");
}

/// The handler's address is taken in a function the front-end lowers after the call through
/// the pointer: the call must still reach it (a missed target would end the path in an invalid
/// call instead, and the bug would be lost).
#[test]
fn a_target_whose_address_is_taken_later_is_reached() {
    let out = tempfile::tempdir().unwrap();
    let o = out.path().to_str().unwrap();
    let (stdout, stderr, _) = kappa(&["verify", "--max-time", "120", "--out", o, &format!("{S}/fnptr_late_address.c")]);
    assert_eq!(last_line(&stdout), "RESULT: false(unreach-call)", "{stdout}\n{stderr}");
}

/// Each call through a pointer reaches the functions of its type whose address is taken, and no
/// other: the logger (`void (int)`) is not a target of the handler calls (`int (struct device *,
/// int)`), and the handlers never called directly are lowered all the same.
#[test]
fn calls_through_pointers_reach_the_functions_of_their_type() {
    let (ir, stderr, code) = kappa(&["ir", &format!("{S}/fnptr_dispatch_safe.c")]);
    assert_eq!(code, Some(0), "{stderr}");
    for f in ["dev_open", "dev_read", "dev_close", "log_event"] {
        assert!(ir.contains(&format!("function address &{f}: 1 bytes = &{f}")), "{f}: {ir}");
    }
    let calls = |f: &str| ir.lines().filter(|l| l.contains(&format!("call {f}("))).count();
    // One call of each handler in `dispatch` (the table's one call site), one of the logger.
    assert_eq!((calls("dev_open"), calls("dev_read"), calls("dev_close"), calls("log_event")), (1, 1, 1, 1), "{ir}");
    assert!(ir.contains("null function pointer") && ir.contains("not the address of a function"), "{ir}");
}

#[test]
fn null_and_stray_function_pointers_are_invalid_dereferences() {
    for (p, line) in [("fnptr_null_call.c", 11), ("fnptr_stray_call.c", 11)] {
        let out = tempfile::tempdir().unwrap();
        let prog = format!("tests/programs/properties/{p}");
        let o = out.path().to_str().unwrap();
        let (stdout, stderr, _) = kappa(&["verify", "--property", "valid-memsafety", "--out", o, &prog]);
        assert_eq!(last_line(&stdout), "RESULT: false(valid-deref)", "{p}: {stdout}\n{stderr}");
        assert!(stdout.contains(&format!("{prog}:{line}:")), "{p}: {stdout}");
    }
}
