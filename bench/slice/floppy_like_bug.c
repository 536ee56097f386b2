// kappa-expect: verdict=false
// floppy_like_bug: a driver-like program in the style of SV-COMP's ntdrivers-simplified (a request is completed after it was passed down); written by bench/slice/gen_drivers.py
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int KernelMode, Executive, DevicePowerState, s, UNLOADED, NP, DC, SKIP1, SKIP2, MPR1, MPR3, IPC;
int pended, compFptr, compRegistered, lowerDriverReturn, setEventCalled, customIrp, myStatus;

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

int Floppy_Dispatch0(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    int devExt__Timeout = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int i1, i2, i3;
    status = 0;
    information = 0;
    irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    if (diskCounters__Reads < 31) {
        currentIrpStack__Flags = currentIrpStack__Flags + 4;
        information = diskCounters__Reads;
    } else {
        currentIrpStack__Flags = diskCounters__Reads - 6;
    }
    diskCounters__Reads = __VERIFIER_nondet_int();
    for (i1 = 0; i1 < 2; i1++) {
        irpStack__Parameters__Type = irpStack__Parameters__Type + diskCounters__Reads;
    }
    irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    if (irpStack__Parameters__Offset > diskCounters__Reads) {
        irpStack__Parameters__Offset = diskCounters__Reads;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        currentIrpStack__Flags = __VERIFIER_nondet_int();
        devExt__Timeout = irpStack__Parameters__Offset + information;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        for (i2 = 0; i2 < 2; i2++) {
            currentIrpStack__Flags = currentIrpStack__Flags + devExt__SurpriseRemoved;
        }
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        information = currentIrpStack__Flags * 5 + devExt__Timeout;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 3:
        for (i3 = 0; i3 < 2; i3++) {
            diskCounters__Reads = diskCounters__Reads + currentIrpStack__Flags;
        }
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            irpStack__Parameters__Offset = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__SurpriseRemoved = 1;
            currentIrpStack__Flags = __VERIFIER_nondet_int();
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            devExt__Timeout = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    default:
        if (irpStack__Parameters__Offset > devExt__SurpriseRemoved) {
            irpStack__Parameters__Offset = devExt__SurpriseRemoved;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (irpStack__Parameters__Offset == 1) {
        diskCounters__Reads = __VERIFIER_nondet_int();
    }
    devExt__SurpriseRemoved = devExt__Timeout + information;
    return status;
}

int Floppy_Dispatch1(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int devExt__Count = __VERIFIER_nondet_int();
    int devExt__Enabled = __VERIFIER_nondet_int();
    int devExt__PowerState = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int devExt__Timeout = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    irpStack__Parameters__Type = devExt__Count + information;
    if (devExt__PowerState > devExt__Count) {
        devExt__PowerState = devExt__Count;
    }
    devExt__Enabled = __VERIFIER_nondet_int();
    devExt__PowerState = (devExt__Flags & 1);
    for (i1 = 0; i1 < 2; i1++) {
        devExt__PowerState = devExt__PowerState + devExt__Count;
    }
    for (i2 = 0; i2 < 3; i2++) {
        devExt__Flags = devExt__Flags + devExt__Enabled;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        devExt__PowerState = irpStack__Parameters__Type + information;
        irpStack__Parameters__Type = __VERIFIER_nondet_int();
        information = devExt__Timeout * 4 + devExt__Count;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        information = irpStack__Parameters__Type * 3 + devExt__Flags;
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__PowerState = 1;
            if (devExt__Enabled > devExt__PowerState) {
                devExt__Enabled = devExt__PowerState;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        if (devExt__Flags > devExt__Count) {
            devExt__Flags = devExt__Count;
        }
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (devExt__PowerState < 10) {
            devExt__Timeout = devExt__Timeout + 4;
            information = devExt__PowerState;
        } else {
            devExt__Timeout = devExt__PowerState - 3;
        }
        devExt__Timeout = __VERIFIER_nondet_int();
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__Flags = 1;
            if (devExt__Flags < 17) {
                devExt__Enabled = devExt__Enabled + 3;
                information = devExt__Flags;
            } else {
                devExt__Enabled = devExt__Flags - 4;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        if (devExt__Enabled == 0) {
            devExt__PowerState = __VERIFIER_nondet_int();
        }
        if (irpStack__Parameters__Type == 2) {
            devExt__Count = __VERIFIER_nondet_int();
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    default:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__Count = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (devExt__PowerState < 8) {
        irpStack__Parameters__Type = irpStack__Parameters__Type + 2;
        information = devExt__PowerState;
    } else {
        irpStack__Parameters__Type = devExt__PowerState - 6;
    }
    if (irpStack__Parameters__Length < 32) {
        information = 0;
        devExt__Count = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    return status;
}

int Floppy_Dispatch2(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    status = 0;
    information = 0;
    devExt__WriteCount = buffer__Size + information;
    if (irpStack__Parameters__Length < 4) {
        information = 0;
        devExt__Removed = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (devExt__Removed == 3) {
        srb__Length = __VERIFIER_nondet_int();
    }
    if (irpStack__Parameters__Length < 8) {
        information = 0;
        devExt__Removed = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (devExt__Removed < 60) {
        devExt__WriteCount = devExt__WriteCount + 1;
        information = devExt__Removed;
    } else {
        devExt__WriteCount = devExt__Removed - 5;
    }
    if (irpStack__Parameters__Length < 8) {
        information = 0;
        devExt__Removed = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__SurpriseRemoved = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__SurpriseRemoved = devExt__Removed + information;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        devExt__SurpriseRemoved = devExt__Removed + information;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 2:
        information = devExt__WriteCount * 3 + devExt__Removed;
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            devExt__SurpriseRemoved = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            srb__Length = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    case 3:
        devExt__Removed = irpStack__Parameters__Type + information;
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        buffer__Size = devExt__WriteCount + information;
        devExt__Removed = (buffer__Size & 15);
        srb__Length = (devExt__SurpriseRemoved & 7);
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (irpStack__Parameters__Length == 58) {
            myStatus = status;
            IofCompleteRequest(Irp, 0);
        }
        break;
    default:
        if (srb__Length == 1) {
            devExt__Removed = __VERIFIER_nondet_int();
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    srb__Length = (devExt__SurpriseRemoved & 3);
    information = buffer__Size * 6 + srb__Length;
    return status;
}

int Floppy_Dispatch3(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__ReadCount = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int devExt__Timeout = __VERIFIER_nondet_int();
    status = 0;
    information = 0;
    if (irpStack__Parameters__Length < 16) {
        information = 0;
        devExt__ReadCount = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    devExt__Timeout = __VERIFIER_nondet_int();
    if (devExt__Timeout == 3) {
        devExt__Removed = __VERIFIER_nondet_int();
    }
    if (devExt__WriteCount == 1) {
        devExt__ReadCount = __VERIFIER_nondet_int();
    }
    if (devExt__ReadCount > devExt__WriteCount) {
        devExt__ReadCount = devExt__WriteCount;
    }
    devExt__Timeout = devExt__WriteCount + information;
    switch (irpStack__MinorFunction) {
    case 0:
        devExt__ReadCount = devExt__Timeout + information;
        if (devExt__Timeout > buffer__Size) {
            devExt__Timeout = buffer__Size;
        }
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        if (devExt__ReadCount == 3) {
            buffer__Size = __VERIFIER_nondet_int();
        }
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    case 2:
        if (buffer__Size == 1) {
            devExt__Removed = __VERIFIER_nondet_int();
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 3:
        diskCounters__Reads = __VERIFIER_nondet_int();
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            devExt__Removed = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 4:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            diskCounters__Reads = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__ReadCount == 2) {
            buffer__Size = __VERIFIER_nondet_int();
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    default:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            diskCounters__Reads = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    diskCounters__Reads = buffer__Size + information;
    buffer__Size = (devExt__ReadCount & 3);
    return status;
}

int Floppy_Dispatch4(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int devExt__ReadCount = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int devExt__Timeout = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int i1;
    status = 0;
    information = 0;
    if (devExt__Removed < 26) {
        devExt__ReadCount = devExt__ReadCount + 2;
        information = devExt__Removed;
    } else {
        devExt__ReadCount = devExt__Removed - 6;
    }
    if (devExt__Toc > devExt__Timeout) {
        devExt__Toc = devExt__Timeout;
    }
    if (devExt__Removed > devExt__Toc) {
        devExt__Removed = devExt__Toc;
    }
    if (devExt__Timeout == 0) {
        devExt__ReadCount = __VERIFIER_nondet_int();
    }
    for (i1 = 0; i1 < 2; i1++) {
        devExt__ReadCount = devExt__ReadCount + currentIrpStack__Flags;
    }
    currentIrpStack__Flags = (devExt__SurpriseRemoved & 255);
    switch (irpStack__MinorFunction) {
    case 0:
        if (devExt__SurpriseRemoved > devExt__Toc) {
            devExt__SurpriseRemoved = devExt__Toc;
        }
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        devExt__SurpriseRemoved = (devExt__Toc & 255);
        if (currentIrpStack__Flags > devExt__Timeout) {
            currentIrpStack__Flags = devExt__Timeout;
        }
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            currentIrpStack__Flags = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        if (currentIrpStack__Flags == 3) {
            devExt__Removed = __VERIFIER_nondet_int();
        }
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            devExt__Timeout = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Timeout == 0) {
            devExt__ReadCount = __VERIFIER_nondet_int();
        }
        devExt__SurpriseRemoved = devExt__ReadCount + information;
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__SurpriseRemoved = 1;
            if (devExt__Timeout > devExt__SurpriseRemoved) {
                devExt__Timeout = devExt__SurpriseRemoved;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        devExt__Removed = __VERIFIER_nondet_int();
        devExt__ReadCount = (devExt__SurpriseRemoved & 15);
        devExt__Toc = (devExt__Removed & 255);
        devExt__Timeout = devExt__SurpriseRemoved + information;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 4:
        currentIrpStack__Flags = (devExt__ReadCount & 3);
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    default:
        devExt__Removed = (devExt__SurpriseRemoved & 7);
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    information = devExt__SurpriseRemoved * 8 + devExt__Toc;
    if (devExt__Timeout > devExt__Toc) {
        devExt__Timeout = devExt__Toc;
    }
    return status;
}

int main(void)
{
    int status;
    int irp = __VERIFIER_nondet_int();
    int pirp;
    int irp_choice = __VERIFIER_nondet_int();
    int devobj = __VERIFIER_nondet_int();
    int request = __VERIFIER_nondet_int();
    KernelMode = 0;
    Executive = 0;
    DevicePowerState = 1;
    s = 0;
    status = 0;
    pirp = irp;
    _BLAST_init();
    if (status >= 0) {
        s = NP;
        customIrp = 0;
        setEventCalled = customIrp;
        lowerDriverReturn = setEventCalled;
        compRegistered = lowerDriverReturn;
        pended = compRegistered;
        myStatus = 0;
        if (irp_choice == 0) {
            myStatus = -1073741637;
        }
        switch (request) {
        case 0:
            status = Floppy_Dispatch0(devobj, pirp);
            break;
        case 1:
            status = Floppy_Dispatch1(devobj, pirp);
            break;
        case 2:
            status = Floppy_Dispatch2(devobj, pirp);
            break;
        case 3:
            status = Floppy_Dispatch3(devobj, pirp);
            break;
        case 4:
            status = Floppy_Dispatch4(devobj, pirp);
            break;
        default:
            return -1;
        }
    }
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
