//! The HTML report (`--report DIR`, `kappa report OUT`; issue 25) opened in headless Chromium,
//! driven through WebDriver (Debian's `chromium` and `chromedriver`, installed by
//! scripts/setup.sh): what a person looks at — the verdict, the error's line, an uncovered
//! branch, the tree, a click on a tree node — checked in the browser; screenshots in
//! target/report-screenshots/.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A program with a reachable error, a branch direction no input takes, a loop and a source
/// long enough that its first and last lines are not on one screen.
const PROGRAM: &str = r#"extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

/* The class of a reading: 0 below range, 1 in range, 2 above. */
int classify(int x) {
    if (x > 100) {
        if (x < 50)          /* never true: a branch no test takes */
            return -1;
        return 2;
    }
    if (x < 0)
        return 0;
    return 1;
}

/* Padding, so that the page scrolls. */
int spare0(int v) { return v + 0; }
int spare1(int v) { return v + 1; }
int spare2(int v) { return v + 2; }
int spare3(int v) { return v + 3; }
int spare4(int v) { return v + 4; }
int spare5(int v) { return v + 5; }
int spare6(int v) { return v + 6; }
int spare7(int v) { return v + 7; }
int spare8(int v) { return v + 8; }
int spare9(int v) { return v + 9; }
int spare10(int v) { return v + 10; }
int spare11(int v) { return v + 11; }
int spare12(int v) { return v + 12; }
int spare13(int v) { return v + 13; }
int spare14(int v) { return v + 14; }
int spare15(int v) { return v + 15; }
int spare16(int v) { return v + 16; }
int spare17(int v) { return v + 17; }
int spare18(int v) { return v + 18; }
int spare19(int v) { return v + 19; }

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int c = classify(a);
    int s = 0;
    for (int i = 0; i < 4; i++)
        s += b;
    if (c == 2 && s == 40)
        reach_error();
    return 0;
}
"#;

fn line_of(text: &str, needle: &str) -> u32 {
    text.lines().position(|l| l.contains(needle)).expect("line in the program") as u32 + 1
}

fn kappa(args: &[&str]) -> std::process::Output {
    kappa_in(Path::new("."), args)
}

/// `kappa ARGS` run in `dir` (relative paths on the page, as a user would give them).
fn kappa_in(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("kappa runs")
}

fn screenshots() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let d = target.join("report-screenshots");
    std::fs::create_dir_all(&d).expect("screenshot directory");
    d
}

// ---- a WebDriver client: HTTP/1.1 over a TCP stream, JSON bodies ----

fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
    // ChromeDriver keeps the connection open: read the head, then as many bytes as it says.
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let body_at = loop {
        if let Some(p) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break p + 4;
        }
        let n = s.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("no HTTP response".into());
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..body_at]).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .ok_or_else(|| format!("no Content-Length in {head}"))?;
    while raw.len() < body_at + length {
        let n = s.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("the response ended early".into());
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let payload = String::from_utf8_lossy(&raw[body_at..body_at + length]);
    serde_json::from_str(&payload).map_err(|e| format!("{e}: {payload}"))
}

struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

impl Browser {
    fn start() -> Browser {
        for p in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(p).exists(),
                "{p} is missing: the report's browser tests need Debian's chromium and chromium-driver (run scripts/setup.sh)"
            );
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let start = Instant::now();
        while http(port, "GET", "/status", None).map_or(true, |v| v["value"]["ready"] != json!(true)) {
            assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not get ready in 20 s");
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut b = Browser { driver, port, session: String::new() };
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--hide-scrollbars"]}}}});
        let v = b.call("POST", "/session", Some(&caps));
        b.session = v["sessionId"].as_str().expect("a WebDriver session").to_string();
        b
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let v = http(self.port, method, path, body).unwrap_or_else(|e| panic!("WebDriver {path}: {e}"));
        assert!(v["value"].get("error").is_none(), "WebDriver {path}: {v}");
        v["value"].clone()
    }

