# BenchExec tool-info module for kappa, a symbolic execution engine for C.
#
# Use it from the repository's root (its directory is a namespace package):
#   PYTHONPATH=. benchexec contrib/benchexec/kappa-corpus.xml
#   PYTHONPATH=. python3 -m benchexec.test_tool_info contrib.benchexec.kappa --tool-directory target/release

import re

import benchexec.result as result
import benchexec.tools.template
from benchexec.tools.sv_benchmarks_util import get_data_model_from_task, ILP32, LP64


class Tool(benchexec.tools.template.BaseTool2):
    """
    kappa: symbolic execution for C with loop templates (compact symbolic execution).
    Verification tasks run `kappa verify --property PRP`; Test-Comp tasks (a COVER property)
    run `kappa testgen --goal ...`, which writes test-suite.zip.
    """

    def executable(self, tool_locator):
        return tool_locator.find_executable("kappa")

    def version(self, executable):
        return self._version_from_tool(executable, line_prefix="kappa")

    def name(self):
        return "kappa"

    def project_url(self):
        return "https://github.com/kappa-se/kappa"

    def _is_coverage(self, property_file):
        if not property_file:
            return None
        try:
            with open(property_file) as f:
                text = f.read()
        except OSError:
            return None
        if "COVER" not in text:
            return None
        if "@DECISIONEDGE" in text:
            return "coverage-branches"
        return "coverage-error-call"

    def _states_unreach_call(self, property_file):
        try:
            with open(property_file) as f:
                return "call(" in f.read()
        except OSError:
            return False

    def cmdline(self, executable, options, task, rlimits):
        goal = self._is_coverage(task.property_file)
        if goal:
            cmd = [executable, "testgen", "--goal", goal, "--zip"]
        else:
            cmd = [executable, "verify", "--quiet"]
            if task.property_file:
                cmd += ["--property", task.property_file]
                # SV-COMP's semantics: undefined behaviour on a path that never calls
                # reach_error() ends the path and does not spoil a `true`.
                if self._states_unreach_call(task.property_file) and "--ub" not in options:
                    cmd += ["--ub", "stop"]
        data_model = get_data_model_from_task(task, {ILP32: "ILP32", LP64: "LP64"})
        if data_model and "--data-model" not in options:
            cmd += ["--data-model", data_model]
        # kappa stops itself a little before the limits, so that it reports what it found.
        limit = rlimits.cputime or rlimits.walltime
        if limit and "--max-time" not in options:
            cmd += ["--max-time", str(max(1, int(limit * 0.9)))]
        if rlimits.memory and "--max-memory" not in options:
            cmd += ["--max-memory", str(max(64, int(rlimits.memory * 0.9 / 1_000_000)))]
        return cmd + options + list(task.input_files_or_identifier)

    _RESULTS = {
        "true": result.RESULT_TRUE_PROP,
        "false(unreach-call)": result.RESULT_FALSE_REACH,
        "false(valid-deref)": result.RESULT_FALSE_DEREF,
        "false(valid-free)": result.RESULT_FALSE_FREE,
        "false(valid-memtrack)": result.RESULT_FALSE_MEMTRACK,
        "false(valid-memcleanup)": result.RESULT_FALSE_MEMCLEANUP,
        "false(no-overflow)": result.RESULT_FALSE_OVERFLOW,
        "false(termination)": result.RESULT_FALSE_TERMINATION,
        "done": result.RESULT_DONE,
    }

    def determine_result(self, run):
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        for line in reversed(run.output):
            m = re.match(r"^RESULT: (.*)$", line.strip())
            if not m:
                continue
            verdict = m.group(1).strip()
            if verdict in self._RESULTS:
                return self._RESULTS[verdict]
            if verdict.startswith("unknown"):
                if verdict == "unknown (timeout)":
                    return result.RESULT_TIMEOUT
                return result.RESULT_UNKNOWN
            return result.RESULT_ERROR + f" ({verdict})"
        if run.exit_code.value == 2:
            return result.RESULT_ERROR + " (input)"
        if run.exit_code.value == 1:
            return result.RESULT_ERROR + " (usage)"
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        for line in reversed(output):
            if line.startswith(identifier):
                return line[len(identifier):].strip()
        return None
