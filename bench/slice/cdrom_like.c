// kappa-expect: verdict=true
// cdrom_like: a driver-like program in the style of SV-COMP's ntdrivers-simplified (the request protocol is followed); written by bench/slice/gen_drivers.py
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

int Cdrom_Dispatch0(int DeviceObject, int Irp)
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
    int devExt__Flags = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int devExt__Count = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    int i1, i2, i3, i4, i5, i6;
    status = 0;
    information = 0;
    devExt__Flags = __VERIFIER_nondet_int();
    if (devExt__Flags > devExt__Count) {
        devExt__Flags = devExt__Count;
    }
    for (i1 = 0; i1 < 2; i1++) {
        irpStack__Parameters__Offset = irpStack__Parameters__Offset + devExt__Flags;
    }
    if (devExt__WriteCount > devExt__Retries) {
        devExt__WriteCount = devExt__Retries;
    }
    irpStack__Parameters__Offset = devExt__Count + information;
    devExt__Retries = __VERIFIER_nondet_int();
    if (devExt__Removed == 3) {
        devExt__WriteCount = __VERIFIER_nondet_int();
    }
    devExt__Flags = (devExt__Count & 3);
    switch (irpStack__MinorFunction) {
    case 0:
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            devExt__Count = -1;
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
    case 1:
        for (i2 = 0; i2 < 2; i2++) {
            devExt__Removed = devExt__Removed + devExt__Flags;
        }
        if (devExt__Removed < 33) {
            devExt__Count = devExt__Count + 3;
            information = devExt__Removed;
        } else {
            devExt__Count = devExt__Removed - 5;
        }
        for (i3 = 0; i3 < 3; i3++) {
            devExt__Count = devExt__Count + devExt__Removed;
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
            devExt__Flags = 1;
            if (devExt__Flags == 2) {
                devExt__WriteCount = __VERIFIER_nondet_int();
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        for (i4 = 0; i4 < 3; i4++) {
            devExt__Flags = devExt__Flags + devExt__Count;
        }
        if (devExt__Flags > devExt__Count) {
            devExt__Flags = devExt__Count;
        }
        for (i5 = 0; i5 < 2; i5++) {
            devExt__Retries = devExt__Retries + devExt__WriteCount;
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
            irpStack__Parameters__Offset = 1;
            devExt__Count = (devExt__Removed & 15);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        information = devExt__Flags * 3 + devExt__Count;
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
        for (i6 = 0; i6 < 2; i6++) {
            devExt__Flags = devExt__Flags + devExt__Retries;
        }
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            irpStack__Parameters__Offset = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Flags == 2) {
            devExt__WriteCount = __VERIFIER_nondet_int();
        }
        if (devExt__Flags == 3) {
            devExt__Retries = __VERIFIER_nondet_int();
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
            devExt__Retries = 1;
            irpStack__Parameters__Offset = (devExt__Removed & 3);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        if (irpStack__Parameters__Offset < 57) {
            devExt__WriteCount = devExt__WriteCount + 4;
            information = irpStack__Parameters__Offset;
        } else {
            devExt__WriteCount = irpStack__Parameters__Offset - 6;
        }
        information = devExt__Flags * 6 + devExt__Retries;
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__Retries = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Flags == 2) {
            devExt__WriteCount = __VERIFIER_nondet_int();
        }
        if (devExt__Removed < 32) {
            devExt__WriteCount = devExt__WriteCount + 4;
            information = devExt__Removed;
        } else {
            devExt__WriteCount = devExt__Removed - 1;
        }
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        devExt__Count = irpStack__Parameters__Offset + information;
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (irpStack__Parameters__Offset == 1) {
        devExt__Count = __VERIFIER_nondet_int();
    }
    if (devExt__Removed > devExt__Flags) {
        devExt__Removed = devExt__Flags;
    }
    return status;
}

int Cdrom_Dispatch1(int DeviceObject, int Irp)
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
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int srb__CdbLength = __VERIFIER_nondet_int();
    int devExt__Started = __VERIFIER_nondet_int();
    int i1, i2, i3, i4;
    status = 0;
    information = 0;
    devExt__Removed = srb__CdbLength + information;
    devExt__Started = __VERIFIER_nondet_int();
    devExt__SurpriseRemoved = currentIrpStack__Flags + information;
    devExt__WriteCount = devExt__Removed + information;
    devExt__WriteCount = (devExt__Started & 255);
    devExt__Removed = __VERIFIER_nondet_int();
    srb__CdbLength = (devExt__SurpriseRemoved & 255);
    devExt__Removed = __VERIFIER_nondet_int();
    switch (irpStack__MinorFunction) {
    case 0:
        for (i1 = 0; i1 < 3; i1++) {
            srb__CdbLength = srb__CdbLength + devExt__SurpriseRemoved;
        }
        information = devExt__SurpriseRemoved * 2 + devExt__Removed;
        if (irpStack__Parameters__Length < 4) {
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
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        devExt__SurpriseRemoved = (currentIrpStack__Flags & 3);
        currentIrpStack__Flags = (devExt__Started & 15);
        if (devExt__Started > devExt__SurpriseRemoved) {
            devExt__Started = devExt__SurpriseRemoved;
        }
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__SurpriseRemoved = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        for (i2 = 0; i2 < 2; i2++) {
            devExt__Removed = devExt__Removed + srb__CdbLength;
        }
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        devExt__Started = devExt__Removed + information;
        for (i3 = 0; i3 < 3; i3++) {
            devExt__Started = devExt__Started + devExt__SurpriseRemoved;
        }
        if (devExt__WriteCount > currentIrpStack__Flags) {
            devExt__WriteCount = currentIrpStack__Flags;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (currentIrpStack__Flags < 33) {
            devExt__Removed = devExt__Removed + 1;
            information = currentIrpStack__Flags;
        } else {
            devExt__Removed = currentIrpStack__Flags - 2;
        }
        devExt__WriteCount = __VERIFIER_nondet_int();
        if (devExt__WriteCount > currentIrpStack__Flags) {
            devExt__WriteCount = currentIrpStack__Flags;
        }
        devExt__Removed = (currentIrpStack__Flags & 255);
        if (devExt__SurpriseRemoved == 0) {
            devExt__WriteCount = __VERIFIER_nondet_int();
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
        currentIrpStack__Flags = (srb__CdbLength & 3);
        if (srb__CdbLength > currentIrpStack__Flags) {
            srb__CdbLength = currentIrpStack__Flags;
        }
        if (devExt__WriteCount == 0) {
            devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        }
        if (currentIrpStack__Flags < 25) {
            devExt__Started = devExt__Started + 1;
            information = currentIrpStack__Flags;
        } else {
            devExt__Started = currentIrpStack__Flags - 1;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        information = srb__CdbLength * 5 + devExt__SurpriseRemoved;
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__Started = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__Started = devExt__Removed + information;
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
        devExt__WriteCount = (devExt__Started & 7);
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    devExt__WriteCount = __VERIFIER_nondet_int();
    for (i4 = 0; i4 < 3; i4++) {
        devExt__Removed = devExt__Removed + devExt__SurpriseRemoved;
    }
    return status;
}

int Cdrom_Dispatch2(int DeviceObject, int Irp)
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
    int devExt__Flags = __VERIFIER_nondet_int();
    int irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int i1, i2, i3, i4;
    status = 0;
    information = 0;
    if (irpStack__Parameters__Length < 16) {
        information = 0;
        irpStack__Parameters__Offset = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    for (i1 = 0; i1 < 2; i1++) {
        devExt__Flags = devExt__Flags + irpStack__Parameters__Offset;
    }
    devExt__Toc = (devExt__Flags & 3);
    for (i2 = 0; i2 < 2; i2++) {
        diskCounters__Reads = diskCounters__Reads + devExt__Removed;
    }
    if (devExt__Flags > irpStack__Parameters__Offset) {
        devExt__Flags = irpStack__Parameters__Offset;
    }
    if (devExt__Flags > devExt__Toc) {
        devExt__Flags = devExt__Toc;
    }
    if (devExt__Flags > irpStack__Parameters__Offset) {
        devExt__Flags = irpStack__Parameters__Offset;
    }
    if (devExt__Toc > devExt__Removed) {
        devExt__Toc = devExt__Removed;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        information = devExt__Flags * 3 + diskCounters__Reads;
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
            devExt__Toc = 1;
            if (irpStack__Parameters__Length < 16) {
                information = 0;
                devExt__Toc = -1;
            } else {
                information = irpStack__Parameters__Length;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        if (devExt__Toc == 2) {
            currentIrpStack__Flags = __VERIFIER_nondet_int();
        }
        if (devExt__Flags > irpStack__Parameters__Offset) {
            devExt__Flags = irpStack__Parameters__Offset;
        }
        information = currentIrpStack__Flags * 8 + devExt__Flags;
        irpStack__Parameters__Offset = devExt__Removed + information;
        if (irpStack__Parameters__Offset > devExt__Flags) {
            irpStack__Parameters__Offset = devExt__Flags;
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
    case 2:
        diskCounters__Reads = irpStack__Parameters__Offset + information;
        information = devExt__Removed * 2 + irpStack__Parameters__Offset;
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
        irpStack__Parameters__Offset = (devExt__Flags & 15);
        if (irpStack__Parameters__Offset < 15) {
            devExt__Removed = devExt__Removed + 4;
            information = irpStack__Parameters__Offset;
        } else {
            devExt__Removed = irpStack__Parameters__Offset - 8;
        }
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            diskCounters__Reads = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__Toc = __VERIFIER_nondet_int();
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
        if (devExt__Toc < 16) {
            devExt__Removed = devExt__Removed + 2;
            information = devExt__Toc;
        } else {
            devExt__Removed = devExt__Toc - 3;
        }
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            diskCounters__Reads = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        currentIrpStack__Flags = (devExt__Toc & 7);
        devExt__Flags = (devExt__Removed & 15);
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
            devExt__Toc = 1;
            for (i3 = 0; i3 < 2; i3++) {
                devExt__Toc = devExt__Toc + devExt__Removed;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        devExt__Toc = (currentIrpStack__Flags & 3);
        information = diskCounters__Reads * 3 + devExt__Removed;
        if (currentIrpStack__Flags < 38) {
            irpStack__Parameters__Offset = irpStack__Parameters__Offset + 1;
            information = currentIrpStack__Flags;
        } else {
            irpStack__Parameters__Offset = currentIrpStack__Flags - 6;
        }
        devExt__Toc = __VERIFIER_nondet_int();
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
            devExt__Removed = 1;
            devExt__Removed = devExt__Flags + information;
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        if (irpStack__Parameters__Length < 32) {
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
    for (i4 = 0; i4 < 3; i4++) {
        devExt__Removed = devExt__Removed + currentIrpStack__Flags;
    }
    if (devExt__Flags == 0) {
        devExt__Toc = __VERIFIER_nondet_int();
    }
    return status;
}

int Cdrom_Dispatch3(int DeviceObject, int Irp)
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
    int srb__CdbLength = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__Enabled = __VERIFIER_nondet_int();
    int devExt__PowerState = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int i1, i2, i3, i4;
    status = 0;
    information = 0;
    for (i1 = 0; i1 < 3; i1++) {
        devExt__Flags = devExt__Flags + devExt__Enabled;
    }
    if (devExt__WriteCount < 22) {
        cdb__OperationCode = cdb__OperationCode + 4;
        information = devExt__WriteCount;
    } else {
        cdb__OperationCode = devExt__WriteCount - 1;
    }
    if (devExt__Enabled < 49) {
        srb__CdbLength = srb__CdbLength + 4;
        information = devExt__Enabled;
    } else {
        srb__CdbLength = devExt__Enabled - 5;
    }
    devExt__WriteCount = (srb__CdbLength & 3);
    if (cdb__OperationCode > devExt__Enabled) {
        cdb__OperationCode = devExt__Enabled;
    }
    devExt__Flags = devExt__PowerState + information;
    if (devExt__PowerState > devExt__WriteCount) {
        devExt__PowerState = devExt__WriteCount;
    }
    if (devExt__PowerState < 10) {
        devExt__WriteCount = devExt__WriteCount + 2;
        information = devExt__PowerState;
    } else {
        devExt__WriteCount = devExt__PowerState - 2;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        devExt__Enabled = __VERIFIER_nondet_int();
        if (devExt__WriteCount < 52) {
            devExt__Enabled = devExt__Enabled + 1;
            information = devExt__WriteCount;
        } else {
            devExt__Enabled = devExt__WriteCount - 5;
        }
        for (i2 = 0; i2 < 2; i2++) {
            devExt__Enabled = devExt__Enabled + cdb__OperationCode;
        }
        if (devExt__Flags > cdb__OperationCode) {
            devExt__Flags = cdb__OperationCode;
        }
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            devExt__PowerState = -1;
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
    case 2:
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__PowerState = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        srb__CdbLength = (devExt__Flags & 7);
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            srb__CdbLength = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        for (i3 = 0; i3 < 3; i3++) {
            devExt__Enabled = devExt__Enabled + srb__CdbLength;
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
            devExt__Flags = 1;
            srb__CdbLength = __VERIFIER_nondet_int();
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        information = cdb__OperationCode * 5 + devExt__WriteCount;
        if (devExt__Flags < 33) {
            devExt__WriteCount = devExt__WriteCount + 2;
            information = devExt__Flags;
        } else {
            devExt__WriteCount = devExt__Flags - 4;
        }
        srb__CdbLength = __VERIFIER_nondet_int();
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
            srb__CdbLength = 1;
            srb__CdbLength = (devExt__Enabled & 3);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__Flags = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        for (i4 = 0; i4 < 2; i4++) {
            devExt__PowerState = devExt__PowerState + devExt__Flags;
        }
        if (devExt__WriteCount == 2) {
            srb__CdbLength = __VERIFIER_nondet_int();
        }
        information = devExt__PowerState * 6 + srb__CdbLength;
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
        cdb__OperationCode = __VERIFIER_nondet_int();
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (irpStack__Parameters__Length < 16) {
        information = 0;
        devExt__PowerState = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (devExt__WriteCount > devExt__Enabled) {
        devExt__WriteCount = devExt__Enabled;
    }
    return status;
}

int Cdrom_Dispatch4(int DeviceObject, int Irp)
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
    int devExt__Started = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int devExt__Timeout = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    if (devExt__Started == 2) {
        cdb__OperationCode = __VERIFIER_nondet_int();
    }
    devExt__Timeout = (srb__Length & 7);
    if (devExt__SurpriseRemoved < 8) {
        cdb__OperationCode = cdb__OperationCode + 2;
        information = devExt__SurpriseRemoved;
    } else {
        cdb__OperationCode = devExt__SurpriseRemoved - 2;
    }
    for (i1 = 0; i1 < 3; i1++) {
        devExt__Timeout = devExt__Timeout + devExt__SurpriseRemoved;
    }
    for (i2 = 0; i2 < 2; i2++) {
        devExt__SurpriseRemoved = devExt__SurpriseRemoved + devExt__Started;
    }
    if (devExt__Started == 2) {
        devExt__WriteCount = __VERIFIER_nondet_int();
    }
    information = devExt__Timeout * 3 + devExt__WriteCount;
    information = cdb__OperationCode * 7 + devExt__Started;
    switch (irpStack__MinorFunction) {
    case 0:
        devExt__Timeout = srb__Length + information;
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
        information = srb__Length * 2 + cdb__OperationCode;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 2:
        if (devExt__Timeout < 52) {
            cdb__OperationCode = cdb__OperationCode + 4;
            information = devExt__Timeout;
        } else {
            cdb__OperationCode = devExt__Timeout - 2;
        }
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            cdb__OperationCode = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        srb__Length = cdb__OperationCode + information;
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
            srb__Length = 1;
            if (devExt__Timeout > devExt__Started) {
                devExt__Timeout = devExt__Started;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        if (devExt__WriteCount > cdb__OperationCode) {
            devExt__WriteCount = cdb__OperationCode;
        }
        if (devExt__Started == 0) {
            cdb__OperationCode = __VERIFIER_nondet_int();
        }
        srb__Length = (devExt__Timeout & 3);
        if (devExt__Started < 58) {
            devExt__Timeout = devExt__Timeout + 3;
            information = devExt__Started;
        } else {
            devExt__Timeout = devExt__Started - 2;
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
            cdb__OperationCode = 1;
            information = devExt__Started * 6 + devExt__Timeout;
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        if (srb__Length == 3) {
            devExt__WriteCount = __VERIFIER_nondet_int();
        }
        information = cdb__OperationCode * 3 + devExt__SurpriseRemoved;
        cdb__OperationCode = __VERIFIER_nondet_int();
        if (srb__Length < 29) {
            devExt__SurpriseRemoved = devExt__SurpriseRemoved + 3;
            information = srb__Length;
        } else {
            devExt__SurpriseRemoved = srb__Length - 8;
        }
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__Started = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        information = srb__Length * 6 + devExt__WriteCount;
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (srb__Length == 3) {
        devExt__Started = __VERIFIER_nondet_int();
    }
    if (devExt__Started == 1) {
        devExt__WriteCount = __VERIFIER_nondet_int();
    }
    return status;
}

int Cdrom_Dispatch5(int DeviceObject, int Irp)
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
    int devExt__Flags = __VERIFIER_nondet_int();
    int srb__CdbLength = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    if (irpStack__Parameters__Length < 8) {
        information = 0;
        devExt__Retries = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    information = devExt__Flags * 5 + devExt__Toc;
    if (irpStack__Parameters__Length < 32) {
        information = 0;
        devExt__Toc = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    devExt__Toc = __VERIFIER_nondet_int();
    if (irpStack__Parameters__Length < 4) {
        information = 0;
        devExt__Count = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (devExt__Toc == 3) {
        devExt__Count = __VERIFIER_nondet_int();
    }
    if (devExt__Toc < 14) {
        srb__Length = srb__Length + 4;
        information = devExt__Toc;
    } else {
        srb__Length = devExt__Toc - 7;
    }
    devExt__Retries = srb__CdbLength + information;
    switch (irpStack__MinorFunction) {
    case 0:
        devExt__Retries = __VERIFIER_nondet_int();
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
    case 1:
        if (devExt__Toc < 21) {
            srb__Length = srb__Length + 3;
            information = devExt__Toc;
        } else {
            srb__Length = devExt__Toc - 8;
        }
        if (devExt__Count > devExt__Flags) {
            devExt__Count = devExt__Flags;
        }
        if (devExt__Flags < 28) {
            srb__Length = srb__Length + 1;
            information = devExt__Flags;
        } else {
            srb__Length = devExt__Flags - 7;
        }
        information = srb__Length * 5 + devExt__Flags;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 2:
        if (devExt__Retries == 0) {
            devExt__Count = __VERIFIER_nondet_int();
        }
        srb__Length = __VERIFIER_nondet_int();
        for (i1 = 0; i1 < 3; i1++) {
            devExt__Count = devExt__Count + devExt__Toc;
        }
        devExt__Flags = srb__Length + information;
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
            srb__Length = 1;
            for (i2 = 0; i2 < 3; i2++) {
                devExt__Toc = devExt__Toc + srb__Length;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (srb__Length < 29) {
            devExt__Count = devExt__Count + 1;
            information = srb__Length;
        } else {
            devExt__Count = srb__Length - 7;
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
        if (srb__CdbLength < 31) {
            devExt__Flags = devExt__Flags + 4;
            information = srb__CdbLength;
        } else {
            devExt__Flags = srb__CdbLength - 8;
        }
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__Toc = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        if (devExt__Flags < 9) {
            devExt__Toc = devExt__Toc + 4;
            information = devExt__Flags;
        } else {
            devExt__Toc = devExt__Flags - 3;
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
        if (srb__CdbLength > srb__Length) {
            srb__CdbLength = srb__Length;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    srb__CdbLength = devExt__Retries + information;
    if (irpStack__Parameters__Length < 32) {
        information = 0;
        devExt__Count = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    return status;
}

int Cdrom_Dispatch6(int DeviceObject, int Irp)
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
    int devExt__Retries = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__Count = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    devExt__Count = (devExt__ReadCount & 7);
    for (i1 = 0; i1 < 3; i1++) {
        devExt__ReadCount = devExt__ReadCount + buffer__Size;
    }
    if (devExt__Flags < 9) {
        devExt__Count = devExt__Count + 2;
        information = devExt__Flags;
    } else {
        devExt__Count = devExt__Flags - 2;
    }
    if (devExt__Count < 14) {
        srb__Length = srb__Length + 1;
        information = devExt__Count;
    } else {
        srb__Length = devExt__Count - 8;
    }
    if (devExt__ReadCount > devExt__Count) {
        devExt__ReadCount = devExt__Count;
    }
    buffer__Size = __VERIFIER_nondet_int();
    devExt__ReadCount = __VERIFIER_nondet_int();
    if (irpStack__Parameters__Length < 8) {
        information = 0;
        devExt__Retries = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        if (buffer__Size > devExt__Flags) {
            buffer__Size = devExt__Flags;
        }
        devExt__ReadCount = (devExt__Count & 15);
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
    case 1:
        if (devExt__ReadCount > devExt__Retries) {
            devExt__ReadCount = devExt__Retries;
        }
        devExt__Flags = __VERIFIER_nondet_int();
        devExt__Retries = devExt__ReadCount + information;
        devExt__Retries = __VERIFIER_nondet_int();
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            devExt__Flags = -1;
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
    case 2:
        information = devExt__Flags * 8 + buffer__Size;
        for (i2 = 0; i2 < 2; i2++) {
            devExt__ReadCount = devExt__ReadCount + devExt__Count;
        }
        information = devExt__Flags * 4 + srb__Length;
        devExt__Flags = __VERIFIER_nondet_int();
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
            if (irpStack__Parameters__Length < 4) {
                information = 0;
                srb__Length = -1;
            } else {
                information = irpStack__Parameters__Length;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (buffer__Size < 50) {
            devExt__Flags = devExt__Flags + 2;
            information = buffer__Size;
        } else {
            devExt__Flags = buffer__Size - 7;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 4:
        devExt__Retries = devExt__Count + information;
        if (srb__Length < 50) {
            buffer__Size = buffer__Size + 4;
            information = srb__Length;
        } else {
            buffer__Size = srb__Length - 2;
        }
        information = devExt__Count * 2 + devExt__ReadCount;
        if (devExt__ReadCount == 0) {
            devExt__Flags = __VERIFIER_nondet_int();
        }
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            srb__Length = -1;
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
            devExt__ReadCount = 1;
            if (devExt__Count == 0) {
                buffer__Size = __VERIFIER_nondet_int();
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        if (srb__Length == 1) {
            buffer__Size = __VERIFIER_nondet_int();
        }
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            srb__Length = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        information = buffer__Size * 7 + devExt__Count;
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
        information = buffer__Size * 2 + devExt__ReadCount;
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    information = devExt__Retries * 5 + devExt__Flags;
    srb__Length = __VERIFIER_nondet_int();
    return status;
}

int Cdrom_Dispatch7(int DeviceObject, int Irp)
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
    int devExt__Flags = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    int i1, i2, i3, i4, i5;
    status = 0;
    information = 0;
    if (cdb__OperationCode == 1) {
        devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    }
    for (i1 = 0; i1 < 3; i1++) {
        irpStack__Parameters__Offset = irpStack__Parameters__Offset + devExt__SurpriseRemoved;
    }
    devExt__Removed = (irpStack__Parameters__Offset & 255);
    if (devExt__Flags < 43) {
        devExt__Removed = devExt__Removed + 3;
        information = devExt__Flags;
    } else {
        devExt__Removed = devExt__Flags - 6;
    }
    information = devExt__Flags * 2 + devExt__Removed;
    if (devExt__Removed > cdb__OperationCode) {
        devExt__Removed = cdb__OperationCode;
    }
    if (irpStack__Parameters__Length < 16) {
        information = 0;
        devExt__SurpriseRemoved = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    for (i2 = 0; i2 < 2; i2++) {
        devExt__Flags = devExt__Flags + irpStack__Parameters__Offset;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        if (devExt__Removed > devExt__Flags) {
            devExt__Removed = devExt__Flags;
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
            irpStack__Parameters__Offset = (devExt__Flags & 1);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        if (devExt__Flags < 57) {
            srb__Length = srb__Length + 3;
            information = devExt__Flags;
        } else {
            srb__Length = devExt__Flags - 8;
        }
        if (devExt__Removed == 1) {
            srb__Length = __VERIFIER_nondet_int();
        }
        information = devExt__Removed * 5 + srb__Length;
        if (devExt__SurpriseRemoved > cdb__OperationCode) {
            devExt__SurpriseRemoved = cdb__OperationCode;
        }
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            devExt__Flags = -1;
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
            devExt__Flags = 1;
            for (i3 = 0; i3 < 2; i3++) {
                devExt__Removed = devExt__Removed + cdb__OperationCode;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        information = devExt__Flags * 7 + devExt__SurpriseRemoved;
        if (devExt__Removed > cdb__OperationCode) {
            devExt__Removed = cdb__OperationCode;
        }
        devExt__Flags = irpStack__Parameters__Offset + information;
        information = devExt__Flags * 4 + cdb__OperationCode;
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__Flags = -1;
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
    case 3:
        devExt__Removed = devExt__Flags + information;
        if (irpStack__Parameters__Offset < 55) {
            devExt__Flags = devExt__Flags + 2;
            information = irpStack__Parameters__Offset;
        } else {
            devExt__Flags = irpStack__Parameters__Offset - 5;
        }
        for (i4 = 0; i4 < 3; i4++) {
            srb__Length = srb__Length + devExt__SurpriseRemoved;
        }
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            srb__Length = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__SurpriseRemoved = __VERIFIER_nondet_int();
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
        devExt__Removed = __VERIFIER_nondet_int();
        irpStack__Parameters__Offset = srb__Length + information;
        srb__Length = (devExt__Flags & 1);
        for (i5 = 0; i5 < 2; i5++) {
            cdb__OperationCode = cdb__OperationCode + devExt__Flags;
        }
        if (devExt__SurpriseRemoved == 2) {
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
    case 5:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            srb__Length = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__Flags = (irpStack__Parameters__Offset & 255);
        information = devExt__Flags * 3 + cdb__OperationCode;
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
        irpStack__Parameters__Offset = (devExt__Flags & 7);
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (devExt__Removed > devExt__Flags) {
        devExt__Removed = devExt__Flags;
    }
    if (irpStack__Parameters__Length < 8) {
        information = 0;
        devExt__Removed = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    return status;
}

int Cdrom_Dispatch8(int DeviceObject, int Irp)
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
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__Timeout = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    information = devExt__WriteCount * 5 + diskCounters__Reads;
    devExt__Removed = (devExt__WriteCount & 255);
    information = devExt__WriteCount * 5 + srb__Length;
    devExt__Timeout = __VERIFIER_nondet_int();
    for (i1 = 0; i1 < 3; i1++) {
        devExt__WriteCount = devExt__WriteCount + diskCounters__Reads;
    }
    if (devExt__Removed == 0) {
        devExt__Timeout = __VERIFIER_nondet_int();
    }
    diskCounters__Reads = __VERIFIER_nondet_int();
    if (srb__Length == 2) {
        devExt__WriteCount = __VERIFIER_nondet_int();
    }
    switch (irpStack__MinorFunction) {
    case 0:
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            devExt__Removed = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Timeout > devExt__Removed) {
            devExt__Timeout = devExt__Removed;
        }
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            srb__Length = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__Removed = __VERIFIER_nondet_int();
        if (srb__Length < 35) {
            devExt__Removed = devExt__Removed + 4;
            information = srb__Length;
        } else {
            devExt__Removed = srb__Length - 5;
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
            diskCounters__Reads = 1;
            if (diskCounters__Reads > devExt__Toc) {
                diskCounters__Reads = devExt__Toc;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        information = devExt__Removed * 2 + devExt__Timeout;
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
            srb__Length = 1;
            information = devExt__WriteCount * 4 + devExt__Toc;
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        devExt__Toc = (devExt__Timeout & 7);
        if (diskCounters__Reads > devExt__Removed) {
            diskCounters__Reads = devExt__Removed;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 3:
        srb__Length = (diskCounters__Reads & 15);
        diskCounters__Reads = (devExt__Timeout & 3);
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        devExt__WriteCount = devExt__Removed + information;
        devExt__Removed = (devExt__WriteCount & 1);
        srb__Length = __VERIFIER_nondet_int();
        if (irpStack__Parameters__Length < 32) {
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
    case 5:
        devExt__Removed = (devExt__Timeout & 15);
        diskCounters__Reads = devExt__WriteCount + information;
        if (devExt__Toc == 3) {
            devExt__Removed = __VERIFIER_nondet_int();
        }
        if (devExt__Timeout > devExt__WriteCount) {
            devExt__Timeout = devExt__WriteCount;
        }
        if (devExt__Timeout < 13) {
            devExt__WriteCount = devExt__WriteCount + 1;
            information = devExt__Timeout;
        } else {
            devExt__WriteCount = devExt__Timeout - 8;
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
            devExt__Toc = 1;
            devExt__Timeout = (devExt__Removed & 1);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        devExt__WriteCount = (srb__Length & 7);
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    devExt__Toc = __VERIFIER_nondet_int();
    for (i2 = 0; i2 < 2; i2++) {
        devExt__Removed = devExt__Removed + devExt__WriteCount;
    }
    return status;
}

int Cdrom_Dispatch9(int DeviceObject, int Irp)
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
    int buffer__Size = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int devExt__Started = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int i1, i2, i3, i4;
    status = 0;
    information = 0;
    if (irpStack__Parameters__Length < 8) {
        information = 0;
        devExt__Started = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    information = irpStack__Parameters__Type * 7 + devExt__Count;
    devExt__Started = devExt__Count + information;
    if (devExt__Toc > irpStack__Parameters__Type) {
        devExt__Toc = irpStack__Parameters__Type;
    }
    if (irpStack__Parameters__Length < 16) {
        information = 0;
        devExt__Started = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (irpStack__Parameters__Length < 4) {
        information = 0;
        devExt__Started = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (devExt__Count > cdb__OperationCode) {
        devExt__Count = cdb__OperationCode;
    }
    for (i1 = 0; i1 < 2; i1++) {
        cdb__OperationCode = cdb__OperationCode + devExt__Started;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        buffer__Size = cdb__OperationCode + information;
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        if (buffer__Size > devExt__Count) {
            buffer__Size = devExt__Count;
        }
        for (i2 = 0; i2 < 3; i2++) {
            cdb__OperationCode = cdb__OperationCode + irpStack__Parameters__Type;
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
        information = cdb__OperationCode * 6 + devExt__Toc;
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        information = devExt__Toc * 4 + devExt__Started;
        devExt__Started = (devExt__Toc & 15);
        if (cdb__OperationCode < 61) {
            devExt__Toc = devExt__Toc + 2;
            information = cdb__OperationCode;
        } else {
            devExt__Toc = cdb__OperationCode - 6;
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
        buffer__Size = __VERIFIER_nondet_int();
        information = irpStack__Parameters__Type * 3 + cdb__OperationCode;
        devExt__Count = (devExt__Started & 255);
        information = devExt__Count * 4 + cdb__OperationCode;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 5:
        for (i3 = 0; i3 < 2; i3++) {
            devExt__Count = devExt__Count + devExt__Toc;
        }
        for (i4 = 0; i4 < 2; i4++) {
            buffer__Size = buffer__Size + cdb__OperationCode;
        }
        if (buffer__Size > devExt__Started) {
            buffer__Size = devExt__Started;
        }
        if (devExt__Started > devExt__Toc) {
            devExt__Started = devExt__Toc;
        }
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__Count = -1;
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
            devExt__Toc = 1;
            devExt__Toc = (devExt__Count & 1);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        information = cdb__OperationCode * 7 + buffer__Size;
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    information = devExt__Started * 2 + irpStack__Parameters__Type;
    information = irpStack__Parameters__Type * 7 + devExt__Count;
    return status;
}

int Cdrom_Dispatch10(int DeviceObject, int Irp)
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
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__Count = __VERIFIER_nondet_int();
    int devExt__PowerState = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int i1, i2, i3;
    status = 0;
    information = 0;
    devExt__Removed = (devExt__Count & 7);
    devExt__Removed = (devExt__PowerState & 3);
    information = devExt__Removed * 5 + devExt__Count;
    if (devExt__SurpriseRemoved == 0) {
        devExt__Count = __VERIFIER_nondet_int();
    }
    information = devExt__PowerState * 2 + devExt__SurpriseRemoved;
    devExt__Count = devExt__SurpriseRemoved + information;
    devExt__Count = __VERIFIER_nondet_int();
    devExt__Removed = __VERIFIER_nondet_int();
    switch (irpStack__MinorFunction) {
    case 0:
        devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__SurpriseRemoved = -1;
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
            devExt__PowerState = 1;
            devExt__Removed = __VERIFIER_nondet_int();
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        devExt__Removed = __VERIFIER_nondet_int();
        if (devExt__Toc == 3) {
            devExt__Removed = __VERIFIER_nondet_int();
        }
        if (devExt__Count > srb__Length) {
            devExt__Count = srb__Length;
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
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__Toc = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__SurpriseRemoved = (devExt__Count & 255);
        srb__Length = __VERIFIER_nondet_int();
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            devExt__Removed = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            devExt__Count = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Removed < 45) {
            devExt__Toc = devExt__Toc + 1;
            information = devExt__Removed;
        } else {
            devExt__Toc = devExt__Removed - 7;
        }
        if (devExt__SurpriseRemoved > devExt__Removed) {
            devExt__SurpriseRemoved = devExt__Removed;
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
            devExt__Removed = 1;
            if (devExt__Removed > devExt__PowerState) {
                devExt__Removed = devExt__PowerState;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        if (srb__Length == 1) {
            devExt__Removed = __VERIFIER_nondet_int();
        }
        for (i1 = 0; i1 < 2; i1++) {
            devExt__Count = devExt__Count + devExt__SurpriseRemoved;
        }
        for (i2 = 0; i2 < 3; i2++) {
            devExt__Removed = devExt__Removed + devExt__Count;
        }
        information = devExt__Removed * 2 + devExt__Toc;
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
    case 5:
        if (srb__Length > devExt__Removed) {
            srb__Length = devExt__Removed;
        }
        devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        for (i3 = 0; i3 < 3; i3++) {
            devExt__Count = devExt__Count + devExt__PowerState;
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
            devExt__Count = 1;
            srb__Length = (devExt__SurpriseRemoved & 15);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            devExt__PowerState = -1;
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
    if (devExt__Count > devExt__SurpriseRemoved) {
        devExt__Count = devExt__SurpriseRemoved;
    }
    if (srb__Length > devExt__PowerState) {
        srb__Length = devExt__PowerState;
    }
    return status;
}

int Cdrom_Dispatch11(int DeviceObject, int Irp)
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
    int devExt__Toc = __VERIFIER_nondet_int();
    int devExt__Started = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int srb__CdbLength = __VERIFIER_nondet_int();
    int irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    if (devExt__Toc < 30) {
        devExt__Started = devExt__Started + 3;
        information = devExt__Toc;
    } else {
        devExt__Started = devExt__Toc - 3;
    }
    if (srb__CdbLength > currentIrpStack__Flags) {
        srb__CdbLength = currentIrpStack__Flags;
    }
    if (irpStack__Parameters__Length < 16) {
        information = 0;
        currentIrpStack__Flags = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (cdb__OperationCode < 35) {
        srb__CdbLength = srb__CdbLength + 4;
        information = cdb__OperationCode;
    } else {
        srb__CdbLength = cdb__OperationCode - 1;
    }
    if (currentIrpStack__Flags < 26) {
        devExt__Started = devExt__Started + 2;
        information = currentIrpStack__Flags;
    } else {
        devExt__Started = currentIrpStack__Flags - 7;
    }
    currentIrpStack__Flags = __VERIFIER_nondet_int();
    irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    devExt__Started = (irpStack__Parameters__Offset & 3);
    switch (irpStack__MinorFunction) {
    case 0:
        if (cdb__OperationCode < 49) {
            devExt__Toc = devExt__Toc + 4;
            information = cdb__OperationCode;
        } else {
            devExt__Toc = cdb__OperationCode - 2;
        }
        if (srb__CdbLength > cdb__OperationCode) {
            srb__CdbLength = cdb__OperationCode;
        }
        if (irpStack__Parameters__Offset < 29) {
            cdb__OperationCode = cdb__OperationCode + 4;
            information = irpStack__Parameters__Offset;
        } else {
            cdb__OperationCode = irpStack__Parameters__Offset - 8;
        }
        for (i1 = 0; i1 < 3; i1++) {
            devExt__Toc = devExt__Toc + irpStack__Parameters__Offset;
        }
        if (currentIrpStack__Flags == 0) {
            devExt__Started = __VERIFIER_nondet_int();
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            cdb__OperationCode = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__Started = (cdb__OperationCode & 15);
        cdb__OperationCode = devExt__Started + information;
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            currentIrpStack__Flags = -1;
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
            devExt__Started = 1;
            if (cdb__OperationCode == 2) {
                devExt__Toc = __VERIFIER_nondet_int();
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        if (devExt__Started > irpStack__Parameters__Offset) {
            devExt__Started = irpStack__Parameters__Offset;
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
            devExt__Started = 1;
            if (irpStack__Parameters__Offset == 1) {
                currentIrpStack__Flags = __VERIFIER_nondet_int();
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        srb__CdbLength = __VERIFIER_nondet_int();
        currentIrpStack__Flags = irpStack__Parameters__Offset + information;
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
        if (srb__CdbLength == 2) {
            cdb__OperationCode = __VERIFIER_nondet_int();
        }
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            devExt__Toc = -1;
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
    case 5:
        for (i2 = 0; i2 < 3; i2++) {
            irpStack__Parameters__Offset = irpStack__Parameters__Offset + cdb__OperationCode;
        }
        if (currentIrpStack__Flags < 53) {
            cdb__OperationCode = cdb__OperationCode + 2;
            information = currentIrpStack__Flags;
        } else {
            cdb__OperationCode = currentIrpStack__Flags - 4;
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
        srb__CdbLength = __VERIFIER_nondet_int();
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (irpStack__Parameters__Offset < 36) {
        srb__CdbLength = srb__CdbLength + 1;
        information = irpStack__Parameters__Offset;
    } else {
        srb__CdbLength = irpStack__Parameters__Offset - 5;
    }
    if (irpStack__Parameters__Offset == 3) {
        currentIrpStack__Flags = __VERIFIER_nondet_int();
    }
    return status;
}

int Cdrom_Dispatch12(int DeviceObject, int Irp)
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
    int devExt__Enabled = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int srb__CdbLength = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int i1, i2, i3, i4, i5;
    status = 0;
    information = 0;
    if (devExt__Enabled > devExt__Retries) {
        devExt__Enabled = devExt__Retries;
    }
    devExt__Removed = buffer__Size + information;
    for (i1 = 0; i1 < 3; i1++) {
        srb__CdbLength = srb__CdbLength + cdb__OperationCode;
    }
    if (irpStack__Parameters__Length < 24) {
        information = 0;
        devExt__Removed = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    srb__CdbLength = __VERIFIER_nondet_int();
    srb__CdbLength = cdb__OperationCode + information;
    if (srb__CdbLength < 11) {
        buffer__Size = buffer__Size + 1;
        information = srb__CdbLength;
    } else {
        buffer__Size = srb__CdbLength - 2;
    }
    information = devExt__Retries * 7 + srb__CdbLength;
    switch (irpStack__MinorFunction) {
    case 0:
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            cdb__OperationCode = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        information = buffer__Size * 6 + devExt__Removed;
        if (devExt__Retries == 1) {
            devExt__Removed = __VERIFIER_nondet_int();
        }
        for (i2 = 0; i2 < 3; i2++) {
            buffer__Size = buffer__Size + devExt__Enabled;
        }
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        information = buffer__Size * 2 + devExt__Removed;
        buffer__Size = devExt__Retries + information;
        if (cdb__OperationCode == 3) {
            buffer__Size = __VERIFIER_nondet_int();
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
            srb__CdbLength = 1;
            for (i3 = 0; i3 < 3; i3++) {
                buffer__Size = buffer__Size + devExt__Enabled;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            buffer__Size = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (srb__CdbLength > devExt__Retries) {
            srb__CdbLength = devExt__Retries;
        }
        for (i4 = 0; i4 < 3; i4++) {
            devExt__Removed = devExt__Removed + devExt__Enabled;
        }
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (srb__CdbLength == 1) {
            devExt__Enabled = __VERIFIER_nondet_int();
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
        for (i5 = 0; i5 < 3; i5++) {
            cdb__OperationCode = cdb__OperationCode + srb__CdbLength;
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
    case 5:
        information = devExt__Retries * 4 + buffer__Size;
        buffer__Size = (srb__CdbLength & 7);
        if (cdb__OperationCode < 42) {
            buffer__Size = buffer__Size + 2;
            information = cdb__OperationCode;
        } else {
            buffer__Size = cdb__OperationCode - 5;
        }
        if (devExt__Removed > devExt__Retries) {
            devExt__Removed = devExt__Retries;
        }
        information = devExt__Enabled * 2 + devExt__Retries;
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        devExt__Removed = (buffer__Size & 1);
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (devExt__Retries < 42) {
        buffer__Size = buffer__Size + 4;
        information = devExt__Retries;
    } else {
        buffer__Size = devExt__Retries - 5;
    }
    buffer__Size = (srb__CdbLength & 3);
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
            status = Cdrom_Dispatch0(devobj, pirp);
            break;
        case 1:
            status = Cdrom_Dispatch1(devobj, pirp);
            break;
        case 2:
            status = Cdrom_Dispatch2(devobj, pirp);
            break;
        case 3:
            status = Cdrom_Dispatch3(devobj, pirp);
            break;
        case 4:
            status = Cdrom_Dispatch4(devobj, pirp);
            break;
        case 5:
            status = Cdrom_Dispatch5(devobj, pirp);
            break;
        case 6:
            status = Cdrom_Dispatch6(devobj, pirp);
            break;
        case 7:
            status = Cdrom_Dispatch7(devobj, pirp);
            break;
        case 8:
            status = Cdrom_Dispatch8(devobj, pirp);
            break;
        case 9:
            status = Cdrom_Dispatch9(devobj, pirp);
            break;
        case 10:
            status = Cdrom_Dispatch10(devobj, pirp);
            break;
        case 11:
            status = Cdrom_Dispatch11(devobj, pirp);
            break;
        case 12:
            status = Cdrom_Dispatch12(devobj, pirp);
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
