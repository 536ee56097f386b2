#!/usr/bin/env python3
"""Driver-like benchmark programs for the PSS-CFG benchmark (bench/slice.sh).

They follow SV-COMP's ntdrivers-simplified category (cdaudio, diskperf, floppy, kbfiltr: the
subjects of Jaffar and Murali's evaluation): a Windows-driver harness in which `main` picks a
dispatch routine for an I/O request packet, the routines switch over request codes, forward
the request to the lower driver (IofCallDriver), complete it (IofCompleteRequest), register
completion routines and wait for events, and a global state machine `s` over UNLOADED, NP, DC,
SKIP1, SKIP2, MPR1, MPR3, IPC (with `pended`, `compRegistered`, `setEventCalled`,
`customIrp`, `lowerDriverReturn`, `myStatus`) checks the protocol; `errorFn()` calls
`reach_error()`. Around the protocol, like the originals, the routines compute with device
extension fields, request parameters, buffer lengths and counters read as inputs, branch on
them and run small loops: code the property does not depend on, or only in some contexts.

Programs are written with integers only (the `.cil.c` originals pass pointers as ints too).
Usage: gen_drivers.py OUTDIR. Deterministic: the same files every time.
"""

import os
import random
import sys

STATES = ["UNLOADED", "NP", "DC", "SKIP1", "SKIP2", "MPR1", "MPR3", "IPC"]

PRELUDE = """extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int KernelMode, Executive, DevicePowerState, s, UNLOADED, NP, DC, SKIP1, SKIP2, MPR1, MPR3, IPC;
int pended, compFptr, compRegistered, lowerDriverReturn, setEventCalled, customIrp, myStatus;
"""

STUBS = """
void errorFn(void)
{
    reach_error();
    abort();
}

void _BLAST_init(void)
{
    UNLOADED = 0;
    NP = 1;
    DC = 2;
    SKIP1 = 3;
    SKIP2 = 4;
    MPR1 = 5;
    MPR3 = 6;
    IPC = 7;
    s = UNLOADED;
    pended = 0;
    compFptr = 0;
    compRegistered = 0;
    lowerDriverReturn = 0;
    setEventCalled = 0;
    customIrp = 0;
}

void stubMoreProcessingRequired(void)
{
    if (s == NP) {
        s = MPR1;
    } else {
        errorFn();
    }
}

int KeSetEvent(int Event, int Increment, int Wait)
{
    int l = __VERIFIER_nondet_int();
    setEventCalled = 1;
    return l;
}

int CompletionRoutine(int DeviceObject, int Irp, int Context)
{
    int event;
    event = Context;
    KeSetEvent(event, 0, 0);
    return -1073741802;
}

int IofCallDriver(int DeviceObject, int Irp)
{
    int returnVal2;
    int compRetStatus;
    int lcontext = __VERIFIER_nondet_int();
    int tmp_ndt;
    if (compRegistered) {
        compRetStatus = CompletionRoutine(DeviceObject, Irp, lcontext);
        if (compRetStatus == -1073741802) {
            stubMoreProcessingRequired();
        }
    }
    tmp_ndt = __VERIFIER_nondet_int();
    if (tmp_ndt == 0) {
        returnVal2 = 0;
    } else {
        if (tmp_ndt == 1) {
            returnVal2 = -1073741823;
        } else {
            returnVal2 = 259;
        }
    }
    if (s == NP) {
        s = IPC;
        lowerDriverReturn = returnVal2;
    } else {
        if (s == MPR1) {
            if (returnVal2 == 259) {
                s = MPR3;
                lowerDriverReturn = returnVal2;
            } else {
                s = NP;
                lowerDriverReturn = returnVal2;
            }
        } else {
            if (s == SKIP1) {
                s = SKIP2;
                lowerDriverReturn = returnVal2;
            } else {
                errorFn();
            }
        }
    }
    return returnVal2;
}

void IofCompleteRequest(int Irp, int PriorityBoost)
{
    if (s == NP) {
        s = DC;
    } else {
        errorFn();
    }
}

int KeWaitForSingleObject(int Object, int WaitReason, int WaitMode, int Alertable, int Timeout)
{
    int tmp_ndt;
    if (s == MPR3) {
        if (setEventCalled == 1) {
            s = NP;
            setEventCalled = 0;
        } else {
            goto _L;
        }
    } else {
_L:
        if (customIrp == 1) {
            s = NP;
            customIrp = 0;
        } else {
            if (s == MPR3) {
                errorFn();
            }
        }
    }
    tmp_ndt = __VERIFIER_nondet_int();
    if (tmp_ndt == 0) {
        return 0;
    } else {
        return -1073741823;
    }
}

int PoCallDriver(int DeviceObject, int Irp)
{
    int compRetStatus;
    int returnVal;
    int lcontext = __VERIFIER_nondet_int();
    int tmp_ndt;
    if (compRegistered) {
        compRetStatus = CompletionRoutine(DeviceObject, Irp, lcontext);
        if (compRetStatus == -1073741802) {
            stubMoreProcessingRequired();
        }
    }
    tmp_ndt = __VERIFIER_nondet_int();
    if (tmp_ndt == 0) {
        returnVal = 0;
    } else {
        returnVal = -1073741823;
    }
    if (s == NP) {
        s = IPC;
        lowerDriverReturn = returnVal;
    } else {
        if (s == MPR1) {
            s = NP;
            lowerDriverReturn = returnVal;
        } else {
            if (s == SKIP1) {
                s = SKIP2;
                lowerDriverReturn = returnVal;
            } else {
                errorFn();
            }
        }
    }
    return returnVal;
}
"""

