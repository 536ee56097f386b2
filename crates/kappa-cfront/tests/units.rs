//! Programs of several files (issue 22): each file a translation unit of its own, linked as the
//! C linker links object files.

use kappa_cfront::{lower_file, Options, Unit};
use kappa_ir::{CType, Program};

fn lower(files: &[(&str, &str)]) -> Result<Program, String> {
    let dir = tempfile::tempdir().unwrap();
    let mut units = Vec::new();
    for (name, text) in files {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        units.push(Unit::new(p));
    }
    let opts = Options { units, ..Options::default() };
    lower_file(&dir.path().join(files[0].0), &opts).map_err(|d| {
        let s = d.to_string();
        s.replace(&format!("{}/", dir.path().display()), "")
    })
}

const HEADER: &str = "struct pt { int x; int y; };\n";

#[test]
fn static_names_are_their_files_and_the_rest_is_one_namespace() {
    let a = format!(
        "{HEADER}static int helper(int v) {{ return v + 1; }}\nint sum(struct pt p);\nint shared;\nextern int \
         counter;\nint main(void) {{ struct pt p = {{ helper(1), 2 }}; counter++; shared++; return sum(p); }}\n"
    );
    let b = format!(
        "{HEADER}static int helper(int v) {{ return v * 2; }}\nint shared;\nint counter = 10;\nint sum(struct pt \
         p) {{ return helper(p.x) + p.y + shared; }}\n"
    );
    let prog = lower(&[("a.c", &a), ("b.c", &b)]).unwrap();
    let helpers: Vec<_> = prog.functions.iter().filter(|f| f.name == "helper").collect();
    assert_eq!(helpers.len(), 2);
    assert_ne!(prog.files[helpers[0].span.file as usize], prog.files[helpers[1].span.file as usize]);
    // One `shared` and one `counter` for both files (tentative definitions merged).
    assert_eq!(prog.vars.iter().filter(|v| v.name == "shared").count(), 1);
    assert_eq!(prog.vars.iter().filter(|v| v.name.starts_with("shared.")).count(), 0);
    assert_eq!(prog.vars.iter().filter(|v| v.name == "counter").count(), 1);
    // `struct pt` is one type: the parameter of sum (b.c) and main's local (a.c).
    let sum = prog.func_by_name("sum").unwrap();
    let Some(CType::Function(ft)) = &sum.ctype else { panic!() };
    let main_pt = prog.objects.iter().find(|o| o.name == "p").map(|o| o.ctype.clone()).unwrap();
    assert_eq!(ft.params[0], main_pt);
    assert_eq!(prog.units.len(), 2);
    assert_eq!(prog.units[1].end as usize, prog.source.len());
}

#[test]
fn struct_types_of_other_layouts_stay_apart() {
    let a = "struct s { int a; char b; };\nint get(struct s *p);\nint main(void) { struct s v = {1, 2}; return get(&v); }\n";
    let b = "struct s { char b; int a; };\nint get(struct s *p) { return p->a; }\n";
    let prog = lower(&[("a.c", a), ("b.c", b)]).unwrap();
    let named: Vec<_> = prog.structs.iter().filter(|s| s.name == "s").collect();
    assert_eq!(named.len(), 2);
    let get = prog.func_by_name("get").unwrap();
    let main_v = prog.objects.iter().find(|o| o.name == "v").map(|o| o.ctype.clone()).unwrap();
    let Some(CType::Function(ft)) = &get.ctype else { panic!() };
    assert_ne!(ft.params[0], CType::ptr_to(main_v));
}

#[test]
fn the_linkers_errors_have_positions() {
    let main = "int f(int);\nint main(void) { return f(1); }\n";
    let e = lower(&[("a.c", main), ("b.c", "int f(int v) { return v; }\n"), ("c.c", "\nint f(int v) { return 2; }\n")])
        .unwrap_err();
    assert_eq!(e, "c.c:2:5: error: multiple definition of `f` (first defined at b.c:1:5)");
    let e = lower(&[("a.c", main), ("b.c", "static int f(int v) { return v; }\n")]).unwrap_err();
    assert!(e.starts_with("a.c:2:25: error: undefined reference to `f`"), "{e}");
    let e = lower(&[("a.c", "int n = 1;\nint main(void) { return n; }\n"), ("b.c", "int n = 2;\n")]).unwrap_err();
    assert_eq!(e, "b.c:1:5: error: multiple definition of `n` (first defined at a.c:1:5)");
    let e = lower(&[("a.c", "extern int n;\nint main(void) { return n; }\n"), ("b.c", "extern int n;\n")]).unwrap_err();
    assert!(e.starts_with("a.c:1:12: error: undefined reference to `n`"), "{e}");
}