    fn s(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    fn open(&self, file: &Path) {
        let url = format!("file://{}", file.canonicalize().expect("page written").display());
        self.call("POST", &self.s("/url"), Some(&json!({ "url": url })));
    }

    fn js(&self, script: &str) -> Value {
        self.call("POST", &self.s("/execute/sync"), Some(&json!({"script": script, "args": []})))
    }

    fn element(&self, css: &str) -> String {
        let v = self.call("POST", &self.s("/element"), Some(&json!({"using": "css selector", "value": css})));
        v.as_object().and_then(|o| o.values().next()).and_then(Value::as_str).expect("element id").to_string()
    }

    fn click(&self, el: &str) {
        self.call("POST", &self.s(&format!("/element/{el}/click")), Some(&json!({})));
    }

    fn screenshot(&self, path: &Path) {
        let v = self.call("GET", &self.s("/screenshot"), None);
        let png = base64(v.as_str().expect("base64 PNG"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        std::fs::write(path, png).expect("screenshot written");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(self.port, "DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn base64(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = s.bytes().filter_map(val).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for c in digits.chunks(4) {
        let n = c.iter().enumerate().fold(0u32, |n, (i, d)| n | (u32::from(*d) << (18 - 6 * i)));
        out.extend_from_slice(&n.to_be_bytes()[1..c.len()]);
    }
    out
}

/// Is the element with this id on screen (inside the viewport, with a size)?
fn on_screen(b: &Browser, id: &str) -> bool {
    b.js(&format!(
        "var r=document.getElementById('{id}').getBoundingClientRect();return r.height>0&&r.top>=0&&r.bottom<=window.innerHeight;"
    )) == json!(true)
}

#[test]
fn report_in_headless_chromium() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let src = dir.path().join("readings.c");
    std::fs::write(&src, PROGRAM).expect("program written");
    let out = dir.path().join("out");
    let rep = dir.path().join("report");
    let o = kappa_in(
        dir.path(),
        &["run", "readings.c", "--out", "out", "--report", "report", "--quiet", "--max-time", "60"],
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "kappa run: {stdout}\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout.contains("report: "), "{stdout}");
    let page = rep.join("index.html");
    let html = std::fs::read_to_string(&page).expect("index.html written");
    // Nothing to fetch: no URL but the SVG namespaces' names.
    let fetched = html
        .replace("xmlns=\"http://www.w3.org/2000/svg\"", "")
        .replace("xmlns:xlink=\"http://www.w3.org/1999/xlink\"", "");
    assert!(!fetched.contains("http://") && !fetched.contains("https://"), "an offline page: no URL to fetch");

    let err_line = line_of(PROGRAM, "reach_error();");
    let dead_line = line_of(PROGRAM, "if (x < 50)");
    let b = Browser::start();
    b.open(&page);
    let shots = screenshots();
    b.screenshot(&shots.join("report.png"));

    // The verdict, shown.
    assert_eq!(b.js("return document.getElementById('verdict').innerText;"), json!("false(unreach-call)"));
    assert_eq!(
        b.js("var r=document.getElementById('verdict').getBoundingClientRect();return r.width>0&&r.height>0;"),
        json!(true)
    );
    // The error's line marked, its path shaded, its inputs and replay command given.
    let err_id = format!("f0-L{err_line}");
    assert_eq!(b.js(&format!("return document.getElementById('{err_id}').classList.contains('err');")), json!(true));
    let shaded = b.js("return Array.from(document.querySelectorAll('.src .l.path')).map(e=>e.id);");
    let shaded: Vec<&str> = shaded.as_array().expect("ids").iter().filter_map(Value::as_str).collect();
    assert!(shaded.contains(&err_id.as_str()), "the error line is on the highlighted path: {shaded:?}");
    assert!(shaded.len() >= 3, "the path to the error has several lines: {shaded:?}");
    let colour = b.js(&format!("return getComputedStyle(document.querySelector('#{err_id} .code')).backgroundColor;"));
    assert_ne!(colour, json!("rgba(0, 0, 0, 0)"), "the error line is coloured");
    let replay = b.js("return document.querySelector('.error .replay').innerText;");
    assert!(replay.as_str().is_some_and(|r| r.contains("kappa replay") && r.contains("tests/test")), "{replay}");
    assert_eq!(b.js("return document.querySelectorAll('.error table.inputs tr').length >= 3;"), json!(true));

    // The branch no test takes, marked on its line, and reached by "next uncovered".
    let dead_id = format!("f0-L{dead_line}");
    assert_eq!(
        b.js(&format!("var l=document.getElementById('{dead_id}');return l.classList.contains('bmiss')&&l.querySelector('.br.miss')!==null;")),
        json!(true),
        "line {dead_line} has a branch direction never taken"
    );
    assert_eq!(b.js("return document.querySelectorAll('.src .l.bmiss').length;"), json!(1), "only that line");
    b.click(&b.element("#next-uncovered"));
    assert_eq!(b.js("return document.querySelector('.src .l.hl').id;"), json!(dead_id));
    assert!(on_screen(&b, &dead_id), "the uncovered branch scrolled into view");

    // The tree, laid out by Graphviz: an SVG with nodes.
    let size = b.js("var r=document.querySelector('#tree-svg svg').getBoundingClientRect();return [r.width,r.height];");
    assert!(size[0].as_f64().unwrap_or(0.0) > 50.0 && size[1].as_f64().unwrap_or(0.0) > 50.0, "tree size {size}");
    let nodes = b.js("return document.querySelectorAll('#tree-svg g.node').length;").as_u64().unwrap_or(0);
    assert!(nodes >= 5, "{nodes} tree nodes");

    // Clicking the error's node in the tree scrolls to its source line and highlights it.
    b.js("window.scrollTo(0,0);");
    let leaf = b.js("var g=document.querySelector('#tree-svg g.node polygon[stroke=\"red\"]');return g?g.closest('g.node').id:null;");
    let leaf = leaf.as_str().expect("a red error node in the tree").to_string();
    b.click(&b.element(&format!("#{leaf}")));
    assert_eq!(b.js("return document.querySelector('.src .l.hl').id;"), json!(err_id));
    assert!(on_screen(&b, &err_id), "the error line is in the viewport after the click");
    assert!(!on_screen(&b, &leaf), "the page moved from the tree to the source");
    b.screenshot(&shots.join("report-tree-click.png"));

    // The charts and the loops section are there.
    assert!(b.js("return document.querySelectorAll('#charts svg, #charts .note').length;").as_u64().unwrap_or(0) >= 1);
    assert_eq!(
        b.js("return document.getElementById('stopped').innerText;"),
        json!("nothing: the exploration is complete")
    );

    // The suite replayed on the compiled program: gcov's counts join kappa's on the page.
    let o = kappa_in(dir.path(), &["replay", "readings.c", "out/tests"]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("REPLAY: match") && stdout.contains("gcov.lcov"), "{stdout}");
    let o = kappa_in(dir.path(), &["report", "out", "--report", "report"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    b.open(&page);
    let total = b.js("return document.getElementById('gcov-total').innerText;");
    assert!(total.as_str().is_some_and(|t| t.starts_with("branches ") && t.contains("lines ")), "{total}");
    // gcov too never takes the dead branch: its own column marks the line.
    assert_eq!(
        b.js(&format!("var l=document.getElementById('{dead_id}');return l.classList.contains('gmiss')&&Array.from(l.querySelectorAll('.br.miss')).map(e=>e.title.split(':')[0]).join(',');")),
        json!("kappa,gcov")
    );
    // A line the tests run has gcov's execution count.
    let counted = b.js(&format!("return document.querySelector('#{err_id} .hits.g').textContent;"));
    assert!(counted.as_str().and_then(|c| c.parse::<u64>().ok()).is_some_and(|c| c >= 1), "{counted}");
    // The list of branches never taken leads to the line.
    b.js("window.scrollTo(0,0);document.getElementById('uncovered-list').open=true;");
    b.click(&b.element("#uncovered-list a.goto"));
    assert_eq!(b.js("return document.querySelector('.src .l.hl').id;"), json!(dead_id));
    assert!(on_screen(&b, &dead_id));
    b.screenshot(&shots.join("report-gcov.png"));

    // `kappa report OUT` on the output directory moved elsewhere, run from another directory,
    // the program's file gone: the page shows the source the run read (its copy in OUT), and
    // the replay command runs from anywhere (the run's directory, the test where it is now).
    let elsewhere = tempfile::tempdir().expect("temporary directory");
    let moved = elsewhere.path().join("moved");
    copy_dir(&out, &moved);
    std::fs::rename(&src, dir.path().join("readings.c.old")).expect("program renamed");
    let o = kappa_in(elsewhere.path(), &["report", "moved", "--report", "again"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html2 = std::fs::read_to_string(elsewhere.path().join("again/index.html")).expect("page");
    assert!(html2.contains("id=\"verdict\" class=\"verdict false\">false(unreach-call)<"));
    assert!(html2.contains(&format!("id=\"f0-L{err_line}\">")), "the source shown");
    assert!(!html2.contains("cannot be read now") && !html2.contains("as it is now"), "from the copy");
    let moved_abs = moved.canonicalize().expect("moved");
    let cwd = dir.path().canonicalize().expect("dir");
    let replay =
        format!("$ cd {} &amp;&amp; kappa replay readings.c {}/tests/test", cwd.display(), moved_abs.display());
    assert!(html2.contains(&replay), "replay command `{replay}` in the page");
    assert!(html2.contains("class=\"note replay-missing\">readings.c not in"), "the program is not there now");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("directory created");
    for e in std::fs::read_dir(from).expect("directory read").flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).expect("file copied");
        }
    }
}

/// A program of two files, its error in the second: the error's line is marked in that file,
/// and the tree's error node leads to it. Then `kappa slice --report`: the PSS-CFG drawn, a
/// click on a node scrolls to its line.
#[test]
fn several_files_and_a_slice_in_headless_chromium() {
    const MAIN: &str = "extern int __VERIFIER_nondet_int(void);\nint check(int x);\n\nint main(void) {\n    int x = __VERIFIER_nondet_int();\n    if (x > 10)\n        return check(x);\n    return 0;\n}\n";
    const LIB: &str = "extern void reach_error(void);\n\n/* A check in a file of its own. */\nint check(int x) {\n    int y = x * 2;\n    if (y == 42)\n        reach_error();\n    return y;\n}\n";
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(dir.path().join("main.c"), MAIN).expect("written");
    std::fs::write(dir.path().join("lib.c"), LIB).expect("written");
    let o = kappa_in(dir.path(), &["run", "main.c", "lib.c", "--report", "report", "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err_id = format!("f1-L{}", line_of(LIB, "reach_error();"));
    let b = Browser::start();
    b.open(&dir.path().join("report/index.html"));
    assert_eq!(
        b.js("return Array.from(document.querySelectorAll('h3.file')).map(e=>e.innerText).join(',');"),
        json!("main.c,lib.c")
    );
    assert_eq!(b.js(&format!("return document.getElementById('{err_id}').classList.contains('err');")), json!(true));
    // The path to the error runs through both files.
    let shaded = b.js("return Array.from(document.querySelectorAll('.src .l.path')).map(e=>e.id.split('-')[0]);");
    let files: std::collections::BTreeSet<&str> =
        shaded.as_array().expect("ids").iter().filter_map(Value::as_str).collect();
    assert_eq!(files.into_iter().collect::<Vec<_>>(), ["f0", "f1"], "{shaded}");
    let leaf = b.js("var g=document.querySelector('#tree-svg g.node polygon[stroke=\"red\"]');return g?g.closest('g.node').id:null;");
    b.js("window.scrollTo(0,0);");
    b.click(&b.element(&format!("#{}", leaf.as_str().expect("a red error node"))));
    assert_eq!(b.js("return document.querySelector('.src .l.hl').id;"), json!(err_id));
    assert!(on_screen(&b, &err_id));
    b.screenshot(&screenshots().join("report-two-files.png"));

    // The slice's page: the PSS-CFG as SVG, its nodes linked to the lines of the program.
    let fig1 = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kappa-slice/tests/programs/paper_fig1.c");
    let o = kappa_in(
        dir.path(),
        &["slice", fig1.to_str().unwrap(), "--target", "z", "-o", "fig1.pss.c", "--report", "slice"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    b.open(&dir.path().join("slice/index.html"));
    let nodes = b.js("return document.querySelectorAll('#tree-svg g.node').length;").as_u64().unwrap_or(0);
    assert!(nodes >= 5, "{nodes} PSS-CFG nodes drawn");
    // The last node with a line (the bottom of the graph), clicked: its line highlighted.
    let target = b.js("var m=JSON.parse(document.getElementById('tree-lines').textContent);var ids=Array.from(document.querySelectorAll('#tree-svg g.node')).map(g=>g.id).filter(i=>m[i]);var id=ids[ids.length-1];return [id,m[id]];");
    let id = target[0].as_str().expect("a PSS-CFG node with a line").to_string();
    let line = format!("f0-L{}", target[1]);
    b.click(&b.element(&format!("#{id}")));
    assert_eq!(b.js("return document.querySelector('.src .l.hl').id;"), json!(line));
    assert_eq!(b.js(&format!("return document.getElementById('{line}').classList.contains('kept');")), json!(true));
    assert!(on_screen(&b, &line));
    b.screenshot(&screenshots().join("report-slice.png"));
}

/// What stopped the run, its limits, the searcher's states, with `--jobs` the samples and why
/// there is no tree: on the page.
#[test]
fn report_of_limits_pruning_and_workers() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut p = String::from("extern int __VERIFIER_nondet_int(void);\nint main(void) {\n    int n = 0;\n");
    for k in 0..6 {
        p += &format!("    if (__VERIFIER_nondet_int() > {k}) n++;\n");
    }
    p += "    return n;\n}\n";
    std::fs::write(dir.path().join("six.c"), &p).expect("program written");
    let fig1b = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/prune/fig1b.c");
    let o = kappa_in(
        dir.path(),
        &[
            "run",
            fig1b.to_str().unwrap(),
            "--mode",
            "classic",
            "--search",
            "prune",
            "--max-states",
            "40",
            "--out",
            "a",
            "--report",
            "a/report",
            "--quiet",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = std::fs::read_to_string(dir.path().join("a/report/index.html")).expect("page");
    assert!(h.contains("<th>limit: states</th><td>40</td>"), "the limit given");
    assert!(h.contains("<th>searcher: postponed</th>"), "loop state pruning's counters");
    let stopped = h.split("id=\"stopped\">").nth(1).and_then(|r| r.split('<').next()).unwrap_or("");
    assert!(!stopped.is_empty(), "what stopped the run");

    let o = kappa_in(dir.path(), &["run", "six.c", "--jobs", "2", "--out", "b", "--report", "b/report", "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = std::fs::read_to_string(dir.path().join("b/report/index.html")).expect("page");
    assert!(h.contains("id=\"no-tree\">No tree recorded: with <code>--jobs 2</code>"), "why no tree");
    assert!(h.contains("id=\"verdict\""));
    let samples: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("b/samples.json")).expect("samples"))
            .expect("json");
    assert_eq!(samples.last().and_then(|s| s["paths"].as_u64()), Some(64), "the workers' paths summed");

    // A sharded run merged: `kappa report` of the merged directory has the merged verdict and
    // paths, the source, and the shards' trees.
    for shard in ["0/2", "1/2"] {
        let out = format!("s{}", &shard[..1]);
        let o = kappa_in(
            dir.path(),
            &[
                "run",
                "six.c",
                "--mode",
                "classic",
                "--shard",
                shard,
                "--out",
                &out,
                "--report",
                &format!("{out}/report"),
                "--quiet",
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let o = kappa_in(dir.path(), &["merge", "s0", "s1", "--out", "m"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = kappa_in(dir.path(), &["report", "m"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = std::fs::read_to_string(dir.path().join("m/report/index.html")).expect("page");
    assert!(h.contains("64 completed"), "the merged paths");
    assert!(h.contains("id=\"f0-L4\""), "the source");
    assert!(h.contains("id=\"tree-svg\"") && h.matches("class=\"node tnode\"").count() >= 10, "the shards' trees");
}

#[test]
fn report_of_a_directory_that_is_no_run() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let o = kappa(&["report", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("run.json") && err.contains("--out"), "{err}");
    let o = kappa(&["report", dir.path().join("nope").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no such directory"));
}

/// Many paths, one page of bounded size: errors aggregated, the tree cut, no element per path.
#[test]
fn report_of_many_paths_stays_small() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let src = dir.path().join("many.c");
    let mut p = String::from("extern int __VERIFIER_nondet_int(void);\nint main(void) {\n    int n = 0;\n");
    for k in 0..11 {
        p += &format!("    if (__VERIFIER_nondet_int() > {k}) n++;\n");
    }
    p += "    return n;\n}\n";
    std::fs::write(&src, &p).expect("program written");
    let out = dir.path().join("out");
    let rep = dir.path().join("report");
    let o = kappa(&[
        "run",
        src.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--report",
        rep.to_str().unwrap(),
        "--quiet",
        "--tests",
        "covering",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("paths: 2048 completed"), "{stdout}");
    let html = std::fs::read_to_string(rep.join("index.html")).expect("page");
    let tree_nodes = html.matches("class=\"node tnode\"").count();
    assert!((100..=150).contains(&tree_nodes), "{tree_nodes} tree nodes drawn");
    assert!(html.contains("nodes drawn"), "the page says the tree is cut");
    let elements = html.matches('<').count();
    assert!(elements < 6000, "{elements} elements for 2048 paths");
    assert!(html.len() < 400_000, "{} bytes", html.len());
}
