//! Golden tests: the printed IR of a dozen programs, compared with the snapshots in
//! `tests/snapshots/`. A change of the lowering shows up here as a reviewable diff; after
//! checking it, accept it with `INSTA_UPDATE=always cargo test -p kappa-cli --test golden_ir`
//! (or `cargo insta review`).

use kappa_cfront::Options;
use kappa_ir::DataModel;

fn ir(rel: &str, dm: DataModel) -> String {
    // A relative path keeps the file names in the output the same on every machine.
    let path = format!("../../tests/programs/{rel}");
    let prog = kappa_cfront::lower_file(path.as_ref(), &Options { data_model: dm, ..Options::default() })
        .unwrap_or_else(|d| panic!("{rel}: {d}"));
    kappa_ir::print::Printer::new(&prog).program()
}

macro_rules! golden {
    ($name:ident, $file:expr) => {
        golden!($name, $file, DataModel::LP64);
    };
    ($name:ident, $file:expr, $dm:expr) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), ir($file, $dm));
        }
    };
}

golden!(linear_search, "svcomp/linear_search.c");
golden!(count_if, "svcomp/count_if.c");
golden!(four_branches, "svcomp/four_branches.c");
golden!(list_reverse, "svcomp/list_reverse.c");
golden!(recursive_sum, "svcomp/recursive_sum.c");
golden!(nested_loops_triangle, "svcomp/nested_loops_triangle.c");
golden!(division_by_zero, "svcomp/division_by_zero.c");
golden!(struct_copy, "exec/009_struct_copy.c");
golden!(struct_params_returns, "exec/010_struct_params_returns.c");
golden!(vla, "exec/015_vla.c");
golden!(switch_fallthrough, "exec/021_switch_fallthrough.c");
golden!(goto_ilp32, "exec/022_goto.c", DataModel::ILP32);
golden!(global_initializers, "exec/017_global_initializers.c");
golden!(preprocessed_sum_array_assert, "preprocessed/sum_array_assert.i");
