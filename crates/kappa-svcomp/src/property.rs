//! SV-COMP and Test-Comp properties: what a `.prp` file states, and the names BenchExec and the
//! competitions use for them (`unreach-call`, `valid-memsafety`, `no-overflow`, …).
//!
//! A property file holds one or more lines `CHECK( init(main()), LTL(G ! call(reach_error())) )`
//! (verification) or `COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )` (test generation).
//! `valid-memsafety.prp` is three `CHECK` lines, one per sub-property; a violation names the one
//! violated: `false(valid-deref)`.

use std::fmt;
use std::path::Path;

/// One verification or coverage property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Property {
    /// `G ! call(FUNC())`: the function (`reach_error`, or `__VERIFIER_error` in old tasks) is
    /// never called.
    UnreachCall { func: String },
    /// `valid-free`, `valid-deref` and `valid-memtrack` together.
    ValidMemsafety,
    /// `G valid-memcleanup`: every allocated block is freed before the program terminates.
    ValidMemcleanup,
    /// `G ! overflow`: no signed integer arithmetic overflows.
    NoOverflow,
    /// `F end`: every execution terminates.
    Termination,
    /// Test-Comp: a test suite that calls the error function.
    CoverageErrorCall { func: String },
    /// Test-Comp: a test suite that covers the program's branches.
    CoverageBranches,
}

/// The parts of `valid-memsafety` a violation names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemSafety {
    ValidFree,
    ValidDeref,
    ValidMemtrack,
}

impl MemSafety {
    pub fn name(self) -> &'static str {
        match self {
            MemSafety::ValidFree => "valid-free",
            MemSafety::ValidDeref => "valid-deref",
            MemSafety::ValidMemtrack => "valid-memtrack",
        }
    }
}

