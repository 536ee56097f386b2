//! The documentation cannot rot (issue 25): the user guide (docs/guide, mdBook) builds, its
//! links lead somewhere, and the command examples of the guide and of README.md run.
//!
//! An example is a ```` ```console ```` block. Each `$ ` line (continued by a trailing `\`) is a
//! command, run by bash, in order, in one scratch directory per block that links the
//! repository's top-level folders (so `tests/programs/…` reads as in the repository root while
//! `kappa-out/` and other outputs stay out of it), with the `kappa` this test was built with on
//! the `PATH` (and as `target/release/kappa`). The command must exit with 0, or with N when
//! the line ends with the comment `# exit N`. The lines shown below a command must appear in
//! its output (standard output and error together), in order; `…` in a line stands for any
//! text, and a line that is only `…` is not checked. A block marked ```` ```console,skip ````
//! (a long run, an interactive one, the whole test suite) is not run and is counted as
//! skipped. A `kappa` command on a program of the repository in an ```` ```sh ```` block is
//! an error: make it an example or use a placeholder such as `FILE.c`.

mod common;

use common::root;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A ```` ```console ```` block: where it is, whether it is skipped, its commands.
struct Example {
    place: String,
    skip: bool,
    commands: Vec<Cmd>,
}

struct Cmd {
    line: String,
    exit: i32,
    expect: Vec<String>,
}

/// The markdown files whose examples run: README.md and the guide's chapters.
fn doc_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let src = root().join("docs/guide/src");
    let mut stack = vec![src];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<PathBuf> =
            std::fs::read_dir(&dir).expect("docs/guide/src is readable").flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                files.push(p);
            }
        }
    }
    files
}

fn rel(p: &Path) -> String {
    p.strip_prefix(root()).unwrap_or(p).display().to_string()
}

/// A fenced code block: its info string, the line number of its fence, its lines.
type Block = (String, usize, Vec<String>);

/// The fenced code blocks of a markdown file.
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    // The open block, the indentation of its fence (a block inside a list item), which its
    // lines share, and the fence's length (a ```` fence may hold ``` lines).
    let mut open: Option<(Block, usize, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        let ticks = t.len() - t.trim_start_matches('`').len();
        let rest = t[ticks..].trim();
        match open.as_mut() {
            Some((_, _, fence)) if ticks >= *fence && rest.is_empty() => {
                out.push(open.take().expect("an open block").0);
            }
            Some((b, indent, _)) => {
                let cut = line.len() - t.len();
                b.2.push(line[cut.min(*indent)..].to_string());
            }
            None if ticks >= 3 => open = Some(((rest.to_string(), i + 1, Vec::new()), line.len() - t.len(), ticks)),
            None => {}
        }
    }
    out
}

/// The examples of one file, and the errors of its ```` ```sh ```` blocks.
fn examples(path: &Path, errors: &mut Vec<String>) -> Vec<Example> {
    let text = std::fs::read_to_string(path).expect("doc file is readable");
    let mut out = Vec::new();
    for (info, line_no, lines) in blocks(&text) {
        let mut words = info.split(',').map(str::trim);
        let lang = words.next().unwrap_or("");
        let place = format!("{}:{}", rel(path), line_no);
        if lang == "sh" || lang == "bash" {
            for l in &lines {
                let l = l.trim();
                if l.starts_with("kappa ") && l.split_whitespace().any(names_a_repo_program) {
                    errors.push(format!(
                        "{place}: `{l}` in a sh block names a program of the repository: make it a console example"
                    ));
                }
            }
            continue;
        }
        if lang != "console" {
            continue;
        }
        let skip = words.any(|w| w == "skip");
        let mut commands: Vec<Cmd> = Vec::new();
        let mut cont = false;
        for l in lines {
            let l = l.trim_end();
            if cont {
                let c = commands.last_mut().expect("a continued command");
                c.line.push('\n');
                c.line.push_str(l);
                cont = l.ends_with('\\');
            } else if let Some(cmd) = l.strip_prefix("$ ") {
                commands.push(Cmd { line: cmd.to_string(), exit: 0, expect: Vec::new() });
                cont = cmd.ends_with('\\');
            } else if let Some(c) = commands.last_mut() {
                if !l.trim().is_empty() && l.trim() != "…" {
                    c.expect.push(l.to_string());
                }
            } else if !l.trim().is_empty() {
                errors.push(format!("{place}: output `{l}` before any `$ ` command"));
            }
            if !cont {
                if let Some(c) = commands.last_mut() {
                    if let Some((_, n)) = c.line.rsplit_once("# exit ") {
                        match n.trim().parse() {
                            Ok(n) => c.exit = n,
                            Err(_) => errors.push(format!("{place}: `# exit {n}` is no exit code")),
                        }
                    }
                }
            }
        }
        if commands.is_empty() {
            errors.push(format!("{place}: a console block without a `$ ` command"));
        }
        out.push(Example { place, skip, commands });
    }
    out
}