STATUS = {
    "SUCCESS": 0,
    "PENDING": 259,
    "UNSUCCESSFUL": -1073741823,
    "INVALID_DEVICE_REQUEST": -1073741808,
    "BUFFER_TOO_SMALL": -1073741789,
    "DEVICE_NOT_READY": -1073741661,
    "NO_MEDIA": -1073741448,
    "INVALID_PARAMETER": -1073741811,
}


class Routine:
    """One dispatch routine: a `switch` over a request code whose cases run a protocol action,
    wrapped in computations on the device extension and the request's parameters."""

    def __init__(self, rng, name, prefix, fields, cases, noise, bug_case=None):
        self.rng = rng
        self.name = name
        self.prefix = prefix
        self.fields = fields
        self.cases = cases
        self.noise = noise
        self.bug_case = bug_case
        self.lines = []
        self.tmp = 0

    def out(self, depth, text):
        self.lines.append("    " * depth + text)

    def field(self):
        return self.rng.choice(self.fields)

    def noise_block(self, depth, budget):
        """Computations the protocol does not depend on: reads of request parameters and device
        extension fields, branches on them, small loops, counters."""
        r = self.rng
        for _ in range(budget):
            k = r.randrange(9)
            f, g = r.sample(self.fields, 2)
            if k == 0:
                self.out(depth, f"{f} = __VERIFIER_nondet_int();")
            elif k == 1:
                self.out(depth, f"if ({f} < {r.randrange(8, 64)}) {{")
                self.out(depth + 1, f"{g} = {g} + {r.randrange(1, 5)};")
                self.out(depth + 1, f"information = {f};")
                self.out(depth, "} else {")
                self.out(depth + 1, f"{g} = {f} - {r.randrange(1, 9)};")
                self.out(depth, "}")
            elif k == 2:
                self.out(depth, f"if ({f} == {r.randrange(0, 4)}) {{")
                self.out(depth + 1, f"{g} = __VERIFIER_nondet_int();")
                self.out(depth, "}")
            elif k == 3:
                self.tmp += 1
                i = f"i{self.tmp}"
                self.out(depth, f"for ({i} = 0; {i} < {r.randrange(2, 4)}; {i}++) {{")
                self.out(depth + 1, f"{g} = {g} + {f};")
                self.out(depth, "}")
            elif k == 4:
                self.out(depth, f"information = {f} * {r.randrange(2, 9)} + {g};")
            elif k == 5:
                self.out(depth, f"if ({f} > {g}) {{")
                self.out(depth + 1, f"{f} = {g};")
                self.out(depth, "}")
            elif k == 6:
                self.out(depth, f"{g} = ({f} & {r.choice([1, 3, 7, 15, 255])});")
            elif k == 7:
                self.out(depth, f"if (irpStack__Parameters__Length < {r.choice([4, 8, 16, 24, 32])}) {{")
                self.out(depth + 1, "information = 0;")
                self.out(depth + 1, f"{g} = -1;")
                self.out(depth, "} else {")
                self.out(depth + 1, f"information = irpStack__Parameters__Length;")
                self.out(depth, "}")
            else:
                self.out(depth, f"{f} = {g} + information;")

    def complete(self, depth, status_name):
        self.out(depth, f"status = {STATUS[status_name]};")
        self.out(depth, "myStatus = status;")
        self.out(depth, "Irp__IoStatus__Status = status;")
        self.out(depth, "Irp__IoStatus__Information = information;")
        self.out(depth, "IofCompleteRequest(Irp, 0);")

    def action(self, depth, kind):
        """A protocol action of a case, as the originals do it."""
        if kind == "complete":
            self.complete(depth, self.rng.choice(["SUCCESS", "INVALID_DEVICE_REQUEST", "BUFFER_TOO_SMALL", "NO_MEDIA"]))
        elif kind == "skip":
            self.out(depth, "if (s == NP) {")
            self.out(depth + 1, "s = SKIP1;")
            self.out(depth, "} else {")
            self.out(depth + 1, "errorFn();")
            self.out(depth, "}")
            self.out(depth, "Irp__CurrentLocation = Irp__CurrentLocation + 1;")
            self.out(depth, "Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;")
            self.out(depth, "status = IofCallDriver(devExt__TopOfStack, Irp);")
        elif kind == "wait":
            self.out(depth, "if (s != NP) {")
            self.out(depth + 1, "errorFn();")
            self.out(depth, "} else {")
            self.out(depth + 1, "if (compRegistered != 0) {")
            self.out(depth + 2, "errorFn();")
            self.out(depth + 1, "} else {")
            self.out(depth + 2, "compRegistered = 1;")
            self.out(depth + 1, "}")
            self.out(depth, "}")
            self.out(depth, "irpSp___0__Control = 224;")
            self.out(depth, "status = IofCallDriver(devExt__TopOfStack, Irp);")
            self.out(depth, "if (status == 259) {")
            self.out(depth + 1, "KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);")
            self.out(depth + 1, "status = myStatus;")
            self.out(depth, "}")
            self.out(depth, "if (status >= 0) {")
            self.out(depth + 1, f"{self.field()} = 1;")
            self.noise_block(depth + 1, 1)
            self.out(depth, "}")
            self.out(depth, "myStatus = status;")
            self.out(depth, "Irp__IoStatus__Status = status;")
            self.out(depth, "IofCompleteRequest(Irp, 0);")
        elif kind == "pend":
            self.out(depth, "if (devExt__Paused) {")
            self.out(depth + 1, "pended = 1;")
            self.out(depth + 1, "status = 259;")
            self.out(depth, "} else {")
            self.action(depth + 1, "skip")
            self.out(depth, "}")
        elif kind == "power":
            self.out(depth, "if (s == NP) {")
            self.out(depth + 1, "s = SKIP1;")
            self.out(depth, "} else {")
            self.out(depth + 1, "errorFn();")
            self.out(depth, "}")
            self.out(depth, "status = PoCallDriver(devExt__TopOfStack, Irp);")
        elif kind == "bug":
            # Forwards, then completes the request it no longer owns when a parameter says so.
            self.action(depth, "skip")
            self.out(depth, f"if (irpStack__Parameters__Length == {self.rng.randrange(40, 90)}) {{")
            self.out(depth + 1, "myStatus = status;")
            self.out(depth + 1, "IofCompleteRequest(Irp, 0);")
            self.out(depth, "}")

    def emit(self):
        r = self.rng
        p = self.prefix
        self.out(0, f"int {self.name}(int DeviceObject, int Irp)")
        self.out(0, "{")
        decls = ["status", "information", "event", "devExt__TopOfStack", "irpStack__MinorFunction",
                 "irpStack__Parameters__Length", "Irp__CurrentLocation", "Irp__Tail__Overlay__CurrentStackLocation",
                 "Irp__IoStatus__Status", "Irp__IoStatus__Information", "irpSp___0__Control", "devExt__Paused"]
        decls += [f for f in self.fields if f not in decls]
        for d in decls:
            self.out(1, f"int {d} = __VERIFIER_nondet_int();")
        self.body_start = len(self.lines)
        self.out(1, "status = 0;")
        self.out(1, "information = 0;")
        self.noise_block(1, self.noise)
        self.out(1, "switch (irpStack__MinorFunction) {")
        for i, kind in enumerate(self.cases):
            self.out(1, f"case {i}:")
            self.noise_block(2, r.randrange(1, self.noise // 2 + 2))
            if i == self.bug_case:
                self.action(2, "bug")
            else:
                self.action(2, kind)
            self.out(2, "break;")
        self.out(1, "default:")
        self.noise_block(2, 1)
        self.complete(2, "INVALID_DEVICE_REQUEST")
        self.out(2, "break;")
        self.out(1, "}")
        self.noise_block(1, max(1, self.noise // 3))
        self.out(1, "return status;")
        self.out(0, "}")
        # Loop counters used by the noise.
        counters = [f"i{k}" for k in range(1, self.tmp + 1)]
        if counters:
            self.lines.insert(self.body_start, "    int " + ", ".join(counters) + ";")
        return "\n".join(self.lines) + "\n"


MAIN_CHECK = """
    if (pended == 1) {
        if (s == NP) {
            s = NP;
        } else {
            goto _L___2;
        }
    } else {
_L___2:
        if (pended == 1) {
            if (s == MPR3) {
                s = MPR3;
            } else {
                goto _L___1;
            }
        } else {
_L___1:
            if (s != UNLOADED) {
                if (status != -1) {
                    if (s != SKIP2) {
                        if (s != IPC) {
                            if (s != DC) {
                                errorFn();
                            } else {
                                goto _L___0;
                            }
                        } else {
                            goto _L___0;
                        }
                    } else {
_L___0:
                        if (pended == 1) {
                            if (status != 259) {
                                errorFn();
                            }
                        } else {
                            if (s == DC) {
                                if (status == 259) {
                                    errorFn();
                                }
                            } else {
                                if (status != lowerDriverReturn) {
                                    errorFn();
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    return status;
}
"""


def driver(name, seed, routines, cases, noise, fields, bug=None):
    rng = random.Random(seed)
    parts = [f"// kappa-expect: verdict={'false' if bug else 'true'}\n",
             f"// {name}: a driver-like program in the style of SV-COMP's ntdrivers-simplified ({'a request is completed after it was passed down' if bug else 'the request protocol is followed'}); written by bench/slice/gen_drivers.py\n",
             PRELUDE, STUBS]
    names = []
    kinds = ["complete", "skip", "wait", "pend", "power", "skip", "complete", "wait"]
    for k in range(routines):
        rname = f"{name.split('_')[0].capitalize()}_Dispatch{k}"
        cs = [rng.choice(kinds) for _ in range(cases)]
        bug_case = None
        if bug is not None and k == bug:
            bug_case = rng.randrange(cases)
        rt = Routine(rng, rname, name, rng.sample(fields, min(len(fields), 6)), cs, noise, bug_case)
        parts.append("\n" + rt.emit())
        names.append(rname)
    main = ["\nint main(void)\n{",
            "    int status;",
            "    int irp = __VERIFIER_nondet_int();",
            "    int pirp;",
            "    int irp_choice = __VERIFIER_nondet_int();",
            "    int devobj = __VERIFIER_nondet_int();",
            "    int request = __VERIFIER_nondet_int();",
            "    KernelMode = 0;",
            "    Executive = 0;",
            "    DevicePowerState = 1;",
            "    s = 0;",
            "    status = 0;",
            "    pirp = irp;",
            "    _BLAST_init();",
            "    if (status >= 0) {",
            "        s = NP;",
            "        customIrp = 0;",
            "        setEventCalled = customIrp;",
            "        lowerDriverReturn = setEventCalled;",
            "        compRegistered = lowerDriverReturn;",
            "        pended = compRegistered;",
            "        myStatus = 0;",
            "        if (irp_choice == 0) {",
            "            myStatus = -1073741637;",
            "        }",
            "        switch (request) {"]
    for k, rname in enumerate(names):
        main.append(f"        case {k}:")
        main.append(f"            status = {rname}(devobj, pirp);")
        main.append("            break;")
    main += ["        default:",
             "            return -1;",
             "        }",
             "    }"]
    return "".join(parts) + "\n".join(main) + MAIN_CHECK


FIELDS = ["devExt__Started", "devExt__Removed", "devExt__SurpriseRemoved", "devExt__PowerState", "devExt__Count",
          "devExt__Flags", "devExt__Enabled", "devExt__ReadCount", "devExt__WriteCount", "devExt__Timeout",
          "devExt__Toc", "devExt__Retries", "currentIrpStack__Flags", "irpStack__Parameters__Type",
          "irpStack__Parameters__Offset", "srb__Length", "srb__CdbLength", "cdb__OperationCode",
          "buffer__Size", "diskCounters__Reads"]

PROGRAMS = [
    # name, seed, routines, cases per routine, noise per routine, bug routine
    ("kbfiltr_like", 11, 3, 3, 4, None),
    ("diskperf_like", 23, 4, 4, 5, None),
    ("floppy_like", 37, 5, 5, 6, None),
    ("floppy_like_bug", 37, 5, 5, 6, 2),
    ("cdaudio_like", 41, 8, 6, 7, None),
    ("cdrom_like", 53, 13, 6, 8, None),
]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for name, seed, routines, cases, noise, bug in PROGRAMS:
        text = driver(name, seed, routines, cases, noise, FIELDS, bug)
        with open(os.path.join(out, name + ".c"), "w") as f:
            f.write(text)
        print(f"{name}.c: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main()