impl Property {
    /// The short name used in verdicts and on the command line (`--property no-overflow`).
    pub fn name(&self) -> &'static str {
        match self {
            Property::UnreachCall { .. } => "unreach-call",
            Property::ValidMemsafety => "valid-memsafety",
            Property::ValidMemcleanup => "valid-memcleanup",
            Property::NoOverflow => "no-overflow",
            Property::Termination => "termination",
            Property::CoverageErrorCall { .. } => "coverage-error-call",
            Property::CoverageBranches => "coverage-branches",
        }
    }

    /// A Test-Comp coverage goal rather than a property to verify.
    pub fn is_coverage(&self) -> bool {
        matches!(self, Property::CoverageErrorCall { .. } | Property::CoverageBranches)
    }

    /// The property's `.prp` text, as the competitions distribute it (witnesses copy it into
    /// their `specification`).
    pub fn prp_text(&self) -> String {
        let check = |ltl: &str| format!("CHECK( init(main()), LTL({ltl}) )");
        match self {
            Property::UnreachCall { func } => check(&format!("G ! call({func}())")),
            Property::ValidMemsafety => {
                [check("G valid-free"), check("G valid-deref"), check("G valid-memtrack")].join("\n")
            }
            Property::ValidMemcleanup => check("G valid-memcleanup"),
            Property::NoOverflow => check("G ! overflow"),
            Property::Termination => check("F end"),
            Property::CoverageErrorCall { func } => format!("COVER( init(main()), FQL(COVER EDGES(@CALL({func}))) )"),
            Property::CoverageBranches => "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )".into(),
        }
    }

    /// Reads `--property`: a name (`unreach-call`, `valid-memsafety`, …) or a `.prp` file.
    pub fn from_arg(arg: &str) -> Result<Property, String> {
        if let Some(p) = Property::from_name(arg) {
            return Ok(p);
        }
        let path = Path::new(arg);
        if !path.exists() {
            return Err(format!(
                "unknown property `{arg}` (a .prp file, or one of unreach-call, valid-memsafety, valid-memcleanup, \
                 no-overflow, termination, coverage-error-call, coverage-branches)"
            ));
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {arg}: {e}"))?;
        Property::parse(&text).map_err(|e| format!("{arg}: {e}"))
    }

    pub fn from_name(name: &str) -> Option<Property> {
        Some(match name {
            "unreach-call" => Property::UnreachCall { func: "reach_error".into() },
            "valid-memsafety" => Property::ValidMemsafety,
            "valid-memcleanup" => Property::ValidMemcleanup,
            "no-overflow" => Property::NoOverflow,
            "termination" => Property::Termination,
            "coverage-error-call" => Property::CoverageErrorCall { func: "reach_error".into() },
            "coverage-branches" => Property::CoverageBranches,
            _ => return None,
        })
    }

    /// Parses the text of a property file.
    pub fn parse(text: &str) -> Result<Property, String> {
        let mut found: Vec<Property> = Vec::new();
        let mut memsafety = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with("//") {
                continue;
            }
            let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            let entry = entry_function(&squeezed).ok_or_else(|| format!("line {}: not a property: `{line}`", n + 1))?;
            if entry != "main" {
                return Err(format!("line {}: kappa checks properties from `main`, not `{entry}`", n + 1));
            }
            if let Some(body) = inner(&squeezed, "LTL(") {
                match body {
                    "Gvalid-free" => memsafety.push(MemSafety::ValidFree),
                    "Gvalid-deref" => memsafety.push(MemSafety::ValidDeref),
                    "Gvalid-memtrack" => memsafety.push(MemSafety::ValidMemtrack),
                    "Gvalid-memcleanup" => found.push(Property::ValidMemcleanup),
                    "G!overflow" => found.push(Property::NoOverflow),
                    "Fend" => found.push(Property::Termination),
                    b if b.starts_with("G!call(") && b.ends_with("())") => {
                        found.push(Property::UnreachCall { func: b["G!call(".len()..b.len() - 3].to_string() })
                    }
                    _ => return Err(format!("line {}: unsupported property `{line}`", n + 1)),
                }
            } else if let Some(body) = inner(&squeezed, "FQL(") {
                match body {
                    "COVEREDGES(@DECISIONEDGE)" => found.push(Property::CoverageBranches),
                    b if b.starts_with("COVEREDGES(@CALL(") && b.ends_with("))") => {
                        found.push(Property::CoverageErrorCall {
                            func: b["COVEREDGES(@CALL(".len()..b.len() - 2].to_string(),
                        })
                    }
                    _ => return Err(format!("line {}: unsupported coverage goal `{line}`", n + 1)),
                }
            } else {
                return Err(format!("line {}: not a property: `{line}`", n + 1));
            }
        }
        if !memsafety.is_empty() {
            let all = [MemSafety::ValidFree, MemSafety::ValidDeref, MemSafety::ValidMemtrack];
            if !all.iter().all(|m| memsafety.contains(m)) || !found.is_empty() {
                return Err("kappa checks valid-free, valid-deref and valid-memtrack together (valid-memsafety)".into());
            }
            return Ok(Property::ValidMemsafety);
        }
        match found.len() {
            0 => Err("the file states no property".into()),
            1 => Ok(found.remove(0)),
            _ => Err("the file states several properties; kappa checks one at a time".into()),
        }
    }
}

/// `CHECK(init(F()),…)` or `COVER(init(F()),…)`: F.
fn entry_function(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("CHECK(init(").or_else(|| line.strip_prefix("COVER(init("))?;
    let end = rest.find("())")?;
    Some(&rest[..end])
}