/// `tests/programs/x.c`, `bench/y.c`: a path to a program or task that exists in the repository.
fn names_a_repo_program(word: &str) -> bool {
    let w = word.trim_matches(|c| c == '`' || c == '"' || c == '\'');
    (w.ends_with(".c") || w.ends_with(".i") || w.ends_with(".yml")) && root().join(w).is_file()
}

/// Does `want` (with `…` standing for any text) match `line`? The pieces between the `…`s
/// appear in order; the first starts the line (after indentation) and the last ends it, unless
/// `…` stands before or after them.
fn matches(want: &str, line: &str) -> bool {
    let parts: Vec<&str> = want.trim().split('…').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    let line = line.trim();
    if !line.starts_with(first) {
        return false;
    }
    let mut rest = &line[first.len()..];
    if parts.len() == 1 {
        return rest.is_empty();
    }
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// A scratch directory that sees the repository's folders and `target/release/kappa`.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a scratch directory");
    for e in std::fs::read_dir(root()).expect("the repository").flatten() {
        let name = e.file_name();
        if name == "target" || name == ".git" || name == "kappa-out" {
            continue;
        }
        std::os::unix::fs::symlink(e.path(), dir.path().join(&name)).expect("a link into the repository");
    }
    std::fs::create_dir_all(dir.path().join("target/release")).expect("target/release");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_kappa"), dir.path().join("target/release/kappa"))
        .expect("a link to kappa");
    dir
}

fn run_example(ex: &Example, failures: &mut Vec<String>) {
    let dir = scratch();
    let bin = Path::new(env!("CARGO_BIN_EXE_kappa")).parent().expect("the binary's directory").to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    for c in &ex.commands {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("exec 2>&1\n{}", c.line))
            .current_dir(dir.path())
            .env("PATH", &path)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("bash runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let code = out.status.code().unwrap_or(-1);
        if code != c.exit {
            failures.push(format!("{}: `{}` exited with {code}, not {}:\n{text}", ex.place, c.line, c.exit));
            return;
        }
        let mut lines = text.lines();
        for want in &c.expect {
            if !lines.any(|l| matches(want, l)) {
                failures.push(format!("{}: `{}` did not print `{want}` (in this order):\n{text}", ex.place, c.line));
                return;
            }
        }
    }
}

