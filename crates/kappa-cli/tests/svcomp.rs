//! The SV-COMP front: every program of `tests/programs/properties` decided right for each
//! property it is annotated with (each `false` confirmed by replay with the sanitizers), both
//! violation witnesses written and validated by execution, a witness with a wrong value
//! rejected, task definitions (`kappa verify TASK.yml`, ILP32 tasks replayed with `gcc -m32`),
//! `--ub stop`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn kappa(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_kappa")).current_dir(root()).args(args).output().expect("run kappa");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}

/// `(file, property, expected verdict)` from the `kappa-expect: property=P verdict=V` lines.
fn annotated() -> Vec<(String, String, String)> {
    let dir = root().join("tests/programs/properties");
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "c")) {
        let text = std::fs::read_to_string(f).unwrap();
        for l in text.lines().take_while(|l| l.starts_with("//")) {
            if let Some(rest) = l.strip_prefix("// kappa-expect: property=") {
                let (p, v) = rest.split_once(" verdict=").expect("annotation");
                let rel = format!("tests/programs/properties/{}", f.file_name().unwrap().to_string_lossy());
                out.push((rel, p.to_string(), v.trim().to_string()));
            }
        }
    }
    out
}

/// Validates a witness with `kappa replay` and says whether it was confirmed.
fn witness_confirmed(program: &str, witness: &Path) -> (bool, String) {
    let (out, err, code) = kappa(&["replay", program, witness.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{program}: {err}");
    (last_line(&out) == "REPLAY: match", out)
}

#[test]
fn every_property_program_is_decided_right_and_its_witnesses_validate() {
    let cases = annotated();
    assert!(cases.len() >= 12, "{cases:?}");
    let kinds: std::collections::HashSet<&str> =
        cases.iter().filter(|c| c.2.starts_with("false")).map(|c| c.2.as_str()).collect();
    for k in [
        "false(valid-free)",
        "false(valid-deref)",
        "false(valid-memtrack)",
        "false(valid-memcleanup)",
        "false(no-overflow)",
    ] {
        assert!(kinds.contains(k), "the corpus has no program for {k}");
    }
    let mut wrong = Vec::new();
    for (file, prop, want) in &cases {
        let out_dir = tempfile::tempdir().unwrap();
        let o = out_dir.path().to_str().unwrap();
        let (out, err, code) = kappa(&["verify", "--quiet", "--max-time", "30", "--out", o, "--property", prop, file]);
        assert_eq!(code, Some(0), "{file}: {err}");
        let got = last_line(&out).trim_start_matches("RESULT: ").to_string();
        if got != *want {
            wrong.push(format!("{file} ({prop}): {got}, expected {want}"));
            continue;
        }
        if want.starts_with("false") {
            for w in ["witness.graphml", "witness.yml"] {
                let path = out_dir.path().join(w);
                assert!(path.exists(), "{file}: no {w}: {out}");
                well_formed(&path);
                let (ok, why) = witness_confirmed(file, &path);
                assert!(ok, "{file}: kappa's own {w} is not confirmed: {why}");
            }
        } else {
            let yml = std::fs::read_to_string(out_dir.path().join("witness.yml")).unwrap_or_default();
            let graphml = std::fs::read_to_string(out_dir.path().join("witness.graphml")).unwrap_or_default();
            assert!(yml.starts_with("- entry_type: invariant_set\n"), "{file}: no correctness witness: {out}");
            assert!(graphml.contains(">correctness_witness<"), "{file}: no GraphML correctness witness");
        }
    }
    assert!(wrong.is_empty(), "wrong or undecided verdicts:\n{}", wrong.join("\n"));
}

/// A witness parses as XML or YAML and carries the metadata SV-COMP requires.
fn well_formed(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let hash_ok = |t: &str| t.split(|c: char| !c.is_ascii_hexdigit()).any(|w| w.len() == 64);
    assert!(hash_ok(&text), "{}: no SHA-256 program hash", path.display());
    if path.extension().is_some_and(|e| e == "graphml") {
        for key in [
            "witness-type",
            "sourcecodelang",
            "producer",
            "specification",
            "programfile",
            "programhash",
            "architecture",
            "creationtime",
        ] {
            assert!(text.contains(&format!("<data key=\"{key}\">")), "{}: no {key}", path.display());
        }
        assert!(
            text.contains("<data key=\"entry\">true</data>") && text.contains("<data key=\"violation\">true</data>")
        );
        assert!(text.contains("<graphml") && text.ends_with("</graphml>\n"));
    } else {
        for key in [
            "entry_type: violation_sequence",
            "format_version: \"2.0\"",
            "uuid:",
            "creation_time:",
            "producer:",
            "input_file_hashes:",
            "specification:",
            "data_model:",
            "language: C",
            "type: target",
        ] {
            assert!(text.contains(key), "{}: no `{key}`", path.display());
        }
    }
}

#[test]
fn witnesses_of_reachability_validate_and_wrong_values_are_rejected() {
    let file = "tests/programs/svcomp/four_branches.c";
    let out_dir = tempfile::tempdir().unwrap();
    let o = out_dir.path().to_str().unwrap();
    let (out, _, _) = kappa(&["verify", "--quiet", "--mode", "classic", "--out", o, file]);
    assert_eq!(last_line(&out), "RESULT: false(unreach-call)");
    for w in ["witness.graphml", "witness.yml"] {
        let path = out_dir.path().join(w);
        well_formed(&path);
        assert!(witness_confirmed(file, &path).0);
        // The validator mode of verify says the same.
        let (out, _, _) = kappa(&["verify", file, "--witness", path.to_str().unwrap()]);
        assert_eq!(last_line(&out), "RESULT: false(unreach-call)");
        // x == 10 needs the second and fourth nondet values to be non-zero and the others
        // zero: a witness that makes the first one 1 describes a run that passes.
        let text = std::fs::read_to_string(&path).unwrap();
        let mutated = text.replacen("\\result == 0", "\\result == 1", 1);
        assert_ne!(mutated, text);
        let m = out_dir.path().join(format!("mutated-{w}"));
        std::fs::write(&m, mutated).unwrap();
        let (ok, why) = witness_confirmed(file, &m);
        assert!(!ok, "a witness with a wrong value was confirmed: {why}");
        let (out, _, _) = kappa(&["verify", file, "--witness", m.to_str().unwrap()]);
        assert!(last_line(&out).starts_with("RESULT: unknown (witness not confirmed"), "{out}");
    }
}

#[test]
fn hand_written_witnesses_validate() {
    let file = "tests/programs/svcomp/four_branches.c";
    let dir = tempfile::tempdir().unwrap();
    // Another tool's GraphML style: values as assumptions on the lines of the calls, no branches.
    let mut edges = String::new();
    for (i, v) in [0, 1, 0, 1].iter().enumerate() {
        edges.push_str(&format!(
            "<edge source=\"n{i}\" target=\"n{}\"><data key=\"startline\">14</data>\
             <data key=\"assumption\">\\result == {v};</data>\
             <data key=\"assumption.resultfunction\">__VERIFIER_nondet_int</data></edge>\n",
            i + 1
        ));
    }
    let graphml = format!(
        "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n\
         <key attr.name=\"isEntryNode\" for=\"node\" id=\"entry\"/><key attr.name=\"isViolationNode\" for=\"node\" id=\"violation\"/>\n\
         <graph edgedefault=\"directed\"><data key=\"witness-type\">violation_witness</data>\n\
         <node id=\"n0\"><data key=\"entry\">true</data></node><node id=\"n1\"/><node id=\"n2\"/><node id=\"n3\"/>\
         <node id=\"n4\"><data key=\"violation\">true</data></node>\n{edges}</graph></graphml>\n"
    );
    let g = dir.path().join("hand.graphml");
    std::fs::write(&g, &graphml).unwrap();
    assert!(witness_confirmed(file, &g).0);
    let g2 = dir.path().join("hand-wrong.graphml");
    std::fs::write(&g2, graphml.replace("\\result == 1;", "\\result == 0;")).unwrap();
    assert!(!witness_confirmed(file, &g2).0);
    // YAML 2.0 with function_return waypoints and a target.
    let mut yml = String::from(
        "- entry_type: violation_sequence\n  metadata:\n    format_version: '2.0'\n    task:\n      \
         specification: 'CHECK( init(main()), LTL(G ! call(reach_error())) )'\n      data_model: LP64\n  content:\n",
    );
    for v in [0, 1, 0, 1] {
        yml.push_str(&format!(
            "    - segment:\n        - waypoint:\n            type: function_return\n            action: follow\n            \
             location: {{file_name: four_branches.c, line: 14, column: 13}}\n            \
             constraint: {{value: '\\result == {v}', format: acsl_expression}}\n"
        ));
    }
    let branch = |line: u32, value: &str| {
        format!(
            "    - segment:\n        - waypoint:\n            type: branching\n            action: follow\n            \
             location: {{file_name: four_branches.c, line: {line}}}\n            constraint: {{value: '{value}'}}\n"
        )
    };
    // The loop at line 13 ends (its condition false), and `__VERIFIER_assert`'s `if (!(cond))`
    // at line 7 is taken: the run follows both.
    let y = dir.path().join("hand.yml");
    std::fs::write(&y, format!("{yml}{}{}", branch(13, "false"), branch(7, "true"))).unwrap();
    let (ok, why) = witness_confirmed(file, &y);
    assert!(ok, "{why}");
    // Line 19 (`return 0;`) is no branch the run reaches.
    std::fs::write(&y, format!("{yml}{}", branch(19, "true"))).unwrap();
    let (ok, why) = witness_confirmed(file, &y);
    assert!(!ok && why.contains("does not reach the branch at line 19"), "{why}");
}

#[test]
fn task_definitions_give_each_property_its_verdict() {
    let dir = root().join("tests/programs/tasks");
    let mut tasks: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "yml"))
        .collect();
    tasks.sort();
    assert!(tasks.len() >= 5);
    let mut ilp32 = 0;
    for t in &tasks {
        let text = std::fs::read_to_string(t).unwrap();
        ilp32 += usize::from(text.contains("ILP32"));
        let out_dir = tempfile::tempdir().unwrap();
        let (out, err, code) = kappa(&[
            "verify",
            "--quiet",
            "--max-time",
            "30",
            "--out",
            out_dir.path().to_str().unwrap(),
            t.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(0), "{}: {err}", t.display());
        let expected: Vec<&str> = out.lines().filter(|l| l.starts_with("expected verdict:")).collect();
        assert!(!expected.is_empty(), "{}: {out}", t.display());
        for l in expected {
            assert!(l.ends_with("(kappa agrees)"), "{}: {l}\n{out}", t.display());
        }
        assert!(last_line(&out).starts_with("RESULT: "));
    }
    assert!(ilp32 >= 2, "tasks with data_model ILP32 run with gcc -m32");
}

#[test]
fn ub_stop_is_the_task_default_for_reachability() {
    let file = "tests/programs/tasks/null_deref_unreach.c";
    let (out, _, _) = kappa(&["verify", "--quiet", file]);
    assert!(last_line(&out).starts_with("RESULT: unknown (undefined behaviour: null_deref"), "{out}");
    let (out, _, _) = kappa(&["verify", "--quiet", "--ub", "stop", file]);
    assert_eq!(last_line(&out), "RESULT: true");
    assert!(out.contains("warning: undefined behaviour (null_deref)"), "{out}");
}

/// `--no-witnesses`: the same verdicts, no witness file and no witness line.
#[test]
fn no_witnesses_writes_none() {
    for (file, want) in [
        ("tests/programs/tasks/null_deref_unreach.c", "RESULT: true"),
        ("tests/programs/properties/double_free.c", "RESULT: false(valid-free)"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out_dir = dir.path().to_str().unwrap();
        let prop = if want == "RESULT: true" { "unreach-call" } else { "valid-memsafety" };
        let mut args = vec!["verify", "--quiet", "--ub", "stop", "--property", prop, "--out", out_dir, file];
        let (out, _, _) = kappa(&args);
        assert_eq!(last_line(&out), want, "{out}");
        assert!(out.contains("witness: "), "{out}");
        args.insert(1, "--no-witnesses");
        let dir2 = tempfile::tempdir().unwrap();
        args[8] = dir2.path().to_str().unwrap();
        let (out, _, _) = kappa(&args);
        assert_eq!(last_line(&out), want, "{out}");
        assert!(!out.contains("witness: "), "{out}");
        let files: Vec<_> = std::fs::read_dir(dir2.path()).unwrap().flatten().map(|e| e.file_name()).collect();
        assert!(!files.iter().any(|f| f.to_string_lossy().starts_with("witness")), "{files:?}");
    }
}

#[test]
fn bad_tasks_and_properties_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("bad.yml");
    std::fs::write(&t, "format_version: '2.0'\ninput_files: missing.c\nproperties:\n  - property_file: nowhere.prp\n")
        .unwrap();
    let (_, err, code) = kappa(&["verify", t.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("nowhere.prp"), "{err}");
    let (_, err, code) = kappa(&["verify", "--property", "data-race", "tests/programs/svcomp/four_branches.c"]);
    assert_eq!(code, Some(1), "{err}");
    let p = dir.path().join("race.prp");
    std::fs::write(&p, "CHECK( init(main()), LTL(G ! data-race) )\n").unwrap();
    let (_, err, code) = kappa(&["verify", "--property", p.to_str().unwrap(), "tests/programs/svcomp/four_branches.c"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("unsupported property"), "{err}");
}