/// The text between `open` and its matching `)`.
fn inner<'t>(line: &'t str, open: &str) -> Option<&'t str> {
    let start = line.find(open)? + open.len();
    let mut depth = 1;
    for (i, c) in line[start..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&line[start..start + i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// How an error kind (kappa's [`kappa_ir::ErrorKind`] names) counts for a property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Class {
    /// It violates the property; the (sub-)property's name.
    Violation(&'static str),
    /// Undefined behaviour the property does not speak of.
    Ub,
    /// The path ends, and nothing is said (an abort through `reach_error` under a memory
    /// property, a division trap).
    Ends,
}

impl Property {
    pub fn classify(&self, kind: &str) -> Class {
        use kappa_ir::ErrorKind::{self, *};
        let Ok(k) = kind.parse::<ErrorKind>() else { return Class::Ub };
        match (self, k) {
            (Property::UnreachCall { .. } | Property::CoverageErrorCall { .. }, ReachError | Assert) => {
                Class::Violation("unreach-call")
            }
            (Property::ValidMemsafety, OutOfBounds | NullDeref | InvalidDeref) => Class::Violation("valid-deref"),
            (Property::ValidMemsafety, InvalidFree) => Class::Violation("valid-free"),
            (Property::ValidMemsafety, MemoryLeak) => Class::Violation("valid-memtrack"),
            (Property::ValidMemcleanup, MemoryNotFreed) => Class::Violation("valid-memcleanup"),
            (Property::NoOverflow, Overflow | DivOverflow) => Class::Violation("no-overflow"),
            (Property::Termination, NonTermination) => Class::Violation("termination"),
            // A division trap ends the run (SIGFPE): kappa has always let it end the path.
            (_, DivByZero | DivOverflow) => Class::Ends,
            // Outside unreach-call, `reach_error()` is a call that aborts.
            (p, ReachError | Assert) if !matches!(p, Property::UnreachCall { .. }) => Class::Ends,
            _ => Class::Ub,
        }
    }

    /// The property of a witness's `specification`: a property file's text, or one part of
    /// `valid-memsafety`.
    pub fn from_spec(text: &str) -> Result<Property, String> {
        let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if ["LTL(Gvalid-free)", "LTL(Gvalid-deref)", "LTL(Gvalid-memtrack)"].iter().any(|s| squeezed.contains(s)) {
            return Ok(Property::ValidMemsafety);
        }
        Property::parse(text)
    }

    /// The specification a witness of a violation of `sub` states: the property's text, or for
    /// `valid-memsafety` the line of the violated part.
    pub fn violated_spec(&self, sub: &str) -> String {
        match self {
            Property::ValidMemsafety => format!("CHECK( init(main()), LTL(G {sub}) )"),
            p => p.prp_text(),
        }
    }
}

/// A verification verdict as SV-COMP states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    True,
    /// The property is violated; the string is the (sub-)property: `unreach-call`,
    /// `valid-deref`, `valid-free`, `valid-memtrack`, `valid-memcleanup`, `no-overflow`,
    /// `termination`.
    False(String),
    Unknown(String),
}

impl Verdict {
    /// The last line of `kappa verify` (SPEC.md).
    pub fn result_line(&self) -> String {
        match self {
            Verdict::True => "RESULT: true".into(),
            Verdict::False(p) => format!("RESULT: false({p})"),
            Verdict::Unknown(r) => format!("RESULT: unknown ({r})"),
        }
    }

    /// `true`, `false(valid-deref)` or `unknown`: the `verdict` of the statistics.
    pub fn short(&self) -> String {
        match self {
            Verdict::True => "true".into(),
            Verdict::False(p) => format!("false({p})"),
            Verdict::Unknown(_) => "unknown".into(),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_competitions_property_files_parse() {
        let cases = [
            ("CHECK( init(main()), LTL(G ! call(reach_error())) )\n", "unreach-call"),
            (
                "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n\
                 CHECK( init(main()), LTL(G valid-memtrack) )\n",
                "valid-memsafety",
            ),
            ("CHECK( init(main()), LTL(G valid-memcleanup) )\n", "valid-memcleanup"),
            ("CHECK( init(main()), LTL(G ! overflow) )\n", "no-overflow"),
            ("CHECK( init(main()), LTL(F end) )\n", "termination"),
            ("COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )\n", "coverage-error-call"),
            ("COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )\n", "coverage-branches"),
        ];
        for (text, name) in cases {
            let p = Property::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(p.name(), name);
            // What kappa writes into witnesses reads back as the same property.
            assert_eq!(Property::parse(&p.prp_text()), Ok(p));
        }
        assert_eq!(
            Property::parse("CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )"),
            Ok(Property::UnreachCall { func: "__VERIFIER_error".into() })
        );
    }

    #[test]
    fn unsupported_properties_are_named() {
        let e = Property::parse("CHECK( init(main()), LTL(G ! data-race) )").unwrap_err();
        assert!(e.contains("unsupported property"), "{e}");
        let e = Property::parse("CHECK( init(f()), LTL(G ! overflow) )").unwrap_err();
        assert!(e.contains("from `main`"), "{e}");
        assert!(Property::parse("").is_err());
        assert!(Property::parse("CHECK( init(main()), LTL(G valid-free) )").is_err());
    }

    #[test]
    fn verdict_lines() {
        assert_eq!(Verdict::False("valid-deref".into()).result_line(), "RESULT: false(valid-deref)");
        assert_eq!(Verdict::Unknown("timeout".into()).result_line(), "RESULT: unknown (timeout)");
    }
}