/// Every console example of README.md and the guide runs and prints what it shows.
#[test]
fn command_examples_run() {
    let mut errors = Vec::new();
    let mut all = Vec::new();
    for f in doc_files() {
        all.extend(examples(&f, &mut errors));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    // `KAPPA_DOCS=several-files` runs only the examples whose place contains that text (while
    // writing a chapter); the counts below then apply to the whole set, unfiltered.
    let only = std::env::var("KAPPA_DOCS").unwrap_or_default();
    let (skipped, run): (Vec<&Example>, Vec<&Example>) = all.iter().partition(|e| e.skip);
    if !only.is_empty() {
        let chosen: Vec<&&Example> = run.iter().filter(|e| e.place.contains(&only)).collect();
        assert!(!chosen.is_empty(), "KAPPA_DOCS={only}: no example there");
        let mut failures = Vec::new();
        for ex in chosen {
            run_example(ex, &mut failures);
            eprintln!("ran {}", ex.place);
        }
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
        return;
    }
    let mut failures = Vec::new();
    for ex in &run {
        let start = std::time::Instant::now();
        run_example(ex, &mut failures);
        eprintln!("ran {} ({} commands) in {:.1} s", ex.place, ex.commands.len(), start.elapsed().as_secs_f64());
    }
    let commands: usize = run.iter().map(|e| e.commands.len()).sum();
    eprintln!("doc examples: {} blocks run ({commands} commands), {} skipped:", run.len(), skipped.len());
    for ex in &skipped {
        eprintln!("  skipped {}", ex.place);
    }
    assert!(failures.is_empty(), "{} of {} examples failed:\n{}", failures.len(), run.len(), failures.join("\n\n"));
    // The guide shows how kappa is used: most examples run.
    assert!(run.len() >= 20 && run.len() > 3 * skipped.len(), "{} run, {} skipped", run.len(), skipped.len());
}

/// The matcher the examples rely on.
#[test]
fn ellipsis_matches_any_text() {
    assert!(matches("RESULT: true", "RESULT: true"));
    assert!(!matches("RESULT: true", "RESULT: true (no)"));
    assert!(!matches("RESULT: true", "x RESULT: true"));
    assert!(matches(
        "time: … s (solver … s, 18 queries, 0 unknown)",
        "time: 0.03 s (solver 0.02 s, 18 queries, 0 unknown)"
    ));
    assert!(!matches("time: … s (solver … s, 18 queries)", "time: 0.03 s (solver 0.02 s, 19 queries)"));
    assert!(matches("paths: 4 completed …", "paths: 4 completed (1 ended in an error), 0 stopped"));
    assert!(matches("  reach_error at a.c:5:9: …", "  reach_error at a.c:5:9: reach_error() is called"));
    assert!(matches("…unknown (…(timeout))", "RESULT: unknown (solver unknown (timeout))"));
    assert!(!matches("…unknown (…timeout)", "RESULT: unknown (solver unknown (timeout))"));
    assert!(matches("RESULT: unknown (…timeout…)", "RESULT: unknown (solver unknown (timeout))"));
    assert!(!matches("RESULT: unknown (…timeout…)", "RESULT: unknown (interrupted)"));
    assert!(matches("a…b…c", "a b c b c"));
    assert!(!matches("a…b", "a b c"));
}

/// Relative links of README.md and the guide lead to files that exist; the guide's stay inside
/// the book (a link out of docs/guide/src is a dead link in the HTML).
#[test]
fn links_resolve() {
    let mut dead = Vec::new();
    let src = root().join("docs/guide/src").canonicalize().expect("docs/guide/src");
    for f in doc_files() {
        let text = std::fs::read_to_string(&f).expect("doc file");
        let in_book = f.starts_with(root().join("docs/guide/src"));
        let code: std::collections::HashSet<usize> =
            blocks(&text).into_iter().flat_map(|(_, first, lines)| first..=first + lines.len() + 1).collect();
        for (i, line) in text.lines().enumerate() {
            if code.contains(&(i + 1)) {
                continue;
            }
            for target in line.split("](").skip(1).filter_map(|s| s.split(')').next()) {
                let target = target.split_whitespace().next().unwrap_or("");
                if target.is_empty()
                    || target.contains("://")
                    || target.starts_with('#')
                    || target.starts_with("mailto:")
                {
                    continue;
                }
                let file = target.split('#').next().unwrap_or("");
                let p = f.parent().expect("a parent").join(file);
                match p.canonicalize() {
                    Ok(p) if in_book && !p.starts_with(&src) => {
                        dead.push(format!("{}:{}: `{target}` leaves the book", rel(&f), i + 1))
                    }
                    Ok(_) => {}
                    Err(_) => dead.push(format!("{}:{}: `{target}` does not exist", rel(&f), i + 1)),
                }
            }
        }
    }
    assert!(dead.is_empty(), "{}", dead.join("\n"));
}

/// mdbook, as scripts/setup.sh installs it: `$MDBOOK`, the `PATH`, or cargo's bin directory.
fn mdbook() -> PathBuf {
    if let Some(p) = std::env::var_os("MDBOOK") {
        return PathBuf::from(p);
    }
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let mut candidates: Vec<PathBuf> =
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).map(|d| d.join("mdbook")).collect();
    candidates.extend(cargo_home.map(|h| h.join("bin/mdbook")));
    candidates.into_iter().find(|p| p.is_file()).unwrap_or_else(|| {
        panic!("mdbook is not installed: run scripts/setup.sh (it installs mdbook into cargo's bin directory)")
    })
}

/// `mdbook build docs/guide` succeeds without warnings, and the chapters that include files
/// of docs/ have their text.
#[test]
fn guide_builds() {
    let out = tempfile::tempdir().expect("a scratch directory");
    let res = Command::new(mdbook())
        .arg("build")
        .arg(root().join("docs/guide"))
        .arg("-d")
        .arg(out.path())
        .output()
        .expect("mdbook runs");
    let log = format!("{}{}", String::from_utf8_lossy(&res.stdout), String::from_utf8_lossy(&res.stderr));
    assert!(res.status.success(), "mdbook build failed:\n{log}");
    assert!(!log.contains("WARN") && !log.contains("ERROR"), "mdbook build warned:\n{log}");
    let page = |p: &Path| {
        std::fs::read_to_string(out.path().join(p)).unwrap_or_else(|_| panic!("{} built:\n{log}", p.display()))
    };
    assert!(page(Path::new("index.html")).contains("symbolic execution"));
    assert!(page(Path::new("reference/spec-extensions.html")).contains("What kappa adds to the contract"));
    assert!(page(Path::new("reference/benchmarks.html")).contains("compact"));
    // Every link between chapters, with its anchor, leads to a heading that exists.
    let mut dead = Vec::new();
    for f in doc_files().iter().filter_map(|f| f.strip_prefix(root().join("docs/guide/src")).ok()) {
        if f == Path::new("SUMMARY.md") {
            continue;
        }
        let html_path = f.with_extension("html");
        let html = page(&html_path);
        let dir = html_path.parent().unwrap_or(Path::new(""));
        for href in html.split("href=\"").skip(1).filter_map(|s| s.split('"').next()) {
            let Some((file, anchor)) = href.split_once('#') else { continue };
            if anchor.is_empty() || href.contains("://") || !(file.is_empty() || file.ends_with(".html")) {
                continue;
            }
            let target = if file.is_empty() { html.clone() } else { page(&dir.join(file)) };
            if !target.contains(&format!("id=\"{anchor}\"")) {
                dead.push(format!("{}: {href}", html_path.display()));
            }
        }
    }
    assert!(dead.is_empty(), "links to headings that do not exist:\n{}", dead.join("\n"));
}

/// The parser of examples: commands, continuation lines, exit codes, expected lines, skipped
/// blocks, blocks inside list items and inside a longer fence, and the `sh` block check.
#[test]
fn examples_are_read_as_documented() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let md = dir.path().join("x.md");
    let text = "\
```console
$ kappa run a.c \\
    --quiet
paths: 1 …
…
$ kappa run b.c  # exit 2
```

- item

  ```console,skip
  $ kappa run c.c
  ```

````markdown
```console
$ not an example
```
````

```sh
kappa run FILE.c
kappa run examples/bounded_search.c
```
";
    std::fs::write(&md, text).expect("write x.md");
    let mut errors = Vec::new();
    let ex = examples(&md, &mut errors);
    assert_eq!(ex.len(), 2, "the console block inside the markdown fence is no example");
    assert!(!ex[0].skip && ex[1].skip);
    let c = &ex[0].commands;
    assert_eq!(c.len(), 2);
    assert_eq!(c[0].line, "kappa run a.c \\\n    --quiet");
    assert_eq!((c[0].exit, c[0].expect.clone()), (0, vec!["paths: 1 …".to_string()]));
    assert_eq!((c[1].exit, c[1].expect.len()), (2, 0));
    assert_eq!(ex[1].commands[0].line, "kappa run c.c");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("examples/bounded_search.c"), "{errors:?}");
}
